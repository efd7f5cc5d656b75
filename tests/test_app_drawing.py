"""The full-screen game's engine-facing helpers and pile drawing, without running the app:
moves read through attributes, the cursor's neighbours, the smart move, and how piles are drawn
from the API (a draw-N waste fanned, face-down cards as backs, long runs of them counted)."""
from __future__ import annotations

from textual.geometry import Region

from conftest import get_rules
from patience_core import deal_seed
from patience_core.model import cards
from patience_core.model.moves import BETWEEN_PILES, Move, TO_FOUNDATION, TURN
from patience_core.ui.app import app_glyphs, neighbour
from patience_core.ui.board import Glyphs
from patience_core.ui.commands import PileLabels
from patience_core.ui.picking import Legal, legal_moves, pickable_indices, smart_move, stock_moves
from patience_core.ui.widgets import BoardState, PileView, group_plans, pack_rows, pile_shapes


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
    aside = Move(BETWEEN_PILES, up.move.src, rules.groups["left"][0], up.move.card)
    sideways = Legal(aside, aside)
    assert smart_move(position, [sideways, up]) == up


def test_the_cursor_stops_only_on_cards_that_can_move():
    rules = get_rules("royal-cotillion")
    position = deal_seed(rules, 1)
    left = rules.groups["left"][0]
    assert pickable_indices(position, legal_moves(position), left) == [len(position.piles[left]) - 1]


def state_of(position, unicode=True) -> BoardState:
    return BoardState(position, PileLabels(position.rules), Glyphs(unicode=unicode, colour=False))


def test_a_draw_three_waste_is_fanned_with_the_free_card_last():
    rules = get_rules("klondike", draw="3")
    position = deal_seed(rules, 1)
    for _ in range(2):
        position.apply(next(item.raw for item in legal_moves(position) if item.move.kind is TURN))
    waste = position.piles[rules.waste]
    view = PileView(rules.waste, "fan", state_of(position), 15)
    lines = view.draw().plain.splitlines()
    assert lines[1].split() == [cards.card_label(c) for c in waste[-3:]]
    assert lines[2] == f"+{len(waste) - 3}"


def test_face_down_cards_are_backs_and_a_long_run_of_them_one_counted_back():
    rules = get_rules("klondike")
    position = deal_seed(rules, 1)
    second, seventh = rules.groups["tableau"][1], rules.groups["tableau"][6]
    two = PileView(second, "column", state_of(position, unicode=False), 5).draw().plain.splitlines()
    assert [line.strip() for line in two[1:]] == ["###", cards.card_label(position.piles[second][-1], False)]
    many = PileView(seventh, "column", state_of(position, unicode=False), 5).draw().plain.splitlines()
    assert many[1].strip() == "#6" and len(many) == 3


def test_free_cells_and_several_waste_piles_are_drawn_from_the_rules():
    freecell = get_rules("freecell")
    shapes = pile_shapes(freecell)
    assert {shapes[p] for p in freecell.groups["cells"]} == {"place"}
    tommy = get_rules("sir-tommy")
    assert len(tommy.waste_piles) == 4 and {pile_shapes(tommy)[w] for w in tommy.waste_piles} == {"column"}


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


def test_a_tableau_wider_than_the_board_goes_on_in_a_second_row():
    from app_pilot import drive, make_app, new_session, screen_text

    app = make_app(new_session("black-hole", seed=1))

    async def script(pilot):
        return screen_text(app)

    screen = drive(app, script)
    assert all(f"t{n} " in screen for n in range(1, 18))
