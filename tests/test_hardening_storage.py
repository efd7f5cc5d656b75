"""Issue 17, items 3 (saves, history) and 5: damaged files are refused in one line, nothing
the player has is replaced without asking, and a killed writer's temporary files go away."""
from __future__ import annotations

import json
import os
import fcntl
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_core.errors import SaveError
from patience_core.model.game import GameSpec
from patience_core.storage import history, userdata
from patience_core.storage.history import load_history, record_game
from patience_core.storage.saves import ReplaceRefused, load_game, read_save, save_game
from patience_core.storage.userdata import remove_abandoned_temps, write_atomically
from patience_core.ui.session import Session

from conftest import run_cli

VARIANTS = [("royal-cotillion", {}), ("gavotte", {"ranks": "6,7"}), ("odd-and-even", {}), ("contradance", {})]
SLOW_OK = settings(max_examples=25, deadline=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def random_session(case, seed: int, choices: list[int], undo: int) -> Session:
    """A game of ``case`` where move i is legal move ``choices[i]`` (mod the count), then
    ``undo`` steps taken back."""
    name, params = case
    spec = GameSpec(variant=name, params=dict(params), seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    for choice in choices:
        moves = session.position.legal_moves()
        if not moves:
            break
        session.play(moves[choice % len(moves)])
    session.undo(undo)
    return session


@SLOW_OK
@given(case=st.sampled_from(VARIANTS), seed=st.integers(0, 10**18), choices=st.lists(st.integers(0, 50), max_size=60),
       undo=st.integers(0, 70), elapsed=st.floats(0, 10**7))
def test_saves_round_trip_over_random_games_and_undo_depths(tmp_path_factory, case, seed, choices, undo, elapsed):
    session = random_session(case, seed, choices, undo)
    session._elapsed_before = elapsed
    path = save_game(session, tmp_path_factory.mktemp("s") / "game.json")
    again = load_game(path)
    assert again.position.key() == session.position.key()
    assert again.steps == session.steps and again.redo_steps == session.redo_steps
    assert again.redo(10**9) == session.redo(10**9)
    assert again.position.key() == session.position.key()


def a_save(tmp_path) -> dict:
    session = random_session(VARIANTS[0], 3, [0, 1, 2, 3], 1)
    return json.loads(save_game(session, tmp_path / "good.json").read_text())


@pytest.mark.parametrize("damage,expected", [
    (lambda d: d.update(undo_position="HUGE"), "a number of 5000 digits"),
    (lambda d: d["game"].update(seed="HUGE"), "a number of 5000 digits"),
    (lambda d: d["game"].update(seed=-1), "expected a deal number >= 0"),
    (lambda d: d.update(elapsed_seconds=float("nan")), "NaN is not a number"),
    (lambda d: d.update(elapsed_seconds=float("inf")), "Infinity is not a number"),
    (lambda d: d.update(elapsed_seconds=float("-inf")), "-Infinity is not a number"),
])
def test_damaged_numbers_are_refused_in_one_line(tmp_path, damage, expected):
    data = a_save(tmp_path)
    damage(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data).replace('"HUGE"', "9" * 5000))  # json.dumps cannot write it
    with pytest.raises(SaveError, match=expected) as refused:
        read_save(path)
    assert "\n" not in str(refused.value)


@pytest.mark.parametrize("text,expected", [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('{"format": "patience-save", "version": 1, "elapsed_seconds": 1e400}', "too large a number"),
    ("1" * 6000, "a number of 6000 digits"),
])
def test_damaged_json_is_refused_in_one_line(tmp_path, text, expected):
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError, match=expected):
        read_save(path)
    code, _, err = run_cli("play", "--resume", str(path))
    assert code == 1 and "Traceback" not in err and len(err.splitlines()) == 1


# -- history -------------------------------------------------------------------------------

def write_history(records: dict) -> None:
    path = history.history_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": "patience-history", "version": 1, "records": records}))


def finish_a_game():
    spec = GameSpec(variant="royal-cotillion", seed=1)
    rules = spec.compile()
    return record_game(spec, rules, "lost", 10, 5.0)


JUNK = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**6), st.floats(allow_nan=False, allow_infinity=False),
                 st.text(max_size=4), st.lists(st.integers(), max_size=2), st.dictionaries(st.text(max_size=2),
                                                                                         st.text(max_size=2)))
FIELDS = ("played", "won", "lost", "abandoned", "best_seconds", "fewest_moves", "total_seconds", "variant", "params")


@SLOW_OK
@given(field=st.sampled_from(FIELDS), value=JUNK)
def test_any_damaged_history_field_is_refused_or_read_back(data_dir, field, value):
    record = {"variant": "royal-cotillion", "params": {"bases": "found"}, "played": 2, "won": 1, "lost": 1,
              "abandoned": 0, "best_seconds": 30.0, "fewest_moves": 150, "total_seconds": 60.0}
    record[field] = value
    write_history({"royal-cotillion bases=found": record})
    before = history.history_path().read_text()
    try:
        load_history()
    except SaveError as refused:
        assert "\n" not in str(refused) and "damaged" in str(refused)
        with pytest.raises(SaveError):
            finish_a_game()
        assert history.history_path().read_text() == before  # left alone, not rewritten
        return
    finish_a_game()  # the end of a game reads and adds to every field
    assert history.history_rows()[0]["played"] == (value if field == "played" else 2) + 1


def test_a_played_count_written_as_text_is_one_line_for_stats_history_and_the_game(data_dir):
    write_history({"royal-cotillion bases=found": {"variant": "royal-cotillion", "params": {"bases": "found"},
                                                   "played": "3"}})
    code, out, err = run_cli("stats", "--history")
    assert code == 1 and "Traceback" not in err
    assert err.strip().endswith("record 'royal-cotillion bases=found' is damaged ('played' is \"3\", expected a "
                                "whole number >= 0); move the file away to start afresh")
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "1", stdin="t\nq\ny\n")
    assert code == 0 and "statistics not recorded" in out + err and "Traceback" not in err


def test_nan_in_history_is_refused(data_dir):
    path = history.history_path()
    path.parent.mkdir(parents=True)
    path.write_text('{"format": "patience-history", "version": 1, "records": {"x": {"best_seconds": NaN}}}')
    with pytest.raises(SaveError, match="damaged statistics file"):
        load_history()


# -- item 5: what a save may replace -------------------------------------------------------

def test_save_refuses_to_replace_what_is_not_a_save(tmp_path):
    session = random_session(VARIANTS[0], 3, [0, 1], 0)
    foreign = tmp_path / "notes.txt"
    foreign.write_text("my notes\n")
    link = tmp_path / "link.json"
    link.symlink_to(foreign)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for target, what in ((foreign, "is a file that is not a patience save"), (link, "is a symbolic link"),
                         (fifo, "is a device or other special file")):
        with pytest.raises(ReplaceRefused, match=what):
            save_game(session, target)
    assert foreign.read_text() == "my notes\n" and link.is_symlink()
    with pytest.raises(SaveError, match="is a folder"):
        save_game(session, tmp_path)
    # once confirmed, the link itself is replaced: the file it pointed to stays as it was
    save_game(session, link, replace=True)
    assert not link.is_symlink() and read_save(link) and foreign.read_text() == "my notes\n"


def test_save_replaces_an_earlier_save_without_asking(tmp_path):
    session = random_session(VARIANTS[0], 3, [0, 1], 0)
    path = save_game(session, tmp_path / "game.json")
    session.play(session.position.legal_moves()[0])
    save_game(session, path)
    assert len(read_save(path)["moves"]) == 3


def test_the_line_game_asks_before_replacing(tmp_path):
    foreign = tmp_path / "notes.txt"
    foreign.write_text("my notes\n")
    code, out, _ = run_cli("play", "royal-cotillion", "--seed", "1", stdin=f"t\nsave {foreign}\nn\nq\ny\n")
    assert "is a file that is not a patience save; saving would replace it. Replace it? [y/n]" in " ".join(out.split())
    assert "not saved" in out and foreign.read_text() == "my notes\n"
    code, out, _ = run_cli("play", "royal-cotillion", "--seed", "1", stdin=f"t\nsave {foreign}\ny\nq\n")
    assert "saved to" in out and read_save(foreign)["game"]["seed"] == 1


# -- item 5: temporary files a killed writer left ------------------------------------------

def leftover(folder, name: str, age: float):
    path = folder / f".{name}{userdata.TEMP_MARK}abcd1234{userdata.TEMP_SUFFIX}"
    path.write_text("half a save")
    os.utime(path, (time.time() - age, time.time() - age))
    return path


def test_temporary_files_a_killed_writer_left_are_removed_by_the_next_write(tmp_path):
    stale = leftover(tmp_path, "game.json", age=60)
    fresh = leftover(tmp_path, "other.json", age=0)
    held = leftover(tmp_path, "third.json", age=60)
    earlier_version = tmp_path / ".game.json.abcd1234.tmp"  # as mkstemp named them before
    earlier_version.write_text("half a save")
    os.utime(earlier_version, (time.time() - 60, time.time() - 60))
    someone_elses = tmp_path / ".game.json.swap-file.tmp"
    someone_elses.write_text("not ours")
    with open(held) as handle:  # a live writer holds its temporary file locked
        fcntl.flock(handle, fcntl.LOCK_EX)
        write_atomically(tmp_path / "game.json", "{}\n")
    assert not stale.exists() and not earlier_version.exists()
    assert fresh.exists() and held.exists() and someone_elses.exists()
    # the lock is gone with its holder; without an age limit the rest is abandoned too
    assert sorted(remove_abandoned_temps(tmp_path, min_age=0)) == sorted([fresh, held])
    assert (tmp_path / "game.json").read_text() == "{}\n"


def test_a_writer_killed_half_way_leaves_the_old_file_and_its_temp_is_cleaned(tmp_path):
    import subprocess
    import sys
    target = tmp_path / "game.json"
    target.write_text("old\n")
    child = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, signal\n"
        "from patience_core.storage import userdata\n"
        "real = os.fsync\n"
        "os.fsync = lambda fd: os.kill(os.getpid(), signal.SIGKILL)\n"
        f"userdata.write_atomically(userdata.Path({str(target)!r}), 'new' * 1000)\n")])
    assert child.wait(timeout=60) == -9
    temps = [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert target.read_text() == "old\n" and len(temps) == 1
    os.utime(temps[0], (time.time() - 60, time.time() - 60))
    write_atomically(target, "new\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_resuming_from_a_named_pipe_is_refused_not_waited_on(tmp_path):
    path = tmp_path / "pipe.json"
    os.mkfifo(path)
    code, out, err = run_cli("play", "--resume", str(path))
    assert code == 1 and err == f"error: {path}: not a patience save (not a regular file)\n"
