"""Four Kingdoms (PySolFC's moojub.py): single-card foundations that wait for the others of
their suit (a foundation group's ``when: {not_empty: [GROUP:same, ...]}``: the Queen after the
King, the Ace after the Ten, King, Queen and Jack), guest cells of one suit each that take no Ace
and only once that suit's King and Queen are home (``empty: {rank: [RANKS], when: STATE}``), and
columns with nothing on an Ace (``nothing_on: A``)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.legal import accepts
from conftest import all_face_up, c, pile, played_and_undone, position_of, run_cli


def _kingdoms(piles: dict[str, str]):
    rules = load_rules("four-kingdoms")
    return rules, all_face_up(position_of(rules, piles, rest="stock"))


def _ups(rules, position):
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()}


def test_the_castle_fills_king_queen_jack_in_that_order():
    rules, position = _kingdoms({"tableau:1": "QC", "tableau:2": "KC", "tableau:3": "JC"})
    ups = _ups(rules, position)
    assert ("tableau:2", "foundation:9") in ups                       # the King of clubs
    assert ("tableau:1", "foundation:13") not in ups and ("tableau:3", "foundation:17") not in ups
    rules, position = _kingdoms({"tableau:1": "QC", "foundation:9": "KC", "tableau:3": "JC"})
    ups = _ups(rules, position)
    assert ("tableau:1", "foundation:13") in ups and ("tableau:3", "foundation:17") not in ups


def test_the_ace_waits_for_the_tower_and_the_castle():
    layout = {"tableau:1": "AS", "foundation:10": "KS", "foundation:14": "QS", "foundation:18": "JS"}
    rules, position = _kingdoms(layout)
    assert ("tableau:1", "foundation:2") not in _ups(rules, position)
    rules, position = _kingdoms({**layout, "foundation:6": "10S"})
    assert ("tableau:1", "foundation:2") in _ups(rules, position)


def test_a_guest_cell_takes_its_suit_but_no_ace_once_king_and_queen_are_home():
    rules, position = _kingdoms({"foundation:11": "KH", "foundation:15": "QH"})
    heart_guest = pile(rules, "guest:3")
    assert accepts(position, heart_guest, c("5H")) and not accepts(position, heart_guest, c("AH"))
    assert not accepts(position, heart_guest, c("5D"))
    assert not accepts(position, pile(rules, "guest:4"), c("5D"))      # no King and Queen of diamonds


def test_nothing_goes_on_an_ace_in_the_columns():
    rules, position = _kingdoms({"tableau:1": "AD", "tableau:2": "2D"})
    assert not accepts(position, pile(rules, "tableau:1"), c("2D"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("four-kingdoms")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_when_a_guest_cell_opens():
    code, out, _err = run_cli("show", "four-kingdoms")
    assert code == 0 and "taken only when every pile of the king pile of the same number" in " ".join(out.split())
