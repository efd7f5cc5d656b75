"""Saved games (patience_core.storage.saves): exact round trip with undo and redo, atomic writes,
and clear one-line refusals of damaged or foreign files."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from patience_core import deal_seed, load_rules
from patience_core.errors import SaveError
from patience_core.model.game import GameSpec
from patience_core.agents.policies import naive_move
from patience_core.storage.saves import default_save_path, load_game, read_save, save_game
from patience_core.ui.session import Session


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def played_session(name="royal-cotillion", params=None, seed=3, moves=30, undo=3) -> Session:
    spec = GameSpec(variant=name, params=dict(params or {}), seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    for _ in range(moves):
        session.play(naive_move(session.position))
    session.undo(undo)
    return session


@pytest.mark.parametrize("name,params", [("royal-cotillion", {}), ("gavotte", {"ranks": "6,7", "free": "left"}),
                                         ("odd-and-even", {}), ("contradance", {"bases": "dealt"})])
def test_round_trip_keeps_position_undo_and_redo(tmp_path, name, params):
    session = played_session(name, params)
    session._elapsed_before = 100.0  # as if the game had gone on for 100 s
    path = save_game(session, tmp_path / "game.json")
    again = load_game(path)
    assert again.position.key() == session.position.key()
    assert again.steps == session.steps and again.redo_steps == session.redo_steps
    assert again.spec.to_json(again.rules) == session.spec.to_json(session.rules)
    assert again.autoplay == session.autoplay
    assert 100.0 <= again.elapsed() < 100.0 + 30  # the clock goes on from the saved time
    # undo and redo go on exactly as before
    assert again.redo(2) == session.redo(2)
    assert again.undo(5) == session.undo(5)
    assert again.position.key() == session.position.key()


def test_document_fields(tmp_path):
    session = played_session(moves=5, undo=2)
    data = json.loads(save_game(session, tmp_path / "g.json").read_text())
    assert data["format"] == "patience-save" and data["version"] == 1
    assert data["game"] == {"variant": "royal-cotillion", "params": {"bases": "found"}, "seed": 3}
    assert len(data["moves"]) == 5 and sum(data["steps"]) == 5 and data["undo_position"] == 3
    assert set(data["moves"][0]) == {"card", "from", "to"}


def test_default_location_is_the_data_dir(data_dir):
    session = played_session(moves=2, undo=0)
    path = save_game(session)
    assert path == data_dir / "saves" / "royal-cotillion-deal3.json" and path.exists()
    gavotte = load_rules("gavotte", {"ranks": "6,7"})
    assert default_save_path(GameSpec(variant="gavotte", seed=9), gavotte).name == "gavotte-ranks6,7-deal9.json"


def test_write_is_atomic(tmp_path, monkeypatch):
    session = played_session(moves=4, undo=0)
    path = save_game(session, tmp_path / "g.json")
    before = path.read_text()
    session.play(naive_move(session.position))

    def crash(*_args):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(SaveError, match="g.json: cannot write: No space left on device"):
        save_game(session, path)
    assert path.read_text() == before  # the old save is untouched
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]  # no temporary file left


DAMAGED = [
    ("{", r"g.json:1:2: not a patience save \(invalid JSON"),
    ('{"format": "something-else"}', r"not a patience save \(expected \"format\": \"patience-save\"\)"),
    ("[1, 2]", "not a patience save"),
    ('{"format": "patience-save", "version": 9}', "saved in format version 9 by a newer patience"),
    ('{"format": "patience-save", "version": 1, "game": {"variant": "royal-cotillion", "seed": 3}, '
     '"moves": [], "steps": [2], "undo_position": 0}', "field 'steps': expected positive sizes adding up to the 0 moves"),
    ('{"format": "patience-save", "version": 1, "game": {"variant": "royal-cotillion"}, '
     '"moves": [], "steps": [], "undo_position": 0}', "expected exactly one of 'seed', 'deal' or 'pack'"),
    ('{"format": "patience-save", "version": 1, "game": {"variant": "no-such-game", "seed": 1}, '
     '"moves": [], "steps": [], "undo_position": 0}', "cannot deal the saved game again: .*no-such-game"),
    ('{"format": "patience-save", "version": 1, "game": {"variant": "royal-cotillion", "seed": 3}, '
     '"moves": [{"card": "KS", "from": "left:1", "to": "foundation:1"}], "steps": [1], "undo_position": 1}',
     "move 1: .*the moves do not fit this deal"),
    ('{"format": "patience-save", "version": 1, "game": {"variant": "royal-cotillion", "seed": 3}, '
     '"moves": [], "steps": [], "undo_position": 4}', "field 'undo_position': found 4, expected 0..0"),
]


@pytest.mark.parametrize("text,message", DAMAGED)
def test_damaged_or_foreign_files_are_refused(tmp_path, text, message):
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveError, match=message) as caught:
        load_game(path)
    assert "\n" not in str(caught.value)


def test_missing_and_binary_files(tmp_path):
    with pytest.raises(SaveError, match="no such file"):
        read_save(tmp_path / "nope.json")
    (tmp_path / "b.json").write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not a UTF-8 text file"):
        read_save(tmp_path / "b.json")
    with pytest.raises(SaveError, match="is a folder"):
        read_save(tmp_path)


def test_cli_refuses_a_damaged_save_in_one_line(tmp_path):
    path = tmp_path / "g.json"
    path.write_text('{"format": "patience-save", "version": 1}', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "patience_core", "play", "--resume", str(path)],
                            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert result.returncode == 1
    assert result.stderr.startswith("error: ") and result.stderr.count("\n") == 1
    assert "field 'game'" in result.stderr and "Traceback" not in result.stderr


def test_cli_resume_refuses_other_game_options(tmp_path):
    result = subprocess.run([sys.executable, "-m", "patience_core", "play", "royal-cotillion", "--seed", "3",
                             "--resume", str(tmp_path / "g.json")], capture_output=True, text=True, timeout=60)
    flat = " ".join(result.stderr.replace("\u2502", " ").split())
    assert result.returncode == 2 and "do not give VARIANT, --seed" in flat


def test_pack_deals_round_trip(tmp_path):
    rules = load_rules("odd-and-even")
    from patience_core.model.deal import seeded_order
    from patience_core.model import cards
    spec = GameSpec(variant="odd-and-even", pack=[cards.card_name(c) for c in seeded_order(rules, 11)])
    session = Session(spec, rules, spec.start(rules))
    for _ in range(12):
        session.play(naive_move(session.position))
    again = load_game(save_game(session, tmp_path / "p.json"))
    assert again.position.key() == session.position.key() and again.spec.pack == spec.pack
    assert again.position.key() == (lambda p: [p.apply(m) for m in session.applied_moves()] and p.key())(
        deal_seed(rules, 11))
