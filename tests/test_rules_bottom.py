"""A pile that builds only while its bottom card is of a given rank (``bottom:``, PySolFC's
PictureGallery_TableauStack): a wrong card dealt there blocks the pile until it moves away."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.legal import accepts
from patience_core.solver.solve import solve_position
from conftest import c, pile, pile_moves_named, position_of, refusal, run_cli, validate_refusal


def test_a_wrong_bottom_card_blocks_the_pile():
    rules = load_rules("picture-gallery")
    position = position_of(rules, {"fours:1": "4S", "rows:1": "7S"}, rest="stock")
    assert accepts(position, pile(rules, "fours:1"), c("7S"), 1, pile(rules, "rows:1"))
    wrong = position_of(rules, {"fours:1": "AS", "rows:1": "4S"}, rest="stock")
    # 4S follows AS up by three in suit, but the bottom card is an A, not a 4
    assert rules.piles[pile(rules, "fours:1")].build.follows(c("AS"), c("4S"))
    assert not accepts(wrong, pile(rules, "fours:1"), c("4S"), 1, pile(rules, "rows:1"))
    assert ("rows:1", "fours:1", 1) not in pile_moves_named(wrong)
    assert ("rows:1", "fours:1", 1) in pile_moves_named(position)


def test_the_gap_takes_the_base_and_the_pile_builds_again():
    rules = load_rules("picture-gallery")
    position = position_of(rules, {"fours:1": "AS", "rows:1": "4S", "rows:2": "7S"}, rest="stock")
    assert ("rows:2", "fours:1", 1) not in pile_moves_named(position)
    # the Ace goes, the gap takes the 4, then the 7 builds on it
    (remove,) = [m for m in position.legal_moves() if m.src == pile(rules, "fours:1") and m.card == c("AS")]
    position.apply(remove)
    assert ("rows:1", "fours:1", 1) in pile_moves_named(position)
    position.apply(next(m for m in position.legal_moves()
                        if m.src == pile(rules, "rows:1") and m.dst == pile(rules, "fours:1")))
    assert ("rows:2", "fours:1", 1) in pile_moves_named(position)


def test_the_refusal_and_show_say_why():
    rules = load_rules("picture-gallery")
    position = position_of(rules, {"fours:1": "AS", "rows:1": "4S"}, rest="stock")
    assert refusal(position, "4S", "rows:1", "fours:1") == \
        ": fours:1 builds only while its bottom card is a 4; AS must move away first"
    code, out, _ = run_cli("show", "picture-gallery")
    assert code == 0 and "only while its bottom card is a 4 (another card there blocks the pile" in out


def test_the_compiled_search_leaves_it_to_the_exhaustive_one():
    assert solve_position(deal_seed(load_rules("picture-gallery"), 1), max_positions=300).search == "exhaustive"


def test_bottom_needs_a_build_rule_and_a_rank(tmp_path):
    base = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 1, %s}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""
    out = validate_refusal(tmp_path, base % "bottom: 4")
    assert "bottom" in out and "expected a build: rule" in out
    out = validate_refusal(tmp_path, base % "build: {rank: down}, bottom: X")
    assert "bottom" in out
