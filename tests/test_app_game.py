"""The full-screen game's actions under Textual's pilot: undo and redo (keys and buttons), the
hint and the solver hint, safe autoplay, save and resume, new deal, restart, the statistics
and help screens, the end of a game (won, lost) and leaving."""
from __future__ import annotations

import json
import threading

import pytest

from app_pilot import click_pile, drive, foundation_play, make_app, new_session, screen_text, status
import patience_core.ui.app as app_module
from patience_core.agents.hints import hint
from patience_core.agents.policies import naive_move
from patience_core.model import cards
from patience_core.solver.solve import solve_position
from patience_core.storage.history import history_rows
from patience_core.storage.saves import load_game
from patience_core.ui.commands import move_text, move_words
from patience_core.ui.picking import as_move
from patience_core.ui.render import rules_text
from patience_core.ui.screens import ConfirmScreen, EndScreen, HelpScreen, StatsScreen


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def played_to_the_end_but_one(name: str, seed: int):
    """A session of the naive policy's game on deal ``seed``, one move before its end, and that move."""
    session = new_session(name, seed=seed)
    line = []
    probe = session.position.copy()
    while (move := naive_move(probe)) is not None:
        probe.apply(move)
        line.append(move)
    for move in line[:-1]:
        session.play(move)
    return session, line[-1], probe.status()


def test_undo_and_redo_with_keys_and_buttons():
    app = make_app()
    play = foundation_play(app).move
    position = app.session.position

    async def script(pilot):
        await click_pile(pilot, play.src)
        await click_pile(pilot, play.dst)
        seen = [app.session.move_count()]
        for press in ("u", "r", "#button-undo", "#button-redo", "backspace"):
            if press.startswith("#"):
                await pilot.click(press)
            else:
                await pilot.press(press)
            seen.append((app.session.move_count(), status(app)))
        return seen

    seen = drive(app, script)
    name = cards.card_label(play.card)
    assert seen[0] == 1
    assert seen[1][0] == 0 and seen[1][1].startswith(f"undo: {name}")
    assert seen[2][0] == 1 and seen[2][1].startswith(f"redo: {name}")
    assert seen[3][0] == 0 and seen[4][0] == 1 and seen[5][0] == 0
    assert position.piles[play.dst] == [] or position.piles[play.dst][-1] != play.card


def test_nothing_to_undo_is_said():
    app = make_app()

    async def script(pilot):
        await pilot.press("u")

    drive(app, script)
    assert status(app) == "nothing to undo"


def test_the_hint_does_not_peek_and_puts_the_cursor_on_its_card():
    app = make_app()
    move, reason, _who = hint(app.session.position.copy())

    async def script(pilot):
        await pilot.press("H")
        await app.workers.wait_for_complete()
        await pilot.pause()

    drive(app, script)
    said = status(app)
    assert said.startswith(f"hint: {move_words(app.labels, move)}")
    assert " ".join(reason.split()) in said and "peek" not in said
    assert app.state.cursor[0] == as_move(app.session.rules, move).src


def test_the_solver_hint_is_given_only_when_asked_and_says_it_peeks():
    app = make_app()
    line = solve_position(app.session.position, max_positions=app.solver_positions).moves

    async def script(pilot):
        before = status(app)
        await pilot.press("P")
        await app.workers.wait_for_complete()
        await pilot.pause()
        return before

    before = drive(app, script)
    assert "solver" not in before
    said = status(app)
    assert "peeks at the order of the stock" in said
    assert f"{move_words(app.labels, line[0])} ({move_text(app.labels, line[0], True)})" in said
    assert f"a win in {len(line)} moves" in said
    assert app.session.move_count() == 0  # a hint only: nothing is played


def test_safe_autoplay_toggles_and_plays_safe_moves():
    session = new_session("gavotte", seed=3)
    app = make_app(session)

    async def script(pilot):
        await pilot.press("a")
        first = (session.autoplay, status(app), screen_text(app))
        await pilot.press("a")
        return first

    (mode, said, text) = drive(app, script)
    assert mode == "safe" and said.startswith("autoplay safe")
    assert "auto safe" in text
    assert session.autoplay == "off" and status(app).startswith("autoplay off")


def test_save_then_resume_exactly(data_dir):
    app = make_app()
    play = foundation_play(app).move

    async def script(pilot):
        await click_pile(pilot, play.src)
        await click_pile(pilot, play.dst)
        await pilot.press("t", "u")   # one move on the board, one to redo
        await pilot.press("s")

    drive(app, script)
    saves = list((data_dir / "saves").glob("*.json"))
    assert len(saves) == 1 and f"saved to {saves[0]}" in status(app)
    resumed = load_game(saves[0])
    assert resumed.position.key() == app.session.position.key()
    assert len(resumed.redo_steps) == 1
    again = make_app(resumed, save_path=saves[0])

    async def look(pilot):
        await pilot.press("r")   # the redo list came back too

    drive(again, look)
    assert again.session.move_count() == 2
    assert again.session.position.piles[resumed.rules.waste]


def test_save_to_a_typed_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    app = make_app()
    target = tmp_path / "g.json"

    async def script(pilot):
        await pilot.press("colon", *"save g.json", "enter")

    drive(app, script)
    assert json.loads(target.read_text())["format"] == "patience-save"


def test_new_deal_asks_first_when_moves_would_be_lost_and_records_the_abandoned_game():
    app = make_app()
    seed = app.session.spec.seed

    async def script(pilot):
        await pilot.press("t", "n")
        asked = isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")            # no: carry on
        kept = app.session.spec.seed
        await pilot.press("n", "y")
        return asked, kept

    asked, kept = drive(app, script)
    assert asked and kept == seed
    assert app.session.spec.seed != seed and app.session.move_count() == 0
    assert [r["abandoned"] for r in history_rows()] == [1]


def test_restart_deals_the_same_cards_again():
    app = make_app()
    start = app.session.position.key()

    async def script(pilot):
        await pilot.press("t", "t", "R", "y")

    drive(app, script)
    assert app.session.move_count() == 0 and app.session.position.key() == start
    assert app.session.spec.seed == 1 and status(app) == "deal 1 again from the start"


def test_the_statistics_screen_shows_the_recorded_games():
    app = make_app()

    async def script(pilot):
        await pilot.press("S")
        empty = (isinstance(app.screen, StatsScreen), screen_text(app))
        await pilot.press("escape", "t", "n", "y", "S")
        full = screen_text(app)
        await pilot.press("escape")
        return empty, full, app.screen

    (on_stats, empty), full, back = drive(app, script)
    assert on_stats and "No finished games recorded yet" in empty
    assert "royal-cotillion" in full and "played" in full
    assert not isinstance(back, StatsScreen)


def test_the_help_screen_shows_the_keys_and_the_rules_from_the_compiled_tables():
    session = new_session("odd-and-even")
    app = make_app(session)

    async def script(pilot):
        await pilot.press("question_mark")
        on_help = isinstance(app.screen, HelpScreen)
        rules = str(app.screen.query_one("#rules").render())
        await pilot.press("escape")
        return on_help, rules, screen_text(app)

    on_help, shown, after = drive(app, script)
    assert on_help and shown.strip() == rules_text(session.rules).strip()
    assert "Reserve" in after  # back on the board


def test_a_won_game_ends_with_the_length_of_the_line_and_the_time():
    session, last, result = played_to_the_end_but_one("royal-cotillion", 3)
    assert result == "won"
    app = make_app(session)
    moves = session.move_count() + 1

    async def script(pilot):
        await pilot.press("colon", *move_words(app.labels, last), "enter")
        ended = isinstance(app.screen, EndScreen)
        text = screen_text(app)
        await pilot.press("q")
        return ended, text

    ended, text = drive(app, script)
    assert ended
    assert f"You won! All 104 cards are on the foundations: {moves} moves in 1:35." in " ".join(text.split())
    assert [(r["won"], r["fewest_moves"]) for r in history_rows()] == [(1, moves)]
    assert app.return_value == ""


def test_a_lost_game_ends_and_undo_goes_on_with_it():
    session, last, result = played_to_the_end_but_one("royal-cotillion", 9)
    assert result == "lost"
    app = make_app(session)

    async def script(pilot):
        await pilot.press("colon", *move_words(app.labels, last), "enter")
        text = " ".join(screen_text(app).split())
        await pilot.press("u")
        return text, app.screen

    text, screen = drive(app, script)
    assert "Game lost: the stock is empty" in text and "1:35" in text
    assert not isinstance(screen, EndScreen) and status(app) == "undone: the game goes on"
    assert history_rows() == []  # undone: not recorded


def test_quit_asks_first_with_unsaved_moves_and_records_the_game_as_abandoned():
    app = make_app()

    async def script(pilot):
        await pilot.press("t", "q")
        asked = isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        return asked

    assert drive(app, script)
    assert app.return_value.startswith("Game abandoned (quit) after 1 move")
    assert [r["abandoned"] for r in history_rows()] == [1]


def test_quit_without_moves_leaves_at_once():
    app = make_app()

    async def script(pilot):
        await pilot.press("q")

    drive(app, script)
    assert app.return_value == "" and history_rows() == []


def test_without_unicode_and_colour_the_board_uses_letters():
    app = make_app(unicode=False, colour=False)

    async def script(pilot):
        return screen_text(app)

    text = drive(app, script)
    assert "###" in text and ">AC" in text and "Royal Cotillion | deal 1" in text
    assert not any(symbol in text for symbol in cards.SUIT_SYMBOLS)


def test_the_hint_thinks_in_the_background_and_a_move_made_meanwhile_makes_it_moot():
    app = make_app()
    seen = {}

    async def script(pilot):
        started = threading.Event()
        release = threading.Event()
        real_hint = app_module.hint

        def slow_hint(position):
            started.set()
            release.wait(10)
            return real_hint(position)

        app_module.hint = slow_hint
        try:
            await pilot.press("H")
            await pilot.pause()
            started.wait(10)
            seen["thinking"] = status(app)
            await pilot.press("t")           # the board stays responsive: a stock turn
            await pilot.pause()
            seen["moves"] = app.session.move_count()
            release.set()
            await app.workers.wait_for_complete()
            await pilot.pause()
        finally:
            app_module.hint = real_hint

    drive(app, script)
    assert seen["thinking"] == "hint: thinking ..." and seen["moves"] == 1
    assert status(app) == "hint: the board changed while it thought; press H again"
