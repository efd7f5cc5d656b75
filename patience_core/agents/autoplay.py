"""Automatic play to the foundations: the variant's own autoplay, and "safe moves only".

Two modes, besides ``off``:

- ``all``: what a variant with ``autoplay: true`` does (Contradance): every free card
  that fits goes up at once, scanned like the naive policy, to the first pile that
  takes it.
- ``safe``: only moves that can never turn a winnable game into a lost one. The
  argument is written out in ``docs/play.md`` ("Safe autoplay"); in short a play of
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

Variants whose legality, fills or outcome a plugin overrides get no safe moves at all:
the argument above only knows the rules the YAML can say.
"""
from __future__ import annotations

from typing import Iterator

from patience_core.model.position import Position
from patience_core.model.rules import Rules

Move = tuple

MODES = ("off", "safe", "all")


def default_mode(rules: Rules) -> str:
    """The variant decides: ``all`` when its definition says ``autoplay: true``."""
    return "all" if rules.autoplay else "off"


def _plain_rules(rules: Rules) -> bool:
    """True unless a plugin changed a rule the safety argument relies on: which moves
    are legal, who chooses how a gap is filled, or when the game is won or lost. (A
    plugin's deal or opening choice only shapes the position the argument starts from.)"""
    if getattr(rules, "move_check", None) is not None or getattr(rules, "outcome", None) is not None:
        return False
    return not any(getattr(rules, "fill_by_player", ()))


def _waiting_for_choice(position: Position) -> bool:
    """A plugin's position that waits for the player's choice (opening, or how to fill a gap)."""
    return bool(getattr(position, "choosing", False)) or getattr(position, "pending", -1) >= 0


def open_spots(position: Position, card: int) -> list[tuple[int, int]]:
    """``(foundation, index)`` for every foundation place ``card`` could still occupy."""
    rules = position.rules
    rank, suit = card % 13, card // 13
    spots = []
    for g in rules.foundations:
        sequence = rules.f_rank_at[g]
        if rank not in sequence:
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
    return (rules.f_rank_at[f] == rules.f_rank_at[g] and rules.f_suit[f] == rules.f_suit[g]
            and rules.f_length[f] == rules.f_length[g] and position.piles[f] == position.piles[g])


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
    # Waste and stock only ever receive cards from each other: once both are empty,
    # no gap is ever filled again.
    return not piles[rules.waste] and not piles[rules.stock]


def is_safe(position: Position, move: Move) -> bool:
    src, dst, card = move
    rules = position.rules
    if src < 0 or not rules.is_foundation[dst] or not _plain_rules(rules) or _waiting_for_choice(position):
        return False
    return source_is_inert(position, src) and no_competition(position, card, dst)


def safe_moves(position: Position) -> Iterator[Move]:
    """The safe plays of this position, in the order a player scans free cards."""
    if not _plain_rules(position.rules) or _waiting_for_choice(position):
        return
    for p, card in position.free_cards():
        for f in position.takers[card]:
            move = (p, f, card)
            if is_safe(position, move):
                yield move
                break


def next_automatic(position: Position, mode: str) -> Move | None:
    """The next move ``mode`` plays by itself in ``position``, or ``None``."""
    if mode == "all":
        if not _plain_rules(position.rules) or _waiting_for_choice(position):
            # A plugin may forbid some plays: take only what the position calls legal.
            is_foundation = position.rules.is_foundation
            return next((m for m in position.legal_moves() if m[0] >= 0 and is_foundation[m[1]]), None)
        for p, card in position.free_cards():
            takers = position.takers[card]
            if takers:
                return (p, takers[0], card)
        return None
    if mode == "safe":
        return next(safe_moves(position), None)
    return None


def play_automatic(position: Position, mode: str) -> list[Move]:
    """Play ``mode``'s automatic moves until none is left; return them."""
    played = []
    while True:
        move = next_automatic(position, mode)
        if move is None:
            return played
        position.apply(move)
        played.append(move)
