"""A gap filled with several cards at once (``fill: {from: SOURCES, cards: N}``): the cards are
taken one at a time, each from the first source then holding one, so fewer come when the
sources run out (PySolFC's GreatWheel.fillStack, 397: four from the waste, the stock turned
onto it as needed; Greater Wheel 782: six; Carousel 962; Chelicera.fillStack, 344: three from
the stock)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.solve import solve_position
from conftest import (assert_rebuilt_agrees, pile, pile_cards, played_and_undone, position_of,
                      rules_from_text, run_cli, validate_refusal)


def _up_from(position, name):
    rules = position.rules
    return next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, name))


def test_a_wheel_gap_takes_four_cards_from_the_waste_then_the_stock_and_the_waste_is_turned_again():
    rules = load_rules("great-wheel")
    position = position_of(rules, {"tableau:1": "3H", "tableau:2": "8S", "waste": "5C 6C",
                                   "stock": "7C 8C 9C"})
    key, piles = position.key(), [list(p) for p in position.piles]
    position.apply(_up_from(position, "tableau:1"))
    # the waste top first (so at the bottom), then the next, then the stock's top cards
    assert pile_cards(position, "tableau:1") == ["6C", "5C", "9C", "8C"]
    assert pile_cards(position, "waste") == ["7C"]   # the emptied waste takes the next stock card
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == key and position.piles == piles


def test_a_gap_takes_what_is_left_when_the_sources_run_short():
    rules = load_rules("chelicera")
    position = position_of(rules, {"tableau:1": "KH QH", "tableau:2": "4S", "tableau:3": "5S",
                                   "stock": "9D 10D"}, rest=None)
    # the whole pack is not needed: two stock cards only
    key = position.key()
    move = next(m for m in position.legal_moves() if m.src == pile(rules, "tableau:2")
                and m.dst == pile(rules, "tableau:3"))
    position.apply(move)
    assert pile_cards(position, "tableau:2") == ["10D", "9D"] and pile_cards(position, "stock") == []
    position.undo()
    assert position.key() == key


def test_chelicera_deals_three_stock_cards_onto_a_gap_and_a_gap_takes_a_king_once_the_stock_is_out():
    rules = load_rules("chelicera")
    position = position_of(rules, {"tableau:1": "KH QH", "tableau:2": "JH", "tableau:3": "4S",
                                   "tableau:4": "5S", "stock": "2D 3D 4D"}, rest=None)
    position.apply(next(m for m in position.legal_moves() if m.src == pile(rules, "tableau:2")))
    # the stock's top card first, so at the bottom
    assert pile_cards(position, "tableau:2") == ["4D", "3D", "2D"] and pile_cards(position, "stock") == []
    # the stock is out: the next gap stays, and takes only a King
    position.apply(next(m for m in position.legal_moves() if m.src == pile(rules, "tableau:3")
                        and m.dst == pile(rules, "tableau:4")))
    assert pile_cards(position, "tableau:3") == []
    takers = {rules.pile_names[m.src] for m in position.legal_moves() if m.dst == pile(rules, "tableau:3")}
    assert takers == {"tableau:1"}   # the run from the King, not the 4 and 5 of spades


def test_random_play_keeps_the_pack_and_undoes_exactly():
    for name, seed in (("great-wheel", 1), ("carousel", 2), ("chelicera", 3)):
        rng = random.Random(seed)
        played_and_undone(load_rules(name), seed, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_and_the_board_say_how_many_cards_fill_a_gap():
    code, out, _ = run_cli("show", "greater-wheel")
    assert code == 0 and ("a gap is filled at once with 6 cards, one at a time, each from the waste, else the "
                          "stock") in " ".join(out.split())
    code, out, _ = run_cli("play", "chelicera", "--seed", "1", "--line", stdin="quit\ny\n")
    assert code == 0 and "gaps filled with 3 cards from stock, then a gap takes a K" in " ".join(out.split())


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("great-wheel"), 1), max_positions=200).search == "exhaustive"


def test_a_family_game_with_several_fill_cards_leaves_the_family_engine(tmp_path):
    plain = load_rules("royal-cotillion")
    assert plain.foundation_only
    rules = rules_from_text(tmp_path, "extends: royal-cotillion\nname: cousin\n"
                                      "piles: {right: {fill: {from: [waste, stock], cards: 2}}}\n")
    assert not rules.foundation_only


def test_cards_with_when_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: elevens-too\nname: bad\n"
                                     "piles: {grid: {fill: {from: [stock], when: {empty: court}, cards: 2}}}\n")
    assert "fill.cards: a gap waiting for a state takes one card" in out


def test_more_cards_than_the_pile_holds_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: royal-cotillion\nname: bad\n"
                                     "piles: {right: {max: 1, fill: {from: [waste, stock], cards: 2}}}\n")
    assert "fill.cards: a gap takes 2 cards, and the pile holds at most 1" in out
