"""Bisley (PySolFC 290): each suit's Ace pile built up and King pile built down share the
suit's thirteen cards and meet anywhere (``capacity: meet``), the Aces set out first."""
from __future__ import annotations

import pytest

from patience_core import deal_seed, load_rules
from patience_core.errors import VariantError
from patience_core.solver.solve import solve_position
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import position_of


def test_the_piles_of_a_suit_meet_anywhere_and_the_game_is_won_with_every_card_up():
    rules = load_rules("bisley")
    piles = {}
    for n, suit in enumerate("CDHS", start=1):
        piles[f"foundation:{n}"] = " ".join(f"{r}{suit}" for r in "A 2 3 4 5 6".split())
        piles[f"foundation:{n + 4}"] = " ".join(f"{r}{suit}" for r in "K Q J 10 9 8 7".split())
    assert position_of(rules, piles, rest=None).status() == "won"


def test_a_deal_is_solved_and_its_line_replays():
    rules = load_rules("bisley")
    result = solve_position(deal_seed(rules, 1), max_positions=100_000)
    assert result.verdict == "won"


def test_meeting_piles_still_need_room_for_every_card(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nextends: bisley\nfoundations: {up: {length: 6}, down: {length: 5}}\n")
    with pytest.raises(VariantError, match="room for 44 cards; expected room for all 52"):
        compile_variant(build_registry().add_file(path), {})


def test_meeting_piles_need_a_place_for_every_rank(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nextends: bisley\nfoundations: {up: {length: 7}, down: {length: 7, base: 'Q'}}\n")
    with pytest.raises(VariantError, match="no foundation place is left for every card of rank K"):
        compile_variant(build_registry().add_file(path), {})


def test_meeting_piles_built_by_a_rule_take_any_rank(tmp_path):
    """Binary Star's two piles, each built up or down from any card, share the pack."""
    path = tmp_path / "star.yaml"
    path.write_text(
        "name: star\ntitle: Star\ndecks: 1\ncapacity: meet\n"
        "piles: {tableau: {kind: tableau, count: 13, cards: 4}}\n"
        "foundations: {home: {base: any, build: {rank: either, suit: any, wrap: true}, length: 52,"
        " suits: regardless, count: 2}}\ndeal: [tableau]\n")
    rules = compile_variant(build_registry().add_file(path), {})
    assert len(rules.foundations) == 2
