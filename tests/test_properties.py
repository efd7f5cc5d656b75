"""Properties of the engine over random deals and random legal move sequences (hypothesis).

The profile in conftest.py makes the runs deterministic (derandomize, no database).
"""
from __future__ import annotations

from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from conftest import assert_derived_state, assert_same_state, get_rules, play_random
from patience_core import deal_seed
from patience_core.model import cards
from patience_core.agents.policies import naive_move
from patience_core.model.position import LOST, PLAYING, WON, Position

CASES = [
    ("royal-cotillion", {}),
    ("royal-cotillion", {"bases": "dealt"}),
    ("gavotte", {}),
    ("gavotte", {"ranks": "9,9"}),
    ("gavotte", {"ranks": "6,7", "free": "left"}),
    ("odd-and-even", {}),
    ("odd-and-even", {"redeals": "3"}),
    ("contradance", {}),
    ("contradance", {"bases": "dealt", "redeals": "2"}),
]

case_st = st.sampled_from(CASES)
seed_st = st.integers(min_value=0, max_value=2**31 - 1)
# Each number picks one of the legal moves; a bias to low numbers favours plays to the
# foundations (listed first), so games get far.
choices_st = st.lists(st.integers(min_value=0, max_value=40), min_size=20, max_size=250)


def rules_of(case):
    name, params = case
    return get_rules(name, **params)


def assert_conserved(position: Position) -> None:
    everything = Counter(card for pile in position.piles for card in pile)
    assert everything == Counter(cards.full_pack(position.rules.decks)), "the pack is not conserved"


def assert_piles_lawful(position: Position) -> None:
    """No pile holds a card its rules refuse; the derived state agrees with the piles."""
    rules = position.rules
    for f in rules.foundations:
        pile = position.piles[f]
        assert len(pile) <= rules.f_length[f]
        if pile:
            suit = cards.suit_of(pile[0])
            assert rules.f_suit[f] in (-1, suit), f"{rules.pile_names[f]} holds another suit"
            assert all(cards.suit_of(x) == suit for x in pile), f"{rules.pile_names[f]} mixes suits"
            assert [cards.rank_of(x) for x in pile] == list(rules.f_rank_at[f][: len(pile)])
    for group, spec in rules.group_specs.items():
        for p in rules.groups[group]:
            assert len(position.piles[p]) <= int(spec["cards"]), f"{rules.pile_names[p]} overfull"
    assert_derived_state(position)


@given(case_st, seed_st, choices_st)
def test_pack_conserved_and_piles_lawful_after_every_move(case, seed, choices):
    position = deal_seed(rules_of(case), seed)
    assert_conserved(position)
    assert_piles_lawful(position)

    def check(p):
        assert_conserved(p)
        assert_piles_lawful(p)
    play_random(position, choices, check)
    # ... and on to the end of the game (redeals, gaps left empty, won or lost).
    while (move := naive_move(position)) is not None:
        position.apply(move)
        check(position)
    assert position.status() in (WON, LOST)


@given(case_st, seed_st, choices_st, st.integers(min_value=0, max_value=160))
def test_undo_restores_the_exact_position_and_key(case, seed, choices, split):
    position = deal_seed(rules_of(case), seed)
    prefix, suffix = choices[: split % (len(choices) + 1)], choices[split % (len(choices) + 1):]
    play_random(position, prefix)
    start = position.copy()
    played = play_random(position, suffix)
    while (move := naive_move(position)) is not None:  # to the end, so redeals are undone too
        position.apply(move)
        played += 1
    for _ in range(played):
        position.undo()
    assert_same_state(position, start)
    assert position.legal_moves() == start.legal_moves()
    assert len(position.history) == len(start.history)


@given(case_st, seed_st, choices_st)
def test_incremental_state_equals_a_position_built_from_the_same_piles(case, seed, choices):
    position = deal_seed(rules_of(case), seed)
    play_random(position, choices)
    rebuilt = Position(position.rules, [list(p) for p in position.piles], position.redeals_left)
    assert_same_state(position, rebuilt)
    assert rebuilt.legal_moves() == position.legal_moves()
    assert rebuilt.status() == position.status()


@given(case_st, seed_st, choices_st)
def test_copy_has_an_equal_key_and_is_independent(case, seed, choices):
    position = deal_seed(rules_of(case), seed)
    play_random(position, choices)
    clone = position.copy()
    assert_same_state(clone, position)
    assert clone == position and hash(clone) == hash(position)
    before = position.key()
    moves = clone.legal_moves()
    if moves:
        clone.apply(moves[-1])
        assert position.key() == before, "changing the copy changed the original"
        assert clone.key() != before


def _independent(rules, m1, m2) -> bool:
    """Two plays whose order cannot matter: different piles, and no automatic fill that
    could take a card the other move touches (two gaps both filled from the waste would
    take its cards in move order)."""
    (s1, d1), (s2, d2) = (m1.src, m1.dst), (m2.src, m2.dst)
    if not (rules.is_foundation[d1] and rules.is_foundation[d2]) or s1 == s2 or d1 == d2:
        return False
    fills = [s for s in (s1, s2) if rules.fill[s]]
    if len(fills) == 2:
        return False
    feeders = {rules.waste, rules.stock}
    return not (fills and ({s1, s2} & feeders))


def check_transpositions(position: Position, choices) -> int:
    """Along a random game, play every pair of independent moves in both orders: the two
    positions reached must be equal, with equal keys. Returns how many pairs were checked."""
    rules = position.rules
    checked = 0
    for pick in choices:
        moves = position.legal_moves()
        if not moves:
            break
        for i, m1 in enumerate(moves):
            for m2 in moves[i + 1:]:
                if not _independent(rules, m1, m2):
                    continue
                one, two = position.copy(), position.copy()
                one.apply(m1)
                two.apply(m2)
                if m2 not in one.legal_moves() or m1 not in two.legal_moves():
                    continue  # one move used up the other's target (e.g. the same empty pile)
                one.apply(m2)
                two.apply(m1)
                assert_same_state(one, two)
                checked += 1
        position.apply(moves[pick % len(moves)])
    return checked


@given(case_st, seed_st, choices_st)
def test_transposed_moves_reach_an_equal_key(case, seed, choices):
    check_transpositions(deal_seed(rules_of(case), seed), choices)


def test_transpositions_do_occur():
    # Guards the property above against checking nothing. Only variants with columns have
    # independent plays: in Odd and Even every gap refills from the waste, and Contradance
    # has a single free card.
    for case in [c for c in CASES if "tableau" in rules_of(c).pile_kind]:
        checked = sum(check_transpositions(deal_seed(rules_of(case), seed), [0] * 300) for seed in range(1, 30))
        assert checked > 0, case


@given(case_st, seed_st, choices_st)
def test_status_agrees_with_the_moves_left(case, seed, choices):
    position = deal_seed(rules_of(case), seed)
    play_random(position, choices)
    status = position.status()
    if position.on_foundations == position.rules.n_cards:
        assert status == WON
    elif position.legal_moves():
        assert status == PLAYING
    else:
        assert status == LOST
        rules = position.rules
        assert not position.piles[rules.stock]
        assert position.redeals_left == 0 or not position.piles[rules.waste]
