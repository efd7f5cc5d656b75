"""A stock turned a different number of cards on each pass (``draw: [3, 2, 1]``, PySolFC's
CanfieldRush_Talon: num_deal = 4 - round)."""
from __future__ import annotations

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import REDEAL, TURN
from conftest import validate_refusal


def test_three_then_two_then_one():
    position = deal_seed(load_rules("canfield-rush"), 1)
    counts = []
    for _ in range(3):
        turns = []
        while True:
            moves = position.legal_moves()
            turn = next((m for m in moves if m.kind is TURN), None)
            if turn is None:
                break
            turns.append(turn.count)
            position.apply(turn)
        counts.append(max(turns))
        redeal = next((m for m in position.legal_moves() if m.kind is REDEAL), None)
        if redeal is None:
            break
        position.apply(redeal)
    assert counts == [3, 2, 1]
    assert not any(m.kind is REDEAL for m in position.legal_moves())
    while position.history:   # undo takes the passes back too
        position.undo()
    assert next(m for m in position.legal_moves() if m.kind is TURN).count == 3


@pytest.mark.parametrize("stock, expected", [
    ("{draw: [3, 2], redeals: 2}", "lists 2 passes; expected one number per pass through the stock (3)"),
    ("{draw: [3, 2], redeals: unlimited}", "expected one number per pass through the stock (a fixed number"),
])
def test_a_list_must_match_the_passes(tmp_path, stock, expected):
    assert expected in validate_refusal(tmp_path, f"extends: canfield-rush\nname: bad\nstock: {stock}\n")
