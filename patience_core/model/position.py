"""A game position: the piles, cheap to change, undo, copy and key.

Moves are :class:`~patience_core.model.moves.Move` records; which are legal is
:mod:`.legal`'s answer. Everything a move causes by itself — a gap refilled from
the waste, a face-down card turned up once exposed — happens inside the move and is
taken back with it by :meth:`Position.undo`.
"""
from __future__ import annotations

from bisect import insort

from patience_core.model import legal
from patience_core.model.moves import (BETWEEN_PILES, CHOOSE, CLOSE_UP, DEAL_ROW, GATHER, FILL, NO_CARD, NO_PILE,
                                       REDEAL, REMOVE, SWAP, TO_FOUNDATION, TURN, TURN_UP, Move, MoveKind, Step)
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, Rules

WON, LOST, PLAYING = "won", "lost", "playing"
_new = tuple.__new__  # builds a Step without NamedTuple's keyword handling (the hot path)


class Slides(tuple):
    """What ``fill: [next-run]`` did after a pile emptied (Moving Left): ``(gap, source, cards,
    turned up)`` for each run that moved left into a gap, in order; kept in a step as its fill."""


class History(list):
    """The moves played, as :class:`Step` records (what undo takes back). The list holds
    plain tuples (a record built per move would halve the speed of the policies' and the
    oracle's play); reading an entry, or iterating, gives it as a :class:`Step`."""

    __slots__ = ()

    def __getitem__(self, index):
        item = list.__getitem__(self, index)
        if isinstance(index, slice):
            return [_new(Step, entry) for entry in item]
        return _new(Step, item)

    def __iter__(self):
        for entry in list.__iter__(self):
            yield _new(Step, entry)

    def raw(self) -> list[tuple]:
        """The entries as the plain tuples they are kept as."""
        return list.__getitem__(self, slice(None))


class Position:
    """``piles[p]``: pile ``p``'s cards bottom to top; ``down[p]``: how many of them, from the
    bottom, lie face down; ``takers[card]``: the foundations that accept ``card`` now, in
    pile order; ``ranks[f]``: foundation ``f``'s rank sequence (a base chosen by the deal
    is known once dealt; ``None`` for a pile built by a rule, like Golf's)."""

    __slots__ = ("rules", "piles", "down", "takers", "redeals_left", "on_foundations", "trail", "ranks",
                 "round_deals", "chosen_base", "base_set_at")

    def __init__(self, rules: Rules, piles: list[list[int]], redeals_left: int | float | None = None,
                 down: list[int] | None = None, ranks: dict[int, tuple[int, ...] | None] | None = None):
        self.rules = rules
        self.piles = piles
        self.redeals_left = rules.redeals if redeals_left is None else redeals_left
        # the deals of this round (stock.deals_per_round), the deal's own row the first
        self.round_deals = 1 if rules.stock_spec.deals_per_round else 0
        # the base a play chose (base_set_by: Nine Across), and the step that chose it, for undo
        self.chosen_base: int | None = None
        self.base_set_at = -1
        fresh = down is None
        if down is None:
            down = ([min(n, max(0, len(pile) - 1)) for n, pile in zip(rules.face_down, piles)]
                    if rules.any_face_down else [0] * rules.n_piles)
        self.down = down
        if rules.any_face_down:
            for p, hidden in enumerate(rules.all_face_down):
                if hidden:
                    down[p] = self._all_down(p)
            if fresh and rules.turn_up_piles:
                for p in rules.turn_up_piles:   # dealt face down to the top; a dealt top card of
                    down[p] = min(rules.face_down[p], len(piles[p]))   # its own rank stays (Clock's Kings)
                    if down[p] < len(piles[p]) and piles[p][-1] % 13 == rules.turn_up_rank[p]:
                        self._turn_up_next(p)
        if rules.any_covered:
            for p in range(rules.n_piles):
                if rules.hidden_until_free[p]:
                    self._hide_if_covered(p)
        if rules.hidden_while_locked:
            self._hide_if_locked()
        if fresh and rules.waiting_turns:   # dealt face down to the top, turned up once their state holds
            for p in rules.waiting_turns:
                down[p] = min(rules.face_down[p], len(piles[p]))
            self._turn_when_ready()
        self.on_foundations = sum(len(piles[f]) for f in rules.foundations)
        self.trail = History()  # the Step of every move played (see History)
        # a base the deal chose stays chosen when its card leaves the foundation (Board Patience)
        self.ranks = self._foundation_ranks() if ranks is None else ranks
        self.takers: list[list[int]] = [[] for _ in range(52)]
        for f in rules.foundations:
            for card in self.wanted(f):
                insort(self.takers[card], f)

    def _foundation_ranks(self) -> dict[int, tuple[int, ...] | None]:
        """The rules' sequences, with a base chosen by the deal filled in (never changed
        afterwards, so copies share it)."""
        rules = self.rules
        if not rules.base_from_deal:
            return rules.f_rank_at
        ranks = dict(rules.f_rank_at)
        for f in rules.foundations:
            spec = rules.f_spec[f]
            if spec.base_from_deal:
                # the first pile's bottom card (Canfield); with start: rank-dealt, any pile's, the
                # first being empty while it waits for Penguin's beak; a pile built by a rule, or
                # piles of fixed suits, get the dealt card on the pile of its suit: any pile's
                group = rules.groups[f"foundation:{spec.base_of or spec.group}"]
                anywhere = spec.rank_dealt or spec.build is not None or rules.f_spec[group[0]].suit >= 0
                dealt = next((self.piles[g] for g in (group if anywhere else group[:1]) if self.piles[g]), None)
                if dealt:
                    base = (dealt[0] + spec.base_offset) % 13
                    if spec.listed_from_deal is not None:
                        at = spec.listed_from_deal.index(base)
                        ranks[f] = spec.listed_from_deal[at:] + spec.listed_from_deal[:at]
                    else:
                        ranks[f] = tuple((base + spec.step * i) % 13 for i in range(spec.length))
        return ranks

    @property
    def history(self) -> History:
        """The moves played, each read as a :class:`Step` record (see :class:`History`)."""
        return self.trail

    @history.setter
    def history(self, steps: list) -> None:
        self.trail = History(tuple(step) for step in steps)
        if self.base_set_at >= len(self.trail):   # the step that chose the base is gone: it stays chosen
            self.base_set_at = -1

    # -- foundations ------------------------------------------------------------
    def wanted(self, f: int) -> tuple[int, ...]:
        """The cards foundation ``f`` accepts next (none when full)."""
        wanted = self._wanted(f)
        if wanted and self.rules.suit_order_piles and f in self.rules.suit_order_piles:
            return self._in_shared_suit_order(f, wanted)
        return wanted

    def _in_shared_suit_order(self, f: int, wanted: tuple[int, ...]) -> tuple[int, ...]:
        """``suit_order: shared`` (Choice): the pile's next card only of the suit the card at that
        place has on the other piles, when one holds that many (they all agree)."""
        piles = self.piles
        n = len(piles[f])
        other = next((piles[g] for g in self.rules.suit_order_piles if len(piles[g]) > n), None)
        if other is None:
            return wanted
        suit = other[n] // 13
        return tuple(card for card in wanted if card // 13 == suit)

    def _wanted(self, f: int) -> tuple[int, ...]:
        pile = self.piles[f]
        n = len(pile)
        rules = self.rules
        if n >= rules.f_length[f]:
            return ()
        if rules.f_spec[f].takes_run or rules.f_spec[f].discard or rules.f_spec[f].takes_set \
                or rules.f_spec[f].takes_pile:
            return ()  # takes whole runs or sets (legal.run_to_foundation_moves), or removed sets only
        spec = rules.f_spec[f]
        if spec.build is not None and (spec.base_first or spec.base_from_deal):
            return self._built_from_chosen_base(f, pile)
        ranks = self.ranks[f]
        if ranks is None and f in rules.base_first_piles:
            ranks = self._chosen_ranks(f)
            if ranks is None:   # no base chosen yet: any card starts the group
                suit = rules.f_suit[f]
                return tuple(c for c in range(52) if rules.copies[c] and suit in (-1, c // 13))
        if ranks is None:
            follows = rules.f_follows.get(f)
            if follows is None:   # a base chosen by the deal, not dealt yet
                return ()
            wanted = follows[pile[-1]] if n else rules.f_first[f]
            group = rules.longest_of.get(f)
            if group is not None:
                return self._following_longest(wanted, n, group)
            before = rules.previous_foundation.get(f)
            return wanted if before is None else self._following(wanted, n, self.piles[before])
        if rules.f_spec[f].either_way:
            ranks = self._either_way_ranks(f, ranks)
            if ranks is None:   # the second card of a pile while no pile has shown the way
                top = pile[-1]
                wanted = ((top + 1) % 13, (top - 1) % 13)
                suits = rules.pack_suits if rules.f_regardless[f] else (top // 13,)
                return tuple(dict.fromkeys(s * 13 + r for s in suits for r in wanted))
        rank = ranks[n]
        if rules.f_regardless[f]:
            return tuple(s * 13 + rank for s in rules.pack_suits)
        if n:
            return (pile[0] - pile[0] % 13 + rank,)
        suit = rules.f_suit[f]
        if suit >= 0:
            return (suit * 13 + rank,)
        return tuple(s * 13 + rank for s in rules.pack_suits)

    def _built_from_chosen_base(self, f: int, pile: list[int]) -> tuple[int, ...]:
        """A pile built by a rule from a base the first card or the deal chooses (Terrace,
        Blondes and Brunettes): on a card, what the rule lets follow; empty, the base rank in the
        pile's suit, or any card of its suit while the first card has not chosen the base."""
        rules = self.rules
        if pile:
            return rules.f_follows[f][pile[-1]]
        if rules.f_spec[f].base_set_by is not None:   # chosen by a play, for good (Nine Across)
            chosen = None if self.chosen_base is None else (self.chosen_base,)
        elif rules.f_spec[f].base_first:
            chosen = self._chosen_ranks(f)
        else:
            chosen = self.ranks[f]
            if chosen is None:   # the deal has not chosen it yet
                return ()
        if chosen is None:
            return rules.f_first[f]
        return tuple(c for c in rules.f_first[f] if c % 13 == chosen[0])

    def _either_way_ranks(self, f: int, up: tuple[int, ...]) -> tuple[int, ...] | None:
        """A pile of a group built up or down (``direction: first-card``): its ranks the way the
        first pile with two cards went (``up`` is the sequence upward from the base), or None
        while this pile holds one card and no pile has gone either way."""
        for g in self.rules.linked_piles[f]:
            pile = self.piles[g]
            if len(pile) >= 2:
                if (pile[1] - pile[0]) % 13 == 1:
                    return up
                return tuple((up[0] - i) % 13 for i in range(len(up)))
        return up if len(self.piles[f]) != 1 else None

    @staticmethod
    def _following(wanted: tuple[int, ...], n: int, before: list[int]) -> tuple[int, ...]:
        """What a pile that follows the pile before it takes of ``wanted`` (Osmosis): its first
        card only of the rank that pile starts with, then only ranks already on it."""
        if not before:
            return ()
        ranks = {before[0] % 13} if not n else {card % 13 for card in before}
        return tuple(card for card in wanted if card % 13 in ranks)

    def _following_longest(self, wanted: tuple[int, ...], n: int, group: tuple[int, ...]) -> tuple[int, ...]:
        """What a pile of ``n`` cards that follows the longest of ``group`` takes of ``wanted``
        (Osmium): while shorter than the first longest pile, only the rank at its next place there."""
        piles = self.piles
        longest = piles[max(group, key=lambda g: len(piles[g]))]   # max keeps the first of equals
        if n >= len(longest):
            return wanted
        rank = longest[n] % 13
        return tuple(card for card in wanted if card % 13 == rank)

    def _chosen_ranks(self, f: int) -> tuple[int, ...] | None:
        """The sequence of a base_first pile once a card of its group has chosen the base."""
        piles = self.piles
        first = next((piles[g][0] for g in self.rules.base_first_piles[f] if piles[g]), None)
        if first is None:
            return None
        spec = self.rules.f_spec[f]
        return tuple((first % 13 + spec.step * i) % 13 for i in range(spec.length))

    def _group_wanted(self, f: int) -> dict[int, tuple[int, ...]] | None:
        """What every pile of ``f``'s base_first group wants now (``None`` for other piles)."""
        group = self.rules.linked_piles.get(f)
        return None if group is None else {g: self.wanted(g) for g in group}

    def _retarget_group(self, before: dict[int, tuple[int, ...]] | None) -> None:
        """A base_first group changed: every pile's wanted cards may have (the base is chosen or
        forgotten)."""
        if before:
            for g, wanted in before.items():
                self._retarget(g, wanted)

    def _retarget(self, f: int, before: tuple[int, ...]) -> None:
        """Foundation ``f`` changed (it wanted ``before``): update who takes what."""
        takers = self.takers
        for card in before:
            takers[card].remove(f)
        for card in self.wanted(f):
            insort(takers[card], f)

    def _by_sequence(self, f: int) -> bool:
        """Is ``f`` built by a known rank sequence, one card at a time? (Then ``takers``
        is kept up to date incrementally by :meth:`_advance` and :meth:`_retreat`.)"""
        return self.rules.f_incremental[f]

    def _advance(self, f: int, card: int) -> None:
        """Sequence foundation ``f`` just received ``card``: update who takes what."""
        rules = self.rules
        takers = self.takers
        n = len(self.piles[f]) - 1
        ranks = self.ranks[f]
        if rules.f_regardless[f] or (n == 0 and rules.f_suit[f] < 0):
            rank = ranks[n]
            for s in rules.pack_suits:
                takers[s * 13 + rank].remove(f)
        else:
            takers[card].remove(f)
        if n + 1 < rules.f_length[f]:
            rank = ranks[n + 1]
            if rules.f_regardless[f]:
                for s in rules.pack_suits:
                    insort(takers[s * 13 + rank], f)
            else:
                insort(takers[card - card % 13 + rank], f)

    def _retreat(self, f: int, card: int) -> None:
        """``card`` just left sequence foundation ``f``: the reverse of :meth:`_advance`."""
        rules = self.rules
        takers = self.takers
        n = len(self.piles[f])
        ranks = self.ranks[f]
        regardless = rules.f_regardless[f]
        if n + 1 < rules.f_length[f]:
            rank = ranks[n + 1]
            if regardless:
                for s in rules.pack_suits:
                    takers[s * 13 + rank].remove(f)
            else:
                takers[card - card % 13 + rank].remove(f)
        if regardless or (n == 0 and rules.f_suit[f] < 0):
            rank = ranks[n]
            for s in rules.pack_suits:
                insort(takers[s * 13 + rank], f)
        else:
            insort(takers[card], f)

    # -- moves --------------------------------------------------------------------
    def free_cards(self):
        """``(pile, card)`` for every free card, in the order a player scans them."""
        return legal.free_cards(self)

    def foundation_moves(self) -> list[Move]:
        return legal.foundation_moves(self)

    def legal_moves(self) -> list[Move]:
        """Every legal move (see :mod:`.legal` for the order)."""
        return legal.legal_moves(self)

    def is_legal(self, move: Move) -> bool:
        """``move in self.legal_moves()``, computed for the move's kind only (legal.is_legal)."""
        return legal.is_legal(self, move)

    def apply(self, move: Move) -> None:
        """Play ``move`` (assumed legal), with the fill and the turn-up it causes."""
        kind, src, dst, card, count = move
        rules = self.rules
        if count == 1:
            # The commonest move, inline: most of every game's moves are turns.
            if kind is TURN and not rules.is_foundation[dst] and not rules.hidden_while_locked \
                    and not rules.after_move:
                piles = self.piles
                piles[dst].append(piles[src].pop())
                self.trail.append((move, NO_PILE, -1, False, False, False, None))
                return
        if kind is TO_FOUNDATION or kind is BETWEEN_PILES:
            self._move_cards(move)
        elif kind is TURN:
            self._turn(move)
        elif kind is REDEAL:
            self._redeal(move)
        elif kind is DEAL_ROW:
            self._deal_row(move)
        elif kind is REMOVE:
            self._remove(move)
        elif kind is CLOSE_UP:
            self.trail.append((move, NO_PILE, -1, False, False, False, self._close_up()))
        elif kind is GATHER:
            self.trail.append((move, NO_PILE, -1, False, False, False, self._gather()))
        elif kind is TURN_UP:   # the player's turn-up, a redeal (Relaxed Clock)
            self.redeals_left -= 1
            self.trail.append((move, NO_PILE, -1, False, False, False, self._turn_up_next(move.dst)))
        elif kind is SWAP:
            self._swap(src, dst)
            self.trail.append((move, NO_PILE, -1, False, False, False, None))
        else:
            raise ValueError(f"{rules.name}: cannot play {move!r} here")
        if rules.after_move:
            done = self._aftermath(kind is TO_FOUNDATION or kind is BETWEEN_PILES)
            if done is not None:   # kept as the step's eighth entry, taken back first by undo
                self.trail[-1] = self.trail[-1] + (done,)
        if rules.hidden_while_locked:
            self._hide_if_locked()

    def _aftermath(self, cards_moved: bool = True) -> tuple | None:
        """What settles by itself after a move: a set gathered complete on its places leaves
        for the discard pile (``remove`` with ``at_once``: Elevens' J, Q, K), then every gap
        waiting for its ``fill: {when}`` state is filled, in pile order, while the state holds
        (Elevens Too); after a move of cards (``cards_moved``, not a stock's), each pile whose
        top cards are a finished run sends it to a foundation that takes runs by itself
        (``at_once``: PySolFC's Arachnida.fillStack, one run a pile, piles in order); last, each
        face-down top card waiting for its ``turn_when:`` state turns up if it holds. Returns
        (the piles the set's cards left, one entry per card, in order; the fills as (gap,
        source, whether the source turned a card up); the runs sent up as (pile, foundation,
        what settling the pile did); the piles turned up) for undo, or ``None``."""
        rules, piles = self.rules, self.piles
        sent: list[tuple] = []
        if rules.runs_at_once and cards_moved:
            for src, f in legal.runs_going_up(self):
                pile = piles[src]
                piles[f].extend(pile[-13:])
                del pile[-13:]
                self.on_foundations += 13
                sent.append((src, f, self._settle(src, pile)))
        removed: list[int] = []
        places = legal.gathered_set(self) if rules.sets_at_once else None
        if places is not None:
            discard = piles[rules.discard]
            for p in places:
                while piles[p]:
                    discard.append(piles[p].pop())
                    removed.append(p)
            self.on_foundations += len(removed)
        filled: list[tuple[int, int, bool]] = []
        fill_when = rules.fill_when
        # the states are read before any gap is filled: a fill may end its own state (Amphibian's
        # places wait for all of them to be empty, and the first card filled ends that)
        ready = [p for p in rules.waiting_fills if not piles[p] and fill_when[p].holds(piles)]
        for p in ready:
            source, flipped = self._fill_from(p, piles[p])
            if source >= 0:
                filled.append((p, source, flipped))
        turned = self._turn_when_ready() if rules.waiting_turns else ()
        if not removed and not filled and not sent and not turned:
            return None
        return tuple(removed), tuple(filled), tuple(sent), turned

    def _turn_when_ready(self) -> tuple[int, ...]:
        """Each pile whose top card lies face down waiting for its ``turn_when:`` state turns it
        up if the state holds (a card turned stays up: PySolFC's autoflip asks canFlipCard after
        every move). Turning changes no pile's cards, so one pass settles them all. Returns the
        piles turned, for undo."""
        piles, down, turn_when = self.piles, self.down, self.rules.turn_when
        turned = tuple(p for p in self.rules.waiting_turns
                       if piles[p] and down[p] == len(piles[p]) and turn_when[p].holds(piles))
        for p in turned:
            self._turn_up(p)
        return turned

    def _undo_aftermath(self, done: tuple) -> None:
        """Take back :meth:`_aftermath`: the fills in reverse, then the set from the discard
        pile, then the runs sent up, last first."""
        removed, filled, sent, turned = done
        piles = self.piles
        for p in reversed(turned):
            self._turn_down(p)
        for p, source, flipped in reversed(filled):
            self._unsettle(p, piles[p], source, False, flipped)
        if removed:   # (a game may have waiting fills and no discard pile: Amphibian)
            discard = piles[self.rules.discard]
            for p in reversed(removed):
                piles[p].append(discard.pop())
            self.on_foundations -= len(removed)
        for src, f, (flipped, gap_filled, fill_flipped) in reversed(sent):
            pile = piles[src]
            self._unsettle(src, pile, gap_filled, flipped, fill_flipped)
            pile.extend(piles[f][-13:])
            del piles[f][-13:]
            self.on_foundations -= 13
            if self.rules.covering[src]:
                self._uncover(src)

    def _swap(self, a: int, b: int) -> None:
        """Places ``a`` and ``b`` trade their cards (and face-down counts): its own undo."""
        piles, down = self.piles, self.down
        piles[a][:], piles[b][:] = piles[b][:], piles[a][:]
        down[a], down[b] = down[b], down[a]

    def _move_cards(self, move: Move) -> None:
        rules = self.rules
        piles = self.piles
        src, dst, card, count = move.src, move.dst, move.card, move.count
        pile = piles[src]
        is_foundation = rules.is_foundation
        src_up, dst_up = is_foundation[src], is_foundation[dst]
        # Foundations built by a rule (Golf) or taking whole runs: recompute what they want; a
        # group whose first card chooses its base: every pile of it.
        group_before = rules.linked_piles and (self._group_wanted(dst) or self._group_wanted(src))
        generic_src = src_up and not self._by_sequence(src) and not group_before
        generic_dst = dst_up and not self._by_sequence(dst) and not group_before
        if generic_src:
            before_src = self.wanted(src)
        if generic_dst:
            before_dst = self.wanted(dst)
        index = -1
        captured = rules.discards_on_take[dst]
        if captured:   # the covered card goes to the discard pile, the card put on takes its place
            piles[rules.discard].append(piles[dst].pop())
            self.on_foundations += 1
        if count == 1:
            if rules.access[src] == ACCESS_ALL:
                index = pile.index(card)
                del pile[index]
            else:
                pile.pop()
            piles[dst].append(card)
        else:
            piles[dst].extend(pile[-count:])
            del pile[-count:]
        if dst_up:
            self.on_foundations += count
            if generic_dst:
                self._retarget(dst, before_dst)
            elif not group_before:
                self._advance(dst, card)
        if src_up:
            self.on_foundations -= count
            if generic_src:
                self._retarget(src, before_src)
            elif not group_before:
                self._retreat(src, card)
        if dst_up and self.chosen_base is None and rules.base_set_by_play:
            chooser = rules.f_spec[dst].base_set_by
            if chooser is not None and src in chooser:   # this play chooses the base (Nine Across)
                self.chosen_base = piles[dst][0] % 13
                self.base_set_at = len(self.trail)   # the index of this move's step
        if group_before:
            self._retarget_group(group_before)
        turned = self._turn_up_next(dst) if rules.turn_up_rank[dst] is not None else None
        flipped, filled, fill_flipped = self._settle(src, pile)
        closed = None
        if captured:   # the row closes up at once (stock close_up at_once)
            stock_spec = rules.stock_spec
            if stock_spec.close_up_at_once and legal.close_up_plan(piles, stock_spec.close_up,
                                                                   len(piles[rules.stock])):
                closed = self._close_up()
        after = None
        if rules.waste_refills or rules.opening_from is not None or rules.fill_chains:
            after = self._after_play(dst_up and self.on_foundations == count, filled)
        # for undo: the cards the take turned up, the close-up, what the play caused beyond
        second = (turned, closed, after) if turned or closed is not None or after is not None else None
        self.trail.append((move, filled, index, flipped, fill_flipped, False, second))

    def _after_play(self, opened: bool, filled: int) -> tuple | None:
        """What a play causes beyond its own pile's settling: the waste, emptied by filling a gap,
        takes the stock's top card (``waste: {fill: [stock]}``); the first card onto the
        foundations deals the opening (``opening_card``). Returns (the piles the opening dealt
        to, in order; whether the waste was refilled) for undo, or ``None``."""
        rules = self.rules
        piles = self.piles
        chained = None
        if rules.fill_chains and filled.__class__ is int and filled >= 0 and not piles[filled] \
                and rules.piles[filled] is not None and rules.fill[filled]:
            # the pile that filled the gap is a gap now, filled in the same move (Twilight Zone)
            chained = (filled, self._settle(filled, piles[filled]))
        stock = piles[rules.stock]
        refilled = 0
        waste = rules.waste
        if rules.waste_refills and not piles[waste] and stock and (
                filled == waste or filled.__class__ is tuple and any(s == waste for s, _ in filled)):
            refilled = min(rules.draw, len(stock))   # one draw (Noumea's three)
            for _ in range(refilled):
                piles[waste].append(stock.pop())
        dealt: list[int] = []
        if opened and rules.opening_from is not None:
            for places, turn in rules.opening_deal:
                if turn:   # the stock turned once onto the waste
                    for _ in range(min(rules.draw, len(stock))):
                        piles[places[0]].append(stock.pop())
                        dealt.append(places[0])
                    continue
                for p in places:   # a card into each gap of the group
                    if not piles[p] and stock:
                        piles[p].append(stock.pop())
                        dealt.append(p)
        return (tuple(dealt), refilled, chained) if dealt or refilled or chained else None

    def _before_play(self, after: tuple) -> None:
        """Undo :meth:`_after_play`: the opening's cards, then the waste's refill, back to the
        stock; then the chained fill."""
        dealt, refilled, chained = after
        piles = self.piles
        stock = piles[self.rules.stock]
        for p in reversed(dealt):
            stock.append(piles[p].pop())
        for _ in range(refilled):   # the draw turned onto the emptied waste
            stock.append(piles[self.rules.waste].pop())
        if chained is not None:
            source, (flipped, filled, fill_flipped) = chained
            self._unsettle(source, piles[source], filled, flipped, fill_flipped)

    def _turn_up_next(self, p: int) -> int:
        """Pile ``p`` took a card (``on_take: turn-up``): its next face-down card, the one nearest
        the top, is turned up onto its top; while the card turned is of the pile's own rank it
        stays, and the next is turned (Clock). Returns how many were turned."""
        pile, rank = self.piles[p], self.rules.turn_up_rank[p]
        turned = 0
        while self.down[p]:
            d = self.down[p] - 1
            card = pile.pop(d)
            pile.append(card)
            self.down[p] = d
            turned += 1
            if card % 13 != rank:
                break
        return turned

    def _turn_down_next(self, p: int, turned: int) -> None:
        """Undo :meth:`_turn_up_next`: the last ``turned`` cards go back face down, in place."""
        pile = self.piles[p]
        for _ in range(turned):
            pile.insert(self.down[p], pile.pop())
            self.down[p] += 1

    def _settle(self, src: int, pile: list[int]) -> tuple[bool, int, bool]:
        """Cards just left ``pile`` (pile ``src``): turn up the face-down card it exposed and
        fill a gap at once. Returns (turned up, the pile the gap was filled from, whether
        taking that card turned one up there)."""
        flipped = False
        if self.down[src] and len(pile) == self.down[src] and self.rules.turns_when_exposed[src]:
            self._turn_up(src)
            flipped = True
        if pile and not self.rules.fill_replaces[src]:   # a gap only, unless every card is replaced
            return flipped, NO_PILE, False
        if self.rules.fill_next[src] >= 0:
            return flipped, self._slide_runs_left(src), False
        filled, fill_flipped = self._fill_gap(src, pile)
        if self.rules.covering[src] and not pile:
            self._uncover(src)
        return flipped, filled, fill_flipped

    def _turn_up(self, p: int) -> None:
        """Pile ``p``'s top card is face down: turn it up. Where face-up cards lie between
        face-down ones (``faces``), those under it are free with it, down to the next face-down
        card (cards below a face-down card are still the dealt ones, in their dealt places)."""
        d = self.down[p] - 1
        pattern = self.rules.face_pattern[p]
        if pattern is not None:
            while d and not pattern[d - 1]:
                d -= 1
        self.down[p] = d

    def _turn_down(self, p: int) -> None:
        """Undo :meth:`_turn_up`: the top card (the one it turned) is face down again."""
        self.down[p] = len(self.piles[p])

    def _hide_if_covered(self, p: int) -> None:
        """A pile dealt face down under others (TriPeaks): face down exactly while covered."""
        self.down[p] = len(self.piles[p]) if legal.is_covered(self, p) else 0

    def _hide_if_locked(self) -> None:
        """Piles dealt face down that wait for their ``free_when:`` state (King's Secrets' locked
        cards): face down exactly while it does not hold (a function of the position, so undo
        calls this too)."""
        piles, down, free_when = self.piles, self.down, self.rules.free_when
        for p in self.rules.hidden_while_locked:
            down[p] = 0 if free_when[p].holds(piles) else len(piles[p])

    def _uncover(self, p: int) -> None:
        """Pile ``p`` changed between empty and not: the piles it lies over follow (their
        state is a function of the position, so undo calls this too)."""
        hidden = self.rules.hidden_until_free
        for q in self.rules.covering[p]:
            if hidden[q]:
                self._hide_if_covered(q)

    def _slide_runs_left(self, p: int) -> Slides | int:
        """``fill: [next-run]``: the empty pile ``p`` takes the longest run that may leave the next
        pile of its group, and a pile so emptied the same from its own next pile, along the row
        (PySolFC's MovingLeft.fillStack); a face-down card a run uncovers turns up. Returns the
        :class:`Slides` (:data:`NO_PILE`: nothing moved)."""
        piles, slides = self.piles, []
        while not piles[p] and self.rules.fill_next[p] >= 0:
            q = self.rules.fill_next[p]
            n = max((count for _card, count in legal.movable_units(self, q)), default=0)
            if not n:
                break
            take = piles[q]
            piles[p].extend(take[-n:])
            del take[-n:]
            turned = bool(self.down[q]) and len(take) == self.down[q]
            if turned:
                self._turn_up(q)
            slides.append((p, q, n, turned))
            p = q
        return Slides(slides) if slides else NO_PILE

    def _unsettle(self, src: int, pile: list[int], filled: int, flipped: bool, fill_flipped: bool) -> None:
        """Take back what :meth:`_settle` did to pile ``src``."""
        if filled.__class__ is Slides:   # the runs back to the right, the last first
            for gap, q, n, turned in reversed(filled):
                if turned:
                    self._turn_down(q)
                self.piles[q].extend(self.piles[gap][-n:])
                del self.piles[gap][-n:]
        elif filled.__class__ is tuple:   # several cards filled the gap (fill: {cards: N}): last first
            for source, source_flipped in reversed(filled):
                self._unsettle(src, pile, source, False, source_flipped)
        elif filled >= 0 and src == self.rules.waste and self.rules.waste_refills and self.rules.draw > 1:
            stock = self.piles[filled]   # the whole draw back: the waste was empty before it
            while pile:
                stock.append(pile.pop())
        elif filled >= 0 and filled == self.rules.stock and self.rules.fill_turns_stock[src]:
            # stock-turn: the card back onto the waste, the waste (empty before) back onto the stock
            waste, stock = self.piles[self.rules.waste], self.piles[filled]
            waste.append(pile.pop())
            while waste:
                stock.append(waste.pop())
        elif filled >= 0 and self.rules.is_foundation[filled]:
            # a stock card that went up instead of filling the gap (_send_up_from_stock)
            before = self.wanted(filled)
            self.piles[self.rules.stock].append(self.piles[filled].pop())
            self.on_foundations -= 1
            self._retarget(filled, before)
        elif filled >= 0:
            if fill_flipped:
                self._turn_down(filled)
            self.piles[filled].append(pile.pop())
            if self.rules.all_face_down[filled]:
                self.down[filled] = self._all_down(filled)
        if flipped:
            self._turn_down(src)

    def _remove(self, move: Move) -> None:
        """A set to the discard pile, then each emptied place settled (fill, turn-up, uncover)."""
        piles = self.piles
        discard = piles[self.rules.discard]
        places = legal.removed_places(self.rules, move)
        for p in places:
            discard.append(piles[p].pop())
        self.on_foundations += move.count
        flipped, filled, fill_flipped = self._settle(move.src, piles[move.src])
        # each other place settled in order: a pair's second pile, a run's places (Decade)
        second = None
        if move.count == 2:
            second = self._settle(move.dst, piles[move.dst])
        elif move.count > 2:
            second = tuple(self._settle(p, piles[p]) for p in places[1:])
        closed = None
        stock_spec = self.rules.stock_spec
        if stock_spec.close_up_at_once and legal.close_up_plan(self.piles, stock_spec.close_up,
                                                                len(self.piles[self.rules.stock])):
            closed = self._close_up()
        self.trail.append((move, filled, -1, flipped, fill_flipped, False, (second, closed)))

    def _group_state(self, places: tuple[int, ...]) -> tuple:
        """The cards and face-down counts of ``places``, for undo (close-up, gather)."""
        return tuple(tuple(self.piles[p]) for p in places), tuple(self.down[p] for p in places)

    def _set_group_state(self, places: tuple[int, ...], state: tuple) -> None:
        for p, cards_, down in zip(places, *state):
            self.piles[p] = list(cards_)
            self.down[p] = down

    def _gather(self) -> tuple:
        """A redeal of the gather group (Cruel, La Belle Lucie); returns its state before."""
        spec = self.rules.stock_spec
        places = spec.gather
        before = self._group_state(places)
        if spec.gather_to_stock:   # the stock's own cards and the round's deals too, for undo
            before = before, tuple(self.piles[self.rules.stock]), self.round_deals
            self._gather_into_stock(places)
            self.round_deals = 1
            return before
        if spec.gather_with_stock:
            return before, self._gather_with_stock(places)
        if spec.keep_ranks:   # the rows' runs stay; the rest is shuffled and dealt back (Montana)
            for p, cards_ in legal.gathered_rows(self.piles, spec, self.redeals_left).items():
                self.piles[p] = cards_
                self.down[p] = 0
            self.redeals_left -= 1
            return before
        if spec.gather_one_pile:   # one pile picked up and dealt on from itself (Senior Wrangler)
            dealt = legal.gathered_one_pile(self.piles, places, legal.one_pile_index(spec, self.redeals_left))
            down = [0] * len(places)
        elif spec.gather_deal:
            dealt, down = legal.gathered_dealt(self.piles, places, spec, self.redeals_left)
        else:
            dealt = (legal.gathered_shuffled(self.piles, places, spec.per_pile, self.redeals_left) if spec.shuffle
                     else legal.gathered(self.piles, places, spec.per_pile))
            down = [0] * len(places)
        if spec.gather_face_up:   # only each pile's top cards go back face up (Fascination Fan)
            down = [max(0, len(pile) - spec.gather_face_up) for pile in dealt]
        self._set_group_state(places, (dealt, tuple(down)))
        self.redeals_left -= 1
        return before

    def _gather_with_stock(self, places: tuple[int, ...]) -> tuple:
        """``gather: {with_stock: true}``: the piles and the stock shuffled together, then
        ``per_pile`` cards dealt to each pile in turn, pile by pile, the stock keeping the rest
        (PySolFC's Intelligence_Talon); under ``deal_to_foundations: {stock: true}`` a card that
        may go up does, and its pile takes the next. Returns (the stock before, the foundations
        the cards went to) for undo."""
        piles, spec = self.piles, self.rules.stock_spec
        stock_before = tuple(piles[self.rules.stock])
        stock = [card for p in places for card in piles[p]] + list(stock_before)
        legal.seeded_shuffle(stock, self.redeals_left)
        piles[self.rules.stock] = stock
        went: list[int] = []
        for p in places:
            piles[p] = []
            self.down[p] = 0
            for _ in range(spec.per_pile):
                if self.rules.stock_deal_up:
                    went += self._send_up(stock)
                if not stock:
                    break
                piles[p].append(stock.pop())
        self.redeals_left -= 1
        return stock_before, tuple(went)

    def _gather_into_stock(self, places: tuple[int, ...]) -> None:
        """The redeal of a row-dealing stock: ``places`` back into the stock (empty, or in
        rounds of deals on the cards left in it: Knockout), pile 1
        first, each from its top (so the last pile's bottom card is on top), shuffled where the
        rules say, then a deal made at once, its rounds as the stock deals them (PySolFC's
        DealRowRedealTalonStack; Tournament_Talon's four cards a pile); the last pile
        first where the rules say (PySolFC's PerpetualMotion_Talon)."""
        piles = self.piles
        stock = piles[self.rules.stock]
        for p in (reversed(places) if self.rules.stock_spec.gather_last_first else places):
            stock.extend(reversed(piles[p]))
            piles[p] = []
            self.down[p] = 0
        if self.rules.stock_spec.shuffle:
            legal.seeded_shuffle(stock, self.redeals_left)
        self.redeals_left -= 1
        width = len(places) - legal.passes_made(self.rules, self.redeals_left)   # Well: one pile fewer a pass
        spec = self.rules.stock_spec
        row = (tuple(p for p in places[:width] for _ in range(spec.deal_rounds)) if spec.deal_by_pile
               else places[:width] * spec.deal_rounds)   # the stock's own deal: Tournament's four a pile
        for p in row[:len(stock)]:
            piles[p].append(stock.pop())

    def _close_up(self) -> tuple:
        """Slide the close-up group's cards toward its first place (in order) and deal a stock
        card into each gap; return (the group's state before, the piles dealt to) for undo."""
        rules = self.rules
        places = rules.stock_spec.close_up
        piles = self.piles
        stock = piles[rules.stock]
        before = self._group_state(places)
        order, gaps = legal.close_up_plan(piles, places, len(stock))
        moved = [(piles[p], self.down[p]) for p in order]
        for p, (cards_, down) in zip(places, moved):
            piles[p] = cards_
            self.down[p] = down
        for p in gaps:
            piles[p].append(stock.pop())
        return before, tuple(gaps)

    def _open_up(self, closed: tuple) -> None:
        """Undo :meth:`_close_up`."""
        before, gaps = closed
        piles = self.piles
        stock = piles[self.rules.stock]
        for p in reversed(gaps):
            stock.append(piles[p].pop())
        self._set_group_state(self.rules.stock_spec.close_up, before)

    def _unremove(self, step: Step) -> None:
        move = step.move
        piles = self.piles
        discard = piles[self.rules.discard]
        second, closed = step.second
        if closed is not None:
            self._open_up(closed)
        places = legal.removed_places(self.rules, move)
        if move.count == 2:
            flipped, filled, fill_flipped = second
            self._unsettle(move.dst, piles[move.dst], filled, flipped, fill_flipped)
        elif move.count > 2:
            for p, (flipped, filled, fill_flipped) in reversed(list(zip(places[1:], second))):
                self._unsettle(p, piles[p], filled, flipped, fill_flipped)
        self._unsettle(move.src, piles[move.src], step.filled, step.flipped, step.fill_flipped)
        for p in reversed(places):
            piles[p].append(discard.pop())
        self.on_foundations -= move.count
        for p in places:
            if self.rules.covering[p]:
                self._uncover(p)

    def _all_down(self, p: int) -> int:
        """The face-down cards of a pile dealt wholly face down: all of them, but for the lone
        last card of an ``access: last`` pile, which lies face up and is free (Eagle Wing)."""
        n = len(self.piles[p])
        return 0 if n == 1 and self.rules.turns_up_last[p] else n

    def _fill_gap(self, src: int, pile: list[int]) -> tuple[int, bool]:
        """Fill the empty ``pile`` from its source that has a card (:func:`legal.fill_source`)."""
        if not self.rules.fill[src] or self.rules.fill_when[src] is not None:
            return NO_PILE, False   # a gap waiting for a state is filled after the move (_aftermath)
        return self._fill_from(src, pile)

    def _fill_from(self, src: int, pile: list[int]) -> tuple:
        """Fill the empty ``pile`` (pile ``src``) from its first source holding a card; returns
        the source (:data:`NO_PILE`: none) and whether taking its card turned one up there.
        A gap that takes several cards (``fill: {cards: N}``) takes them one at a time, each from
        the first source then holding one (PySolFC's GreatWheel.fillStack), and returns the
        tuple of (source, turned up) per card taken, in order, and ``False``."""
        deal_up = self.rules.stock_deal_up
        if self.rules.fill_cards[src] > 1 or deal_up:
            taken: list[tuple[int, bool]] = []
            for _ in range(self.rules.fill_cards[src]):
                if deal_up:   # the stock's cards that go up first, each as (foundation, False)
                    taken += ((f, False) for f in self._send_up_from_stock(src))
                source, flipped = self._fill_one(src, pile)
                if source < 0:
                    break
                taken.append((source, flipped))
            return (tuple(taken) if taken else NO_PILE), False
        return self._fill_one(src, pile)

    def _send_up_from_stock(self, src: int) -> tuple[int, ...]:
        """``deal_to_foundations: {stock: true}`` with a gap filled from the stock: while the
        stock's top card would fill gap ``src`` and may go up, it goes to the first foundation that
        takes it instead (PySolFC's dealToStacksOrFoundations: Intelligence's fans). Returns the
        foundations the cards went to, in order."""
        if legal.fill_source(self, src) != self.rules.stock:
            return ()
        return self._send_up(self.piles[self.rules.stock])

    def _send_up(self, stock: list[int]) -> tuple[int, ...]:
        """While the top card of ``stock`` may go up (a rank of ``deal_to_foundations``) and a
        foundation takes it, it goes to the first such foundation; returns where each went."""
        rules, piles = self.rules, self.piles
        went: list[int] = []
        while stock:
            card = stock[-1]
            if rules.deal_up_ranks is not None and card % 13 not in rules.deal_up_ranks:
                break
            f = next((f for f in rules.foundations if card in self.wanted(f)), None)
            if f is None:
                break
            before = self.wanted(f)
            piles[f].append(stock.pop())
            self.on_foundations += 1
            self._retarget(f, before)
            went.append(f)
        return tuple(went)

    def _fill_one(self, src: int, pile: list[int]) -> tuple[int, bool]:
        """One card into ``pile`` (pile ``src``) from its first source holding one (see _fill_from)."""
        piles, down = self.piles, self.down
        source = legal.fill_source(self, src)
        if source < 0:
            return NO_PILE, False
        take = piles[source]
        if src == self.rules.waste and self.rules.waste_refills and self.rules.draw > 1:
            # waste: {fill: [stock]}: one draw turned onto the emptied waste (Noumea's three)
            for _ in range(min(self.rules.draw, len(take))):
                pile.append(take.pop())
            return source, False
        if source == self.rules.stock and self.rules.fill_turns_stock[src]:
            # stock-turn: one draw onto the waste (empty, as it is tried first), its top card fills
            waste = piles[self.rules.waste]
            for _ in range(min(self.rules.draw, len(take))):
                waste.append(take.pop())
            pile.append(waste.pop())
            return source, False
        pile.append(take.pop())
        if self.rules.all_face_down[source]:   # a face-down feeder stays face down
            down[source] = self._all_down(source)
            return source, False
        if down[source] and len(take) == down[source] and self.rules.turn_when[source] is None:
            self._turn_up(source)
            return source, True
        return source, False

    def _turn(self, move: Move) -> None:
        piles = self.piles
        stock, dst = piles[move.src], piles[move.dst]
        onto_foundation = self.rules.is_foundation[move.dst]  # Golf turns onto its foundation
        if onto_foundation:
            before = self.wanted(move.dst)
        for _ in range(move.count):
            dst.append(stock.pop())
        if onto_foundation:
            self.on_foundations += move.count
            self._retarget(move.dst, before)
        self.trail.append((move, NO_PILE, -1, False, False, False, None))

    def _redeal(self, move: Move) -> None:
        piles = self.piles
        waste = piles[move.src]
        waste.reverse()
        piles[move.dst] = waste
        piles[move.src] = []
        self.redeals_left -= 1  # unlimited (infinity) stays unlimited
        self.trail.append((move, NO_PILE, -1, False, False, False, None))

    def _row_of(self, move: Move) -> tuple[int, ...]:
        """The piles deal ``move`` goes onto."""
        spec = self.rules.stock_spec
        if spec.deal_onto_last:   # onto: last: the move names its one pile (the card decides it, so undo cannot)
            return (move.dst,)
        return legal.row_targets(self.piles, spec, len(self.piles[move.src]),
                                 legal.passes_made(self.rules, self.redeals_left))[:move.count]

    def _deal_row(self, move: Move) -> None:
        piles = self.piles
        stock = piles[move.src]
        row = self._row_of(move)
        # drop_onto: first each dealt pile's top card onto its partner (Trapdoor), kept for undo
        dropped = tuple(p for p in self.rules.stock_spec.deal_to if piles[p]) if self.rules.stock_spec.drop_onto else ()
        if dropped:
            partner = dict(zip(self.rules.stock_spec.deal_to, self.rules.stock_spec.drop_onto))
            for p in dropped:
                piles[partner[p]].append(piles[p].pop())
        if self.rules.stock_deal_up:
            row = self._deal_row_up(stock, row)
        else:
            for p in row:
                piles[p].append(stock.pop())
        spec = self.rules.stock_spec
        if spec.last_row_at_once and stock and len(stock) == len(spec.last_row_to):
            # the stock's last cards go onto their piles with the row that left them (Jane_Talon)
            for p in spec.last_row_to:
                piles[p].append(stock.pop())
            row = row + spec.last_row_to
        # the piles dealt onto are kept for undo: afterwards the position may not tell them
        # (a last row onto some of the rows' own piles, Baroness), nor which piles dropped a card
        self.trail.append((move, NO_PILE, -1, False, False, False, (row, dropped)))
        self.round_deals += 1

    def _deal_row_up(self, stock: list[int], row: tuple[int, ...]) -> tuple[int, ...]:
        """A stock deal under ``deal_to_foundations: {stock: true}``: a card that may go up goes to
        the first foundation that takes it, and its pile takes the next card (PySolFC's
        dealToStacksOrFoundations). Returns where each card went, in order, for undo."""
        rules, piles = self.rules, self.piles
        went: list[int] = []
        for p in row:
            while stock:
                card = stock.pop()
                f = None
                if rules.deal_up_ranks is None or card % 13 in rules.deal_up_ranks:
                    f = next((f for f in rules.foundations if card in self.wanted(f)), None)
                if f is None:
                    piles[p].append(card)
                    went.append(p)
                    break
                before = self.wanted(f)
                piles[f].append(card)
                self.on_foundations += 1
                self._retarget(f, before)
                went.append(f)
        return tuple(went)

    def undo(self) -> Move:
        """Take back the last move (and its fill and turn-up); return it."""
        step = _new(Step, list.pop(self.trail))
        if len(step) > 7:   # what settled by itself after the move (_aftermath), taken back first
            self._undo_aftermath(step[7])
        move = step.move
        kind = move.kind
        piles = self.piles
        if kind is REDEAL:
            stock = piles[move.dst]
            stock.reverse()
            piles[move.src] = stock
            piles[move.dst] = []
            self.redeals_left += 1
        elif kind is TURN:
            stock, dst = piles[move.src], piles[move.dst]
            if self.rules.is_foundation[move.dst]:
                before = self.wanted(move.dst)
                for _ in range(move.count):
                    stock.append(dst.pop())
                self.on_foundations -= move.count
                self._retarget(move.dst, before)
            else:
                for _ in range(move.count):
                    stock.append(dst.pop())
        elif kind is DEAL_ROW:
            self.round_deals -= 1
            stock = piles[move.src]
            row, dropped = step.second
            is_foundation = self.rules.is_foundation
            for p in reversed(row):
                if is_foundation[p]:   # a card the deal sent up (deal_to_foundations: {stock: true})
                    before = self.wanted(p)
                    stock.append(piles[p].pop())
                    self.on_foundations -= 1
                    self._retarget(p, before)
                else:
                    stock.append(piles[p].pop())
            if dropped:
                partner = dict(zip(self.rules.stock_spec.deal_to, self.rules.stock_spec.drop_onto))
                for p in reversed(dropped):
                    piles[p].append(piles[partner[p]].pop())
        elif kind is REMOVE:
            self._unremove(step)
        elif kind is CLOSE_UP:
            self._open_up(step.second)
        elif kind is SWAP:
            self._swap(move.src, move.dst)
        elif kind is GATHER:
            state = step.second
            if self.rules.stock_spec.gather_to_stock:   # the stock as it was (empty but in rounds)
                state, stock, self.round_deals = state
                piles[self.rules.stock] = list(stock)
            elif self.rules.stock_spec.gather_with_stock:
                state, (stock_before, went) = state
                for f in reversed(went):   # the cards the redeal sent up (they go back into the stock)
                    before = self.wanted(f)
                    piles[f].pop()
                    self.on_foundations -= 1
                    self._retarget(f, before)
                piles[self.rules.stock] = list(stock_before)
            self._set_group_state(self.rules.stock_spec.gather, state)
            self.redeals_left += 1
        elif kind is TURN_UP:
            self._turn_down_next(move.dst, step.second)
            self.redeals_left += 1
        else:
            self._unmove_cards(step)
        if self.rules.hidden_while_locked:
            self._hide_if_locked()
        return move

    def _unmove_cards(self, step: Step) -> None:
        rules = self.rules
        piles = self.piles
        move = step.move
        src, dst, card, count = move.src, move.dst, move.card, move.count
        captured = rules.discards_on_take[dst]
        turned, closed, after = step.second or (None, None, None)
        if after is not None:
            self._before_play(after)
        if closed is not None:
            self._open_up(closed)
        pile = piles[src]
        self._unsettle(src, pile, step.filled, step.flipped, step.fill_flipped)
        is_foundation = rules.is_foundation
        src_up, dst_up = is_foundation[src], is_foundation[dst]
        group_before = rules.linked_piles and (self._group_wanted(dst) or self._group_wanted(src))
        generic_src = src_up and not self._by_sequence(src) and not group_before
        generic_dst = dst_up and not self._by_sequence(dst) and not group_before
        if generic_dst:
            before_dst = self.wanted(dst)
        if generic_src:
            before_src = self.wanted(src)
        target = piles[dst]
        if turned:   # the cards its take turned up (on_take: turn-up)
            self._turn_down_next(dst, turned)
        if count == 1:
            target.pop()
            if step.index < 0:
                pile.append(card)
            else:
                pile.insert(step.index, card)
        else:
            pile.extend(target[-count:])
            del target[-count:]
        if dst_up:
            self.on_foundations -= count
            if generic_dst:
                self._retarget(dst, before_dst)
            elif not group_before:
                self._retreat(dst, card)
        if src_up:
            self.on_foundations += count
            if generic_src:
                self._retarget(src, before_src)
            elif not group_before:
                self._advance(src, card)
        if self.base_set_at >= 0 and self.base_set_at == len(self.trail):   # this move chose the base
            self.chosen_base, self.base_set_at = None, -1
        if group_before:
            self._retarget_group(group_before)
        if captured:
            piles[dst].append(piles[rules.discard].pop())
            self.on_foundations -= 1
        if rules.covering[src]:
            self._uncover(src)

    # -- state ----------------------------------------------------------------------
    def is_won(self) -> bool:
        """Every card home, or the variant's ``win:`` state (Relaxed Pyramid: its places empty)."""
        win = self.rules.win
        if win is None:
            return self.on_foundations == self.rules.n_cards
        # a pile that turns its cards up by taking (Clock) is not done while one lies face down
        return win.holds(self.piles) and not any(self.down[p] for p in self.rules.turn_up_piles)

    def status(self) -> str:
        if self.is_won():
            return WON
        return PLAYING if self.legal_moves() else LOST

    def is_face_down(self, p: int, i: int) -> bool:
        """Is card ``i`` (0: the bottom) of pile ``p`` face down? (Stock cards are, but for
        the top card of a face-up stock.)"""
        rules = self.rules
        if p == rules.stock:
            return not (rules.stock_face_up and i == len(self.piles[p]) - 1)
        if i >= self.down[p]:
            return False
        pattern = rules.face_pattern[p]
        return pattern is None or pattern[i]

    def key(self) -> tuple:
        """A hashable key: equal for equal positions (history is not part of it)."""
        if self.rules.stock_spec.deals_per_round:   # the round's deals are part of the state
            return (tuple(map(tuple, self.piles)), self.redeals_left, tuple(self.down), self.round_deals)
        if self.rules.base_set_by_play:   # so is the base a play chose
            return (tuple(map(tuple, self.piles)), self.redeals_left, tuple(self.down), self.chosen_base)
        if self.rules.base_from_deal:   # the base is part of the state, not of the piles
            return (tuple(map(tuple, self.piles)), self.redeals_left, tuple(self.down),
                    tuple(self.ranks[f] for f in self.rules.foundations))
        return (tuple(map(tuple, self.piles)), self.redeals_left, tuple(self.down))

    def copy(self) -> "Position":
        clone = self.__class__.__new__(self.__class__)
        clone.rules = self.rules
        clone.piles = [list(p) for p in self.piles]
        clone.down = list(self.down)
        clone.takers = [list(t) for t in self.takers]
        clone.redeals_left = self.redeals_left
        clone.round_deals = self.round_deals
        clone.chosen_base = self.chosen_base
        clone.base_set_at = self.base_set_at
        clone.on_foundations = self.on_foundations
        clone.trail = History(self.trail.raw())
        clone.ranks = self.ranks
        return clone

    def on_foundation_counts(self) -> list[int]:
        """How many copies of each card code are on the foundations."""
        counts = [0] * 52
        for f in self.rules.foundations:
            for card in self.piles[f]:
                counts[card] += 1
        return counts

    def card_count(self) -> int:
        return sum(len(p) for p in self.piles)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Position) and other.rules is self.rules and other.key() == self.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"<Position {self.rules.name} on_foundations={self.on_foundations}>"


class FamilyPosition(Position):
    """A position of a game whose cards go only to the foundations, one at a time, by
    fixed rank sequences, with no face-down card (``rules.foundation_only``: the Royal
    Cotillion family). Its :meth:`apply` is the short path those moves need; everything
    else (legality, undo, keys) is :class:`Position`'s."""

    __slots__ = ()

    def apply(self, move: Move) -> None:
        kind, src, dst, card, _count = move
        piles = self.piles
        if kind is TURN:
            piles[dst].append(piles[src].pop())
            self.trail.append((move, NO_PILE, -1, False, False, False, None))
            return
        if kind is not TO_FOUNDATION:
            Position.apply(self, move)
            return
        rules = self.rules
        pile = piles[src]
        if rules.access[src] == ACCESS_ALL:
            index = pile.index(card)
            del pile[index]
        else:
            index = -1
            pile.pop()
        target = piles[dst]
        target.append(card)
        self.on_foundations += 1
        # _advance, inline (fixed sequences in suit): the hottest lines of the naive policy.
        takers = self.takers
        n = len(target) - 1
        ranks = rules.f_rank_at[dst]
        if n == 0 and rules.f_suit[dst] < 0:
            rank = ranks[0]
            for old in (rank, 13 + rank, 26 + rank, 39 + rank):
                takers[old].remove(dst)
        else:
            takers[card].remove(dst)
        if n + 1 < rules.f_length[dst]:
            insort(takers[card - card % 13 + ranks[n + 1]], dst)
        filled = self._fill_gap(src, pile)[0] if not pile else NO_PILE
        self.trail.append((move, filled, index, False, False, False, None))


class HookedPosition(Position):
    """A position of a variant whose plugins change legality, filling or the outcome,
    or that starts with a choice. Built-in variants never use it, so the plain
    :class:`Position` keeps its fast path.

    Extra state (part of :meth:`key`): ``pending``, the gap waiting for the player's
    choice of source (-1: none), and ``choosing``, whether the opening choice is still
    to be made. While either is open, its answers are the only legal moves.
    """

    __slots__ = ("pending", "choosing", "layouts")

    def __init__(self, rules: Rules, piles: list[list[int]], redeals_left: int | float | None = None,
                 down: list[int] | None = None, ranks: dict[int, tuple[int, ...] | None] | None = None):
        super().__init__(rules, piles, redeals_left, down, ranks)
        self.pending = -1
        self.choosing = rules.opening is not None
        self.layouts: list[list[list[int]]] = []  # the piles before each choice, for undo

    def legal_moves(self) -> list[Move]:
        rules = self.rules
        if self.choosing:
            return [Move(CHOOSE, NO_PILE, k) for k in range(len(rules.opening.options))]
        piles = self.piles
        if self.pending >= 0:
            return [Move(FILL, s, self.pending, piles[s][-1]) for s in rules.fill[self.pending] if piles[s]]
        moves = legal.legal_moves(self)
        check = rules.move_check
        if check is not None:
            moves = [m for m in moves if check(self, m)]
        return moves

    def is_legal(self, move: Move) -> bool:
        return move in self.legal_moves()   # plugins and open choices decide here

    def apply(self, move: Move) -> None:
        rules = self.rules
        piles = self.piles
        if move.kind is CHOOSE:
            self.layouts.append(piles)
            self.piles = rules.opening.relayout(rules, piles, move.dst)
            self.choosing = False
            self.trail.append((move, NO_PILE, -1, False, False, False, None))
            return
        if move.kind is FILL:
            piles[move.dst].append(piles[move.src].pop())
            self.pending = -1
            self.trail.append((move, NO_PILE, -1, False, False, False, None))
            return
        Position.apply(self, move)
        src = move.src
        if move.is_play and rules.fill_by_player[src]:
            step = _new(Step, self.trail[-1])
            taken = step.filled
            # Filled at once from the first source; if another source had a card too, the
            # player chooses instead: put the card back and wait.
            if taken.__class__ is int and taken >= 0 and any(piles[s] for s in rules.fill[src] if s != taken):
                piles[taken].append(piles[src].pop())
                self.trail[-1] = tuple(step._replace(filled=NO_PILE, pending=True))
                self.pending = src

    def undo(self) -> Move:
        step = _new(Step, self.trail[-1])
        move = step.move
        if move.kind is CHOOSE:
            self.trail.pop()
            self.piles = self.layouts.pop()
            self.choosing = True
            return move
        if move.kind is FILL:
            self.trail.pop()
            self.piles[move.src].append(self.piles[move.dst].pop())
            self.pending = move.dst
            return move
        Position.undo(self)
        if step.pending:
            self.pending = -1
        return move

    def status(self) -> str:
        outcome = self.rules.outcome
        if outcome is not None:
            verdict = outcome(self)
            if verdict is not None:
                return verdict
        if Position.is_won(self):
            return WON
        return PLAYING if self.legal_moves() else LOST

    def is_won(self) -> bool:
        if self.rules.outcome is None:
            return Position.is_won(self)
        return self.status() == WON

    def key(self) -> tuple:
        return Position.key(self) + (self.pending, self.choosing)

    def copy(self) -> "HookedPosition":
        clone = Position.copy(self)
        clone.pending = self.pending
        clone.choosing = self.choosing
        clone.layouts = [[list(p) for p in layout] for layout in self.layouts]
        return clone


__all__ = ["Position", "FamilyPosition", "HookedPosition", "Move", "MoveKind", "NO_CARD", "CHOOSE", "WON", "LOST",
           "PLAYING", "ACCESS_NONE"]
