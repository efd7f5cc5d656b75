"""A stock whose last cards, one for each pile of another group, are dealt onto that group
(``stock.last_row_to``, PySolFC's Carthage_Talon: two rows onto the reserves a move, but the
columns' row once the stock holds as many cards as there are columns): Algerian Patience."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW
from patience_core.solver.solve import solve_position
from conftest import played_and_undone, run_cli, validate_refusal


def _deal(position):
    (move,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.apply(move)
    return move


@pytest.mark.parametrize("name, reserve_deals", [("algerian-patience", 4), ("algerian-patience-3-decks", 5)])
def test_two_rows_onto_the_reserves_then_the_last_cards_onto_the_columns(name, reserve_deals):
    position = deal_seed(load_rules(name), 1)
    rules = position.rules
    reserves, columns = rules.groups["reserve"], rules.groups["tableau"]
    start = position.key()
    for _ in range(reserve_deals):
        before = [list(position.piles[p]) for p in columns]
        assert _deal(position).count == 2 * len(reserves)
        assert [position.piles[p] for p in columns] == before
    stock = list(position.piles[rules.stock])
    assert len(stock) == len(columns)
    move = _deal(position)
    assert move.count == len(columns) and move.dst == columns[0]
    assert [position.piles[p][-1] for p in columns] == stock[::-1]   # the top card onto column 1
    assert all(len(position.piles[p]) == 6 + 2 * reserve_deals for p in reserves)
    while position.history:
        position.undo()
    assert position.key() == start


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(11)
    played_and_undone(load_rules("algerian-patience"), 5,
                      lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_and_solve():
    code, out, _ = run_cli("show", "algerian-patience")
    assert code == 0 and ("When the stock holds one card for each pile of tableau, the next deal puts them "
                          "onto those instead") in " ".join(out.split())
    assert solve_position(deal_seed(load_rules("algerian-patience"), 1), max_positions=500).search == "exhaustive"


def test_last_row_to_the_dealt_group_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: algerian-patience\nname: bad\nstock: {last_row_to: reserve}\n")
    assert "stock.last_row_to: deals the stock's last cards onto other piles" in out
