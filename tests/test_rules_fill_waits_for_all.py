"""Places refilled from the stock only once every one of them is empty (``fill: {from: [stock],
when: {empty: GROUP}}`` on the group itself): PySolFC's Amphibian.fillStack deals a row onto the
four reserve places by itself the moment the last of them empties."""
from __future__ import annotations

import random

from patience_core import load_rules
from patience_core.model.moves import BETWEEN_PILES, Move
from conftest import c, pile, pile_cards, played_and_undone, position_of


def test_the_reserve_is_dealt_a_row_only_when_its_last_card_leaves():
    rules = load_rules("amphibian")
    layout = {"reserve:1": "9S", "reserve:2": "", "reserve:3": "5D", "reserve:4": "",
              "stock": "2C 3C 4C 5C 6C"}
    layout.update({f"tableau:{i}": "" for i in range(1, 6)})
    position = position_of(rules, layout, rest="tableau:5")
    start = position.key()
    position.apply(Move(BETWEEN_PILES, pile(rules, "reserve:1"), pile(rules, "tableau:1"), c("9S")))
    assert pile_cards(position, "reserve:1") == [] and pile_cards(position, "reserve:2") == []
    assert len(pile_cards(position, "stock")) == 5
    position.apply(Move(BETWEEN_PILES, pile(rules, "reserve:3"), pile(rules, "tableau:2"), c("5D")))
    assert [pile_cards(position, f"reserve:{i}") for i in range(1, 5)] == [["6C"], ["5C"], ["4C"], ["3C"]]
    assert pile_cards(position, "stock") == ["2C"]
    position.undo()
    position.undo()
    assert position.key() == start


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(9)
    played_and_undone(load_rules("amphibian"), 1, lambda pos, moves: rng.choice(moves) if moves else None, 400)
