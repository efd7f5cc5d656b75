"""Which plays are safe: the one place that says it (autoplay, hints and the player use it).

A safe play is a move that can never turn a winnable game into a lost one. Where cards
go only to the foundations (the Royal Cotillion family) the argument is written out in ``docs/play.md`` ("Safe autoplay"); in short a play of
  card ``c`` from pile ``p`` to foundation ``f`` is safe when

  1. **nothing competes for the spot**: every place where ``c`` could still go on a
     foundation is ``f``'s next place, or the next place of a *twin* of ``f`` (a pile
     with the same rank sequence, the same suit rule and the very same cards, so the
     two are interchangeable); and
  2. **taking ``c`` away changes nothing else**: ``p`` is a layout pile whose gaps are
     never filled, or whose fills are dead because the waste and the stock are both
     empty for good; or ``p`` is the waste while no pile is filled from the waste (and
     none from the stock while a redeal could bring ``c`` back into it).

  Under (1) any winning line puts this copy of ``c`` on ``f`` (after swapping twins)
  and puts nothing on ``f`` before it; under (2) every move of that line before then
  is still legal with ``c`` already gone and leaves the same piles, so the line still
  wins. A right-wing (reserve) card whose gap takes the waste top is never "safe"
  while cards remain to fill it: playing it decides which card comes next.

Where cards also move between piles (Klondike, FreeCell, ...), the argument is the
classic one of Solvitaire and fc-solve: a card may go up when no card that could
ever be built on it in the layout is still off the foundations (so it is nobody's
base any more), it goes onto a foundation with a fixed rank sequence, and every
foundation that takes it is a twin of the others. Taking it up then only frees its
place: any line that keeps it in the layout can be followed with it on the
foundation, because no card ever needs it. On a foundation that takes any suit, also
no other card of its rank may still be out: that one might be the card that has to go
up there first (a helper's oracle test found a Sir Tommy ending lost by the rule without
this condition).

Where foundation cards may come back (worry), a card on the foundations may still be of
use in the layout: the oracle comparison found Klondike endings where a Jack played up by
the plain rule lost, because the win needed a red 10 back on it. The rule then looks at
the card's *worry closure* (:func:`worry_closure`): the card, every card that could lie
on one of its cards in the layout, and every card below one of its cards on a foundation,
again and again. Where all of it but the card is home, the card goes up. Any winning line
still wins with the closure's moves left out: no card outside the closure can ever lie on
one inside it, and none inside lies above one outside on a foundation, so those cards only
ever serve each other; with them all home, every other move of the line stays legal (its
piles are the line's without them, its foundations the line's with them below). In
Klondike this is the classic rule of worry-back games (Blake and Gent's Solvitaire, whose
paper proves it): a card of rank r goes up when both foundations of the other colour have
reached r-1 and the other of its colour r-2. The argument needs one copy of each card and
foundations that build by suit along one rank sequence; elsewhere, with worry, a card
home counts as out of the game only if it is its foundation's bottom card and nothing can
lie on it, which every card that could be built on the card going up must be, and the
card it covers.

Variants whose legality, fills or outcome a plugin overrides get no safe moves at all:
the arguments above only know the rules the YAML can say.
"""
from __future__ import annotations

from typing import Iterator
from weakref import WeakKeyDictionary

from patience_core.model.moves import REMOVE, TO_FOUNDATION, Move
from patience_core.model.position import Position
from patience_core.model.rules import Rules


def plain_rules(rules: Rules) -> bool:
    """True unless a plugin changed a rule the safety argument relies on: which moves
    are legal, who chooses how a gap is filled, or when the game is won or lost. (A
    plugin's deal or opening choice only shapes the position the argument starts from.)"""
    if rules.move_check is not None or rules.outcome is not None:
        return False
    if any(_undone_by_taking(c) for c in rules.conditions):   # a card taken away can undo it
        return False
    if rules.f_when:   # foundations that wait for a state: a play may come before the line's state
        return False
    # Foundations that take only from some piles, or a first card in a layout pile's suit or rank
    # (Glencoe, Interregnum): the tables overstate the plays.
    if (rules.f_sources or rules.f_first_pass or rules.f_base_suit_from or rules.f_base_rank_from
            or rules.f_last_from):
        return False
    if rules.transfer_from:   # a line moving foundation cards between piles need not survive a play
        return False
    if rules.gap_fits:   # a card taken up may be the one a gap beside it needs (Montana's neighbours)
        return False
    if rules.fill_chains or rules.suit_order_piles:   # a play that empties a pile also takes a card from
        # the pile filling it; a card played chooses a suit for every pile's place (Choice)
        return False
    return not any(rules.fill_by_player)


def _undone_by_taking(condition) -> bool:
    """Can taking a card away turn ``condition`` from holding to not holding? (A pile that
    must hold a card, or any state said with not:.)"""
    return condition.kind in ("not_empty", "not") or any(_undone_by_taking(part) for part in condition.parts)


def waiting_for_choice(position: Position) -> bool:
    """A plugin's position that waits for the player's choice (opening, or how to fill a gap)."""
    return bool(getattr(position, "choosing", False)) or getattr(position, "pending", -1) >= 0


def open_spots(position: Position, card: int) -> list[tuple[int, int]]:
    """``(foundation, index)`` for every foundation place ``card`` could still occupy."""
    rules = position.rules
    rank, suit = card % 13, card // 13
    spots = []
    for g in rules.foundations:
        sequence = position.ranks[g]
        if sequence is None or rank not in sequence:
            continue
        index = sequence.index(rank)
        pile = position.piles[g]
        if index < len(pile):
            continue
        pile_suit = rules.f_suit[g]
        if pile_suit >= 0 and pile_suit != suit:
            continue
        if pile_suit < 0 and pile and pile[0] // 13 != suit:
            continue
        spots.append((g, index))
    return spots


def twins(position: Position, f: int, g: int) -> bool:
    """Foundations ``f`` and ``g`` are interchangeable in this position."""
    rules = position.rules
    if rules.f_regardless[f] != rules.f_regardless[g]:
        return False
    # Regardless of suit, only how far a pile has come matters; in suit, its very cards.
    same = (len(position.piles[f]) == len(position.piles[g]) if rules.f_regardless[f]
            else position.piles[f] == position.piles[g])
    return (position.ranks[f] == position.ranks[g] and rules.f_suit[f] == rules.f_suit[g]
            and rules.f_length[f] == rules.f_length[g] and same)


def no_competition(position: Position, card: int, f: int) -> bool:
    """Condition (1): ``f``'s next place is, up to twins, the only place left for ``card``."""
    here = len(position.piles[f])
    return all((g == f and index == here) or twins(position, f, g) for g, index in open_spots(position, card))


def source_is_inert(position: Position, p: int) -> bool:
    """Condition (2): taking the card from ``p`` cannot change what any later move does."""
    rules = position.rules
    piles = position.piles
    if p == rules.waste:
        for sources in rules.fill:
            if rules.waste in sources:
                return False
            if rules.stock in sources and position.redeals_left > 0:
                return False
        return True
    if not rules.fill[p]:
        return True
    if rules.fill_fullest[p] is not None:   # which reserve fills depends on when: inert only once all are spent
        return not any(piles[s] for s in rules.fill[p])
    # Waste and stock only ever receive cards from each other: once both are empty,
    # no gap is ever filled again.
    return not piles[rules.waste] and not piles[rules.stock]


def removed_alone(rules: Rules, card: int) -> bool:
    """``card`` goes only alone to the discard pile (Pyramid's Kings): no rule for sets of
    two could take it and no pile builds, so nothing else can ever use it."""
    if rules.receivers or rules.worry_from or rules.win is not None:
        return False
    if any(r.in_order for r in rules.remove_rules):
        return False   # in a line, taking a card away changes who lies beside whom (Push Pin, Seven Up)
    singles = [r for r in rules.remove_rules if r.cards == 1 and r.matches((card,))]
    pairs = [r for r in rules.remove_rules if r.cards > 1 and any(
        r.matches((card, other)) for other in range(52) if rules.copies[other])]
    # an outranked card may be the one another card needs to be outranked itself
    return bool(singles) and not pairs and not any(r.outranked for r in singles) \
        and not any(position_takes(rules, card))


def position_takes(rules: Rules, card: int) -> list[int]:
    """Foundations with a fixed sequence that could take ``card`` one day."""
    return [f for f in rules.foundations if rules.f_rank_at[f] is not None and card % 13 in rules.f_rank_at[f]]


def is_safe(position: Position, move: Move) -> bool:
    rules = position.rules
    if not plain_rules(rules) or waiting_for_choice(position):
        return False
    if move.kind is REMOVE:   # a card that only ever goes alone (nothing is built, nothing pairs it)
        return move.count == 1 and removed_alone(rules, move.card)
    if move.kind is not TO_FOUNDATION:
        return False
    if rules.stock_spec.deal_skip and move.src in rules.stock_spec.deal_to and position.piles[rules.stock]:
        return False   # a card taken away changes which piles the rows still to come skip (stock.skip)
    if not rules.foundation_only:
        return nobody_builds_on(position, move)
    return source_is_inert(position, move.src) and no_competition(position, move.card, move.dst)


def nobody_builds_on(position: Position, move: Move) -> bool:
    """The rule where cards move between piles (see the module docstring)."""
    rules = position.rules
    card, f = move.card, move.dst
    if move.count != 1 or position.ranks[f] is None or rules.fill[move.src] or rules.f_spec[f].either_way:
        return False   # (either way: position.ranks holds the upward sequence only)
    if move.src in rules.waste_piles and (rules.draw > 1 or rules.stock_spec.draw_by_pass) and rules.redeals:
        return False  # a card gone from the waste regroups the threes of every later pass
    if any(not twins(position, f, g) for g in position.takers[card] if g != f):
        return False
    on_foundations = position.on_foundation_counts()
    if rules.f_regardless[f]:
        # Any card of this rank would do there: another one still out may be the one that
        # must go up first (it covers a card another foundation needs), so wait for it.
        rank = card % 13
        out = sum(rules.copies[c] - on_foundations[c] for c in range(rank, 52, 13))
        if out > 1:
            return False
    if rules.worry_from:
        closure = worry_closure(rules, card)
        if closure is not None:
            return all(on_foundations[other] == rules.copies[other] for other in closure if other != card)
    if rules.f_spec[f].worry and position.piles[f] and not stays_up(position, position.piles[f][-1]):
        return False  # a line that wins might want the card it covers back
    return all(on_foundations[other] == rules.copies[other] and stays_up(position, other)
               for other in builders(rules, card))


_CLOSURES: WeakKeyDictionary = WeakKeyDictionary()


def worry_closure(rules: Rules, card: int) -> frozenset[int] | None:
    """The cards that must all be home (``card`` aside) before ``card`` may go up as a safe
    play where foundation tops may come back: ``card``, every card that could lie on one of
    them in the layout, and every card below one of them on its foundation, again and again.
    None where the argument (module docstring) does not hold: more than one copy of a card,
    rows dealt onto the layout, or foundations not all building by suit along one fixed rank
    sequence (each rank once), or a card no foundation takes."""
    closures = _CLOSURES.get(rules)
    if closures is None:
        closures = _CLOSURES[rules] = _worry_closures(rules)
    return closures[card]


def _worry_closures(rules: Rules) -> tuple[frozenset[int] | None, ...]:
    none = (None,) * 52
    specs = [rules.f_spec[f] for f in rules.foundations]
    if (not specs or max(rules.copies) > 1 or rules.stock_spec.deal_to
            or any(spec.ranks is None or spec.regardless or spec.takes_run or spec.base_from_deal
                   or spec.build is not None or spec.ranks != specs[0].ranks for spec in specs)):
        return none
    sequence = specs[0].ranks
    if len(set(sequence)) != len(sequence):
        return none
    lying_on = [tuple(builders(rules, card)) for card in range(52)]

    # a card's foundation builds its suit, so the cards below it there are its suit's earlier ranks
    below = [tuple(card - card % 13 + rank for rank in sequence[:sequence.index(card % 13)])
             if card % 13 in sequence else () for card in range(52)]
    closures: list[frozenset[int] | None] = []
    for card in range(52):
        if not rules.copies[card] or card % 13 not in sequence:
            closures.append(None)
            continue
        closure, todo = {card}, [card]
        while todo:
            current = todo.pop()
            for other in lying_on[current] + below[current]:
                if rules.copies[other] and other not in closure:
                    closure.add(other)
                    todo.append(other)
        closures.append(frozenset(closure))
    return tuple(closures)


def builders(rules: Rules, card: int) -> Iterator[int]:
    """The cards that could lie on ``card`` in the layout, by any layout build rule."""
    for rule in rules.build_rules:
        for other in range(52):
            if rules.copies[other] and rule.follows(card, other):
                yield other


def bare(rules: Rules, card: int) -> bool:
    """No card can ever lie on ``card`` in the layout."""
    return next(builders(rules, card), None) is None


def stays_up(position: Position, card: int) -> bool:
    """No copy of ``card`` on the foundations can be of use back in the layout: each lies
    on a foundation that keeps its cards, or is the bottom card of its foundation (taking
    it exposes nothing) and nothing can lie on it (it is nobody's base)."""
    rules = position.rules
    for f in rules.worry_from:
        pile = position.piles[f]
        if card in pile[1:] or (pile and pile[0] == card and not bare(rules, card)):
            return False
    return True


def safe_moves(position: Position) -> Iterator[Move]:
    """The safe plays of this position, in the order a player scans free cards."""
    if not plain_rules(position.rules) or waiting_for_choice(position):
        return
    rules = position.rules
    for p, card in position.free_cards():
        for f in position.takers[card]:
            move = Move(TO_FOUNDATION, p, f, card)
            if is_safe(position, move):
                yield move
                break
        if rules.remove_rules and removed_alone(rules, card):
            move = Move(REMOVE, p, -1, card, 1)
            if position.is_legal(move):
                yield move


