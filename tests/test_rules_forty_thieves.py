"""Forty Thieves, rule by rule, from docs/rules/forty-thieves.md: single cards in suit, no redeal."""
from __future__ import annotations

import pytest

from conftest import (blocked_position, crafted_deal, crafted_order, foundation_moves_named, get_rules, move,
                      pile_cards, pile_moves_named, refusal)
from patience_core.agents.safe import safe_moves
from patience_core.model.deal import start_position
from patience_core.model.moves import REDEAL, TURN
from patience_core.model.position import LOST, PLAYING, WON

FT = "forty-thieves"
COLUMNS = [f"tableau:{n}" for n in range(1, 11)]
# One card per column that builds on nothing else here, so no column is empty.
BLOCKERS = "5C 5S 9D 9H KC KS 3D 3H 7C 7S".split()


@pytest.fixture(scope="module")
def rules():
    return get_rules(FT)


def layout(rules, piles, empty=(), foundations=None):
    return blocked_position(rules, piles, BLOCKERS, empty, foundations)


def test_two_decks_and_the_pile_ids(rules):
    assert rules.n_cards == 104
    assert rules.pile_names == COLUMNS + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 9)]
    assert rules.autoplay is False and rules.redeals == 0 and rules.draw == 1


def test_deal_ten_columns_of_four_face_up(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    for n, name in enumerate(COLUMNS):
        p = rules.pile_index(name)
        assert position.piles[p] == order[n:40:10] and position.down[p] == 0
    assert list(reversed(position.piles[rules.stock])) == order[40:] and len(order[40:]) == 64


def test_builds_down_in_suit_either_copy(rules):
    position = layout(rules, {"tableau:1": "9S", "tableau:2": "8S", "tableau:3": "8C", "waste": "8S"})
    moves = pile_moves_named(position)
    assert {("tableau:2", "tableau:1", 1), ("waste", "tableau:1", 1)} <= moves
    assert ("tableau:3", "tableau:1", 1) not in moves
    assert "builds down in suit; 8C does not go on 9S" in refusal(position, "8C", "tableau:3", "tableau:1")


def test_one_card_at_a_time_never_a_run(rules):
    position = layout(rules, {"tableau:1": "10H 9H 8H", "tableau:2": "JH", "tableau:3": "9C"})
    moves = pile_moves_named(position)
    assert not any(n > 1 for _s, _d, n in moves)
    assert "the free card of tableau:1 is 8H" in refusal(position, "10H", "tableau:1", "tableau:2")


def test_an_empty_column_takes_any_card(rules):
    position = layout(rules, {"tableau:1": "QD 6H", "waste": "2S"}, empty=["tableau:10"])
    moves = pile_moves_named(position)
    assert {("tableau:1", "tableau:10", 1), ("waste", "tableau:10", 1)} <= moves


def test_the_stock_turns_one_card_and_there_is_no_redeal(rules):
    position = crafted_deal(rules, stock="JD 4S")
    before = position.key()
    turn = [m for m in position.legal_moves() if m.kind is TURN]
    assert turn == [move(rules, "JD", "stock", "waste")]
    position.apply(turn[0])
    assert pile_cards(position, "waste") == ["JD"]
    position.undo()
    assert position.key() == before
    spent = layout(rules, {"waste": "KD QD"})
    assert not any(m.kind is REDEAL for m in spent.legal_moves())
    assert "no redeal left" in refusal(spent, None, "waste", "stock")


def test_eight_foundations_from_any_ace_up_in_suit(rules):
    position = layout(rules, {"tableau:1": "AH", "tableau:2": "AH", "waste": "2H"})
    assert {dst for card, src, dst in foundation_moves_named(position) if src == "tableau:1"} == {
        f"foundation:{n}" for n in range(1, 9)}
    position.apply(move(rules, "AH", "tableau:1", "foundation:5"))
    position.apply(move(rules, "AH", "tableau:2", "foundation:6"))
    assert {dst for card, _src, dst in foundation_moves_named(position) if card == "2H"} == {"foundation:5",
                                                                                          "foundation:6"}


def test_won_and_lost(rules):
    tops = {f"foundation:{n}": f"K{'CDHS'[(n - 1) % 4]}" for n in range(1, 9)}
    tops["foundation:8"] = "QS"
    position = layout(rules, {"waste": "KS"}, empty=COLUMNS, foundations=tops)
    assert position.status() == PLAYING
    position.apply(move(rules, "KS", "waste", "foundation:8"))
    assert position.status() == WON
    assert layout(rules, {}).status() == LOST


def test_a_safe_play_needs_both_copies_of_the_next_lower_card_home(rules):
    one_ace_home = layout(rules, {"tableau:1": "2H", "tableau:2": "AH"}, foundations={"foundation:1": "AH"})
    assert [rules.pile_names[m.src] for m in safe_moves(one_ace_home)] == ["tableau:2"], \
        "the Ace is safe; 2H may still carry the other AH"
    both_home = layout(rules, {"tableau:1": "2H"}, foundations={"foundation:1": "AH", "foundation:2": "AH"})
    assert [rules.pile_names[m.src] for m in safe_moves(both_home)] == ["tableau:1"]
