"""Foundations that take a finished King-to-Ace run whose suits alternate in colour (PySolFC's
Spider_AC_Foundation: Scorpion Tail, Farmer's Wife) or are free (Spider_RK_Foundation: Tabby
Cat, Manx), not only one suit as Spider's."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import TO_FOUNDATION
from conftest import position_of

ALTERNATE = "KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH"
MIXED = "KH QH JS 10S 9H 8C 7H 6S 5D 4S 3H 2S AC"
ONE_SUIT = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"


def _run_moves(rules, column: str):
    position = position_of(rules, {"tableau:1": column}, rest="stock")
    position.down[rules.pile_index("tableau:1")] = 0   # the whole run face up
    return [m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.count == 13]


def test_alternating_colours_only_where_the_foundation_says_so():
    rules = load_rules("scorpion-tail")
    assert _run_moves(rules, ALTERNATE) and not _run_moves(rules, MIXED) and not _run_moves(rules, ONE_SUIT)


def test_any_suits_for_a_foundation_built_regardless_of_suit():
    rules = load_rules("tabby-cat")
    assert _run_moves(rules, MIXED) and _run_moves(rules, ONE_SUIT) and _run_moves(rules, ALTERNATE)


def test_spider_still_wants_one_suit():
    rules = load_rules("spider")
    assert _run_moves(rules, ONE_SUIT) and not _run_moves(rules, ALTERNATE)
