"""Sets that leave by themselves once gathered (``remove`` with ``at_once``), places that take
only a card that can still complete such a set (``empty: set``), and gaps filled only while a
state holds (``fill: {from, when}``): the Elevens family (PySolFC's Elevens, ElevensToo,
SuitElevens, Tens and Nines in pyramid.py) and Foursome and Quartets (pileon.py)."""
from __future__ import annotations

import pytest

from patience_core.variants.catalog import load_rules
from conftest import SETS_GAME, play_card, takes_card, assert_random_play_consistent, c, crafted_deal, pile_cards, validate_refusal


def _court(position):
    return [pile_cards(position, f"court:{i}") for i in (1, 2, 3)]


def test_the_court_takes_each_rank_of_the_set_once():
    rules = load_rules("elevens")
    position = crafted_deal(rules, {"grid:1": "JH", "grid:2": "JC", "grid:3": "5D"})
    assert takes_card(position, "court:2", "JH") and not takes_card(position, "court:2", "5D")
    play_card(position, "JH", "court:1")
    assert not takes_card(position, "court:2", "JC")   # a Jack is there already


def test_the_completed_set_leaves_in_the_move_that_completes_it_and_comes_back_with_its_undo():
    rules = load_rules("elevens")
    position = crafted_deal(rules, {"grid:1": "JH", "grid:2": "QS", "grid:3": "KD"}, stock="2C 3C 4C")
    play_card(position, "JH", "court:1")
    play_card(position, "QS", "court:3")
    assert _court(position) == [["JH"], [], ["QS"]]
    before = position.key()
    play_card(position, "KD", "court:2")
    assert _court(position) == [[], [], []]
    assert pile_cards(position, "foundation:1") == ["JH", "KD", "QS"]   # in place order, as PySolFC moves them
    assert position.on_foundations == 3
    assert pile_cards(position, "grid:3") == ["4C"]   # the gap it left was filled at once
    position.undo()
    assert position.key() == before and position.on_foundations == 0


def test_a_set_in_one_suit_refuses_another_suit():
    rules = load_rules("suit-elevens")
    position = crafted_deal(rules, {"grid:1": "JH", "grid:2": "QS", "grid:3": "QH"})
    play_card(position, "JH", "court:1")
    assert not takes_card(position, "court:2", "QS") and takes_card(position, "court:2", "QH")


def test_four_of_a_kind_among_the_court_ranks():
    rules = load_rules("tens")
    position = crafted_deal(rules, {"grid:1": "TH", "grid:2": "JS", "grid:3": "TS", "grid:4": "5D"})
    assert not takes_card(position, "court:1", "5D")   # not among 10, J, Q, K
    play_card(position, "TH", "court:1")
    assert not takes_card(position, "court:2", "JS") and takes_card(position, "court:2", "TS")


def test_gaps_wait_while_the_court_holds_a_card_then_fill_in_place_order():
    rules = load_rules("elevens-too")
    position = crafted_deal(rules, {"grid:1": "JH", "grid:2": "QS", "grid:3": "KD", "grid:8": "AH",
                                    "grid:5": "TH"}, stock="2C 3C 4C 5C 6C")
    play_card(position, "JH", "court:1")
    assert pile_cards(position, "grid:1") == []   # waits: the court is not empty
    pair = next(m for m in position.legal_moves() if m.card in (c("AH"), c("TH")) and m.count == 2)
    position.apply(pair)
    assert pile_cards(position, "grid:5") == [] and pile_cards(position, "grid:8") == []
    play_card(position, "QS", "court:2")
    before = position.key()
    play_card(position, "KD", "court:3")
    # the set left, so the court is empty: every gap filled, in place order
    assert [pile_cards(position, f"grid:{i}") for i in (1, 2, 3, 5, 8)] == [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]]
    position.undo()
    assert position.key() == before


def test_a_pair_removed_while_the_court_is_empty_fills_its_gaps_at_once():
    rules = load_rules("elevens-too")
    position = crafted_deal(rules, {"grid:2": "TH", "grid:7": "AH"}, stock="2C 3C")
    position.apply(next(m for m in position.legal_moves() if m.count == 2 and m.card == c("TH")))
    assert pile_cards(position, "grid:2") == ["2C"] and pile_cards(position, "grid:7") == ["3C"]


def test_four_of_a_kind_on_the_reserve_leaves_by_itself():
    rules = load_rules("foursome")
    position = crafted_deal(rules, {"reserve:1": "5H", "reserve:2": "5S", "reserve:3": "5D", "reserve:4": "9C",
                                    "tableau:1": "8D", "tableau:2": "5C", "tableau:3": "6C"})
    play_card(position, "9C", "tableau:1")
    assert takes_card(position, "reserve:4", "6C")   # the reserve takes any card ...
    before = position.key()
    play_card(position, "5C", "reserve:4")           # ... and four of a rank leave at once
    assert [pile_cards(position, f"reserve:{i}") for i in (1, 2, 3, 4)] == [[], [], [], []]
    assert sorted(pile_cards(position, "foundation:1")) == sorted(["5H", "5S", "5D", "5C"])
    position.undo()
    assert position.key() == before


def test_a_set_not_complete_stays():
    rules = load_rules("foursome")
    position = crafted_deal(rules, {"reserve:1": "5H", "reserve:2": "5S", "reserve:3": "5D", "reserve:4": "9C",
                                    "tableau:1": "8D", "tableau:3": "6C"})
    play_card(position, "9C", "tableau:1")
    play_card(position, "6C", "reserve:4")
    assert pile_cards(position, "reserve:4") == ["6C"] and pile_cards(position, "foundation:1") == []


@pytest.mark.parametrize("name", ["elevens", "elevens-too", "suit-elevens", "tens", "nines", "foursome", "quartets"])
def test_random_play_keeps_positions_consistent_and_undoes_exactly(name):
    assert_random_play_consistent(load_rules(name), seeds=(1, 2), steps=120)




@pytest.mark.parametrize("remove, expected", [
    ("- {cards: 3, rank: same, from: court}", "cards"),
    ("- {cards: 3, apart: [1], from: court, at_once: true}", "apart"),
    ("- {ranks: [K], from: court, at_once: true}", "at_once"),
    ("- {ranks: [J, Q, K], from: [stock], at_once: true}", "from"),
    ("- {total: 11, from: grid}", "empty"),   # empty: set with no set gathered there
])
def test_nonsense_sets_are_refused_in_one_line(tmp_path, remove, expected):
    out = validate_refusal(tmp_path, SETS_GAME + "remove:\n  " + remove + "\n")
    assert expected in out and len(out.strip().splitlines()) == 1, out
