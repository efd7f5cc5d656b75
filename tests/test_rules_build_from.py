"""Cards put onto a card only from some piles (``build_from``): PySolFC's
TheLittleCorporal_RowStack takes a card from the reserve only into a gap."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import c, pile, position_of, run_cli, validate_refusal


def test_the_reserve_card_goes_into_a_gap_but_not_onto_a_card():
    rules = load_rules("the-little-corporal")
    base = {"foundation:1": "5C", "foundation:2": "5D", "foundation:3": "5H", "foundation:4": "5S"}
    position = position_of(rules, {"reserve:1": "9H", "tableau:1": "10H", "tableau:2": "JH", "tableau:3": "",
                                   **base}, rest="tableau:4")
    reserve, t1, t2, gap = (pile(rules, n) for n in ("reserve:1", "tableau:1", "tableau:2", "tableau:3"))
    assert not accepts(position, t1, c("9H"), 1, reserve) and accepts(position, gap, c("9H"), 1, reserve)
    assert accepts(position, t1, c("9H"), 1, t2)       # a column's card goes onto a card
    dsts = {m.dst for m in position.legal_moves() if m.src == reserve}
    assert gap in dsts and t1 not in dsts and t2 not in dsts
    assert any(m.src == t2 and m.dst == t1 for m in position.legal_moves())


def test_show_says_so_and_an_unknown_source_is_refused(tmp_path):
    code, out, _ = run_cli("show", "the-little-corporal")
    assert code == 0 and "built up or down in suit (wrapping K-A), onto a card only from tableau" in out
    assert "unknown pile or pile group 'reserves'" in validate_refusal(
        tmp_path, "extends: the-little-corporal\nname: bad\npiles: {tableau: {build_from: [reserves]}}\n")
