"""A stock that deals in rounds of deals (``stock: {deal: GROUP, redeals: N, deals_per_round: D,
shuffle: true}``): PySolFC's Knockout_Talon (knockout.py) counts its deals, the deal's own row
the first; after D deals it deals no more until the redeal, which gathers the piles onto the cards
left in the stock, shuffles the whole stock and deals the next round's first row. And a pile
whose every card that leaves is replaced from the stock (``fill: {from: [stock], replace:
true}``: Knockout.fillStack)."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW, GATHER
from conftest import c, pile, pile_cards, played_and_undone, position_of, run_cli, validate_refusal


def _stock_moves(position):
    return [m for m in position.legal_moves() if m.kind in (DEAL_ROW, GATHER)]


def _deal(position):
    deal, = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.apply(deal)


def test_the_deal_counts_as_the_first_of_five_and_then_only_the_redeal_is_left():
    rules = load_rules("herz-zu-herz")
    position = deal_seed(rules, 1)
    assert position.round_deals == 1
    for made in range(2, 6):
        _deal(position)
        assert position.round_deals == made
    kinds = [m.kind for m in _stock_moves(position)]
    assert kinds == [GATHER]                      # the stock still holds cards, but deals no more
    assert len(position.piles[rules.stock]) == 32 - 15


def test_the_redeal_gathers_the_piles_onto_the_stock_shuffles_and_deals_a_row():
    rules = load_rules("herz-zu-herz")
    position = deal_seed(rules, 2)
    for _ in range(4):
        _deal(position)
    before = position.key()
    held = sorted(card for p in rules.groups["tableau"] for card in position.piles[p])
    left = sorted(position.piles[rules.stock])
    gather, = _stock_moves(position)
    position.apply(gather)
    assert position.redeals_left == 1 and position.round_deals == 1
    rows = [position.piles[p] for p in rules.groups["tableau"]]
    assert all(len(row) == 1 for row in rows)
    assert sorted(position.piles[rules.stock] + [row[0] for row in rows]) == sorted(held + left)
    position.undo()
    assert position.key() == before and position.round_deals == 5


def test_after_the_last_round_the_stock_does_nothing():
    rules = load_rules("herz-zu-herz")
    position = deal_seed(rules, 3)
    for _ in range(2):
        for _ in range(4):
            _deal(position)
        position.apply(_stock_moves(position)[0])
    for _ in range(4):
        _deal(position)
    assert position.redeals_left == 0 and _stock_moves(position) == []


def test_an_empty_stock_is_redealt_before_the_round_is_over():
    # PySolFC counts a deal of an empty stock too, so the redeal comes all the same
    rules = load_rules("herz-zu-herz")
    position = position_of(rules, {"tableau:1": "7S 8S", "tableau:2": "9S", "tableau:3": "10S"}, rest=None)
    assert [m.kind for m in _stock_moves(position)] == [GATHER]


def test_the_hearts_foundation_takes_hearts_in_any_order_and_wins_when_full():
    rules = load_rules("herz-zu-herz")
    position = position_of(rules, {"tableau:1": "KH", "tableau:2": "7C", "tableau:3": "9H"}, rest="stock")
    home = pile(rules, "foundation:1")
    ups = {m.card for m in position.legal_moves() if m.dst == home}
    assert ups == {c("KH"), c("9H")}
    layout = position_of(rules, {"foundation:1": "AH 8H KH 7H QH 9H JH", "tableau:1": "10H"}, rest="stock")
    assert not layout.is_won()
    layout.apply(next(m for m in layout.legal_moves() if m.dst == home))
    assert layout.is_won()


@pytest.mark.parametrize("name", ["herz-zu-herz", "knockout", "knockout-plus"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(name, seed):
    rules = load_rules(name)
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_the_rounds():
    code, out, _err = run_cli("show", "herz-zu-herz")
    text = " ".join(out.split())
    assert code == 0 and "a round is 5 deals, the deal's own row the first" in text
    assert "go back onto the stock's cards in order, pile 1 first, each from its top, and the whole stock is shuffled" in text


_BAD = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: reserve, title: Piles, count: 3, cards: 1, access: top}
stock: {deal: tableau, deals_per_round: 5, EXTRA}
foundations:
  home: {base: any, build: {rank: any, suit: same}, length: 13, suits: [H], count: 1}
win: {complete: home}
deal: [tableau]
"""


def test_the_base_file_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(_BAD.replace("EXTRA", "redeals: 2, shuffle: true"))
    assert run_cli("validate", str(path))[0] == 0


def test_rounds_without_a_redeal_are_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("EXTRA", "onto: every"))
    assert "deals_per_round" in out and "expected stock.deal with redeals" in out


def test_rounds_with_several_rows_a_deal_are_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("EXTRA", "redeals: 2, rounds: 2"))
    assert "deals_per_round" in out and "one row a deal" in out


# fill: {from: [stock], replace: true}: PySolFC's Knockout.fillStack puts the stock's top card on
# a pile after every move from it, the pile empty or not.

def test_a_card_played_from_a_pile_is_replaced_from_the_stock_though_the_pile_is_not_empty():
    rules = load_rules("knockout")
    position = position_of(rules, {"tableau:1": "8D 9C", "tableau:2": "7S", "tableau:3": "KH", "stock": "QD"},
                           rest=None)
    before = position.key()
    up, = [m for m in position.legal_moves() if m.dst == pile(rules, "foundation:1")]
    position.apply(up)
    assert pile_cards(position, "tableau:1") == ["8D", "QD"] and not position.piles[rules.stock]
    position.undo()
    assert position.key() == before


def test_herz_zu_herz_leaves_a_gap_empty():
    rules = load_rules("herz-zu-herz")
    position = position_of(rules, {"tableau:1": "9H", "tableau:2": "7S", "tableau:3": "KC"}, rest="stock")
    position.apply(next(m for m in position.legal_moves() if m.dst == pile(rules, "foundation:1")))
    assert pile_cards(position, "tableau:1") == []


def test_show_says_every_card_is_replaced():
    code, out, _err = run_cli("show", "knockout")
    assert code == 0 and "every card that leaves it is replaced at once from the stock" in " ".join(out.split())


def test_replace_with_several_cards_is_refused(tmp_path):
    text = _BAD.replace("EXTRA", "redeals: 2").replace(
        "access: top}", "access: top, fill: {from: [stock], replace: true, cards: 2}}")
    out = validate_refusal(tmp_path, text)
    assert "fill.replace" in out and "expected no cards, when or stock-turn with replace" in out
