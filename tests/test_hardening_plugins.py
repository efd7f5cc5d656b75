"""Issue 57, item 4: one broken installed plugin hurts only itself. It is left out with one
line naming it; every command that does not need it works; a command that needs it (its
variant, a variant that requires it) fails with that line; `patience plugins` shows it."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from patience_core.plugins.hooks import ENV_DISABLE_AUTOLOAD, ENV_PLUGINS, make_plugin_manager

BOOM = "raise RuntimeError('boom')\n"
MISSPELLED = textwrap.dedent("""\
    from patience_core.plugins.hooks import hookimpl

    @hookimpl
    def patience_register_variant(register):
        pass
""")
UNMARKED = "def patience_register_variants(register):\n    pass\n"


def installed_plugin(folder, name: str, module_text: str):
    """A distribution ``patience-NAME`` 1.0 installed in ``folder`` (a sys.path entry) whose
    entry point ``NAME`` in the group ``patience`` is a module with ``module_text``."""
    module = name.replace("-", "_") + "_plugin"
    (folder / f"{module}.py").write_text(module_text, encoding="utf-8")
    info = folder / f"patience_{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: patience-{name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[patience]\n{name} = {module}\n", encoding="utf-8")
    return module


@pytest.fixture
def site(tmp_path, monkeypatch):
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    return folder


def patience(site, *args, stdin=""):
    env = {k: v for k, v in os.environ.items() if k not in (ENV_PLUGINS, ENV_DISABLE_AUTOLOAD)}
    env["PYTHONPATH"] = os.pathsep.join([str(site)] + [p for p in [env.get("PYTHONPATH")] if p])
    return subprocess.run([sys.executable, "-m", "patience_core", *args], capture_output=True, text=True,
                          env=env, input=stdin, timeout=120)


LINE = ("plugin 'broken-thing' cannot be loaded: RuntimeError: boom (entry point 'broken_thing_plugin' of "
        "patience-broken-thing 1.0); left out")


def test_the_manager_leaves_a_plugin_out_that_cannot_be_imported(site):
    installed_plugin(site, "broken-thing", BOOM)
    pm = make_plugin_manager(autoload=True, use_env_files=False)
    assert "broken-thing" not in pm.infos and not pm.has_plugin("broken-thing")
    assert pm.broken["broken-thing"].problem == LINE
    assert "builtin" in pm.infos


@pytest.mark.parametrize("name,text,problem", [
    ("misspelled", MISSPELLED, "plugin 'misspelled': patience_register_variant is not a patience hook (did you "
                               "mean 'patience_register_variants'?)"),
    ("unmarked", UNMARKED, "plugin 'unmarked': patience_register_variants is not marked with @hookimpl"),
])
def test_a_plugin_that_cannot_be_registered_is_left_out_too(site, name, text, problem):
    installed_plugin(site, name, text)
    pm = make_plugin_manager(autoload=True, use_env_files=False)
    assert not pm.has_plugin(name)
    assert pm.broken[name].problem.startswith(problem)
    assert pm.broken[name].problem.endswith(f"(entry point '{name}_plugin' of patience-{name} 1.0); left out")


def test_list_works_and_names_the_broken_plugin_once(site):
    installed_plugin(site, "broken-thing", BOOM)
    listed = patience(site, "list")
    assert listed.returncode == 0
    assert "klondike" in listed.stdout and "royal-cotillion" in listed.stdout
    assert listed.stderr == f"warning: left out: {LINE}\n"


def test_an_unrelated_game_plays(site):
    installed_plugin(site, "broken-thing", BOOM)
    played = patience(site, "play", "royal-cotillion", "--seed", "3", "--policy", "naive", "--json")
    assert played.returncode == 0 and played.stderr == ""
    assert json.loads(played.stdout)["variant"] == "royal-cotillion"


def test_the_broken_plugins_variant_fails_with_that_line(site):
    installed_plugin(site, "broken-thing", BOOM)
    played = patience(site, "play", "broken-thing", "--seed", "3", "--policy", "naive")
    assert played.returncode == 1 and played.stderr == f"error: {LINE}\n"


def test_a_variant_requiring_it_fails_with_that_line(site, tmp_path):
    installed_plugin(site, "broken-thing", BOOM)
    variant = tmp_path / "mine.yaml"
    variant.write_text("name: mine\nextends: gavotte\nrequires: [broken-thing]\n", encoding="utf-8")
    played = patience(site, "play", "--file", str(variant), "--seed", "3", "--policy", "naive")
    assert played.returncode == 1
    assert played.stderr == f"error: variant 'mine' requires the plugin 'broken-thing': {LINE}\n"


def test_plugins_shows_the_broken_plugin_and_why(site):
    installed_plugin(site, "broken-thing", BOOM)
    shown = patience(site, "plugins")
    assert shown.returncode == 0 and shown.stderr == ""
    assert f"broken-thing 1.0 (entry point: patience-broken-thing), left out\n  {LINE}\n" in shown.stdout
    assert "builtin" in shown.stdout
    rows = {row["name"]: row for row in json.loads(patience(site, "plugins", "--json").stdout)}
    assert rows["broken-thing"]["problem"] == LINE and rows["broken-thing"]["hooks"] == []
    assert rows["builtin"]["problem"] is None
