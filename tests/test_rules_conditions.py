"""Rules that wait for a state of the game (``when:``): Miss Milligan's reserve takes a card
only once the stock is empty (PySolFC 62), Surprise's builds only then (463), Giant's
foundations give cards back only then (65). The compiled search does not know them yet:
solve says it runs the exhaustive search."""
from __future__ import annotations

from pathlib import Path

import pytest

from patience_core import deal_seed, load_rules
from patience_core.errors import VariantError
from patience_core.model.moves import BETWEEN_PILES
from patience_core.solver.solve import solve_position
from patience_core.ui.render import rules_text
from conftest import c, position_of


def _moves_to(position, name):
    rules = position.rules
    return [m for m in position.legal_moves() if m.kind is BETWEEN_PILES and rules.pile_names[m.dst] == name]


def test_miss_milligans_reserve_takes_a_card_only_once_the_stock_is_empty():
    rules = load_rules("miss-milligan")
    waiting = position_of(rules, {"tableau:1": "KS QH"}, rest="stock")
    assert not _moves_to(waiting, "reserve:1")
    done = position_of(rules, {"tableau:1": "KS QH"}, rest="tableau:2")   # every other card dealt
    assert {m.card for m in _moves_to(done, "reserve:1")} >= {c("QH"), c("KS")}
    assert "takes any card (only when the stock is empty)" in rules_text(rules)


def test_surprises_reserve_builds_only_once_the_stock_is_empty():
    rules = load_rules("surprise")
    piles = {"reserve:1": "9C", "tableau:1": "4H"}
    assert not _moves_to(position_of(rules, piles, rest="stock"), "reserve:1")
    done = position_of(rules, piles, rest="tableau:2")
    assert c("4H") in {m.card for m in _moves_to(done, "reserve:1")}


def test_giant_worries_back_only_once_the_stock_is_empty():
    rules = load_rules("giant")
    f1 = rules.pile_index("foundation:1")
    with_stock = position_of(rules, {"foundation:1": "AC", "tableau:1": "2D"}, rest="stock")
    assert not [m for m in with_stock.legal_moves() if m.src == f1]
    without = position_of(rules, {"foundation:1": "AC", "tableau:1": "2D"}, rest="tableau:2")
    assert [m for m in without.legal_moves() if m.src == f1 and rules.pile_names[m.dst] == "tableau:1"]


@pytest.mark.parametrize("name", ["miss-milligan", "surprise", "giant"])
def test_solve_says_it_runs_the_exhaustive_search(name):
    rules = load_rules(name)
    result = solve_position(deal_seed(rules, 1), max_positions=2000)
    assert result.search == "exhaustive"


def test_a_condition_on_a_pile_that_does_not_exist_is_refused_with_its_line(tmp_path):
    path = tmp_path / "bad-when.yaml"
    path.write_text("name: bad-when\nextends: miss-milligan\n"
                    "piles: {reserve: {empty: {rank: any, when: {empty: stok}}}}\n")
    with pytest.raises(VariantError, match=r"bad-when.yaml:3:\d+: field piles.reserve.empty.when.empty: "
                                           r"unknown pile or pile group 'stok' \(did you mean 'stock'\?\)"):
        load_rules(file=path)


def test_not_empty_holds_while_every_pile_of_the_set_has_a_card_and_switches_safe_plays_off(tmp_path):
    """A rule that a card taken away can undo: the safe-play arguments do not cover it."""
    from patience_core.agents.safe import plain_rules
    path = tmp_path / "gated.yaml"
    original = (Path(__file__).parent.parent / "variants" / "miss-milligan.yaml").read_text(encoding="utf-8")
    path.write_text(original.replace("name: miss-milligan", "name: gated").replace(
        "when: {empty: stock}", "when: {not_empty: ['tableau:1', 'tableau:2']}"), encoding="utf-8")
    rules = load_rules(file=path)
    both = position_of(rules, {"tableau:1": "KS QH", "tableau:2": "9C"}, rest="stock")
    assert _moves_to(both, "reserve:1")
    one = position_of(rules, {"tableau:1": "KS QH"}, rest="stock")
    assert not _moves_to(one, "reserve:1")
    assert not plain_rules(rules) and plain_rules(load_rules("miss-milligan"))
