"""Options and helpers shared by the commands."""
from __future__ import annotations

import json
import math
import signal
import sys
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional

import typer

from patience_core.model.game import GameSpec
from patience_core.variants.loader import parse_param_options

VariantArg = typer.Argument(None, help="Variant name or alias (see `patience list`).", show_default=False)
FileOpt = typer.Option(None, "--file", "-f", help="Play a variant from this YAML file instead.")
ParamOpt = typer.Option(None, "--param", "-p", help="A parameter value, K=V (repeatable).")
# The largest deal number and position budget a player may give: far beyond any use,
# small enough for every table and for the compiled search's 64-bit counters.
MAX_SEED = 10**18
MAX_POSITIONS = 10**15


def _deal_number(value: Optional[int]) -> Optional[int]:
    # random.Random(-n) deals as random.Random(n): a negative number would be a second name
    # for a deal, so it is refused rather than defined.
    if value is not None and not 0 <= value <= MAX_SEED:
        raise typer.BadParameter(f"{value}: expected a deal number from 0 to {MAX_SEED}")
    return value


def positions_budget(value: Optional[int]) -> Optional[int]:
    """Typer callback of ``--max-positions``: a whole number from 1 to MAX_POSITIONS."""
    if value is not None and not 1 <= value <= MAX_POSITIONS:
        raise typer.BadParameter(f"{value}: expected a number of positions from 1 to {MAX_POSITIONS}")
    return value


def seconds_limit(value: Optional[float]) -> Optional[float]:
    """Typer callback of ``--timeout``: a finite number of seconds above 0 (``nan`` would
    never be reached, ``inf`` is no limit)."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise typer.BadParameter(f"{value}: expected a positive, finite number of seconds")
    return value


MAX_THREADS = 64   # the compiled search's own bound (g_search.h G_MAX_WORKERS)


def thread_count(value: int) -> int:
    """Typer callback of ``solve --threads``: 1 to MAX_THREADS."""
    if not 1 <= value <= MAX_THREADS:
        raise typer.BadParameter(f"{value}: expected a number of threads from 1 to {MAX_THREADS}")
    return value


def deal_range(text: str, start: Optional[int]) -> tuple[str, int, int]:
    """``--deals``: a count from ``--start`` (``2000``), or a range of --seed numbers
    (``500-999``) or of another program's (``ms:1-32000``, ``pysol:1-1000``, ``ms:7``);
    returns (numbering, first, count), numbering ``""`` for --seed numbers."""
    from patience_core.errors import PatienceError

    expected = "expected a count (2000) or a range (500-999, ms:1-32000, pysol:1-1000)"
    scheme, colon, numbers = text.strip().partition(":")
    if not colon:
        scheme, numbers = "", scheme
    scheme = scheme.lower()
    first_text, dash, last_text = numbers.partition("-")
    if not (first_text.isdigit() and (not dash or last_text.isdigit())):
        raise PatienceError(f"--deals {text}: {expected}")
    if scheme and scheme not in ("ms", "pysol"):
        raise PatienceError(f"--deals {text}: unknown numbering {scheme!r}; {expected}")
    if not scheme and not dash:  # a count
        return "", 1 if start is None else start, int(first_text)
    if start is not None:
        raise PatienceError(f"--deals {text} names its deals; --start goes with a count (--deals 2000)")
    first, last = int(first_text), int(last_text) if dash else int(first_text)
    if last < first:
        raise PatienceError(f"--deals {text}: the range runs backwards; expected FIRST-LAST, FIRST <= LAST")
    if scheme:
        from patience_core.model.deal_numbers import RANGES

        low, high = RANGES[scheme]
        if not low <= first <= last <= high:
            raise PatienceError(f"--deals {text}: out of range; {scheme}: deal numbers run {low}..{high}")
    elif last > MAX_SEED:
        raise PatienceError(f"--deals {text}: out of range; deal numbers run 0..{MAX_SEED}")
    return scheme, first, last - first + 1


SeedOpt = typer.Option(None, "--seed", "-s", help="Deal number, 0 or more (reproducible on any machine).",
                       callback=_deal_number)
PackOpt = typer.Option(None, "--pack", help="A file with the shuffled pack, top card first.")
DealOpt = typer.Option(None, "--deal", help="A deal number other programs use: ms:N (Microsoft FreeCell) "
                                            "or pysol:N (PySolFC), for variants with deal_numbers.")
JsonOpt = typer.Option(False, "--json", help="Print JSON only.")


def game_spec(variant: Optional[str], file: Optional[str], params: Optional[list[str]],
              seed: Optional[int], pack: Optional[str], deal: Optional[str] = None):
    """Build the game from the common options; returns (spec, rules)."""
    if variant and file:
        raise typer.BadParameter("give a variant name or --file, not both")
    if not variant and not file:
        raise typer.BadParameter("missing VARIANT (or --file FILE); see `patience list`")
    if sum(x is not None for x in (seed, pack, deal)) > 1:
        raise typer.BadParameter("give one of --seed, --deal or --pack")
    spec = GameSpec(variant=variant, params=parse_param_options(params), seed=seed, file=file)
    rules = spec.compile()
    if pack is not None:
        spec.load_pack_file(pack, rules)
    if deal is not None:
        from patience_core.model.deal_numbers import order_for, parse_deal

        spec.deal = str(parse_deal(deal))
        order_for(rules, parse_deal(deal))  # a number that does not fit says so now, in one line
    return spec, rules


@contextmanager
def stop_signals_as_ctrl_c() -> Iterator[None]:
    """While a long command runs, SIGTERM and SIGHUP (a batch system's stop, a closed
    terminal) end it as Ctrl-C does: it says what it knew, or records the game, and exits."""
    def interrupt(signum, frame) -> None:
        raise KeyboardInterrupt

    names = [n for n in ("SIGTERM", "SIGHUP") if hasattr(signal, n)]
    if threading.current_thread() is not threading.main_thread():  # handlers live in the main thread
        names = []
    previous = {n: signal.signal(getattr(signal, n), interrupt) for n in names}
    try:
        yield
    finally:
        for name, handler in previous.items():
            signal.signal(getattr(signal, name), handler)


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
