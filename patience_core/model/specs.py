"""Frozen specs compiled from a variant's YAML: what each pile and foundation may do.

The vocabulary is PySolFC's stack capabilities and solitaire.gg's rule records: a
:class:`BuildRule` says which card may lie on which (rank relation, step, wrap, suit
relation); a :class:`PileSpec` says how a layout pile is dealt, what it takes on its
top card and when empty, and what may leave it; a :class:`FoundationSpec` says how
a foundation is built. :class:`~patience_core.model.rules.Rules` derives the flat
per-pile arrays the hot paths read from these, in one place.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from patience_core.model import cards

RANK_RELATIONS = ("down", "up", "either", "same", "any", "total", "lower", "higher")
SUIT_RELATIONS = ("same", "alternate", "other", "same-colour", "any", "cycle")
_SUIT_WORDS = ("club", "diamond", "heart", "spade")   # cards.SUITS in words
RED_SUITS = frozenset(s for s, name in enumerate(cards.SUITS) if name in ("D", "H"))


def is_red(card: int) -> bool:
    return card // 13 in RED_SUITS


@dataclass(frozen=True)
class BuildRule:
    """Which card may lie on which: ``upper`` on ``lower``.

    ``rank``: ``down`` (``upper`` is ``step`` ranks below ``lower``), ``up``, ``either``,
    ``same`` (of the same rank), ``any`` (no rank relation), ``lower`` (``upper`` of any rank below
    ``lower``'s, Ace low: Autumn Leaves) or ``higher`` (of any rank above it); ``wrap``: rank arithmetic modulo 13 (A on K, K on A);
    ``suit``: ``same``, ``alternate`` (the other colour), ``other`` (any other suit),
    ``same-colour``, or ``any``; ``keep_direction`` (with ``either``): a pile keeps going the way
    its first two cards went (Union Square; see :meth:`keeps_way`); ``alternative``: a second
    rule (``or:``), either of which will do for each card (Curds and Whey: down in suit, or on
    the same rank); ``total`` (rank ``total``): the two ranks add up to it, A=1 .. K=13 (Eiffel
    Tower's 14); ``cycle`` (suit ``cycle``): the suits in a fixed order, each followed by the
    next and the last by the first (Following: a spade takes a heart, a heart a club, ...);
    ``suit_steps``: the step by the lower card's suit, C D H S (Abacus: clubs 1, spades 2, ...);
    ``nothing_on``: ranks on which no card goes, by this rule or its alternative (Dead King
    Golf's King), ``nothing_on_suits`` the same for suits (Diamond Mine's diamonds); ``never_put``: ranks never put on a card (Swiss Patience's Aces, which only
    gaps take).
    """

    rank: str = "down"
    suit: str = "any"
    step: int = 1
    wrap: bool = False
    keep_direction: bool = False
    alternative: "BuildRule | None" = None
    total: int = 0
    cycle: tuple[int, ...] = ()
    suit_steps: tuple[int, ...] | None = None
    nothing_on: tuple[int, ...] = ()
    never_put: tuple[int, ...] = ()
    nothing_on_suits: tuple[int, ...] = ()
    order: tuple[int, ...] | None = None

    def step_on(self, lower: int) -> int:
        """How many ranks apart a card goes on ``lower`` (by its suit with ``suit_steps``)."""
        return self.step if self.suit_steps is None else self.suit_steps[lower // 13]

    def _goes_up(self, lower: int, upper: int) -> bool:
        lr, ur = lower % 13, upper % 13
        step = self.step_on(lower)
        return (lr + step) % 13 == ur if self.wrap else lr + step == ur

    def keeps_way(self, pile: list[int], upper: int) -> bool:
        """May ``upper`` go on ``pile`` as far as its direction goes? (Only ``keep_direction``
        rules have one: that of the pile's first two cards; a pile of one card takes either.)"""
        return (not self.keep_direction or len(pile) < 2
                or self._goes_up(pile[0], pile[1]) == self._goes_up(pile[-1], upper))

    def alone(self) -> "BuildRule":
        """This rule without its alternative (a pile's ``or:`` waiting for a state that does
        not hold)."""
        return dataclasses.replace(self, alternative=None)

    def follows(self, lower: int, upper: int) -> bool:
        """May ``upper`` be put on ``lower`` (by this rule or its alternative)?"""
        if lower % 13 in self.nothing_on or upper % 13 in self.never_put or lower // 13 in self.nothing_on_suits:
            return False
        if self.alternative is not None and self.alternative.follows(lower, upper):
            return True
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
            elif suit == "other-same-colour":
                if ls == us or (ls in RED_SUITS) != (us in RED_SUITS):
                    return False
            elif suit == "cycle":
                cycle = self.cycle
                if ls not in cycle or cycle[(cycle.index(ls) + 1) % len(cycle)] != us:
                    return False
            elif (ls in RED_SUITS) != (us in RED_SUITS):  # same-colour
                return False
        rank = self.rank
        if rank == "any":
            return True
        lr, ur = lower % 13, upper % 13
        if rank == "same":
            return lr == ur
        if rank == "total":
            return lr + ur + 2 == self.total
        if rank == "lower":   # any lower rank, not only the next (AutumnLeaves_RowStack)
            return ur < lr
        if rank == "higher":
            return ur > lr
        step = self.step_on(lower)
        ranks = 13
        if self.order is not None:   # order: pack, the pack's own ranks in turn (Sticko: K A 7 8)
            if lr not in self.order or ur not in self.order:
                return False
            lr, ur, ranks = self.order.index(lr), self.order.index(ur), len(self.order)
        if self.wrap:
            down, up = (lr - step) % ranks == ur, (lr + step) % ranks == ur
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
                "any": "in any rank order", "lower": "down to any lower rank", "higher": "up to any higher rank",
                "total": f"by ranks adding up to {self.total} with the top card's (A 1, J 11, Q 12, K 13)"}[self.rank]
        stepless = ("any", "same", "total", "lower", "higher")
        if self.suit_steps is not None and self.rank not in stepless:
            rank += " by " + ", ".join(f"{self.suit_steps[s]} on a {_SUIT_WORDS[s]}"
                                       for s in sorted(range(4), key=lambda s: self.suit_steps[s]))
        elif self.rank not in stepless and self.step != 1:
            rank += f" by {self.step}"
        suit = {"same": "in suit", "alternate": "in alternate colours", "other": "in another suit",
                "same-colour": "in the same colour", "any": "regardless of suit",
                "other-same-colour": "in the other suit of the same colour",
                "cycle": "following the suits " + " → ".join(cards.SUITS[s] for s in (*self.cycle, self.cycle[0]))
                if self.cycle else ""}[self.suit]
        wrap = " (wrapping K-A)" if self.wrap and self.rank not in stepless else ""
        if self.order is not None and self.rank not in stepless:
            wrap = (f" in the pack's order of ranks ({' '.join(cards.RANKS[r] for r in self.order)}"
                    f"{', wrapping' if self.wrap else ''})")
        keep = ", each pile the way its first two cards go" if self.keep_direction else ""
        alternative = f", or {self.alternative.words()}" if self.alternative is not None else ""
        closed = " and ".join(([cards.ranks_with_articles(self.nothing_on)] if self.nothing_on else [])
                              + [_SUIT_WORDS[s] + "s" for s in self.nothing_on_suits])
        closed = f", nothing on {closed}" if closed else ""
        never = (f", never {cards.ranks_with_articles(self.never_put)} onto a card" if self.never_put else "")
        return f"{rank} {suit}{wrap}{keep}{alternative}{closed}{never}"

    def run_on_top(self, pile: list[int], most: int) -> int:
        """How many cards on top of ``pile`` (at most ``most``) make one run, every card
        following the one below it by this rule."""
        n = 1 if most > 0 else 0
        while n < most and self.follows(pile[-n - 1], pile[-n]):
            n += 1
        return n

    def is_run(self, run: list[int]) -> bool:
        """Does every card of ``run`` follow the one below it by this rule?"""
        return all(self.follows(a, b) for a, b in zip(run, run[1:]))


@dataclass(frozen=True)
class RunChoice:
    """``run: [A, B]``: a run moves when it is a run by one of the rules all the way (PySolFC's
    Curds and Whey: a run in suit, or cards of one rank; never the two mixed)."""

    rules: tuple[BuildRule, ...]

    def follows(self, lower: int, upper: int) -> bool:
        """May ``upper`` lie on ``lower`` in some run (a run of two cards)?"""
        return any(rule.follows(lower, upper) for rule in self.rules)

    def run_on_top(self, pile: list[int], most: int) -> int:
        return max(rule.run_on_top(pile, most) for rule in self.rules)

    def is_run(self, run: list[int]) -> bool:
        return any(rule.is_run(run) for rule in self.rules)

    def words(self) -> str:
        return " or ".join(rule.words() for rule in self.rules) + " (one rule all along, never mixed)"


@dataclass(frozen=True)
class NeighbourRule:
    """What a gap takes judged by the card beside it (PySolFC's Montana_RowStack): a card
    related to that card by ``rank`` (``up``: one rank above it, ``down``: one below,
    ``higher``: any rank above it) and ``suit`` (as a
    :class:`BuildRule`'s). ``order``: the ranks in the order ``up`` and ``down`` count (a
    stripped pack's own ranks, so 6 follows A in Paganini); ``None``: rank values. Never wraps."""

    rank: str = "up"
    suit: str = "same"
    order: tuple[int, ...] | None = None

    def fits(self, beside: int, card: int) -> bool:
        """May ``card`` go into a gap with ``beside`` next to it?"""
        if self.suit != "any" and not BuildRule(rank="any", suit=self.suit).follows(beside, card):
            return False
        order = self.order
        a, b = beside % 13, card % 13
        if order is not None:
            if a not in order or b not in order:
                return False
            a, b = order.index(a), order.index(b)
        return {"up": b == a + 1, "down": b == a - 1, "higher": b > a}[self.rank]

    def words(self, beside: str) -> str:
        """``a card one rank above the card on its left, in that card's suit``."""
        order = " (in the pack's order of ranks)" if self.order is not None else ""
        suit = {"same": "in that card's suit", "alternate": "in the other colour", "other": "in another suit",
                "same-colour": "in that card's colour", "any": "of any suit"}[self.suit]
        rank = {"up": "one rank above", "down": "one rank below", "higher": "of a higher rank than"}[self.rank]
        return f"a card {rank} the card on its {beside}{order}, {suit}"


def in_order_prefix(piles: list[list[int]], row: tuple[int, ...], ranks: tuple[int, ...]) -> int:
    """How many places from the start of ``row`` hold its run: a card of ``ranks[0]`` on top of
    the first place, then ``ranks[1]``, ... of that card's suit, one place each (PySolFC's
    Montana: isGameWon, and the cards Montana_Talon leaves in place)."""
    first = piles[row[0]]
    if not first or first[-1] % 13 != ranks[0]:
        return 0
    base = first[-1] - first[-1] % 13
    n = 0
    for p, rank in zip(row, ranks):
        pile = piles[p]
        if not pile or pile[-1] != base + rank:
            break
        n += 1
    return n


@dataclass(frozen=True)
class Condition:
    """A state of the game a rule waits for: every pile of ``piles`` empty (``kind``
    ``empty``), every one holding a card (``not_empty``), at least one of them empty
    (``some_empty``: Der kleine Napoleon's cell, free once a reserve pile is), every one holding exactly one
    card, of ``rank`` if given (``one_card``: Aces Up's four Aces), at least ``rank`` cards
    (``at_least``: Big Ben's columns), holding only cards of
    ``rank`` or of the colour ``colour`` (``only``: Block Ten's Tens, Fire and Ice's red
    cards), each empty or one run by its rule in ``runs`` (of ``rank`` cards if given, its
    bottom card of rank ``bottom`` if given: ``sorted``), at most ``rank`` cards in them all
    (``cards_left``), each of ``rows`` holding ``ranks`` in order from its first place, in one
    suit (``rows_in_order``: Montana), every foundation of ``piles`` holding its ``lengths``
    cards (``complete``: King's Secrets' locked cards), at least ``lengths[0]`` of ``piles`` with a
    card of ``rank`` at the bottom (``based``: Scorpion Towers' King-based columns), all of ``parts`` (``all``), or not its one part
    (``not``). ``words`` says it to a player."""

    kind: str
    piles: tuple[int, ...]
    words: str
    rank: int | None = None
    parts: tuple["Condition", ...] = ()
    runs: tuple["BuildRule | RunChoice", ...] = ()
    bottom: int | None = None
    colour: str | None = None
    rows: tuple[tuple[int, ...], ...] = ()
    ranks: tuple[int, ...] = ()
    lengths: tuple[int, ...] = ()

    def holds(self, piles: list[list[int]]) -> bool:
        kind = self.kind
        if kind == "empty":
            return not any(piles[p] for p in self.piles)
        if kind == "not_empty":
            return all(piles[p] for p in self.piles)
        if kind == "complete":   # every foundation of the set holds all its cards
            return all(len(piles[p]) >= n for p, n in zip(self.piles, self.lengths))
        if kind == "some_empty":
            return not all(piles[p] for p in self.piles)
        if kind == "at_least":   # rank: the fewest cards each pile holds (Big Ben's columns)
            return all(len(piles[p]) >= self.rank for p in self.piles)
        if kind == "one_card":
            rank = self.rank
            return all(len(piles[p]) == 1 and (rank is None or piles[p][0] % 13 == rank) for p in self.piles)
        if kind == "only":
            if self.colour is not None:
                red = self.colour == "red"
                return all(is_red(card) == red for p in self.piles for card in piles[p])
            rank = self.rank
            return all(card % 13 == rank for p in self.piles for card in piles[p])
        if kind == "sorted":   # rank: the length each non-empty pile must have (None: any)
            bottom = self.bottom
            return all(not piles[p] or ((self.rank is None or len(piles[p]) == self.rank)
                                        and (bottom is None or piles[p][0] % 13 == bottom)
                                        and rule.is_run(piles[p]))
                       for p, rule in zip(self.piles, self.runs))
        if kind == "based":   # rank: the bottom card's rank; lengths: (at least how many piles,)
            return sum(1 for p in self.piles if piles[p] and piles[p][0] % 13 == self.rank) >= self.lengths[0]
        if kind == "cards_left":   # rank: the most cards outside the foundations
            return sum(len(piles[p]) for p in self.piles) <= self.rank
        if kind == "not":
            return not self.parts[0].holds(piles)
        if kind == "rows_in_order":
            ranks = self.ranks
            return all(in_order_prefix(piles, row, ranks) == len(ranks) for row in self.rows)
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
    cells and empty columns, ``suit-segments`` caps by the same number the stretches of one
    suit a run is made of (Simple Simon); ``partial``: when a move may leave face-up cards behind
    (``any``; ``to-foundation``: only when the card it uncovers can go to a foundation at
    once, as in Solvitaire's and Klondike-Solver's Klondike); ``max_cards``: the most cards it may hold (``None``: no cap);
    ``fill``: pile numbers tried in order to fill a gap at once (``fill_fullest``: the same
    sources by named group, each group giving its pile with the most cards, the first on a tie:
    Gate's two reserves; ``fill_when``: gaps are filled only in this state, and then every gap
    of the layout waiting for it, in pile order: Elevens Too's square, filled while the court is
    empty; ``fill_cards``: how many cards fill a gap at once, taken one at a time, each from the
    first source then holding one: Great Wheel's four, Chelicera's three; ``fill_turns_stock``:
    the stock source (``stock-turn``) turns one draw onto the empty waste, whose top card then
    fills the gap: Whitehorse); ``cards``/``face_down``:
    cards dealt, and how many of them face down (the count below the top face-down card where
    ``faces`` gives each dealt card's face: ``True`` face down, deepest first, so face-up
    cards may lie between face-down ones (Alternation)); ``to_bottom``: a rank (index) whose
    cards the deal moves under the pile's other cards; ``build_when``/``empty_when``: the
    state in which the pile takes cards on its top / when empty (``None``: always);
    ``build_or_when``: the state in which the build rule's ``or:`` rule also takes cards (out of
    it only the first rule does; Faerie Queen's column takes any card while its King is alone);
    ``fill_replaces``: every card that leaves the pile is replaced at once from its ``fill``
    sources, the pile empty or not (PySolFC's Knockout.fillStack);
    ``empty_otherwise``: the rank an empty pile takes while its ``empty_when`` does not hold
    (``None``: nothing; Scorpion Towers' gaps take a King until four columns are King-based);
    ``covered_by``: the piles that lie over this one (a pyramid's two places below): while
    one of them holds a card, nothing leaves or joins this pile, and its face-down cards
    turn up once they are all empty; ``takes_from``/``empty_from``/``build_from``: the only piles
    a card put on it (always / when empty / onto a card: The Little Corporal's reserve cards go
    only into gaps) may come from (``None``: any); ``single_only``: it takes single
    cards, never a run (``single_when_empty``: only while empty, Martha's gaps;
    ``single_onto_cards``: only while not empty, Forty-Nine's columns); ``only_suit``:
    it takes cards of that suit only (Four Winds' cells), ``refused_suits`` never these (Diamond
    Mine's diamonds); ``only_rank``: of that rank only
    (Clock); ``turns_up``: a card put on it turns up its next face-down card onto its top, and
    the next again while the card turned is of ``only_rank`` (its face-down cards turn up only so);
    ``discards``: the card a card put on it covers goes to the discard pile (Accordion);
    ``bottom``: a rank the pile's bottom card must have for anything to be built on it (Picture
    Gallery); ``swap`` (``card``): it trades its one card with another such place's when each
    card is of the other's ``bottom`` rank (Royal Parade), ``pile`` whole piles when one bottom
    card is the other's base (Devil's Grip), ``colour`` one-card places of two groups of
    ``only_colour`` each holding the other's colour (Hemispheres); ``only_colour``: it takes
    cards of that colour only (``red``, ``black``); ``drop_cover``: while covered by one
    pile only, it takes that pile's whole contents moved as one unit onto its top card by its build
    rule (PySolFC's Interlock dropdown);
    ``empty`` may also be a tuple of ranks (Alexander the Great: A or K), ``"set"``: a card
    that, with the cards on the other places of an ``at_once`` set it is gathered for, can
    still make that set (Elevens' court: a J, Q or K of a rank not there yet), or ``"below-base"``:
    only the rank one below the foundations' base, a rank the deal chooses (Penguin, Agnes
    Bernauer; :func:`~patience_core.model.legal.below_base_rank`), of the first foundation of
    ``below_base_of`` where given, one step of that group below its base (Appreciate: the last
    rank of its sequence); ``free_when``: the state in
    which its cards may leave it (``None``: always; Napoleon's cells, locked while the reserve
    piles hold cards); ``turn_when``: the state in which its face-down top card turns up, the
    card staying up afterwards (``None``: at once; Leprechaun's reserves); ``beside``: when empty it also takes a card that fits the top card of
    one of these piles by its rule (the place on its left or right in a grid: Montana's gaps).
    """

    number: int
    name: str
    group: str
    kind: str
    access: str = "top"
    build: BuildRule | None = None
    empty: object = "none"
    moves: str = "card"
    run_rule: "BuildRule | RunChoice | None" = None
    limit: str | None = None
    partial: str = "any"
    max_cards: int | None = None
    fill: tuple[int, ...] = ()
    fill_fullest: tuple[tuple[int, ...], ...] = ()
    fill_when: Condition | None = None
    fill_cards: int = 1
    fill_turns_stock: bool = False
    fill_replaces: bool = False
    cards: int = 0
    face_down: int = 0
    faces: tuple[bool, ...] | None = None
    to_bottom: int | None = None
    build_when: Condition | None = None
    build_or_when: Condition | None = None
    empty_when: Condition | None = None
    empty_otherwise: "int | str | None" = None
    below_base_of: int | None = None
    covered_by: tuple[int, ...] = ()
    drop_cover: bool = False
    takes_from: frozenset[int] | None = None
    empty_from: frozenset[int] | None = None
    empty_from_when: tuple = ()   # ((piles, Condition), ...): sources a gap takes from only in that state
    build_from: frozenset[int] | None = None
    single_only: bool = False
    single_when_empty: bool = False
    single_onto_cards: bool = False
    bottom: int | None = None
    swap: str | None = None
    only_suit: int | None = None
    only_colour: str | None = None
    only_rank: int | None = None
    refused_suits: tuple[int, ...] = ()
    turns_up: bool = False
    discards: bool = False
    free_when: Condition | None = None
    turn_when: Condition | None = None
    beside: tuple[tuple[int, NeighbourRule], ...] = ()

    @property
    def takes_cards(self) -> bool:
        """Can a card ever be moved onto this pile by the player?"""
        return self.build is not None or self.empty != "none" or bool(self.beside)

    def empty_words(self) -> str:
        """The ranks a gap takes, in words: ``a K``, ``an A or a K``, or the rank below the base."""
        if self.empty == "below-base" and self.below_base_of is not None:
            return "the rank one step below its foundation's base (the last of that sequence)"
        return gap_words(self.empty)


def gap_words(empty) -> str:
    """The ranks an ``empty`` rule (or its ``otherwise``) takes, in words."""
    if empty == "below-base":
        return "the rank one below the foundations' base"
    if empty == "base":
        return "the foundations' base rank"
    if empty in ("any", "none"):
        return {"any": "any card", "none": "nothing"}[empty]
    if empty == "set":
        return "a card that, with the cards gathered on its group's places, can still make their set"
    return cards.ranks_with_articles(empty)


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
    takes any set; 0: one card at a time); ``base_set_by`` (with ``base_first`` and a build
    rule): only a card played from these piles chooses the group's base, for good (the
    position's ``chosen_base``: PySolFC's NineAcross_RowStack.moveMove), the rank of the first
    card of the pile it went to; ``takes_pile``: it takes only a pile's whole stack
    of two cards or more at once, whatever their order (PySolFC's AllInARowII_Foundation);
    ``either_way``: the group builds up or down from its
    base, every pile the way the first card built on any of them went (PySolFC's Braid,
    getFoundationDir); ``keep_base``: its first card never leaves (PySolFC's ``min_cards=1``:
    worry and transfer take only the cards above it); ``when``: the state in which the pile
    takes cards (``None``: always; Zodiac's wait for the stock and waste to be used up);
    ``follows_previous``: a pile after the group's first takes, as its first card, only the
    rank of the first card of the pile before it, and then only ranks already on that pile
    (PySolFC's Osmosis_Foundation); ``follows_longest``: a pile shorter than the longest of its
    group (the first of the longest) takes only the rank at its next place in that one, so every
    pile repeats one order of ranks (PySolFC's Osmium_Foundation); ``shared_suit_order``: the
    pile's n-th card must be of the suit of the n-th card of every other such pile, of any group
    (PySolFC's Choice_Foundation, GermanClock_RowStack); ``base_first``: the
    group's base rank is the rank of the first card the player puts on any of its piles
    (Chessboard); ``deal_bases``: during the deal, after each row, a base card on top of a
    dealt pile goes onto an empty pile of the group (Thirty-Six's Aces); ``rank_dealt``: the
    first card of the shuffled pack chooses the group's base rank, and the other cards of that
    rank go onto the group's piles before the rest is dealt, each onto a pile of its suit
    (PySolFC's Penguin, Petal and Napoleon shuffle hooks); ``base_suit_from``: the layout pile
    whose bottom card's suit the pile's first card must have, none while it is empty (PySolFC's
    Glencoe_Foundation); ``base_rank_from``/``base_rank_offset``: the same for the rank, that
    many ranks on (PySolFC's Interregnum.startGame); ``last_from``: the layout pile that alone
    gives the pile its last card (Interregnum_Foundation); ``takes_from``: the only piles its
    cards may come from (``None``: any; British Constitution's top row); ``at_once``: with
    ``takes_run``, a finished run goes up by itself after each move of cards, never as the
    player's move (PySolFC's Arachnida.fillStack).
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
    # base: {of: GROUP, offset: N}: the base is the one the deal gives GROUP, N ranks on
    # (wrapping; Grandmamma's Patience's Ascending piles); base_from_deal is set too.
    base_of: str | None = None
    base_offset: int = 0
    # sequence with base: deal: the listed ranks, read round from the first place of the rank
    # the deal gives (PySolFC's FourByFour_Foundation); base_from_deal is set too.
    listed_from_deal: tuple[int, ...] | None = None
    worry_when: Condition | None = None
    discard: bool = False
    transfer: bool = False
    run_suit: str = "same"
    base_first: bool = False
    follows_previous: bool = False
    follows_longest: bool = False
    shared_suit_order: bool = False
    when: Condition | None = None
    keep_base: bool = False
    either_way: bool = False
    takes_from: frozenset[int] | None = None
    # first_pass_from: until the first redeal, the only piles it takes cards from (St. Helena)
    first_pass_from: frozenset[int] | None = None
    base_suit_from: int | None = None
    base_set_by: frozenset[int] | None = None
    # base_rank_from: the layout pile whose bottom card's rank, base_rank_offset ranks on
    # (wrapping), the pile's first card must have (Interregnum's places)
    base_rank_from: int | None = None
    base_rank_offset: int = 0
    # last_from: the layout pile that alone gives the pile its last card (Interregnum)
    last_from: int | None = None
    takes_set: int = 0
    takes_pile: bool = False
    set_rule: BuildRule | None = None
    deal_bases: bool = False
    rank_dealt: bool = False
    at_once: bool = False


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
    diagonals too; ``line``: in one row or one column); ``among``: every card's rank is one of
    these (Tens: four of a kind among 10, J, Q, K); ``sources``: the piles they may come
    from (each card from a different pile). ``at_once``: not a player's move: the set is
    gathered one card at a time on the ``sources`` and leaves by itself, in the move that
    completes it, as soon as all the cards on them make it (Elevens' J, Q and K; Foursome's
    four of a kind). ``words`` says the rule to a player.

    Sets judged by the order of their group's places (a line): ``where: consecutive``: the
    cards lie on places next to each other in the group's order, each holding a card, from
    ``cards`` up to ``most`` of them (``None``: no limit; Decade, Seven Up); ``distance``: a
    pair's places lie this many places apart in the group's order (Bayan: 1 or 3);
    ``flanked``: ``rank`` or ``suit``: the places just before and just after the set, in the
    group's order, hold cards of one rank (of one suit) (Push Pin). ``totals``: the values add
    up to one of these (``total`` is the first), each card counting ``values[rank]`` (A=1 ..
    K=13 unless the rules say otherwise: Decade's court cards count 10).

    ``consecutive``: the cards' ranks follow each other, in any order, K to A too when ``wrap``
    (Triple Alliance: K, A and 2). A set that leaves by itself may be of any size from ``cards``
    to ``most`` gathered on one pile (Fifteens: number cards totalling 15).
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
    among: tuple[int, ...] | None = None
    at_once: bool = False
    most: int | None = None
    distance: tuple[int, ...] | None = None
    flanked: str | None = None
    totals: tuple[int, ...] | None = None
    values: tuple[int, ...] = tuple(range(1, 14))
    consecutive: bool = False
    wrap: bool = False

    @property
    def in_order(self) -> bool:
        """Is the set judged by where its places lie in their group's order (a line)?"""
        return self.where == "consecutive" or self.distance is not None or self.flanked is not None

    def value(self, card: int) -> int:
        """The card's rank for ``outranked``: A=1 .. K=13, or A=14 with ``aces_high``."""
        rank = card % 13 + 1
        return 14 if rank == 1 and self.aces_high else rank

    def matches(self, chosen: tuple[int, ...]) -> bool:
        """Do these cards (codes, one per source) make a set by this rule?"""
        if len(chosen) != self.cards and not ((self.where == "consecutive" or self.at_once)
                                              and self.cards <= len(chosen)
                                              and (self.most is None or len(chosen) <= self.most)):
            return False
        if self.totals is not None and sum(self.values[c % 13] for c in chosen) not in self.totals:
            return False
        if self.ranks is not None and sorted(c % 13 for c in chosen) != sorted(self.ranks):
            return False
        if self.same_rank and len({c % 13 for c in chosen}) != 1:
            return False
        if self.same_suit and len({c // 13 for c in chosen}) != 1:
            return False
        if self.apart is not None and abs(chosen[0] % 13 - chosen[-1] % 13) not in self.apart:
            return False
        if self.among is not None and any(c % 13 not in self.among for c in chosen):
            return False
        return not (self.consecutive and not self._in_a_run([c % 13 for c in chosen]))

    def _in_a_run(self, ranks: list[int]) -> bool:
        """Are these ranks (indices) distinct and following each other in some order, K to A
        too when ``wrap``?"""
        present = set(ranks)
        if len(present) != len(ranks):
            return False
        if not self.wrap:
            return max(ranks) - min(ranks) == len(ranks) - 1
        return len(ranks) == 13 or any(all((start + i) % 13 in present for i in range(len(ranks)))
                                       for start in present)

    def may_grow(self, gathered: list[int]) -> bool:
        """Can these cards, gathered so far, still be completed into a set by this rule (cards
        of the pack's other ranks and suits added)? For the tests an ``at_once`` rule may have:
        ``ranks``, ``rank: same``, ``suit: same``, ``among``; ``rank: consecutive`` is judged
        as PySolFC's TripleAlliance_Reserve judges it, the cards so far already a run (a 5 and
        a 7 refused though a 6 would join them), and a total by the values so far not above it."""
        if self.most is not None and len(gathered) > self.most:   # most: cards, or a range's max
            return False
        ranks = [c % 13 for c in gathered]
        if self.consecutive and not self._in_a_run(ranks):
            return False
        if self.totals is not None and sum(self.values[r] for r in ranks) > max(self.totals):
            return False
        if self.among is not None and any(r not in self.among for r in ranks):
            return False
        if self.ranks is not None:
            wanted = list(self.ranks)
            for r in ranks:
                if r not in wanted:
                    return False
                wanted.remove(r)
        if self.same_rank and len(set(ranks)) > 1:
            return False
        return not (self.same_suit and len({c // 13 for c in gathered}) > 1)


@dataclass(frozen=True)
class StockSpec:
    """The stock: ``draw`` cards per turn onto a waste pile (the player chooses which when
    there are several), or onto ``to_foundation`` (Golf), or one card to every pile of
    ``deal_to`` (Spider, optionally ``only when no pile is empty``, or
    ``deal_needs_all_empty``: only when every one is, Toad; ``deal_onto_held``: only onto
    the piles that hold a card, the first pile when none does, Grounds for a Divorce;
    ``deal_onto_gaps_first``: only onto the empty piles when there are any, else onto every
    pile, Russian Aces;
    ``deal_onto_last``: one card onto the last pile holding a card, a card of rank
    ``split_before`` starting the next pile, Salic Law;
    ``deal_rounds``: rows dealt by one move, The Spark's three, or with ``deal_by_pile`` cards
    dealt to each pile before the next, Tournament's four; ``drop_onto``: before each
    row, the top card of each pile of ``deal_to`` goes onto the pile of the same number here,
    whatever the card, PySolFC's Trapdoor_Talon); ``redeals``: how
    often the waste may be turned over (:data:`UNLIMITED`: no limit); ``face_up``: its
    top card lies face up and is free like a waste's (Pyramid); ``close_up``: instead, the
    stock closes up the gaps of these places (their cards slide toward the first, in order)
    and deals a card into each gap (Monte Carlo), when asked or, ``close_up_at_once``,
    after every set removed; ``only_fills``: never turned, its cards only fill gaps;
    ``turn_up``: a redeal, once no other move is left, turns up the next face-down card of one of
    these piles (``on_take: turn-up`` piles: Relaxed Clock);
    ``gather``: a redeal picks these piles up in order, unshuffled, and deals them out again
    ``per_pile`` to a pile from the first (Cruel); with ``shuffle``, shuffled first and dealt
    in rows, one card to each pile in turn, the last piles short (La Belle Lucie);
    ``gather_to_stock``: the redeal of a stock that deals rows (``deal_to`` with redeals,
    PySolFC's DealRowRedealTalonStack): once the stock is empty, the ``gather`` piles (the
    ones it deals to) go back into it in order, pile 1 first, each from its top (shuffled with
    ``shuffle``), and a row is dealt at once (Acquaintance, Scuffle); ``top_up``: a
    stock turned onto the waste that, while a pile of these holds fewer than ``top_up_cards``,
    deals to the short piles instead, round and round until each holds that many (Big Ben);
    ``gather_last_first``:
    the last pile is gathered first instead (PySolFC's PerpetualMotion_Talon); ``last_row_to``:
    when the stock holds one card for each of these piles, a deal puts them there instead
    (PySolFC's Carthage_Talon); ``last_row_at_once``: the row that leaves the stock so puts them
    there in the same move (PySolFC's Jane_Talon); ``narrows``: each redeal deals its rows onto one
    pile fewer, the last dropping out (PySolFC's Well_TalonStack); ``draw_by_pass``: cards
    turned at a time on each pass through the stock (``draw`` is the first pass's; Canfield Rush
    turns 3, then 2, then 1); ``keep_ranks`` (with ``gather``): the cards in order at the start of
    each of ``gather_rows`` stay (:func:`in_order_prefix`), the rest are gathered, shuffled and
    dealt back one to each place they left, ``gaps`` saying which of those places stay empty:
    ``after-run`` the first of each row, ``row-end`` each row's last, ``random`` as many as
    there were gaps, chosen at random (PySolFC's Montana_Talon, Station_Talon, Spaces_Talon);
    ``gather_deal`` (with ``gather``, instead of ``per_pile``): how the gathered cards are dealt
    out again: ``rows``, one card to each pile in turn until they run out (PySolFC's
    Capricieuse.redealCards); ``stairs``, rows that each start one pile further on (Usk);
    ``again``, as the deal dealt the group, ``gather_pattern`` giving each pile's face-down and
    dealt cards: the face-down rows, then the face-up ones, as far as the cards go (PySolFC's
    Grandfather, whose redeal is its startGame); ``gather_face_up``: only that many cards of
    each pile go back face up, the rest face down (0: all face up; Fascination Fan);
    ``bottom-to-top``: no pile is dealt anew, each pile's bottom card goes to its top (PySolFC's
    Crescent_Talon). ``gather_one_pile`` (``first`` or ``last``): each redeal picks up one pile
    only, the n-th from the first or from the last, and deals it out again from that pile on,
    then round and round from the first (PySolFC's SeniorWrangler_Talon, Matrimony_Talon);
    with ``deal_to`` it is offered once the stock is empty, as is a ``gather_deal`` redeal.
    ``gather_from_top``: the piles are dealt out again from each one's top down, the last pile
    first (PySolFC's StHelena_Talon reverses what it gathers). ``gather_with_stock``: the stock's
    cards are gathered with the piles and shuffled with them, ``per_pile`` cards are dealt to each
    pile in turn, pile by pile, and the rest go back into the stock (PySolFC's Intelligence_Talon).
    ``deals_per_round`` (with ``gather_to_stock``): a round is that many deals, the deal's own row
    the first; then the stock deals no more until the redeal, which gathers the piles onto the
    cards left in it (shuffled with ``shuffle``) and deals a row, the next round's first (PySolFC's
    Knockout_Talon); the position counts the round's deals. ``when``: the stock is turned, dealt
    or redealt only in this state (PySolFC's VirginiaReel_Talon, TheLuckyNumber_Talon)."""

    draw: int = 1
    redeals: int | float = 0
    deal_to: tuple[int, ...] = ()
    deal_needs_no_gap: bool = False
    deal_needs_all_empty: bool = False
    deal_onto_held: bool = False
    deal_onto_gaps_first: bool = False
    deal_rounds: int = 1
    deal_by_pile: bool = False
    deal_onto_last: bool = False
    drop_onto: tuple[int, ...] = ()
    deal_skip: str = ""
    skip_rule: "BuildRule | RunChoice | None" = None
    split_before: int | None = None
    to_foundation: int | None = None
    face_up: bool = False
    close_up: tuple[int, ...] = ()
    close_up_at_once: bool = False
    only_fills: bool = False
    gather: tuple[int, ...] = ()
    turn_up: tuple[int, ...] = ()
    per_pile: int = 0
    shuffle: bool = False
    gather_to_stock: bool = False
    gather_last_first: bool = False
    top_up: tuple[int, ...] = ()
    top_up_cards: int = 0
    last_row_to: tuple[int, ...] = ()
    last_row_at_once: bool = False
    narrows: bool = False
    draw_by_pass: tuple[int, ...] | None = None
    keep_ranks: tuple[int, ...] = ()
    gather_rows: tuple[tuple[int, ...], ...] = ()
    gaps: str = "after-run"
    gather_deal: str = ""
    gather_face_up: int = 0
    gather_pattern: tuple[tuple[int, int], ...] = ()
    gather_one_pile: str = ""
    gather_from_top: bool = False
    deals_per_round: int = 0
    gather_with_stock: bool = False
    when: Condition | None = None


UNLIMITED = float("inf")  # redeals without limit: decrementing leaves it unlimited

__all__ = ["BuildRule", "RunChoice", "NeighbourRule", "in_order_prefix", "Condition", "PileSpec", "FoundationSpec", "RemoveRule", "StockSpec", "is_red", "RANK_RELATIONS",
           "SUIT_RELATIONS", "UNLIMITED"]
