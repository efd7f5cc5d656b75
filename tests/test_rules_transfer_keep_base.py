"""Moves between foundations that never take a pile's first card (``transfer: {keep_base:
true}``, PySolFC's ``min_cards=1`` on a foundation that gives cards to other foundations):
One234 (PySolFC 550, One234_Foundation moves its top card only while it holds more than one)
and Windmill (PySolFC 30, the centre's Ace stays while the King piles give and take freely)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import BETWEEN_PILES
from conftest import assert_random_play_consistent, c, position_of, run_cli, validate_refusal


def _transfers(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst], m.card) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and rules.is_foundation[m.src] and rules.is_foundation[m.dst]}


def test_one234_moves_a_top_card_but_never_a_lone_first_card():
    rules = load_rules("one234")
    # By ones from 5C (wants a 7 after 6D); by twos from 4H (wants a 6); by threes from 6S
    # alone; by fours from 2D alone. 6D may pass to the twos; 6S, a pile's first card, may not.
    position = position_of(rules, {"foundation:1": "5C 6D", "foundation:2": "4H", "foundation:3": "6S",
                                   "foundation:4": "2D"}, rest="tableau:1")
    moves = _transfers(position)
    assert ("foundation:1", "foundation:2", c("6D")) in moves
    assert all(src not in ("foundation:2", "foundation:3", "foundation:4") for src, _, _ in moves)
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES
                        and rules.pile_names[m.dst] == "foundation:2"))
    # the ones now hold their 5C alone again: it stays
    assert all(src != "foundation:1" for src, _, _ in _transfers(position))
    position.undo()
    assert position.key() == before


def test_windmill_keeps_the_centre_ace_but_not_a_king_piles_king():
    rules = load_rules("windmill")
    # the centre holds its Ace alone; King pile 1 is down to 2S, pile 2 holds a lone KH
    position = position_of(rules, {"foundation:1": "AC", "foundation:3": "KH"},
                           foundations={"foundation:2": "2S"}, rest="stock")
    moves = _transfers(position)
    assert ("foundation:2", "foundation:1", c("2S")) in moves    # 2S onto the Ace
    assert ("foundation:3", "foundation:4", c("KH")) in moves    # a King pile's King may move
    assert all(src != "foundation:1" for src, _, _ in moves)     # the Ace would fit on 2S: it stays


def test_random_play_rebuilds_and_undoes():
    for name in ("one234", "windmill"):
        assert_random_play_consistent(load_rules(name), seeds=(1, 2), steps=120)


def test_show_says_the_first_card_stays():
    code, out, _ = run_cli("show", "one234")
    assert code == 0
    assert "a top card may move onto another foundation that takes it (never the pile's first card)" in out


_COUSIN = """\
name: bad-keep
title: Bad keep
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down, suit: any}}
foundations:
  home:
    base: A
    length: 13
    count: 4
    worry: WORRY
    transfer: TRANSFER
deal: [tableau]
"""


def test_a_first_card_kept_from_foundations_but_not_from_the_layout_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _COUSIN.replace("WORRY", "true").replace("TRANSFER", "{keep_base: true}"))
    assert "transfer" in out and "worry: {keep_base: true}" in out


def test_an_unknown_transfer_field_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _COUSIN.replace("WORRY", "false").replace("TRANSFER", "{keep: true}"))
    assert "transfer" in out
