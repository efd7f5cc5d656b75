"""Build rules joined by "or" (``build: {..., or: RULE}``: either rule takes the card) and runs
by one of several rules all the way (``run: [A, B]``): PySolFC's Curds and Whey family
(curdsandwhey.py) and Dimensions (osmosis.py)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.agents.safe import is_safe
from patience_core.model.legal import accepts
from patience_core.model.moves import TO_FOUNDATION, Move
from patience_core.solver.solve import solve_position
from conftest import (all_face_up, assert_rebuilt_agrees, c, pile, pile_moves_named, play_random, position_of,
                      run_cli, validate_refusal)


def test_a_card_goes_down_in_suit_or_on_its_own_rank():
    rules = load_rules("curds-and-whey")
    position = all_face_up(position_of(rules, {"tableau:1": "8S", "tableau:2": "KD"}, rest="tableau:13"))
    eight = pile(rules, "tableau:1")
    assert accepts(position, eight, c("7S")) and accepts(position, eight, c("8H"))
    assert not accepts(position, eight, c("7H")) and not accepts(position, eight, c("9S"))


def test_a_run_moves_only_when_one_rule_orders_it_all_the_way():
    rules = load_rules("nordic")
    # 8S 7S 7H: each card fits the one below by the build, but the three are no run by one rule
    position = all_face_up(position_of(rules, {"tableau:1": "8S 7S 7H", "tableau:2": "7C", "tableau:3": "9S",
                                               "tableau:4": "8D"}, rest="tableau:10"))
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 2) in moves          # 7S 7H: one rank
    assert ("tableau:1", "tableau:3", 3) not in moves      # 8S 7S 7H onto 9S: never mixed
    position = all_face_up(position_of(rules, {"tableau:1": "7H 8S 7S", "tableau:3": "9S", "tableau:4": "8D"},
                                       rest="tableau:10"))
    assert ("tableau:1", "tableau:3", 2) in pile_moves_named(position)   # 8S 7S: in suit


def test_a_whole_pile_built_by_either_rule_moves_card_by_card():
    rules = load_rules("dumfries")   # alternate colours, the same rank or one lower; top card or whole pile
    position = all_face_up(position_of(rules, {"tableau:1": "8H 8C 7D", "tableau:2": "9S", "tableau:3": "9H"}))
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 3) in moves and ("tableau:1", "tableau:3", 3) not in moves
    assert ("tableau:1", "tableau:2", 2) not in moves    # never part of the pile


def test_a_foundation_built_by_either_rule():
    rules = load_rules("dimensions")
    first = rules.groups["foundation:home"][0]
    position = position_of(rules, {"waste": "5H", "foundation:1": "5S"}, rest="stock")
    assert c("5H") in [m.card for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.dst == first]
    for card, fits in (("9S", True), ("9H", False)):
        position = position_of(rules, {"waste": card, "foundation:1": "5S"}, rest="stock")
        taken = [m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.dst == first]
        assert bool(taken) == fits, card


def test_safe_play_waits_for_the_cards_the_second_rule_lets_lie_on_it():
    rules = load_rules("dumfries")
    # every suit is up to its Four, and nothing lies on 5H by "one rank lower" (the black Fours
    # are home); but 5S and 5C may still lie on it by "the same rank", so it is not safe yet
    position = all_face_up(position_of(rules, {"tableau:1": "5H", "tableau:2": "5S", "tableau:3": "5C"},
                                       foundations={"foundation:1": "4C", "foundation:3": "4H",
                                                    "foundation:4": "4S", "foundation:2": "4D"}))
    up = Move(TO_FOUNDATION, pile(rules, "tableau:1"), pile(rules, "foundation:3"), c("5H"))
    assert position.is_legal(up) and not is_safe(position, up)


def test_moves_undo_exactly():
    for name in ("curds-and-whey", "dumfries", "dimensions"):
        position = deal_seed(load_rules(name), 3)
        before = position.key()
        played = play_random(position, range(7, 400, 13), assert_rebuilt_agrees)
        for _ in range(played):
            position.undo()
        assert position.key() == before, name


def test_show_and_solve():
    code, out, _ = run_cli("show", "curds-and-whey")
    text = " ".join(out.split())
    assert code == 0 and "built down in suit, or on the same rank regardless of suit" in text
    assert "(one rule all along, never mixed)" in text
    for name in ("curds-and-whey", "dimensions"):
        assert solve_position(deal_seed(load_rules(name), 1), max_positions=200).search == "exhaustive"


BAD = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, moves: card, build: %s}
foundations: {home: {base: A, length: 13, count: 4}}
deal: [tableau]
"""


def test_or_with_keep_direction_is_refused(tmp_path):
    text = BAD % "{rank: either, keep_direction: true, or: {rank: same}}"
    assert "expected no or: with keep_direction" in validate_refusal(tmp_path, text)


def test_or_goes_two_levels_deep(tmp_path):
    # an or inside an or says three rules (Sticko's foundation); a third level is refused
    text = BAD % "{rank: down, or: {rank: same, or: {rank: up, or: {rank: any}}}}"
    said = validate_refusal(tmp_path, text)
    assert "bad.yaml:5:" in said and "field piles.tableau.build" in said
