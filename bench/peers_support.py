"""What the peer-solver benchmarks share (``peers_freecell.py``, ``peers_klondike.py``):
a range of deals, one core (--threads N: N for ours), our solver timed per deal, a peer run under a wall-clock
limit in a child process, and the side-by-side summary (verdicts, agreement, times).

Peers are not project dependencies: each script imports its peer lazily and, when it is
missing, says in one line how to install it (exit 2).
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Optional

from patience_core.solver.solve import solve
from patience_core.stats.intervals import wilson

WON, LOST, UNKNOWN = "won", "lost", "unknown"
VERDICTS = (WON, LOST, UNKNOWN)


@dataclass(frozen=True)
class DealRange:
    first: int
    last: int

    def __iter__(self):
        return iter(range(self.first, self.last + 1))

    def __len__(self) -> int:
        return self.last - self.first + 1

    def __str__(self) -> str:
        return f"{self.first}-{self.last}"


def deal_range(text: str) -> DealRange:
    """An argparse type: ``A-B`` (or a single ``N``), whole numbers from 1, A <= B."""
    first, dash, last = text.partition("-")
    try:
        bounds = DealRange(int(first), int(last) if dash else int(first))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected A-B, e.g. 1-1000") from None
    if bounds.first < 1 or bounds.last < bounds.first:
        raise argparse.ArgumentTypeError(f"{text!r}: expected 1 <= A <= B")
    return bounds


def positive_seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not value > 0 or math.isinf(value):
        raise argparse.ArgumentTypeError(f"{text!r}: expected a positive number of seconds")
    return value


def add_common_options(parser: argparse.ArgumentParser, *, peer: str) -> None:
    parser.add_argument("--deals", type=deal_range, default=DealRange(1, 20),
                        help="deal numbers A-B (default 1-20)")
    parser.add_argument("--timeout", type=positive_seconds, default=10.0,
                        help="seconds per deal, for each solver (default 10)")
    parser.add_argument("--param", "-p", action="append", default=None, help="K=V (repeatable)")
    only = parser.add_mutually_exclusive_group()
    only.add_argument("--ours-only", action="store_true", help="run only our solver")
    only.add_argument("--peer-only", action="store_true", help=f"run only {peer}")
    parser.add_argument("--cpu", type=int, default=None,
                        help="the core to run on (default: the first this process may use)")
    parser.add_argument("--threads", type=int, default=1,
                        help="our solver's searches of each deal at once (solve --threads), on that many "
                             "cores from --cpu on (default 1: one core)")
    parser.add_argument("--progress", action="store_true", help="one line per deal on stderr as it is done")
    output = parser.add_mutually_exclusive_group()
    output.add_argument("--csv", action="store_true", help="one CSV row per deal, then the summary")
    output.add_argument("--json", action="store_true", help="the summary and the rows as JSON")


def pin_cores(parser: argparse.ArgumentParser, cpu: Optional[int], count: int) -> list[int]:
    """Run this process (and the peer's child) on ``count`` cores, the first ``cpu`` (default:
    the first this process may use): one for each of our solver's threads."""
    allowed = sorted(os.sched_getaffinity(0))
    first = allowed[0] if cpu is None else cpu
    if first not in allowed:
        parser.error(f"--cpu {cpu}: this process may use cores {allowed}")
    if not 1 <= count <= len(allowed):
        parser.error(f"--threads {count}: expected 1 to {len(allowed)}, the cores this process may use")
    at = allowed.index(first)
    chosen = (allowed[at:] + allowed[:at])[:count]
    os.sched_setaffinity(0, set(chosen))
    return chosen


def missing_peer(what: str, how: str) -> None:
    print(f"{what} is not installed; {how}", file=sys.stderr)
    raise SystemExit(2)


@dataclass
class Outcome:
    """One solver's answer on one deal; ``ms`` is wall time of the solve alone."""
    verdict: str
    ms: float
    note: str = ""   # the peer's own word for its answer (e.g. "Impossible")


def cores_note(cores: list[int]) -> str:
    """The header's word on the cores (pin_cores)."""
    if len(cores) == 1:
        return f"one core (cpu {cores[0]})"
    return f"our solver {len(cores)} threads a deal on cores {cores}, the peer single-threaded"


def run_ours(rules, order: list[int], timeout: float, threads: int = 1) -> Outcome:
    began = time.perf_counter()
    result = solve(rules, order, timeout=timeout, threads=threads)
    ms = (time.perf_counter() - began) * 1000
    return Outcome(result.verdict, ms, f"{result.search} search, {result.positions} positions")


class TimedWorker:
    """A child process that runs ``job(payload) -> Outcome`` and is killed when a call
    runs past its limit (the peer's library has no wall-clock limit of its own). The
    child is started again for the next call; it inherits the parent's core."""

    def __init__(self, job: Callable[[Any], Outcome]):
        self._job = job
        self._context = multiprocessing.get_context("fork")
        self._start()

    def _start(self) -> None:
        self._pipe, child_end = self._context.Pipe()
        self._process = self._context.Process(target=_serve, args=(self._job, child_end), daemon=True)
        self._process.start()
        child_end.close()

    def run(self, payload: Any, timeout: float) -> Outcome:
        self._pipe.send(payload)
        # The child times the solve itself; the margin covers passing the answer back.
        if self._pipe.poll(timeout + 1.0):
            try:
                return self._pipe.recv()
            except EOFError:  # the child died (the peer crashed): a fresh one for the next deal
                self._restart()
                return Outcome(UNKNOWN, timeout * 1000, "the peer's process died")
        self._restart()
        return Outcome(UNKNOWN, timeout * 1000, "killed at the timeout")

    def _restart(self) -> None:
        self._process.kill()
        self._process.join()
        self._pipe.close()
        self._start()

    def close(self) -> None:
        self._pipe.close()
        self._process.kill()
        self._process.join()


def _serve(job: Callable[[Any], Outcome], pipe) -> None:
    while True:
        try:
            payload = pipe.recv()
        except EOFError:
            return
        pipe.send(job(payload))


@dataclass
class Row:
    deal: int
    ours: Optional[Outcome] = None
    theirs: Optional[Outcome] = None


def times_summary(ms: list[float]) -> dict:
    if not ms:
        return {"mean_ms": None, "median_ms": None, "p99_ms": None, "max_ms": None}
    ordered = sorted(ms)
    # p99: the nearest-rank percentile (the smallest time at least 99 % of deals stay within).
    p99 = ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)]
    return {"mean_ms": round(statistics.fmean(ordered), 3), "median_ms": round(statistics.median(ordered), 3),
            "p99_ms": round(p99, 3), "max_ms": round(ordered[-1], 3)}


def side_summary(outcomes: list[Outcome]) -> dict:
    counts = {v: sum(o.verdict == v for o in outcomes) for v in VERDICTS}
    return {"deals": len(outcomes), **counts, "decided": counts[WON] + counts[LOST],
            **times_summary([o.ms for o in outcomes])}


@dataclass
class Summary:
    """The side-by-side figures; ``ratio``: our mean time over the peer's."""
    ours: Optional[dict]
    theirs: Optional[dict]
    both_decided: int = 0
    agree: int = 0
    disagree: list[int] = field(default_factory=list)
    ratio_mean: Optional[float] = None
    ratio_mean_both_decided: Optional[float] = None


def summarize(rows: list[Row]) -> Summary:
    ours = [r.ours for r in rows if r.ours]
    theirs = [r.theirs for r in rows if r.theirs]
    summary = Summary(side_summary(ours) if ours else None, side_summary(theirs) if theirs else None)
    paired = [r for r in rows if r.ours and r.theirs]
    decided = [r for r in paired if r.ours.verdict != UNKNOWN and r.theirs.verdict != UNKNOWN]
    summary.both_decided = len(decided)
    summary.agree = sum(r.ours.verdict == r.theirs.verdict for r in decided)
    summary.disagree = [r.deal for r in decided if r.ours.verdict != r.theirs.verdict]
    summary.ratio_mean = _ratio(paired)
    summary.ratio_mean_both_decided = _ratio(decided)
    return summary


def _ratio(rows: list[Row]) -> Optional[float]:
    theirs = sum(r.theirs.ms for r in rows)
    if not rows or theirs <= 0:
        return None
    return round(sum(r.ours.ms for r in rows) / theirs, 3)


@dataclass
class Share:
    """The solvable share of a run of our solver, as the issue's targets state it."""
    deals: int
    won: int
    unknown: int
    share: float           # won / deals
    wilson_low: float      # 95 % Wilson interval of the share
    wilson_high: float
    undecided_share: float
    share_if_undecided_won: float  # the bound the undecided deals leave open


def solvable_share(outcomes: list[Outcome]) -> Share:
    n = len(outcomes)
    won = sum(o.verdict == WON for o in outcomes)
    unknown = sum(o.verdict == UNKNOWN for o in outcomes)
    low, high = wilson(won, n)
    return Share(n, won, unknown, won / n, low, high, unknown / n, (won + unknown) / n)


def report_progress(row: Row) -> None:
    sides = [f"{name} {o.verdict} {o.ms:.1f} ms" for name, o in (("ours", row.ours), ("theirs", row.theirs)) if o]
    print(f"deal {row.deal}: " + ", ".join(sides), file=sys.stderr, flush=True)


def print_rows_csv(rows: list[Row]) -> None:
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["deal", "ours_verdict", "ours_ms", "theirs_verdict", "theirs_ms", "theirs_note"])
    for r in rows:
        writer.writerow([r.deal,
                         r.ours.verdict if r.ours else "", f"{r.ours.ms:.3f}" if r.ours else "",
                         r.theirs.verdict if r.theirs else "", f"{r.theirs.ms:.3f}" if r.theirs else "",
                         r.theirs.note if r.theirs else ""])
    sys.stdout.flush()


def _side_text(name: str, side: dict) -> str:
    return (f"{name}: decided {side['decided']}/{side['deals']} (won {side['won']}, lost {side['lost']}, "
            f"unknown {side['unknown']}); ms per deal mean {side['mean_ms']:.2f}, median "
            f"{side['median_ms']:.2f}, p99 {side['p99_ms']:.2f}, max {side['max_ms']:.2f}")


def print_summary(header: list[str], summary: Summary, peer: str) -> None:
    for line in header:
        print(line)
    if summary.ours:
        print(_side_text("ours", summary.ours))
    if summary.theirs:
        print(_side_text(peer, summary.theirs))
    if summary.ours and summary.theirs:
        wrong = ", ".join(map(str, summary.disagree[:20])) or "none"
        print(f"both decided {summary.both_decided}: same verdict {summary.agree}, different {len(summary.disagree)} "
              f"(deals: {wrong})")
        print(f"time ours/{peer}: {_fmt(summary.ratio_mean)} over all deals (mean over mean), "
              f"{_fmt(summary.ratio_mean_both_decided)} over the deals both decided")
    sys.stdout.flush()


def _fmt(ratio: Optional[float]) -> str:
    return "n/a" if ratio is None else f"{ratio:g}"


def print_json(data: dict) -> None:
    sys.stdout.write(json.dumps(data, indent=2) + "\n")


def rows_json(rows: list[Row]) -> list[dict]:
    return [{"deal": r.deal, "ours": asdict(r.ours) if r.ours else None,
             "theirs": asdict(r.theirs) if r.theirs else None} for r in rows]
