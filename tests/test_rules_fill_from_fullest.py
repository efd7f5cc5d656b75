"""Gaps filled at once from the fullest pile of a source group (``fill_from: fullest``): Gate and
Little Gate, PySolFC's Gate.fillStack (the reserve with more cards, the first on a tie, else the waste)."""
from __future__ import annotations

from patience_core.variants.catalog import load_rules
from conftest import move, pile_cards, position_of, run_cli, validate_refusal


def _emptied(reserves: dict[str, str], waste: str = "9C"):
    rules = load_rules("gate")
    layout = {"tableau:1": "AS", "waste": waste, **reserves}
    layout.update({f"tableau:{i}": card for i, card in zip(range(2, 9), "KH QH JH KD QD JD 10D".split())})
    position = position_of(rules, layout)
    before = position.key()
    position.apply(move(rules, "AS", "tableau:1", "foundation:1"))
    return rules, position, before


def test_the_reserve_with_more_cards_fills_the_gap():
    rules, position, before = _emptied({"reserve:1": "2S 3S", "reserve:2": "4H 5H 6H"})
    assert pile_cards(position, "tableau:1") == ["6H"] and pile_cards(position, "reserve:1") == ["2S", "3S"]
    position.undo()
    assert position.key() == before


def test_the_first_reserve_fills_on_a_tie():
    _, position, _ = _emptied({"reserve:1": "2S 3S", "reserve:2": "5H 6H"})
    assert pile_cards(position, "tableau:1") == ["3S"]


def test_an_empty_first_reserve_gives_way_to_the_second_then_the_waste():
    _, position, _ = _emptied({"reserve:1": "", "reserve:2": "6H"})
    assert pile_cards(position, "tableau:1") == ["6H"]
    _, position, _ = _emptied({"reserve:1": "", "reserve:2": ""})
    assert pile_cards(position, "tableau:1") == ["9C"]


def test_show_says_which_reserve_fills():
    code, out, _ = run_cli("show", "little-gate")
    assert code == 0 and "filled at once from the fuller of reserve:1 and reserve:2 (reserve:1 on a tie), else the waste" in out


def test_the_compiled_search_leaves_it_to_the_exhaustive_one():
    from patience_core.solver.general.search import _unknown_rule
    assert "fill_from: fullest" in _unknown_rule(load_rules("gate"))


_GAME = """
name: x
title: X
decks: 1
piles:
  reserve: {kind: reserve, count: %d, cards: 5}
  tableau: {kind: tableau, count: 4, cards: 1, build: {rank: down, suit: alternate}, empty: any, %s}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [reserve, tableau]
"""


def test_fullest_needs_a_fill(tmp_path):
    text = validate_refusal(tmp_path, _GAME % (2, "fill_from: fullest"))
    assert "piles.tableau.fill_from" in text and "never filled" in text


def test_fullest_needs_a_group_of_several_piles(tmp_path):
    text = validate_refusal(tmp_path, _GAME % (1, "fill: [reserve, waste], fill_from: fullest"))
    assert "piles.tableau.fill_from" in text and "every source here is one pile" in text
