"""Odd and Even, rule by rule, from docs/rules/odd-and-even.md: nine free places, redeals."""
from __future__ import annotations

import pytest

from conftest import (crafted_deal, crafted_order, foundation_moves_named, get_rules, move, pile_cards,
                      position_of)
from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core import load_rules
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.errors import ParameterError
from patience_core.model.position import LOST, NO_CARD, PLAYING

OE = "odd-and-even"


@pytest.fixture(scope="module")
def rules():
    return get_rules(OE)


def turn_all(position):
    """Turn the whole stock onto the waste; the cards in the order they were turned."""
    rules = position.rules
    turned = []
    while position.piles[rules.stock]:
        card = position.piles[rules.stock][-1]
        position.apply(Move(TURN, rules.stock, rules.waste, card))
        turned.append(card)
    return turned


def test_pile_ids_reserve_only(rules):
    assert rules.pile_names == ([f"reserve:{n}" for n in range(1, 10)] + ["stock", "waste"]
                                + [f"foundation:{n}" for n in range(1, 9)])
    assert "left:1" not in rules.pile_names and "right:1" not in rules.pile_names


def test_foundations_as_royal_cotillion_starting_empty(rules):
    rc = get_rules("royal-cotillion")
    assert [rules.f_rank_at[f] for f in rules.foundations] == [rc.f_rank_at[f] for f in rc.foundations]
    assert rules.setout == [] and rules.n_dealt == 104
    assert "bases" not in rules.params, "Odd and Even has no bases parameter"


def test_deal_reserve_row_by_row_then_stock(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    assert [position.piles[rules.pile_index(f"reserve:{n}")] for n in range(1, 10)] == [[x] for x in order[:9]]
    assert list(reversed(position.piles[rules.stock])) == order[9:]
    assert rules.group_specs["reserve"]["grid"] == {"rows": 3, "columns": 3}


def test_every_reserve_card_is_free_and_a_free_ace_or_two_starts_its_pile(rules):
    layout = {"reserve:1": "AC", "reserve:5": "2D", "reserve:9": "AS", "reserve:2": "3C"}
    position = crafted_deal(rules, layout)
    plays = foundation_moves_named(position)
    assert {("AC", "reserve:1", "foundation:1"), ("2D", "reserve:5", "foundation:6"),
            ("AS", "reserve:9", "foundation:4")} <= plays
    assert not any(card == "3C" for card, _, _ in plays)


def test_second_ace_built_after_the_queen_of_the_two_pile(rules):
    position = position_of(rules, {"reserve:3": "AC"}, {"foundation:1": "3C", "foundation:5": "QC"})
    assert foundation_moves_named(position) == {("AC", "reserve:3", "foundation:5")}


def test_reserve_gap_filled_from_waste_else_stock_else_left(rules):
    position = crafted_deal(rules, {"reserve:4": "AH", "reserve:6": "2H"}, stock="KC")
    position.apply(move(rules, "AH", "reserve:4", "foundation:3"))
    assert pile_cards(position, "reserve:4") == ["KC"], "waste empty: from the stock"
    position = crafted_deal(rules, {"reserve:4": "AH"}, stock="KC")
    position.apply(move(rules, "KC", "stock", "waste"))
    position.apply(move(rules, "AH", "reserve:4", "foundation:3"))
    assert pile_cards(position, "reserve:4") == ["KC"] and pile_cards(position, "waste") == []
    position = position_of(rules, {"reserve:7": "2S", "stock": "", "waste": ""}, rest=None)
    position.apply(move(rules, "2S", "reserve:7", "foundation:8"))
    assert pile_cards(position, "reserve:7") == []


def test_one_redeal_by_default_keeping_the_order(rules):
    position = crafted_deal(rules)
    assert rules.redeals == 1 and position.redeals_left == 1
    first_pass = turn_all(position)
    assert len(first_pass) == 95
    waste_before = list(position.piles[rules.waste])
    redeal = Move(REDEAL, rules.waste, rules.stock)
    assert redeal in position.legal_moves()
    position.apply(redeal)
    assert position.redeals_left == 0 and position.piles[rules.waste] == []
    assert position.piles[rules.stock][-1] == waste_before[0], "the first card turned is on top again"
    second_pass = turn_all(position)
    assert second_pass == first_pass, "the second pass meets the cards in the same order"
    assert redeal not in position.legal_moves()


def test_redeal_is_undone_exactly(rules):
    position = crafted_deal(rules)
    turn_all(position)
    before = position.key()
    position.apply(Move(REDEAL, rules.waste, rules.stock))
    position.undo()
    assert position.key() == before and position.redeals_left == 1


def test_no_redeal_while_the_stock_has_cards_or_the_waste_is_empty(rules):
    position = crafted_deal(rules)
    assert all(m.kind is not REDEAL for m in position.legal_moves())
    position = position_of(rules, {"stock": "", "waste": ""}, {"foundation:1": "9C"}, rest="reserve:1")
    assert all(m.kind is not REDEAL for m in position.legal_moves())


@pytest.mark.parametrize("redeals", [0, 1, 3])
def test_redeals_parameter_counts_the_redeals(redeals):
    rules = get_rules(OE, redeals=str(redeals))
    position = crafted_deal(rules)
    done = 0
    while True:
        turn_all(position)
        if Move(REDEAL, rules.waste, rules.stock) not in position.legal_moves():
            break
        position.apply(Move(REDEAL, rules.waste, rules.stock))
        done += 1
    assert done == redeals


@pytest.mark.parametrize("value", ["-1", "11", "two"])
def test_redeals_out_of_range_or_not_a_number_is_refused(value):
    with pytest.raises(ParameterError, match="parameter redeals"):
        load_rules(OE, {"redeals": value})


def test_lost_only_when_no_card_fits_no_stock_and_no_redeal(rules):
    position = position_of(rules, {"reserve:1": "KD", "stock": "", "waste": "9H"}, rest="waste")
    assert position.redeals_left == 1 and position.status() == PLAYING, "a redeal is left"
    position.apply(Move(REDEAL, rules.waste, rules.stock))
    turn_all(position)
    assert position.piles[rules.waste][-1] == cards.parse_card("9H")
    assert position.legal_moves() == [] and position.status() == LOST
