"""Deal numbers other programs use: Microsoft's FreeCell numbers and PySolFC's game numbers.

``--deal ms:11982`` or ``--deal pysol:1234`` lays out the deal those programs show.
The shuffles and the layouts are pysol-cards' (the library PySolFC itself deals
with); this module turns its layout into our ``order`` (:func:`order_for`).
``--seed`` stays the project's own numbering (:mod:`.deal`).

Schemes and ranges
    ``ms:N``, N in 1..2**33-1: Microsoft's shuffle of one 52-card deck (PySolFC's
    ``msN``). 1..32000 are Microsoft FreeCell's own numbers; above that, the
    extension pysol-cards and PySolFC compute. PySolFC takes these numbers for any
    game; the shuffle is of one 52-card deck, so here a two-deck game refuses them.
    ``pysol:N``, N in 1..10**20-1 (at most twenty digits, PySolFC's ``MAX_SEED``):
    PySolFC's game number N. Like PySolFC, numbers below 32000 use Microsoft's
    shuffle (for one-deck games ``pysol:N`` is ``ms:N`` there) and the rest the
    Mersenne Twister. One exception to pysol-cards: its ``shuffle`` still gives
    32000 to Microsoft's shuffle, PySolFC (``construct_random``) does not, and
    32000 here is PySolFC's deal.

The variant field (read from ``rules.definition``)
    ``deal_numbers: {pysol: KEY}``, KEY the name pysol-cards gives the PySolFC game
    (``pysol_cards.deal_game.Game.GAMES_MAP``): ``freecell``, ``bakers_game``,
    ``klondike``, ``golf``, ``yukon`` for the games of issue 13; :data:`AVAILABLE`
    lists all. Without the field, or with a KEY pysol-cards cannot lay out
    (``spider``, ``sir_tommy``, ``calculation``, ``canfield``, ``forty_thieves``
    ...), a deal number is refused in one line.

How a layout becomes an order
    pysol-cards' piles in PySolFC's order (columns left to right, then the free
    cells, empty ones included) are the variant's ``deal_piles`` in order; the
    variant's ``deal_targets`` say in which order those piles received their cards,
    and the talon (top first) is the stock. PySolFC's Klondike turns the talon's top
    card onto the waste at the start and Golf onto the foundation (pysol-cards prints
    Golf's as ``Foundations:``); here that card stays the top of the stock, for the
    variant to turn. Cards PySolFC sets on the foundations during its deal (e.g.
    Beleaguered Castle's Aces) must be the variant's set-out cards.

PySolFC's dealing sequences (``pysollib/games``; piles numbered from 1, left to right)
    FreeCell, Baker's Game: 8 columns, 52 cards row by row left to right (columns
    1-4 get 7 cards, 5-8 get 6); no stock.
    Klondike: rows dealt right to left: face down to piles 7..2, 7..3, ..., 7..7,
    then one face-up row to 7..1 (pile k holds k cards, the top one face up);
    24 in the stock, whose top card PySolFC turns onto the waste.
    Golf: 7 columns, 5 rows left to right, all face up; 17 in the stock, whose top
    card PySolFC turns onto the foundation.
    Yukon: face down to piles 2..7, 3..7, ..., 7..7 (left to right), then four
    face-up rows to piles 2..7, then one face-up row to piles 1..7; no stock.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Mapping, Sequence

from pysol_cards.cards import CardRenderer, createCards
from pysol_cards.deal_game import Game
from pysol_cards.random import LCRandom31, MTRandom
from pysol_cards.random_base import RandomBase

from patience_core.errors import PackError
from patience_core.model import cards
from patience_core.model.deal import dealt_pack
from patience_core.model.rules import Rules

MS_LAST = LCRandom31.MAX_SEED          # 2**33 - 1
PYSOL_LAST = MTRandom.MAX_SEED - 1     # twenty digits
PYSOLFC_FIRST_TWISTER = 32000          # PySolFC: numbers below it use Microsoft's shuffle
RANGES = {"ms": (1, MS_LAST), "pysol": (1, PYSOL_LAST)}
_WHICH_DEALS = {"ms": RandomBase.DEALS_MS, "pysol": RandomBase.DEALS_PYSOLFC}
_EXPECTED = f"expected ms:N (Microsoft, N 1..{MS_LAST}) or pysol:N (PySolFC, N 1..{PYSOL_LAST})"
_PYSOL_SUITS = "CSHD"  # pysol-cards' suit order (Card.suit_s)

# die_schlange's deal prints its foundations to stdout from inside pysol-cards.
AVAILABLE = tuple(sorted(set(Game.GAMES_MAP) - {"die_schlange"}))


@dataclass(frozen=True)
class DealNumber:
    scheme: str   # "ms" or "pysol"
    number: int

    def __str__(self) -> str:
        return f"{self.scheme}:{self.number}"


@dataclass(frozen=True)
class ExternalLayout:
    """A deal as pysol-cards lays it out, in our card codes.

    ``piles``: PySolFC's columns left to right, then its free cells (an empty cell is
    an empty pile), each bottom card first. ``face_down``: how many cards at the
    bottom of each pile are dealt face down. ``talon``: the undealt cards, top first.
    """

    piles: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    talon: tuple[int, ...]


def parse_deal(text: str) -> DealNumber:
    """``ms:11982`` or ``pysol:1234``; anything else is a one-line :class:`PackError`."""
    scheme, colon, digits = text.strip().partition(":")
    scheme = scheme.lower()
    if not colon or scheme not in RANGES:
        raise PackError(f"deal {text!r}: unknown numbering; {_EXPECTED}")
    if not re.fullmatch(r"[0-9]+", digits):
        raise PackError(f"deal {text!r}: {digits!r} is not a whole number; {_EXPECTED}")
    number = int(digits)
    first, last = RANGES[scheme]
    if not first <= number <= last:
        who = "Microsoft's" if scheme == "ms" else "PySolFC's"
        raise PackError(f"deal {text!r}: out of range; {who} deal numbers run {first}..{last}")
    return DealNumber(scheme, number)


class _PySolFCGame(Game):
    """pysol-cards' game, shuffled as PySolFC shuffles game number 32000 (Mersenne
    Twister, where pysol-cards' ``shuffle`` uses Microsoft's)."""

    def deal(self) -> None:
        if self.which_deals != RandomBase.DEALS_PYSOLFC or self.game_num != PYSOLFC_FIRST_TWISTER:
            super().deal()
            return
        pack = MTRandom(self.game_num).shuffle(createCards(self.get_num_decks(), self.max_rank))
        pack.reverse()  # as pysol-cards: the top card first
        self.new_cards(pack)


def _card(pysol_card) -> int:
    return cards.make(pysol_card.rank - 1, cards.SUITS.index(_PYSOL_SUITS[pysol_card.suit]))


def _game(key: str, deal: DealNumber) -> Game:
    if key not in AVAILABLE:
        raise PackError(f"{deal.scheme}: deals of {key} are not available (pysol-cards lays out "
                        f"{len(AVAILABLE)} games, not this one)")
    game = _PySolFCGame(key, deal.number, _WHICH_DEALS[deal.scheme])
    if deal.scheme == "ms" and game.get_num_decks() != 1:
        raise PackError(f"{deal}: Microsoft's deals are of one 52-card deck; "
                        f"{key} uses {game.get_num_decks()} decks")
    return game


def external_layout(game: str, deal: DealNumber) -> ExternalLayout:
    """Deal ``deal`` of the PySolFC game pysol-cards calls ``game``."""
    return _layout(_game(game, deal))


def _layout(dealer: Game) -> ExternalLayout:
    dealer.deal()
    getattr(dealer, dealer.game_class)()  # pysol-cards' layout of that game
    board = dealer.board
    piles = [list(column) for column in board.columns.cols]
    if board.with_freecells:
        piles += [[] if cell.empty else [cell] for cell in board.freecells]
    talon = list(board.talon) if board.with_talon else []
    if dealer.game_class == "golf":
        # pysol-cards takes the talon's top card off to show it as the foundation
        turned = board.raw_foundations_cb(CardRenderer(True)).split()[-1]
        talon_cards = [cards.parse_card(turned)] + [_card(c) for c in talon]
    else:
        talon_cards = [_card(c) for c in talon]
    return ExternalLayout(
        piles=tuple(tuple(_card(c) for c in pile) for pile in piles),
        face_down=tuple(sum(1 for c in pile if c.flipped) for pile in piles),
        talon=tuple(talon_cards),
    )


def order_from_layout(deal_targets: Sequence[int], layout: Mapping[int, Sequence[int]],
                      stock: Sequence[int]) -> list[int]:
    """The ``order`` that :func:`~.deal.deal_by_order` deals into ``layout`` and ``stock``.

    ``layout``: pile number -> its cards, bottom first; ``stock``: top card first.
    Walks ``deal_targets``, taking for each target its pile's next card from the
    bottom, then the stock. Raises ``ValueError`` when the layout does not hold
    exactly as many cards on each pile as ``deal_targets`` deals there.
    """
    taken: Counter[int] = Counter()
    order = []
    for n, target in enumerate(deal_targets, start=1):
        pile = layout.get(target, ())
        if taken[target] >= len(pile):
            raise ValueError(f"target {n} is pile {target}, which holds only {len(pile)} cards")
        order.append(pile[taken[target]])
        taken[target] += 1
    left = [pile for pile, held in layout.items() if len(held) != taken[pile]]
    if left:
        raise ValueError(f"pile {left[0]} holds {len(layout[left[0]])} cards; "
                         f"the targets deal it {taken[left[0]]}")
    return order + list(stock)


def game_key(rules: Rules, deal: DealNumber) -> str:
    """The pysol-cards name of the variant's PySolFC game (``deal_numbers.pysol``)."""
    field = rules.definition.get("deal_numbers")
    key = field.get("pysol") if isinstance(field, Mapping) else None
    if not isinstance(key, str):
        raise PackError(f"{deal.scheme}: deals of {rules.name} are not available "
                        f"(its definition has no deal_numbers: {{pysol: GAME}})")
    return key


def order_for(rules: Rules, deal: DealNumber) -> list[int]:
    """The shuffled pack (top card first) that the variant's YAML deal turns into
    PySolFC's deal ``deal``; a one-line :class:`PackError` when it does not fit."""
    key = game_key(rules, deal)
    game = _game(key, deal)
    if game.get_num_decks() != rules.decks:
        raise PackError(f"{deal}: PySolFC's {key} uses {game.get_num_decks()} deck(s); "
                        f"{rules.name} uses {rules.decks}")
    layout = _layout(game)
    piles = rules.deal_piles
    if len(layout.piles) > len(piles):
        raise PackError(f"{deal}: PySolFC's {key} lays out {len(layout.piles)} piles; "
                        f"{rules.name} deals to {len(piles)}")
    held = dict(zip(piles, layout.piles))
    dealt = Counter(rules.deal_targets)
    for pile in piles:
        if len(held.get(pile, ())) != dealt[pile]:
            raise PackError(f"{deal}: PySolFC's {key} puts {len(held.get(pile, ()))} cards on "
                            f"{rules.pile_names[pile]}; {rules.name} deals it {dealt[pile]}")
    # A card the variant deals onto a foundation (Golf's first card) is the one PySolFC
    # turns there from the talon's top at the start.
    talon = list(layout.talon)
    for target in rules.deal_targets:
        if rules.is_foundation[target] and talon:
            held[target] = (talon.pop(0),)
    order = order_from_layout(rules.deal_targets, held, talon)
    expected, found = Counter(dealt_pack(rules)), Counter(order)
    if found != expected:
        aside = " ".join(cards.card_name(c) for c in sorted(expected - found))
        extra = " ".join(cards.card_name(c) for c in sorted(found - expected))
        raise PackError(f"{deal}: PySolFC's {key} sets {aside} aside (on its foundations); "
                        f"{rules.name} deals them" if aside else
                        f"{deal}: PySolFC's {key} deals {extra}; {rules.name} sets them out before the deal")
    return order
