"""Monte Carlo (PySolFC 89) and Neighbour (92): pairs of neighbours in a grid (``where``),
and a stock that closes up the gaps and deals into them (``stock: {close_up: ...}``).
Written from PySolFC's montecarlo.py: isNeighbour is the 8-neighbourhood of the 5 x 5 square;
the talon's dealCards shifts every card toward the first place over the gaps (shiftCards) and
then deals one card into each empty place in order; Neighbour (FILL_STACKS_AFTER_DROP) does
so after every drop, pairs total 13 and a King goes alone."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.errors import VariantError
from patience_core.model.moves import CLOSE_UP, NO_PILE, REMOVE, Move
from patience_core.ui.render import rules_text
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import c, cs, names, played_and_undone, position_of


def _square(rules, text: str, rest: str = "stock"):
    """Places grid:1.. from ``text`` (``--`` for a gap), row by row."""
    piles = {f"grid:{i}": card for i, card in enumerate(text.split(), start=1) if card != "--"}
    return position_of(rules, piles, rest=rest)


def _pairs(position):
    rules = position.rules
    return sorted(tuple(sorted((rules.pile_names[m.src], rules.pile_names[m.dst])))
                  for m in position.legal_moves() if m.kind is REMOVE and m.count == 2)


def test_only_neighbours_pair_diagonals_included():
    rules = load_rules("monte-carlo")
    position = _square(rules, "7C 2D 3D 4D 7H "
                              "5D 7S 6D 8D 9D "
                              "10D JD QD KD AD "
                              "2C 3C 4C 5C 6C "
                              "8C 9C 10C JC 7D")
    # 7C-7S touch diagonally; 7C-7H lie in one row but far apart; 7D is far from all of them.
    assert _pairs(position) == [("grid:1", "grid:7")]


def test_a_row_end_does_not_touch_the_next_row_start():
    rules = load_rules("monte-carlo")
    position = _square(rules, "2D 3D 4D 5D 9H "
                              "9S 6D 7D 8D 10D "
                              "JD QD KD AD 2C "
                              "3C 4C 5C 6C 7C "
                              "8C 10C JC QC KC")
    assert _pairs(position) == []   # grid:5 and grid:6 are not neighbours


def test_closing_up_slides_the_cards_in_order_and_deals_into_the_gaps_and_undo_restores():
    rules = load_rules("monte-carlo")
    position = _square(rules, "-- 2D -- 4D 5D " + " ".join(["6D", "7D", "8D", "9D", "10D",
                                                             "JD", "QD", "KD", "AD", "2C",
                                                             "3C", "4C", "5C", "6C", "7C",
                                                             "8C", "9C", "10C", "JC", "QC"]))
    before = position.key()
    stock_top = position.piles[rules.stock][-2:][::-1]
    [move] = [m for m in position.legal_moves() if m.kind is CLOSE_UP]
    assert move.count == 2
    position.apply(move)
    grid = [position.piles[rules.pile_index(f"grid:{i}")] for i in range(1, 26)]
    assert names(p[0] for p in grid[:3]) == ["2D", "4D", "5D"]
    assert [p[0] for p in grid[23:]] == stock_top
    assert not [m for m in position.legal_moves() if m.kind is CLOSE_UP]   # nothing left to do
    position.undo()
    assert position.key() == before


def test_with_the_stock_used_up_the_cards_still_close_up():
    rules = load_rules("monte-carlo")
    text = "-- 2D " + " ".join(["--"] * 21) + " 4D 5D"
    position = _square(rules, text, rest="foundation:1")
    position.apply(next(m for m in position.legal_moves() if m.kind is CLOSE_UP))
    assert names(position.piles[rules.pile_index(f"grid:{i}")][0] for i in (1, 2, 3)) == ["2D", "4D", "5D"]
    assert not any(position.piles[rules.pile_index(f"grid:{i}")] for i in range(4, 26))


def test_neighbour_closes_up_after_every_removal_and_kings_go_alone():
    rules = load_rules("neighbour")
    position = _square(rules, "6C 7D 2D 3D 4D "
                              "KS 5D 8D 9D 10D "
                              "JD QD KD AD 2C "
                              "3C 4C 5C 6H 7C "
                              "8C 9C 10C JC QC")
    assert ("grid:1", "grid:2") in _pairs(position)      # 6 + 7 = 13, side by side
    before = position.key()
    pair = next(m for m in position.legal_moves() if m.kind is REMOVE and m.count == 2
                and {m.src, m.dst} == {rules.pile_index("grid:1"), rules.pile_index("grid:2")})
    position.apply(pair)
    grid = [position.piles[rules.pile_index(f"grid:{i}")] for i in range(1, 26)]
    assert all(grid) and names([grid[0][0], grid[3][0]]) == ["2D", "KS"]   # closed up, refilled
    assert not [m for m in position.legal_moves() if m.kind is CLOSE_UP]
    king = Move(REMOVE, rules.pile_index("grid:4"), NO_PILE, c("KS"), 1)
    assert king in position.legal_moves()
    position.undo()
    assert position.key() == before
    assert "after every set removed, by itself" in rules_text(rules)


@pytest.mark.parametrize("name", ["monte-carlo", "neighbour", "monte-carlo-2-decks"])
def test_random_games_undo_to_the_deal(name):
    rules = load_rules(name)
    rng = random.Random(5)
    for seed in range(15):
        played_and_undone(rules, seed, lambda _position, moves: rng.choice(moves))


def test_rules_text_says_neighbours_and_closing_up():
    text = rules_text(load_rules("monte-carlo"))
    assert "two cards of one rank lying next to each other (diagonally too), from grid" in text
    assert "the cards of grid slide toward grid:1 over the gaps (keeping their order)" in text
    assert "gaps are closed up and filled from the stock" in text


@pytest.mark.parametrize("patch, message", [
    ("remove: [{rank: same, where: neighbours, from: [grid, waste]}]", "where: neighbours compares two places"),
    ("stock: {close_up: {group: gird}}", "unknown pile group 'gird'"),
    ("stock: {close_up: {group: grid}, redeals: 1}", "a stock that closes up gaps turns no card onto a waste"),
    ("win: {only: {in: grid}}", "field win.only: says neither or both of rank and colour"),
])
def test_bad_neighbour_rules_are_refused(tmp_path, patch, message):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nextends: monte-carlo\n{patch}\n")
    with pytest.raises(VariantError, match=message):
        compile_variant(build_registry().add_file(path), {})
