"""Rule R3, the rest of the stock free (docs/solver.md): where it applies, that it never
calls a won position lost, and that it proves endings lost that the search without it
cannot finish.

The reference is the same search with R3 switched off (``Search(stock_free=False)``),
itself checked against the unpruned and the plain engine searches in test_solver.py.
"""
from __future__ import annotations

import random

import pytest

from patience_core import seeded_order
from patience_core.deal import start_position
from patience_core.relaxations import StockFreeCheck
from patience_core.search import Search, SearchLimit
from patience_core.solver import RESTART_SEED

from conftest import get_rules
from test_solver import ending, mini_rules  # noqa: F401  (fixture)


def verdict(position, *, stock_free: bool, limit: int):
    """True (won), False (lost) or None (the position budget ran out)."""
    search = Search(position.copy(), max_positions=limit, stock_free=stock_free)
    try:
        return search.run()
    except SearchLimit:
        return None


def winning_line(name, params, seed):
    """(start position, a winning line found by the search without R3) of a won deal."""
    rules = get_rules(name, **params)
    start = start_position(rules, seeded_order(rules, seed))
    finder = Search(start.copy(), max_positions=20000, stock_free=False)
    finder.rng = random.Random(RESTART_SEED)
    assert finder.run()
    return start, finder.line


@pytest.mark.parametrize("name,params,expected", [
    ("royal-cotillion", {}, True),
    ("gavotte", {}, True),
    ("gavotte", {"ranks": "9,9"}, True),
    ("odd-and-even", {}, True),
    ("contradance", {}, False),  # nothing refills from the waste: rule B2 covers its waste
])
def test_applies_where_the_waste_feeds_one_card_piles(name, params, expected):
    rules = get_rules(name, **params)
    search = Search(start_position(rules, seeded_order(rules, 1)))
    assert StockFreeCheck.applies(search) is expected
    assert (search.stock_free is not None) is expected


def test_applies_to_a_one_deck_variant_from_yaml(mini_rules):  # noqa: F811
    rules, _ = mini_rules
    assert StockFreeCheck.applies(Search(start_position(rules, seeded_order(rules, 1))))


@pytest.mark.parametrize("name,params", [
    ("royal-cotillion", {}), ("gavotte", {"ranks": "6,7"}), ("odd-and-even", {}),
])
def test_never_calls_a_won_ending_lost(name, params):
    """Endings 25 to 35 moves before the naive game's end: wherever the search without
    R3 decides, the search with it gives the same verdict, and it decides more."""
    rules = get_rules(name, **params)
    tally = {"agree": 0, "only_with": 0, "won": 0, "lost": 0}
    for seed in range(1, 7):
        for back in (25, 35):
            position = ending(rules, seed, back)
            without = verdict(position, stock_free=False, limit=3000)
            with_r3 = verdict(position, stock_free=True, limit=3000)
            if without is not None:
                assert with_r3 in (without, None), (seed, back, without, with_r3)
                tally["agree"] += with_r3 is not None
            elif with_r3 is not None:
                tally["only_with"] += 1
            if with_r3 is not None:
                tally["won" if with_r3 else "lost"] += 1
    assert tally["agree"] >= 3 and tally["only_with"] >= 1, tally
    assert tally["lost"] >= 3, tally


@pytest.mark.parametrize("name,params,seed", [
    ("royal-cotillion", {}, 2), ("royal-cotillion", {}, 5), ("royal-cotillion", {}, 11),
    ("gavotte", {}, 2), ("gavotte", {"ranks": "6,7"}, 6), ("gavotte", {"ranks": "6,7"}, 14),
])
def test_no_position_of_a_winning_line_is_called_lost(name, params, seed):
    """Every position a winning line passes through is won, so no check may call it lost."""
    start, line = winning_line(name, params, seed)
    search = Search(start.copy())
    checked = 0
    for src, dst, card in line:
        if search.waste:
            checked += 1
            assert not search.stock_free.lost(search.key()), (seed, len(search.line))
        if src == search.STOCK:
            search.turn()
        else:
            search.play(src, dst, card)
    assert checked > 40


def test_proves_an_ending_lost_that_the_search_without_it_cannot_finish():
    """Royal Cotillion deal 4, 40 moves before the naive game's end (22 cards in the
    stock): lost at the first check with R3; more than 20 000 positions without it."""
    rules = get_rules("royal-cotillion")
    position = ending(rules, 4, 40)
    search = Search(position.copy(), max_positions=100)
    assert search.run() is False
    assert search.positions <= 5 and search.checked_positions() <= 20
    assert verdict(position, stock_free=False, limit=20000) is None


def test_useless_holds_are_skipped():
    """Rule H1 (a hold that cannot help is not searched) more than halves the checks'
    positions on deal 4, 60 moves before the end: 46 731 with it, 111 284 without."""
    rules = get_rules("royal-cotillion")
    search = Search(ending(rules, 4, 60).copy())
    assert search.run() is False
    assert search.checked_positions() < 60000


@pytest.mark.parametrize("name,params,seed", [
    ("royal-cotillion", {}, 2), ("royal-cotillion", {}, 11), ("gavotte", {"ranks": "6,7"}, 6),
])
def test_turning_ahead_never_cuts_the_macro_a_winning_line_takes(name, params, seed):
    """R3 ahead drops the macros of ``j`` or more turns when the position after ``j``
    turns is proved lost; on a winning line the next macro's turns stay below the cut."""
    start, line = winning_line(name, params, seed)
    search = Search(start.copy())
    cuts = 0
    for i, (src, dst, card) in enumerate(line):
        if i == 0 or line[i - 1][0] != search.STOCK:  # a macro starts here
            turns = 0
            while i + turns < len(line) and line[i + turns][0] == search.STOCK:
                turns += 1
            cut = search.turn_ahead_cut()
            if cut is not None:
                cuts += 1
                assert cut > turns, (seed, len(search.line), cut, turns)
        if src == search.STOCK:
            search.turn()
        else:
            search.play(src, dst, card)
    assert cuts >= 5, cuts


def test_turning_ahead_shortens_a_proof():
    """Deal 4, 60 moves before the naive game's end: the same verdict with and without
    R3 ahead, in far fewer positions with it (52 + 5 962 against 1 252 + 46 731)."""
    rules = get_rules("royal-cotillion")
    position = ending(rules, 4, 60)
    used = {}
    for ahead in (False, True):
        search = Search(position.copy(), turn_ahead=ahead)
        assert search.run() is False
        used[ahead] = search.positions + search.checked_positions()
    assert used[True] * 4 < used[False], used
