"""A pile's face-down top card that turns up only in a state (``turn_when:``), settled after every
move; a card turned stays up though the state lapses. Leprechaun's reserve pile n turns its top
card up once foundation n holds a card (PySolFC's Leprechaun_Reserve.canFlipCard, asked by the
autoflip after every move)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION, Move
from patience_core.ui.render import rules_text
from conftest import (assert_random_play_consistent, assert_rebuilt_agrees, c, pile, position_of,
                      validate_refusal)


def _start(rules, **extra):
    return position_of(rules, {"reserve:1": "5H 6H 7H 8H", "reserve:2": "5S 6S 7S 8S",
                               "tableau:1": "AC", "tableau:2": "9C", **extra})


def _top_down(position, name):
    p = pile(position.rules, name)
    return position.down[p] == len(position.piles[p])


def test_the_top_card_turns_up_once_the_foundation_of_its_number_has_a_card():
    rules = load_rules("leprechaun")
    position = _start(rules)
    assert _top_down(position, "reserve:1") and _top_down(position, "reserve:2")
    assert not [m for m in position.legal_moves() if m.src == pile(rules, "reserve:1")]
    before = position.key()
    position.apply(Move(TO_FOUNDATION, pile(rules, "tableau:1"), pile(rules, "foundation:1"), c("AC"), 1))
    assert not _top_down(position, "reserve:1")   # foundation 1 holds the Ace: 8H turns up
    assert position.down[pile(rules, "reserve:1")] == 3   # only the top card
    assert _top_down(position, "reserve:2")       # foundation 2 is still empty
    assert Move(BETWEEN_PILES, pile(rules, "reserve:1"), pile(rules, "tableau:2"), c("8H"), 1) \
        in position.legal_moves()
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before


def test_a_card_turned_up_stays_up_though_the_state_lapses():
    rules = load_rules("leprechaun")
    position = _start(rules, **{"tableau:3": ""})
    position.apply(Move(TO_FOUNDATION, pile(rules, "tableau:1"), pile(rules, "foundation:1"), c("AC"), 1))
    position.apply(Move(BETWEEN_PILES, pile(rules, "foundation:1"), pile(rules, "tableau:3"), c("AC"), 1))
    assert not position.piles[pile(rules, "foundation:1")]
    assert not _top_down(position, "reserve:1")   # 8H stays up (PySolFC flips once)
    position.apply(Move(BETWEEN_PILES, pile(rules, "reserve:1"), pile(rules, "tableau:2"), c("8H"), 1))
    assert _top_down(position, "reserve:1")       # 7H waits: foundation 1 is empty again
    before = position.key()
    position.apply(Move(TO_FOUNDATION, pile(rules, "tableau:3"), pile(rules, "foundation:1"), c("AC"), 1))
    assert not _top_down(position, "reserve:1")
    position.undo()
    assert position.key() == before


def test_show_says_when_the_card_turns_up():
    assert ("its face-down top card turns up only when the foundation of the same number holds a card, "
            "and stays up") in rules_text(load_rules("leprechaun"))


def test_random_play_agrees_with_rebuilt_positions_and_undoes_exactly():
    assert_random_play_consistent(load_rules("leprechaun"), seeds=(1, 2, 3), steps=200)
    assert_random_play_consistent(load_rules("twelve-sleeping-maids"), seeds=(1, 2), steps=200)


_NOTHING_DOWN = """\
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 4, build: {rank: down, suit: alternate}}
  reserve: {kind: reserve, count: 4, cards: 3, turn_when: {not_empty: foundations:same}}
foundations:
  home: {base: A, length: 13, count: 4}
deal: [reserve, tableau]
"""


def test_a_pile_with_no_face_down_card_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _NOTHING_DOWN)
    assert "piles.reserve.turn_when" in out and "no card waits to turn up" in out


def test_turn_when_beside_free_when_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _NOTHING_DOWN.replace(
        "cards: 3, turn_when", "cards: 3, face_up: 0, free_when: {empty: tableau}, turn_when"))
    assert "piles.reserve.turn_when" in out and "expected turn_when alone" in out


def test_a_maid_turns_up_while_a_column_is_empty_and_the_maid_before_it_is_empty():
    """Twelve Sleeping Maids (PySolFC's TwelveSleepingMaids_Reserve): ``GROUP:previous`` names the
    pile numbered one less; pile 1 has none, so that part holds."""
    rules = load_rules("twelve-sleeping-maids")
    full = {f"tableau:{n}": card for n, card in enumerate("9C 9D 9H 9S 8C 8D 8H 8S".split(), start=1)}
    maids = {"reserve:1": "5H", "reserve:2": "6H", "reserve:3": "", **{f"reserve:{n}": "" for n in range(4, 13)}}
    position = position_of(rules, {**full, **maids}, rest="stock")
    assert _top_down(position, "reserve:1") and _top_down(position, "reserve:2")   # no column is empty
    before = position.key()
    position.apply(Move(BETWEEN_PILES, pile(rules, "tableau:5"), pile(rules, "tableau:1"), c("8C"), 1))
    assert not _top_down(position, "reserve:1")   # tableau 5 is empty: the first maid turns up
    assert _top_down(position, "reserve:2")       # the maid before it still holds a card
    position.undo()
    assert position.key() == before
    assert "the reserve pile before it is empty" in rules_text(rules)


def test_a_previous_pile_outside_a_piles_own_rule_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _NOTHING_DOWN.replace("cards: 3, turn_when", "cards: 3, face_up: 0, turn_when")
                           + "win: {empty: reserve:previous}\n")
    assert "belongs to no one pile" in out
