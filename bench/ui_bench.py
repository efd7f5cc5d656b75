"""How long the full-screen game takes from a key press to the repainted screen.

    python bench/ui_bench.py                      # gavotte (the most piles), 80x24 and 160x50
    python bench/ui_bench.py --variant spider     # the most cards on the board (rows dealt)
    python bench/ui_bench.py --variant royal-cotillion --rounds 5

Driven by Textual's pilot, headless. For every key of a fixed round (cursor moves, pick and
place, undo, redo, a stock turn, a hint), the time runs from just before the key is sent to
the end of the last screen update it causes (a move that changes the height of columns is
painted twice: the cards, then the new layout): the compositor's render plus turning it into
the terminal's bytes (which the headless driver would otherwise skip). With the clock fixed
nothing else repaints the screen. The target is 50 ms.
"""
from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from patience_core.model.game import GameSpec  # noqa: E402
from patience_core.ui.app import PatienceApp  # noqa: E402
from patience_core.ui.board import Glyphs  # noqa: E402
from patience_core.ui.interactive import start_automatic  # noqa: E402
from patience_core.ui.session import Session  # noqa: E402

# A round: walk the board, pick the card under the cursor and put it back, smart-move it,
# undo, redo, turn the stock, ask for a hint.
ROUND = ["right", "right", "down", "down", "left", "up", "space", "space", "enter", "enter", "u", "r", "t",
         "H", "j", "k", "l", "h"]


def session_of(variant: str, seed: int) -> Session:
    spec = GameSpec(variant=variant, seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    start_automatic(session)
    return session


async def measure(variant: str, seed: int, size: tuple[int, int], rounds: int) -> list[float]:
    app = PatienceApp(session_of(variant, seed), glyphs=Glyphs(), clock=lambda: 95.0)
    painted: list[float] = []
    shown = app._display

    def display(screen, renderable):
        shown(screen, renderable)
        if renderable is not None:
            renderable.render_segments(app.console)  # what a real terminal driver would be sent
            painted.append(time.perf_counter())

    app._display = display
    times = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for _ in range(rounds):
            for key in ROUND:
                painted.clear()
                began = time.perf_counter()
                await pilot.press(key)
                await pilot.pause()
                if painted:  # the last repaint the key caused (the clock is fixed: nothing else repaints)
                    times.append(painted[-1] - began)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="gavotte")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    for size in ((80, 24), (160, 50)):
        times = asyncio.run(measure(args.variant, args.seed, size, args.rounds))
        ms = sorted(t * 1000 for t in times)
        print(f"{args.variant} deal {args.seed} at {size[0]}x{size[1]}: {len(ms)} key presses, "
              f"median {statistics.median(ms):.1f} ms, 90th percentile {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, "
              f"max {ms[-1]:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
