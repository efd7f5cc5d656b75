"""Build rules by any lower or any higher rank (build.rank: lower / higher): Autumn Leaves'
columns take any card of a lower rank in suit, not only the next (PySolFC's
AutumnLeaves_RowStack), while its runs stay one rank apart (Spider_SS_RowStack)."""
from __future__ import annotations

import random

import pytest

from patience_core.model.deal import seeded_order, start_position
from patience_core.model.specs import BuildRule
from patience_core.solver.general import search as general
from patience_core.variants.catalog import load_rules
from conftest import all_face_up, assert_random_play_consistent, c, pile_moves_named, position_of, rules_from_text, run_cli, validate_refusal


def test_lower_takes_any_lower_rank_and_higher_any_higher():
    lower = BuildRule(rank="lower", suit="same")
    assert lower.follows(c("KS"), c("9S")) and lower.follows(c("10S"), c("9S")) and lower.follows(c("2S"), c("AS"))
    assert not lower.follows(c("9S"), c("9S")) and not lower.follows(c("9S"), c("KS"))
    assert not lower.follows(c("KH"), c("9S"))   # the suit still counts
    assert not lower.follows(c("AS"), c("KS"))   # Ace low, no wrap
    higher = BuildRule(rank="higher", suit="any")
    assert higher.follows(c("3C"), c("JD")) and not higher.follows(c("JD"), c("3C")) and not higher.follows(c("5C"), c("5D"))


def test_autumn_leaves_builds_on_any_higher_card_of_the_suit_and_moves_runs_in_sequence():
    rules = load_rules("autumn-leaves")
    position = all_face_up(position_of(rules, {"tableau:1": "KS", "tableau:2": "7S 6S", "tableau:3": "9S 4S",
                                               "tableau:4": "QH", "tableau:5": "5S", "tableau:6": "JH"}))
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 2) in moves   # 7S 6S onto the King, five ranks apart
    assert ("tableau:3", "tableau:1", 1) in moves   # the 4S alone
    assert ("tableau:3", "tableau:1", 2) not in moves   # 9S 4S is no run
    assert ("tableau:5", "tableau:4", 1) not in moves   # another suit
    assert ("tableau:6", "tableau:4", 1) in moves and ("tableau:4", "tableau:6", 1) not in moves


def test_autumn_leaves_is_won_with_four_suits_in_order():
    rules = load_rules("autumn-leaves")
    suit = lambda s: " ".join(f"{r}{s}" for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split())
    won = position_of(rules, {"tableau:1": suit("S"), "tableau:3": suit("H"), "tableau:4": suit("C"),
                              "tableau:6": suit("D")}, rest=None)
    assert won.is_won()
    jumbled = position_of(rules, {"tableau:1": suit("S").replace("7S 6S", "6S 7S"), "tableau:3": suit("H"),
                                  "tableau:4": suit("C"), "tableau:6": suit("D")}, rest=None)
    assert not jumbled.is_won()


def test_random_play_rebuilds_and_undoes():
    assert_random_play_consistent(load_rules("autumn-leaves"), seeds=(1, 2), steps=100)


@pytest.mark.skipif(not general.available(), reason="the compiled search is not built")
@pytest.mark.parametrize("rank", ["lower", "higher"])
def test_the_compiled_search_lists_the_engines_moves(tmp_path, rank):
    # Autumn Leaves is won in its layout, which the compiled search leaves alone: a game with
    # foundations building by the same rule shows that its tables read the relation.
    rules = rules_from_text(tmp_path, _BASE.replace("BUILD", f"{{rank: {rank}, suit: same}}, moves: run, "
                                                              "run: {rank: down, suit: same}"))
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        position = start_position(rules, seeded_order(rules, seed))
        assert general.unsupported(position) is None
        for step in range(100):
            engine = position.legal_moves()
            assert general.legal_moves(position) == engine, f"seed {seed} step {step}"
            if not engine:
                break
            position.apply(rng.choice(engine))


def test_show_says_the_rule():
    assert "built down to any lower rank in suit" in run_cli("show", "autumn-leaves")[1]


_BASE = """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 4, build: BUILD}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


@pytest.mark.parametrize("build, field", [("{rank: lower, step: 2}", "step"), ("{rank: higher, wrap: true}", "wrap")])
def test_a_step_or_wrap_beside_lower_or_higher_is_refused(tmp_path, build, field):
    text = validate_refusal(tmp_path, _BASE.replace("BUILD", build))
    assert f"piles.tableau.build.{field}" in text and "Ace low" in text
