"""Baker's Dozen (PySolFC game 31): thirteen columns of four, every King moved under the
other cards of its column by the deal (``to_bottom: K``); down regardless of suit, one card
at a time; a gap stays empty."""
from __future__ import annotations

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.deal import deal_by_order, move_to_bottom, seeded_order
from patience_core.model.deal_numbers import external_layout, parse_deal
from conftest import c, pile_moves_named, position_of
from patience_core.model.game import GameSpec

KING = 12


@pytest.fixture(scope="module")
def rules():
    return load_rules("bakers-dozen")


def pysolfc_kings_to_bottom(order: list[int], columns: int) -> list[int]:
    """PySolFC's Baker's Dozen shuffle hook, written from its description: in dealing order,
    each King swaps with the first non-King dealt earlier to its own column."""
    order = list(order)
    kings = [i for i, card in enumerate(order) if card % 13 == KING]
    for i in kings:
        for j in range(i % columns, i, columns):
            if order[j] % 13 != KING:
                order[i], order[j] = order[j], order[i]
                break
    return order


@pytest.mark.parametrize("seed", range(1, 60))
def test_kings_lie_under_every_other_card(rules, seed):
    position = deal_seed(rules, seed)
    for p in rules.groups["tableau"]:
        ranks = [card % 13 for card in position.piles[p]]
        kings = ranks.count(KING)
        assert ranks[:kings] == [KING] * kings, (seed, rules.pile_names[p], ranks)


@pytest.mark.parametrize("seed", range(1, 30))
def test_the_deal_is_pysolfcs(rules, seed):
    order = seeded_order(rules, seed)
    ours = deal_by_order(rules, order)
    theirs = pysolfc_kings_to_bottom(order, 13)
    for column, p in enumerate(rules.groups["tableau"]):
        assert ours[p] == theirs[column::13]


@pytest.mark.parametrize("number", [1, 2, 3])
def test_pysol_deal_numbers_lay_out_pysol_cards_deal(rules, number):
    deal = parse_deal(f"pysol:{number}")
    layout = external_layout("bakers_dozen", deal)
    spec = GameSpec(variant="bakers-dozen", deal=str(deal))
    position = spec.start(spec.compile())
    assert [tuple(position.piles[p]) for p in rules.groups["tableau"]] == list(layout.piles)


def test_move_to_bottom_keeps_the_cards():
    pile = [c("2H"), c("KS"), c("5D"), c("KH")]
    move_to_bottom(pile, KING)
    assert pile == [c("KS"), c("KH"), c("5D"), c("2H")]


def test_one_card_down_regardless_of_suit_and_gaps_stay_empty(rules):
    position = position_of(rules, {"tableau:1": "9C 8H", "tableau:2": "7H", "tableau:4": "10D 9S"},
                           rest="tableau:5")
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves              # 7H on 8H: suit does not matter
    assert not any(dst == "tableau:3" for _src, dst, _n in moves)   # a gap takes nothing
    assert all(n == 1 for _src, _dst, n in moves)               # one card at a time
    assert ("tableau:1", "tableau:4", 1) in moves                # 8H on 9S
