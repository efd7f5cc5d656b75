"""A stock that deals a row only onto the piles that hold a card (``stock: {onto: non-empty}``,
PySolFC's GroundsForADivorce_Talon): gaps get nothing, and when every pile is empty the first
one gets a card."""
from __future__ import annotations

from patience_core import deal_seed
from patience_core.variants.catalog import load_rules
from patience_core.model.moves import DEAL_ROW
from conftest import rules_from_text, assert_rebuilt_agrees, c, pile, play_random, position_of, run_cli, validate_refusal
from endings import agrees_with_the_oracle


def _deal(position):
    (deal,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    return deal


def test_gaps_get_no_card_and_undo_takes_the_row_back():
    rules = load_rules("grounds-for-a-divorce")
    position = position_of(rules, {"tableau:2": "7H", "tableau:5": "KS 3D", "tableau:9": "AC"})
    stock_before, before = list(position.piles[rules.stock]), position.key()
    deal = _deal(position)
    assert deal.count == 3
    position.apply(deal)
    assert [len(position.piles[pile(rules, f"tableau:{i}")]) for i in range(1, 11)] == [0, 2, 0, 0, 3, 0, 0, 0, 2, 0]
    assert position.piles[pile(rules, "tableau:2")][-1] == stock_before[-1]   # dealt in order, t2 first
    assert position.piles[pile(rules, "tableau:9")][-1] == stock_before[-3]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before


def test_an_empty_layout_gets_one_card_on_its_first_pile():
    rules = load_rules("grounds-for-a-divorce")
    position = position_of(rules, {})
    deal = _deal(position)
    assert deal.count == 1
    position.apply(deal)
    assert len(position.piles[pile(rules, "tableau:1")]) == 1
    assert sum(len(position.piles[p]) for p in rules.groups["tableau"]) == 1
    position.undo()
    assert not any(position.piles[p] for p in rules.groups["tableau"])


def test_the_last_cards_go_to_the_first_held_piles():
    rules = load_rules("grounds-for-a-divorce")
    held = {"tableau:3": "2H", "tableau:4": "3H", "tableau:7": "4H", "stock": "5H 6H"}
    position = position_of(rules, held, rest="tableau:10")   # two cards for four held piles
    deal = _deal(position)
    assert deal.count == 2
    position.apply(deal)
    assert position.piles[pile(rules, "tableau:3")][-1] == c("6H")
    assert position.piles[pile(rules, "tableau:4")][-1] == c("5H")


def test_random_play_undoes_exactly():
    rules = load_rules("grounds-for-a-divorce")
    for seed in (1, 2):
        position = deal_seed(rules, seed)
        start = position.key()
        played = play_random(position, [seed * 7919 + i * 104729 for i in range(300)])
        for _ in range(played):
            position.undo()
        assert position.key() == start


SMALL = """
name: small-divorce
title: Small Divorce
decks: 1
piles:
  tableau: {kind: tableau, count: 3, cards: 4, build: {rank: down, suit: any, wrap: true}, moves: run,
            run: {rank: down, suit: same, wrap: true}, empty: any}
stock: {deal: tableau, onto: non-empty}
foundations:
  home: {base: any, step: -1, wrap: true, length: 13, suits: any, count: 4, takes: run}
deal: [tableau]
"""


def test_the_compiled_search_agrees_with_the_oracle(tmp_path):
    """Grounds for a Divorce's two rules on three columns, small enough for the oracle: runs
    from any rank, rows onto the held columns only."""
    rules = rules_from_text(tmp_path, SMALL)
    assert agrees_with_the_oracle(rules, [(seed, rest) for seed in range(1, 5) for rest in (13, 20)]) >= 12


def test_show_says_where_the_row_goes():
    code, out, _ = run_cli("show", "grounds-for-a-divorce")
    assert code == 0 and "deals one card onto each pile that holds a card" in " ".join(out.split())


def test_onto_needs_a_stock_that_deals_rows(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 3, build: {rank: down, suit: any}, empty: any}
stock: {onto: non-empty}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
""")
    assert "stock.onto" in text and "deals no rows" in text
