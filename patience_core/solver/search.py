"""The solver's search: a compact copy of a position, macro moves, a table of lost
positions, and the pruning rules of ``docs/solver.md``.

Everything is derived from the compiled :class:`~.rules.Rules` tables (pile access,
fill sources, foundation rank sequences and suits, redeals); nothing depends on a
variant's name. The search works on its own representation because the engine's
:class:`~.position.Position` is built for clarity, not for millions of do/undo steps:

- layout piles (every pile that is not stock, waste or foundation) are lists, top last;
- the talon (stock + waste) is one fixed sequence ``talon`` in turning order, with the
  stock and the waste as stacks of indices into it and ``tmask`` the set of indices
  still in the talon; that makes the talon's key (next stock index, mask, redeals) exact;
- a foundation is its height and its suit (fixed, or set by its first card).

Moves are the engine's :class:`~patience_core.model.moves.Move` records so a line found here replays on a
:class:`Position` unchanged. A *child* of a node is a macro: ``k`` stock turns followed
by one move that needs them (see :meth:`Search.children`).
"""
from __future__ import annotations

import itertools
import sys
import time
from collections import Counter

from patience_core.model.moves import NO_CARD, TO_FOUNDATION, TURN, Move, MoveKind
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, ACCESS_TOP

REDEAL = "redeal"
POW3 = [3 ** card for card in range(52)]
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


class _Restart(Exception):
    """This attempt's budget ran out: start again from the root (the table stays)."""


class Search:
    """One solve: build once from a position, then :meth:`run`."""

    def __init__(self, position: Position, *, prune: bool = True, max_positions: int | None = None,
                 deadline: float | None = None, relaxed: bool = False, split: bool = False,
                 stock_free: bool = True, turn_ahead: bool = True, engine: str = "auto",
                 table_limit: int | None = None):
        if engine not in ("auto", "c", "python"):
            raise ValueError(f"engine={engine!r}; expected 'auto', 'c' or 'python'")
        # run() in the compiled engine (patience_core/solver/engine.py) when it is built and
        # supports this search ("auto"), always ("c"), or never ("python").
        self.engine = engine
        self.engine_stats: dict | None = None  # R3's counters, set by a compiled run
        rules = self.rules = position.rules
        self.prune = prune
        self.max_positions = max_positions
        self.deadline = deadline
        self.table_limit = TABLE_LIMIT if table_limit is None else table_limit  # entries of ``lost``
        self.positions = 0
        # Restarts: after the first attempt (the heuristic order), each attempt perturbs the
        # order at random (seeded: reproducible) under a growing budget; the table of lost
        # positions is kept, since every entry was proved by a finished subtree.
        self.rng = None
        self.restart_at: int | None = None
        self.restart_budget = 300
        self.lost: set = set()
        self.line: list = []           # engine moves from the start to the current node
        self.trail: list = []          # undo records, one per engine move in ``line``

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
        self.fill_piles = [i for i in self.playable if self.fill[i]]
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
        # slots[card]: (foundation, position) of every place in a rank sequence where the card fits.
        self.slots: list[list[tuple[int, int]]] = [[] for _ in range(52)]
        for card in range(52):
            rank, suit = card % 13, card // 13
            for f in self.found:
                seq = self.rank_at[f]
                if rank in seq and self.static_suit[f] in (-1, suit):
                    self.slots[card].append((f, seq.index(rank)))
        # Identical foundations (same sequence, same fixed suit) are interchangeable.
        self.f_class = {}
        for f in self.found:
            self.f_class[f] = (self.rank_at[f], self.static_suit[f])
        groups: dict = {}
        for f in self.found:
            groups.setdefault(self.f_class[f], []).append(f)
        self.f_groups = list(groups.values())
        self.foundations_in_key = not (prune and self._foundations_determined())
        self._dominance: dict = {}
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
        sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

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

    def _advance(self, f: int, card: int) -> None:
        takers = self.takers
        for c in self._wanted(f):
            takers[c].remove(f)
        if self.h[f] == 0 and self.static_suit[f] < 0:
            self.fsuit[f] = card // 13
        self.h[f] += 1
        self.found_key += self.f_weight.get(f, 0)
        for c in self._wanted(f):
            takers[c].append(f)
        self.placed[card] += 1
        self.on_foundations += 1

    def _retreat(self, f: int, card: int) -> None:
        takers = self.takers
        for c in self._wanted(f):
            takers[c].remove(f)
        self.h[f] -= 1
        self.found_key -= self.f_weight.get(f, 0)
        if self.h[f] == 0 and self.static_suit[f] < 0:
            self.fsuit[f] = -1
        for c in self._wanted(f):
            takers[c].append(f)
        self.placed[card] -= 1
        self.on_foundations -= 1

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

    def choose(self, card: int, takers: list[int]) -> list[int]:
        """The foundations worth trying for ``card``: with pruning, drop a pile whose rest
        after ``card`` is a prefix of another taker's rest (docs/solver.md, rule D1)."""
        if len(takers) == 1 or not self.prune:
            return list(takers)
        h = self.h
        return [f for f in takers
                if not any(g != f and self.beaten(f, h[f], g, h[g]) for g in takers)]

    def beaten(self, f: int, hf: int, g: int, hg: int) -> bool:
        """Rule D1 for a card that fits foundation ``f`` at height ``hf`` and ``g`` at ``hg``:
        True when ``g`` is the better place (``f``'s rest after the card is a prefix of
        ``g``'s; for equal rests, the lower pile). Heights are arguments so that rule R3's
        games, which keep their own, use the same test."""
        k = (f, hf, g, hg)
        d = self._dominance.get(k)
        if d is None:
            rest_f = self.rank_at[f][hf + 1:]
            rest_g = self.rank_at[g][hg + 1:]
            d = self._dominance[k] = rest_g[:len(rest_f)] == rest_f and (rest_f != rest_g or g < f)
        return d

    # -- moves ------------------------------------------------------------------------
    def play(self, src: int, f: int, card: int) -> None:
        """A card to a foundation, with the fill it causes."""
        filled, fsrc, index = -1, -1, -1
        if src == self.WASTE:
            i = self.waste.pop()
            self.tmask ^= 1 << i
            index = i
        else:
            pile = self.piles[src]
            if self.access[src] == ACCESS_ALL:
                index = pile.index(card)
                del pile[index]
            else:
                pile.pop()
            self._card_out(src, card)
            if not pile:
                for source in self.fill[src]:
                    stack = self.waste if source == self.WASTE else self.stock
                    if stack:
                        filled = stack.pop()
                        self.tmask ^= 1 << filled
                        pile.append(self.talon[filled])
                        self._card_in(src, self.talon[filled])
                        fsrc = source
                        break
        self._advance(f, card)
        self.line.append(Move(TO_FOUNDATION, src, f, card))
        self.trail.append((src, f, card, filled, fsrc, index))

    def turn(self) -> None:
        i = self.stock.pop()
        self.waste.append(i)
        self.line.append(Move(TURN, self.STOCK, self.WASTE, self.talon[i]))
        self.trail.append(None)

    def redeal(self) -> None:
        self.stock = self.waste[::-1]
        self.waste = []
        self.redeals -= 1
        self.line.append(Move(MoveKind.REDEAL, self.WASTE, self.STOCK))
        self.trail.append(REDEAL)

    def undo(self) -> None:
        self.line.pop()
        rec = self.trail.pop()
        if rec is None:
            self.stock.append(self.waste.pop())
            return
        if rec is REDEAL:
            self.waste = self.stock[::-1]
            self.stock = []
            self.redeals += 1
            return
        src, f, card, filled, fsrc, index = rec
        self._retreat(f, card)
        if src == self.WASTE:
            self.waste.append(index)
            self.tmask ^= 1 << index
            return
        pile = self.piles[src]
        if filled >= 0:
            self._card_out(src, pile.pop())
            (self.waste if fsrc == self.WASTE else self.stock).append(filled)
            self.tmask ^= 1 << filled
        if index >= 0:
            pile.insert(index, card)
        else:
            pile.append(card)
        self._card_in(src, card)

    def undo_to(self, depth: int) -> None:
        while len(self.trail) > depth:
            self.undo()

    # -- key --------------------------------------------------------------------------
    def _init_key(self) -> None:
        """Key pieces kept up to date by play/undo, each an exact integer code:
        column heights (a column's cards are a prefix of what was dealt to it), the
        multiset of cards in each class of identical one-card refilling piles (a base-3
        digit per card code: at most two copies), and the heights of foundations that
        have no identical twin. Everything else is computed by :meth:`key`."""
        piles = self.piles
        self.col_weight: dict[int, int] = {}
        self.cell_factor: dict[int, int] = {}
        self.layout_key = 0
        for n, p in enumerate(self.columns):
            self.col_weight[p] = 1 << (8 * n)
            self.layout_key += len(piles[p]) << (8 * n)
        shift = 8 * len(self.columns)
        self.generic_classes = []
        for cls, single in zip(self.cell_classes, self.single_cells):
            if single and all(self.access[i] == ACCESS_TOP for i in cls):
                for i in cls:
                    self.cell_factor[i] = 1 << shift
                    for card in piles[i]:
                        self.layout_key += 3 ** card << shift
                shift += 84  # 2 * (3**52 - 1) / 2 < 2**84
            else:
                self.generic_classes.append(cls)
        self.found_key = 0
        self.f_weight = {}
        self.f_twins = []
        for group in self.f_groups:
            if len(group) == 1 and self.static_suit[group[0]] >= 0:
                self.f_weight[group[0]] = 1 << (4 * len(self.f_weight))
                self.found_key += self.h[group[0]] << (4 * (len(self.f_weight) - 1))
            else:
                self.f_twins.append(group)

    def _card_out(self, p: int, card: int) -> None:
        w = self.col_weight.get(p)
        if w is not None:
            self.layout_key -= w
        elif p in self.cell_factor:
            self.layout_key -= POW3[card] * self.cell_factor[p]

    def _card_in(self, p: int, card: int) -> None:
        w = self.col_weight.get(p)
        if w is not None:
            self.layout_key += w
        elif p in self.cell_factor:
            self.layout_key += POW3[card] * self.cell_factor[p]

    def key(self) -> tuple:
        stock = self.stock
        parts = [self.layout_key, self.tmask, stock[-1] if stock else self.n_talon, self.redeals]
        piles = self.piles
        for cls in self.generic_classes:
            parts.append(tuple(sorted(tuple(sorted(piles[i]) if self.access[i] == ACCESS_ALL
                                            else piles[i]) for i in cls)))
        if self.foundations_in_key:
            parts.append(self.found_key)
            h, fsuit = self.h, self.fsuit
            for group in self.f_twins:
                parts.append(tuple(sorted((h[f], fsuit[f]) for f in group)))
        return tuple(parts)

    # -- pruning ------------------------------------------------------------------------
    def slot_open(self, g: int, pos: int, suit: int) -> bool:
        """Can a card of ``suit`` still reach position ``pos`` of foundation ``g``? Not once
        ``g`` is past it or holds another suit; and an empty any-suit pile only becomes a
        pile of ``suit`` if a copy of its base card in that suit is still out."""
        h = self.h[g]
        if h > pos:
            return False
        if h:
            return self.fsuit[g] == suit
        if self.static_suit[g] >= 0:
            return self.static_suit[g] == suit
        return self.placed[suit * 13 + self.rank_at[g][0]] < self.decks

    def is_safe(self, src: int, card: int, f: int) -> bool:
        """Rule S1 of docs/solver.md: playing ``card`` from ``src`` to ``f`` cannot hurt."""
        # Once the stock is empty for good, a play from the waste or from a pile refilled
        # from it only lets the next waste card come free (docs/solver.md, "the last
        # waste"): no side effect that can hurt.
        last_waste = not self.stock and not self.redeals
        if src == self.WASTE:
            if self.waste_feeds and not last_waste:
                return False
        elif len(self.piles[src]) == 1 and self.fill[src] and not last_waste:
            if any(self.waste if s == self.WASTE else self.stock for s in self.fill[src]):
                return False
        # S1b: every other copy still out lies under this one (so this one is placed
        # first in any line), and every other place for it has a rest that is a prefix
        # of f's rest (so by D1, f is the best place whenever it is placed).
        others = self.decks - self.placed[card] - 1
        if others:
            if src == self.WASTE:
                under = sum(1 for i in self.waste[:-1] if self.talon[i] == card) if self.redeals == 0 else -1
            elif self.access[src] == ACCESS_TOP:
                under = self.piles[src][:-1].count(card)
            else:
                under = -1
            if under == others and self._best_place(card, f):
                return True
        return self._no_rival_place(card, f)

    def _no_rival_place(self, card: int, f: int) -> bool:
        """S1's test on the foundations alone: every other open place for ``card`` is on a
        pile identical to ``f`` (same sequence, height and suit)."""
        h, fsuit = self.h, self.fsuit
        suit = card // 13
        cls, hf, sf = self.f_class[f], h[f], fsuit[f]
        for g, pos in self.slots[card]:
            if g == f or not self.slot_open(g, pos, suit):
                continue
            if self.f_class[g] != cls or h[g] != hf or fsuit[g] != sf:
                return False
        return True

    def _best_place(self, card: int, f: int) -> bool:
        """Every other open place for ``card`` ends, after it, on a prefix of ``f``'s rest."""
        rest_f = self.rank_at[f][self.h[f] + 1:]
        suit = card // 13
        for g, pos in self.slots[card]:
            if g == f or not self.slot_open(g, pos, suit):
                continue
            rest_g = self.rank_at[g][pos + 1:]
            if rest_f[:len(rest_g)] != rest_g:
                return False
        return True

    def apply_safe(self) -> None:
        """Play safe moves until none is left (they are part of the line, not nodes)."""
        piles, takers, access = self.piles, self.takers, self.access
        again = True
        while again:
            again = False
            for p in self.playable:
                pile = piles[p]
                if not pile:
                    continue
                # sorted: the order is part of the search's definition (the C engine follows it)
                for card in (sorted(set(pile)) if access[p] == ACCESS_ALL else (pile[-1],)):
                    ts = takers[card]
                    if ts:
                        f = self.choose(card, ts)[0]
                        if self.is_safe(p, card, f):
                            self.play(p, f, card)
                            again = True
                            break
            if self.waste:
                card = self.talon[self.waste[-1]]
                ts = takers[card]
                if ts:
                    f = self.choose(card, ts)[0]
                    if self.is_safe(self.WASTE, card, f):
                        self.play(self.WASTE, f, card)
                        again = True

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

    def dead_end(self) -> bool:
        """Rule B1: some column card can never leave (every open place for it needs a
        card of which every copy still out lies under it in the same column)."""
        piles, h, fsuit, placed, decks = self.piles, self.h, self.fsuit, self.placed, self.decks
        for p, i, c, under in self._blocks:
            pile = piles[p]
            if len(pile) <= i:
                continue
            below = pile[:i]
            suit = c // 13
            all_blocked = True
            for g, pos in self.slots[c]:
                if not self.slot_open(g, pos, suit):
                    continue
                seq = self.rank_at[g]
                blocked = False
                for k in range(h[g], pos):
                    d = suit * 13 + seq[k]
                    if d in under and decks - placed[d] == below.count(d):
                        blocked = True
                        break
                if not blocked:
                    all_blocked = False
                    break
            if all_blocked:
                return True
        return False

    def waste_dead_end(self) -> bool:
        """Rule B2: rule B1 for the waste, once it behaves like a column: no redeal left
        and no pile refills from it, so its cards leave only from the top, in order."""
        if self.redeals or self.waste_feeds or len(self.waste) < 2:
            return False
        talon, h, placed, decks, rank_at = self.talon, self.h, self.placed, self.decks, self.rank_at
        below = [0] * 52
        for i in self.waste:
            c = talon[i]
            suit = c // 13
            base = suit * 13
            all_blocked = True
            for g, pos in self.slots[c]:
                if not self.slot_open(g, pos, suit):
                    continue
                seq = rank_at[g]
                blocked = False
                for k in range(h[g], pos):
                    d = base + seq[k]
                    count = below[d]
                    if count and decks - placed[d] == count:
                        blocked = True
                        break
                if not blocked:
                    all_blocked = False
                    break
            if all_blocked:
                return True
            below[c] += 1
        return False

    def split_dead_end(self) -> bool:
        """Rule R2 at a node: some suit, played alone from here, is lost (only sound when
        no pile refills, which the caller checks)."""
        talon = self.talon
        return self.split_dead_end_at([talon[i] for i in self.waste], [talon[i] for i in self.stock],
                                      self.piles, self.h, self.fsuit, self.redeals)

    def split_dead_end_at(self, waste_cards, stock_cards, piles, h, fsuit, redeals) -> bool:
        """Rule R2 at the node given by its waste and stock cards (top last), its piles and its
        foundations' heights and suits (by pile): the compiled engine calls it from its own
        nodes, so both searches check R2 with this one function."""
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

    # -- children -----------------------------------------------------------------------
    def children(self) -> list:
        """Macros ``(k, move)``: ``k`` stock turns, then ``move`` (or a redeal).

        Only moves that need the turns follow them (the turned card itself, or a play
        that empties a pile refilled from the talon); any other move commutes with the
        turns and is tried without them (docs/solver.md, rule M1)."""
        piles, takers, access, talon = self.piles, self.takers, self.access, self.talon
        out = []
        later = []
        for p in self.playable:
            pile = piles[p]
            if not pile:
                continue
            for card in (sorted(set(pile)) if access[p] == ACCESS_ALL else (pile[-1],)):
                ts = takers[card]
                if ts:
                    (out if p in self.columns else later).append((p, card))
        moves = [(0, (p, f, card)) for p, card in out for f in self.choose(card, takers[card])]
        waste, stock = self.waste, self.stock
        if waste:
            card = talon[waste[-1]]
            if takers[card]:
                moves += [(0, (self.WASTE, f, card)) for f in self.choose(card, takers[card])]
        # Plays that empty a refilling pile take the waste top (or stock top) into it: after
        # k turns that is a different card, so they are tried after every k.
        refill = [(p, card) for p, card in later if len(piles[p]) == 1 and self.fill[p]]
        moves += [(0, (p, f, card)) for p, card in later if (p, card) not in refill
                  for f in self.choose(card, takers[card])]
        n = len(stock)
        # Rule M2: where the waste feeds no pile, a turned card that is a safe play (S1)
        # ends the macros: turning past it only skips a play that cannot hurt.
        stop_at_safe = self.prune and not self.waste_feeds
        for k in range(0, n + 1):
            if k:
                card = talon[stock[-k]]
                if takers[card]:
                    places = self.choose(card, takers[card])
                    moves += [(k, (self.WASTE, f, card)) for f in places]
                    if stop_at_safe and not refill and self._no_rival_place(card, places[0]):
                        return moves
            for p, r in refill:
                saved = self._fill_card(p, k)
                if saved is None:
                    if not k:  # nothing refills it: an ordinary play
                        moves += [(0, (p, f, r)) for f in self.choose(r, takers[r])]
                    continue
                moves += [(k, (p, f, r)) for f in self.choose(r, takers[r])]
        if self.redeals > 0 and (stock or waste):
            moves.append((n, REDEAL))
        return moves

    def stock_free_dead_end(self, key) -> bool:
        """Rule R3 at a node (``key`` is its key): where it applies, in the last pass, with
        enough cards in the waste and few enough left in the stock."""
        return (self.stock_free is not None and self.checking and not self.redeals
                and len(self.waste) >= STOCK_FREE_MIN_WASTE and len(self.stock) <= STOCK_FREE_MAX_STOCK
                and self.stock_free.lost(key))

    def turn_ahead_cut(self):
        """Rule R3 ahead (docs/solver.md): the fewest turns ``j`` after which the node's
        position, with nothing played, is proved lost by R3; every macro with ``j`` or more
        turns passes through that position, so none can win. None when no such ``j`` is
        found (or R3 is not checked here).

        A check after ``j + 1`` turns is lost whenever the one after ``j`` is (one free
        card fewer), so the smallest ``j`` is found by galloping from where the last cut
        left the stock (neighbouring nodes cut at about the same stock) and then halving:
        two or three checks, most of them short."""
        n = len(self.stock)
        if not (self.turn_ahead and self.looking_ahead and self.checking) or self.redeals or not n \
                or n > TURN_AHEAD_MAX_STOCK:
            return None
        lo = max(1, n - STOCK_FREE_MAX_STOCK, STOCK_FREE_MIN_WASTE - len(self.waste))
        if lo > n:
            return None
        lost = self._lost_after_turns
        guess = min(max(n - self.cut_stock, lo), n)
        if lost(guess):
            hi, step = guess, 1
            while hi - step >= lo and lost(hi - step):
                hi -= step
                step *= 2
            low = max(lo, hi - step + 1)
        else:
            known, step = guess, 1
            while True:
                probe = min(known + step, n)
                if probe == known:
                    return None
                if lost(probe):
                    low, hi = known + 1, probe
                    break
                known, step = probe, step * 2
        while low < hi:
            mid = (low + hi) // 2
            if lost(mid):
                hi = mid
            else:
                low = mid + 1
        self.cut_stock = n - hi
        return hi

    def _lost_after_turns(self, j: int) -> bool:
        """Is the position after ``j`` turns (and no play) proved lost by R3?"""
        mark = len(self.trail)
        for _ in range(j):
            self.turn()
        key = self.key()
        lost = key in self.lost or self.stock_free.lost(key)
        if lost:
            self.lost.add(key)
        self.undo_to(mark)
        return lost

    def checked_positions(self) -> int:
        """Positions of rule R3's games searched at the nodes (they count in the budget)."""
        return self.stock_free.positions if self.stock_free is not None else 0

    def _fill_card(self, p: int, k: int):
        """The talon card that refills pile ``p`` if it empties after ``k`` turns (None if none)."""
        n = len(self.stock)
        for source in self.fill[p]:
            if source == self.WASTE:
                if k:
                    return self.talon[self.stock[-k]]
                if self.waste:
                    return self.talon[self.waste[-1]]
            elif k < n:
                return self.talon[self.stock[-k - 1]]
        return None

    def apply_child(self, child) -> None:
        k, move = child
        for _ in range(k):
            self.turn()
        if move is REDEAL:
            self.redeal()
        else:
            self.play(*move)

    # -- search -------------------------------------------------------------------------
    def run(self) -> bool:
        """True (and ``self.line`` holds a winning line) or False (proved lost);
        :class:`SearchLimit` when a limit is reached first, :class:`SearchInterrupted` on Ctrl-C."""
        try:
            return self._run()
        except SearchInterrupted:
            raise
        except KeyboardInterrupt as stop:
            raise SearchInterrupted(self.positions, self.most_on_foundations) from stop

    def _run(self) -> bool:
        if self.blocked_forever:
            return False
        if self.engine != "python":
            from patience_core.solver import engine
            if engine.available() and engine.supports(self):
                return engine.run(self)
            if self.engine == "c":
                raise RuntimeError("the compiled search engine is not built or does not support "
                                   "this search (see patience_core/solver/engine.py)")
        if self.rng is None:
            return self._dfs()
        budget, first = self.restart_budget, True
        while True:
            self.restart_at = self.positions + self.checked_positions() + budget
            self.shuffle = not first
            # The short dives look for a win, where R3's checks (hundreds of their own
            # positions at a node near the end of the stock) would only slow them down.
            self.checking = budget >= RESTART_GROWTH_LIMIT
            self.looking_ahead = budget >= TURN_AHEAD_MIN_BUDGET
            try:
                return self._dfs()
            except _Restart:
                self.undo_to(0)
            # Many short dives first (wins hide off the first dive), then doubling, so a
            # proof of loss costs at most about twice its last attempt.
            budget, first = (budget * 11 // 10 if budget < RESTART_GROWTH_LIMIT else budget * 2), False

    def _dfs(self) -> bool:
        depth = len(self.trail)
        if self.prune:
            self.apply_safe()
        if self.on_foundations > self.most_on_foundations:
            self.most_on_foundations = self.on_foundations
        if self.on_foundations == self.n_cards:
            return True
        key = self.key()
        if key in self.lost:
            self.undo_to(depth)
            return False
        self.positions += 1
        if self.max_positions is not None and self.positions + self.checked_positions() > self.max_positions:
            raise SearchLimit("positions")
        if self.table_limit is not None and len(self.lost) >= self.table_limit:
            raise SearchLimit("table")
        if self.deadline is not None and not self.positions & 1023 and time.perf_counter() > self.deadline:
            raise SearchLimit("time")
        if self.restart_at is not None and self.positions + self.checked_positions() > self.restart_at:
            raise _Restart
        if not (self.prune and (self.dead_end() or self.waste_dead_end()
                                or (self.split and self.split_dead_end())
                                or self.stock_free_dead_end(key))):
            children = self.children()
            cut = self.turn_ahead_cut()
            if cut is not None:
                children = [child for child in children if child[0] < cut]
            if self.rng is not None and self.shuffle and len(children) > 1:
                rng = self.rng
                children = [c for _, c in sorted(((i + rng.expovariate(0.7), i), c)
                                                  for i, c in enumerate(children))]
            for child in children:
                mark = len(self.trail)
                self.apply_child(child)
                if self._dfs():
                    return True
                self.undo_to(mark)
        self.lost.add(key)
        self.undo_to(depth)
        return False
