"""Games won in the layout, with no foundations or with cards left out of them (``win:`` with
``sorted`` and ``cards_left``), written from PySolFC's isGameWon: Four Stacks (takeaway.py:
every row empty or 13 cards in alternating colours), German Patience (curdsandwhey.py: stock
and waste empty, every row empty or 13 cards), Daddy Longlegs (every row one same-suit run up,
isSameSuitSequence refusing an empty row), Deck (acesup.py's Cover: stock empty, 48 discarded)."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.errors import VariantError
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import played_and_undone, position_of

RUN_KH_TO_AS = "KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH"   # alternating colours, 13 cards


def test_four_stacks_is_won_when_every_column_is_empty_or_a_full_run():
    rules = load_rules("four-stacks")
    assert not rules.foundations
    runs = {"tableau:1": RUN_KH_TO_AS, "tableau:2": "KS QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H AS",
            "tableau:3": "KD QC JD 10C 9D 8C 7D 6C 5D 4C 3D 2C AD",
            "tableau:4": "KC QD JC 10D 9C 8D 7C 6D 5C 4D 3C 2D AC"}
    assert position_of(rules, runs, rest=None).status() == "won"
    broken = dict(runs, **{"tableau:1": "KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H AH 2S"})
    assert not position_of(rules, broken, rest=None).is_won()
    short = dict(runs, **{"tableau:1": "KH QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S", "tableau:5": "AH"})
    assert not position_of(rules, short, rest=None).is_won()


def test_german_patience_wants_the_stock_and_waste_used_up():
    rules = load_rules("german-patience")
    full = {f"tableau:{n}": " ".join(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"]) for n in range(1, 2)}
    assert not position_of(rules, full, rest="stock").is_won()
    assert "Won: the stock and the waste are empty and every pile of tableau is empty or one run" \
        in __import__("patience_core.ui.render", fromlist=["rules_text"]).rules_text(rules)


def test_daddy_longlegs_refuses_an_empty_row_as_pysolfc_does():
    rules = load_rules("daddy-longlegs")
    runs = {"tableau:1": "AH 2H 3H", "tableau:2": "5S 6S", "tableau:3": "KD", "tableau:4": "2C 3C"}
    assert position_of(rules, runs, rest=None).is_won()
    assert not position_of(rules, dict(runs, **{"tableau:4": ""}), rest=None).is_won()


def test_deck_is_won_with_four_cards_left_however_they_lie():
    rules = load_rules("deck")
    left = {"tableau:1": "AH AS", "tableau:2": "AD AC"}
    assert position_of(rules, left, rest="foundation:1").is_won()
    assert not position_of(rules, dict(left, **{"tableau:3": "2C"}), rest="foundation:1").is_won()


@pytest.mark.parametrize("name", ["four-stacks", "german-patience", "daddy-longlegs", "deck", "circle-eight"])
def test_the_games_play_to_an_end_and_undo(name):
    played_and_undone(load_rules(name), 1, lambda _position, moves: moves[-1], limit=300)


def test_no_foundations_needs_a_win_state(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\ntitle: Bad\ndecks: 1\npiles: {tableau: {kind: tableau, count: 4, cards: 13, "
                    "build: {rank: down}}}\nfoundations: {}\ndeal: [tableau]\n")
    with pytest.raises(VariantError, match="no foundation piles, and no win: state"):
        compile_variant(build_registry().add_file(path), {})
    path.write_text(path.read_text() + "win: {sorted: {in: stock}}\n")
    with pytest.raises(VariantError, match="stock has no build rule to say what a run is"):
        compile_variant(build_registry().add_file(path), {})
