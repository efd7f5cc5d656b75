"""Piles that trade their whole contents (``swap: pile``, PySolFC's DevilsGrip_TableauStack):
two piles of groups with different bottom ranks, both holding cards, their bottom cards of
different ranks and one of them of the other pile's bottom rank."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import SWAP
from conftest import (assert_random_play_undoes, assert_rebuilt_agrees, pile, pile_cards, position_of, run_cli,
                      validate_refusal)


def _swaps(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves() if m.kind is SWAP}


def _grip(piles):
    return position_of(load_rules("devils-grip"), piles, rest="stock")


def test_a_built_pile_trades_with_a_misplaced_card_of_its_base():
    position = _grip({"twos:1": "3S", "threes:4": "2H 5H 8H", "fours:2": "9D", "fours:3": "3D"})
    swaps = _swaps(position)
    # threes:4's bottom 2 is twos:1's base: the whole pile goes there, the 3 back, both ways round
    assert ("twos:1", "threes:4") in swaps and ("threes:4", "twos:1") in swaps
    # only one of the two need be the other's base (Royal Parade's swap: card wants both):
    # fours:3's 3D is threes' base, though threes:4's 2H is no base of fours
    assert ("threes:4", "fours:3") in swaps and ("fours:3", "threes:4") in swaps
    assert not any("fours:2" in pair for pair in swaps)   # a 9 is no one's base, nor is 2 or 3 fours'


def test_the_rules_of_the_pair():
    swaps = _swaps(_grip({"twos:1": "3S", "fours:3": "3D", "threes:2": "9C", "fours:5": "9H",
                          "twos:2": "2C", "twos:3": "4H"}))
    assert ("twos:1", "fours:3") not in swaps   # 3 and 3: bottom cards of one rank never trade
    assert ("threes:2", "fours:5") not in swaps  # neither bottom card is the other's base
    assert ("twos:2", "twos:3") not in swaps     # one row: the same base
    assert ("twos:3", "fours:5") in swaps        # the 4H is fours' base


def test_the_swap_moves_whole_piles_and_undoes_exactly():
    rules = load_rules("devils-grip")
    position = _grip({"twos:1": "3S", "threes:4": "2H 5H 8H"})
    move = next(m for m in position.legal_moves() if m.kind is SWAP and m.src == pile(rules, "threes:4")
                and m.dst == pile(rules, "twos:1"))
    before = position.key()
    position.apply(move)
    assert pile_cards(position, "twos:1") == ["2H", "5H", "8H"] and pile_cards(position, "threes:4") == ["3S"]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before


def test_random_play_undoes_exactly():
    assert_random_play_undoes("devils-grip")


def test_show_says_so_and_swap_needs_a_bottom(tmp_path):
    code, out, _ = run_cli("show", "devils-grip")
    assert code == 0 and "may trade their whole piles" in out
    bad = """name: bad
title: Bad
decks: 1
piles:
  rows: {kind: tableau, title: R, count: 4, cards: 1, build: {rank: up, suit: same}, swap: pile}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 4}
deal: [rows]
"""
    assert "expected bottom: RANK with swap:" in validate_refusal(tmp_path, bad)
