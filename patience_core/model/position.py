"""A game position: the piles, cheap to change, undo, copy and key.

A move is a tuple ``(src, dst, card)`` of pile numbers and a card code:
- a card to a foundation: ``(pile, foundation, card)``;
- a stock turn: ``(rules.stock, rules.waste, card turned)``;
- a redeal: ``(rules.waste, rules.stock, NO_CARD)``.
A gap that refills does so inside the move that made it; ``undo`` takes both back.
"""
from __future__ import annotations

from bisect import insort
from typing import Iterator

from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, Rules

NO_CARD = -1
Move = tuple  # (src, dst, card)

WON, LOST, PLAYING = "won", "lost", "playing"


class Position:
    __slots__ = ("rules", "piles", "takers", "redeals_left", "on_foundations", "history")

    def __init__(self, rules: Rules, piles: list[list[int]], redeals_left: int | None = None):
        self.rules = rules
        self.piles = piles
        self.redeals_left = rules.redeals if redeals_left is None else redeals_left
        self.on_foundations = sum(len(piles[f]) for f in rules.foundations)
        # history entries: (src, dst, card, filled_from, index_taken)
        self.history: list[tuple[int, int, int, int, int]] = []
        # takers[card]: the foundations that accept ``card`` now, in pile order.
        self.takers: list[list[int]] = [[] for _ in range(52)]
        for f in rules.foundations:
            for card in self.wanted(f):
                insort(self.takers[card], f)

    # -- foundations ------------------------------------------------------------
    def wanted(self, f: int) -> tuple[int, ...]:
        """The cards foundation ``f`` accepts next (none when full)."""
        pile = self.piles[f]
        n = len(pile)
        rules = self.rules
        if n >= rules.f_length[f]:
            return ()
        rank = rules.f_rank_at[f][n]
        if n:
            return (pile[0] - pile[0] % 13 + rank,)
        suit = rules.f_suit[f]
        if suit >= 0:
            return (suit * 13 + rank,)
        return (rank, 13 + rank, 26 + rank, 39 + rank)

    # -- moves --------------------------------------------------------------------
    def free_cards(self) -> Iterator[tuple[int, int]]:
        """``(pile, card)`` for every free card, in the order a player scans them."""
        piles, access = self.piles, self.rules.access
        for p in self.rules.scan_order:
            pile = piles[p]
            if not pile:
                continue
            if access[p] == ACCESS_ALL:
                seen = set()
                for card in pile:
                    if card not in seen:
                        seen.add(card)
                        yield p, card
            else:
                yield p, pile[-1]

    def foundation_moves(self) -> list[Move]:
        takers = self.takers
        return [(p, f, card) for p, card in self.free_cards() for f in takers[card]]

    def legal_moves(self) -> list[Move]:
        """Every legal move: plays to foundations in scan order, then a stock turn or a redeal."""
        moves = self.foundation_moves()
        rules = self.rules
        stock = self.piles[rules.stock]
        if stock:
            moves.append((rules.stock, rules.waste, stock[-1]))
        elif self.redeals_left and self.piles[rules.waste]:
            moves.append((rules.waste, rules.stock, NO_CARD))
        return moves

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()

    def apply(self, move: Move) -> None:
        """Play ``move`` (assumed legal), with any automatic fill it causes."""
        src, dst, card = move
        rules = self.rules
        piles = self.piles
        if src == rules.waste and dst == rules.stock:
            waste = piles[src]
            waste.reverse()
            piles[dst] = waste
            piles[src] = []
            self.redeals_left -= 1
            self.history.append((src, dst, NO_CARD, -1, -1))
            return
        pile = piles[src]
        if rules.access[src] == ACCESS_ALL:
            index = pile.index(card)
            del pile[index]
        else:
            index = -1
            pile.pop()
        piles[dst].append(card)
        if rules.is_foundation[dst]:
            self._advance(dst, card)
        filled = -1
        if not pile:
            for source in rules.fill[src]:
                if piles[source]:
                    pile.append(piles[source].pop())
                    filled = source
                    break
        self.history.append((src, dst, card, filled, index))

    def _advance(self, f: int, card: int) -> None:
        """Foundation ``f`` just received ``card``: update who takes what."""
        takers = self.takers
        pile = self.piles[f]
        n = len(pile) - 1
        rules = self.rules
        if n == 0 and rules.f_suit[f] < 0:
            rank = rules.f_rank_at[f][0]
            for old in (rank, 13 + rank, 26 + rank, 39 + rank):
                takers[old].remove(f)
        else:
            takers[card].remove(f)
        if n + 1 < rules.f_length[f]:
            insort(takers[card - card % 13 + rules.f_rank_at[f][n + 1]], f)
        self.on_foundations += 1

    def _retreat(self, f: int, card: int) -> None:
        """``card`` just left foundation ``f``: the reverse of :meth:`_advance`."""
        takers = self.takers
        pile = self.piles[f]
        n = len(pile)
        rules = self.rules
        if n + 1 < rules.f_length[f]:
            takers[card - card % 13 + rules.f_rank_at[f][n + 1]].remove(f)
        if n == 0 and rules.f_suit[f] < 0:
            rank = rules.f_rank_at[f][0]
            for old in (rank, 13 + rank, 26 + rank, 39 + rank):
                insort(takers[old], f)
        else:
            insort(takers[card], f)
        self.on_foundations -= 1

    def undo(self) -> Move:
        """Take back the last move (and its fill); return it."""
        src, dst, card, filled, index = self.history.pop()
        piles = self.piles
        if card == NO_CARD:
            stock = piles[dst]
            stock.reverse()
            piles[src] = stock
            piles[dst] = []
            self.redeals_left += 1
            return (src, dst, card)
        pile = piles[src]
        if filled >= 0:
            piles[filled].append(pile.pop())
        piles[dst].pop()
        if self.rules.is_foundation[dst]:
            self._retreat(dst, card)
        if index < 0:
            pile.append(card)
        else:
            pile.insert(index, card)
        return (src, dst, card)

    # -- state ----------------------------------------------------------------------
    def is_won(self) -> bool:
        return self.on_foundations == self.rules.n_cards

    def status(self) -> str:
        if self.is_won():
            return WON
        return PLAYING if self.legal_moves() else LOST

    def key(self) -> tuple:
        """A hashable key: equal for equal positions (history is not part of it)."""
        return (tuple(map(tuple, self.piles)), self.redeals_left)

    def copy(self) -> "Position":
        clone = self.__class__.__new__(self.__class__)
        clone.rules = self.rules
        clone.piles = [list(p) for p in self.piles]
        clone.takers = [list(t) for t in self.takers]
        clone.redeals_left = self.redeals_left
        clone.on_foundations = self.on_foundations
        clone.history = list(self.history)
        return clone

    def card_count(self) -> int:
        return sum(len(p) for p in self.piles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other.rules is self.rules and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<Position {self.rules.name} on_foundations={self.on_foundations}>"


# A move that answers the opening choice: (CHOOSE, option index, NO_CARD).
CHOOSE = -2
# Markers in the "filled" field of a history entry (a source pile number is >= 0).
FILL_PENDING = -2  # the move left a gap that waits for the player's choice of source
FILL_CHOSEN = -3   # the move was the player's choice: a card from a source to the gap


class HookedPosition(Position):
    """A position of a variant whose plugins change legality, filling or the outcome,
    or that starts with a choice. Built-in variants never use it, so the plain
    :class:`Position` keeps its fast path.

    Extra state (part of :meth:`key`): ``pending``, the gap waiting for the player's
    choice of source (-1: none), and ``choosing``, whether the opening choice is still
    to be made. While either is open, its answers are the only legal moves.
    """

    __slots__ = ("pending", "choosing", "layouts")

    def __init__(self, rules: Rules, piles: list[list[int]], redeals_left: int | None = None):
        super().__init__(rules, piles, redeals_left)
        self.pending = -1
        self.choosing = rules.opening is not None
        self.layouts: list[list[list[int]]] = []  # the piles before each choice, for undo

    def legal_moves(self) -> list[Move]:
        rules = self.rules
        if self.choosing:
            return [(CHOOSE, k, NO_CARD) for k in range(len(rules.opening.options))]
        piles = self.piles
        if self.pending >= 0:
            return [(s, self.pending, piles[s][-1]) for s in rules.fill[self.pending] if piles[s]]
        moves = Position.legal_moves(self)
        check = rules.move_check
        if check is not None:
            moves = [m for m in moves if check(self, m)]
        return moves

    def apply(self, move: Move) -> None:
        src, dst, card = move
        rules = self.rules
        piles = self.piles
        if src == CHOOSE:
            self.layouts.append(piles)
            self.piles = rules.opening.relayout(rules, piles, dst)
            self.choosing = False
            self.history.append((CHOOSE, dst, NO_CARD, -1, -1))
            return
        if self.pending >= 0:
            piles[dst].append(piles[src].pop())
            self.pending = -1
            self.history.append((src, dst, card, FILL_CHOSEN, -1))
            return
        Position.apply(self, move)
        if rules.fill_by_player[src]:
            entry = self.history[-1]
            taken = entry[3]
            # Filled at once from the first source; if another source had a card too, the
            # player chooses instead: put the card back and wait.
            if taken >= 0 and any(piles[s] for s in rules.fill[src] if s != taken):
                piles[taken].append(piles[src].pop())
                self.history[-1] = entry[:3] + (FILL_PENDING, entry[4])
                self.pending = src

    def undo(self) -> Move:
        src, dst, _card, filled, _index = self.history[-1]
        if src == CHOOSE:
            self.history.pop()
            self.piles = self.layouts.pop()
            self.choosing = True
            return (CHOOSE, dst, NO_CARD)
        move = Position.undo(self)
        if filled == FILL_PENDING:
            self.pending = -1
        elif filled == FILL_CHOSEN:
            self.pending = dst
        return move

    def status(self) -> str:
        outcome = self.rules.outcome
        if outcome is not None:
            verdict = outcome(self)
            if verdict is not None:
                return verdict
        if self.on_foundations == self.rules.n_cards:
            return WON
        return PLAYING if self.legal_moves() else LOST

    def is_won(self) -> bool:
        if self.rules.outcome is None:
            return self.on_foundations == self.rules.n_cards
        return self.status() == WON

    def key(self) -> tuple:
        return (tuple(map(tuple, self.piles)), self.redeals_left, self.pending, self.choosing)

    def copy(self) -> "HookedPosition":
        clone = Position.copy(self)
        clone.pending = self.pending
        clone.choosing = self.choosing
        clone.layouts = [[list(p) for p in layout] for layout in self.layouts]
        return clone


__all__ = ["Position", "HookedPosition", "NO_CARD", "CHOOSE", "WON", "LOST", "PLAYING", "ACCESS_NONE"]
