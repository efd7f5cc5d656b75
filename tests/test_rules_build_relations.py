"""Build rules by a cycle of suits, a rank total and a step per suit: Following (``suit: [S, H, C,
D]``, PySolFC's Following.inSuitSequence), Eiffel Tower (``total: 14``, EiffelTower_RowStack) and
Abacus (``step: {C: 1, S: 2, H: 3, D: 4}``, Abacus_RowStack: the top card's suit sets the step);
and ranks a rule closes: Dead King Golf (``nothing_on: K``, Golf_Waste's strictness) and Swiss
Patience (``never_put: A``, SwissPatience_RowStack)."""
from __future__ import annotations

import random

import pytest

from patience_core.model.deal import seeded_order, start_position
from patience_core.model.specs import BuildRule
from patience_core.solver.general import search as general
from patience_core.variants.catalog import load_rules
from conftest import all_face_up, assert_random_play_consistent, c, pile, pile_moves_named, position_of, run_cli, \
    validate_refusal


def test_a_suit_cycle_takes_only_the_next_suit():
    rule = BuildRule(rank="down", suit="cycle", cycle=(3, 2, 0, 1))   # S H C D
    assert rule.follows(c("6S"), c("5H")) and rule.follows(c("6D"), c("5S"))
    assert not rule.follows(c("6S"), c("5C")) and not rule.follows(c("6H"), c("5S"))
    assert not rule.follows(c("6S"), c("5D")) and not rule.follows(c("6S"), c("5S"))


def test_following_columns_and_foundations_follow_the_cycle():
    rules = load_rules("following")
    position = position_of(rules, {"tableau:1": "6S", "tableau:2": "5H", "tableau:3": "5C", "tableau:4": "5D",
                                   "tableau:5": "2H", "tableau:6": "2D", "foundation:4": "AS"})   # the spade pile
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves
    assert ("tableau:3", "tableau:1", 1) not in moves and ("tableau:4", "tableau:1", 1) not in moves
    homes = {(rules.pile_names[m.src], m.card) for m in position.legal_moves() if m.dst == pile(rules, "foundation:4")}
    assert ("tableau:5", c("2H")) in homes and ("tableau:6", c("2D")) not in homes


def test_a_rank_total_takes_the_ranks_that_make_it():
    rule = BuildRule(rank="total", total=14)
    assert rule.follows(c("KS"), c("AH")) and rule.follows(c("7C"), c("7D")) and rule.follows(c("QD"), c("2C"))
    assert not rule.follows(c("KS"), c("2H")) and not rule.follows(c("7C"), c("6D"))


def test_eiffel_tower_takes_the_waste_card_that_makes_fourteen_and_keeps_it():
    rules = load_rules("eiffel-tower")
    fillers = [f"{rank}{suit}" for rank in "2345689" for suit in "CDHS"]   # none makes 14 with an A or a 7
    tower = {f"tower:{i}": fillers[i] for i in range(1, 21)}
    tower["tower:1"], tower["tower:2"] = "KS", "7H"
    position = position_of(rules, {**tower, "waste": "AD"})
    targets = {rules.pile_names[m.dst] for m in position.legal_moves() if m.src == rules.waste}
    assert targets == {"tower:1"}
    position = position_of(rules, {**tower, "waste": "7D"})
    position.apply(next(m for m in position.legal_moves() if m.src == rules.waste))
    assert position.piles[pile(rules, "tower:2")][-1] == c("7D")
    assert all(m.src == rules.stock for m in position.legal_moves())   # nothing leaves the tower


def test_a_step_per_suit_is_the_top_cards():
    rule = BuildRule(rank="down", suit="same", wrap=True, suit_steps=(1, 4, 3, 2))   # C D H S
    assert rule.follows(c("9C"), c("8C")) and rule.follows(c("9S"), c("7S")) and rule.follows(c("9H"), c("6H"))
    assert rule.follows(c("2D"), c("JD")) and rule.follows(c("AS"), c("QS"))   # wrapping past the Ace
    assert not rule.follows(c("9S"), c("8S")) and not rule.follows(c("9C"), c("7C"))


def test_abacus_columns_build_by_their_suits_step():
    rules = load_rules("abacus")
    position = position_of(rules, {"tableau:1": "9S", "tableau:2": "7S", "tableau:3": "8S", "tableau:4": "8C",
                                   "tableau:5": "9C", "tableau:6": "5D", "tableau:7": "9D"},
                           foundations={"foundation:1": "AC", "foundation:2": "2S", "foundation:3": "3H",
                                        "foundation:4": "4D"})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves and ("tableau:3", "tableau:1", 1) not in moves
    assert ("tableau:4", "tableau:5", 1) in moves and ("tableau:6", "tableau:7", 1) in moves


@pytest.mark.parametrize("name", ["following", "abacus", "eiffel-tower", "swiss-patience", "dead-king-golf"])
def test_random_play_rebuilds_and_undoes(name):
    assert_random_play_consistent(load_rules(name), seeds=(1,), steps=80)


@pytest.mark.skipif(not general.available(), reason="the compiled search is not built")
@pytest.mark.parametrize("name", ["following", "abacus", "swiss-patience", "dead-king-golf"])
def test_the_compiled_search_lists_the_engines_moves(name):
    rules = load_rules(name)
    assert general.unsupported(start_position(rules, seeded_order(rules, 1))) is None
    for seed in (1, 2):
        rng = random.Random(seed)
        position = start_position(rules, seeded_order(rules, seed))
        for step in range(100):
            engine = position.legal_moves()
            assert general.legal_moves(position) == engine, f"{name} seed {seed} step {step}"
            if not engine:
                break
            position.apply(rng.choice(engine))


def test_show_says_the_rules():
    assert "following the suits S → H → C → D → S" in run_cli("show", "following")[1]
    assert "adding up to 14" in run_cli("show", "eiffel-tower")[1]
    assert "by 1 on a club, 2 on a spade, 3 on a heart, 4 on a diamond" in run_cli("show", "abacus")[1]


_BASE = """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 4, build: BUILD}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


def test_a_total_with_a_rank_relation_is_refused(tmp_path):
    text = validate_refusal(tmp_path, _BASE.replace("BUILD", "{total: 14, rank: down}"))
    assert "piles.tableau.build.rank" in text and "total: 14" in text


def test_a_cycle_naming_a_suit_twice_is_refused(tmp_path):
    text = validate_refusal(tmp_path, _BASE.replace("BUILD", "{rank: down, suit: [S, H, s]}"))
    assert "piles.tableau.build.suit" in text and "distinct" in text


def test_a_step_per_suit_needs_every_suit(tmp_path):
    text = validate_refusal(tmp_path, _BASE.replace("BUILD", "{rank: down, step: {C: 1, S: 2}}"))
    assert "step" in text


def test_dead_king_golf_takes_nothing_on_a_king_but_the_stocks_card():
    rules = load_rules("dead-king-golf")
    position = position_of(rules, {"tableau:1": "QS", "tableau:2": "AH", "foundation:1": "KD"})
    assert not [m for m in position.legal_moves() if m.dst == pile(rules, "foundation:1") and m.src != rules.stock]
    assert any(m.src == rules.stock for m in position.legal_moves())
    position = position_of(rules, {"tableau:1": "KS", "foundation:1": "QD"})
    assert any(m.card == c("KS") for m in position.legal_moves())   # a King still goes on a Queen


def test_swiss_patience_puts_an_ace_only_into_a_gap_but_moves_a_dealt_two_ace_run():
    rules = load_rules("swiss-patience")
    position = all_face_up(position_of(rules, {"tableau:1": "2H", "tableau:2": "AS", "tableau:3": "KC", "tableau:4": "AD",
                                   "tableau:5": "3H", "tableau:6": "2C AH", "tableau:7": "", "tableau:8": "9S",
                                   "tableau:9": "8D"}))
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) not in moves and ("tableau:2", "tableau:7", 1) in moves
    assert ("tableau:3", "tableau:4", 1) in moves   # a King on an Ace
    assert ("tableau:6", "tableau:5", 2) in moves   # 2C with the Ace the stock dealt on it


def test_nothing_on_and_never_put_take_ranks(tmp_path):
    text = validate_refusal(tmp_path, _BASE.replace("BUILD", "{rank: down, nothing_on: Z}"))
    assert "piles.tableau.build" in text and "Traceback" not in text
