"""St. Helena's two rules (PySolFC's StHelena_FoundationStack and StHelena_Talon): until the first
redeal a foundation takes cards only from some piles (``first_pass_from``), and a redeal deals
the piles out again from each one's top down, the last pile first (``gather: {from_top: true}``),
which Louis also does once its stock, dealt in one move, is empty."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.model.moves import DEAL_ROW, GATHER
from conftest import pile_cards, position_of, run_cli, validate_refusal


def _helena(piles, redeals_left=None):
    rules = load_rules("st-helena")
    bases = {"foundation:1": "KC", "foundation:2": "KS", "foundation:3": "KH", "foundation:4": "KD",
             "foundation:5": "AC", "foundation:6": "AS", "foundation:7": "AH", "foundation:8": "AD"}
    return rules, position_of(rules, piles, bases, rest="tableau:6", redeals_left=redeals_left)


def _ups(rules, position):
    return {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in position.legal_moves()
            if rules.is_foundation[m.dst] and not rules.is_foundation[m.src]}


def test_until_the_first_redeal_the_king_piles_refuse_the_bottom_row_and_the_ace_piles_the_top_row():
    layout = {"tableau:1": "2C", "tableau:8": "QC", "tableau:5": "2S", "tableau:11": "QS"}
    rules, first = _helena(layout)
    ups = _ups(rules, first)
    assert ("tableau:8", "foundation:1") not in ups and ("tableau:1", "foundation:5") not in ups
    assert ("tableau:11", "foundation:2") in ups and ("tableau:5", "foundation:6") in ups
    rules, later = _helena(layout, redeals_left=1)
    ups = _ups(rules, later)
    assert ("tableau:8", "foundation:1") in ups and ("tableau:1", "foundation:5") in ups


def test_a_redeal_deals_the_last_pile_first_from_its_top_down():
    rules = load_rules("st-helena")
    position = position_of(rules, {"tableau:1": "2H 3H", "tableau:12": "9S 10S"}, rest=None)
    position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
    assert [pile_cards(position, f"tableau:{n}") for n in (1, 2, 3, 4, 5)] == [["10S"], ["9S"], ["3H"], ["2H"], []]
    assert position.redeals_left == 1
    position.undo()
    assert pile_cards(position, "tableau:1") == ["2H", "3H"] and pile_cards(position, "tableau:12") == ["9S", "10S"]


def test_louis_deals_its_whole_stock_in_one_move_and_redeals_only_once_it_is_empty():
    rules = load_rules("louis")
    position = deal_seed(rules, 1)
    stock = position.piles[rules.stock]
    deal = [m for m in position.legal_moves() if m.kind is DEAL_ROW]
    assert len(deal) == 1 and deal[0].count == len(stock) == 84
    assert not any(m.kind is GATHER for m in position.legal_moves())
    position.apply(deal[0])
    assert not position.piles[rules.stock] and all(len(pile_cards(position, f"tableau:{n}")) == 8 for n in range(1, 13))
    assert any(m.kind is GATHER for m in position.legal_moves())


def test_show_says_so_and_the_rules_without_their_conditions_are_refused(tmp_path):
    code, out, _ = run_cli("show", "st-helena")
    assert code == 0 and "until the first redeal they take cards only from" in out
    assert "dealt out again unshuffled from each pile's top down, the last pile first" in out
    assert "the game has no redeals" in validate_refusal(
        tmp_path, "extends: box-kite\nname: bad\nfoundations: {up: {first_pass_from: [tableau:1]}}\n")
    assert "expected deal: rows, stairs or again" in validate_refusal(
        tmp_path, "extends: cruel\nname: bad\nstock: {gather: {group: tableau, per_pile: 4, from_top: true}}\n")
