"""FreeCell, rule by rule, from docs/rules/freecell.md: cells, empty columns and the supermove."""
from __future__ import annotations

import pytest

from conftest import (blocked_position, crafted_order, foundation_moves_named, get_rules, move, pile_cards,
                      pile_moves_named, refusal)
from patience_core.agents.safe import safe_moves
from patience_core.model.deal import start_position
from patience_core.model.moves import BETWEEN_PILES
from patience_core.model.position import LOST, PLAYING, WON

FC = "freecell"
COLUMNS = [f"tableau:{n}" for n in range(1, 9)]
CELLS = [f"cells:{n}" for n in range(1, 5)]
# One card per column that builds on nothing else here (ranks 5, 9, K, 3 twice each), to fill
# the columns a test does not use so that none of them is empty.
BLOCKERS = ["5C", "5S", "9D", "9H", "KC", "KS", "3D", "3H"]


@pytest.fixture(scope="module")
def rules():
    return get_rules(FC)


def layout(rules, piles, empty=(), foundations=None):
    return blocked_position(rules, piles, BLOCKERS, empty, foundations)


RUN_OF_10 = "JS 10H 9S 8H 7S 6H 5S 4H 3S 2H"


# --- pack, piles, deal ---------------------------------------------------------------------------

def test_pile_ids_and_the_cells_parameter(rules):
    assert rules.pile_names == COLUMNS + CELLS + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 5)]
    assert [n for n in get_rules(FC, cells="2").pile_names if n.startswith("cells")] == ["cells:1", "cells:2"]
    assert not any(n.startswith("cells") for n in get_rules(FC, cells="0").pile_names)
    assert rules.decks == 1 and rules.autoplay is False


def test_deal_all_face_up_row_by_row_seven_and_six(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    for n in range(8):
        p = rules.pile_index(COLUMNS[n])
        assert position.piles[p] == order[n::8]
        assert len(position.piles[p]) == (7 if n < 4 else 6)
        assert position.down[p] == 0
    assert position.piles[rules.stock] == [] and all(position.piles[rules.pile_index(x)] == [] for x in CELLS)
    assert not any(m.src == rules.stock for m in position.legal_moves()), "no stock to turn"


# --- building, cells, empty columns --------------------------------------------------------------

def test_builds_down_in_alternate_colours(rules):
    position = layout(rules, {"tableau:1": "8D", "tableau:2": "7C", "tableau:3": "7H"})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves
    assert ("tableau:3", "tableau:1", 1) not in moves
    assert "7H does not go on 8D" in refusal(position, "7H", "tableau:3", "tableau:1")


def test_a_free_cell_holds_any_one_card(rules):
    position = layout(rules, {"tableau:1": "QH 8D"})
    assert ("tableau:1", "cells:1", 1) in pile_moves_named(position)
    position.apply(move(rules, "8D", "tableau:1", "cells:1"))
    assert pile_cards(position, "cells:1") == ["8D"]
    assert ("tableau:1", "cells:1", 1) not in pile_moves_named(position)
    assert "cells:1 is full" in refusal(position, "QH", "tableau:1", "cells:1")
    assert ("tableau:1", "cells:2", 1) in pile_moves_named(position)


def test_a_card_leaves_a_cell_for_a_column_or_a_foundation(rules):
    position = layout(rules, {"cells:2": "7C", "cells:3": "2H", "tableau:1": "8D"}, foundations={"foundation:1": "AH"})
    assert ("cells:2", "tableau:1", 1) in pile_moves_named(position)
    assert ("2H", "cells:3", "foundation:1") in foundation_moves_named(position)


def test_an_empty_column_takes_any_card(rules):
    position = layout(rules, {"tableau:1": "QH 8D", "cells:1": "4S"}, empty=["tableau:5"])
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:5", 1) in moves and ("cells:1", "tableau:5", 1) in moves


# --- the supermove --------------------------------------------------------------------------------

def test_a_run_of_five_moves_with_four_free_cells(rules):
    position = layout(rules, {"tableau:1": "7S 6H 5S 4H 3S", "tableau:2": "8D"})
    assert ("tableau:1", "tableau:2", 5) in pile_moves_named(position)
    position.apply(move(rules, "7S", "tableau:1", "tableau:2")._replace(count=5))
    assert pile_cards(position, "tableau:2") == ["8D", "7S", "6H", "5S", "4H", "3S"]


def test_the_run_limit_is_cells_plus_one_times_two_to_the_empty_columns(rules):
    # RUN_OF_10 on tableau:1; QD on tableau:2 takes the whole run (the parts have no target).
    piles = {"tableau:1": RUN_OF_10, "tableau:2": "QD"}
    four_cells_one_gap = layout(rules, piles, empty=["tableau:8"])
    assert ("tableau:1", "tableau:2", 10) in pile_moves_named(four_cells_one_gap), "(4 + 1) x 2 = 10"
    three_cells_one_gap = layout(rules, {**piles, "cells:1": "KH"}, empty=["tableau:8"])
    assert ("tableau:1", "tableau:2", 10) not in pile_moves_named(three_cells_one_gap), "(3 + 1) x 2 = 8"
    assert "10 cards cannot move at once; free cells and empty columns allow 8" in \
        refusal(three_cells_one_gap, "JS", "tableau:1", "tableau:2")
    three_cells_two_gaps = layout(rules, {**piles, "cells:1": "KH"}, empty=["tableau:7", "tableau:8"])
    assert ("tableau:1", "tableau:2", 10) in pile_moves_named(three_cells_two_gaps), "(3 + 1) x 4 = 16"


def test_an_empty_column_the_run_goes_into_does_not_count(rules):
    position = layout(rules, {"tableau:1": "7S 6H 5S 4H 3S 2H"}, empty=["tableau:8"])
    into_gap = {n for src, dst, n in pile_moves_named(position) if src == "tableau:1" and dst == "tableau:8"}
    assert into_gap == {1, 2, 3, 4, 5}, "(4 + 1) x 2^0"
    assert "6 cards cannot move at once; free cells and empty columns allow 5" in \
        refusal(position, "7S", "tableau:1", "tableau:8")


def test_with_no_free_cell_only_empty_columns_carry_a_run():
    rules = get_rules(FC, cells="0")
    piles = {"tableau:1": "7S 6H 5S", "tableau:2": "8H", "tableau:3": "7C"}
    one_gap = layout(rules, piles, empty=["tableau:8"])
    moves = pile_moves_named(one_gap)
    assert ("tableau:1", "tableau:3", 2) in moves, "(0 + 1) x 2 = 2: 6H 5S onto 7C"
    assert ("tableau:1", "tableau:2", 3) not in moves, "7S 6H 5S is 3 > 2"
    no_gap = layout(rules, piles)
    assert ("tableau:1", "tableau:3", 2) not in pile_moves_named(no_gap)
    assert "allow 1" in refusal(no_gap, "6H", "tableau:1", "tableau:3")


def test_undo_of_a_supermove_restores_the_exact_position(rules):
    position = layout(rules, {"tableau:1": RUN_OF_10, "tableau:2": "QD"}, empty=["tableau:8"])
    before = position.key()
    position.apply(move(rules, "JS", "tableau:1", "tableau:2")._replace(count=10))
    assert pile_cards(position, "tableau:1") == [] and len(pile_cards(position, "tableau:2")) == 11
    position.undo()
    assert position.key() == before


# --- foundations, safe plays, won, lost ----------------------------------------------------------

def test_any_ace_starts_a_foundation_then_up_in_suit(rules):
    position = layout(rules, {"tableau:1": "AS", "cells:1": "2S", "cells:2": "2C"})
    assert {p for p in foundation_moves_named(position) if p[0] == "AS"} == {
        ("AS", "tableau:1", f"foundation:{n}") for n in range(1, 5)}
    position.apply(move(rules, "AS", "tableau:1", "foundation:2"))
    onto_it = {p for p in foundation_moves_named(position) if p[2] == "foundation:2"}
    assert onto_it == {("2S", "cells:1", "foundation:2")}
    assert not any(m.src == rules.pile_index("foundation:2") and m.kind is BETWEEN_PILES
                   for m in position.legal_moves()), "no worrying back"


def test_safe_plays(rules):
    position = layout(rules, {"tableau:1": "AD", "cells:1": "2H"}, foundations={"foundation:1": "AH",
                                                                              "foundation:2": "AC"})
    safe = [(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in safe_moves(position)]
    assert ("tableau:1", "foundation:3") in safe
    assert not any(src == "cells:1" for src, _ in safe), "AS is not home: 2H may still carry it"


def test_won_and_lost(rules):
    position = layout(rules, {"cells:1": "KD"}, foundations={"foundation:1": "KC", "foundation:2": "QD",
                                                             "foundation:3": "KH", "foundation:4": "KS"},
                      empty=COLUMNS)
    assert position.status() == PLAYING
    position.apply(move(rules, "KD", "cells:1", "foundation:2"))
    assert position.status() == WON
    stuck = layout(rules, {"cells:1": "7C", "cells:2": "7S", "cells:3": "JD", "cells:4": "JH"})
    assert stuck.legal_moves() == [] and stuck.status() == LOST
