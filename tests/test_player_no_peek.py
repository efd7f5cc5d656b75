"""The player and the hint do not peek: where cards lie face down (Klondike, Yukon, Spider,
Canfield's reserve) or the stock is turned blind (Klondike, Spider, Golf, Forty Thieves;
Odd and Even and Royal Cotillion, whose gaps take the stock's top card when the waste is
empty), shuffling the cards nobody has seen yet among their places never changes the
move chosen or the reason given for it.

A game is played some moves into a deal (the player's own moves, with random legal
moves mixed in to reach other positions). The cards not seen by then are the face-down
layout cards and the stock cards never turned; none of them has moved since the deal
(a face-down card cannot move, the stock is only taken from the top and receives cards
only by a redeal, once it has been emptied, so every card in it has been seen). So the
same deal with those cards shuffled among their places replays the same moves to a
position that differs only in what cannot be seen: a player who does not peek chooses
the same there.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import get_rules
from patience_core.agents import hints
from patience_core.agents.player import choose_move
from patience_core.model.deal import deal_by_order, seeded_order
from patience_core.model.moves import NO_CARD, TURN, Move
from patience_core.model.position import Position
from patience_core.model.rules import Rules

CASES = [
    ("klondike", {}), ("klondike", {"draw": "3"}), ("klondike", {"draw": "3", "redeals": "2"}),
    ("klondike", {"worry": "yes"}), ("yukon", {}), ("spider", {}), ("spider", {"suits": "1"}),
    ("golf", {}), ("golf", {"wrap": "no"}),
    # a gap filled from the stock when the waste is empty: the card it takes is unseen
    ("odd-and-even", {}), ("royal-cotillion", {}),
    ("canfield", {}), ("forty-thieves", {}),  # a face-down reserve; a stock turned one by one
]
HIDDEN = "a card not seen"


@dataclass
class Played:
    """A deal played some moves in, with what the player's memory holds."""

    position: Position
    history: list        # the moves played
    unseen_stock: int    # how many stock cards, from the bottom, were never turned


def start(rules: Rules, piles: list[list[int]]) -> Position:
    return (rules.position_class or Position)(rules, [list(p) for p in piles])


def play_in(rules: Rules, piles: list[list[int]], steps: int, wander: float, walk: random.Random) -> Played:
    """Play ``steps`` moves: the player's, or (with probability ``wander``) a random legal
    one, to reach positions the player alone would not (a card left that fits, ...)."""
    position = start(rules, piles)
    seen = {position.key()}
    history: list[Move] = []
    unseen_stock = len(position.piles[rules.stock])
    for _ in range(steps):
        legal = position.legal_moves()
        if not legal or position.is_won():
            break
        move = walk.choice(legal) if walk.random() < wander else choose_move(position, seen)[0]
        if move is None:
            break
        position.apply(move)
        seen.add(position.key())
        history.append(move)
        unseen_stock = min(unseen_stock, len(position.piles[rules.stock]))
    return Played(position, history, unseen_stock)


def unseen_places(played: Played) -> list[tuple[int, int]]:
    """``(pile, index)`` of every card not seen yet: the same places as in the deal."""
    rules = played.position.rules
    places = [(p, i) for p in range(rules.n_piles) if p != rules.stock
              for i in range(played.position.down[p])]
    return places + [(rules.stock, i) for i in range(played.unseen_stock)]


def shuffled(piles: list[list[int]], places: list[tuple[int, int]], rng: random.Random) -> list[list[int]]:
    cards = [piles[p][i] for p, i in places]
    rng.shuffle(cards)
    out = [list(p) for p in piles]
    for (p, i), card in zip(places, cards):
        out[p][i] = card
    return out


def as_seen(move: Move | None, position: Position, places: set) -> Move | None:
    """The move as the player can know it: a turn names the stock's top card, which the
    engine's move tuple carries but nobody has seen while it lies among ``places``."""
    if move is None:
        return None
    stock_i = position.rules.stock
    if move.kind is TURN and (stock_i, len(position.piles[stock_i]) - 1) in places:
        return move._replace(card=NO_CARD)
    return move


def visible(position: Position, places: set) -> list[list]:
    return [[HIDDEN if (p, i) in places else card for i, card in enumerate(pile)]
            for p, pile in enumerate(position.piles)]


def answers(position: Position, seen: set, places: set) -> list:
    """What the player and the hint say here, as far as a player can know it."""
    move, reason = choose_move(position.copy(), set(seen))
    hint_move, hint_reason, who = hints.hint(position.copy())
    fallback, fallback_reason = hints.heuristic_move(position.copy())  # the hint's fallback
    return [(as_seen(move, position, places), reason), (as_seen(hint_move, position, places), hint_reason, who),
            (as_seen(fallback, position, places), fallback_reason)]


TWINS = 2  # shuffled copies of each deal


@pytest.mark.parametrize("name,params", CASES, ids=[n + "".join(f"-{k}={v}" for k, v in p.items())
                                                     for n, p in CASES])
@settings(max_examples=120)
@given(seed=st.integers(1, 10**6), steps=st.integers(0, 60), wander=st.sampled_from([0.25, 0.5]),
       walk_seed=st.integers(0, 2**32), shuffle_seed=st.integers(0, 2**32))
def test_shuffling_the_unseen_cards_changes_neither_move_nor_reason(name, params, seed, steps, wander,
                                                                    walk_seed, shuffle_seed):
    rules = get_rules(name, **params)
    piles = deal_by_order(rules, seeded_order(rules, seed))
    played = play_in(rules, piles, steps, wander, random.Random(walk_seed))
    places = unseen_places(played)
    hidden = set(places)
    # Cards unseen at the end were unseen at every earlier step: each shuffled deal is a
    # twin of the real one at every position of the game, not only the last.
    shuffle = random.Random(shuffle_seed)
    games = [start(rules, piles)] + [start(rules, shuffled(piles, places, shuffle)) for _ in range(TWINS)]
    memories = [{game.key()} for game in games]
    for move in played.history + [None]:
        real = games[0]
        expected = answers(real, memories[0], hidden)
        for twin, memory in zip(games[1:], memories[1:]):
            # The construction's own check: the positions look the same to anyone at the table.
            assert visible(twin, hidden) == visible(real, hidden)
            assert twin.down == real.down
            assert answers(twin, memory, hidden) == expected
        if move is None:
            break
        for game, memory in zip(games, memories):
            game.apply(move)
            memory.add(game.key())


def test_the_check_catches_a_hint_that_peeks(monkeypatch):
    """The comparison above can fail: a fallback that names the face-down card each
    column would turn up next answers differently once the unseen cards are shuffled."""
    def peeking(position):
        beneath = [position.piles[p][n - 1] for p, n in enumerate(position.down) if n]
        return None, "next up: " + " ".join(map(str, beneath))

    monkeypatch.setattr(hints, "heuristic_move", peeking)
    rules = get_rules("klondike")
    piles = deal_by_order(rules, seeded_order(rules, 1))
    places = unseen_places(play_in(rules, piles, 0, 0.0, random.Random(0)))
    real, twin = start(rules, piles), start(rules, shuffled(piles, places, random.Random(0)))
    hidden = set(places)
    assert visible(twin, hidden) == visible(real, hidden)
    assert answers(twin, {twin.key()}, hidden) != answers(real, {real.key()}, hidden)
