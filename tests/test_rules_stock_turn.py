"""A gap filled by a turn of the stock (``fill: [waste, stock-turn]``): the waste's top card
fills it; when the waste is empty, one draw is turned from the stock onto the waste first and
its top card fills the gap (PySolFC's Whitehorse.fillStack, 491, and FortyThieves.fillStack for
Little Forty, 115: three cards turned, the third fills)."""
from __future__ import annotations

import random

from patience_core import deal_seed, load_rules
from patience_core.model.moves import TO_FOUNDATION
from patience_core.solver.solve import solve_position
from conftest import (assert_rebuilt_agrees, pile, pile_cards, played_and_undone, position_of,
                      rules_from_text, run_cli, validate_refusal)


def _up_from(position, name):
    rules = position.rules
    return next(m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, name))


def test_an_empty_waste_is_given_a_draw_and_its_top_card_fills_the_gap():
    rules = load_rules("whitehorse")
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "8S", "stock": "5C 6C 7C 9C"}, rest=None)
    key, piles = position.key(), [list(p) for p in position.piles]
    position.apply(_up_from(position, "tableau:1"))
    # three cards turned (9C, 7C, 6C: the stock's top first), the last on top fills the gap
    assert pile_cards(position, "tableau:1") == ["6C"]
    assert pile_cards(position, "waste") == ["9C", "7C"] and pile_cards(position, "stock") == ["5C"]
    assert_rebuilt_agrees(position)
    position.undo()
    assert position.key() == key and position.piles == piles


def test_the_waste_top_fills_first_and_a_short_stock_turns_what_it_has():
    rules = load_rules("whitehorse")
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "AS", "waste": "4D",
                                   "stock": "5C 6C"}, rest=None)
    position.apply(_up_from(position, "tableau:1"))
    assert pile_cards(position, "tableau:1") == ["4D"] and pile_cards(position, "stock") == ["5C", "6C"]
    key = position.key()
    position.apply(_up_from(position, "tableau:2"))
    assert pile_cards(position, "tableau:2") == ["5C"] and pile_cards(position, "waste") == ["6C"]
    position.undo()
    assert position.key() == key


def test_with_stock_and_waste_out_a_gap_stays_and_takes_only_a_king():
    rules = load_rules("whitehorse")
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "QS", "tableau:3": "KD"}, rest=None)
    position.apply(_up_from(position, "tableau:1"))
    assert pile_cards(position, "tableau:1") == []
    takers = {rules.pile_names[m.src] for m in position.legal_moves() if m.dst == pile(rules, "tableau:1")}
    assert takers == {"tableau:3"}


def test_random_play_keeps_the_pack_and_undoes_exactly():
    for name, seed in (("whitehorse", 1), ("little-forty", 2)):
        rng = random.Random(seed)
        played_and_undone(load_rules(name), seed, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_the_gap_takes_the_top_card_of_a_turn():
    code, out, _ = run_cli("show", "little-forty")
    assert code == 0 and ("a gap is filled at once from the waste, else the top card of a turn of 3 cards "
                          "from the stock onto the waste") in " ".join(out.split())


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("whitehorse"), 1), max_positions=200).search == "exhaustive"


def test_a_family_game_with_a_stock_turn_fill_leaves_the_family_engine(tmp_path):
    assert load_rules("royal-cotillion").foundation_only
    rules = rules_from_text(tmp_path, "extends: royal-cotillion\nname: cousin\n"
                                      "piles: {right: {fill: [waste, stock-turn]}}\n")
    assert not rules.foundation_only


def test_stock_turn_without_the_waste_before_it_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: whitehorse\nname: bad\n"
                                     "piles: {tableau: {fill: [stock-turn]}}\n")
    assert "expected waste listed before it" in out


def test_stock_turn_with_several_cards_is_refused_in_one_line(tmp_path):
    out = validate_refusal(tmp_path, "extends: whitehorse\nname: bad\n"
                                     "piles: {tableau: {fill: {from: [waste, stock-turn], cards: 2}}}\n")
    assert "stock-turn fills a gap with one card at once" in out


def test_the_line_game_says_the_card_came_from_a_turn_of_the_stock():
    from rich.console import Console
    from patience_core.model.game import GameSpec
    from patience_core.ui.interactive import InteractiveGame, TerminalUI
    from patience_core.ui.session import Session
    rules = load_rules("whitehorse")
    position = position_of(rules, {"tableau:1": "AH", "tableau:2": "8S", "stock": "5C 6C 7C 9C"}, rest=None)
    session = Session(GameSpec(variant="whitehorse", params={}, seed=1), rules, position)
    game = InteractiveGame(TerminalUI(console=Console(width=100, color_system=None), tty=False), session)
    move = _up_from(position, "tableau:1")
    position.apply(move)
    assert "takes 6♣ from the waste, turned from the stock" in game.describe_step([move])
