"""How fast and how often the compiled search decides deals of any game with moves between piles.

    python bench/general_bench.py freecell --deals ms:1-1000          # Microsoft deals
    python bench/general_bench.py freecell --deals ms:11982-11982
    python bench/general_bench.py klondike --deals 1-200 -p draw=3 -p worry=yes --timeout 10
    python bench/general_bench.py spider --deals 1-50 -p suits=1 --json
    python bench/general_bench.py klondike --deals 1-100 --max-positions 100000 --plain-key

Each deal is solved by ``solve`` (the same code as ``patience solve``), one after another
on one core; every winning line is replayed through the engine. The summary gives the
verdicts, the solvable share with its Wilson interval (undecided deals counted as lost
for the lower bound and as won for the upper), and the time and positions per deal.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from patience_core.model import deal_numbers
from patience_core.model.deal import seeded_order
from patience_core.solver.general import pack
from patience_core.solver.solve import solve
from patience_core.stats.runner import decided_interval
from patience_core.variants.catalog import load_rules


def parse_deals(text: str) -> tuple[str | None, int, int]:
    scheme, _, span = text.rpartition(":")
    first, _, last = span.partition("-")
    return (scheme or None), int(first), int(last or first)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("variant")
    parser.add_argument("--deals", default="1-100", help="A-B (the project's seeds), or ms:A-B / pysol:A-B")
    parser.add_argument("-p", "--param", action="append", default=[], help="K=V, as patience's -p")
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal (default 10)")
    parser.add_argument("--max-positions", type=int, default=None)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--progress", type=int, default=0, help="print a line every N deals")
    parser.add_argument("--plain-key", action="store_true",
                        help="key where each card lies (free arrangement off: docs/solver.md G5)")
    args = parser.parse_args(argv)
    if args.plain_key:
        pack.FREE_ARRANGEMENT = False
    rules = load_rules(args.variant, dict(p.split("=", 1) for p in args.param))
    scheme, first, last = parse_deals(args.deals)
    counts = {"won": 0, "lost": 0, "unknown": 0}
    times, cpu_times, positions, slowest = [], [], [], (0.0, None)
    searches = set()
    for number in range(first, last + 1):
        if scheme is None:
            order = seeded_order(rules, number)
        else:
            order = deal_numbers.order_for(rules, deal_numbers.parse_deal(f"{scheme}:{number}"))
        began, began_cpu = time.perf_counter(), time.process_time()
        result = solve(rules, order, timeout=args.timeout, max_positions=args.max_positions)
        seconds = time.perf_counter() - began
        cpu_times.append(time.process_time() - began_cpu)
        counts[result.verdict] += 1
        times.append(seconds)
        positions.append(result.positions)
        searches.add(result.search)
        if seconds > slowest[0]:
            slowest = (seconds, number)
        if args.progress and (number - first + 1) % args.progress == 0:
            print(f"  {number}: {counts}", file=sys.stderr, flush=True)
    n = len(times)
    low, high = decided_interval(counts["won"], counts["unknown"], n)
    summary = {
        "variant": args.variant, "params": args.param, "plain_key": args.plain_key, "deals": args.deals, "timeout": args.timeout,
        "search": sorted(searches), **counts,
        "solvable": counts["won"] / n, "interval": [low, high],
        "mean_ms": 1000 * statistics.fmean(times), "median_ms": 1000 * statistics.median(times),
        "max_ms": 1000 * slowest[0], "slowest_deal": slowest[1],
        "positions_per_second": sum(positions) / max(sum(times), 1e-9),
        # CPU time and positions do not grow when other work shares the cores
        "cpu_mean_ms": 1000 * statistics.fmean(cpu_times),
        "mean_positions": statistics.fmean(positions), "median_positions": statistics.median(positions),
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(f"{args.variant} {' '.join(args.param)} deals {args.deals} ({', '.join(sorted(searches))} search, "
              f"timeout {args.timeout:g} s): won {counts['won']}, lost {counts['lost']}, unknown {counts['unknown']}")
        print(f"solvable {100 * summary['solvable']:.2f} % (95 % interval {100 * low:.2f}-{100 * high:.2f} %)")
        print(f"per deal: mean {summary['mean_ms']:.1f} ms, median {summary['median_ms']:.1f} ms, "
              f"slowest {summary['max_ms']:.0f} ms (deal {slowest[1]}); "
              f"{summary['positions_per_second']:,.0f} positions/s")
        print(f"CPU mean {summary['cpu_mean_ms']:.1f} ms; positions per deal: mean {summary['mean_positions']:,.0f}, "
              f"median {summary['median_positions']:,.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
