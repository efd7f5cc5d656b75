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
import math
import os
import stat
import sys
import weakref
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any, Optional

from filelock import FileLock, Timeout

from patience_core.errors import PatienceError
from patience_core.stats.runner import DealResult, RunSpec

FORMAT = 1
# The longest line read: a deal line is under 200 bytes, the run's line a few hundred; a
# longer one (a file of zeros, a binary) is no results file and is not read into memory.
MAX_LINE_BYTES = 1_000_000
# Deal numbers and counts as the runs write them (--seed's range; 64-bit counters).
MAX_COUNT = 2**63 - 1
VERDICTS = ("won", "lost", "unknown")
# What must agree between a results file and a run that resumes it (a --file variant by
# its content: the same file may be named by another path).
RUN_KEYS = ("variant", "params", "file_sha256", "policy", "timeout", "max_positions", "numbering")


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
    appends finished deals. Only one run writes a file at a time (a lock file beside it,
    ``FILE.lock``, held while the run lasts, on every system)."""

    def __init__(self, path: Path, stream: IO[bytes], lock: FileLock, done: "ResumedDeals",
                 new: bool = False) -> None:
        self.path, self.stream, self.lock, self.done = path, stream, lock, done
        self.new, self.written = new, 0  # created by this run; deals written by it
        _open_files.add(self)

    @classmethod
    def create(cls, path: str | Path, run: dict[str, Any]) -> "ResultsFile":
        path = Path(path)
        if path.is_dir():
            raise ResultsError(f"--out {path}: is a folder; expected the name of a new results file")
        try:
            stream = open(path, "xb")  # never replaces what is there
        except FileExistsError:
            raise ResultsError(f"--out {path}: the file exists; give --resume {path} to go on with "
                               f"that run, or another file") from None
        except OSError as exc:
            raise ResultsError(f"--out {path}: cannot be created ({exc.strerror})") from None
        try:
            lock = _locked(path, f"--out {path}")
        except BaseException:
            stream.close()
            path.unlink(missing_ok=True)
            raise
        results = cls(path, stream, lock, ResumedDeals(), new=True)
        results._write_lines([json.dumps(run)])
        return results

    @classmethod
    def resume(cls, path: str | Path, run: dict[str, Any]) -> "ResultsFile":
        """Open ``path`` to go on with it: its run must be ``run``; its deals are in ``.done``.
        The file is read line by line (a study of millions of deals resumes in tens of MB);
        what is not a regular file is refused unread."""
        path = Path(path)
        try:
            # O_NONBLOCK: opening a named pipe must not wait for a writer
            fd = os.open(path, os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:
            raise ResultsError(f"--resume {path}: no such file (--out {path} starts one)") from None
        except IsADirectoryError:
            raise ResultsError(f"--resume {path}: is a folder; expected a results file of patience stats") from None
        except OSError as exc:
            raise ResultsError(f"--resume {path}: cannot be opened to go on with it ({exc.strerror})") from None
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            os.close(fd)
            raise ResultsError(f"--resume {path}: not a regular file (a device or a pipe); expected a "
                               f"results file of patience stats")
        stream = open(fd, "r+b")
        lock = None
        try:
            lock = _locked(path, f"--resume {path}")
            done, complete = _read_deals(path, stream, run)
            stream.truncate(complete)  # a last line without its newline was cut by a kill
            stream.seek(complete)
        except OSError as exc:
            stream.close()
            _release(lock)
            raise ResultsError(f"--resume {path}: cannot be read or written ({exc.strerror})") from None
        except BaseException:
            stream.close()
            _release(lock)
            raise
        return cls(path, stream, lock, done)

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
        _release(self.lock)
        if discard_if_new_and_empty and self.new and not self.written:
            self.path.unlink(missing_ok=True)


_open_files: "weakref.WeakSet[ResultsFile]" = weakref.WeakSet()


def _close_in_forked_child() -> None:
    """A forked worker must not write to the file (a stray flush would add a line twice); the
    lock itself filelock lets go of in a forked child."""
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


def _locked(path: Path, what: str) -> FileLock:
    """The lock of the results file ``path``, held: two runs appending to one file would play
    the same deals twice and mix their lines. ``filelock`` locks on every system (the
    POSIX-only ``fcntl`` left Windows without a lock)."""
    lock = FileLock(f"{path}.lock", thread_local=False)
    try:
        lock.acquire(timeout=0)
    except Timeout:
        raise ResultsError(f"{what}: another run is writing this file") from None
    except OSError as exc:
        raise ResultsError(f"{what}: cannot lock the file ({path}.lock: {exc.strerror or exc})") from None
    return lock


def _release(lock: Optional[FileLock]) -> None:
    if lock is not None and lock.is_locked:
        try:
            lock.release(force=True)
        except OSError:  # the lock goes with this process anyway
            pass


class ResumedDeals(Sequence):
    """The deals of a resumed file, one per deal number, as :class:`DealResult` items, kept in
    arrays of numbers (about 40 bytes a deal, not an object per line)."""

    def __init__(self) -> None:
        self.seeds, self.verdicts = array("q"), array("b")
        self.home, self.positions, self.seconds = array("q"), array("q"), array("d")
        self.lines = array("q")  # where each deal is in the file, for the messages

    def append(self, line: int, result: DealResult) -> None:
        self.lines.append(line)
        self.seeds.append(result.seed)
        self.verdicts.append(VERDICTS.index(result.verdict))
        self.home.append(result.home)
        self.positions.append(result.positions)
        self.seconds.append(result.seconds)

    def __len__(self) -> int:
        return len(self.seeds)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        return DealResult(self.seeds[index], VERDICTS[self.verdicts[index]], self.home[index],
                          self.positions[index], self.seconds[index])

    def __iter__(self) -> Iterator[DealResult]:
        return (self[i] for i in range(len(self)))

    def keep_only(self, drop: set[int]) -> None:
        """Drop the items at the indexes ``drop``."""
        for name in ("lines", "seeds", "verdicts", "home", "positions", "seconds"):
            old = getattr(self, name)
            setattr(self, name, array(old.typecode, (v for i, v in enumerate(old) if i not in drop)))


def _read_deals(path: Path, stream: IO[bytes], run: dict[str, Any]) -> tuple[ResumedDeals, int]:
    """The file's deals, each line checked, and the length of its complete lines."""
    done = ResumedDeals()
    number = complete = 0
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw.endswith(b"\n"):
            if len(raw) > MAX_LINE_BYTES:
                raise ResultsError(f"{path}:{number + 1}: a line of more than {MAX_LINE_BYTES} bytes; is this "
                                   f"a results file of patience stats?")
            break  # the end, or a last line a kill cut short: dropped
        number += 1
        complete += len(raw)
        line = raw.decode("utf-8", errors="replace")
        if number == 1:
            _check_run(path, _parse(path, 1, line), run)
        elif line.strip():
            done.append(number, _deal(path, number, _parse(path, number, line)))
    if number == 0:
        raise ResultsError(f"--resume {path}: empty; expected the line describing a run first")
    _drop_repeats(path, done)
    return done, complete


def _drop_repeats(path: Path, done: ResumedDeals) -> None:
    """A deal listed twice: refused when the lines disagree on its verdict (which one is
    right?), else counted once, with a warning (the file was joined or edited by hand)."""
    repeats = []
    for first, again in _repeated(done):
        if done.verdicts[first] != done.verdicts[again]:
            raise ResultsError(f"{path}:{done.lines[again]}: deal {done.seeds[again]} is "
                               f"{VERDICTS[done.verdicts[again]]} here and {VERDICTS[done.verdicts[first]]} on line "
                               f"{done.lines[first]}; a deal has one result: remove the wrong line")
        repeats.append((again, first))
    if repeats:
        again, first = min(repeats)
        repeated = ("a deal line repeats an earlier one" if len(repeats) == 1
                    else f"{len(repeats)} deal lines repeat earlier ones")
        print(f"warning: --resume {path}: {repeated} (deal {done.seeds[again]} on lines {done.lines[first]} "
              f"and {done.lines[again]}); each deal is counted once", file=sys.stderr)
        done.keep_only({again for again, _ in repeats})


def _repeated(done: ResumedDeals) -> Iterator[tuple[int, int]]:
    """(index of a deal's first line, index of a later line of the same deal), for each later line."""
    seeds = done.seeds
    if not seeds:
        return
    low, high = min(seeds), max(seeds)
    if high - low < 8 * len(seeds) + 4096:
        # The deals of a study are a range or a few: a byte per deal number of the span
        # finds repeats in one pass, in a fraction of the memory the deals take.
        seen = bytearray(high - low + 1)
        for index, seed in enumerate(seeds):
            if seen[seed - low]:
                yield seeds.index(seed), index
            seen[seed - low] = 1
    else:  # numbers scattered far apart (a file made by hand): sorted, a deal's lines side by side
        order = sorted(range(len(seeds)), key=seeds.__getitem__)  # stable: a deal's lines in file order
        for before, after in zip(order, order[1:]):
            if seeds[before] == seeds[after]:
                yield seeds.index(seeds[after]), after


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
        if key == "numbering" and found.get(key) != run.get(key):
            # the same numbers name other deals in ms: or pysol: numbering (absent: --seed's own)
            raise ResultsError(f"--resume {path}: the file holds deals numbered {found.get(key) or 'by --seed'}, "
                               f"this run {run.get(key) or 'by --seed'}; give the same --deals numbering, or "
                               f"--out another file")
        if found.get(key) != run.get(key):
            raise ResultsError(f"--resume {path}: the file holds a run with {key} {_shown(found.get(key))}, "
                               f"this one has {_shown(run.get(key))}; give the same options, or --out "
                               f"another file")


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _deal(path: Path, number: int, item: dict[str, Any]) -> DealResult:
    from patience_core.cli.common import MAX_SEED  # the one range of deal numbers, --seed's

    seed, verdict = item.get("seed"), item.get("verdict")
    counts = [item.get("home"), item.get("positions")]
    seconds: Optional[Any] = item.get("seconds")
    if (not _whole(seed) or not 0 <= seed <= MAX_SEED or verdict not in VERDICTS
            or not all(_whole(c) and 0 <= c <= MAX_COUNT for c in counts)
            or not isinstance(seconds, (int, float)) or isinstance(seconds, bool)):
        raise ResultsError(f"{path}:{number}: expected a deal line {{\"seed\": N, \"verdict\": "
                           f"won|lost|unknown, \"home\": N, \"positions\": N, \"seconds\": S}} "
                           f"(N a whole number, the seed from 0 to {MAX_SEED})")
    if not (math.isfinite(seconds) and seconds >= 0):
        raise ResultsError(f"{path}:{number}: \"seconds\": {seconds}; expected a number of seconds, 0 or more")
    return DealResult(seed, verdict, counts[0], counts[1], float(seconds))


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = ["ResultsFile", "ResultsError", "ResumedDeals", "describe_run", "deal_line"]
