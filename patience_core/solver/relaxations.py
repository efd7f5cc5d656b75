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

from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_TOP, Rules

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
    from patience_core.solver.search import Search, SearchLimit

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


__all__ = ["suits_independent", "keep_suits", "suit_groups", "split_lost", "StockFreeCheck"]


# -- R3: the rest of the stock free --------------------------------------------------------
def _cells(search) -> list[int]:
    """The search's playable piles that are not columns (for R3: its cells)."""
    return [p for p in search.playable if p not in search.columns]


class StockFreeCheck:
    """Rule R3 of docs/solver.md: from a node in the last pass, the game in which every
    card still in the stock is free at once, but playing one gives up nothing from the
    waste; the waste keeps its order and gives up its next card when a card from a
    refilling pile or from the waste itself is played. Every line of the real game is a
    line of this one (the argument is in docs/solver.md), so a lost check proves the node
    lost.

    The check's game has no turns, so its plays are settled as in the last pass of the
    real game (rules S1 and S1c); it branches only where a card has a rival place and a
    copy of it is not free. A position of it is the foundation heights, the column
    heights, how far the waste has been given up and which stock cards are left. The check
    is the engine's (``family/f_r3.c``); this object holds its settings and its count.
    """

    def __init__(self, search, budget: int = 1000, longer_rest: bool = True):
        self.budget = budget            # positions one check may take
        self.longer_rest = longer_rest  # rule S1r (off only to measure what it does)
        self.cells = _cells(search)     # the piles whose cards the check treats as free
        self.positions = 0              # positions the checks have taken (the engine's count)

    @staticmethod
    def applies(search) -> bool:
        """Sound and implemented where: at most two decks; every foundation has a fixed
        suit and together they take every card (so each open place of a card is filled
        by one of its copies);
        every playable pile is a column or a one-card pile refilled from the waste first;
        and some pile is (otherwise the waste is a column and rule B2 covers it)."""
        rules = search.rules
        if search.decks > 2 or any(search.static_suit[f] < 0 for f in search.found):
            return False
        if sum(search.f_length[f] for f in search.found) != search.n_cards:
            return False
        cells = _cells(search)
        if not cells:
            return False
        for p in cells:
            fill = search.fill[p]
            if search.access[p] != ACCESS_TOP or len(search.piles[p]) > 1 or not fill \
                    or fill[0] != search.WASTE or any(src not in (rules.waste, rules.stock) for src in fill):
                return False
        return True
