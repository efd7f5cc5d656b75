"""Policies that play a whole game without a person: the naive reference policy.

The naive policy is the project's cross-check of the rules: at each step it plays
the first free card that fits a foundation (free cards scanned in the variant's
scan order: columns left to right, the waste top, then reserve places in deal
order; a card that fits two piles goes to the first in pile order), otherwise it
turns a stock card, otherwise it redeals if it may, otherwise the game ends.
"""
from __future__ import annotations

from patience_core.model.position import NO_CARD, PLAYING, Position
from patience_core.model.rules import ACCESS_ALL


def naive_move(position: Position):
    """The naive policy's next move, or ``None`` when the game is over."""
    if not position.rules.plain_moves:
        # A plugin changes legality, filling or the outcome: ask the position. Its
        # legal moves come in the naive order (plays in scan order, then the stock);
        # a pending choice offers its answers in the rules' own order.
        if position.status() != PLAYING:
            return None
        moves = position.legal_moves()
        return moves[0] if moves else None
    for pile, card in position.free_cards():
        takers = position.takers[card]
        if takers:
            return (pile, takers[0], card)
    rules = position.rules
    stock = position.piles[rules.stock]
    if stock:
        return (rules.stock, rules.waste, stock[-1])
    if position.redeals_left and position.piles[rules.waste]:
        return (rules.waste, rules.stock, NO_CARD)
    return None


def play_naive(position: Position, record: list | None = None) -> Position:
    """Play the naive policy to the end (mutates ``position``); append moves to ``record``.

    Equivalent to applying :func:`naive_move` until it returns ``None``, but after a
    stock turn only the new waste top can have become playable, so only it is
    looked at: that keeps the benchmark fast without changing a single move.
    """
    rules = position.rules
    if not rules.plain_moves:
        while (move := naive_move(position)) is not None:
            position.apply(move)
            if record is not None:
                record.append(move)
        return position
    piles, takers = position.piles, position.takers
    scan = rules.scan_order
    stock_i, waste_i = rules.stock, rules.waste
    apply = position.apply
    has_all_access = any(rules.access[p] == ACCESS_ALL for p in scan)
    keep = record.append if record is not None else None
    while True:
        move = None
        if has_all_access:
            for pile, card in position.free_cards():
                if takers[card]:
                    move = (pile, takers[card][0], card)
                    break
        else:
            for p in scan:
                pile = piles[p]
                if pile:
                    found = takers[pile[-1]]
                    if found:
                        move = (p, found[0], pile[-1])
                        break
        if move is not None:
            apply(move)
            if keep:
                keep(move)
            continue
        # Nothing fits: turn until the waste top fits somewhere.
        stock = piles[stock_i]
        while stock:
            card = stock[-1]
            turn = (stock_i, waste_i, card)
            apply(turn)
            if keep:
                keep(turn)
            if takers[card]:
                break
        else:
            if position.redeals_left and piles[waste_i]:
                turn = (waste_i, stock_i, NO_CARD)
                apply(turn)
                if keep:
                    keep(turn)
                continue
            return position
