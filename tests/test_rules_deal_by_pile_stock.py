"""Tournament's stock and shuffle (PySolFC's tournament.py): a stock deal of four cards onto
each column in turn, pile by pile (``stock: {deal: GROUP, rounds: 4, deal_by: pile}``,
Tournament_Talon), the same deal made at once after each redeal, and the shuffle hook that gives
the reserve an Ace or a King (``deal_first: [{ranks: [A, K], unless_in_first: 8}]``,
Tournament._shuffleHook)."""
from __future__ import annotations

import pytest

from patience_core.model.deal import seeded_order, start_position
from patience_core.model.moves import DEAL_ROW, GATHER
from patience_core.variants.catalog import load_rules
from conftest import c, pile, position_of, run_cli, validate_refusal

ACE, KING = 0, 12


def test_a_deal_puts_four_cards_on_each_column_before_the_next():
    rules = load_rules("tournament")
    stock = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD 2H 3H 4H 5H 6H"
    position = position_of(rules, {"stock": stock}, rest="reserve:1")
    before = position.key()
    (deal,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    assert deal.count == 24
    position.apply(deal)
    t = [position.piles[pile(rules, f"tableau:{i}")] for i in range(1, 7)]
    # the stock's top is the end of its list: 6H, 5H, 4H, 3H go onto column 1 in that order
    assert t[0][-4:] == [c("6H"), c("5H"), c("4H"), c("3H")]
    assert t[1][-4:] == [c("2H"), c("QD"), c("JD"), c("10D")]
    assert t[5][-4:] == [c("8C"), c("7C"), c("6C"), c("5C")]
    assert position.piles[rules.stock] == [c("2C"), c("3C"), c("4C")]
    position.undo()
    assert position.key() == before


def test_the_last_deal_fills_the_first_columns_as_far_as_the_stock_goes():
    rules = load_rules("tournament")
    position = position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C"}, rest="reserve:1")
    (deal,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    assert deal.count == 6
    position.apply(deal)
    assert position.piles[pile(rules, "tableau:1")][-4:] == [c("7C"), c("6C"), c("5C"), c("4C")]
    assert position.piles[pile(rules, "tableau:2")][-2:] == [c("3C"), c("2C")]


def test_a_redeal_gathers_the_last_column_first_and_deals_four_a_column_at_once():
    rules = load_rules("tournament")
    layout = {f"tableau:{i}": f"{r}C {r}D" for i, r in zip(range(1, 7), "23456")}
    layout["tableau:6"] = "7C 7D"
    position = position_of(rules, layout, rest="reserve:1")
    before = position.key()
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    position.apply(redeal)
    t = [position.piles[pile(rules, f"tableau:{i}")] for i in range(1, 7)]
    # gathered pile 6 first, each from its top: column 1's bottom card is dealt first
    assert t[0] == [c("2C"), c("2D"), c("3C"), c("3D")]
    assert t[1] == [c("4C"), c("4D"), c("5C"), c("5D")]
    assert t[2] == [c("6C"), c("6D"), c("7C"), c("7D")]
    assert t[3] == t[4] == t[5] == []
    assert position.redeals_left == 1
    position.undo()
    assert position.key() == before


def pysolfc_tournament_hook(order):
    """Tournament._shuffleHook on a pack listed top first (PySolFC's list is bottom first)."""
    cards_ = order[::-1]
    if any(card % 13 in (ACE, KING) for card in cards_[-8:]):
        return order
    for card in cards_:
        if card % 13 in (ACE, KING):
            break
    cards_.remove(card)
    return (cards_ + [card])[::-1]


@pytest.mark.parametrize("seed", range(1, 60))
def test_the_reserve_is_dealt_as_pysolfcs_hook_deals_it(seed):
    rules = load_rules("tournament")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    reserve = [position.piles[p][0] for p in rules.groups["reserve"]]
    assert reserve == pysolfc_tournament_hook(order)[:8]
    assert any(card % 13 in (ACE, KING) for card in reserve)


def test_the_hook_moves_the_card_nearest_the_bottom_only_when_needed():
    from patience_core.model.deal import move_rank_to_front_unless
    order = [c("2C"), c("3C"), c("AS"), c("4C"), c("KD"), c("5C")]
    assert move_rank_to_front_unless(order, frozenset({ACE, KING}), 2) == \
        [c("KD"), c("2C"), c("3C"), c("AS"), c("4C"), c("5C")]
    assert move_rank_to_front_unless(order, frozenset({ACE, KING}), 3) == order


def test_show_says_pile_by_pile_and_the_hook():
    code, out, _ = run_cli("show", "tournament")
    assert code == 0
    assert "deals 4 cards onto each pile of tableau in turn, pile by pile" in out
    assert "When none of the first 8 cards of the shuffled pack is an A or K" in out


def test_deal_by_pile_needs_rounds(tmp_path):
    text = validate_refusal(tmp_path, "extends: tournament\nname: bad\nstock: {rounds: 1}\n")
    assert "stock.deal_by" in text and "rounds: 2 or more" in text


def test_unless_in_first_goes_alone(tmp_path):
    text = validate_refusal(tmp_path, "extends: tournament\nname: bad\n"
                                      "deal_first: [{ranks: [A, K], unless_in_first: 8}, QH]\n")
    assert "deal_first" in text and "the only deal_first item" in text
