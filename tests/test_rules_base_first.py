"""Chessboard (PySolFC 148): the first card put on any foundation chooses every pile's base rank
(Chessboard_Foundation: an empty pile takes the rank of another pile's first card), ``base: first``."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.solve import solve_position
from conftest import assert_rebuilt_agrees, c, names, position_of


def _up(position):
    return sorted(names({m.card for m in position.legal_moves() if m.kind is TO_FOUNDATION}))


def test_any_card_starts_then_every_pile_wants_that_rank_and_undo_forgets_it():
    rules = load_rules("chessboard")
    position = position_of(rules, {"tableau:1": "KS 5H", "tableau:2": "9C", "tableau:3": "5D"}, rest="tableau:4")
    assert {"5H", "9C", "5D"} <= set(_up(position))
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.card == c("5H")))
    # now 5D may start another pile, KS (uncovered) does not, 9C does not; 6H follows 5H.
    assert "5D" in _up(position) and "9C" not in _up(position) and "KS" not in _up(position)
    position.undo()
    assert position.key() == before and "9C" in _up(position)


def test_the_base_wraps_round_the_king():
    rules = load_rules("chessboard")
    position = position_of(rules, {"tableau:1": "AH KH"}, rest="tableau:4")
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.card == c("KH")))
    assert "AH" in _up(position)


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("chessboard"), 2), max_positions=3000).search == "exhaustive"


def test_random_play_keeps_the_foundations_wants_as_a_fresh_position_computes_them():
    import random

    rules = load_rules("chessboard")
    rng = random.Random(11)
    for seed in range(10):
        position = deal_seed(rules, seed)
        for _ in range(60):
            moves = position.legal_moves()
            if not moves:
                break
            position.apply(rng.choice(moves) if rng.random() < 0.7 or not position.history else moves[0])
            if rng.random() < 0.2 and position.history:
                position.undo()
            assert_rebuilt_agrees(position)
