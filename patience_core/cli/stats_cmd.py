"""`patience stats`: win rates over a range of deals, and (with --history) the games you played."""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path
from typing import List, Optional

import typer

from patience_core.errors import PatienceError
from patience_core.model.rules import Rules
from patience_core.variants.loader import parameter_text, parse_param_options
from patience_core.stats.cluster import parse_scheduler
from patience_core.stats.results import ResultsFile, describe_run
from patience_core.stats.runner import (MAX_POSITIONS, POLICIES, RunSpec, StatsReport, check_range, check_workers,
                                        command_line_plugin_files, deal_order, run_stats)
from patience_core.cli.common import FileOpt, JsonOpt, ParamOpt, VariantArg, deal_range, print_json


def stats(
    variant: Optional[str] = VariantArg,
    deals: Optional[str] = typer.Option(None, "--deals", "-n", metavar="N|RANGE", show_default=False,
                                        help="How many deals (seeds START..START+N-1), or which: 500-999 (seeds), "
                                             "ms:1-32000 (Microsoft FreeCell's numbers), pysol:1-1000 (PySolFC's)."),
    start: Optional[int] = typer.Option(None, "--start", show_default=False,
                                        help="The first deal number of a count (0 or more; default 1)."),
    policy: str = typer.Option("player", "--policy",
                               help="player: the no-peeking player; naive: first card that fits; "
                                    "solver: perfect information (knows the stock order); hindsight: the "
                                    "no-peeking player asking the solver about random deals of the unseen "
                                    "cards (slow: seconds a game)."),
    workers: Optional[int] = typer.Option(None, "--workers", "-w", show_default=False,
                                          help="Processes to spread the deals over (0: one per core; default 1)."),
    scheduler: Optional[str] = typer.Option(None, "--scheduler", metavar="ADDRESS",
                                            help="Run on a Dask cluster: tcp://HOST:PORT of a running "
                                                 "`dask scheduler`, or local:K to start K processes here."),
    out: Optional[Path] = typer.Option(None, "--out", metavar="FILE",
                                       help="Write one JSON line per finished deal to this new file."),
    resume: Optional[Path] = typer.Option(None, "--resume", metavar="FILE",
                                          help="Go on with the run in this results file: its deals are "
                                               "not played again, new ones are appended."),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="Solver: seconds per deal before 'unknown' "
                                            "(depends on the machine; --max-positions does not)."),
    max_positions: Optional[str] = typer.Option(None, "--max-positions", metavar="N", show_default=False,
                                                help="Solver: positions per deal before 'unknown' (reproducible)."),
    params: Optional[List[str]] = ParamOpt,
    file: Optional[str] = FileOpt,
    history: bool = typer.Option(False, "--history", help="Show the games you played (per variant) instead."),
    as_json: bool = JsonOpt,
) -> None:
    """How often a game comes out: play or solve many deals and report the win rate with its 95 % interval."""
    if history:
        if variant or file or deals is not None:
            raise typer.BadParameter("--history shows your recorded games; it takes no VARIANT, --file or --deals")
        _history(as_json)
        return
    if not variant and not file:
        raise typer.BadParameter("missing VARIANT (or --file FILE); see `patience list`")
    if variant and file:
        raise typer.BadParameter("give a variant name or --file, not both")
    if deals is None:
        raise typer.BadParameter("missing --deals N (how many deals to play)")
    if policy not in POLICIES:
        raise typer.BadParameter(f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}")
    numbering, start, deals = deal_range(deals, start)
    if workers is not None and workers < 0:  # the same one-line error as --workers 1000 (check_workers)
        raise PatienceError(f"--workers {workers}: expected 0 (one per core) or more")
    if workers is not None and scheduler is not None:
        raise typer.BadParameter("give --workers or --scheduler, not both (a cluster has its own workers)")
    if out is not None and resume is not None:
        raise typer.BadParameter("give --out (a new results file) or --resume (an existing one), not both")
    check_range(start, deals, numbering)
    if scheduler is not None:
        parse_scheduler(scheduler)  # a malformed address is refused before anything runs
    if workers is None:
        workers = 1
    elif workers == 0:
        workers = os.cpu_count() or 1
    check_workers(workers)
    spec = RunSpec(variant=variant, params=tuple(parse_param_options(params).items()), file=file,
                   policy=policy, timeout=timeout,
                   max_positions=None if max_positions is None else _positions(max_positions),
                   plugin_files=command_line_plugin_files(), numbering=numbering)
    rules = spec.compile()
    if numbering:  # a variant without other programs' numbers says so now, in one line
        deal_order(rules, start, numbering)
    run = describe_run(spec, rules.name, {k: parameter_text(v) for k, v in rules.params.items()})
    if numbering:  # the header says which deals the seeds are (absent: --seed numbers)
        run["numbering"] = numbering
    results = (ResultsFile.resume(resume, run) if resume is not None
               else ResultsFile.create(out, run) if out is not None else None)
    if resume is not None:
        outside = sum(1 for seed in results.done.seeds if not start <= seed < start + deals)
        if outside:
            print(f"warning: --resume {resume}: {outside} deal{'s' if outside != 1 else ''} of the file "
                  f"{'are' if outside != 1 else 'is'} outside deals {start}..{start + deals - 1} and not counted",
                  file=sys.stderr)
    try:
        report = _run(spec, rules, start, deals, workers, scheduler, results,
                      show_bar=not as_json and sys.stderr.isatty())
    except BaseException:
        if results is not None:
            results.close(discard_if_new_and_empty=True)  # a run that never started leaves no file
        raise
    if results is not None:
        results.close()
    if as_json:
        print_json(report.to_json() | ({"results": str(results.path)} if results else {}))
    else:
        print(summary_text(report, results.path if results else None))
    if report.interrupted:
        again = f"; --resume {results.path} goes on from there" if results else ""
        print(f"interrupted: the figures cover the {report.deals} of {report.requested} deals finished{again}",
              file=sys.stderr)
        raise typer.Exit(130)


def _positions(text: str) -> int:
    """--max-positions typed as digits or as 1e6, refused in one line outside 1..MAX_POSITIONS."""
    try:
        value = int(text) if text.strip().isdigit() else float(text)
    except ValueError:
        value = None
    if isinstance(value, float):
        value = int(value) if math.isfinite(value) and value.is_integer() else None
    if value is None or not 1 <= value <= MAX_POSITIONS:
        raise PatienceError(f"--max-positions {text}: expected a whole number from 1 to {MAX_POSITIONS:.0e}"
                            .replace("e+", "e"))
    return value


def _run(spec: RunSpec, rules: Rules, start: int, deals: int, workers: int, scheduler: Optional[str],
         results: Optional[ResultsFile], show_bar: bool) -> StatsReport:
    # SIGTERM and SIGHUP (a closed terminal, a batch system's stop) end a run as Ctrl-C does.
    options = dict(scheduler=scheduler, rules=rules, done=results.done if results else (),
                   on_results=results.write if results else None, stop_signals=("SIGINT", "SIGTERM", "SIGHUP"))
    if not show_bar:
        return run_stats(spec, start, deals, workers, **options)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    already = len({r.seed for r in options["done"] if start <= r.seed < start + deals})
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{spec.policy} on {spec.variant or spec.file}", total=deals, completed=already)
        return run_stats(spec, start, deals, workers, on_progress=lambda n: progress.advance(task, n), **options)


def summary_text(report: StatsReport, results: Optional[Path] = None) -> str:
    low, high = report.interval
    params = " ".join(f"{k}={v}" for k, v in report.params_text.items())
    last = report.start + report.requested - 1
    numbering = f"{report.spec.numbering}:" if report.spec.numbering else ""
    rate = report.played / report.seconds if report.seconds else 0.0
    undecided = (" (undecided deals count as lost for the lower bound, as won for the upper)"
                 if report.unknown else "")
    limits = []
    if report.spec.max_positions is not None:
        limits.append(f"at most {report.spec.max_positions} positions")
    if report.spec.timeout is not None:
        limits.append(f"at most {report.spec.timeout:g} s")
    return "\n".join([
        f"{report.rules_name}" + (f" ({params})" if params else "") + f", deals {numbering}{report.start}..{last}, "
        f"policy {report.spec.policy}" + (f" ({', '.join(limits)} per deal)" if limits else "")
        + (f", Dask cluster {report.where}" if report.where else "")
        + f", {report.workers} worker{'s' if report.workers != 1 else ''}",
        f"won {report.won}, lost {report.lost}, unknown {report.unknown} of {report.deals} deals"
        + (f" ({report.resumed} of them from {results})" if report.resumed else ""),
        f"win rate {100 * report.win_rate:.2f} %, 95 % interval {100 * low:.2f}-{100 * high:.2f} %{undecided}",
        f"time {report.seconds:.1f} s ({rate:.1f} deals/s)" + (f", each deal in {results}" if results else ""),
    ])


def _history(as_json: bool) -> None:
    try:
        from patience_core.storage.history import history_report
    except ImportError:
        raise PatienceError("stats --history: the record of played games is not available in this build "
                            "(module patience_core.storage.history is missing)") from None
    history_report(as_json)
