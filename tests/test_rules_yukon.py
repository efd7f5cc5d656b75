"""Yukon, rule by rule, from docs/rules/yukon.md: any face-up group moves, King-only gaps, no stock."""
from __future__ import annotations

import pytest

from conftest import (all_face_up, check_turns_up, crafted_order, foundation_moves_named, get_rules, move,
                      pile_cards, pile_moves_named, position_of, refusal)
from patience_core.model.deal import start_position
from patience_core.model.position import LOST, PLAYING, WON

YU = "yukon"
COLUMNS = [f"tableau:{n}" for n in range(1, 8)]
COUNTS = [1, 6, 7, 8, 9, 10, 11]


@pytest.fixture(scope="module")
def rules():
    return get_rules(YU)


def test_pile_ids_and_no_stock(rules):
    assert rules.pile_names == COLUMNS + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 5)]
    assert not rules.has_stock and rules.autoplay is False


def test_deal_row_by_row_with_five_face_up_on_the_face_down_cards(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    expected = {name: [] for name in COLUMNS}
    cards_left = iter(order)
    for row in range(max(COUNTS)):
        for name, count in zip(COLUMNS, COUNTS):
            if count > row:
                expected[name].append(next(cards_left))
    for n, name in enumerate(COLUMNS):
        p = rules.pile_index(name)
        assert position.piles[p] == expected[name]
        assert position.down[p] == n and len(position.piles[p]) - position.down[p] == (1 if n == 0 else 5)
    assert position.piles[rules.stock] == [] and sum(position.down) == 21


def test_any_face_up_card_moves_with_everything_on_it_in_order_or_not(rules):
    position = all_face_up(position_of(rules, {"tableau:2": "4C 9D 8S 2H", "tableau:3": "10S", "tableau:4": "9H"}),
                     tableau_2=1)
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:3", 3) in moves, "9D with 8S 2H onto 10S"
    assert ("tableau:2", "tableau:4", 2) in moves, "8S with 2H onto 9H"
    assert not any(src == "tableau:2" and n == 4 for src, _dst, n in moves), "4C is face down"
    assert "4C is face down" in refusal(position, "4C", "tableau:2", "tableau:3")
    position.apply(move(position.rules, "9D", "tableau:2", "tableau:3")._replace(count=3))
    assert pile_cards(position, "tableau:3") == ["10S", "9D", "8S", "2H"]


def test_the_group_goes_where_its_deepest_card_may_go(rules):
    position = all_face_up(position_of(rules, {"tableau:2": "9D 8S", "tableau:3": "10H"}))
    assert not any(src == "tableau:2" and dst == "tableau:3" for src, dst, _n in pile_moves_named(position))
    assert "9D does not go on 10H" in refusal(position, "9D", "tableau:2", "tableau:3")


def test_uncovered_card_turns_up_and_down_again_on_undo(rules):
    position = all_face_up(position_of(rules, {"tableau:5": "3D 7C 6H 5S", "tableau:6": "7S"}), tableau_5=2)
    check_turns_up(position, move(rules, "6H", "tableau:5", "tableau:6")._replace(count=2), "tableau:5")


def test_an_empty_column_takes_only_a_king_with_what_lies_on_it(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "", "tableau:2": "5D KS 3H 9C", "tableau:3": "QD"}),
                     tableau_2=1)
    moves = {(src, n) for src, dst, n in pile_moves_named(position) if dst == "tableau:1"}
    assert moves == {("tableau:2", 3)}
    assert "an empty tableau:1 takes only a K" in refusal(position, "QD", "tableau:3", "tableau:1")


def test_foundations_in_suit_from_any_ace_top_card_only(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "AH 5C", "tableau:2": "AS", "tableau:3": "2S"}))
    plays = foundation_moves_named(position)
    assert not any(card == "AH" for card, _, _ in plays), "AH is covered"
    position.apply(move(rules, "AS", "tableau:2", "foundation:1"))
    assert ("2S", "tableau:3", "foundation:1") in foundation_moves_named(position)
    assert "foundation:1 needs 2S" in refusal(position, "5C", "tableau:1", "foundation:1")


def test_won_and_lost(rules):
    position = position_of(rules, {"tableau:4": "KH"}, {"foundation:1": "KC", "foundation:2": "KD",
                                                        "foundation:3": "QH", "foundation:4": "KS"}, rest=None)
    assert position.status() == PLAYING
    position.apply(move(rules, "KH", "tableau:4", "foundation:3"))
    assert position.status() == WON
    stuck = all_face_up(position_of(rules, dict(zip(COLUMNS, "KS 5C 5S 9D 9H 3D 3H".split())), rest=None))
    assert stuck.status() == LOST
