"""Cards played to the foundations during the deal, said by ``deal_to_foundations`` as an object:
``turn: waits`` (the pile whose turn it was takes the next card: PySolFC's Dieppe._dealToFound and
Frog.startGame), ``when: after-each-row`` (after each dealt row, a pile's top card that fits goes
up, again until none fits: CarreNapoleon._fillOne), ``stock: true`` (the stock's deals too).

Each game is checked against its PySolFC startGame, transcribed below onto a plain pack (top card
first) and foundations of (suit or None, cards) pairs in PySolFC's order.
"""
from __future__ import annotations

import pytest

from conftest import (assert_random_play_consistent, assert_rebuilt_agrees, get_rules, pile, run_cli,
                      validate_refusal)
from patience_core.model.deal import seeded_order, start_position

ACE = 0


def _accepts(found, card, same_suit=True):
    suit, cards_ = found
    if same_suit and suit is not None and suit != card // 13:
        return False
    want = cards_[-1] % 13 + 1 if cards_ else ACE
    return card % 13 == want


def _layout(rules, position, group):
    return [list(position.piles[p]) for p in rules.groups[group]]


def _home(rules, position):
    return sorted(tuple(position.piles[f]) for f in rules.foundations)


def pysol_dieppe(order):
    """Dieppe.startGame: before each card a column gets, every talon top that fits goes up."""
    talon = list(order)
    found = [(i // 2, []) for i in range(8)]   # SS foundations, suit i // 2
    rows = [[] for _ in range(8)]
    for _ in range(3):
        for r in rows:
            while talon:
                f = next((f for f in found if _accepts(f, talon[0])), None)
                if f is None:
                    break
                f[1].append(talon.pop(0))
            if talon:
                r.append(talon.pop(0))
    return rows, found, talon


def pysol_frog(order):
    """Frog.startGame: an Ace goes to the next foundation, any other card to the reserve, until
    the reserve holds 13."""
    talon = list(order)
    found = [[] for _ in range(8)]
    reserve, f = [], 0
    while True:
        card = talon.pop(0)
        if card % 13 == ACE:
            found[f].append(card)
            f += 1
        else:
            reserve.append(card)
            if len(reserve) == 13:
                break
    return reserve, found, talon


def pysol_carre_napoleon(order):
    """CarreNapoleon.startGame (the Aces already on the foundations): four rows onto twelve
    columns, after each row _fillOne until it finds nothing."""
    talon = list(order)
    found = [(i // 2, [13 * (i // 2)]) for i in range(8)]   # FortyThieves: suit i // 2
    rows = [[] for _ in range(12)]
    for _ in range(4):
        for r in rows:
            r.append(talon.pop(0))
        while True:
            for r in rows:
                if r and (f := next((f for f in found if _accepts(f, r[-1])), None)) is not None:
                    f[1].append(r.pop())
                    break
            else:
                break
    return rows, found, talon


@pytest.mark.parametrize("seed", range(1, 41))
def test_dieppe_deals_as_pysolfc_every_column_three_cards(seed):
    rules = get_rules("dieppe")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    rows, found, talon = pysol_dieppe(order)
    assert _layout(rules, position, "tableau") == rows
    assert all(len(r) == 3 for r in rows)
    assert _home(rules, position) == sorted(tuple(f[1]) for f in found)
    assert position.piles[rules.stock][::-1] == talon   # the stock's top is the list's end


def test_dieppe_sends_up_more_than_aces_in_some_deal():
    rules = get_rules("dieppe")
    ups = [card for s in range(1, 60) for f in rules.foundations
           for card in start_position(rules, seeded_order(rules, s)).piles[f]]
    assert any(card % 13 != ACE for card in ups)


@pytest.mark.parametrize("seed", range(1, 41))
def test_frog_reserve_gets_thirteen_cards_none_an_ace(seed):
    rules = get_rules("frog")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    reserve, found, talon = pysol_frog(order)
    assert position.piles[pile(rules, "reserve:1")] == reserve
    assert _home(rules, position) == sorted(tuple(f) for f in found)
    assert position.piles[rules.stock][::-1] == talon


def test_frog_sends_only_aces_up_though_a_two_fits():
    rules = get_rules("frog")
    # some deal has a Two after an Ace among the reserve's cards: it stays in the reserve
    for seed in range(1, 200):
        position = start_position(rules, seeded_order(rules, seed))
        reserve = position.piles[pile(rules, "reserve:1")]
        if any(position.piles[f] for f in rules.foundations) and any(card % 13 == 1 for card in reserve):
            assert all(len(position.piles[f]) <= 1 for f in rules.foundations)
            return
    pytest.fail("no deal with an Ace up and a Two in the reserve")


@pytest.mark.parametrize("seed", range(1, 41))
def test_carre_napoleon_plays_up_after_each_row_as_pysolfc(seed):
    rules = get_rules("carre-napoleon")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    rows, found, talon = pysol_carre_napoleon(order)
    assert _layout(rules, position, "tableau") == rows
    assert _home(rules, position) == sorted(tuple(f[1]) for f in found)
    assert position.piles[rules.stock][::-1] == talon


def test_carre_napoleon_uncovered_cards_go_up_too_in_some_deal():
    """A card dealt in an earlier row goes up once the card over it has: not only the row's own."""
    rules = get_rules("carre-napoleon")
    for seed in range(1, 200):
        position = start_position(rules, seeded_order(rules, seed))
        if any(len(position.piles[p]) < 3 for p in rules.groups["tableau"]):
            return
    pytest.fail("no deal where a column gave up two cards")


def pysol_deal_or_found(talon, rows, found):
    """DealRowTalonStack.dealToStacksOrFoundations (the talon's top is ``talon[0]``): an Ace goes
    to the first foundation that accepts it, and the row takes the next card."""
    for r in rows:
        while talon:
            card = talon.pop(0)
            if card % 13 == ACE:
                next(f for f in found if _accepts(f, card))[1].append(card)
            else:
                r.append(card)
                break


@pytest.mark.parametrize("seed", range(1, 31))
def test_die_koenigsbergerin_sends_aces_up_in_the_deal_and_every_stock_deal(seed):
    from patience_core.model.moves import DEAL_ROW
    rules = get_rules("die-koenigsbergerin")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    talon = list(order)
    found = [(i // 2, []) for i in range(8)]   # Gypsy: suit i // 2
    rows = [[] for _ in range(8)]
    for _ in range(3):
        pysol_deal_or_found(talon, rows, found)
    assert _layout(rules, position, "tableau") == rows
    keys = []
    while position.piles[rules.stock]:
        keys.append(position.key())
        position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
        pysol_deal_or_found(talon, rows, found)
        assert _layout(rules, position, "tableau") == rows
        assert _home(rules, position) == sorted(tuple(f[1]) for f in found)
        assert position.on_foundations == sum(len(f[1]) for f in found)
    assert sum(len(position.piles[f]) for f in rules.foundations) == 8   # every Ace went up
    while position.history:   # each deal undone gives back the position before it
        position.undo()
        assert position.key() == keys.pop()
        assert_rebuilt_agrees(position)


def test_die_koenigsbergerin_random_play_stays_consistent():
    assert_random_play_consistent(get_rules("die-koenigsbergerin"), seeds=(1, 2, 3), steps=200)


def test_the_compiled_search_leaves_a_stock_deal_up_to_the_exhaustive_search():
    from patience_core.solver.general.search import _unknown_rule
    assert "a stock deal that sends cards to the foundations" in _unknown_rule(get_rules("die-koenigsbergerin"))


def test_rules_text_says_what_the_pile_gets_and_when():
    _, dieppe, _ = run_cli("show", "dieppe")
    assert "the pile whose turn it was takes the next card instead" in dieppe
    assert "the cards left (at most 80) form the stock" in dieppe
    _, carre, _ = run_cli("show", "carre-napoleon")
    assert "After each row of the deal, a card that fits a foundation and lies on top of a pile goes there" in carre
    _, citadel, _ = run_cli("show", "citadel")
    assert "the pile whose turn it was gets nothing that round" in citadel


HEADER = "name: bad\ntitle: Bad\ndecks: 2\n"
LAYOUT = ("piles: {tableau: {kind: tableau, title: T, count: 8, cards: 3}}\n"
          "foundations: {home: {title: F, base: A, length: 13, suits: fixed, count: 8}}\n"
          "deal: [tableau]\n")


@pytest.mark.parametrize("field, expected", [
    ("{when: after-each-row, turn: waits}", "expected when: dealt with turn"),
    ("{when: after-each-row, stock: true}", "expected when: dealt with stock"),
    ("{stock: true}", "expected turn: waits"),
    ("{turn: waits, stock: true}", "expected stock: {deal: GROUP}"),
    ("{turn: wait}", "deal_to_foundations"),
])
def test_refusals(tmp_path, field, expected):
    out = validate_refusal(tmp_path, HEADER + LAYOUT + f"deal_to_foundations: {field}\n")
    assert expected in out and "deal_to_foundations" in out
