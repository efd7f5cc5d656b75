"""What the shuffle guarantees besides randomness: cards dealt last (deal_last), runs of distinct
ranks (distinct_ranks), and a group dealt pile by pile (deal_by: pile).

Each is checked against PySolFC's own algorithm: All in a Row through pysol-cards (which runs the
game's shuffle hook), Nestor's hook copied from pysollib/games/montecarlo.py below.
"""
from __future__ import annotations

import pytest
from pysol_cards.cards import createCards
from pysol_cards.deal_game import Game
from pysol_cards.random import MTRandom
from pysol_cards.random_base import RandomBase

from conftest import c, get_rules, pile, validate_refusal
from patience_core.model.deal import distinct_ranks, seeded_order, start_position
from patience_core.model.deal_numbers import DealNumber, _card, external_layout


# --- deal_last: All in a Row's Ace of spades ----------------------------------------------------

@pytest.mark.parametrize("number", [32001, 40000, 123456, 10 ** 12])
def test_all_in_a_row_deals_pysol_cards_layout_from_the_raw_shuffle(number):
    """pysol-cards' shuffled pack, before its shuffle hook, dealt by the YAML gives PySolFC's layout."""
    rules = get_rules("all-in-a-row")
    game = Game("all_in_a_row", number, RandomBase.DEALS_PYSOLFC)
    game.deal()
    order = [_card(card) for card in game.cards]   # top first, the hook not yet applied
    assert order[-1] != c("AS") or number is None  # the raw pack rarely ends with it already
    position = start_position(rules, order)
    layout = external_layout("all_in_a_row", DealNumber("pysol", number))
    assert [tuple(position.piles[p]) for p in rules.deal_piles] == list(layout.piles)


@pytest.mark.parametrize("seed", range(1, 30))
def test_ace_of_spades_always_tops_the_last_column(seed):
    rules = get_rules("all-in-a-row")
    position = start_position(rules, seeded_order(rules, seed))
    assert position.piles[pile(rules, "tableau:13")][-1] == c("AS")


def test_every_copy_goes_last_in_the_order_listed(tmp_path):
    from conftest import rules_from_text
    rules = rules_from_text(tmp_path, """
name: two-last
title: Two last
decks: 2
piles:
  tableau: {kind: tableau, count: 13, cards: 8}
foundations:
  home: {base: A, length: 13, count: 8}
deal_last: [KH, AS]
deal: [tableau]
""")
    position = start_position(rules, seeded_order(rules, 3))
    last = [position.piles[p][-1] for p in rules.groups["tableau"][-4:]]
    assert last == [c("KH"), c("KH"), c("AS"), c("AS")]
    assert len(position.piles[rules.stock]) == 0


BASE = """
name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 13, cards: 4}
foundations:
  home: {base: A, length: 13, count: 4}
deal: [tableau]
"""


def test_deal_last_refuses_a_card_the_pack_does_not_deal(tmp_path):
    message = validate_refusal(tmp_path, BASE.replace("cards: 4}", "cards: 4}\nsetout: {tableau:1: AS}")
                               + "deal_last: [AS]\n")
    assert "deal_last" in message and "holds no AS" in message
    message = validate_refusal(tmp_path, BASE + "deal_last: [XS]\n")
    assert "deal_last" in message


def test_deal_last_refuses_a_rule_that_picks_cards_out_of_the_pack(tmp_path):
    text = BASE.replace("tableau: {kind: tableau, count: 13, cards: 4}",
                        "tableau: {kind: tableau, count: 13, split: {before: K}}")
    message = validate_refusal(tmp_path, text + "deal_last: [KS]\n")
    assert "deal_last" in message and "expected one of them only" in message


# --- distinct_ranks: Nestor's shuffle hook ------------------------------------------------------

def pysolfc_nestor_hook(game, cards_, cols, colcards):
    """pysollib/games/montecarlo.py, Nestor._checkRow and Nestor._shuffleHook, verbatim but for
    the class attributes passed in."""
    def _checkRow(cards):
        first_index = {}
        for ind, card in enumerate(cards):
            if card.rank in first_index:
                return first_index[card.rank]
            first_index[card.rank] = ind
        return -1

    cards = cards_
    for i in range(cols):
        for t in range(1000):  # just in case
            j = _checkRow(cards[i * colcards:(i + 1) * colcards])
            if j < 0:
                break
            j += i * colcards
            k = game.random.choice(list(range((i+1) * colcards, (52 * game.decks))))
            cards[j], cards[k] = cards[k], cards[j]
    cards.reverse()
    return cards


@pytest.mark.parametrize("decks, size, runs", [(1, 6, 8), (2, 10, 10)])
@pytest.mark.parametrize("number", [32000, 32001, 55555, 987654321, 10 ** 15 + 7])
def test_distinct_ranks_is_pysolfcs_nestor_hook(decks, size, runs, number):
    """PySolFC shuffles game ``number`` (a list whose end is the talon's top), runs the hook on
    it and deals from the end of what it returns: the hooked list reversed is the pack top first.
    The same list and the same generator through ours give the same pack."""
    theirs_rng = MTRandom(number)
    shuffled = theirs_rng.shuffle(createCards(decks))
    game = type("G", (), {"random": theirs_rng, "decks": decks})()
    expected = [_card(card) for card in reversed(pysolfc_nestor_hook(game, list(shuffled), runs, size))]
    ours_rng = MTRandom(number)
    ours_rng.shuffle(createCards(decks))   # the same draws as theirs before the hook
    got = distinct_ranks([_card(card) for card in shuffled], size, runs,
                         pick=lambda n: int(ours_rng.random() * n))
    assert got == expected


@pytest.mark.parametrize("name, size, runs", [("nestor", 6, 8), ("vertical", 6, 8)])
def test_runs_hold_distinct_ranks_in_most_deals(name, size, runs):
    """The hook gives up after 1000 swaps, as PySolFC's: only the last run, with few cards
    after it to swap with, may keep a repeat."""
    rules = get_rules(name)
    for seed in range(1, 40):
        order = seeded_order(rules, seed)
        for run in range(runs - 1):
            assert len({card % 13 for card in order[run * size:(run + 1) * size]}) == size, (seed, run)


def test_nestor_columns_are_the_runs():
    rules = get_rules("nestor")
    order = seeded_order(rules, 5)
    position = start_position(rules, order)
    for i, p in enumerate(rules.groups["tableau"]):
        assert position.piles[p] == order[6 * i:6 * (i + 1)]
    assert [position.piles[p] for p in rules.groups["reserve"]] == [[card] for card in order[48:]]


def test_without_the_rule_the_same_seed_repeats_ranks(tmp_path):
    """The rule is what makes the runs distinct: the plain shuffle of the same pack repeats."""
    rules = get_rules("nestor")
    from patience_core.model.deal import dealt_pack, shuffle
    plain = [shuffle(dealt_pack(rules), seed) for seed in range(1, 40)]
    assert any(len({card % 13 for card in order[:6]}) < 6 for order in plain)


@pytest.mark.parametrize("field, says", [
    ("distinct_ranks: {cards: 6, runs: 9}", "fewer than the 52 cards shuffled"),
    ("distinct_ranks: {cards: 6}", "runs"),
    ("distinct_ranks: {cards: 14, runs: 2}", "distinct_ranks"),
    ("distinct_ranks: {cards: 6, runs: 2}\ndeal_last: [AS]", "expected one of them only"),
])
def test_distinct_ranks_refusals(tmp_path, field, says):
    assert says in validate_refusal(tmp_path, BASE + field + "\n")


# --- deal_by: pile ------------------------------------------------------------------------------

def test_deal_by_pile_deals_each_pile_whole(tmp_path):
    rules = get_rules("double-nestor")
    assert rules.deal_targets[:11] == [pile(rules, "tableau:1")] * 10 + [pile(rules, "tableau:2")]


def test_deal_by_pile_refuses_a_split_group(tmp_path):
    text = BASE.replace("tableau: {kind: tableau, count: 13, cards: 4}",
                        "tableau: {kind: tableau, count: 13, deal_by: pile, split: {before: K}}")
    assert "deal_by" in validate_refusal(tmp_path, text)


# --- deal_first: Royal Marriage's Queen of hearts ------------------------------------------------

def pysol_royal_marriage_hook(order):
    """RoyalMarriage._shuffleHook on a pack listed top first (PySolFC's list is bottom first:
    its insert(0, k) puts the King at the bottom, its append(q) the Queen on top)."""
    cards_ = order[::-1]
    qi = cards_.index(c("QH"))
    ki = cards_.index(c("KH"))
    q, k = cards_[qi], cards_[ki]
    del cards_[max(qi, ki)]
    del cards_[min(qi, ki)]
    cards_.insert(0, k)
    cards_.append(q)
    return cards_[::-1]


@pytest.mark.parametrize("seed", range(1, 30))
def test_royal_marriage_deals_pysolfc_hooked_pack(seed):
    rules = get_rules("royal-marriage")
    order = seeded_order(rules, seed)
    position = start_position(rules, order)
    line = [position.piles[p][0] for p in rules.groups["line"]]
    assert line == pysol_royal_marriage_hook(order)
    assert line[0] == c("QH") and line[-1] == c("KH")


def test_deal_first_puts_every_copy_on_top_in_the_order_listed():
    from patience_core.model.deal import move_to_front
    order = [c("2C"), c("AS"), c("3D"), c("AS"), c("QH")]
    assert move_to_front(order, (c("QH"), c("AS"))) == [c("QH"), c("AS"), c("AS"), c("2C"), c("3D")]


def test_deal_first_refusals(tmp_path):
    both = "extends: push-pin\nname: bad\ndeal_first: [QH]\ndeal_last: [QH]\n"
    assert "expected each card in one of deal_first and deal_last" in validate_refusal(tmp_path, both)
    stripped = "extends: push-pin\nname: bad\npack: {ranks: [A, '2', '3']}\ndeal_first: [QH]\n"
    out = validate_refusal(tmp_path, stripped)
    assert "deal_first" in out and "the shuffled pack holds no QH" in out
