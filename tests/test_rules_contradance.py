"""Contradance, rule by rule, from docs/rules/contradance.md: fives down, sixes up, any suit starts."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import c, crafted_deal, foundation_moves_named, get_rules, move, pile_cards, position_of
from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core.model import cards
from patience_core.model.deal import dealt_pack, seeded_order, start_position
from patience_core.model.position import LOST, NO_CARD, PLAYING, WON

CD = "contradance"
FIVES = [f"foundation:{n}" for n in range(1, 9)]
SIXES = [f"foundation:{n}" for n in range(9, 17)]


@pytest.fixture(scope="module")
def rules():
    return get_rules(CD)


def sequence(rules, name):
    return " ".join(cards.RANKS[r] for r in rules.f_rank_at[rules.pile_index(name)])


def test_pile_ids_stock_waste_sixteen_foundations(rules):
    assert rules.pile_names == ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 17)]
    assert rules.deal_targets == [] and rules.scan_order == [rules.waste]


def test_fives_down_with_wrap_and_sixes_up_to_queen(rules):
    assert all(sequence(rules, f) == "5 4 3 2 A K" for f in FIVES)
    assert all(sequence(rules, f) == "6 7 8 9 10 J Q" for f in SIXES)
    assert all(rules.f_suit[rules.pile_index(f)] == -1 for f in FIVES + SIXES), "any suit starts a pile"
    assert sum(rules.f_length.values()) == 104


def test_bases_found_puts_all_104_cards_in_the_stock(rules):
    position = start_position(rules, seeded_order(rules, 7))
    assert len(position.piles[rules.stock]) == 104
    assert all(not position.piles[f] for f in rules.foundations)
    assert rules.autoplay is True and rules.redeals == 1


def test_bases_dealt_sets_out_every_five_and_six_leaving_88():
    rules = get_rules(CD, bases="dealt")
    position = start_position(rules, seeded_order(rules, 7))
    assert rules.n_dealt == 88 and len(position.piles[rules.stock]) == 88
    fives = Counter(card for f in FIVES for card in position.piles[rules.pile_index(f)])
    sixes = Counter(card for f in SIXES for card in position.piles[rules.pile_index(f)])
    assert fives == Counter({cards.make(4, s): 2 for s in range(4)})
    assert sixes == Counter({cards.make(5, s): 2 for s in range(4)})
    assert all(len(position.piles[f]) == 1 for f in rules.foundations)
    assert not any(cards.rank_of(x) in (4, 5) for x in dealt_pack(rules))


def test_a_five_goes_onto_any_empty_fives_pile(rules):
    position = position_of(rules, {"waste": "5H"}, {"foundation:1": "5C", "foundation:2": "4D",
                                                    "foundation:5": "KS"})
    plays = foundation_moves_named(position)
    assert plays == {("5H", "waste", f) for f in ("foundation:3", "foundation:4", "foundation:6",
                                                  "foundation:7", "foundation:8")}


def test_a_six_goes_onto_any_empty_sixes_pile_not_a_fives_pile(rules):
    position = position_of(rules, {"waste": "6D"}, {"foundation:9": "9D"})
    assert foundation_moves_named(position) == {("6D", "waste", f) for f in SIXES[1:]}


def test_started_pile_is_built_in_its_suit(rules):
    position = position_of(rules, {"waste": "4S 4H"}, {"foundation:3": "5H"})
    assert foundation_moves_named(position) == {("4H", "waste", "foundation:3")}
    position.apply(move(rules, "4H", "waste", "foundation:3"))
    assert foundation_moves_named(position) == set(), "4S does not follow 5H-4H"


def test_fives_wrap_from_ace_to_king_and_stop_there(rules):
    position = position_of(rules, {"waste": "QC KC"}, {"foundation:2": "AC"})
    assert foundation_moves_named(position) == {("KC", "waste", "foundation:2")}
    position.apply(move(rules, "KC", "waste", "foundation:2"))
    assert position.wanted(rules.pile_index("foundation:2")) == ()
    assert foundation_moves_named(position) == set()


def test_sixes_stop_at_queen_without_wrap(rules):
    position = position_of(rules, {"waste": "KD"}, {"foundation:12": "QD"})
    assert position.wanted(rules.pile_index("foundation:12")) == ()
    assert foundation_moves_named(position) == set(), "a K never follows the Q of a sixes pile"


def test_only_the_waste_top_is_free(rules):
    position = crafted_deal(rules, stock="5C 5D")
    position.apply(move(rules, "5C", "stock", "waste"))
    position.apply(move(rules, "5D", "stock", "waste"))
    assert {card for card, _, _ in foundation_moves_named(position)} == {"5D"}


def test_one_redeal_in_order_then_lost(rules):
    position = crafted_deal(rules)
    first = []
    while position.piles[rules.stock]:
        card = position.piles[rules.stock][-1]
        first.append(card)
        position.apply(Move(TURN, rules.stock, rules.waste, card))
    position.apply(Move(REDEAL, rules.waste, rules.stock))
    second = []
    while position.piles[rules.stock]:
        card = position.piles[rules.stock][-1]
        second.append(card)
        position.apply(Move(TURN, rules.stock, rules.waste, card))
    assert first == second and len(first) == 104
    assert position.redeals_left == 0
    assert all(m.kind is not REDEAL for m in position.legal_moves()), "no second redeal"


def test_redeals_parameter():
    rules = get_rules(CD, redeals="2", bases="dealt")
    assert rules.redeals == 2 and start_position(rules, seeded_order(rules, 1)).redeals_left == 2


def test_lost_and_won(rules):
    position = position_of(rules, {"waste": "9C"}, {"foundation:9": "7C", "foundation:10": "7C"}, rest="waste")
    assert position.status() == PLAYING, "a redeal is left"
    position = position_of(rules, {"waste": "9C"}, {"foundation:9": "7C", "foundation:10": "7C"},
                           rest="waste", redeals_left=0)
    assert position.status() == LOST
    tops = {f: "K" + "CDHS"[i % 4] for i, f in enumerate(FIVES)} | {f: "Q" + "CDHS"[i % 4] for i, f in enumerate(SIXES)}
    tops["foundation:16"] = "JS"
    position = position_of(rules, {"waste": "QS"}, tops, rest=None, redeals_left=0)
    position.apply(move(rules, "QS", "waste", "foundation:16"))
    assert position.status() == WON and position.on_foundations == 104
    assert c("QS") in position.piles[rules.pile_index("foundation:16")]
    assert pile_cards(position, "waste") == []
