"""Foundations built by a rule from any first card whose bases the shuffle chooses
(``base: any`` with ``start: dealt``): PySolFC's Ants and Uintah shuffle hooks set out the
first card of each pile's suit in the shuffled pack before the deal."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.model.deal import deal_by_order, format_pack, parse_pack, start_position
from patience_core.solver.general import search as general
from patience_core.solver.solve import engine_search, solve_position
from conftest import c, cs, names, pile, run_cli, validate_refusal
from endings import endings


def _order(rules, head: str) -> list[int]:
    first = cs(head)
    return first + [card for card in rules.pack if card not in first]


def test_each_pile_gets_the_first_card_of_its_suit_and_the_rest_is_dealt_in_order():
    rules = load_rules("uintah")
    piles = deal_by_order(rules, _order(rules, "KH 2H 9S 4C 7D 3C"))
    assert [names(piles[f]) for f in rules.foundations] == [["4C"], ["7D"], ["KH"], ["9S"]]
    assert names(piles[rules.waste]) == ["2H", "3C", "AC"]       # the first three cards left
    assert len(piles[rules.stock]) == 45


def test_two_decks_take_the_first_two_of_each_suit_in_the_piles_suit_order():
    rules = load_rules("double-uintah")
    order = list(rules.pack)
    for card in cs("5C 8C"):
        order.remove(card)
    order = cs("5C 8C") + order
    piles = deal_by_order(rules, order)
    assert names(piles[rules.foundations[0]] + piles[rules.foundations[1]]) == ["5C", "8C"]
    assert sum(len(piles[f]) for f in rules.foundations) == 8 and len(piles[rules.stock]) == 93


def test_ants_builds_any_suit_either_way_from_the_set_out_base():
    rules = load_rules("ants")
    position = start_position(rules, _order(rules, "QC 3D 7H KS KH 10C 2S AD"))
    assert [names(position.piles[f]) for f in rules.foundations] == [["QC"], ["3D"], ["7H"], ["KS"]]
    assert names(position.piles[pile(rules, "tableau:1")]) == ["KH"]
    assert rules.foundations[0] in position.takers[c("KH")] and rules.foundations[3] in position.takers[c("AD")]
    assert parse_pack(format_pack(_order(rules, "QC")), rules) == _order(rules, "QC")   # the whole pack


def test_show_says_so_and_a_base_set_out_needs_a_rank_or_a_rule(tmp_path):
    code, out, _ = run_cli("show", "uintah")
    assert code == 0 and "each pile's base is set out before the deal: the first card of its suit" in out
    assert "or one built by a rule from any card, can have its base set out" in validate_refusal(
        tmp_path, "extends: chessboard\nname: bad\nfoundations: {home: {start: dealt}}\n")


@pytest.mark.skipif(not general.available(), reason="the compiled search is not built")
@pytest.mark.parametrize("name", ["ants", "uintah", "petal"])
def test_the_compiled_search_agrees_with_the_oracle(name):
    rules = load_rules(name)
    decided = 0
    for seed, rest in ((1, 6), (3, 8)):
        for position in endings(rules, seed, rest):
            oracle = engine_search(position, max_positions=20_000)
            if oracle.verdict == "unknown":
                continue
            pruned = solve_position(position)
            assert pruned.search == "pruned" and pruned.verdict == oracle.verdict, (name, seed, rest)
            decided += 1
    assert decided >= 2


def test_corners_sets_out_its_bases_then_deals_the_places_and_turns_one_card():
    rules = load_rules("corners")
    piles = deal_by_order(rules, _order(rules, "9H 2C 3C JD 4S 5S 6S 7S KH 8S"))
    assert [names(piles[f]) for f in rules.foundations] == [["2C"], ["JD"], ["9H"], ["4S"]]
    assert [names(piles[p]) for p in rules.groups["places"]] == [["3C"], ["5S"], ["6S"], ["7S"], ["KH"]]
    assert names(piles[rules.waste]) == ["8S"] and len(piles[rules.stock]) == 42


def test_corners_places_say_how_their_gaps_are_filled():
    code, out, _ = run_cli("show", "corners")
    assert code == 0 and ("Places (places:1..5): 5 free cells, each holding any one card; dealt 1, 1, 1, 1, 1 "
                          "cards; a gap is filled at once from the waste, else the stock.") in out
