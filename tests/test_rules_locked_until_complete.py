"""Cards locked face down until the foundation of their own number is complete (King's Secrets,
Locked Cards, Topsy-Turvy Queens: PySolFC's LockedCards_Reserve): ``free_when: {complete:
foundations:same}`` on a pile dealt face down (``face_up: 0``)."""
from __future__ import annotations

import pytest

from patience_core.model.moves import TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import move, pile, played_and_undone, position_of, refusal, run_cli, validate_refusal


def _free(position, name):
    p = pile(position.rules, name)
    return any(m.src == p for m in position.legal_moves())


def test_a_locked_card_lies_face_down_and_stays_until_its_foundation_is_complete():
    rules = load_rules("kings-secrets")
    position = position_of(rules, {"reserve:1": "5H", "reserve:2": "6H", "tableau:1": "6H"},
                           foundations={"foundation:1": "JS", "foundation:2": "4D"})
    for name in ("reserve:1", "reserve:2"):
        assert position.is_face_down(pile(rules, name), 0) and not _free(position, name)
    assert "foundation of the same number is complete" in refusal(position, None, "reserve:1", "tableau:1")


def test_completing_the_foundation_turns_its_card_up_and_undo_turns_it_down():
    rules = load_rules("kings-secrets")
    position = position_of(rules, {"reserve:1": "5H", "reserve:2": "6H", "tableau:1": "6H", "tableau:2": "QS"},
                           foundations={"foundation:1": "JS"})
    r1, r2 = pile(rules, "reserve:1"), pile(rules, "reserve:2")
    before = position.key()
    position.apply(move(rules, "QS", "tableau:2", "foundation:1"))
    assert not position.is_face_down(r1, 0) and _free(position, "reserve:1")
    assert position.is_face_down(r2, 0) and not _free(position, "reserve:2")   # its own foundation is not full
    assert any(m.src == r1 and m.dst == pile(rules, "tableau:1") for m in position.legal_moves())
    position.undo()
    assert position.key() == before and position.is_face_down(r1, 0)


def test_only_the_foundation_of_the_same_number_counts():
    rules = load_rules("locked-cards")
    position = position_of(rules, {"reserve:1": "5H", "reserve:3": "AC"}, foundations={"foundation:3": "KS"})
    assert _free(position, "reserve:3") and not _free(position, "reserve:1")
    assert any(m.kind is TO_FOUNDATION and m.src == pile(rules, "reserve:3") for m in position.legal_moves())


@pytest.mark.parametrize("name", ["kings-secrets", "locked-cards", "topsy-turvy-queens"])
def test_play_and_undo_restore_every_position(name):
    picks = iter(range(0, 10_000, 7))
    status = played_and_undone(load_rules(name), 3, lambda position, moves: moves[next(picks) % len(moves)],
                               limit=400)
    assert status in ("playing", "won", "lost")


def test_show_says_the_card_waits_face_down():
    code, out, _ = run_cli("show", "kings-secrets")
    assert code == 0 and "only when the foundation of the same number is complete, and lies face down until then" in out


_GAME = """
name: x
title: X
decks: 1
piles:
  reserve: {kind: reserve, count: %s, cards: 1, face_up: 0, free_when: %s}
  tableau: {kind: tableau, count: 4, cards: 5, build: {rank: down, suit: any}, empty: any}
foundations:
  home: {base: A, length: 13, suits: fixed, count: 4%s}
deal: [reserve, tableau]
"""


def test_complete_names_only_foundations(tmp_path):
    text = validate_refusal(tmp_path, _GAME % (2, "{complete: tableau}", ""))
    assert "piles.reserve.free_when.complete" in text and "tableau:1 is not a foundation" in text


def test_a_pile_with_no_partner_of_its_number_is_refused(tmp_path):
    text = validate_refusal(tmp_path, _GAME % (5, "{complete: home:same}", ""))
    assert "piles.reserve.free_when" in text and "home has 4 piles" in text


def test_same_where_no_pile_owns_the_rule_or_none_has_its_number_is_refused(tmp_path):
    text = validate_refusal(tmp_path, _GAME % (2, "{complete: foundation:1}", "") + "win: {empty: reserve:same}\n")
    assert "win.empty" in text and "belongs to no one pile" in text
    # foundation 3 of home has no reserve pile of its number (the reserve has two)
    text = validate_refusal(tmp_path, _GAME % (2, "{complete: foundation:1}", ", when: {empty: reserve:same}"))
    assert "foundations.home.when" in text and "reserve has 2 piles" in text


def test_a_face_down_pile_with_no_state_to_wait_for_is_refused(tmp_path):
    text = validate_refusal(tmp_path, _GAME.replace(", free_when: %s", "") % (2, ""))
    assert "expected at least its top card face up" in text
