"""A redeal that gathers the stock with the layout (``stock.gather: {with_stock: true}``) and a
stock that sends cards up when it fills a gap (``deal_to_foundations: {stock: true}`` with a
fill from the stock), as PySolFC's Intelligence deals: Intelligence_RowStack.fillStack deals
three reserve cards onto an emptied fan with dealToStacksOrFoundations (an Ace goes up and the
fan takes the next card), and Intelligence_Talon gathers the fans and the reserve, shuffles them
and deals three cards to each fan in turn, pile by pile, the rest back into the reserve.

PySolFC is transcribed below onto plain lists (the top card last, as the engine keeps piles).
"""
from __future__ import annotations

import pytest

from conftest import (assert_random_play_consistent, assert_rebuilt_agrees, c, cs, get_rules, pile, run_cli,
                      validate_refusal)
from patience_core import deal_seed
from patience_core.model import legal
from patience_core.model.moves import GATHER, TO_FOUNDATION
from patience_core.model.position import Position

ACE = 0


def pysol_deal_three(talon: list[int], fan: list[int], foundations: list[list[int]]) -> None:
    """dealRow((fan, fan, fan)) with dealToStacksOrFoundations: for each of the three turns, an
    Ace off the talon goes to the first foundation that takes it, until a card lands on the fan."""
    for _ in range(3):
        while talon:
            card = talon.pop()
            if card % 13 == ACE:
                next(f for f in foundations if not f).append(card)   # an SS foundation of 8 takes any Ace first free
                continue
            fan.append(card)
            break


def _empty_home(rules):
    return {f: [] for f in rules.foundations}


def _position(rules, fans: dict[int, list[int]], stock: list[int], home: dict[int, list[int]]) -> Position:
    piles = [[] for _ in range(rules.n_piles)]
    for p, cards_ in fans.items():
        piles[p] = list(cards_)
    for f, cards_ in home.items():
        piles[f] = list(cards_)
    piles[rules.stock] = list(stock)
    return Position(rules, piles, 2, [0] * rules.n_piles)


def test_an_emptied_fan_takes_three_stock_cards_the_aces_going_up_on_the_way():
    rules = get_rules("intelligence")
    t1, t2 = pile(rules, "tableau:1"), pile(rules, "tableau:2")
    home = _empty_home(rules)
    f1 = rules.foundations[0]
    home[f1] = [c("AC")]
    # the stock's top is the list's end: 9H comes first, then two Aces, then 5D and KS
    stock = cs("4D KS 5D AS AH 9H")
    position = _position(rules, {t1: [c("2C")], t2: cs("7S 8S")}, stock, home)
    before = position.key()
    move = next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == t1)
    position.apply(move)
    assert position.piles[t1] == cs("9H 5D KS")
    assert position.piles[rules.stock] == [c("4D")]
    assert sorted(card for f in rules.foundations for card in position.piles[f]) == sorted(cs("AC 2C AS AH"))
    assert position.on_foundations == 4
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before
    assert position.on_foundations == 1
    assert_rebuilt_agrees(position)


def test_the_line_game_names_only_the_cards_that_filled_the_fan():
    from rich.console import Console
    from patience_core.model.game import GameSpec
    from patience_core.ui.interactive import InteractiveGame, TerminalUI
    from patience_core.ui.session import Session
    rules = get_rules("intelligence")
    t1, t2 = pile(rules, "tableau:1"), pile(rules, "tableau:2")
    home = _empty_home(rules)
    home[rules.foundations[0]] = [c("AC")]
    position = _position(rules, {t1: [c("2C")], t2: cs("7S 8S")}, cs("4D KS 5D AS AH 9H"), home)
    session = Session(GameSpec(variant="intelligence", params={}, seed=1), rules, position)
    game = InteractiveGame(TerminalUI(console=Console(width=100, color_system=None), tty=False), session)
    move = next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == t1)
    position.apply(move)
    assert "takes 9♥ 5♦ K♠ from the stock" in game.describe_step([move])


def test_a_fill_that_runs_out_of_stock_leaves_the_fan_short_and_sends_the_aces_up():
    rules = get_rules("intelligence")
    t1, t2 = pile(rules, "tableau:1"), pile(rules, "tableau:2")
    home = _empty_home(rules)
    home[rules.foundations[0]] = [c("AC")]
    position = _position(rules, {t1: [c("2C")], t2: cs("7S 8S")}, cs("QD AD"), home)
    before = position.key()
    position.apply(next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == t1))
    assert position.piles[t1] == [c("QD")] and not position.piles[rules.stock]
    assert position.on_foundations == 3
    position.undo()
    assert position.key() == before


@pytest.mark.parametrize("name, fans", [("intelligence", 18), ("intelligence-plus", 19)])
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_the_redeal_shuffles_fans_and_stock_and_deals_three_to_each_fan_pile_by_pile(name, fans, seed):
    rules = get_rules(name)
    position = deal_seed(rules, seed)
    # play a few cards up first, so that the redeal gathers fans of different sizes
    for _ in range(6):
        up = [m for m in position.legal_moves() if m.kind is TO_FOUNDATION]
        if not up:
            break
        position.apply(up[0])
    places = rules.groups["tableau"]
    assert len(places) == fans
    home = [list(position.piles[f]) for f in rules.foundations]
    talon = [card for p in places for card in position.piles[p]] + list(position.piles[rules.stock])
    legal.seeded_shuffle(talon, position.redeals_left)
    expected_fans = []
    for _ in places:   # Intelligence_Talon.redealCards3
        fan: list[int] = []
        pysol_deal_three(talon, fan, [f for f in home if not f] + [f for f in home if f])
        expected_fans.append(fan)
    before, redeals = position.key(), position.redeals_left
    gather = next(m for m in position.legal_moves() if m.kind is GATHER)
    position.apply(gather)
    assert [position.piles[p] for p in places] == expected_fans
    assert position.piles[rules.stock] == talon
    assert position.redeals_left == redeals - 1
    assert position.on_foundations == sum(len(position.piles[f]) for f in rules.foundations)
    assert sum(len(p) for p in position.piles) == 104
    assert not any(card % 13 == ACE for p in places for card in position.piles[p])
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == before and position.redeals_left == redeals
    assert_rebuilt_agrees(position)


def test_no_redeal_is_left_after_two():
    rules = get_rules("intelligence")
    position = deal_seed(rules, 1)
    for _ in range(2):
        position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
    assert not any(m.kind is GATHER for m in position.legal_moves())


def test_random_play_stays_consistent():
    assert_random_play_consistent(get_rules("intelligence"), seeds=(1, 2, 3), steps=200)


def test_the_compiled_search_leaves_it_to_the_exhaustive_search():
    from patience_core.solver.general.search import _unknown_rule
    assert _unknown_rule(get_rules("intelligence")) is not None


def test_rules_text_says_how_the_redeal_deals_and_that_fills_send_aces_up():
    _, text, _ = run_cli("show", "intelligence")
    assert "The stock's fills of the gaps do the same: an A that fits a foundation goes there" in text
    assert ("the cards of tableau and of the stock are picked up, shuffled together and dealt out again 3 to "
            "each pile in turn, pile by pile, an A that fits a foundation going up") in text
    assert "the rest go back into the stock" in text


HEADER = "name: bad\ntitle: Bad\ndecks: 2\n"
LAYOUT = ("piles: {tableau: {kind: tableau, title: T, count: 8, cards: 3, fill: {from: [stock], cards: 3}}}\n"
          "foundations: {home: {title: F, base: A, length: 13, suits: fixed, count: 8}}\n"
          "deal: [tableau]\n")


@pytest.mark.parametrize("gather", [
    "{group: tableau, with_stock: true, per_pile: 3}",                       # not shuffled
    "{group: tableau, with_stock: true, shuffle: true, deal: rows}",
    "{group: tableau, with_stock: true, shuffle: true, face_up: 1}",
    "{group: tableau, with_stock: true, shuffle: true, one_pile: first}",
])
def test_with_stock_refusals(tmp_path, gather):
    out = validate_refusal(tmp_path, HEADER + LAYOUT + f"stock: {{to: gaps, redeals: 2, gather: {gather}}}\n")
    assert "gather" in out and "expected" in out


def test_with_stock_needs_a_stock_that_fills_gaps(tmp_path):
    layout = LAYOUT.replace(", fill: {from: [stock], cards: 3}", "")
    out = validate_refusal(tmp_path, HEADER + layout + "stock: {redeals: 2, gather: {group: tableau, "
                           "with_stock: true, shuffle: true, per_pile: 3}}\n")
    assert "with_stock" in out and "stock.to: gaps" in out
