"""Free cells that each take one suit (``suit: [C, S, H, D]``, one per pile): German FreeCell's
cells, PySolFC's GermanFreeCell_Reserve with its base_suit 0..3."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.ui.render import rules_text
from conftest import c, position_of, validate_refusal


def _cells_taking(position, card):
    rules = position.rules
    return {rules.pile_names[m.dst] for m in position.legal_moves()
            if m.card == c(card) and m.dst is not None and rules.pile_names[m.dst].startswith("cells:")}


def test_each_cell_takes_only_its_own_suit():
    rules = load_rules("german-freecell")
    position = position_of(rules, {"tableau:1": "KD 7C", "tableau:2": "KH 7S", "tableau:3": "KC 7H",
                                   "tableau:4": "KS 7D"}, rest="tableau:5")
    assert _cells_taking(position, "7C") == {"cells:1"}
    assert _cells_taking(position, "7S") == {"cells:2"}
    assert _cells_taking(position, "7H") == {"cells:3"}
    assert _cells_taking(position, "7D") == {"cells:4"}
    assert "each holding any one card of its suit (C, S, H, D in pile order)" in rules_text(rules)


def test_a_suit_list_of_the_wrong_length_is_refused(tmp_path):
    out = validate_refusal(tmp_path, """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: alternate}, moves: card}
  cells: {kind: cell, count: 4, suit: [C, S, H]}
foundations:
  home: {base: A, length: 13, count: 4}
deal: [tableau]
""")
    assert "piles.cells.suit" in out and "lists 3 suits for 4 piles" in out
