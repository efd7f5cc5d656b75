"""A pile that keeps the way its first two cards went (``build: {rank: either, keep_direction:
true}``, PySolFC's UnionSquare_RowStack): one card on another either way, then always that way."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import c, pile, position_of, run_cli, validate_refusal


def _takes(position, name):
    p = pile(position.rules, name)
    from_moves = {m.card for m in position.legal_moves() if m.dst == p}
    return from_moves


def test_one_card_takes_either_way_two_cards_set_the_way():
    rules = load_rules("union-square")
    position = position_of(rules, {"tableau:1": "7H", "tableau:2": "8H", "tableau:3": "6H",
                                   "tableau:4": "7H 8H", "tableau:5": "9H", "tableau:6": "6H"}, rest="stock")
    t1, t4 = pile(rules, "tableau:1"), pile(rules, "tableau:4")
    assert accepts(position, t1, c("8H")) and accepts(position, t1, c("6H"))
    # tableau:4 went up (7H then 8H): it takes 9H, never 7H
    assert accepts(position, t4, c("9H")) and not accepts(position, t4, c("7H"))
    assert c("9H") in _takes(position, "tableau:4") and c("7H") not in _takes(position, "tableau:4")


def test_show_and_a_misplaced_keep_direction_is_refused(tmp_path):
    code, out, _ = run_cli("show", "union-square")
    assert code == 0 and "built up or down in suit, each pile the way its first two cards go" in out
    assert "expected rank: either and moves: card" in validate_refusal(
        tmp_path, "extends: klondike\nname: bad\npiles:\n  tableau: {build: {keep_direction: true}}\n")
