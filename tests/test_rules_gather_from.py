"""A row-dealing stock whose redeal gathers the last pile first (``stock.gather_from: last``,
PySolFC's PerpetualMotion_Talon, Perpetual Motion 130): the piles go back into the empty stock
pile 4 first, each from its top, unshuffled, and a row is dealt at once, as often as one likes."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import BETWEEN_PILES, DEAL_ROW, GATHER, TO_FOUNDATION
from patience_core.solver.solve import solve_position
from conftest import dealt_out, pile, played_and_undone, position_of, run_cli, validate_refusal


def test_the_redeal_gathers_the_last_pile_first_each_from_its_top_and_deals_a_row():
    position = dealt_out("perpetual-motion", 1)
    rules = position.rules
    piles = rules.stock_spec.deal_to
    before = [list(position.piles[p]) for p in piles]
    key = position.key()
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    position.apply(redeal)
    # pile 4 goes back first, each pile from its top: the stock's top card (dealt first, onto
    # pile 1) is pile 1's bottom card, as PySolFC's talon gathers reversed(rows)
    gathered = [card for pile_ in reversed(before) for card in reversed(pile_)]
    dealt = gathered[::-1][:len(piles)]
    assert dealt[0] == before[0][0]
    assert [position.piles[p] for p in piles] == [[card] for card in dealt]
    assert position.piles[rules.stock] == gathered[:len(gathered) - len(piles)]
    position.undo()
    assert position.key() == key


def test_acquaintance_still_gathers_pile_one_first():
    position = deal_seed(load_rules("acquaintance"), 1)
    assert not position.rules.stock_spec.gather_last_first


def test_redeals_never_run_out():
    position = dealt_out("perpetual-motion", 2)
    for _ in range(5):
        position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
        while position.piles[position.rules.stock]:
            position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
    assert [m for m in position.legal_moves() if m.kind is GATHER]


def test_same_rank_runs_move_onto_the_rank_four_go_out_together_and_gaps_take_nothing():
    rules = load_rules("perpetual-motion")
    position = position_of(rules, {"tableau:1": "9H 7S 7D", "tableau:2": "7C 7H", "tableau:4": "5C"})
    moves = {(rules.pile_names[m.src], rules.pile_names[m.dst], m.count)
             for m in position.legal_moves() if m.kind is BETWEEN_PILES}
    assert ("tableau:2", "tableau:1", 2) in moves and ("tableau:1", "tableau:2", 2) in moves
    assert not any(dst == "tableau:3" for _, dst, _ in moves)   # the gap takes nothing
    assert not any(m.kind is TO_FOUNDATION for m in position.legal_moves())   # only three 7s together
    position.apply(next(m for m in position.legal_moves()
                        if m.kind is BETWEEN_PILES and m.src == pile(rules, "tableau:2") and m.count == 2))
    (out,) = [m for m in position.legal_moves() if m.kind is TO_FOUNDATION]
    assert out.count == 4 and rules.pile_names[out.src] == "tableau:1"


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(7)
    played_and_undone(load_rules("perpetual-motion"), 3, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_the_last_pile_goes_back_first():
    code, out, _ = run_cli("show", "perpetual-motion")
    assert code == 0 and ("once the stock is empty, the piles of tableau go back into it in order, "
                          "pile 4 first, each from its top and a row is dealt at once") in " ".join(out.split())


def test_the_board_says_a_set_foundation_takes_cards_at_once():
    code, out, _ = run_cli("play", "perpetual-motion", "--seed", "1", "--line", stdin="quit\ny\n")
    assert code == 0 and "4 at once" in out and "full" not in out


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("perpetual-motion"), 1), max_positions=2000).search == "exhaustive"


def test_gather_from_without_a_row_redeal_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: spider\nname: bad\nstock: {gather_from: last}\n")
    assert "stock.gather_from: says which pile a redeal gathers into the stock first" in out
