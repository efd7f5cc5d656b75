"""Frozen specs compiled from a variant's YAML: what each pile and foundation may do.

The vocabulary is PySolFC's stack capabilities and solitaire.gg's rule records: a
:class:`BuildRule` says which card may lie on which (rank relation, step, wrap, suit
relation); a :class:`PileSpec` says how a layout pile is dealt, what it takes on its
top card and when empty, and what may leave it; a :class:`FoundationSpec` says how
a foundation is built. :class:`~patience_core.model.rules.Rules` derives the flat
per-pile arrays the hot paths read from these, in one place.
"""
from __future__ import annotations

from dataclasses import dataclass

from patience_core.model import cards

RANK_RELATIONS = ("down", "up", "either", "same", "any")
SUIT_RELATIONS = ("same", "alternate", "other", "same-colour", "any")
RED_SUITS = frozenset(s for s, name in enumerate(cards.SUITS) if name in ("D", "H"))


def is_red(card: int) -> bool:
    return card // 13 in RED_SUITS


@dataclass(frozen=True)
class BuildRule:
    """Which card may lie on which: ``upper`` on ``lower``.

    ``rank``: ``down`` (``upper`` is ``step`` ranks below ``lower``), ``up``, ``either``,
    ``same`` (of the same rank), or ``any`` (no rank relation); ``wrap``: rank arithmetic modulo 13 (A on K, K on A);
    ``suit``: ``same``, ``alternate`` (the other colour), ``other`` (any other suit),
    ``same-colour``, or ``any``; ``keep_direction`` (with ``either``): a pile keeps going the way
    its first two cards went (Union Square; see :meth:`keeps_way`).
    """

    rank: str = "down"
    suit: str = "any"
    step: int = 1
    wrap: bool = False
    keep_direction: bool = False

    def _goes_up(self, lower: int, upper: int) -> bool:
        lr, ur = lower % 13, upper % 13
        return (lr + self.step) % 13 == ur if self.wrap else lr + self.step == ur

    def keeps_way(self, pile: list[int], upper: int) -> bool:
        """May ``upper`` go on ``pile`` as far as its direction goes? (Only ``keep_direction``
        rules have one: that of the pile's first two cards; a pile of one card takes either.)"""
        return (not self.keep_direction or len(pile) < 2
                or self._goes_up(pile[0], pile[1]) == self._goes_up(pile[-1], upper))

    def follows(self, lower: int, upper: int) -> bool:
        """May ``upper`` be put on ``lower``?"""
        suit = self.suit
        if suit != "any":
            ls, us = lower // 13, upper // 13
            if suit == "same":
                if ls != us:
                    return False
            elif suit == "alternate":
                if (ls in RED_SUITS) == (us in RED_SUITS):
                    return False
            elif suit == "other":
                if ls == us:
                    return False
            elif (ls in RED_SUITS) != (us in RED_SUITS):  # same-colour
                return False
        rank = self.rank
        if rank == "any":
            return True
        lr, ur = lower % 13, upper % 13
        if rank == "same":
            return lr == ur
        step = self.step
        if self.wrap:
            down, up = (lr - step) % 13 == ur, (lr + step) % 13 == ur
        else:
            down, up = lr - step == ur, lr + step == ur
        if rank == "down":
            return down
        if rank == "up":
            return up
        return down or up

    def words(self) -> str:
        """``down by 1 in alternate colours`` for rule texts."""
        rank = {"down": "down", "up": "up", "either": "up or down", "same": "on the same rank",
                "any": "in any rank order"}[self.rank]
        if self.rank not in ("any", "same") and self.step != 1:
            rank += f" by {self.step}"
        suit = {"same": "in suit", "alternate": "in alternate colours", "other": "in another suit",
                "same-colour": "in the same colour", "any": "regardless of suit"}[self.suit]
        wrap = " (wrapping K-A)" if self.wrap and self.rank not in ("any", "same") else ""
        keep = ", each pile the way its first two cards go" if self.keep_direction else ""
        return f"{rank} {suit}{wrap}{keep}"


@dataclass(frozen=True)
class Condition:
    """A state of the game a rule waits for: every pile of ``piles`` empty (``kind``
    ``empty``), every one holding a card (``not_empty``), at least one of them empty
    (``some_empty``: Der kleine Napoleon's cell, free once a reserve pile is), every one holding exactly one
    card, of ``rank`` if given (``one_card``: Aces Up's four Aces), holding only cards of
    ``rank`` (``only``: Block Ten's Tens), each empty or one run by its rule in ``runs`` (of
    ``rank`` cards if given: ``sorted``), at most ``rank`` cards in them all (``cards_left``),
    or all of ``parts`` (``all``). ``words`` says it to a player."""

    kind: str
    piles: tuple[int, ...]
    words: str
    rank: int | None = None
    parts: tuple["Condition", ...] = ()
    runs: tuple[BuildRule, ...] = ()

    def holds(self, piles: list[list[int]]) -> bool:
        kind = self.kind
        if kind == "empty":
            return not any(piles[p] for p in self.piles)
        if kind == "not_empty":
            return all(piles[p] for p in self.piles)
        if kind == "some_empty":
            return not all(piles[p] for p in self.piles)
        if kind == "one_card":
            rank = self.rank
            return all(len(piles[p]) == 1 and (rank is None or piles[p][0] % 13 == rank) for p in self.piles)
        if kind == "only":
            rank = self.rank
            return all(card % 13 == rank for p in self.piles for card in piles[p])
        if kind == "sorted":   # rank: the length each non-empty pile must have (None: any)
            return all(not piles[p] or ((self.rank is None or len(piles[p]) == self.rank)
                                        and all(rule.follows(a, b) for a, b in zip(piles[p], piles[p][1:])))
                       for p, rule in zip(self.piles, self.runs))
        if kind == "cards_left":   # rank: the most cards outside the foundations
            return sum(len(piles[p]) for p in self.piles) <= self.rank
        return all(part.holds(piles) for part in self.parts)


@dataclass(frozen=True)
class PileSpec:
    """One layout pile (tableau column, reserve place, free cell) as compiled.

    ``access``: which cards may leave it (``top``, ``all``, ``none``); ``build``: what it
    takes on its top card (``None``: nothing); ``empty``: what it takes when empty
    (``"any"``, ``"none"``, or a rank index); ``moves``: what may leave it in one move
    (``card``; ``run``: an ordered run by ``run_rule``; ``face-up``: any group of face-up
    cards; ``pile``: only the whole pile; ``card-or-pile``: the top card, or the whole pile
    when it is one run by ``run_rule``); ``limit``: ``supermove`` caps run length by free
    cells and empty columns; ``partial``: when a move may leave face-up cards behind
    (``any``; ``to-foundation``: only when the card it uncovers can go to a foundation at
    once, as in Solvitaire's and Klondike-Solver's Klondike); ``max_cards``: the most cards it may hold (``None``: no cap);
    ``fill``: pile numbers tried in order to fill a gap at once; ``cards``/``face_down``:
    cards dealt, and how many of them face down (the count below the top face-down card where
    ``faces`` gives each dealt card's face: ``True`` face down, deepest first, so face-up
    cards may lie between face-down ones (Alternation)); ``to_bottom``: a rank (index) whose
    cards the deal moves under the pile's other cards; ``build_when``/``empty_when``: the
    state in which the pile takes cards on its top / when empty (``None``: always);
    ``covered_by``: the piles that lie over this one (a pyramid's two places below): while
    one of them holds a card, nothing leaves or joins this pile, and its face-down cards
    turn up once they are all empty; ``takes_from``/``empty_from``/``build_from``: the only piles
    a card put on it (always / when empty / onto a card: The Little Corporal's reserve cards go
    only into gaps) may come from (``None``: any); ``single_only``: it takes single
    cards, never a run (``single_when_empty``: only while empty, Martha's gaps); ``only_suit``:
    it takes cards of that suit only (Four Winds' cells);
    ``empty`` may also be a tuple of ranks (Alexander the Great: A or K), or ``"below-base"``:
    only the rank one below the foundations' base, a rank the deal chooses (Penguin, Agnes
    Bernauer; :func:`~patience_core.model.legal.below_base_rank`); ``free_when``: the state in
    which its cards may leave it (``None``: always; Napoleon's cells, locked while the reserve
    piles hold cards).
    """

    number: int
    name: str
    group: str
    kind: str
    access: str = "top"
    build: BuildRule | None = None
    empty: object = "none"
    moves: str = "card"
    run_rule: BuildRule | None = None
    limit: str | None = None
    partial: str = "any"
    max_cards: int | None = None
    fill: tuple[int, ...] = ()
    cards: int = 0
    face_down: int = 0
    faces: tuple[bool, ...] | None = None
    to_bottom: int | None = None
    build_when: Condition | None = None
    empty_when: Condition | None = None
    covered_by: tuple[int, ...] = ()
    takes_from: frozenset[int] | None = None
    empty_from: frozenset[int] | None = None
    build_from: frozenset[int] | None = None
    single_only: bool = False
    single_when_empty: bool = False
    only_suit: int | None = None
    free_when: Condition | None = None

    @property
    def takes_cards(self) -> bool:
        """Can a card ever be moved onto this pile by the player?"""
        return self.build is not None or self.empty != "none"

    def empty_words(self) -> str:
        """The ranks a gap takes, in words: ``a K``, ``an A or a K``, or the rank below the base."""
        if self.empty == "below-base":
            return "the rank one below the foundations' base"
        return cards.ranks_with_articles(self.empty)


@dataclass(frozen=True)
class FoundationSpec:
    """One foundation pile as compiled.

    ``ranks``: the rank of every place in order (``None`` where the next rank depends
    on the top card: Golf's up-or-down pile, or a base chosen by the deal until it is
    known); ``suit``: the suit a fixed pile builds (-1: its first card decides, or
    ``regardless``); ``regardless``: any suit for every card; ``build``: the relation
    for piles without fixed ranks; ``takes_run``: the pile takes a whole finished run
    at once (Spider), its cards' suits related by ``run_suit`` (``same``, ``alternate``, ``any``); ``worry``: its top card may move back to the layout;
    ``base_from_deal``: the group's base rank is the rank of the card the deal puts
    on its first pile (Canfield); ``discard``: a pile that only removed sets go to (no
    sequence; it takes every card of the pack); ``transfer``: its top card may move onto
    another foundation that takes it (PySolFC's foundations by default); ``takes_set``: it
    takes only that many cards at once, from the top of a pile, a run by its build rule, or by
    ``set_rule`` where given (Beehive: four of a rank; Simplex: four of a rank on a pile that
    takes any set; 0: one card at a time); ``either_way``: the group builds up or down from its
    base, every pile the way the first card built on any of them went (PySolFC's Braid,
    getFoundationDir); ``keep_base``: its first card never leaves (PySolFC's ``min_cards=1``:
    worry and transfer take only the cards above it); ``when``: the state in which the pile
    takes cards (``None``: always; Zodiac's wait for the stock and waste to be used up);
    ``follows_previous``: a pile after the group's first takes, as its first card, only the
    rank of the first card of the pile before it, and then only ranks already on that pile
    (PySolFC's Osmosis_Foundation); ``base_first``: the
    group's base rank is the rank of the first card the player puts on any of its piles
    (Chessboard); ``deal_bases``: during the deal, after each row, a base card on top of a
    dealt pile goes onto an empty pile of the group (Thirty-Six's Aces); ``rank_dealt``: the
    first card of the shuffled pack chooses the group's base rank, and the other cards of that
    rank go onto the group's piles before the rest is dealt, each onto a pile of its suit
    (PySolFC's Penguin, Petal and Napoleon shuffle hooks).
    """

    number: int
    name: str
    group: str
    length: int
    ranks: tuple[int, ...] | None
    suit: int = -1
    regardless: bool = False
    build: BuildRule | None = None
    base: int | None = None
    step: int = 1
    wrap: bool = False
    dealt: bool = False
    takes_run: bool = False
    worry: bool = False
    base_from_deal: bool = False
    worry_when: Condition | None = None
    discard: bool = False
    transfer: bool = False
    run_suit: str = "same"
    base_first: bool = False
    follows_previous: bool = False
    when: Condition | None = None
    keep_base: bool = False
    either_way: bool = False
    takes_set: int = 0
    set_rule: BuildRule | None = None
    deal_bases: bool = False
    rank_dealt: bool = False


@dataclass(frozen=True)
class RemoveRule:
    """Free cards removed together to the discard pile (Pyramid's pairs totalling 13).

    ``cards``: how many (1 or 2); ``total``: the ranks add up to it (A=1 .. K=13);
    ``ranks``: the rank (index) of each card, in any order (a King alone: ``(12,)``);
    ``same_rank``: the cards are of one rank; ``outranked``: a card goes alone while a free
    card of its suit and a higher rank lies on another source pile (Aces Up), Aces ranking
    above Kings when ``aces_high``; ``same_suit``: the cards are of one suit;
    ``apart``: a pair's ranks differ by one of these amounts (Cheops: 0 or 1, no wrap); ``where``:
    how the two places lie in their grid (``anywhere``, ``neighbours``: next to each other,
    diagonals too; ``line``: in one row or one column); ``sources``: the piles they may come
    from (each card from a different pile). ``words`` says the rule to a player.
    """

    cards: int
    sources: tuple[int, ...]
    words: str
    total: int | None = None
    ranks: tuple[int, ...] | None = None
    same_rank: bool = False
    outranked: bool = False
    aces_high: bool = False
    same_suit: bool = False
    where: str = "anywhere"
    apart: tuple[int, ...] | None = None

    def value(self, card: int) -> int:
        """The card's rank for ``outranked``: A=1 .. K=13, or A=14 with ``aces_high``."""
        rank = card % 13 + 1
        return 14 if rank == 1 and self.aces_high else rank

    def matches(self, chosen: tuple[int, ...]) -> bool:
        """Do these cards (codes, one per source) make a set by this rule?"""
        if len(chosen) != self.cards:
            return False
        if self.total is not None and sum(c % 13 + 1 for c in chosen) != self.total:
            return False
        if self.ranks is not None and sorted(c % 13 for c in chosen) != sorted(self.ranks):
            return False
        if self.same_rank and len({c % 13 for c in chosen}) != 1:
            return False
        if self.same_suit and len({c // 13 for c in chosen}) != 1:
            return False
        if self.apart is not None and abs(chosen[0] % 13 - chosen[-1] % 13) not in self.apart:
            return False
        return True


@dataclass(frozen=True)
class StockSpec:
    """The stock: ``draw`` cards per turn onto a waste pile (the player chooses which when
    there are several), or onto ``to_foundation`` (Golf), or one card to every pile of
    ``deal_to`` (Spider, optionally ``only when no pile is empty``, or
    ``deal_needs_all_empty``: only when every one is, Toad); ``redeals``: how
    often the waste may be turned over (:data:`UNLIMITED`: no limit); ``face_up``: its
    top card lies face up and is free like a waste's (Pyramid); ``close_up``: instead, the
    stock closes up the gaps of these places (their cards slide toward the first, in order)
    and deals a card into each gap (Monte Carlo), when asked or, ``close_up_at_once``,
    after every set removed; ``only_fills``: never turned, its cards only fill gaps;
    ``gather``: a redeal picks these piles up in order, unshuffled, and deals them out again
    ``per_pile`` to a pile from the first (Cruel); with ``shuffle``, shuffled first and dealt
    in rows, one card to each pile in turn, the last piles short (La Belle Lucie);
    ``gather_to_stock``: the redeal of a stock that deals rows (``deal_to`` with redeals,
    PySolFC's DealRowRedealTalonStack): once the stock is empty, the ``gather`` piles (the
    ones it deals to) go back into it in order, pile 1 first, each from its top (shuffled with
    ``shuffle``), and a row is dealt at once (Acquaintance, Scuffle); ``draw_by_pass``: cards
    turned at a time on each pass through the stock (``draw`` is the first pass's; Canfield Rush
    turns 3, then 2, then 1)."""

    draw: int = 1
    redeals: int | float = 0
    deal_to: tuple[int, ...] = ()
    deal_needs_no_gap: bool = False
    deal_needs_all_empty: bool = False
    to_foundation: int | None = None
    face_up: bool = False
    close_up: tuple[int, ...] = ()
    close_up_at_once: bool = False
    only_fills: bool = False
    gather: tuple[int, ...] = ()
    per_pile: int = 0
    shuffle: bool = False
    gather_to_stock: bool = False
    draw_by_pass: tuple[int, ...] | None = None


UNLIMITED = float("inf")  # redeals without limit: decrementing leaves it unlimited

__all__ = ["BuildRule", "Condition", "PileSpec", "FoundationSpec", "RemoveRule", "StockSpec", "is_red", "RANK_RELATIONS",
           "SUIT_RELATIONS", "UNLIMITED"]
