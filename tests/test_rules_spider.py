"""Spider, rule by rule, from docs/rules/spider.md: one-suit runs, dealing rows, whole runs home."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import (all_face_up, check_turns_up, crafted_deal, crafted_order, get_rules, move, pile_cards,
                      pile_moves_named, position_of, refusal, set_face_down)
from patience_core.model import cards
from patience_core.model.deal import dealt_pack, start_position
from patience_core.model.moves import DEAL_ROW, TO_FOUNDATION
from patience_core.model.position import LOST, PLAYING, WON

SP = "spider"
COLUMNS = [f"tableau:{n}" for n in range(1, 11)]
FULL_SPADES = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"


@pytest.fixture(scope="module")
def rules():
    return get_rules(SP)


def run_home_moves(position):
    rules = position.rules
    return [(rules.pile_names[m.src], rules.pile_names[m.dst], m.count)
            for m in position.legal_moves() if m.kind is TO_FOUNDATION]


def deal_row(position):
    return [m for m in position.legal_moves() if m.kind is DEAL_ROW]


# --- pack, piles, deal ---------------------------------------------------------------------------

def test_two_decks_and_the_pile_ids(rules):
    assert rules.n_cards == 104
    assert Counter(dealt_pack(rules)) == Counter({card: 2 for card in range(52)})
    assert rules.pile_names == COLUMNS + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 9)]
    assert rules.autoplay is False


@pytest.mark.parametrize("suits, letters, copies", [("2", "SH", 4), ("1", "S", 8)])
def test_fewer_suits_keep_104_cards(suits, letters, copies):
    rules = get_rules(SP, suits=suits)
    pack = Counter(dealt_pack(rules))
    assert sum(pack.values()) == 104
    assert {cards.SUITS[card // 13] for card in pack} == set(letters)
    assert set(pack.values()) == {copies}


def test_deal_row_by_row_six_and_five_top_card_face_up(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    counts = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5]
    for n, name in enumerate(COLUMNS):
        p = rules.pile_index(name)
        assert position.piles[p] == order[n:54:10][:counts[n]]
        assert position.down[p] == counts[n] - 1
    assert list(reversed(position.piles[rules.stock])) == order[54:]
    assert len(position.piles[rules.stock]) == 50


# --- building and runs ---------------------------------------------------------------------------

def test_builds_down_regardless_of_suit(rules):
    piles = {"tableau:1": "10S", "tableau:2": "9H", "tableau:3": "9S", "tableau:4": "8D"}
    position = all_face_up(position_of(rules, piles))
    moves = pile_moves_named(position)
    assert {("tableau:2", "tableau:1", 1), ("tableau:3", "tableau:1", 1)} <= moves
    assert ("tableau:4", "tableau:1", 1) not in moves
    assert "8D does not go on 10S" in refusal(position, "8D", "tableau:4", "tableau:1")


def test_nothing_goes_on_an_ace(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "AS", "tableau:2": "KH"}))
    assert ("tableau:2", "tableau:1", 1) not in pile_moves_named(position)


def test_only_a_run_in_one_suit_moves_as_a_unit(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "10S 9H 8H 7H", "tableau:2": "JD", "tableau:3": "10C",
                                   "tableau:4": "9C"}))
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:3", 3) in moves, "9H 8H 7H onto 10C"
    assert ("tableau:1", "tableau:4", 2) in moves, "8H 7H onto 9C"
    assert ("tableau:1", "tableau:2", 4) not in moves, "10S 9H ... is not one suit"
    assert "the free card of tableau:1 is 7H" in refusal(position, "10S", "tableau:1", "tableau:2")


def test_an_empty_column_takes_any_card_or_run_of_any_length(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "3D " + FULL_SPADES.rsplit(" ", 1)[0], "tableau:2": ""}))
    set_face_down(position, {"tableau:1": 1})
    into_gap = {n for src, dst, n in pile_moves_named(position) if src == "tableau:1" and dst == "tableau:2"}
    assert into_gap == set(range(1, 13)), "KS down to 2S: any part of it, no limit"


def test_an_uncovered_face_down_card_turns_up_and_down_again_on_undo(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "4C 8S 5H", "tableau:2": "6C"}), tableau_1=2)
    check_turns_up(position, move(rules, "5H", "tableau:1", "tableau:2"), "tableau:1")


# --- the stock -----------------------------------------------------------------------------------

def test_a_deal_puts_one_card_face_up_on_every_column(rules):
    position = crafted_deal(rules, stock="AC 2C 3C 4C 5C 6C 7C 8C 9C 10C")
    before = position.key()
    tops = [len(position.piles[rules.pile_index(name)]) for name in COLUMNS]
    downs = list(position.down)
    rows = deal_row(position)
    assert len(rows) == 1 and rows[0].count == 10
    assert not any(m.dst == rules.waste for m in position.legal_moves()), "no waste in Spider"
    position.apply(rows[0])
    assert [pile_cards(position, name)[-1] for name in COLUMNS] == "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C".split()
    assert [len(position.piles[rules.pile_index(name)]) for name in COLUMNS] == [n + 1 for n in tops]
    assert position.down == downs, "dealt cards lie face up"
    assert len(position.piles[rules.stock]) == 40
    position.undo()
    assert position.key() == before


def test_no_deal_while_a_column_is_empty(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "KD"}))
    assert deal_row(position) == []
    assert "a row is dealt only when no pile is empty (tableau:2 is)" in refusal(position, None, "stock",
                                                                               "tableau:1")


def test_five_deals_then_the_stock_is_empty(rules):
    position = crafted_deal(rules)
    for _ in range(5):
        position.apply(deal_row(position)[0])
    assert position.piles[rules.stock] == [] and deal_row(position) == []
    assert sum(len(position.piles[rules.pile_index(n)]) for n in COLUMNS) == 104


# --- foundations ---------------------------------------------------------------------------------

def test_a_finished_run_goes_home_as_a_whole_and_uncovers_the_card_below(rules):
    position = all_face_up(position_of(rules, {"tableau:4": "9D 3C " + FULL_SPADES}))
    set_face_down(position, {"tableau:4": 2})
    before = position.key()
    assert run_home_moves(position) == [("tableau:4", "foundation:1", 13)]
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION))
    assert pile_cards(position, "foundation:1") == FULL_SPADES.split()
    assert pile_cards(position, "tableau:4") == ["9D", "3C"] and position.down[rules.pile_index("tableau:4")] == 1
    assert position.on_foundations == 13
    position.undo()
    assert position.key() == before


def test_no_run_home_if_mixed_suits_or_partly_face_down(rules):
    mixed = all_face_up(position_of(rules, {"tableau:1": FULL_SPADES.replace("7S", "7H")}))
    assert run_home_moves(mixed) == []
    hidden = all_face_up(position_of(rules, {"tableau:1": FULL_SPADES}))
    set_face_down(hidden, {"tableau:1": 1})
    assert run_home_moves(hidden) == [], "KS is face down"
    short = all_face_up(position_of(rules, {"tableau:1": FULL_SPADES.replace("KS ", "")}))
    assert run_home_moves(short) == []


def test_single_cards_never_go_home(rules):
    position = all_face_up(position_of(rules, {"tableau:1": "KH"}))
    assert run_home_moves(position) == []
    assert "takes only a whole run, K down to A in one suit" in refusal(position, "KH", "tableau:1", "foundation:1")


def test_won_with_eight_runs_home_lost_when_nothing_moves(rules):
    home = {f"foundation:{n}": f"A{'CDHS'[(n - 1) // 2]}" for n in range(1, 8)}
    position = all_face_up(position_of(rules, {"tableau:1": FULL_SPADES}, home, rest=None))
    assert position.status() == PLAYING
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION))
    assert position.status() == WON
    stuck = all_face_up(position_of(rules, dict(zip(COLUMNS, "AS AS AH AH AD AD AC AC 3S 3S".split())),
                        rest=None))
    assert stuck.status() == LOST
