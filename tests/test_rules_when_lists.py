"""A pile's build rule that waits for several states at once (``when: [A, B]``, every one must
hold: PySolFC's Intrigue_RowStack takes a card only once the stock is used up and only while
the column holds its Queen alone), and Laggard Lady's foundations waiting on their column."""
from __future__ import annotations

from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import pile, position_of, validate_refusal


def _onto(position, name):
    dst = pile(position.rules, name)
    return [m for m in position.legal_moves() if m.kind is BETWEEN_PILES and m.dst == dst]


def test_a_lone_queen_takes_a_card_only_once_the_stock_is_used_up():
    rules = load_rules("intrigue")
    layout = {"tableau:1": "QS", "tableau:2": "QH 9C"}
    waiting = position_of(rules, layout, rest="stock")
    assert not _onto(waiting, "tableau:1")
    done = position_of(rules, layout, rest="tableau:3")
    assert [m.card for m in _onto(done, "tableau:1")]   # 9C, or a card from tableau:3
    assert not _onto(done, "tableau:2")                  # it holds more than its Queen


def test_laggard_ladys_foundation_waits_for_its_column():
    rules = load_rules("laggard-lady")
    layout = {"tableau:1": "QS 6D", "tableau:2": "", "tableau:3": "QH 6C"}
    position = position_of(rules, layout, rest="stock")
    homes = {(position.rules.pile_names[m.src], position.rules.pile_names[m.dst])
             for m in position.legal_moves() if m.kind is TO_FOUNDATION}
    assert ("tableau:1", "foundation:1") in homes and ("tableau:1", "foundation:2") not in homes
    assert ("tableau:3", "foundation:3") in homes and ("tableau:3", "foundation:2") not in homes


def test_a_list_of_one_is_refused(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any, when: [{empty: stock}]}, empty: any}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
""")
    assert "piles.tableau.build" in text
