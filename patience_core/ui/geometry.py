"""Where places laid over each other are drawn: rows and horizontal positions from ``covered_by``.

A place no other place covers lies in the front row (drawn last, at the bottom); a place
is one row behind the deepest place covering it. The front row is spaced one place
apart in pile order; a covered place sits midway over the places covering it, which is
what puts a pyramid's rows half a card apart and TriPeaks' peaks over their ridges; places
that would share a spot (a fir tree's two branches over one card) are spread one apart.
Both the line game's board and the full-screen game draw from :func:`place_rows`.
"""
from __future__ import annotations

from functools import lru_cache

from patience_core.model.rules import Rules


def place_rows(rules: Rules, group: str) -> list[list[tuple[int, float]]] | None:
    """Rows of ``(pile, x)``, the row furthest back first, ``x`` in place widths from the
    left edge; ``None`` when no place of ``group`` covers another."""
    return _rows(rules, group)


@lru_cache(maxsize=64)
def _rows(rules: Rules, group: str) -> list[list[tuple[int, float]]] | None:
    piles = rules.groups[group]
    covered_by = rules.covered_by
    if not any(covered_by[p] for p in piles):
        return None
    depth: dict[int, int] = {}

    def level(p: int) -> int:
        if p not in depth:
            depth[p] = 1 + max((level(q) for q in covered_by[p]), default=-1)
        return depth[p]

    x: dict[int, float] = {}
    front = [p for p in piles if level(p) == 0]
    widest = max(sum(1 for p in piles if level(p) == row) for row in range(max(map(level, piles)) + 1))
    # Front places under wider figures (fir trees on one card each) stand apart, with a gap.
    spacing = 1.0 if widest <= len(front) else widest / len(front) + 1
    for i, p in enumerate(front):
        x[p] = i * spacing
    for row in range(1, max(level(p) for p in piles) + 1):
        placed = [p for p in piles if depth[p] == row]
        for p in placed:
            x[p] = sum(x[q] for q in covered_by[p]) / len(covered_by[p])
        # Places over the same card (a fir tree's branches) would share a spot: spread each
        # such cluster one place apart around where it would sit.
        placed.sort(key=lambda p: x[p])
        start = 0
        while start < len(placed):
            end = start + 1
            while end < len(placed) and x[placed[end]] < x[placed[start]] + (end - start):
                end += 1
            cluster = placed[start:end]
            middle = sum(x[p] for p in cluster) / len(cluster)
            for k, p in enumerate(cluster):
                x[p] = middle + k - (len(cluster) - 1) / 2
            start = end
    left = min(x.values())
    for p in x:
        x[p] -= left
    rows = []
    for row in range(max(depth.values()), -1, -1):
        rows.append(sorted(((p, x[p]) for p in piles if depth[p] == row), key=lambda item: item[1]))
    return rows


__all__ = ["place_rows"]
