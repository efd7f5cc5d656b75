"""Win-rate statistics: play or solve a range of deals, reproducibly, over several processes.

A run is described by a :class:`RunSpec` (variant name or file, parameter values as
typed, policy, solver limits). Each worker process compiles the rules itself from
that spec, so plugin variants work the same in every process and nothing
unpicklable crosses a process boundary. Every deal's outcome depends only on the
spec and its seed, so the same arguments give the same numbers on any machine and
with any number of workers. The one exception is the solver with a time limit,
whose verdict on a hard deal can depend on the machine's speed; a position limit
(``max_positions``) is reproducible everywhere.
"""
from __future__ import annotations

import multiprocessing
import os
import signal
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, Optional

from patience_core.model.deal import seeded_order, start_position
from patience_core.errors import PatienceError
from patience_core.model.game import GameSpec
from patience_core.stats.intervals import wilson
from patience_core.variants.loader import parameter_text
from patience_core.model.rules import Rules

POLICIES = ("player", "naive", "solver")
WON, LOST, UNKNOWN = "won", "lost", "unknown"


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

    def __post_init__(self) -> None:
        if self.policy not in POLICIES:
            raise PatienceError(f"unknown policy {self.policy!r}; expected one of {', '.join(POLICIES)}")
        if self.policy != "solver" and (self.timeout is not None or self.max_positions is not None):
            raise PatienceError(f"--timeout and --max-positions limit the solver; policy "
                                f"{self.policy!r} plays each deal to its end without a limit")

    def compile(self) -> Rules:
        return GameSpec(variant=self.variant, params=dict(self.params), file=self.file).compile()


@dataclass
class StatsReport:
    """The outcome of a run: counts, interval, time; ``outcomes[i]`` belongs to seed ``start + i``."""

    spec: RunSpec
    rules_name: str
    params_text: dict[str, str]
    start: int
    requested: int
    workers: int
    outcomes: list[Optional[str]] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def won(self) -> int:
        return self.outcomes.count(WON)

    @property
    def lost(self) -> int:
        return self.outcomes.count(LOST)

    @property
    def unknown(self) -> int:
        return self.outcomes.count(UNKNOWN)

    @property
    def deals(self) -> int:
        """Deals finished (all of them unless the run was interrupted)."""
        return self.won + self.lost + self.unknown

    @property
    def win_rate(self) -> float:
        return self.won / self.deals if self.deals else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return decided_interval(self.won, self.unknown, self.deals)

    def seeds_done(self) -> list[int]:
        return [self.start + i for i, outcome in enumerate(self.outcomes) if outcome is not None]

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "variant": self.rules_name, "params": self.params_text, "file": self.spec.file,
            "policy": self.spec.policy, "start": self.start, "requested": self.requested,
            "deals": self.deals, "won": self.won, "lost": self.lost, "unknown": self.unknown,
            "win_rate": round(self.win_rate, 6), "interval": [round(low, 6), round(high, 6)],
            "seconds": round(self.seconds, 3), "workers": self.workers,
            "timeout": self.spec.timeout, "max_positions": self.spec.max_positions,
            "interrupted": self.interrupted,
        }


def decided_interval(won: int, unknown: int, deals: int) -> tuple[float, float]:
    """95 % Wilson interval with undecided deals counted as lost for the lower bound and as
    won for the upper bound: whatever the undecided deals turn out to be, the true rate's
    interval lies inside this one."""
    if deals <= 0:
        return (0.0, 1.0)
    return (wilson(won, deals)[0], wilson(won + unknown, deals)[1])


# -- one deal ---------------------------------------------------------------------------

def deal_outcome(rules: Rules, seed: int, spec: RunSpec) -> str:
    """``won`` / ``lost`` / ``unknown`` for deal ``seed`` under the spec's policy."""
    order = seeded_order(rules, seed)
    if spec.policy == "solver":
        try:
            from patience_core.solver.solve import solve
        except ImportError as exc:  # the solver module is optional while it is being built
            raise PatienceError(f"the solver is not available in this build ({exc})") from None
        return solve(rules, order, max_positions=spec.max_positions, timeout=spec.timeout).verdict
    position = start_position(rules, order)
    if spec.policy == "naive":
        from patience_core.agents.policies import play_naive
        play_naive(position)
    else:
        from patience_core.agents.player import play_player
        play_player(position)
    return WON if position.is_won() else LOST


# -- worker processes ----------------------------------------------------------------------

_worker_rules: dict[RunSpec, Rules] = {}


def _worker_init() -> None:
    # The parent handles Ctrl-C and ends the pool; a worker must not die mid-chunk on its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_chunk(task: tuple[RunSpec, int, int]) -> tuple[int, list[str]]:
    """Worker: the outcomes of seeds ``first .. first+count-1`` (rules compiled once per process)."""
    spec, first, count = task
    rules = _worker_rules.get(spec)
    if rules is None:
        _load_plugin_files(spec.plugin_files)
        rules = _worker_rules[spec] = spec.compile()
    return first, [deal_outcome(rules, seed, spec) for seed in range(first, first + count)]


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


def chunk_size(deals: int, workers: int, policy: str) -> int:
    """Deals per task: big enough that sending tasks costs little, small enough that the
    workers finish together and the progress bar moves (a solver deal can take seconds)."""
    per_worker = max(1, deals // max(1, workers))
    if policy == "solver":
        return max(1, min(8, per_worker // 16))
    return max(1, min(500, per_worker // 8))


def _chunks(start: int, deals: int, size: int) -> Iterator[tuple[int, int]]:
    for first in range(start, start + deals, size):
        yield first, min(size, start + deals - first)


def run_stats(spec: RunSpec, start: int, deals: int, workers: int = 1,
              on_progress: Optional[Callable[[int], None]] = None) -> StatsReport:
    """Play (or solve) seeds ``start .. start+deals-1``; Ctrl-C ends the run early with the
    deals finished so far (``report.interrupted``)."""
    if deals < 1:
        raise PatienceError(f"--deals {deals}: expected at least 1")
    if workers < 1:
        raise PatienceError(f"--workers {workers}: expected at least 1")
    rules = spec.compile()  # errors in the spec surface here, once, before any process starts
    report = StatsReport(spec, rules.name, {k: parameter_text(v) for k, v in rules.params.items()},
                         start, deals, workers, [None] * deals)
    workers = min(workers, deals)
    began = time.perf_counter()
    try:
        # A forked worker inherits this cache and starts at once; a spawned one compiles.
        _worker_rules[spec] = rules
        if workers == 1:
            _run_here(rules, spec, start, deals, report, on_progress)
        else:
            _run_pool(spec, start, deals, workers, report, on_progress)
    except KeyboardInterrupt:
        report.interrupted = True
    report.seconds = time.perf_counter() - began
    return report


def _run_here(rules, spec, start, deals, report, on_progress) -> None:
    step = chunk_size(deals, 1, spec.policy)
    for i, seed in enumerate(range(start, start + deals)):
        report.outcomes[i] = deal_outcome(rules, seed, spec)
        if on_progress and (i + 1) % step == 0:
            on_progress(step)
    if on_progress and deals % step:
        on_progress(deals % step)


def _run_pool(spec, start, deals, workers, report, on_progress) -> None:
    size = chunk_size(deals, workers, spec.policy)
    tasks = [(spec, first, count) for first, count in _chunks(start, deals, size)]
    pool = multiprocessing.get_context(_start_method()).Pool(workers, initializer=_worker_init)
    try:
        for first, outcomes in pool.imap_unordered(_play_chunk, tasks):
            report.outcomes[first - start:first - start + len(outcomes)] = outcomes
            if on_progress:
                on_progress(len(outcomes))
        pool.close()
    except BaseException:
        pool.terminate()
        raise
    finally:
        pool.join()


def _start_method() -> str:
    """fork where it is safe and cheap (Linux); spawn elsewhere (the platform default)."""
    methods = multiprocessing.get_all_start_methods()
    if os.name == "posix" and "fork" in methods and os.uname().sysname == "Linux":
        return "fork"
    return multiprocessing.get_start_method(allow_none=False)


__all__ = ["RunSpec", "StatsReport", "run_stats", "deal_outcome", "decided_interval", "POLICIES",
           "chunk_size"]
