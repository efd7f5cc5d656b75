"""The catalogue test: every shipped game, checked the same way.

Each game validates with every parameter set `patience validate` checks, deals its whole
pack, keeps the pack after every move of the naive policy on three deals, has rules text,
solves deal 1 within a bounded budget (a won line replays through the engine), and saves
and resumes to the same position. The default run checks a fixed sample
(tests/catalogue_sample.py); ``-m slow`` checks every game.
"""
from __future__ import annotations

from collections import Counter

import pytest

from patience_core import deal_seed
from patience_core.agents.policies import play_naive
from patience_core.model.game import GameSpec
from patience_core.solver.general import search as general
from patience_core.solver.solve import engine_search, replay_check, solve_position
from patience_core.storage.saves import load_game, save_game
from patience_core.ui.render import rules_text
from patience_core.ui.session import Session
from patience_core.variants.catalog import build_registry, checked_parameter_sets, compile_variant
from catalogue_sample import catalogue_sample, shipped_names
from endings import endings

REGISTRY = build_registry()
SHIPPED = shipped_names()
SOLVE_BUDGET = 20_000
SOLVE_SECONDS = 10.0   # a guard: a two-pack game with worrying back spends long on some positions


def _pack_of(position) -> Counter:
    return Counter(card for pile in position.piles for card in pile)


def check_game(name: str, tmp_path) -> None:
    source = REGISTRY.get(name)
    for params in checked_parameter_sets(source):
        compile_variant(source, params)
    rules = compile_variant(source)
    summary = REGISTRY.summary(name)
    assert summary.get("family"), f"{name}: no family"
    assert rules_text(rules).strip()
    whole = Counter(rules.pack)
    for seed in (1, 2, 3):
        start = deal_seed(rules, seed)
        assert _pack_of(start) == whole, f"{name} deal {seed}: the deal does not hold the pack"
        record: list = []
        play_naive(start.copy(), record)
        position = start.copy()
        for move in record:
            assert position.is_legal(move), (name, seed, move)
            position.apply(move)
            assert _pack_of(position) == whole, f"{name} deal {seed}: {move} lost or made a card"
    start = deal_seed(rules, 1)
    result = solve_position(start, max_positions=SOLVE_BUDGET, timeout=SOLVE_SECONDS)
    assert result.verdict in ("won", "lost", "unknown")
    if result.verdict == "won":
        replay_check(start, result.moves)
    # save after a few moves, resume: the same position and the same undo list
    spec = GameSpec(variant=name, seed=1)
    session = Session(spec, rules, deal_seed(rules, 1))
    for move in record[:5]:
        if session.position.is_legal(move):
            session.play(move)
    path = save_game(session, tmp_path / f"{name}.json")
    resumed = load_game(path)
    assert resumed.position.piles == session.position.piles
    assert resumed.move_count() == session.move_count()


@pytest.mark.parametrize("name", catalogue_sample(SHIPPED))
def test_catalogue_sample(name, tmp_path):
    check_game(name, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_catalogue_every_game(name, tmp_path):
    check_game(name, tmp_path)


ORACLE_BUDGET = 20_000
ORACLE_SECONDS = 3.0


def check_against_the_oracle(name: str) -> None:
    """The solver (the compiled search where the game runs on it) against the exhaustive
    oracle, by verdict, on endings of three deals."""
    rules = compile_variant(REGISTRY.get(name))
    for seed, rest in ((1, 5), (2, 7), (3, 9)):
        for position in endings(rules, seed, rest):
            if not rules.foundation_only and general.unsupported(position) is not None:
                return   # the game runs on the exhaustive search itself: nothing to compare
            # the budget counts new positions only: a time guard too, for games where most
            # moves lead back to positions seen (two packs, many empty piles)
            oracle = engine_search(position, max_positions=ORACLE_BUDGET, timeout=ORACLE_SECONDS)
            if oracle.verdict == "unknown":
                continue
            ours = solve_position(position, max_positions=ORACLE_BUDGET * 10)
            assert ours.verdict in (oracle.verdict, "unknown"), (
                f"{name} deal {seed}, {rest} cards left: {ours.search} search {ours.verdict}, oracle {oracle.verdict}")


@pytest.mark.parametrize("name", catalogue_sample(SHIPPED))
def test_catalogue_sample_against_the_oracle(name):
    check_against_the_oracle(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_catalogue_every_game_against_the_oracle(name):
    check_against_the_oracle(name)


def _with_deal_numbers() -> list[str]:
    """Every shipped game whose file names a pysol-cards game (read from the files: the
    index does not keep the field)."""
    return [name for name in SHIPPED if (REGISTRY.get(name).definition.get("deal_numbers") or {}).get("pysol")]


@pytest.mark.parametrize("name", _with_deal_numbers())
def test_pysol_deal_numbers_lay_out_pysol_cards_openings(name):
    """--deal pysol:N deals what pysol-cards lays out for the game it names, for three numbers:
    the same cards on the same piles (faces are the game's own: PySolFC deals Queenie's face
    up where Klondike's, whose numbering it shares, lie face down)."""
    from patience_core.model.deal_numbers import external_layout, game_key, parse_deal
    rules = compile_variant(REGISTRY.get(name))
    for number in (1, 2, 3):
        deal = parse_deal(f"pysol:{number}")
        layout = external_layout(game_key(rules, deal), deal)
        spec = GameSpec(variant=name, deal=str(deal))
        position = spec.start(rules)
        piles = rules.deal_piles[:len(layout.piles)]
        assert [tuple(position.piles[p]) for p in piles] == list(layout.piles), (name, number)


def test_the_sample_is_fixed_and_covers_the_named_mechanisms():
    sample = catalogue_sample(SHIPPED)
    assert sample == catalogue_sample(list(reversed(SHIPPED)))
    assert {"klondike", "freecell", "royal-cotillion", "spider", "golf"} <= set(sample)
