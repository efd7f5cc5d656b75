"""Calculation, rule by rule, from docs/rules/calculation.md: four piles by ones to fours."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import (crafted_deal, crafted_order, foundation_moves_named, get_rules, move, names, pile_cards,
                      position_of, refusal)
from patience_core.model import cards
from patience_core.model.deal import dealt_pack, start_position
from patience_core.model.moves import BETWEEN_PILES, REDEAL, TURN
from patience_core.model.position import LOST, PLAYING, WON

CALC = "calculation"
WASTES = [f"waste:{n}" for n in range(1, 5)]
SEQUENCES = {
    "foundation:1": "A 2 3 4 5 6 7 8 9 10 J Q K",
    "foundation:2": "2 4 6 8 10 Q A 3 5 7 9 J K",
    "foundation:3": "3 6 9 Q 2 5 8 J A 4 7 10 K",
    "foundation:4": "4 8 Q 3 7 J 2 6 10 A 5 9 K",
}


@pytest.fixture(scope="module")
def rules():
    return get_rules(CALC)


def test_pile_ids(rules):
    assert rules.pile_names == ["stock"] + WASTES + [f"foundation:{n}" for n in range(1, 5)]
    assert rules.autoplay is False


@pytest.mark.parametrize("pile, sequence", SEQUENCES.items())
def test_the_four_sequences_by_one_two_three_four_with_wrap(rules, pile, sequence):
    f = rules.pile_index(pile)
    assert " ".join(cards.RANKS[r] for r in rules.f_rank_at[f]) == sequence
    assert rules.f_regardless[f]


def test_bases_set_out_before_the_shuffle_and_48_cards_in_the_stock(rules):
    position = crafted_deal(rules)
    assert [pile_cards(position, f) for f in SEQUENCES] == [["AC"], ["2D"], ["3H"], ["4S"]]
    pack = Counter(dealt_pack(rules))
    assert sum(pack.values()) == 48 and all(pack[cards.parse_card(x)] == 0 for x in ("AC", "2D", "3H", "4S"))
    order = crafted_order(rules)
    assert list(reversed(start_position(rules, order).piles[rules.stock])) == order


def test_each_turn_goes_onto_the_waste_pile_the_player_chooses(rules):
    position = crafted_deal(rules, stock="KD 5C")
    assert [m for m in position.legal_moves() if m.kind is TURN] == [move(rules, "KD", "stock", w) for w in WASTES]
    before = position.key()
    position.apply(move(rules, "KD", "stock", "waste:4"))
    position.apply(move(rules, "5C", "stock", "waste:4"))
    assert pile_cards(position, "waste:4") == ["KD", "5C"]
    position.undo()
    position.undo()
    assert position.key() == before


def test_a_turned_card_that_fits_plays_from_its_waste_pile_at_once(rules):
    position = crafted_deal(rules, stock="2S")
    position.apply(move(rules, "2S", "stock", "waste:1"))
    assert foundation_moves_named(position) == {("2S", "waste:1", "foundation:1")}


def test_built_regardless_of_suit_by_the_piles_step(rules):
    position = position_of(rules, {"waste:1": "6H", "waste:2": "5D", "waste:3": "8C"},
                           {"foundation:1": "4C", "foundation:2": "4S", "foundation:3": "6D"})
    plays = foundation_moves_named(position)
    assert ("5D", "waste:2", "foundation:1") in plays, "5 after 4 on the ones"
    assert ("6H", "waste:1", "foundation:2") in plays, "6 after 4 on the twos"
    assert not any(card == "8C" for card, _, _ in plays), "the threes at 6 want a 9"
    assert "foundation:3 needs 9C, 9D, 9H, 9S" in refusal(position, "8C", "waste:3", "foundation:3")


def test_a_card_that_fits_two_piles_may_go_on_either(rules):
    # Ones at 7 wants an 8; fours at 4 wants an 8 too.
    position = position_of(rules, {"waste:2": "8H"}, {"foundation:1": "7C", "foundation:4": "4S"})
    assert foundation_moves_named(position) == {("8H", "waste:2", "foundation:1"), ("8H", "waste:2", "foundation:4")}


def test_waste_tops_go_only_to_foundations(rules):
    position = position_of(rules, {"waste:1": "9H 5C", "waste:2": "6D"})
    assert not any(m.kind is BETWEEN_PILES for m in position.legal_moves())
    assert "cards move only to the foundations" in refusal(position, "5C", "waste:1", "waste:2")


def test_no_redeal_and_lost_when_nothing_fits(rules):
    position = position_of(rules, {"waste:1": "KH", "waste:2": "9D"}, rest=None)
    assert position.piles[rules.stock] == []
    assert not any(m.kind is REDEAL for m in position.legal_moves())
    assert position.status() == LOST


def test_won_with_a_king_on_every_pile(rules):
    tops = {"foundation:1": "KC", "foundation:2": "KD", "foundation:3": "KH", "foundation:4": "9S"}
    position = position_of(rules, {"waste:3": "KS"}, tops, rest=None)
    assert position.status() == PLAYING and position.on_foundations == 51
    position.apply(move(rules, "KS", "waste:3", "foundation:4"))
    assert position.status() == WON
    assert names(position.piles[rules.pile_index("foundation:4")])[-2:] == ["9S", "KS"]
