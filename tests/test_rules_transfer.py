"""Cards moved between foundations (``transfer: true``): PySolFC's foundations give their top
card to any other foundation that takes it (a stack's default max_move is 1), which Aces and
Kings (PySolFC 800) uses between its Ace piles built up and its King piles built down."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.agents.autoplay import play_automatic
from patience_core.model.moves import BETWEEN_PILES
from patience_core.solver.solve import solve_position
from patience_core.ui.commands import PileLabels, resolve_move
from patience_core.ui.render import rules_text
from conftest import c, position_of


def _transfers(position):
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst], m.card) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and rules.is_foundation[m.src] and rules.is_foundation[m.dst]}


def test_a_top_card_moves_onto_another_foundation_that_takes_it():
    rules = load_rules("aces-and-kings")
    # Ace pile 1 up to 6C; King pile 5 down to 7D: the 6C may go onto it (regardless of suit).
    position = position_of(rules, {}, foundations={"foundation:1": "6C", "foundation:5": "7D"})
    assert ("foundation:1", "foundation:5", c("6C")) in _transfers(position)
    assert all(src != dst for src, dst, _card in _transfers(position))
    before = position.key()
    move = next(m for m in position.legal_moves() if m.kind is BETWEEN_PILES
                and rules.pile_names[m.dst] == "foundation:5")
    position.apply(move)
    assert position.wanted(rules.pile_index("foundation:1")) and position.on_foundations == 13
    position.undo()
    assert position.key() == before


def test_typed_from_a_foundation_and_said_in_the_rules():
    rules = load_rules("aces-and-kings")
    position = position_of(rules, {}, foundations={"foundation:1": "6C", "foundation:5": "7D"})
    labels = PileLabels(rules)
    move = resolve_move(position, ["6c", labels.label(rules.pile_index("foundation:5"))], labels)
    assert rules.pile_names[move.src] == "foundation:1" and rules.pile_names[move.dst] == "foundation:5"
    assert "a top card may move onto another foundation that takes it" in rules_text(rules)


def test_no_safe_autoplay_and_the_exhaustive_search_where_cards_move_between_foundations():
    rules = load_rules("aces-and-kings")
    position = position_of(rules, {"tableau:1": "AH"}, rest="stock")
    assert play_automatic(position, "safe") == []
    assert solve_position(deal_seed(rules, 1), max_positions=2000).search == "exhaustive"
