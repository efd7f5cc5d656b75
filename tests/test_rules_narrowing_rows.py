"""Rows that narrow by one pile a redeal (``stock.narrows``, PySolFC's Well_TalonStack): Well's
stock deals a row onto five waste piles; once it is empty the five are gathered back and each
pass deals onto one pile fewer. And gaps filled from the pile of another group with the same
number (``fill: [GROUP:same]``): each of Well's four rows is refilled from its own reserve pile."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import DEAL_ROW, GATHER
from conftest import names, pile, played_and_undone, position_of, run_cli, validate_refusal


def _only(position, kind):
    (move,) = [m for m in position.legal_moves() if m.kind is kind]
    return move


def test_each_redeal_gathers_every_pile_and_deals_onto_one_fewer():
    rules = load_rules("well")
    heaps = rules.groups["heaps"]
    position = position_of(rules, {"heaps:1": "2C 3C", "heaps:2": "4C", "heaps:5": "5C 6C", "stock": ""},
                           rest="reserve:1", redeals_left=4)
    redeal = _only(position, GATHER)
    start = position.key()
    position.apply(redeal)
    assert position.redeals_left == 3
    # gathered pile 1 first, each from its top: the stock's top is the last pile's bottom card (5C)
    assert [names(position.piles[p]) for p in heaps] == [["5C"], ["6C"], ["4C"], ["2C"], []]
    assert names(position.piles[rules.stock]) == ["3C"]
    deal = _only(position, DEAL_ROW)
    assert deal.count == 1   # the last card, onto the first heap
    position.undo()
    assert position.key() == start


def test_the_last_pass_deals_onto_the_first_pile_alone():
    rules = load_rules("well")
    position = position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C"}, rest="reserve:1", redeals_left=0)
    deal = _only(position, DEAL_ROW)
    assert deal.count == 1 and deal.dst == pile(rules, "heaps:1")
    position.apply(deal)
    assert names(position.piles[pile(rules, "heaps:1")]) == ["7C"]
    assert not any(position.piles[pile(rules, f"heaps:{i}")] for i in range(2, 6))


def test_a_row_gap_is_filled_from_its_own_reserve():
    rules = load_rules("well")
    position = position_of(rules, {"tableau:2": "KH", "reserve:1": "9S", "reserve:2": "8S", "reserve:3": "7S"},
                           foundations={"foundation:3": "AH"})   # the heart pile: K Q ... A, next K
    up = [m for m in position.legal_moves() if m.src == pile(rules, "tableau:2") and rules.is_foundation[m.dst]]
    position.apply(up[0])
    assert names(position.piles[pile(rules, "tableau:2")]) == ["8S"]
    assert names(position.piles[pile(rules, "reserve:1")])[-1:] == ["9S"]


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(6)
    played_and_undone(load_rules("well"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 600)


def test_show_says_it():
    out = run_cli("show", "well")[1]
    assert "each pass deals its rows onto one pile fewer" in out and "from the pile of reserve with the gap's number (reserve:1 for pile 1)" in out


@pytest.mark.parametrize("patch, expected", [
    ("stock: {deal: heaps, redeals: 5, narrows: true}", "stock.narrows"),
    ("stock: {redeals: 0}", "stock.narrows"),
    ("piles: {tableau: {fill: [left:same]}}", "piles.tableau.fill"),
])
def test_bad_fields_are_refused_in_one_line(tmp_path, patch, expected):
    assert expected in validate_refusal(tmp_path, f"extends: well\nname: bad\n{patch}\n")
