"""A stock that deals a row only when every pile it deals to is empty (``deal_when:
all-empty``, PySolFC's Toad_TalonStack)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW
from patience_core.solver.solve import solve_position
from conftest import position_of, run_cli


def _deals(position):
    return [m for m in position.legal_moves() if m.kind is DEAL_ROW]


def test_the_row_waits_for_every_reserve_place_to_be_empty():
    rules = load_rules("toad")
    assert not _deals(deal_seed(rules, 1))   # the dealt reserve holds cards
    one_left = position_of(rules, {"reserve:13": "7H"}, rest="stock")
    assert not _deals(one_left)
    empty = position_of(rules, {"tableau:1": "7H"}, rest="stock")
    (deal,) = _deals(empty)
    before = empty.key()
    empty.apply(deal)
    assert all(len(empty.piles[p]) == 1 for p in rules.groups["reserve"])
    empty.undo()
    assert empty.key() == before


def test_the_refusal_says_why():
    code, out, _ = run_cli("play", "toad", "--seed", "1", "--line", stdin="t\nquit\ny\n")
    assert code == 0 and "a row is dealt only when every pile it goes to is empty (r1 is not)" in " ".join(out.split())


def test_show_and_solve():
    code, out, _ = run_cli("show", "toad")
    assert code == 0 and "at a time when every one of them is empty" in out
    assert solve_position(deal_seed(load_rules("toad"), 1), max_positions=500).search == "exhaustive"
