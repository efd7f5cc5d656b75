"""Issue 57, items 1, 3 and 6 (`stats --out DIR`): a results file is read line by line in
bounded memory, what is not a regular file is refused unread, and --resume checks what it
takes: conflicting or non-finite lines are refused with their line number, repeats warned of."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tracemalloc

import pytest

from conftest import run_cli
from patience_core.stats.results import MAX_LINE_BYTES, ResultsError, ResultsFile

def results_file(tmp_path, deals: int = 3):
    """A results file of gavotte's deals 1..``deals``: (path, its run line, its deal lines)."""
    path = tmp_path / "study.jsonl"
    code, _, err = run_cli("stats", "gavotte", "--deals", str(deals), "--out", str(path))
    assert code == 0, err
    run, *deals_ = path.read_text(encoding="utf-8").splitlines()
    return path, json.loads(run), [json.loads(line) for line in deals_]


def write_lines(path, run, deals):
    path.write_text("".join(json.dumps(item) + "\n" for item in [run] + deals), encoding="utf-8")


def refusal(path, run) -> str:
    with pytest.raises(ResultsError) as refused:
        ResultsFile.resume(path, run)
    return str(refused.value)


def limited_memory():
    """A child limited to 2 GB of address space: reading without bound fails fast, not after 7 GB."""
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 * 1024**3, 2 * 1024**3))


# -- item 1: bounded reads ----------------------------------------------------------------

RESUME = ("import sys\nfrom patience_core.stats.results import ResultsFile, ResultsError\n"
          "try:\n    ResultsFile.resume(sys.argv[1], {})\nexcept ResultsError as exc:\n    print(exc)\n")


@pytest.mark.parametrize("device", ["/dev/zero", "fifo"])
def test_resuming_from_a_device_or_a_pipe_is_refused_unread(tmp_path, device):
    if not hasattr(os, "mkfifo"):
        pytest.skip("POSIX devices and named pipes")
    if device == "fifo":
        device = tmp_path / "fifo"
        os.mkfifo(device)
    elif not os.path.exists(device):
        pytest.skip(f"no {device} here")
    # In a child with 2 GB of address space, so that reading without a bound fails fast.
    result = subprocess.run([sys.executable, "-c", RESUME, str(device)], capture_output=True, text=True,
                            timeout=60, preexec_fn=limited_memory)
    assert result.stdout == (f"--resume {device}: not a regular file (a device or a pipe); expected a results "
                             f"file of patience stats\n"), result.stderr
    assert not os.path.exists(f"{device}.lock")


def test_a_line_longer_than_any_results_line_is_refused_unread(tmp_path):
    path, run, deals = results_file(tmp_path)
    with open(path, "ab") as handle:
        handle.write(b"0" * (MAX_LINE_BYTES + 10) + b"\n")
    assert refusal(path, run) == (f"{path}:5: a line of more than {MAX_LINE_BYTES} bytes; is this a results "
                                  f"file of patience stats?")


def test_a_long_study_resumes_in_less_memory_than_its_file(tmp_path):
    path, run, deals = results_file(tmp_path, deals=1)
    line = json.dumps(deals[0] | {"seconds": 0.1234}) + "\n"
    with open(path, "a", encoding="utf-8") as handle:
        for seed in range(2, 100_002):
            handle.write(line.replace('"seed": 1,', f'"seed": {seed},'))
    size = path.stat().st_size
    tracemalloc.start()
    try:
        resumed = ResultsFile.resume(path, run)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    resumed.close()
    assert len(resumed.done) == 100_001 and resumed.done[-1].seed == 100_001
    assert peak < size  # read whole, the file alone would be its size, its text and lines as much again


def test_a_line_a_kill_cut_short_is_still_dropped(tmp_path):
    path, run, deals = results_file(tmp_path)
    with open(path, "ab") as handle:
        handle.write(b'{"seed": 4, "verd')
    resumed = ResultsFile.resume(path, run)
    resumed.close()
    assert [d.seed for d in resumed.done] == [1, 2, 3]
    assert path.read_text(encoding="utf-8").endswith("}\n")


# -- item 3: what --resume takes ------------------------------------------------------------

def test_a_deal_with_two_verdicts_is_refused_with_its_line(tmp_path):
    path, run, deals = results_file(tmp_path)
    other = "lost" if deals[1]["verdict"] == "won" else "won"
    write_lines(path, run, deals + [deals[1] | {"verdict": other}])
    assert refusal(path, run) == (f"{path}:5: deal 2 is {other} here and {deals[1]['verdict']} on line 3; "
                                  f"a deal has one result: remove the wrong line")


@pytest.mark.parametrize("seconds", ["NaN", "Infinity", "-Infinity", "-1"])
def test_seconds_that_are_not_a_time_are_refused_with_the_line(tmp_path, seconds):
    path, run, deals = results_file(tmp_path)
    write_lines(path, run, deals)
    text = path.read_text(encoding="utf-8").splitlines()
    text[2] = text[2].replace(f'"seconds": {deals[1]["seconds"]}', f'"seconds": {seconds}')
    path.write_text("\n".join(text) + "\n", encoding="utf-8")
    shown = {"-1": "-1"}.get(seconds, float(seconds))
    assert refusal(path, run) == f"{path}:3: \"seconds\": {shown}; expected a number of seconds, 0 or more"


def test_a_deal_number_no_run_can_play_is_refused(tmp_path):
    path, run, deals = results_file(tmp_path)
    write_lines(path, run, deals + [deals[0] | {"seed": 10**18 + 1}])
    assert refusal(path, run).startswith(f"{path}:5: expected a deal line ")


def test_repeated_lines_are_counted_once_with_one_warning(tmp_path):
    path, run, deals = results_file(tmp_path)
    write_lines(path, run, deals + [deals[0], deals[2], deals[0] | {"seconds": 9.5}])
    code, out, err = run_cli("stats", "gavotte", "--deals", "4", "--resume", str(path), "--json")
    assert code == 0
    assert err == (f"warning: --resume {path}: 3 deal lines repeat earlier ones (deal 1 on lines 2 and 5); "
                   f"each deal is counted once\n")
    report = json.loads(out)
    assert report["deals"] == 4 and report["resumed"] == 3


# -- item 6: --out names a folder -------------------------------------------------------------

def test_out_naming_a_folder_says_so(tmp_path):
    code, _, err = run_cli("stats", "gavotte", "--deals", "2", "--out", str(tmp_path))
    assert code == 1
    assert err == f"error: --out {tmp_path}: is a folder; expected the name of a new results file\n"
