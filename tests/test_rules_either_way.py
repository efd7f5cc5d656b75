"""Foundations built up or down from their base, all the way the first card built on any of them
went (``direction: first-card``, PySolFC's Braid_Foundation and getFoundationDir)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model import cards
from patience_core.model.moves import TO_FOUNDATION
from patience_core.model.position import Position
from conftest import assert_rebuilt_agrees, played_and_undone, run_cli, validate_refusal


def _braid(base: str, piles: dict[str, str]) -> Position:
    """A Braid position: the dealt base on foundation:1, then ``piles`` (foundation piles too)."""
    rules = load_rules("braid")
    layout = [[] for _ in range(rules.n_piles)]
    pool = list(rules.pack)
    for name, text in {"foundation:1": base, **piles}.items():
        for card in text.split():
            code = cards.parse_card(card)
            pool.remove(code)
            layout[rules.pile_index(name)].append(code)
    layout[rules.stock] = pool
    return Position(rules, layout)


def _up(position):
    rules = position.rules
    return sorted((rules.pile_names[m.dst], cards.card_name(m.card)) for m in position.legal_moves()
                  if m.kind is TO_FOUNDATION)


def test_either_way_until_one_pile_goes_then_every_pile_follows():
    position = _braid("7H", {"places:1": "8H", "places:2": "6H", "places:3": "7C", "places:4": "6S"})
    # 8H or 6H on 7H; 7C starts another pile (base 7); 6S has no 7S below it
    assert ("foundation:1", "8H") in _up(position) and ("foundation:1", "6H") in _up(position)
    down = next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.card == cards.parse_card("6H"))
    position.apply(down)
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION
                        and m.card == cards.parse_card("7C")))
    # the hearts went down: the clubs pile wants 6C, never 8C; nothing goes up on the hearts
    rules = position.rules
    clubs = rules.pile_index("foundation:2")
    assert clubs in position.takers[cards.parse_card("6C")] and clubs not in position.takers[cards.parse_card("8C")]
    position.undo()
    position.undo()
    assert_rebuilt_agrees(position)
    assert ("foundation:1", "8H") in _up(position)


def test_random_play_keeps_the_takers_as_a_fresh_position_computes_them():
    rules = load_rules("braid")
    for seed in (1, 2):
        rng = random.Random(seed)
        position = deal_seed(rules, seed)
        for _ in range(400):
            moves = position.legal_moves()
            if not moves:
                break
            ups = [m for m in moves if m.kind is TO_FOUNDATION]
            position.apply(rng.choice(ups) if ups and rng.random() < 0.6 else rng.choice(moves))
            assert_rebuilt_agrees(position)
        rng = random.Random(seed)
        played_and_undone(rules, seed, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def test_show_says_so_and_a_step_with_it_is_refused(tmp_path):
    code, out, _ = run_cli("show", "braid")
    assert code == 0 and "up or down by one (wrapping K-A), every pile the way the first card built" in out
    assert "direction: first-card builds up or down by one" in validate_refusal(
        tmp_path, "extends: braid\nname: bad\nfoundations: {home: {step: 2}}\n")
