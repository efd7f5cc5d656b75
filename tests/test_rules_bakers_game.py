"""Baker's Game, rule by rule, from docs/rules/bakers-game.md: FreeCell built in suit."""
from __future__ import annotations

import pytest

from conftest import get_rules, move, pile_cards, pile_moves_named, position_of, refusal
from patience_core.agents.safe import safe_moves
from test_rules_freecell import layout  # one blocker card in every column a test leaves out

BG = "bakers-game"


@pytest.fixture(scope="module")
def rules():
    return get_rules(BG)


def test_the_piles_and_deal_are_freecells(rules):
    freecell = get_rules("freecell")
    assert rules.pile_names == freecell.pile_names
    assert rules.deal_targets == freecell.deal_targets
    assert [n for n in get_rules(BG, cells="2").pile_names if n.startswith("cells")] == ["cells:1", "cells:2"]


def test_builds_down_in_suit_only(rules):
    position = layout(rules, {"tableau:1": "9S", "tableau:2": "8S", "tableau:3": "8H", "tableau:4": "8C"})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves
    assert ("tableau:3", "tableau:1", 1) not in moves and ("tableau:4", "tableau:1", 1) not in moves
    assert "builds down in suit; 8H does not go on 9S" in refusal(position, "8H", "tableau:3", "tableau:1")


def test_only_runs_in_suit_move_and_the_supermove_limit_holds(rules):
    position = layout(rules, {"tableau:1": "7H 6H 5H 4H 3H 2H", "tableau:2": "8H", "tableau:3": "JD 10C 9D",
                              "tableau:4": "JC"}, empty=["tableau:8"])
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 6) in moves, "(4 + 1) x 2 = 10 >= 6"
    assert not any(src == "tableau:3" and n > 1 for src, _dst, n in moves), "10C 9D is no run in suit"
    into_gap = {n for src, dst, n in moves if src == "tableau:1" and dst == "tableau:8"}
    assert into_gap == {1, 2, 3, 4, 5}
    position.apply(move(rules, "7H", "tableau:1", "tableau:2")._replace(count=6))
    assert pile_cards(position, "tableau:2") == "8H 7H 6H 5H 4H 3H 2H".split()


def test_every_play_to_a_foundation_is_safe(rules):
    position = layout(rules, {"cells:1": "2H", "cells:2": "3C", "tableau:1": "AS"},
                      foundations={"foundation:1": "AH", "foundation:2": "2C"})
    plays = {(m.src, m.card) for m in position.legal_moves() if rules.is_foundation[m.dst]}
    assert len(plays) == 3
    assert {(m.src, m.card) for m in safe_moves(position)} == plays
    freecell = get_rules("freecell")
    alternate = position_of(freecell, {"cells:1": "2H"}, {"foundation:1": "AH"}, rest=None)
    assert list(safe_moves(alternate)) == [], "in FreeCell 2H may still carry the black Aces"
