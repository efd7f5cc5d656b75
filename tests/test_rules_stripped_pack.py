"""A stripped pack (``pack: {ranks, suits}``, PySolFC's ``ranks=`` and ``suits=``): each deck holds
only the listed ranks and suits; ranks keep their values (The Wish: a 32-card Piquet pack;
Chinese Klondike: three decks without the diamonds)."""
from __future__ import annotations

from collections import Counter

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model import cards
from conftest import run_cli, validate_refusal
from test_catalogue import check_against_the_oracle


def test_a_piquet_pack_holds_the_ace_and_seven_to_king_of_each_suit_once():
    rules = load_rules("the-wish")
    assert rules.n_cards == 32
    dealt = Counter(card for pile in deal_seed(rules, 3).piles for card in pile)
    assert sum(dealt.values()) == 32 and set(dealt.values()) == {1}
    assert sorted({cards.RANKS[c % 13] for c in dealt}) == sorted(["A", "7", "8", "9", "10", "J", "Q", "K"])


def test_three_decks_without_the_diamonds_hold_117_cards():
    rules = load_rules("chinese-klondike")
    dealt = Counter(card for pile in deal_seed(rules, 1).piles for card in pile)
    assert sum(dealt.values()) == 117 and set(dealt.values()) == {3}
    assert {c // 13 for c in dealt} == {cards.SUITS.index(s) for s in "CHS"}


def test_show_says_what_the_pack_holds():
    code, out, _ = run_cli("show", "the-wish")
    assert code == 0 and "Pack: 1 deck, 32 cards (A and 7 to K of each suit)." in out
    code, out, _ = run_cli("show", "chinese-klondike")
    assert code == 0 and "Pack: 3 decks, 117 cards, in C, H and S only (3 of each card)." in out


def test_a_card_the_pack_lacks_is_refused_in_a_typed_move():
    code, out, _ = run_cli("play", "the-wish", "--seed", "1", "--line", stdin="6h 6s\nquit\ny\n")
    assert code == 0 and "Traceback" not in out


@pytest.mark.parametrize("pack, expected", [
    ("{ranks: [A, 7, 7]}", "pack.ranks: a rank is listed twice"),
    ("{ranks: [A, 15]}", "pack.ranks[1]: found 15, expected a rank"),
    ("{suits: [C, D, H, S]}", "pack: the pack is not stripped"),
])
def test_bad_packs_are_refused_in_one_line(tmp_path, pack, expected):
    assert expected in validate_refusal(tmp_path, f"extends: klondike\nname: bad\npack: {pack}\n")


def test_suits_and_pack_suits_together_are_refused(tmp_path):
    assert "given twice" in validate_refusal(tmp_path, "extends: chinese-klondike\nname: both\nsuits: [S]\n")


def test_foundations_that_do_not_fit_the_stripped_pack_are_refused(tmp_path):
    assert "expected" in validate_refusal(
        tmp_path, "extends: klondike\nname: short\npack: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9]}\n")


@pytest.mark.parametrize("name", ["simple-tens", "the-wish"])
def test_the_search_agrees_with_the_oracle_on_stripped_packs(name):
    check_against_the_oracle(name)


def test_the_compiled_search_agrees_with_the_oracle_on_a_stripped_klondike(tmp_path):
    """A Klondike of Aces to 9s runs on the compiled search of moves between piles (copies of
    the missing ranks are 0): its verdicts on endings match the exhaustive oracle's."""
    from patience_core.solver.general import search as general
    from patience_core.solver.solve import engine_search, solve_position
    from patience_core.variants.catalog import build_registry, compile_variant
    from test_catalogue import endings

    path = tmp_path / "nines.yaml"
    path.write_text("extends: klondike\nname: nines\npack: {ranks: [A, 2, 3, 4, 5, 6, 7, 8, 9]}\n"
                    "piles:\n  tableau: {count: 5, cards: [1, 2, 3, 4, 5]}\n"
                    "foundations:\n  home: {length: 9}\n")
    registry = build_registry()
    rules = compile_variant(registry.add_file(path))
    compared = 0
    for seed, rest in ((1, 8), (2, 10), (3, 12), (4, 14)):
        for position in endings(rules, seed, rest):
            assert general.unsupported(position) is None
            oracle = engine_search(position, max_positions=20_000)
            if oracle.verdict == "unknown":
                continue
            ours = solve_position(position, max_positions=200_000)
            assert ours.search != "exhaustive" and ours.verdict == oracle.verdict
            compared += 1
    assert compared >= 3
