"""A pile's second build rule waiting for a state of its own (``build: {..., or: {RULE, when:
STATE}}``): PySolFC's FaerieQueen_RowStack (katzenschwanz.py) takes nothing while the stock
lasts; then a column builds down regardless of suit, or takes any card while its King is alone.
The first rule does not wait for the second's state; the pile's own ``when`` holds for both."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.legal import accepts
from patience_core.model.moves import DEAL_ROW
from patience_core.model.notation import why_not
from conftest import c, pile, played_and_undone, position_of, run_cli, validate_refusal


def _faerie(piles: dict[str, str], rest: str | None = None):
    rules = load_rules("faerie-queen")
    return rules, position_of(rules, piles, rest=rest)


def _moves(rules, position):
    return {(rules.pile_names[m.src], rules.pile_names[m.dst], m.card) for m in position.legal_moves()
            if m.kind is not DEAL_ROW}


def test_a_lone_king_takes_any_card_once_the_stock_is_empty():
    rules, position = _faerie({"tableau:1": "KC", "tableau:2": "KD 5S"})
    assert accepts(position, pile(rules, "tableau:1"), c("5S"))
    assert ("tableau:2", "tableau:1", c("5S")) in _moves(rules, position)


def test_a_longer_column_builds_down_regardless_of_suit_only():
    rules, position = _faerie({"tableau:1": "KC 9H", "tableau:2": "KD 8S", "tableau:3": "KH 5C"})
    nine = pile(rules, "tableau:1")
    assert accepts(position, nine, c("8S")) and accepts(position, nine, c("8H"))
    assert not accepts(position, nine, c("5C")) and not accepts(position, nine, c("10S"))
    moves = _moves(rules, position)
    assert ("tableau:2", "tableau:1", c("8S")) in moves and ("tableau:3", "tableau:1", c("5C")) not in moves


def test_a_king_on_a_king_takes_only_a_queen():
    # the second rule waits for the pile holding one card, not for a King on top
    rules, position = _faerie({"tableau:1": "KC KS", "tableau:2": "KD QH", "tableau:3": "KH 5C"})
    top = pile(rules, "tableau:1")
    assert accepts(position, top, c("QH")) and not accepts(position, top, c("5C"))


def test_nothing_goes_on_a_column_while_the_stock_lasts():
    rules, position = _faerie({"tableau:1": "KC", "tableau:2": "KD 5S", "tableau:3": "KH 4C"}, rest="stock")
    assert not accepts(position, pile(rules, "tableau:1"), c("5S"))
    assert not accepts(position, pile(rules, "tableau:2"), c("4C"))
    assert not any(dst.startswith("tableau") for _src, dst, _card in _moves(rules, position))


def test_a_refused_card_is_explained_by_the_rule_that_holds_now():
    rules, position = _faerie({"tableau:1": "KC 9H", "tableau:2": "KD 5S"})
    why = why_not(position, pile(rules, "tableau:2"), pile(rules, "tableau:1"), c("5S"))
    assert "builds down regardless of suit;" in why and "in any rank order" not in why


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("faerie-queen")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_when_the_second_rule_holds():
    code, out, _err = run_cli("show", "faerie-queen")
    text = " ".join(out.split())
    assert code == 0
    assert ("built down regardless of suit, or, only when the pile holds exactly one card, in any rank order "
            "regardless of suit (only when the stock is empty)") in text


_BAD = """\
name: bad
title: Bad
decks: 1
piles:
  tableau:
    kind: tableau
    title: Tableau
    count: 7
    cards: [1, 2, 3, 4, 5, 6, 7]
    build: {rank: down, suit: alternate, or: {rank: any, when: {empty: stock}}}
    moves: MOVES
stock: {draw: 1}
foundations:
  home: {base: A, length: 13, count: 4, suits: fixed}
deal: [tableau]
"""


def test_the_base_file_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(_BAD.replace("MOVES", "card"))
    assert run_cli("validate", str(path))[0] == 0


def test_a_waiting_second_rule_with_runs_judged_by_the_build_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _BAD.replace("MOVES", "run"))
    assert "build.or.when" in out and "expected moves: card, or a run: rule of its own" in out


def test_a_foundation_second_rule_takes_no_when(tmp_path):
    text = _BAD.replace("MOVES", "card").replace(
        "home: {base: A, length: 13, count: 4, suits: fixed}", "home: {base: A, length: 13, count: 4, suits: fixed, build: {rank: up, or: {rank: down, "
                                        "when: {empty: stock}}}}")
    out = validate_refusal(tmp_path, text)
    assert "foundations.home.build" in out
