"""Decks shuffled apart (``shuffle: separate-decks``): each deck is shuffled on its own and
all of one deck is dealt before the next (PySolFC's shuffleSeparateDecks: Microbe)."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from patience_core import load_rules
from patience_core.model.deal import _shuffle, dealt_pack, seeded_order
from conftest import assert_random_play_consistent, run_cli, validate_refusal

TWO_DECKS = """name: bad
title: Bad
decks: 2
shuffle: separate-decks
piles:
  tableau: {kind: tableau, title: T, count: 10, cards: 4, build: {rank: down, suit: alternate}}
stock: {deal: tableau}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 8}
deal: [tableau]
"""


@pytest.mark.parametrize("seed", [1, 2, 5, 99])
def test_each_half_of_the_pack_is_one_whole_deck(seed):
    rules = load_rules("microbe")
    order = seeded_order(rules, seed)
    full = Counter(range(52))
    assert Counter(order[:52]) == full and Counter(order[52:]) == full


def test_the_decks_are_shuffled_one_after_the_other_by_the_same_generator():
    rules = load_rules("microbe")
    rng = random.Random(7)
    first = _shuffle(list(range(52)), rng)
    assert seeded_order(rules, 7) == first + _shuffle(list(range(52)), rng)
    assert seeded_order(rules, 7) != seeded_order(rules, 8)


def test_without_the_field_the_decks_mix():
    spider = load_rules("fechters-game")
    mixed = sum(Counter(seeded_order(spider, seed)[:52]) != Counter(range(52)) for seed in range(1, 6))
    assert mixed == 5 and len(dealt_pack(spider)) == 104


def test_play_stays_consistent():
    assert_random_play_consistent(load_rules("microbe"))


def test_show_says_so():
    code, out, _ = run_cli("show", "microbe")
    assert code == 0 and "Each of the 2 decks is shuffled on its own" in out


def test_refusals(tmp_path):
    assert run_cli("validate", str(_write(tmp_path, TWO_DECKS)))[0] == 0
    assert "expected decks: 2 or more" in validate_refusal(tmp_path, TWO_DECKS.replace("decks: 2", "decks: 1")
                                                          .replace("count: 8", "count: 4"))
    assert "no deal_numbers" in validate_refusal(tmp_path, TWO_DECKS + "deal_numbers: {pysol: spider}\n")
    assert "field shuffle" in validate_refusal(tmp_path, TWO_DECKS.replace("separate-decks", "apart"))


def _write(tmp_path, text):
    path = tmp_path / "good.yaml"
    path.write_text(text)
    return path
