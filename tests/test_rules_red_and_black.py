"""Red and Black (PySolFC game 126): foundations built by a rule from a fixed base, the
eight Aces set out, then up in alternating colours whatever the suit (``base: A`` with
``build:``); a foundation's top card may come back."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from conftest import c, position_of
from endings import agrees_with_the_oracle


@pytest.fixture(scope="module")
def rules():
    return load_rules("red-and-black")


def test_the_aces_are_set_out_one_per_foundation_in_its_suit(rules):
    assert [rules.pile_names[f] for f, _card in rules.setout] == [f"foundation:{n}" for n in range(1, 9)]
    assert [card for _f, card in rules.setout] == [c(x) for x in "AC AD AH AS AC AD AH AS".split()]


def test_up_in_alternating_colours_from_the_ace(rules):
    position = position_of(rules, {"tableau:1": "2H", "tableau:2": "2S", "tableau:3": "3C",
                                   "foundation:1": "AC"})
    f1 = rules.pile_index("foundation:1")
    wanted = set(position.wanted(f1))
    assert c("2H") in wanted and c("2D") in wanted and c("2S") not in wanted and c("2C") not in wanted
    assert c("3C") not in wanted


def test_an_empty_pile_starts_only_with_its_ace(rules):
    f1 = rules.pile_index("foundation:1")
    assert rules.f_first[f1] == (c("AC"),)


def test_a_build_rule_from_the_dealt_rank_starts_every_pile_with_it(tmp_path):
    """``base: deal`` with a build rule (once refused) builds from the dealt card's rank; Blondes and
    Brunettes ship it (tests/test_rules_terrace.py)."""
    from patience_core import deal_seed
    from patience_core.variants.catalog import load_rules as load
    text = (tmp_path / "x.yaml")
    text.write_text("""name: x
title: X
decks: 1
piles:
  t: {kind: tableau, count: 4, cards: 1, build: {rank: down, suit: alternate}, moves: run}
foundations:
  home: {base: deal, build: {rank: up, suit: alternate}, length: 13, suits: any, count: 4}
deal: [t, home]
""")
    rules = load(file=text)
    position = deal_seed(rules, 1)
    base = position.piles[rules.foundations[0]][0]
    assert {card % 13 for card in position.wanted(rules.foundations[1])} == {base % 13}


def test_the_compiled_search_agrees_with_the_oracle(tmp_path):
    """Without worrying back (with it, eight foundation tops and empty columns make even
    three-card endings too large for the exhaustive oracle)."""
    from patience_core.variants.catalog import load_rules as load
    path = tmp_path / "red-and-black-no-worry.yaml"
    path.write_text("name: red-and-black-no-worry\nextends: red-and-black\n"
                    "foundations: {home: {worry: false}}\n")
    rules = load(file=path)
    assert agrees_with_the_oracle(rules, ((1, 4), (2, 6), (3, 8), (4, 10), (5, 6), (6, 8))) >= 4
