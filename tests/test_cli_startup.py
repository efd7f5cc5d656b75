"""Start-up of the `patience` command (issue 56, "A quick start") and a reader that goes away.

What a command imports is checked, not how long it takes: `--help` and `list` load no
command module they do not run, nor the engine's heavy parts (the solver, textual, dask, the
pydantic coercion of typer); plain option values are coerced as typer coerces them.
"""
from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Modules a command that does not need them must not load.
HEAVY = ("pydantic", "textual", "dask", "distributed", "patience_core.solver.solve",
         "patience_core.solver.engine", "patience_core.ui.app", "patience_core.stats.runner")


def imported_by(*args: str) -> set[str]:
    """The modules loaded by `patience ARGS` run in a fresh interpreter (its output discarded)."""
    code = ("import io, json, sys, contextlib\n"
            "from patience_core.cli import main\n"
            "out = io.StringIO()\n"
            "with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):\n"
            "    try:\n"
            f"        main({list(args)!r})\n"
            "    except SystemExit:\n"
            "        pass\n"
            "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "COLUMNS": "100"}, timeout=120)
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def loaded(modules: set[str], prefix: str) -> bool:
    return prefix in modules or any(name.startswith(prefix + ".") for name in modules)


def test_help_imports_no_command_module():
    modules = imported_by("--help")
    assert not [m for m in modules if m.startswith("patience_core.cli.") and m != "patience_core.cli"]
    assert [name for name in HEAVY if loaded(modules, name)] == []


def test_list_imports_only_what_listing_needs():
    modules = imported_by("list")
    assert "patience_core.cli.variant_cmds" in modules
    assert not {"patience_core.cli.play_cmd", "patience_core.cli.solve_cmd",
                "patience_core.cli.stats_cmd"} & modules
    assert [name for name in HEAVY if loaded(modules, name)] == []


def test_plain_option_values_do_not_load_pydantic():
    # --seed (int), --policy (str), --json (a flag): what typer would coerce with pydantic
    modules = imported_by("play", "klondike", "--seed", "1", "--policy", "naive", "--json")
    assert not loaded(modules, "pydantic")


def test_the_list_of_commands_is_every_command_with_its_own_summary():
    from patience_core.cli import COMMANDS, _register_commands, app, command_function, command_summary

    _register_commands()
    assert [c.name for c in app.registered_commands] == [name for name, *_ in COMMANDS]
    for name, *_ in COMMANDS:
        assert command_summary(name) == inspect.getdoc(command_function(name)).split("\n\n")[0], name


@pytest.mark.parametrize("value, expected", [("7", 7), ("007", 7), ("-3", -3), ("+2", 2), (" 2", 2), ("2.0", 2),
                                             ("1_000", 1000), ("x", None), ("", None), ("1e3", None),
                                             ("99999999999999999999", 99999999999999999999)])
def test_quick_int_coercion_is_typers(value, expected):
    """A value the quick path takes gives typer's answer; any other goes to typer itself."""
    from patience_core.cli import _NOT_PLAIN, _plain_value

    quick = _plain_value(int, value)
    if quick is not _NOT_PLAIN:
        assert quick == expected and type(quick) is int
    pydantic = pytest.importorskip("pydantic")  # what typer 0.2x coerces with
    TypeAdapter, ValidationError = pydantic.TypeAdapter, pydantic.ValidationError

    try:
        assert TypeAdapter(int).validate_python(value) == expected
    except ValidationError:
        assert expected is None and quick is _NOT_PLAIN


@pytest.mark.parametrize("value", ["1.5", "0.1", "10", "-2.25", "nan", "inf", "1e3", " 1", "x"])
def test_quick_float_coercion_is_typers(value):
    from patience_core.cli import _NOT_PLAIN, _plain_value

    quick = _plain_value(float, value)
    if quick is not _NOT_PLAIN:
        TypeAdapter = pytest.importorskip("pydantic").TypeAdapter
        assert quick == TypeAdapter(float).validate_python(value) and type(quick) is float


def test_a_bad_number_reads_as_typer_words_it():
    done = subprocess.run([sys.executable, "-m", "patience_core", "list", "--decks", "x"], capture_output=True,
                          text=True, cwd=ROOT, env={**os.environ, "COLUMNS": "100"}, timeout=120)
    assert done.returncode == 2
    assert "Invalid value for '--decks': Input should be a valid integer" in done.stderr


# -- a reader that goes away ---------------------------------------------------------------

@pytest.mark.parametrize("args", [["list"], ["show", "klondike"], ["list", "--json"]])
@pytest.mark.parametrize("unbuffered", [False, True])
def test_a_closed_output_pipe_ends_the_command_quietly_with_code_0(args, unbuffered):
    """The reader is gone before the command writes (so it always notices): exit code 0,
    as when the output fits the pipe and the reader leaves afterwards; no message."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    env = {**os.environ, "COLUMNS": "100"}
    if unbuffered:
        env["PYTHONUNBUFFERED"] = "1"
    try:
        done = subprocess.run([sys.executable, "-m", "patience_core", *args], stdout=write_end,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT, env=env, timeout=120)
    finally:
        os.close(write_end)
    assert (done.returncode, done.stderr) == (0, "")
