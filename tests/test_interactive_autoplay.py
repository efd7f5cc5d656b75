"""Safe autoplay (patience_core.agents.autoplay): every move called safe keeps a winnable position
winnable, checked by exhaustive search on small endgames; and each of the two conditions
is needed (a position where dropping it loses a winnable game). The argument is in
docs/play.md, "Safe autoplay"."""
from __future__ import annotations

import random

import pytest

from patience_core import load_rules

from patience_core.model import cards
from patience_core.model.moves import TO_FOUNDATION, Move
from patience_core.agents.autoplay import default_mode, next_automatic, play_automatic
from patience_core.agents.safe import is_safe, no_competition, safe_moves, source_is_inert
from patience_core.model.position import Position

MINI_RESERVE = """\
name: mini-reserve
title: Mini reserve
description: one deck, two reserve places filled from the waste, else the stock
decks: 1
autoplay: false
piles:
  reserve: {kind: reserve, title: Reserve, count: 2, cards: 1, access: top, fill: [waste, stock]}
stock: {redeals: 0}
foundations:
  up: {title: Up, base: A, step: 2, wrap: true, length: 13, suits: fixed, count: 4, start: found}
deal: [reserve]
"""


def winnable(position: Position, memo: dict) -> bool:
    """Plain exhaustive search (small endgames only)."""
    key = position.key()
    if key in memo:
        return memo[key]
    memo[key] = False
    if position.is_won():
        memo[key] = True
        return True
    for move in position.legal_moves():
        position.apply(move)
        won = winnable(position, memo)
        position.undo()
        if won:
            memo[key] = True
            return True
    return False


def random_endgame(rules, rng: random.Random, left: int, suits: set[int] | None = None) -> Position:
    """A lawful endgame: foundations filled to random lengths so that ``left`` cards are off
    them (only from piles of ``suits``); those cards go to the layout (refilled places first:
    a gap with cards in the waste or stock cannot happen), then the waste and the stock."""
    suit_of = {}
    by_group: dict[str, int] = {}
    for f in rules.foundations:
        if rules.f_suit[f] >= 0:
            suit_of[f] = rules.f_suit[f]
        else:  # any-suit piles: each suit gets its share, as in a finished game
            n = by_group.get(rules.f_group[f], 0)
            by_group[rules.f_group[f]] = n + 1
            suit_of[f] = n % 4
    lengths = {f: rules.f_length[f] for f in rules.foundations}
    choices = [f for f in rules.foundations if suits is None or suit_of[f] in suits]
    off = 0
    while off < left:
        f = rng.choice(choices)
        if lengths[f]:
            lengths[f] -= 1
            off += 1
    piles: list[list[int]] = [[] for _ in range(rules.n_piles)]
    loose = []
    for f in rules.foundations:
        run = [cards.make(r, suit_of[f]) for r in rules.f_rank_at[f]]
        piles[f], rest = run[:lengths[f]], run[lengths[f]:]
        loose += rest
    rng.shuffle(loose)
    layout = [p for g in rules.group_specs for p in rules.groups[g]]
    refilled = [p for p in layout if rules.fill[p]]
    columns = [p for p in layout if not rules.fill[p]]
    for p in refilled:
        if loose:
            piles[p].append(loose.pop())
    for p in columns:
        for _ in range(rng.randrange(3)):
            if loose:
                piles[p].append(loose.pop())
    cut = rng.randrange(len(loose) + 1)
    piles[rules.waste], piles[rules.stock] = loose[:cut], loose[cut:]
    return Position(rules, piles, rng.randrange(rules.redeals + 1))


CASES = [("royal-cotillion", {}, None), ("gavotte", {"ranks": "9,9"}, None), ("gavotte", {"free": "left"}, {3}),
         ("odd-and-even", {"redeals": "0"}, {3}), ("contradance", {"redeals": "2"}, None), ("mini", {}, {0, 1})]


@pytest.fixture(scope="module")
def mini_rules(tmp_path_factory):
    path = tmp_path_factory.mktemp("variant") / "mini.yaml"
    path.write_text(MINI_RESERVE, encoding="utf-8")
    return load_rules(file=path)


@pytest.mark.parametrize("name,params,suits", CASES, ids=[f"{n}-{p}" for n, p, _ in CASES])
def test_safe_moves_never_spoil_a_winnable_endgame(name, params, suits, mini_rules):
    rules = mini_rules if name == "mini" else load_rules(name, params)
    rng = random.Random(20261130)
    checked = 0
    for _ in range(150):
        position = random_endgame(rules, rng, left=rng.randrange(2, 10), suits=suits)
        if not winnable(position, {}):
            continue
        for move in list(safe_moves(position)):
            position.apply(move)
            assert winnable(position, {}), f"safe move {move} lost a winnable game"
            position.undo()
            checked += 1
    assert checked >= 10, "too few safe moves met to say anything"


def _piles(rules, layout: dict[str, str], foundations: dict[str, str]) -> list[list[int]]:
    """Piles by name (top card last); a foundation is given by its top card."""
    piles: list[list[int]] = [[] for _ in range(rules.n_piles)]
    for name, top in foundations.items():
        f = rules.pile_index(name)
        card = cards.parse_card(top)
        sequence = rules.f_rank_at[f]
        piles[f] = [cards.make(r, card // 13) for r in sequence[:sequence.index(card % 13) + 1]]
    for name, text in layout.items():
        piles[rules.pile_index(name)] = [cards.parse_card(t) for t in text.split()]
    return piles


def test_competition_for_the_spot_can_lose_a_winnable_game():
    """Royal Cotillion, only spades left: Ace pile at 9S (needs JS), 2 pile at 10S (needs QS).
    Both QS fit the 2 pile; the right-wing one loses (the other QS covers 10S, which the Ace
    pile needs before it), the column one wins."""
    rules = load_rules("royal-cotillion")
    layout = {"left:2": "10S QS", "right:1": "8S", "right:2": "QS", "right:3": "KS", "right:4": "AS",
              "right:5": "9S", "right:6": "KS", "right:7": "JS", "right:8": "2S", "right:9": "3S",
              "right:11": "7S", "right:12": "5S", "right:13": "JS", "right:14": "6S", "right:15": "4S"}
    tops = {"foundation:1": "QC", "foundation:2": "QD", "foundation:3": "QH", "foundation:4": "9S",
            "foundation:5": "KC", "foundation:6": "KD", "foundation:7": "KH", "foundation:8": "10S"}
    position = Position(rules, _piles(rules, layout, tops))
    assert position.card_count() == rules.n_cards
    two_pile, qs = rules.pile_index("foundation:8"), cards.parse_card("QS")
    from_wing = Move(TO_FOUNDATION, rules.pile_index("right:2"), two_pile, qs)
    from_column = Move(TO_FOUNDATION, rules.pile_index("left:2"), two_pile, qs)
    assert winnable(position, {})
    # The sources are inert (no fills left), so only condition (1) stands in the way.
    assert source_is_inert(position, from_wing.src) and not no_competition(position, qs, two_pile)
    assert not is_safe(position, from_wing) and not is_safe(position, from_column)
    position.apply(from_wing)
    assert not winnable(position, {})
    position.undo()
    position.apply(from_column)
    assert winnable(position, {})


def test_a_refilled_place_can_lose_a_winnable_game(mini_rules):
    """The example of docs/play.md: playing 8C at once lets QC fill its place and buries 4D;
    turning 4D first and then playing 8C wins."""
    rules = mini_rules
    piles = _piles(rules, {"reserve:1": "8C", "reserve:2": "10D", "waste": "QD QC"},
                   {"foundation:1": "6C", "foundation:2": "KD", "foundation:3": "QH", "foundation:4": "QS"})
    piles[rules.stock] = [cards.parse_card(t) for t in reversed("4D 8D 6D 10C 2D".split())]
    position = Position(rules, piles, 0)
    assert position.card_count() == rules.n_cards
    play = Move(TO_FOUNDATION, rules.pile_index("reserve:1"), rules.pile_index("foundation:1"), cards.parse_card("8C"))
    assert winnable(position, {})
    assert no_competition(position, play.card, play.dst) and not source_is_inert(position, play.src)
    assert not is_safe(position, play)
    position.apply(play)
    assert not winnable(position, {})
    position.undo()
    position.apply(position.legal_moves()[-1])  # turn 4D first
    position.apply(play)
    assert winnable(position, {})


def test_fills_are_dead_once_waste_and_stock_are_empty(mini_rules):
    """A refilled place is inert when nothing is left to fill it: the waste and the stock only
    ever receive cards from each other."""
    rules = mini_rules
    tops = {"foundation:1": "10C", "foundation:2": "10D", "foundation:3": "QH", "foundation:4": "QS"}
    position = Position(rules, _piles(rules, {"reserve:1": "QC", "reserve:2": "QD"}, tops), 0)
    assert position.card_count() == rules.n_cards
    assert len(list(safe_moves(position))) == 2
    # The same cards with one of them still to come from the stock: not safe any more.
    tops["foundation:2"] = "8D"
    piles = _piles(rules, {"reserve:1": "QC", "reserve:2": "10D", "stock": "QD"}, tops)
    position = Position(rules, piles, 0)
    assert position.card_count() == rules.n_cards
    assert not source_is_inert(position, rules.pile_index("reserve:1"))
    assert list(safe_moves(position)) == []


def test_variant_decides_the_default_mode():
    assert default_mode(load_rules("royal-cotillion")) == "off"
    assert default_mode(load_rules("gavotte")) == "off"
    assert default_mode(load_rules("odd-and-even")) == "off"
    assert default_mode(load_rules("contradance")) == "all"


def test_all_mode_plays_what_fits_like_the_naive_policy():
    from patience_core import deal_seed
    from patience_core.agents.policies import naive_move

    rules = load_rules("contradance", {"bases": "dealt", "redeals": "2"})
    position = deal_seed(rules, 1)
    for _ in range(60):
        move = next_automatic(position, "all")
        expected = naive_move(position)
        if move is None:
            assert expected is None or expected.src == rules.stock or expected.card < 0
            position.apply(expected)
        else:
            assert move == expected
            position.apply(move)
    assert next_automatic(position, "off") is None


def test_play_automatic_stops_when_nothing_is_safe():
    from patience_core import deal_seed

    rules = load_rules("royal-cotillion")
    position = deal_seed(rules, 3)
    played = play_automatic(position, "safe")
    assert played == []  # at the start every card has two places: nothing is safe
