"""Benchmark: our solver and fc-solve side by side on Microsoft FreeCell deals, one core.

    python bench/peers_freecell.py [--deals 1-1000] [--timeout 10] [--preset lg|default|NAME]
                                   [-p cells=4] [--ours-only | --peer-only] [--csv | --json] [--cpu N]

Each deal is laid out by our engine (``--deal ms:N``'s order, as ``patience solve freecell
--deal ms:N`` builds it) and fc-solve gets that very layout as board text, so both solve the
same cards. Per deal: each solver's verdict (won / lost / unknown) and wall time of the solve
alone, our ``solve(rules, order, timeout=...)`` and fc-solve's ``solve_board`` (resumed in
chunks of iterations so the same timeout stops it). The summary: decided counts, agreement
where both decided, mean / median / p99 ms each, our time over theirs; and a check of
fc-solve's verdicts against the known answers (every deal 1-32000 solvable but #11982).

fc-solve comes from the ``freecell-solver`` package (Python bindings) and the fc-solve C
library (Debian: ``apt-get install libfreecell-solver0``). Debian's package ships no presets:
``-l lg`` also needs fc-solve's ``presetrc`` and ``presets/*.sh`` (its source tree,
``fc-solve/source/Presets/``; in ``presetrc`` set ``dir=`` to where the ``.sh`` files are) in
``/usr/share/freecell-solver/``, or ``FREECELL_SOLVER_PRESETRC`` naming the file. ``--preset`` names the configuration:
one of its ``-l`` presets (``fc-solve --help-configs``), by default ``lg`` (looking-glass), which
decided all 32000 deals at 0.27 ms mean here, where its unconfigured search ('default') left 4 of
deals 1-1000 undecided after 10 s each.
"""
from __future__ import annotations

import argparse
import sys
import time

from patience_core import load_rules
from patience_core.errors import PatienceError
from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.model.deal_numbers import DealNumber, order_for
from patience_core.model.position import Position
from patience_core.variants.loader import parse_param_options

from peers_support import (LOST, UNKNOWN, WON, Outcome, Row, add_common_options, missing_peer, cores_note, pin_cores,
                           print_json, print_rows_csv, print_summary, report_progress, rows_json, run_ours, summarize)

INSTALL = ("install it in your venv: apt-get install -y libfreecell-solver0 && pip install freecell-solver")
# fc-solve's answers (fcs_enums.h) that decide a deal.
FCS_SOLVED, FCS_UNSOLVABLE = 0, 1
# Iterations per chunk between two looks at the clock (a chunk takes a few ms).
CHUNK = 5000
# Microsoft's deals whose verdict is known: all of 1..32000 are solvable but this one.
MS_KNOWN_RANGE = (1, 32000)
MS_KNOWN_LOST = {11982}


def fc_card(card: int) -> str:
    """fc-solve's card: rank A 2..9 T J Q K, then the suit letter."""
    return cards.card_name(card).replace("10", "T")


def board_text(position: Position) -> str:
    """The position in fc-solve's board format: the free cells (``-`` for an empty one),
    then one line per column, its bottom card first."""
    rules = position.rules
    columns = [p for p in range(rules.n_piles) if rules.pile_kind[p] == "tableau"]
    lines = []
    if rules.cells:
        lines.append("Freecells: " + " ".join(fc_card(position.piles[c][-1]) if position.piles[c] else "-"
                                              for c in rules.cells))
    lines += [" ".join(fc_card(card) for card in position.piles[p]) for p in columns]
    return "\n".join(lines) + "\n"


def fc_shape_options(rules) -> list[str]:
    """fc-solve's options for the board's shape, from the compiled rules."""
    columns = sum(kind == "tableau" for kind in rules.pile_kind)
    return ["--freecells-num", str(len(rules.cells)), "--stacks-num", str(columns)]


class FcSolve:
    """One fc-solve instance, configured once and recycled between deals."""

    def __init__(self, rules, preset: str):
        try:
            from freecell_solver import FreecellSolver
        except ImportError:
            missing_peer("freecell-solver", INSTALL)
        try:
            self._solver = FreecellSolver()
        except (OSError, ImportError) as exc:
            missing_peer(f"the fc-solve C library ({exc})", INSTALL)
        options = fc_shape_options(rules) + ([] if preset == "default" else ["-l", preset])
        parsed = self._solver.input_cmd_line(options)
        if parsed["last_arg"] != parsed["cmd_line_args_len"]:
            raise PatienceError(f"fc-solve refuses the options {' '.join(options)} "
                                f"(is --preset {preset!r} one of `fc-solve --help-configs`, and are its "
                                f"presets installed? see this file's docstring)")

    def solve(self, board: str, timeout: float) -> Outcome:
        solver = self._solver
        began = time.perf_counter()
        solver.limit_iterations(CHUNK)
        answer = solver.solve_board(board)
        while solver.ret_code_is_suspend(answer) and time.perf_counter() - began < timeout:
            solver.limit_iterations(solver.get_num_times() + CHUNK)
            answer = solver.resume_solution()
        ms = (time.perf_counter() - began) * 1000
        iterations = solver.get_num_times()
        solver.recycle()
        verdict = {FCS_SOLVED: WON, FCS_UNSOLVABLE: LOST}.get(answer, UNKNOWN)
        if verdict == UNKNOWN and not solver.ret_code_is_suspend(answer):
            raise PatienceError(f"fc-solve answered {answer} (not solved, unsolvable or suspended) "
                                f"on the board:\n{board}")
        return Outcome(verdict, ms, f"{iterations} iterations")


def known_verdict(deal: int) -> str | None:
    """The known answer for Microsoft deal ``deal`` (None outside 1..32000)."""
    first, last = MS_KNOWN_RANGE
    if not first <= deal <= last:
        return None
    return LOST if deal in MS_KNOWN_LOST else WON


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_common_options(parser, peer="fc-solve")
    parser.add_argument("--preset", default="lg",
                        help="fc-solve's configuration: a -l preset (default lg, looking-glass) "
                             "or 'default' (no -l)")
    args = parser.parse_args()
    try:
        rules = load_rules("freecell", parse_param_options(args.param or []))
    except PatienceError as exc:
        parser.error(str(exc))
    cores = pin_cores(parser, args.cpu, args.threads)
    cpu = cores[0]
    peer = None
    if not args.ours_only:
        try:
            peer = FcSolve(rules, args.preset)
        except PatienceError as exc:
            parser.error(str(exc))
    rows = []
    for deal in args.deals:
        try:
            order = order_for(rules, DealNumber("ms", deal))
        except PatienceError as exc:
            parser.error(str(exc))
        row = Row(deal)
        if not args.peer_only:
            row.ours = run_ours(rules, order, args.timeout, args.threads)
        if peer:
            try:
                row.theirs = peer.solve(board_text(start_position(rules, order)), args.timeout)
            except PatienceError as exc:
                print(str(exc).splitlines()[0], file=sys.stderr)
                raise SystemExit(1)
        rows.append(row)
        if args.progress:
            report_progress(row)
    summary = summarize(rows)
    peer_name = f"fc-solve ({args.preset} configuration)"
    cells = " ".join(args.param or []) or "(defaults)"
    header = [f"freecell {cells}, Microsoft deals {args.deals}, timeout {args.timeout:g} s per deal "
              f"per solver, " + cores_note(cores)]
    wrong_known = [r.deal for r in rows if r.theirs and r.theirs.verdict != UNKNOWN
                   and known_verdict(r.deal) not in (None, r.theirs.verdict)]
    checked = [r for r in rows if r.theirs and known_verdict(r.deal) is not None]
    if peer and len(rules.cells) == 4:
        header.append(f"fc-solve against the known answers (all solvable but #11982): {len(checked)} deals "
                      f"checked, {len(wrong_known)} wrong" + (f" (deals {wrong_known[:20]})" if wrong_known else ""))
    if args.json:
        print_json({"variant": "freecell", "params": args.param or [], "deals": str(args.deals),
                    "timeout": args.timeout, "cpu": cpu, "threads": args.threads, "peer": "fc-solve", "preset": args.preset,
                    "ours": summary.ours, "theirs": summary.theirs,
                    "both_decided": summary.both_decided, "agree": summary.agree,
                    "disagree": summary.disagree, "ratio_mean": summary.ratio_mean,
                    "ratio_mean_both_decided": summary.ratio_mean_both_decided,
                    "peer_wrong_against_known": wrong_known if len(rules.cells) == 4 else None,
                    "rows": rows_json(rows)})
        return
    if args.csv:
        print_rows_csv(rows)
    print_summary(header, summary, peer_name)


if __name__ == "__main__":
    main()
