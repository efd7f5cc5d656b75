"""Policies that play a whole game without a person: the naive reference policy.

The naive policy is the project's cross-check of the rules: at each step it plays
the first free card that fits a foundation (free cards scanned in the variant's
scan order: columns left to right, the waste top, then reserve places in deal
order; a card that fits two piles goes to the first in pile order), otherwise it
turns a stock card, otherwise it redeals if it may, otherwise the game ends.

Where cards also move between piles, "the first legal move" could go round in
circles (a card to a free cell and back), so there the naive policy plays the first
legal move, in :mod:`patience_core.model.legal`'s order, that leads to a position
not seen before in this game; the game ends when every move leads back, or after
:func:`move_cap` moves (it gives up: a walk through new positions can otherwise go on
for as long as there are positions).
"""
from __future__ import annotations

import weakref

from patience_core.agents.choose import first_taker
from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move
from patience_core.model.position import PLAYING, Position
from patience_core.model.rules import ACCESS_ALL

_new = tuple.__new__  # a Move without NamedTuple's keyword handling (the hot loop below)


MOVES_PER_CARD = 20


def move_cap(rules) -> int:
    """The most moves a policy makes in one game where cards move between piles."""
    return MOVES_PER_CARD * rules.n_cards


def play_without_repeats(position: Position, choose, record: list | None = None,
                         cap: int | None = None) -> Position:
    """Play ``choose(position, seen) -> move | None`` until it returns ``None`` or ``cap``
    moves are made (default :func:`move_cap`), never back into a position of ``seen``:
    how every policy plays where cards move between piles and positions can repeat."""
    seen = {position.key()}
    for _ in range(move_cap(position.rules) if cap is None else cap):
        move = choose(position, seen)
        if move is None:
            break
        position.apply(move)
        seen.add(position.key())
        if record is not None:
            record.append(move)
    return position


def _family_fast(position: Position) -> bool:
    """Cards go only to the foundations and no plugin changes the moves: the tables say
    everything, so the policy can read ``takers`` directly."""
    rules = position.rules
    return rules.plain_moves and rules.foundation_only


def naive_move(position: Position, seen: set | None = None) -> Move | None:
    """The naive policy's next move, or ``None`` when the game is over. ``seen``: the keys
    of the positions this game has passed through (only read where cards move between piles)."""
    if not position.rules.plain_moves:
        # A plugin changes legality, filling or the outcome: ask the position. Its
        # legal moves come in the naive order (plays in scan order, then the stock);
        # a pending choice offers its answers in the rules' own order.
        if position.status() != PLAYING:
            return None
        moves = position.legal_moves()
        return moves[0] if moves else None
    if not _family_fast(position):
        return _first_new(position, seen if seen is not None else {position.key()})
    for pile, card in position.free_cards():
        if position.takers[card]:
            return Move(TO_FOUNDATION, pile, first_taker(position, card), card)
    rules = position.rules
    stock = position.piles[rules.stock]
    if stock:
        return Move(TURN, rules.stock, rules.waste, stock[-1])
    if position.redeals_left and position.piles[rules.waste]:
        return Move(REDEAL, rules.waste, rules.stock)
    return None


def leads_somewhere_new(position: Position, move: Move, seen: set) -> bool:
    """Does ``move`` lead to a position not in ``seen``? (``position`` is left as it was.)"""
    position.apply(move)
    key = position.key()
    position.undo()
    return key not in seen


def _first_new(position: Position, seen: set) -> Move | None:
    """The first legal move whose result is a position not in ``seen``."""
    if position.is_won():
        return None
    return next((move for move in position.legal_moves() if leads_somewhere_new(position, move, seen)), None)


_memos: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _move_memo(rules) -> tuple[dict, list]:
    """(plays to foundations by ``pile << 16 | foundation << 6 | card``, a turn per card)."""
    memo = _memos.get(rules)
    if memo is None:
        turns = [_new(Move, (TURN, rules.stock, rules.waste, card, 1)) for card in range(52)]
        memo = _memos[rules] = ({}, turns)
    return memo


def play_naive(position: Position, record: list | None = None) -> Position:
    """Play the naive policy to the end (mutates ``position``); append moves to ``record``.

    Equivalent to applying :func:`naive_move` until it returns ``None``, but after a
    stock turn only the new waste top can have become playable, so only it is
    looked at, and the first taker (:func:`.choose.first_taker`) is read inline: that
    keeps the benchmark fast without changing a single move.
    """
    rules = position.rules
    if not _family_fast(position):
        return play_without_repeats(position, naive_move, record, None if rules.plain_moves else 10**9)
    piles, takers = position.piles, position.takers
    scan = rules.scan_order
    stock_i, waste_i = rules.stock, rules.waste
    apply = position.apply
    # Moves are values: each is built once per compiled variant and reused.
    ups, turns = _move_memo(rules)
    has_all_access = any(rules.access[p] == ACCESS_ALL for p in scan)
    keep = record.append if record is not None else None
    while True:
        move = None
        if has_all_access:
            for pile, card in position.free_cards():
                if takers[card]:
                    f = takers[card][0]
                    move = ups.get(key := (pile << 16) | (f << 6) | card)
                    if move is None:
                        move = ups[key] = _new(Move, (TO_FOUNDATION, pile, f, card, 1))
                    break
        else:
            for p in scan:
                pile = piles[p]
                if pile:
                    card = pile[-1]
                    found = takers[card]
                    if found:
                        f = found[0]
                        move = ups.get(key := (p << 16) | (f << 6) | card)
                        if move is None:
                            move = ups[key] = _new(Move, (TO_FOUNDATION, p, f, card, 1))
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
            turn = turns[card]
            apply(turn)
            if keep:
                keep(turn)
            if takers[card]:
                break
        else:
            if position.redeals_left and piles[waste_i]:
                turn = Move(REDEAL, waste_i, stock_i)
                apply(turn)
                if keep:
                    keep(turn)
                continue
            return position
