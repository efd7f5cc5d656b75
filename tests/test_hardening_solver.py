"""Issue 17, item 7: a solve without limits ends. The table of proved-lost positions has a
size limit; reaching it ends the search 'unknown' with the reason, in the family's compiled
engine and in the exhaustive search alike."""
from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from patience_core.cli import _register_commands, app
from patience_core.model.deal import seeded_order, start_position
from patience_core.solver import engine, search, solve
from patience_core.solver.search import Search, SearchLimit
from patience_core.solver.solve import RESTART_SEED, UNKNOWN, engine_search, solve_position

from conftest import get_rules
from test_solver import ending

needs_engine = pytest.mark.skipif(engine._engine is None, reason="the compiled engine is not built here")
CASES = [("royal-cotillion", {}), ("gavotte", {}), ("odd-and-even", {}), ("contradance", {})]


def run(position, table_limit: int, restarts: bool, max_positions: int | None = None):
    """(verdict or the limit's reason, positions, R3's positions, random state after)."""
    found = Search(position.copy(), table_limit=table_limit, max_positions=max_positions)
    found.rng = random.Random(RESTART_SEED) if restarts else None
    try:
        verdict = found.run()
    except SearchLimit as reached:
        verdict = reached.reason
    return verdict, found.positions, found.checked_positions(), found.rng.random() if restarts else None


@needs_engine
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(1, 10**6), back=st.integers(0, 90),
       table_limit=st.integers(1, 400), restarts=st.booleans())
def test_a_table_limit_ends_the_engine_unknown_or_as_without_it(case, seed, back, table_limit, restarts):
    """A full table is never a verdict: the search with a small table ends as the search
    without one does (both within 20 000 positions), or stops with the table as its reason."""
    name, params = case
    position = ending(get_rules(name, **params), seed, back)
    limited = run(position, table_limit, restarts, 20000)[0]
    unlimited = run(position, 10 ** 7, restarts, 20000)[0]
    assert limited in ("table", unlimited), (limited, unlimited)


@needs_engine
def test_the_engine_reports_a_full_table_as_the_reason():
    rules = get_rules("royal-cotillion")
    position = start_position(rules, seeded_order(rules, 9))
    assert run(position, table_limit=200, restarts=True)[0] == "table"


def test_solve_without_limits_ends_unknown_when_the_table_is_full(monkeypatch):
    monkeypatch.setattr(search, "TABLE_LIMIT", 300)
    rules = get_rules("royal-cotillion")
    result = solve_position(start_position(rules, seeded_order(rules, 9)))
    assert (result.verdict, result.limit) == (UNKNOWN, "table")


def test_the_engine_only_search_has_the_same_limit(monkeypatch):
    monkeypatch.setattr(solve, "TABLE_LIMIT", 100)
    rules = get_rules("royal-cotillion")
    result = engine_search(start_position(rules, seeded_order(rules, 9)))
    assert (result.verdict, result.limit) == (UNKNOWN, "table")


def test_the_cli_says_which_limit_ended_the_search(monkeypatch):
    _register_commands()
    monkeypatch.setattr(search, "TABLE_LIMIT", 300)
    out = CliRunner().invoke(app, ["solve", "royal-cotillion", "--seed", "9"])
    assert out.exit_code == 0, out.output
    assert "unknown" in out.output and "the limit reached: the search's table of positions" in out.output
    out = CliRunner().invoke(app, ["solve", "royal-cotillion", "--seed", "9", "--max-positions", "50", "--json"])
    assert json.loads(out.output)["limit"] == "positions"


TWO_WAY_WORRY = """\
name: two-way-worry
title: Two-way builder with worrying back
decks: 2
piles:
  down: {kind: tableau, count: 4, cards: 5, build: {rank: down, suit: alternate}, moves: run, empty: any}
  up:   {kind: tableau, count: 4, cards: 5, build: {rank: up, suit: alternate}, moves: run, empty: any}
foundations:
  aces:  {base: A, length: 13, suits: fixed, count: 4, worry: true}
  kings: {base: K, step: -1, length: 13, suits: fixed, count: 4, worry: true}
deal: [down, up]
"""


def test_the_time_limit_holds_where_each_position_takes_milliseconds(tmp_path):
    # Two packs worried back: the compiled search spends milliseconds a position (G8's cards-back
    # children), so a clock read every 1024 positions overshot a 5 s limit by 5 s.
    from patience_core import load_rules

    path = tmp_path / "two-way-worry.yaml"
    path.write_text(TWO_WAY_WORRY)
    rules = load_rules(file=path)
    result = solve_position(start_position(rules, seeded_order(rules, 1)), timeout=1.0)
    assert result.limit == "time" and result.search == "pruned"
    assert result.seconds < 1.0 + 0.3 + 0.7   # the bound (T + 0.3 s), with room for a loaded machine
