"""Card codes: a card is the int ``suit * 13 + rank`` (rank 0 = Ace ... 12 = King).

Two decks hold two indistinguishable copies of every code, so a code is all
the engine needs to know about a card.
"""
from __future__ import annotations

from patience_core.errors import PatienceError

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("C", "D", "H", "S")
SUIT_SYMBOLS = ("♣", "♦", "♥", "♠")
CARDS_PER_DECK = 52

_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)} | {"T": 9, "1": 0}
_SUIT_ALIASES = {s: i for i, s in enumerate(SUITS)} | {
    sym: i for i, sym in enumerate(SUIT_SYMBOLS)
} | {"♧": 0, "♢": 1, "♡": 2, "♤": 3}


class CardError(PatienceError):
    """A card, rank or suit written in a form the project does not know."""


def make(rank: int, suit: int) -> int:
    return suit * 13 + rank


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def parse_rank(text: str | int) -> int:
    """``'A'``, ``'10'``, ``'t'``, ``'q'`` (or an int 1..13) -> rank index 0..12."""
    if isinstance(text, bool):
        raise CardError(f"not a rank: {text!r} (expected one of {' '.join(RANKS)})")
    if isinstance(text, int):
        if 1 <= text <= 13:
            return text - 1
        raise CardError(f"not a rank: {text} (expected 1..13 or one of {' '.join(RANKS)})")
    key = str(text).strip().upper()
    if key in _RANK_ALIASES:
        return _RANK_ALIASES[key]
    raise CardError(f"not a rank: {text!r} (expected one of {' '.join(RANKS)})")


def parse_card(text: str) -> int:
    """Parse ``10H``, ``th``, ``Q♠``, ``as``: rank then suit, case-insensitive."""
    raw = text.strip()
    if len(raw) < 2:
        raise CardError(f"not a card: {text!r} (expected rank then suit, e.g. 10H, QS, AC)")
    suit = _SUIT_ALIASES.get(raw[-1].upper())
    if suit is None:
        raise CardError(f"not a card: {text!r} (unknown suit {raw[-1]!r}; expected C D H S)")
    try:
        rank = parse_rank(raw[:-1])
    except CardError:
        raise CardError(
            f"not a card: {text!r} (unknown rank {raw[:-1]!r}; expected {' '.join(RANKS)})"
        ) from None
    return make(rank, suit)


def rank_with_article(rank: int) -> str:
    """'an A', 'an 8', 'a K': a rank as a player reads it in a sentence."""
    name = RANKS[rank]
    return f"{'an' if name in ('A', '8') else 'a'} {name}"


def ranks_with_articles(ranks: int | tuple[int, ...]) -> str:
    """'a K', 'an A or a K': one rank, or several joined by 'or' (a gap's ``empty`` ranks)."""
    return " or ".join(rank_with_article(r) for r in (ranks if isinstance(ranks, tuple) else (ranks,)))


def card_name(card: int) -> str:
    """The machine form: ``10H``, ``QS``."""
    return RANKS[card % 13] + SUITS[card // 13]


def card_label(card: int, unicode: bool = True) -> str:
    """The human form: ``10♥`` (or ``10H`` where Unicode is not wanted)."""
    suits = SUIT_SYMBOLS if unicode else SUITS
    return RANKS[card % 13] + suits[card // 13]


def is_red(card: int) -> bool:
    return card // 13 in (1, 2)


def full_pack(decks: int) -> list[int]:
    """Every card of ``decks`` decks, deck by deck, in a fixed order."""
    return [c for _ in range(decks) for c in range(CARDS_PER_DECK)]
