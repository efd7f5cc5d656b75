"""Statistics of the games a person played: every finished game, per variant and parameters.

Kept in ``<data dir>/history.json`` (see :mod:`.userdata`), written atomically::

    {"format": "patience-history", "version": 1,
     "records": {"royal-cotillion bases=found": {"variant": "royal-cotillion",
                  "params": {"bases": "found"}, "played": 7, "won": 2, "lost": 4,
                  "abandoned": 1, "best_seconds": 412.3, "fewest_moves": 171,
                  "total_seconds": 2210.0, "last_played": "2026-11-30T20:15:00+00:00"}}}

A game counts when it is won, lost, or abandoned (the player quits or deals again
with moves on the board that are not saved). Games of a variant loaded with
``--file`` are not recorded at all: such a file is still being written and its
rules may change between two games, so its results would not mean anything next to
the shipped variants'.
"""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from patience_core.errors import SaveError
from patience_core.model.game import GameSpec
from patience_core.variants.loader import parameter_text
from patience_core.model.rules import Rules
from patience_core.storage.userdata import (BadJSON, data_dir, make_folder, parse_json, read_limited,
                                            write_atomically)

FORMAT = "patience-history"
VERSION = 1
RESULTS = ("won", "lost", "abandoned")


def history_path() -> Path:
    return data_dir() / "history.json"


def record_key(rules: Rules) -> str:
    params = " ".join(f"{k}={parameter_text(v)}" for k, v in rules.params.items())
    return f"{rules.name} {params}".strip()


def load_history(path: Path | None = None) -> dict[str, Any]:
    """The history document (empty if there is none yet); :class:`SaveError` if damaged."""
    path = path or history_path()
    try:
        text = read_limited(path)
    except FileNotFoundError:
        return {"format": FORMAT, "version": VERSION, "records": {}}
    except BadJSON as exc:
        raise SaveError(f"{path}: damaged statistics file ({exc.reason}); move it away to start afresh") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{path}: cannot read the statistics: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = parse_json(text)
    except BadJSON as exc:
        raise SaveError(f"{exc.at(str(path))}: damaged statistics file ({exc.reason}); "
                        "move it away to start afresh") from None
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or not isinstance(data.get("records"), dict)):
        raise SaveError(f"{path}: not a patience statistics file (expected \"format\": \"{FORMAT}\")")
    version = data.get("version")
    if not _is_count(version) or version < 1:  # every patience wrote one: the file was damaged or edited
        found = "no \"version\"" if "version" not in data else f"\"version\": {json.dumps(version)[:40]}"
        raise SaveError(f"{path}: damaged statistics file ({found}, expected 1..{VERSION}); "
                        f"move it away to start afresh")
    if version > VERSION:
        raise SaveError(f"{path}: statistics written by a newer patience (format {version}); "
                        f"this one reads version {VERSION}")
    for key, record in data["records"].items():
        problem = _record_problem(record)
        if problem:
            raise SaveError(f"{path}: record {key!r} is damaged ({problem}); move the file away to start afresh")
    return data


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_seconds(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value < float("inf")


def _record_problem(record: Any) -> str | None:
    """What is wrong with one record, in words, or ``None``: every field is read back when a
    game ends and by ``stats --history``, so each must have the kind it was written with."""
    if not isinstance(record, dict):
        return "not an object"
    for name in ("played",) + RESULTS:
        if name in record and not _is_count(record[name]):
            return f"{name!r} is {json.dumps(record[name])[:40]}, expected a whole number >= 0"
    for name, check, expected in (("fewest_moves", _is_count, "a whole number >= 0"),
                                  ("best_seconds", _is_seconds, "a number of seconds >= 0"),
                                  ("total_seconds", _is_seconds, "a number of seconds >= 0")):
        if record.get(name) is not None and not check(record[name]):
            return f"{name!r} is {json.dumps(record[name])[:40]}, expected null or {expected}"
    if "variant" in record and not isinstance(record["variant"], str):
        return "'variant' is not a name"
    params = record.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(k, str) and isinstance(v, str)
                                               for k, v in params.items()):
        return "'params' is not an object of K: V strings"
    return None


def record_game(spec: GameSpec, rules: Rules, result: str, moves: int, seconds: float) -> Path | None:
    """Count one finished game; return the file written, or ``None`` when the game is
    not recorded (a variant from ``--file``)."""
    if result not in RESULTS:
        raise ValueError(result)
    if spec.file:
        return None
    path = history_path()
    with _locked(path):
        return _add_record(path, rules, result, moves, seconds)


# How long a game waits for another one ending at the same moment to write its record.
LOCK_WAIT_SECONDS = 30


@contextmanager
def _locked(path: Path):
    """Two games ending at once must not lose a record: hold a lock file while reading,
    changing and writing. ``filelock`` locks on every system (``fcntl`` alone left Windows
    without a lock)."""
    from filelock import FileLock, Timeout

    try:
        make_folder(path.parent)
        lock = FileLock(f"{path}.lock", thread_local=False)
        lock.acquire(timeout=LOCK_WAIT_SECONDS)
    except Timeout:
        raise SaveError(f"{path}: another patience has been writing the statistics for {LOCK_WAIT_SECONDS} s; "
                        f"if none is running, remove {path}.lock") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the statistics: {exc.strerror or exc}") from None
    try:
        yield
    finally:
        lock.release()


def _add_record(path: Path, rules: Rules, result: str, moves: int, seconds: float) -> Path:
    data = load_history(path)
    key = record_key(rules)
    record = data["records"].setdefault(key, {
        "variant": rules.name, "params": {k: parameter_text(v) for k, v in rules.params.items()},
        "played": 0, "won": 0, "lost": 0, "abandoned": 0,
        "best_seconds": None, "fewest_moves": None, "total_seconds": 0.0})
    record["played"] = record.get("played", 0) + 1
    record[result] = record.get(result, 0) + 1
    record["total_seconds"] = round(float(record.get("total_seconds") or 0) + seconds, 3)
    if result == "won":
        if record.get("best_seconds") is None or seconds < record["best_seconds"]:
            record["best_seconds"] = round(seconds, 3)
        if record.get("fewest_moves") is None or moves < record["fewest_moves"]:
            record["fewest_moves"] = moves
    record["last_played"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    write_atomically(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    return path


def history_rows() -> list[dict[str, Any]]:
    """One row per variant and parameter set, most played first."""
    rows = []
    for key, record in load_history()["records"].items():
        played = record.get("played", 0)
        won = record.get("won", 0)
        rows.append({
            "variant": record.get("variant", key.split()[0]),
            "params": record.get("params", {}),
            "played": played, "won": won, "lost": record.get("lost", 0),
            "abandoned": record.get("abandoned", 0),
            "win_rate": round(won / played, 4) if played else None,
            "best_seconds": record.get("best_seconds"),
            "fewest_moves": record.get("fewest_moves"),
            "total_seconds": record.get("total_seconds", 0),
        })
    rows.sort(key=lambda r: (-r["played"], r["variant"], sorted(r["params"].items())))
    return rows


def clock_text(seconds: float | None) -> str:
    """``4:07`` or ``1:02:03``; ``-`` when there is no time."""
    if seconds is None:
        return "-"
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def history_report(as_json: bool = False) -> None:
    """Print the statistics: played, won, win %, best times (``patience stats --history``)."""
    rows = history_rows()
    if as_json:
        sys.stdout.write(json.dumps({"file": str(history_path()), "records": rows},
                                    indent=2, ensure_ascii=False) + "\n")
        return
    if not rows:
        print(f"No finished games recorded yet (statistics are kept in {history_path()}).")
        return
    from rich import box
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Your games", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("variant and parameters")
    for name in ("played", "won", "lost", "quit", "win %", "best time", "moves"):
        table.add_column(name, justify="right", no_wrap=True)
    for r in rows:
        rate = "-" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}"
        params = " ".join(f"{k}={v}" for k, v in r["params"].items())
        table.add_row(f"{r['variant']} {params}".strip(), str(r["played"]), str(r["won"]), str(r["lost"]),
                      str(r["abandoned"]), rate, clock_text(r["best_seconds"]),
                      "-" if r["fewest_moves"] is None else str(r["fewest_moves"]))
    console = Console(highlight=False)
    console.print(table)
    console.print(f"quit: abandoned games; moves: the fewest in a win. Kept in {history_path()}; "
                  "games of variants loaded with --file are not recorded.")
