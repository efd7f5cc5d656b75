"""Sir Tommy, rule by rule, from docs/rules/sir-tommy.md: four waste piles of the player's choice."""
from __future__ import annotations

import pytest

from conftest import (c, crafted_deal, crafted_order, foundation_moves_named, get_rules, move, pile_cards,
                      position_of, refusal)
from patience_core.model.deal import start_position
from patience_core.model.moves import BETWEEN_PILES, REDEAL, TURN
from patience_core.model.position import LOST, PLAYING, WON

ST = "sir-tommy"
WASTES = [f"waste:{n}" for n in range(1, 5)]


@pytest.fixture(scope="module")
def rules():
    return get_rules(ST)


def test_pile_ids_and_the_whole_pack_in_the_stock(rules):
    assert rules.pile_names == ["stock"] + WASTES + [f"foundation:{n}" for n in range(1, 5)]
    order = crafted_order(rules)
    position = start_position(rules, order)
    assert list(reversed(position.piles[rules.stock])) == order and len(order) == 52
    assert rules.autoplay is False


def test_each_turn_goes_onto_the_waste_pile_the_player_chooses(rules):
    position = crafted_deal(rules, stock="9C 4D")
    turns = [m for m in position.legal_moves() if m.kind is TURN]
    assert turns == [move(rules, "9C", "stock", w) for w in WASTES]
    before = position.key()
    position.apply(turns[2])
    assert [pile_cards(position, w) for w in WASTES] == [[], [], ["9C"], []]
    position.apply(move(rules, "4D", "stock", "waste:3"))
    assert pile_cards(position, "waste:3") == ["9C", "4D"]
    position.undo()
    position.undo()
    assert position.key() == before


def test_waste_tops_go_only_to_foundations(rules):
    position = position_of(rules, {"waste:1": "AH 5C", "waste:2": "6D", "waste:3": "4S"})
    assert not any(m.kind is BETWEEN_PILES for m in position.legal_moves())
    assert "cards move only to the foundations" in refusal(position, "5C", "waste:1", "waste:2")
    assert "the free card of waste:1 is 5C" in refusal(position, "AH", "waste:1", "foundation:1")


def test_any_ace_starts_a_foundation_built_up_regardless_of_suit(rules):
    position = position_of(rules, {"waste:1": "AH", "waste:2": "2C", "waste:3": "3S"})
    assert {p for p in foundation_moves_named(position)} == {("AH", "waste:1", f"foundation:{n}") for n in range(1, 5)}
    position.apply(move(rules, "AH", "waste:1", "foundation:2"))
    position.apply(move(rules, "2C", "waste:2", "foundation:2"))
    assert ("3S", "waste:3", "foundation:2") in foundation_moves_named(position)
    assert pile_cards(position, "foundation:2") == ["AH", "2C"]


def test_no_redeal_and_lost_when_nothing_fits(rules):
    position = position_of(rules, {"waste:1": "KH 5C", "waste:2": "7D"}, {"foundation:1": "3D"}, rest=None)
    assert position.piles[rules.stock] == []
    assert not any(m.kind is REDEAL for m in position.legal_moves())
    assert position.status() == LOST


def test_won_when_all_52_are_home(rules):
    position = position_of(rules, {"waste:4": "KS"}, {"foundation:1": "KC", "foundation:2": "KD",
                                                      "foundation:3": "KH", "foundation:4": "QS"}, rest=None)
    assert position.status() == PLAYING
    position.apply(move(rules, "KS", "waste:4", "foundation:4"))
    assert position.status() == WON and position.on_foundations == 52
    assert c("KS") == position.piles[rules.pile_index("foundation:4")][-1]
