"""Relaxations: easier games whose loss proves the real game lost (docs/solver.md, R2).

R2, the suit split: when no pile is ever refilled (so nothing but a play moves a card
out of the talon) and every foundation builds in suit, the cards of one suit never
affect what the cards of another suit can do, except by covering them in a column or
in the waste. Taking the other suits out of the deal only uncovers cards: every
winning line of the real game, with the other suits' moves left out, wins the game
of one suit. So one lost suit proves the deal lost, and a suit's game (26 cards with
two decks) is small enough to search to the end in a few thousand positions.
"""
from __future__ import annotations

import time
from itertools import combinations
from typing import Iterable, Optional

from .position import Position
from .rules import Rules

SUITS = range(4)


def suits_independent(rules: Rules) -> bool:
    """True when R2 is sound for ``rules``: no pile refills (from the talon or anywhere)."""
    return not any(rules.fill[p] for p in range(rules.n_piles) if not rules.is_foundation[p])


def keep_suits(position: Position, suits: Iterable[int]) -> Position:
    """The position with every card of the other suits taken out of the layout and the
    talon (foundations stay as they are: their cards are already placed)."""
    keep = set(suits)
    rules = position.rules
    piles = [list(pile) if rules.is_foundation[i] else [c for c in pile if c // 13 in keep]
             for i, pile in enumerate(position.piles)]
    return Position(rules, piles, position.redeals_left)


def suit_groups(position: Position, size: int) -> list[tuple[int, ...]]:
    """Every group of ``size`` suits that still has cards outside the foundations, fewest
    cards first (the cheapest games are tried first)."""
    rules = position.rules
    out = [0, 0, 0, 0]
    for i, pile in enumerate(position.piles):
        if not rules.is_foundation[i]:
            for card in pile:
                out[card // 13] += 1
    live = [s for s in SUITS if out[s]]
    groups = list(combinations(live, size)) if len(live) > size else []
    return sorted(groups, key=lambda g: sum(out[s] for s in g))


def split_lost(position: Position, *, max_positions: int, deadline: Optional[float],
               sizes: tuple[int, ...] = (1, 2)) -> tuple[bool, int]:
    """``(True, positions)`` when some group of suits, played alone, is proved lost (so
    the deal is lost); ``(False, positions)`` when no group is (or a limit ran out).
    Single suits are tried before pairs: they are cheaper and usually enough."""
    from .search import Search, SearchLimit

    used = 0
    for size in sizes:
        for group in suit_groups(position, size):
            # No group may take more than half the budget: a later one may be quicker.
            budget = min(max_positions - used, max_positions // 2)
            if budget <= 0:
                return False, used
            # A group of several suits is searched with R2 at its nodes, one suit at a time.
            search = Search(keep_suits(position, group), max_positions=budget, deadline=deadline,
                            split=size > 1)
            try:
                lost = not search.run()
            except SearchLimit:
                lost = False
            used += search.positions + search.split_positions
            if lost:
                return True, used
            if deadline is not None and time.perf_counter() > deadline:
                return False, used
    return False, used


__all__ = ["suits_independent", "keep_suits", "suit_groups", "split_lost"]
