"""Finished runs that go up by themselves (a foundation's ``at_once`` with ``takes: run``):
Arachnida and Harvestman, PySolFC's Arachnida.fillStack, which after each move of the player's
cards sends every column's finished K..A suit run to the foundation, but not after a deal."""
from __future__ import annotations

from patience_core.model.moves import BETWEEN_PILES, DEAL_ROW, TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import (all_face_up, assert_random_play_consistent, assert_rebuilt_agrees, pile, pile_cards,
                      position_of, run_cli, validate_refusal)

SPADES_K_TO_2 = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"


def _position(layout):
    rules = load_rules("arachnida")
    return all_face_up(position_of(rules, layout))


def test_the_move_that_finishes_a_run_sends_it_up_and_undo_brings_it_back():
    position = _position({"tableau:1": "9D " + SPADES_K_TO_2, "tableau:2": "5H AS"})
    before = position.key()
    finish = next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES and m.src == pile(position.rules, "tableau:2"))
    position.apply(finish)
    assert pile_cards(position, "tableau:1") == ["9D"] and pile_cards(position, "foundation:1")[-1] == "AS"
    assert position.on_foundations == 13
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before and pile_cards(position, "tableau:2") == ["5H", "AS"]


def test_the_player_never_moves_a_run_up_and_a_run_lying_there_waits_for_a_move():
    position = _position({"tableau:1": SPADES_K_TO_2 + " AS", "tableau:2": "5H", "tableau:3": "5C"})
    assert not [m for m in position.legal_moves() if m.kind is TO_FOUNDATION]
    position.apply(next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES
                        and m.src == pile(position.rules, "tableau:2")))
    assert pile_cards(position, "tableau:1") == [] and len(position.piles[pile(position.rules, "foundation:1")]) == 13


def test_a_deal_from_the_stock_sends_no_run_up():
    rules = load_rules("arachnida")
    layout = {f"tableau:{i}": card for i, card in zip(range(2, 11), "5H 6H 7H 8H 9H 10H JH QH KH".split())}
    layout["tableau:1"] = SPADES_K_TO_2
    layout["stock"] = "2D 3D 4D 5D 6D 7D 8D 9D 10D AS"   # the top card, dealt first, onto tableau:1
    position = all_face_up(position_of(rules, layout, rest=None))
    position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
    assert pile_cards(position, "tableau:1")[-1] == "AS" and position.on_foundations == 0


def test_a_run_uncovering_a_face_down_card_turns_it_up_and_undo_turns_it_down():
    position = _position({"tableau:1": "9D " + SPADES_K_TO_2, "tableau:2": "5H AS"})
    position.down[pile(position.rules, "tableau:1")] = 1
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES
                        and m.src == pile(position.rules, "tableau:2")))
    assert position.down[pile(position.rules, "tableau:1")] == 0
    position.undo()
    assert position.key() == before and position.down[pile(position.rules, "tableau:1")] == 1


def test_random_games_stay_consistent():
    assert_random_play_consistent(load_rules("arachnida"), seeds=(1,), steps=120)
    assert_random_play_consistent(load_rules("harvestman"), seeds=(2,), steps=120)


def test_show_says_runs_go_up_by_themselves():
    code, out, _ = run_cli("show", "arachnida")
    assert code == 0 and "by itself" in out and "not a deal from the stock" in out


def test_at_once_needs_takes_run(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 4, build: {rank: down, suit: same}, moves: run}
foundations:
  home: {base: A, length: 13, count: 4, at_once: true}
deal: [tableau]
""")
    assert "foundations.home.at_once" in text and "takes: run" in text
