"""The ``patience`` command: one typer app, each command group in its own module.

Data goes to stdout, messages and errors to stderr. Every project error becomes a
one-line message and exit code 1 (``PATIENCE_DEBUG=1`` shows the traceback);
usage errors exit with 2.
"""
from __future__ import annotations

import os
import sys
from typing import List, Optional

import typer

from patience_core.errors import PatienceError

app = typer.Typer(
    name="patience",
    help="Patience games as data, one pack or two: play, validate, solve and measure them.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _global_options(
    plugin: Optional[List[str]] = typer.Option(
        None, "--plugin", metavar="PATH",
        help="Load this Python file as a plugin (repeatable; see docs/plugins.md)."),
) -> None:
    """Patience games as data, one pack or two: play, validate, solve and measure them."""
    if plugin:
        from patience_core.plugins.hooks import use_plugin_files

        use_plugin_files(plugin)


_registered = False


def _register_commands() -> None:
    """Every command, named here, in the order ``patience --help`` lists them."""
    global _registered
    if _registered:
        return
    from patience_core.cli import play_cmd, plugins_cmd, solve_cmd, stats_cmd, variant_cmds

    for name, function in (("list", variant_cmds.list_variants), ("show", variant_cmds.show),
                           ("validate", variant_cmds.validate), ("schema", variant_cmds.schema),
                           ("play", play_cmd.play), ("solve", solve_cmd.solve_command),
                           ("stats", stats_cmd.stats), ("plugins", plugins_cmd.plugins)):
        app.command(name)(function)
    _registered = True


def main(argv: list[str] | None = None) -> None:
    """Console entry point."""
    _register_commands()
    try:
        try:
            app(args=argv, prog_name="patience", standalone_mode=True)
        finally:
            # A full disk or a closed pipe shows when the output is flushed: here, where it
            # can be reported, rather than at interpreter exit.
            if sys.stdout is not None:  # None when started with standard output closed
                sys.stdout.flush()
    except PatienceError as exc:
        if os.environ.get("PATIENCE_DEBUG"):
            raise
        for line in str(exc).splitlines() or ["error"]:
            print(f"error: {line}", file=sys.stderr)
        sys.exit(1)
    except KeyboardInterrupt:  # outside a command: typer ends a command's with exit 130 itself,
        print("interrupted", file=sys.stderr)  # so `solve` and `stats` say what they knew first
        sys.exit(130)
    except MemoryError:
        if os.environ.get("PATIENCE_DEBUG"):
            raise
        print("error: out of memory: this machine cannot hold the search; "
              "--max-positions sets a smaller bound", file=sys.stderr)
        sys.exit(1)
    except BrokenPipeError:  # the reader went away (`patience list | head -1`): nothing to say
        _discard_stdout()
        sys.exit(1)
    except OSError as exc:
        if os.environ.get("PATIENCE_DEBUG"):
            raise
        if not _stdout_broken():
            raise
        _discard_stdout()
        print(f"error: cannot write the output: {exc.strerror or exc}", file=sys.stderr)
        sys.exit(1)


def _stdout_broken() -> bool:
    """Is standard output the stream that failed? (Any other OSError is not ours to word.)"""
    try:
        sys.stdout.write("")
        sys.stdout.flush()
    except (OSError, ValueError):
        return True
    return False


def _discard_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush at exit
    does not fail (and print a traceback) on the same broken stream."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
