"""Helpers for the full-screen game's tests: a session of a fixed deal, the app run under
Textual's pilot (headless), the screen as plain text, and walking the cursor with keys."""
from __future__ import annotations

import asyncio
import io

from rich.console import Console

from patience_core.model.game import GameSpec
from patience_core.ui.app import PatienceApp
from patience_core.ui.board import Glyphs
from patience_core.ui.interactive import start_automatic
from patience_core.ui.picking import legal_moves
from patience_core.ui.session import Session

CLOCK = 95.0  # the clock is fixed (1:35) so screens do not change from run to run


def new_session(name: str = "royal-cotillion", seed: int = 1, **params: str) -> Session:
    spec = GameSpec(variant=name, params=dict(params), seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    start_automatic(session)
    return session


def make_app(session: Session | None = None, unicode: bool = True, colour: bool = True, **kwargs) -> PatienceApp:
    return PatienceApp(session or new_session(), glyphs=Glyphs(unicode=unicode, colour=colour),
                       clock=lambda: CLOCK, **kwargs)


def pressing(*keys: str):
    """A ``snap_compare`` ``run_before``: press ``keys``, each once the work the one before
    started in the background (the hint's thinking) is done."""
    async def run(pilot) -> None:
        for key in keys:
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
    return run


def drive(app: PatienceApp, script, size: tuple[int, int] = (80, 24)):
    """Run ``app`` headless and ``await script(pilot)``; return what the script returns."""
    async def main():
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            result = await script(pilot)
            await pilot.pause()
            if app.is_running:  # what the screen showed last, for checks after the app has closed
                app.last_status, app.last_screen = status(app), screen_text(app)
            return result
    return asyncio.run(main())


def screen_text(app) -> str:
    """The current screen as plain text, line by line."""
    console = Console(width=app.size.width, file=io.StringIO(), color_system=None, record=True,
                      legacy_windows=False)
    console.print(app.screen._compositor.render_update(full=True))
    return console.export_text()


def status(app) -> str:
    """The status line (as the app last showed it, once it has closed)."""
    if not app.is_running:
        return app.last_status
    return " ".join(str(app.query_one("#status").render()).split())


def foundation_play(app, source_kind: str | None = None):
    """A legal move to a foundation (from a pile of ``source_kind`` if given)."""
    rules = app.session.rules
    for item in legal_moves(app.session.position):
        if item.move.kind == "to-foundation" and (source_kind is None or rules.pile_kind[item.move.src] == source_kind):
            return item
    raise AssertionError("no foundation play in this deal")


def card_offset(app, pile: int, index: int = -1) -> tuple[int, int]:
    """Where to click a card of ``pile`` (the top card when ``index`` is -1)."""
    view = app.views[pile]
    if view.shape == "column":
        size = len(app.session.position.piles[pile])
        wanted = size - 1 if index < 0 else index
        # a run of face-down cards drawn as one back stands for all of them
        row = next(row for row, shown in enumerate(view.line_index) if shown >= wanted) if size else 1
        return 2, row
    if view.shape in ("foundation", "stock", "fan"):
        return 2, 1
    return view.size.width - 3, 0


async def click_pile(pilot, pile: int, index: int = -1) -> None:
    await pilot.pause()  # laid out first: the click is aimed at the pile's place on the screen
    await pilot.click(f"#pile-{pile}", offset=card_offset(pilot.app, pile, index))
    await pilot.pause()


async def walk_to(pilot, pile: int, keys=("left", "right", "up", "down")) -> int:
    """Press cursor keys (``keys`` names them in the order left, right, up, down) until the cursor
    is on ``pile``; return how many were pressed."""
    app = pilot.app
    left, right, up, down = keys
    for pressed in range(60):
        here = app.state.cursor[0]
        if here == pile:
            return pressed
        at, to = app.views[here].region, app.views[pile].region
        if to.y >= at.bottom or to.bottom <= at.y:
            key = down if to.y >= at.bottom else up
        else:
            key = left if to.x < at.x else right
        await pilot.press(key)
    raise AssertionError(f"the cursor did not reach pile {pile}")
