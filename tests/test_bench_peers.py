"""The pure parts of the peer-solver benchmarks (bench/peers_*.py): the layouts handed to
fc-solve and to Klondike-Solver are the very deals our engine lays out, and the summary
counts what it says. The peers themselves are optional; checks that need one skip
without it."""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from patience_core import load_rules, seeded_order
from patience_core.errors import PatienceError
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.model.deal_numbers import DealNumber, order_for
from patience_core.variants.loader import parse_param_options

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import peers_freecell  # noqa: E402
import peers_klondike  # noqa: E402
import peers_support  # noqa: E402

# Microsoft FreeCell deal 1 as every FreeCell program shows it, columns left to right,
# each from the card dealt first (the bottom) to the top.
MS_DEAL_1 = """\
JD KD 2S 4C 3S 6D 6S
2D KC KS 5C TD 8S 9C
9H 9S 9D TS 4S 8D 2H
JC 5S QD QH TH QS 6H
5D AD JS 4H 8H 6C
7H QC AS AC 2C 3D
7C KH AH 4D JH 8C
5H 3H 3C 7S 7D TC
"""


def freecell_position(deal: int, params=()):
    rules = load_rules("freecell", parse_param_options(list(params)))
    return start_position(rules, order_for(rules, DealNumber("ms", deal)))


def klondike_position(seed: int, params=("draw=3", "worry=yes")):
    rules = load_rules("klondike", parse_param_options(list(params)))
    return start_position(rules, seeded_order(rules, seed))


def test_ms_deal_1_board_text_is_microsofts_deal_1():
    board = peers_freecell.board_text(freecell_position(1))
    assert board == "Freecells: - - - -\n" + MS_DEAL_1
    assert board.splitlines()[1] == "JD KD 2S 4C 3S 6D 6S"


def test_board_text_follows_the_rules_cells():
    position = freecell_position(1, ["cells=2"])
    assert peers_freecell.board_text(position).splitlines()[0] == "Freecells: - -"
    assert peers_freecell.fc_shape_options(position.rules) == ["--freecells-num", "2", "--stacks-num", "8"]


def test_board_text_shows_a_card_in_a_cell():
    position = freecell_position(1)
    cell = position.rules.cells[2]
    position.piles[cell].append(position.piles[0].pop())  # 6S to the third cell
    lines = peers_freecell.board_text(position).splitlines()
    assert lines[0] == "Freecells: - - 6S -"
    assert lines[1] == "JD KD 2S 4C 3S 6D"


def test_board_text_matches_fc_solves_own_microsoft_deals():
    # fc-solve's generator, where installed (Debian's freecell-solver-bin), for a few deals
    try:
        made = [subprocess.run(["make-microsoft-freecell-board", "-t", str(n)], capture_output=True,
                               text=True, check=True).stdout for n in (1, 617, 11982)]
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("make-microsoft-freecell-board (freecell-solver-bin) is not installed")
    ours = [peers_freecell.board_text(freecell_position(n)).split("\n", 1)[1] for n in (1, 617, 11982)]
    assert ours == made


def test_fc_solve_decides_deal_1_won_and_11982_lost():
    pytest.importorskip("freecell_solver")
    rules = freecell_position(1).rules
    try:
        peer = peers_freecell.FcSolve(rules, "lg")
    except SystemExit:
        pytest.skip("the fc-solve C library is not installed")
    except PatienceError as exc:   # Debian's library ships without the presets -l lg reads
        pytest.skip(str(exc))
    verdicts = [peer.solve(peers_freecell.board_text(freecell_position(n)), timeout=30).verdict
                for n in (1, 11982)]
    assert verdicts == ["won", "lost"]
    assert [peers_freecell.known_verdict(n) for n in (1, 11982, 32001)] == ["won", "lost", None]


@pytest.mark.parametrize("seed", [1, 2, 77])
def test_klondike_deck_round_trips_the_cards(seed):
    position = klondike_position(seed)
    deck = peers_klondike.ks_deck(position)
    assert len(deck) == 156 and deck.isdigit()
    columns, stock = peers_klondike.parse_ks_deck(deck)
    rules = position.rules
    assert columns == [position.piles[p] for p in rules.groups["tableau"]]
    assert stock == position.piles[rules.stock][::-1]  # top first
    assert sorted(sum(columns, []) + stock) == list(range(52))


def test_klondike_deck_card_codes():
    assert peers_klondike.ks_card(cards.parse_card("AC")) == "011"
    assert peers_klondike.ks_card(cards.parse_card("4D")) == "042"
    assert peers_klondike.ks_card(cards.parse_card("10H")) == "103"
    assert peers_klondike.ks_card(cards.parse_card("KS")) == "134"


def test_klondike_layout_refuses_a_played_position():
    position = klondike_position(1)
    position.piles[position.rules.waste].append(position.piles[position.rules.stock].pop())
    with pytest.raises(peers_klondike.LayoutError):
        peers_klondike.ks_deck(position)
    with pytest.raises(peers_klondike.LayoutError):
        peers_klondike.parse_ks_deck("011" * 51)


@pytest.mark.parametrize("seed", [1, 5, 1234])
def test_klondike_solver_lays_out_our_deal(seed):
    solver = pytest.importorskip("pyksolve.solver")
    position = klondike_position(seed)
    game = solver.Solitaire()
    assert game.load_solitaire(peers_klondike.ks_deck(position))
    game.reset_game(3)
    # Klondike-Solver's own print of the game: talon top first, columns with face-down cards
    assert game.get_pysol() == peers_klondike.ks_board_text(position)


def test_summary_counts_agreement_and_ratio():
    O = peers_support.Outcome
    rows = [peers_support.Row(1, O("won", 4.0), O("won", 2.0)),
            peers_support.Row(2, O("lost", 6.0), O("won", 2.0)),
            peers_support.Row(3, O("unknown", 10.0), O("lost", 1.0))]
    summary = peers_support.summarize(rows)
    assert (summary.both_decided, summary.agree, summary.disagree) == (2, 1, [2])
    assert summary.ratio_mean == 4.0 and summary.ratio_mean_both_decided == 2.5
    assert summary.ours["decided"] == 2 and summary.theirs["won"] == 2
    assert summary.ours["median_ms"] == 6.0 and summary.ours["p99_ms"] == 10.0


def test_solvable_share_uses_the_wilson_interval():
    O = peers_support.Outcome
    share = peers_support.solvable_share([O("won", 1)] * 8 + [O("lost", 1), O("unknown", 1)])
    assert (share.won, share.unknown, share.share) == (8, 1, 0.8)
    assert share.wilson_low == pytest.approx(0.4902, abs=1e-4)
    assert share.wilson_high == pytest.approx(0.9433, abs=1e-4)
    assert share.share_if_undecided_won == 0.9


def test_deal_range_reads_and_refuses():
    assert list(peers_support.deal_range("3-5")) == [3, 4, 5]
    assert len(peers_support.deal_range("7")) == 1
    for bad in ("5-3", "0-2", "a-b", "1-"):
        with pytest.raises(argparse.ArgumentTypeError):
            peers_support.deal_range(bad)


@pytest.mark.parametrize("script, args, message", [
    ("peers_freecell.py", ["--deals", "9-1"], "expected 1 <= A <= B"),
    ("peers_klondike.py", ["--deals", "1-2", "-p", "redeals=1"], "redeals=unlimited"),
    ("peers_klondike.py", ["--timeout", "0"], "positive number of seconds"),
])
def test_bad_input_is_one_line_and_exit_2(script, args, message):
    done = subprocess.run([sys.executable, str(BENCH / script), *args], capture_output=True, text=True)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
