"""A gap's rule until a state holds (``empty: {rank, when, otherwise}``) and the foundations' base
rank as a gap's rank (``base``): The Plot's empty columns take only a waste card of the base rank
until the first foundation is complete, then any waste card (PySolFC's ThePlot_RowStack), and
its other seven foundations take nothing until then (ThePlot_Foundation)."""
from __future__ import annotations

import random

import pytest

from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import c, pile, played_and_undone, position_of, run_cli, validate_refusal

def _gap_moves(position, gap="tableau:2"):
    rules = position.rules
    return {(rules.pile_names[m.src], m.card) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and m.dst == pile(rules, gap)}


_RUN = "5C 6C 7C 8C 9C 10C JC QC KC AC 2C 3C 4C".split()


def _plot(piles, top):
    rules = load_rules("the-plot")
    first = " ".join(_RUN[:_RUN.index(top) + 1])
    return position_of(rules, {"tableau:1": "9D", "reserve:1": "5S", "foundation:1": first, **piles}, rest="stock")


def test_before_the_first_foundation_is_complete_a_gap_takes_only_the_base_rank_from_the_waste():
    position = _plot({"waste": "5H"}, "5C")   # first foundation holds its base alone
    assert _gap_moves(position) == {("waste", c("5H"))}
    position = _plot({"waste": "6H"}, "5C")
    assert _gap_moves(position) == set()   # not the base rank; and not the column's 9D nor the reserve's 5S


def test_once_it_is_complete_a_gap_takes_any_waste_card():
    position = _plot({"waste": "6H"}, "4C")   # 5 ... 4: thirteen cards
    assert _gap_moves(position) == {("waste", c("6H"))}


def test_the_reserve_feeds_only_the_foundations_and_the_rest_wait_for_the_first():
    rules = load_rules("the-plot")
    position = position_of(rules, {"tableau:1": "6D", "reserve:1": "5S", "waste": "5H", "foundation:1": "5C"},
                           rest="stock")
    assert not [m for m in position.legal_moves() if m.src == pile(rules, "reserve:1") and m.kind is BETWEEN_PILES]
    assert not [m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.dst != pile(rules, "foundation:1")]


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(8)
    played_and_undone(load_rules("the-plot"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_it():
    assert "takes any card once first is complete, and until then the foundations' base rank" in \
        run_cli("show", "the-plot")[1]


@pytest.mark.parametrize("patch, expected", [
    ("foundations: {first: {base: A}, rest: {base: A}}", "piles.tableau.empty: base takes the rank of a base the deal chooses"),
    ("piles: {tableau: {empty: {rank: any, when: {complete: first}, otherwise: sideways}}}", "piles.tableau.empty"),
])
def test_bad_gap_rules_are_refused_in_one_line(tmp_path, patch, expected):
    assert expected in validate_refusal(tmp_path, f"extends: the-plot\nname: bad\n{patch}\n")
