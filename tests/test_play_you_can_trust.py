"""Issue 56 (play you can trust) and issue 57 (findings 5 and 6): one notation in the games'
messages, right words on the board, `m` listing what a player would weigh, Ctrl-C in the
full-screen game, long commands you can watch and stop (solve, stats), deal ranges, a
`solve --json` that stands on its own, one range of deal numbers."""
from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from app_pilot import drive, make_app, new_session
from stats_support import PATIENCE, ROOT, run_cli
from patience_core.model.deal_numbers import DealNumber, order_for
from patience_core.model.game import GameSpec
from patience_core.model.moves import MoveKind
from patience_core.stats import runner
from patience_core.stats.runner import RunSpec, deal_order, run_stats
from patience_core.storage.saves import SaveError, read_save
from patience_core.ui import terminal
from patience_core.ui.board import BoardInfo, board_text
from patience_core.ui.commands import (PileLabels, Refusal, considered_moves, needs_text, no_fit_reason,
                                       resolve_move)
from patience_core.ui.render import position_text, rules_text
from patience_core.ui.screens import ConfirmScreen
from patience_core.ui.widgets import group_plans


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def start(name: str, seed: int = 1):
    spec = GameSpec(variant=name, seed=seed)
    rules = spec.compile()
    return rules, spec.start(rules)


# -- defect 3: one notation --------------------------------------------------------------------

@pytest.mark.parametrize("unicode,expected", [
    (True, "10♥ (t5) cannot go on t1: t1 builds down in alternate colours; 10♥ does not go on K♣"),
    (False, "10H (t5) cannot go on t1: t1 builds down in alternate colours; 10H does not go on KC"),
])
def test_a_refused_move_speaks_the_boards_words_in_one_notation(unicode, expected):
    rules, position = start("freecell")
    with pytest.raises(Refusal) as refused:
        resolve_move(position, ["t5", "t1"], PileLabels(rules), unicode)
    assert str(refused.value) == expected


# -- defect 4: the words on the board ------------------------------------------------------------

def test_spiders_empty_run_foundations_are_not_called_full():
    rules, position = start("spider", 3)
    labels = PileLabels(rules)
    f = rules.foundations[0]
    assert "full" not in needs_text(position, f, True)
    card = position.piles[rules.groups["tableau"][2]][-1]
    reason = no_fit_reason(position, card, labels, True)
    assert "full" not in reason and "no pile takes it" in reason and "whole runs" in reason
    assert "full" not in board_text(position, BoardInfo(deal="deal 3"), width=120)


def test_a_card_with_no_move_in_a_game_of_moves_between_piles_says_no_pile_takes_it():
    rules, position = start("freecell")
    labels = PileLabels(rules)
    card = position.piles[rules.groups["tableau"][1]][-1]  # K♥: no pile takes it, no foundation
    assert no_fit_reason(position, card, labels, True).startswith("K♥ has no move: no pile takes it now")


def test_one_card_is_one_card():
    rules, position = start("golf")
    assert not re.search(r"\b1 cards\b", position_text(position))


def test_a_stock_of_fewer_cards_than_piles_says_where_they_go():
    rules, _position = start("scorpion")
    text = rules_text(rules)
    assert "deals its 3 cards at once, one each onto the first 3 piles" in text
    assert "to each of 7 piles" not in text


def test_no_waste_is_drawn_for_a_stock_that_deals_to_the_layout():
    rules, _position = start("spider")
    _foundations, layout = group_plans(rules, PileLabels(rules))
    drawn = {p for plan in layout for row in plan.rows for p in row}
    assert rules.stock in drawn and not set(rules.waste_piles) & drawn
    rules, _position = start("klondike")
    _foundations, layout = group_plans(rules, PileLabels(rules))
    assert set(rules.waste_piles) <= {p for plan in layout for row in plan.rows for p in row}


# -- defect 8: `m` lists what a player would weigh --------------------------------------------------

def test_moves_lists_no_cell_to_cell_shuffles_and_one_empty_cell_per_card():
    rules, position = start("eight-off")
    between = [m for m in position.legal_moves() if m.kind is MoveKind.BETWEEN_PILES]
    listed = considered_moves(position, between)
    cells = set(rules.groups["cells"])
    assert any(m.src in cells and m.dst in cells for m in between)  # the engine has them ...
    assert not any(m.src in cells and m.dst in cells for m in listed)  # ... the list does not
    to_empty_cells = [(m.src, m.card) for m in listed if m.dst in cells and not position.piles[m.dst]]
    assert len(to_empty_cells) == len(set(to_empty_cells))
    assert len(listed) < 20 < len(between)


# -- defect 5: keys and the line game's one-time note ----------------------------------------------

def test_ctrl_c_in_the_full_screen_game_asks_the_games_own_question():
    app = make_app()

    async def script(pilot):
        await pilot.press("t", "ctrl+c")
        asked = isinstance(app.screen, ConfirmScreen)
        await pilot.press("ctrl+c")  # pressed again: still the one question
        again = len([s for s in app.screen_stack if isinstance(s, ConfirmScreen)])
        await pilot.press("y")
        return asked, again

    assert drive(app, script) == (True, 1)
    assert app.return_value.startswith("Game abandoned (quit) after 1 move")


def test_a_small_terminal_says_once_why_the_line_game_opened(monkeypatch):
    class Tty:
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Tty())
    monkeypatch.setattr(sys, "stdout", Tty())
    monkeypatch.setenv("TERM", "xterm")
    monkeypatch.setattr(terminal.shutil, "get_terminal_size", lambda fallback: os.terminal_size((70, 20)))
    said = terminal.why_not_full_screen()
    assert "70x20" in said and "80x24" in said
    monkeypatch.setattr(terminal.shutil, "get_terminal_size", lambda fallback: os.terminal_size((100, 40)))
    assert terminal.why_not_full_screen() == ""


# -- defect 6: one error style for --workers ---------------------------------------------------------

def test_workers_out_of_range_either_way_is_the_same_one_line_error():
    low = run_cli("stats", "royal-cotillion", "--deals", "5", "--workers", "-3")
    high = run_cli("stats", "royal-cotillion", "--deals", "5", "--workers", "1000")
    for result in (low, high):
        assert result.returncode == 1 and result.stderr.startswith("error: --workers ")
        assert result.stderr.count("\n") == 1


# -- stats: progress and Ctrl-C follow finished deals --------------------------------------------------

def test_progress_follows_the_first_finished_deal_not_the_first_chunk():
    steps = []
    run_stats(RunSpec(variant="gavotte", policy="naive"), 1, 2000, on_progress=steps.append)
    assert steps[0] == 1 and sum(steps) == 2000


def test_ctrl_c_in_the_middle_of_a_chunk_keeps_every_finished_deal(monkeypatch):
    played = runner.play_deal

    def play(rules, seed, spec):
        if seed == 30:
            raise KeyboardInterrupt
        return played(rules, seed, spec)

    monkeypatch.setattr(runner, "play_deal", play)
    monkeypatch.setattr(runner, "chunk_size", lambda deals, workers, policy: 100)
    written = []
    report = run_stats(RunSpec(variant="gavotte", policy="naive"), 1, 1000, on_results=written.extend,
                       keep_verdicts=True)
    assert report.interrupted
    assert sorted(r.seed for r in written) == list(range(1, 30)) and report.deals == 29


def test_a_stopped_pool_hands_back_the_chunks_it_finished():
    backend = runner._PoolBackend(RunSpec(variant="gavotte", policy="naive"), 2)
    try:
        for first in range(1, 41, 10):
            backend.submit(range(first, first + 10))
        deadline = time.monotonic() + 60
        while backend.finished.qsize() == 0 and time.monotonic() < deadline:  # a chunk finished, not collected
            time.sleep(0.02)
        got = backend.salvage()
    finally:
        backend.cancel()
        backend.close()
    seeds = sorted(r.seed for r in got)
    assert len(seeds) >= 10 and seeds == sorted(set(seeds)) and set(seeds) <= set(range(1, 41))
    assert backend.outstanding == 0  # every chunk came back, whole or cut short


# -- --deals ranges ---------------------------------------------------------------------------------

def test_deals_takes_a_range_of_seeds_and_of_other_programs_numbers():
    seeds = json.loads(run_cli("stats", "freecell", "--deals", "500-502", "--policy", "naive", "--json").stdout)
    assert (seeds["numbering"], seeds["start"], seeds["requested"], seeds["deals"]) == ("seed", 500, 3, 3)
    ms = run_cli("stats", "freecell", "--deals", "ms:1-3", "--policy", "solver")
    assert ms.returncode == 0 and "deals ms:1..3" in ms.stdout and "won 3, lost 0" in ms.stdout


def test_a_deal_numbered_ms_is_microsofts_deal():
    rules = GameSpec(variant="freecell").compile()
    assert deal_order(rules, 11982, "ms") == order_for(rules, DealNumber("ms", 11982))
    assert deal_order(rules, 11982) != deal_order(rules, 11982, "ms")


@pytest.mark.parametrize("args,message", [
    (["freecell", "--deals", "5-3"], "--deals 5-3: the range runs backwards"),
    (["freecell", "--deals", "5-9", "--start", "2"], "--start goes with a count"),
    (["freecell", "--deals", "ms:0-3"], "--deals ms:0-3: out of range"),
    (["freecell", "--deals", "xyz:1-3"], "unknown numbering 'xyz'"),
    (["freecell", "--deals", "lots"], "expected a count (2000) or a range"),
    (["spider", "--deals", "ms:1-3"], "deals of spider are not available"),
    (["freecell", "--deals", "5", "--start", str(10**18 + 1)], "expected a deal number from 0 to"),
    (["freecell", "--deals", "5", "--start", str(10**18 - 1)], "the deals would run past"),
])
def test_bad_ranges_are_one_line(args, message):
    result = run_cli("stats", *args)
    assert result.returncode != 0 and message in result.stderr and result.stderr.count("\n") == 1


def test_a_results_file_of_one_numbering_is_not_resumed_with_another(tmp_path):
    results = tmp_path / "run.jsonl"
    assert run_cli("stats", "freecell", "--deals", "ms:1-3", "--policy", "naive", "--out", str(results)).returncode == 0
    again = run_cli("stats", "freecell", "--deals", "1-3", "--policy", "naive", "--resume", str(results))
    assert again.returncode == 1 and "numbered ms" in again.stderr
    same = run_cli("stats", "freecell", "--deals", "ms:1-5", "--policy", "naive", "--resume", str(results))
    assert same.returncode == 0 and "3 of them from" in same.stdout


# -- solve ------------------------------------------------------------------------------------------

def test_solve_json_stands_on_its_own():
    result = subprocess.run([PATIENCE, "solve", "freecell", "--deal", "ms:1", "--json"], capture_output=True,
                            text=True, cwd=ROOT, timeout=120)
    data = json.loads(result.stdout)
    assert data["variant"] == "freecell" and data["game"] == {"variant": "freecell", "params": {"cells": "4"},
                                                              "deal": "ms:1"}


def test_solve_help_states_the_limit_without_options():
    result = subprocess.run([PATIENCE, "solve", "--help"], capture_output=True, text=True, cwd=ROOT,
                            timeout=60, env={**os.environ, "COLUMNS": "200"})
    assert "4,000,000 positions" in result.stdout and "Ctrl-C" in result.stdout


def _as_a_shell_starts_it() -> None:
    # A child inherits an ignored SIGINT (Python then never raises KeyboardInterrupt): a suite
    # started in the background of a non-interactive shell has it so, and the Ctrl-C below
    # would do nothing. A terminal user's shell starts the command with SIGINT at its default.
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_solve_shows_its_clock_on_a_terminal_and_ctrl_c_is_the_way_out():
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(PATIENCE, ["solve", "forty-thieves", "--seed", "1"], cwd=str(ROOT),
                          encoding="utf-8", timeout=60, dimensions=(24, 100),
                          preexec_fn=_as_a_shell_starts_it)
    child.expect(r"searching: \d+ s \(Ctrl-C stops")
    child.sendintr()
    child.expect("unknown: the search was stopped before it decided")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_stop_a_solve_as_ctrl_c_does(signame):
    child = subprocess.Popen([PATIENCE, "solve", "forty-thieves", "--seed", "1"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        time.sleep(1.5)  # into the search (it takes far longer)
        child.send_signal(getattr(signal, signame))
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert child.returncode == 130, err
    assert "unknown: the search was stopped before it decided" in out and "Traceback" not in err


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_end_the_line_game_as_ctrl_c_does(tmp_path, signame):
    child = subprocess.Popen([PATIENCE, "play", "royal-cotillion", "--seed", "1", "--line"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                             cwd=ROOT, env={**os.environ, "PATIENCE_DATA_DIR": str(tmp_path)})
    try:
        child.stdin.write("t\n")
        child.stdin.flush()
        seen = ""
        while "turned" not in seen:  # the move was played
            seen += child.stdout.readline()
        child.send_signal(getattr(signal, signame))
        out, err = child.communicate(timeout=60)
    finally:
        child.kill()
    assert "Game abandoned (interrupted) after 1 move" in out, err
    assert "Traceback" not in err


@pytest.mark.parametrize("signame", ["SIGTERM", "SIGHUP"])
def test_sigterm_and_sighup_end_the_full_screen_game_as_abandoned(tmp_path, signame):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(PATIENCE, ["play", "royal-cotillion", "--seed", "1"], cwd=str(ROOT), encoding="utf-8",
                          timeout=60, dimensions=(30, 100), env={**os.environ, "PATIENCE_DATA_DIR": str(tmp_path)})
    child.expect("Stock")  # the board is up
    child.send("t")
    child.expect("turned")  # the move was played
    child.kill(getattr(signal, signame))
    child.expect(pexpect.EOF)
    child.close()
    assert "Game abandoned (interrupted) after 1 move" in child.before


# -- one range of deal numbers ------------------------------------------------------------------------

def test_a_saved_seed_beyond_the_range_of_seed_is_refused(tmp_path):
    session = new_session("royal-cotillion", seed=1)
    from patience_core.storage.saves import save_game
    path = save_game(session, tmp_path / "game.json")
    data = json.loads(path.read_text())
    data["game"]["seed"] = 10**18 + 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="at most 1000000000000000000"):
        read_save(path)
