"""Sets that leave by themselves, told by more than their ranks: ranks that follow each other
(``rank: consecutive``, ``wrap``: PySolFC's TripleAlliance_Reserve in pyramid.py) and sets of
any size gathered on one pile by their total (``cards: {min, max}`` with ``at_once``: PySolFC's
Fifteens.fillStack)."""
from __future__ import annotations

import pytest

from patience_core.variants.catalog import load_rules
from conftest import SETS_GAME, play_card, takes_card, assert_random_play_consistent, crafted_deal, pile, pile_cards, validate_refusal


_TRIPLE = {"tableau:1": "2S 2D KH", "tableau:2": "3S 3D AC", "tableau:3": "4S 4D 2C",
           "tableau:4": "5S 5D 7H", "tableau:5": "6S 6D QH"}


def test_a_place_takes_only_a_card_that_makes_a_run_with_those_there():
    position = crafted_deal(load_rules("triple-alliance"), _TRIPLE)
    assert takes_card(position, "triple:1", "7H")   # the first card: any
    play_card(position, "KH", "triple:1")
    assert not takes_card(position, "triple:2", "7H")
    assert takes_card(position, "triple:2", "QH") and takes_card(position, "triple:2", "AC")   # K and A follow each other
    assert not takes_card(position, "triple:2", "2C")   # K and 2 wait for an Ace: PySolFC refuses them


def test_three_in_a_row_over_the_king_leave_by_themselves_and_come_back_with_undo():
    position = crafted_deal(load_rules("triple-alliance"), _TRIPLE)
    play_card(position, "AC", "triple:2")
    play_card(position, "KH", "triple:1")
    assert takes_card(position, "triple:3", "QH") and not takes_card(position, "triple:3", "7H")   # Q K A too
    before = position.key()
    play_card(position, "2C", "triple:3")
    assert [pile_cards(position, f"triple:{i}") for i in (1, 2, 3)] == [[], [], []]
    assert sorted(pile_cards(position, "foundation:1")) == sorted(["KH", "AC", "2C"])
    position.undo()
    assert position.key() == before


def test_won_with_one_card_left():
    rules = load_rules("triple-alliance")
    assert rules.win is not None and "1 card" in rules.win.words


def test_number_cards_totalling_15_leave_the_reserve_in_the_move_that_makes_15():
    position = crafted_deal(load_rules("fifteens"), {"grid:1": "AH", "grid:2": "2H", "grid:3": "3H", "grid:4": "4H",
                                                     "grid:5": "5H", "grid:6": "KS"}, stock="2C 3C 4C 5C 6C 7C")
    for card in ("AH", "2H", "3H", "4H"):
        play_card(position, card, "reserve:1")
    assert pile_cards(position, "grid:1") == []   # the gaps wait while the reserve holds cards
    before = position.key()
    play_card(position, "5H", "reserve:1")   # 1 + 2 + 3 + 4 + 5
    assert pile_cards(position, "reserve:1") == []
    assert sorted(pile_cards(position, "foundation:1")) == sorted(["AH", "2H", "3H", "4H", "5H"])
    assert [pile_cards(position, f"grid:{i}") for i in (1, 2, 3, 4, 5)] == [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]]
    position.undo()
    assert position.key() == before


def test_a_ten_or_a_picture_on_the_reserve_goes_only_with_ten_jack_queen_and_king():
    rules = load_rules("fifteens")
    position = crafted_deal(rules, {"grid:1": "TH", "grid:2": "5H", "grid:3": "JS", "grid:4": "QS", "grid:5": "KS"})
    play_card(position, "TH", "reserve:1")
    play_card(position, "5H", "reserve:1")   # 10 + 5 is 15, but a 10 counts as a picture here
    assert pile_cards(position, "reserve:1") == ["10H", "5H"]
    position = crafted_deal(rules, {"grid:1": "TH", "grid:2": "5H", "grid:3": "JS", "grid:4": "QS", "grid:5": "KS"})
    for card in ("JS", "TH", "KS", "QS"):
        play_card(position, card, "reserve:1")
    assert pile_cards(position, "reserve:1") == [] and len(pile_cards(position, "foundation:1")) == 4


def test_a_pair_from_the_square_is_six_and_nine_or_seven_and_eight():
    position = crafted_deal(load_rules("fifteens"), {"grid:1": "6H", "grid:2": "9S", "grid:3": "5D", "grid:4": "TD"})
    rules = position.rules
    mine = {pile(rules, f"grid:{i}") for i in (1, 2, 3, 4)}
    pairs = {(m.src, m.dst) for m in position.legal_moves() if m.count == 2 and {m.src, m.dst} <= mine}
    # 6 and 9 only: 5 and 10 make 15 too, but a 10 is no number card here
    assert pairs == {(pile(rules, "grid:1"), pile(rules, "grid:2"))}


@pytest.mark.parametrize("name", ["triple-alliance", "triple-alliance-2-decks", "fifteens"])
def test_random_play_keeps_positions_consistent_and_undoes_exactly(name):
    assert_random_play_consistent(load_rules(name), seeds=(1, 2), steps=120)




@pytest.mark.parametrize("remove, expected", [
    ("- {total: 11, from: grid}\n  - {cards: 3, wrap: true, from: court, at_once: true, rank: same}", "wrap"),
    ("- {total: 11, from: grid}\n  - {ranks: [J, Q, K], rank: consecutive, from: court, at_once: true}", "rank"),
    ("- {total: 11, from: grid}\n  - {cards: 4, rank: same, from: court, at_once: true}", "from"),   # 3 places
    ("- {cards: {min: 2}, total: 15, from: grid}", "cards"),   # a range needs consecutive or at_once
])
def test_nonsense_sets_are_refused_in_one_line(tmp_path, remove, expected):
    out = validate_refusal(tmp_path, SETS_GAME + "remove:\n  " + remove + "\n")
    assert expected in out and len(out.strip().splitlines()) == 1, out
