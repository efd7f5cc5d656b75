"""The example plugins under plugins/, found through their entry points after `pip install`.

Skipped when they are not installed (the core suite must pass without them); CI
installs them (see docs/plugins.md, "Testing").
"""
from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from patience_core import deal_seed, load_rules

from patience_core.model import cards
from patience_core.plugins.hooks import ENV_DISABLE_AUTOLOAD, ENV_PLUGINS, make_plugin_manager

EXAMPLES = {  # entry point name -> (distribution, module, variant, hooks)
    "gavotte-late-wing": ("patience-gavotte-late-wing", "patience_gavotte_late_wing", "gavotte-late-wing",
                          ["patience_register_variants", "patience_dealer"]),
    "cotillion-choose-fill": ("patience-cotillion-choose-fill", "patience_cotillion_choose_fill",
                              "royal-cotillion-choose-fill", ["patience_register_variants", "patience_filler"]),
}


def installed(name: str) -> bool:
    try:
        importlib.metadata.distribution(EXAMPLES[name][0])
    except importlib.metadata.PackageNotFoundError:
        return False
    return True


needs = {name: pytest.mark.skipif(not installed(name), reason=f"{EXAMPLES[name][0]} is not installed")
         for name in EXAMPLES}
ALL = [pytest.param(name, marks=needs[name]) for name in EXAMPLES]


def patience(*args, env_extra=None):
    env = {k: v for k, v in os.environ.items() if k not in (ENV_PLUGINS, ENV_DISABLE_AUTOLOAD)}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", "from patience_core.cli import main; main()", *args],
                          capture_output=True, text=True, env=env)


@pytest.mark.parametrize("name", ALL)
def test_entry_point_is_declared_in_group_patience(name):
    distribution, module, _variant, _hooks = EXAMPLES[name]
    points = [ep for ep in importlib.metadata.distribution(distribution).entry_points if ep.group == "patience"]
    assert [(ep.name, ep.value) for ep in points] == [(name, module)]


@pytest.mark.parametrize("name", ALL)
def test_manager_loads_the_installed_plugin(name):
    distribution, _module, variant, hooks = EXAMPLES[name]
    pm = make_plugin_manager(autoload=True, use_env_files=False)
    info = pm.infos[name]
    assert (info.kind, info.distribution) == ("entry point", distribution)
    assert info.version == importlib.metadata.version(distribution)
    assert sorted(c.name for c in pm.get_hookcallers(pm.get_plugin(name))) == sorted(hooks)
    assert load_rules(variant, manager=pm).name == variant


@pytest.mark.parametrize("name", ALL)
def test_plugins_and_list_commands_show_it(name):
    distribution, _module, variant, hooks = EXAMPLES[name]
    rows = {row["name"]: row for row in json.loads(patience("plugins", "--json").stdout)}
    assert rows[name]["version"] == importlib.metadata.version(distribution)
    assert rows[name]["distribution"] == distribution and rows[name]["hooks"] == hooks
    listed = json.loads(patience("list", "--json").stdout)
    assert {"name": variant, "origin": f"plugin:{name}"}.items() <= \
        next(row for row in listed if row["name"] == variant).items()


@pytest.mark.parametrize("name", ALL)
def test_autoload_switch_turns_installed_plugins_off(name):
    variant = EXAMPLES[name][2]
    out = patience("list", env_extra={ENV_DISABLE_AUTOLOAD: "1"})
    assert out.returncode == 0 and variant not in out.stdout
    out = patience("play", variant, "--seed", "1", "--policy", "naive", env_extra={ENV_DISABLE_AUTOLOAD: "1"})
    assert out.returncode == 1 and out.stderr.startswith(f"error: unknown variant {variant!r}")


@pytest.mark.parametrize("name", ALL)
def test_requires_fails_clearly_without_the_plugin(name, tmp_path):
    """A copy of the plugin's YAML, used with the plugin switched off, names what is missing."""
    _distribution, module, variant, _hooks = EXAMPLES[name]
    source = importlib.import_module(module).__file__
    yaml_text = (os.path.join(os.path.dirname(source), f"{variant}.yaml"))
    copy = tmp_path / "copy.yaml"
    copy.write_text(open(yaml_text).read())
    out = patience("play", "--file", str(copy), "--seed", "1", "--policy", "naive",
                   env_extra={ENV_DISABLE_AUTOLOAD: "1"})
    assert out.returncode == 1
    assert f"variant {variant!r} requires the plugin {name!r}, which is not installed" in out.stderr


@pytest.mark.parametrize("name", ALL)
def test_naive_policy_plays_the_plugin_variant_from_the_cli(name):
    variant = EXAMPLES[name][2]
    out = patience("play", variant, "--seed", "7", "--policy", "naive", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["status"] in ("won", "lost") and data["moves"]


@pytest.mark.parametrize("name", ALL)
@settings(max_examples=25)
@given(seed=st.integers(1, 10**6), choices=st.lists(st.integers(0, 1000), min_size=1, max_size=120))
def test_random_play_conserves_the_pack_and_undo_is_exact(name, seed, choices):
    rules = load_rules(EXAMPLES[name][2])
    position = deal_seed(rules, seed)
    pack = Counter(cards.full_pack(rules.decks))
    keys = [position.key()]
    for choice in choices:
        moves = position.legal_moves()
        if not moves:
            break
        position.apply(moves[choice % len(moves)])
        keys.append(position.key())
        assert Counter(c for p in position.piles for c in p) == pack
        assert position.copy().key() == position.key()
    while position.history:
        keys.pop()
        position.undo()
        assert position.key() == keys[-1]
