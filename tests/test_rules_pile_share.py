"""A pile's share of another group in a condition (``GROUP:share``): pile n of a group of k piles
names the n-th of k equal, consecutive parts of GROUP. Busy Cards' six cells each stand over two
of the twelve columns, and a cell's card leaves only once both are empty (PySolFC's
BusyCards_FreeCell: rows[2*index] and rows[2*index+1])."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.ui.render import rules_text
from conftest import position_of, validate_refusal


def _leaving(position, name):
    rules = position.rules
    return {rules.pile_names[m.dst] for m in position.legal_moves()
            if m.src == rules.pile_index(name) and m.dst is not None}


def test_a_cell_frees_its_card_only_once_both_columns_under_it_are_empty():
    rules = load_rules("busy-cards")
    full = {f"tableau:{n}": "9S" if n == 12 else "" for n in range(1, 13)}
    # cell 2 stands over columns 3 and 4: column 4 still holds a card
    position = position_of(rules, {**full, "tableau:4": "5H", "cells:2": "7D", "cells:1": "7C"}, rest="tableau:12")
    assert _leaving(position, "cells:2") == set()
    assert "tableau:1" in _leaving(position, "cells:1")   # columns 1 and 2 are empty
    position = position_of(rules, {**full, "tableau:5": "5H", "cells:2": "7D"}, rest="tableau:12")
    assert "tableau:3" in _leaving(position, "cells:2")   # column 5 lies under cell 3, not cell 2
    assert "only when every pile of its share of tableau is empty" in rules_text(rules)


def test_a_share_names_the_piles_in_order():
    rules = load_rules("busy-cards")
    cells = rules.groups["cells"]
    assert [rules.piles[p].free_when.piles for p in cells] == [
        tuple(rules.pile_index(f"tableau:{2 * n + k}") for k in (1, 2)) for n in range(6)]


_UNEVEN = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 12, cards: 4, build: {rank: down, suit: alternate}, moves: card}
  cells: {kind: cell, count: 5, free_when: {empty: tableau:share}}
foundations:
  home: {base: A, length: 13, count: 4}
deal: [tableau]
"""


def test_a_group_that_does_not_split_evenly_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _UNEVEN)
    assert "piles.cells.free_when" in out and "do not split evenly among the 5 piles" in out


def test_a_share_outside_a_piles_own_rule_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _UNEVEN.replace("count: 5, free_when: {empty: tableau:share}", "count: 4")
                           + "win: {empty: tableau:share}\n")
    assert "belongs to no one pile" in out
