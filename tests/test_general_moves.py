"""The compiled search's rules of play (solver/general/g_moves.c) against the engine's.

Along random playouts of every game with moves between piles, the C side must list the
very moves ``model/legal.py`` lists, in the same order, make the same position when it
plays one and the same again when it takes it back, and find the same first safe play as
``agents/safe.py``. A failure names the game, the deal, the step and the move.
"""
import random

import pytest

from patience_core.agents.safe import safe_moves
from patience_core.model.deal import seeded_order, start_position
from patience_core.variants.catalog import load_rules
from patience_core.solver.general import search as general
from patience_core.solver.general.pack import piles_of

pytestmark = pytest.mark.skipif(not general.available(), reason="the compiled search is not built")

GAMES = [("klondike", {}), ("klondike", {"draw": "3"}), ("klondike", {"redeals": "unlimited"}),
         ("freecell", {}), ("freecell", {"cells": "2"}), ("bakers-game", {}), ("spider", {}),
         ("spider", {"suits": "1"}), ("spider", {"suits": "2"}), ("golf", {}), ("golf", {"wrap": "yes"}),
         ("sir-tommy", {}), ("calculation", {}), ("yukon", {}), ("canfield", {}),
         ("canfield", {"draw": "1"}), ("forty-thieves", {}), ("klondike", {"worry": "yes"}),
         ("klondike", {"draw": "3", "worry": "yes", "partial": "to-foundation"}),
         ("thirty-two-cards", {}),   # a stock that only fills gaps (to: gaps) is never turned
         ("grounds-for-a-divorce", {}), ("york", {})]   # runs from any rank; rows onto held piles only


def _state(position):
    return [list(p) for p in position.piles], list(position.down), position.redeals_left


@pytest.mark.parametrize("name, params", GAMES, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in p.items())}"
                                                      for n, p in GAMES])
def test_moves_apply_undo_and_safe_plays_agree_with_the_engine(name, params):
    rules = load_rules(name, params)
    checked = 0
    for seed in range(1, 5):
        rng = random.Random(seed)
        position = start_position(rules, seeded_order(rules, seed))
        for step in range(120):
            where = f"{name} {params} seed {seed} step {step}"
            engine = position.legal_moves()
            assert general.legal_moves(position) == engine, f"{where}: legal moves differ"
            assert general.safe_move(position) == next(iter(safe_moves(position)), None), \
                f"{where}: first safe play differs"
            if not engine:
                break
            move = rng.choice(engine)
            before = _state(position)
            after, back = general.apply_undo(position, move)
            position.apply(move)
            assert list(piles_of(after)) == list(_state(position)), f"{where}: {move} played differently"
            assert list(piles_of(back)) == list(before), f"{where}: {move} taken back differently"
            checked += 1
    assert checked > 20


def _random_playout(rules, seed, steps):
    """``(step, position)`` along a random playout of deal ``seed``, at most ``steps`` of them:
    each position is yielded before a random legal move is made on it (the caller may change it
    first), and the playout ends where no move is left."""
    rng = random.Random(seed)
    position = start_position(rules, seeded_order(rules, seed))
    for step in range(steps):
        yield step, position
        moves = position.legal_moves()
        if not moves:
            return
        position.apply(rng.choice(moves))


def _play_safe(position):
    """Make the safe plays, as the search does on entering a position."""
    while (safe := general.safe_move(position)) is not None:
        position.apply(safe)


@pytest.mark.parametrize("name, params", GAMES, ids=[f"{n}-{'-'.join(f'{k}={v}' for k, v in p.items())}"
                                                      for n, p in GAMES])
def test_a_child_scored_by_its_two_piles_shares_scores_as_the_position_made(name, params):
    """The search scores a move between two piles by the two piles' shares of the position's
    value, without making it; along random playouts every child's score is the one evaluating
    the position after it gives."""
    rules = load_rules(name, params)
    compared = 0
    for seed in range(1, 4):
        for step, position in _random_playout(rules, seed, 100):
            values = general.child_values(position)
            assert all(shares == made for shares, made in values), f"{name} {params} seed {seed} step {step}: {values}"
            compared += len(values)
    assert compared > 50


def _unlinked(position, free):
    """The first face-up card above a freely arranged pile's lowest one that does not lie on a card
    it follows by the pile's build rule, as (pile, index); None where every one does."""
    rules = position.rules
    for p, pile in enumerate(position.piles):
        for i in range(position.down[p] + 1, len(pile) if free[p] else 0):
            if not rules.piles[p].build.follows(pile[i - 1], pile[i]):
                return p, i
    return None


def test_free_arrangement_piles_keep_their_face_up_cards_on_cards_they_follow():
    """Free arrangement (G5) rests on an invariant that the scores use as well (g_prune.c
    pile_share counts such a pile's links by its face-up cards): where the start has it, every
    face-up card above a freely arranged pile's lowest one lies on a card it follows by the pile's
    build rule, at every step of random playouts."""
    from patience_core.solver.general import pack

    games = 0
    for name, params in GAMES:
        rules = load_rules(name, params)
        free = pack.free_arrangement(rules)
        if not any(free):
            continue
        for seed in range(1, 4):
            for step, position in _random_playout(rules, seed, 150):
                unlinked = _unlinked(position, free)
                if step == 0 and unlinked:
                    break   # the search keeps the plain key for this deal (g_load)
                games += step == 0 and seed == 1
                assert unlinked is None, f"{name} {params} seed {seed} step {step}"
    assert games >= 3


RENAMING_GAMES = [{}, {"draw": "3"}, {"redeals": "0"}]


@pytest.mark.parametrize("params", RENAMING_GAMES, ids=["-".join(f"{k}={v}" for k, v in p.items()) or "draw=1"
                                                        for p in RENAMING_GAMES])
def test_a_renaming_child_is_its_parent_and_is_left_out(params):
    """Under free arrangement a card or run moved from above a pile's lowest face-up card onto
    another non-empty free pile changes no key; where no foundation takes the card it uncovers,
    the position after it and its safe plays has the parent's key, and the pruned search leaves
    the child out. Where a foundation takes that card, the child is kept (g_prune.c
    drop_renamings). Along random playouts of Klondike without worrying back (no G8), each
    position first brought to the end of its safe plays, as the search enters it."""
    from patience_core.model.moves import BETWEEN_PILES
    from patience_core.solver.general import pack

    rules = load_rules("klondike", params)
    free = pack.free_arrangement(rules)
    renamings = kept = 0
    for seed in range(1, 6):
        for step, position in _random_playout(rules, seed, 150):
            _play_safe(position)
            key = general.position_key(position)
            plays = {(m.src, m.card, m.count) for pre, back, lead, mid, m in general.children(position)
                     if not pre and not back and lead is None and not mid and m.kind is BETWEEN_PILES
                     and free[m.dst] and position.piles[m.dst]}
            for move in position.legal_moves():
                src, dst = move.src, move.dst
                if not (move.kind is BETWEEN_PILES and free[src] and free[dst] and position.piles[dst]
                        and move.count < len(position.piles[src]) - position.down[src]):
                    continue
                uncovered = position.piles[src][-move.count - 1]
                if any(uncovered in position.wanted(f) for f in rules.foundations):
                    assert (src, move.card, move.count) in plays, f"seed {seed} step {step}: {move} left out"
                    kept += 1
                    continue
                assert (src, move.card, move.count) not in plays, f"seed {seed} step {step}: {move} kept"
                after = position.copy()
                after.apply(move)
                _play_safe(after)
                assert general.position_key(after) == key, f"seed {seed} step {step}: {move} changed the key"
                renamings += 1
    assert renamings > 50 and kept > 0


def test_pruned_children_are_legal_or_talon_macros():
    """Every child of the pruned search is a legal move, or a K+ macro: talon steps
    that are each legal, then a legal play of the waste top."""
    rules = load_rules("klondike", {})
    position = start_position(rules, seeded_order(rules, 3))
    kids = general.children(position, prune=True)
    assert any(pre for pre, _, _, _, _ in kids), "draw 1 with redeals: K+ macros expected"
    for pre, back, lead, mid, play in kids:
        assert not back, "no card comes back from a foundation without worrying back"
        trial = position.copy()
        _turn(trial, pre)
        if lead is not None:
            assert lead in trial.legal_moves()
            trial.apply(lead)
        _turn(trial, mid)
        assert play in trial.legal_moves()


def _turn(position, steps):
    """Make `steps` talon steps (turns, or a redeal where the stock is out)."""
    for _ in range(steps):
        position.apply(next(m for m in position.legal_moves() if m.kind.value in ("turn", "redeal")))



def test_cards_back_are_legal_moves_one_after_another():
    """G8's cards back, played in order before the child's play, are each legal in the engine:
    a card brought back onto another brought back first goes only where the pile takes it (a
    free cell holding a card takes nothing: Cat's Tail's solver line once put two there).
    Checked along won lines, where the foundations hold cards to bring back."""
    rules = load_rules("cats-tail")
    checked = 0
    for seed in (2, 3):
        position = start_position(rules, seeded_order(rules, seed))
        verdict, line, *_ = general.compiled_search(position, 300_000, None, 1 << 22)
        assert verdict == "won"
        for move in line:
            for _pre, back, _lead, _mid, _play in general.children(position):
                trial = type(position)(rules, [list(p) for p in position.piles], position.redeals_left,
                                       list(position.down))
                for step in back:
                    assert trial.is_legal(step), f"seed {seed}: {step} in {back}"
                    trial.apply(step)
                    checked += 1
            position.apply(move)
    assert checked > 100
