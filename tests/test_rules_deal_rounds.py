"""A stock that deals several rows in one move (``stock: {deal: GROUP, rounds: N}``, PySolFC's
TheSpark_Talon: three rounds of one card onto each waste pile)."""
from __future__ import annotations

from patience_core.model.moves import DEAL_ROW
from patience_core.variants.catalog import load_rules
from conftest import rules_from_text, c, pile, position_of, run_cli, validate_refusal
from endings import agrees_with_the_oracle


def test_one_move_deals_three_rows_round_the_waste_piles():
    rules = load_rules("the-spark")
    position = position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C 8C"}, rest="tableau:1")
    before = position.key()
    (deal,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    assert deal.count == 6
    position.apply(deal)
    assert position.piles[pile(rules, "wastes:1")][-3:] == [c("8C"), c("6C"), c("4C")]
    assert position.piles[pile(rules, "wastes:2")][-3:] == [c("7C"), c("5C"), c("3C")]
    assert position.piles[rules.stock] == [c("2C")]
    (last,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    assert last.count == 1   # the last deal goes as far as the stock
    position.undo()
    assert position.key() == before


SMALL = """
name: small-spark
title: Small Spark
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 1, build: {rank: down, suit: same}, moves: card, empty: any}
  wastes: {kind: reserve, count: 2, cards: 3}
stock: {deal: wastes, rounds: 3}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau, wastes]
"""


def test_the_compiled_search_agrees_with_the_oracle(tmp_path):
    """The Spark's deal on a small layout the oracle can search to the end."""
    rules = rules_from_text(tmp_path, SMALL)
    assert agrees_with_the_oracle(rules, [(seed, rest) for seed in range(1, 5) for rest in (12, 18)]) >= 12


def test_show_says_three_rows():
    code, out, _ = run_cli("show", "the-spark")
    assert code == 0 and "deals 3 rows at a time" in out


def test_rounds_need_a_stock_that_deals_rows(tmp_path):
    text = validate_refusal(tmp_path, """
name: x
title: X
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 3, build: {rank: down, suit: any}, empty: any}
stock: {rounds: 2}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
""")
    assert "stock.rounds" in text
