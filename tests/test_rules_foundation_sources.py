"""Foundations that take cards only from some piles (``takes_from`` on a foundation group,
PySolFC's BritishConstitution_Foundation: only from the top row)."""
from __future__ import annotations

from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.solve import solve_position
from patience_core.variants.catalog import load_rules
from conftest import position_of, run_cli, validate_refusal


def _homeward(position):
    return {(position.rules.pile_names[m.src], m.card) for m in position.legal_moves() if m.kind is TO_FOUNDATION}


def test_only_the_top_row_feeds_the_foundations():
    rules = load_rules("british-constitution")
    position = position_of(rules, {"row1:1": "2C", "row2:1": "2D", "waste": "2H"},
                           foundations={"foundation:1": "AC", "foundation:2": "AD", "foundation:3": "AH"})
    assert {name for name, _ in _homeward(position)} == {"row1:1"}


def test_show_and_the_line_game_say_where_cards_come_from():
    code, out, _ = run_cli("show", "british-constitution")
    assert code == 0 and "they take cards only from row1" in " ".join(out.split())


def test_the_compiled_search_leaves_it_to_the_exhaustive_one():
    rules = load_rules("british-constitution")
    position = position_of(rules, {"row1:1": "2C"}, foundations={"foundation:1": "AC"})
    assert solve_position(position, max_positions=200).search == "exhaustive"


def test_an_unknown_source_is_refused(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any}, empty: any}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4, takes_from: [tablau]}
deal: [tableau]
""")
    assert "foundations.home.takes_from" in text and "tableau" in text
