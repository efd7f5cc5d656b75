"""A group dealt by suit (``deal_by: {suit: [...]}``): every card the deal has left goes onto
the pile of its suit, in pack order (PySolFC's FourColours.dealOne)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.model.deal import deal_by_order, seeded_order
from conftest import assert_random_play_consistent, cs, names, pile, run_cli, validate_refusal

FOUR_COLOURS = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 7, cards: 0, deal_by: {suit: [C, S, H, D]}, build: {rank: down, suit: alternate}}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


def _four_colours_pysol(order: list[int]) -> list[list[int]]:
    """PySolFC's FourColours.startGame on our pack (top card first): the talon's top card goes
    to rows[suit], PySolFC's suits numbered clubs, spades, hearts, diamonds."""
    pysol_suit = {"C": 0, "S": 1, "H": 2, "D": 3}
    talon = list(reversed(order))   # PySolFC's talon: its top is the list's end
    rows: list[list[int]] = [[] for _ in range(7)]
    while talon:
        card = talon.pop()
        rows[pysol_suit["CDHS"[card // 13]]].append(card)
    return rows


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
def test_four_colours_deals_as_pysolfc(seed):
    rules = load_rules("four-colours")
    order = seeded_order(rules, seed)
    piles = deal_by_order(rules, order)
    assert [piles[p] for p in rules.groups["tableau"]] == _four_colours_pysol(order)
    assert piles[rules.stock] == []


def test_each_card_goes_to_its_suit_column_in_pack_order():
    rules = load_rules("four-colours")
    head = cs("KH 2C 9S 3H QD")
    order = head + [card for card in rules.pack if card not in head]
    piles = deal_by_order(rules, order)
    column = {i + 1: names(piles[pile(rules, f"tableau:{i + 1}")]) for i in range(7)}
    assert column[1][:1] == ["2C"] and column[2][:1] == ["9S"] and column[3][:2] == ["KH", "3H"]
    assert column[4][:1] == ["QD"] and column[5] == column[6] == column[7] == []
    assert all(len(column[i]) == 13 for i in range(1, 5))


def test_play_stays_consistent():
    assert_random_play_consistent(load_rules("four-colours"))


def test_show_says_which_pile_takes_which_suit():
    code, out, _ = run_cli("show", "four-colours")
    assert code == 0
    assert "Deal: tableau, every card left, each onto the pile of its suit (C on 1, S on 2, H on 3, D on 4)" in out


@pytest.mark.parametrize("change, words", [
    ("deal_by: {suit: [C, S, H, D]}", None),
    ("deal_by: {suit: [C, S, H]}", "no pile takes D"),
    ("deal_by: {suit: [C, S, C, D]}", "C is listed twice"),
    ("deal_by: {suit: [C, S, H, X]}", "field piles.tableau.deal_by"),   # the schema's
    ("deal_by: {suit: [C, S, H, D, C]}", "field piles.tableau.deal_by"),
])
def test_refusals_of_the_suit_list(tmp_path, change, words):
    text = FOUR_COLOURS.replace("deal_by: {suit: [C, S, H, D]}", change)
    if words is None:
        (tmp_path / "good.yaml").write_text(text)
        assert run_cli("validate", str(tmp_path / "good.yaml"))[0] == 0
    else:
        assert words in validate_refusal(tmp_path, text)


def test_more_suits_than_piles_are_refused(tmp_path):
    text = FOUR_COLOURS.replace("count: 7", "count: 3")
    assert "4 suits for 3 piles" in validate_refusal(tmp_path, text)


def test_a_group_dealt_cards_too_or_not_last_or_with_a_stock_deal_is_refused(tmp_path):
    assert "expected cards: 0" in validate_refusal(tmp_path, FOUR_COLOURS.replace("cards: 0", "cards: 2"))
    text = FOUR_COLOURS.replace("foundations:", "  cells: {kind: cell, title: C, count: 2, cards: 1}\nfoundations:")
    assert "expected the group last in deal" in validate_refusal(
        tmp_path, text.replace("deal: [tableau]", "deal: [tableau, cells]"))
    assert "expected the group last in deal" in validate_refusal(tmp_path, FOUR_COLOURS + "stock: {deal: tableau}\n")
    assert "deal_to_foundations" in validate_refusal(tmp_path, FOUR_COLOURS + "deal_to_foundations: true\n")
