"""Foundations that follow the pile before them (``follows: previous``, PySolFC's
Osmosis_Foundation): pile 1 takes any first card and then its suit; pile n takes as its first
card only the rank of pile n-1's first card, then cards of its suit whose rank lies on pile n-1."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION
from patience_core.model.position import Position
from patience_core.solver.solve import solve_position
from conftest import assert_rebuilt_agrees, c, names, played_and_undone, position_of, run_cli, validate_refusal


def _up(position):
    return sorted(names({m.card for m in position.legal_moves() if m.kind is TO_FOUNDATION}))


def _osmosis(piles, foundations):
    """An Osmosis position with the given layout piles and foundation piles (bottom first)."""
    rules = load_rules("osmosis")
    position = position_of(rules, piles, rest="stock")
    layout = [list(p) for p in position.piles]
    for name, text in foundations.items():
        f = rules.pile_index(name)
        for card in text.split():
            for p in range(rules.n_piles):
                if c(card) in layout[p] and not rules.is_foundation[p]:
                    layout[p].remove(c(card))
                    break
        layout[f] = [c(card) for card in text.split()]
    return Position(rules, layout, None, [0] * rules.n_piles)


def test_a_pile_starts_with_the_rank_of_the_first_card_of_the_pile_before():
    position = _osmosis({"tableau:1": "7S", "tableau:2": "5D", "tableau:3": "5H", "tableau:4": "9C"},
                        {"foundation:1": "5C 9C"})
    # pile 2 starts only with a 5 (pile 1's first card); pile 3 takes nothing while pile 2 is empty
    assert _up(position) == ["5D", "5H"]


def test_then_only_ranks_already_on_the_pile_before():
    position = _osmosis({"tableau:1": "7D", "tableau:2": "9D", "tableau:3": "JD", "tableau:4": "7H"},
                        {"foundation:1": "5C 9C JC", "foundation:2": "5D"})
    # pile 2 (diamonds) takes 9D and JD (on pile 1), not 7D; pile 3 wants a 5; pile 1 any club
    assert _up(position) == ["9D", "JD"]


def test_a_card_played_on_a_pile_opens_the_next_one_and_undo_closes_it():
    position = _osmosis({"tableau:1": "5D", "tableau:2": "5H", "tableau:3": "9H", "tableau:4": "KS"},
                        {"foundation:1": "5C"})
    before = position.key()
    play = next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.card == c("5D"))
    rules = position.rules
    pile3 = rules.pile_index("foundation:3")
    assert pile3 not in position.takers[c("5H")]
    position.apply(play)
    assert pile3 in position.takers[c("5H")]   # pile 3 may now start with a 5
    position.undo()
    assert position.key() == before and pile3 not in position.takers[c("5H")]
    assert_rebuilt_agrees(position)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_keeps_the_takers_as_a_fresh_position_computes_them(seed):
    rules = load_rules("osmosis")
    rng = random.Random(seed)
    position = deal_seed(rules, seed)
    for _ in range(300):
        moves = position.legal_moves()
        if not moves:
            break
        position.apply(rng.choice(moves))
        if rng.random() < 0.2 and position.history:
            position.undo()
        assert_rebuilt_agrees(position)
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("osmosis"), 1), max_positions=2000).search == "exhaustive"


def test_show_says_how_the_piles_follow():
    code, out, _ = run_cli("show", "osmosis")
    assert code == 0 and "each pile after the first starts only with the rank of the first card" in out


def test_follows_without_a_build_rule_is_refused(tmp_path):
    assert "follows: previous narrows what a pile's build rule lets follow" in validate_refusal(
        tmp_path, "extends: klondike\nname: bad\nfoundations: {home: {follows: previous}}\n")
