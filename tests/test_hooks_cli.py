"""Finding plugins from the command line: --plugin, PATIENCE_PLUGINS, the autoload switch,
`patience plugins`, and the clear one-line errors of broken plugin files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from patience_core.plugins.hooks import ENV_DISABLE_AUTOLOAD, ENV_PLUGINS

OBSERVER = textwrap.dedent('''
    """Writes every game event to the file named by OBSERVED_LOG."""
    import json
    import os

    from patience_core.plugins.hooks import hookimpl


    @hookimpl
    def patience_register_variants(register):
        register({"name": "rc-observed", "title": "Royal Cotillion, observed",
                  "extends": "royal-cotillion"})


    @hookimpl
    def patience_game_event(event, move, position, game):
        with open(os.environ["OBSERVED_LOG"], "a") as log:
            log.write(json.dumps([event, move, position.status(), game["seed"]]) + "\\n")
''')


def patience(*args, env_extra=None, drop=()):
    env = {k: v for k, v in os.environ.items() if k not in drop}
    env.update(env_extra or {})
    return subprocess.run([sys.executable, "-c", "from patience_core.cli import main; main()", *args],
                          capture_output=True, text=True, env=env)


@pytest.fixture
def observer(tmp_path):
    path = tmp_path / "observer.py"
    path.write_text(OBSERVER)
    return path


def test_plugin_option_loads_a_file_for_one_run(observer, tmp_path):
    log = tmp_path / "events.log"
    out = patience("--plugin", str(observer), "play", "rc-observed", "--seed", "3", "--policy", "naive",
                   "--json", env_extra={"OBSERVED_LOG": str(log)}, drop=(ENV_PLUGINS,))
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e[0] for e in events] == ["start"] + ["move"] * len(result["moves"]) + ["end"]
    assert [e[1] for e in events[1:-1]] == result["moves"]
    assert events[-1][2] == result["status"] and events[0][3] == 3
    # Without the option the plugin is gone again.
    assert "rc-observed" not in patience("list", drop=(ENV_PLUGINS,)).stdout


def test_environment_variable_loads_plugin_files(observer):
    out = patience("plugins", "--json", env_extra={ENV_PLUGINS: str(observer)})
    assert out.returncode == 0, out.stderr
    rows = {row["name"]: row for row in json.loads(out.stdout)}
    assert rows["observer"]["source"] == "file"
    assert rows["observer"]["hooks"] == ["patience_register_variants", "patience_game_event"]
    assert "rc-observed" in patience("list", env_extra={ENV_PLUGINS: str(observer)}).stdout


def test_missing_plugin_file_is_a_one_line_error():
    out = patience("--plugin", "nowhere.py", "list", drop=(ENV_PLUGINS,))
    assert out.returncode == 1
    assert out.stderr.strip() == "error: plugin file nowhere.py: no such file"


def test_plugin_file_with_a_syntax_error(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("from patience_core.plugins.hooks import hookimpl\n\ndef oops(:\n")
    out = patience("--plugin", str(bad), "list", drop=(ENV_PLUGINS,))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith(f"error: plugin file {bad}:3: syntax error")


def test_plugin_file_with_a_misspelled_hook(tmp_path):
    bad = tmp_path / "typo.py"
    bad.write_text("from patience_core.plugins.hooks import hookimpl\n\n@hookimpl\ndef patience_filer(rules):\n"
                   "    return None\n")
    out = patience("--plugin", str(bad), "list", drop=(ENV_PLUGINS,))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert "plugin 'typo': patience_filer is not a patience hook (did you mean 'patience_filler'?)" in out.stderr


def test_a_plugin_that_breaks_during_play_is_a_one_line_error(tmp_path):
    bad = tmp_path / "crashy.py"
    bad.write_text(textwrap.dedent('''
        from patience_core.plugins.hooks import hookimpl

        @hookimpl
        def patience_move_check(rules):
            return lambda position, move: position.no_such_attribute
    '''))
    out = patience("--plugin", str(bad), "play", "royal-cotillion", "--seed", "1", "--policy", "naive",
                   drop=(ENV_PLUGINS,))
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.startswith("error: plugin 'crashy': its move check raised AttributeError")


def test_plugins_command_lists_the_builtin_with_every_compile_hook():
    out = patience("plugins", "--json", env_extra={ENV_DISABLE_AUTOLOAD: "1"}, drop=(ENV_PLUGINS,))
    rows = json.loads(out.stdout)
    assert [row["name"] for row in rows] == ["builtin"]
    assert rows[0]["hooks"] == ["patience_register_variants", "patience_prepare_pack", "patience_dealer",
                                "patience_filler", "patience_move_check", "patience_outcome"]
    text = patience("plugins", env_extra={ENV_DISABLE_AUTOLOAD: "1"}, drop=(ENV_PLUGINS,)).stdout
    assert text.splitlines()[0].startswith("builtin ") and "  patience_dealer" in text
