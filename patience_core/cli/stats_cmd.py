"""`patience stats`: win rates over a range of deals, and (with --history) the games you played."""
from __future__ import annotations

import sys
from typing import List, Optional

import typer

from patience_core.errors import PatienceError
from patience_core.variants.loader import parse_param_options
from patience_core.stats.runner import POLICIES, RunSpec, StatsReport, command_line_plugin_files, run_stats
from patience_core.cli import app
from patience_core.cli.common import FileOpt, JsonOpt, ParamOpt, VariantArg, print_json


@app.command("stats")
def stats(
    variant: Optional[str] = VariantArg,
    deals: Optional[int] = typer.Option(None, "--deals", "-n", help="How many deals (seeds START..START+N-1)."),
    start: int = typer.Option(1, "--start", help="The first deal number."),
    policy: str = typer.Option("player", "--policy",
                               help="player: the no-peeking player; naive: first card that fits; "
                                    "solver: perfect information (knows the stock order)."),
    workers: int = typer.Option(1, "--workers", "-w", help="Processes to spread the deals over (0: one per core)."),
    timeout: Optional[float] = typer.Option(None, "--timeout", help="Solver: seconds per deal before 'unknown' "
                                            "(depends on the machine; --max-positions does not)."),
    max_positions: Optional[int] = typer.Option(None, "--max-positions",
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
    if deals < 1:
        raise typer.BadParameter(f"--deals {deals}: expected at least 1")
    if policy not in POLICIES:
        raise typer.BadParameter(f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}")
    if workers < 0:
        raise typer.BadParameter(f"--workers {workers}: expected 0 (one per core) or more")
    if timeout is not None and timeout <= 0:
        raise typer.BadParameter(f"--timeout {timeout}: expected a positive number of seconds")
    if max_positions is not None and max_positions < 1:
        raise typer.BadParameter(f"--max-positions {max_positions}: expected at least 1")
    if workers == 0:
        import os
        workers = os.cpu_count() or 1
    spec = RunSpec(variant=variant, params=tuple(parse_param_options(params).items()), file=file,
                   policy=policy, timeout=timeout, max_positions=max_positions,
                   plugin_files=command_line_plugin_files())
    show_bar = not as_json and sys.stderr.isatty()
    report = _run_with_bar(spec, start, deals, workers) if show_bar else run_stats(spec, start, deals, workers)
    if as_json:
        print_json(report.to_json())
    else:
        print(summary_text(report))
    if report.interrupted:
        print(f"interrupted: the figures cover the {report.deals} of {report.requested} deals finished",
              file=sys.stderr)
        raise typer.Exit(130)


def _run_with_bar(spec: RunSpec, start: int, deals: int, workers: int) -> StatsReport:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    console = Console(stderr=True)
    columns = (TextColumn("[progress.description]{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(f"{spec.policy} on {spec.variant or spec.file}", total=deals)
        return run_stats(spec, start, deals, workers, on_progress=lambda n: progress.advance(task, n))


def summary_text(report: StatsReport) -> str:
    low, high = report.interval
    params = " ".join(f"{k}={v}" for k, v in report.params_text.items())
    last = report.start + report.requested - 1
    rate = report.deals / report.seconds if report.seconds else 0.0
    undecided = (" (undecided deals count as lost for the lower bound, as won for the upper)"
                 if report.unknown else "")
    limits = []
    if report.spec.max_positions is not None:
        limits.append(f"at most {report.spec.max_positions} positions")
    if report.spec.timeout is not None:
        limits.append(f"at most {report.spec.timeout:g} s")
    return "\n".join([
        f"{report.rules_name}" + (f" ({params})" if params else "") + f", deals {report.start}..{last}, "
        f"policy {report.spec.policy}" + (f" ({', '.join(limits)} per deal)" if limits else "")
        + f", {report.workers} worker{'s' if report.workers != 1 else ''}",
        f"won {report.won}, lost {report.lost}, unknown {report.unknown} of {report.deals} deals",
        f"win rate {100 * report.win_rate:.2f} %, 95 % interval {100 * low:.2f}-{100 * high:.2f} %{undecided}",
        f"time {report.seconds:.1f} s ({rate:.1f} deals/s)",
    ])


def _history(as_json: bool) -> None:
    try:
        from patience_core.storage.history import history_report
    except ImportError:
        raise PatienceError("stats --history: the record of played games is not available in this build "
                            "(module patience_core.storage.history is missing)") from None
    history_report(as_json)
