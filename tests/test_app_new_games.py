"""The full-screen game on the games where cards move between piles (issue 13): Klondike's
columns with face-down cards, FreeCell's free cells, Sir Tommy's four waste piles (the stock is
picked, then a waste), Spider's deal of a row; and their snapshots at 80 x 24."""
from __future__ import annotations

import pytest

from app_pilot import click_pile, drive, make_app, new_session, pressing, status
from patience_core.model import cards
from patience_core.model.moves import BETWEEN_PILES
from patience_core.ui.picking import legal_moves


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NO_COLOR", raising=False)


def between_piles(session, dst_kind: str):
    rules = session.rules
    return next(item.move for item in legal_moves(session.position)
                if item.move.kind is BETWEEN_PILES and rules.pile_kind[item.move.dst] == dst_kind)


def test_klondike_a_card_clicked_onto_another_column():
    session = new_session("klondike")
    app = make_app(session)
    move = between_piles(session, "tableau")
    below = session.position.piles[move.src][-2] if len(session.position.piles[move.src]) > 1 else None

    async def script(pilot):
        await click_pile(pilot, move.src)
        await click_pile(pilot, move.dst)

    drive(app, script)
    assert session.position.piles[move.dst][-1] == move.card
    if below is not None:  # the card under it was face down: it turns up inside the move
        assert session.position.down[move.src] == len(session.position.piles[move.src]) - 1


def test_klondike_a_face_down_card_cannot_be_picked():
    session = new_session("klondike")
    app = make_app(session)
    seventh = session.rules.groups["tableau"][6]

    async def script(pilot):
        await click_pile(pilot, seventh, 0)

    drive(app, script)
    assert app.state.picked is None and status(app) == f"that card of {app.labels.label(seventh)} is face down"


def test_freecell_a_card_into_a_free_cell_and_the_smart_move_prefers_a_column():
    session = new_session("freecell")
    app = make_app(session)
    move = between_piles(session, "cell")

    async def script(pilot):
        await click_pile(pilot, move.src)
        await click_pile(pilot, move.dst)

    drive(app, script)
    assert session.position.piles[move.dst] == [move.card]
    assert app.session.rules.pile_kind[move.dst] == "cell"


def test_sir_tommy_the_stock_is_picked_then_turned_onto_the_waste_clicked():
    session = new_session("sir-tommy")
    app = make_app(session)
    rules = session.rules
    third = rules.waste_piles[2]
    top = session.position.piles[rules.stock][-1]

    async def script(pilot):
        await pilot.press("t")
        asked = status(app)
        await click_pile(pilot, third)
        return asked

    asked = drive(app, script)
    assert asked.startswith("turn onto which waste pile? w1, w2, w3, w4")
    assert cards.card_label(top) not in asked   # the stock is face down: never named
    assert session.position.piles[third] == [top]


def test_sir_tommy_a_typed_turn_onto_a_chosen_waste():
    session = new_session("sir-tommy")
    app = make_app(session)
    second = session.rules.waste_piles[1]
    top = session.position.piles[session.rules.stock][-1]

    async def script(pilot):
        await pilot.press("colon", *"t w2", "enter")

    drive(app, script)
    assert session.position.piles[second] == [top]


def test_spider_clicking_the_stock_deals_a_row():
    session = new_session("spider")
    app = make_app(session)
    rules = session.rules
    sizes = [len(session.position.piles[p]) for p in rules.groups["tableau"]]

    async def script(pilot):
        await click_pile(pilot, rules.stock)

    drive(app, script)
    assert [len(session.position.piles[p]) for p in rules.groups["tableau"]] == [n + 1 for n in sizes]


@pytest.mark.parametrize("variant, keys", [("klondike", ["t", "t"]), ("freecell", ["H"]), ("sir-tommy", ["t"])])
def test_snapshot(snap_compare, variant, keys):
    assert snap_compare(make_app(new_session(variant, seed=3)), run_before=pressing(*keys), terminal_size=(80, 24))
