"""Statistics of finished games (patience_core.storage.history)."""
from __future__ import annotations

import json

import pytest

from patience_core import load_rules
from patience_core.errors import SaveError
from patience_core.model.game import GameSpec
from patience_core.storage.history import history_path, history_report, history_rows, load_history, record_game


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    return tmp_path / "data"


def test_records_per_variant_and_parameters(data_dir):
    rc = load_rules("royal-cotillion")
    dealt = load_rules("royal-cotillion", {"bases": "dealt"})
    spec = GameSpec(variant="royal-cotillion", seed=1)
    record_game(spec, rc, "won", 170, 400.0)
    record_game(spec, rc, "won", 160, 500.0)
    record_game(spec, rc, "lost", 90, 100.0)
    record_game(spec, rc, "abandoned", 3, 5.0)
    record_game(GameSpec(variant="royal-cotillion", seed=2), dealt, "lost", 50, 60.0)
    assert history_path() == data_dir / "history.json"
    rows = {tuple(r["params"].items()): r for r in history_rows()}
    found = rows[(("bases", "found"),)]
    assert (found["played"], found["won"], found["lost"], found["abandoned"]) == (4, 2, 1, 1)
    assert found["win_rate"] == 0.5 and found["best_seconds"] == 400.0 and found["fewest_moves"] == 160
    assert rows[(("bases", "dealt"),)]["played"] == 1 and rows[(("bases", "dealt"),)]["won"] == 0


def test_games_from_a_variant_file_are_not_recorded(tmp_path, data_dir):
    rules = load_rules("odd-and-even")
    assert record_game(GameSpec(variant="odd-and-even", seed=1, file=str(tmp_path / "x.yaml")),
                       rules, "won", 200, 10.0) is None
    assert not history_path().exists()


def test_damaged_history_is_refused_and_left_alone(data_dir):
    data_dir.mkdir(parents=True)
    history_path().write_text("{ not json", encoding="utf-8")
    with pytest.raises(SaveError, match="damaged statistics file"):
        record_game(GameSpec(variant="gavotte", seed=1), load_rules("gavotte"), "lost", 10, 1.0)
    assert history_path().read_text() == "{ not json"
    history_path().write_text('{"format": "other"}', encoding="utf-8")
    with pytest.raises(SaveError, match="not a patience statistics file"):
        load_history()


def test_report_text_and_json(capsys):
    history_report(as_json=False)
    assert "No finished games recorded yet" in capsys.readouterr().out
    rules = load_rules("gavotte", {"ranks": "6,7"})
    record_game(GameSpec(variant="gavotte", seed=4), rules, "won", 150, 125.0)
    history_report(as_json=True)
    data = json.loads(capsys.readouterr().out)
    assert data["records"][0]["variant"] == "gavotte" and data["records"][0]["params"]["ranks"] == "6,7"
    assert data["records"][0]["win_rate"] == 1.0
    history_report(as_json=False)
    out = capsys.readouterr().out
    assert "gavotte" in out and "ranks=6,7" in out and "2:05" in out and "100.0" in out


def _record_one(args):
    data_dir, seed = args
    import os
    os.environ["PATIENCE_DATA_DIR"] = data_dir
    record_game(GameSpec(variant="royal-cotillion", seed=seed), load_rules("royal-cotillion"), "lost", 10, 1.0)


def test_games_ending_at_once_are_all_counted(data_dir):
    import multiprocessing
    pytest.importorskip("fcntl")
    with multiprocessing.get_context("fork").Pool(4) as pool:
        pool.map(_record_one, [(str(data_dir), seed) for seed in range(24)])
    assert history_rows()[0]["played"] == 24
