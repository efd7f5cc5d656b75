"""A stock that first drops the cards it deals onto onto another group (``stock: {deal: reserve,
drop_onto: tableau}``, PySolFC's Trapdoor_Talon): each reserve card goes onto the column of the
same number, whatever the card, then a row is dealt to the reserve places."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW
from patience_core.solver.solve import solve_position
from conftest import pile_cards, played_and_undone, position_of, run_cli, validate_refusal


def _deal(position):
    (move,) = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    position.apply(move)
    return move


def test_each_reserve_card_drops_onto_its_column_then_a_row_goes_to_the_reserve():
    rules = load_rules("trapdoor")
    layout = {f"tableau:{i}": "" for i in range(1, 9)}
    layout.update({"tableau:1": "9S", "tableau:2": "KH", "reserve:1": "2D", "reserve:3": "QC",
                   "stock": "3C 4C 5C 6C 7C 8C 9C 10C JC"})
    layout.update({f"reserve:{i}": "" for i in (2, 4, 5, 6, 7, 8)})
    position = position_of(rules, layout, rest="tableau:8")
    start = position.key()
    assert _deal(position).count == 8
    # 2D onto 9S though it does not build on it; an empty reserve drops nothing
    assert pile_cards(position, "tableau:1") == ["9S", "2D"] and pile_cards(position, "tableau:2") == ["KH"]
    assert pile_cards(position, "tableau:3") == ["QC"]
    assert [pile_cards(position, f"reserve:{i}") for i in range(1, 9)] == [[c] for c in
                                                                             "JC 10C 9C 8C 7C 6C 5C 4C".split()]
    assert pile_cards(position, "stock") == ["3C"]
    position.undo()
    assert position.key() == start
    assert pile_cards(position, "reserve:1") == ["2D"] and not position.piles[rules.pile_index("reserve:2")]


def test_the_deal_puts_one_card_on_each_reserve():
    for name, reserves in (("trapdoor", 8), ("trapdoor-spider", 10)):
        position = deal_seed(load_rules(name), 1)
        assert all(len(position.piles[p]) == 1 for p in position.rules.groups["reserve"])
        assert len(position.rules.groups["reserve"]) == reserves


@pytest.mark.parametrize("name", ["trapdoor", "trapdoor-spider"])
def test_random_play_keeps_the_pack_and_undoes_exactly(name):
    rng = random.Random(3)
    played_and_undone(load_rules(name), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_and_solve():
    code, out, _ = run_cli("show", "trapdoor")
    assert code == 0 and ("Before each deal, the top card of each pile of reserve goes onto the pile of "
                          "tableau of the same number, whatever the card.") in " ".join(out.split())
    assert solve_position(deal_seed(load_rules("trapdoor"), 1), max_positions=500).search == "exhaustive"


@pytest.mark.parametrize("base, stock", [("trapdoor", "{deal: reserve, drop_onto: reserve}"),
                                         ("klondike", "{drop_onto: tableau}"),
                                         ("trapdoor", "{deal: reserve, drop_onto: tableau, deal_when: no-gap}"),
                                         ("trapdoor", "{deal: reserve, drop_onto: foundation}")])
def test_drop_onto_nonsense_is_refused(tmp_path, base, stock):
    out = validate_refusal(tmp_path, f"extends: {base}\nname: bad\nstock: {stock}\n")
    assert "stock.drop_onto:" in out


def test_a_group_of_another_size_is_refused(tmp_path):
    out = validate_refusal(tmp_path, "extends: trapdoor\nname: bad\npiles: {reserve: {count: 7}}\n")
    assert "stock.drop_onto: drops each pile the stock deals to onto the pile of the same number" in out
