"""Export the screenshots of the full-screen game shown in docs/play.md (SVG, into docs/screens/).

    python docs/gen_app_screens.py          # write docs/screens/*.svg
    python docs/gen_app_screens.py --check  # exit 1 if a committed screenshot is stale (the test does this)

Each screen is the app itself, run headless by Textual's pilot at 80 x 24 on a fixed deal,
after a fixed list of key presses; only the clock is fixed (1:35) so that the files do not
change from run to run.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass, field
from pathlib import Path

from patience_core.agents.policies import naive_move
from patience_core.model.game import GameSpec
from patience_core.ui.app import PatienceApp
from patience_core.ui.board import Glyphs
from patience_core.ui.commands import PileLabels, move_words
from patience_core.ui.interactive import start_automatic
from patience_core.ui.session import Session

SCREENS_DIR = Path(__file__).resolve().parent / "screens"
CLOCK = 95.0
SIZE = (80, 24)


@dataclass
class Shot:
    name: str
    variant: str
    seed: int
    keys: list[str] = field(default_factory=list)
    to_the_end: bool = False   # play the naive policy's game up to its last move, type that move


SHOTS = [
    Shot("royal-cotillion", "royal-cotillion", 1),
    Shot("royal-cotillion-picked", "royal-cotillion", 1, ["j", "l", "enter"]),
    Shot("gavotte-hint", "gavotte", 3, ["t", "H"]),
    Shot("odd-and-even", "odd-and-even", 32, ["t", "t", "t"]),
    Shot("contradance", "contradance", 1, ["t", "t", "t", "t"]),
    Shot("klondike", "klondike", 3, ["t", "t", "j", "enter"]),
    Shot("freecell", "freecell", 3, ["H"]),
    Shot("sir-tommy", "sir-tommy", 3, ["t"]),
    Shot("help", "royal-cotillion", 1, ["question_mark"]),
    Shot("won", "royal-cotillion", 3, to_the_end=True),
]


def session_for(shot: Shot) -> tuple[Session, list[str]]:
    spec = GameSpec(variant=shot.variant, seed=shot.seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    start_automatic(session)
    keys = list(shot.keys)
    if shot.to_the_end:
        probe = session.position.copy()
        line = []
        while (move := naive_move(probe)) is not None:
            probe.apply(move)
            line.append(move)
        for move in line[:-1]:
            session.play(move)
        keys = ["colon", *move_words(PileLabels(rules), line[-1]), "enter"]
    return session, keys


async def screenshot(shot: Shot) -> str:
    session, keys = session_for(shot)
    app = PatienceApp(session, glyphs=Glyphs(unicode=True, colour=True), clock=lambda: CLOCK)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
            await app.workers.wait_for_complete()   # the hint thinks in a thread
        await pilot.pause()
        title = f"patience play {shot.variant} --seed {shot.seed}"
        return app.export_screenshot(title=title)


def screens() -> dict[Path, str]:
    return {SCREENS_DIR / f"{shot.name}.svg": asyncio.run(screenshot(shot)) for shot in SHOTS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that docs/screens/ is up to date")
    args = parser.parse_args(argv)
    fresh = screens()
    if args.check:
        stale = [path.name for path, svg in fresh.items()
                 if not path.exists() or path.read_text(encoding="utf-8") != svg]
        extra = sorted(p.name for p in SCREENS_DIR.glob("*.svg") if p not in fresh)
        if stale or extra:
            print(f"{SCREENS_DIR}: stale {', '.join(stale) or '-'}; not generated {', '.join(extra) or '-'}: "
                  f"run python docs/gen_app_screens.py", file=sys.stderr)
            return 1
        return 0
    SCREENS_DIR.mkdir(exist_ok=True)
    for path, svg in fresh.items():
        if not path.exists() or path.read_text(encoding="utf-8") != svg:
            path.write_text(svg, encoding="utf-8")
            print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
