"""Benchmark: our solver and Klondike-Solver (``pyksolve``) side by side on Klondike deals, one core.

    python bench/peers_klondike.py [--deals 1-1000] [--timeout 10] [-p draw=3 -p worry=yes -p partial=to-foundation]
                                   [--max-states 5000000] [--ours-only | --peer-only] [--csv | --json] [--cpu N]

The deals are ours (``--seed N``'s order); each is laid out by our engine and handed to
Klondike-Solver in its deck format (generated from our layout, so both solve the same cards),
with the same draw count. Per deal: each solver's verdict (won / lost / unknown) and the wall
time of the solve alone; Klondike-Solver runs in a child process killed at the timeout (it has
only a state budget, ``--max-states``). It tries its fast search first and, when that finds
no win, its minimal search, whose "Impossible" is its proof of a loss.

The default parameters are Solvitaire's ``klondike`` preset: draw 3, unlimited redeals,
foundation cards may be worried back, and part of a run moves only when the card it uncovers
can go to a foundation at once (``-p draw=3 -p worry=yes -p partial=to-foundation``; its rule
file says ``"move built group": "partial-if-card-above-buildable"``). Klondike-Solver always
redeals without limit, lets foundation cards back (those above the lowest foundations' reach)
and moves part of a run on the same condition.

``--ours-only`` runs only our solver and prints the solvable share with its 95 % Wilson
interval and the undecided share; the issue's target (10 000 deals, 10 s each):

    python bench/peers_klondike.py --ours-only --deals 1-10000 --timeout 10

``--threads 2`` gives each deal two searches at once on two cores (``solve --threads``), one
deal at a time.
"""
from __future__ import annotations

import argparse
import sys
import time
from dataclasses import asdict, dataclass

from patience_core import load_rules, seeded_order
from patience_core.errors import PatienceError
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.model.position import Position
from patience_core.variants.loader import parse_param_options

from peers_support import (LOST, UNKNOWN, WON, Outcome, Row, TimedWorker, add_common_options, missing_peer,
                           cores_note, pin_cores, print_json, print_rows_csv, print_summary, report_progress, rows_json,
                           run_ours, solvable_share, summarize)

INSTALL = "install it in your venv: pip install pyksolve"
SOLVITAIRE_KLONDIKE = ["draw=3", "worry=yes", "partial=to-foundation"]
# Blake and Gent's solvable share for Solvitaire's klondike preset, percent.
PUBLISHED_SHARE, PUBLISHED_HALF_WIDTH = 81.945, 0.084
DEFAULT_MAX_STATES = 5_000_000   # pyksolve's own default budget
COLUMNS = 7
# Klondike-Solver's deck format: a card is two digits of rank (01 Ace .. 13 King) and one of
# suit, 1 clubs, 2 diamonds, 3 hearts, 4 spades: our suit order C D H S, numbered from 1.
KS_SUIT_DIGITS = "1234"


class LayoutError(ValueError):
    """A position that is not a fresh Klondike deal of seven columns and a stock."""


def klondike_layout(position: Position) -> tuple[list[list[int]], list[int]]:
    """(columns bottom first, stock top first) of a fresh deal, checked to be Klondike's
    shape: column k holds k cards, all but the top face down, nothing elsewhere."""
    rules = position.rules
    columns = [p for p in range(rules.n_piles) if rules.pile_kind[p] == "tableau"]
    piles = [position.piles[p] for p in columns]
    if [len(pile) for pile in piles] != list(range(1, COLUMNS + 1)):
        raise LayoutError(f"expected {COLUMNS} columns of 1..{COLUMNS} cards, "
                          f"found {[len(pile) for pile in piles]}")
    if [position.down[p] for p in columns] != list(range(COLUMNS)):
        raise LayoutError("expected all but the top card of every column face down")
    stock = list(reversed(position.piles[rules.stock]))
    if sum(map(len, piles)) + len(stock) != cards.CARDS_PER_DECK:
        raise LayoutError("expected one deck, every card in the columns or the stock")
    return [list(pile) for pile in piles], stock


def ks_card(card: int) -> str:
    return f"{cards.rank_of(card) + 1:02d}{KS_SUIT_DIGITS[cards.suit_of(card)]}"


def ks_deck(position: Position) -> str:
    """Klondike-Solver's deck string for the deal: the cards in its dealing order, row by row
    (row r: the top card of column r, then the r-th card of the columns to its right), then
    the stock from its top (Klondike-Solver turns that card first)."""
    piles, stock = klondike_layout(position)
    dealt = [piles[column][row] for row in range(COLUMNS) for column in range(row, COLUMNS)]
    return "".join(ks_card(card) for card in dealt + stock)


def parse_ks_deck(text: str) -> tuple[list[list[int]], list[int]]:
    """The inverse of :func:`ks_deck`: (columns bottom first, stock top first)."""
    if len(text) != 3 * cards.CARDS_PER_DECK or not text.isdigit():
        raise LayoutError(f"expected {3 * cards.CARDS_PER_DECK} digits")
    deck = []
    for i in range(0, len(text), 3):
        rank, suit = int(text[i:i + 2]), text[i + 2]
        if not 1 <= rank <= 13 or suit not in KS_SUIT_DIGITS:
            raise LayoutError(f"card {i // 3 + 1}: {text[i:i + 3]!r} is not a card")
        deck.append(cards.make(rank - 1, KS_SUIT_DIGITS.index(suit)))
    piles: list[list[int]] = [[] for _ in range(COLUMNS)]
    dealt = iter(deck)
    for row in range(COLUMNS):
        for column in range(row, COLUMNS):
            piles[column].append(next(dealt))
    return piles, list(dealt)


def ks_board_text(position: Position) -> str:
    """The deal as Klondike-Solver prints a game (``get_pysol``): the talon top first, then
    each column bottom first, face-down cards in angle brackets. Used to check that it
    lays out our deck string as our engine does."""
    piles, stock = klondike_layout(position)
    name = lambda card: cards.card_name(card).replace("10", "T")  # noqa: E731
    lines = ["Talon: " + " ".join(name(card) for card in stock)]
    lines += [" ".join([f"<{name(card)}>" for card in pile[:-1]] + [name(pile[-1])]) for pile in piles]
    return "\n".join(lines)


@dataclass(frozen=True)
class KsJob:
    deck: str
    draw: int
    max_states: int


_KS_RESULTS = {"SolvedMinimal": WON, "SolvedMayNotBeMinimal": WON, "Impossible": LOST, "CouldNotComplete": UNKNOWN}


def ks_solve(job: KsJob) -> Outcome:
    """Runs in the worker process: the fast search, then the minimal one unless it won."""
    from pyksolve.solver import Solitaire

    game = Solitaire()
    if not game.load_solitaire(job.deck):
        return Outcome(UNKNOWN, 0.0, "Klondike-Solver refused the deck")
    began = time.perf_counter()
    game.reset_game(job.draw)
    answer = game.solve_fast(max_closed_count=job.max_states).name
    if _KS_RESULTS[answer] != WON:
        game.reset_game(job.draw)
        answer = game.solve_minimal(job.max_states).name
    return Outcome(_KS_RESULTS[answer], (time.perf_counter() - began) * 1000, answer)


def peer_rule_notes(rules) -> list[str]:
    """Where our rules differ from Klondike-Solver's fixed ones (none for the defaults)."""
    notes = []
    if not rules.worry_from:
        notes.append("note: Klondike-Solver lets foundation cards back to the tableau; ours (worry=no) does not")
    return notes


def share_lines(outcomes: list[Outcome]) -> tuple[list[str], dict]:
    share = solvable_share(outcomes)
    published_low = PUBLISHED_SHARE - PUBLISHED_HALF_WIDTH
    published_high = PUBLISHED_SHARE + PUBLISHED_HALF_WIDTH
    overlap = share.wilson_low * 100 <= published_high and published_low <= share.wilson_high * 100
    lines = [f"solvable share {100 * share.share:.3f} % ({share.won}/{share.deals}), 95 % Wilson interval "
             f"{100 * share.wilson_low:.3f} %..{100 * share.wilson_high:.3f} %",
             f"undecided {100 * share.undecided_share:.3f} % ({share.unknown}); if every undecided deal "
             f"were won: {100 * share.share_if_undecided_won:.3f} %",
             f"published (Blake and Gent, Solvitaire's klondike): {PUBLISHED_SHARE} % +- {PUBLISHED_HALF_WIDTH} %; "
             f"intervals overlap: {'yes' if overlap else 'no'}"]
    return lines, {**asdict(share), "published": [PUBLISHED_SHARE, PUBLISHED_HALF_WIDTH], "overlap": overlap}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_options(parser, peer="Klondike-Solver")
    parser.add_argument("--max-states", type=int, default=DEFAULT_MAX_STATES,
                        help="Klondike-Solver's state budget per search (default 5 000 000)")
    args = parser.parse_args()
    params = SOLVITAIRE_KLONDIKE if args.param is None else args.param
    try:
        rules = load_rules("klondike", parse_param_options(params))
    except PatienceError as exc:
        parser.error(str(exc))
    if args.max_states < 1:
        parser.error("--max-states: expected a positive number of states")
    if not args.ours_only and rules.redeals != float("inf"):
        parser.error("Klondike-Solver always redeals without limit: compare with redeals=unlimited")
    cores = pin_cores(parser, args.cpu, args.threads)
    cpu = cores[0]
    worker = None
    if not args.ours_only:
        try:
            import pyksolve.solver  # noqa: F401  (the child imports it again; fail here, in one line)
        except ImportError:
            missing_peer("pyksolve", INSTALL)
        worker = TimedWorker(ks_solve)
    rows = []
    try:
        for seed in args.deals:
            order = seeded_order(rules, seed)
            row = Row(seed)
            if not args.peer_only:
                row.ours = run_ours(rules, order, args.timeout, args.threads)
            if worker:
                try:
                    deck = ks_deck(start_position(rules, order))
                except LayoutError as exc:
                    parser.error(f"seed {seed}: not a Klondike layout Klondike-Solver reads: {exc}")
                row.theirs = worker.run(KsJob(deck, rules.draw, args.max_states), args.timeout)
            rows.append(row)
            if args.progress:
                report_progress(row)
    finally:
        if worker:
            worker.close()
    summary = summarize(rows)
    header = [f"klondike {' '.join(params)}, seeds {args.deals}, timeout {args.timeout:g} s per deal per solver, "
              + cores_note(cores)]
    if worker:
        header.append(f"Klondike-Solver (pyksolve): fast search, then minimal search, {args.max_states} states each")
        header += peer_rule_notes(rules)
    ours = [r.ours for r in rows if r.ours]
    extra, share = share_lines(ours) if ours else ([], None)
    if args.json:
        print_json({"variant": "klondike", "params": params, "deals": str(args.deals), "timeout": args.timeout,
                    "cpu": cpu, "threads": args.threads, "peer": "pyksolve", "max_states": args.max_states,
                    "ours": summary.ours, "theirs": summary.theirs, "ours_share": share,
                    "both_decided": summary.both_decided, "agree": summary.agree, "disagree": summary.disagree,
                    "ratio_mean": summary.ratio_mean, "ratio_mean_both_decided": summary.ratio_mean_both_decided,
                    "rows": rows_json(rows)})
        return
    if args.csv:
        print_rows_csv(rows)
    print_summary(header, summary, "Klondike-Solver")
    for line in extra:
        print(line)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
