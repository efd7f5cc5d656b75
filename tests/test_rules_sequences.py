"""Building on the same rank (``rank: same``: Quads +, Batsford's King reserve, Dial's
foundations) and foundation sequences listed rank by rank (``sequence``: Napoleon's Tomb's
6-to-Ace four times over, Solid Square's A-to-K-to-A, Double FreeCell's A-to-K twice)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.errors import VariantError
from patience_core.model.moves import BETWEEN_PILES
from patience_core.ui.render import rules_text
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import c, played_and_undone, position_of


def test_a_pile_built_on_the_same_rank():
    rules = load_rules("quads-plus")
    position = position_of(rules, {"tableau:1": "7H", "tableau:2": "7S", "tableau:3": "8S"}, rest="stock")
    onto = {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and position.piles[m.dst]}
    assert ("tableau:2", "tableau:1") in onto and ("tableau:3", "tableau:1") not in onto
    assert "built on the same rank regardless of suit" in rules_text(rules)


def test_a_listed_sequence_repeats_its_ranks():
    rules = load_rules("napoleons-tomb")
    tomb = next(f for f in rules.foundations if rules.f_spec[f].length == 24)
    assert [r + 1 for r in rules.f_spec[tomb].ranks[:7]] == [6, 5, 4, 3, 2, 1, 6]


def test_solid_square_turns_at_the_king_and_needs_both_decks():
    rules = load_rules("solid-square")
    f = rules.foundations[0]
    ranks = rules.f_spec[f].ranks
    assert len(ranks) == 26 and ranks[12] == ranks[13] == 12 and ranks[-1] == 0
    position = position_of(rules, {}, foundations={"foundation:1": "KC"}, rest="stock")
    assert position.wanted(f) == (c("KC"),)


def test_a_sequence_with_base_or_length_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nextends: solid-square\nfoundations: {home: {base: A}}\n")
    with pytest.raises(VariantError, match="sequence lists every rank already"):
        compile_variant(build_registry().add_file(path), {})


@pytest.mark.parametrize("name", ["napoleons-tomb", "solid-square", "double-freecell", "quads-plus", "dial"])
def test_games_play_and_undo(name):
    played_and_undone(load_rules(name), 2, lambda position, moves: moves[len(position.history) % len(moves)],
                      limit=200)
