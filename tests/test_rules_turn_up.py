"""Cards exchanged into the pile of their rank (``rank:`` per pile, ``on_take: turn-up``:
PySolFC's Clock): a card put on a pile turns up that pile's next face-down card."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import MoveKind
from patience_core.model.notation import move_from_json, move_to_json
from conftest import c, crafted_deal, pile, played_and_undone, run_cli, validate_refusal

CLOCK = load_rules("clock")


def face_up(position, name):
    p = pile(CLOCK, name)
    return position.piles[p][position.down[p]:]


def test_a_card_goes_onto_its_ranks_pile_and_that_piles_next_card_comes_up():
    position = crafted_deal(CLOCK, {"clock:13": "2S 3S 4S 7C", "clock:7": "5D 6D 8D 9D"})
    assert position.down[pile(CLOCK, "clock:1")] == 4 and face_up(position, "clock:13") == [c("7C")]
    [move] = position.legal_moves()   # only the card turned up moves, and only to the Sevens
    assert (move.card, move.dst) == (c("7C"), pile(CLOCK, "clock:7"))
    before = position.key()
    position.apply(move)
    assert face_up(position, "clock:7") == [c("7C"), c("9D")]   # the Seven, then the card it turned up
    assert position.piles[pile(CLOCK, "clock:7")][:3] == [c("5D"), c("6D"), c("8D")]
    # the Kings' pile gave its card and its face-down cards stay down
    assert face_up(position, "clock:13") == [] and position.down[pile(CLOCK, "clock:13")] == 3
    assert [(m.card, m.dst) for m in position.legal_moves()] == [(c("9D"), pile(CLOCK, "clock:9"))]
    position.undo()
    assert position.key() == before


def test_a_card_turned_up_on_its_own_pile_stays_and_the_next_is_turned():
    position = crafted_deal(CLOCK, {"clock:13": "2S 3S 4S 7C", "clock:7": "5D 6D 7D 7H"})
    position.apply(position.legal_moves()[0])
    # 7C lands, 7H turns up and stays, then 7D, then 6D comes up to be played
    assert face_up(position, "clock:7") == [c("7C"), c("7H"), c("7D"), c("6D")]
    assert [m.card for m in position.legal_moves()] == [c("6D")]
    position.undo()
    assert position.piles[pile(CLOCK, "clock:7")] == [c("5D"), c("6D"), c("7D"), c("7H")]
    assert position.down[pile(CLOCK, "clock:7")] == 4


def test_kings_dealt_on_top_of_their_pile_stay_and_the_next_card_is_turned():
    position = crafted_deal(CLOCK, {"clock:13": "2S 3S KH KD"})
    assert face_up(position, "clock:13") == [c("KD"), c("KH"), c("3S")]


def test_won_only_with_every_card_face_up():
    # four of its rank in every pile, dealt face down: not won until they are turned up
    layout = {f"clock:{i + 1}": " ".join(f"{rank}{suit}" for suit in "CDHS")
              for i, rank in enumerate("A 2 3 4 5 6 7 8 9 10 J Q K".split())}
    position = crafted_deal(CLOCK, layout)
    # the Kings' pile turns its four up; every other pile holds its four face down
    assert position.down[pile(CLOCK, "clock:13")] == 0 and position.down[pile(CLOCK, "clock:1")] == 4
    assert CLOCK.win.holds(position.piles) and not position.is_won()
    assert position.status() == "lost"


def reference_clock(order):
    """Clock as the books play it, on the piles as dealt (bottom card first): the won flag."""
    piles = [list(p) for p in order]
    current, kings = piles[12].pop(), 0
    while True:
        rank = current % 13
        if rank == 12:
            kings += 1
            if kings == 4:
                return all(not p for p in piles)
        target = piles[rank]
        current = target.pop() if target else None
        if current is None:
            return False


def test_the_game_plays_as_the_books_say():
    for seed in range(1, 80):
        position = deal_seed(CLOCK, seed)
        dealt = [list(p) for p in position.piles[:13]]
        while position.legal_moves():
            position.apply(position.legal_moves()[0])
        assert position.is_won() == reference_clock(dealt), seed


def test_random_play_undoes_exactly():
    rng = random.Random(5)
    for seed in (1, 2, 3):
        played_and_undone(CLOCK, seed, lambda _pos, moves: rng.choice(moves))


def test_show_says_so():
    code, out, _ = run_cli("show", "clock")
    assert code == 0 and "each pile only cards of its rank (A, 2, 3" in out
    assert "turns up the pile's next face-down card onto its top" in out and "no card of clock face down" in out


GROUP = """\
name: bad
title: Bad
decks: 1
piles:
  clock:
    kind: tableau
    count: 13
    cards: 4
    face_up: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]
    build: {{rank: any, suit: any}}
{extra}
foundations: {{}}
win: {{empty: clock}}
deal: [clock]
"""


def test_turn_up_without_a_rank_is_refused(tmp_path):
    message = validate_refusal(tmp_path, GROUP.format(extra="    on_take: turn-up"))
    assert "on_take" in message and "expected rank:" in message


def test_a_rank_list_of_the_wrong_length_is_refused(tmp_path):
    message = validate_refusal(tmp_path, GROUP.format(extra="    rank: [A, 2]\n    on_take: turn-up"))
    assert "rank" in message and "lists 2 ranks for 13 piles" in message


def test_face_down_tops_are_refused_without_turn_up(tmp_path):
    message = validate_refusal(tmp_path, GROUP.format(extra="    rank: A"))
    assert "face_up" in message and "expected at least its top card face up" in message


RELAXED = load_rules("relaxed-clock")


def play_until_stuck(position):
    while position.legal_moves() and position.legal_moves()[0].kind is not MoveKind.TURN_UP:
        position.apply(position.legal_moves()[0])
    return position


def test_a_turn_up_is_offered_once_no_card_can_be_played_and_only_once():
    position = deal_seed(RELAXED, 1)
    assert all(m.kind is not MoveKind.TURN_UP for m in position.legal_moves())
    play_until_stuck(position)
    offered = position.legal_moves()
    # every pile with a face-down card, and no other
    assert {m.dst for m in offered} == {p for p in range(13) if position.down[p]} and offered
    assert all(m.kind is MoveKind.TURN_UP for m in offered)
    before, move = position.key(), offered[0]
    p, down = move.dst, position.down[move.dst]
    position.apply(move)
    assert position.down[p] < down and position.redeals_left == 0
    play_until_stuck(position)
    assert position.legal_moves() == [] and position.status() in ("won", "lost")
    while position.key() != before:
        position.undo()
    assert position.legal_moves() == offered


def test_a_turn_up_goes_through_the_move_file_words():
    position = play_until_stuck(deal_seed(RELAXED, 1))
    move = position.legal_moves()[-1]
    item = move_to_json(RELAXED, move)
    assert item == {"card": None, "from": "stock", "to": RELAXED.pile_names[move.dst]}
    assert move_from_json(position, item) == move


def test_relaxed_clock_wins_more_than_clock():
    def won(rules, seed):
        return played_and_undone(rules, seed, lambda _pos, moves: moves[0]) == "won"
    assert sum(won(RELAXED, s) for s in range(1, 60)) > sum(won(CLOCK, s) for s in range(1, 60))


def test_turn_up_of_a_group_that_turns_nothing_up_is_refused(tmp_path):
    text = GROUP.format(extra="    rank: A\n    face_up: 1").replace("    face_up: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]\n", "")
    message = validate_refusal(tmp_path, text + "stock: {redeals: 1, turn_up: clock}\n")
    assert "turn_up" in message and "expected a group with on_take: turn-up" in message


def test_turn_up_without_redeals_is_refused(tmp_path):
    text = GROUP.format(extra="    rank: [A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]\n    on_take: turn-up")
    message = validate_refusal(tmp_path, text + "stock: {turn_up: clock}\n")
    assert "turn_up" in message and "expected redeals: 1 or more" in message
