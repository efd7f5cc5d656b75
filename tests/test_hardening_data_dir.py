"""Issue 57, item 7: the test suite never writes the player's real statistics or saves.

Every test gets its own data directory (the autouse fixture in conftest.py); these tests
prove it, with the real directory as the environment named it before any test ran.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from patience_core.storage import userdata

# Read at collection, before any fixture: the directory a command would use outside the tests.
REAL_DATA_DIR = userdata.data_dir().resolve()


def state_of(folder: Path) -> dict[str, tuple[int, int]]:
    """(size, modification time) of every file under ``folder``."""
    if not folder.is_dir():
        return {}
    return {str(p): (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.rglob("*") if p.is_file()}


def test_each_test_has_a_data_directory_of_its_own(tmp_path_factory):
    here = userdata.data_dir().resolve()
    assert here != REAL_DATA_DIR
    assert here.is_relative_to(tmp_path_factory.getbasetemp().resolve())


def test_each_test_has_another_one(tmp_path_factory):
    # Not the previous test's: a record a test leaves cannot change what the next one reads.
    assert userdata.data_dir().resolve().is_relative_to(tmp_path_factory.getbasetemp().resolve())
    assert not userdata.data_dir().exists()


def test_a_game_a_test_abandons_is_recorded_in_its_own_directory_only():
    before = state_of(REAL_DATA_DIR)
    played = subprocess.run([sys.executable, "-m", "patience_core", "play", "royal-cotillion", "--seed", "3"],
                            input="t\nquit\ny\n", capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert "abandoned" in played.stdout
    history = Path(os.environ[userdata.DATA_DIR_ENV]) / "history.json"
    assert '"abandoned": 1' in history.read_text(encoding="utf-8")
    assert state_of(REAL_DATA_DIR) == before
