"""`patience stats`: intervals, determinism across workers, JSON, progress bar, Ctrl-C, errors."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from patience_core.errors import PatienceError
from patience_core.stats.intervals import wilson
from patience_core.stats.runner import RunSpec, chunk_size, decided_interval, run_stats
from stats_support import choose_fill_plugin

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = [str(Path(sys.executable).parent / "patience")]
JSON_KEYS = {"won", "lost", "unknown", "deals", "win_rate", "interval", "seconds",
             "variant", "params", "policy", "start"}


def run_cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(PATIENCE + list(args), capture_output=True, text=True, timeout=timeout, cwd=ROOT)


# -- intervals ---------------------------------------------------------------------------

@pytest.mark.parametrize("won,n,low,high", [
    (0, 10, 0.0, 0.27753),        # Wilson 95 %: 0 of 10
    (5, 10, 0.23659, 0.76341),
    (10, 10, 0.72247, 1.0),
    (304, 2000, 0.13693, 0.16840),  # naive Royal Cotillion, seeds 1-2000 (15.2 %), computed by hand
])
def test_wilson_known_values(won, n, low, high):
    got = wilson(won, n)
    assert got == pytest.approx((low, high), abs=1e-5)


def test_undecided_deals_widen_the_interval_both_ways():
    low, high = decided_interval(won=20, unknown=10, deals=100)
    assert low == pytest.approx(wilson(20, 100)[0])      # the 10 counted as lost
    assert high == pytest.approx(wilson(30, 100)[1])     # the 10 counted as won
    assert decided_interval(20, 0, 100) == wilson(20, 100)
    assert decided_interval(0, 0, 0) == (0.0, 1.0)


# -- runs ---------------------------------------------------------------------------------

@pytest.mark.parametrize("policy", ["naive", "player"])
def test_workers_give_identical_per_seed_outcomes(policy):
    spec = RunSpec(variant="royal-cotillion", policy=policy)
    one = run_stats(spec, start=11, deals=60, workers=1, keep_verdicts=True)
    two = run_stats(spec, start=11, deals=60, workers=2, keep_verdicts=True)
    assert one.outcomes == two.outcomes
    assert None not in one.outcomes and one.deals == 60
    again = run_stats(spec, start=11, deals=60, workers=1, keep_verdicts=True)
    assert again.outcomes == one.outcomes
    assert one.won + one.lost == 60 and one.unknown == 0


def test_outcomes_follow_seeds_not_chunks():
    spec = RunSpec(variant="gavotte", params=(("ranks", "6,7"),), policy="player")
    whole = run_stats(spec, start=1, deals=30, keep_verdicts=True)
    tail = run_stats(spec, start=21, deals=10, workers=2, keep_verdicts=True)
    assert whole.outcomes[20:] == tail.outcomes


def test_chunks_are_large_for_fast_policies_and_small_for_the_solver():
    assert chunk_size(2000, 2, "player") == 125
    assert chunk_size(100000, 2, "naive") == 500
    assert chunk_size(1000, 2, "solver") <= 8
    assert chunk_size(1, 4, "player") == 1


def test_limits_belong_to_the_solver():
    with pytest.raises(PatienceError, match="limit the solver"):
        RunSpec(variant="royal-cotillion", policy="player", timeout=1.0)
    with pytest.raises(PatienceError, match="unknown policy"):
        RunSpec(variant="royal-cotillion", policy="lucky")


def test_a_plugin_or_file_variant_is_rebuilt_in_each_worker(tmp_path):
    variant = tmp_path / "my-cotillion.yaml"
    variant.write_text("name: my-cotillion\nextends: royal-cotillion\nparameters:\n  bases: {default: dealt}\n",
                       encoding="utf-8")
    spec = RunSpec(file=str(variant), policy="naive")
    one = run_stats(spec, start=1, deals=24, workers=1, keep_verdicts=True)
    two = run_stats(spec, start=1, deals=24, workers=2, keep_verdicts=True)
    assert one.outcomes == two.outcomes and one.rules_name == "my-cotillion"
    dealt = run_stats(RunSpec(variant="royal-cotillion", params=(("bases", "dealt"),), policy="naive"),
                      start=1, deals=24, keep_verdicts=True)
    assert dealt.outcomes == one.outcomes


# -- the command ------------------------------------------------------------------------------

def test_json_has_the_documented_keys_and_no_progress_bar():
    result = run_cli("stats", "royal-cotillion", "--deals", "40", "--policy", "naive", "--workers", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert JSON_KEYS <= set(data)
    assert data["deals"] == 40 and data["won"] + data["lost"] + data["unknown"] == 40
    assert data["policy"] == "naive" and data["start"] == 1 and data["params"] == {"bases": "found"}
    low, high = data["interval"]
    assert low <= data["win_rate"] <= high
    assert result.stderr == ""


def test_same_arguments_same_numbers_in_json():
    first = json.loads(run_cli("stats", "odd-and-even", "--deals", "30", "--start", "7", "--json").stdout)
    second = json.loads(run_cli("stats", "odd-and-even", "--deals", "30", "--start", "7", "--json",
                                "--workers", "2").stdout)
    for key in ("won", "lost", "unknown", "deals", "win_rate", "interval"):
        assert first[key] == second[key]


def test_human_summary_names_counts_rate_interval_and_time():
    result = run_cli("stats", "gavotte", "--deals", "20", "-p", "free=left")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "gavotte (ranks=A,2 free=left), deals 1..20, policy player" in out
    assert "won " in out and " of 20 deals" in out and "95 % interval" in out and "time " in out
    assert result.stderr == ""  # not a terminal: no progress bar


@pytest.mark.parametrize("args,message", [
    (["royal-cotillion"], "missing --deals"),
    (["royal-cotillion", "--deals", "0"], "expected at least 1"),
    (["royal-cotillion", "--deals", "5", "--policy", "lucky"], "unknown policy"),
    (["royal-cotillion", "--deals", "5", "--timeout", "2"], "limit the solver"),
    (["nonesuch", "--deals", "5"], "unknown variant"),
    (["royal-cotillion", "--deals", "5", "-p", "bases=middle"], "bases"),
    (["--deals", "5"], "missing VARIANT"),
])
def test_bad_input_is_one_line_and_fails(args, message):
    result = run_cli("stats", *args)
    assert result.returncode != 0
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def test_progress_bar_on_a_terminal_and_ctrl_c_prints_what_it_had():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(PATIENCE[0], ["stats", "royal-cotillion", "--deals", "200000", "--workers", "2"],
                          cwd=str(ROOT), encoding="utf-8", timeout=60, dimensions=(24, 120))
    child.expect("player on royal-cotillion")      # the bar's description: it is on the terminal
    child.expect(r"[1-9]\d*/200000")  # some deals done
    child.sendintr()
    child.expect("won (\\d+), lost (\\d+), unknown 0 of (\\d+) deals")
    won, lost, done = (int(x) for x in child.match.groups())
    assert won + lost == done and 0 < done < 200000
    child.expect("interrupted: the figures cover the")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_no_progress_bar_with_json_even_on_a_terminal():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(PATIENCE[0], ["stats", "royal-cotillion", "--deals", "300", "--policy", "naive",
                                        "--json"], cwd=str(ROOT), encoding="utf-8", timeout=60)
    child.expect(pexpect.EOF)
    output = child.before
    assert "━" not in output and "300/300" not in output and "naive on" not in output
    assert json.loads(output)["deals"] == 300


def test_history_is_delegated():
    result = run_cli("stats", "--history", "--json")
    assert result.returncode in (0, 1)
    assert "Traceback" not in result.stderr
    refused = run_cli("stats", "royal-cotillion", "--history")
    assert refused.returncode != 0 and "--history" in refused.stderr


def test_spawned_workers_rebuild_the_rules_from_the_spec(tmp_path, monkeypatch):
    # macOS and Windows start workers with spawn: nothing is inherited, the spec must suffice.
    from patience_core.stats import runner as stats
    variant = tmp_path / "spawned.yaml"
    variant.write_text("name: spawned\nextends: odd-and-even\nparameters:\n  redeals: {default: 2}\n",
                       encoding="utf-8")
    monkeypatch.setattr(stats, "_start_method", lambda: "spawn")
    spec = RunSpec(file=str(variant), policy="player")
    two = run_stats(spec, start=1, deals=16, workers=2, keep_verdicts=True)
    one = run_stats(RunSpec(variant="odd-and-even", params=(("redeals", "2"),), policy="player"), start=1,
                    deals=16, keep_verdicts=True)
    assert two.outcomes == one.outcomes and None not in two.outcomes


PLUGIN = choose_fill_plugin("stats-choose-fill")


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_a_plugin_variant_from_a_plugin_file_runs_in_workers(tmp_path, monkeypatch, method):
    from patience_core.plugins import hooks
    from patience_core.stats import runner as stats
    plugin = tmp_path / "stats_choose_fill.py"
    plugin.write_text(PLUGIN, encoding="utf-8")
    previous = hooks.set_plugin_manager(None)
    try:
        hooks.use_plugin_files([str(plugin)])
        monkeypatch.setattr(stats, "_start_method", lambda: method)
        spec = RunSpec(variant="stats-choose-fill", policy="player",
                       plugin_files=stats.command_line_plugin_files())
        assert spec.plugin_files == (str(plugin.resolve()),) or spec.plugin_files == (str(plugin),)
        one = run_stats(spec, start=1, deals=12, workers=1, keep_verdicts=True)
        two = run_stats(spec, start=1, deals=12, workers=2, keep_verdicts=True)
    finally:
        hooks.set_plugin_manager(previous)
    assert one.outcomes == two.outcomes and None not in two.outcomes
    assert one.rules_name == "stats-choose-fill"


def test_plugin_option_reaches_the_stats_command(tmp_path):
    plugin = tmp_path / "stats_choose_fill.py"
    plugin.write_text(PLUGIN, encoding="utf-8")
    result = subprocess.run(PATIENCE + ["--plugin", str(plugin), "stats", "stats-choose-fill", "--deals", "10",
                                        "--workers", "2", "--json"], capture_output=True, text=True, cwd=ROOT,
                            timeout=120)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["variant"] == "stats-choose-fill" and data["deals"] == 10
