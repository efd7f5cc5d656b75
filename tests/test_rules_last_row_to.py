"""A stock whose last cards, one for each pile of another group, are dealt onto that group
(``stock.last_row_to``, PySolFC's Carthage_Talon: two rows onto the reserves a move, but the
columns' row once the stock holds as many cards as there are columns): Algerian Patience; the
last four cards onto Cone's reserve places, whatever the gaps (its rows wait for none); Irmgard's
last seven cards onto its middle columns, some of the rows' own piles."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW
from patience_core.solver.solve import solve_position
from conftest import pile, pile_cards, played_and_undone, position_of, run_cli, validate_refusal


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


def _stock_moves(position):
    return [m for m in position.legal_moves() if m.kind is DEAL_ROW]


def test_cone_deals_its_last_four_cards_onto_the_reserves_even_with_a_gap():
    rules = load_rules("cone")
    gap = {"tableau:1": "", "tableau:2": "5S 4H", "tableau:7": "9D"}
    position = position_of(rules, {**gap, "stock": "2C 3C 4C 5C"}, rest="tableau:3")
    start = position.key()
    (move,) = _stock_moves(position)
    assert move.count == 4
    position.apply(move)
    assert [pile_cards(position, f"reserve:{i}") for i in range(1, 5)] == [["5C"], ["4C"], ["3C"], ["2C"]]
    assert not position.piles[pile(rules, "tableau:1")] and not position.piles[rules.stock]
    position.undo()
    assert position.key() == start
    # eleven cards: a row for the columns first, which waits while a column is empty
    assert not _stock_moves(position_of(rules, {**gap, "stock": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC"},
                                        rest="tableau:3"))


def test_irmgard_deals_its_last_seven_cards_onto_columns_2_to_8():
    rules = load_rules("irmgard")
    position = position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C 8C"}, rest="tableau:1")
    before = [list(position.piles[p]) for p in rules.groups["tableau"]]
    start = position.key()
    (move,) = _stock_moves(position)
    position.apply(move)
    after = [position.piles[p] for p in rules.groups["tableau"]]
    assert after[0] == before[0] and after[8] == before[8]
    assert [len(a) - len(b) for a, b in zip(after, before)] == [0, 1, 1, 1, 1, 1, 1, 1, 0]
    assert [pile_cards(position, f"tableau:{i}")[-1] for i in range(2, 9)] == ["8C", "7C", "6C", "5C", "4C", "3C", "2C"]
    position.undo()
    assert position.key() == start
    # sixteen cards: a row onto all nine columns
    (move,) = _stock_moves(position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC 2D 3D 4D 5D"},
                                       rest="tableau:1"))
    assert move.count == 9


def test_baroness_deals_its_last_seven_cards_onto_the_columns_and_the_reserves():
    rules = load_rules("baroness")
    position = position_of(rules, {"columns:2": "5S", "stock": "2C 3C 4C 5C 6C 7C 8C"}, rest=None)
    start = position.key()
    (move,) = _stock_moves(position)
    position.apply(move)
    assert [pile_cards(position, f"columns:{i}") for i in range(1, 6)] == [["8C"], ["5S", "7C"], ["6C"], ["5C"], ["4C"]]
    assert [pile_cards(position, f"reserve:{i}") for i in (1, 2)] == [["3C"], ["2C"]]
    position.undo()
    assert position.key() == start
    # twelve cards: five onto the columns alone
    position = position_of(rules, {"stock": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"}, rest=None)
    position.apply(_stock_moves(position)[0])
    assert not any(position.piles[p] for p in rules.groups["reserve"])


@pytest.mark.parametrize("name", ["cone", "irmgard", "baroness"])
def test_random_play_with_a_last_row_undoes_exactly(name):
    rng = random.Random(5)
    played_and_undone(load_rules(name), 2, lambda pos, moves: rng.choice(moves) if moves else None, 600)


def test_show_names_the_last_row_piles():
    code, out, _ = run_cli("show", "irmgard")
    assert code == 0 and "one card for each pile of tableau:2..8, the next deal puts them onto those instead." \
        in " ".join(out.split())
    code, out, _ = run_cli("show", "cone")
    assert "onto those instead, whatever the gaps." in " ".join(out.split())


def test_last_row_to_the_dealt_group_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: algerian-patience\nname: bad\nstock: {last_row_to: [reserve]}\n")
    assert "stock.last_row_to: deals the stock's last cards onto other piles than its rows" in out


@pytest.mark.parametrize("last", ["[tableau:1, tableau:1]", "[waste]", "stock"])
def test_last_row_to_the_stock_or_a_pile_twice_is_refused(tmp_path, last):
    out = validate_refusal(tmp_path, f"extends: algerian-patience\nname: bad\nstock: {{last_row_to: {last}}}\n")
    assert "stock.last_row_to:" in out and "Traceback" not in out
