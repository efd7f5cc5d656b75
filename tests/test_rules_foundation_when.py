"""Foundations that take cards only in a state of the game (``when:`` on a foundation group):
Strategy + (PySolFC 636) plays to its foundations only once the stock is used up; Zodiac (467)
once the stock and the waste are both empty."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from patience_core.agents.safe import safe_moves
from patience_core.model.moves import TO_FOUNDATION, TURN
from patience_core.solver.solve import solve_position
from conftest import run_cli, validate_refusal


def _to_foundations(position):
    return [m for m in position.legal_moves() if m.kind is TO_FOUNDATION]


def test_nothing_goes_up_while_the_stock_has_cards_then_everything_may():
    position = deal_seed(load_rules("strategy-plus"), 1)
    first, second = position.rules.waste_piles[:2]
    while position.piles[position.rules.stock]:
        assert not _to_foundations(position)
        card = position.piles[position.rules.stock][-1]
        onto = second if card % 13 == 1 else first   # every 2 onto the second pile: a 2 ends on top
        position.apply(next(m for m in position.legal_moves() if m.kind is TURN and m.dst == onto))
    # the stock is used up: the top cards of the piles may go up where they fit
    tops = {pile[-1] for p, pile in enumerate(position.piles) if p in position.rules.waste_piles and pile}
    fits = {m.card for m in _to_foundations(position)}
    assert fits and fits <= tops
    before = position.key()
    last = position.undo()
    assert not _to_foundations(position)
    position.apply(last)
    assert position.key() == before


def test_no_safe_autoplay_where_foundations_wait():
    position = deal_seed(load_rules("zodiac"), 1)
    assert list(safe_moves(position)) == []


def test_solve_says_it_runs_the_exhaustive_search():
    assert solve_position(deal_seed(load_rules("zodiac"), 1), max_positions=2000).search == "exhaustive"


def test_show_says_when_the_foundations_take_cards():
    code, out, _ = run_cli("show", "zodiac")
    assert code == 0 and "they take cards only when the stock and the waste are empty" in out


def test_a_condition_on_a_pile_that_does_not_exist_is_refused(tmp_path):
    assert "foundations.home.when" in validate_refusal(
        tmp_path, "extends: klondike\nname: bad\nfoundations: {home: {when: {empty: reserve}}}\n")
