"""A foundation that takes only a pile's whole stack of two cards or more at once, in any order
(``takes: pile``): PySolFC's AllInARowII_Foundation (golf.py) takes the reserve's cards only all
together, never a lone card, and from the reserve only (``takes_from``)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import TO_FOUNDATION
from conftest import pile, pile_cards, played_and_undone, position_of, run_cli, validate_refusal


def _ups(position):
    return [(position.rules.pile_names[m.src], m.count) for m in position.legal_moves() if m.kind is TO_FOUNDATION]


def test_the_whole_reserve_goes_up_at_once_and_comes_back_on_undo():
    rules = load_rules("all-in-a-row-ii")
    position = position_of(rules, {"reserve:1": "QS KD AC 2H", "tableau:1": "5C"}, rest="tableau:2")
    assert _ups(position) == [("reserve:1", 4)]          # not a column's card, not part of the reserve
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION))
    assert pile_cards(position, "foundation:1") == ["QS", "KD", "AC", "2H"] and not pile_cards(position, "reserve:1")
    assert position.on_foundations == 4
    position.undo()
    assert position.key() == before


def test_a_lone_card_never_goes_up():
    rules = load_rules("all-in-a-row-ii")
    position = position_of(rules, {"reserve:1": "9D", "foundation:1": "KC QC", "tableau:1": "10S"}, rest="tableau:2")
    assert _ups(position) == []
    assert any(m.dst == pile(rules, "reserve:1") for m in position.legal_moves())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("all-in-a-row-ii")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_it():
    code, out, _err = run_cli("show", "all-in-a-row-ii")
    assert code == 0 and "takes only a pile's whole stack of two cards or more at once, in any order" in out


def test_a_pile_foundation_built_by_a_rank_rule_is_refused(tmp_path):
    text = (_ROOT := """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 13, cards: 4}
  reserve: {kind: reserve, title: R, count: 1, build: {rank: up, suit: any, wrap: true}, moves: pile, empty: any}
foundations:
  home: {base: any, build: BUILD, length: 52, suits: regardless, count: 1, takes: pile, takes_from: [reserve]}
deal: [tableau]
""")
    path = tmp_path / "good.yaml"
    path.write_text(_ROOT.replace("BUILD", "{rank: any, suit: any}"))
    assert run_cli("validate", str(path))[0] == 0
    out = validate_refusal(tmp_path, text.replace("BUILD", "{rank: up, suit: any}"))
    assert "expected build: {rank: any, suit: any}" in out
