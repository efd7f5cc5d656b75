"""Piles dealt wholly face down that only fill gaps (``face_up: 0`` with ``access: none``):
Interment (PySolFC 604) fills its five reserve places from a face-down pile of 13; the pile
stays face down, and nobody sees its cards before they land in a gap."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.agents.hindsight import Memory, unseen_places
from patience_core.model.moves import TO_FOUNDATION, BETWEEN_PILES
from patience_core.solver.solve import solve_position
from conftest import pile, played_and_undone, run_cli, validate_refusal


def test_the_feeder_stays_face_down_as_it_fills_a_gap_and_undo_puts_its_card_back():
    rules = load_rules("interment")
    hidden = pile(rules, "hidden:1")
    for seed in range(1, 40):
        position = deal_seed(rules, seed)
        assert position.down[hidden] == len(position.piles[hidden]) == 13
        places = rules.groups["places"]
        move = next((m for m in position.legal_moves() if m.src in places
                     and m.kind in (TO_FOUNDATION, BETWEEN_PILES)), None)
        if move is None:
            continue
        before = position.key()
        top = position.piles[hidden][-1]
        position.apply(move)
        assert position.piles[move.src] == [top]   # the gap took the feeder's top card, face up
        assert position.down[hidden] == len(position.piles[hidden]) == 12
        position.undo()
        assert position.key() == before
        return
    raise AssertionError("no deal of 1..39 lets a reserve place's card move")


def test_no_one_sees_the_feeder_cards():
    position = deal_seed(load_rules("interment"), 3)
    hidden = pile(position.rules, "hidden:1")
    assert sum(1 for p, _ in unseen_places(position, Memory()) if p == hidden) == 13
    code, out, _ = run_cli("play", "interment", "--seed", "3", "--line", stdin="quit\ny\n")
    from patience_core.model import cards
    assert code == 0 and "13 face down" in out
    assert f"hi {cards.card_label(position.piles[hidden][-1])}" not in out


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(2)
    played_and_undone(load_rules("heads-and-tails"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("interment"), 1), max_positions=1000).search == "exhaustive"


def test_a_face_down_top_card_is_refused_where_cards_may_leave_the_pile(tmp_path):
    assert "or access: none for a face-down pile that only fills gaps" in validate_refusal(
        tmp_path, "extends: interment\nname: bad\npiles:\n  hidden: {access: top}\n")
