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
class _OverBudget(Exception):
    """An R3 check took more positions than it may: no verdict."""


def _cells(search) -> list[int]:
    """The search's playable piles that are not columns (for R3: its cells)."""
    return [p for p in search.playable if p not in search.columns]


# Where a free card of an R3 game lies: a column top, a cell refilled from the waste (the
# layout's refilling piles, and the waste top), or the stock (free, refilled by nothing).
COLUMN, CELL, STOCK = 0, 1, 2


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
    heights, how far the waste has been given up and which stock cards are left.
    """

    def __init__(self, search, budget: int = 1000, longer_rest: bool = True):
        self.s = search
        self.budget = budget
        self.longer_rest = longer_rest  # rule S1r (off only to measure what it does)
        self.found = list(search.found)
        index = {f: i for i, f in enumerate(self.found)}
        self.suit = [search.static_suit[f] for f in self.found]
        self.seq = [search.rank_at[f] for f in self.found]
        self.length = [search.f_length[f] for f in self.found]
        self.cls = [search.f_class[f] for f in self.found]
        # slots[card]: (foundation index, position) of every place the card fits.
        self.slots = [[(index[g], pos) for g, pos in search.slots[c]] for c in range(52)]
        self.columns = list(search.columns)
        self.cols = [search.dealt[p] for p in self.columns]  # a column is a prefix of its deal
        self.cells = _cells(search)
        self.decks = search.decks
        self.not_lost: set = set()
        self.positions = 0
        from patience_core.solver.search import SearchLimit  # here: search imports this module
        self._limit = SearchLimit

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

    def lost(self, key) -> bool:
        """True when the R3 game of the search's node (whose key is ``key``) is proved
        lost; False when it is won or over budget. A lost node goes into the search's
        table of lost positions; only the other verdicts are remembered here, for the
        restarts that meet the node again."""
        if key in self.not_lost:
            return False
        s = self.s
        # Checks come several to a node (rule R3 ahead) and most are short: the time limit
        # is looked at before each one, not only inside long ones.
        if s.deadline is not None and time.perf_counter() > s.deadline:
            raise self._limit
        h = [s.h[f] for f in self.found]
        colh = [len(s.piles[p]) for p in self.columns]
        talon = s.talon
        cell = [0] * 52
        stock = [0] * 52
        for p in self.cells:
            for card in s.piles[p]:
                cell[card] += 1
        for i in s.stock:
            stock[talon[i]] += 1
        self.waste = waste = [talon[i] for i in reversed(s.waste)]  # top first
        if waste:
            cell[waste[0]] += 1
        # Never past the search's own position budget (the check's positions count in it).
        self.limit = self.budget
        if s.max_positions is not None:
            self.limit = min(self.budget, s.max_positions - s.positions - self.positions)
            if self.limit <= 0:
                return False
        self.nodes = 0
        self.lost_states: set = set()
        try:
            verdict = not self._solve(h, colh, cell, stock, 0, list(s.placed),
                                      s.n_cards - s.on_foundations, {})
        except _OverBudget:
            verdict = False
        self.positions += self.nodes
        if not verdict:
            self.not_lost.add(key)
        return verdict

    def _solve(self, h, colh, cell, stock, wp, placed, out, held) -> bool:
        """True when this R3 position is won (the containers are this call's own).

        ``held[card] = (f, where, col)``: one free copy of ``card`` (in a cell, in the
        stock, or in column ``col``) is kept for the card's other place, so it may not go
        to foundation ``f``; f then takes the other copy. Branching is binary: a card with
        a rival place goes to its pile now, or is held (rule S1c and the exchange argument
        of S1 make every other order no better)."""
        if self.nodes == self.limit:
            raise _OverBudget
        self.nodes += 1
        deadline = self.s.deadline
        if deadline is not None and not self.nodes & 63 and time.perf_counter() > deadline:
            self.positions += self.nodes
            raise self._limit
        seq, suit, length, cls, slots, cols = self.seq, self.suit, self.length, self.cls, self.slots, self.cols
        decks, n_found, found = self.decks, len(h), self.found
        while True:
            if not out:
                return True
            wanted: dict = {}
            for fi in range(n_found):
                if h[fi] < length[fi]:
                    wanted.setdefault(suit[fi] * 13 + seq[fi][h[fi]], []).append(fi)
            move = branch = None
            for card, takers in wanted.items():
                in_cols = [j for j, cards in enumerate(cols) if colh[j] and cards[colh[j] - 1] == card]
                if not in_cols and not cell[card] and not stock[card]:
                    continue
                hold = held.get(card)
                if hold is not None:
                    ex, where, col = hold
                    other = [fi for fi in takers if fi != ex]
                    if other:  # the held copy's place is ready: it goes there
                        del held[card]
                        move = (card, other[0], where, col)
                        break
                    # ``ex`` wants it: any other free copy is the one kept for ex.
                    rest = [(COLUMN, j) for j in in_cols if not (where == COLUMN and j == col)]
                    if cell[card] - (where == CELL):
                        rest.insert(0, (CELL, -1))
                    elif stock[card] - (where == STOCK):
                        rest.insert(0, (STOCK, -1))
                    if rest:
                        move = (card, ex) + rest[0]
                        break
                    continue
                f = takers[0]
                for g in takers[1:]:  # rule D1, on the check's own heights
                    if self.s.beaten(found[f], h[f], found[g], h[g]):
                        f = g
                copy = (CELL, -1) if cell[card] else (STOCK, -1) if stock[card] else (COLUMN, in_cols[0])
                # S1: no rival place (every other open place is on an identical pile).
                rival = False
                for g, pos in slots[card]:
                    if g != f and h[g] <= pos and (cls[g] != cls[f] or h[g] != h[f]):
                        rival = True
                        break
                # S1c: every copy still out is free outside the columns. S1r: the other
                # copy gives up no less, and the rival place's rest is a prefix of f's.
                if not rival or cell[card] + stock[card] == decks - placed[card] or (
                        self.longer_rest and self._longer_rest_first(card, f, copy[0], h, cell, stock, wp)):
                    move = (card, f) + copy
                    break
                if branch is None:
                    branch = (card, f) + copy
            if move is not None:
                wp = self._play(move, h, colh, cell, stock, wp, placed)
                out -= 1
                continue
            if branch is None:
                return False
            key = (tuple(h), tuple(colh), wp, bytes(stock), tuple(sorted(held.items())))
            if key in self.lost_states:
                return False
            # Now: the copy goes to its pile at once.
            h2, colh2, cell2, stock2, placed2 = list(h), list(colh), list(cell), list(stock), list(placed)
            wp2 = self._play(branch, h2, colh2, cell2, stock2, wp, placed2)
            if self._solve(h2, colh2, cell2, stock2, wp2, placed2, out - 1, dict(held)):
                return True
            # Held: the copy waits for the card's other place.
            card, f, where, col = branch
            held2 = dict(held)
            held2[card] = (f, where, col)
            if self._solve(list(h), list(colh), list(cell), list(stock), wp, list(placed), out, held2):
                return True
            self.lost_states.add(key)
            return False

    def _longer_rest_first(self, card, f, where, h, cell, stock, wp) -> bool:
        """Rule S1r of docs/solver.md: the copy of ``card`` from ``where`` may go to ``f``
        (which takes it now) at once when every rival place's rest after the card is a
        prefix of ``f``'s, and playing the other copy gives up no less than this one: it
        lies in the stock (its play gives up nothing), or both give up a waste card (this
        one from a cell or the waste top, the other in a cell or still in the waste)."""
        rest = self.seq[f][h[f] + 1:]
        for g, pos in self.slots[card]:
            if g != f and h[g] <= pos:
                other = self.seq[g][pos + 1:]
                if rest[:len(other)] != other:
                    return False
        # Where is the other copy? (two places open, so two copies out)
        if stock[card] - (where == STOCK):
            return True
        return where == CELL and (cell[card] > 1 or card in self.waste[wp + 1:])

    def _play(self, move, h, colh, cell, stock, wp: int, placed) -> int:
        """Play ``move`` on the lists; return how far the waste has now been given up."""
        card, fi, where, col = move
        h[fi] += 1
        placed[card] += 1
        if where == COLUMN:
            colh[col] -= 1
        elif where == STOCK:
            stock[card] -= 1
        else:
            # From a cell or the waste top: the waste gives up its next card.
            cell[card] -= 1
            waste = self.waste
            if wp < len(waste):
                wp += 1
                if wp < len(waste):
                    cell[waste[wp]] += 1
        return wp
