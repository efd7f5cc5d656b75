"""Packs, deal numbers and pack files; building the first position.

Deal numbers are reproducible everywhere: the shuffle is a Fisher-Yates written
here, driven only by ``random.Random(seed).random()``, whose output Python
guarantees stable across versions for the same seed.
"""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

from patience_core.model import cards
from patience_core.errors import PackError
from patience_core.model.position import Position
from patience_core.model.rules import Rules


def dealt_pack(rules: Rules) -> list[int]:
    """The cards that are shuffled and dealt: the full pack less the set-out bases
    (taken from the first deck, before shuffling, so no deal is favoured)."""
    pack = list(rules.pack)  # Spider's one- and two-suit packs hold the same number of cards
    for _f, card in rules.setout:
        pack.remove(card)  # removes the first deck's copy
    return pack


def pack_decks(rules: Rules) -> list[list[int]]:
    """``shuffle: separate-decks``: the dealt pack deck by deck, the set-out cards taken from the
    first deck (as :func:`dealt_pack` takes them), each deck to be shuffled on its own."""
    size = len(rules.pack) // rules.decks
    decks = [list(rules.pack[i:i + size]) for i in range(0, len(rules.pack), size)]
    for _f, card in rules.setout:
        next(deck for deck in decks if card in deck).remove(card)
    return decks


def shuffle(pack: list[int], seed: int) -> list[int]:
    """Deal ``seed``: the pack in shuffled order, top card first."""
    return _shuffle(pack, random.Random(seed))


def _shuffle(pack: list[int], rng: random.Random) -> list[int]:
    order = list(pack)
    for i in range(len(order) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return order


def seeded_order(rules: Rules, seed: int) -> list[int]:
    """Deal ``seed``'s pack, top card first; a rule of the shuffle (``distinct_ranks``) goes on
    drawing from the same generator, as PySolFC's shuffle hooks do."""
    rng = random.Random(seed)
    if rules.separate_decks:
        order = [card for deck in pack_decks(rules) for card in _shuffle(deck, rng)]
    else:
        order = _shuffle(dealt_pack(rules), rng)
    if rules.distinct_ranks:
        order = distinct_ranks(order, *rules.distinct_ranks, pick=lambda n: int(rng.random() * n))
    return order


def distinct_ranks(order: list[int], size: int, runs: int, pick) -> list[int]:
    """``distinct_ranks``: each of the first ``runs`` runs of ``size`` cards loses its repeated
    ranks: the first card whose rank came earlier in its run swaps with a card after the run,
    ``pick(n)`` choosing among the ``n`` cards there (0..n-1), until the run holds distinct ranks
    (PySolFC's Nestor._shuffleHook, which gives up on a run after 1000 swaps)."""
    order = list(order)
    for run in range(runs):
        start, end = run * size, (run + 1) * size
        for _attempt in range(1000):
            seen: dict[int, int] = {}
            repeat = next((i for i in range(start, end)
                           if seen.setdefault(order[i] % 13, i) != i), None)
            if repeat is None:
                break
            # PySolFC swaps the rank's first card in the run, not the repeat: _checkRow returns first_index
            first = seen[order[repeat] % 13]
            k = end + pick(len(order) - end)
            order[first], order[k] = order[k], order[first]
    return order


def parse_pack(text: str, rules: Rules, source: str = "pack") -> list[int]:
    """Cards top first, whitespace separated; must be exactly the dealt pack."""
    order = []
    for number, token in enumerate(text.split(), start=1):
        try:
            order.append(cards.parse_card(token))
        except cards.CardError as exc:
            raise PackError(f"{source}: card {number}: {exc}") from None
    expected = Counter(dealt_pack(rules))
    found = Counter(order)
    missing = [cards.card_name(c) for c in sorted(expected) for _ in range(expected[c] - found[c])]
    if len(order) != rules.n_shuffled:
        setout = f" less {len(rules.setout)} set out before the deal" if rules.setout else ""
        detail = f"; missing {_first(missing)}" if missing and len(order) < rules.n_shuffled else ""
        raise PackError(f"{source}: {len(order)} cards; expected {rules.n_shuffled} "
                        f"(the {rules.n_cards}-card pack{setout}){detail}")
    for card, count in sorted(found.items()):
        if count > expected[card]:
            why = (f" ({rules.decks - expected[card]} set out before the deal)"
                   if expected[card] < rules.decks else f" ({rules.decks} decks)")
            raise PackError(f"{source}: {cards.card_name(card)} appears {count} times; "
                            f"expected at most {expected[card]}{why}; missing {_first(missing)}")
    return order


def _first(names: list[str], limit: int = 8) -> str:
    more = f" and {len(names) - limit} more" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def read_pack_file(path: str | Path, rules: Rules) -> list[int]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise PackError(f"{path}: cannot read pack file: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_pack(text, rules, str(path))


def format_pack(order: list[int]) -> str:
    return " ".join(cards.card_name(c) for c in order) + "\n"


def deal_by_order(rules: Rules, order: list[int]) -> list[list[int]]:
    """The built-in deal: set-out bases, then the layout in deal order, rest to stock."""
    piles: list[list[int]] = [[] for _ in range(rules.n_piles)]
    for f, card in rules.setout:
        piles[f].append(card)
    targets = rules.deal_targets
    skip = 0
    if rules.deal_last:
        order = move_to_end(order, rules.deal_last)
    if rules.deal_first:
        order = move_to_front(order, rules.deal_first)
    if rules.deal_first_ranks:
        order = move_ranks_to_front(order, rules.deal_first_ranks)
    if rules.deal_first_unless:
        order = move_rank_to_front_unless(order, *rules.deal_first_unless)
    if rules.split_first is not None or rules.split_last is not None:
        order = move_rank_to_end(order, rules.split_first, rules.split_last)
    if rules.shuffled_bases:
        order = set_out_shuffled_bases(rules, piles, order)
    if rules.rank_dealt:
        order, skip = set_out_rank(rules, piles, order)
    ends = set(rules.deal_row_ends) if rules.deal_bases or rules.deal_up_after_rows else ()
    onto_foundations = rules.deal_to_foundations
    dealt = skip   # the deal targets served
    used = 0       # the cards taken off the pack
    for card in order:
        if dealt == len(targets):
            break
        used += 1
        target = targets[dealt]
        f = (_fitting_foundation(rules, piles, card) if onto_foundations
             and (rules.deal_up_ranks is None or card % 13 in rules.deal_up_ranks)
             and not _dealt_face_down(rules, target, len(piles[target])) else None)
        if f is not None and rules.deal_up_waits:   # the pile takes the next card instead (Dieppe)
            piles[f].append(card)
            continue
        if f is None and rules.is_foundation[target] and rules.f_suit[target] not in (-1, card // 13):
            f = _pile_of_suit(rules, target, card)
        piles[target if f is None else f].append(card)
        dealt += 1
        if dealt in ends:
            if rules.deal_bases:
                bases_up(rules, piles)
            if rules.deal_up_after_rows:
                tops_up(rules, piles)
    for p in rules.to_bottom_piles:
        move_to_bottom(piles[p], rules.piles[p].to_bottom)
    for places, rank in rules.gap_fillers:
        fill_dealt_gaps(piles, places, rank)
    rest = order[used:]
    if rules.split_deals_rest:
        deal_split(rules, piles, rest)
        rest = []
    elif rules.suit_dealt:
        deal_by_suit(rules, piles, rest)
        rest = []
    rest.reverse()  # the next card of the pack ends on top (the end of the list)
    piles[rules.stock] = rest
    return piles


def _dealt_face_down(rules: Rules, p: int, k: int) -> bool:
    """Is the ``k``-th card (from 0) dealt to pile ``p`` dealt face down? Such a card never goes
    up during the deal, as PySolFC's dealToStacksOrFoundations sends up only the cards it deals
    face up (Casket's jewels keep their Aces)."""
    spec = rules.piles[p]
    if spec is None:
        return False
    if spec.faces:
        return k < len(spec.faces) and spec.faces[k]
    return k < rules.face_down[p]


def move_to_end(order: list[int], last: tuple[int, ...]) -> list[int]:
    """``deal_last``: every copy of these cards goes to the bottom of the pack, in the order
    listed, the others keeping theirs (PySolFC's _shuffleHookMoveToBottom)."""
    return [card for card in order if card not in last] + [card for card in last for c in order if c == card]


def move_to_front(order: list[int], first: tuple[int, ...]) -> list[int]:
    """``deal_first``: every copy of these cards goes to the top of the pack, in the order listed
    (the first listed dealt first), the others keeping theirs (PySolFC's _shuffleHookMoveToTop)."""
    return [card for card in first for c in order if c == card] + [card for card in order if card not in first]


def move_ranks_to_front(order: list[int], ranks: tuple[int, ...]) -> list[int]:
    """``deal_first: [{rank: R}, ...]``: the card of each rank nearest the bottom of the pack
    (the end of ``order``) goes to its top, in the order listed (PySolFC's
    VirginiaReel._shuffleHook, which scans its talon list from the bottom)."""
    picked = [max(i for i, card in enumerate(order) if card % 13 == rank) for rank in ranks]
    taken = set(picked)
    return [order[i] for i in picked] + [card for i, card in enumerate(order) if i not in taken]


def move_rank_to_front_unless(order: list[int], ranks: frozenset[int], first: int) -> list[int]:
    """``deal_first: [{ranks: [...], unless_in_first: N}]``: unless one of the first ``first``
    cards has one of these ranks, the card of one of them nearest the bottom of the pack (the
    end of ``order``) goes to its top (PySolFC's Tournament._shuffleHook, which scans its talon
    list from the bottom: an Ace or King for the first reserve place)."""
    if any(card % 13 in ranks for card in order[:first]):
        return order
    i = max(i for i, card in enumerate(order) if card % 13 in ranks)
    return [order[i]] + order[:i] + order[i + 1:]


def move_rank_to_end(order: list[int], first: int | None, last: int | None) -> list[int]:
    """``split: {first: R}``: the pack's last card of rank R goes to its top; ``last: R``: to its
    bottom. PySolFC's Kings and Kentish shuffle hooks take the first such card of their talon
    list, whose top is the list's end, so the card nearest the bottom of the pack."""
    rank = first if first is not None else last
    i = max(i for i, card in enumerate(order) if card % 13 == rank)
    card = order.pop(i)
    return [card] + order if first is not None else order + [card]


def split_pile_for(rules: Rules, piles: list[list[int]], current: int, card: int) -> int:
    """The index in ``rules.split_piles`` a card of a split group goes to, the current pile
    being ``current``: a card of the ``before`` rank starts the next pile, unless the current
    one is still empty (PySolFC's DerKatzenschwanz.startGame, SalicLaw_Talon)."""
    if card % 13 == rules.split_before and piles[rules.split_piles[current]]:
        return current + 1
    return current


def deal_split(rules: Rules, piles: list[list[int]], cards_: list[int]) -> None:
    """Deal ``cards_`` onto the split group pile by pile: a card of the ``before`` rank starts
    the next pile, one of the ``after`` rank ends its pile; a card that goes up instead
    (``deal_to_foundations``) still starts a pile (PySolFC's Xerxes: each 9 goes onto the
    next foundation, its pile starting)."""
    current = 0
    for card in cards_:
        current = split_pile_for(rules, piles, current, card)
        f = (_fitting_foundation(rules, piles, card) if rules.deal_to_foundations
             and (rules.deal_up_ranks is None or card % 13 in rules.deal_up_ranks) else None)
        piles[rules.split_piles[current] if f is None else f].append(card)
        if card % 13 == rules.split_after:
            current += 1


def deal_by_suit(rules: Rules, piles: list[list[int]], cards_: list[int]) -> None:
    """``deal_by: {suit: [...]}``: each card in pack order onto the pile of its suit
    (PySolFC's FourColours.dealOne: the talon's top card goes to the row of its suit);
    ``{rank: [...]}``: onto the pile of its rank (LadyOfTheManor.startGame)."""
    pile_of = dict(rules.suit_dealt)
    for card in cards_:
        piles[pile_of[card % 13 if rules.dealt_by_rank else card // 13]].append(card)


def set_out_shuffled_bases(rules: Rules, piles: list[list[int]], order: list[int]) -> list[int]:
    """``base: any`` with ``start: dealt``: each pile's base is the first card of its suit (any
    suit for a pile without one) left in the shuffled pack, set out before the deal, pile by pile
    (PySolFC's Ants and Uintah shuffle hooks). Returns the cards left to deal."""
    rest = list(order)
    for f in rules.shuffled_bases:
        suit = rules.f_suit[f]
        i = next(i for i, card in enumerate(rest) if suit in (-1, card // 13))
        piles[f].append(rest.pop(i))
    return rest


def set_out_rank(rules: Rules, piles: list[list[int]], order: list[int]) -> tuple[list[int], int]:
    """``start: rank-dealt``: the pack's first card chooses the base rank, and every other card of
    that rank goes up first, each onto the first empty pile of the group that takes its suit (as
    PySolFC's Penguin, Petal and Napoleon shuffle hooks gather them). The first card goes up too
    when the group comes first in the deal (Petal); else it is dealt as the layout's first card
    (Penguin's beak, at the bottom of the first column). Returns the cards left to deal and how
    many deal targets the cards gone up took (1 or 0)."""
    group = rules.rank_dealt
    rank = order[0] % 13
    first_up = rules.deal_targets[0] in group
    up = [card for card in order[1:] if card % 13 == rank]
    rest = [card for card in order[1:] if card % 13 != rank]
    if first_up:
        up.insert(0, order[0])
    else:
        rest.insert(0, order[0])
    for card in up:
        f = next(f for f in group if not piles[f] and rules.f_suit[f] in (-1, card // 13))
        piles[f].append(card)
    return rest, int(first_up)


def _fitting_foundation(rules: Rules, piles: list[list[int]], card: int) -> int | None:
    """The first foundation with a rank sequence that takes ``card`` now, during the deal
    (PySolFC's Citadel: a dealt card that fits goes up, and its pile's turn passes)."""
    for f in rules.foundations:
        ranks = rules.f_rank_at[f]
        pile = piles[f]
        if not ranks or len(pile) >= len(ranks) or card % 13 != ranks[len(pile)]:
            continue
        suit = pile[0] // 13 if pile else rules.f_suit[f]
        if rules.f_regardless[f] or suit in (-1, card // 13):
            return f
    return None


def _pile_of_suit(rules: Rules, first: int, card: int) -> int:
    """The pile of ``first``'s foundation group that a card dealt onto the group goes to: the first
    that takes its suit (PySolFC's Blondes and Brunettes deal the base card to a pile of its suit)."""
    group = rules.groups[f"foundation:{rules.f_group[first]}"]
    return next((f for f in group if rules.f_suit[f] in (-1, card // 13)), first)


def bases_up(rules: Rules, piles: list[list[int]]) -> None:
    """After a row of the deal: a base card on top of a dealt pile goes onto an empty pile of
    a ``deal_bases`` group that takes it, again and again (PySolFC's ThirtySix._fillOne: the
    first pile in order whose top fits, onto the first foundation that takes it)."""
    while True:
        for p in rules.deal_piles:
            pile = piles[p]
            if not pile:
                continue
            card = pile[-1]
            f = next((f for f in rules.deal_bases if not piles[f] and rules.f_rank_at[f]
                      and rules.f_rank_at[f][0] == card % 13 and rules.f_suit[f] in (-1, card // 13)), None)
            if f is not None:
                piles[f].append(pile.pop())
                break
        else:
            return


def tops_up(rules: Rules, piles: list[list[int]]) -> None:
    """``deal_to_foundations: {when: after-each-row}``: once a row is dealt, the first dealt pile
    (in pile order) whose top card fits a foundation gives it to the first foundation that takes
    it, again until none fits; the pile stays a card short (PySolFC's CarreNapoleon._fillOne)."""
    while True:
        for p in rules.deal_piles:
            pile = piles[p]
            if pile and (rules.deal_up_ranks is None or pile[-1] % 13 in rules.deal_up_ranks):
                f = _fitting_foundation(rules, piles, pile[-1])
                if f is not None:
                    piles[f].append(pile.pop())
                    break
        else:
            return


def fill_dealt_gaps(piles: list[list[int]], places: tuple[int, ...], rank: int) -> None:
    """After the deal, the top cards of ``rank`` move into the places the deal left empty: the
    first in place order into the first gap, and so on; the places they leave stay empty
    (PySolFC's BlueMoon.startGame: each Ace to the next row's first place)."""
    gaps = [p for p in places if not piles[p]]
    movers = [p for p in places if piles[p] and piles[p][-1] % 13 == rank]
    for gap, p in zip(gaps, movers):
        piles[gap].append(piles[p].pop())


def move_to_bottom(pile: list[int], rank: int) -> None:
    """Move the cards of ``rank`` under the pile's other cards, as PySolFC deals Baker's
    Dozen: from the bottom up, each such card swaps places with the lowest card of another
    rank beneath it (so the other cards' order is not kept)."""
    for i, card in enumerate(pile):
        if card % 13 == rank:
            for j in range(i):
                if pile[j] % 13 != rank:
                    pile[i], pile[j] = pile[j], pile[i]
                    break


def start_position(rules: Rules, order: list[int]) -> Position:
    """The first position for a shuffled pack, dealt by the variant's dealer."""
    dealer = rules.deal_hook or deal_by_order
    return (rules.position_class or Position)(rules, dealer(rules, list(order)))


class Dealer:
    """What a plugin's ``patience_dealer`` may return instead of a plain function.

    :meth:`deal` lays out the shuffled pack (default: the YAML deal). When
    :attr:`options` is not empty, the game starts with a choice the player makes
    after seeing the deal: its answers are moves (``{"card": null, "from": "choice",
    "to": OPTION}``), the only legal ones until one is played, and :meth:`choose`
    rearranges the layout for the option chosen. Undo takes the choice back.
    """

    question: str = ""
    options: tuple[str, ...] = ()

    def deal(self, rules: Rules, order: list[int]) -> list[list[int]]:
        """Piles (one list per pile number, top card last) for ``order`` (top card first)."""
        return deal_by_order(rules, order)

    def choose(self, rules: Rules, piles: list[list[int]], option: str) -> list[list[int]]:
        """The piles once ``option`` is chosen; ``piles`` is a copy the method may change.
        Only the layout may change: the same cards, the foundations untouched."""
        return piles
