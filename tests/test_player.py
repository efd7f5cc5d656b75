"""The no-peeking player: it never reads the stock order, it plays whole games, and its
choices follow the rules it documents (column cards first, fewer-cards foundation)."""
from __future__ import annotations

import pytest

from conftest import c, get_rules, position_of
from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core.model.deal import seeded_order, start_position
from patience_core.agents.open_play import waste_turned_back
from patience_core.agents.player import choose_move, play_player
from patience_core.model.position import LOST, PLAYING, WON

SHIPPED = [("royal-cotillion", {}), ("royal-cotillion", {"bases": "dealt"}), ("gavotte", {}),
           ("gavotte", {"ranks": "6,7", "free": "left"}), ("odd-and-even", {}),
           ("odd-and-even", {"redeals": "2"}), ("contradance", {}),
           ("contradance", {"bases": "dealt", "redeals": "2"})]


class SealedStock(list):
    """A stock that records every look at its cards (only ``len`` is free to read)."""

    reads: list

    def __getitem__(self, key):
        self.reads.append(key)
        return super().__getitem__(key)

    def __iter__(self):
        self.reads.append("iter")
        return super().__iter__()

    def __contains__(self, item):
        self.reads.append("contains")
        return super().__contains__(item)

    def index(self, *args):
        self.reads.append("index")
        return super().index(*args)

    def count(self, item):
        self.reads.append("count")
        return super().count(item)


def sealed_choice(position):
    """``choose_move`` with the stock sealed; returns (move, reason, reads of the stock)."""
    stock_i = position.rules.stock
    plain = position.piles[stock_i]
    sealed = SealedStock(plain)
    sealed.reads = []
    position.piles[stock_i] = sealed
    try:
        move, reason = choose_move(position)
    finally:
        position.piles[stock_i] = plain
    return move, reason, sealed.reads


@pytest.mark.parametrize("name,params", SHIPPED)
def test_player_reads_the_stock_only_to_hand_over_a_turn(name, params):
    rules = get_rules(name, **params)
    for seed in (1, 2, 3):
        position = start_position(rules, seeded_order(rules, seed))
        while True:
            move, reason, reads = sealed_choice(position)
            is_turn = move is not None and move.src == rules.stock and move.dst == rules.waste
            # an empty stock has nothing to give away, nor one the waste was turned back into
            if position.piles[rules.stock] and not waste_turned_back(position):
                assert reads == ([-1] if is_turn else []), (move, reads)
            if move is None:
                break
            position.apply(move)


def visible(position):
    """What a human sees: every pile but the stock, and the stock's size."""
    rules = position.rules
    seen = [tuple(p) for i, p in enumerate(position.piles) if i != rules.stock]
    return seen, len(position.piles[rules.stock]), position.redeals_left


@pytest.mark.parametrize("name,params", [("royal-cotillion", {}), ("gavotte", {}), ("odd-and-even", {})])
def test_two_deals_differing_only_in_stock_order_play_alike_until_a_card_shows(name, params):
    rules = get_rules(name, **params)
    for seed in (4, 5, 6):
        order = seeded_order(rules, seed)
        other = list(order)
        # The last few stock cards (turned last) come in a different order.
        other[-6:] = reversed(other[-6:])
        assert other != order
        first, second = start_position(rules, order), start_position(rules, other)
        steps = 0
        while visible(first) == visible(second):
            move_a, _ = choose_move(first)
            move_b, _ = choose_move(second)
            if move_a is None or move_b is None:
                assert move_a == move_b
                break
            # A stock turn names the card it shows: compare the decision, not the card.
            assert move_a[:3] == move_b[:3]
            if move_a.src != rules.stock:
                assert move_a == move_b
            first.apply(move_a)
            second.apply(move_b)
            steps += 1
        assert steps > 30


def test_a_card_that_fits_two_piles_goes_on_the_one_with_fewer_cards():
    rules = get_rules("royal-cotillion")
    # Hearts: the Ace pile holds A 3 5 (3 cards), the 2 pile 2 4 6 8 10 Q A 3 5 (9): both want 7H.
    position = position_of(rules, {"left:1": "KC QC 7H"},
                           foundations={"foundation:3": "5H", "foundation:7": "5H"})
    move, reason = choose_move(position)
    assert move == Move(TO_FOUNDATION, rules.pile_index("left:1"), rules.pile_index("foundation:3"), c("7H"))
    assert "7♥" in reason and "\n" not in reason


def test_a_column_card_is_played_before_a_refilled_card():
    rules = get_rules("royal-cotillion")
    position = position_of(rules, {"right:1": "AS", "left:2": "KD QD AC"})
    move, reason = choose_move(position)
    assert move[1:4] == (rules.pile_index("left:2"), rules.pile_index("foundation:1"), c("AC"))
    assert "frees Q♦" in reason


def test_a_held_card_that_lets_the_waste_top_follow_is_played():
    rules = get_rules("royal-cotillion")
    # 3S in the right wing lets the waste top 5S follow it onto the Ace pile of spades.
    position = position_of(rules, {"right:5": "3S", "waste": "KD 5S"}, foundations={"foundation:4": "AS"})
    move, reason = choose_move(position)
    assert move == Move(TO_FOUNDATION, rules.pile_index("right:5"), rules.pile_index("foundation:4"), c("3S"))
    assert "5♠" in reason


@pytest.mark.parametrize("name,params", SHIPPED)
def test_player_plays_whole_games_to_a_finished_position(name, params):
    rules = get_rules(name, **params)
    for seed in range(1, 6):
        position = start_position(rules, seeded_order(rules, seed))
        record: list = []
        play_player(position, record)
        assert position.status() in (WON, LOST)
        assert position.status() != PLAYING
        # The record replays through the engine from the deal.
        again = start_position(rules, seeded_order(rules, seed))
        for move in record:
            assert again.is_legal(move)
            again.apply(move)
        assert again.key() == position.key()


def test_reason_is_one_line_for_every_move_of_a_game():
    rules = get_rules("royal-cotillion")
    position = start_position(rules, seeded_order(rules, 7))
    while True:
        move, reason = choose_move(position)
        assert reason and "\n" not in reason
        if move is None:
            assert position.status() in (WON, LOST)
            break
        position.apply(move)
