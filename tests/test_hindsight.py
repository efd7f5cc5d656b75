"""The hindsight player: it does not peek, it remembers what it saw, and its thinking ahead
wins deals the no-peeking player loses.

The no-peek check is the player's own (tests/test_player_no_peek.py): a deal played some moves
in, and twins of it with the never-seen cards shuffled among their places; the hindsight
player, with the same random numbers and the same memory, must choose the same move in each.
"""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import get_rules
from test_player_no_peek import as_seen, play_in, shuffled, start, unseen_places as never_turned

from patience_core.agents import hindsight
from patience_core.agents.hindsight import Hindsight, Memory, choose, play_hindsight, sample
from patience_core.agents.player import play_player
from patience_core.model.deal import deal_by_order, seeded_order, start_position
from patience_core.model.moves import REDEAL, TURN

THINK = Hindsight(samples=3, budget=300)
CASES = [("klondike", {"draw": "3"}), ("klondike", {"redeals": "0"}), ("yukon", {}), ("spider", {"suits": "1"}),
         ("golf", {}), ("canfield", {})]


def still_hidden(game, places) -> bool:
    """Every card of ``places`` is still face down or in the stock where it was dealt."""
    stock = game.rules.stock
    return all(i < (len(game.piles[p]) if p == stock else game.down[p]) for p, i in places)


def memory_of(game, history) -> Memory:
    """What the player remembers after ``history`` from ``game`` (left where it ends)."""
    memory = Memory()
    memory.observe(game)
    for move in history:
        game.apply(move)
        memory.observe(game)
    return memory


@pytest.mark.parametrize("name,params", CASES, ids=[n + "".join(f"-{k}={v}" for k, v in p.items())
                                                     for n, p in CASES])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(1, 10**6), steps=st.integers(0, 40), walk_seed=st.integers(0, 2**32),
       shuffle_seed=st.integers(0, 2**32), think_seed=st.integers(0, 2**32))
def test_shuffling_the_unseen_cards_does_not_change_the_choice(name, params, seed, steps, walk_seed,
                                                                shuffle_seed, think_seed):
    rules = get_rules(name, **params)
    piles = deal_by_order(rules, seeded_order(rules, seed))
    played = play_in(rules, piles, steps, 0.5, random.Random(walk_seed))
    places = never_turned(played)
    twin_piles = shuffled(piles, places, random.Random(shuffle_seed))
    choices = []
    for deal in (piles, twin_piles):
        game = start(rules, deal)
        memory = memory_of(game, played.history)
        # a few choices in a row, what it carries from one to the next (its plan) included,
        # for as long as nothing unseen has come face up
        rng, seen, made = random.Random(think_seed), {game.key()}, []
        while len(made) < 3 and still_hidden(game, places):
            move = choose(game, seen, THINK, rng, memory)
            made.append(as_seen(move, game, set(places)))
            if move is None:
                break
            game.apply(move)
            seen.add(game.key())
        choices.append(made)
    assert choices[0] == choices[1]


def test_a_sample_keeps_every_card_seen_and_deals_the_rest_again():
    rules = get_rules("klondike", draw="3")
    position = start_position(rules, seeded_order(rules, 7))
    memory = memory_of(position, [])
    places = hindsight.unseen_places(position, memory)
    # the 21 face-down cards of the columns and the 24 of the stock, none seen yet
    assert len(places) == 21 + 24
    dealt = sample(position, places, random.Random(1))
    assert sorted(map(sorted, dealt.piles)) != sorted(map(sorted, position.piles))
    assert sorted(c for pile in dealt.piles for c in pile) == list(range(52))
    hidden = set(places)
    for p, pile in enumerate(position.piles):
        for i, card in enumerate(pile):
            if (p, i) not in hidden:
                assert dealt.piles[p][i] == card
    # Once the stock has been turned through, its order is remembered: nothing of it is dealt again.
    while position.piles[rules.stock]:
        position.apply(next(m for m in position.legal_moves() if m.kind is TURN))
        memory.observe(position)
    position.apply(next(m for m in position.legal_moves() if m.kind is REDEAL))
    memory.observe(position)
    assert all(p != rules.stock for p, _ in hindsight.unseen_places(position, memory))


def test_it_wins_a_deal_the_no_peeking_player_loses():
    """Klondike under Solvitaire's rules, deal 2: the player loses it, the hindsight player,
    asking the solver about random deals of what it cannot see, wins it."""
    rules = get_rules("klondike", draw="3", worry="yes", partial="to-foundation")
    order = seeded_order(rules, 2)
    assert not play_player(start_position(rules, order)).is_won()
    line: list = []
    won = play_hindsight(start_position(rules, order), line)
    assert won.is_won()
    replay = start_position(rules, order)
    for move in line:
        assert replay.is_legal(move)
        replay.apply(move)
    assert replay.is_won()


def test_where_nothing_is_hidden_it_keeps_to_a_winning_line():
    """FreeCell hides nothing: nearly every move keeps the deal won, so the samples alone do
    not say which to make. Keeping to the plan of the last winning line wins the deal (without
    it the player wandered until every move led back: lost)."""
    rules = get_rules("freecell")
    for seed in (1, 2):
        assert play_hindsight(start_position(rules, seeded_order(rules, seed))).is_won()
