"""The ``patience`` command: one typer app, each command group in its own module.

Data goes to stdout, messages and errors to stderr. Every project error becomes a
one-line message and exit code 1 (``PATIENCE_DEBUG=1`` shows the traceback);
usage errors exit with 2. A reader that goes away (``patience list | head -1``) ends the
command silently with exit code 0, as when it reads everything: whether the writer notices
depends on how much was buffered, so the code cannot depend on it.

Start-up is kept short (issue 56, ``bench/startup_bench.py``): a command's module is
imported only when that command runs (``patience --help`` imports none of them), and
plain option values are coerced without typer's pydantic adapters.
"""
from __future__ import annotations

import ast
import importlib
import inspect
import os
import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, List, Optional

import typer
from typer.core import TyperGroup

from patience_core.errors import PatienceError

# Every command, in the order ``patience --help`` lists them: (name, module, function).
COMMANDS = (
    ("list", "variant_cmds", "list_variants"), ("show", "variant_cmds", "show"),
    ("validate", "variant_cmds", "validate"), ("schema", "variant_cmds", "schema"),
    ("play", "play_cmd", "play"), ("solve", "solve_cmd", "solve_command"),
    ("stats", "stats_cmd", "stats"), ("plugins", "plugins_cmd", "plugins"),
)


def command_function(name: str):
    """The function of command ``name`` (importing its module)."""
    for command, module, function in COMMANDS:
        if command == name:
            return getattr(importlib.import_module(f"patience_core.cli.{module}"), function)
    raise KeyError(name)


def command_summary(name: str) -> str:
    """The first paragraph of command ``name``'s docstring (what the list of commands shows),
    read from its module's source: importing every command module to get it would cost more
    than the rest of ``patience --help``."""
    for command, module, function in COMMANDS:
        if command == name:
            try:
                tree = ast.parse(Path(__file__).with_name(f"{module}.py").read_text(encoding="utf-8"))
            except (OSError, SyntaxError, ValueError):  # no source beside the bytecode
                break
            docs = [ast.get_docstring(node) for node in tree.body
                    if isinstance(node, ast.FunctionDef) and node.name == function]
            if docs and docs[0]:
                return docs[0].split("\n\n")[0]
    return (inspect.getdoc(command_function(name)) or "").split("\n\n")[0]


class _CommandsOnDemand(TyperGroup):
    """The top-level group: a command is built from its module when it runs; listing the
    commands (``--help``, shell completion) shows their summaries without importing them."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, _module, _function in COMMANDS:
            if name not in self.commands:  # _register_commands() built it already
                self.commands[name] = _Summary(name=name)
        self._only_listing = 0

    def get_command(self, ctx, cmd_name: str):
        command = self.commands.get(cmd_name)
        if isinstance(command, _Summary) and self._only_listing and command.help is None:
            command.help = command_summary(cmd_name)
        if isinstance(command, _Summary) and not self._only_listing:
            command = self.commands[cmd_name] = typer.main.get_command_from_info(
                typer.models.CommandInfo(name=cmd_name, cls=_QuickCommand, callback=command_function(cmd_name)),
                pretty_exceptions_short=app.pretty_exceptions_short, rich_markup_mode=self.rich_markup_mode)
        return command

    def parse_args(self, ctx, args):
        _quick_coercion(self.get_params(ctx))
        return super().parse_args(ctx, args)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except BrokenPipeError as exc:  # typer would exit 1 for it: see READER_GONE
            raise _ReaderGone() from exc

    @contextmanager
    def _listing(self):
        """While commands are only listed (help, completion), their modules stay unimported."""
        self._only_listing += 1
        try:
            yield
        finally:
            self._only_listing -= 1

    def format_help(self, ctx, formatter):
        with self._listing():
            return super().format_help(ctx, formatter)

    def shell_complete(self, ctx, incomplete):
        with self._listing():
            return super().shell_complete(ctx, incomplete)


class _ReaderGone(Exception):
    """Standard output's reader went away while a command wrote to it."""


# The exit code when standard output's reader goes away: 0, the code of a run whose output
# all fitted in the pipe before the reader left (nothing tells those two runs apart).
READER_GONE = 0


class _Summary(typer.core.TyperCommand):
    """A command's name and summary, standing in for it in the list of commands."""


class _QuickCommand(typer.core.TyperCommand):
    """A command whose plain option values skip typer's pydantic coercion (below)."""

    def parse_args(self, ctx, args):
        _quick_coercion(self.get_params(ctx))
        return super().parse_args(ctx, args)


# -- coercion of plain values ---------------------------------------------------------------
# typer (0.2x) coerces every option value through a pydantic TypeAdapter: importing pydantic
# and building the adapters is most of a short command's CPU time. A command line gives
# strings; those below convert exactly as pydantic converts them, and anything else (a bad
# number, a choice, a path, a bound) goes to typer's own coercion, so every error reads the same.
_DECIMAL_INT = re.compile(r"-?[0-9]{1,18}")
_DECIMAL_FLOAT = re.compile(r"-?[0-9]{1,15}(\.[0-9]{1,15})?")
_NOT_PLAIN = object()


def _plain_value(kind: type, value: Any) -> Any:
    if kind in (str, bool):  # a flag's value is already a bool
        return value if type(value) is kind else _NOT_PLAIN
    if kind is int:
        if type(value) is int:
            return value
        return int(value) if type(value) is str and _DECIMAL_INT.fullmatch(value) else _NOT_PLAIN
    if kind is float:
        if type(value) is float:
            return value
        return float(value) if type(value) is str and _DECIMAL_FLOAT.fullmatch(value) else _NOT_PLAIN
    return _NOT_PLAIN


class _QuickCoercion:
    """typer's coercion contract for one parameter (``coerce(value, param, ctx)``), quick for
    plain values and typer's own for the rest."""

    def __init__(self, kind: type, is_list: bool) -> None:
        self.kind, self.is_list = kind, is_list
        self._typer_coercion = None

    def coerce(self, value: Any, param, ctx) -> Any:
        many = param.multiple or param.nargs == -1
        if value is None:
            return () if many else None
        if self.is_list:
            if isinstance(value, (list, tuple)):
                items = [_plain_value(self.kind, item) for item in value]
                if _NOT_PLAIN not in items:
                    return items
        elif not many:
            plain = _plain_value(self.kind, value)
            if plain is not _NOT_PLAIN:
                return plain
        if self._typer_coercion is None:
            from typer._coercion import build_runtime_param

            self._typer_coercion = build_runtime_param(param.type_descriptor)
        return self._typer_coercion.coerce(value, param=param, ctx=ctx)


def _plain_kind(param) -> tuple[type, bool] | None:
    """(str, int, float or bool; a list of them?) when ``param`` takes plain values typer would
    coerce with a bare adapter of that type; None otherwise (left to typer)."""
    descriptor = getattr(param, "type_descriptor", None)
    info = getattr(descriptor, "parameter_info", None)
    if info is None:
        return None
    annotation, is_list = descriptor.annotation, False
    if getattr(annotation, "__origin__", None) is list and len(annotation.__args__) == 1:
        annotation, is_list = annotation.__args__[0], True
    if annotation not in (str, int, float, bool) or descriptor.file_annotation is not None:
        return None
    if (info.parser is not None or getattr(info, "click_type", None) is not None or info.min is not None
            or info.max is not None or descriptor.is_choice or descriptor.is_path):
        return None
    return annotation, is_list


def _quick_coercion(params) -> None:
    """Give each plain parameter the quick coercion (once). Where typer works otherwise (an
    older or newer version without these internals), nothing changes."""
    for param in params:
        if getattr(param, "_runtime_param", False) is None:
            kind = _plain_kind(param)
            if kind is not None:
                param._runtime_param = _QuickCoercion(*kind)


app = typer.Typer(
    name="patience",
    cls=_CommandsOnDemand,
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
    """Register every command on ``app`` now (importing every command module), for code
    that reads ``app.registered_commands`` or runs ``app`` itself; ``main`` does not need it."""
    global _registered
    if _registered:
        return
    for name, _module, _function in COMMANDS:
        app.command(name, cls=_QuickCommand)(command_function(name))
    _registered = True


def main(argv: list[str] | None = None) -> None:
    """Console entry point."""
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
    except (BrokenPipeError, _ReaderGone):  # `patience list | head -1`: nothing to say
        _discard_stdout()
        sys.exit(READER_GONE)
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
