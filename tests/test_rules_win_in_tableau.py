"""Games won in the tableau: ``sorted`` with a run rule of its own (``run``) and a bottom rank
(``from``), ``only`` by colour, and ``not`` (PySolFC's Wave Motion, Flourish, Four Packs,
Fire and Ice, Applegate and the Curds and Whey family)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.agents.safe import plain_rules
from conftest import all_face_up, position_of, run_cli, validate_refusal

SPADES = "KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S AS"


def test_sorted_by_its_own_run_rule():
    rules = load_rules("curds-and-whey")
    won = position_of(rules, {"tableau:1": SPADES}, rest="tableau:2")
    assert not won.is_won()   # the rest of the pack lies in one unsorted column
    suits = ["S", "H", "D", "C"]
    full = {f"tableau:{i + 1}": " ".join(r + s for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split()) for i, s in enumerate(suits)}
    assert position_of(rules, full, rest=None).is_won()
    # thirteen cards each fitting the one below by the build (10H on 10S: same rank), but not
    # one run in suit: not won
    mixed = dict(full, **{"tableau:1": "KS QS JS 10S 10H 9H 8H 7H 6H 5H 4H 3H 2H",
                          "tableau:2": "KH QH JH 9S 8S 7S 6S 5S 4S 3S 2S AS AH"})
    assert not position_of(rules, mixed, rest=None).is_won()


def test_applegate_wants_king_to_ace_not_a_wrapped_run():
    rules = load_rules("applegate")
    suits = ["S", "H", "D", "C"]
    full = {f"tableau:{i + 1}": " ".join(r + s for r in "K Q J 10 9 8 7 6 5 4 3 2 A".split()) for i, s in enumerate(suits)}
    assert position_of(rules, full, rest=None).is_won()
    wrapped = dict(full, **{"tableau:1": "5S 4S 3S 2S AS KS QS JS 10S 9S 8S 7S 6S"})   # the build's K on A
    assert not position_of(rules, wrapped, rest=None).is_won()


def test_four_packs_wants_columns_from_an_ace():
    rules = load_rules("four-packs")
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    columns = {f"tableau:{2 * i + k + 1}": " ".join(r + s for r in ranks * 2)
               for i, s in enumerate("SHDC") for k in range(1)}
    assert position_of(rules, columns, rest=None).is_won()
    shifted = ranks[1:] + ranks + ranks[:1]   # 2 .. K, A .. K, A: 26 cards in suit, from a Two
    columns["tableau:1"] = " ".join(r + "S" for r in shifted)
    assert not position_of(rules, columns, rest=None).is_won()


def test_fire_and_ice_by_colour():
    rules = load_rules("fire-and-ice")
    red = " ".join(r + s for s in "HD" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    black = " ".join(r + s for s in "SC" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split())
    assert position_of(rules, {"fire:1": red, "ice:5": black}, rest=None).is_won()
    swapped = red.replace("KD", "KS"), black.replace("KS", "KD")
    assert not position_of(rules, {"fire:1": swapped[0], "ice:5": swapped[1]}, rest=None).is_won()
    assert not deal_seed(rules, 1).is_won()


def test_wave_motion_is_not_won_before_a_card_is_played():
    for name in ("wave-motion", "flourish"):
        rules = load_rules(name)
        position = deal_seed(rules, 1)
        assert not position.is_won()          # every column empty: no card played yet
        spades = position_of(rules, {"tableau:1": SPADES if name == "wave-motion" else
                                     "KS QH JS 10H 9S 8H 7S 6H 5S 4H 3S 2H AS"}, rest="reserve:1")
        assert spades.is_won(), name          # PySolFC does not look at the reserves


def test_not_in_a_when_switches_safe_play_off(tmp_path):
    path = tmp_path / "waiting.yaml"
    path.write_text("""name: waiting
title: Waiting
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, face_down: 0, build: {rank: down, when: {not: {empty: stock}}}}
foundations: {home: {base: A, length: 13, count: 4}}
deal: [tableau]
""")
    rules = load_rules(file=path)
    assert not plain_rules(rules)


def test_show_says_so():
    code, out, _ = run_cli("show", "wave-motion")
    assert code == 0 and "and some pile of tableau holds a card" in out
    code, out, _ = run_cli("show", "four-packs")
    assert "one run by its build rule of 26 cards from an A" in out
    code, out, _ = run_cli("show", "fire-and-ice")
    assert "every card left in fire is red and every card left in ice is black" in out


ONLY = """name: bad
title: Bad
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 13, build: {rank: down}}
foundations: {}
win: %s
deal: [tableau]
"""


def test_only_needs_one_of_rank_and_colour(tmp_path):
    assert "expected one of them" in validate_refusal(tmp_path, ONLY % "{only: {in: tableau}}")
    assert "expected one of them" in validate_refusal(tmp_path, ONLY % "{only: {in: tableau, rank: A, colour: red}}")
