"""The solver hint's winning line, kept while the player follows it.

Solving again after every move finds a different line each time (the search is free to
choose among many wins), so hints that re-solve may point one way and then back. The line
found once is kept: while the player's position is one of its positions, the hint is its
next move, with no search; the line is solved again only when the player leaves it.
"""
from __future__ import annotations

from patience_core.model.moves import Move
from patience_core.model.position import Position


class SolverLine:
    def __init__(self) -> None:
        self._index: dict[tuple, int] = {}
        self._moves: list[Move] = []

    def learn(self, position: Position, moves: list[Move]) -> None:
        """Keep the winning line ``moves`` from ``position`` (which is left unchanged)."""
        walk = position.copy()
        self._moves = list(moves)
        self._index = {walk.key(): 0}
        for i, move in enumerate(moves, start=1):
            walk.apply(move)
            self._index.setdefault(walk.key(), i)

    def next_move(self, position: Position) -> tuple[Move, int] | None:
        """The line's move from ``position`` and how many moves the win still takes, or
        ``None`` when the position is not on the line (or is its end)."""
        i = self._index.get(position.key())
        if i is None or i >= len(self._moves):
            return None
        return self._moves[i], len(self._moves) - i
