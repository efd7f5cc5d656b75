"""`patience stats --scheduler`: a real Dask cluster on loopback (a `dask scheduler` and `dask worker`
processes started and stopped here), `local:K`, faults, and workers that lack what the run needs."""
from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from patience_core.stats import cluster  # noqa: E402
from patience_core.stats.cluster import ClusterError, make_job, parse_scheduler  # noqa: E402
from patience_core.stats.runner import RunSpec, run_stats  # noqa: E402
from stats_support import (FIGURES, PATIENCE, ROOT, choose_fill_plugin, deal_lines, figures,  # noqa: E402
                           line_count, run_cli)

BIN = Path(sys.executable).parent


def here(spec: RunSpec, deals: int) -> dict:
    """The figures of ``--workers 1`` (this process), as ``figures`` gives them."""
    data = run_stats(spec, 1, deals).to_json()
    return {k: data[k] for k in FIGURES}


def _scheduler_address(scheduler_file: Path, deadline: float) -> str:
    """The address the scheduler writes to its file, once the file is whole: it may exist
    before the scheduler has finished writing it (seen: an empty file, one CI run in many)."""
    while True:
        try:
            return json.loads(scheduler_file.read_text())["address"]
        except (FileNotFoundError, json.JSONDecodeError, KeyError):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


@contextlib.contextmanager
def dask_cluster(folder: Path, workers: int = 2, worker_env: dict | None = None):
    """A scheduler and ``workers`` single-threaded worker processes on 127.0.0.1 (no nanny: a
    killed worker stays dead); yields the scheduler's address and the processes, scheduler first."""
    scheduler_file = folder / "scheduler.json"
    log = open(folder / "dask.log", "w")
    quiet = dict(stdout=log, stderr=subprocess.STDOUT, cwd=folder)
    scheduler = subprocess.Popen([str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0",
                                  "--no-dashboard", "--scheduler-file", str(scheduler_file)], **quiet)
    started = [scheduler]
    try:
        address = _scheduler_address(scheduler_file, time.monotonic() + 60)
        for number in range(workers):
            # Each worker runs in its own folder: it cannot find the files the command names.
            (folder / f"w{number}").mkdir()
            started.append(subprocess.Popen(
                [str(BIN / "dask"), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard",
                 "--host", "127.0.0.1", "--name", f"w{number}"], stdout=log, stderr=subprocess.STDOUT,
                cwd=folder / f"w{number}", env={**os.environ, **(worker_env or {})}))
        from distributed import Client
        with Client(address, timeout=30) as client:
            client.wait_for_workers(workers, timeout=60)
        yield address, started
    finally:
        # Workers first: a worker whose scheduler is gone waits for it before it stops.
        for process in started[1:] + started[:1]:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        log.close()


PLUGIN = choose_fill_plugin("cluster-choose-fill")


def test_a_real_cluster_gives_the_figures_of_one_worker(tmp_path):
    plugin = tmp_path / "cluster_choose_fill.py"
    plugin.write_text(PLUGIN, encoding="utf-8")
    (tmp_path / "mine.yaml").write_text("name: mine\nextends: odd-and-even\nparameters:\n  redeals: {default: 2}\n",
                                        encoding="utf-8")
    with dask_cluster(tmp_path) as (address, _):
        # a shipped variant, with a results file
        results = tmp_path / "results.jsonl"
        on_cluster = run_cli("stats", "royal-cotillion", "--deals", "80", "--scheduler", address, "--json",
                             "--out", str(results))
        assert figures(on_cluster) == here(RunSpec(variant="royal-cotillion"), 80)
        assert json.loads(on_cluster.stdout)["scheduler"] == address
        assert sorted(json.loads(line)["seed"] for line in results.read_text().splitlines()[1:]) == \
            list(range(1, 81))
        # a --file variant named by a path the workers cannot see (they run in other folders)
        mine = run_cli("stats", "--file", "mine.yaml", "--deals", "30", "--scheduler", address, "--json",
                       cwd=tmp_path)
        assert figures(mine) == here(RunSpec(variant="odd-and-even", params=(("redeals", "2"),)), 30)
        # a variant from a --plugin file the workers never loaded
        with_plugin = ["--plugin", str(plugin), "stats", "cluster-choose-fill", "--deals", "24", "--json"]
        assert figures(run_cli(*with_plugin, "--scheduler", address)) == figures(run_cli(*with_plugin))


def test_a_killed_worker_costs_only_time(tmp_path):
    args = ["stats", "royal-cotillion", "--deals", "800", "--json"]
    expected = figures(run_cli(*args, "--workers", "2"))
    results = tmp_path / "results.jsonl"
    with dask_cluster(tmp_path) as (address, processes):
        worker = processes[1]
        run = subprocess.Popen([PATIENCE, *args, "--scheduler", address, "--out", str(results)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
        deadline = time.monotonic() + 120
        while line_count(results) < 40 and time.monotonic() < deadline:  # both workers busy by now
            time.sleep(0.02)
        at_kill = line_count(results)
        assert worker.poll() is None and run.poll() is None, "the run ended before the kill"
        os.kill(worker.pid, signal.SIGKILL)
        out, err = run.communicate(timeout=240)
    assert run.returncode == 0, err
    data = json.loads(out)
    assert {k: data[k] for k in expected} == expected
    seeds = [json.loads(line)["seed"] for line in results.read_text().splitlines()[1:]]
    assert sorted(seeds) == list(range(1, 801)) and at_kill < 801


@pytest.mark.slow
def test_a_lost_scheduler_is_one_line_and_the_file_keeps_what_was_done(tmp_path):
    results = tmp_path / "results.jsonl"
    with dask_cluster(tmp_path, workers=1) as (address, processes):
        run = subprocess.Popen([PATIENCE, "stats", "royal-cotillion", "--deals", "3000", "--scheduler", address,
                                "--out", str(results)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 120
        while line_count(results) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        processes[0].kill()
        out, err = run.communicate(timeout=120)
    assert run.returncode == 1
    assert err == (f"error: lost the connection to the Dask scheduler {address}; the deals finished before "
                   f"are in the results file, if --out or --resume gave one\n")
    kept = {deal["seed"] for deal in deal_lines(results)}
    assert kept and len(kept) == line_count(results) - 1
    resumed = run_cli("stats", "royal-cotillion", "--deals", "600", "--resume", str(results), "--json")
    assert json.loads(resumed.stdout)["resumed"] == len(kept & set(range(1, 601)))


def test_an_unreachable_scheduler_is_one_line_within_seconds(tmp_path):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    began = time.monotonic()
    results = tmp_path / "results.jsonl"
    result = run_cli("stats", "royal-cotillion", "--deals", "10", "--scheduler", f"tcp://127.0.0.1:{port}",
                     "--out", str(results))
    assert not results.exists()  # a run that never started leaves no file to resume
    assert time.monotonic() - began < 15
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: --scheduler tcp://127.0.0.1:{port}: cannot connect")
    assert result.stderr.count("\n") == 1


def test_a_local_cluster_gives_the_same_outcomes_deal_by_deal():
    spec = RunSpec(variant="gavotte", params=(("ranks", "6,7"),), policy="player")
    here = run_stats(spec, start=3, deals=40, keep_verdicts=True)
    local = run_stats(spec, start=3, deals=40, scheduler="local:2", keep_verdicts=True)
    assert local.outcomes == here.outcomes and None not in local.outcomes
    assert local.where == "local:2" and local.workers == 2


def test_a_worker_without_the_plugin_names_it(tmp_path):
    from patience_core.plugins.hooks import ENV_DISABLE_AUTOLOAD, get_plugin_manager
    if "gavotte-late-wing" not in get_plugin_manager().infos:
        pytest.skip("the example plugin patience-gavotte-late-wing is not installed")
    with dask_cluster(tmp_path, workers=1, worker_env={ENV_DISABLE_AUTOLOAD: "1"}) as (address, _):
        result = run_cli("stats", "gavotte-late-wing", "--deals", "4", "--scheduler", address)
    assert result.returncode == 1
    assert re.fullmatch(r"error: worker tcp://\S+ lacks the plugin 'gavotte-late-wing' \(patience-gavotte-late-wing "
                        r"[^)]+\) installed where the run started: install it on every worker\n", result.stderr), \
        result.stderr


def test_a_worker_of_another_version_refuses(monkeypatch):
    spec = RunSpec(variant="gavotte", policy="naive")
    job = make_job(spec, spec.compile())
    monkeypatch.setattr(cluster, "_prepared", {})
    from dataclasses import replace
    with pytest.raises(ClusterError, match="a worker runs patience .*, this run patience 9.9: install the same"):
        cluster.play_remote_chunk(replace(job, version="9.9"), range(1, 3))
    assert [r.seed for r in cluster.play_remote_chunk(job, range(1, 3))] == [1, 2]


def test_a_scheduler_without_workers_is_an_error(monkeypatch):
    from distributed import LocalCluster
    monkeypatch.setattr(cluster, "WORKER_WAIT", 1)
    with LocalCluster(n_workers=0, dashboard_address=None) as empty:
        with pytest.raises(ClusterError, match="the scheduler has had no worker for 1 s; start some"):
            run_stats(RunSpec(variant="gavotte"), 1, 5, scheduler=empty.scheduler_address)


@pytest.mark.parametrize("text,expected", [
    ("tcp://127.0.0.1:8786", ("tcp", "tcp://127.0.0.1:8786")),
    ("tcp://node-7.lab:8786", ("tcp", "tcp://node-7.lab:8786")),
    ("tcp://[::1]:8786", ("tcp", "tcp://[::1]:8786")),
    ("local:2", ("local", 2)),
])
def test_scheduler_addresses(text, expected):
    assert parse_scheduler(text) == expected


@pytest.mark.parametrize("text", ["127.0.0.1:8786", "tcp://host", "tcp://host:99999", "local:0", "local:x",
                                  "inproc://x", ""])
def test_bad_scheduler_addresses(text):
    with pytest.raises(ClusterError, match="--scheduler"):
        parse_scheduler(text)


def test_ctrl_c_on_a_cluster_prints_what_was_finished():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(PATIENCE, ["stats", "royal-cotillion", "--deals", "200000", "--scheduler", "local:2"],
                          cwd=str(ROOT), encoding="utf-8", timeout=120, dimensions=(24, 120))
    child.logfile_read = seen = io.StringIO()
    child.expect("player on royal-cotillion")
    child.expect(r"[1-9]\d*/200000")  # the bar follows finished tasks
    child.sendintr()
    child.expect(r"won (\d+), lost (\d+), unknown 0 of (\d+) deals")
    won, lost, done = (int(x) for x in child.match.groups())
    assert won + lost == done and 0 < done < 200000
    child.expect("interrupted: the figures cover the")
    child.expect(pexpect.EOF)
    assert "Traceback" not in seen.getvalue() and "KeyboardInterrupt" not in seen.getvalue()
    child.close()
    assert child.exitstatus == 130
