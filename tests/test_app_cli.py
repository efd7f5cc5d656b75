"""Which game ``patience play`` opens: full-screen on a terminal of at least 80 x 24, the line
game with --line, with TERM=dumb, on a smaller terminal (driven through a pseudo-terminal)."""
from __future__ import annotations

import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-9;?<>=]*[A-Za-z~]|\x1b[()][A-Z0-9]|\x1b[=>]|\x1b\][^\x07]*\x07|\r")


def spawn(args: list[str], data_dir, rows: int = 24, columns: int = 80, term: str = "xterm-256color"):
    env = dict(os.environ, PATIENCE_DATA_DIR=str(data_dir), TERM=term, LANG="C.UTF-8", LC_ALL="C.UTF-8",
               PYTHONIOENCODING="utf-8")
    for name in ("NO_COLOR", "COLUMNS", "LINES"):
        env.pop(name, None)
    return pexpect.spawn(sys.executable, ["-m", "patience_core", "play", *args], env=env,
                         dimensions=(rows, columns), encoding="utf-8", timeout=20)


def test_a_terminal_gets_the_full_screen_game_and_q_leaves_it(tmp_path):
    child = spawn(["royal-cotillion", "--seed", "3"], tmp_path)
    child.expect("Restart")          # the buttons under the board
    child.send("t")
    child.expect("turned")
    child.send("q")
    child.expect("Quit\\? This game counts as abandoned")
    child.send("y")
    child.expect(pexpect.EOF)
    child.close()
    assert "Game abandoned (quit) after 1 move" in ANSI.sub("", child.before)
    assert child.exitstatus == 0


def test_save_full_screen_then_resume_full_screen(tmp_path):
    child = spawn(["royal-cotillion", "--seed", "3"], tmp_path)
    child.expect("Restart")
    child.send("t")
    child.expect("turned")
    child.send("s")
    child.expect("saved to")
    child.send("q")                  # saved: leaves at once
    child.expect(pexpect.EOF)
    child.close()
    saves = list((tmp_path / "saves").glob("*.json"))
    assert len(saves) == 1 and f"The game is saved in {saves[0]}" in ANSI.sub("", child.before)
    child = spawn(["--resume", str(saves[0])], tmp_path)
    child.expect("resumed")
    child.expect("1 move ·")
    child.send("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


@pytest.mark.parametrize("args, rows, columns, term", [
    (["--line"], 24, 80, "xterm-256color"),
    ([], 24, 80, "dumb"),
    ([], 20, 79, "xterm-256color"),
], ids=["--line", "TERM=dumb", "79x20"])
def test_the_line_game_where_asked_or_where_full_screen_cannot_work(tmp_path, args, rows, columns, term):
    child = spawn(["royal-cotillion", "--seed", "3", *args], tmp_path, rows=rows, columns=columns, term=term)
    child.expect("\n> ")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
