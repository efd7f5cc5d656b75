"""A suit kept off a pile group (``suit: {except: SUITS}``) and a suit nothing goes on
(``nothing_on`` naming a suit): PySolFC's DiamondMine_RowStack takes no diamond, onto a card or
into a gap, and puts nothing on a diamond."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import c, pile, position_of, run_cli, validate_refusal


def _mine(piles):
    rules = load_rules("diamond-mine")
    return rules, position_of(rules, piles, rest="tableau:13")


def test_a_diamond_goes_neither_onto_a_card_nor_into_a_gap():
    rules, position = _mine({"tableau:1": "9C", "tableau:2": "", "tableau:3": "8D", "tableau:4": "8S"})
    t1, gap, diamond, spade = (pile(rules, f"tableau:{n}") for n in (1, 2, 3, 4))
    assert not accepts(position, t1, c("8D"), 1, diamond)
    assert not accepts(position, gap, c("8D"), 1, diamond)
    assert accepts(position, t1, c("8S"), 1, spade) and accepts(position, gap, c("8S"), 1, spade)
    moves = {(m.src, m.dst) for m in position.legal_moves()}
    assert (diamond, t1) not in moves and (diamond, gap) not in moves and (spade, t1) in moves


def test_nothing_goes_onto_a_diamond_but_the_diamond_goes_up():
    rules, position = _mine({"tableau:1": "9D", "tableau:2": "8C"})
    t1, t2 = pile(rules, "tableau:1"), pile(rules, "tableau:2")
    assert not accepts(position, t1, c("8C"), 1, t2)
    assert any(m.src == t1 and rules.is_foundation[m.dst] for m in position.legal_moves())


def test_a_run_whose_deepest_card_is_a_diamond_stays():
    rules, position = _mine({"tableau:1": "10C", "tableau:2": "9D", "tableau:3": ""})
    t2 = pile(rules, "tableau:2")
    assert not any(m.src == t2 and not rules.is_foundation[m.dst] for m in position.legal_moves())


def test_show_says_so_and_refusing_every_suit_is_refused(tmp_path):
    code, out, _ = run_cli("show", "diamond-mine")
    assert code == 0 and "nothing on diamonds, never taking a diamond (onto a card or into a gap)" in out
    assert "every suit of the pack is refused" in validate_refusal(
        tmp_path, "extends: diamond-mine\nname: bad\npiles: {tableau: {suit: {except: [C, D, H, S]}}}\n")
