"""Aces Up (PySolFC 903): a card removed alone while a free card of its suit and a higher
rank lies on another column (``remove: [{outranked: true, aces: high}]``), and a game won
with cards left in the layout (``win: [{empty: stock}, {one_card: {in: tableau, rank: A}}]``).
Written from PySolFC's acesup.py: AcesUp_Foundation accepts a card when another row's top
card is of its suit and higher or an Ace, never an Ace; a row takes a card only when empty;
isGameWon wants 48 cards discarded and each row a single Ace."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.agents.autoplay import play_automatic
from patience_core.agents.player import choose_move
from patience_core.errors import VariantError
from patience_core.model.moves import BETWEEN_PILES, REMOVE
from patience_core.ui.render import rules_text
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import c, names, played_and_undone, position_of


def _removable(position):
    return sorted(names(m.card for m in position.legal_moves() if m.kind is REMOVE))


def test_a_card_goes_while_a_higher_card_of_its_suit_is_free_on_another_column():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "9H 5H", "tableau:2": "8H", "tableau:3": "2S", "tableau:4": "KS"})
    # 5H (under 8H's rank) goes; 8H does not (9H is covered); 2S goes (KS); KS never (no free AS).
    assert _removable(position) == ["2S", "5H"]


def test_aces_rank_high_so_an_ace_outranks_a_king_and_never_goes():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "KD", "tableau:2": "AD", "tableau:3": "AS", "tableau:4": "2S"})
    assert _removable(position) == ["2S", "KD"]


def test_only_an_empty_column_takes_a_card():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "9H 5H", "tableau:2": "8C", "tableau:3": "2S"})
    moves = [m for m in position.legal_moves() if m.kind is BETWEEN_PILES]
    assert moves and all(rules.pile_names[m.dst] == "tableau:4" for m in moves)


def test_won_with_the_four_aces_alone_and_the_stock_used_up():
    rules = load_rules("aces-up")
    aces = {"tableau:1": "AC", "tableau:2": "AD", "tableau:3": "AH", "tableau:4": "AS"}
    assert position_of(rules, aces, rest="foundation:1").status() == "won"
    two_in_one = {"tableau:1": "AC AD", "tableau:3": "AH", "tableau:4": "AS"}
    assert not position_of(rules, two_in_one, rest="foundation:1").is_won()
    assert not position_of(rules, aces, rest="stock").is_won()
    text = rules_text(rules)
    assert "Won: the stock is empty and every pile of tableau holds exactly one card, an A." in text
    assert "while a free card of its suit and a higher rank lies on another of these piles (Aces rank above Kings)" in text


def test_an_outranked_card_is_never_played_by_safe_autoplay():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "9H 5H", "tableau:2": "8H", "tableau:3": "3H"})
    assert play_automatic(position, "safe") == []   # 5H may be what lets 3H go


def test_the_player_removes_and_uses_a_gap_before_dealing():
    rules = load_rules("aces-up")
    position = position_of(rules, {"tableau:1": "2C 9H 5H", "tableau:2": "8H", "tableau:3": "JC"})
    move, _why = choose_move(position)
    assert move.kind is REMOVE and move.card == c("5H")
    position.apply(move)
    move, _why = choose_move(position)
    assert move.kind is REMOVE and move.card == c("8H")   # 9H is free now
    position.apply(move)
    move, why = choose_move(position)   # two gaps and a stock: 9H moves, uncovering 2C
    assert move.kind is BETWEEN_PILES and move.card == c("9H") and not position.piles[move.dst], why


def test_random_games_end_and_undo_back_to_the_deal():
    rules = load_rules("aces-up")
    for seed in range(20):
        status = played_and_undone(rules, seed, lambda position, _moves: choose_move(position)[0])
        assert status in ("won", "lost")


@pytest.mark.parametrize("rule, message", [
    ("{cards: 2, outranked: true, from: tableau}", "a card outranked goes alone, not in sets of 2"),
    ("{total: 13, aces: high, from: tableau}", "aces: high orders the ranks for outranked only"),
])
def test_bad_outranked_rules_are_refused(tmp_path, rule, message):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nextends: aces-up\nremove: [{rule}]\n")
    with pytest.raises(VariantError, match=message):
        compile_variant(build_registry().add_file(path), {})


def test_a_bad_win_state_names_its_field(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("name: bad\nextends: aces-up\nwin: [{one_card: {in: tablo, rank: A}}]\n")
    with pytest.raises(VariantError, match=r"field win\[0\]\.one_card\.in: unknown pile or pile group 'tablo'"):
        compile_variant(build_registry().add_file(path), {})
