"""Piles of one colour (``colour: red``) and places that trade cards of each other's colour
(``swap: colour``): PySolFC's Hemispheres_RowStack, whose northern rows take only red cards and
whose southern rows only black ones, a northern row holding one black card swapping it with a
southern row holding one red card."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import SWAP
from conftest import (assert_random_play_undoes, assert_rebuilt_agrees, pile_cards, pile_moves_named,
                      position_of, run_cli, validate_refusal)


def _hemispheres(piles: dict[str, str]):
    return position_of(load_rules("hemispheres"), piles, rest="stock")


def _swaps(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves() if m.kind is SWAP}


def test_a_pile_takes_only_its_colour():
    position = _hemispheres({"north:1": "9H", "north:2": "8D", "north:3": "8C", "south:1": "7S", "south:2": "8C"})
    moves = pile_moves_named(position)
    assert ("north:2", "north:1", 1) in moves       # red 8 on red 9, building down
    assert ("north:3", "north:1", 1) not in moves   # a black 8 never goes north
    assert ("south:2", "south:1", 1) in moves       # black 8 on black 7, building up


def test_a_misplaced_pair_swaps_and_undoes():
    position = _hemispheres({"north:1": "5C", "south:1": "6H", "north:2": "7S", "south:2": "9C 10S"})
    swaps = _swaps(position)
    assert ("north:1", "south:1") in swaps and ("south:1", "north:1") in swaps
    assert not any("south:2" in pair for pair in swaps)   # two cards: never
    assert ("north:2", "south:1") in swaps
    before = position.key()
    move = next(m for m in position.legal_moves() if m.kind is SWAP
                and position.rules.pile_names[m.src] == "north:1" and position.rules.pile_names[m.dst] == "south:1")
    position.apply(move)
    assert pile_cards(position, "north:1") == ["6H"] and pile_cards(position, "south:1") == ["5C"]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before


def test_no_swap_when_a_card_is_already_of_its_place():
    position = _hemispheres({"north:1": "5D", "south:1": "6H"})
    assert ("north:1", "south:1") not in _swaps(position)


def test_random_play_undoes_exactly():
    assert_random_play_undoes("hemispheres")


def test_show_says_so_and_swap_colour_needs_a_colour(tmp_path):
    code, out, _ = run_cli("show", "hemispheres")
    assert code == 0 and "only red cards" in out and "holding a card of this pile's colour" in out
    bad = """name: bad
title: Bad
decks: 1
piles:
  rows: {kind: tableau, title: R, count: 4, cards: 1, build: {rank: up, suit: same}, swap: colour}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 4}
deal: [rows]
"""
    assert "expected colour: red or black with swap: colour" in validate_refusal(tmp_path, bad)
