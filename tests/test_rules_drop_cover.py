"""Piles laid over each other in rows (PySolFC's Interlock family): a covered pile gives and
takes nothing; a pile lying over others, once emptied, takes no card again; and with
``drop_cover`` the one pile still lying over a pile may drop its whole contents onto it
(Interlock_RowStack.isDropdownMove / dropdownAcceptsCards)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from conftest import (all_face_up, assert_random_play_consistent, pile_moves_named, position_of, run_cli,
                      validate_refusal)

SMALL = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 3, cards: 1, covered_by: {1: [2, 3]}, drop_cover: true,
            build: {rank: down, suit: alternate}, moves: run, empty: K}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


def _interlock(piles: dict[str, str]):
    """An Interlock position: t1 lies under t10 and t11, t10 under t20 and t21; every tableau
    pile not named is empty (the rest of the pack in the stock)."""
    return all_face_up(position_of(load_rules("interlock"), piles))


def test_the_last_cover_drops_its_whole_run_onto_the_pile_under_it():
    position = _interlock({"tableau:1": "7H", "tableau:10": "6S 5H"})
    assert ("tableau:10", "tableau:1", 2) in pile_moves_named(position)
    assert ("tableau:10", "tableau:1", 1) not in pile_moves_named(position)   # never part of it


def test_no_drop_while_another_pile_still_covers():
    position = _interlock({"tableau:1": "7H", "tableau:10": "6S 5H", "tableau:11": "KD"})
    assert not any(dst == "tableau:1" for _src, dst, _n in pile_moves_named(position))


def test_the_drop_follows_the_build_rule_and_the_run_rule():
    assert not any(dst == "tableau:1" for _s, dst, _n in
                   pile_moves_named(_interlock({"tableau:1": "7H", "tableau:10": "6H 5S"})))   # 6H on 7H
    assert not any(dst == "tableau:1" for _s, dst, _n in
                   pile_moves_named(_interlock({"tableau:1": "7H", "tableau:10": "6S 9D"})))   # not one run


def test_any_other_pile_still_cannot_put_a_card_on_a_covered_pile():
    position = _interlock({"tableau:1": "7H", "tableau:10": "6S 5H", "tableau:20": "6C"})
    moves = pile_moves_named(position)
    assert not any(dst in ("tableau:1", "tableau:10") for _s, dst, _n in moves)   # t10 is covered too


def test_love_a_duck_drops_any_face_up_pile_whose_deepest_card_fits():
    position = all_face_up(position_of(load_rules("love-a-duck"), {"tableau:1": "7H", "tableau:10": "6S 9D"}))
    assert ("tableau:10", "tableau:1", 2) in pile_moves_named(position)


def test_the_drop_undoes_exactly():
    position = _interlock({"tableau:1": "7H", "tableau:10": "6S 5H"})
    before = position.key()
    drop = next(m for m in position.legal_moves() if m.count == 2 and position.rules.pile_names[m.dst] == "tableau:1")
    position.apply(drop)
    assert [len(position.piles[position.rules.pile_index(n)]) for n in ("tableau:1", "tableau:10")] == [3, 0]
    position.undo()
    assert position.key() == before


def test_an_emptied_pile_lying_over_others_takes_nothing_but_the_back_row_takes_a_king():
    position = _interlock({"tableau:2": "QD", "tableau:30": "KS", "tableau:29": "KC"})
    moves = pile_moves_named(position)
    assert ("tableau:30", "tableau:1", 1) in moves   # t1 (back row, uncovered) is empty: a King
    assert not any(dst in ("tableau:10", "tableau:20") for _s, dst, _n in moves)


def test_guardians_covered_cards_lie_face_down_until_free():
    rules = load_rules("guardian")
    position = position_of(rules, {"tableau:1": "5H", "tableau:4": "9C", "tableau:5": "8D",
                                   "tableau:8": "QH", "tableau:10": "KS"})
    p1, p4 = rules.pile_index("tableau:1"), rules.pile_index("tableau:4")
    assert position.down[p4] == 1 and position.down[p1] == 1
    before = position.key()
    play = next(m for m in position.legal_moves() if rules.pile_names[m.src] == "tableau:8")
    position.apply(play)   # QH onto KS: nothing lies over t4 now, and its card turns up
    assert position.down[p4] == 0 and position.down[p1] == 1
    position.undo()
    assert position.key() == before and position.down[p4] == 1


def test_supermove_counts_only_the_piles_that_take_a_card_when_empty():
    rules = load_rules("sarlacc")
    assert set(rules.open_columns) == set(rules.groups["tableau"][:10])


@pytest.mark.parametrize("name", ["interlock", "love-a-duck", "sarlacc", "guardian", "flamboyant"])
def test_play_stays_consistent(name):
    assert_random_play_consistent(load_rules(name))


def test_show_says_so():
    code, out, _ = run_cli("show", "interlock")
    assert code == 0
    assert "that pile's whole contents may drop onto it" in out
    assert "a pile lying over others, once emptied, takes nothing" in out


def test_refusals(tmp_path):
    assert "expected covered_by or shape" in validate_refusal(tmp_path, SMALL.replace(" covered_by: {1: [2, 3]},", ""))
    assert "expected a build: rule" in validate_refusal(
        tmp_path, SMALL.replace(" build: {rank: down, suit: alternate}, moves: run,", ""))
    (tmp_path / "good.yaml").write_text(SMALL)
    assert run_cli("validate", str(tmp_path / "good.yaml"))[0] == 0
