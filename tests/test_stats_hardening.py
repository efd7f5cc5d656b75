"""`patience stats` against hostile input and signals (issue 17): one line, bounded time and memory."""
from __future__ import annotations

import itertools
import os
import signal
import subprocess
import time

import pytest

from patience_core.errors import PatienceError
from patience_core.stats.runner import MAX_DEALS, RunSpec, pending_chunks, run_stats
from stats_support import PATIENCE, ROOT, line_count, run_cli

@pytest.mark.parametrize("args,message", [
    (["--deals", "1000000000000"], "--deals 1000000000000: at most 1000000000 in one run"),
    (["--deals", "5", "--start", "-1"], "--start -1: deal numbers start at 0"),
    (["--deals", "5", "--workers", "1000"], "--workers 1000: at most"),
    (["--deals", "5", "--policy", "solver", "--timeout", "nan"], "--timeout nan: expected a finite positive"),
    (["--deals", "5", "--policy", "solver", "--timeout", "inf"], "--timeout inf: expected a finite positive"),
    (["--deals", "5", "--policy", "solver", "--timeout", "-3"], "--timeout -3.0: expected a finite positive"),
    (["--deals", "5", "--policy", "solver", "--max-positions", "1e20"], "--max-positions 1e20: expected a whole"),
    (["--deals", "5", "--policy", "solver", "--max-positions", "100000000000000000000"],
     "--max-positions 100000000000000000000: expected a whole number from 1 to 1e12"),
    (["--deals", "5", "--policy", "solver", "--max-positions", "0"], "--max-positions 0: expected a whole"),
    (["--deals", "5", "--scheduler", "local:1000"], "--scheduler local:1000: expected local:K with K from 1"),
    (["--deals", "5", "--scheduler", "my-laptop"], "--scheduler my-laptop: expected tcp://HOST:PORT"),
    (["--deals", "5", "--scheduler", "local:2", "--workers", "2"], "--workers or --scheduler, not both"),
])
def test_absurd_arguments_are_refused_in_one_line(args, message):
    began = time.monotonic()
    result = run_cli("stats", "royal-cotillion", *args)
    assert result.returncode != 0
    assert message in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and "MemoryError" not in result.stderr
    if message.startswith("--") and "not both" not in message:
        assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert time.monotonic() - began < 30


def test_a_long_range_is_streamed_not_listed():
    chunks = pending_chunks(1, MAX_DEALS, 500)
    assert list(itertools.islice(chunks, 2)) == [range(1, 501), range(501, 1001)]
    skipping = list(pending_chunks(10, 10, 4, done={9, 11, 12, 15, 19, 20}))
    assert skipping == [range(10, 11), range(13, 15), range(16, 19)]


def test_the_library_refuses_what_the_command_refuses():
    with pytest.raises(PatienceError, match="--start -2"):
        run_stats(RunSpec(variant="gavotte"), start=-2, deals=3)
    with pytest.raises(PatienceError, match="--timeout nan"):
        RunSpec(variant="gavotte", policy="solver", timeout=float("nan"))
    with pytest.raises(PatienceError, match="--max-positions"):
        RunSpec(variant="gavotte", policy="solver", max_positions=10**20)


def test_deal_zero_is_a_deal():
    report = run_stats(RunSpec(variant="gavotte", policy="naive"), start=0, deals=2, keep_verdicts=True)
    assert report.deals == 2 and None not in report.outcomes


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_end_a_run_as_ctrl_c_does(tmp_path, signame):
    results = tmp_path / "results.jsonl"
    child = subprocess.Popen([PATIENCE, "stats", "royal-cotillion", "--deals", "200000", "--workers", "2",
                              "--policy", "naive", "--out", str(results)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        deadline = time.monotonic() + 60
        while line_count(results) < 2 and time.monotonic() < deadline:  # the header and some deals
            time.sleep(0.05)
        os.kill(child.pid, getattr(signal, signame))
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert "Traceback" not in err and "BrokenPipeError" not in err
    assert "interrupted: the figures cover the" in err
    summary = [line for line in out.splitlines() if line.startswith("won ")]
    assert summary, out
    done = int(summary[0].split(" of ")[1].split()[0])
    assert 0 < done < 200000
    assert line_count(results) == 1 + done  # the file holds exactly the deals the figures count
