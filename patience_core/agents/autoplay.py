"""Automatic play to the foundations: the variant's own autoplay, and "safe moves only".

Two modes, besides ``off``:

- ``all``: what a variant with ``autoplay: true`` does (Contradance): every free card
  that fits goes up at once, scanned like the naive policy, to the first pile that
  takes it;
- ``safe``: only moves that can never turn a winnable game into a lost one; which
  plays are safe is :mod:`patience_core.agents.safe`'s answer (its docstring and
  ``docs/play.md`` give the argument).
"""
from __future__ import annotations

from patience_core.agents.choose import first_taker
from patience_core.agents.safe import plain_rules, safe_moves, waiting_for_choice
from patience_core.model.moves import TO_FOUNDATION, Move
from patience_core.model.position import Position
from patience_core.model.rules import Rules

MODES = ("off", "safe", "all")


def default_mode(rules: Rules) -> str:
    """The variant decides: ``all`` when its definition says ``autoplay: true``."""
    return "all" if rules.autoplay else "off"


def next_automatic(position: Position, mode: str) -> Move | None:
    """The next move ``mode`` plays by itself in ``position``, or ``None``."""
    if mode == "all":
        if not plain_rules(position.rules) or waiting_for_choice(position):
            # A plugin may forbid some plays: take only what the position calls legal.
            return next((m for m in position.legal_moves() if m.kind is TO_FOUNDATION), None)
        for p, card in position.free_cards():
            if position.takers[card]:
                return Move(TO_FOUNDATION, p, first_taker(position, card), card)
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
