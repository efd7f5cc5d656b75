"""Where nothing is hidden, the player (and so the hint) follows the solver's winning line."""
from __future__ import annotations

from conftest import get_rules
from patience_core.agents import open_play
from patience_core.agents.hints import hint
from patience_core.agents.open_play import nothing_hidden, solver_choice
from patience_core.agents.player import choose_move, play_player
from patience_core.model.deal import seeded_order, start_position


def dealt(name: str, seed: int, **params):
    rules = get_rules(name, **params)
    return start_position(rules, seeded_order(rules, seed))


def test_a_game_dealt_face_up_without_a_stock_hides_nothing():
    assert nothing_hidden(dealt("freecell", 1))
    assert not nothing_hidden(dealt("klondike", 1))          # face-down cards and a stock
    assert not nothing_hidden(dealt("la-belle-lucie", 1))    # its redeals shuffle: chance, not sight


def test_where_foundations_give_cards_back_the_player_does_not_search():
    position = dealt("eight-off", 1)                         # open, but worried back: too slow a search
    assert nothing_hidden(position) and solver_choice(position) is None


def test_the_player_wins_every_open_deal_the_solver_wins():
    for seed in (1, 2, 3):
        position = play_player(dealt("freecell", seed))
        assert position.is_won(), seed


def test_the_hint_names_the_solvers_line_where_every_card_is_in_sight():
    position = dealt("freecell", 4)
    move, reason, who = hint(position)
    assert who == "player" and move in position.legal_moves()
    assert "winning line of" in reason


def test_the_line_is_followed_without_searching_again(monkeypatch):
    position = dealt("freecell", 2)
    first, _ = choose_move(position)
    position.apply(first)
    calls = []
    from patience_core.solver import solve
    monkeypatch.setattr(solve, "solve_position", lambda *a, **k: calls.append(1))
    second, reason = choose_move(position, {position.key()})
    assert calls == [] and "winning line" in reason and second in position.legal_moves()


def test_a_lost_open_position_is_not_searched_again_nor_are_its_descendants(monkeypatch):
    # Baker's Game deal 1 cannot be won (the search proves it in a few thousand positions)
    position = dealt("bakers-game", 1)
    assert solver_choice(position) is None
    calls = []
    from patience_core.solver import solve
    monkeypatch.setattr(solve, "solve_position", lambda *a, **k: calls.append(1))
    seen = {position.key()}
    move, _reason = choose_move(position, seen)      # the no-peeking heuristics choose
    assert move is not None
    position.apply(move)
    assert solver_choice(position, seen) is None and calls == []
    assert position.key() not in open_play._plans_for(position.rules).hopeless


def test_a_line_through_a_redeal_is_followed_with_the_seen_waste_face_down_in_the_stock():
    # American Toad deal 32: once the stock is spent everything is in sight; the winning line
    # turns the waste back into the stock, face down, but every card of it was seen: nothing
    # is hidden still.
    position = dealt("american-toad", 32)
    seen = {position.key()}
    while not nothing_hidden(position):
        move, _ = choose_move(position, seen)
        position.apply(move)
        seen.add(position.key())
    move, reason = choose_move(position, seen)
    assert move.kind.value == "redeal" and "winning line" in reason
    position.apply(move)
    seen.add(position.key())
    assert position.down[position.rules.stock] or position.is_face_down(position.rules.stock, 0)
    assert nothing_hidden(position)
    _next, reason = choose_move(position, seen)
    assert "winning line" in reason
    assert play_player(position).is_won()


def test_where_the_line_goes_back_to_a_position_left_a_move_elsewhere_that_still_wins_is_taken():
    position = dealt("freecell", 5)
    line_move, _ = choose_move(position)
    position.apply(line_move)
    been_there = position.key()          # as if the game had come from there
    position.undo()
    seen = {position.key(), been_there}
    move, reason = choose_move(position, seen)
    assert move != line_move and "winning line" in reason
    position.apply(move)
    assert position.key() not in seen
    assert play_player(position).is_won()
