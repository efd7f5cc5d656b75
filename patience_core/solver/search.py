"""The family's pruned search (games whose cards go only to the foundations): one solve's
configuration and the tables the compiled engine runs on, derived from a position.

Everything is derived from the compiled :class:`~.rules.Rules` tables (pile access,
fill sources, foundation rank sequences and suits, redeals); nothing depends on a
variant's name. :class:`Search` lays a position out as the engine reads it
(:func:`.engine.pack`):

- layout piles (every pile that is not stock, waste or foundation) are lists, top last;
- the talon (stock + waste) is one fixed sequence ``talon`` in turning order, with the
  stock and the waste as stacks of indices into it and ``tmask`` the set of indices
  still in the talon; that makes the talon's key (next stock index, mask, redeals) exact;
- a foundation is its height and its suit (fixed, or set by its first card).

:meth:`Search.run` searches in the engine (``patience_core/solver/family/``, the only
implementation of the depth-first search and its rules, docs/solver.md); where the engine is
not built, :func:`.solve.solve` runs the exhaustive search instead. What stays in Python is
rule R2's check at a node (:meth:`Search.split_dead_end_at`), which the engine calls back
and whose suits' searches run in the engine again.
"""
from __future__ import annotations

import itertools
import time

from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, ACCESS_TOP

# Positions one suit's game may take when rule R2 checks a node (beyond it: no verdict).
SPLIT_NODE_BUDGET = 5000
# Rule R3 is checked at nodes whose waste holds at least this many cards (below it, the
# check's game is nearly the real one and rarely lost where the search is not) and whose
# stock holds at most this many (above it, measured on Royal Cotillion, a check is almost
# never lost and costs some 300 of its positions).
STOCK_FREE_MIN_WASTE = 4
STOCK_FREE_MAX_STOCK = 30
# Rule R3 ahead is tried at nodes with at most this many stock cards (further from the
# end its checks cost more than the macros they cut; see docs/solver.md).
TURN_AHEAD_MAX_STOCK = 40
# With restarts, rule R3 ahead waits for attempts of at least this many positions: its
# checks would take the place of the win-finding dives' positions.
TURN_AHEAD_MIN_BUDGET = 24000
# Restart budgets grow by 10 % up to this many positions, then double; from there on an
# attempt is mostly proving a loss, and R3 is checked.
RESTART_GROWTH_LIMIT = 3000


# The most positions the table of proved-lost positions holds before the search gives up
# ('unknown'): a solve without limits would otherwise grow it until memory runs out. About
# 94 bytes a position in the compiled search (under 400 MB), 300 in Python (bench/table_bench.py).
TABLE_LIMIT = 4_000_000


class SearchLimit(Exception):
    """The position budget, the time limit or the table's size limit ran out; ``reason``
    says which: ``"positions"``, ``"time"`` or ``"table"``."""

    def __init__(self, reason: str = "positions"):
        super().__init__(reason)
        self.reason = reason


class SearchInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped a search: a KeyboardInterrupt (so whatever stops on Ctrl-C stops on
    it) that carries what the search knew: ``positions`` searched and
    ``most_on_foundations``, the most cards on the foundations in a position it reached."""

    def __init__(self, positions: int, most_on_foundations: int):
        super().__init__("interrupted")
        self.positions = positions
        self.most_on_foundations = most_on_foundations


class EngineUnavailable(RuntimeError):
    """The compiled engine is not built here (no C compiler at install time), is switched off
    (``PATIENCE_ENGINE=python``) or cannot hold the position: :func:`~.solve.solve` then runs
    the exhaustive search instead."""


class Search:
    """One solve: build once from a position, then :meth:`run`."""

    def __init__(self, position: Position, *, prune: bool = True, max_positions: int | None = None,
                 deadline: float | None = None, relaxed: bool = False, split: bool = False,
                 stock_free: bool = True, turn_ahead: bool = True, table_limit: int | None = None):
        self.engine_stats: dict | None = None  # R3's counters, set by a compiled run
        rules = self.rules = position.rules
        self.prune = prune
        self.max_positions = max_positions
        self.deadline = deadline
        self.table_limit = TABLE_LIMIT if table_limit is None else table_limit  # entries of the engine's table of lost positions
        self.positions = 0
        # Restarts: after the first attempt (the heuristic order), each attempt perturbs the
        # order at random (seeded: reproducible) under a growing budget; the table of lost
        # positions is kept, since every entry was proved by a finished subtree.
        self.rng = None
        self.restart_budget = 300
        self.line: list = []           # the winning line, engine moves, once run() has won

        src = position.piles
        self.STOCK, self.WASTE = rules.stock, rules.waste
        waste_cards, stock_cards = list(src[rules.waste]), list(src[rules.stock])
        # Turning order: the waste bottom first, then the stock from its top down.
        self.talon = waste_cards + stock_cards[::-1]
        n = self.n_talon = len(self.talon)
        self.waste = list(range(len(waste_cards)))
        self.stock = list(range(n - 1, len(waste_cards) - 1, -1))  # top last
        self.tmask = (1 << n) - 1
        self.redeals = position.redeals_left

        self.access = list(rules.access)
        self.fill = list(rules.fill)
        self.piles = [list(p) for p in src]
        self.layout = [i for i in range(rules.n_piles)
                       if rules.pile_kind[i] not in ("stock", "waste", "foundation")]
        if relaxed:
            # Rule R1: the waste's order ignored. Every card outside the columns (talon,
            # refilling piles) goes into one pool whose every card is free.
            pool = []
            for i in self.layout:
                if self.fill[i] or self.access[i] == ACCESS_ALL:
                    pool += self.piles[i]
                    self.piles[i] = []
            pool += self.talon
            self.talon, self.waste, self.stock, self.tmask, self.redeals = [], [], [], 0, 0
            self.n_talon = 0
            self.piles.append(pool)
            self.access.append(ACCESS_ALL)
            self.fill.append(())
            self.layout.append(len(self.piles) - 1)
        # Rule R2 at every node (docs/solver.md): each suit's game alone, verdicts memoized.
        self.split = split
        self.split_memo: dict = {}
        self.split_positions = 0
        self.blocked_forever = any(self.piles[i] for i in self.layout if self.access[i] == ACCESS_NONE)
        self.playable = [i for i in self.layout if self.access[i] != ACCESS_NONE]
        self.columns = [i for i in self.playable if not self.fill[i] and self.access[i] == ACCESS_TOP]
        self.dealt = {i: list(self.piles[i]) for i in self.columns}
        # Piles that refill: grouped by identical rules, each group keyed as a multiset.
        classes: dict = {}
        for i in self.playable:
            if i not in self.columns:
                classes.setdefault((self.access[i], self.fill[i]), []).append(i)
        self.cell_classes = list(classes.values())
        self.single_cells = [all(len(self.piles[i]) <= 1 for i in cls) for cls in self.cell_classes]
        self.waste_feeds = any(self.WASTE in self.fill[i] for i in self.playable)

        # Foundations.
        self.found = list(rules.foundations)
        self.rank_at = rules.f_rank_at
        self.f_length = rules.f_length
        self.h = [0] * rules.n_piles
        self.fsuit = [-1] * rules.n_piles
        self.static_suit = rules.f_suit
        for f in self.found:
            pile = src[f]
            self.h[f] = len(pile)
            self.fsuit[f] = rules.f_suit[f] if rules.f_suit[f] >= 0 else (pile[0] // 13 if pile else -1)
        self.on_foundations = position.on_foundations
        # The most cards any position the search reached had on the foundations: what an
        # undecided search can still say about how far the deal goes.
        self.most_on_foundations = position.on_foundations
        # The goal: every card of this position on the foundations (a relaxation may hold
        # fewer cards than the variant's pack).
        self.n_cards = sum(len(pile) for pile in src)
        self.decks = rules.decks
        self.placed = [0] * 52
        for f in self.found:
            for card in src[f]:
                self.placed[card] += 1
        self.takers: list[list[int]] = [[] for _ in range(52)]
        for f in self.found:
            for card in self._wanted(f):
                self.takers[card].append(f)
        # Identical foundations (same sequence, same fixed suit) are interchangeable.
        self.f_class = {}
        for f in self.found:
            self.f_class[f] = (self.rank_at[f], self.static_suit[f])
        groups: dict = {}
        for f in self.found:
            groups.setdefault(self.f_class[f], []).append(f)
        self.f_groups = list(groups.values())
        self.foundations_in_key = not (prune and self._foundations_determined())
        self._init_key()
        self._blocks = self._column_block_candidates() if prune else []
        # Rule R3 (docs/solver.md): the rest of the stock free, checked at nodes of the last pass.
        from patience_core.solver.relaxations import StockFreeCheck
        self.stock_free = (StockFreeCheck(self) if stock_free and prune and not relaxed
                           and StockFreeCheck.applies(self) else None)
        self.turn_ahead = turn_ahead and self.stock_free is not None
        self.cut_stock = 0  # the stock left where rule R3 ahead last cut (its next first guess)
        self.looking_ahead = True  # with restarts: only in the attempts with the larger budgets
        # With restarts, R3 waits for the attempts that set out to prove (see run()).
        self.checking = True

    # -- foundations --------------------------------------------------------------
    def _wanted(self, f: int) -> tuple[int, ...]:
        n = self.h[f]
        if n >= self.f_length[f]:
            return ()
        rank = self.rank_at[f][n]
        suit = self.fsuit[f]
        if suit >= 0:
            return (suit * 13 + rank,)
        return (rank, 13 + rank, 26 + rank, 39 + rank)

    def _foundations_determined(self) -> bool:
        """True when the foundation heights follow from which cards are on them: then
        the rest of the key (which says which cards are still out) determines them."""
        if any(self.static_suit[f] < 0 for f in self.found):
            return False
        for suit in range(4):
            piles = [f for f in self.found if self.static_suit[f] == suit]
            sizes = [self.f_length[f] + 1 for f in piles]
            total = 1
            for s in sizes:
                total *= s
            if total > 20000:
                return False
            seen: dict = {}
            for heights in itertools.product(*(range(s) for s in sizes)):
                content = tuple(sorted(r for f, n in zip(piles, heights) for r in self.rank_at[f][:n]))
                canon = tuple(sorted((self.f_class[f], n) for f, n in zip(piles, heights)))
                if seen.setdefault(content, canon) != canon:
                    return False
        return True

    # -- key --------------------------------------------------------------------------
    def _init_key(self) -> None:
        """How the engine keys a position (docs/solver.md, T1): a class of identical one-card
        refilling piles of access top as the multiset of its cards, any other class
        (``generic_classes``) as its sorted contents; a foundation with no twin by its height
        (``f_weight``: its place in that part of the key), twins (``f_twins``) as a sorted group."""
        self.generic_classes = [cls for cls, single in zip(self.cell_classes, self.single_cells)
                                if not (single and all(self.access[i] == ACCESS_TOP for i in cls))]
        self.f_weight = {}
        self.f_twins = []
        for group in self.f_groups:
            if len(group) == 1 and self.static_suit[group[0]] >= 0:
                self.f_weight[group[0]] = len(self.f_weight)
            else:
                self.f_twins.append(group)

    # -- pruning ------------------------------------------------------------------------
    def _column_block_candidates(self) -> list:
        """(column, i, codes) for each card of a column with same-suit cards under it."""
        out = []
        for p in self.columns:
            dealt = self.dealt[p]
            for i in range(1, len(dealt)):
                c = dealt[i]
                under = {d for d in dealt[:i] if d // 13 == c // 13}
                if under:
                    out.append((p, i, c, under))
        return out

    def split_dead_end_at(self, waste_cards, stock_cards, piles, h, fsuit, redeals) -> bool:
        """Rule R2 at the node given by its waste and stock cards (top last), its piles and its
        foundations' heights and suits (by pile), with the verdicts of the suits' games kept in
        ``split_memo``: the compiled engine calls it back from its own nodes."""
        from patience_core.solver.relaxations import SUITS
        # One pass over the talon and the layout sorts every card by suit.
        wastes: list[list[int]] = [[], [], [], []]
        stocks: list[list[int]] = [[], [], [], []]
        for card in waste_cards:
            wastes[card // 13].append(card)
        for card in stock_cards:
            stocks[card // 13].append(card)
        layout = self.layout
        layouts = [[[] for _ in layout] for _ in SUITS]
        for n, p in enumerate(layout):
            for c in piles[p]:
                layouts[c // 13][n].append(c)
        for suit in SUITS:
            waste, stock = tuple(wastes[suit]), tuple(stocks[suit])
            cols = tuple(map(tuple, layouts[suit]))
            if not (waste or stock or any(cols)):
                continue
            found = tuple((h[f], fsuit[f]) if fsuit[f] in (suit, -1) else None for f in self.found)
            key = (suit, waste, stock, cols, found, redeals)
            lost = self.split_memo.get(key)
            if lost is None:
                lost = self.split_memo[key] = self._suit_lost(waste, stock, cols, h, fsuit, redeals)
            if lost:
                return True
        return False

    def _suit_lost(self, waste, stock, cols, h, fsuit, redeals) -> bool:
        """Search one suit's game alone from the node (False when it is won or too big)."""
        rules = self.rules
        piles = [[] for _ in range(rules.n_piles)]
        for p, cards in zip(self.layout, cols):
            piles[p] = list(cards)
        piles[self.WASTE] = list(waste)
        piles[self.STOCK] = list(stock)
        for f in self.found:
            if h[f]:
                base = fsuit[f] * 13
                piles[f] = [base + rank for rank in self.rank_at[f][:h[f]]]
        sub = Search(Position(rules, piles, redeals), max_positions=SPLIT_NODE_BUDGET,
                     deadline=self.deadline)
        try:
            lost = not sub.run()
        except SearchLimit:
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise
            lost = False
        self.split_positions += sub.positions
        return lost

    def checked_positions(self) -> int:
        """Positions of rule R3's games searched at the nodes (they count in the budget)."""
        return self.stock_free.positions if self.stock_free is not None else 0

    # -- search -------------------------------------------------------------------------
    def run(self) -> bool:
        """True (and ``self.line`` holds a winning line) or False (proved lost), searched by
        the compiled engine; :class:`SearchLimit` when a limit is reached first,
        :class:`SearchInterrupted` on Ctrl-C, :class:`EngineUnavailable` where the engine
        cannot run it."""
        from patience_core.solver import engine
        if engine.available() and self.blocked_forever:   # without the engine solve() decides nothing here
            return False
        if not (engine.available() and engine.supports(self)):
            raise EngineUnavailable("the compiled search engine is not built, is switched off, or cannot hold "
                                    "this position (see patience_core/solver/engine.py)")
        try:
            return engine.run(self)
        except SearchInterrupted:
            raise
        except KeyboardInterrupt as stop:
            raise SearchInterrupted(self.positions, self.most_on_foundations) from stop
