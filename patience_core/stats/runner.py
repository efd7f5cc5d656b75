"""Win-rate statistics: play or solve a range of deals, reproducibly, over several processes.

A run is described by a :class:`RunSpec` (variant name or file, parameter values as
typed, policy, solver limits). Each worker process compiles the rules itself from
that spec, so plugin variants work the same in every process and nothing
unpicklable crosses a process boundary. Every deal's outcome depends only on the
spec and its seed, so the same arguments give the same numbers on any machine and
with any number of workers. The one exception is the solver with a time limit,
whose verdict on a hard deal can depend on the machine's speed; a position limit
(``max_positions``) is reproducible everywhere.

The seeds are streamed: deals go out in chunks (``range`` objects), a bounded number
of chunks at a time, and the report keeps counts, so a run's memory does not grow
with its length. A chunk is sized by how long its deals take (about
``CHUNK_SECONDS`` of work, learnt as chunks finish), so progress and the results
file follow finished deals whatever a deal costs; when a run is stopped, the workers
finish the deal in hand and hand back every finished deal. Where the chunks run is a
*backend*: this process, a pool of local processes (``workers``), or a Dask cluster
(:mod:`patience_core.stats.cluster`).
"""
from __future__ import annotations

import math
import multiprocessing
import os
import queue
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterator, NamedTuple, Optional, Protocol

from patience_core.model.deal import seeded_order, start_position
from patience_core.errors import PatienceError
from patience_core.model.game import GameSpec
from patience_core.stats.intervals import wilson
from patience_core.variants.loader import parameter_text
from patience_core.model.rules import Rules

POLICIES = ("player", "naive", "solver", "hindsight")
WON, LOST, UNKNOWN = "won", "lost", "unknown"

# Beyond these a run is a typing slip, not a study: a billion deals is days of work on a
# cluster even at the fastest policy; a position budget of 10^12 would need terabytes of
# table long before it was used up (the compiled engine counts in 64 bits).
MAX_DEALS = 10**9
MAX_POSITIONS = 10**12
# Processes per core for --workers: more only share the same cores and cost memory.
WORKERS_PER_CORE = 4
# The work in one chunk: short enough that finished deals show (bar, results file) several
# times a second, long enough that handing chunks to processes costs nothing to speak of.
CHUNK_SECONDS = 0.25
# After a stop, how long the workers' deals in hand may take to finish before they are dropped.
STOP_GRACE_SECONDS = 3.0
NUMBERINGS = ("ms", "pysol")  # other programs' deal numbers (model.deal_numbers)


@dataclass(frozen=True)
class RunSpec:
    """What decides every deal's outcome (picklable: it is sent to worker processes)."""

    variant: Optional[str] = None
    params: tuple[tuple[str, Any], ...] = ()
    file: Optional[str] = None
    policy: str = "player"
    timeout: Optional[float] = None
    max_positions: Optional[int] = None
    plugin_files: tuple[str, ...] = ()  # ``--plugin`` files, loaded again by a spawned worker
    numbering: str = ""  # "": the seeds are --seed numbers; "ms" / "pysol": other programs' deal numbers

    def __post_init__(self) -> None:
        if self.numbering and self.numbering not in NUMBERINGS:
            raise PatienceError(f"unknown deal numbering {self.numbering!r}; expected one of {', '.join(NUMBERINGS)}")
        if self.policy not in POLICIES:
            raise PatienceError(f"unknown policy {self.policy!r}; expected one of {', '.join(POLICIES)}")
        if self.policy != "solver" and (self.timeout is not None or self.max_positions is not None):
            raise PatienceError(f"--timeout and --max-positions limit the solver; policy "
                                f"{self.policy!r} plays each deal to its end without a limit")
        if self.timeout is not None and not (isinstance(self.timeout, (int, float))
                                             and math.isfinite(self.timeout) and self.timeout > 0):
            raise PatienceError(f"--timeout {self.timeout}: expected a finite positive number of seconds")
        if self.max_positions is not None and not (isinstance(self.max_positions, int)
                                                   and 1 <= self.max_positions <= MAX_POSITIONS):
            raise PatienceError(f"--max-positions {self.max_positions}: expected a whole number "
                                f"from 1 to {MAX_POSITIONS:.0e}".replace("e+", "e"))

    def compile(self) -> Rules:
        return GameSpec(variant=self.variant, params=dict(self.params), file=self.file).compile()


class DealResult(NamedTuple):
    """One finished deal: what the results file records (``seconds`` depends on the machine)."""

    seed: int
    verdict: str      # won / lost / unknown
    home: int         # cards on the foundations at the end (the solver: the most it reached)
    positions: int    # the solver: positions searched; a policy: positions played through
    seconds: float


@dataclass
class StatsReport:
    """The outcome of a run over seeds ``start .. start+requested-1``: counts, interval, time.

    ``verdicts`` (seed -> verdict) is kept only when asked for (tests, benchmarks): a long
    run keeps counts, never one entry per deal."""

    spec: RunSpec
    rules_name: str
    params_text: dict[str, str]
    start: int
    requested: int
    workers: int
    won: int = 0
    lost: int = 0
    unknown: int = 0
    seconds: float = 0.0
    interrupted: bool = False
    resumed: int = 0                  # deals of the range taken from a results file, not played
    where: str = ""                   # the cluster, when it ran on one
    verdicts: Optional[dict[int, str]] = None

    def add(self, result: DealResult) -> None:
        if result.verdict == WON:
            self.won += 1
        elif result.verdict == LOST:
            self.lost += 1
        else:
            self.unknown += 1
        if self.verdicts is not None:
            self.verdicts[result.seed] = result.verdict

    @property
    def deals(self) -> int:
        """Deals finished (all of them unless the run was interrupted)."""
        return self.won + self.lost + self.unknown

    @property
    def played(self) -> int:
        """Deals played by this run (the finished ones less those taken from a results file)."""
        return self.deals - self.resumed

    @property
    def outcomes(self) -> list[Optional[str]]:
        """The verdict of each seed of the range in order, ``None`` where not finished."""
        if self.verdicts is None:
            raise ValueError("this run kept counts only: run_stats(..., keep_verdicts=True) keeps each deal")
        return [self.verdicts.get(seed) for seed in range(self.start, self.start + self.requested)]

    @property
    def win_rate(self) -> float:
        return self.won / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return decided_interval(self.won, self.unknown, self.deals)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        data = {
            "variant": self.rules_name, "params": self.params_text, "file": self.spec.file,
            "policy": self.spec.policy, "numbering": self.spec.numbering or "seed",
            "start": self.start, "requested": self.requested,
            "deals": self.deals, "won": self.won, "lost": self.lost, "unknown": self.unknown,
            "win_rate": round(self.win_rate, 6), "interval": [round(low, 6), round(high, 6)],
            "seconds": round(self.seconds, 3), "workers": self.workers,
            "timeout": self.spec.timeout, "max_positions": self.spec.max_positions,
            "interrupted": self.interrupted, "resumed": self.resumed,
        }
        if self.where:
            data["scheduler"] = self.where
        return data


def decided_interval(won: int, unknown: int, deals: int) -> tuple[float, float]:
    """95 % Wilson interval with undecided deals counted as lost for the lower bound and as
    won for the upper bound: whatever the undecided deals turn out to be, the true rate's
    interval lies inside this one."""
    if deals <= 0:
        return (0.0, 1.0)
    return (wilson(won, deals)[0], wilson(won + unknown, deals)[1])


# -- one deal ---------------------------------------------------------------------------

def play_deal(rules: Rules, seed: int, spec: RunSpec) -> DealResult:
    """Deal ``seed`` played (or solved) under the spec's policy."""
    began = time.perf_counter()
    order = deal_order(rules, seed, spec.numbering)
    if spec.policy == "solver":
        try:
            from patience_core.solver.solve import solve
        except ImportError as exc:  # the solver module is optional while it is being built
            raise PatienceError(f"the solver is not available in this build ({exc})") from None
        solved = solve(rules, order, max_positions=spec.max_positions, timeout=spec.timeout)
        return DealResult(seed, solved.verdict, solved.most_on_foundations, solved.positions,
                          time.perf_counter() - began)
    position = start_position(rules, order)
    if spec.policy == "naive":
        from patience_core.agents.policies import play_naive
        play_naive(position)
    elif spec.policy == "hindsight":
        from patience_core.agents.hindsight import play_hindsight
        play_hindsight(position)
    else:
        from patience_core.agents.player import play_player
        play_player(position)
    return DealResult(seed, WON if position.is_won() else LOST, position.on_foundations,
                      len(position.history) + 1, time.perf_counter() - began)


def deal_order(rules: Rules, number: int, numbering: str = "") -> list[int]:
    """The shuffled pack of deal ``number``: a --seed number, or another program's (``ms``, ``pysol``)."""
    if not numbering:
        return seeded_order(rules, number)
    from patience_core.model.deal_numbers import DealNumber, order_for
    return order_for(rules, DealNumber(numbering, number))


def deal_outcome(rules: Rules, seed: int, spec: RunSpec) -> str:
    """``won`` / ``lost`` / ``unknown`` for deal ``seed`` under the spec's policy."""
    return play_deal(rules, seed, spec).verdict


# -- worker processes ----------------------------------------------------------------------

_worker_rules: dict[RunSpec, Rules] = {}
_stop_event: Any = None  # in a pool worker: set by the parent when the run stops


def _worker_init(stop_event: Any = None) -> None:
    # The parent handles Ctrl-C (and SIGTERM, SIGHUP) and tells the workers through the
    # event: a worker must not die mid-chunk on its own, nor run the parent's handlers
    # (a forked worker inherits them).
    global _stop_event
    _stop_event = stop_event
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def play_chunk(spec: RunSpec, seeds: range, finished: Optional[list[DealResult]] = None) -> list[DealResult]:
    """The results of ``seeds`` (rules compiled once per process and spec), each appended to
    ``finished`` as it is done; a stopped run ends the chunk after the deal in hand."""
    rules = _worker_rules.get(spec)
    if rules is None:
        _load_plugin_files(spec.plugin_files)
        rules = _worker_rules[spec] = spec.compile()
    results = [] if finished is None else finished
    for seed in seeds:
        if _stop_event is not None and _stop_event.is_set():
            break
        results.append(play_deal(rules, seed, spec))
    return results


def _play_task(task: tuple[RunSpec, range]) -> list[DealResult]:
    return play_chunk(*task)


def command_line_plugin_files() -> tuple[str, ...]:
    """The plugin files this process loaded with ``--plugin`` (not those of the environment,
    which a spawned worker loads by itself)."""
    try:
        from patience_core.plugins.hooks import ENV_PLUGINS, get_plugin_manager
    except ImportError:
        return ()
    from_env = {os.path.realpath(p) for p in os.environ.get(ENV_PLUGINS, "").split(os.pathsep) if p.strip()}
    return tuple(info.location for info in get_plugin_manager().infos.values()
                 if info.kind == "file" and info.location and os.path.realpath(info.location) not in from_env)


def _load_plugin_files(files: tuple[str, ...]) -> None:
    """In a worker: make sure the parent's ``--plugin`` files are loaded (a forked worker
    inherited them; a spawned one starts without)."""
    if not files:
        return
    from patience_core.plugins.hooks import get_plugin_manager, use_plugin_files
    loaded = {info.location for info in get_plugin_manager().infos.values() if info.kind == "file"}
    if not set(files) <= loaded:
        use_plugin_files(list(files))


# -- chunks ------------------------------------------------------------------------------------

def chunk_size(deals: int, workers: int, policy: str) -> int:
    """Deals per task: big enough that sending tasks costs little, small enough that the
    workers finish together and the progress bar moves (a solver deal can take seconds)."""
    per_worker = max(1, deals // max(1, workers))
    if policy == "solver":
        return max(1, min(8, per_worker // 16))
    return max(1, min(500, per_worker // 8))


class ChunkSizer:
    """Seeds per chunk, learnt from the deals finished so far: about CHUNK_SECONDS of work
    (one deal at first, when nothing is known), never more than ``upper``."""

    def __init__(self, upper: int) -> None:
        self.upper = max(1, upper)
        self.size = 1

    def learn(self, results: list[DealResult]) -> None:
        if not results:
            return
        per_deal = sum(r.seconds for r in results) / len(results)
        fits = int(CHUNK_SECONDS / per_deal) if per_deal > 0 else self.upper
        self.size = max(1, min(self.upper, fits))


def pending_chunks(start: int, deals: int, size: "int | ChunkSizer", done: Collection[int] = ()) -> Iterator[range]:
    """Seeds ``start .. start+deals-1`` less those in ``done``, as ranges of at most ``size``
    seeds (a :class:`ChunkSizer`'s size at the time each range is made), lazily (a range
    of a billion seeds costs nothing until it is played)."""
    end = start + deals
    at = start
    for skipped in sorted(seed for seed in done if start <= seed < end) + [end]:
        while at < skipped:
            step = size if isinstance(size, int) else size.size
            yield range(at, min(at + step, skipped))
            at += step
        at = skipped + 1


# -- backends: where chunks run ----------------------------------------------------------------

class Backend(Protocol):
    """Runs chunks on ``workers`` processes; at most ``window`` are handed to it before one
    is collected."""

    workers: int
    window: int

    def submit(self, seeds: range) -> None: ...

    def next_finished(self) -> list[DealResult]: ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...

    # Optional: ``salvage() -> list[DealResult]``, after a stop, the deals finished but not
    # yet handed over (a backend without it loses the chunks in hand).


class _HereBackend:
    """This process, one chunk at a time (``--workers 1``)."""

    workers = window = 1

    def __init__(self, spec: RunSpec) -> None:
        self.spec = spec
        self.waiting: list[range] = []
        self.in_hand: list[DealResult] = []  # the deals of the chunk being played

    def submit(self, seeds: range) -> None:
        self.waiting.append(seeds)

    def next_finished(self) -> list[DealResult]:
        self.in_hand = []
        results = play_chunk(self.spec, self.waiting.pop(0), self.in_hand)
        self.in_hand = []
        return results

    def salvage(self) -> list[DealResult]:
        """The deals of a chunk that Ctrl-C cut short, finished before it."""
        finished, self.in_hand = self.in_hand, []
        return finished

    def cancel(self) -> None:
        self.waiting.clear()

    def close(self) -> None:
        pass


class _PoolBackend:
    """Local worker processes (``--workers K``)."""

    def __init__(self, spec: RunSpec, workers: int) -> None:
        self.spec, self.workers = spec, workers
        self.window = 4 * workers
        self.finished: queue.Queue = queue.Queue()
        self.outstanding = 0  # chunks submitted and not yet collected
        context = multiprocessing.get_context(_start_method())
        self.stop = context.Event()
        self.pool = context.Pool(workers, initializer=_worker_init, initargs=(self.stop,))

    def submit(self, seeds: range) -> None:
        self.pool.apply_async(_play_task, ((self.spec, seeds),), callback=self.finished.put,
                              error_callback=self.finished.put)
        self.outstanding += 1

    def next_finished(self) -> list[DealResult]:
        while True:
            try:  # a short wait, so that a signal's handler runs at once
                result = self.finished.get(timeout=0.2)
            except queue.Empty:
                continue
            self.outstanding -= 1
            if isinstance(result, BaseException):
                raise result
            return result

    def salvage(self) -> list[DealResult]:
        """Stop the workers after the deal in hand and collect every chunk, whole or cut
        short (a deal that outlasts STOP_GRACE_SECONDS is dropped with its chunk)."""
        self.stop.set()
        finished: list[DealResult] = []
        deadline = time.monotonic() + STOP_GRACE_SECONDS
        while self.outstanding and time.monotonic() < deadline:
            try:
                result = self.finished.get(timeout=0.05)
            except queue.Empty:
                continue
            self.outstanding -= 1
            if not isinstance(result, BaseException):
                finished.extend(result)
        return finished

    def cancel(self) -> None:
        self.pool.terminate()

    def close(self) -> None:
        self.pool.close()
        self.pool.join()


def drive(backend: Backend, chunks: Iterator[range], on_chunk: Callable[[list[DealResult]], None]) -> None:
    """Keep ``backend.window`` chunks out, hand each finished one to ``on_chunk``."""
    out = 0
    for seeds in chunks:
        if out == backend.window:
            on_chunk(backend.next_finished())
            out -= 1
        backend.submit(seeds)
        out += 1
    for _ in range(out):
        on_chunk(backend.next_finished())


def _start_method() -> str:
    """fork where it is safe and cheap (Linux); spawn elsewhere (the platform default)."""
    methods = multiprocessing.get_all_start_methods()
    if os.name == "posix" and "fork" in methods and os.uname().sysname == "Linux":
        return "fork"
    return multiprocessing.get_start_method(allow_none=False)


# -- a run ---------------------------------------------------------------------------------------

def check_range(start: int, deals: int, numbering: str = "") -> None:
    if start < 0:
        raise PatienceError(f"--start {start}: deal numbers start at 0 (negative deals are not defined)")
    from patience_core.cli.common import MAX_SEED  # the one range of deal numbers, --seed's
    if start > MAX_SEED and not numbering:
        raise PatienceError(f"--start {start}: expected a deal number from 0 to {MAX_SEED}")
    if deals < 1:
        raise PatienceError(f"--deals {deals}: expected at least 1")
    if deals > MAX_DEALS:
        raise PatienceError(f"--deals {deals}: at most {MAX_DEALS} in one run (days of work even on a "
                            f"cluster); split a longer study with --start")
    if start + deals - 1 > MAX_SEED and not numbering:
        raise PatienceError(f"--start {start} --deals {deals}: the deals would run past {MAX_SEED}, the "
                            f"last deal number")


def max_workers() -> int:
    return WORKERS_PER_CORE * (os.cpu_count() or 1)


def check_workers(workers: int) -> None:
    if workers < 1:
        raise PatienceError(f"--workers {workers}: expected at least 1")
    if workers > max_workers():
        raise PatienceError(f"--workers {workers}: at most {max_workers()} on this machine "
                            f"({WORKERS_PER_CORE} per core: more processes only share the same cores)")


def _open_backend(spec: RunSpec, rules: Rules, workers: int, scheduler: Optional[str],
                  report: StatsReport) -> Backend:
    if scheduler is not None:
        from patience_core.stats.cluster import ClusterBackend
        cluster = ClusterBackend(spec, rules, scheduler)
        report.workers, report.where = cluster.workers, cluster.where
        return cluster
    # A forked worker inherits this cache and starts at once; a spawned one compiles.
    _worker_rules[spec] = rules
    return _HereBackend(spec) if workers == 1 else _PoolBackend(spec, workers)


class _Interrupts:
    """While a run lasts, the stop signals raise KeyboardInterrupt, as Ctrl-C does, but never
    while a finished chunk is being recorded: the report and the results file then hold
    the same deals."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = [n for n in names if hasattr(signal, n)]
        self.holding = self.pending = False
        self.previous: dict[str, Any] = {}

    def _stop(self, signum, frame) -> None:
        if self.holding:
            self.pending = True
        else:
            raise KeyboardInterrupt

    def __enter__(self) -> "_Interrupts":
        if threading.current_thread() is threading.main_thread():  # handlers live in the main thread
            self.previous = {n: signal.signal(getattr(signal, n), self._stop) for n in self.names}
        return self

    def __exit__(self, *exc) -> None:
        for name, handler in self.previous.items():
            signal.signal(getattr(signal, name), handler)

    @contextmanager
    def held(self) -> Iterator[None]:
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending:
            self.pending = False
            raise KeyboardInterrupt


def run_stats(spec: RunSpec, start: int, deals: int, workers: int = 1,
              on_progress: Optional[Callable[[int], None]] = None, *,
              scheduler: Optional[str] = None, done: Collection[DealResult] = (),
              on_results: Optional[Callable[[list[DealResult]], None]] = None,
              keep_verdicts: bool = False, stop_signals: tuple[str, ...] = ("SIGINT",),
              rules: Optional[Rules] = None) -> StatsReport:
    """Play (or solve) seeds ``start .. start+deals-1``; Ctrl-C ends the run early with the
    deals finished so far (``report.interrupted``).

    :param scheduler: run on a Dask cluster (``tcp://HOST:PORT`` or ``local:K``) instead of
        ``workers`` local processes.
    :param done: deals already finished (from a results file): counted, not played again.
    :param on_results: called in this process with each finished chunk's results, in the
        order they arrive (the results file is written there).
    :param keep_verdicts: keep each seed's verdict in ``report.verdicts``.
    :param stop_signals: the signals that end the run as Ctrl-C does (the command adds
        SIGTERM and SIGHUP).
    :param rules: the spec's rules, when the caller has compiled them already.
    """
    check_range(start, deals, spec.numbering)
    check_workers(workers)
    if rules is None:
        rules = spec.compile()  # errors in the spec surface here, once, before any process starts
    report = StatsReport(spec, rules.name, {k: parameter_text(v) for k, v in rules.params.items()},
                         start, deals, workers, verdicts={} if keep_verdicts else None)
    seeds_done = set()
    for result in done:
        if start <= result.seed < start + deals and result.seed not in seeds_done:
            seeds_done.add(result.seed)
            report.add(result)
    report.resumed = len(seeds_done)
    pending = deals - len(seeds_done)

    began = time.perf_counter()
    with _Interrupts(stop_signals) as interrupts:
        sizer = ChunkSizer(1)

        def record(results: list[DealResult]) -> None:
            if not results:
                return
            if on_results:
                on_results(results)
            for result in results:
                report.add(result)
            if on_progress:
                on_progress(len(results))

        def on_chunk(results: list[DealResult]) -> None:
            with interrupts.held():
                record(results)
            sizer.learn(results)

        backend = None
        try:
            if pending:
                backend = _open_backend(spec, rules, min(workers, pending), scheduler, report)
                sizer = ChunkSizer(chunk_size(pending, backend.workers, spec.policy))
                drive(backend, pending_chunks(start, deals, sizer, seeds_done), on_chunk)
        except KeyboardInterrupt:
            report.interrupted = True
            if backend is not None:
                try:  # every finished deal counts; a second Ctrl-C drops the ones still in hand
                    with interrupts.held():
                        record(getattr(backend, "salvage", list)())
                except KeyboardInterrupt:
                    pass
                backend.cancel()
        except BaseException:
            if backend is not None:
                backend.cancel()
            raise
        finally:
            if backend is not None:
                backend.close()
    report.seconds = time.perf_counter() - began
    return report


__all__ = ["RunSpec", "StatsReport", "DealResult", "run_stats", "play_deal", "deal_outcome",
           "decided_interval", "POLICIES", "chunk_size", "pending_chunks", "MAX_DEALS", "MAX_POSITIONS"]
