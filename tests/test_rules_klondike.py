"""Klondike, rule by rule, from docs/rules/klondike.md (hand-made deals and positions)."""
from __future__ import annotations

import pytest

from conftest import (c, check_turns_up, crafted_deal, crafted_order, foundation_moves_named, get_rules, move,
                      pile_cards, pile_moves_named, position_of, refusal, set_face_down)
from patience_core.agents.safe import safe_moves
from patience_core.model.deal import start_position
from patience_core.model.moves import REDEAL, TURN
from patience_core.model.position import LOST, PLAYING, WON
from patience_core.model.specs import UNLIMITED

KL = "klondike"
COLUMNS = [f"tableau:{n}" for n in range(1, 8)]


@pytest.fixture(scope="module")
def rules():
    return get_rules(KL)


# --- pack, piles, deal ---------------------------------------------------------------------------

def test_one_deck_and_the_pile_ids_of_the_sheet(rules):
    assert rules.decks == 1 and rules.n_cards == 52
    assert rules.pile_names == COLUMNS + ["stock", "waste"] + [f"foundation:{n}" for n in range(1, 5)]
    assert rules.autoplay is False


def test_deal_row_by_row_with_all_but_the_top_card_face_down(rules):
    order = crafted_order(rules)
    position = start_position(rules, order)
    index = 0
    expected = {n: [] for n in range(1, 8)}
    for row in range(7):
        for n in range(row + 1, 8):
            expected[n].append(order[index])
            index += 1
    assert index == 28
    for n in range(1, 8):
        p = rules.pile_index(f"tableau:{n}")
        assert position.piles[p] == expected[n]
        assert position.down[p] == n - 1
        assert not position.is_face_down(p, n - 1) and (n == 1 or position.is_face_down(p, n - 2))
    assert list(reversed(position.piles[rules.stock])) == order[28:]
    assert len(position.piles[rules.stock]) == 24 and position.piles[rules.waste] == []


# --- building on the tableau ---------------------------------------------------------------------

def test_builds_down_in_alternate_colours(rules):
    position = position_of(rules, {"tableau:1": "10S", "tableau:2": "9H", "tableau:3": "9C", "tableau:4": "8S"})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 1) in moves
    assert ("tableau:3", "tableau:1", 1) not in moves
    assert "builds down in alternate colours; 9C does not go on 10S" in refusal(position, "9C", "tableau:3",
                                                                               "tableau:1")
    assert ("tableau:4", "tableau:2", 1) in moves, "8S on 9H"
    assert ("tableau:4", "tableau:1", 1) not in moves, "two ranks down"


def test_nothing_goes_on_an_ace_and_no_wrap(rules):
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "KS", "tableau:3": "2C"})
    among = {m for m in pile_moves_named(position) if m[1] in ("tableau:1", "tableau:2", "tableau:3")}
    assert among == {("tableau:1", "tableau:3", 1)}, "only AH on 2C"


def test_an_ordered_run_moves_from_any_card_of_it(rules):
    position = position_of(rules, {"tableau:1": "QD JS 10H 9C", "tableau:2": "KC", "tableau:3": "JC",
                                   "tableau:4": "10S"})
    set_face_down(position, {"tableau:1": 1})
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:3", 2) in moves, "10H 9C onto JD"
    assert ("tableau:1", "tableau:4", 1) not in moves, "9C goes on a red 10 only"
    assert ("tableau:1", "tableau:2", 3) not in moves, "QD is face down, the run starts at JS"
    position.apply(move(rules, "10H", "tableau:1", "tableau:3")._replace(count=2))
    assert pile_cards(position, "tableau:3") == ["JC", "10H", "9C"]
    assert pile_cards(position, "tableau:1") == ["QD", "JS"]


def test_an_unordered_group_does_not_move(rules):
    position = position_of(rules, {"tableau:1": "9D 10S", "tableau:2": "JH"})
    assert ("tableau:1", "tableau:2", 2) not in pile_moves_named(position)
    assert ("tableau:1", "tableau:2", 1) in pile_moves_named(position)


def test_the_face_down_card_turns_up_with_the_move_and_down_again_on_undo(rules):
    position = set_face_down(position_of(rules, {"tableau:3": "4C 8S 5H", "tableau:5": "6S"}), {"tableau:3": 2})
    check_turns_up(position, move(rules, "5H", "tableau:3", "tableau:5"), "tableau:3")


def test_a_face_down_card_is_refused_by_name(rules):
    position = position_of(rules, {"tableau:3": "4C 8S 5H", "tableau:5": "9H"})
    set_face_down(position, {"tableau:3": 2})
    assert "8S is face down" in refusal(position, "8S", "tableau:3", "tableau:5")


# --- empty columns -------------------------------------------------------------------------------

def test_an_empty_column_takes_only_a_king_alone_or_with_its_run(rules):
    position = position_of(rules, {"tableau:1": "", "tableau:2": "3D KH QS", "tableau:3": "QH"})
    set_face_down(position, {"tableau:2": 1})
    moves = pile_moves_named(position)
    assert ("tableau:2", "tableau:1", 2) in moves, "KH with QS"
    assert ("tableau:3", "tableau:1", 1) not in moves
    assert ("tableau:2", "tableau:1", 1) not in moves, "QS alone is no King"
    assert "an empty tableau:1 takes only a K" in refusal(position, "QH", "tableau:3", "tableau:1")


def test_a_king_from_the_waste_fills_a_gap(rules):
    position = position_of(rules, {"tableau:4": "", "waste": "KD"})
    assert move(rules, "KD", "waste", "tableau:4") in position.legal_moves()


# --- stock and waste -----------------------------------------------------------------------------

def test_draw_one_turns_one_card_whose_top_is_free(rules):
    position = crafted_deal(rules, {"tableau:1": "5C"}, stock="4H 9S")
    stock_moves = [m for m in position.legal_moves() if m.kind is TURN]
    assert stock_moves == [move(rules, "4H", "stock", "waste")]
    position.apply(stock_moves[0])
    assert pile_cards(position, "waste") == ["4H"]
    assert move(rules, "4H", "waste", "tableau:1") in position.legal_moves()


def test_draw_three_takes_three_and_only_the_third_is_free():
    rules = get_rules(KL, draw="3")
    position = crafted_deal(rules, {"tableau:1": "9D", "tableau:2": "6C"}, stock="8S 5H 2S QD")
    turn = [m for m in position.legal_moves() if m.kind is TURN]
    assert len(turn) == 1 and turn[0].count == 3 and turn[0].card == c("8S")
    position.apply(turn[0])
    assert pile_cards(position, "waste") == ["8S", "5H", "2S"]
    assert move(rules, "2S", "waste", "tableau:1") not in position.legal_moves()
    assert not any(m.card == c("8S") for m in position.legal_moves() if m.src == rules.waste), "8S is covered"
    assert "the free card of waste is 2S" in refusal(position, "8S", "waste", "tableau:1")


def test_draw_three_takes_fewer_when_fewer_remain():
    rules = get_rules(KL, draw="3")
    position = crafted_deal(rules)
    for _ in range(8):
        position.apply([m for m in position.legal_moves() if m.kind is TURN][0])
    assert position.piles[rules.stock] == [] and len(position.piles[rules.waste]) == 24
    position.apply(move(rules, None, "waste", "stock"))
    position.piles[rules.stock][:] = position.piles[rules.stock][-2:]  # only two cards left to turn
    turn = [m for m in position.legal_moves() if m.kind is TURN]
    assert turn[0].count == 2


def test_redeal_gives_the_stock_back_in_the_order_first_turned(rules):
    position = crafted_deal(rules)
    first_pass = list(reversed(position.piles[rules.stock]))
    while position.piles[rules.stock]:
        position.apply([m for m in position.legal_moves() if m.kind is TURN][0])
    redeal = [m for m in position.legal_moves() if m.kind is REDEAL]
    assert redeal == [move(rules, None, "waste", "stock")]
    position.apply(redeal[0])
    assert list(reversed(position.piles[rules.stock])) == first_pass
    assert position.piles[rules.waste] == []
    assert position.redeals_left == UNLIMITED, "unlimited stays unlimited"


def test_no_redeal_while_the_stock_has_cards(rules):
    position = crafted_deal(rules)
    position.apply([m for m in position.legal_moves() if m.kind is TURN][0])
    assert not any(m.kind is REDEAL for m in position.legal_moves())
    assert "the stock is not empty yet" in refusal(position, None, "waste", "stock")


@pytest.mark.parametrize("redeals", ["0", "1", "2", "3"])
def test_counted_redeals(redeals):
    rules = get_rules(KL, redeals=redeals)
    position = position_of(rules, {"waste": "KS QS"}, rest="waste")
    for _ in range(int(redeals)):
        assert [m.kind for m in position.legal_moves() if m.kind is REDEAL] == [REDEAL]
        position.apply(move(rules, None, "waste", "stock"))
        while position.piles[rules.stock]:
            position.apply([m for m in position.legal_moves() if m.kind is TURN][0])
    assert not any(m.kind is REDEAL for m in position.legal_moves())
    assert "no redeal left" in refusal(position, None, "waste", "stock")


# --- foundations ---------------------------------------------------------------------------------

def test_any_ace_starts_any_empty_foundation_then_up_in_suit(rules):
    position = position_of(rules, {"tableau:1": "AD", "tableau:2": "2D", "tableau:3": "2C"})
    assert foundation_moves_named(position) == {("AD", "tableau:1", f"foundation:{n}") for n in range(1, 5)}
    position.apply(move(rules, "AD", "tableau:1", "foundation:3"))
    plays = foundation_moves_named(position)
    assert ("2D", "tableau:2", "foundation:3") in plays
    assert not any(card == "2C" for card, _, _ in plays)
    assert "foundation:3 needs 2D" in refusal(position, "2C", "tableau:3", "foundation:3")


def test_a_run_does_not_go_to_a_foundation_only_its_top_card(rules):
    position = position_of(rules, {"tableau:1": "3H 2S"}, {"foundation:1": "AS", "foundation:2": "2H"})
    plays = foundation_moves_named(position)
    assert plays == {("2S", "tableau:1", "foundation:1")}


def test_no_worrying_back_by_default(rules):
    position = position_of(rules, {"tableau:1": "6C"}, {"foundation:2": "5H"})
    assert not any(m.src == rules.pile_index("foundation:2") for m in position.legal_moves())
    assert "do not come back from the foundations" in refusal(position, "5H", "foundation:2", "tableau:1")


def test_worry_yes_lets_a_foundation_top_card_back_by_the_building_rule():
    rules = get_rules(KL, worry="yes")
    position = position_of(rules, {"tableau:1": "6C", "tableau:2": "6D"}, {"foundation:2": "5H"})
    before = position.key()
    back = [m for m in position.legal_moves() if m.src == rules.pile_index("foundation:2")]
    assert back == [move(rules, "5H", "foundation:2", "tableau:1")], "5H on 6C, not on 6D"
    position.apply(back[0])
    assert pile_cards(position, "tableau:1") == ["6C", "5H"] and pile_cards(position, "foundation:2")[-1] == "4H"
    assert position.on_foundations == 4
    assert ("5H", "tableau:1", "foundation:2") in foundation_moves_named(position), "and up again"
    position.undo()
    assert position.key() == before


def test_partial_runs_move_anytime_by_default(rules):
    position = position_of(rules, {"tableau:1": "8D 7C 6H", "tableau:2": "8H", "tableau:3": "7S"})
    moves = pile_moves_named(position)
    assert {("tableau:1", "tableau:2", 2), ("tableau:1", "tableau:3", 1)} <= moves


def test_partial_to_foundation_moves_part_of_a_run_only_to_free_a_foundation_card():
    """Solvitaire's klondike preset: leaving face-up cards behind needs the uncovered card
    to go home at once; a whole run (uncovering a face-down card) moves as before."""
    rules = get_rules(KL, partial="to-foundation")
    layout = {"tableau:1": "QS 8D 7C 6H", "tableau:2": "8H", "tableau:3": "7S", "tableau:4": "9C"}
    position = position_of(rules, layout)
    set_face_down(position, {"tableau:1": 1})
    moves = pile_moves_named(position)
    assert ("tableau:1", "tableau:4", 3) in moves, "the whole run turns QS up"
    assert ("tableau:1", "tableau:2", 2) not in moves and ("tableau:1", "tableau:3", 1) not in moves
    assert refusal(position, "7C", "tableau:1", "tableau:2").endswith(
        "part of a run moves only when the card it uncovers can go to a foundation, and 8D cannot")
    assert "and 7C cannot" in refusal(position, None, "tableau:1", "tableau:3")
    home = position_of(rules, layout, {"foundation:1": "7D"})
    set_face_down(home, {"tableau:1": 1})
    assert ("tableau:1", "tableau:2", 2) in pile_moves_named(home), "8D can go on 7D"
    assert ("tableau:1", "tableau:3", 1) not in pile_moves_named(home), "7C cannot go home"


# --- safe plays, won, lost, undo -----------------------------------------------------------------

def test_safe_plays_are_aces_and_cards_no_column_can_need(rules):
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "2S", "tableau:3": "2C"},
                           {"foundation:1": "AD"})
    safe = {(rules.pile_names[m.src], rules.pile_names[m.dst]) for m in safe_moves(position)}
    assert ("tableau:1", "foundation:2") in safe
    assert all(src != "tableau:2" for src, _ in safe), "2S may still carry AH or AD; AH is not home"
    position.apply(move(rules, "AH", "tableau:1", "foundation:2"))
    assert not any(m.card == c("2S") for m in safe_moves(position)), "no foundation holds AS yet"


def test_a_two_is_safe_once_both_red_aces_are_home(rules):
    position = position_of(rules, {"tableau:2": "2S"}, {"foundation:1": "AD", "foundation:2": "AH",
                                                          "foundation:3": "AS"})
    assert [(m.card, rules.pile_names[m.dst]) for m in safe_moves(position)] == [(c("2S"), "foundation:3")]


@pytest.mark.parametrize("tops, safe", [
    (("4C", "4H", "4S", "3D"), True),    # both black foundations at 4, diamonds at 3
    (("4C", "4H", "4S", "2D"), False),   # a 3D out could be built on a black 4 that 5H would hold
    (("3C", "4H", "4S", "3D"), False),   # 4C out: it may need 5H
    (("KC", "4H", "KS", "3D"), True),
])
def test_with_worry_a_card_goes_up_once_everything_that_could_serve_it_is_home(tops, safe):
    """Worrying back: 5H may go up without a choice only when every card that could ever lie
    on it (4C, 4S), on those (3H, 3D), and so on down, and the hearts below it are home: the
    classic rule (black foundations at 4, diamonds at 3). A card home that could come back
    and take a card on it is still of use."""
    rules = get_rules(KL, worry="yes")
    foundations = {f"foundation:{n}": top for n, top in enumerate(tops, 1)}
    position = position_of(rules, {"tableau:1": "5H"}, foundations)
    assert any(m.card == c("5H") for m in safe_moves(position)) is safe


def test_won_when_all_52_are_home(rules):
    position = position_of(rules, {"tableau:7": "KS"}, {"foundation:1": "KC", "foundation:2": "KD",
                                                          "foundation:3": "KH", "foundation:4": "QS"}, rest=None)
    assert position.status() == PLAYING
    position.apply(move(rules, "KS", "tableau:7", "foundation:4"))
    assert position.is_won() and position.status() == WON


def stuck(rules):
    """Stock empty, waste QH 5D, 5C on the tableau: nothing fits anywhere; only a redeal is left."""
    return position_of(rules, {"tableau:1": "5C", "waste": "QH 5D"},
                       {"foundation:1": "3C", "foundation:2": "3D", "foundation:3": "JH", "foundation:4": "KS"},
                       rest=None)


def test_lost_when_no_redeal_is_left_and_nothing_fits():
    rules = get_rules(KL, redeals="0")
    assert stuck(rules).status() == LOST


def test_unlimited_redeals_keep_the_game_going(rules):
    position = stuck(rules)
    assert [m.kind for m in position.legal_moves()] == [REDEAL]
    assert position.status() == PLAYING
    position.apply(move(rules, None, "waste", "stock"))
    assert position.status() == PLAYING, "the stock turns"


def test_undo_restores_the_exact_position_through_a_whole_sequence(rules):
    position = crafted_deal(rules, {"tableau:1": "AS", "tableau:2": "7D 6C", "tableau:3": "3H 2H 7S"},
                            stock="KD 2S 8C")
    start = position.key()
    keys = [start]
    for _ in range(8):
        legal = position.legal_moves()
        position.apply(legal[0])
        keys.append(position.key())
    while position.history:
        keys.pop()
        position.undo()
        assert position.key() == keys[-1]
    assert position.key() == start
