"""A waste the stock refills the moment it empties (``waste: {fill: [stock]}``), with a draw of
several cards and redeals: PySolFC's RoyalCotillion.fillStack for Noumea (978) turns one draw
(three cards) onto the waste when a card leaves it and it is empty, also when its last card
has just filled a gap; a redeal turns the waste over and leaves it empty until the next turn."""
from __future__ import annotations

import random

from patience_core import load_rules
from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN
from conftest import assert_rebuilt_agrees, pile, pile_cards, played_and_undone, position_of, run_cli


def _up_from(position, name):
    rules = position.rules
    return next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, name))


def test_the_waste_emptied_by_a_play_takes_a_draw_of_three():
    rules = load_rules("noumea")
    position = position_of(rules, {"reserve:1": "9S", "waste": "2C", "stock": "5D 6D 7D 8D"}, rest=None,
                           foundations={"foundation:1": "AC"})
    key, piles = position.key(), [list(p) for p in position.piles]
    position.apply(_up_from(position, "waste"))
    assert pile_cards(position, "waste") == ["8D", "7D", "6D"] and pile_cards(position, "stock") == ["5D"]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == key and position.piles == piles


def test_the_waste_emptied_by_filling_a_gap_takes_a_draw_and_a_short_stock_gives_what_it_has():
    rules = load_rules("noumea")
    position = position_of(rules, {"reserve:1": "2C", "waste": "9S", "stock": "5D 6D"}, rest=None,
                           foundations={"foundation:1": "AC"})
    key, piles = position.key(), [list(p) for p in position.piles]
    position.apply(_up_from(position, "reserve:1"))
    assert pile_cards(position, "reserve:1") == ["9S"]
    assert pile_cards(position, "waste") == ["6D", "5D"] and pile_cards(position, "stock") == []
    position.undo()
    assert position.key() == key and position.piles == piles


def test_a_redeal_leaves_the_waste_empty_until_the_next_turn():
    rules = load_rules("noumea")
    position = position_of(rules, {"reserve:1": "9S", "waste": "5D 6D 7D"}, rest=None,
                           foundations={"foundation:1": "AC"})
    position.apply(next(m for m in position.legal_moves() if m.kind is REDEAL))
    assert pile_cards(position, "waste") == [] and len(pile_cards(position, "stock")) == 3
    assert any(m.kind is TURN for m in position.legal_moves())


def test_random_play_keeps_the_pack_and_undoes_exactly():
    for name, seed in (("noumea", 1), ("noumea", 2), ("terrace", 3)):
        rng = random.Random(seed)
        played_and_undone(load_rules(name), seed, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_the_draw_turned_onto_the_empty_waste():
    code, out, _ = run_cli("show", "noumea")
    assert code == 0 and ("the moment a card leaves the waste and it is empty, the next 3 stock cards are "
                          "turned onto it (a redeal leaves it empty)") in " ".join(out.split())
