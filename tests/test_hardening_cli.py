"""Issue 17, items 3 and 4 at the command line: closed and broken streams, out-of-range
options. Each gets one line (or a usage error) and an exit code, never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import run_cli

PATIENCE = [sys.executable, "-m", "patience_core"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def shell(command: str, **kwargs) -> subprocess.CompletedProcess:
    """``patience`` run by the shell, so that a stream can be closed (``<&-``) or redirected."""
    patience = " ".join(PATIENCE)
    return subprocess.run(["sh", "-c", command.replace("patience", patience, 1)], capture_output=True,
                          text=True, timeout=120, **kwargs)


def usage_error(err: str) -> str:
    """The words of a usage error, without the box typer draws around it."""
    return " ".join(err.translate({ord(c): " " for c in "│╭╮╰╯─"}).split())


def test_the_game_with_stdin_closed_ends_as_at_the_end_of_input():
    out = shell("patience play royal-cotillion --seed 3 <&-")
    assert out.returncode == 0 and "Traceback" not in out.stderr
    assert "Royal Cotillion" in out.stdout


def test_moves_from_a_closed_stdin_is_one_line():
    out = shell("patience play royal-cotillion --seed 3 --moves - <&-")
    assert out.returncode == 1
    assert out.stderr == "error: --moves -: standard input is closed; give the moves on it or name a file\n"


def test_moves_from_stdin_that_is_not_text_is_one_line():
    out = subprocess.run(PATIENCE + ["play", "royal-cotillion", "--seed", "3", "--moves", "-"],
                         input=b"\xff\xfe\x00", capture_output=True, timeout=120)
    assert out.returncode == 1 and b"Traceback" not in out.stderr and len(out.stderr.splitlines()) == 1


def test_resume_with_stdin_closed(tmp_path):
    save = tmp_path / "game.json"
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "3", stdin=f"t\nsave {save}\nq\n")
    assert save.exists(), out + err
    out = shell(f"patience play --resume {save} <&-")
    assert out.returncode == 0 and "Traceback" not in out.stderr and "resumed" in out.stdout


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
@pytest.mark.parametrize("command", ["list", "show royal-cotillion", "solve royal-cotillion --seed 3 --json",
                                     "schema"])
def test_a_full_disk_on_stdout_is_one_line(command):
    out = shell(f"patience {command} > /dev/full")
    assert out.returncode == 1
    assert out.stderr == "error: cannot write the output: No space left on device\n"


def test_a_reader_that_goes_away_is_no_error():
    out = shell("patience schema | head -c 10")
    assert out.stdout == '{\n  "$sche' and out.stderr == ""


def test_stdout_closed_is_no_traceback():
    out = shell("patience list >&-")
    assert "Traceback" not in out.stderr


@pytest.mark.parametrize("command", [["play", "royal-cotillion", "--policy", "naive"], ["solve", "royal-cotillion"]])
@pytest.mark.parametrize("seed", ["-1", "-3", str(10**18 + 1)])
def test_negative_and_huge_seeds_are_refused(command, seed):
    code, out, err = run_cli(*command, "--seed", seed)
    assert code == 2 and "expected a deal number from 0 to 1000000000000000000" in usage_error(err)


def test_seed_zero_is_a_deal():
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "0", "--policy", "naive")
    assert code == 0 and "deal 0" in out


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "0", "-1"])
def test_a_timeout_that_never_comes_is_refused(value):
    code, out, err = run_cli("solve", "royal-cotillion", "--seed", "3", "--timeout", value)
    assert code == 2 and "expected a positive, finite number of seconds" in usage_error(err)


@pytest.mark.parametrize("value", ["0", "100000000000000000000", "1000000000000001"])
def test_position_budgets_out_of_range_are_refused(value):
    code, out, err = run_cli("solve", "royal-cotillion", "--seed", "3", "--max-positions", value)
    assert code == 2 and "expected a number of positions from 1 to 1000000000000000" in usage_error(err)


def test_a_position_budget_written_as_a_float_is_a_usage_error():
    code, out, err = run_cli("solve", "royal-cotillion", "--seed", "3", "--max-positions", "1e20")
    assert code == 2 and "Traceback" not in err


def test_moves_from_a_named_pipe_is_refused_not_waited_on(tmp_path):
    path = tmp_path / "moves"
    os.mkfifo(path)
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "3", "--moves", str(path))
    assert code == 1 and err == f"error: {path}: cannot read moves: not a regular file\n"


def test_a_search_that_runs_out_of_memory_is_one_line():
    """A real solve under an address-space limit (``ulimit -v``, 250 MB): its table outgrows it
    within seconds and the search stops for memory. One line and exit 1, not a traceback."""
    out = shell("ulimit -v 250000 && patience solve klondike -p draw=3 -p worry=yes -p partial=to-foundation "
                "--seed 242 --timeout 60")
    assert out.returncode == 1, out.stderr[-400:]
    assert out.stderr == ("error: out of memory: this machine cannot hold the search; "
                          "--max-positions sets a smaller bound\n")
