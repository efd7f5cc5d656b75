"""Foundations that take a finished run of thirteen in one suit from any rank down, round
past the Ace (``base: any`` with ``takes: run``, PySolFC's Spider_SS_Foundation with
base_rank=ANY_RANK, mod=13: York, Grounds for a Divorce)."""
from __future__ import annotations

import random

from patience_core.model.moves import TO_FOUNDATION
from patience_core.model.position import Position
from patience_core.solver.solve import solve_position
from patience_core.variants.catalog import load_rules
from conftest import position_of, run_cli, validate_refusal


def _to_foundation(position):
    return [m for m in position.legal_moves() if m.kind is TO_FOUNDATION]


def test_a_run_from_any_rank_goes_up_whole():
    rules = load_rules("york")
    position = position_of(rules, {"tableau:3": "5S 4S 3S 2S AS KS QS JS TS 9S 8S 7S 6S"}, rest="tableau:1")
    (move,) = _to_foundation(position)
    assert move.count == 13 and rules.pile_names[move.src] == "tableau:3"
    before = position.key()
    position.apply(move)
    assert not position.piles[move.src] and len(position.piles[move.dst]) == 13
    position.undo()
    assert position.key() == before


def test_a_run_that_breaks_suit_or_order_stays():
    rules = load_rules("york")
    mixed = position_of(rules, {"tableau:3": "5S 4S 3S 2S AS KS QH JS TS 9S 8S 7S 6S"}, rest="tableau:1")
    gap = position_of(rules, {"tableau:3": "6S 4S 3S 2S AS KS QS JS TS 9S 8S 7S 5S"}, rest="tableau:1")
    assert not _to_foundation(mixed) and not _to_foundation(gap)


def _last_suit_spread(rules, seed):
    """Seven foundations full; the thirteen spades spread over four columns and the stock."""
    rng = random.Random(seed)
    piles = [[] for _ in range(rules.n_piles)]
    for i, f in enumerate(rules.foundations[:7]):
        piles[f] = [(i % 4) * 13 + r for r in range(12, -1, -1)]
    spades = [39 + r for r in range(13)]
    rng.shuffle(spades)
    if rules.has_stock:
        piles[rules.stock], spades = spades[:4], spades[4:]
    for card in spades:
        piles[rules.groups["tableau"][rng.randrange(4)]].append(card)
    return Position(rules, piles)


def test_the_compiled_search_wins_the_last_run_and_its_line_replays():
    for name in ("york", "grounds-for-a-divorce"):
        rules = load_rules(name)
        result = solve_position(_last_suit_spread(rules, 3), max_positions=300_000)
        assert result.search == "pruned" and result.verdict == "won", name
        position = _last_suit_spread(rules, 3)
        for move in result.moves:
            assert position.is_legal(move)
            position.apply(move)
        assert position.is_won()


def test_show_says_the_run_may_start_anywhere():
    code, out, _ = run_cli("show", "york")
    assert code == 0 and "a finished run (from any rank down, round past the Ace, in one suit)" in " ".join(out.split())


def test_base_any_with_a_run_must_go_down_and_wrap(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any}, moves: run, empty: any}
foundations:
  home: {base: any, step: -1, length: 13, suits: any, count: 4, takes: run}
deal: [tableau]
""")
    assert "foundations.home.base" in text and "wrap: true" in text
