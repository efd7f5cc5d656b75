"""docs/cli.md stays true: every `$ patience ...` example prints what the page shows,
and every command of the CLI has a section."""
from __future__ import annotations

import shlex

import pytest

from conftest import ROOT, check_console_output, console_examples, run_cli

TEXT = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
EXAMPLES = list(console_examples(TEXT))


@pytest.fixture
def example_dir(tmp_path, monkeypatch):
    """The files the examples name, in the folder they run in."""
    (tmp_path / "illegal.txt").write_text("AC right:9 foundation:1\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_page_has_examples():
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_examples_print_what_the_page_shows(example_dir, command, expected):
    words = shlex.split(command)
    assert words[0] == "patience"
    code, out, err = run_cli(*words[1:])
    check_console_output((out + err).splitlines(), expected)
    assert (code == 0) == (not err.startswith("error:"))


def test_every_command_has_a_section():
    from patience_core.cli import _register_commands, app

    _register_commands()
    names = {command.name for command in app.registered_commands}
    missing = sorted(n for n in names if f"`patience {n}" not in TEXT)
    assert missing == []
