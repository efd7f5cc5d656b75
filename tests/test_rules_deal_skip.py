"""A stock whose rows skip the piles holding a run from a King (``stock.skip``): ``king-run``,
a pile whose top run holds a King (PySolFC's FechtersGame_Talon); ``king-pile``, a pile that is
one run from a King at its bottom (Churchill_TalonStack). Runs by the group's run rule, with the
face-down cards counted, as PySolFC's isAlternateColorSequence looks at every card."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.agents.safe import is_safe
from patience_core.model.moves import DEAL_ROW, TO_FOUNDATION, Move
from patience_core.solver.solve import solve_position
from conftest import c, pile, pile_cards, played_and_undone, position_of, run_cli, validate_refusal


def _deal_moves(position):
    return [m for m in position.legal_moves() if m.kind is DEAL_ROW]


def _empty(rules, group):
    return {f"{group}:{i}": "" for i in range(1, len(rules.groups[group]) + 1)}


def test_fechter_skips_a_column_whose_top_run_holds_a_king():
    rules = load_rules("fechters-game")
    layout = {**_empty(rules, "tableau"), "tableau:1": "5S KH QS", "tableau:2": "KC QD 5D",
              "tableau:3": "KD", "tableau:4": "QH JS", "stock": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"}
    position = position_of(rules, layout, rest="tableau:12")
    start = position.key()
    (move,) = _deal_moves(position)
    assert move.count == 10   # twelve columns, two skipped: 1 (K-Q on top) and 3 (a lone K)
    position.apply(move)
    assert pile_cards(position, "tableau:1") == ["5S", "KH", "QS"] and pile_cards(position, "tableau:3") == ["KD"]
    assert pile_cards(position, "tableau:2") == ["KC", "QD", "5D", "10C"]
    assert pile_cards(position, "tableau:4") == ["QH", "JS", "9C"]
    position.undo()
    assert position.key() == start


def test_churchill_skips_only_a_pile_that_is_one_run_from_a_king():
    rules = load_rules("churchill")
    layout = {**_empty(rules, "tableau"), "tableau:1": "5S KH QS", "tableau:2": "KH QS",
              "tableau:3": "KD", "tableau:4": "KS QD 5C", "stock": "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C"}
    position = position_of(rules, layout, rest="tableau:10")
    (move,) = _deal_moves(position)
    assert move.count == 8
    position.apply(move)
    assert pile_cards(position, "tableau:2") == ["KH", "QS"] and pile_cards(position, "tableau:3") == ["KD"]
    assert pile_cards(position, "tableau:1")[-1] == "10C" and pile_cards(position, "tableau:4")[-1] == "9C"


def test_face_down_cards_count_as_in_pysolfc():
    rules = load_rules("churchill")
    layout = {**_empty(rules, "tableau"), "tableau:2": "KH QS", "stock": "AC 2C"}
    position = position_of(rules, layout, rest="tableau:10")
    position.down[pile(rules, "tableau:2")] = 1   # the King face down under the Queen
    assert [m.count for m in _deal_moves(position)] == [2]
    position.apply(_deal_moves(position)[0])
    assert pile_cards(position, "tableau:2") == ["KH", "QS"]


def test_no_deal_when_every_pile_is_skipped(tmp_path):
    path = tmp_path / "four.yaml"
    path.write_text("extends: churchill\nname: four\npiles: {tableau: {count: 4, cards: 1}}\n")
    rules = load_rules(file=path)
    layout = {"tableau:1": "KS", "tableau:2": "KH", "tableau:3": "KD QC", "tableau:4": "KC", "stock": "AC 2C"}
    position = position_of(rules, layout, rest="devil:1")
    assert not _deal_moves(position)
    position.piles[pile(rules, "tableau:4")].append(c("5D"))
    assert [m.count for m in _deal_moves(position)] == [1]


def test_the_devils_cards_go_only_to_the_foundations():
    rules = load_rules("churchill")
    layout = {**_empty(rules, "tableau"), "tableau:2": "5S", "devil:1": "KD 4H", "stock": "AC"}
    position = position_of(rules, layout, rest="tableau:10")
    devil = pile(rules, "devil:1")
    assert not [m for m in position.legal_moves() if m.src == devil]   # not onto 5S
    position = position_of(rules, {**layout, "devil:1": "4H KD"}, rest="tableau:10")
    assert not [m for m in position.legal_moves() if m.src == devil]   # nor a King into a gap


def test_a_play_that_changes_the_skipped_piles_is_not_safe_while_the_stock_holds_cards():
    rules = load_rules("churchill")
    layout = {**_empty(rules, "tableau"), "tableau:1": "KS QD AC", "stock": "2C"}
    position = position_of(rules, layout, rest="tableau:10")
    move = Move(TO_FOUNDATION, pile(rules, "tableau:1"), pile(rules, "foundation:1"), c("AC"))
    assert position.is_legal(move) and not is_safe(position, move)


@pytest.mark.parametrize("name", ["fechters-game", "churchill", "pitt-the-younger"])
def test_random_play_keeps_the_pack_and_undoes_exactly(name):
    rng = random.Random(7)
    played_and_undone(load_rules(name), 4, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_and_solve():
    code, out, _ = run_cli("show", "fechters-game")
    assert code == 0 and "A deal skips each pile whose top run holds a King" in " ".join(out.split())
    assert solve_position(deal_seed(load_rules("churchill"), 1), max_positions=500).search == "exhaustive"


@pytest.mark.parametrize("base, stock", [("churchill", "{deal: devil, skip: king-pile}"),
                                         ("klondike", "{skip: king-run}"),
                                         ("churchill", "{deal: tableau, skip: king-pile, onto: non-empty}")])
def test_skip_without_a_run_rule_or_rows_is_refused(tmp_path, base, stock):
    out = validate_refusal(tmp_path, f"extends: {base}\nname: bad\nstock: {stock}\n")
    assert "stock.skip:" in out or "stock.onto:" in out
