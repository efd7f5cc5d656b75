"""A gap filled from the pile of another group with its own number (``fill: [GROUP:same]``):
PySolFC's TwilightZone.fillStack fills column n from reserve place n, and the reserve place
so emptied from the waste, else the stock."""
from __future__ import annotations

from patience_core import load_rules
from conftest import move, pile_cards, position_of, run_cli, validate_refusal


def _twilight(piles, rest="stock"):
    rules = load_rules("twilight-zone")
    return rules, position_of(rules, piles, rest=rest)


def test_a_column_takes_the_card_of_its_own_reserve_place_and_that_place_fills_from_the_waste():
    rules, position = _twilight({"tableau:1": "9S", "tableau:2": "AC", "tableau:3": "7D", "tableau:4": "10D",
                                 "reserve:1": "4H", "reserve:2": "JD", "reserve:3": "4C", "reserve:4": "KS",
                                 "waste": "5H 6S", "stock": "2H 7C"})
    position.apply(move(rules, "AC", "tableau:2", "foundation:1"))
    assert pile_cards(position, "tableau:2") == ["JD"]            # reserve:2, not reserve:1
    assert pile_cards(position, "reserve:1") == ["4H"]
    assert pile_cards(position, "reserve:2") == ["6S"]            # the waste's top card
    assert pile_cards(position, "waste") == ["5H"]


def test_with_the_waste_empty_the_reserve_place_takes_the_stock_top_and_undo_puts_all_back():
    rules, position = _twilight({"tableau:1": "9S", "tableau:2": "AC", "tableau:3": "7D", "tableau:4": "10D",
                                 "reserve:1": "4H", "reserve:2": "JD", "reserve:3": "4C", "reserve:4": "KS",
                                 "waste": ""})
    top = position.piles[rules.stock][-1]
    before = [list(p) for p in position.piles]
    m = move(rules, "AC", "tableau:2", "foundation:1")
    position.apply(m)
    assert pile_cards(position, "tableau:2") == ["JD"]
    assert position.piles[rules.pile_index("reserve:2")] == [top]
    position.undo()
    assert [list(p) for p in position.piles] == before


def test_show_names_each_gap_its_own_pile_and_a_wrong_group_is_refused(tmp_path):
    code, out, _ = run_cli("show", "twilight-zone")
    assert code == 0 and "a gap is filled at once from the pile of reserve with the gap's number" in out
    assert "unknown source 'reserves:same'" in validate_refusal(
        tmp_path, "extends: twilight-zone\nname: bad\npiles: {tableau: {fill: ['reserves:same']}}\n")
    assert "unknown source 'tableau:same'" in validate_refusal(
        tmp_path, "extends: twilight-zone\nname: bad\npiles: {tableau: {fill: ['tableau:same']}}\n")


def test_a_chain_deeper_than_one_step_or_a_waiting_source_is_refused(tmp_path):
    deeper = ("extends: twilight-zone\nname: bad\npiles:\n  reserve: {fill: ['extra:same']}\n"
              "  extra: {kind: reserve, count: 4, cards: 1, fill: [stock]}\ndeal: [tableau, reserve, extra]\n")
    assert "takes its own fill from a pile that fills in turn" in validate_refusal(tmp_path, deeper)
    waiting = ("extends: twilight-zone\nname: bad\npiles:\n"
               "  reserve: {fill: {from: [waste, stock], when: {empty: waste}}}\n")
    assert "is filled in the same move, one card at once" in validate_refusal(tmp_path, waiting)


def test_a_column_gap_with_its_reserve_place_empty_stays_and_takes_any_card():
    rules, position = _twilight({"tableau:1": "9S", "tableau:2": "AC", "tableau:3": "7D", "tableau:4": "10D",
                                 "reserve:1": "4H", "reserve:2": "", "reserve:3": "4C", "reserve:4": "KS",
                                 "waste": ""}, rest=None)   # stock and waste used up: reserve:2 stays empty
    position.apply(move(rules, "AC", "tableau:2", "foundation:1"))
    assert pile_cards(position, "tableau:2") == [] and pile_cards(position, "reserve:2") == []
    assert any(m.src == rules.pile_index("reserve:1") and m.dst == rules.pile_index("tableau:2")
               for m in position.legal_moves())
