"""Pyramid (PySolFC 38) and Relaxed Pyramid (193): places laid over each other (``shape``,
``covered_by``), sets of free cards removed to a discard pile (``remove``), a face-up stock,
and a game won by a state (``win``). Written from PySolFC's pyramid.py: a place is blocked
while either place of the next row over it holds a card; two free cards whose ranks (A=1)
add up to 13, or a King alone, go to the foundation; the talon's top card is face up and
pairs too; three passes."""
from __future__ import annotations

import random

import pytest

from patience_core import deal_seed, load_rules
from patience_core.agents.autoplay import play_automatic
from patience_core.agents.safe import is_safe
from patience_core.errors import VariantError
from patience_core.model.moves import NO_PILE, REMOVE, Move
from patience_core.model.notation import move_from_json, move_to_json
from patience_core.solver.solve import solve_position
from patience_core.ui.commands import Choice, PileLabels, Refusal, resolve_move
from patience_core.ui.render import rules_text
from patience_core.variants.catalog import build_registry, compile_variant
from conftest import c, played_and_undone, position_of

# A pyramid whose bottom row is 6C 6H 7S KS, the row over it ... (deal order: row by row).
BOTTOM = {"pyramid:22": "QD", "pyramid:23": "JH", "pyramid:24": "JC", "pyramid:25": "6C",
          "pyramid:26": "6H", "pyramid:27": "7S", "pyramid:28": "KS"}


def _pyramid(extra: dict[str, str] | None = None, name: str = "pyramid", rest: str = "stock"):
    rules = load_rules(name)
    filled = {f"pyramid:{n}": card for n, card in zip(range(1, 22), "AC 2C 3C 4C 5C 8C 9C 10C AD 2D 3D 4D "
                                                                    "5D 7D 8D 9D 10D AH 2H 3H 4H".split())}
    filled.update(BOTTOM)
    filled.update(extra or {})
    return position_of(rules, {k: v for k, v in filled.items() if v}, rest=rest)


def _removals(position):
    rules = position.rules
    out = set()
    for m in position.legal_moves():
        if m.kind is REMOVE:
            names = [rules.pile_names[m.src]] + ([rules.pile_names[m.dst]] if m.count == 2 else [])
            out.add(tuple(sorted(names)))
    return out


def test_only_uncovered_places_are_free_and_a_place_is_covered_by_the_two_below():
    rules = load_rules("pyramid")
    first = rules.pile_index("pyramid:1")
    assert [rules.pile_names[q] for q in rules.covered_by[first]] == ["pyramid:2", "pyramid:3"]
    assert [rules.pile_names[q] for q in rules.covered_by[rules.pile_index("pyramid:16")]] == \
        ["pyramid:22", "pyramid:23"]
    assert not rules.covered_by[rules.pile_index("pyramid:28")]
    position = _pyramid()
    free = {rules.pile_names[p] for p, _card in position.free_cards() if rules.piles[p] is not None}
    assert free == {f"pyramid:{n}" for n in range(22, 29)}


def test_pairs_total_13_and_kings_go_alone_from_free_places():
    position = _pyramid()
    # 6C+7S and 6H+7S make 13; QD+AC would, but AC (place 1) is covered; KS goes alone.
    assert _removals(position) >= {("pyramid:25", "pyramid:27"), ("pyramid:26", "pyramid:27"), ("pyramid:28",)}
    assert ("pyramid:1", "pyramid:22") not in _removals(position)
    assert all(m.count in (1, 2) for m in position.legal_moves() if m.kind is REMOVE)


def test_removing_a_pair_frees_the_place_over_it_and_undo_puts_everything_back():
    position = _pyramid()
    rules = position.rules
    before = position.key()
    p21 = rules.pile_index("pyramid:21")   # covered by places 27 and 28
    move = next(m for m in position.legal_moves()
                if m.kind is REMOVE and {m.src, m.dst} == {rules.pile_index("pyramid:27"), rules.pile_index("pyramid:26")})
    position.apply(move)
    assert position.on_foundations == 2
    assert p21 not in {p for p, _c in position.free_cards()}   # 28 (KS) still lies over it
    position.apply(Move(REMOVE, rules.pile_index("pyramid:28"), NO_PILE, c("KS"), 1))
    assert (p21, c("4H")) in list(position.free_cards())
    position.undo()
    position.undo()
    assert position.key() == before


def test_the_stock_top_lies_face_up_and_pairs_with_the_pyramid_and_the_waste():
    position = _pyramid({"pyramid:27": "8S"}, rest="stock")
    rules = position.rules
    stock = position.piles[rules.stock]
    stock[-1] = c("7S")   # the stock's top card, seen by everyone
    assert not position.is_face_down(rules.stock, len(stock) - 1)
    assert position.is_face_down(rules.stock, len(stock) - 2)
    assert ("pyramid:25", "stock") in _removals(position) and ("pyramid:26", "stock") in _removals(position)


def test_relaxed_pyramid_is_won_once_the_pyramid_is_empty():
    rules = load_rules("relaxed-pyramid")
    position = position_of(rules, {}, rest="stock")
    assert position.is_won() and position.status() == "won"
    assert not load_rules("pyramid").new_position(list(range(52))).is_won()
    assert "Won: every pile of pyramid is empty" in rules_text(rules)


def test_rules_text_says_the_pyramid_the_sets_and_the_face_up_stock():
    text = rules_text(load_rules("pyramid"))
    assert "in a pyramid of 7 rows" in text
    assert "two cards whose ranks add up to 13 (A=1, J=11, Q=12, K=13), from pyramid, stock, waste" in text
    assert "a K alone" in text
    assert "its top card lies face up and is free" in text
    assert "Discard: 1 pile (foundation:1), where the removed sets go" in text


@pytest.mark.parametrize("name", ["pyramid", "relaxed-pyramid"])
def test_random_play_and_undo_keep_every_position(name):
    rules = load_rules(name)
    rng = random.Random(7)
    for seed in range(30):
        played_and_undone(rules, seed, lambda _position, moves: rng.choice(moves))


def test_a_king_alone_is_a_safe_play_and_safe_autoplay_removes_it():
    position = _pyramid()
    rules = position.rules
    king = Move(REMOVE, rules.pile_index("pyramid:28"), NO_PILE, c("KS"), 1)
    pair = next(m for m in position.legal_moves() if m.kind is REMOVE and m.count == 2)
    assert is_safe(position, king) and not is_safe(position, pair)
    played = play_automatic(position, "safe")
    assert king in played and all(m.count == 1 for m in played)


def test_a_pair_in_json_names_both_cards_and_reads_back():
    position = _pyramid()
    rules = position.rules
    move = next(m for m in position.legal_moves() if m.kind is REMOVE and m.count == 2)
    item = move_to_json(rules, move, position)
    assert item["to"] == "foundation:1" and set(item["with"]) == {"card", "from"}
    assert move_from_json(position, item) == move
    swapped = {"card": item["with"]["card"], "from": item["with"]["from"], "to": "foundation:1",
               "with": {"card": item["card"], "from": item["from"]}}
    assert move_from_json(position, swapped) == move


def test_typed_sets_by_cards_or_places_and_clear_refusals():
    position = _pyramid()
    rules = position.rules
    labels = PileLabels(rules)
    p = labels.label
    pair = resolve_move(position, ["6c", "7s"], labels)
    assert pair.kind is REMOVE and {pair.src, pair.dst} == {rules.pile_index("pyramid:25"), rules.pile_index("pyramid:27")}
    assert resolve_move(position, [p(rules.pile_index("pyramid:27")), p(rules.pile_index("pyramid:25"))], labels) == pair
    assert resolve_move(position, ["ks"], labels).count == 1
    asked = resolve_move(position, ["7s"], labels)   # 6C or 6H: which one?
    assert isinstance(asked, Choice) and len(asked.options) == 2
    with pytest.raises(Refusal, match="make no set to remove now"):
        resolve_move(position, ["6c", "6h"], labels)
    with pytest.raises(Refusal, match="is covered by"):
        resolve_move(position, ["ac"], labels)


def test_the_exhaustive_search_solves_a_deal_and_its_line_replays():
    rules = load_rules("pyramid")
    result = solve_position(deal_seed(rules, 3), max_positions=100_000)
    assert result.verdict == "won" and result.search == "exhaustive"
    position = deal_seed(rules, 3)
    for move in result.moves:
        position.apply(move)
    assert position.is_won()


TREE = """\
name: little-peak
title: Little Peak
decks: 1
piles:
  peak:
    kind: reserve
    count: 3
    cards: 1
    face_down: 1
    covered_by: {1: [2, 3]}
foundations:
  home: {base: any, length: 52, count: 1, build: {rank: either, suit: any, wrap: true}}
stock: {to: home}
deal: [peak, home]
"""


def test_a_covered_face_down_card_turns_up_once_free_and_back_down_on_undo(tmp_path):
    path = tmp_path / "little-peak.yaml"
    path.write_text(TREE)
    registry = build_registry()
    rules = compile_variant(registry.add_file(path), {})
    position = position_of(rules, {"peak:1": "5H", "peak:2": "4C", "peak:3": "3D", "foundation:1": "5S"})
    top = rules.pile_index("peak:1")
    assert position.is_face_down(top, 0) and not position.is_face_down(rules.pile_index("peak:2"), 0)
    assert top not in {p for p, _c in position.free_cards()}
    before = position.key()
    for card in ("4C", "3D"):
        position.apply(next(m for m in position.legal_moves() if m.card == c(card)))
    assert not position.is_face_down(top, 0) and (top, c("5H")) in list(position.free_cards())
    position.undo()
    assert position.is_face_down(top, 0)
    position.undo()
    assert position.key() == before
    assert "a face-down card turns up once free" in rules_text(rules)


@pytest.mark.parametrize("patch, message", [
    ("piles: {pyramid: {count: 27}}", "a pyramid of 27 places; expected a count of 1, 3, 6"),
    ("piles: {pyramid: {covered_by: {1: [2]}}}", "give shape or covered_by, not both"),
    ("remove: [{from: [pyramid]}]", "says no test the cards must pass"),
    ("remove: [{total: 13, from: [pyramid:1]}]", "sets of 2 cards come from different piles"),
    ("remove: [{total: 13, from: [pyramid, stok]}]", "unknown pile or pile group 'stok'"),
    ("stock: {face_up: false}", "the stock's cards lie face down; expected stock: {face_up: true}"),
    ("foundations: {out: {discard: true, length: 52}}", "a discard pile takes removed sets in no order"),
    ("piles: {pyramid: {access: all}}", "gives all of its cards; expected piles whose top card alone is free"),
])
def test_bad_geometry_and_sets_are_refused_in_one_line(tmp_path, patch, message):
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: bad\nextends: pyramid\n{patch}\n")
    registry = build_registry()
    with pytest.raises(VariantError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("{", r"\{").replace("}", r"\}").replace("[", r"\[")):
        compile_variant(registry.add_file(path), {})


@pytest.mark.parametrize("covers, message", [
    ("{1: [2], 2: [1]}", "places cover each other in a ring (1 -> 2 -> 1)"),
    ("{1: [4]}", "place 4 cannot cover place 1; expected another place of 'peak', 1 to 3"),
    ("{5: [1]}", "no place 5 in 'peak'; expected 1 to 3"),
])
def test_bad_covers_are_refused_in_one_line(tmp_path, covers, message):
    path = tmp_path / "bad-peak.yaml"
    path.write_text(TREE.replace("{1: [2, 3]}", covers))
    with pytest.raises(VariantError) as caught:
        compile_variant(build_registry().add_file(path), {})
    assert message in str(caught.value) and "covered_by" in str(caught.value)


def test_the_full_screen_game_removes_a_pair_by_clicking_both_cards_and_draws_the_rows():
    from app_pilot import click_pile, drive, make_app, new_session, screen_text

    app = make_app(new_session("pyramid", seed=1))
    rules = app.session.rules
    six, seven = rules.pile_index("pyramid:25"), rules.pile_index("pyramid:27")

    async def script(pilot):
        await click_pile(pilot, six)
        targets = set(app.state.targets)
        await click_pile(pilot, seven)
        return targets, screen_text(app)

    targets, screen = drive(app, script)
    assert targets == {seven}
    assert app.session.position.on_foundations == 2 and not app.session.position.piles[six]
    rows = [line for line in screen.splitlines() if "p1 " in line or "p22" in line]
    apex, bottom = rows[0], rows[-1]
    assert apex.index("p1 ") > bottom.index("p22")   # the apex sits over the middle of the bottom row


def test_cheops_pairs_ranks_equal_or_one_apart_and_no_king_goes_alone():
    """Cheops (PySolFC 659): abs(rank difference) in (0, 1), no wrap: ``apart: [0, 1]``."""
    position = _pyramid(name="cheops")
    pairs = {pair for pair in _removals(position) if "stock" not in pair and "waste" not in pair}
    # bottom row QD JH JC 6C 6H 7S KS: Q-J, J-J, 6-6, 6-7 and Q-K pair; nothing goes alone
    assert pairs == {("pyramid:22", "pyramid:23"), ("pyramid:22", "pyramid:24"), ("pyramid:23", "pyramid:24"),
                     ("pyramid:25", "pyramid:26"), ("pyramid:25", "pyramid:27"), ("pyramid:26", "pyramid:27"),
                     ("pyramid:22", "pyramid:28")}
    assert all(m.count == 2 for m in position.legal_moves() if m.kind is REMOVE)
