"""The family's compiled search engine (patience_core/solver/family/*.c), held to the exhaustive
search over the engine's own moves by verdict: on deals and endings of every shipped variant of
the family, on YAML variants with the pile kinds the shipped ones lack, and on random endings
(hypothesis), in every configuration the solver uses, wherever the exhaustive search decides,
the engine gives its verdict (and every won line replays). The engine is the only pruned
search of these games: there is no second copy to compare it with node for node.
"""
from __future__ import annotations

import random
from array import array
import shutil
import sysconfig
import textwrap

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_core import load_rules, seeded_order

from patience_core.solver import engine
from patience_core.model.deal import start_position
from patience_core.solver.search import Search, SearchLimit
from patience_core.solver.solve import RESTART_SEED, engine_search, replay_check, solve

from conftest import get_rules
from test_solver import MINI_YAML, ending

needs_engine = pytest.mark.skipif(engine._engine is None, reason="the compiled engine is not built here")

# A one-deck variant with what the shipped ones lack: piles whose every card is free and
# piles of two cards refilled from the stock (both keyed as generic pile classes), and
# foundations of any suit.
WIDE_YAML = textwrap.dedent("""\
    name: wide-test
    title: Wide test
    decks: 1
    piles:
      column: {kind: tableau, count: 3, cards: 3, access: top, fill: never}
      open: {kind: reserve, count: 2, cards: 3, access: all, fill: never}
      pair: {kind: reserve, count: 3, cards: 2, access: top, fill: [stock, waste]}
    stock: {redeals: 1}
    foundations:
      up: {base: A, step: 1, wrap: false, length: 13, suits: any, count: 4, start: found}
    deal: [column, open, pair]
    """)

CASES = [("royal-cotillion", {}), ("royal-cotillion", {"bases": "dealt"}), ("gavotte", {}),
         ("gavotte", {"ranks": "6,7"}), ("gavotte", {"free": "left"}), ("gavotte", {"ranks": "9,9"}),
         ("odd-and-even", {}), ("odd-and-even", {"redeals": "2"}), ("contradance", {}),
         ("contradance", {"bases": "dealt", "redeals": "2"})]

# Search configurations the solver, the benchmarks and the tests use.
CONFIGS = {
    "restarts": dict(rng=True),
    "plain": dict(rng=False),
    "unpruned": dict(rng=False, prune=False),
    "relaxed": dict(rng=False, relaxed=True),
    "without R3": dict(rng=True, stock_free=False),
    "without R3 ahead": dict(rng=True, turn_ahead=False),
}


@pytest.fixture(scope="module")
def yaml_rules(tmp_path_factory):
    folder = tmp_path_factory.mktemp("engine-variants")
    out = []
    for name, text in (("mini", MINI_YAML), ("wide", WIDE_YAML)):
        path = folder / f"{name}.yaml"
        path.write_text(text)
        out.append(load_rules(file=path))
    return out


ORACLE_BUDGET = 30_000


def outcome(position, config, limit):
    """True (won: the line replays, but in the relaxation R1), False (lost) or None (undecided)
    of the engine's search."""
    config = dict(config)
    rng = random.Random(RESTART_SEED) if config.pop("rng") else None
    search = Search(position.copy(), max_positions=limit, **config)
    search.rng = rng
    try:
        won = search.run()
    except SearchLimit:
        return None
    if won and not config.get("relaxed"):
        replay_check(position, search.line)
    return won


def assert_oracles_verdict(position, config, limit):
    """The engine's verdict is the exhaustive search's wherever both decide (the relaxation R1
    may win a lost deal, never lose a won one); the oracle's verdict, where both decide."""
    oracle = {"won": True, "lost": False}.get(engine_search(position.copy(), max_positions=ORACLE_BUDGET).verdict)
    found = outcome(position, config, limit)
    if oracle is not None and found is not None:
        if config.get("relaxed"):
            assert found or not oracle, (oracle, found)
        else:
            assert found is oracle, (oracle, found)
    return oracle if found is not None else None


def test_the_engine_is_built_where_a_c_compiler_is():
    """``pip install`` builds the module when it can; where a compiler is on the PATH and
    the module is missing, the build failed and the family's games fall back to the exhaustive search."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip(f"no C compiler ({compiler}) here: the exhaustive search runs instead")
    assert engine._engine is not None, "patience_core.solver._engine was not built: reinstall and read pip's output"


@needs_engine
@pytest.mark.parametrize("name,params", CASES)
@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_engine_gives_the_oracles_verdicts(name, params, config):
    rules = get_rules(name, **params)
    decided = set()
    for seed in (1, 2, 3):
        for back in (8, 14, 20):
            decided.add(assert_oracles_verdict(ending(rules, seed, back), config, limit=20000))
    assert decided & {True, False}, decided


@needs_engine
@pytest.mark.parametrize("config", CONFIGS.values(), ids=CONFIGS.keys())
def test_the_engine_agrees_on_yaml_variants(yaml_rules, config):
    for rules in yaml_rules:
        for seed in range(1, 6):
            assert_oracles_verdict(start_position(rules, seeded_order(rules, seed)), config, limit=20000)


@needs_engine
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(1, 10 ** 6), back=st.integers(0, 24),
       config=st.sampled_from(sorted(CONFIGS)))
def test_the_engine_agrees_on_random_endings(case, seed, back, config):
    name, params = case
    assert_oracles_verdict(ending(get_rules(name, **params), seed, back), CONFIGS[config], 20000)


@needs_engine
@pytest.mark.parametrize("name,params,seed", [
    ("royal-cotillion", {}, 1), ("royal-cotillion", {}, 4), ("gavotte", {"ranks": "6,7"}, 2),
    ("odd-and-even", {}, 3), ("contradance", {}, 214), ("contradance", {"bases": "dealt"}, 5),
])
def test_solve_without_the_engine_runs_the_exhaustive_search(monkeypatch, name, params, seed):
    """The whole solver (R2 before the search, R1, the search with restarts) runs in the
    engine; switched off, solve runs the exhaustive search and says so. Where both decide,
    they agree."""
    rules = get_rules(name, **params)
    order = seeded_order(rules, seed)
    compiled = solve(rules, order, max_positions=10000)
    assert compiled.search == "pruned"
    monkeypatch.setenv(engine.ENGINE_ENV, "python")
    assert not engine.available()
    slow = solve(rules, order, max_positions=10000)
    assert slow.search == "exhaustive"
    if "unknown" not in (compiled.verdict, slow.verdict):
        assert compiled.verdict == slow.verdict


@needs_engine
@pytest.mark.parametrize("params, seeds", [({}, (4, 5, 31)), ({"bases": "dealt", "redeals": "2"}, (1, 5, 8, 14))])
def test_rule_r2_at_the_nodes_runs_in_the_engine(params, seeds):
    """Rule R2 at the nodes runs whole sub-searches of one suit: the engine calls back into the
    search's own check, whose suits' searches run in the engine too. Deals that end won, lost
    and undecided at 2 000 positions, with and without restarts: R2's sub-searches run, and the
    verdicts are those of the search without R2 at the nodes wherever both decide."""
    rules = get_rules("contradance", **params)
    for seed in seeds:
        position = start_position(rules, seeded_order(rules, seed))
        for restarts in (False, True):
            found = {}
            for split in (True, False):
                search = Search(position.copy(), max_positions=2000, split=split)
                search.rng = random.Random(RESTART_SEED) if restarts else None
                try:
                    found[split] = search.run()
                except SearchLimit:
                    found[split] = None
                if split:
                    assert search.positions > 1 and search.split_positions > 0, (seed, restarts)
            if None not in found.values():
                assert found[True] == found[False], (seed, restarts, found)


@needs_engine
def test_a_malformed_spec_is_refused_not_crashed_on():
    rules = get_rules("royal-cotillion")
    spec = engine.pack(Search(start_position(rules, seeded_order(rules, 1))))
    with pytest.raises(ValueError, match="not a family_spec buffer"):
        engine._engine.run(b"\x00\x00\x00\x00" + spec.tobytes()[4:], -1, -1.0)
    other = array("i", spec)
    other[1] ^= 1
    with pytest.raises(ValueError, match="another version of the field table"):
        engine._engine.run(other.tobytes(), -1, -1.0)
    with pytest.raises(ValueError, match="wrong length or offset"):
        engine._engine.run(spec.tobytes()[:-8], -1, -1.0)
    with pytest.raises(ValueError, match="words after the last field"):
        engine._engine.run(spec.tobytes() + b"\x00\x00\x00\x00", -1, -1.0)


@needs_engine
@pytest.mark.parametrize("table, value, words", [
    ("takers", [[60]] + [[]] * 51, "family_spec.takers: not piles"),
    ("fill", None, "family_spec.fill: more than 4 or not piles"),
    ("rank_at", None, "family_spec.found_ranks: longer than 13 or not ranks"),
])
def test_a_value_out_of_range_is_refused_by_name(table, value, words):
    """The bind checks the lengths; the loader checks that every index fits its table."""
    rules = get_rules("royal-cotillion")
    search = Search(start_position(rules, seeded_order(rules, 1)))
    if table == "takers":
        search.takers = value
    elif table == "fill":
        search.fill = [[0] * 5 for _ in search.fill]
    else:
        search.rank_at = {f: list(range(14)) for f in search.rank_at}
    with pytest.raises(ValueError, match=words):
        engine._engine.run(engine.pack(search).tobytes(), -1, -1.0)


@needs_engine
def _wait_until_busy(pid: int, cpu_seconds: float, timeout: float = 60.0) -> None:
    """Wait until the process has used ``cpu_seconds`` of CPU (so it is searching, past its
    imports, whatever the machine's load); where /proc is missing, wait that long."""
    import os
    import time

    stat = f"/proc/{pid}/stat"
    if not os.path.exists(stat):
        time.sleep(cpu_seconds)
        return
    ticks = os.sysconf("SC_CLK_TCK")
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            fields = open(stat).read().rsplit(")", 1)[1].split()
        except OSError:
            return
        if (int(fields[11]) + int(fields[12])) / ticks >= cpu_seconds:
            return
        time.sleep(0.05)


@pytest.mark.parametrize("game, engine, as_json", [
    (["royal-cotillion", "--seed", "9"], None, True),
    (["spider", "--seed", "5"], None, True),
    (["klondike", "-p", "draw=3", "-p", "worry=yes", "-p", "partial=to-foundation", "--seed", "490",
      "--threads", "2"], None, True),
    (["odd-and-even", "--seed", "3"], "python", True),
    (["klondike", "-p", "draw=3", "-p", "worry=yes", "-p", "partial=to-foundation", "--seed", "490"], None, False),
])
def test_ctrl_c_stops_a_search_without_limits_and_says_what_it_knew(game, engine, as_json):
    """The compiled searches run without the GIL, so they must look for signals themselves:
    an unlimited solve of a deal it cannot decide stops at Ctrl-C within a moment (exit 130),
    in its depth-first attempts, in a beam between them (Spider, two packs), with two threads,
    or in the exhaustive search in Python (PATIENCE_ENGINE=python); and it prints what it knew: verdict unknown, limit
    "interrupted", the positions searched and the most cards on the foundations."""
    import json
    import os
    import signal
    import subprocess
    import sys

    env = dict(os.environ)
    env.pop("PATIENCE_ENGINE", None)
    if engine:
        env["PATIENCE_ENGINE"] = engine
    # a runner started in the background (`cmd &` without job control) ignores SIGINT, and so
    # would the solve: it gets the default, as a terminal's would
    process = subprocess.Popen([sys.executable, "-m", "patience_core", "solve", *game] + (["--json"] if as_json else []),
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    _wait_until_busy(process.pid, cpu_seconds=1.5)
    assert process.poll() is None, "the solve ended before the signal"
    process.send_signal(signal.SIGINT)
    try:
        out, err = process.communicate(timeout=10)
    finally:
        process.kill()
    assert process.returncode == 130
    assert err.splitlines()[-1] == "interrupted" and "Traceback" not in err
    if not as_json:
        assert ": unknown: the search was stopped before it decided" in out
        assert "the search was stopped: Ctrl-C" in out and " positions searched in " in out
        return
    said = json.loads(out)
    assert said["verdict"] == "unknown" and said["limit"] == "interrupted"
    assert said["positions"] > 1000 and said["seconds"] > 0.5
    assert said["most_on_foundations"] > 0 or game[0] == "spider"  # Spider's foundations take whole suits
