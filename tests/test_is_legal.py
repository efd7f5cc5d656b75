"""``Position.is_legal`` (legal.is_legal lists only the moves of a move's kind) must
answer exactly ``move in position.legal_moves()``: for every legal move, and for moves
that were legal a few steps earlier, or that take any top card anywhere, which mostly
are not. A failure names the game, the seed, the step and the move."""
import random

import pytest

from patience_core.model.deal import seeded_order, start_position
from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION, Move
from patience_core.variants.catalog import load_rules

GAMES = [("royal-cotillion", {}), ("gavotte", {}), ("klondike", {"draw": "3", "worry": "yes"}),
         ("freecell", {}), ("bakers-game", {}), ("spider", {"suits": "1"}), ("golf", {}), ("sir-tommy", {}),
         ("calculation", {}), ("yukon", {}), ("canfield", {}), ("forty-thieves", {})]


def _candidates(position, recent):
    piles = position.piles
    tops = [(p, pile[-1]) for p, pile in enumerate(piles) if pile]
    made = {Move(BETWEEN_PILES, p, d, card, n) for p, card in tops for d in range(len(piles)) for n in (1, 2)}
    made |= {Move(TO_FOUNDATION, p, f, card) for p, card in tops for f in position.rules.foundations}
    return made | recent


@pytest.mark.parametrize("name, params", GAMES, ids=[n + "".join(f"-{k}={v}" for k, v in p.items())
                                                      for n, p in GAMES])
def test_is_legal_is_membership_of_the_legal_moves(name, params):
    rules = load_rules(name, params)
    asked = 0
    for seed in range(1, 4):
        rng = random.Random(seed)
        position = start_position(rules, seeded_order(rules, seed))
        recent: set = set()
        for step in range(80):
            legal = position.legal_moves()
            for move in _candidates(position, recent) | set(legal):
                assert position.is_legal(move) == (move in legal), f"{name} seed {seed} step {step}: {move}"
                asked += 1
            if not legal:
                break
            recent = (recent | set(legal)) if len(recent) < 200 else set(legal)
            position.apply(rng.choice(legal))
    assert asked > 500
