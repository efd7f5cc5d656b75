"""Redeals that gather the layout and deal it out another way (stock.gather with deal or
face_up): in rows (PySolFC's Capricieuse and Strata redealCards), in rows each starting one
pile further on (Usk), in the deal's own pattern (Tvete's Grandfather, whose redeal is its
startGame), and with only each pile's top card face up (Fascination Fan)."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules
from patience_core.model.moves import GATHER
from conftest import names, pile, played_and_undone, position_of, run_cli, validate_refusal


def _redealt(name: str, piles: dict[str, str]):
    rules = load_rules(name)
    position = position_of(rules, piles, rest=None, redeals_left=1)
    key = position.key()
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    position.apply(redeal)
    after = {p: names(position.piles[p]) for p in rules.stock_spec.gather}
    down = {p: position.down[p] for p in rules.stock_spec.gather}
    assert position.redeals_left == 0
    position.undo()
    assert position.key() == key
    position.apply(redeal)
    return rules, position, after, down


def test_rows_deal_the_last_piles_bottom_card_first_one_card_to_each_pile_in_turn():
    rules, _position, after, down = _redealt("capricieuse", {"tableau:1": "2C 3C 4C 5C 6C 7C 8C",
                                                             "tableau:2": "2D 3D 4D 5D 6D 7D 8D"})
    at = {i: after[pile(rules, f"tableau:{i}")] for i in range(1, 13)}
    assert at[1] == ["2D", "7C"] and at[2] == ["3D", "8C"]   # round and round past pile 12
    assert [at[i] for i in range(3, 8)] == [["4D"], ["5D"], ["6D"], ["7D"], ["8D"]]
    assert [at[i] for i in range(8, 13)] == [["2C"], ["3C"], ["4C"], ["5C"], ["6C"]]
    assert not any(down.values())


def test_stairs_start_each_row_one_pile_further_on():
    rules, _position, after, _down = _redealt("usk", {"tableau:1": "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"})
    at = {i: after[pile(rules, f"tableau:{i}")] for i in range(1, 11)}
    assert at[1] == ["2C"] and at[2] == ["3C", "QC"] and at[3] == ["4C", "KC"]
    assert [at[i] for i in range(4, 11)] == [["5C"], ["6C"], ["7C"], ["8C"], ["9C"], ["10C"], ["JC"]]


@pytest.mark.parametrize("count, lengths, face_down", [
    # 21 face-down cards in rows first, then face-up rows: 30 cards reach the second face-up row
    (30, [1, 4, 6, 7, 6, 4, 2], [0, 2, 4, 6, 5, 3, 1]),
    # 8 cards never reach a face-up row: each pile's face-down top card is turned up
    (8, [0, 2, 2, 1, 1, 1, 1], [0, 1, 1, 0, 0, 0, 0]),
])
def test_again_deals_the_deals_own_pattern_as_far_as_the_cards_go(count, lengths, face_down):
    held = [f"{rank}{suit}" for suit in "CDHS" for rank in ("2", "3", "4", "5", "6", "7", "8", "9")][:count]
    rules, position, after, down = _redealt("tvetes-grandfather", {"tableau:4": " ".join(held)})
    places = rules.stock_spec.gather
    assert [len(after[p]) for p in places] == lengths
    assert [down[p] for p in places] == face_down
    assert sorted(card for p in places for card in after[p]) == sorted(held)
    again = _redealt("tvetes-grandfather", {"tableau:4": " ".join(held)})[2]
    assert again == after   # shuffled, the same way every time


def test_face_up_leaves_only_each_piles_top_card_face_up():
    rules, _position, after, down = _redealt("fascination-fan", {"tableau:5": "2C 3C 4C 5C 6C 7C 8C"})
    places = rules.stock_spec.gather
    assert [len(after[p]) for p in places][:4] == [3, 3, 1, 0]   # La Belle Lucie's rows
    assert [down[p] for p in places][:4] == [2, 2, 0, 0]


@pytest.mark.parametrize("name", ["capricieuse", "strata", "usk", "fascination-fan", "tvetes-grandfather"])
def test_random_play_keeps_the_pack_and_undoes_exactly(name):
    rng = random.Random(3)
    played_and_undone(load_rules(name), 2, lambda pos, moves: rng.choice(moves) if moves else None, 300)


@pytest.mark.parametrize("name, says", [
    ("usk", "a row onto every pile, then a row from the second pile on"),
    ("strata", "dealt out again unshuffled, one card to each pile in turn until they run out"),
    ("tvetes-grandfather", "as the deal dealt them (the face-down rows, then the face-up rows)"),
    ("fascination-fan", "in rows (the last piles short); only each pile's top card face up"),
])
def test_show_says_how_the_redeal_deals(name, says):
    code, out, _ = run_cli("show", name)
    assert code == 0 and says in out


@pytest.mark.parametrize("gather, expected", [
    ("{group: tableau, deal: rows, per_pile: 4}", "stock.gather.deal: rows says how the gathered cards"),
    ("{group: tableau, deal: again, face_up: 1}", "stock.gather.face_up: the cards go back face up as"),
    ("{group: tableau, deal: sideways}", "stock.gather.deal"),
])
def test_bad_gathers_are_refused_in_one_line(tmp_path, gather, expected):
    text = f"extends: tvetes-grandfather\nname: bad\nstock:\n  redeals: 1\n  gather: {gather}\n"
    assert expected in validate_refusal(tmp_path, text)
