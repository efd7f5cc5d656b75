"""A stock that deals onto the gaps first (``stock: {deal: GROUP, onto: gaps-first}``, PySolFC's
RussianAces_Talon): one card onto each empty pile when there is one, else one onto every pile."""
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


def test_a_deal_goes_only_onto_the_gaps_when_there_are_any():
    rules = load_rules("russian-aces")
    position = position_of(rules, {"tableau:1": "5S", "tableau:2": "", "tableau:3": "9D 8H",
                                   "tableau:4": "", "stock": "2C 3C 4C"}, rest="tableau:1")
    start = position.key()
    move = _deal(position)
    assert move.count == 2
    assert pile_cards(position, "tableau:2") == ["4C"] and pile_cards(position, "tableau:4") == ["3C"]
    assert pile_cards(position, "tableau:3") == ["9D", "8H"]
    assert pile_cards(position, "stock") == ["2C"]
    position.undo()
    assert position.key() == start


def test_with_no_gap_a_deal_goes_onto_every_pile_as_far_as_the_stock_goes():
    rules = load_rules("russian-aces")
    position = position_of(rules, {"tableau:2": "5S", "tableau:3": "9D", "tableau:4": "8H",
                                   "stock": "2C 3C"}, rest="tableau:1")
    start = position.key()
    assert _deal(position).count == 2
    assert pile_cards(position, "tableau:1")[-1] == "3C" and pile_cards(position, "tableau:2") == ["5S", "2C"]
    assert pile_cards(position, "tableau:3") == ["9D"]
    position.undo()
    assert position.key() == start


def test_aces_up_still_deals_onto_every_pile_over_a_gap():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "", "tableau:2": "5S", "tableau:3": "9D",
                                   "tableau:4": "8H", "stock": "2C 3C 4C 5C"}, rest="tableau:2")
    assert _deal(position).count == 4


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(5)
    played_and_undone(load_rules("russian-aces"), 3,
                      lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_and_solve():
    code, out, _ = run_cli("show", "russian-aces")
    assert code == 0 and ("a deal puts one card onto each empty pile of tableau, or onto every pile when "
                          "none is empty") in " ".join(out.split())
    assert solve_position(deal_seed(load_rules("russian-aces"), 1), max_positions=500).search == "exhaustive"


@pytest.mark.parametrize("extra", ["deal_when: no-gap", "rounds: 2"])
def test_gaps_first_with_deal_when_or_rounds_is_refused(tmp_path, extra):
    out = validate_refusal(tmp_path, f"extends: russian-aces\nname: bad\nstock: {{deal: tableau, onto: gaps-first, {extra}}}\n")
    assert "stock.onto: gaps-first deals onto the gaps" in out


def test_gaps_first_without_rows_is_refused(tmp_path):
    out = validate_refusal(tmp_path, "extends: klondike\nname: bad\nstock: {onto: gaps-first}\n")
    assert "stock.onto:" in out
