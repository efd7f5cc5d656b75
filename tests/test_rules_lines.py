"""Sets removed judged by the order of a line's places (``remove`` with ``where: consecutive``,
``distance``, ``flanked``), totals by values and lists (``total: [..]``, ``values``), and a
rank excluded (``except_ranks``): PySolFC's Seven Up, Decade, Push Pin and Bayan (pushpin.py)
and Aces Square (montecarlo.py)."""
from __future__ import annotations

import pytest

from patience_core.model.moves import REMOVE
from patience_core.variants.catalog import load_rules
from conftest import assert_random_play_consistent, c, crafted_deal, pile, pile_cards, validate_refusal


def _line(text: str) -> dict[str, str]:
    return {f"line:{i}": card for i, card in enumerate(text.split(), 1)}


def _sets(position, first: int, last: int) -> set[tuple[str, ...]]:
    """The sets removable now whose places all lie between line:first and line:last."""
    rules = position.rules
    inside = {pile(rules, f"line:{i}") for i in range(first, last + 1)}
    from patience_core.model.legal import removed_cards, removed_places
    found = set()
    for m in position.legal_moves():
        if m.kind is REMOVE and set(removed_places(rules, m)) <= inside:
            found.add(tuple(sorted(f"{x}" for x in removed_cards(position, m))))
    return found


def _named(*cards_):
    return tuple(sorted(f"{c(x)}" for x in cards_))


def test_seven_up_takes_runs_of_two_to_four_side_by_side_totalling_a_multiple_of_seven():
    rules = load_rules("seven-up")
    # 2+5 = 7; 5+9 = 14; 2+5+9+5 = 21 (four); 9+5 = 14; K+A = 14; A+K not side by side with 9
    position = crafted_deal(rules, _line("2H 5D 9C 5S QH 4D KS"))
    sets = _sets(position, 1, 7)
    assert _named("2H", "5D") in sets and _named("5D", "9C") in sets and _named("9C", "5S") in sets
    assert _named("2H", "5D", "9C", "5S") in sets          # four cards: 21
    assert _named("5S", "QH", "4D") in sets                 # 5+12+4 = 21
    assert _named("2H", "9C") not in sets                   # not side by side
    assert _named("QH", "4D", "KS") not in sets             # 29


def test_seven_up_a_seven_goes_alone_and_five_cards_never_go_together():
    rules = load_rules("seven-up")
    position = crafted_deal(rules, _line("AH AD AC AS 3H 7C"))
    sets = _sets(position, 1, 6)
    assert _named("7C") in sets
    # A+A+A+A+3 = 7 but five cards: too many (PySolFC's numcards <= 4)
    assert _named("AH", "AD", "AC", "AS", "3H") not in sets


def test_a_run_removed_closes_up_the_line_and_comes_back_with_its_undo():
    rules = load_rules("decade")
    position = crafted_deal(rules, _line("9H 3D 4C 3S KH"))
    before = position.key()
    run = next(m for m in position.legal_moves()
               if m.kind is REMOVE and m.src == pile(rules, "line:2") and m.dst == pile(rules, "line:4"))
    assert run.count == 3   # 3+4+3 = 10
    position.apply(run)
    assert pile_cards(position, "line:1") == ["9H"] and pile_cards(position, "line:2") == ["KH"]
    assert len(pile_cards(position, "foundation:1")) == 3 and position.on_foundations == 3
    assert not pile_cards(position, "line:50")   # closed up: the last three places are empty
    position.undo()
    assert position.key() == before and position.on_foundations == 0


def test_decade_counts_court_cards_ten_and_takes_ten_twenty_or_thirty():
    rules = load_rules("decade")
    position = crafted_deal(rules, _line("KH QD 5C 5S 9H"))
    sets = _sets(position, 1, 5)
    assert _named("KH", "QD") in sets                      # 10+10 = 20
    assert _named("5C", "5S") in sets                      # 10
    assert _named("KH", "QD", "5C", "5S") in sets          # 30
    assert _named("QD", "5C", "5S") in sets                # 20
    assert _named("5S", "9H") not in sets                  # 14


def test_push_pin_takes_a_card_between_two_matching_cards_and_a_pair_between_two():
    rules = load_rules("push-pin")
    position = crafted_deal(rules, _line("2H 9C 5H 8D 3S 5C"))
    sets = _sets(position, 1, 6)
    assert _named("9C") in sets                # between 2H and 5H: one suit
    assert _named("8D", "3S") in sets          # between 5H and 5C: one rank
    assert _named("2H") not in sets            # nothing on its left
    assert _named("5H") not in sets            # 9C and 8D match neither way
    assert _named("9C", "5H") not in sets      # 2H and 8D match neither way


def test_push_pin_is_won_with_two_cards_left():
    rules = load_rules("push-pin")
    position = crafted_deal(rules, _line("2H"))
    assert not position.is_won()
    position.on_foundations = 50   # the state alone: two cards left, however they lie
    for p in rules.groups["line"][2:]:
        position.piles[p] = []
    assert position.is_won()


def test_bayan_pairs_cards_one_or_three_places_apart():
    rules = load_rules("bayan")
    position = crafted_deal(rules, _line("2H 9C 5D 2S 6C"))
    sets = _sets(position, 1, 5)
    assert _named("2H", "2S") in sets          # three apart, one rank
    assert _named("9C", "6C") in sets          # three apart, one suit
    assert _named("5D", "2S") not in sets      # side by side, no match
    assert _named("9C", "2S") not in sets and _named("2H", "5D") not in sets   # two apart


def test_aces_square_pairs_a_suit_in_a_row_or_column_but_never_an_ace():
    rules = load_rules("aces-square")
    position = crafted_deal(rules, {"grid:1": "AH", "grid:2": "5H", "grid:3": "9H", "grid:5": "KD",
                                    "grid:6": "8C", "grid:9": "2D", "grid:11": "QH"})
    found = {tuple(sorted(pile_cards(position, position.rules.pile_names[p])[-1]
                          for p in (m.src, m.dst)))
             for m in position.legal_moves() if m.kind is REMOVE}
    assert ("5H", "9H") in found               # one row, one suit
    assert ("2D", "KD") in found               # one column
    assert ("AH", "5H") not in found and ("AH", "9H") not in found   # never an Ace
    assert ("5H", "QH") not in found           # neither row nor column


@pytest.mark.parametrize("name", ["seven-up", "decade", "push-pin", "bayan", "aces-square"])
def test_random_play_undoes_exactly(name):
    assert_random_play_consistent(load_rules(name), seeds=(1,), steps=60)


def test_a_card_of_a_line_is_never_a_safe_removal():
    from patience_core.agents.safe import removed_alone
    assert not removed_alone(load_rules("seven-up"), c("7H"))


_BASE = """
name: bad
title: Bad
decks: 1
piles:
  line: {kind: reserve, count: 52, cards: 1}
  other: {kind: reserve, count: 2, cards: 0}
stock:
  close_up: {group: line, at_once: true}
foundations:
  out: {discard: true}
deal: [line]
"""


@pytest.mark.parametrize("remove, expected", [
    ("- {cards: {min: 2, max: 4}, total: [7, 14], from: line}", "cards"),          # a range needs consecutive
    ("- {cards: {min: 3, max: 2}, where: consecutive, total: [7], from: line}", "max"),
    ("- {cards: 1, where: consecutive, total: [7], from: line}", "where"),
    ("- {cards: 3, distance: [1, 3], rank: same, from: line}", "distance"),
    ("- {distance: [1], where: line, rank: same, from: line}", "distance"),
    ("- {cards: 2, flanked: {rank: same}, from: line}", "flanked"),                   # a pair not side by side
    ("- {cards: 2, where: consecutive, rank: same, from: [line, other]}", "where"),   # two groups
    ("- {rank: same, values: {K: 10}, from: line}", "values"),
    ("- {suit: same, among: [K], except_ranks: [A], from: line}", "except_ranks"),
    ("- {cards: 1, flanked: {}, from: line}", "flanked"),
])
def test_nonsense_line_sets_are_refused_in_one_line(tmp_path, remove, expected):
    out = validate_refusal(tmp_path, _BASE + "remove:\n  " + remove + "\n")
    assert expected in out and len(out.strip().splitlines()) == 1, out


def test_a_run_is_written_by_its_ends_and_read_back():
    from patience_core.model import notation
    rules = load_rules("decade")
    position = crafted_deal(rules, _line("9H 3D 4C 3S KH"))
    run = next(m for m in position.legal_moves() if m.kind is REMOVE and m.count == 3
               and m.src == pile(rules, "line:2"))
    item = notation.move_to_json(rules, run, position)
    assert item["with"] == {"card": "3S", "from": "line:4"} and item["count"] == 3
    assert notation.move_from_json(position, item) == run
