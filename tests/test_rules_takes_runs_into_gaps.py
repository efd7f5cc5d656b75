"""Columns that take single cards onto their cards and runs only while empty (``takes:
runs-into-gaps``, PySolFC's FortyNine_RowStack), the opposite of Martha's ``empty_takes: card``."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import all_face_up, c, pile, position_of, run_cli


def test_a_run_goes_into_a_gap_but_only_a_card_onto_a_card():
    rules = load_rules("forty-nine")
    position = all_face_up(position_of(rules, {"tableau:1": "9S 8H 7C", "tableau:2": "10D",
                                               "tableau:4": "8D"}, rest="tableau:7"))
    src, ten, gap, eight = (pile(rules, f"tableau:{i}") for i in (1, 2, 3, 4))
    assert not position.piles[gap]
    assert accepts(position, gap, c("9S"), 3, src) and not accepts(position, ten, c("9S"), 3, src)
    assert accepts(position, eight, c("7C"), 1, src)
    moves = {(m.dst, m.count) for m in position.legal_moves() if m.src == src}
    assert (gap, 3) in moves and (gap, 1) in moves and (eight, 1) in moves and (ten, 3) not in moves


def test_show_says_so():
    code, out, _ = run_cli("show", "forty-nine")
    assert code == 0 and "one card at a time (a run only into an empty pile)" in out
