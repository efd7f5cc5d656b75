"""moves: card-or-pile (PySolFC's Canfield_AC_RowStack, as in Storehouse, PySolFC game 100):
the top card moves alone, or the whole pile when it is one run; never part of a run."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.model.cards import card_name
from patience_core.model.legal import movable_units
from conftest import c, position_of
from endings import agrees_with_the_oracle


@pytest.fixture(scope="module")
def rules():
    return load_rules("storehouse")


def _units(rules, position, pile):
    return [(card_name(card), n)
            for card, n in movable_units(position, rules.pile_index(pile))]


def test_the_top_card_or_the_whole_run_never_part_of_it(rules):
    position = position_of(rules, {"tableau:1": "9S 8S 7S", "tableau:2": "9H 5H 7H"}, rest="stock")
    assert _units(rules, position, "tableau:1") == [("7S", 1), ("9S", 3)]
    assert _units(rules, position, "tableau:2") == [("7H", 1)]          # not one run: the top card only


def test_a_whole_pile_goes_onto_a_card_it_follows(rules):
    position = position_of(rules, {"tableau:1": "9S 8S 7S", "tableau:2": "10S", "tableau:3": "8D"}, rest="stock")
    moves = {(rules.pile_names[m.src], rules.pile_names[m.dst], m.count) for m in position.legal_moves()
             if m.kind.value == "between-piles"}
    assert ("tableau:1", "tableau:2", 3) in moves
    assert not any(src == "tableau:1" and n == 2 for src, _dst, n in moves)


def test_the_compiled_search_agrees_with_the_oracle(rules):
    assert agrees_with_the_oracle(rules, ((1, 6), (2, 8), (3, 10), (4, 12), (5, 9)), seconds=10) >= 6
