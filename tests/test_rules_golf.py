"""Golf, rule by rule, from docs/rules/golf.md: one foundation, up or down with wrap, stock onto it."""
from __future__ import annotations

import pytest

from conftest import (c, crafted_deal, crafted_order, get_rules, pile_cards, pile_moves_named, position_of,
                      refusal)
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move
from patience_core.model.position import LOST, PLAYING, WON

GOLF = "golf"
COLUMNS = [f"tableau:{n}" for n in range(1, 8)]


@pytest.fixture(scope="module")
def rules():
    return get_rules(GOLF)


def plays(position):
    """The legal plays to the foundation as (card, from)."""
    rules = position.rules
    return {(cards.card_name(m.card), rules.pile_names[m.src])
            for m in position.legal_moves() if m.kind is TO_FOUNDATION}


def on_foundation(rules, top, piles):
    """Columns as given and ``top`` alone on the foundation; the rest of the pack nowhere."""
    return position_of(rules, {**piles, "foundation:1": top}, rest=None)


def test_pile_ids_and_one_deck(rules):
    assert rules.pile_names == COLUMNS + ["stock", "waste", "foundation:1"]
    assert rules.n_cards == 52 and rules.autoplay is False


def test_deal_seven_columns_of_five_face_up_then_one_card_to_the_foundation(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    for n, name in enumerate(COLUMNS):
        p = rules.pile_index(name)
        assert position.piles[p] == order[n:35:7] and position.down[p] == 0
    assert position.piles[rules.pile_index("foundation:1")] == [order[35]]
    assert list(reversed(position.piles[rules.stock])) == order[36:] and len(order[36:]) == 16
    assert position.on_foundations == 1


def test_a_free_card_one_rank_up_or_down_in_any_suit_goes_on(rules):
    position = on_foundation(rules, "7H", {"tableau:1": "8S", "tableau:2": "6D", "tableau:3": "7C",
                                           "tableau:4": "9H", "tableau:5": "KD 6C"})
    assert plays(position) == {("8S", "tableau:1"), ("6D", "tableau:2"), ("6C", "tableau:5")}
    assert "foundation:1 needs" in refusal(position, "9H", "tableau:4", "foundation:1")


def test_only_the_top_card_of_a_column_is_free(rules):
    position = on_foundation(rules, "7H", {"tableau:1": "8S 2D"})
    assert plays(position) == set()
    assert "the free card of tableau:1 is 2D" in refusal(position, "8S", "tableau:1", "foundation:1")


@pytest.mark.parametrize("top, fits", [("AS", {"KD", "2C"}), ("KS", {"QD", "AC"})])
def test_wrap_king_and_ace_are_neighbours(rules, top, fits):
    position = on_foundation(rules, top, {"tableau:1": "KD", "tableau:2": "2C", "tableau:3": "QD",
                                          "tableau:4": "AC", "tableau:5": "3H"})
    assert {card for card, _ in plays(position)} == fits


def test_nothing_is_built_on_the_columns_and_gaps_stay(rules):
    position = on_foundation(rules, "2H", {"tableau:1": "9S", "tableau:2": "8D", "tableau:3": ""})
    assert pile_moves_named(position) == set()
    assert "cards move only to the foundations" in refusal(position, "8D", "tableau:2", "tableau:1")


def test_the_stock_turns_onto_the_foundation_one_card_at_a_time_and_undo(rules):
    position = crafted_deal(rules, stock="QC 4D")
    before = position.key()
    turns = [m for m in position.legal_moves() if m.kind is TURN]
    assert turns == [Move(TURN, rules.stock, rules.pile_index("foundation:1"), c("QC"))]
    position.apply(turns[0])
    assert pile_cards(position, "foundation:1")[-1] == "QC" and position.on_foundations == 2
    assert pile_cards(position, "waste") == []
    position.undo()
    assert position.key() == before and position.on_foundations == 1


def test_no_redeal_and_lost_when_the_stock_is_empty_and_nothing_fits(rules):
    position = on_foundation(rules, "7H", {"tableau:1": "10S", "tableau:2": "2D"})
    assert position.legal_moves() == [] and position.status() == LOST
    assert not any(m.kind is REDEAL for m in position.legal_moves())


def test_won_when_all_52_are_on_the_foundation(rules):
    all_but_one = " ".join(cards.card_name(card) for card in range(52) if card != c("KS"))
    position = position_of(rules, {"foundation:1": all_but_one, "stock": "KS"}, rest=None)
    assert position.status() == PLAYING
    position.apply(next(m for m in position.legal_moves() if m.kind is TURN))
    assert position.status() == WON


def test_wrap_no_is_the_classic_rule_nothing_goes_round_the_corner():
    from patience_core import load_rules
    from patience_core.model import cards as cards_

    classic = load_rules("golf", {"wrap": "no"})
    f = classic.foundations[0]
    king, ace, queen = cards_.parse_card("KS"), cards_.parse_card("AH"), cards_.parse_card("QD")
    assert classic.f_spec[f].build.follows(king, queen) and not classic.f_spec[f].build.follows(king, ace)
    wrapping = load_rules("golf")
    assert wrapping.f_spec[wrapping.foundations[0]].build.follows(king, ace)
