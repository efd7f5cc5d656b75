"""What the full-screen game asks of the engine: the moves of a picked card, the smart move,
what the stock does, and the reason a placement is refused. No drawing here.

Moves are read through attributes (``.kind .src .dst .card .count``, see
:mod:`patience_core.model.moves`). :func:`as_move` is the one place that reads an
engine move; the moves handed back to the engine are always the engine's own objects.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from patience_core.agents import choose
from patience_core.model import cards
from patience_core.model.moves import BETWEEN_PILES, CHOOSE, CLOSE_UP, DEAL_ROW, GATHER, FILL, REDEAL, REMOVE, TURN, Move
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, Rules
from patience_core.ui.commands import PileLabels, no_fit_reason, where_is, why_not_here


def as_move(rules: Rules, raw: Any) -> Move:
    """The engine's move as a :class:`Move` record (the one place that reads an engine move)."""
    return raw


class Legal(NamedTuple):
    """A legal move read through attributes, with the engine's own object to play."""

    move: Move
    raw: Any


def legal_moves(position: Position) -> list[Legal]:
    rules = position.rules
    return [Legal(as_move(rules, raw), raw) for raw in position.legal_moves()]


def face_down(position: Position, pile: int) -> int:
    """How many cards at the bottom of ``pile`` are face down (the stock: all of them)."""
    if pile == position.rules.stock:
        return len(position.piles[pile])
    return position.down[pile]


def target_of(position: Position, item: Legal, pile: int) -> int:
    """Where a play of the card picked in ``pile`` is placed: its destination; for a set
    removed, the other card's pile (the discard pile for a card removed alone)."""
    m = item.move
    if m.kind is REMOVE:
        if m.count == 1:
            return position.rules.discard
        return m.dst if m.src == pile else m.src
    return m.dst


def moves_from(position: Position, legal: list[Legal], pile: int, index: int) -> list[Legal]:
    """The plays that move the card at ``index`` of ``pile`` (for a run: the card and those above it;
    for a set removed, the sets it belongs to)."""
    cards_there = position.piles[pile]
    removals = [item for item in legal if item.move.kind is REMOVE and pile in (item.move.src, item.move.dst)
                and index == len(cards_there) - 1]
    if pile == position.rules.stock:  # several waste piles: the stock is "picked", then a waste
        return removals or [item for item in legal if item.move.kind is TURN]
    if not 0 <= index < len(cards_there):
        return []
    card = cards_there[index]
    run = len(cards_there) - index
    every_card_free = position.rules.access[pile] == ACCESS_ALL
    found = []
    for item in legal:
        m = item.move
        if not m.is_play or m.src != pile or m.card != card:
            continue
        if m.kind is BETWEEN_PILES and not every_card_free and m.count != run:
            continue
        found.append(item)
    return found + removals


def pickable_indices(position: Position, legal: list[Legal], pile: int) -> list[int]:
    """Where a cursor may stop in ``pile``: its top card, and any deeper card that has a play."""
    size = len(position.piles[pile])
    if size == 0:
        return [-1]
    indices = {size - 1}
    for index in range(face_down(position, pile), size - 1):
        if moves_from(position, legal, pile, index):
            indices.add(index)
    return sorted(indices)


def stock_moves(position: Position, legal: list[Legal]) -> list[Legal]:
    """What clicking the stock does: turn, deal a row, or redeal (in that order of preference)."""
    order = {TURN: 0, DEAL_ROW: 1, CLOSE_UP: 1, REDEAL: 2, GATHER: 2}
    found = [item for item in legal if item.move.kind in order]
    return sorted(found, key=lambda item: order[item.move.kind])


def stock_refusal(position: Position) -> str:
    rules = position.rules
    labels = PileLabels(rules)
    if position.piles[rules.stock]:
        return "the stock cannot be turned now" + why_not_here(position, rules.stock, rules.waste, None, labels, True)
    if position.redeals_left and any(position.piles[w] for w in rules.waste_piles):
        return "the stock is empty" + why_not_here(position, rules.waste, rules.stock, None, labels, True)
    return "the stock is empty and no redeal is left"


def choices(legal: list[Legal]) -> list[Legal]:
    """The answers to a plugin's choice (an opening choice, or which pile fills a gap)."""
    return [item for item in legal if item.move.kind in (CHOOSE, FILL)]


def smart_move(position: Position, plays: list[Legal]) -> Legal | None:
    """The engine's smart move (``agents.choose.smart_move``): to a foundation if one takes the
    card, else the best pile."""
    chosen = choose.smart_move(position, [item.raw for item in plays])
    return next((item for item in plays if item.raw == chosen), None)


def pick_refusal(position: Position, pile: int, index: int, labels: PileLabels, unicode: bool) -> str:
    """Why the card at ``index`` of ``pile`` has no play, in one line."""
    rules = position.rules
    cards_there = position.piles[pile]
    if rules.is_foundation[pile]:
        return "cards never leave the foundations: pick a card, then its foundation"
    if not cards_there:
        return f"{labels.label(pile)} ({rules.pile_names[pile]}) is empty"
    if index < face_down(position, pile):
        return f"that card of {labels.label(pile)} is face down"
    card = cards_there[index]
    name = cards.card_label(card, unicode)
    if index != len(cards_there) - 1 and rules.top_only[pile]:
        if rules.pile_kind[pile] in ("tableau", "reserve", "cell"):
            return where_is(position, card, labels, unicode)
        return f"{name} is not free: the free card of {labels.label(pile)} is {cards.card_label(cards_there[-1], unicode)}"
    return no_fit_reason(position, card, labels, unicode)


def place_refusal(position: Position, pile: int, index: int, dst: int, labels: PileLabels,
                  unicode: bool) -> str:
    """Why the picked card cannot go on ``dst`` (the engine's ``why_not``)."""
    if pile == position.rules.stock:  # its cards are face down: never name them
        reason = why_not_here(position, pile, dst, None, labels, unicode) or ": it turns onto a waste pile"
        return f"the stock cannot be turned onto {labels.label(dst)}{reason}"
    card = position.piles[pile][index]
    reason = why_not_here(position, pile, dst, card, labels, unicode) or ": not a legal move"
    return f"{cards.card_label(card, unicode)} cannot go on {labels.label(dst)}{reason}"
