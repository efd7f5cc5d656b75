"""A gap that takes one rank until a state holds, then any card (``empty: {rank: any, when:
STATE, otherwise: RANK}``), and the state of a count of piles with a given bottom card
(``{based: {in: SET, rank: R, at_least: N}}``): PySolFC's ScorpionTowers_RowStack (spider.py)
takes only a King into a gap until four columns have a King at the bottom, then any card."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import c, pile, played_and_undone, position_of, refusal, run_cli, validate_refusal

THREE_KINGS = {"tableau:1": "KC QC", "tableau:2": "KD", "tableau:3": "KH 2S", "tableau:4": "5S KS",
               "tableau:5": "9D", "tableau:6": "8H 7H"}


def _towers(piles: dict[str, str]):
    rules = load_rules("scorpion-towers")
    return rules, position_of(rules, piles, rest="tableau:7")


def _into_gap(rules, position, gap="tableau:10"):
    d = pile(rules, gap)
    return {(rules.pile_names[m.src], m.count) for m in position.legal_moves() if m.dst == d}


def test_a_gap_takes_only_a_king_while_fewer_than_four_columns_are_king_based():
    rules, position = _towers(THREE_KINGS)   # tableau:4 holds a King, but not at the bottom
    gap = pile(rules, "tableau:10")
    assert accepts(position, gap, c("KS")) and not accepts(position, gap, c("9D"))
    moves = _into_gap(rules, position)
    assert ("tableau:4", 1) in moves and ("tableau:5", 1) not in moves and ("tableau:6", 2) not in moves
    assert "takes only a K until at least 4 piles of tableau have a K at the bottom" in refusal(
        position, "9D", "tableau:5", "tableau:10")


def test_once_four_columns_are_king_based_a_gap_takes_any_card():
    rules, position = _towers({**THREE_KINGS, "tableau:4": "KS"})
    moves = _into_gap(rules, position)
    assert ("tableau:5", 1) in moves and ("tableau:6", 2) in moves and ("tableau:6", 1) in moves


def test_the_count_changes_with_the_moves_and_undo_restores_it():
    rules, position = _towers(THREE_KINGS)
    king = next(m for m in position.legal_moves()
                if m.dst == pile(rules, "tableau:10") and m.src == pile(rules, "tableau:4"))
    position.apply(king)   # the fourth King-based column
    assert ("tableau:5", 1) in _into_gap(rules, position, "tableau:9")
    position.undo()
    assert ("tableau:5", 1) not in _into_gap(rules, position)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("scorpion-towers")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_both_rules_of_the_gap():
    code, out, _err = run_cli("show", "scorpion-towers")
    text = " ".join(out.split())
    assert code == 0 and ("an empty pile takes any card once at least 4 piles of tableau have a K at the bottom, "
                          "and until then a K") in text


_BAD = """\
name: bad
title: Bad
decks: 1
piles:
  tableau:
    kind: tableau
    title: Tableau
    count: 10
    cards: [6, 6, 5, 5, 5, 5, 5, 5, 5, 5]
    build: {rank: down, suit: same}
    moves: run
    empty: {rank: any, when: {based: {in: tableau, rank: RANK, at_least: AT_LEAST}}, otherwise: K}
foundations: {}
win: {sorted: {in: tableau, length: 13}}
deal: [tableau]
"""


def test_the_base_file_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(_BAD.replace("RANK", "K").replace("AT_LEAST", "4"))
    assert run_cli("validate", str(path))[0] == 0


def test_more_piles_than_the_set_has_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("RANK", "K").replace("AT_LEAST", "11"))
    assert "at_least" in out and "expected at_least: 10 or fewer" in out


def test_an_unknown_rank_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("RANK", "Z").replace("AT_LEAST", "4"))
    assert "rank" in out
