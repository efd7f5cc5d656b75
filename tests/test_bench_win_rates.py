"""bench/win_rates.py: each row of docs/win-rates.md can be measured again as it stands."""
from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import win_rates  # noqa: E402


def test_every_solver_row_was_measured_with_its_cases_own_deals_and_budget():
    """`measure --case C` (no --solver-deals) must measure the stored row again: the same deals,
    the same budget, the same command. A row measured over fewer deals than its case says
    would be measured over the case's count instead (Canfield's 100 deals as 1 000)."""
    stored = json.loads((BENCH / "win_rates.json").read_text(encoding="utf-8"))
    checked = 0
    for case in win_rates.CASES:
        row = stored.get(win_rates.case_key(case.name, case.params), {}).get("solver")
        if row is None:
            continue
        where = win_rates.case_key(case.name, case.params)
        assert (row["deals"], row["max_positions"]) == (case.solver_deals, case.solver_positions), where
        assert row["command"] == win_rates.command(case.name, case.params, "solver", row["start"],
                                                   case.solver_deals, case.solver_positions), where
        checked += 1
    assert checked >= 30, checked


def test_the_games_page_is_fresh():
    """docs/games.md lists every shipped game as the index and the measured rows say."""
    page = (BENCH.parent / "docs" / "games.md").read_text(encoding="utf-8")
    assert page == win_rates.games_text(), "docs/games.md is stale: run `python bench/win_rates.py write`"
