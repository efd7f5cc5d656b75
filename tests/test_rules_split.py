"""Piles formed by the deal (``split``, PySolFC's katzenschwanz.py): the pack is dealt in order
onto one pile at a time, a card of the ``before`` rank starting the next pile (Cat's Tail's
Kings, unless the current pile is still empty) or one of the ``after`` rank ending its pile
(Kentish's Aces); ``first``/``last`` move the pack's last card of a rank to its top/bottom
first, as PySolFC's shuffle hooks do (Kings, Kentish)."""
from __future__ import annotations

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.deal import start_position
from conftest import c, cs, run_cli, validate_refusal


def _columns(rules, position):
    return [position.piles[p] for p in rules.groups["tableau"]]


def _flat(columns):
    return [card for column in columns for card in column]


@pytest.mark.parametrize("seed", range(1, 15))
def test_cats_tail_deals_the_pack_in_order_each_king_starting_a_column(seed):
    rules = load_rules("cats-tail")
    position = deal_seed(rules, seed)
    columns = _columns(rules, position)
    assert not position.piles[rules.stock]
    assert sum(map(len, columns)) == 104
    for n, column in enumerate(columns):
        kings = [i for i, card in enumerate(column) if card % 13 == 12]
        assert kings in ([], [0]) or (n == 0 and kings == [0])   # a King only at a column's foot
        if n and column:
            assert column[0] % 13 == 12 and columns[n - 1]    # started by a King, after a held column


def test_a_king_dealt_first_stays_in_the_first_column():
    rules = load_rules("cats-tail")
    order = cs("KH 5C KS") + [card for card in rules.pack if card not in (c("KH"), c("5C"), c("KS"))] \
        + [c("KH"), c("5C"), c("KS")]
    order = order[:104]
    position = start_position(rules, order)
    columns = _columns(rules, position)
    assert columns[0] == cs("KH 5C") and columns[1][0] == c("KS")
    assert _flat(columns) == order


def test_kings_moves_the_packs_last_king_to_the_top():
    rules = load_rules("kings")
    order = [card for card in rules.pack]
    last_king = max(i for i, card in enumerate(order) if card % 13 == 12)
    position = start_position(rules, list(order))
    columns = _columns(rules, position)
    assert columns[0][0] == order[last_king]
    assert _flat(columns) == [order[last_king]] + order[:last_king] + order[last_king + 1:]
    assert all(column and column[0] % 13 == 12 for column in columns)   # eight Kings, eight columns


@pytest.mark.parametrize("seed", range(1, 10))
def test_kentish_ends_every_column_with_an_ace(seed):
    rules = load_rules("kentish")
    columns = _columns(rules, deal_seed(rules, seed))
    assert sum(map(len, columns)) == 104
    for column in columns:
        assert column[-1] % 13 == 0 and all(card % 13 for card in column[:-1])


def test_snake_sends_the_aces_up_as_they_are_dealt():
    rules = load_rules("snake")
    for seed in range(1, 10):
        position = deal_seed(rules, seed)
        assert all(len(position.piles[f]) == 1 for f in rules.foundations)
        assert not any(card % 13 == 0 for card in _flat(_columns(rules, position)))


def test_show_says_how_the_columns_form():
    code, out, _ = run_cli("show", "kentish")
    text = " ".join(out.split())
    assert code == 0 and "each A ending its pile" in text and "last A is moved to its bottom" in text
    code, out, _ = run_cli("show", "kings")
    text = " ".join(out.split())
    assert "each K starting the next pile (unless the current one is still empty)" in text
    assert "there is no stock" in text


_BASE = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 5, build: {rank: down, suit: any}, moves: card, empty: any, split: SPLIT}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4}
deal: [tableau]
"""


@pytest.mark.parametrize("split, words", [
    ("{before: K, after: A}", "neither or both of before and after"),
    ("{first: K}", "neither or both of before and after"),
    ("{before: K, first: K, last: A}", "expected first or last, not both"),
    ("{before: X}", "split.before"),
])
def test_nonsense_splits_are_refused(tmp_path, split, words):
    assert words in validate_refusal(tmp_path, _BASE.replace("SPLIT", split))


def test_too_few_piles_for_the_ranks_cards(tmp_path):
    text = _BASE.replace("SPLIT", "{before: Q}").replace("count: 5", "count: 4")
    assert "may form 5 piles, but the group has 4; expected at least 5" in validate_refusal(tmp_path, text)


def test_a_split_group_takes_the_rest_so_it_comes_last(tmp_path):
    text = _BASE.replace("SPLIT", "{before: K}").replace("deal: [tableau]", "deal: [tableau, cells]").replace(
        "foundations:", "  cells: {kind: cell, count: 2, cards: 1}\nfoundations:")
    assert "expected it last in deal" in validate_refusal(tmp_path, text)


def test_a_split_group_must_be_formed_by_the_deal_or_the_stock(tmp_path):
    text = _BASE.replace("SPLIT", "{before: K}").replace("deal: [tableau]", "deal: []")
    assert "neither the deal" in validate_refusal(tmp_path, text)


def test_a_card_of_the_split_rank_that_goes_up_still_starts_the_next_column():
    rules = load_rules("xerxes")   # each 9 goes onto the next foundation and starts a column
    nines = [card for card in rules.pack if card % 13 == 8]
    rest = [card for card in rules.pack if card % 13 != 8]
    order = [rest[0], rest[1], nines[1], rest[2]] + nines[2:] + rest[3:] + [nines[0]]   # the last 9 goes first
    position = start_position(rules, order)
    columns = _columns(rules, position)
    assert columns[0] == rest[:2] and columns[1] == [rest[2]]
    assert [position.piles[f] for f in rules.foundations[:2]] == [[nines[0]], [nines[1]]]
    code, out, _ = run_cli("show", "xerxes")
    assert "a card of the split rank that goes up still starts the next pile" in " ".join(out.split())
