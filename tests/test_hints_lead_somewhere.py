"""Hints that lead somewhere: following the hint never returns to a position of the game
(so it never undoes the move before it), and the solver hint follows one winning line."""
from __future__ import annotations

import pytest

from patience_core import deal_seed, load_rules
from patience_core.agents.hints import hint
from patience_core.agents.solver_line import SolverLine
from patience_core.model.game import GameSpec
from patience_core.solver.solve import solve_position
from catalogue_sample import catalogue_sample, shipped_names

SHIPPED = shipped_names()
HINTS_FOLLOWED = 200


def _follow_hints(name: str, seed: int) -> None:
    rules = load_rules(name)
    position = deal_seed(rules, seed)
    seen = {position.key()}
    for _ in range(HINTS_FOLLOWED):
        move, reason, _who = hint(position)
        if move is None:
            break
        assert position.is_legal(move), (name, seed, move, reason)
        position.apply(move)
        assert position.key() not in seen, f"{name} deal {seed}: the hint {move} ({reason}) went back"
        seen.add(position.key())


@pytest.mark.parametrize("name", catalogue_sample(SHIPPED, 12))
def test_following_the_hint_never_repeats_a_position(name):
    _follow_hints(name, 1)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_following_the_hint_never_repeats_a_position_anywhere(name):
    for seed in (1, 2):
        _follow_hints(name, seed)


def test_the_hint_does_not_undo_the_move_before_it():
    # FreeCell deal ms:11982: the player's hint used to say 4C t1 -> c4, then c4 -> t1
    spec = GameSpec(variant="freecell", deal="ms:11982")
    rules = spec.compile()
    position = spec.start(rules)
    for _ in range(30):
        move, _reason, _who = hint(position)
        if move is None:
            break
        before = position.key()
        position.apply(move)
        back, _reason, _who = hint(position)
        if back is not None:
            after = position.copy()
            after.apply(back)
            assert after.key() != before


def test_the_solver_hint_follows_one_line_to_the_win():
    spec = GameSpec(variant="freecell", deal="ms:1")
    rules = spec.compile()
    position = spec.start(rules)
    line = SolverLine()
    result = solve_position(position, max_positions=200_000)
    assert result.verdict == "won"
    line.learn(position, result.moves)
    seen = {position.key()}
    while not position.is_won():
        move, left = line.next_move(position)
        position.apply(move)
        assert position.key() not in seen
        seen.add(position.key())
    assert line.next_move(position) is None
    # leaving the line: the hint no longer knows a move there
    other = spec.start(rules)
    first = result.moves[0]
    leave = next(m for m in other.legal_moves() if m != first)
    other.apply(leave)
    assert line.next_move(other) is None
