"""Thirty-Six (PySolFC 327): after each row of the deal, an Ace on top of a column goes to the
foundations at once, again and again, leaving its column a card short (ThirtySix._fillOne)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.deal import deal_by_order
from conftest import cs, names


def test_an_ace_on_top_after_a_row_goes_up_and_the_next_row_covers_what_was_under_it():
    rules = load_rules("thirty-six")
    first_row = cs("AH 2C 3C 4C 5C 6C")
    second_row = cs("7C AS 8C 9C 10C JC")
    rest = sorted((c for c in rules.pack if c not in first_row + second_row), key=lambda c: c % 13 == 0)
    piles = deal_by_order(rules, first_row + second_row + rest)
    up = [names(piles[f]) for f in rules.foundations if piles[f]]
    assert sorted(up) == [["AH"], ["AS"]]
    t1, t2 = (piles[rules.pile_index(f"tableau:{n}")] for n in (1, 2))
    assert names(t1[:1]) == ["7C"] and names(t2[:1]) == ["2C"]      # AH left before 7C came; AS left on 2C
    assert len(t1) == len(t2) == 5


def test_an_ace_uncovered_by_an_ace_going_up_goes_up_too():
    rules = load_rules("thirty-six")
    rows = cs("AH 2C 3C 4C 5C 6C") + cs("AD 7C 8C 9C 10C JC")
    rest = sorted((c for c in rules.pack if c not in rows), key=lambda c: c % 13 == 0)
    piles = deal_by_order(rules, rows + rest)
    assert sorted(names(piles[f][0] for f in rules.foundations if piles[f])) == ["AD", "AH"]


def test_citadel_deals_a_fitting_card_onto_its_foundation_and_the_pile_misses_its_turn():
    """Citadel (PySolFC 145): Aces set out; a dealt card that fits a foundation goes there."""
    rules = load_rules("citadel")
    order = cs("2C 5H 9S") + [c for c in rules.pack if c % 13 != 0 and c not in cs("2C 5H 9S")]
    piles = deal_by_order(rules, order)
    clubs = next(f for f in rules.foundations if piles[f] and piles[f][0] == cs("AC")[0])
    assert names(piles[clubs])[:2] == ["AC", "2C"]
    t1, t2 = (piles[rules.pile_index(f"tableau:{n}")] for n in (1, 2))
    assert names(t2[:1]) == ["5H"] and names(t1[:1]) != ["2C"]
    assert sum(len(piles[p]) for p in rules.groups["tableau"]) + sum(len(piles[f]) for f in rules.foundations) == 52
