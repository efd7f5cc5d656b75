"""`patience stats --out/--resume`: one flushed JSON line per deal; a killed run goes on where it was."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from patience_core.stats.results import ResultsError, ResultsFile, describe_run
from patience_core.stats.runner import RunSpec, run_stats
from stats_support import PATIENCE, ROOT, deal_lines, figures, line_count, run_cli

DEAL_KEYS = {"seed", "verdict", "home", "positions", "seconds"}


def test_out_writes_the_run_then_one_line_per_deal(tmp_path):
    results = tmp_path / "results.jsonl"
    data = json.loads(run_cli("stats", "royal-cotillion", "--deals", "30", "--start", "5", "--workers", "2",
                              "--out", str(results), "--json").stdout)
    header = json.loads(results.read_text(encoding="utf-8").splitlines()[0])
    assert header["variant"] == "royal-cotillion" and header["policy"] == "player"
    assert header["params"] == {"bases": "found"}
    deals = deal_lines(results)
    assert sorted(d["seed"] for d in deals) == list(range(5, 35))
    assert all(set(d) == DEAL_KEYS for d in deals)
    assert sum(d["verdict"] == "won" for d in deals) == data["won"]
    assert all(d["home"] == 104 for d in deals if d["verdict"] == "won")
    assert all(d["home"] < 104 and d["positions"] > 1 for d in deals if d["verdict"] == "lost")
    assert data["results"] == str(results)


def test_the_solver_records_positions_searched(tmp_path):
    results = tmp_path / "solved.jsonl"
    run_cli("stats", "royal-cotillion", "--deals", "3", "--policy", "solver", "--max-positions", "20000",
            "--out", str(results))
    deals = deal_lines(results)
    assert [d["seed"] for d in sorted(deals, key=lambda d: d["seed"])] == [1, 2, 3]
    assert all(0 < d["positions"] <= 20001 + 20000 for d in deals)  # the relaxation's share included


def test_out_never_replaces_a_file(tmp_path):
    kept = tmp_path / "precious.jsonl"
    kept.write_text("my notes\n", encoding="utf-8")
    result = run_cli("stats", "gavotte", "--deals", "5", "--out", str(kept))
    assert result.returncode == 1
    assert result.stderr == f"error: --out {kept}: the file exists; give --resume {kept} to go on with that " \
                            f"run, or another file\n"
    assert kept.read_text(encoding="utf-8") == "my notes\n"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_resume_skips_what_is_there_and_reports_the_whole_range(tmp_path, workers):
    whole = figures(run_cli("stats", "odd-and-even", "--deals", "60", "--json"))
    results = tmp_path / "results.jsonl"
    run_cli("stats", "odd-and-even", "--deals", "25", "--out", str(results))
    with results.open("a", encoding="utf-8") as stream:
        stream.write('{"seed": 26, "verd')   # a line cut short by a kill
    resumed = run_cli("stats", "odd-and-even", "--deals", "60", "--workers", workers, "--resume", str(results),
                      "--json")
    assert figures(resumed) == whole
    assert json.loads(resumed.stdout)["resumed"] == 25
    seeds = [d["seed"] for d in deal_lines(results)]
    assert sorted(seeds) == list(range(1, 61))  # each deal once, the cut line gone
    again = run_cli("stats", "odd-and-even", "--deals", "60", "--resume", str(results))
    assert "(60 of them from" in again.stdout and "won " in again.stdout
    assert len(deal_lines(results)) == 60


def test_a_killed_run_resumes_to_the_same_figures(tmp_path):
    args = ["stats", "royal-cotillion", "--deals", "1500", "--workers", "2"]
    results = tmp_path / "results.jsonl"
    child = subprocess.Popen([PATIENCE, *args, "--out", str(results)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while line_count(results) < 50 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not [worker for worker in _children(child.pid) if _holds(worker, results)], \
        "a worker holds the results file: it would keep the lock after the run is killed"
    os.kill(child.pid, signal.SIGKILL)  # no handler runs: the file is what was flushed
    child.wait(timeout=30)
    kept = len(deal_lines(results))
    assert 0 < kept < 1500
    resumed = figures(run_cli(*args, "--resume", str(results), "--json"))
    assert resumed == figures(run_cli(*args, "--json"))
    assert sorted(d["seed"] for d in deal_lines(results)) == list(range(1, 1501))


def _children(pid: int) -> list[int]:
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:  # no /proc: nothing to look at
        return []


def _holds(pid: int, path: Path) -> bool:
    try:
        return any(os.path.realpath(fd) == str(path.resolve()) for fd in Path(f"/proc/{pid}/fd").iterdir())
    except OSError:
        return False


def test_resume_refuses_another_run(tmp_path):
    results = tmp_path / "results.jsonl"
    run_cli("stats", "gavotte", "--deals", "5", "--out", str(results))
    before = results.read_bytes()
    for args, what in [(["gavotte", "--policy", "naive"], "policy player, this one has naive"),
                       (["gavotte", "-p", "ranks=6,7"], "params"),
                       (["royal-cotillion"], "variant gavotte, this one has royal-cotillion")]:
        result = run_cli("stats", *args, "--deals", "5", "--resume", str(results))
        assert result.returncode == 1 and what in result.stderr and result.stderr.count("\n") == 1
    assert results.read_bytes() == before


def test_resume_names_a_damaged_line(tmp_path):
    results = tmp_path / "results.jsonl"
    run_cli("stats", "gavotte", "--deals", "4", "--out", str(results))
    lines = results.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = '{"seed": "two", "verdict": "won"}\n'
    results.write_text("".join(lines), encoding="utf-8")
    result = run_cli("stats", "gavotte", "--deals", "4", "--resume", str(results))
    assert result.returncode == 1 and result.stderr.startswith(f"error: {results}:3: expected a deal line")
    missing = run_cli("stats", "gavotte", "--deals", "4", "--resume", str(tmp_path / "none.jsonl"))
    assert missing.returncode == 1 and "no such file" in missing.stderr
    foreign = tmp_path / "foreign.jsonl"
    foreign.write_text("[1, 2]\n", encoding="utf-8")
    result = run_cli("stats", "gavotte", "--deals", "4", "--resume", str(foreign))
    assert result.returncode == 1 and f"{foreign}:1: expected a JSON object" in result.stderr


def test_a_file_variant_is_known_by_its_content(tmp_path):
    variant = tmp_path / "mine.yaml"
    variant.write_text("name: mine\nextends: gavotte\n", encoding="utf-8")
    spec = RunSpec(file=str(variant), policy="naive")
    rules = spec.compile()
    run = describe_run(spec, rules.name, {})
    results = ResultsFile.create(tmp_path / "r.jsonl", run)
    run_stats(spec, 1, 3, on_results=results.write)
    results.close()
    again = ResultsFile.resume(tmp_path / "r.jsonl", run)
    again.close()
    assert [d.seed for d in again.done] == [1, 2, 3]
    variant.write_text("name: mine\nextends: gavotte\ntitle: Mine, changed\n", encoding="utf-8")
    with pytest.raises(ResultsError, match="file_sha256"):
        ResultsFile.resume(tmp_path / "r.jsonl", describe_run(spec, rules.name, {}))


def test_docs_describe_every_field_of_the_file(tmp_path):
    import re
    page = (ROOT / "docs" / "cluster.md").read_text(encoding="utf-8")
    documented = set()
    for cell in re.findall(r"^\| (`[^|]+`) \|", page, re.M):
        documented.update(re.findall(r"`([a-z_0-9]+)`", cell))
    results = tmp_path / "results.jsonl"
    run_cli("stats", "gavotte", "--deals", "2", "--out", str(results))
    header, deal = (json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()[:2])
    assert set(header) | set(deal) == documented


def test_one_run_at_a_time_writes_a_file(tmp_path):
    results = tmp_path / "results.jsonl"
    run_cli("stats", "gavotte", "--deals", "3", "--out", str(results))
    run = json.loads(results.read_text(encoding="utf-8").splitlines()[0])
    first = ResultsFile.resume(results, run)  # as a run going on with it holds it
    try:
        second = run_cli("stats", "gavotte", "--deals", "6", "--resume", str(results))
        assert second.returncode == 1
        assert second.stderr == f"error: --resume {results}: another run is writing this file\n"
    finally:
        first.close()
    assert run_cli("stats", "gavotte", "--deals", "6", "--resume", str(results)).returncode == 0
    assert len(deal_lines(results)) == 6


def test_the_docs_way_of_reading_a_file_works(tmp_path):
    import re
    page = (ROOT / "docs" / "cluster.md").read_text(encoding="utf-8")
    (snippet,) = re.findall(r"^```python\n(.*?)^```", page, re.S | re.M)
    run_cli("stats", "royal-cotillion", "--deals", "6", "--policy", "solver", "--max-positions", "3000",
            "--out", str(tmp_path / "study.jsonl"))
    result = subprocess.run([sys.executable, "-c", snippet], capture_output=True, text=True, cwd=tmp_path,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("royal-cotillion 6 deals, ") and "undecided; furthest: [{'seed': " in result.stdout
