"""Gavotte, rule by rule, from docs/rules/gavotte.md: starting ranks, which wing is free."""
from __future__ import annotations

import pytest

from conftest import (crafted_deal, crafted_order, foundation_moves_named, get_rules, move, pile_cards,
                      position_of)
from patience_core import load_rules
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.errors import ParameterError
from patience_core.model.game import GameSpec
from patience_core.model.position import LOST

GAVOTTE = "gavotte"


def sequence(rules, name):
    return " ".join(cards.RANKS[r] for r in rules.f_rank_at[rules.pile_index(name)])


# --- defaults: ranks A,2 and the right wing free -------------------------------------------------

def test_defaults_are_ranks_a_2_and_free_right():
    rules = get_rules(GAVOTTE)
    assert rules.params == {"ranks": ["A", "2"], "free": "right"}
    rc = get_rules("royal-cotillion")
    assert [rules.f_rank_at[f] for f in rules.foundations] == [rc.f_rank_at[f] for f in rc.foundations]
    assert [rules.f_suit[f] for f in rules.foundations] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert rules.redeals == 0 and rules.setout == []


def test_pile_ids_and_wings_sixteen_cards_each():
    rules = get_rules(GAVOTTE)
    assert rules.pile_names == ([f"left:{n}" for n in range(1, 5)] + [f"right:{n}" for n in range(1, 17)]
                                + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 9)])
    assert len(rules.deal_targets) == 32 and rules.n_dealt == 104


def test_restricted_left_wing_is_four_columns_of_four_dealt_row_by_row():
    rules = get_rules(GAVOTTE)
    order = crafted_order(rules)
    position = start_position(rules, order)
    for n in range(4):
        assert position.piles[rules.pile_index(f"left:{n + 1}")] == [order[n + 4 * row] for row in range(4)]
    for n in range(16):
        assert position.piles[rules.pile_index(f"right:{n + 1}")] == [order[16 + n]]
    assert position.piles[rules.stock][-1] == order[32] and len(position.piles[rules.stock]) == 72


def test_restricted_wing_only_bottom_card_free_and_gaps_never_filled():
    rules = get_rules(GAVOTTE)
    position = crafted_deal(rules, {"left:2": "AH KC 3D AD"}, stock="9S")
    plays = foundation_moves_named(position)
    assert ("AD", "left:2", "foundation:2") in plays
    assert not any(card == "AH" for card, _, _ in plays)
    position.apply(move(rules, "9S", "stock", "waste"))
    position.apply(move(rules, "AD", "left:2", "foundation:2"))
    position.apply(move(rules, "3D", "left:2", "foundation:2"))
    assert pile_cards(position, "left:2") == ["AH", "KC"]
    assert pile_cards(position, "waste") == ["9S"]


def test_free_right_wing_gap_filled_from_waste_then_stock():
    rules = get_rules(GAVOTTE)
    position = crafted_deal(rules, {"right:3": "2C", "right:4": "2D"}, stock="KH QH")
    position.apply(move(rules, "2C", "right:3", "foundation:5"))
    assert pile_cards(position, "right:3") == ["KH"], "waste empty: from the stock"
    position.apply(move(rules, "QH", "stock", "waste"))
    position.apply(move(rules, "2D", "right:4", "foundation:6"))
    assert pile_cards(position, "right:4") == ["QH"], "from the waste"


# --- ranks=R1,R2 -----------------------------------------------------------------------------------

def test_ranks_6_7_sequences_end_on_base_minus_two():
    rules = get_rules(GAVOTTE, ranks="6,7")
    assert sequence(rules, "foundation:1") == "6 8 10 Q A 3 5 7 9 J K 2 4"
    assert sequence(rules, "foundation:5") == "7 9 J K 2 4 6 8 10 Q A 3 5"


def test_ranks_6_7_start_piles_and_second_copies_built_mid_sequence():
    rules = get_rules(GAVOTTE, ranks="6,7")
    position = crafted_deal(rules, {"right:1": "6S", "right:2": "7S", "right:3": "AS"})
    plays = foundation_moves_named(position)
    assert ("6S", "right:1", "foundation:4") in plays and ("7S", "right:2", "foundation:8") in plays
    assert not any(card == "AS" for card, _, _ in plays), "an Ace starts nothing here"
    # The second 6 of spades goes on the 7 pile after its 4 (7 9 J K 2 4 6 ...).
    position = position_of(rules, {"right:1": "6S"}, {"foundation:4": "8S", "foundation:8": "4S"})
    assert foundation_moves_named(position) == {("6S", "right:1", "foundation:8")}


def test_equal_ranks_give_two_identical_piles_per_suit_both_accepting():
    rules = get_rules(GAVOTTE, ranks="9,9")
    assert sequence(rules, "foundation:3") == sequence(rules, "foundation:7") == "9 J K 2 4 6 8 10 Q A 3 5 7"
    position = crafted_deal(rules, {"right:1": "9H", "right:2": "9H"})
    plays = foundation_moves_named(position)
    assert {("9H", "right:1", "foundation:3"), ("9H", "right:1", "foundation:7"),
            ("9H", "right:2", "foundation:3"), ("9H", "right:2", "foundation:7")} <= plays
    position.apply(move(rules, "9H", "right:1", "foundation:3"))
    plays = foundation_moves_named(position)
    assert ("9H", "right:2", "foundation:7") in plays, "the second 9 starts the twin pile"
    assert ("9H", "right:2", "foundation:3") not in plays
    position.apply(move(rules, "9H", "right:2", "foundation:7"))
    assert pile_cards(position, "foundation:3") == pile_cards(position, "foundation:7") == ["9H"]


def test_equal_ranks_pack_still_adds_up_and_game_can_be_won():
    rules = get_rules(GAVOTTE, ranks="9,9")
    tops = {f"foundation:{n}": "7" + "CDHS"[(n - 1) % 4] for n in range(1, 9)}
    tops["foundation:8"] = "5S"
    position = position_of(rules, {"right:1": "7S"}, tops, rest=None)
    position.apply(move(rules, "7S", "right:1", "foundation:8"))
    assert position.status() == "won"


@pytest.mark.parametrize("text, found", [("A", "A"), ("A,2,3", "A,2,3"), ("A,Z", "Z"), ("", "")])
def test_bad_ranks_parameter_is_refused_clearly(text, found):
    with pytest.raises(ParameterError) as info:
        load_rules(GAVOTTE, {"ranks": text})
    message = str(info.value)
    assert message.startswith("parameter ranks:") and "\n" not in message
    assert found in message


def test_ranks_accept_any_spelling():
    assert get_rules(GAVOTTE, ranks="t,q").params["ranks"] == ["10", "Q"]
    assert get_rules(GAVOTTE, ranks="10, K").params["ranks"] == ["10", "K"]


# --- free=left ------------------------------------------------------------------------------------

def test_free_left_makes_left_sixteen_free_places_and_right_four_columns_of_four():
    rules = get_rules(GAVOTTE, free="left")
    assert rules.pile_names[:20] == [f"left:{n}" for n in range(1, 17)] + [f"right:{n}" for n in range(1, 5)]
    order = crafted_order(rules)
    position = start_position(rules, order)
    for n in range(16):
        assert position.piles[rules.pile_index(f"left:{n + 1}")] == [order[n]]
    for n in range(4):
        assert position.piles[rules.pile_index(f"right:{n + 1}")] == [order[16 + n + 4 * row] for row in range(4)]
    assert position.piles[rules.stock][-1] == order[32]


def test_free_left_patch_deletes_the_inherited_grid_of_the_restricted_wing():
    # a null inside a parameter's patch deletes on merge; it must survive `extends`
    rules = get_rules(GAVOTTE, free="left")
    assert "grid" not in rules.group_specs["right"]
    assert rules.group_specs["left"]["grid"] == {"rows": 4, "columns": 4}


def test_free_left_left_gaps_refill_and_right_gaps_do_not():
    rules = get_rules(GAVOTTE, free="left")
    position = crafted_deal(rules, {"left:9": "AC", "right:4": "KD KS 3C 2H"}, stock="QS JS")
    plays = foundation_moves_named(position)
    assert ("AC", "left:9", "foundation:1") in plays and ("2H", "right:4", "foundation:7") in plays
    assert not any(card == "3C" for card, _, _ in plays), "a covered card of the restricted wing"
    position.apply(move(rules, "AC", "left:9", "foundation:1"))
    assert pile_cards(position, "left:9") == ["QS"], "the free (left) wing refills from the stock"
    position.apply(move(rules, "2H", "right:4", "foundation:7"))
    position.apply(move(rules, "3C", "right:4", "foundation:1"))
    assert pile_cards(position, "right:4") == ["KD", "KS"], "the restricted (right) wing never refills"


def test_free_left_scan_order_columns_then_waste_then_places():
    rules = get_rules(GAVOTTE, free="left")
    assert [rules.pile_names[p] for p in rules.scan_order] == (
        [f"right:{n}" for n in range(1, 5)] + ["waste"] + [f"left:{n}" for n in range(1, 17)])


def test_choices_are_part_of_the_game_settings():
    rules = get_rules(GAVOTTE, ranks="6,7", free="left")
    spec = GameSpec(variant=GAVOTTE, params={"ranks": "6,7", "free": "left"}, seed=12)
    assert spec.to_json(rules)["params"] == {"ranks": "6,7", "free": "left"}
    assert "ranks=6,7" in spec.describe(rules) and "free=left" in spec.describe(rules)


def test_lost_when_stock_empty_and_nothing_fits():
    rules = get_rules(GAVOTTE)
    position = position_of(rules, {"right:1": "KH", "waste": "9C", "stock": ""}, rest="waste")
    assert position.legal_moves() == []
    assert position.status() == LOST
