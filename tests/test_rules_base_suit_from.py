"""Foundations whose first card takes the suit of a layout pile's bottom card
(``base_suit_from``, PySolFC's Glencoe_Foundation): Glencoe's foundation n of each kind takes
its Six or Five only in the suit of column n's Queen, and nothing while column n is empty;
after its first card it is built regardless of suit."""
from __future__ import annotations

import random

import pytest

from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.general import search as general
from patience_core.model.deal import seeded_order, start_position
from patience_core.variants.catalog import load_rules
from conftest import pile, played_and_undone, position_of, run_cli, validate_refusal


def _homes(position, card_pile):
    rules = position.rules
    return {rules.pile_names[m.dst] for m in position.legal_moves()
            if m.kind is TO_FOUNDATION and m.src == pile(rules, card_pile)}


def test_a_six_goes_only_onto_the_six_pile_of_its_queens_column():
    rules = load_rules("glencoe")
    position = position_of(rules, {"tableau:1": "QH 6H", "tableau:2": "QS 6C", "tableau:3": "QC 5C",
                                   "stock": "2D"}, rest=None)
    assert _homes(position, "tableau:1") == {"foundation:1"}   # column 1's Queen is a heart
    assert _homes(position, "tableau:2") == {"foundation:3"}   # column 3's Queen is the club
    assert _homes(position, "tableau:3") == {"foundation:11"}   # the Five pile of column 3


def test_after_its_first_card_a_pile_takes_any_suit():
    rules = load_rules("glencoe")
    position = position_of(rules, {"tableau:1": "QH 6H", "tableau:2": "QS 7C", "stock": "2D"}, rest=None)
    (up,) = [m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, "tableau:1")]
    position.apply(up)
    assert _homes(position, "tableau:2") == {"foundation:1"}


def test_nothing_goes_up_for_a_column_not_started():
    rules = load_rules("glencoe")
    position = position_of(rules, {"tableau:1": "QC 6S", "stock": "2D"}, rest=None)
    assert _homes(position, "tableau:1") == set()   # no column has a spade Queen yet


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(2)
    played_and_undone(load_rules("glencoe"), 1, lambda pos, moves: rng.choice(moves) if moves else None, 400)


@pytest.mark.skipif(not general.available(), reason="the compiled search is not built")
def test_the_compiled_search_leaves_it_to_the_exhaustive_one():
    rules = load_rules("glencoe")
    assert general.unsupported(start_position(rules, seeded_order(rules, 1))) is not None


def test_show_says_it():
    assert "pile n takes its first card only in the suit of the bottom card of tableau:n" in run_cli("show", "glencoe")[1]


@pytest.mark.parametrize("patch, expected", [
    ("foundations: {sixes: {base_suit_from: nowhere}}", "unknown pile group 'nowhere'"),
    ("foundations: {sixes: {suits: fixed}}", "expected suits: any or regardless"),
])
def test_bad_base_suits_are_refused_in_one_line(tmp_path, patch, expected):
    text = validate_refusal(tmp_path, f"extends: glencoe\nname: bad\n{patch}\n")
    assert "foundations.sixes" in text and expected in text
