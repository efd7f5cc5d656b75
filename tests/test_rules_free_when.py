"""A pile whose cards may leave only in a state of the game (``free_when:``): PySolFC's
Napoleon_SingleFreeCell (Der kleine Napoleon) is locked while both reserve piles hold cards
(``{some_empty: reserve}``), each Napoleon_FreeCell (Napoleon) while the reserve pile beside
it does (``{empty: reserve:1}``)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.deal import deal_by_order
from patience_core.model.moves import BETWEEN_PILES, TO_FOUNDATION
from conftest import (assert_random_play_consistent, cs, names, pile, position_of, refusal, run_cli,
                      validate_refusal)


def _moves_from(position, name):
    src = pile(position.rules, name)
    return [m for m in position.legal_moves() if m.src == src]


def test_the_single_cell_is_locked_while_both_reserve_piles_hold_cards():
    rules = load_rules("der-kleine-napoleon")
    base = {"foundation:1": "5C", "foundation:2": "5D", "foundation:3": "5H", "foundation:4": "5S"}
    layout = {"cell:1": "6C", "reserve:1": "KD", "reserve:2": "QD", "tableau:1": "7C", **base}
    position = position_of(rules, layout, rest="tableau:2")
    assert _moves_from(position, "cell:1") == []        # neither onto 5C nor onto 7H
    assert "a card leaves cell:1 only when a pile of reserve is empty" in refusal(position, "6C", "cell:1",
                                                                                   "foundation:1")
    position = position_of(rules, {**layout, "reserve:2": ""}, rest="tableau:2")
    kinds = {(m.kind, position.rules.pile_names[m.dst]) for m in _moves_from(position, "cell:1")}
    assert (TO_FOUNDATION, "foundation:1") in kinds and (BETWEEN_PILES, "tableau:1") in kinds
    # the cell still takes a card while it is locked
    full = position_of(rules, {**layout, "cell:1": ""}, rest="tableau:2")
    assert any(m.dst == pile(rules, "cell:1") for m in full.legal_moves())


def test_each_of_napoleons_cells_waits_for_its_own_reserve_pile():
    rules = load_rules("napoleon")
    base = {"foundation:1": "5C", "foundation:2": "5D", "foundation:3": "5H", "foundation:4": "5S"}
    position = position_of(rules, {"left-cell:1": "6C", "right-cell:1": "6D", "reserve:1": "KD", **base},
                           rest="tableau:1")
    assert _moves_from(position, "left-cell:1") == []
    assert {m.kind for m in _moves_from(position, "right-cell:1")} == {TO_FOUNDATION, BETWEEN_PILES}


def test_the_four_bases_are_the_pack_first_cards_rank_and_go_either_way():
    rules = load_rules("der-kleine-napoleon")
    head = cs("9H 3C 9S")
    piles = deal_by_order(rules, head + [card for card in rules.pack if card not in head])
    assert [names(piles[f]) for f in rules.foundations] == [["9C"], ["9D"], ["9H"], ["9S"]]
    assert names(piles[pile(rules, "tableau:1")])[0] == "3C"
    assert [len(piles[p]) for p in rules.groups["reserve"]] == [4, 4] and not piles[rules.stock]


def test_random_play_keeps_the_takers_and_undoes_exactly():
    for name in ("der-kleine-napoleon", "napoleon"):
        assert_random_play_consistent(load_rules(name))


def test_show_says_so_and_an_unknown_pile_is_refused(tmp_path):
    code, out, _ = run_cli("show", "napoleon")
    assert code == 0 and "holding any one card; a card leaves it only when reserve:1 is empty" in out
    assert "unknown pile or pile group 'reserves'" in validate_refusal(
        tmp_path, "extends: der-kleine-napoleon\nname: bad\npiles: {cell: {free_when: {some_empty: reserves}}}\n")


def test_pileons_four_of_a_rank_stay_once_complete():
    # PySolFC's PileOn_RowStack.closeStack turns four of a rank face down: they never move again
    rules = load_rules("pileon")
    layout = {"tableau:1": "7C 7D 7H 7S", "tableau:2": "5C 5D 5H", "tableau:3": "KS 2H 9D 5S"}
    position = position_of(rules, layout, rest="tableau:4")
    assert _moves_from(position, "tableau:1") == []     # not the quartet, not its top card, not onto a gap
    assert "a card leaves tableau:1 only when the pile is not one run built on the same rank" in refusal(
        position, "7S", "tableau:1", "tableau:14")
    moves = {(position.rules.pile_names[m.dst], m.count) for m in _moves_from(position, "tableau:2")}
    assert ("tableau:14", 3) in moves and ("tableau:14", 1) in moves   # three of a rank still move
    position.apply(next(m for m in _moves_from(position, "tableau:3") if position.rules.pile_names[m.dst] == "tableau:2"))
    assert _moves_from(position, "tableau:2") == []     # completed by a move: it stays too
    position.undo()
    assert _moves_from(position, "tableau:2")


def test_a_dealt_four_of_a_rank_stays_and_a_dealt_mixed_four_moves():
    rules = load_rules("relaxed-pileon")
    position = position_of(rules, {"tableau:1": "QC QD QH QS", "tableau:2": "3C 3D 9H 4S"}, rest="tableau:3")
    assert _moves_from(position, "tableau:1") == []     # not even into the free cell
    assert {position.rules.pile_names[m.dst] for m in _moves_from(position, "tableau:2")} >= {"cells:1", "tableau:14"}


def test_flippers_column_is_blocked_while_its_cell_holds_a_card():
    # PySolFC's Flipper.fillStack turns a column's top card face down while cell n holds a card
    rules = load_rules("flipper")
    layout = {"tableau:1": "9S 8H", "tableau:2": "9D", "cells:1": "7C", "tableau:3": "KS"}
    position = position_of(rules, layout, rest="tableau:4")
    assert _moves_from(position, "tableau:1") == []                     # 8H does not move
    assert not any(m.dst == pile(rules, "tableau:1") for m in position.legal_moves())   # nor take 7C
    position.apply(next(m for m in _moves_from(position, "cells:1") if rules.pile_names[m.dst] == "cells:2"))
    # cell 1 emptied: column 1 is free and takes 7C; column 2 is blocked now
    assert any(rules.pile_names[m.dst] == "tableau:1" for m in _moves_from(position, "cells:2"))
    assert _moves_from(position, "tableau:2") == []
    assert any(rules.pile_names[m.dst] == "tableau:2" for m in _moves_from(position, "tableau:1")) is False


def test_flippers_empty_column_takes_a_card_while_its_cell_is_full_and_blocks_it():
    rules = load_rules("flipper")
    position = position_of(rules, {"cells:5": "7C", "tableau:1": "QD"}, rest="tableau:2")
    put = next(m for m in _moves_from(position, "tableau:1") if position.rules.pile_names[m.dst] == "tableau:5")
    position.apply(put)
    assert _moves_from(position, "tableau:5") == []
