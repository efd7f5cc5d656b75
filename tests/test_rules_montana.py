"""Montana (PySolFC 53) and its mechanisms, written from PySolFC's montana.py:

- a gap judged by the card beside it (``empty: {left: RULE, first_column: RANK}``,
  Montana_RowStack: the card one rank above its left neighbour in suit; a row's first place
  takes a Two of any suit; a gap after a King takes nothing);
- the Aces set aside as they are dealt, their places left empty (Montana.startGame with
  SpaceRank: ``deal_to_foundations: [A]`` onto foundations of one card, won by ``win:``);
- the redeal (Montana_Talon, two of them): the cards in order at the start of each row stay,
  the rest are gathered, shuffled and dealt back into the places they left, a gap left after
  each row's run (``gather: {keep: {runs_from: "2"}}``);
- the win by rows (isGameWon: ``win: {rows_in_order: {in: grid, first: "2"}}``)."""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from patience_core import deal_seed, load_rules
from patience_core.agents.safe import plain_rules
from patience_core.model.deal import seeded_order
from patience_core.model.moves import BETWEEN_PILES, GATHER
from patience_core.model.position import Position
from patience_core.solver.solve import solve_position
from patience_core.ui.board import BoardInfo, board_text
from conftest import c, cs, pile, played_and_undone, refusal, run_cli, validate_refusal

ACES = {"foundation:1": "AC", "foundation:2": "AD", "foundation:3": "AH", "foundation:4": "AS"}
IN_ORDER = {0: "C", 1: "D", 2: "H", 3: "S"}


def rows_position(rules, text: str, redeals_left=None) -> Position:
    """Places grid:1.. from ``text`` (``--`` for a gap), row by row, the Aces set aside."""
    layout = [[] for _ in range(rules.n_piles)]
    for i, card in enumerate(text.split()):
        if card != "--":
            layout[rules.groups["grid"][i]] = [c(card)]
    for name, ace in ACES.items():
        layout[pile(rules, name)] = [c(ace)]
    assert Counter(card for p in layout for card in p) == Counter(rules.pack)
    return Position(rules, layout, redeals_left)


def won_rows() -> list[str]:
    """Rows 2..K of C, D, H, S and a gap at the end, as text per row."""
    return [" ".join(f"{r}{IN_ORDER[s]}" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"])
            + " --" for s in range(4)]


def _targets(position, card: str) -> list[str]:
    rules = position.rules
    return sorted(rules.pile_names[m.dst] for m in position.legal_moves()
                  if m.kind is BETWEEN_PILES and m.card == c(card))


def test_a_gap_takes_the_next_card_of_its_left_neighbours_suit_and_a_row_start_any_two():
    rules = load_rules("montana")
    rows = won_rows()
    # row 1: 2C 3C 4C -- ...: the gap after 4C takes 5C only; row 2 starts with a gap.
    row1 = "2C 3C 4C -- 6C 7C 8C 9C 10C JC QC KC 5C"
    row2 = "-- 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2D"
    position = rows_position(rules, " ".join([row1, row2, rows[2], rows[3]]))
    assert _targets(position, "5C") == ["grid:4"]
    assert _targets(position, "2D") == ["grid:14"]   # a Two of any suit into a row's first place
    assert _targets(position, "5H") == [] and _targets(position, "2C") == ["grid:14"]
    assert "grid:4 takes only 5C now" in refusal(position, "6C", "grid:5", "grid:4")


def test_a_gap_after_a_king_takes_nothing_and_undo_restores():
    rules = load_rules("montana")
    rows = won_rows()
    row1 = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC --"
    position = rows_position(rules, " ".join([row1, rows[1], rows[2], rows[3]]))
    assert position.is_won()
    row1 = "3C 4C 5C 6C 7C 8C 9C 10C JC QC KC -- 2C"
    position = rows_position(rules, " ".join([row1, rows[1], rows[2], rows[3]]))
    assert not position.is_won() and not _targets(position, "2C")   # grid:12 follows a King
    assert "takes nothing now" in refusal(position, "2C", "grid:13", "grid:12")
    assert played_and_undone(rules, 3, lambda p, moves: moves[len(p.history) * 7 % len(moves)]
                             if len(p.history) < 60 else None) in ("playing", "lost", "won")


def test_the_aces_are_set_aside_as_dealt_their_places_left_empty():
    rules = load_rules("montana")
    for seed in range(1, 15):
        order = seeded_order(rules, seed)
        position = deal_seed(rules, seed)
        gaps = [i for i, p in enumerate(rules.groups["grid"]) if not position.piles[p]]
        assert gaps == [i for i, card in enumerate(order) if card % 13 == 0]
        assert sorted(position.piles[f][0] for f in rules.foundations) == cs("AC AD AH AS")


def test_the_redeal_keeps_each_rows_run_shuffles_the_rest_and_leaves_a_gap_after_each_run():
    rules = load_rules("montana")
    position = deal_seed(rules, 1)
    grid = rules.groups["grid"]
    rows = [grid[i:i + 13] for i in range(0, 52, 13)]
    kept = [[p for p in row] for row in rows]
    for n, row in enumerate(rows):   # the runs the deal happens to start (2D in row 2: deal 1)
        top = [position.piles[p][-1] if position.piles[p] else None for p in row]
        k = 0
        while k < 12 and top[k] is not None and top[k] % 13 == k + 1 and top[k] // 13 == top[0] // 13:
            k += 1
        kept[n] = row[:k]
    before = position.key()
    cards_before = Counter(card for p in grid for card in position.piles[p])
    (redeal,) = [m for m in position.legal_moves() if m.kind is GATHER]
    position.apply(redeal)
    assert position.redeals_left == 1
    assert Counter(card for p in grid for card in position.piles[p]) == cards_before
    for row, run in zip(rows, kept):
        assert all(position.piles[p] == list(deal_seed(rules, 1).piles[p]) for p in run)
        assert not position.piles[row[len(run)]]                       # the gap right after the run
        assert all(position.piles[p] for p in row[len(run) + 1:])     # every other place dealt
    again = deal_seed(rules, 1)
    again.apply(redeal)
    assert again.piles == position.piles   # the same game redeals the same way
    position.undo()
    assert position.key() == before


def test_no_redeal_once_they_are_used_up():
    rules = load_rules("montana")
    position = deal_seed(rules, 2)
    for _ in range(2):
        position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
    assert not [m for m in position.legal_moves() if m.kind is GATHER]


def test_the_exhaustive_search_decides_an_ending_and_no_play_is_called_safe():
    rules = load_rules("montana")
    assert not plain_rules(rules)   # the safe-play arguments do not know gaps judged by neighbours
    rows = won_rows()
    row1 = "2C 3C 4C 5C 6C 7C 8C 9C 10C -- QC KC JC"
    position = rows_position(rules, " ".join([row1, rows[1], rows[2], rows[3]]), redeals_left=0)
    result = solve_position(position, max_positions=10_000)
    assert result.search == "exhaustive" and result.verdict == "won"
    stuck = "2C 3C 4C 5C 6C 7C 8C 9C 10C JC KC -- QC"   # QC cannot follow... KC blocks it
    position = rows_position(rules, " ".join([stuck, rows[1], rows[2], rows[3]]), redeals_left=0)
    assert solve_position(position, max_positions=10_000).verdict == "lost"


def test_show_and_the_line_game_at_80_columns():
    code, out, _ = run_cli("show", "montana")
    assert code == 0
    text = " ".join(out.split())
    assert "a gap takes a card one rank above the card on its left, in that card's suit" in text
    assert "a gap in a row's first place takes only a 2, of any suit" in text
    assert "Won: each row of grid holds 2 to K of one suit in its first 12 places" in text
    assert "each row's run stays" in text and "the first place after each row's run" in text
    position = deal_seed(load_rules("montana"), 1)
    board = board_text(position, BoardInfo(deal="deal 1"), width=80)
    assert max(len(line) for line in board.splitlines()) <= 80
    assert " g16" in board and "Redeals left 2 of 2" in board


def _montana_with(old: str, new: str) -> str:
    """Montana's file with one line changed (a file of its own: a patch would merge)."""
    text = (Path(__file__).parent.parent / "variants" / "montana.yaml").read_text()
    assert old in text
    return text.replace("name: montana", "name: bad").replace(old, new)


@pytest.mark.parametrize("old, new, words", [
    ('empty: {left: {rank: up, suit: same}, first_column: "2"}', 'empty: {first_column: "2"}',
     "says nothing about a gap's neighbours"),
    ("{left: {rank: up, suit: same}", "{left: {rank: up, order: pack}", "this pack holds every rank"),
    ("shuffle: true, keep", "keep", "expected shuffle: true with keep"),
    ('keep: {runs_from: "2"}', "gaps: random", "but nothing is kept"),
    ("shuffle: true,", "shuffle: true, per_pile: 1,", "expected no per_pile"),
    ("columns: 13", "columns: 4", "does not fit a row of 4 places"),
    ("{in: grid,", "{in: stock,", "is not one pile group"),
    ('first: "2"}', 'first: "2", length: 13}', "expected a length of at most 12"),
    ("deal: [grid]", "deal: [grid]\nsetout: {foundation:1: AC}", "is not a layout pile"),
    ("deal: [grid]", "deal: [grid]\nsetout: {grid:1: AC, grid:2: AC}", "sets out 2 x AC; the pack has 1"),
    ("count: 4}", "count: 53}", "expected at most 52"),
])
def test_refusals(tmp_path, old, new, words):
    assert words in " ".join(validate_refusal(tmp_path, _montana_with(old, new)).split())


def test_the_full_screen_game_draws_the_rows_at_80_columns():
    from app_pilot import drive, make_app, new_session, screen_text

    app = make_app(new_session("montana", seed=1))

    async def script(pilot):
        return screen_text(app)

    screen = drive(app, script, size=(80, 30))
    rows = [line for line in screen.splitlines() if "g16" in line]
    assert rows and "6♦  g16   K♦" in rows[0]   # deal 1's second row: 2D 6D, a gap, KD
    assert all(f"g{n}" in screen for n in (16, 34, 37, 39))


def test_the_full_screen_game_moves_a_card_into_a_gap_by_two_clicks():
    from app_pilot import click_pile, drive, make_app, new_session

    app = make_app(new_session("montana", seed=1))
    rules = app.session.rules
    seven, gap = pile(rules, "grid:7"), pile(rules, "grid:16")   # deal 1: 7D, and the gap after 6D

    async def script(pilot):
        await click_pile(pilot, seven)
        await click_pile(pilot, gap)
        return app.session.position.piles[gap]

    assert drive(app, script, size=(80, 30)) == [c("7D")]
