"""A reserve dealt face down whose cards only fill gaps until one is left, which is turned up
and free (``access: last``, PySolFC's EagleWing_ReserveStack: canFlipCard only with one card
left; Canfield's fillStack fills a gap from it while it has cards)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION
from conftest import (assert_rebuilt_agrees, crafted_deal, pile, played_and_undone, refusal, run_cli,
                      validate_refusal, c)

TRUNK = "2S 9C AD KD QD JD 10D 9D 8D 7D 6D 5D 4D"   # deepest first: 4D fills the first gap


def _position():
    return crafted_deal(load_rules("eagle-wing"), {"reserve:1": TRUNK, "foundation:1": "2D", "tableau:1": "3D"})


def _play_up(position, card):
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.card == c(card)))


def test_the_trunk_is_face_down_and_no_card_of_it_is_free():
    position = _position()
    trunk = pile(position.rules, "reserve:1")
    assert position.down[trunk] == 13
    assert not [m for m in position.legal_moves() if m.src == trunk]
    assert "lie face down; its last card is turned up once it is alone" in refusal(position, None, "reserve:1",
                                                                                   "foundation:2")


def test_gaps_draw_from_the_trunk_and_its_lone_last_card_turns_up_and_is_free():
    position = _position()
    rules = position.rules
    trunk, wing = pile(rules, "reserve:1"), pile(rules, "tableau:1")
    start = position.key()
    for card in "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD".split():
        _play_up(position, card)
        assert position.down[trunk] == len(position.piles[trunk]) > 1   # still wholly face down
        assert_rebuilt_agrees(position)
    _play_up(position, "AD")   # the gap takes 9C: the trunk has 2S alone, face up
    assert position.piles[wing] == [c("9C")] and position.piles[trunk] == [c("2S")]
    assert position.down[trunk] == 0
    assert_rebuilt_agrees(position)
    _play_up(position, "2S")   # free: straight onto a foundation
    assert not position.piles[trunk]
    position.undo()
    position.undo()
    assert position.down[trunk] == 2   # the fill undone: both cards face down again
    while position.history:
        position.undo()
    assert position.key() == start


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(3)
    played_and_undone(load_rules("eagle-wing"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_how_the_trunk_plays():
    code, out, _ = run_cli("show", "eagle-wing")
    assert code == 0 and "only fill gaps, until one is left: it is turned up and free" in " ".join(out.split())
    assert deal_seed(load_rules("eagle-wing"), 1).status() == "playing"


def test_access_last_on_a_pile_dealt_face_up_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: eagle-wing\nname: bad\npiles: {reserve: {face_up: 1}}\n")
    assert "piles.reserve.access: last: a reserve dealt face down whose lone last card" in out
