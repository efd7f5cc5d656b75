"""`patience stats --scheduler`: the deals as tasks on a Dask cluster (``distributed``).

``tcp://HOST:PORT`` connects to a running ``dask scheduler``; ``local:K`` starts a
``LocalCluster`` of K single-threaded worker processes on this machine. Each task is
one chunk of seeds; its result is the chunk's :class:`DealResult` list. A worker that
dies takes only time: the scheduler runs its tasks again on another worker, and as
every deal depends only on the spec and its seed, the figures do not change.

A worker may be another machine: the task carries what it cannot be expected to
have (the text of a ``--file`` variant and of plugin files), and the worker checks
that it compiles the same rules as this process (same patience version, the same
plugins deciding the same hooks) before it plays a deal, so that a worker missing a
plugin fails with a line naming it instead of playing another game.
"""
from __future__ import annotations

import atexit
import hashlib
import logging
import re
import shutil
import signal
import socket
import tempfile
import threading
import uuid
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Optional

from patience_core.errors import PatienceError
from patience_core.model.rules import Rules
from patience_core.stats import runner
from patience_core.stats.runner import DealResult, RunSpec

CONNECT_TIMEOUT = 5    # seconds to reach a scheduler before giving up
WORKER_WAIT = 30       # seconds a scheduler may have no worker before giving up
_SCHEDULER = re.compile(r"tcp://(?P<host>\[[0-9a-fA-F:]+\]|[^\s:/\[\]]+):(?P<port>\d{1,5})")


class ClusterError(PatienceError):
    """The cluster cannot be reached or used, or a worker cannot play this run."""


def parse_scheduler(text: str) -> tuple[str, object]:
    """``("tcp", "tcp://HOST:PORT")`` or ``("local", K)``."""
    if text.startswith("local:"):
        count = text[len("local:"):]
        if count.isdigit() and 1 <= int(count) <= runner.max_workers():
            return "local", int(count)
        raise ClusterError(f"--scheduler {text}: expected local:K with K from 1 to {runner.max_workers()} "
                           f"({runner.WORKERS_PER_CORE} per core)")
    match = _SCHEDULER.fullmatch(text)
    if match and 1 <= int(match["port"]) <= 65535:
        return "tcp", text
    raise ClusterError(f"--scheduler {text}: expected tcp://HOST:PORT (a running `dask scheduler`) "
                       f"or local:K (a cluster of K processes on this machine)")


# -- what a task carries ----------------------------------------------------------------------

@dataclass(frozen=True)
class ClusterJob:
    """A run as a worker on another machine needs it."""

    spec: RunSpec
    token: str                                   # names the job's files on a worker
    version: str                                 # of patience, here
    file_text: Optional[bytes]                   # the --file variant
    plugin_files: tuple[tuple[str, bytes], ...]  # (file name, content) of plugin files loaded here
    plugins: tuple[tuple[str, str, str], ...]    # (name, distribution, version) installed here
    used: tuple[str, ...]                        # the plugins the variant comes from or its hooks use
    rules_name: str
    hooks: tuple[tuple[str, str], ...]           # which plugin decides each compile-time hook


def make_job(spec: RunSpec, rules: Rules) -> ClusterJob:
    from patience_core import __version__
    from patience_core.plugins.hooks import get_plugin_manager

    infos = get_plugin_manager().infos.values()
    file_text = Path(spec.file).read_bytes() if spec.file else None
    plugin_files = tuple((Path(i.location).name, Path(i.location).read_bytes())
                         for i in infos if i.kind == "file" and i.location)
    installed = tuple((i.name, i.distribution or "?", i.version or "?") for i in infos if i.kind == "entry point")
    digest = hashlib.sha256(repr((spec, file_text, plugin_files)).encode()).hexdigest()[:16]
    return ClusterJob(spec, digest, __version__, file_text, plugin_files, installed, _plugins_used(rules),
                      rules.name, tuple(sorted(rules.plugins.items())))


def _plugins_used(rules: Rules) -> tuple[str, ...]:
    """The plugins that registered the variant or one it extends, and those deciding its hooks."""
    from patience_core.plugins.hooks import BUILTIN
    from patience_core.variants.catalog import build_registry

    used = {who for who in rules.plugins.values() if who != BUILTIN}
    origins = [rules.source.origin]
    ancestors = rules.source.documents[1:]
    registry = build_registry() if ancestors else None
    for _, data in ancestors:
        try:
            origins.append(registry.get(str(data.get("name"))).origin)
        except PatienceError:  # an ancestor that is not registered by name: a file's own
            pass
    used.update(origin.split(":", 1)[1] for origin in origins if origin.startswith("plugin:"))
    return tuple(sorted(used))


_prepared: dict[str, RunSpec] = {}
_prepare_lock = threading.Lock()  # a worker may run tasks in several threads


def play_remote_chunk(job: ClusterJob, seeds: range) -> list[DealResult]:
    """Worker: the results of ``seeds`` (the job is checked and compiled once per process)."""
    with _prepare_lock:
        spec = _prepared.get(job.token)
        if spec is None:
            spec = _prepared[job.token] = _prepare(job)
    return runner.play_chunk(spec, seeds)


def _prepare(job: ClusterJob) -> RunSpec:
    from patience_core import __version__
    from patience_core.plugins.hooks import get_plugin_manager, use_plugin_files

    where = _worker_name()
    if job.version != __version__:
        raise ClusterError(f"{where} runs patience {__version__}, this run patience {job.version}: "
                           f"install the same version on every worker")
    spec = job.spec
    if job.file_text is not None or job.plugin_files:
        folder = Path(tempfile.mkdtemp(prefix=f"patience-stats-{job.token}-"))
        atexit.register(shutil.rmtree, folder, True)
        if job.file_text is not None:
            variant = folder / Path(spec.file or "variant.yaml").name
            variant.write_bytes(job.file_text)
            spec = replace(spec, file=str(variant))
        paths = []
        for name, text in job.plugin_files:
            (folder / name).write_bytes(text)
            paths.append(str(folder / name))
        spec = replace(spec, plugin_files=tuple(paths))
        if paths:
            use_plugin_files(paths)
    have = get_plugin_manager().infos
    missing = [(name, dist, version) for name, dist, version in job.plugins if name not in have]
    # Name the plugins this run uses when they are among the missing, else every missing one.
    missing = [f"{name!r} ({dist} {version})" for name, dist, version in
               ([m for m in missing if m[0] in job.used] or missing)]
    lacking = (f"{where} lacks the plugin{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
               f"installed where the run started: install {'them' if len(missing) > 1 else 'it'} on every worker")
    try:
        rules = spec.compile()
    except PatienceError as exc:
        raise ClusterError(lacking if missing else f"{where}: {exc}") from None
    hooks = tuple(sorted(rules.plugins.items()))
    if rules.name != job.rules_name or hooks != job.hooks:
        if missing:
            raise ClusterError(lacking)
        differ = ", ".join(f"{hook} by {dict(hooks).get(hook)!r} there, by {who!r} here"
                           for hook, who in job.hooks if dict(hooks).get(hook) != who)
        raise ClusterError(f"{where} compiles {job.rules_name} differently ({differ or 'another variant'}): "
                           f"its plugins are not those where the run started")
    runner._worker_rules[spec] = rules
    return spec


def _worker_name() -> str:
    try:
        from distributed import get_worker
        return f"worker {get_worker().address}"
    except (ImportError, ValueError):
        return "a worker"


# -- the backend ----------------------------------------------------------------------------------

def _identify(address: str, scheduler: str) -> str:
    """What answers at ``address``: "Scheduler", "Worker", ...; a :class:`ClusterError` in one
    line within CONNECT_TIMEOUT when it is nothing Dask (a port that accepts and says nothing,
    a dashboard's web server): Dask's own connect can wait there far past its timeout."""
    import asyncio
    from distributed.core import rpc

    async def identity() -> dict:
        async with rpc(address, timeout=CONNECT_TIMEOUT) as remote:
            return await remote.identity()

    outcome: dict = {}

    def ask() -> None:
        try:
            outcome["answer"] = asyncio.run(asyncio.wait_for(identity(), CONNECT_TIMEOUT))
        except BaseException as exc:
            outcome["error"] = exc

    # In a thread of its own: Ctrl-C (or SIGTERM) while it waits ends the wait here at once,
    # outside the event loop, and the thread ends by its own timeout.
    asking = threading.Thread(target=ask, name="patience-dask-identity", daemon=True)
    asking.start()
    asking.join(CONNECT_TIMEOUT + 5)
    try:
        if "error" in outcome:
            raise outcome["error"]
        if "answer" not in outcome:
            raise TimeoutError
        answer = outcome["answer"]
    except (asyncio.TimeoutError, TimeoutError, asyncio.CancelledError):
        raise ClusterError(f"--scheduler {scheduler}: no Dask scheduler answers there within {CONNECT_TIMEOUT} s; "
                           f"is `dask scheduler` running there (and is this its port, not the dashboard's)?") from None
    except Exception as exc:  # the other end closed, or answered something else than Dask's messages
        reason = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise ClusterError(f"--scheduler {scheduler}: no Dask scheduler answers there ({reason}); is this the "
                           f"port of `dask scheduler`, not the dashboard's?") from None
    return str(answer.get("type", "service")) if isinstance(answer, dict) else "service"


def _quiet_client(client_class):
    """``client_class`` whose clean-up, when the constructor was interrupted (Ctrl-C while it
    connects), neither waits 10 s nor prints a traceback at exit."""
    class QuietClient(client_class):
        def __del__(self):
            try:
                if self.status not in ("closed", "newly-created"):
                    self.close(timeout=1)
            except Exception:  # a client that never connected has nothing to close
                pass
    return QuietClient


def start_local_cluster(workers: int):
    """K single-threaded worker processes on this machine, forked where the local pool forks
    (a forked worker starts at once, with this process's compiled rules; a spawned one
    imports and compiles anew, about a second). Started with SIGINT ignored: they are in
    this process's group and would each print a KeyboardInterrupt traceback on Ctrl-C
    (an ignored signal stays ignored in the child); SIGTERM and SIGHUP at their defaults,
    not this process's handlers, so that they stop quietly when the cluster is closed."""
    import dask
    from distributed import LocalCluster

    # Loopback only; no dashboard, and the scheduler's small HTTP server on a free port (on
    # 8787, taken by another cluster, Dask would print a warning).
    options = dict(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                   dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                   silence_logs=logging.CRITICAL)
    with dask.config.set({"distributed.worker.multiprocessing-method": runner._start_method()}):
        if threading.current_thread() is not threading.main_thread():
            return LocalCluster(**options)
        wanted = {"SIGINT": signal.SIG_IGN, "SIGTERM": signal.SIG_DFL, "SIGHUP": signal.SIG_DFL}
        previous = {name: signal.signal(getattr(signal, name), how)
                    for name, how in wanted.items() if hasattr(signal, name)}
        try:
            return LocalCluster(**options)
        finally:
            for name, how in previous.items():
                signal.signal(getattr(signal, name), how)


class ClusterBackend:
    """Chunks as Dask tasks (see :class:`patience_core.stats.runner.Backend`)."""

    def __init__(self, spec: RunSpec, rules: Rules, scheduler: str) -> None:
        kind, value = parse_scheduler(scheduler)
        try:
            from distributed import Client, as_completed
        except ImportError:
            raise ClusterError(f"--scheduler {scheduler}: Dask's distributed is not installed "
                               f"(pip install 'patience-games[cluster]')") from None
        self.job = make_job(spec, rules)
        # A forked local worker finds the job prepared (nothing to check: it is this process).
        _prepared[self.job.token] = spec
        runner._worker_rules[spec] = rules
        self.run_id = uuid.uuid4().hex[:8]
        self.cluster = self.client = None
        # Workers coming and going are the cluster's business; a failed task is reported here.
        for name in ["distributed"] + [n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]:
            logging.getLogger(name).setLevel(logging.CRITICAL)
        try:
            if kind == "local":
                self.cluster = start_local_cluster(value)
                address, self.where = self.cluster.scheduler_address, scheduler
            else:
                address = self.where = str(value)
            self.client = self._connect(Client, address, scheduler)
            try:
                self.client.wait_for_workers(1, timeout=WORKER_WAIT)
            except TimeoutError:
                raise ClusterError(f"--scheduler {scheduler}: the scheduler has had no worker for "
                                   f"{WORKER_WAIT} s; start some with `dask worker {address}`") from None
        except BaseException:
            self.close()
            raise
        self.workers = sum(self.client.nthreads().values()) or 1
        self.window = max(8, 4 * self.workers)
        self.futures: dict = {}
        self.finished = as_completed(loop=self.client.loop)

    @staticmethod
    def _connect(client_class, address: str, scheduler: str):
        """A client of the scheduler at ``address``; one line within seconds when there is none."""
        match = _SCHEDULER.fullmatch(address)
        if match:  # a refused or unroutable address fails here at once, without Dask's retries
            try:
                socket.create_connection((match["host"].strip("[]"), int(match["port"])),
                                         timeout=CONNECT_TIMEOUT).close()
            except OSError as exc:
                reason = exc.strerror or type(exc).__name__
                raise ClusterError(f"--scheduler {scheduler}: cannot connect ({reason}); is "
                                   f"`dask scheduler` running there?") from None
        kind = _identify(address, scheduler)
        if kind != "Scheduler":
            raise ClusterError(f"--scheduler {scheduler}: a Dask {kind.lower()} answers there, not a scheduler; "
                               f"give the address `dask scheduler` prints (tcp://HOST:8786 by default)")
        try:
            return _quiet_client(client_class)(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
        except Exception as exc:  # it answered as a scheduler a moment ago
            reason = " ".join(str(exc).split()) or type(exc).__name__
            raise ClusterError(f"--scheduler {scheduler}: no Dask scheduler answers there within "
                               f"{CONNECT_TIMEOUT} s ({reason})") from None

    def submit(self, seeds: range) -> None:
        future = self.client.submit(play_remote_chunk, self.job, seeds,
                                    key=f"patience-deals-{seeds.start}-{seeds.stop - 1}-{self.run_id}")
        self.futures[future] = seeds
        self.finished.add(future)

    def next_finished(self) -> list[DealResult]:
        future = next(self.finished)
        seeds = self.futures.pop(future)
        try:
            return [DealResult(*r) for r in future.result()]
        except PatienceError:
            raise
        except Exception as exc:
            detail = " ".join(str(exc).split())[:300]
            if "scheduler-connection-lost" in detail:
                raise ClusterError(f"lost the connection to the Dask scheduler {self.where}; the deals "
                                   f"finished before are in the results file, if --out or --resume gave one") from None
            raise ClusterError(f"the cluster failed on deals {seeds.start}..{seeds.stop - 1}: "
                               f"{type(exc).__name__}: {detail}") from None

    def cancel(self) -> None:
        if self.client is not None and self.futures:
            try:
                self.client.cancel(list(self.futures))
            except Exception:  # the scheduler may be gone already: nothing left to cancel
                pass
            self.futures.clear()

    def close(self) -> None:
        for part in (self.client, self.cluster):
            if part is not None:
                try:
                    part.close()
                except Exception:  # closing a connection that already broke
                    pass
        self.client = self.cluster = None


__all__ = ["ClusterBackend", "ClusterError", "ClusterJob", "parse_scheduler", "play_remote_chunk",
           "start_local_cluster"]
