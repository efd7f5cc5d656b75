"""A foundation group whose base only a card played from some piles chooses, for good
(``base: first`` with a build rule and ``base_set_by: PILES``): PySolFC's
NineAcross_RowStack.moveMove sets the base, the rank of the first card of the foundation the
column card went to, once; a foundation started from the waste before keeps its own rank, and a
gap (``empty: below-base``) takes nothing until the base is chosen."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.legal import accepts
from patience_core.model.moves import TO_FOUNDATION
from conftest import all_face_up, c, pile, played_and_undone, position_of, run_cli, validate_refusal


def _nine(piles: dict[str, str]):
    rules = load_rules("nine-across")
    return rules, all_face_up(position_of(rules, piles, rest="stock"))


def _up(rules, position, src, card):
    return next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION
                and rules.pile_names[m.src] == src and m.card == c(card))


def test_a_waste_card_starts_a_pile_without_choosing_the_base():
    rules, position = _nine({"waste": "5D", "tableau:1": "9C", "tableau:3": "8S"})
    position.apply(_up(rules, position, "waste", "5D"))
    assert position.chosen_base is None
    assert any(m.card == c("9C") for m in position.legal_moves() if m.kind is TO_FOUNDATION)   # any rank yet
    assert not accepts(position, pile(rules, "tableau:2"), c("8S"))   # a gap takes nothing yet


def test_a_column_card_chooses_the_base_of_the_pile_it_went_to_and_undo_forgets_it():
    rules, position = _nine({"waste": "5D", "tableau:1": "6D", "tableau:3": "9C", "tableau:4": "5C"})
    position.apply(_up(rules, position, "waste", "5D"))
    before = position.key()
    position.apply(_up(rules, position, "tableau:1", "6D"))   # onto the 5D: the base is its first card, a 5
    assert position.chosen_base == 4
    ups = {m.card for m in position.legal_moves() if m.kind is TO_FOUNDATION}
    assert c("5C") in ups and c("9C") not in ups
    assert accepts(position, pile(rules, "tableau:1"), c("4H"))       # the gap: one below the base
    position.undo()
    assert position.key() == before and position.chosen_base is None


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("nine-across")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_it():
    code, out, _err = run_cli("show", "nine-across")
    assert code == 0 and "until a card played from the layout chooses the base" in " ".join(out.split())


def test_base_set_by_without_base_first_is_refused(tmp_path):
    text = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 7, cards: [1, 2, 3, 4, 5, 6, 7], face_up: 1,
            build: {rank: down, suit: alternate}, moves: run}
stock: {draw: 1}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4, base_set_by: [tableau]}
deal: [tableau]
"""
    assert "expected base: first and a build rule with it" in validate_refusal(tmp_path, text)
