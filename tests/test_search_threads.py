"""Several searches of one deal at once (``solve --threads``; docs/solver.md, "Threads").

Threads share only what a search proved lost, so each verdict must be the single search's;
which thread decides, how many positions they take and which winning line comes back vary
from run to run, so these tests check verdicts, lines and bounds, never exact counts."""
from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from patience_core.cli import _register_commands, app
from patience_core.model import deal_numbers
from patience_core.model.deal import seeded_order, start_position
from patience_core.solver.general import search as general
from patience_core.solver.solve import engine_search, solve, solve_position
from patience_core.variants.catalog import load_rules
from endings import endings
from test_general_search import ORACLE_BUDGET

pytestmark = pytest.mark.skipif(not general.available(), reason="the compiled search is not built")

SOLVITAIRE = {"draw": "3", "worry": "yes", "partial": "to-foundation"}


def _search(rules, order, threads, max_positions=1_000_000):
    """The module's search: (verdict, positions, positions skipped as another thread's proof)."""
    return _search_position(start_position(rules, order), threads, max_positions)


def _search_position(position, threads, max_positions=1_000_000, solo=-1):
    rules = position.rules
    result = general._general.search(general.rules_buffer(rules), general.pack_position(position), max_positions,
                                     -1.0, 1_000_000, True, -1, general.beam_share(rules), True, threads, solo)
    return result[0], result[1], result[9]


@pytest.mark.parametrize("name, params, deal", [("klondike", SOLVITAIRE, "204"), ("freecell", {}, "ms:11982")])
def test_two_threads_prove_a_deal_lost_sharing_their_proofs(name, params, deal):
    """Deals whose proofs of loss take tens of thousands of positions: the single search says
    lost, so must two threads; each takes positions the other proved lost, so the two together
    expand far fewer than twice the single search's positions."""
    rules = load_rules(name, params)
    order = deal_numbers.order_for(rules, deal_numbers.parse_deal(deal)) if ":" in deal else seeded_order(rules, int(deal))
    verdict, alone, imported = _search(rules, order, 1)
    assert verdict == general.LOST and imported == 0 and alone > 10_000
    verdict, together, imported = _search(rules, order, 2)
    assert verdict == general.LOST
    assert imported > 0 and together < 1.6 * alone, (together, alone, imported)


@pytest.mark.parametrize("name, params, seeds", [("klondike", SOLVITAIRE, range(1, 7)), ("freecell", {}, range(1, 5)),
                                                 ("spider", {"suits": "1"}, range(1, 3)), ("yukon", {}, range(1, 4))])
def test_two_threads_win_the_deals_one_wins_with_lines_that_replay(name, params, seeds):
    """solve replays every winning line through the engine before it returns it (a line that
    does not replay is an error): the line of whichever thread won."""
    rules = load_rules(name, params)
    for seed in seeds:
        alone = solve(rules, seeded_order(rules, seed), max_positions=200_000)
        together = solve(rules, seeded_order(rules, seed), max_positions=400_000, threads=2)
        if alone.verdict != "unknown" and together.verdict != "unknown":
            assert together.verdict == alone.verdict, f"{name} seed {seed}"
        if together.verdict == "won":
            position = start_position(rules, seeded_order(rules, seed))
            for move in together.moves:
                position.apply(move)
            assert position.is_won()


@pytest.mark.parametrize("name, params, some_shared", [("klondike", {"draw": "3"}, True), ("freecell", {}, False),
                                                       ("canfield", {}, True), ("klondike", SOLVITAIRE, True)])
def test_two_threads_agree_with_the_oracle_on_endings(name, params, some_shared):
    """Small endings end long before the first search would let the others start (5 000
    positions alone), so here they start at once (``solo=0``), and the proofs and G9's talons
    they share decide these verdicts too."""
    rules = load_rules(name, params)
    decided = shared = 0
    for seed, rest in ((1, 8), (2, 10), (3, 12), (4, 14), (5, 16), (6, 18)):
        for position in endings(rules, seed, rest):
            oracle = engine_search(position, max_positions=ORACLE_BUDGET)
            if oracle.verdict == "unknown":
                continue
            verdict, _line, _positions, _most, _limit = general.compiled_search(
                position, None, None, 1_000_000, threads=2, solo=0)
            assert verdict == oracle.verdict, f"{name} seed {seed}, {rest} left"
            assert solve_position(position, threads=2).verdict == oracle.verdict
            decided += 1
            shared += _search_position(position, 2, solo=0)[2] > 0
    # FreeCell's small endings are won before either thread has a proof to share
    assert decided >= 6 and (shared >= 1 or not some_shared), (decided, shared)


def test_a_position_budget_is_shared_by_the_threads():
    """The first thread searches 5 000 positions alone (most deals end there), then both share
    what is left of the budget."""
    rules = load_rules("klondike", SOLVITAIRE)
    verdict, positions, _imported = _search(rules, seeded_order(rules, 490), 2, max_positions=20_000)
    # a search stops one position past its budget (the first alone, then each of the two); the
    # first thread to stop stops the other
    assert verdict == general.LIMIT_POSITIONS and 5_000 < positions <= 20_003


def test_a_thread_count_out_of_range_is_refused():
    rules = load_rules("klondike", {})
    for threads in (0, 65):
        with pytest.raises(ValueError, match="threads"):
            _search(rules, seeded_order(rules, 1), threads)


runner = CliRunner()
_register_commands()


def test_the_command_takes_threads_and_says_how_many():
    out = runner.invoke(app, ["solve", "klondike", "--seed", "3", "--threads", "2", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["threads"] == 2 and data["verdict"] in ("won", "lost")
    out = runner.invoke(app, ["solve", "klondike", "--seed", "3", "--threads", "0"])
    assert out.exit_code == 2 and "expected a number of threads from 1 to 64" in out.output
    assert "Traceback" not in out.output


def test_threads_asked_for_a_game_whose_search_is_single_are_reported_as_one():
    """The Royal Cotillion family's search has no threads: the JSON says one ran, and the text
    says why on stderr, rather than taking --threads in silence."""
    out = runner.invoke(app, ["solve", "gavotte", "--seed", "1", "--threads", "2", "--json"])
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["threads"] == 1
    out = runner.invoke(app, ["solve", "gavotte", "--seed", "1", "--threads", "2"])
    assert out.exit_code == 0 and "this game's search runs on one thread" in out.output
