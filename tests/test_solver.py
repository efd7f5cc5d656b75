"""The solver: pruned and unpruned searches agree, every winning line replays, and the CLI.

Full deals are too big for the unpruned searches, so the comparisons use short
endings: a seeded deal played by the naive policy to its end, taken back a number
of moves, and solved from there by the pruned search, the unpruned fast search and
the plain engine search (every legal move, table of lost positions, no pruning).
"""
from __future__ import annotations

import json
import textwrap

import pytest
from typer.testing import CliRunner

from patience_core import deal_seed, load_rules, seeded_order
from patience_core.cli import _register_commands, app
from patience_core.model.deal import format_pack
from patience_core.model.notation import apply_json_moves
from patience_core.agents.policies import play_naive
from patience_core.solver.solve import engine_search, solve, solve_position

from conftest import get_rules, position_of

LIMIT = 8000  # positions per search: no timed assertions, reproducible everywhere

MINI_YAML = textwrap.dedent("""\
    name: mini-cotillion
    title: Mini Cotillion
    description: One deck, built up in suit from the Ace; two columns, eight cells refilled from the waste.
    decks: 1
    piles:
      column: {kind: tableau, count: 2, cards: 2, access: top, fill: never}
      cell: {kind: reserve, count: 8, cards: 1, access: top, fill: [waste, stock]}
    stock: {redeals: 2}
    foundations:
      up: {base: A, step: 1, wrap: false, length: 13, suits: fixed, count: 4, start: found}
    deal: [column, cell]
    """)


def rules_of(path):
    return load_rules(file=path)


@pytest.fixture(scope="module")
def mini_rules(tmp_path_factory):
    path = tmp_path_factory.mktemp("variants") / "mini.yaml"
    path.write_text(MINI_YAML)
    return load_rules(file=path), path


def ending(rules, seed: int, back: int):
    """Deal ``seed``, play the naive policy to the end, take back ``back`` moves."""
    record: list = []
    play_naive(deal_seed(rules, seed), record)
    position = deal_seed(rules, seed)
    for move in record[:max(0, len(record) - back)]:
        position.apply(move)
    position.history = []
    return position


def compare(position) -> str | None:
    """Solve ``position`` three ways; the decided verdicts must agree. Returns the verdict."""
    pruned = solve_position(position, max_positions=LIMIT)
    unpruned = solve_position(position, max_positions=LIMIT, prune=False)
    plain = engine_search(position, max_positions=LIMIT)
    decided = {r.verdict for r in (pruned, unpruned, plain) if r.verdict != "unknown"}
    assert len(decided) <= 1, (pruned.verdict, unpruned.verdict, plain.verdict)
    for result in (pruned, unpruned, plain):
        if result.verdict == "won":
            replayed = position.copy()
            for move in result.moves:
                assert move in replayed.legal_moves()
                replayed.apply(move)
            assert replayed.is_won()
    return decided.pop() if decided else None


CASES = [
    ("royal-cotillion", {}), ("royal-cotillion", {"bases": "dealt"}), ("gavotte", {}),
    ("gavotte", {"ranks": "6,7"}), ("gavotte", {"free": "left"}), ("odd-and-even", {}),
    ("contradance", {"bases": "dealt", "redeals": "2"}), ("contradance", {}),
]


@pytest.mark.parametrize("name,params", CASES, ids=[f"{n}-{'-'.join(p.values()) or 'default'}" for n, p in CASES])
def test_pruned_and_unpruned_agree_on_endings(name, params):
    rules = get_rules(name, **params)
    verdicts = [compare(ending(rules, seed, back)) for seed in range(1, 7) for back in (10, 20)]
    decided = [v for v in verdicts if v]
    assert len(decided) >= len(verdicts) // 2, verdicts
    if name == "royal-cotillion":
        # The comparison is only worth something if it sees wins and proved losses.
        assert {"won", "lost"} <= set(decided), verdicts


def test_mini_variant_from_yaml_pruned_equals_unpruned(mini_rules):
    rules, _path = mini_rules
    seen = set()
    for seed in range(1, 9):
        for back in (20, 45):
            seen.add(compare(ending(rules, seed, back)))
    assert {"won", "lost"} <= seen


def test_whole_deals_won_lines_replay():
    for name, params in [("royal-cotillion", {}), ("gavotte", {}), ("royal-cotillion", {"bases": "dealt"})]:
        rules = get_rules(name, **params)
        wins = 0
        for seed in range(1, 8):
            result = solve(rules, seeded_order(rules, seed), max_positions=3000)
            if result.verdict == "won":
                wins += 1
                position = deal_seed(rules, seed)
                for move in result.moves:
                    position.apply(move)
                assert position.is_won()
            assert result.positions > 0
        assert wins, f"{name}: no deal of seeds 1-7 won within the budget"


def test_contradance_playing_at_once_is_not_always_best():
    """Two hearts fives piles: 5H 4H on one, the other still to start. With no redeal,
    playing the waste's 3H at once loses (the other 4H is buried under the other 3H
    before the second 5H comes); holding it wins. The solver must find the hold."""
    rules = get_rules("contradance", redeals="0")
    full = {f"foundation:{n}": top for n, top in zip(range(1, 7), ["KC", "KC", "KD", "KD", "KS", "KS"])}
    full |= {f"foundation:{n}": "Q" + s for n, s in zip(range(9, 17), "CCDDHHSS")}
    full["foundation:7"] = "4H"
    position = position_of(rules, piles={"waste": "3H", "stock": "KH KH AH AH 2H 2H 5H 3H 4H"},
                           foundations=full, rest=None, redeals_left=0)
    naive = position.copy()
    play_naive(naive)
    assert not naive.is_won()
    assert compare(position) == "won"


def test_contradance_blocked_waste_is_proved_lost():
    rules = get_rules("contradance", redeals="0")
    full = {f"foundation:{n}": top for n, top in zip(range(1, 7), ["KC", "KC", "KD", "KD", "KS", "KS"])}
    full |= {f"foundation:{n}": "Q" + s for n, s in zip(range(9, 17), "CCDDHHSS")}
    full |= {"foundation:7": "KH", "foundation:8": "5H"}
    position = position_of(rules, piles={"waste": "4H AH KH 2H 3H"}, foundations=full, rest=None,
                           redeals_left=0)
    assert compare(position) == "lost"


def test_limits_give_unknown():
    rules = get_rules("royal-cotillion")
    result = solve(rules, seeded_order(rules, 9), max_positions=50)
    assert result.verdict == "unknown" and result.moves == []
    assert result.positions <= 51


def test_relaxation_proves_a_deal_lost(mini_rules):
    """Deal 2 of the one-deck variant has a column block the waste-order relaxation finds;
    the unpruned search, which does not use it, must agree when it finishes."""
    rules, _path = mini_rules
    pruned = solve(rules, seeded_order(rules, 2), max_positions=1000)
    assert pruned.verdict == "lost" and pruned.positions <= 5
    unpruned = solve(rules, seeded_order(rules, 2), max_positions=200000, prune=False)
    assert unpruned.verdict in ("lost", "unknown")


# -- the command ---------------------------------------------------------------------------
runner = CliRunner()
_register_commands()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_cli_json_won_line_replays():
    out = run("solve", "royal-cotillion", "--seed", "3", "--json", "--max-positions", "5000")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert set(data) == {"variant", "game", "verdict", "moves", "positions", "seconds", "most_on_foundations",
                         "search", "perfect_information", "threads"}
    assert data["search"] == "pruned"
    assert data["verdict"] == "won" and data["most_on_foundations"] == 104
    rules = load_rules("royal-cotillion")
    position = deal_seed(rules, 3)
    apply_json_moves(position, data["moves"])
    assert position.is_won()
    turns = [m for m in data["moves"] if m["from"] == "stock"]
    assert turns and all(m["to"] == "waste" and m["card"] for m in turns)


def test_cli_human_output_lists_the_line():
    out = run("solve", "royal-cotillion", "--seed", "3", "--max-positions", "5000")
    assert out.exit_code == 0
    lines = out.output.splitlines()
    assert lines[0].startswith("Royal Cotillion, deal 3") and "won" in lines[0]
    assert any("from the stock" in line for line in lines)
    assert any("-> foundation:" in line for line in lines)


def test_cli_unknown_and_pack_file(tmp_path):
    rules = load_rules("odd-and-even")
    pack = tmp_path / "deal.txt"
    pack.write_text(format_pack(seeded_order(rules, 5)))
    out = run("solve", "odd-and-even", "--pack", str(pack), "--max-positions", "10", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["verdict"] == "unknown" and data["moves"] == [] and data["positions"] <= 11
    assert data["most_on_foundations"] == solve(rules, seeded_order(rules, 5), max_positions=10).most_on_foundations


def test_an_undecided_search_reports_how_far_it_got():
    """The count is of positions the search reached in the real game: more positions can
    only raise it, and the line that reached it is a real one (the start has none home)."""
    rules = get_rules("royal-cotillion")
    order = seeded_order(rules, 9)
    short, longer = (solve(rules, order, max_positions=n) for n in (200, 20000))
    assert short.verdict == longer.verdict == "unknown"
    assert 0 < short.most_on_foundations <= longer.most_on_foundations < rules.n_cards


def test_cli_variant_file(mini_rules):
    _rules, path = mini_rules
    out = run("solve", "--file", str(path), "--seed", "1", "--max-positions", "2000", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["verdict"] == "won"
    position = deal_seed(rules_of(path), 1)
    apply_json_moves(position, data["moves"])
    assert position.is_won()


@pytest.mark.parametrize("args,needle", [
    (("solve", "royal-cotillion"), "--seed N, --deal ID or --pack FILE"),
    (("solve", "royal-cotillion", "--seed", "1", "--max-positions", "0"), "--max-positions"),
    (("solve", "royal-cotillion", "--seed", "1", "--timeout", "-1"), "--timeout"),
])
def test_cli_bad_input_is_one_clear_error(args, needle):
    out = run(*args)
    assert out.exit_code == 2
    assert needle in out.output


def test_cli_unknown_variant():
    out = run("solve", "no-such-game", "--seed", "1")
    assert out.exit_code != 0
