"""Piles that take cards only from some piles (``takes_from``: Chamberlain's tableau takes only
reserve cards; ``empty_from``: Assembly's and Napoleon's Shoulder's gaps take only the waste's),
only single cards (``takes: card``, PySolFC's max_accept=1: Long Tail's reserve), and gaps that
take one of several ranks (``empty: [A, K]``: Alexander the Great)."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.moves import BETWEEN_PILES
from patience_core.ui.render import rules_text
from conftest import c, position_of


def _moves_to(position, name):
    rules = position.rules
    return {(rules.pile_names[m.src], m.card, m.count) for m in position.legal_moves()
            if m.kind is BETWEEN_PILES and rules.pile_names[m.dst] == name}


def test_chamberlains_tableau_takes_cards_only_from_the_reserve():
    rules = load_rules("chamberlain")
    position = position_of(rules, {"reserve:1": "5H", "tableau:1": "9C", "tableau:2": "3D"}, rest="stock")
    sources = {src for src, _card, _n in _moves_to(position, "tableau:1")}
    assert "reserve:1" in sources and "tableau:2" not in sources and "waste" not in sources
    assert "only from reserve" in rules_text(rules)


def test_a_gap_that_takes_only_the_waste():
    rules = load_rules("napoleons-shoulder")
    position = position_of(rules, {"tableau:1": "", "tableau:2": "9C", "waste": "4D"}, rest="stock")
    assert {src for src, _c, _n in _moves_to(position, "tableau:1")} == {"waste"}
    assert "an empty pile takes any card, and only from the waste" in rules_text(rules)


def test_long_tails_reserve_takes_single_cards_never_a_run():
    rules = load_rules("long-tail")
    position = position_of(rules, {"tableau:1": "9S 8S 7S", "reserve:1": ""}, rest="stock")
    assert {n for _src, _c, n in _moves_to(position, "reserve:1")} == {1}
    assert any(n == 3 for _src, _c, n in _moves_to(position, "tableau:2"))


def test_a_gap_taking_an_ace_or_a_king():
    rules = load_rules("alexander-the-great")
    gap = next(p for p in rules.receivers if rules.piles[p].empty != "any" and rules.piles[p].empty != "none")
    assert rules.piles[gap].empty == (0, 12)
    assert set(rules.accepts_empty[gap]) == {c(x) for x in ("AC", "AD", "AH", "AS", "KC", "KD", "KH", "KS")}
    assert "only an A or a K" in rules_text(rules)


def test_four_winds_cells_take_only_their_own_suit():
    rules = load_rules("four-winds")
    position = position_of(rules, {"clubs:1": "", "hearts:1": "", "waste": "7C"}, rest="stock")
    targets = {rules.pile_names[m.dst] for m in position.legal_moves()
               if m.kind is BETWEEN_PILES and m.card == c("7C")}
    assert "clubs:1" in targets and all(t.startswith("clubs:") for t in targets)
    assert "each holding any one card of C" in rules_text(rules)


def test_the_red_and_the_blacks_reserve_takes_only_the_waste_and_says_so():
    """PySolFC's TheRedAndTheBlack_Reserve takes only the waste's card; its foundations take
    from the waste and the columns, never from the reserve."""
    rules = load_rules("the-red-and-the-black")
    position = position_of(rules, {"reserve:1": "", "reserve:2": "2C", "tableau:1": "9C",
                                   "tableau:2": "2S", "waste": "4D",
                                   "foundation:2": "AD"}, rest="stock")
    assert {src for src, _c, _n in _moves_to(position, "reserve:1")} == {"waste"}
    onto_ace_of_diamonds = {rules.pile_names[m.src] for m in position.legal_moves()
                            if m.dst == rules.pile_index("foundation:2")}
    assert "tableau:2" in onto_ace_of_diamonds and "reserve:2" not in onto_ace_of_diamonds
    assert "each holding any one card, only from the waste" in rules_text(rules)
