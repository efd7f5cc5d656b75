"""A card put onto a card some places away in a line, the covered card discarded and the line
closed up (``build_from: {apart, side}``, ``on_take: discard``: PySolFC's Accordion)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from conftest import c, crafted_deal, pile, played_and_undone, run_cli, validate_refusal

ACCORDION = load_rules("accordion")
RELAXED = load_rules("relaxed-accordion")


def line(position, rules):
    return [position.piles[pile(rules, f"line:{i}")][0] for i in range(1, 53)
            if position.piles[pile(rules, f"line:{i}")]]


def test_a_card_goes_onto_the_card_one_or_three_places_to_its_left_of_its_suit_or_rank():
    position = crafted_deal(ACCORDION, {"line:1": "2H", "line:2": "9C", "line:3": "5S", "line:4": "2D",
                                        "line:5": "KD"})
    moves = {(m.src, m.dst) for m in position.legal_moves() if m.src <= pile(ACCORDION, "line:5")}
    p = {i: pile(ACCORDION, f"line:{i}") for i in range(1, 6)}
    assert (p[4], p[1]) in moves          # 2D three places left onto 2H: same rank
    assert (p[5], p[4]) in moves          # KD onto 2D beside it: same suit
    assert (p[2], p[1]) not in moves and (p[3], p[2]) not in moves   # no match
    assert (p[5], p[3]) not in moves      # two places away
    assert (p[1], p[4]) not in moves      # never to the right


def test_the_covered_card_is_discarded_and_the_line_closes_up():
    position = crafted_deal(ACCORDION, {"line:1": "2H", "line:2": "9C", "line:3": "5S", "line:4": "2D",
                                        "line:5": "KD"})
    before, start = position.key(), line(position, ACCORDION)
    move = next(m for m in position.legal_moves()
                if (m.src, m.dst) == (pile(ACCORDION, "line:4"), pile(ACCORDION, "line:1")))
    position.apply(move)
    assert line(position, ACCORDION)[:4] == [c("2D"), c("9C"), c("5S"), c("KD")]
    assert position.piles[ACCORDION.discard] == [c("2H")] and not position.piles[pile(ACCORDION, "line:52")]
    assert len(line(position, ACCORDION)) == 51
    position.undo()
    assert position.key() == before and line(position, ACCORDION) == start


def test_relaxed_accordion_moves_to_the_right_too():
    position = crafted_deal(RELAXED, {"line:1": "2H", "line:2": "9C", "line:3": "5S", "line:4": "2D"})
    moves = {(m.src, m.dst) for m in position.legal_moves()}
    assert (pile(RELAXED, "line:1"), pile(RELAXED, "line:4")) in moves
    position.apply(next(m for m in position.legal_moves()
                        if (m.src, m.dst) == (pile(RELAXED, "line:1"), pile(RELAXED, "line:4"))))
    assert line(position, RELAXED)[:3] == [c("9C"), c("5S"), c("2H")]


def test_won_with_one_card_left():
    position = deal_seed(ACCORDION, 1)
    assert position.status() == "playing"
    rest = [p for p in ACCORDION.groups["line"][1:]]
    for p in rest:   # everything but the first card discarded by hand
        position.piles[ACCORDION.discard].append(position.piles[p].pop())
    assert position.is_won()


def test_random_play_undoes_exactly():
    rng = random.Random(3)
    for rules in (ACCORDION, RELAXED):
        played_and_undone(rules, 2, lambda _pos, moves: rng.choice(moves))


def test_show_says_so():
    code, out, _ = run_cli("show", "accordion")
    assert code == 0 and "onto a card only from the card 1 or 3 places away to its right" in out
    assert "the card covered goes to the discard pile" in out and "close up over the gap" in out


LINE = """\
name: bad
title: Bad
decks: 1
piles:
  line:
    count: 52
    cards: 1
    build: {{rank: same, suit: any}}
    build_from: {{apart: [1], side: right}}
    on_take: discard
{foundations}
win: {{cards_left: 1}}
deal: [line]
"""


def test_discarding_without_a_discard_pile_is_refused(tmp_path):
    message = validate_refusal(tmp_path, LINE.format(foundations="foundations: {}"))
    assert "on_take" in message and "expected one foundation group with discard: true" in message


def test_a_discard_pile_with_captures_and_no_remove_rules_is_accepted(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(LINE.format(foundations="foundations:\n  out: {discard: true}"))
    code, out, err = run_cli("validate", str(path))
    assert code == 0, out + err
