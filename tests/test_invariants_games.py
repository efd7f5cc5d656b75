"""Invariants of the engine over every game, not one family (issue 57): along random games
of each game, the pack is conserved after every move, every pile is lawful, undo restores
the exact position, the incrementally kept state equals one rebuilt from the piles, a copy
is independent, and a saved game resumes at the same position.

The default run checks a fixed sample of games chosen to cover every mechanism of the
engine (MECHANISMS: runs, supermoves, face-down cards turned, redeals, rows dealt, worrying
back, pairs removed, ...), a few examples each; ``-m slow`` checks every game of the
catalogue (shipped and added by installed plugins). The examples are deterministic (the
profile in conftest.py derandomizes them).
"""
from __future__ import annotations

import functools
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalogue_sample import ALWAYS
from conftest import assert_derived_state, assert_same_state, play_random
from patience_core import deal_seed
from patience_core.agents.policies import naive_move
from patience_core.model import cards
from patience_core.model.game import GameSpec
from patience_core.model.position import HookedPosition, Position
from patience_core.model.rules import Rules
from patience_core.storage.saves import load_game, save_game
from patience_core.ui.session import Session
from patience_core.variants.catalog import build_registry, load_rules

# One game for each mechanism the move generators and the position's bookkeeping have, with
# the test that the game has it (test_each_mechanism_has_its_game).
MECHANISMS = {
    "cards only to the foundations (the Royal Cotillion family)": ("royal-cotillion", lambda r: r.foundation_only),
    "face-down cards turned": ("klondike", lambda r: r.any_face_down),
    "redeals": ("klondike", lambda r: r.redeals > 0),
    "worrying back": ("aces-and-kings", lambda r: bool(r.worry_from)),
    "free cells and supermoves": ("freecell", lambda r: bool(r.cells)),
    "rows dealt from the stock, runs to the foundations": ("spider", lambda r: bool(r.run_foundations)),
    "any run moved (Yukon)": ("yukon", lambda r: r.any_face_down),
    "pairs removed, a win other than all home": ("relaxed-pyramid",
                                                 lambda r: r.win is not None and bool(r.remove_rules)),
    "covered cards, a face-up stock": ("pyramid", lambda r: r.any_covered and r.stock_face_up),
    "cards discarded": ("aces-up", lambda r: bool(r.discard)),
    "a base chosen by the deal": ("canfield", lambda r: bool(r.base_from_deal)),
    "a base chosen by the first card played": ("chessboard", lambda r: bool(r.base_first_piles)),
    "foundations built by a rule, not a sequence": ("golf", lambda r: any(v is None for v in r.f_rank_at.values())),
    "several waste piles": ("calculation", lambda r: len(r.waste_piles) > 1),
    "cards moved to the bottom of a pile": ("bakers-dozen", lambda r: bool(r.to_bottom_piles)),
    "bases dealt to the foundations": ("eights", lambda r: bool(r.deal_bases)),
    "cards sent back from the foundations": ("aces-and-kings", lambda r: bool(r.transfer_from)),
    "moves under conditions": ("giant", lambda r: bool(r.conditions)),
    "cards dealt to the foundations": ("citadel", lambda r: bool(r.deal_to_foundations)),
    "cards sent up by the stock's deals": ("die-koenigsbergerin", lambda r: r.stock_deal_up),
    "a source that gives a limited number of cards": ("alhambra", lambda r: bool(r.source_limited)),
    "gaps filled from a pile": ("odd-and-even", lambda r: any(r.fill)),
    "two decks": ("forty-thieves", lambda r: r.decks == 2),
    "no stock": ("bakers-dozen", lambda r: not r.has_stock),
}


@functools.lru_cache(maxsize=None)
def registry():
    return build_registry()


def catalogue() -> list[str]:
    return registry().names()


def default_games() -> list[str]:
    names = set(catalogue())
    return sorted({game for game, _ in MECHANISMS.values()} | set(ALWAYS) & names)


@functools.lru_cache(maxsize=None)
def rules_of(name: str) -> Rules:
    return load_rules(name, registry=registry())


DEFAULT = default_games()

# Engine bugs these properties found (issue 57), reported to be fixed in the engine: the case
# stays here, expected to fail, until it is.
KNOWN_BUGS: dict[tuple[str, str], str] = {}   # (test, game): why it is expected to fail


def games(test: str) -> list:
    """Every game, the default sample first; the rest under ``-m slow``; known bugs expected to fail."""
    params = []
    for name in DEFAULT + [n for n in catalogue() if n not in DEFAULT]:
        marks = [] if name in DEFAULT else [pytest.mark.slow]
        if (test, name) in KNOWN_BUGS:
            marks.append(pytest.mark.xfail(reason=KNOWN_BUGS[test, name], strict=False))
        params.append(pytest.param(name, marks=marks))
    return params

seed_st = st.integers(min_value=0, max_value=2**31 - 1)
# Each number picks one of the legal moves.
choices_st = st.lists(st.integers(min_value=0, max_value=60), min_size=5, max_size=120)
FEW = settings(max_examples=4, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
TO_THE_END = 1500  # moves at most, past the random ones (the naive player avoids positions seen)


def play_to_the_end(position: Position, each=None) -> int:
    played, seen = 0, {position.key()}
    while played < TO_THE_END and (move := naive_move(position, seen)) is not None:
        position.apply(move)
        seen.add(position.key())
        played += 1
        if each:
            each(position)
    return played


def check_lawful(position: Position, pack: Counter) -> None:
    """The pack whole, no pile holding what its rules refuse, the derived state agreeing with the piles."""
    rules = position.rules
    assert Counter(card for pile in position.piles for card in pile) == pack, "the pack is not conserved"
    for f in rules.foundations:
        pile, spec = position.piles[f], rules.f_spec[f]
        assert len(pile) <= rules.f_length[f], f"{rules.pile_names[f]} overfull"
        ranks = position.ranks[f]
        if pile and ranks is not None and not (spec.takes_run or spec.discard):
            assert [cards.rank_of(x) for x in pile] == list(ranks[: len(pile)]), \
                f"{rules.pile_names[f]} out of its sequence"
            if not rules.f_regardless[f]:
                suit = cards.suit_of(pile[0])
                assert rules.f_suit[f] in (-1, suit), f"{rules.pile_names[f]} holds another suit"
                assert all(cards.suit_of(x) == suit for x in pile), f"{rules.pile_names[f]} mixes suits"
    for p, spec in enumerate(rules.piles):
        if spec is not None and not rules.is_foundation[p] and spec.max_cards is not None:
            assert len(position.piles[p]) <= spec.max_cards, f"{rules.pile_names[p]} holds more than its max"
        assert 0 <= position.down[p] <= len(position.piles[p]), f"{rules.pile_names[p]}: face-down count"
    assert_derived_state(position)


def test_each_mechanism_has_its_game():
    for mechanism, (game, has) in MECHANISMS.items():
        assert has(rules_of(game)), f"{game} no longer has {mechanism}: choose another game for it"


@pytest.mark.slow
def test_every_mechanism_in_the_catalogue_is_in_the_default_sample():
    for mechanism, (_, has) in MECHANISMS.items():
        assert any(has(rules_of(name)) for name in DEFAULT), mechanism


@pytest.mark.parametrize("name", games("lawful"))
@FEW
@given(seed=seed_st, choices=choices_st)
def test_pack_conserved_and_piles_lawful_after_every_move(name, seed, choices):
    position = deal_seed(rules_of(name), seed)
    pack = Counter(card for pile in position.piles for card in pile)
    assert sum(pack.values()) == position.rules.n_cards
    check_lawful(position, pack)
    play_random(position, choices, lambda p: check_lawful(p, pack))
    play_to_the_end(position, lambda p: check_lawful(p, pack))


@pytest.mark.parametrize("name", games("undo"))
@FEW
@given(seed=seed_st, choices=choices_st, split=st.integers(min_value=0, max_value=120))
def test_undo_restores_the_exact_position(name, seed, choices, split):
    position = deal_seed(rules_of(name), seed)
    cut = split % (len(choices) + 1)
    play_random(position, choices[:cut])
    start = position.copy()
    played = play_random(position, choices[cut:]) + play_to_the_end(position)
    for _ in range(played):
        position.undo()
    assert_same_state(position, start)
    assert position.legal_moves() == start.legal_moves()
    assert len(position.history) == len(start.history)


@pytest.mark.parametrize("name", games("rebuilt"))
@FEW
@given(seed=seed_st, choices=choices_st)
def test_incremental_state_equals_a_rebuilt_one_and_a_copy_is_independent(name, seed, choices):
    position = deal_seed(rules_of(name), seed)
    play_random(position, choices)
    rules = position.rules
    if not isinstance(position, HookedPosition):  # a plugin's pending choice is history, not piles
        rebuilt = type(position)(rules, [list(p) for p in position.piles], position.redeals_left,
                                 down=list(position.down), ranks=position.ranks)
        assert_same_state(position, rebuilt)
        assert rebuilt.legal_moves() == position.legal_moves()
        assert rebuilt.status() == position.status()
    clone = position.copy()
    assert_same_state(clone, position)
    assert clone == position and hash(clone) == hash(position)
    before, moves = position.key(), clone.legal_moves()
    if moves:
        clone.apply(moves[-1])
        assert position.key() == before, "changing the copy changed the original"
        clone.undo()
        assert_same_state(clone, position)


@pytest.mark.parametrize("name", games("saved"))
@settings(FEW, max_examples=2)
@given(seed=seed_st, choices=choices_st, undo=st.integers(min_value=0, max_value=8))
def test_a_saved_game_resumes_at_the_same_position(name, seed, choices, undo, tmp_path_factory):
    spec = GameSpec(variant=name, seed=seed)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    for pick in choices:
        moves = session.position.legal_moves()
        if not moves or session.is_over():
            break
        session.play(moves[pick % len(moves)])
    session.undo(min(undo, len(session.steps)))
    again = load_game(save_game(session, tmp_path_factory.mktemp("save") / "game.json"))
    assert again.position.key() == session.position.key()
    assert again.steps == session.steps and again.redo_steps == session.redo_steps
    assert again.redo(len(again.redo_steps)) == session.redo(len(session.redo_steps))
    assert again.position.key() == session.position.key()


def _play_named(position: Position, line: list[tuple[str, str, str]]) -> None:
    """Play moves named (card, from, to) with pile ids; the legal move of that card there."""
    rules = position.rules
    for card, src, dst in line:
        s, d = rules.pile_index(src), rules.pile_index(dst)
        code = cards.parse_card(card)
        position.apply(next(m for m in position.legal_moves() if m.src == s and m.dst == d and m.card == code))


def test_a_base_the_deal_chose_outlives_its_card_and_is_part_of_the_state():
    """Board Patience deal 234 (found by the property above): the dealt base 3C goes back to the
    tableau and on to another foundation; foundation:1 is empty but still wants a 3."""
    position = deal_seed(rules_of("board-patience"), 234)
    _play_named(position, [("3S", "tableau:5", "foundation:2"), ("5D", "tableau:1", "tableau:10"),
                           ("3C", "foundation:1", "tableau:2"), ("3C", "tableau:2", "foundation:3"),
                           ("4S", "tableau:9", "foundation:2")])
    rules = position.rules
    assert not position.piles[rules.pile_index("foundation:1")]
    rebuilt = Position(rules, [list(p) for p in position.piles], position.redeals_left,
                       down=list(position.down), ranks=position.ranks)
    assert rebuilt.legal_moves() == position.legal_moves()
    forgetful = Position(rules, [list(p) for p in position.piles], position.redeals_left, down=list(position.down))
    assert forgetful.key() != position.key()   # a position that forgot the base is another position


def test_a_run_whose_base_card_lies_in_it_twice_is_saved_with_its_length(tmp_path):
    """Double Scorpion deal 5 (found by the property above): both 6S lie in tableau:6; the run
    from the deeper one is written with its count and read back as the same move."""
    spec = GameSpec(variant="double-scorpion", seed=5)
    rules = spec.compile()
    session = Session(spec, rules, spec.start(rules))
    for card, src, dst in [("8D", "tableau:2", "tableau:10"), ("4S", "tableau:2", "tableau:10"),
                           ("10C", "tableau:5", "tableau:3")]:
        s, d = rules.pile_index(src), rules.pile_index(dst)
        session.play(next(m for m in session.position.legal_moves()
                          if m.src == s and m.dst == d and m.card == cards.parse_card(card)))
    t6, t7 = rules.pile_index("tableau:6"), rules.pile_index("tableau:7")
    runs = [m for m in session.position.legal_moves() if m.src == t6 and m.dst == t7 and m.card == cards.parse_card("6S")]
    longest = max(runs, key=lambda m: m.count)
    session.play(longest)
    again = load_game(save_game(session, tmp_path / "game.json"))
    assert again.position.key() == session.position.key() and again.steps == session.steps
