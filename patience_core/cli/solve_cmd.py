"""`patience solve`: is this deal winnable (the solver knows the stock order), and how."""
from __future__ import annotations

import os
import signal
import sys
import threading
import time
from contextlib import contextmanager
from typing import Iterator, List, Optional

import typer

from patience_core.model.notation import describe_move, moves_to_json
from patience_core.solver.search import TABLE_LIMIT
from patience_core.solver.solve import UNKNOWN, WON, SolveInterrupted, SolveResult, solve_position
from patience_core.ui.render import printable
from patience_core.cli.common import (DealOpt, FileOpt, JsonOpt, PackOpt, ParamOpt, SeedOpt, VariantArg, game_spec, positions_budget,
                                      print_json, seconds_limit, stop_signals_as_ctrl_c, thread_count)

_VERDICT_TEXT = {
    "won": "won: this line wins",
    "lost": "lost: no line wins (proved by exhausting the search)",
    "unknown": "unknown: a limit was reached before the search decided",
}
_STOPPED_TEXT = "unknown: the search was stopped before it decided"


_LIMIT_TEXT = {
    "positions": "the limit reached: --max-positions",
    "time": "the limit reached: --timeout",
    "table": (f"the limit reached: the search's table of positions holds at most {TABLE_LIMIT} "
              f"(it grows with the search until memory runs out)"),
    "cards-back": ("the limit reached: some move needed more cards back from the foundations at once "
                   "than the search brings (docs/solver.md, G8), so finding no win proves nothing"),
    "interrupted": "the search was stopped: Ctrl-C",
}


def solve_command(
    variant: Optional[str] = VariantArg,
    file: Optional[str] = FileOpt,
    params: Optional[List[str]] = ParamOpt,
    seed: Optional[int] = SeedOpt,
    pack: Optional[str] = PackOpt,
    deal: Optional[str] = DealOpt,
    max_positions: Optional[int] = typer.Option(None, "--max-positions", callback=positions_budget,
                                                help="Give up ('unknown') after this many positions (reproducible; default: "
                                                     "only the table's limit, see above)."),
    timeout: Optional[float] = typer.Option(None, "--timeout", callback=seconds_limit,
                                            help="Give up ('unknown') after this many seconds (default: none)."),
    threads: int = typer.Option(1, "--threads", callback=thread_count,
                                help="Searches of the deal at once, one a core, sharing what they prove lost: "
                                     "faster, but the positions and line differ from run to run (1: the same)."),
    as_json: bool = JsonOpt,
) -> None:
    """Solve a deal with perfect information: won (with the line), lost (proved), or unknown."""
    if seed is None and pack is None and deal is None:
        raise typer.BadParameter("give the deal: --seed N, --deal ID or --pack FILE")
    spec, rules = game_spec(variant, file, params, seed, pack, deal)
    # solve_position replays a winning line on the engine before returning it and
    # raises SolverError (one line, exit 1) if the replay fails.
    try:
        with stop_signals_as_ctrl_c(), search_clock(show=not as_json and sys.stderr.isatty()):
            result = solve_position(spec.start(rules), max_positions=max_positions, timeout=timeout,
                                    threads=threads)
    except SolveInterrupted as stop:  # Ctrl-C: say what the search knew, then exit as interrupted
        _report(spec, rules, stop.result, as_json)
        print("interrupted", file=sys.stderr)
        raise typer.Exit(130)
    if result.threads < threads and not as_json:
        print(f"(--threads {threads}: this game's search runs on one thread; threads apply to the "
              f"compiled search of games with moves between piles)", file=sys.stderr)
    _report(spec, rules, result, as_json)


# The help states the limit a search without options still has (typer reads it at registration).
solve_command.__doc__ += (
    f"\n\nWithout --max-positions or --timeout the search runs until it decides, or until its table holds "
    f"{TABLE_LIMIT:,} positions ('unknown'); Ctrl-C stops it at any time and prints what it knew. On a terminal "
    f"the time spent is shown while it searches.")

# How often the clock on the terminal moves while the search runs.
CLOCK_SECONDS = 0.5


@contextmanager
def search_clock(show: bool) -> Iterator[None]:
    """On a terminal, the seconds spent and the way out, redrawn on one line of stderr.

    The compiled searches hold the interpreter for the whole search but run Python's signal
    handlers whenever they look for Ctrl-C, so the clock is a timer signal's handler, not a
    thread (which would never get to run). It writes with os.write: a handler must not enter
    a buffered stream the program may be writing to. Where there is no such timer (Windows)
    nothing is shown."""
    if not show or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    began = time.monotonic()
    fd = sys.stderr.fileno()

    def tick(signum, frame) -> None:
        try:
            os.write(fd, (f"\r\x1b[Ksearching: {time.monotonic() - began:.0f} s "
                          f"(Ctrl-C stops and prints what the search knew)").encode())
        except OSError:
            pass

    previous = signal.signal(signal.SIGALRM, tick)
    signal.setitimer(signal.ITIMER_REAL, CLOCK_SECONDS, CLOCK_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        if time.monotonic() - began >= CLOCK_SECONDS:
            try:
                os.write(fd, b"\r\x1b[K")
            except OSError:
                pass


def _report(spec, rules, result: SolveResult, as_json: bool) -> None:
    """The verdict, the counts, and the line when won: as text, or as one JSON object."""
    if as_json:
        # The result stands on its own: which game and deal it is about, then what the search found.
        data = {"variant": rules.name, "game": spec.to_json(rules), "verdict": result.verdict,
                "moves": moves_to_json(rules, result.moves, spec.start(rules)),
                "positions": result.positions, "seconds": round(result.seconds, 3),
                "most_on_foundations": result.most_on_foundations, "search": result.search,
                "perfect_information": result.perfect_information, "threads": result.threads}
        if result.verdict == UNKNOWN:
            data["limit"] = result.limit
        print_json(data)
        return
    said = _STOPPED_TEXT if result.limit == "interrupted" else _VERDICT_TEXT[result.verdict]
    print(f"{printable(spec.describe(rules))}: {said}")
    if result.search == "exhaustive":
        print("(the exhaustive search: every legal move, no pruning, so large games may need a big "
              "--max-positions; it sees face-down cards and the stock order)", file=sys.stderr)
    elif rules.any_face_down:
        print("(perfect information: the solver sees the face-down cards and the stock order)", file=sys.stderr)
    print(f"{result.positions} positions searched in {result.seconds:.2f} s")
    if result.verdict == UNKNOWN:
        print(_LIMIT_TEXT.get(result.limit, "the search was stopped"))
        print(f"the furthest position reached had {result.most_on_foundations} of "
              f"{rules.n_cards} cards on the foundations")
    if result.verdict == WON:
        print(f"winning line ({len(result.moves)} moves, replayed through the engine):")
        width = len(str(len(result.moves)))
        for number, move in enumerate(result.moves, start=1):
            print(f"{number:>{width}}. {describe_move(rules, move)}")
