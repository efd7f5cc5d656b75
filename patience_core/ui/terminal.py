"""Whether this terminal gets the full-screen game: cheap to ask (no Textual import), so the
CLI can decide before loading the app."""
from __future__ import annotations

import os
import shutil
import sys

MIN_COLUMNS, MIN_LINES = 80, 24


def full_screen_possible() -> bool:
    """Standard input and output both a terminal, not ``TERM=dumb``, and at least 80 x 24."""
    if os.environ.get("TERM", "") == "dumb":
        return False
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        return False
    size = shutil.get_terminal_size((0, 0))
    return size.columns >= MIN_COLUMNS and size.lines >= MIN_LINES


def why_not_full_screen() -> str:
    """Why a player at a terminal gets the line game: ``''`` when the full screen is possible,
    or when commands are piped in or the output is captured (not a player at a terminal)."""
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)) or full_screen_possible():
        return ""
    if os.environ.get("TERM", "") == "dumb":
        return "the line game: this terminal (TERM=dumb) cannot show the full-screen game"
    size = shutil.get_terminal_size((0, 0))
    return (f"the line game: this terminal is {size.columns}x{size.lines}, the full-screen game needs "
            f"at least {MIN_COLUMNS}x{MIN_LINES} (--line asks for the line game and skips this note)")


def _is_terminal(stream) -> bool:
    """A closed stream (``<&-`` leaves ``sys.stdin`` None) is no terminal."""
    try:
        return stream is not None and stream.isatty()
    except (ValueError, OSError):  # closed, or not a real file
        return False
