"""Face-up cards dealt between face-down ones (``faces``, deepest first): Legion (PySolFC 607)
deals its columns face up, down, up, down...; a face-down card turns up once it is the top
card, and the face-up cards under it are free from then on (down to the next face-down one)."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.agents.hindsight import Memory, unseen_places
from patience_core.model.moves import BETWEEN_PILES
from patience_core.solver.solve import solve_position
from conftest import crafted_deal, pile, played_and_undone, run_cli, validate_refusal


def _faces(position, name):
    p = pile(position.rules, name)
    return "".join("d" if position.is_face_down(p, i) else "u" for i in range(len(position.piles[p])))


def test_the_deal_lays_the_columns_face_up_and_down_in_turn():
    position = deal_seed(load_rules("legion"), 1)
    assert [_faces(position, f"tableau:{i}") for i in range(1, 9)] == [
        "u", "udu", "ududu", "udududu", "udududu", "ududu", "udu", "u"]


def test_a_turned_card_frees_the_face_up_cards_under_it_and_undo_hides_them_again():
    rules = load_rules("legion")
    # tableau:4, deepest first: KS 2D QH 3C 5H (face up, under) 4S (face down) 10C
    position = crafted_deal(rules, {"tableau:4": "KS 2D QH 3C 5H 4S 10C", "tableau:5": "AC 5D 9D 6S 8C 7D JH",
                                    "tableau:6": "AD 9S 2C 8H 6C"})
    t4, t6 = pile(rules, "tableau:4"), pile(rules, "tableau:6")
    assert position.down[t4] == 6 and _faces(position, "tableau:4") == "udududu"
    assert not any(m.src == t4 and m.count > 1 for m in position.legal_moves())   # 5H is seen, not free
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES and m.src == t4
                        and m.dst == pile(rules, "tableau:5")))
    # 4S turned up; 5H under it was face up: 5H 4S is now the column's free run
    assert _faces(position, "tableau:4") == "ududuu" and position.down[t4] == 4
    assert any(m.src == t4 and m.dst == t6 and m.count == 2 for m in position.legal_moves())
    position.undo()
    assert position.key() == before and position.down[t4] == 6


def test_unseen_cards_are_the_face_down_ones_only():
    position = deal_seed(load_rules("legion"), 2)
    places = unseen_places(position, Memory())
    assert places and all(position.is_face_down(p, i) for p, i in places)
    assert len(places) == sum(_faces(position, f"tableau:{i}").count("d") for i in range(1, 9))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_keeps_the_pack_and_undoes_exactly(seed):
    rng = random.Random(seed)
    played_and_undone(load_rules("legion"), seed, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("legion"), 1), max_positions=2000).search == "exhaustive"


def test_show_says_how_the_columns_are_dealt():
    code, out, _ = run_cli("show", "legion")
    assert code == 0 and "dealt face up, down, up, down, up, down, up, deepest first" in out


@pytest.mark.parametrize("faces, expected", [
    ("[up, down, up]", "lists 3 faces; expected one per card dealt to the group's fullest pile (7)"),
    ("[up, down, up, down, up, down, down]", "top card (7) would be face down"),
])
def test_bad_faces_are_refused_in_one_line(tmp_path, faces, expected):
    assert expected in validate_refusal(
        tmp_path, f"extends: legion\nname: bad\npiles:\n  tableau: {{faces: {faces}}}\n")


def test_faces_and_face_up_together_are_refused(tmp_path):
    assert "give faces, or face_up / face_down, not both" in validate_refusal(
        tmp_path, "extends: legion\nname: both\npiles:\n  tableau: {face_up: 1}\n")
