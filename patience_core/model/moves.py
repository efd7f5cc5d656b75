"""Moves and history entries: small typed records instead of tuples read by index.

A :class:`Move` says what kind of move it is, where it goes from and to, which card
it moves (for a run, the run's base card: the deepest one moved) and how many cards
it moves. Pile numbers are those of the compiled rules (``rules.pile_names``).
Every automatic consequence of a move (a gap refilled from the waste, a face-down
card turned up) belongs to the move and is undone with it; the :class:`Step` that
the position keeps for undo records them.
"""
from __future__ import annotations

from enum import Enum
from typing import NamedTuple

NO_CARD = -1
NO_PILE = -1


class MoveKind(str, Enum):
    """What a move does. The values are the words the JSON move form uses."""

    TO_FOUNDATION = "to-foundation"   # a card (or Spider's whole run) onto a foundation
    REMOVE = "remove"                 # a set of free cards to the discard pile (src, dst: their piles)
    BETWEEN_PILES = "between-piles"   # a card or a run from one layout pile to another
    TURN = "turn"                     # stock cards onto a waste pile (draw N)
    REDEAL = "redeal"                 # the waste turned over to form a new stock
    DEAL_ROW = "deal-row"             # one stock card onto every pile of a group (Spider)
    CLOSE_UP = "close-up"             # a group's gaps closed up, then filled from the stock (Monte Carlo)
    GATHER = "gather"                 # a group picked up and dealt out again, a redeal (Cruel)
    TURN_UP = "turn-up"               # a pile's next face-down card turned up by the player, a redeal (Relaxed Clock)
    CHOOSE = "choose"                 # the answer to a plugin's opening choice (dst: option index)
    FILL = "fill"                     # the player's choice of the card that fills a gap
    SWAP = "swap"                     # two places trade their cards (Royal Parade's misplaced bases)

    def __str__(self) -> str:  # noqa: D105 - the JSON word
        return self.value


TO_FOUNDATION = MoveKind.TO_FOUNDATION
REMOVE = MoveKind.REMOVE
BETWEEN_PILES = MoveKind.BETWEEN_PILES
TURN = MoveKind.TURN
REDEAL = MoveKind.REDEAL
DEAL_ROW = MoveKind.DEAL_ROW
CLOSE_UP = MoveKind.CLOSE_UP
GATHER = MoveKind.GATHER
TURN_UP = MoveKind.TURN_UP
CHOOSE = MoveKind.CHOOSE
FILL = MoveKind.FILL
SWAP = MoveKind.SWAP


class Move(NamedTuple):
    """One move. ``card`` is :data:`NO_CARD` where no single card is meant (a redeal,
    a choice); ``count`` is the number of cards moved (a run's length, draw N). A
    :data:`REMOVE` move takes ``card`` from ``src`` and, in a pair, the top card of ``dst``
    (:data:`NO_PILE` for a card removed alone) to the discard pile. A :data:`SWAP` names the
    two places that trade cards and ``src``'s card."""

    kind: MoveKind
    src: int
    dst: int
    card: int = NO_CARD
    count: int = 1

    @property
    def is_play(self) -> bool:
        """A card (or run) moved by the player from one pile to another pile or foundation."""
        return self.kind is TO_FOUNDATION or self.kind is BETWEEN_PILES or self.kind is SWAP


class Step(NamedTuple):
    """What :meth:`Position.undo` needs to take one move back.

    ``filled``: the pile a gap was refilled from (:data:`NO_PILE`: none); ``index``:
    where in its pile the card was taken (-1: the top); ``flipped``: the move turned up
    the face-down card it exposed; ``fill_flipped``: taking the filling card turned up
    one in its source pile; ``pending``: the move left a gap waiting for the player's
    choice of card (plugins' chosen fills); ``second``: for a set removed, the same
    ``(filled, flipped, fill_flipped)`` for a pair's second pile (or ``None``) and the
    close-up it caused (or ``None``); for a card or run played, ``None`` or (the cards its
    destination turned up, Clock; the close-up it caused, Accordion; the opening deal and
    waste refill it caused, Terrace); for a close-up, the group's cards and face-down counts
    before it and the piles dealt to, in order; for a gather, the group's cards and face-down
    counts before it; for a play, what :meth:`Position._after_play` did (the piles the opening
    card's deal went to, and whether the emptied waste took a stock card), or ``None``.
    A move after which something settled by itself (a gathered set leaving, gaps waiting for a
    state filled: ``Position._aftermath``) is kept with an eighth entry saying what, which
    undo takes back first; other entries are seven long.
    """

    move: Move
    filled: int = NO_PILE
    index: int = -1
    flipped: bool = False
    fill_flipped: bool = False
    pending: bool = False
    second: tuple | None = None


__all__ = ["Move", "MoveKind", "Step", "NO_CARD", "NO_PILE", "TO_FOUNDATION", "REMOVE", "BETWEEN_PILES",
           "TURN", "REDEAL", "DEAL_ROW", "CLOSE_UP", "GATHER", "CHOOSE", "FILL", "SWAP"]
