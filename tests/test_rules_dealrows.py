"""Rows across several pile groups (a ``deal`` entry ``{across: [GROUPS or PILES], rows: N}``):
the deal lays the same cards in the same places as PySolFC's startGame for the same pack."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.deal import deal_by_order, dealt_pack
from conftest import pile, validate_refusal


def pysol_rows(rules, order, steps):
    """PySolFC's dealRow calls: ``steps`` lists the piles of each row; returns each pile's cards
    (bottom first) and the cards left, top first."""
    talon = list(order)
    held: dict[int, list[int]] = {}
    for row in steps:
        for name in row:
            held.setdefault(pile(rules, name), []).append(talon.pop(0))
    return held, talon


def dealt(rules):
    order = dealt_pack(rules)   # any fixed order will do: the places are what is compared
    return order, deal_by_order(rules, order)


def test_antares_deals_rows_across_both_groups_then_the_left_columns():
    rules = load_rules("antares")
    order, piles = dealt(rules)
    every = [f"thieves:{i}" for i in range(1, 5)] + [f"kings:{i}" for i in range(1, 5)]
    held, rest = pysol_rows(rules, order, [every] * 6 + [every[:4]])
    assert not rest
    for p, cards in held.items():
        assert piles[p] == cards, rules.pile_names[p]


def test_demons_and_thieves_deals_seven_rows_right_then_one_across_all_nine():
    rules = load_rules("demons-and-thieves")
    order, piles = dealt(rules)
    right = [f"thieves:{i}" for i in range(1, 6)]
    held, rest = pysol_rows(rules, order, [right] * 7 + [[f"demons:{i}" for i in range(1, 5)] + right])
    for p, cards in held.items():
        assert piles[p] == cards, rules.pile_names[p]
    base, reserve, waste = rest[0], rest[1:14], rest[14]
    assert any(piles[f] == [base] for f in rules.foundations)
    assert piles[pile(rules, "reserve:1")] == reserve
    assert piles[rules.waste] == [waste]


def test_juvenile_gives_the_first_column_two_cards_before_the_rows():
    rules = load_rules("juvenile")
    order, piles = dealt(rules)
    columns = [f"tableau:{i}" for i in range(1, 18)]
    held, rest = pysol_rows(rules, order, [["tableau:1"]] * 2 + [columns] * 6)
    assert not rest and piles[pile(rules, "tableau:18")] == []
    for p, cards in held.items():
        assert piles[p] == cards, rules.pile_names[p]


BASE = """name: rows-test
title: Rows test
decks: 1
piles:
  left: {kind: tableau, count: 2, cards: 3, build: {rank: down, suit: any}}
  right: {kind: tableau, count: 2, cards: 2, build: {rank: down, suit: any}}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
"""


def test_rows_dealt_in_part_leave_the_rest_to_a_later_entry(tmp_path):
    from conftest import rules_from_text
    rules = rules_from_text(tmp_path, BASE + "deal: [{across: left, rows: 1}, {across: [right, left]}]\n")
    assert [rules.pile_names[p] for p in rules.deal_targets] == [
        "left:1", "left:2", "right:1", "right:2", "left:1", "left:2", "right:1", "right:2", "left:1", "left:2"]
    assert [rules.pile_names[p] for p in rules.deal_piles] == ["left:1", "left:2", "right:1", "right:2"]


def test_a_pile_dealt_only_part_of_its_cards_is_refused(tmp_path):
    out = validate_refusal(tmp_path, BASE + "deal: [{across: left, rows: 2}, right]\n")
    assert "left:1 is dealt 2 of its 3 cards" in out


def test_more_rows_than_the_piles_take_are_refused(tmp_path):
    out = validate_refusal(tmp_path, BASE + "deal: [{across: [left, right], rows: 4}]\n")
    assert "deal" in out and "4 rows" in out and "at most 3" in out


def test_unknown_groups_foundations_and_bad_fields_are_refused(tmp_path):
    assert "unknown pile or pile group 'lefts'" in validate_refusal(
        tmp_path, BASE + "deal: [{across: [lefts, right]}, left]\n")
    assert "foundation" in validate_refusal(tmp_path, BASE + "deal: [{across: [left, right, home]}]\n")
    assert "unknown field" in validate_refusal(tmp_path, BASE + "deal: [{across: [left, right], row: 2}]\n")
    assert "deal" in validate_refusal(tmp_path, BASE + "deal: [{across: left, rows: 0}, right]\n")


def test_a_group_dealt_pile_by_pile_cannot_join_rows(tmp_path):
    text = BASE.replace("cards: 3,", "cards: 3, deal_by: pile,") + "deal: [{across: [left, right]}]\n"
    assert "'left' is dealt by pile" in validate_refusal(tmp_path, text)
