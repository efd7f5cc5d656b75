"""Royal Cotillion, rule by rule, from docs/rules/royal-cotillion.md (hand-made deals and positions)."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import (c, crafted_deal, crafted_order, foundation_moves_named, get_rules, move, names,
                      pile_cards, position_of)
from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core.model import cards
from patience_core.model.deal import dealt_pack, start_position
from patience_core.model.position import LOST, PLAYING, WON

RC = "royal-cotillion"
ACE_PILES = ["foundation:1", "foundation:2", "foundation:3", "foundation:4"]   # C D H S
TWO_PILES = ["foundation:5", "foundation:6", "foundation:7", "foundation:8"]


@pytest.fixture(scope="module")
def rules():
    return get_rules(RC)


@pytest.fixture(scope="module")
def dealt_rules():
    return get_rules(RC, bases="dealt")


# --- pack, pile ids, foundations -------------------------------------------------------------

def test_pack_is_two_decks(rules):
    assert rules.decks == 2 and rules.n_cards == 104
    assert Counter(dealt_pack(rules)) == Counter({card: 2 for card in range(52)})


def test_pile_ids_are_those_of_the_sheet(rules):
    assert rules.pile_names == ([f"left:{n}" for n in range(1, 5)] + [f"right:{n}" for n in range(1, 17)]
                                + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 9)])
    assert [rules.pile_kind[rules.pile_index(f"left:{n}")] for n in range(1, 5)] == ["tableau"] * 4


def test_foundation_sequences_by_two_with_wrap(rules):
    ace = " ".join(cards.RANKS[r] for r in rules.f_rank_at[rules.pile_index("foundation:1")])
    two = " ".join(cards.RANKS[r] for r in rules.f_rank_at[rules.pile_index("foundation:5")])
    assert ace == "A 3 5 7 9 J K 2 4 6 8 10 Q"
    assert two == "2 4 6 8 10 Q A 3 5 7 9 J K"
    assert [rules.f_suit[rules.pile_index(f)] for f in ACE_PILES + TWO_PILES] == [0, 1, 2, 3] * 2
    assert all(rules.f_length[f] == 13 for f in rules.foundations)


def test_autoplay_is_off(rules):
    assert rules.autoplay is False


# --- the deal ------------------------------------------------------------------------------------

def test_deal_order_left_row_by_row_then_right_then_stock(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)  # the engine's own dealer
    # Left wing: 3 rows of 4; column n gets cards n, n+4, n+8 (top row first, bottom card last).
    for n in range(4):
        assert position.piles[rules.pile_index(f"left:{n + 1}")] == [order[n], order[n + 4], order[n + 8]]
    for n in range(16):
        assert position.piles[rules.pile_index(f"right:{n + 1}")] == [order[12 + n]]
    stock = position.piles[rules.stock]
    assert len(stock) == 104 - 28
    assert stock[-1] == order[28], "the next card of the pack is on top of the stock"
    assert list(reversed(stock)) == order[28:]
    assert position.piles[rules.waste] == []
    assert all(position.piles[f] == [] for f in rules.foundations)


def test_bases_found_foundations_start_empty(rules):
    assert rules.setout == [] and rules.n_dealt == 104


def test_bases_dealt_sets_out_one_ace_and_one_two_per_suit(dealt_rules):
    position = crafted_deal(dealt_rules)
    ace_piles = [names(position.piles[dealt_rules.pile_index(f)]) for f in ACE_PILES]
    two_piles = [names(position.piles[dealt_rules.pile_index(f)]) for f in TWO_PILES]
    assert ace_piles == [["AC"], ["AD"], ["AH"], ["AS"]]
    assert two_piles == [["2C"], ["2D"], ["2H"], ["2S"]]
    assert dealt_rules.n_dealt == 96
    pack = Counter(dealt_pack(dealt_rules))
    assert sum(pack.values()) == 96
    for card in range(52):
        assert pack[card] == (1 if cards.rank_of(card) in (0, 1) else 2), cards.card_name(card)
    assert position.card_count() == 104


# --- starting and building foundations ----------------------------------------------------------

def test_free_ace_starts_only_its_suits_ace_pile(rules):
    position = crafted_deal(rules, {"right:1": "AH", "right:2": "2S"})
    plays = foundation_moves_named(position)
    assert ("AH", "right:1", "foundation:3") in plays
    assert ("2S", "right:2", "foundation:8") in plays
    assert {p for p in plays if p[0] in ("AH", "2S")} == {("AH", "right:1", "foundation:3"),
                                                          ("2S", "right:2", "foundation:8")}


def test_built_up_in_suit_by_two(rules):
    position = position_of(rules, {"right:1": "3H", "right:2": "3D", "right:3": "4H"},
                           {"foundation:3": "AH"})
    plays = foundation_moves_named(position)
    assert ("3H", "right:1", "foundation:3") in plays
    assert not any(card in ("3D", "4H") for card, _, _ in plays)


def test_second_ace_starts_nothing_but_goes_on_the_two_pile_after_its_queen(rules):
    # Ace pile of hearts started; the 2 pile of hearts reached Q: the second AH follows the Q.
    position = position_of(rules, {"right:1": "AH"}, {"foundation:3": "5H", "foundation:7": "QH"})
    assert foundation_moves_named(position) == {("AH", "right:1", "foundation:7")}
    position.apply(move(rules, "AH", "right:1", "foundation:7"))
    assert pile_cards(position, "foundation:7")[-2:] == ["QH", "AH"]
    assert position.wanted(rules.pile_index("foundation:7")) == (c("3H"),)


def test_second_ace_waits_while_the_two_pile_is_short_of_its_queen(rules):
    position = position_of(rules, {"right:1": "AH"}, {"foundation:3": "5H", "foundation:7": "10H"})
    assert not any(card == "AH" for card, _, _ in foundation_moves_named(position))


def test_second_two_goes_on_the_ace_pile_after_its_king(rules):
    position = position_of(rules, {"right:4": "2C"}, {"foundation:1": "KC", "foundation:5": "4C"})
    assert foundation_moves_named(position) == {("2C", "right:4", "foundation:1")}


def test_second_two_never_starts_a_pile(rules):
    # The 2 pile of clubs is under way and the Ace pile is short of its K: the second 2C waits.
    position = position_of(rules, {"right:4": "2C"}, {"foundation:1": "JC", "foundation:5": "4C"})
    assert foundation_moves_named(position) == set()


def test_an_ace_fits_two_piles_when_its_ace_pile_is_empty_and_the_two_pile_is_at_queen(rules):
    position = position_of(rules, {"right:1": "AD"}, {"foundation:6": "QD"})
    assert foundation_moves_named(position) == {("AD", "right:1", "foundation:2"),
                                                ("AD", "right:1", "foundation:6")}
    ordered = [m for m in position.legal_moves() if rules.is_foundation[m.dst]]
    assert [rules.pile_names[m.dst] for m in ordered] == ["foundation:2", "foundation:6"], "pile order"


def test_full_pile_accepts_nothing(rules):
    position = position_of(rules, {}, {"foundation:3": "QH", "foundation:7": "KH"})
    assert position.wanted(rules.pile_index("foundation:3")) == ()
    assert position.wanted(rules.pile_index("foundation:7")) == ()
    hearts = [cards.make(rank, 2) for rank in range(13)]
    assert all(rules.pile_index("foundation:3") not in position.takers[h] for h in hearts)


# --- the left wing -------------------------------------------------------------------------------

def test_only_the_bottom_card_of_a_left_column_is_free(rules):
    # AH covered, 3H free above nothing: AH cannot be played while 3H lies on it.
    position = crafted_deal(rules, {"left:1": "KC AH 3H", "left:2": "KD KS AS"})
    plays = foundation_moves_named(position)
    assert ("AS", "left:2", "foundation:4") in plays
    assert not any(card in ("AH", "3H") for card, _, _ in plays)


def test_playing_the_bottom_card_frees_the_card_above(rules):
    position = crafted_deal(rules, {"left:1": "KC 3S AS"})
    position.apply(move(rules, "AS", "left:1", "foundation:4"))
    assert ("3S", "left:1", "foundation:4") in foundation_moves_named(position)
    position.apply(move(rules, "3S", "left:1", "foundation:4"))
    assert pile_cards(position, "left:1") == ["KC"]


def test_left_wing_gaps_are_never_filled(rules):
    position = crafted_deal(rules, {"left:3": "5C 3C AC"}, stock="9D")
    position.apply(move(rules, "9D", "stock", "waste"))
    for card in ("AC", "3C", "5C"):
        position.apply(move(rules, card, "left:3", "foundation:1"))
    assert pile_cards(position, "left:3") == []
    assert pile_cards(position, "waste") == ["9D"], "the waste top stays where it is"
    assert len(position.piles[rules.stock]) == 104 - 28 - 1


# --- the right wing ------------------------------------------------------------------------------

def test_every_right_wing_card_is_free(rules):
    layout = {f"right:{n}": t for n, t in enumerate(["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"], 1)}
    position = crafted_deal(rules, layout)
    plays = foundation_moves_named(position)
    for n, card in enumerate(["AC", "AD", "AH", "AS", "2C", "2D", "2H", "2S"], 1):
        assert any(p[:2] == (card, f"right:{n}") for p in plays)


def test_right_gap_is_filled_at_once_from_the_waste(rules):
    position = crafted_deal(rules, {"right:7": "AS"}, stock="9D 8C")
    position.apply(move(rules, "9D", "stock", "waste"))
    position.apply(move(rules, "8C", "stock", "waste"))
    position.apply(move(rules, "AS", "right:7", "foundation:4"))
    assert pile_cards(position, "right:7") == ["8C"]
    assert pile_cards(position, "waste") == ["9D"]


def test_right_gap_is_filled_from_the_stock_when_the_waste_is_empty(rules):
    position = crafted_deal(rules, {"right:16": "2H"}, stock="KD QD")
    assert position.piles[rules.waste] == []
    position.apply(move(rules, "2H", "right:16", "foundation:7"))
    assert pile_cards(position, "right:16") == ["KD"]
    assert position.piles[rules.stock][-1] == c("QD")
    assert position.piles[rules.waste] == []


def test_right_gap_stays_when_waste_and_stock_are_empty(rules):
    position = position_of(rules, {"right:2": "2H", "stock": "", "waste": ""}, rest=None)
    position.apply(move(rules, "2H", "right:2", "foundation:7"))
    assert pile_cards(position, "right:2") == []
    assert position.card_count() == 1


def test_fill_is_undone_with_the_move(rules):
    position = crafted_deal(rules, {"right:5": "AD"}, stock="9D 8C")
    position.apply(move(rules, "9D", "stock", "waste"))
    before = position.key()
    position.apply(move(rules, "AD", "right:5", "foundation:2"))
    assert pile_cards(position, "right:5") == ["9D"]
    position.undo()
    assert position.key() == before
    assert pile_cards(position, "right:5") == ["AD"] and pile_cards(position, "waste") == ["9D"]


# --- stock, waste, moves ------------------------------------------------------------------------

def test_stock_turns_one_card_onto_the_waste_whose_top_alone_is_free(rules):
    position = crafted_deal(rules, stock="AC AD")
    position.apply(move(rules, "AC", "stock", "waste"))
    position.apply(move(rules, "AD", "stock", "waste"))
    plays = foundation_moves_named(position)
    assert ("AD", "waste", "foundation:2") in plays
    assert not any(card == "AC" for card, _, _ in plays), "the card under the waste top is not free"


def test_no_redeal(rules):
    position = position_of(rules, {"stock": "", "waste": "KC KD"}, rest="waste")
    assert rules.redeals == 0 and position.redeals_left == 0
    assert position.legal_moves() == []


def test_cards_move_only_to_foundations(rules):
    position = crafted_deal(rules, {"left:1": "KC QC AH", "right:1": "AS", "right:2": "2S"}, stock="3S")
    for _ in range(40):
        for _k, src, dst, _card, _n in position.legal_moves():
            if src == rules.stock:
                assert dst == rules.waste
            else:
                assert rules.is_foundation[dst], "no move between or within the wings"
        moves = position.legal_moves()
        if not moves:
            break
        position.apply(moves[0])


# --- won and lost -------------------------------------------------------------------------------

def test_won_when_all_104_cards_are_on_the_foundations(rules):
    tops = {f: "Q" + "CDHS"[i] for i, f in enumerate(ACE_PILES)} | {f: "K" + "CDHS"[i] for i, f in enumerate(TWO_PILES)}
    tops["foundation:8"] = "JS"
    position = position_of(rules, {"right:1": "KS"}, tops, rest=None)
    assert position.status() == PLAYING
    position.apply(move(rules, "KS", "right:1", "foundation:8"))
    assert position.status() == WON and position.on_foundations == 104
    kings = [names(position.piles[rules.pile_index(f)])[-1] for f in TWO_PILES]
    assert kings == ["KC", "KD", "KH", "KS"], "each King beside the Queen of his suit"


def test_lost_when_stock_empty_and_nothing_fits(rules):
    position = position_of(rules, {"right:1": "KH", "waste": "9C", "stock": ""}, {"foundation:3": "AH"}, rest="waste")
    assert position.legal_moves() == []
    assert position.status() == LOST


def test_not_lost_while_the_stock_can_turn(rules):
    position = position_of(rules, {"right:1": "KH", "stock": "9C"}, rest="waste")
    assert foundation_moves_named(position) == set()
    assert position.status() == PLAYING


# --- the sheet's example ------------------------------------------------------------------------

def test_sheet_example_six_then_seven_of_hearts(rules):
    # Hearts piles at 5H (Ace pile) and 4H (2 pile); waste 6H, right wing 7H.
    position = position_of(rules, {"right:6": "7H", "waste": "JD 6H"},
                           {"foundation:3": "5H", "foundation:7": "4H"})
    plays = foundation_moves_named(position)
    assert ("6H", "waste", "foundation:7") in plays
    assert ("7H", "right:6", "foundation:3") in plays
    position.apply(move(rules, "6H", "waste", "foundation:7"))
    position.apply(move(rules, "7H", "right:6", "foundation:3"))
    assert pile_cards(position, "foundation:3")[-1] == "7H"
    assert pile_cards(position, "foundation:7")[-1] == "6H"
    assert pile_cards(position, "right:6") == ["JD"], "the gap takes the new waste top"
    assert pile_cards(position, "waste") == []
