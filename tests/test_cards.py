"""Card codes and the spellings the sheets accept (docs/rules/README.md, "Cards")."""
from __future__ import annotations

from collections import Counter

import pytest

from patience_core.model import cards
from patience_core.model.cards import CardError, card_label, card_name, full_pack, parse_card, parse_rank


def test_code_is_suit_times_13_plus_rank():
    assert parse_card("AC") == 0 and parse_card("KC") == 12
    assert parse_card("AD") == 13 and parse_card("KS") == 51
    assert cards.rank_of(parse_card("10H")) == 9 and cards.suit_of(parse_card("10H")) == 2


@pytest.mark.parametrize("text, name", [
    ("10H", "10H"), ("TH", "10H"), ("th", "10H"), ("qs", "QS"), ("as", "AS"), ("Q♠", "QS"), ("10♥", "10H"),
    ("7♦", "7D"), ("j♣", "JC"), ("2♤", "2S"), (" kd ", "KD"),
])
def test_accepted_spellings(text, name):
    assert card_name(parse_card(text)) == name


def test_every_code_round_trips_in_both_forms():
    for code in range(52):
        assert parse_card(card_name(code)) == code
        assert parse_card(card_label(code, unicode=True)) == code
        assert parse_card(card_label(code, unicode=False)) == code
    assert card_label(parse_card("10H")) == "10♥" and card_label(parse_card("QS"), unicode=False) == "QS"


@pytest.mark.parametrize("text, why", [("", "expected rank then suit"), ("H", "expected rank then suit"),
                                       ("1X", "unknown suit 'X'"), ("11H", "unknown rank '11'"),
                                       ("ZH", "unknown rank 'Z'"), ("0S", "unknown rank '0'")])
def test_refused_cards_say_why(text, why):
    with pytest.raises(CardError) as info:
        parse_card(text)
    assert str(info.value).startswith(f"not a card: {text!r}") and why in str(info.value)


def test_ranks_by_name_or_number():
    assert [parse_rank(r) for r in ("A", "t", "10", "J", "q", "K")] == [0, 9, 9, 10, 11, 12]
    assert parse_rank(1) == 0 and parse_rank(13) == 12
    for bad in (0, 14, True, "X"):
        with pytest.raises(CardError, match="not a rank"):
            parse_rank(bad)


def test_full_pack_holds_each_card_once_per_deck():
    assert Counter(full_pack(2)) == Counter({code: 2 for code in range(52)})
    assert full_pack(1) == list(range(52))
    assert cards.is_red(parse_card("5D")) and cards.is_red(parse_card("5H")) and not cards.is_red(parse_card("5S"))
