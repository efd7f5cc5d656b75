"""Foundations whose first card takes its rank from a layout pile's bottom card
(``base_rank_from``, PySolFC's Interregnum.startGame: one rank above the card on the place
above the foundation) and whose last card comes only from that pile (``last_from``,
Interregnum_Foundation: the thirteenth card from the place, the others only from the columns)."""
from __future__ import annotations

import random

import pytest

from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.general import search as general
from patience_core.model.deal import seeded_order, start_position
from patience_core.variants.catalog import load_rules
from conftest import pile, played_and_undone, position_of, run_cli, validate_refusal

RUN_FROM_8 = "8C 9D 10H JS QC KD AH 2S 3C 4D 5H 6S"   # twelve cards up from 8, King then Ace


def _homes(position, card_pile):
    rules = position.rules
    return {rules.pile_names[m.dst] for m in position.legal_moves()
            if m.kind is TO_FOUNDATION and m.src == pile(rules, card_pile)}


def test_a_pile_starts_only_one_rank_above_its_places_card():
    rules = load_rules("interregnum")
    position = position_of(rules, {"places:1": "7C", "places:2": "KH", "places:3": "7S",
                                   "tableau:1": "8H", "tableau:2": "AD", "tableau:3": "9S"}, rest=None)
    assert _homes(position, "tableau:1") == {"foundation:1", "foundation:3"}   # both places hold a 7
    assert _homes(position, "tableau:2") == {"foundation:2"}   # above a King comes the Ace
    assert _homes(position, "tableau:3") == set()


def test_nothing_starts_a_pile_whose_place_is_empty():
    rules = load_rules("interregnum")
    position = position_of(rules, {"places:1": "", "tableau:1": "8H"}, rest=None)
    assert "foundation:1" not in _homes(position, "tableau:1")


def test_the_places_card_completes_its_own_pile_and_goes_nowhere_else():
    rules = load_rules("interregnum")
    position = position_of(rules, {"places:1": "7C", "places:2": "7D", "foundation:1": RUN_FROM_8,
                                   "foundation:2": "8S 9S", "tableau:1": "7H", "tableau:2": "10C"}, rest=None)
    assert _homes(position, "places:1") == {"foundation:1"}   # the thirteenth card, from its own place
    assert _homes(position, "places:2") == set()              # its own pile wants a 10, the other is full
    assert _homes(position, "tableau:1") == set()             # a column's 7 may not complete it
    assert _homes(position, "tableau:2") == {"foundation:2"}


def test_a_place_card_that_fits_another_pile_mid_way_stays():
    rules = load_rules("interregnum")
    position = position_of(rules, {"places:1": "7C", "places:2": "9D", "foundation:1": "8C"}, rest=None)
    assert _homes(position, "places:2") == set()   # foundation 1 wants a 9, but not from a place


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(3)
    played_and_undone(load_rules("interregnum"), 1, lambda pos, moves: rng.choice(moves) if moves else None, 400)


@pytest.mark.skipif(not general.available(), reason="the compiled search is not built")
def test_the_compiled_search_leaves_it_to_the_exhaustive_one():
    rules = load_rules("interregnum")
    assert general.unsupported(start_position(rules, seeded_order(rules, 1))) is not None


def test_show_says_it():
    text = run_cli("show", "interregnum")[1]
    assert "pile n takes its first card only of the rank of the bottom card of places:n, 1 rank above" in text
    assert "pile n takes its last card only from places:n, and places:n's card goes nowhere else" in text


@pytest.mark.parametrize("patch, expected", [
    ("foundations: {home: {base_rank_from: {group: nowhere}}}", "unknown pile group 'nowhere'"),
    ("foundations: {home: {base: A}}", "expected base: any with a build rule"),
    ("foundations: {home: {last_from: nowhere}}", "unknown pile group 'nowhere'"),
])
def test_bad_partners_are_refused_in_one_line(tmp_path, patch, expected):
    text = validate_refusal(tmp_path, f"extends: interregnum\nname: bad\n{patch}\n")
    assert "foundations.home" in text and expected in text
