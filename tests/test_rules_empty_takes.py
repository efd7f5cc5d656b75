"""A gap that takes single cards only (``empty_takes: card``, PySolFC's Martha and
DieRussische rows): runs go only onto cards."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import all_face_up, c, pile, position_of, run_cli


def test_a_run_goes_onto_a_card_but_not_into_a_gap():
    rules = load_rules("martha")
    position = all_face_up(position_of(rules, {"tableau:1": "9S 8H 7C", "tableau:2": "10D"}, rest="tableau:12"))
    gap, ten = pile(rules, "tableau:3"), pile(rules, "tableau:2")
    assert not position.piles[gap]
    src = pile(rules, "tableau:1")
    assert accepts(position, ten, c("9S"), 3, src) and not accepts(position, gap, c("9S"), 3, src)
    assert accepts(position, gap, c("7C"), 1, src)
    moves = {(m.dst, m.count) for m in position.legal_moves() if m.src == src}
    assert (ten, 3) in moves and (gap, 1) in moves and (gap, 3) not in moves


def test_show_says_so():
    code, out, _ = run_cli("show", "martha")
    assert code == 0 and "an empty pile takes any card, one card at a time (never a run)" in out
