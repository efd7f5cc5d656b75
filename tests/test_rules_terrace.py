"""The Terrace family (PySolFC's terrace.py): the game opens with a card from the tableau
(``opening_card``), whose rank is every foundation's base (``base: first`` with a build rule);
that move deals the empty rows and turns the first waste card; the waste is refilled from the
stock the moment it empties (``waste: {fill: [stock]}``); Blondes and Brunettes' dealt base
card goes onto a pile of its suit (``base: deal`` with a build rule)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION, TURN, Move
from patience_core.solver.solve import solve_position
from conftest import (assert_derived_state, assert_rebuilt_agrees, c, crafted_deal, foundation_moves_named,
                      move, names, pile_cards, validate_refusal)

OPENING = {"tableau:1": "5S", "tableau:2": "9H", "tableau:3": "KC", "tableau:4": "2D"}
RESERVE = "QH JD 10S 9D 8S 7D 6S 5D 4S 3D"


def _deal(name: str, top: str = "6H", stock: str = "3C 4C 6C 7C 8C 10C QC JC"):
    rules = load_rules(name)
    return rules, crafted_deal(rules, {**OPENING, "reserve:1": f"{RESERVE} {top}"}, stock=stock)


def test_the_game_opens_only_with_a_tableau_card_onto_a_foundation_of_its_suit():
    rules, position = _deal("terrace")
    assert foundation_moves_named(position) == {
        ("5S", "tableau:1", "foundation:4"), ("5S", "tableau:1", "foundation:8"),
        ("9H", "tableau:2", "foundation:3"), ("9H", "tableau:2", "foundation:7"),
        ("KC", "tableau:3", "foundation:1"), ("KC", "tableau:3", "foundation:5"),
        ("2D", "tableau:4", "foundation:2"), ("2D", "tableau:4", "foundation:6")}
    # nothing else: no stock turn, no move between piles, not the reserve's 6H onto a hearts pile
    assert len(position.legal_moves()) == 8
    assert not position.is_legal(Move(TURN, rules.stock, rules.waste, position.piles[rules.stock][-1]))


def test_the_opening_card_chooses_the_base_deals_the_gaps_and_turns_the_waste_and_undo_takes_it_all_back():
    rules, position = _deal("terrace")
    before = position.key()
    position.apply(move(rules, "9H", "tableau:2", "foundation:3"))
    # the emptied row and rows 5-9 get the next stock cards in row order, then one goes to the waste
    assert [pile_cards(position, f"tableau:{n}") for n in range(1, 10)] == [
        ["5S"], ["3C"], ["KC"], ["2D"], ["4C"], ["6C"], ["7C"], ["8C"], ["10C"]]
    assert pile_cards(position, "waste") == ["QC"]
    # every other pile now starts with a 9 of its suit; the 9H pile takes a black 10
    assert set(names(position.wanted(rules.pile_index("foundation:1")))) == {"9C"}
    assert set(names(position.wanted(rules.pile_index("foundation:3")))) == {"10C", "10S"}
    assert_derived_state(position)
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before
    assert_derived_state(position)


def test_after_the_opening_the_reserve_card_goes_only_to_a_foundation_of_its_suit():
    rules, position = _deal("terrace", top="5H")
    position.apply(move(rules, "5S", "tableau:1", "foundation:4"))
    ups = foundation_moves_named(position)
    assert {("5H", "reserve:1", "foundation:3"), ("5H", "reserve:1", "foundation:7")} <= ups
    assert ("5H", "reserve:1", "foundation:8") not in ups
    # tableau:6 holds a 6C the 5H would fit, but the reserve's cards go only to the foundations
    assert pile_cards(position, "tableau:6") == ["6C"]
    assert not any(m.src == rules.pile_index("reserve:1") and not rules.is_foundation[m.dst]
                   for m in position.legal_moves())


def test_the_foundations_build_up_in_alternating_colours_round_the_king():
    rules, position = _deal("terrace", top="AH")
    position.apply(move(rules, "KC", "tableau:3", "foundation:1"))
    home = rules.pile_index("foundation:1")
    assert set(names(position.wanted(home))) == {"AD", "AH"}
    position.apply(move(rules, "AH", "reserve:1", "foundation:1"))
    assert set(names(position.wanted(home))) == {"2C", "2S"}


def test_a_gap_takes_the_waste_card_and_the_emptied_waste_the_next_stock_card_all_undone_together():
    rules, position = _deal("terrace", stock="3C 4C 6C 7C 8C 10C QC JC 2S")
    position.apply(move(rules, "2D", "tableau:4", "foundation:2"))
    assert pile_cards(position, "tableau:4") == ["3C"] and pile_cards(position, "waste") == ["QC"]
    before = position.key()
    position.apply(move(rules, "3C", "tableau:4", "foundation:2"))
    assert pile_cards(position, "tableau:4") == ["QC"] and pile_cards(position, "waste") == ["JC"]
    assert_derived_state(position)
    position.undo()
    assert position.key() == before


def test_the_waste_card_played_turns_the_next_stock_card_at_once():
    rules, position = _deal("terrace", stock="3C 4C 6C 7C 8C 10C 3S JC")
    position.apply(move(rules, "2D", "tableau:4", "foundation:2"))
    before = position.key()
    position.apply(move(rules, "3S", "waste", "foundation:2"))
    assert pile_cards(position, "waste") == ["JC"]
    position.undo()
    assert position.key() == before


def test_signora_opens_with_any_of_nine_and_deals_only_the_emptied_row():
    rules = load_rules("signora")
    position = deal_seed(rules, 4)
    assert {src for _card, src, _dst in foundation_moves_named(position)} == {f"tableau:{n}" for n in range(1, 10)}
    first = position.legal_moves()[0]
    stock = len(position.piles[rules.stock])
    position.apply(first)
    assert len(position.piles[rules.stock]) == stock - 2 and len(position.piles[first.src]) == 1


def test_queen_of_italy_keeps_each_piles_first_card_and_fills_nothing_by_itself():
    rules, position = _deal("queen-of-italy")
    position.apply(move(rules, "5S", "tableau:1", "foundation:4"))
    home = rules.pile_index("foundation:4")
    assert not any(m.src == home for m in position.legal_moves())   # the opening card stays
    position.apply(move(rules, "6H", "reserve:1", "foundation:4"))
    assert position.is_legal(move(rules, "6H", "foundation:4", "tableau:7"))   # onto the 7C
    position.apply(move(rules, "9H", "tableau:2", "tableau:9"))             # onto the 10C
    assert pile_cards(position, "tableau:2") == [] and pile_cards(position, "waste") == ["QC"]


def test_blondes_and_brunettes_deal_the_base_onto_a_pile_of_its_suit():
    rules = load_rules("blondes-and-brunettes")
    position = crafted_deal(rules, {"foundation:1": "7H"})
    assert pile_cards(position, "foundation:3") == ["7H"] and pile_cards(position, "foundation:1") == []
    assert set(names(position.wanted(rules.pile_index("foundation:1")))) == {"7C"}
    assert set(names(position.wanted(rules.pile_index("foundation:3")))) == {"8C", "8S"}


def test_random_play_and_undo_keep_every_game_of_the_family_whole():
    for name in ("terrace", "queen-of-italy", "generals-patience", "blondes-and-brunettes", "wood"):
        rules = load_rules(name)
        for seed in (1, 2):
            rng = random.Random(seed)
            position = deal_seed(rules, seed)
            keys = []
            for _ in range(150):
                moves = position.legal_moves()
                if not moves:
                    break
                keys.append(position.key())
                position.apply(rng.choice(moves))
                assert position.card_count() == rules.n_cards
                assert_derived_state(position)
            assert_rebuilt_agrees(position)
            while keys:
                position.undo()
                assert position.key() == keys.pop()


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("terrace"), 2), max_positions=2000).search == "exhaustive"


BASE = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 1, build: {rank: down, suit: alternate}, empty: any}
foundations:
  home: {base: first, build: {rank: up, suit: alternate, wrap: true}, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


def test_an_opening_card_needs_foundations_that_start_empty(tmp_path):
    text = BASE.replace("base: first", "base: A, start: dealt") + "opening_card: {from: tableau}\n"
    assert "field opening_card: the game opens with the first card played to a foundation" in \
        validate_refusal(tmp_path, text)


def test_an_opening_card_refuses_a_foundation_card_that_could_come_back(tmp_path):
    text = BASE.replace("count: 4}\n", "count: 4, worry: true}\n") + "opening_card: {from: tableau}\n"
    assert "field foundations.home.worry: the opening card could leave the foundations" in \
        validate_refusal(tmp_path, text)


def test_an_opening_deal_names_known_groups(tmp_path):
    text = BASE + "opening_card: {from: tableau, deal: [tablaeu]}\n"
    assert "field opening_card.deal[0]: unknown pile group 'tablaeu' (did you mean 'tableau'?)" in \
        validate_refusal(tmp_path, text)


def test_a_waste_refilled_from_the_stock_needs_one_draw_for_every_pass(tmp_path):
    text = BASE + "waste: {fill: [stock]}\nstock: {redeals: 1, draw: [3, 1]}\n"
    assert "field waste.fill: turns one draw of the stock onto the waste whenever it empties" in \
        validate_refusal(tmp_path, text)


def test_a_built_foundation_from_the_deal_refuses_rank_dealt(tmp_path):
    text = BASE.replace("base: first", "base: deal, start: rank-dealt").replace("deal: [tableau]", "deal: [home, tableau]")
    assert "field foundations.home.start: rank-dealt sets out a sequence's bases" in validate_refusal(tmp_path, text)
