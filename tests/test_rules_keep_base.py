"""A foundation whose first card never leaves (``worry: {keep_base: true}``, PySolFC's
``min_cards=1``): Trefoil (PySolFC 88) lets a foundation's top card come back to a fan, but
never the Ace set out at its bottom."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import BETWEEN_PILES
from conftest import c, position_of, run_cli


def _back_moves(position):
    rules = position.rules
    return sorted((rules.pile_names[m.src], rules.pile_names[m.dst], m.card) for m in position.legal_moves()
                  if m.kind is BETWEEN_PILES and rules.is_foundation[m.src])


def test_the_top_card_comes_back_but_never_the_base():
    rules = load_rules("trefoil")
    position = position_of(rules, {"tableau:1": "3C", "tableau:2": "2D"},
                           foundations={"foundation:1": "2C", "foundation:2": "AD"}, rest="tableau:16")
    # the fans build down in suit: 2C may go back onto 3C; AD would fit on 2D, but it is a base
    moves = _back_moves(position)
    assert all(src != "foundation:2" for src, _, _ in moves)
    assert ("foundation:1", "tableau:1", c("2C")) in moves


def test_show_says_the_base_stays():
    code, out, _ = run_cli("show", "trefoil")
    assert code == 0 and "a top card may come back to the layout (never the pile's first card)" in out
