"""Which moves are legal: the one place that reads the compiled rules to answer it.

Moves come in a fixed order, the order the naive policy and the solver try them:

1. cards (and Spider's finished runs) to the foundations, free cards in scan order,
   each to the foundations that take it in pile order; then sets removed to the discard
   pile (Pyramid), by the first card's place in scan order, then the second's;
2. cards and runs between layout piles: sources in scan order, shorter units first,
   destinations in pile order; then cards back from the foundations (worrying back),
   then foundation top cards onto other foundations (``transfer``);
3. the stock: a turn onto each waste pile (or the foundation Golf turns onto), a
   row dealt to every pile, or a redeal.

A variant of the Royal Cotillion family has only kinds 1 and 3, in the same order as
before moves between piles existed, so its games are unchanged move for move.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING, Iterator

from patience_core.model import cards
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE
from patience_core.model.specs import BuildRule, in_order_prefix, is_red
from patience_core.model.moves import (BETWEEN_PILES, CLOSE_UP, DEAL_ROW, GATHER, NO_CARD, NO_PILE, REDEAL, REMOVE,
                                       SWAP, TO_FOUNDATION, TURN, TURN_UP, Move)

if TYPE_CHECKING:
    from patience_core.model.position import Position



def is_covered(position: "Position", p: int) -> bool:
    """Does a pile lying over pile ``p`` still hold a card (so ``p`` gives and takes none)?"""
    piles = position.piles
    return any(piles[q] for q in position.rules.covered_by[p])


def _colour(card: int) -> str:
    """``red`` or ``black``, as ``colour:`` names a pile's one colour (Hemispheres)."""
    return "red" if card // 13 in (1, 2) else "black"


def drops_cover(position: "Position", d: int, src: int | None, count: int) -> bool:
    """``drop_cover`` (PySolFC's Interlock dropdown): may the covered pile ``d`` take all
    ``count`` cards of pile ``src``, the one pile still lying over it? ``d`` must hold cards,
    none face down; the build rule then judges the cards as for any pile."""
    rules, piles = position.rules, position.piles
    if src is None or not rules.piles[d].drop_cover or src not in rules.covered_by[d]:
        return False
    if not piles[d] or position.down[d] or count != len(piles[src]):
        return False
    return not any(piles[q] for q in rules.covered_by[d] if q != src)


def is_locked(position: "Position", p: int) -> bool:
    """Does pile ``p`` wait for its ``free_when:`` state before any card may leave it?"""
    when = position.rules.free_when[p]
    return when is not None and not when.holds(position.piles)


def fill_source(position: "Position", p: int) -> int:
    """The pile whose top card fills pile ``p``'s gap at once: the first source holding a card,
    or with ``fill_from: fullest`` the fullest pile of the first source group holding one (the
    first on a tie: Gate's reserves); -1: none."""
    piles = position.piles
    groups = position.rules.fill_fullest[p]
    if groups is None:
        return next((s for s in position.rules.fill[p] if piles[s]), -1)
    for group in groups:
        best = max(group, key=lambda s: len(piles[s]))   # max keeps the first of equals
        if piles[best]:
            return best
    return -1


def set_cards(position: "Position", d: int) -> tuple[int, ...]:
    """The cards an ``empty: set`` gap takes now: those that, with the cards already gathered on
    the places of a set that leaves by itself (``remove`` with ``at_once``), can still make it
    (Elevens' court: a J, Q or K of a rank not there yet)."""
    rules, piles = position.rules, position.piles
    found: dict[int, None] = {}
    for rule in rules.gathered_for[d]:
        gathered = [card for p in rule.sources for card in piles[p]]
        for card in rules.accepts_any[d]:
            if card not in found and rule.may_grow(gathered + [card]):
                found[card] = None
    return tuple(found)


def gathered_set(position: "Position") -> tuple[int, ...] | None:
    """The places of the first set that leaves by itself (``remove`` with ``at_once``) whose
    cards are all there now, or ``None``."""
    piles = position.piles
    for rule in position.rules.sets_at_once:
        gathered = [card for p in rule.sources for card in piles[p]]
        if rule.matches(tuple(gathered)):   # its size too: cards, or from cards to most
            return rule.sources
    return None


def base_rank_for_gap(position: "Position", empty, p: int | None = None) -> int | None:
    """The rank an ``empty: base`` (or ``below-base``) gap (pile ``p``) takes now: the base the
    deal chose (or one below it); with the pile's ``below_base_of``, that foundation group's
    base (or one step of it below); where a play chooses the base (``base_set_by``, Nine
    Across), that base (or one below). ``None`` while no base is known."""
    rules = position.rules
    f = rules.piles[p].below_base_of if p is not None else None
    if f is not None:
        ranks = position.ranks[f]
        step = rules.f_spec[f].step
    elif rules.base_set_by_play:
        chosen = position.chosen_base
        ranks, step = ([] if chosen is None else [chosen]), 1
    else:
        ranks, step = position.ranks[rules.below_base_of], 1
    if not ranks:
        return None
    return ranks[0] if empty == "base" else (ranks[0] - step) % 13


def below_base_rank(position: "Position", p: int | None = None) -> int | None:
    """The rank an ``empty: below-base`` gap (pile ``p``) takes (see :func:`base_rank_for_gap`)."""
    return base_rank_for_gap(position, "below-base", p)


def free_cards(position: "Position") -> Iterator[tuple[int, int]]:
    """``(pile, card)`` for every free card, in the order a player scans them."""
    piles, rules = position.piles, position.rules
    access, covered_by = rules.access, rules.covered_by
    locks = rules.any_free_when
    hidden_tops = rules.may_hide_top   # may lie face down to the top (Clock, a face-down reserve)
    for p in rules.scan_order:
        pile = piles[p]
        if not pile:
            continue
        if hidden_tops and position.down[p] == len(pile):
            continue
        if covered_by[p] and is_covered(position, p):
            continue
        if locks and is_locked(position, p):
            continue
        if access[p] == ACCESS_ALL:
            seen = set()
            for card in pile:
                if card not in seen:
                    seen.add(card)
                    yield p, card
        else:
            yield p, pile[-1]


def waiting_foundations(position: "Position") -> frozenset[int]:
    """Foundations whose ``when:`` state does not hold now: they take nothing yet."""
    f_when = position.rules.f_when
    if not f_when:
        return frozenset()
    return frozenset(f for f, when in f_when.items() if not when.holds(position.piles))


def fits_base_suit(position: "Position", f: int, card: int) -> bool:
    """May ``card`` go onto foundation ``f`` as far as ``base_suit_from`` goes? A pile that
    holds cards is past its first; an empty one takes only the suit of its partner pile's
    bottom card, and nothing while that pile is empty (PySolFC's Glencoe_Foundation)."""
    partner = position.rules.f_base_suit_from.get(f)
    if partner is None or position.piles[f]:
        return True
    bottom = position.piles[partner]
    return bool(bottom) and bottom[0] // 13 == card // 13


def fits_base_rank(position: "Position", f: int, card: int) -> bool:
    """The same for ``base_rank_from``: an empty pile takes only the rank of its partner pile's
    bottom card, the offset on, wrapping (PySolFC's Interregnum: one above its place's card)."""
    partner, offset = position.rules.f_base_rank_from.get(f, (None, 0))
    if partner is None or position.piles[f]:
        return True
    bottom = position.piles[partner]
    return bool(bottom) and (bottom[0] + offset) % 13 == card % 13


def source_allowed(position: "Position", move: Move) -> bool:
    """May ``move`` take its card from where it does onto its foundation? ``last_from``: a pile's
    last card comes only from its partner pile (Interregnum's place), and that pile's card goes
    nowhere else; otherwise ``takes_from`` (British Constitution's top row) decides."""
    rules = position.rules
    last = rules.f_last_from.get(move.dst)
    if last is not None and len(position.piles[move.dst]) == rules.f_spec[move.dst].length - 1:
        return move.src == last
    if move.src in rules.last_givers:
        return False
    sources = rules.f_sources.get(move.dst)
    return sources is None or move.src in sources


def opening(position: "Position") -> bool:
    """Does the game wait for its opening card (``opening_card``: nothing on the foundations yet)?
    Then the only moves are cards from the opening piles onto the foundations."""
    return position.rules.opening_from is not None and not position.on_foundations


def foundation_moves(position: "Position") -> list[Move]:
    takers = position.takers
    moves = [Move(TO_FOUNDATION, p, f, card) for p, card in free_cards(position) for f in takers[card]]
    if position.rules.f_when:   # foundations waiting for a state take nothing yet (Zodiac)
        waiting = waiting_foundations(position)
        moves = [m for m in moves if m.dst not in waiting]
    if position.rules.f_base_suit_from:   # a first card in the suit of a layout pile's bottom card (Glencoe)
        moves = [m for m in moves if fits_base_suit(position, m.dst, m.card)]
    if position.rules.f_base_rank_from:   # ... or of a rank from one (Interregnum)
        moves = [m for m in moves if fits_base_rank(position, m.dst, m.card)]
    if position.rules.run_foundations:
        moves += [m for m in run_to_foundation_moves(position)
                  if not position.rules.f_spec[m.dst].at_once]   # those go up by themselves (runs_going_up)
    if position.rules.set_foundations:
        moves += set_to_foundation_moves(position)
    if position.rules.pile_foundations:
        moves += pile_to_foundation_moves(position)
    if position.rules.f_sources or position.rules.f_last_from:   # foundations that take only from some
        moves = [m for m in moves if source_allowed(position, m)]   # piles (British Constitution, Interregnum)
    if position.rules.f_first_pass and position.redeals_left == position.rules.redeals:
        sources = position.rules.f_first_pass   # until the first redeal (St. Helena)
        moves = [m for m in moves if m.dst not in sources or m.src in sources[m.dst]]
    if position.rules.remove_rules:
        moves += remove_moves(position)
    if position.rules.opening_from is not None and opening(position):
        allowed = position.rules.opening_from   # the opening card comes only from its piles (Terrace's rows)
        moves = [m for m in moves if m.kind is TO_FOUNDATION and m.src in allowed]
    return moves


def remove_moves(position: "Position") -> list[Move]:
    """Sets of free cards that go to the discard pile together (``remove:``): a single card
    is ``Move(REMOVE, pile, NO_PILE, card, 1)``; a pair names both piles, the first in scan
    order as ``src`` with its card, the second as ``dst`` (its top card is the other)."""
    free = list(free_cards(position))
    found: dict[Move, None] = {}
    for rule in position.rules.remove_rules:
        if rule.at_once:   # leaves by itself once gathered (Position._aftermath), never the player's move
            continue
        sources = rule.sources
        mine = [(p, card) for p, card in free if p in sources]
        if rule.in_order:
            _moves_in_order(position, rule, dict(mine), found)
            continue
        if rule.cards == 1:
            for p, card in mine:
                if rule.matches((card,)) and (not rule.outranked or _outranked(rule, p, card, mine)):
                    found[Move(REMOVE, p, NO_PILE, card, 1)] = None
            continue
        where = rule.where
        grid_at = position.rules.grid_at
        for i, (p, card) in enumerate(mine):
            for q, other in mine[i + 1:]:
                if q == p or not rule.matches((card, other)):
                    continue
                if where != "anywhere":
                    (pr, pc), (qr, qc) = grid_at[p], grid_at[q]
                    if where == "neighbours" and (abs(pr - qr) > 1 or abs(pc - qc) > 1):
                        continue
                    if where == "line" and pr != qr and pc != qc:
                        continue
                found[Move(REMOVE, p, q, card, 2)] = None
    return list(found)


def pile_to_foundation_moves(position: "Position") -> list[Move]:
    """All in a Row II: a pile's whole stack, two cards or more, all face up, goes up at once,
    whatever its order (``takes: pile``; the sources filtered by the foundation's takes_from)."""
    rules = position.rules
    piles = position.piles
    waiting = waiting_foundations(position)
    moves = []
    for f in rules.pile_foundations:
        if f in waiting:
            continue
        room = rules.f_spec[f].length - len(piles[f])
        for p in rules.scan_order:
            pile = piles[p]
            if rules.piles[p] is None or not 2 <= len(pile) <= room or position.down[p] \
                    or rules.access[p] == ACCESS_NONE:
                continue
            moves.append(Move(TO_FOUNDATION, p, f, pile[0], len(pile)))
    return moves


def set_to_foundation_moves(position: "Position") -> list[Move]:
    """Beehive, Simplex: the top ``takes_set`` cards of a pile, face up and a run by the
    foundation's build rule, go up together (onto the first of identical empty piles)."""
    rules = position.rules
    piles = position.piles
    waiting = waiting_foundations(position)
    moves = []
    seen_empty: set[str] = set()
    for f in rules.set_foundations:
        spec = rules.f_spec[f]
        home = piles[f]
        if f in waiting or len(home) + spec.takes_set > spec.length:
            continue
        if not home:
            if spec.group in seen_empty:
                continue   # the group's empty piles are interchangeable: the first one stands for all
            seen_empty.add(spec.group)
        n = spec.takes_set
        follows = spec.build.follows
        inner = (spec.set_rule or spec.build).follows
        for p in rules.scan_order:
            pile = piles[p]
            spec_p = rules.piles[p]
            if spec_p is None or spec_p.moves == "card" or len(pile) < n or len(pile) - n < position.down[p]:
                continue   # only from a pile whose runs move (not the waste, not a one-card pile)
            run = pile[-n:]
            if home and not follows(home[-1], run[0]):
                continue
            if not home and spec.base is not None and run[0] % 13 != spec.base:
                continue
            if all(inner(a, b) for a, b in zip(run, run[1:])):
                moves.append(Move(TO_FOUNDATION, p, f, run[0], n))
    return moves


def run_to_foundation_moves(position: "Position") -> list[Move]:
    """Spider: a finished run (the foundation's whole sequence, in suit) on top of a pile."""
    rules = position.rules
    moves = []
    waiting = waiting_foundations(position)
    empty = [f for f in rules.run_foundations if not position.piles[f] and f not in waiting]
    if not empty:
        return moves
    f = empty[0]
    ranks = rules.f_spec[f].ranks
    for p in rules.scan_order:
        pile = position.piles[p]
        n = len(pile)
        if n < 13 or n - 13 < position.down[p]:
            continue
        run = pile[n - 13:]
        # base: any (York): down from whatever rank the run starts at, round past the Ace
        expected = ranks or [(run[0] - j) % 13 for j in range(13)]
        if all(c % 13 == r for c, r in zip(run, expected)) and _suits_run(rules.f_spec[f].run_suit, run):
            moves.append(Move(TO_FOUNDATION, p, f, run[0], 13))
    return moves


def runs_going_up(position: "Position") -> list[tuple[int, int]]:
    """The finished runs that go up by themselves after a move of cards (foundations with
    ``at_once``, as PySolFC's Arachnida.fillStack): each layout pile in pile order whose top
    cards are a run the foundations take sends it to the first empty such foundation, one run
    per pile. Returns (pile, foundation) pairs in the order they go; the caller moves them."""
    rules = position.rules
    piles = position.piles
    waiting = waiting_foundations(position)
    empty = [f for f in rules.runs_at_once if not piles[f] and f not in waiting]
    going: list[tuple[int, int]] = []
    for p in rules.layout_piles:
        if not empty:
            break
        pile = piles[p]
        n = len(pile)
        if n < 13 or n - 13 < position.down[p]:
            continue
        f = empty[0]
        spec = rules.f_spec[f]
        run = pile[n - 13:]
        expected = spec.ranks or [(run[0] - j) % 13 for j in range(13)]
        if all(c % 13 == r for c, r in zip(run, expected)) and _suits_run(spec.run_suit, run):
            going.append((p, empty.pop(0)))
    return going


def _moves_in_order(position: "Position", rule, free: dict[int, int], found: dict) -> None:
    """Sets judged by where their places lie in their group's order (a line): runs of places
    side by side (``where: consecutive``), pairs a ``distance`` apart, sets ``flanked`` by two
    cards of one rank or suit. A set of several is ``Move(REMOVE, first, last, card, count)``:
    the places from ``first`` to ``last`` in the group's order (:func:`removed_places`)."""
    rules = position.rules
    piles = position.piles
    places = rules.groups[rules.pile_group[rule.sources[0]]]
    n = len(places)
    cap = max(rule.totals) if rule.totals is not None and min(rule.values) > 0 else None

    def flanks_match(i: int, j: int) -> bool:   # the places before i and after j hold matching cards
        if i == 0 or j == n - 1 or not piles[places[i - 1]] or not piles[places[j + 1]]:
            return False
        a, b = piles[places[i - 1]][-1], piles[places[j + 1]][-1]
        return a % 13 == b % 13 if rule.flanked == "rank" else a // 13 == b // 13

    for i, p in enumerate(places):
        card = free.get(p)
        if card is None:
            continue
        if rule.distance is not None:
            for d in rule.distance:
                if i + d < n and places[i + d] in free:
                    q = places[i + d]
                    if rule.matches((card, free[q])):
                        found[Move(REMOVE, p, q, card, 2)] = None
            continue
        if rule.where != "consecutive":   # a card alone between its two neighbours (Push Pin)
            if rule.matches((card,)) and (rule.flanked is None or flanks_match(i, i)):
                found[Move(REMOVE, p, NO_PILE, card, 1)] = None
            continue
        chosen = [card]
        total = rule.values[card % 13]
        for j in range(i + 1, n):
            q = places[j]
            if q not in free or (rule.most is not None and len(chosen) >= rule.most):
                break
            chosen.append(free[q])
            total += rule.values[free[q] % 13]
            if cap is not None and total > cap:
                break
            if len(chosen) >= rule.cards and rule.matches(tuple(chosen)) \
                    and (rule.flanked is None or flanks_match(i, j)):
                found[Move(REMOVE, p, q, card, len(chosen))] = None


def removed_places(rules, move: Move) -> list[int]:
    """The places a :data:`REMOVE` move empties, in order: its ``src``, and for a pair its
    ``dst``; for a run of more, every place from ``src`` to ``dst`` in their group's order."""
    if move.count == 1:
        return [move.src]
    if move.count == 2:
        return [move.src, move.dst]
    places = rules.groups[rules.pile_group[move.src]]
    first = places.index(move.src)
    return list(places[first:first + move.count])


def _outranked(rule, p: int, card: int, free: list[tuple[int, int]]) -> bool:
    """Is a free card of ``card``'s suit and a higher rank on another source pile?"""
    suit, value = card // 13, rule.value(card)
    return any(q != p and other // 13 == suit and rule.value(other) > value for q, other in free)


def removed_cards(position: "Position", move: Move) -> list[int]:
    """The cards a :data:`REMOVE` move takes (before it is played): its card, then the top
    card of each other place it empties (a pair's second pile; a run's places in order)."""
    return [move.card] + [position.piles[p][-1] for p in removed_places(position.rules, move)[1:]]


def _suits_run(relation: str, run: list[int]) -> bool:
    """Do the suits of ``run`` follow ``relation`` card to card (one suit, alternate colours, any)?"""
    if relation == "any":
        return True
    if relation == "same":
        return all(c // 13 == run[0] // 13 for c in run)
    return all(is_red(a) != is_red(b) for a, b in zip(run, run[1:]))


def movable_units(position: "Position", p: int) -> Iterator[tuple[int, int]]:
    """``(base card, count)`` of everything that may leave pile ``p`` in one move onto
    another pile, shortest first (a run's base is its deepest card)."""
    rules = position.rules
    pile = position.piles[p]
    if not pile or rules.access[p] == ACCESS_NONE or rules.covered_by[p] and is_covered(position, p):
        return
    if rules.any_free_when and is_locked(position, p):
        return
    spec = rules.piles[p]
    if spec is None or rules.access[p] == ACCESS_ALL:  # a waste pile, or single free cards
        if rules.access[p] == ACCESS_ALL:
            yield from ((card, 1) for card in dict.fromkeys(pile))
        else:
            yield pile[-1], 1
        return
    units = _units_of(position, p, spec, pile)
    if spec.partial == "to-foundation":
        units = _uncovering_for_foundation(position, p, pile, units)
    yield from units


def _units_of(position: "Position", p: int, spec, pile: list[int]) -> Iterator[tuple[int, int]]:
    """What the pile's ``moves`` lets leave it, before ``partial`` is applied."""
    moves = spec.moves
    up = len(pile) - position.down[p]
    if moves == "card":
        if up:   # a pile that turns its cards up only by taking (Clock) may lie face down to the top
            yield pile[-1], 1
    elif moves == "pile":
        if not position.down[p]:
            yield pile[0], len(pile)
    elif moves == "face-up":
        for k in range(1, up + 1):
            yield pile[-k], k
    elif moves == "card-or-pile":   # the top card alone, or the whole pile when it is one run
        yield pile[-1], 1
        n = len(pile)
        if n > 1 and not position.down[p] and spec.run_rule.is_run(pile):
            yield pile[0], n
    else:  # run
        for k in range(1, spec.run_rule.run_on_top(pile, up) + 1):
            yield pile[-k], k


def _held_card(position: "Position", p: int, pile: list[int], count: int) -> int | None:
    """The face-up card that moving the top ``count`` cards off pile ``p`` would leave on
    top, when no foundation takes it now (``partial: to-foundation`` then holds the move
    back); else ``None``."""
    rest = len(pile) - count
    if rest <= position.down[p] or position.takers[pile[rest - 1]]:
        return None
    return pile[rest - 1]


def _uncovering_for_foundation(position: "Position", p: int, pile: list[int],
                               units: Iterator[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """``partial: to-foundation``: a unit that leaves face-up cards behind moves only when
    the card it uncovers can go to a foundation at once."""
    return ((card, count) for card, count in units if _held_card(position, p, pile, count) is None)


def held_back_by_partial(position: "Position", p: int, card: int) -> int | None:
    """The face-up card that moving ``card`` (with what lies on it) off pile ``p`` would
    uncover, when ``partial: to-foundation`` holds that move back; else ``None``."""
    spec = position.rules.piles[p]
    if spec is None or spec.partial != "to-foundation":
        return None
    pile = position.piles[p]
    count = dict(_units_of(position, p, spec, pile)).get(card)
    return None if count is None else _held_card(position, p, pile, count)


def build_now(position: "Position", d: int) -> BuildRule | None:
    """The rule by which layout pile ``d`` takes a card on its top now: its build rule, without
    the ``or:`` rule while the state that one waits for does not hold (Faerie Queen)."""
    spec = position.rules.piles[d]
    build = spec.build
    if build is not None and spec.build_or_when is not None and not spec.build_or_when.holds(position.piles):
        return build.alone()
    return build


def accepts(position: "Position", d: int, card: int, count: int = 1, src: int | None = None) -> bool:
    """May ``count`` cards based on ``card`` (from pile ``src``, if known) be put on layout pile
    ``d`` now?"""
    spec = position.rules.piles[d]
    pile = position.piles[d]
    if position.rules.source_limited and not _source_fits(spec, pile, src, count, card, position.piles):
        return False
    if spec.max_cards is not None and len(pile) + count > spec.max_cards:
        return False
    if spec.covered_by and is_covered(position, d) and not drops_cover(position, d, src, count):
        return False
    when = spec.build_when if pile else spec.empty_when
    empty = spec.empty
    if when is not None and not when.holds(position.piles):
        if pile or spec.empty_otherwise is None:
            return False
        empty = spec.empty_otherwise   # the gap's rule until the state holds (The Plot)
    if pile:
        if spec.bottom is not None and pile[0] % 13 != spec.bottom:
            return False   # a wrong card at the bottom blocks the pile (Picture Gallery)
        build = build_now(position, d)
        return build is not None and build.follows(pile[-1], card) and build.keeps_way(pile, card)
    if spec.beside and card in gap_cards(position, d):
        return True
    if isinstance(empty, tuple):
        return card % 13 in empty
    if empty == "set":
        return card in set_cards(position, d)
    if empty in ("below-base", "base"):
        return card % 13 == base_rank_for_gap(position, empty, d)
    return empty == "any" or (empty != "none" and card % 13 == empty)


def _source_fits(spec, pile: list[int], src: int | None, count: int, card: int, piles=None) -> bool:
    """The pile's own limits on what it takes: single cards only, one suit only, and only from
    some piles."""
    if count > 1 and (spec.single_only or (spec.single_when_empty and not pile)
                      or (spec.single_onto_cards and pile)):
        return False
    if spec.only_suit is not None and card // 13 != spec.only_suit:
        return False
    if card // 13 in spec.refused_suits or (spec.only_colour is not None and spec.only_colour != _colour(card)):
        return False
    if spec.only_rank is not None and card % 13 != spec.only_rank:
        return False
    if src is None:
        return True
    if not pile and spec.empty_from_when and piles is not None and any(
            src in sources and not when.holds(piles) for sources, when in spec.empty_from_when):
        return False   # a source the gap waits for (Dutchess: the waste, once the reserve is empty)
    allowed = spec.takes_from
    narrower = spec.build_from if pile else spec.empty_from
    if narrower is not None:
        allowed = narrower if allowed is None else allowed & narrower
    return allowed is None or src in allowed


def run_limit(position: "Position", src: int, dst: int) -> int | None:
    """FreeCell's supermove: (free cells + 1) x 2^(empty columns), not counting the
    destination when it is one of them; ``None`` where the source has no limit. (With
    ``limit: suit-segments`` the number caps a run's stretches of one suit, not its cards:
    :func:`run_fits`.)"""
    rules = position.rules
    if rules.piles[src].limit is None:
        return None
    piles = position.piles
    cells = sum(1 for c in rules.cells if not piles[c])
    empty = sum(1 for c in rules.open_columns if not piles[c] and c != dst and c != src
                and (rules.piles[c].empty_when is None or rules.piles[c].empty_when.holds(piles)))
    return (cells + 1) << empty


def suit_segments(run: list[int]) -> int:
    """How many stretches of one suit ``run`` is made of (PySolFC's _getNumSSSeq)."""
    return 1 + sum(1 for a, b in zip(run, run[1:]) if a // 13 != b // 13) if run else 0


def run_fits(position: "Position", src: int, dst: int, count: int) -> bool:
    """Does the run limit of pile ``src`` let its top ``count`` cards go onto ``dst``? The
    supermove counts the run's cards; ``suit-segments`` counts its stretches of one suit
    (Simple Simon: a run in one suit always moves)."""
    limit = run_limit(position, src, dst)
    if limit is None:
        return True
    if position.rules.piles[src].limit == "suit-segments":
        return suit_segments(position.piles[src][-count:]) <= limit
    return count <= limit


def gap_cards(position: "Position", d: int) -> tuple[int, ...]:
    """The cards the empty layout pile ``d`` takes now: by its ``empty`` rule, and by the cards
    lying beside it where it is judged by them (Montana's gaps; each card once)."""
    rules = position.rules
    taken = rules.accepts_empty[d]
    beside = rules.gap_fits.get(d)
    if not beside:
        return taken
    piles = position.piles
    more = [card for q, table in beside if piles[q] for card in table[piles[q][-1]]]
    return tuple(dict.fromkeys([*taken, *more])) if more else taken


def _takers_by_card(position: "Position") -> tuple[dict[int, list[int]], list[int]]:
    """Which layout piles take which base card now: ``{card: [piles]}`` for piles with a
    top card or a rank-bound gap, and the gaps that take any card (looked up per unit)."""
    rules = position.rules
    piles = position.piles
    on_top = rules.accepts_on
    by_card: dict[int, list[int]] = {}
    open_gaps = []
    for d in rules.receivers:
        pile = piles[d]
        spec = rules.piles[d]
        if spec.max_cards is not None and len(pile) >= spec.max_cards:
            continue
        if spec.covered_by and is_covered(position, d):
            continue
        when = spec.build_when if pile else spec.empty_when
        empty, otherwise = spec.empty, False
        if when is not None and not when.holds(piles):
            if pile or spec.empty_otherwise is None:
                continue
            empty, otherwise = spec.empty_otherwise, True   # the gap's rule until the state holds
        if pile:
            if spec.bottom is not None and pile[0] % 13 != spec.bottom:
                continue
            cards_ = on_top[d][pile[-1]]
            if spec.build_or_when is not None and not spec.build_or_when.holds(piles):
                cards_ = rules.accepts_on_alone[d][pile[-1]]   # the second rule waits for its state
            if spec.build is not None and spec.build.keep_direction and len(pile) > 1:
                cards_ = [c for c in cards_ if spec.build.keeps_way(pile, c)]
        elif empty == "any":
            open_gaps.append(d)
            continue
        elif empty == "set":
            cards_ = set_cards(position, d)
        elif empty in ("below-base", "base"):
            rank = base_rank_for_gap(position, empty, d)
            cards_ = () if rank is None else rules.accepts_below_base[d][rank]
        elif otherwise:
            cards_ = rules.accepts_otherwise.get(d, ())
        else:
            cards_ = gap_cards(position, d) if spec.beside else rules.accepts_empty[d]
        for card in cards_:
            by_card.setdefault(card, []).append(d)
    return by_card, open_gaps


def pile_moves(position: "Position", source: int | None = None) -> list[Move]:
    """Cards and runs between layout piles (and from the waste onto them), destinations
    in pile order (the same as :func:`accepts` tried on every receiving pile); only those
    from pile ``source`` when it is given."""
    rules = position.rules
    piles = position.piles
    if rules.opening_from is not None and opening(position):
        return []
    by_card, open_gaps = _takers_by_card(position)
    max_cards = rules.max_cards
    limited = rules.source_limited
    moves = []
    scan = rules.scan_order if source is None else [p for p in rules.scan_order if p == source]
    drops_onto = rules.drops_onto
    for p in scan:
        for card, count in movable_units(position, p):
            targets = by_card.get(card, ())
            if open_gaps:
                targets = sorted([*targets, *open_gaps])
            if p in drops_onto and count == len(piles[p]):   # the whole cover onto the pile under it
                drops = [d for d in drops_onto[p] if drops_cover(position, d, p, count)
                         and accepts(position, d, card, count, p)]
                if drops:
                    targets = sorted({*targets, *drops})
            for d in targets:
                if d == p:
                    continue
                if limited and not _source_fits(rules.piles[d], piles[d], p, count, card, piles):
                    continue
                cap = max_cards[d]
                if cap is not None and len(piles[d]) + count > cap:
                    continue
                if count > 1 and not run_fits(position, p, d, count):
                    continue
                moves.append(Move(BETWEEN_PILES, p, d, card, count))
    for f in rules.worry_from:
        if source is not None and f != source:
            continue
        when = rules.f_spec[f].worry_when
        if when is not None and not when.holds(piles):
            continue
        pile = piles[f]
        if len(pile) > rules.f_spec[f].keep_base:   # the base stays where keep_base says so
            card = pile[-1]
            moves += [Move(BETWEEN_PILES, f, d, card) for d in rules.receivers if accepts(position, d, card, 1, f)]
    waiting = waiting_foundations(position) if rules.transfer_from else frozenset()
    for f in rules.transfer_from:   # a top card onto another foundation that takes it
        if source is not None and f != source or len(piles[f]) <= rules.f_spec[f].keep_base:
            continue
        card = piles[f][-1]
        moves += [Move(BETWEEN_PILES, f, g, card) for g in position.takers[card] if g != f and g not in waiting]
    return moves


def swap_moves(position: "Position", source: int | None = None) -> list[Move]:
    """``swap: card`` (PySolFC's RoyalParade_TableauStack): two places holding one card each,
    each card of the other's bottom rank, trade cards. ``swap: pile`` (DevilsGrip_TableauStack):
    two piles of groups with different bottom ranks, their bottom cards of different ranks and
    one of them of the other pile's bottom rank, trade their whole piles. ``swap: colour``
    (Hemispheres_RowStack): one-card places of groups of two colours, each card of the other
    place's colour, trade cards. Both ways round are listed (a player may start from either
    place); only those from ``source`` when it is given."""
    rules = position.rules
    piles = position.piles
    moves = []
    for p in rules.swappers:
        mode = rules.piles[p].swap
        if source is not None and p != source or not piles[p] or mode == "card" and len(piles[p]) != 1:
            continue
        mine = piles[p][0] % 13
        base = rules.piles[p].bottom
        for q in rules.swappers:
            if q == p or not piles[q] or rules.piles[q].swap != mode:
                continue
            theirs, their_base = piles[q][0] % 13, rules.piles[q].bottom
            if mode == "card":
                fits = len(piles[q]) == 1 and mine == their_base and theirs == base
            elif mode == "colour":   # each card of the other place's colour (Hemispheres)
                colour, their_colour = rules.piles[p].only_colour, rules.piles[q].only_colour
                fits = (len(piles[p]) == 1 and len(piles[q]) == 1 and colour != their_colour
                        and _colour(piles[p][0]) == their_colour and _colour(piles[q][0]) == colour)
            else:
                fits = base != their_base and mine != theirs and (mine == their_base or theirs == base)
            if fits:
                moves.append(Move(SWAP, p, q, piles[p][0]))
    return moves


def stock_moves(position: "Position") -> list[Move]:
    rules = position.rules
    piles = position.piles
    stock = piles[rules.stock]
    stock_spec = rules.stock_spec
    if (stock_spec.only_fills and not stock_spec.gather) or opening(position) or (stock_spec.when is not None and not stock_spec.when.holds(piles)):
        return []
    round_over = bool(stock_spec.deals_per_round) and position.round_deals >= stock_spec.deals_per_round
    if stock_spec.gather and not (stock and stock_spec.deal_to and not round_over):
        # a redeal of the layout itself (Cruel), or of a row-dealing stock once it is empty or
        # (deals_per_round) once its round's deals are made
        if stock_spec.deals_per_round:   # gathered onto the stock's cards (Knockout)
            held = sum(len(piles[p]) for p in stock_spec.gather) + len(stock)
            return [Move(GATHER, rules.stock, stock_spec.gather[0], NO_CARD, held)] \
                if held and position.redeals_left != 0 else []
        if stock_spec.gather_one_pile:
            # offered even when that pile is empty: the redeal is spent and the next pile's turn comes
            if position.redeals_left == 0:
                return []
            place = stock_spec.gather[one_pile_index(stock_spec, position.redeals_left)]
            return [Move(GATHER, rules.stock, place, NO_CARD, len(piles[place]))]
        held = (sum(len(piles[p]) for p in stock_spec.gather) if not stock_spec.keep_ranks
                 else len(out_of_order(piles, stock_spec)[1]))
        if stock_spec.gather_with_stock:   # the stock's cards are gathered too (Intelligence)
            held += len(stock)
        if held and position.redeals_left != 0:
            return [Move(GATHER, rules.stock, stock_spec.gather[0], NO_CARD, held)]
        return []
    if stock_spec.close_up:
        plan = close_up_plan(piles, stock_spec.close_up, len(stock))
        return [Move(CLOSE_UP, rules.stock, stock_spec.close_up[0], NO_CARD, len(plan[1]))] if plan else []
    if stock:
        if stock_spec.deal_to:
            last_row = len(stock) == len(stock_spec.last_row_to)
            if last_row:   # deal_when speaks of the rows; the last row goes whatever the gaps (Cone)
                targets = stock_spec.last_row_to
                return [Move(DEAL_ROW, rules.stock, targets[0], NO_CARD, len(targets))]
            if stock_spec.deal_needs_no_gap and any(not piles[p] for p in stock_spec.deal_to):
                return []
            if stock_spec.deal_needs_all_empty and any(piles[p] for p in stock_spec.deal_to):
                return []
            if stock_spec.deal_onto_last:
                return [Move(DEAL_ROW, rules.stock, last_started_target(piles, stock_spec, stock[-1]), NO_CARD, 1)]
            targets = row_targets(piles, stock_spec, len(stock), passes_made(rules, position.redeals_left))
            if not targets:   # every pile skipped (stock.skip): the stock does nothing
                return []
            return [Move(DEAL_ROW, rules.stock, targets[0], NO_CARD, min(len(stock), len(targets)))]
        if stock_spec.top_up:   # the short piles first (Big Ben), else a turn onto the waste
            targets = top_up_targets(piles, stock_spec, len(stock))
            if targets:
                return [Move(DEAL_ROW, rules.stock, targets[0], NO_CARD, len(targets))]
        if stock_spec.to_foundation is not None:
            return [Move(TURN, rules.stock, stock_spec.to_foundation, stock[-1])]
        draw = rules.draw
        if stock_spec.draw_by_pass:   # the pass the stock is on: redeals already made
            draw = stock_spec.draw_by_pass[int(rules.redeals - position.redeals_left)]
        count = min(draw, len(stock))
        if rules.waste_max is not None:   # only onto a waste pile with room for the turn
            return [Move(TURN, rules.stock, w, stock[-1], count) for w in rules.waste_piles
                    if len(piles[w]) + count <= rules.waste_max]
        return [Move(TURN, rules.stock, w, stock[-1], count) for w in rules.waste_piles]
    if position.redeals_left != 0 and piles[rules.waste] and not stock_spec.deal_to:
        return [Move(REDEAL, rules.waste, rules.stock)]
    return []


def close_up_plan(piles: list[list[int]], places: tuple[int, ...], in_stock: int):
    """What closing up ``places`` does: the piles in their new order (gaps last) and the
    gaps the stock then fills, in order; ``None`` when it would change nothing."""
    held = [p for p in places if piles[p]]
    order = held + [p for p in places if not piles[p]]
    gaps = places[len(held):len(held) + in_stock]
    if all(a == b for a, b in zip(order, places)) and not gaps:
        return None
    return order, gaps


def gathered(piles: list[list[int]], places: tuple[int, ...], per_pile: int) -> list[list[int]]:
    """The piles after a gathering redeal, as PySolFC's Cruel_Talon makes them: each pile in
    turn is picked up one card at a time from its top; the cards are put back on the stock in
    blocks of four (the odd cards first), order kept within a block; then dealt ``per_pile``
    to a pile from the first, the last pile taking what is left."""
    heap: list[int] = []
    for p in places:
        heap.extend(reversed(piles[p]))
    stock: list[int] = []
    odd = len(heap) % 4
    if odd:
        stock.extend(heap[-odd:])
        del heap[-odd:]
    while heap:
        stock.extend(heap[-4:])
        del heap[-4:]
    dealt = []
    for _p in places:
        take = min(per_pile, len(stock))
        dealt.append([stock.pop() for _ in range(take)])
    return dealt


def last_started_target(piles: list[list[int]], stock_spec, card: int) -> int:
    """``onto: last``: the pile a stock card goes to: the last pile holding a card (the first when
    none does), or the next one for a card of the ``split_before`` rank (PySolFC's SalicLaw_Talon,
    which counts the piles holding cards: they keep their first card there)."""
    piles_to = stock_spec.deal_to
    held = [i for i, p in enumerate(piles_to) if piles[p]]
    current = held[-1] if held else 0
    if held and card % 13 == stock_spec.split_before and current + 1 < len(piles_to):
        current += 1
    return piles_to[current]


def passes_made(rules, redeals_left) -> int:
    """How many piles a narrowing stock's rows have dropped (``stock.narrows``): one a redeal made."""
    return int(rules.redeals - redeals_left) if rules.stock_spec.narrows else 0


def top_up_targets(piles: list[list[int]], stock_spec, in_stock: int) -> tuple[int, ...]:
    """The piles a top-up deal goes onto, in order (``stock.top_up``, PySolFC's BigBen_Talon):
    one card to each pile of the group holding fewer than ``top_up_cards``, in turn, again
    until each holds that many, as far as the stock goes; none when no pile is short."""
    held = {p: len(piles[p]) for p in stock_spec.top_up}
    out: list[int] = []
    while len(out) < in_stock:
        short = [p for p in stock_spec.top_up if held[p] < stock_spec.top_up_cards]
        if not short:
            break
        for p in short[:in_stock - len(out)]:
            out.append(p)
            held[p] += 1
    return tuple(out)


def row_targets(piles: list[list[int]], stock_spec, in_stock: int, dropped: int = 0) -> tuple[int, ...]:
    """The piles a row from the stock goes onto, in order: every pile it deals to (less its last
    ``dropped``: Well's narrowing rows), or with
    ``deal_onto_held`` those holding a card (the first pile when none does), or with
    ``deal_onto_gaps_first`` the empty ones when there are any (Russian Aces), ``deal_rounds``
    times over (with ``deal_by_pile`` each pile its ``deal_rounds`` cards before the next); when the stock holds ``in_stock`` cards, one for each ``last_row_to`` pile,
    those piles instead (Algerian Patience, Cone, Irmgard, Baroness)."""
    if stock_spec.top_up:
        return top_up_targets(piles, stock_spec, in_stock)
    if in_stock == len(stock_spec.last_row_to):
        return stock_spec.last_row_to
    targets = stock_spec.deal_to[:len(stock_spec.deal_to) - dropped]
    if stock_spec.deal_onto_held:
        targets = tuple(p for p in targets if piles[p]) or targets[:1]
    elif stock_spec.deal_onto_gaps_first:
        targets = tuple(p for p in targets if not piles[p]) or targets
    if stock_spec.deal_skip:
        targets = tuple(p for p in targets if not skipped_by_deal(piles[p], stock_spec))
    if stock_spec.deal_by_pile:   # each pile its rounds cards before the next (Tournament)
        return tuple(p for p in targets for _ in range(stock_spec.deal_rounds))
    return targets * stock_spec.deal_rounds   # The Spark: three rows a move


KING = cards.RANKS.index("K")


def skipped_by_deal(pile: list[int], stock_spec) -> bool:
    """Does a row skip ``pile`` (``stock.skip``)? ``king-run``: its top run holds a King
    (PySolFC's FechtersGame_Talon); ``king-pile``: the whole pile is one run from a King
    (Churchill_TalonStack). Runs by the group's run rule, faces not looked at, as PySolFC's."""
    if not pile:
        return False
    rule = stock_spec.skip_rule
    if stock_spec.deal_skip == "king-pile":
        return cards.rank_of(pile[0]) == KING and rule.is_run(pile)
    return any(cards.rank_of(card) == KING for card in pile[-rule.run_on_top(pile, len(pile)):])


def seeded_shuffle(cards_: list[int], redeals_left, rng: random.Random | None = None) -> None:
    """Shuffle ``cards_`` in place, seeded by the cards and the redeals left: the same game
    always redeals the same way (Fisher-Yates, as deal numbers shuffle)."""
    rng = rng or random.Random(f"{cards_}|{redeals_left}")
    for i in range(len(cards_) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        cards_[i], cards_[j] = cards_[j], cards_[i]


def out_of_order(piles: list[list[int]], spec) -> tuple[list[int], list[int], list[int]]:
    """What a redeal that keeps the rows' runs (``spec.keep_ranks``) gathers: the places after each
    row's run, in order; their cards, in the same order; the first such place of each row."""
    places: list[int] = []
    firsts: list[int] = []
    for row in spec.gather_rows:
        rest = row[in_order_prefix(piles, row, spec.keep_ranks):]
        places += rest
        firsts += rest[:1]
    return places, [card for p in places for card in piles[p]], firsts


def gathered_rows(piles: list[list[int]], spec, redeals_left) -> dict[int, list[int]]:
    """The places a redeal that keeps the rows' runs changes, with their new cards, as PySolFC's
    Montana_Talon deals them: the cards after each row's run gathered in place order, shuffled
    (seeded by the cards and the redeals left, as :func:`seeded_shuffle`), and dealt back one to
    each of those places in order, but for the gaps ``spec.gaps`` says: the first of each row
    (``after-run``), each row's last place (``row-end``, Station), or as many places as there
    were gaps, chosen at random (``random``, Spaces)."""
    places, talon, firsts = out_of_order(piles, spec)
    rng = random.Random(f"{talon}|{redeals_left}")
    seeded_shuffle(talon, redeals_left, rng)
    if spec.gaps == "after-run":
        spaces = firsts
    elif spec.gaps == "row-end":
        spaces = [row[-1] for row in spec.gather_rows if row[-1] in places]
    else:
        chosen = list(places)
        seeded_shuffle(chosen, redeals_left, rng)
        spaces = chosen[:max(0, len(places) - len(talon))]
    gaps = set(spaces)
    targets = [p for p in places if p not in gaps] + [p for p in places if p in gaps]
    dealt: dict[int, list[int]] = {p: [] for p in places}
    for p in targets[:len(talon)]:
        dealt[p].append(talon.pop())
    return dealt


def gathered_shuffled(piles: list[list[int]], places: tuple[int, ...], per_pile: int,
                      redeals_left) -> list[list[int]]:
    """The piles after a shuffling redeal, as PySolFC's LaBelleLucie_Talon makes them: every
    pile picked up whole, in order; the cards shuffled; dealt in ``per_pile`` rounds, round i
    to the first (n + i) // per_pile piles (so the last piles are short). The shuffle is seeded
    by the cards and the redeals left: the same game always redeals the same way."""
    talon = [card for p in places for card in piles[p]]
    seeded_shuffle(talon, redeals_left)
    dealt: list[list[int]] = [[] for _ in places]
    n = min(len(talon), per_pile * len(places))
    for i in range(per_pile):
        for k in range((n + i) // per_pile):
            dealt[k].append(talon.pop())
    return dealt


def gathered_dealt(piles: list[list[int]], places: tuple[int, ...], spec,
                   redeals_left) -> tuple[list[list[int]], list[int]]:
    """The piles and their face-down counts after a redeal that deals the gathered cards out as
    ``spec.gather_deal`` says. As PySolFC's RedealTalonStack gathers them, pile 1 first, each
    from its top, so the last pile's bottom card is dealt first (shuffled with ``spec.shuffle``,
    seeded as :func:`seeded_shuffle`); then ``rows``: one card to each pile in turn until they
    run out (Capricieuse); ``stairs``: a row onto every pile, then one from the second pile, the
    third ... (Usk); ``again``: the deal's own pattern (``spec.gather_pattern``), its face-down
    rows and then its face-up rows, as far as the cards go (Tvete's Grandfather). A pile left
    with a face-down top card has it turned up, as PySolFC's autoflip does."""
    if spec.gather_deal == "bottom-to-top":   # each pile's bottom card to its top (Crescent)
        turned = [piles[p][1:] + piles[p][:1] for p in places]
        return turned, [0] * len(places)
    stock = [card for p in places for card in (piles[p] if spec.gather_from_top else reversed(piles[p]))]
    if spec.shuffle:
        seeded_shuffle(stock, redeals_left)
    n = len(places)
    if spec.gather_deal == "again":
        pattern = spec.gather_pattern
        order = [(i, True) for row in range(max(d for d, _ in pattern))
                 for i, (d, _) in enumerate(pattern) if d > row]
        order += [(i, False) for row in range(max(c - d for d, c in pattern))
                  for i, (d, c) in enumerate(pattern) if c - d > row]
    elif spec.gather_deal == "stairs":
        order = [(i, False) for start in range(len(stock)) for i in range(start % n, n)]
    else:
        order = [(i, False) for _ in range(-(-len(stock) // n)) for i in range(n)]
    dealt: list[list[int]] = [[] for _ in places]
    down = [0] * n
    for i, face_down in order[:len(stock)]:
        dealt[i].append(stock.pop())
        down[i] += face_down
    return dealt, [min(d, len(pile) - 1) if pile else 0 for d, pile in zip(down, dealt)]


def one_pile_index(spec, redeals_left) -> int:
    """Which pile of ``spec.gather`` (its index) the next redeal picks up under ``one_pile``:
    the n-th redeal takes the n-th pile (``first``) or the n-th from the last (``last``)."""
    done = int(spec.redeals - redeals_left)
    return done if spec.gather_one_pile == "first" else len(spec.gather) - 1 - done


def gathered_one_pile(piles: list[list[int]], places: tuple[int, ...], index: int) -> list[list[int]]:
    """The piles after a ``one_pile`` redeal of ``places[index]``: it is picked up as PySolFC's
    SeniorWrangler_Talon and Matrimony_Talon pick it up, from its top (so its bottom card is
    dealt first), and dealt out face up one card to each pile from that pile to the last, then
    round and round from the first."""
    dealt = [list(piles[p]) for p in places]
    stock = dealt[index][::-1]
    dealt[index] = []
    order = list(range(index, len(places)))
    while len(order) < len(stock):
        order += range(len(places))
    for i in order[:len(stock)]:
        dealt[i].append(stock.pop())
    return dealt


def legal_moves(position: "Position") -> list[Move]:
    """Every legal move of the YAML's rules, in the order of this module's docstring."""
    moves = foundation_moves(position)
    if position.rules.receivers or position.rules.worry_from or position.rules.transfer_from:
        moves += pile_moves(position)
    if position.rules.swappers:
        moves += swap_moves(position)
    moves += stock_moves(position)
    if not moves and position.rules.stock_spec.turn_up:
        moves = turn_up_moves(position)
    return moves


def turn_up_moves(position: "Position") -> list[Move]:
    """``stock: {turn_up: GROUP}`` (Relaxed Clock): once no other move is left, and while a
    redeal is, the player may turn up the next face-down card of any pile of the group."""
    if position.redeals_left == 0:
        return []
    return [Move(TURN_UP, position.rules.stock, p) for p in position.rules.stock_spec.turn_up if position.down[p]]


def is_legal(position: "Position", move: Move) -> bool:
    """Whether ``move`` is one of :func:`legal_moves`, listing only the moves of its kind
    (between piles, only those from its source): the same answer for far less work, which
    is what replaying a solver's line of hundreds of moves needs."""
    kind = move.kind
    if kind is TO_FOUNDATION or kind is REMOVE:
        return move in foundation_moves(position)
    if kind is BETWEEN_PILES:
        return move in pile_moves(position, move.src)
    if kind is SWAP:
        return move in swap_moves(position, move.src)
    if kind is TURN or kind is REDEAL or kind is DEAL_ROW or kind is CLOSE_UP or kind is GATHER:
        return move in stock_moves(position)
    return move in legal_moves(position)   # a turn-up too: it waits for every other move


def moves_from(position: "Position", pile: int, card: int | None = None) -> list[Move]:
    """The legal moves that take ``card`` (or anything, if ``None``) from ``pile``."""
    return [m for m in position.legal_moves()
            if m.src == pile and (card is None or m.card == card)]


__all__ = ["legal_moves", "is_legal", "opening", "free_cards", "swap_moves", "is_covered", "is_locked", "below_base_rank",
           "remove_moves", "removed_cards", "set_cards", "gathered_set", "close_up_plan", "foundation_moves", "pile_moves", "stock_moves", "accepts",
           "movable_units", "held_back_by_partial", "run_limit", "run_fits", "suit_segments", "moves_from"]
