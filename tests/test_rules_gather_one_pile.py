"""Redeals that pick up one pile at a time (stock.gather.one_pile: PySolFC's SeniorWrangler_Talon
and Matrimony_Talon) and the redeal that turns each pile's bottom card to its top
(stock.gather.deal: bottom-to-top, PySolFC's Crescent_Talon)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import DEAL_ROW, GATHER
from conftest import names, pile, played_and_undone, position_of, run_cli, validate_refusal


def _redeal(position):
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    key = position.key()
    position.apply(redeal)
    after = position.key()
    position.undo()
    assert position.key() == key
    position.apply(redeal)
    assert position.key() == after
    return redeal


def _piles(rules, position, count):
    return {i: names(position.piles[pile(rules, f"tableau:{i}")]) for i in range(1, count + 1)}


def test_the_first_redeal_picks_up_the_first_pile_and_deals_it_from_itself_on():
    rules = load_rules("senior-wrangler")
    position = position_of(rules, {"tableau:1": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC", "tableau:2": "2D",
                                   "tableau:8": "3D"}, rest=None, redeals_left=8)
    _redeal(position)
    at = _piles(rules, position, 8)
    # its bottom card first: 2C back on pile 1, then on round past pile 8 to piles 1 and 2
    assert at[1] == ["2C", "10C"] and at[2] == ["2D", "3C", "JC"]
    assert [at[i] for i in range(3, 8)] == [["4C"], ["5C"], ["6C"], ["7C"], ["8C"]]
    assert at[8] == ["3D", "9C"]
    assert position.redeals_left == 7


def test_the_next_redeals_take_the_next_piles_and_an_empty_pile_spends_its_turn():
    rules = load_rules("senior-wrangler")
    position = position_of(rules, {"tableau:3": "2C 3C", "tableau:4": "4C"}, rest=None, redeals_left=7)
    redeal = _redeal(position)   # the second redeal: pile 2, empty
    assert redeal.dst == pile(rules, "tableau:2") and redeal.count == 0
    assert _piles(rules, position, 4) == {1: [], 2: [], 3: ["2C", "3C"], 4: ["4C"]}
    _redeal(position)   # the third: pile 3, dealt from itself on
    assert _piles(rules, position, 4) == {1: [], 2: [], 3: ["2C"], 4: ["4C", "3C"]}
    assert position.redeals_left == 5


def test_matrimony_gathers_from_the_last_pile_once_the_stock_is_empty():
    rules = load_rules("matrimony")
    position = position_of(rules, {"tableau:16": "2C 3C 4C", "stock": "5C"}, rest=None, redeals_left=16)
    assert not [m for m in position.legal_moves() if m.kind is GATHER]
    (deal,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.apply(deal)
    _redeal(position)
    at = _piles(rules, position, 16)
    assert at[16] == ["2C"] and at[1] == ["5C", "3C"] and at[2] == ["4C"]
    position.piles[pile(rules, "tableau:15")] = [position.piles[pile(rules, "tableau:1")].pop()]
    redeal = _redeal(position)   # then the one before it
    assert redeal.dst == pile(rules, "tableau:15")
    assert _piles(rules, position, 16)[15] == ["3C"]


def test_bottom_to_top_moves_each_bottom_card_of_two_or_more_to_the_top():
    rules = load_rules("crescent")
    position = position_of(rules, {"tableau:1": "2C 3C 4C", "tableau:2": "5D", "tableau:3": "6H 7H"},
                           rest=None, redeals_left=3)
    _redeal(position)
    at = _piles(rules, position, 4)
    assert at[1] == ["3C", "4C", "2C"] and at[2] == ["5D"] and at[3] == ["7H", "6H"] and at[4] == []
    assert position.redeals_left == 2


@pytest.mark.parametrize("name", ["senior-wrangler", "matrimony", "crescent"])
def test_random_play_keeps_the_pack_and_undoes_exactly(name):
    rng = random.Random(5)
    played_and_undone(load_rules(name), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


@pytest.mark.parametrize("name, says", [
    ("senior-wrangler", "(the first pile the first time, the second the next time"),
    ("matrimony", "once the stock is empty, one pile of tableau is picked up (the last pile the first time"),
    ("crescent", "the bottom card of every pile of tableau holding two or more cards goes to the top"),
])
def test_show_says_which_pile_goes(name, says):
    code, out, _ = run_cli("show", name)
    assert code == 0 and says in out


@pytest.mark.parametrize("base, stock, expected", [
    ("senior-wrangler", "{redeals: 8, gather: {group: tableau, one_pile: first, shuffle: true}}",
     "stock.gather.shuffle: one_pile deals the one pile it picks up"),
    ("senior-wrangler", "{redeals: 9, gather: {group: tableau, one_pile: first}}",
     "stock.gather.one_pile: picks up one pile of 8 a redeal"),
    ("matrimony", "{redeals: unlimited, gather: {group: tableau, one_pile: last}}", "stock.gather.one_pile"),
    ("crescent", "{redeals: 3, gather: {group: tableau, deal: bottom-to-top, shuffle: true}}",
     "stock.gather.deal: bottom-to-top turns each pile's bottom card"),
    ("senior-wrangler", "{redeals: 3, gather: {group: tableau, one_pile: sideways}}", "stock.gather.one_pile"),
])
def test_bad_one_pile_redeals_are_refused_in_one_line(tmp_path, base, stock, expected):
    text = f"extends: {base}\nname: bad\nstock: {stock}\n"
    assert expected in validate_refusal(tmp_path, text)
