"""A stock turned, dealt or redealt only in a state of the game (``stock: {when: CONDITION}``,
PySolFC's TheLuckyNumber_Talon and VirginiaReel_Talon canDealCards)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TURN
from patience_core.solver.solve import solve_position
from conftest import assert_random_play_consistent, position_of, run_cli, validate_refusal

SMALL = """\
name: small-stock-when
title: Small stock when
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 1, build: {rank: down, suit: any}, moves: card}
  hold: {kind: reserve, count: 1, empty: K, max: 1}
foundations:
  main: {count: 4, base: A, length: 13, build: {rank: up, suit: same}}
stock:
  when: WHEN
deal: [tableau]
"""


def _turns(position):
    return [m for m in position.legal_moves() if m.kind is TURN]


def test_the_stock_turns_only_while_the_court_places_are_empty():
    rules = load_rules("the-lucky-number")
    empty_court = position_of(rules, {"tableau:1": "2H", "waste": "3S"})
    assert _turns(empty_court)
    for place, card in (("jack:1", "JD"), ("queen:1", "QC"), ("king:1", "KS")):
        waiting = position_of(rules, {"tableau:1": "2H", "waste": "3S", place: card})
        assert not _turns(waiting), place


def test_the_refusal_says_why():
    rules = load_rules("the-lucky-number")
    position = position_of(rules, {"tableau:1": "2H", "waste": "3S", "jack:1": "JD"})
    from conftest import refusal
    assert "the stock is used only while every pile of jack and queen and king is empty" in refusal(
        position, None, "stock", "waste")


def test_random_play_undoes_exactly():
    assert_random_play_consistent(load_rules("the-lucky-number"), seeds=(1, 2, 3))


def test_a_stock_without_when_is_unchanged(tmp_path):
    from conftest import rules_from_text
    rules = rules_from_text(tmp_path, SMALL.replace("  when: WHEN\n", "  draw: 1\n"))
    assert rules.stock_spec.when is None
    assert _turns(position_of(rules, {"hold:1": "KS"}))


def test_a_condition_on_the_pile_it_names(tmp_path):
    from conftest import rules_from_text
    rules = rules_from_text(tmp_path, SMALL.replace("WHEN", "{not_empty: hold}"))
    assert not _turns(position_of(rules, {"tableau:1": "2H"}))
    assert _turns(position_of(rules, {"hold:1": "KS"}))


def test_refusals(tmp_path):
    out = validate_refusal(tmp_path, SMALL.replace("WHEN", "{empty: nowhere}"))
    assert "stock.when" in out and "nowhere" in out
    out = validate_refusal(tmp_path, SMALL.replace("WHEN", "{sometimes: hold}"))
    assert "when" in out and len(out.strip().splitlines()) == 1


def test_show_and_solve():
    code, out, _ = run_cli("show", "the-lucky-number")
    assert code == 0 and "The stock is turned, dealt or redealt only while every pile of jack and queen and king is empty." in out
    assert solve_position(deal_seed(load_rules("the-lucky-number"), 1), max_positions=500).search == "exhaustive"


# Virginia Reel (PySolFC's VirginiaReel): the stock deals a row only while every place of the
# gallery holds a card; the deal first sets out the 2, 3 and 4 nearest the bottom of the pack.

def test_the_row_waits_for_every_gallery_place_to_hold_a_card():
    from patience_core.model.moves import DEAL_ROW
    rules = load_rules("virginia-reel")
    full = deal_seed(rules, 1)
    assert all(full.piles[p] for g in ("twos", "threes", "fours") for p in rules.groups[g])
    assert [m for m in full.legal_moves() if m.kind is DEAL_ROW]
    layout = {f"twos:{i}": f"{r}H" for i, r in zip(range(2, 9), "5689TJQ")}
    layout.update({f"threes:{i}": f"{r}S" for i, r in zip(range(1, 9), "3569TJQK")})
    layout.update({f"fours:{i}": f"{r}D" for i, r in zip(range(1, 9), "4789TJQK")})
    one_gap = position_of(rules, layout)   # twos:1 is empty
    assert not [m for m in one_gap.legal_moves() if m.kind is DEAL_ROW]
    from conftest import refusal
    assert "only while every pile of twos and threes and fours holds a card" in refusal(one_gap, None, "stock", "rows:1")


def test_the_deal_sets_out_the_base_ranks_nearest_the_bottom_first():
    from patience_core.model.deal import deal_by_order
    from conftest import cs, names
    rules = load_rules("virginia-reel")
    pack = list(cards_of(rules))
    # put known cards at the bottom: the pack's last cards (top first order)
    bottom = cs("2C 3C 4C 2D 3D 4D")
    for card in bottom:
        pack.remove(card)
    order = pack + bottom
    piles = deal_by_order(rules, order)
    first = [names(piles[rules.pile_index(p)]) for p in ("twos:1", "threes:1", "fours:1")]
    assert first == [["2D"], ["3D"], ["4D"]]   # nearest the bottom: the last of each rank
    # then the rest as PySolFC deals it: twos:2.., threes:2.., fours:2.., then the rows
    assert names(piles[rules.pile_index("twos:2")]) == names(pack[:1])
    assert names(piles[rules.pile_index("threes:2")]) == names(pack[7:8])
    assert names(piles[rules.pile_index("rows:1")]) == names(pack[21:22])


def cards_of(rules):
    from patience_core.model import cards
    return cards.full_pack(rules.decks)


def test_the_gallery_games_play_and_undo_exactly():
    for name in ("virginia-reel", "three-up", "blue-jacket"):
        assert_random_play_consistent(load_rules(name), seeds=(1,))


def test_deal_refusals(tmp_path):
    out = validate_refusal(tmp_path, SMALL.replace("WHEN", "{empty: hold}") + 'deal_first: [{rank: "2"}, QH]\n')
    assert "only {rank: R} items" in out
    out = validate_refusal(tmp_path, SMALL.replace("WHEN", "{empty: hold}") + 'deal_first: [{rank: "2"}, {rank: 2}]\n')
    assert "listed twice" in out
