"""Gap sources that wait for a state (``empty_from`` entries ``{from, when}``), as PySolFC's
Glenwood_RowStack takes a waste card into a gap only once every reserve pile is empty, while
reserve cards and whole columns go into gaps at any time (Dutchess). Dutchess's first card up,
from a reserve pile, chooses the base (base: first); until then the stock and the columns wait."""
from __future__ import annotations

import random


from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION, TURN
from patience_core.variants.catalog import load_rules
from conftest import c, pile, played_and_undone, position_of, run_cli, validate_refusal


def _into(position, gap):
    rules = position.rules
    return {(rules.pile_names[m.src], m.card) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and m.dst == pile(rules, gap)}


def test_a_waste_card_goes_into_a_gap_only_once_the_reserve_is_empty():
    rules = load_rules("dutchess")
    held = position_of(rules, {"reserve:1": "9S", "tableau:1": "5D", "waste": "7H", "foundation:2": "8D"})
    assert _into(held, "tableau:2") == {("reserve:1", c("9S")), ("tableau:1", c("5D"))}
    empty = position_of(rules, {"tableau:1": "5D", "waste": "7H", "foundation:2": "8D"})
    assert _into(empty, "tableau:2") == {("tableau:1", c("5D")), ("waste", c("7H"))}


def test_a_waste_card_still_goes_onto_a_column_while_the_reserve_holds_cards():
    rules = load_rules("dutchess")
    position = position_of(rules, {"reserve:1": "9S", "tableau:1": "8C", "waste": "7H", "foundation:2": "8D"})
    assert ("waste", c("7H")) in _into(position, "tableau:1")


def test_before_the_first_card_up_only_the_reserve_moves():
    rules = load_rules("dutchess")
    position = position_of(rules, {"reserve:1": "9S", "reserve:2": "7D", "tableau:1": "8C", "tableau:2": "3H"})
    moves = position.legal_moves()
    assert not [m for m in moves if m.kind is TURN]
    assert not [m for m in moves if m.src in (pile(rules, "tableau:1"), pile(rules, "tableau:2"))]
    assert {rules.pile_names[m.src] for m in moves if m.kind is TO_FOUNDATION} == {"reserve:1", "reserve:2"}
    assert ("reserve:2", c("7D")) in _into(position, "tableau:1")   # a reserve card onto a column
    (up,) = [m for m in moves if m.kind is TO_FOUNDATION and m.card == c("9S")]
    position.apply(up)   # the 9 is the base now
    moves = position.legal_moves()
    assert [m for m in moves if m.kind is TURN]
    assert not [m for m in moves if m.kind is TO_FOUNDATION and m.card == c("7D")]


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(5)
    played_and_undone(load_rules("dutchess"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_it():
    assert "or from the waste only when every pile of reserve is empty" in run_cli("show", "dutchess")[1]


def test_a_bad_source_is_refused_in_one_line(tmp_path):
    text = "extends: dutchess\nname: bad\npiles: {tableau: {empty_from: [reserve, {from: wast, when: {empty: reserve}}]}}\n"
    out = validate_refusal(tmp_path, text)
    assert "piles.tableau.empty_from[1]" in out and "wast" in out
