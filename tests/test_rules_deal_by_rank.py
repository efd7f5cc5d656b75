"""A group dealt by rank (``deal_by: {rank: [...]}``): every card the deal has left goes onto the
pile of its rank, in pack order (PySolFC's LadyOfTheManor.startGame: the talon's cards are
turned one by one onto the reserve of their rank; Archway the same with an Ace pile)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.model.deal import deal_by_order, seeded_order
from conftest import assert_random_play_consistent, names, pile, rules_from_text, run_cli, validate_refusal

BY_RANK = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, title: T, count: 4, cards: 3}
  reserve: {kind: reserve, title: R, count: 13, deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]}}
foundations:
  home: {title: F, base: A, length: 13, suits: fixed, count: 4}
deal: [tableau, reserve]
"""


def _lady_of_the_manor_pysol(order: list[int], tableau: int) -> list[list[int]]:
    """LadyOfTheManor.startGame after the columns: while the talon has cards, its top card goes
    to reserves[rank - 1] (no Ace pile: the Aces are on the foundations)."""
    reserves: list[list[int]] = [[] for _ in range(12)]
    for card in order[tableau:]:
        reserves[card % 13 - 1].append(card)
    return reserves


@pytest.mark.parametrize("seed", [1, 2, 3, 17])
def test_lady_of_the_manor_deals_as_pysolfc(seed):
    rules = load_rules("lady-of-the-manor")
    order = seeded_order(rules, seed)
    piles = deal_by_order(rules, order)
    assert [piles[p] for p in rules.groups["reserve"]] == _lady_of_the_manor_pysol(order, 48)
    assert piles[rules.stock] == []
    assert sum(len(piles[p]) for p in rules.groups["reserve"]) == 48


def test_each_card_goes_to_its_rank_pile_in_pack_order(tmp_path):
    rules = rules_from_text(tmp_path, BY_RANK)
    order = list(rules.pack)   # AC 2C ... KC AD ...: the first twelve go to the columns
    piles = deal_by_order(rules, order)
    reserve = {i + 1: names(piles[pile(rules, f"reserve:{i + 1}")]) for i in range(13)}
    assert reserve[1] == ["AD", "AH", "AS"] and reserve[13] == ["KC", "KD", "KH", "KS"]
    assert reserve[2] == ["2D", "2H", "2S"]
    assert all(card % 13 == i for i, p in enumerate(rules.groups["reserve"]) for card in piles[p])


def test_a_rank_set_out_before_the_deal_needs_no_pile():
    rules = load_rules("lady-of-the-manor")   # its Aces are on the foundations before the deal
    piles = deal_by_order(rules, seeded_order(rules, 5))
    assert all(card % 13 != 0 for p in rules.groups["reserve"] for card in piles[p])


def test_play_stays_consistent():
    assert_random_play_consistent(load_rules("lady-of-the-manor"))
    assert_random_play_consistent(load_rules("archway"))


def test_show_says_which_pile_takes_which_rank():
    code, out, _ = run_cli("show", "archway")
    assert code == 0
    assert "every card left, each onto the pile of its rank (A on 1, 2 on 2," in out
    assert "only the top (last dealt) card is free" in out


@pytest.mark.parametrize("change, words", [
    ('deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]}', None),
    ('deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q]}', "no pile takes K"),
    ('deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, Q]}', "Q is listed twice"),
    ('deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, X]}', "field piles.reserve.deal_by"),
])
def test_refusals_of_the_rank_list(tmp_path, change, words):
    text = BY_RANK.replace('deal_by: {rank: [A, "2", "3", "4", "5", "6", "7", "8", "9", "10", J, Q, K]}', change)
    if words is None:
        (tmp_path / "good.yaml").write_text(text)
        assert run_cli("validate", str(tmp_path / "good.yaml"))[0] == 0
    else:
        assert words in validate_refusal(tmp_path, text)


def test_more_ranks_than_piles_are_refused(tmp_path):
    assert "13 ranks for 12 piles" in validate_refusal(tmp_path, BY_RANK.replace("count: 13", "count: 12"))
