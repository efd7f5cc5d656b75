"""A stock that only fills gaps (stock.to: gaps) with a redeal that gathers the layout (stock.gather):
Rainbow Fan's stock fills each emptied pile with three cards, and its three redeals turn each
pile's bottom card to its top (PySolFC's RainbowFan, a Crescent whose talon also fills gaps)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import GATHER, TURN
from conftest import names, pile, played_and_undone, position_of, validate_refusal


def test_the_redeal_is_offered_while_the_stock_still_holds_cards_and_leaves_them_alone():
    rules = load_rules("rainbow-fan")
    position = position_of(rules, {"tableau:1": "2C 3C 4C", "tableau:2": "5D", "stock": "9S 8S 7S"},
                           rest=None, redeals_left=3)
    moves = position.legal_moves()
    assert not [m for m in moves if m.kind is TURN]   # the stock is never turned
    (redeal,) = [m for m in moves if m.kind is GATHER]
    position.apply(redeal)
    assert names(position.piles[pile(rules, "tableau:1")]) == ["3C", "4C", "2C"]
    assert names(position.piles[pile(rules, "tableau:2")]) == ["5D"]
    assert names(position.piles[rules.stock]) == ["9S", "8S", "7S"]
    assert position.redeals_left == 2
    position.undo()
    assert names(position.piles[pile(rules, "tableau:1")]) == ["2C", "3C", "4C"] and position.redeals_left == 3


def test_no_redeal_once_they_are_spent_but_gaps_are_still_filled_from_the_stock():
    rules = load_rules("rainbow-fan")
    position = position_of(rules, {"tableau:1": "2C 3C 4C", "tableau:2": "QD", "stock": "9S 8S 7S"},
                           foundations={"foundation:2": "JD"}, rest=None, redeals_left=0)
    assert not [m for m in position.legal_moves() if m.kind is GATHER]
    (up,) = [m for m in position.legal_moves() if m.src == pile(rules, "tableau:2")
             and position.rules.is_foundation[m.dst]]
    position.apply(up)
    # the gap takes three cards, the stock's top first (it lies deepest)
    assert names(position.piles[pile(rules, "tableau:2")]) == ["7S", "8S", "9S"]
    assert not position.piles[rules.stock]


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(3)
    played_and_undone(load_rules("rainbow-fan"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


@pytest.mark.parametrize("base, stock, expected", [
    ("chelicera", "{to: gaps, redeals: 2}", "stock.to: a stock that only fills gaps is never turned or dealt"),
    ("rainbow-fan", "{deal: tableau}", "stock.to: a stock that only fills gaps is never turned or dealt"),
])
def test_a_gap_stock_still_refuses_turns_and_deals(tmp_path, base, stock, expected):
    text = f"extends: {base}\nname: bad\nstock: {stock}\n"
    assert expected in validate_refusal(tmp_path, text)
