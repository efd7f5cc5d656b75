"""Foundations that take a set of cards at once from the top of a column (``takes: {cards: N}``):
Beehive (PySolFC 789) sends four cards of a rank to one of thirteen piles; Simplex (436) sends
them to its single pile, whatever rank went before (``rank: same`` inside the set)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import TO_FOUNDATION
from conftest import c, pile, position_of, run_cli, validate_refusal


def _sets_up(position):
    rules = position.rules
    return sorted((rules.pile_names[m.src], m.count) for m in position.legal_moves() if m.kind is TO_FOUNDATION)


def test_four_of_a_rank_on_top_of_a_column_go_up_together_and_nothing_less():
    rules = load_rules("simplex")
    position = position_of(rules, {"tableau:1": "2C 7H 7S 7D 7C", "tableau:2": "9H 9S 9D",
                                   "tableau:3": "KH KS KD KC"}, rest="stock")
    assert _sets_up(position) == [("tableau:1", 4), ("tableau:3", 4)]
    move = next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, "tableau:1"))
    before = position.key()
    position.apply(move)
    assert position.piles[pile(rules, "tableau:1")] == [c("2C")]
    assert len(position.piles[pile(rules, "foundation:1")]) == 4
    assert _sets_up(position) == [("tableau:3", 4)]   # the Kings may follow the Sevens
    position.undo()
    assert position.key() == before


def test_beehive_offers_one_of_its_identical_empty_piles():
    rules = load_rules("beehive")
    position = position_of(rules, {"tableau:1": "5H 5S 5D 5C"}, rest="stock")
    assert _sets_up(position) == [("tableau:1", 4)]


def test_show_and_a_set_that_does_not_divide_the_pile_is_refused(tmp_path):
    code, out, _ = run_cli("show", "simplex")
    assert code == 0 and "each takes 4 cards at once from the top of a column, of one rank, 52 cards in all" in out
    assert "expected a build rule and a length that is a multiple of 3" in validate_refusal(
        tmp_path, "extends: beehive\nname: bad\nfoundations: {home: {takes: {cards: 3}}}\n")
