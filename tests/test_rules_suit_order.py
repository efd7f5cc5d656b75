"""Foundations that share one order of suits (``suit_order: shared``): a pile's n-th card must be
of the suit of the n-th card of every other such pile (PySolFC's Choice_Foundation: the first
pile holding more cards sets it; GermanClock_RowStack: every such pile)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.model.moves import TO_FOUNDATION
from patience_core.model.position import Position
from conftest import assert_random_play_consistent, cs, names, run_cli, validate_refusal


def _ups(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()
            if m.kind is TO_FOUNDATION}


def _position(name: str, placed: dict[str, str]):
    """Every card in the stock but those ``placed`` (pile name: cards, bottom first)."""
    rules = load_rules(name)
    piles: list[list[int]] = [[] for _ in range(rules.n_piles)]
    used: list[int] = []
    for pile, text in placed.items():
        piles[rules.pile_index(pile)] = cs(text)
        used += cs(text)
    rest = list(rules.pack)
    for card in used:
        rest.remove(card)
    piles[rules.stock] = rest
    return rules, Position(rules, piles)


def test_the_first_cards_set_the_order_every_pile_follows():
    rules, position = _position("choice", {"foundation:1": "6S", "tableau:1": "7H", "tableau:2": "7S",
                                           "tableau:3": "8S", "tableau:4": "6H"})
    ups = _ups(position)
    assert ("tableau:2", "foundation:2") in ups and ("tableau:3", "foundation:3") in ups   # spades first
    assert ("tableau:1", "foundation:2") not in ups   # a heart cannot be a pile's first card now
    assert ("tableau:4", "foundation:1") in ups       # the 6s' second card may be of any suit yet


def test_german_clock_keeps_alternate_colours_and_the_shared_order():
    rules, position = _position("german-clock", {"foundation:1": "AC AD", "foundation:2": "2C"})
    assert names(position.wanted(rules.pile_index("foundation:2"))) == ["2D"]   # second place: diamonds
    assert set(names(position.wanted(rules.pile_index("foundation:1")))) == {"AC", "AS"}   # black after red
    assert names(position.wanted(rules.pile_index("foundation:3"))) == ["3C"]   # every first card a club


def test_a_card_taken_back_forgets_its_place_in_the_order():
    rules, position = _position("choice", {"foundation:1": "6S", "tableau:1": "7H", "tableau:2": "6D"})
    before = position.key()
    play = next(m for m in position.legal_moves() if rules.pile_names[m.src] == "tableau:2")
    position.apply(play)
    position.undo()
    assert position.key() == before
    worry = next(m for m in position.legal_moves() if rules.pile_names[m.src] == "foundation:1")
    position.apply(worry)   # the 6S back to a column: no pile holds a card, any suit starts again
    assert set(names(position.wanted(rules.pile_index("foundation:2")))) == {"7C", "7D", "7H", "7S"}


@pytest.mark.parametrize("name", ["choice", "german-clock"])
def test_play_stays_consistent(name):
    assert_random_play_consistent(load_rules(name))


def test_show_says_so_and_a_linked_group_is_refused(tmp_path):
    code, out, _ = run_cli("show", "german-clock")
    assert code == 0 and "one order of suits for every pile that shares it" in out
    bad = """name: bad
title: Bad
decks: 1
foundations:
  home: {title: F, base: first, build: {rank: up, suit: same}, length: 13, suits: fixed, count: 4, suit_order: shared}
deal: []
"""
    assert "expected no base: first, follows or direction with it" in validate_refusal(tmp_path, bad)
