"""Runs limited by their stretches of one suit (``limit: suit-segments``, PySolFC's
SuperMoveSpider_RowStack in Simple Simon): (free cells + 1) x 2^(empty columns), the
destination not counted, caps the run's stretches of one suit, not its cards."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import suit_segments
from conftest import all_face_up, cs, pile_moves_named, position_of, refusal, run_cli, validate_refusal


def _position(piles):
    rules = load_rules("simple-simon")
    return rules, all_face_up(position_of(rules, piles, rest=None))


def test_stretches_of_one_suit_are_counted():
    assert suit_segments(cs("KS QS JS")) == 1
    assert suit_segments(cs("9S 8S 7H 6H 5C")) == 3
    assert suit_segments([]) == 0


def test_a_run_in_one_suit_moves_whatever_its_length():
    # no empty column and no free cell: a supermove would move one card, this a whole suit run
    layout = {"tableau:1": "AD 9S 8S 7S 6S 5S", "tableau:2": "2C 10H",
              **{f"tableau:{i}": r for i, r in zip(range(3, 11), ["2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D"])}}
    rules, position = _position(layout)
    assert ("tableau:1", "tableau:2", 5) in pile_moves_named(position)


def test_two_stretches_need_one_empty_column_besides_the_destination():
    layout = {"tableau:1": "KD 9S 8S 7H 6H", "tableau:2": "AC 10D", "tableau:3": "",
              **{f"tableau:{i}": r for i, r in zip(range(4, 11), ["2C", "3C", "4C", "5C", "6C", "7C", "8C"])}}
    rules, position = _position(layout)
    moves = pile_moves_named(position)
    # one empty column: 2^1 = 2 stretches onto a card; into the empty column itself, 2^0 = 1
    assert ("tableau:1", "tableau:2", 4) in moves
    assert ("tableau:1", "tableau:3", 2) in moves and ("tableau:1", "tableau:3", 4) not in moves
    # with no empty column the two stretches do not move onto a card; a FreeCell supermove
    # would (four cards with no empty column and no free cell: no), so a run of one suit does
    layout["tableau:3"] = "9C"
    rules, position = _position(layout)
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 4) not in moves and ("tableau:1", "tableau:2", 2) not in moves
    assert "2 stretches in one suit cannot move at once" in refusal(position, "9S", "tableau:1", "tableau:2")


def test_the_number_counts_stretches_not_cards():
    # Eleven cards in two stretches move with one empty column; a supermove would need far more.
    layout = {"tableau:1": "QS JS 10S 9S 8S 7S 6H 5H 4H 3H 2H", "tableau:2": "KH", "tableau:3": "",
              **{f"tableau:{i}": r for i, r in zip(range(4, 11), ["AC", "2C", "3C", "4C", "5C", "6C", "7C"])}}
    rules, position = _position(layout)
    assert ("tableau:1", "tableau:2", 11) in pile_moves_named(position)


def test_show_says_so():
    code, out, _ = run_cli("show", "simple-simon")
    assert code == 0 and "made of at most 2^(empty columns) stretches in one suit" in " ".join(out.split())


def test_refused_without_run_moves(tmp_path):
    text = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down}, moves: card, limit: suit-segments}
foundations: {home: {base: A, length: 13, count: 4}}
deal: [tableau]
"""
    assert "limits run moves; expected moves: run" in validate_refusal(tmp_path, text)
