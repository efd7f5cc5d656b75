"""A gap that takes only the rank one step below a given foundation group's base, a rank the
deal chooses (``empty: {below_base_of: GROUP}``): PySolFC's Appreciate._setBaseRanks gives each
pair of columns the last rank of its foundation's sequence (base minus the group's step)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.legal import accepts, below_base_rank
from conftest import c, pile, played_and_undone, position_of, refusal, run_cli, validate_refusal

BASES = {"foundation:1": "5S", "foundation:2": "9H", "foundation:3": "KD", "foundation:4": "2C"}


def _appreciate(piles: dict[str, str]):
    rules = load_rules("appreciate")
    return rules, position_of(rules, {**BASES, **piles}, rest="by-ones:2")


def test_each_pair_of_columns_takes_the_rank_below_its_own_foundations_base():
    rules, position = _appreciate({})
    for group, rank in (("by-ones", "4"), ("by-twos", "7"), ("by-threes", "10"), ("by-fours", "J")):
        gap = pile(rules, f"{group}:1")
        assert below_base_rank(position, gap) == c(rank + "S") % 13, group
        assert accepts(position, gap, c(rank + "H"))
        assert not accepts(position, gap, c("4D" if rank != "4" else "5D"))


def test_a_refusal_says_what_the_gap_takes():
    rules, position = _appreciate({"by-twos:2": "6D"})
    assert "takes only" in refusal(position, "6D", "by-twos:2", "by-twos:1")


def test_the_foundations_first_card_never_leaves_but_the_next_may_come_back():
    rules, position = _appreciate({"by-ones:1": "7C"})
    position.piles[pile(rules, "foundation:1")].append(c("6H"))
    moves = {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()}
    assert ("foundation:1", "by-ones:1") in moves
    position.piles[pile(rules, "foundation:1")].pop()
    rules2, bare = _appreciate({"by-ones:1": "6C"})
    assert not any(rules2.pile_names[m.src] == "foundation:1" for m in bare.legal_moves())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("appreciate")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_it():
    code, out, _err = run_cli("show", "appreciate")
    assert code == 0 and "an empty pile takes only the rank one step below its foundation's base" in out


def test_a_group_whose_base_the_deal_does_not_choose_is_refused(tmp_path):
    text = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 8, cards: 6, build: {rank: down, suit: any, wrap: true},
            empty: {below_base_of: GROUP}}
foundations:
  ones: {base: A, length: 13, suits: regardless, count: 4}
deal: [tableau]
"""
    assert "expected a group with base: deal" in validate_refusal(tmp_path, text.replace("GROUP", "ones"))
    assert "unknown foundation group 'twos'" in validate_refusal(tmp_path, text.replace("GROUP", "twos"))
