"""The player's own files (statistics, saved games): where they live and how they are written.

The directory is ``platformdirs.user_data_dir("patience")`` (for example
``~/.local/share/patience`` on Linux), or the directory named by the environment
variable ``PATIENCE_DATA_DIR`` (tests and portable installs use it).
"""
from __future__ import annotations

import json
import math
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from patience_core.errors import SaveError

DATA_DIR_ENV = "PATIENCE_DATA_DIR"

# The files written here are small (a long game saves in well under 1 MB): anything
# bigger, or with numbers of more digits, is not one of them.
MAX_FILE_BYTES = 16_000_000
MAX_NUMBER_DIGITS = 30
# Temporary files are named ``.<target>.patience-XXXXXXXX.tmp`` (see write_atomically).
TEMP_MARK, TEMP_SUFFIX = ".patience-", ".tmp"


def read_limited(path: Path) -> str:
    """The text of one of the player's files; OSError, UnicodeDecodeError or :class:`BadJSON`
    (too large to be one, or not a file: a named pipe would wait for a writer forever) for
    the caller to word."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise BadJSON("not a regular file")
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise BadJSON(f"larger than {MAX_FILE_BYTES} bytes")
    return raw.decode("utf-8")


class BadJSON(ValueError):
    """Text that is not JSON as this program writes it; ``at(file)`` is ``file:line:col``
    when the parser knows where."""

    def __init__(self, reason: str, line: int | None = None, column: int | None = None):
        super().__init__(reason)
        self.reason, self.line, self.column = reason, line, column

    def at(self, where: str) -> str:
        return f"{where}:{self.line}:{self.column}" if self.line is not None else where


def parse_json(text: str) -> Any:
    """JSON as this program writes it: :class:`BadJSON` (one line) for anything else,
    including NaN and Infinity, numbers of hundreds of digits and nesting too deep for
    the parser."""
    def number(word: str):
        if len(word) > MAX_NUMBER_DIGITS:
            raise ValueError(f"a number of {len(word)} digits (expected at most {MAX_NUMBER_DIGITS})")
        return int(word)

    def constant(word: str):
        raise ValueError(f"{word} is not a number this program writes")

    def decimal(word: str) -> float:
        value = float(word)
        if not math.isfinite(value):
            raise ValueError(f"{word[:20]} is too large a number")
        return value

    try:
        return json.loads(text, parse_int=number, parse_float=decimal, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise BadJSON(f"invalid JSON: {exc.msg}", exc.lineno, exc.colno) from None
    except RecursionError:
        raise BadJSON("invalid JSON: nested too deeply") from None
    except ValueError as exc:
        raise BadJSON(f"invalid JSON: {exc}") from None


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("patience", appauthor=False))


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one,
    never half of one: a temporary file in the same directory, flushed to disk, then
    renamed over the target (``os.replace`` is atomic on POSIX and Windows). The temporary
    file is locked while it is written, so temporary files a killed writer left behind
    are told from live ones and removed."""
    path = Path(path)
    make_folder(path.parent)
    try:
        remove_abandoned_temps(path.parent, target=path.name)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}{TEMP_MARK}", suffix=TEMP_SUFFIX, dir=path.parent)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        _lock(fd, blocking=True)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)  # the file is a second old at most: min_age spares it
    except OSError as exc:
        _remove_quietly(temp)
        raise SaveError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove_quietly(temp)
        raise
    _sync_directory(path.parent)


def make_folder(folder: Path) -> None:
    """Create ``folder`` if it is missing and is the data directory or a folder in it (saves/);
    elsewhere a missing folder is refused: ``save a/typo/x.json`` must not create ``a/typo``."""
    folder = Path(folder)
    if folder.is_dir():
        return
    own, where = data_dir().absolute(), folder.absolute()
    if where != own and own not in where.parents:
        raise SaveError(f"{folder}: no such folder; give a file in a folder that exists")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"{folder}: cannot create the folder: {exc.strerror or exc}") from None


def remove_abandoned_temps(folder: Path, min_age: float = 1.0, target: str | None = None) -> list[Path]:
    """Remove this program's temporary files in ``folder`` that no writer holds (a writer
    killed half-way leaves one); those younger than ``min_age`` seconds are left alone, as
    a writer may not have locked its file yet. With ``target``, also the temporary files
    of that file named as earlier versions named them (``.<target>.XXXXXXXX.tmp``)."""
    removed = []
    try:
        names = os.listdir(folder)
    except OSError:
        return removed
    now = time.time()
    for name in names:
        ours = name.startswith(".") and TEMP_MARK in name and name.endswith(TEMP_SUFFIX)
        earlier = (target is not None and name.startswith(f".{target}.") and name.endswith(TEMP_SUFFIX)
                   and len(name) == len(target) + 2 + 8 + len(TEMP_SUFFIX))
        if not (ours or earlier):
            continue
        temp = Path(folder) / name
        try:
            fd = os.open(temp, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= min_age and _lock(fd, blocking=False):
                os.unlink(temp)
                removed.append(temp)
        except OSError:
            pass
        finally:
            os.close(fd)
    return removed


def _lock(fd: int, blocking: bool) -> bool:
    """An exclusive lock on ``fd`` (POSIX); elsewhere only the age of a file tells."""
    try:
        import fcntl
    except ImportError:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if blocking else fcntl.LOCK_NB))
    except BlockingIOError:
        return False
    return True


def _remove_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _sync_directory(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
