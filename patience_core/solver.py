"""Perfect-information solver: is this deal winnable, and by which line?

Public API (used by ``patience solve`` and ``patience stats``)::

    solve(rules, order, *, max_positions=None, timeout=None, prune=True) -> SolveResult

``order`` is the shuffled pack, top card first (``deal.seeded_order``). The search
itself lives in :mod:`.search`; this module wraps it, checks every winning line by
replaying it through the engine, and reports.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from .deal import start_position
from .errors import PatienceError
from .position import Position
from .rules import Rules

WON, LOST, UNKNOWN = "won", "lost", "unknown"


class SolverError(PatienceError):
    """The solver produced a line the engine does not accept: an internal error."""


@dataclass
class SolveResult:
    verdict: str                      # "won" | "lost" | "unknown"
    moves: list = field(default_factory=list)  # engine moves (src, dst, card), replayable
    positions: int = 0                # positions searched
    seconds: float = 0.0


def solve(rules: Rules, order: list[int], *, max_positions: int | None = None,
          timeout: float | None = None, prune: bool = True) -> SolveResult:
    """Solve the deal ``order`` (top card first) of ``rules``."""
    return solve_position(start_position(rules, order), max_positions=max_positions,
                          timeout=timeout, prune=prune)


def solve_position(position: Position, *, max_positions: int | None = None,
                   timeout: float | None = None, prune: bool = True) -> SolveResult:
    """Solve from any position (not changed); the line is replayable from a copy of it."""
    began = time.perf_counter()
    start = position.copy()
    start.history = []
    verdict, moves, positions = _plain_search(start.copy(), max_positions, timeout, began)
    result = SolveResult(verdict, moves, positions, time.perf_counter() - began)
    if verdict == WON:
        replay_check(start, moves)
    return result


def replay_check(start: Position, moves: list) -> None:
    """Replay ``moves`` on a fresh copy of ``start``; raise SolverError unless it wins."""
    position = start.copy()
    for number, move in enumerate(moves, start=1):
        if move not in position.legal_moves():
            raise SolverError(f"internal error: solver move {number} {move} is not legal on replay")
        position.apply(move)
    if not position.is_won():
        raise SolverError(f"internal error: the solver's line of {len(moves)} moves does not win on replay")


class _Limit(Exception):
    pass


def _plain_search(position: Position, max_positions, timeout, began):
    """Depth-first search with a table of lost positions (the reference search)."""
    lost: set = set()
    counter = [0]
    line: list = []
    deadline = None if timeout is None else began + timeout

    def dfs() -> bool:
        if position.is_won():
            return True
        key = position.key()
        if key in lost:
            return False
        counter[0] += 1
        if max_positions is not None and counter[0] > max_positions:
            raise _Limit
        if deadline is not None and counter[0] % 1024 == 0 and time.perf_counter() > deadline:
            raise _Limit
        for move in position.legal_moves():
            position.apply(move)
            line.append(move)
            if dfs():
                return True
            line.pop()
            position.undo()
        lost.add(key)
        return False

    import sys
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10000))
    try:
        won = dfs()
    except _Limit:
        return UNKNOWN, [], counter[0]
    return (WON, list(line), counter[0]) if won else (LOST, [], counter[0])
