"""Cruel (PySolFC 104): a redeal that gathers the columns and deals them out again, four to a
column, unshuffled (``stock: {gather: {group, per_pile}}``), followed card by card from
PySolFC's Cruel_Talon.dealCards: each row in turn is picked up one card at a time from its top
onto an internal pile; the odd cards (count mod 4) go onto the talon as one block, then blocks
of four, order kept in a block; then each row takes four cards off the talon in turn."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.legal import gathered
from patience_core.model.moves import GATHER
from patience_core.ui.commands import redeal_move
from patience_core.ui.render import rules_text
from conftest import cs, names, position_of


def test_full_columns_of_four_come_back_as_they_were():
    piles = [cs("AH 2H 3H 4H"), cs("5H 6H 7H 8H"), cs("9H 10H")]
    assert gathered(piles, (0, 1, 2), 4) == piles


def test_uneven_columns_deal_as_pysolfc_blocks_them():
    piles = [cs("AH 2H 3H"), cs("5S 6S 7S 8S")]
    # picked up: 3H 2H AH 8S 7S 6S 5S; the odd three (7S 6S 5S) first, then 3H 2H AH 8S on top.
    assert [names(p) for p in gathered(piles, (0, 1), 4)] == [["8S", "AH", "2H", "3H"], ["5S", "6S", "7S"]]


def test_the_redeal_is_a_move_counted_by_redeals_and_undone():
    rules = load_rules("royal-family")   # one redeal
    position = deal_seed(rules, 3)
    before = position.key()
    move = redeal_move(position)
    assert move.kind is GATHER and move.count == sum(len(position.piles[p]) for p in rules.groups["tableau"])
    position.apply(move)
    assert position.redeals_left == 0 and not [m for m in position.legal_moves() if m.kind is GATHER]
    position.undo()
    assert position.key() == before
    assert "picked up in order, each from its top, and dealt out again unshuffled, 4 to a pile" in rules_text(rules)


def test_no_redeal_once_the_layout_is_empty():
    rules = load_rules("cruel")
    position = position_of(rules, {}, rest=None)
    assert not position.legal_moves()


def test_la_belle_lucie_shuffles_its_fans_the_same_way_every_time_and_deals_three_to_a_fan():
    """LaBelleLucie_Talon: pick every fan up, shuffle, deal round i to the first (n + i) // 3 fans."""
    from collections import Counter

    from patience_core.model.legal import gathered_shuffled

    piles = [cs("AH 2H 3H"), cs("4H 5H"), cs("6H"), [], cs("7H 8H 9H 10H")]
    once = gathered_shuffled(piles, (0, 1, 2, 3, 4), 3, 2)
    assert once == gathered_shuffled(piles, (0, 1, 2, 3, 4), 3, 2)
    assert [len(p) for p in once] == [3, 3, 3, 1, 0]
    assert Counter(c for p in once for c in p) == Counter(c for p in piles for c in p)
    assert once != gathered_shuffled(piles, (0, 1, 2, 3, 4), 3, 1)   # the next redeal shuffles anew
    rules = load_rules("la-belle-lucie")
    assert "picked up, shuffled and dealt out again 3 to a pile" in rules_text(rules)
