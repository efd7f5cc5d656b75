"""Foundations that follow the longest of their group (``follows: longest``): Osmium and Osmium II,
PySolFC's Osmium_Foundation (a pile shorter than the first longest takes only the rank at its next
place there)."""
from __future__ import annotations

from patience_core.variants.catalog import load_rules
from conftest import c, pile, position_of, run_cli, validate_refusal


def _takes(position, name):
    return {card for card in range(52) if pile(position.rules, name) in position.takers[card]}


def test_a_shorter_pile_takes_only_the_next_rank_of_the_longest():
    rules = load_rules("osmium")
    position = position_of(rules, {"foundation:1": "9C 3C", "foundation:4": "9S"})
    assert _takes(position, "foundation:4") == {c("3S")}
    assert _takes(position, "foundation:2") == {c("9D")}
    assert {card for card in range(13) if card not in (c("9C"), c("3C"))} <= _takes(position, "foundation:1")   # the longest: any club


def test_piles_of_equal_length_each_take_any_card_of_their_suit():
    rules = load_rules("osmium-ii")
    position = position_of(rules, {"foundation:1": "9C", "foundation:4": "9S"})
    assert c("QS") in _takes(position, "foundation:4") and c("2C") in _takes(position, "foundation:1")


def test_playing_onto_the_longest_retargets_the_others_and_undo_restores_them():
    rules = load_rules("osmium")
    position = position_of(rules, {"foundation:1": "9C", "foundation:4": "9S", "tableau:1": "5C"})
    before = position.key()
    move = next(m for m in position.legal_moves() if m.card == c("5C"))
    position.apply(move)
    assert _takes(position, "foundation:4") == {c("5S")}
    position.undo()
    assert position.key() == before and c("KS") in _takes(position, "foundation:4")


def test_the_first_card_starts_the_pile_of_its_suit():
    from patience_core import deal_seed
    rules = load_rules("osmium")
    for seed in range(1, 6):
        position = deal_seed(rules, seed)
        started = [f for f in rules.foundations if position.piles[f]]
        assert len(started) == 1 and position.piles[started[0]][0] // 13 == rules.f_suit[started[0]]


def test_show_says_the_piles_follow_the_longest():
    code, out, _ = run_cli("show", "osmium")
    assert code == 0 and "a pile shorter than the longest" in out


def test_longest_needs_a_build_rule(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 4, access: top}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4, follows: longest}
deal: [tableau]
""")
    assert "foundations.home.follows" in text and "follows: longest" in text
