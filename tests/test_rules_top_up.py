"""Big Ben's stock and columns (PySolFC's grandfathersclock.py): a stock turned onto the waste
that first tops short piles up (``stock: {top_up: {group: G, cards: N}}``, BigBen_Talon), and
columns that take a card only while they hold three or more (``when: {at_least: {in: self,
cards: 3}}``, BigBen_RowStack)."""
from __future__ import annotations

from patience_core.model.moves import DEAL_ROW, TURN
from patience_core.variants.catalog import load_rules
from conftest import c, pile, position_of, run_cli, validate_refusal


def columns(rules, held):
    """tableau:i holding the cards given, every other column three filler cards."""
    fill = iter(["10C JC QC", "10D JD QD", "10H JH QH", "10S JS QS", "KC KD KH", "2S 3S 4S"] * 2)
    return {f"tableau:{i}": held.get(i, next(fill)) for i in range(1, 13)}


def test_the_stock_tops_the_short_columns_up_round_and_round():
    rules = load_rules("big-ben")
    layout = columns(rules, {2: "", 5: "9C 8C"})
    layout["stock"] = "5H 6H 7H 8H 9H"
    position = position_of(rules, layout, rest="waste")
    before = position.key()
    (deal,) = [m for m in position.legal_moves() if m.kind in (DEAL_ROW, TURN)]
    assert deal.kind is DEAL_ROW and deal.count == 4   # 2, 5, 2, 2
    position.apply(deal)
    assert position.piles[pile(rules, "tableau:2")] == [c("9H"), c("7H"), c("6H")]
    assert position.piles[pile(rules, "tableau:5")] == [c("9C"), c("8C"), c("8H")]
    assert position.piles[rules.stock] == [c("5H")]
    position.undo()
    assert position.key() == before


def test_the_stock_turns_onto_the_waste_when_no_column_is_short():
    rules = load_rules("big-ben")
    layout = columns(rules, {})
    layout["stock"] = "5H 6H"
    position = position_of(rules, layout, rest="waste")
    moves = [m for m in position.legal_moves() if m.kind in (DEAL_ROW, TURN)]
    assert [m.kind for m in moves] == [TURN]


def test_a_column_takes_a_card_only_while_it_holds_three():
    rules = load_rules("big-ben")
    layout = columns(rules, {1: "5C 6C 9S", 2: "7C 9S"})
    layout["waste"] = "8S"
    position = position_of(rules, layout, rest="stock")
    targets = {m.dst for m in position.legal_moves() if m.src == pile(rules, "waste")}
    assert pile(rules, "tableau:1") in targets
    assert pile(rules, "tableau:2") not in targets


def test_show_says_both():
    code, out, _ = run_cli("show", "big-ben")
    assert code == 0
    assert "the stock deals instead: one card to each such pile in turn" in out
    assert "holds 3 cards or more" in out


def test_top_up_refuses_a_stock_that_deals_rows(tmp_path):
    text = validate_refusal(tmp_path, "extends: big-ben\nname: bad\nstock: {deal: tableau}\n")
    assert "stock.top_up" in text
