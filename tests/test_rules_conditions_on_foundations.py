"""Conditions that name foundations: ``foundations`` (every one), a foundation group by its id,
or one pile (Precedence: a pile waits for the one before it; Castles End: the rows take nothing
until a foundation holds a card)."""
from __future__ import annotations

from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import pile, position_of, run_cli, validate_refusal


def _homeward(position):
    return {(position.rules.pile_names[m.dst], m.card) for m in position.legal_moves() if m.kind is TO_FOUNDATION}


def test_each_foundation_waits_for_the_one_before_it():
    rules = load_rules("precedence-no-king")
    position = position_of(rules, {"waste": "QH"})
    assert not _homeward(position)   # the Queen pile waits for the King pile
    position = position_of(rules, {"waste": "QH", "foundation:1": "KS"})
    assert {name for name, _ in _homeward(position)} == {"foundation:1", "foundation:2"}   # f2 is open now


def test_the_rows_take_nothing_until_a_foundation_holds_a_card():
    rules = load_rules("castles-end")
    layout = {"tableau:1": "9C", "tableau:2": "8H", "tableau:3": "", "reserve:1": "4D"}
    closed = position_of(rules, layout, rest="tableau:10")
    assert not [m for m in closed.legal_moves() if m.kind is BETWEEN_PILES]
    opened = position_of(rules, {**layout, "foundation:1": "2S"}, rest="tableau:10")
    assert any(m.kind is BETWEEN_PILES and m.dst == pile(rules, "tableau:1") for m in opened.legal_moves())


def test_a_group_may_wait_for_a_later_group(tmp_path):
    path = tmp_path / "later.yaml"
    path.write_text("""
name: later
title: Later
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any}, empty: any}
foundations:
  ups: {base: A, length: 6, suits: fixed, count: 4, when: {not_empty: downs}}
  downs: {base: K, step: -1, length: 7, suits: fixed, count: 4}
deal: [tableau]
""")
    rules = load_rules(file=path)
    ups = rules.groups["foundation:ups"]
    assert all(rules.f_spec[f].when is not None and set(rules.f_spec[f].when.piles) == set(rules.groups["foundation:downs"])
               for f in ups)


def test_show_says_what_the_rows_wait_for():
    code, out, _ = run_cli("show", "castles-end")
    assert code == 0 and "only when some pile of foundations holds a card" in out


def test_an_unknown_foundation_name_is_refused(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any}, empty: any}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4, when: {not_empty: hom}}
deal: [tableau]
""")
    assert "foundations.home.when" in text and "hom" in text
