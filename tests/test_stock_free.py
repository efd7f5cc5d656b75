"""Rule R3, the rest of the stock free (docs/solver.md): where it applies, that it never
calls a won position lost, and that it proves endings lost that the search without it
cannot finish.

The reference is the same search with R3 switched off (``Search(stock_free=False)``),
itself checked against the unpruned and the plain engine searches in test_solver.py.
"""
from __future__ import annotations

import random

import pytest

from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core import seeded_order
from patience_core.model.deal import start_position
from patience_core.model.position import Position
from patience_core.solver.relaxations import StockFreeCheck
from patience_core.solver.search import Search, SearchLimit
from patience_core.solver.solve import RESTART_SEED

from conftest import cs, get_rules
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
    """Every position a winning line passes through is won, so no search from one, with R3
    and R3 ahead checked at its nodes, may call it lost (a wrong check would)."""
    start, line = winning_line(name, params, seed)
    position, checked = start.copy(), 0
    for number, move in enumerate(line):
        if number % 3 == 0 and position.piles[position.rules.waste]:
            search = Search(position.copy(), max_positions=300)
            try:
                assert search.run() is not False, (seed, number)
            except SearchLimit:
                pass
            checked += search.checked_positions() > 0
        position.apply(move)
    assert checked > 10, checked


def test_proves_an_ending_lost_that_the_search_without_it_cannot_finish():
    """Royal Cotillion deal 4, 40 moves before the naive game's end (22 cards in the
    stock): lost at the first check with R3; more than 20 000 positions without it."""
    rules = get_rules("royal-cotillion")
    position = ending(rules, 4, 40)
    search = Search(position.copy(), max_positions=100)
    assert search.run() is False
    assert search.positions <= 5 and search.checked_positions() <= 20
    assert verdict(position, stock_free=False, limit=20000) is None


def test_the_longer_rest_first_shrinks_the_checks():
    """Rule S1r (a copy that gives up no less goes to the pile with the longer rest at
    once) on deal 4, 60 moves before the end, without R3 ahead: the checks take 8 330
    positions with it, 111 248 without it."""
    rules = get_rules("royal-cotillion")
    position = ending(rules, 4, 60)
    checked = {}
    for rule in (True, False):
        search = Search(position.copy(), turn_ahead=False)
        search.stock_free.longer_rest = rule
        assert search.run() is False
        checked[rule] = search.checked_positions()
    assert checked[True] < 15000 < checked[False], checked


def test_the_longer_rest_first_never_changes_a_verdict():
    """S1r only prunes the checks' own searches: at positions of random games in the last
    pass, the search with it and without it gives the same verdict whenever both finish,
    and its checks take fewer positions."""
    rng = random.Random(11)
    verdicts = {True: 0, False: 0}
    used = {True: 0, False: 0}
    for name, params in (("royal-cotillion", {}), ("gavotte", {"ranks": "6,7"}), ("odd-and-even", {})):
        rules = get_rules(name, **params)
        for seed in range(1, 6):
            position = start_position(rules, seeded_order(rules, seed))
            while position.legal_moves():
                moves = position.legal_moves()
                plays = [m for m in moves if m.src != rules.stock]
                position.apply(rng.choice(plays) if plays and rng.random() < 0.7 else moves[-1])
                if position.redeals_left or len(position.piles[rules.waste]) < 4 \
                        or len(position.piles[rules.stock]) > 40 or rng.random() > 0.3:
                    continue
                outcome = {}
                for rule in (True, False):
                    search = Search(position.copy(), max_positions=2000)
                    search.stock_free.longer_rest = rule
                    try:
                        outcome[rule] = search.run()
                    except SearchLimit:
                        outcome[rule] = None
                    used[rule] += search.checked_positions()
                if None not in outcome.values():
                    assert outcome[True] == outcome[False], (name, seed, len(position.history))
                    verdicts[outcome[True]] += 1
    assert verdicts[True] >= 10 and verdicts[False] >= 10, verdicts
    assert used[True] < used[False], used


def test_turning_ahead_shortens_a_proof():
    """Deal 4, 60 moves before the naive game's end: the same verdict with and without
    R3 ahead, in far fewer positions with it (52 + 3 031 against 1 252 + 8 330)."""
    rules = get_rules("royal-cotillion")
    position = ending(rules, 4, 60)
    used = {}
    for ahead in (False, True):
        search = Search(position.copy(), turn_ahead=ahead)
        assert search.run() is False
        used[ahead] = search.positions + search.checked_positions()
    assert used[True] * 2 < used[False], used


def test_the_longer_rest_first_only_for_the_pile_with_the_longer_rest():
    """S1r plays a copy at once only to the pile whose rest after the card is the longer.
    Here the hearts Ace pile (at 2H) wants 4H and has only 6 8 10 Q to go; the empty
    hearts 2 pile needs 2H (second in the waste) and then 4H, with eleven cards after it.
    One 4H is in a cell, the other under the odd hearts in the waste, and KS is the only
    other card that can be played. Keeping the cell's 4H for the 2 pile wins; putting it on
    the Ace pile at once gives up too few waste cards to reach the other 4H, and loses.
    (A hand-made position for the check's game: with the stock empty it is the real game.)"""
    rules = get_rules("royal-cotillion")
    piles = [[] for _ in range(rules.n_piles)]
    ace, two = rules.groups["foundation:ace"], rules.groups["foundation:two"]
    ace_ranks, two_ranks = "A 3 5 7 9 J K 2 4 6 8 10 Q".split(), "2 4 6 8 10 Q A 3 5 7 9 J K".split()
    for n, suit in enumerate("CDHS"):
        piles[ace[n]] = cs(" ".join(rank + suit for rank in ace_ranks))
        piles[two[n]] = cs(" ".join(rank + suit for rank in two_ranks))
    piles[ace[2]] = cs("AH 3H 5H 7H 9H JH KH 2H")
    piles[two[2]] = []
    piles[two[3]] = cs(" ".join(rank + "S" for rank in two_ranks[:12]))
    for pile, card in zip(rules.groups["right"], cs("4H 6H 8H 10H QH KS")):
        piles[pile] = [card]
    piles[rules.waste] = cs("QH 10H 8H 6H 4H KH JH 9H 7H 5H 3H 2H AH")  # top last
    position = Position(rules, piles, 0)
    search = Search(position.copy())
    assert search.stock_free is not None and search.run() is True   # R3 checked at the start
