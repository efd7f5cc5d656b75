"""Issue 57, items 6 and 8: the player's files and variant files. A control character in a
YAML file is one FILE:LINE:COL line; a save's deal number is in --seed's range; a save
creates only the data directory's own folders; a history without a version is called
damaged, not newer; the history and results-file locks are filelock's, on every system."""
from __future__ import annotations

import json
import multiprocessing

import pytest
import yaml

from conftest import run_cli
from patience_core.errors import SaveError
from patience_core.model.game import GameSpec
from patience_core.storage import history, userdata
from patience_core.storage.saves import default_save_path, read_save, save_game
from patience_core.ui.session import Session
from patience_core.variants import loader

LOADERS = [loader._FlatSafeLoader] + ([yaml.CSafeLoader] if getattr(yaml, "__with_libyaml__", False) else [])


@pytest.fixture(params=LOADERS, ids=lambda cls: cls.__name__)
def each_loader(request, monkeypatch):
    """The libyaml loader where PyYAML has it (it counts bytes), and PyYAML's own."""
    monkeypatch.setattr(loader, "_YAML_LOADER", request.param)
    return request.param


# -- a raw control character in a variant file ------------------------------------------------

@pytest.mark.parametrize("text,where,code", [
    ('name: x\ntitle: "a\x01b"\n', "2:10", "0001"),
    ("name: x\n# a bell \x07 in a comment\n", "2:10", "0007"),
    ('name: x\ntitle: "éé \x1b[2J"\n', "2:12", "001b"),   # columns count characters, not bytes
    ("\x00", "1:1", "0000"),
])
def test_a_control_character_is_one_line_with_line_and_column(tmp_path, each_loader, text, where, code):
    path = tmp_path / "control.yaml"
    path.write_text(text, encoding="utf-8")
    exit_code, out, err = run_cli("validate", str(path))
    assert exit_code == 1
    assert err == f"{path}:{where}: YAML error: unacceptable character #x{code}: control characters are not allowed\n"


# -- a save's deal number -------------------------------------------------------------------

def save_with_seed(tmp_path, seed):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"format": "patience-save", "version": 1,
                                "game": {"variant": "royal-cotillion", "params": {}, "seed": seed},
                                "moves": [], "steps": [], "undo_position": 0}), encoding="utf-8")
    return path


def test_a_save_with_a_deal_number_seed_refuses_is_refused(tmp_path):
    from patience_core.cli.common import MAX_SEED
    with pytest.raises(SaveError, match=r"field 'seed': found 1000000000000000001, expected a deal number"):
        read_save(save_with_seed(tmp_path, MAX_SEED + 1))
    assert read_save(save_with_seed(tmp_path, MAX_SEED))["game"]["seed"] == MAX_SEED


# -- folders a save creates --------------------------------------------------------------------

def new_session() -> Session:
    spec = GameSpec(variant="royal-cotillion", seed=3)
    rules = spec.compile()
    return Session(spec, rules, spec.start(rules))


def test_a_save_to_a_missing_folder_is_refused_and_creates_nothing(tmp_path):
    target = tmp_path / "a" / "typo" / "x.json"
    with pytest.raises(SaveError) as refused:
        save_game(new_session(), target)
    assert str(refused.value) == f"{target.parent}: no such folder; give a file in a folder that exists"
    assert not (tmp_path / "a").exists()


def test_the_line_game_says_so_in_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "3", stdin="t\nsave a/typo/x.json\nquit\ny\n")
    assert code == 0
    assert "error: a/typo: no such folder; give a file in a folder that exists" in out + err
    assert not (tmp_path / "a").exists()


def test_the_data_directory_and_its_saves_folder_are_created(own_data_directory):
    session = new_session()
    assert not own_data_directory.exists()
    path = save_game(session)
    assert path == default_save_path(session.spec, session.rules) and path.parent == own_data_directory / "saves"
    assert path.is_file()


def test_a_save_in_an_existing_folder_needs_no_new_one(tmp_path):
    assert save_game(new_session(), tmp_path / "x.json").is_file()


# -- a history without a version -------------------------------------------------------------

@pytest.mark.parametrize("version,found", [(None, 'no "version"'), ("1", '"version": "1"'), (0, '"version": 0')])
def test_a_history_without_a_version_is_damaged_not_newer(own_data_directory, version, found):
    own_data_directory.mkdir(parents=True)
    document = {"format": "patience-history", "records": {}}
    if version is not None:
        document["version"] = version
    path = own_data_directory / "history.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    code, out, err = run_cli("stats", "--history")
    assert code == 1
    assert err == f"error: {path}: damaged statistics file ({found}, expected 1..1); move it away to start afresh\n"


def test_a_history_of_a_newer_patience_still_says_so(own_data_directory):
    own_data_directory.mkdir(parents=True)
    path = own_data_directory / "history.json"
    path.write_text(json.dumps({"format": "patience-history", "version": 2, "records": {}}), encoding="utf-8")
    assert run_cli("stats", "--history")[2] == (f"error: {path}: statistics written by a newer patience "
                                                f"(format 2); this one reads version 1\n")


# -- item 8: filelock, not fcntl ----------------------------------------------------------------

def no_fcntl(monkeypatch):
    """As on Windows: no ``fcntl`` module to import."""
    import builtins
    real_import = builtins.__import__

    def without_fcntl(name, *args, **kwargs):
        if name == "fcntl":
            raise ImportError("No module named 'fcntl'")
        return real_import(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", without_fcntl)


def test_the_history_is_locked_without_fcntl(own_data_directory, monkeypatch):
    from filelock import FileLock
    no_fcntl(monkeypatch)
    monkeypatch.setattr(history, "LOCK_WAIT_SECONDS", 0.2)
    own_data_directory.mkdir(parents=True)
    path = history.history_path()
    with FileLock(f"{path}.lock"):  # another game ending at this moment
        with pytest.raises(SaveError, match="another patience has been writing the statistics for 0.2 s"):
            with history._locked(path):
                pass
    with history._locked(path):  # free again
        pass


def test_the_results_file_is_locked_without_fcntl(tmp_path, monkeypatch):
    from patience_core.stats.results import ResultsError, ResultsFile
    no_fcntl(monkeypatch)
    path = tmp_path / "study.jsonl"
    run = {"patience_stats": 1, "variant": "gavotte"}
    first = ResultsFile.create(path, run)
    try:
        with pytest.raises(ResultsError, match="another run is writing this file"):
            ResultsFile.resume(path, run)
    finally:
        first.close()
    ResultsFile.resume(path, run).close()


def _record_one(args):
    data_dir, seed = args
    import os
    os.environ[userdata.DATA_DIR_ENV] = data_dir
    from patience_core import load_rules
    history.record_game(GameSpec(variant="royal-cotillion", seed=seed), load_rules("royal-cotillion"), "lost", 10, 1.0)


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_games_ending_at_once_are_all_counted(own_data_directory, method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    with multiprocessing.get_context(method).Pool(4) as pool:
        pool.map(_record_one, [(str(own_data_directory), seed) for seed in range(24)])
    assert history.history_rows()[0]["played"] == 24
