"""Which of several equal destinations a card goes to: the one place that decides it.

- :func:`first_taker`: the first foundation in pile order (the naive policy, autoplay
  ``all``): the reference rule, simple to state and to check by hand;
- :func:`longest_way`: of the foundations that take a card, the one with the most
  cards still to come (the player and the hint): both leave the same cards wanted
  next, and this keeps the later ranks least constrained;
- :func:`smart_move`: the full-screen game's "smart move" for a picked card: a
  foundation if one takes it, else the best layout pile (:func:`destination_rank`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from patience_core.model.moves import REMOVE, TO_FOUNDATION, Move

if TYPE_CHECKING:
    from patience_core.model.position import Position


def first_taker(position: "Position", card: int) -> int:
    """The first foundation, in pile order, that takes ``card`` now."""
    return position.takers[card][0]


def longest_way(position: "Position", card: int, among: Iterable[int] | None = None) -> int:
    """Of the foundations that take ``card`` now (or of ``among``, the legal moves' ones where
    foundations also filter by source or state), the one with the longest way to go (ties: the
    first in pile order)."""
    rules = position.rules
    piles = position.piles
    return max(position.takers[card] if among is None else among,
               key=lambda f: (rules.f_length[f] - len(piles[f]), -f))


def destination_rank(position: "Position", move: Move) -> tuple:
    """How good a layout destination is, smaller first: building on a card beats an
    empty pile, which beats a free cell; then the longer run moved; then pile order."""
    rules = position.rules
    dst = move.dst
    if rules.is_foundation[dst]:
        return (0, 0, dst)
    if rules.pile_kind[dst] == "cell":
        return (3, -move.count, dst)
    return (1 if position.piles[dst] else 2, -move.count, dst)


def smart_move(position: "Position", moves: Iterable[Move]) -> Move | None:
    """Of the legal ``moves`` of one picked card, the one a smart move makes."""
    moves = list(moves)
    if not moves:
        return None
    gone = [m for m in moves if m.kind is REMOVE]
    if gone:   # a set removed: a card alone first, else the first pair listed
        return min(gone, key=lambda m: m.count)
    up = [m for m in moves if m.kind is TO_FOUNDATION]
    if up:
        best = (longest_way(position, up[0].card, [m.dst for m in up]) if len(up) > 1 and up[0].count == 1
                else up[0].dst)
        return next(m for m in up if m.dst == best)
    return min(moves, key=lambda m: destination_rank(position, m))


__all__ = ["first_taker", "longest_way", "destination_rank", "smart_move"]
