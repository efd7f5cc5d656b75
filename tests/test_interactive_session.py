"""The interactive game in-process with commands fed as lines (the piped mode), and the
session underneath: undo/redo by steps, automatic play, the end of the game, statistics."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from rich.console import Console

from patience_core import deal_seed, load_rules
from patience_core.ui.commands import PileLabels, move_words
from patience_core.model.game import GameSpec
from patience_core.ui.interactive import InteractiveGame, TerminalUI, start_automatic
from patience_core.agents.policies import naive_move, play_naive
from patience_core.ui.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    return tmp_path / "data"


def run(monkeypatch, capsys, lines, name="royal-cotillion", seed=3, params=None):
    """Play ``lines`` as piped input; return (transcript, session)."""
    feed = iter(lines)

    def fake_input(prompt=""):
        print(prompt, end="")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", fake_input)
    spec = GameSpec(variant=name, params=dict(params or {}), seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    start_automatic(session)
    game = InteractiveGame(TerminalUI(console=Console(width=100, color_system=None), tty=False), session)
    game.run()
    return capsys.readouterr().out, game.session


def history(data_dir):
    return next(iter(json.loads((data_dir / "history.json").read_text())["records"].values()))


def test_piped_transcript_reads_well(monkeypatch, capsys, data_dir):
    out, session = run(monkeypatch, capsys, ["r10", "t", "", "moves", "hint", "u 2", "redo all", "xyz", "auto",
                                             "auto safe", "auto bogus", "b", "?"])
    assert out.count("Royal Cotillion  ·  deal 3") == 2  # at the start and on `b`
    assert "> r10\nA♠ r10 → f4; r10 takes 7♠ from the stock" in out
    assert "> t\nturned" in out and "> \nturned" in out
    assert "fits now: " in out and "hint: " in out
    assert "undo: 2 moves" in out and "redo: 2 moves" in out
    assert "'xyz' is not a card, a pile or a command" in out
    assert "no safe move now" in out and "autoplay safe: safe moves go up after each move" in out
    assert "expected 'auto', 'auto on', 'auto safe' or 'auto off'" in out
    assert "undo [N|all]" in out  # the help table
    assert "Game abandoned (end of input) after 3 moves" in out
    assert history(data_dir)["abandoned"] == 1 and session.autoplay == "safe"


def test_win_then_undo_at_the_question_then_win_again(monkeypatch, capsys, data_dir):
    rules = load_rules("royal-cotillion")
    position = deal_seed(rules, 3)
    line: list = []
    play_naive(position, line)
    labels = PileLabels(rules)
    words = [move_words(labels, m) for m in line]
    out, session = run(monkeypatch, capsys, words + ["u", "redo", "n"])
    assert out.count("You won! All 104 cards are on the foundations: 164 moves in") == 2
    assert "undone: the game goes on" in out
    record = history(data_dir)
    assert (record["won"], record["played"], record["fewest_moves"]) == (1, 1, 164)


def test_lost_game_says_why_and_a_new_deal_follows(monkeypatch, capsys, data_dir):
    rules = load_rules("gavotte")
    position = deal_seed(rules, 53)
    line: list = []
    play_naive(position, line)
    assert position.status() == "lost"
    labels = PileLabels(rules)
    out, session = run(monkeypatch, capsys, [move_words(labels, m) for m in line] + ["y", "q"],
                       name="gavotte", seed=53)
    assert "Game lost: the stock is empty, no free card fits a foundation." in out
    # the board at the start, at the end, and for the new deal
    assert "Gavotte  ·  deal 53" in out and out.count("Gavotte  ·  deal") == 3
    assert session.spec.seed != 53 and session.move_count() == 0
    assert history(data_dir)["lost"] == 1 and history(data_dir)["played"] == 1


def test_contradance_plays_by_itself(monkeypatch, capsys, data_dir):
    out, session = run(monkeypatch, capsys, ["t"] * 12, name="contradance", seed=1)
    assert session.autoplay == "all" and session.position.on_foundations > 0
    assert "then automatically:" in out
    # undo takes a turn back together with the plays that followed it
    before = session.position.on_foundations
    step = next(s for s in reversed(session.steps) if len(s) > 1)
    assert step[0].src == session.rules.stock and before >= len(step) - 1


def test_quit_asks_and_can_be_declined(monkeypatch, capsys, data_dir):
    out, session = run(monkeypatch, capsys, ["r10", "q", "n", "new", "y", "q"])
    assert out.count("counts as abandoned") == 2 and "carry on" in out
    assert history(data_dir)["abandoned"] == 1


def test_save_and_file_games_are_not_recorded(monkeypatch, capsys, data_dir, tmp_path):
    out, session = run(monkeypatch, capsys, ["r10", f"save {tmp_path / 'g.json'}", "q"])
    assert f"saved to {tmp_path / 'g.json'}" in out and "The game is saved in" in out
    assert not (data_dir / "history.json").exists()  # a saved game is not over
    out, session = run(monkeypatch, capsys, [f"save {tmp_path}"])
    assert "is a folder; give a file name" in out


def test_session_steps_undo_and_redo():
    spec = GameSpec(variant="odd-and-even", seed=5)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    keys = [session.position.key()]
    for _ in range(15):
        session.play(naive_move(session.position))
        keys.append(session.position.key())
    assert [len(s) for s in session.undo(15)] == [1] * 15 and session.position.key() == keys[0]
    assert session.undo() == []
    session.redo(7)
    assert session.position.key() == keys[7]
    session.play(naive_move(session.position))  # a new move clears what could be redone
    assert session.redo_steps == [] and session.redo() == []


def test_plugin_choices_are_answered_by_number(monkeypatch, capsys):
    from patience_core.variants.catalog import build_registry
    if "gavotte-late-wing" not in build_registry():
        pytest.skip("the example plugin gavotte-late-wing is not installed")
    out, session = run(monkeypatch, capsys, ["h", "3", "2", "u", "1", "q", "y"], name="gavotte-late-wing")
    assert "? 1 = right, 2 = left (type the number)" in out
    assert "choose a number from 1 to 2" in out and "hint: 1 (" in out


def test_the_real_program_reads_piped_commands():
    result = subprocess.run([sys.executable, "-m", "patience_core", "play", "odd-and-even", "--seed", "5"],
                            input="t\nr1\nhint\nq\ny\n", capture_output=True, text=True, timeout=60,
                            env={"PATIENCE_DATA_DIR": "/nonexistent-dir-for-test", "PATH": "/usr/bin:/bin",
                                 "PYTHONIOENCODING": "utf-8"})
    assert result.returncode == 0, result.stderr
    assert "Odd and Even  ·  deal 5" in result.stdout and "> t\nturned" in result.stdout
    assert "Game abandoned (quit)" in result.stdout or "statistics not recorded" in result.stdout
