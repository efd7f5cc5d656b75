"""Combinations of fields that make no sense are refused at validate, with the field and
a one-line reason (issue 13's bad input). Each case extends a shipped variant."""
from __future__ import annotations

import pytest

from conftest import run_cli

CASES = {
    "base any without a build rule": (
        "forty-thieves", "foundations: {home: {base: any}}", "foundations.home.base", "needs a build rule"),
    "more cards dealt than a pile holds": (
        "forty-thieves", "piles: {tableau: {max: 2}}", "piles.tableau.max", "holds at most 2"),
    "a free cell dealt three cards": (
        "freecell", "piles: {cells: {cards: 3, count: 2}}\ndeal: [tableau, cells]", "piles.cells.cards",
        "a free cell holds one"),
    "deal_when without rows to deal": (
        "forty-thieves", "stock: {deal_when: no-gap}", "stock.deal_when", "deals no rows"),
    "worry where no pile takes a card": (
        "sir-tommy", "foundations: {home: {worry: true}}", "foundations.home.worry", "nothing can come back"),
    "a foundation fixed to a suit the pack lacks": (
        "spider", "suits: [S]\nfoundations: {home: {suits: fixed}}", "foundations.home.suits", "does not hold"),
    "a run move without a build or run rule": (
        "forty-thieves", "piles: {tableau: {build: none, moves: run}}", "piles.tableau.moves",
        "run moves need a build rule"),
    "every card face down": (
        "klondike", "piles: {tableau: {face_up: 0}}", "piles.tableau.face_up", "at least its top card face up"),
    "face_up and face_down together": (
        "yukon", "piles: {tableau: {face_up: 1}}", "piles.tableau.face_up", "not both"),
    "several waste piles with a redeal": (
        "sir-tommy", "stock: {redeals: 1}", "stock.redeals", "expected redeals: 0"),
}


@pytest.mark.parametrize("case", list(CASES), ids=list(CASES))
def test_the_combination_is_refused_in_one_line(tmp_path, case):
    parent, body, field, words = CASES[case]
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad-one\nextends: {parent}\n{body}\n", encoding="utf-8")
    code, out, err = run_cli("validate", path)
    lines = err.strip().splitlines()
    assert code == 1 and len(lines) == 1, err
    assert lines[0].startswith(f"{path}:") and f"field {field}:" in lines[0] and words in lines[0], lines[0]
