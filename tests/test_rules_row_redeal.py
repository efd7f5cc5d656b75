"""Redeals of a stock that deals rows (PySolFC's DealRowRedealTalonStack, Acquaintance 490,
Scuffle 553): once the stock is empty, the piles it deals to go back into it, pile 1 first,
each from its top (shuffled in Scuffle), and a row is dealt at once."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW, GATHER
from patience_core.solver.solve import solve_position
from conftest import dealt_out, played_and_undone, run_cli, validate_refusal


def test_the_redeal_gathers_pile_one_first_each_from_its_top_and_deals_a_row():
    position = dealt_out("acquaintance", 1)
    rules = position.rules
    piles = rules.stock_spec.deal_to
    before = [list(position.piles[p]) for p in piles]
    key = position.key()
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    position.apply(redeal)
    # the stock is the piles picked up in order, each from its top: its top card (dealt
    # first) is the last pile's bottom card
    gathered = [card for pile in before for card in reversed(pile)]
    dealt = gathered[::-1][:len(piles)]
    assert [position.piles[p] for p in piles] == [[card] for card in dealt]
    assert position.piles[rules.stock] == gathered[:len(gathered) - len(piles)]
    assert position.redeals_left == 1
    position.undo()
    assert position.key() == key


def test_two_redeals_and_no_third():
    position = dealt_out("acquaintance", 2)
    for _ in range(2):
        position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
        while position.piles[position.rules.stock]:
            position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
    assert not [m for m in position.legal_moves() if m.kind is GATHER]


def test_no_redeal_while_the_stock_has_cards():
    position = deal_seed(load_rules("acquaintance"), 1)
    assert not [m for m in position.legal_moves() if m.kind is GATHER]
    code, out, _ = run_cli("play", "acquaintance", "--seed", "1", "--line", stdin="redeal\nquit\ny\n")
    assert code == 0 and "no redeal yet: the stock still has 44 cards" in out


def test_scuffle_shuffles_the_gathered_cards_the_same_way_every_time():
    first, second, plain = dealt_out("scuffle", 3), dealt_out("scuffle", 3), dealt_out("acquaintance", 3)
    assert first.key() == second.key() == plain.key()   # the same deal and layout as Acquaintance
    for position in (first, second, plain):
        position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
    assert first.key() == second.key()
    def held(position):
        return position.piles[position.rules.stock] + [c for p in position.rules.stock_spec.deal_to
                                                       for c in position.piles[p]]
    assert sorted(held(first)) == sorted(held(plain)) and held(first) != held(plain)


@pytest.mark.parametrize("name", ["acquaintance", "scuffle", "granada"])
def test_random_play_keeps_the_pack_and_undoes_exactly(name):
    rng = random.Random(5)
    played_and_undone(load_rules(name), 4, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_how_the_stock_redeals():
    code, out, _ = run_cli("show", "scuffle")
    assert code == 0 and ("once the stock is empty, the piles of tableau go back into it in order, "
                          "pile 1 first, each from its top, shuffled, and a row is dealt at once") in out


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("acquaintance"), 1), max_positions=2000).search == "exhaustive"


@pytest.mark.parametrize("stock, expected", [
    ("{shuffle: true}", "stock.shuffle: shuffles the cards a redeal gathers"),
    ("{deal_when: no-gap}", "stock.redeals: a stock that deals rows redeals by gathering"),
])
def test_bad_redeals_are_refused_in_one_line(tmp_path, stock, expected):
    base = "klondike" if "shuffle" in stock else "acquaintance"
    assert expected in validate_refusal(tmp_path, f"extends: {base}\nname: bad\nstock: {stock}\n")
