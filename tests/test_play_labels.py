"""Every pile label typed alone, in every shipped game, on several deals and after some play:
the line game answers with a move, a question whose every option is a legal move, or a
one-line refusal, never an exception (issue: a bare label where several moves leave the
pile crashed in FreeCell and Yukon)."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.ui.commands import Choice, PileLabels, Refusal, resolve_move
from catalogue_sample import catalogue_sample, shipped_names

SHIPPED = shipped_names()


def _positions(rules, seed: int, plies: int = 30):
    """The deal, then positions after random legal moves (seeded)."""
    position = deal_seed(rules, seed)
    yield position
    chooser = random.Random(seed)
    for _ in range(plies):
        moves = position.legal_moves()
        if not moves:
            return
        position = position.copy()
        position.apply(chooser.choice(moves))
        yield position


def _check_every_label(name: str) -> None:
    rules = load_rules(name)
    labels = PileLabels(rules)
    words = [labels.label(p) for p in range(rules.n_piles)]
    for seed in (1, 2, 3):
        for position in _positions(rules, seed):
            legal = set(position.legal_moves())
            for word in words:
                try:
                    answer = resolve_move(position, [word], labels)
                except Refusal as refusal:
                    assert "\n" not in str(refusal) and str(refusal), (name, seed, word)
                    continue
                options = answer.options.values() if isinstance(answer, Choice) else [answer]
                for move in options:
                    assert move in legal, (name, seed, word, move)


@pytest.mark.parametrize("name", catalogue_sample(SHIPPED))
def test_every_label_answers_without_an_exception(name):
    _check_every_label(name)


@pytest.mark.slow
@pytest.mark.parametrize("name", SHIPPED)
def test_every_label_answers_without_an_exception_everywhere(name):
    _check_every_label(name)


def test_a_bare_tableau_label_with_several_moves_asks_which():
    rules = load_rules("yukon")
    labels = PileLabels(rules)
    answer = resolve_move(deal_seed(rules, 1), ["t5"], labels)
    assert isinstance(answer, Choice)
    assert answer.question.startswith("from t5: ") and set(answer.options) == {"t1", "t6"}


def test_empty_free_cells_are_one_destination():
    rules = load_rules("freecell")
    answer = resolve_move(deal_seed(rules, 1), ["t1"], PileLabels(rules))
    assert not isinstance(answer, Choice) and rules.pile_names[answer.dst] == "cells:1"
