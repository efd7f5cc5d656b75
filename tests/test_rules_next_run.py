"""A gap filled at once by the run of the next pile of its group (``fill: [next-run]``):
PySolFC's MovingLeft.fillStack (klondike.py) moves the longest run that may leave the column to
the right of an emptied column into it; a column so emptied is filled the same way from its own
right neighbour, along the row. The last column's gap is not filled so (it takes a King)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import TO_FOUNDATION
from conftest import all_face_up, pile, pile_cards, played_and_undone, position_of, run_cli, validate_refusal


def _moving_left(piles: dict[str, str]):
    rules = load_rules("moving-left")
    return rules, all_face_up(position_of(rules, piles, rest="stock"))


def _up(rules, position, name):
    src = pile(rules, name)
    return next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == src)


def test_the_right_neighbours_longest_run_moves_into_the_gap_and_uncovers_a_card():
    rules, position = _moving_left({"tableau:3": "AH", "tableau:4": "5C 9S 8H 7C"})
    position.down[pile(rules, "tableau:4")] = 1   # 5C face down under the run
    before = position.key()
    position.apply(_up(rules, position, "tableau:3"))
    assert pile_cards(position, "tableau:3") == ["9S", "8H", "7C"]
    assert pile_cards(position, "tableau:4") == ["5C"] and not position.is_face_down(pile(rules, "tableau:4"), 0)
    position.undo()
    assert position.key() == before


def test_a_pile_emptied_by_the_slide_is_filled_from_its_own_neighbour_along_the_row():
    rules, position = _moving_left({"tableau:2": "AS", "tableau:3": "6D 5C", "tableau:4": "JH",
                                    "tableau:5": "9C 4H"})
    before = position.key()
    position.apply(_up(rules, position, "tableau:2"))
    assert pile_cards(position, "tableau:2") == ["6D", "5C"]
    assert pile_cards(position, "tableau:3") == ["JH"]
    assert pile_cards(position, "tableau:4") == ["4H"]        # only the run that moves: 4H on 9C is none
    assert pile_cards(position, "tableau:5") == ["9C"]
    position.undo()
    assert position.key() == before


def test_the_gap_stays_when_the_next_pile_is_empty_and_the_last_pile_has_no_neighbour():
    rules, position = _moving_left({"tableau:6": "AD", "tableau:10": "AC"})
    position.apply(_up(rules, position, "tableau:6"))
    assert pile_cards(position, "tableau:6") == []
    position.apply(_up(rules, position, "tableau:10"))
    assert pile_cards(position, "tableau:10") == []


def test_a_run_moved_away_leaves_its_gap_filled_too():
    rules, position = _moving_left({"tableau:1": "8C", "tableau:2": "7H", "tableau:3": "QS"})
    move = next(m for m in position.legal_moves() if m.src == pile(rules, "tableau:2")
                and m.dst == pile(rules, "tableau:1"))
    position.apply(move)
    assert pile_cards(position, "tableau:1") == ["8C", "7H"] and pile_cards(position, "tableau:2") == ["QS"]


@pytest.mark.parametrize("name", ["moving-left", "souter"])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_undoes_exactly(name, seed):
    rules = load_rules(name)
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_how_a_gap_is_filled():
    code, out, _err = run_cli("show", "moving-left")
    assert code == 0 and ("a gap takes at once the longest run that may leave the pile after it, and a pile so "
                          "emptied the same from the next") in " ".join(out.split())


_BAD = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 7, cards: [1, 2, 3, 4, 5, 6, 7], face_up: 1,
            build: {rank: down, suit: alternate}, moves: run, empty: K, fill: FILL}
stock: {draw: 1}
foundations:
  home: {base: A, length: 13, suits: any, count: 4}
deal: [tableau]
"""


def test_the_base_file_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(_BAD.replace("FILL", "[next-run]"))
    assert run_cli("validate", str(path))[0] == 0


def test_next_run_with_another_source_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("FILL", "[next-run, waste]"))
    assert "expected fill: [next-run] with no other source" in out


def test_next_run_in_the_long_form_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("FILL", "{from: [next-run], cards: 2}"))
    assert "expected fill: [next-run], not the long form" in out
