"""Canfield, rule by rule, from docs/rules/canfield.md: the base rank from the deal, whole piles,
gaps filled from the reserve, the stock by threes without limit."""
from __future__ import annotations

import pytest

from conftest import (crafted_deal, crafted_order, foundation_moves_named, get_rules, move, pile_cards,
                      pile_moves_named, position_of, refusal)
from patience_core.model.deal import start_position
from patience_core.model.moves import REDEAL, TURN
from patience_core.model.position import LOST, PLAYING, WON
from patience_core.model.specs import UNLIMITED

CF = "canfield"
COLUMNS = [f"tableau:{n}" for n in range(1, 5)]


@pytest.fixture(scope="module")
def rules():
    return get_rules(CF)


def hand(rules, piles, rest="stock"):
    """A hand-made position; ``piles`` names ``foundation:1`` too (its first card sets the base)."""
    return position_of(rules, piles, rest=rest)


def test_pile_ids(rules):
    assert rules.pile_names == (["reserve:1"] + COLUMNS + ["stock", "waste"]
                                + [f"foundation:{n}" for n in range(1, 5)])
    assert rules.autoplay is False and rules.draw == 3 and rules.redeals == UNLIMITED


def test_deal_reserve_then_the_base_card_then_the_columns(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    reserve = rules.pile_index("reserve:1")
    assert position.piles[reserve] == order[:13] and position.down[reserve] == 12
    assert position.piles[rules.pile_index("foundation:1")] == [order[13]]
    assert [position.piles[rules.pile_index(name)] for name in COLUMNS] == [[x] for x in order[14:18]]
    assert list(reversed(position.piles[rules.stock])) == order[18:] and len(order[18:]) == 34


def test_the_dealt_card_sets_the_base_rank_of_every_foundation(rules):
    position = crafted_deal(rules, {"foundation:1": "7H", "tableau:1": "7C", "tableau:2": "AS", "tableau:3": "8H",
                                    "tableau:4": "7D"})
    plays = foundation_moves_named(position)
    assert ("8H", "tableau:3", "foundation:1") in plays
    sevens = {(card, dst) for card, _src, dst in plays if card in ("7C", "7D")}
    assert sevens == {(card, f"foundation:{n}") for card in ("7C", "7D") for n in (2, 3, 4)}
    assert not any(card == "AS" for card, _, _ in plays), "an Ace starts nothing here"
    ranks = position.ranks[rules.pile_index("foundation:3")]
    assert ranks[0] == 6 and ranks[-1] == 5, "7 up to K, then A up to 6"


def test_foundations_wrap_from_king_to_ace(rules):
    position = hand(rules, {"foundation:1": "JD QD KD", "tableau:1": "AD", "tableau:2": "AH"})
    assert {(card, dst) for card, _s, dst in foundation_moves_named(position)} == {("AD", "foundation:1")}


def test_builds_down_in_alternate_colours_with_a_king_on_an_ace(rules):
    position = hand(rules, {"foundation:1": "5H", "tableau:1": "AS", "tableau:2": "KH", "tableau:3": "QS",
                            "tableau:4": "KC"})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves, "KH on AS"
    assert ("tableau:4", "tableau:1", 1) not in moves
    assert ("tableau:3", "tableau:2", 1) in moves
    assert "builds down in alternate colours (wrapping K-A); KC does not go on AS" in \
        refusal(position, "KC", "tableau:4", "tableau:1")


def test_only_a_whole_pile_moves(rules):
    position = hand(rules, {"foundation:1": "5H", "tableau:1": "10S 9H 8C", "tableau:2": "JD", "tableau:3": "10H",
                            "tableau:4": "9D", "reserve:1": "2C"})
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 3) in moves
    assert ("tableau:1", "tableau:3", 2) not in moves, "9H 8C is part of a pile"
    assert ("tableau:1", "tableau:4", 1) not in moves, "8C alone is part of a pile"
    assert ("8C", "tableau:1") not in {(card, src) for card, src, _ in foundation_moves_named(position)}


def test_a_gap_is_filled_at_once_from_the_reserve_which_turns_up_its_next_card(rules):
    position = hand(rules, {"foundation:1": "5H", "reserve:1": "4C 9D QS", "tableau:1": "6H", "tableau:2": "7C"})
    reserve = rules.pile_index("reserve:1")
    assert position.down[reserve] == 2
    before = position.key()
    position.apply(move(rules, "6H", "tableau:1", "foundation:1"))
    assert pile_cards(position, "tableau:1") == ["QS"] and pile_cards(position, "reserve:1") == ["4C", "9D"]
    assert position.down[reserve] == 1, "9D turned up"
    position.undo()
    assert position.key() == before


def test_the_reserve_top_is_free_to_a_column_or_a_foundation(rules):
    position = hand(rules, {"foundation:1": "5H", "reserve:1": "4C 6H", "tableau:1": "7C", "tableau:2": "7S"})
    assert ("6H", "reserve:1", "foundation:1") in foundation_moves_named(position)
    assert {("reserve:1", "tableau:1", 1), ("reserve:1", "tableau:2", 1)} <= pile_moves_named(position)
    assert "4C is face down" in refusal(position, "4C", "reserve:1", "tableau:1")
    assert "takes no cards" in refusal(position, "7C", "tableau:1", "reserve:1")


def test_with_the_reserve_empty_a_gap_stays_and_takes_any_card(rules):
    position = hand(rules, {"foundation:1": "5H", "tableau:1": "6H", "tableau:2": "KS", "waste": "9C"})
    position.apply(move(rules, "6H", "tableau:1", "foundation:1"))
    assert pile_cards(position, "tableau:1") == []
    assert ("waste", "tableau:1", 1) in pile_moves_named(position)


def test_the_stock_turns_three_at_a_time_and_the_third_is_free(rules):
    position = crafted_deal(rules, stock="2C 9S 4D")
    turn = [m for m in position.legal_moves() if m.kind is TURN]
    assert len(turn) == 1 and turn[0].count == 3
    position.apply(turn[0])
    assert pile_cards(position, "waste") == ["2C", "9S", "4D"]
    assert "the free card of waste is 4D" in refusal(position, "9S", "waste", "tableau:1")


def test_draw_one_parameter():
    rules = get_rules(CF, draw="1")
    position = crafted_deal(rules, stock="2C 9S 4D")
    turn = [m for m in position.legal_moves() if m.kind is TURN]
    assert turn == [move(rules, "2C", "stock", "waste")]


def test_redeals_without_limit(rules):
    position = hand(rules, {"foundation:1": "5H", "tableau:1": "KC", "tableau:2": "KS", "tableau:3": "QC",
                            "tableau:4": "JC", "waste": "2D 9D"}, rest=None)
    for _ in range(3):
        assert [m.kind for m in position.legal_moves() if m.kind is REDEAL] == [REDEAL]
        position.apply(move(rules, None, "waste", "stock"))
        position.apply(next(m for m in position.legal_moves() if m.kind is TURN))
    assert position.redeals_left == UNLIMITED and position.status() == PLAYING


def test_won_and_lost(rules):
    hearts = "5H 6H 7H 8H 9H 10H JH QH KH AH 2H 3H 4H"
    others = {f"foundation:{n}": " ".join(x.replace("H", s) for x in hearts.split()) for n, s in ((2, "C"), (3, "D"))}
    position = hand(rules, {"foundation:1": hearts, **others, "foundation:4": hearts.replace("H", "S")[:-3],
                            "tableau:1": "4S"}, rest=None)
    assert position.status() == PLAYING
    position.apply(move(rules, "4S", "tableau:1", "foundation:4"))
    assert position.status() == WON
    stuck = hand(rules, {"foundation:1": "5H", "tableau:1": "KC", "tableau:2": "KS", "tableau:3": "QC",
                         "tableau:4": "JC"}, rest=None)
    assert stuck.status() == LOST
