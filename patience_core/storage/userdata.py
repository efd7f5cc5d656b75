"""The player's own files (statistics, saved games): where they live and how they are written.

The directory is ``platformdirs.user_data_dir("patience")`` (for example
``~/.local/share/patience`` on Linux), or the directory named by the environment
variable ``PATIENCE_DATA_DIR`` (tests and portable installs use it).
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from patience_core.errors import SaveError

DATA_DIR_ENV = "PATIENCE_DATA_DIR"


def data_dir() -> Path:
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("patience", appauthor=False))


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one,
    never half of one: a temporary file in the same directory, flushed to disk, then
    renamed over the target (``os.replace`` is atomic on POSIX and Windows)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except OSError as exc:
        _remove_quietly(temp)
        raise SaveError(f"{path}: cannot write: {exc.strerror or exc}") from None
    except BaseException:
        _remove_quietly(temp)
        raise
    _sync_directory(path.parent)


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
