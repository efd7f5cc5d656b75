"""The Salic Law family (PySolFC's katzenschwanz.py): a stock dealt one card at a time onto the
last column started, a King starting the next (``stock: {deal: GROUP, onto: last}``); conditions
on the pile whose rule they are (``self``: a column takes a card only while it holds its one
first card, and that card never leaves it) and on the pile of the same number in another group
(``GROUP:same``: Ace pile n takes cards only while column n holds one)."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW
from conftest import (assert_rebuilt_agrees, c, cs, played_and_undone, pile, pile_cards, position_of,
                      run_cli, validate_refusal)

QUEENS = {f"foundation:{n}": q for n, q in enumerate("QC QD QH QS QC QD QH QS".split(), 1)}


def _salic(piles: dict[str, str], aces: dict[str, str] | None = None):
    rules = load_rules("salic-law")
    return rules, position_of(rules, piles, {**QUEENS, **(aces or {})})


def _moves(rules, position):
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()
            if m.kind is not DEAL_ROW}


@pytest.mark.parametrize("seed", range(1, 8))
def test_the_queens_are_set_out_and_a_king_starts_the_first_column(seed):
    rules = load_rules("salic-law")
    position = deal_seed(rules, seed)
    assert all(position.piles[f] and position.piles[f][0] % 13 == 11 for f in rules.groups["foundation:queens"])
    tableau = [position.piles[p] for p in rules.groups["tableau"]]
    assert len(tableau[0]) == 1 and tableau[0][0] % 13 == 12 and not any(tableau[1:])
    assert len(position.piles[rules.stock]) == 104 - 8 - 1


def test_the_stock_deals_onto_the_last_column_started_and_a_king_starts_the_next():
    rules, position = _salic({"tableau:1": "KC", "tableau:2": "KD 5S", "stock": "KH 7C"})
    position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
    assert pile_cards(position, "tableau:2") == ["KD", "5S", "7C"]
    deal = next(m for m in position.legal_moves() if m.kind is DEAL_ROW)
    position.apply(deal)
    assert pile_cards(position, "tableau:3") == ["KH"]
    position.undo()
    position.undo()
    assert pile_cards(position, "tableau:2") == ["KD", "5S"] and not pile_cards(position, "tableau:3")
    assert_rebuilt_agrees(position)


def test_a_column_takes_a_card_only_while_it_holds_its_first_card_alone():
    rules, position = _salic({"tableau:1": "KC 9D", "tableau:2": "KD", "tableau:3": "KH 4S"})
    moves = _moves(rules, position)
    assert ("tableau:1", "tableau:2") in moves and ("tableau:3", "tableau:2") in moves
    assert ("tableau:3", "tableau:1") not in moves and ("tableau:1", "tableau:3") not in moves


def test_a_columns_first_card_never_leaves_it():
    rules, position = _salic({"tableau:1": "KC", "tableau:2": "KD"})
    assert not _moves(rules, position)


def test_ace_pile_n_takes_cards_only_while_column_n_holds_one():
    rules, position = _salic({"tableau:1": "KC AS"})
    moves = _moves(rules, position)
    assert ("tableau:1", "foundation:9") in moves          # Ace pile 1 over column 1
    assert ("tableau:1", "foundation:10") not in moves     # column 2 not started yet
    rules, position = _salic({"tableau:1": "KC AS", "tableau:2": "KD"})
    assert ("tableau:1", "foundation:10") in _moves(rules, position)


def test_the_same_number_pairs_each_ace_pile_with_its_own_column():
    rules = load_rules("salic-law")
    paired = [rules.f_spec[f].when.piles for f in rules.groups["foundation:aces"]]
    assert paired == [(p,) for p in rules.groups["tableau"]]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_play_undoes_exactly(seed):
    rules = load_rules("salic-law")
    rng = random.Random(seed)
    played_and_undone(rules, seed, lambda position, moves: rng.choice(moves) if moves else None, limit=400)


def test_show_says_the_rules():
    code, out, _err = run_cli("show", "salic-law")
    assert code == 0
    assert "deals one card at a time onto the last pile of tableau holding a card; each K starts the next pile" in out
    assert "only when the tableau pile of the same number holds a card" in out
    assert "(only when the pile holds exactly one card)" in out
    assert "a card leaves it only when the pile does not hold exactly one card" in out


_BASE = """\
name: bad
title: Bad
decks: 2
piles:
  tableau:
    kind: tableau
    title: Tableau
    count: COUNT
    cards: [1, 0, 0, 0, 0, 0, 0, 0]
    build: {rank: any, suit: any, when: {one_card: {in: self}}}
    moves: card
    empty: none
    split: {before: K, first: K}
stock: {deal: tableau, onto: last}
foundations:
  queens: {base: Q, length: 1, suits: regardless, count: 8, start: dealt}
  aces: {base: A, length: 11, suits: regardless, count: 8, when: {not_empty: PAIRED}}
deal: [tableau]
win: WIN
"""


def _bad(count="8", paired="tableau:same", win="{cards_left: 8}"):
    return _BASE.replace("COUNT", count).replace("PAIRED", paired).replace("WIN", win)


def test_the_base_file_is_good(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(_bad())
    assert run_cli("validate", str(path))[0] == 0


def test_self_in_a_condition_of_no_one_pile_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _bad(win="[{cards_left: 8}, {not_empty: self}]"))
    assert "belongs to no one pile" in out and "win" in out


def test_same_of_a_group_too_small_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _bad().replace("count: 8, when", "count: 9, when").replace(
        "length: 11,", "length: 11, step: 1,").replace("{cards_left: 8}", "{cards_left: 8}"))
    assert "has 8 piles, so pile 9 of this group has none of its number" in out


def test_same_of_an_unknown_group_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _bad(paired="tablaeu:same"))
    assert "unknown pile group 'tablaeu'" in out and "tableau" in out


def test_onto_last_needs_a_group_split_before_a_rank(tmp_path):
    out = validate_refusal(tmp_path, _bad().replace("    split: {before: K, first: K}\n", ""))
    assert "field stock.onto: last deals onto the last pile a split group has started" in out


def test_onto_last_deals_one_card_so_no_rounds(tmp_path):
    out = validate_refusal(tmp_path, _bad().replace("onto: last}", "onto: last, rounds: 2}"))
    assert "field stock.rounds" in out
