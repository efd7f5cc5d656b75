"""The results file of a run (``--out``, ``--resume``): JSON Lines, one line per finished deal.

The first line describes the run (what decides every deal's outcome), each further
line one deal::

    {"patience_stats": 1, "variant": "royal-cotillion", "params": {"bases": "found"}, "policy": "player", ...}
    {"seed": 17, "verdict": "won", "home": 104, "positions": 188, "seconds": 0.0042}

Lines are appended as deals finish and flushed, so a run that is killed loses at most
the deals in flight. A line cut short by a kill is dropped when the file is resumed;
any other damage is an error naming the line, never silently skipped.
"""
from __future__ import annotations

import hashlib
import json
import os
import weakref
from pathlib import Path
from typing import IO, Any, Optional

from patience_core.errors import PatienceError
from patience_core.stats.runner import DealResult, RunSpec

FORMAT = 1
# What must agree between a results file and a run that resumes it (a --file variant by
# its content: the same file may be named by another path).
RUN_KEYS = ("variant", "params", "file_sha256", "policy", "timeout", "max_positions")


class ResultsError(PatienceError):
    """A results file cannot be written, read, or does not belong to this run."""


def describe_run(spec: RunSpec, rules_name: str, params_text: dict[str, str]) -> dict[str, Any]:
    """The header line: everything that decides the outcomes (a --file variant by its content too)."""
    digest = None
    if spec.file:
        try:
            digest = hashlib.sha256(Path(spec.file).read_bytes()).hexdigest()
        except OSError as exc:
            raise ResultsError(f"{spec.file}: cannot be read ({exc.strerror})") from None
    return {"patience_stats": FORMAT, "variant": rules_name, "params": dict(params_text),
            "file": spec.file, "file_sha256": digest, "policy": spec.policy,
            "timeout": spec.timeout, "max_positions": spec.max_positions}


def deal_line(result: DealResult) -> str:
    return json.dumps({"seed": result.seed, "verdict": result.verdict, "home": result.home,
                       "positions": result.positions, "seconds": round(result.seconds, 4)})


class ResultsFile:
    """An open results file: :meth:`create` a new one or :meth:`resume` one; :meth:`write`
    appends finished deals. Only one run writes a file at a time (an exclusive lock where
    the system has them)."""

    def __init__(self, path: Path, stream: IO[bytes], done: list[DealResult], new: bool = False) -> None:
        self.path, self.stream, self.done = path, stream, done
        self.new, self.written = new, 0  # created by this run; deals written by it
        _open_files.add(self)

    @classmethod
    def create(cls, path: str | Path, run: dict[str, Any]) -> "ResultsFile":
        path = Path(path)
        try:
            stream = open(path, "xb")  # never replaces what is there
        except FileExistsError:
            raise ResultsError(f"--out {path}: the file exists; give --resume {path} to go on with "
                               f"that run, or another file") from None
        except OSError as exc:
            raise ResultsError(f"--out {path}: cannot be created ({exc.strerror})") from None
        results = cls(path, _locked(stream, f"--out {path}"), [], new=True)
        results._write_lines([json.dumps(run)])
        return results

    @classmethod
    def resume(cls, path: str | Path, run: dict[str, Any]) -> "ResultsFile":
        """Open ``path`` to go on with it: its run must be ``run``; its deals are in ``.done``."""
        path = Path(path)
        try:
            stream = open(path, "r+b")
        except FileNotFoundError:
            raise ResultsError(f"--resume {path}: no such file (--out {path} starts one)") from None
        except OSError as exc:
            raise ResultsError(f"--resume {path}: cannot be opened to go on with it ({exc.strerror})") from None
        try:
            _locked(stream, f"--resume {path}")
            data = stream.read()
            complete = data.rfind(b"\n") + 1  # a last line without its newline was cut by a kill
            lines = data[:complete].decode("utf-8", errors="replace").splitlines()
            if not lines:
                raise ResultsError(f"--resume {path}: empty; expected the line describing a run first")
            _check_run(path, _parse(path, 1, lines[0]), run)
            done = [_deal(path, number, _parse(path, number, line))
                    for number, line in enumerate(lines[1:], start=2) if line.strip()]
            stream.truncate(complete)
            stream.seek(complete)
        except OSError as exc:
            stream.close()
            raise ResultsError(f"--resume {path}: cannot be read or written ({exc.strerror})") from None
        except BaseException:
            stream.close()
            raise
        return cls(path, stream, done)

    def write(self, results: list[DealResult]) -> None:
        self._write_lines([deal_line(r) for r in results])
        self.written += len(results)

    def _write_lines(self, lines: list[str]) -> None:
        try:
            self.stream.write("".join(line + "\n" for line in lines).encode("utf-8"))
            self.stream.flush()
        except OSError as exc:
            raise ResultsError(f"{self.path}: cannot be written ({exc.strerror})") from None

    def close(self, discard_if_new_and_empty: bool = False) -> None:
        """Close; with ``discard_if_new_and_empty``, a file this run created and wrote no deal
        to is removed (a run that failed to start leaves nothing to resume)."""
        try:
            self.stream.close()
        except OSError:  # what could not be flushed was reported when it was written
            pass
        if discard_if_new_and_empty and self.new and not self.written:
            self.path.unlink(missing_ok=True)


_open_files: "weakref.WeakSet[ResultsFile]" = weakref.WeakSet()


def _close_in_forked_child() -> None:
    """A forked worker must not keep the file open: it would hold the lock after the run
    that opened it was killed, and refuse the --resume that follows."""
    for results in list(_open_files):
        if not results.stream.closed:
            try:  # the descriptor now points at the null device: a stray flush or close is harmless
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, results.stream.fileno())
                os.close(null)
            except OSError:
                pass


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_close_in_forked_child)


def _locked(stream: IO[bytes], what: str) -> IO[bytes]:
    """``stream``, locked for this process alone: two runs appending to one file would
    play the same deals twice and mix their lines."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no advisory locks
        return stream
    try:
        fcntl.flock(stream.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        stream.close()
        raise ResultsError(f"{what}: another run is writing this file") from None
    return stream


def _parse(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        value = json.loads(line)
    except (ValueError, RecursionError) as exc:  # bad JSON, too many digits, nested too deep
        raise ResultsError(f"{path}:{number}: not a JSON line ({getattr(exc, 'msg', exc)}); is this a results file "
                           f"of patience stats?") from None
    if not isinstance(value, dict):
        raise ResultsError(f"{path}:{number}: expected a JSON object, found {type(value).__name__}")
    return value


def _check_run(path: Path, found: dict[str, Any], run: dict[str, Any]) -> None:
    if found.get("patience_stats") != FORMAT:
        raise ResultsError(f"{path}:1: not a results file of patience stats (format {FORMAT}); "
                           f"expected its first line to describe the run")
    for key in RUN_KEYS:
        if found.get(key) != run.get(key):
            raise ResultsError(f"--resume {path}: the file holds a run with {key} {_shown(found.get(key))}, "
                               f"this one has {_shown(run.get(key))}; give the same options, or --out "
                               f"another file")


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _deal(path: Path, number: int, item: dict[str, Any]) -> DealResult:
    seed, verdict = item.get("seed"), item.get("verdict")
    counts = [item.get("home"), item.get("positions")]
    seconds: Optional[Any] = item.get("seconds")
    if (not _whole(seed) or seed < 0 or verdict not in ("won", "lost", "unknown")
            or not all(_whole(c) and c >= 0 for c in counts)
            or not isinstance(seconds, (int, float)) or isinstance(seconds, bool)):
        raise ResultsError(f"{path}:{number}: expected a deal line {{\"seed\": N, \"verdict\": "
                           f"won|lost|unknown, \"home\": N, \"positions\": N, \"seconds\": S}}")
    return DealResult(seed, verdict, counts[0], counts[1], float(seconds))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["ResultsFile", "ResultsError", "describe_run", "deal_line"]
