"""The full-screen game's engine-facing helpers and pile drawing, without running the app:
moves read through attributes, the cursor's neighbours, the smart move, and how piles are drawn
from the API (a draw-N waste fanned, face-down cards as backs, long runs of them counted)."""
from __future__ import annotations

from textual.geometry import Region

from conftest import get_rules
from patience_core import deal_seed, load_rules
from patience_core.model import cards
from patience_core.model.moves import BETWEEN_PILES, Move, REDEAL, TO_FOUNDATION, TURN
from patience_core.model.position import NO_CARD, Position
from patience_core.ui.app import app_glyphs, neighbour
from patience_core.ui.board import Glyphs
from patience_core.ui.commands import PileLabels
from patience_core.ui.picking import Legal, as_move, legal_moves, pickable_indices, smart_move, stock_moves
from patience_core.ui.widgets import BoardState, PileView, group_plans, pack_rows


def test_engine_moves_are_read_through_attributes():
    rules = get_rules("royal-cotillion")
    position = deal_seed(rules, 1)
    kinds = {as_move(rules, raw).kind for raw in position.legal_moves()}
    assert kinds == {TO_FOUNDATION, TURN}
    assert as_move(rules, (rules.waste, rules.stock, NO_CARD)).kind is REDEAL
    record = Move(BETWEEN_PILES, 0, 1, 5, 2)
    assert as_move(rules, record) is record


def test_the_stock_turns_before_it_redeals():
    rules = get_rules("contradance")
    position = deal_seed(rules, 1)
    assert [item.move.kind for item in stock_moves(position, legal_moves(position))] == [TURN]


def test_the_cursor_goes_to_the_nearest_pile_beyond_it():
    here = Region(10, 5, 5, 3)
    piles = {1: Region(16, 5, 5, 3), 2: Region(30, 5, 5, 3), 3: Region(16, 9, 5, 1), 4: Region(9, 0, 5, 3),
             5: Region(0, 5, 5, 4)}
    assert neighbour(here, piles, "right") == 1
    assert neighbour(here, piles, "left") == 5
    assert neighbour(here, piles, "up") == 4
    assert neighbour(here, piles, "down") == 3
    assert neighbour(here, {2: piles[2]}, "left") is None


def test_the_smart_move_prefers_a_foundation():
    rules = get_rules("royal-cotillion")
    position = deal_seed(rules, 1)
    up = next(item for item in legal_moves(position) if item.move.kind is TO_FOUNDATION)
    sideways = Legal(Move(BETWEEN_PILES, up.move.src, rules.groups["left"][0], up.move.card), "sideways")
    assert smart_move(position, [sideways, up]) == up


def test_the_cursor_stops_only_on_cards_that_can_move():
    rules = get_rules("royal-cotillion")
    position = deal_seed(rules, 1)
    left = rules.groups["left"][0]
    assert pickable_indices(position, legal_moves(position), left) == [len(position.piles[left]) - 1]


def state_of(position, unicode=True) -> BoardState:
    return BoardState(position, PileLabels(position.rules), Glyphs(unicode=unicode, colour=False))


def test_a_draw_three_waste_is_fanned_with_the_free_card_last():
    rules = load_rules("royal-cotillion", {})   # a copy of our own: ``draw`` is set on it
    rules.draw = 3
    position = deal_seed(rules, 1)
    turned = []
    for _ in range(4):
        turned.append(position.piles[rules.stock][-1])
        position.apply(next(item.raw for item in legal_moves(position) if item.move.kind is TURN))
    view = PileView(rules.waste, "fan", state_of(position), 15)
    lines = view.draw().plain.splitlines()
    assert lines[1].split() == [cards.card_label(c) for c in turned[1:]]
    assert lines[2] == "+1"


class FaceDownPosition(Position):
    """A position with face-down cards (``down[p]``, as the engine of issue 13 has them)."""

    __slots__ = ("down",)


def test_face_down_cards_are_backs_and_a_long_run_of_them_one_counted_back():
    rules = get_rules("gavotte")
    start = deal_seed(rules, 1)
    position = FaceDownPosition(rules, [list(p) for p in start.piles])
    left = rules.groups["left"]
    position.down = [0] * rules.n_piles
    position.down[left[0]] = 2
    two = PileView(left[0], "column", state_of(position, unicode=False), 5).draw().plain.splitlines()
    assert [line.strip() for line in two[1:3]] == ["###", "###"]
    assert two[3].strip() == cards.card_label(position.piles[left[0]][2], False)
    position.piles[left[1]] = [c for c in start.piles[left[1]]] + list(start.piles[rules.stock][-4:])
    position.down[left[1]] = 6
    many = PileView(left[1], "column", state_of(position, unicode=False), 5).draw().plain.splitlines()
    assert many[1].split() == ["###", "6"] and len(many) == 1 + 1 + 2


def test_no_color_and_a_dumb_terminal_give_letters_without_colour(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert app_glyphs().colour
    monkeypatch.setenv("NO_COLOR", "1")
    assert app_glyphs() == Glyphs(unicode=False, colour=False)
    monkeypatch.delenv("NO_COLOR")
    monkeypatch.setenv("TERM", "dumb")
    assert app_glyphs() == Glyphs(unicode=False, colour=False)


def test_groups_share_a_row_while_they_fit_80_columns():
    rules = get_rules("royal-cotillion")
    foundations, layout = group_plans(rules, PileLabels(rules))
    assert [len(row) for row in pack_rows(foundations)] == [2]
    assert [len(row) for row in pack_rows(layout)] == [3]
    assert all(sum(p.width for p in row) + len(row) - 1 <= 78 for row in pack_rows(layout))
