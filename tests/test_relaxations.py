"""Rule R2, the suit split: where it applies, what it builds, and that it never calls a
won position lost (checked against the unpruned search and the plain engine search on
small Contradance endings that both finish)."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, seeded_order

from patience_core.model import cards
from patience_core.solver.relaxations import keep_suits, split_lost, suit_groups, suits_independent
from patience_core.solver.solve import solve

from conftest import get_rules, position_of
from test_solver import compare

FIVES = ["5", "4", "3", "2", "A", "K"]
SIXES = ["6", "7", "8", "9", "10", "J", "Q"]


@pytest.mark.parametrize("name,expected", [
    ("contradance", True), ("royal-cotillion", False), ("odd-and-even", False), ("gavotte", False),
])
def test_applies_only_where_no_pile_refills(name, expected):
    assert suits_independent(get_rules(name)) is expected


def test_keep_suits_takes_the_other_suits_out_of_layout_and_talon():
    rules = get_rules("royal-cotillion")
    position = deal_seed(rules, 5)
    hearts = keep_suits(position, [2])
    for i, pile in enumerate(hearts.piles):
        assert all(cards.suit_of(c) == 2 for c in pile)
        assert pile == [c for c in position.piles[i] if cards.suit_of(c) == 2]
    assert sum(map(len, hearts.piles)) == 26


def test_suit_groups_cheapest_first_and_only_unfinished_suits():
    rules = get_rules("contradance", redeals="0")
    position = small_ending(rules, random.Random(1), suits="HS")
    assert {g for g in suit_groups(position, 1)} == {(2,), (3,)}
    assert suit_groups(position, 2) == []  # both live suits: that is the game itself


def small_ending(rules, rng: random.Random, suits: str = "HS", fives_top=(2, 4), sixes_top=(4, 6)):
    """A Contradance position with the clubs and diamonds done and a few cards of
    ``suits`` left, shuffled into the stock (small enough for the unpruned searches).
    Each pile's top is drawn from the index ranges ``fives_top`` / ``sixes_top``."""
    tops = {1: "KC", 2: "KC", 3: "KD", 4: "KD", 9: "QC", 10: "QC", 11: "QD", 12: "QD"}
    for suit, fives, sixes in zip(suits, (5, 7), (13, 15)):
        for f in (fives, fives + 1):
            tops[f] = FIVES[rng.randrange(*fives_top)] + suit
        for f in (sixes, sixes + 1):
            tops[f] = SIXES[rng.randrange(*sixes_top)] + suit
    position = position_of(rules, foundations={f"foundation:{n}": t for n, t in tops.items()}, rest=None)
    left = [c for c in cards.full_pack(rules.decks) if cards.suit_of(c) in (2, 3)]
    for f in rules.foundations:
        for card in position.piles[f]:
            if card in left:
                left.remove(card)
    rng.shuffle(left)
    position.piles[rules.stock] = left
    return type(position)(rules, position.piles, rules.redeals)


# (redeals, endings, pile tops): with a redeal more cards must be left for some to be lost.
SPLIT_CASES = [("0", 25, (2, 4), (4, 6)), ("1", 12, (0, 2), (0, 3))]


@pytest.mark.parametrize("redeals,count,fives_top,sixes_top", SPLIT_CASES)
def test_split_agrees_with_the_unpruned_searches(redeals, count, fives_top, sixes_top):
    rules = get_rules("contradance", redeals=redeals)
    rng = random.Random(7)
    verdicts, split_proofs = [], 0
    for _ in range(count):
        position = small_ending(rules, rng, fives_top=fives_top, sixes_top=sixes_top)
        verdicts.append(compare(position))
        lost, _used = split_lost(position, max_positions=20000, deadline=None)
        if lost:
            split_proofs += 1
            assert verdicts[-1] in ("lost", None)
    decided = [v for v in verdicts if v]
    assert len(decided) >= count * 3 // 4, verdicts
    assert {"won", "lost"} <= set(decided), verdicts
    assert split_proofs, "no ending was proved lost by the split: the check tests nothing"


def test_whole_contradance_deals_are_proved_lost_by_the_split():
    rules = get_rules("contradance")
    results = [solve(rules, seeded_order(rules, seed), max_positions=20000)
               for seed in (1, 2, 3)]
    assert [r.verdict for r in results] == ["lost"] * 3
    assert all(r.positions < 20000 for r in results)


def test_a_pair_of_suits_proves_what_single_suits_cannot():
    """Contradance deal 214: every suit alone can be won, the hearts and spades together
    cannot (suits 2 and 3). Only the pair proves the deal lost."""
    rules = get_rules("contradance")
    position = deal_seed(rules, 214)
    assert split_lost(position, max_positions=200000, deadline=None, sizes=(1,))[0] is False
    lost, used = split_lost(position, max_positions=200000, deadline=None, sizes=(1, 2))
    assert lost and used < 200000
