"""A waste that holds at most N cards (``waste: {max: 1}``, Colorado): the stock is turned only
onto a waste with room for the turn."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TURN
from conftest import run_cli


def test_the_stock_waits_for_the_waste_card_to_be_played():
    position = deal_seed(load_rules("colorado"), 1)
    rules = position.rules
    assert len(position.piles[rules.waste]) == 1   # the deal turned one card
    assert not [m for m in position.legal_moves() if m.kind is TURN]
    play = next(m for m in position.legal_moves() if m.src == rules.waste)
    position.apply(play)
    assert [m for m in position.legal_moves() if m.kind is TURN]


def test_show_says_so():
    code, out, _ = run_cli("show", "colorado")
    assert code == 0 and "which holds at most 1 card (the stock waits until there is room)" in out
