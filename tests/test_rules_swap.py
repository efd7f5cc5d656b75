"""Places that trade their one card each when each card is of the other's bottom rank
(``swap: card``, PySolFC's RoyalParade_TableauStack)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import SWAP
from patience_core.model.notation import describe_move, move_from_json, move_to_json
from patience_core.solver.solve import solve_position
from conftest import (assert_random_play_undoes, assert_rebuilt_agrees, pile, pile_cards, position_of, run_cli,
                      validate_refusal)


def _swaps(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves() if m.kind is SWAP}


def test_two_misplaced_bases_trade_places_and_undo_takes_it_back():
    rules = load_rules("royal-parade")
    position = position_of(rules, {"twos:1": "3S", "threes:4": "2H", "fours:2": "2D", "fours:3": "4C 7C",
                                   "threes:5": "4D"}, rest="stock")
    swaps = _swaps(position)
    # twos:1 holds a 3 and threes:4 a 2: each card is the other's base, both ways round
    assert ("twos:1", "threes:4") in swaps and ("threes:4", "twos:1") in swaps
    # fours:2's 2 fits twos:1's base, but the 3 is no base of fours; a place of two cards never swaps
    assert ("twos:1", "fours:2") not in swaps and not any("fours:3" in pair for pair in swaps)
    # threes:5's 4 and fours:2's 2: the 2 is no 3
    assert ("threes:5", "fours:2") not in swaps
    move = next(m for m in position.legal_moves() if m.kind is SWAP and m.src == pile(rules, "twos:1")
                and m.dst == pile(rules, "threes:4"))
    before = position.key()
    position.apply(move)
    assert pile_cards(position, "twos:1") == ["2H"] and pile_cards(position, "threes:4") == ["3S"]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before


def test_the_move_has_words_and_a_json_form():
    rules = load_rules("royal-parade")
    position = position_of(rules, {"twos:1": "3S", "threes:4": "2H"}, rest="stock")
    move = next(m for m in position.legal_moves() if m.kind is SWAP)
    assert describe_move(rules, move, unicode=False) == "swap 3S twos:1 <-> threes:4"
    assert move_from_json(position, move_to_json(rules, move)) == move


def test_random_play_undoes_exactly():
    assert_random_play_undoes("royal-parade", seeds=(1, 2, 3))


def test_the_line_game_swaps_by_naming_the_two_places():
    # two place names are a move, not a set to remove (the Aces go alone)
    code, out, _ = run_cli("play", "royal-parade", "--seed", "1", "--line", stdin="tw5 four2\nquit\ny\n")
    assert code == 0 and "swapped 4♥ tw5 ↔ four2" in out
    assert "two one-card places swap cards that are each other's base" in " ".join(out.split())


def test_show_and_solve_say_so():
    code, out, _ = run_cli("show", "royal-parade")
    assert code == 0 and "may trade it for the one card of another pile that swaps" in out
    assert solve_position(deal_seed(load_rules("royal-parade"), 1), max_positions=300).search == "exhaustive"


def test_swap_needs_a_bottom_rank(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 1, build: {rank: down}, swap: card}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
""")
    assert "piles.tableau.swap" in text and "expected bottom: RANK with swap:" in text
