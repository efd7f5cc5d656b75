"""The stock's last cards dealt with the row before them (``stock.last_row_at_once``, PySolFC's
Jane_Talon): Jane's stock deals rows of seven onto its reserve piles, and the deal that leaves
two cards turns them up in the same move, one onto the waste and one left free on the stock
(here the two places of its ``last`` group)."""
from __future__ import annotations

import random


from patience_core import deal_seed, load_rules
from patience_core.model.legal import free_cards
from patience_core.model.moves import DEAL_ROW
from conftest import played_and_undone, run_cli, validate_refusal


def _deal(position):
    (move,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.apply(move)
    return move


def test_the_second_row_also_lays_out_the_last_two_cards():
    position = deal_seed(load_rules("jane"), 1)
    rules = position.rules
    reserves, last = rules.groups["reserve"], rules.groups["last"]
    assert len(position.piles[rules.stock]) == 16
    _deal(position)
    assert len(position.piles[rules.stock]) == 9 and not any(position.piles[p] for p in last)
    stock = list(position.piles[rules.stock])
    start = position.key()
    _deal(position)
    assert not position.piles[rules.stock]
    assert [position.piles[p][-1] for p in reserves] == stock[::-1][:7]   # the top card onto reserve 1
    assert [position.piles[p] for p in last] == [[stock[1]], [stock[0]]]   # then last:1, then last:2
    assert not [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.undo()
    assert position.key() == start


def test_the_last_cards_are_free():
    position = deal_seed(load_rules("jane"), 1)
    rules = position.rules
    _deal(position)
    _deal(position)
    free = set(free_cards(position))
    for p in rules.groups["last"]:
        assert (p, position.piles[p][-1]) in free


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(4)
    played_and_undone(load_rules("jane"), 3, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def test_show_says_it():
    assert "puts them onto those in the same move" in run_cli("show", "jane")[1]


def test_at_once_without_last_row_to_is_refused(tmp_path):
    text = "extends: agnes-bernauer\nname: bad\nstock: {deal: reserve, last_row_at_once: true}\n"
    assert "stock.last_row_at_once" in validate_refusal(tmp_path, text)
