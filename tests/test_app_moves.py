"""The full-screen game under Textual's pilot: every way to move (click, drag, cursor keys and
hjkl, space and enter, enter twice, typed commands), the marks of a picked card, and refusals
that say why (the engine's ``why_not``)."""
from __future__ import annotations

import pytest

from app_pilot import click_pile, drive, foundation_play, make_app, new_session, screen_text, status, walk_to
from patience_core.model import cards
from patience_core.agents.policies import naive_move
from patience_core.ui.commands import move_words, why_not_here
from patience_core.ui.picking import legal_moves


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_click_a_card_then_its_foundation():
    app = make_app()
    play = foundation_play(app, "reserve").move
    label = cards.card_label(play.card)

    async def script(pilot):
        await click_pile(pilot, play.src)
        picked = (app.state.picked, set(app.state.targets), status(app))
        await click_pile(pilot, play.dst)
        return picked

    picked, targets, said = drive(app, script)
    assert picked[0] == play.src and play.dst in targets
    assert f"{label} picked" in said
    assert app.session.position.piles[play.dst][-1] == play.card
    assert app.session.move_count() == 1
    assert app.state.picked is None and not app.state.targets
    assert f"{label} {app.labels.label(play.src)}" in status(app)


def test_the_piles_that_take_the_picked_card_are_marked():
    app = make_app()
    play = foundation_play(app).move

    async def script(pilot):
        await click_pile(pilot, play.src)
        return screen_text(app)

    text = drive(app, script)
    assert f"{app.labels.label(play.dst)}\u2193" in text   # the target's label is marked
    assert f"[{cards.card_label(play.card).rjust(3)}]" in text  # the picked card is bracketed


def test_a_card_without_a_move_says_why_and_is_not_picked():
    app = make_app()
    position = app.session.position
    rules = app.session.rules
    playable = {item.move.src for item in legal_moves(position)}
    pile = next(p for p in rules.groups["right"] if p not in playable)
    name = cards.card_label(position.piles[pile][-1])

    async def script(pilot):
        await click_pile(pilot, pile)

    drive(app, script)
    assert app.state.picked is None
    assert status(app).startswith(f"{name} fits no foundation")


def test_a_covered_card_is_refused_with_what_covers_it():
    app = make_app()
    left = app.session.rules.groups["left"][0]
    cards_there = app.session.position.piles[left]

    async def script(pilot):
        await click_pile(pilot, left, 0)

    drive(app, script)
    assert app.state.picked is None
    assert "is covered by" in status(app) and cards.card_label(cards_there[-1]) in status(app)


def test_an_illegal_destination_says_why_in_the_status_line():
    app = make_app()
    position = app.session.position
    play = foundation_play(app).move
    wrong = next(f for f in app.session.rules.foundations if cards_fit_not(position, play.card, f))
    reason = why_not_here(position, play.src, wrong, play.card, app.labels, app.unicode)

    async def script(pilot):
        await click_pile(pilot, play.src)
        await click_pile(pilot, wrong)

    drive(app, script)
    assert app.session.move_count() == 0
    assert reason and " ".join(reason.split()) in status(app)
    assert f"cannot go on {app.labels.label(wrong)}" in status(app)


def cards_fit_not(position, card, f) -> bool:
    return card not in position.wanted(f)


def test_drag_a_card_onto_its_foundation():
    app = make_app()
    play = foundation_play(app, "reserve").move

    async def script(pilot):
        offset = (app.views[play.src].size.width - 3, 0)
        await pilot.mouse_down(f"#pile-{play.src}", offset=offset)
        await pilot.mouse_up(f"#pile-{play.dst}", offset=(2, 1))
        await pilot.pause()

    drive(app, script)
    assert app.session.position.piles[play.dst][-1] == play.card
    assert app.session.move_count() == 1


def test_clicking_the_picked_card_again_is_the_smart_move():
    app = make_app()
    play = foundation_play(app, "tableau").move

    async def script(pilot):
        await click_pile(pilot, play.src)
        await click_pile(pilot, play.src)

    drive(app, script)
    assert app.session.move_count() == 1
    assert play.card in app.session.position.piles[play.dst]


def test_clicking_the_stock_turns_it():
    app = make_app()
    rules = app.session.rules
    top = app.session.position.piles[rules.stock][-1]

    async def script(pilot):
        await click_pile(pilot, rules.stock)

    drive(app, script)
    assert app.session.position.piles[rules.waste][-1] == top
    assert status(app) == f"turned {cards.card_label(top)}"


@pytest.mark.parametrize("keys", [("left", "right", "up", "down"), ("h", "l", "k", "j")])
def test_cursor_keys_and_hjkl_move_the_cursor(keys):
    app = make_app()
    rules = app.session.rules
    left, right, up, down = keys

    async def script(pilot):
        start = app.state.cursor[0]
        await pilot.press(right)
        after_right = app.state.cursor[0]
        await pilot.press(left)
        back = app.state.cursor[0]
        await pilot.press(down)
        below = app.state.cursor[0]
        await pilot.press(up)
        return start, after_right, back, below, app.state.cursor[0]

    start, after_right, back, below, above = drive(app, script)
    f1, f2 = rules.foundations[:2]
    assert (start, after_right, back) == (f1, f2, f1)
    assert rules.pile_kind[below] == "tableau" and above == f1
    assert "(left:" in status(app) or "foundation" in status(app)


def test_space_picks_and_places_with_the_cursor():
    app = make_app()
    play = foundation_play(app, "reserve").move

    async def script(pilot):
        await walk_to(pilot, play.src)
        await pilot.press("space")
        picked = app.state.picked
        await walk_to(pilot, play.dst)
        await pilot.press("space")
        return picked

    picked = drive(app, script)
    assert picked is not None and picked[0] == play.src
    assert app.session.position.piles[play.dst][-1] == play.card


def test_space_on_the_picked_card_puts_it_back():
    app = make_app()
    play = foundation_play(app).move

    async def script(pilot):
        await walk_to(pilot, play.src, keys=("h", "l", "k", "j"))
        await pilot.press("space")
        picked = app.state.picked
        await pilot.press("space")
        return picked

    assert drive(app, script) is not None
    assert app.state.picked is None and app.session.move_count() == 0 and status(app) == "put back"


def test_enter_twice_is_the_smart_move():
    app = make_app()
    play = foundation_play(app, "tableau").move

    async def script(pilot):
        await walk_to(pilot, play.src)
        await pilot.press("enter")
        await pilot.press("enter")

    drive(app, script)
    assert app.session.move_count() == 1
    assert play.card in app.session.position.piles[play.dst]


def test_up_and_down_walk_through_a_column_only_where_a_card_can_move():
    app = make_app()
    left = app.session.rules.groups["left"][0]

    async def script(pilot):
        await walk_to(pilot, left)
        await pilot.press("up")   # only the bottom card of a left-wing column is free: leave it
        return app.state.cursor

    pile, _index = drive(app, script)
    assert pile in app.session.rules.foundations


def test_typed_commands_after_a_colon():
    app = make_app()
    rules = app.session.rules
    play = foundation_play(app)
    words = move_words(app.labels, play.raw)

    async def script(pilot):
        seen = []
        for line in (words, "t", "undo", "xyzzy"):
            await pilot.press("colon")
            seen.append(app.query_one("#command").display)
            await pilot.press(*line)
            await pilot.press("enter")
            seen.append(status(app))
        seen.append(app.query_one("#command").display)
        return seen

    seen = drive(app, script)
    assert seen[0] is True and seen[-1] is False
    assert seen[1].startswith(cards.card_label(play.move.card))
    assert seen[3].startswith("turned ")
    assert seen[5].startswith("undo: turned ")
    assert "'xyzzy' is not a card, a pile or a command" in seen[7]
    assert app.session.move_count() == 1 and app.session.position.piles[rules.waste] == []


def test_a_typed_move_that_fits_two_foundations_asks_and_the_next_line_answers():
    session = new_session("royal-cotillion", seed=1)
    position = session.position
    while not (fits_two := [c for _p, c in position.free_cards() if len(position.takers[c]) > 1]):
        session.play(naive_move(position))  # on until a free card fits two foundations
    app = make_app(session)
    card = fits_two[0]
    target = position.takers[card][-1]

    async def script(pilot):
        await pilot.press("colon", *cards.card_name(card).lower(), "enter")
        asked = status(app)
        number = str(session.rules.foundations.index(target) + 1)
        await pilot.press("colon", *number, "enter")
        return asked

    asked = drive(app, script)
    assert "which foundation?" in asked
    assert session.position.piles[target][-1] == card


def test_a_plugins_choice_is_listed_and_answered_with_a_number_key():
    try:
        session = new_session("royal-cotillion-choose-fill", seed=1)
    except Exception as exc:  # the example plugin is not installed
        pytest.skip(f"royal-cotillion-choose-fill: {exc}")
    rules = session.rules
    position = session.position
    session.play(next(i.raw for i in legal_moves(position) if i.move.kind == "turn"))  # a card in the waste
    app = make_app(session)
    play = foundation_play(app, "reserve").move
    stock_top = position.piles[rules.stock][-1]

    async def script(pilot):
        await click_pile(pilot, play.src)
        await click_pile(pilot, play.dst)
        asked = status(app)
        await pilot.press("2")
        return asked

    asked = drive(app, script)
    assert "choose: 1 = " in asked and "2 = fill right:" in asked and "(press the number)" in asked
    assert position.piles[play.src] == [stock_top] and getattr(position, "pending", -1) < 0
