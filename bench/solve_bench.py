"""Benchmark: the solver over a range of deals of one variant, one core, one process.

    python bench/solve_bench.py VARIANT [--param K=V ...] [--start 1] [--deals 50] [--timeout 10]
                                [--max-positions N] [--beam-share N] [--off RULE ...] [--verbose]

Prints how many deals were decided (won / lost) and how many stayed unknown, the median
and the maximum seconds per deal, and positions searched per second over the run.
``--off WASTE_ORDER`` (or another of general/pack.py's switches) runs the search without that rule.
"""
from __future__ import annotations

import statistics
import sys
import time

from deal_args import deal_parser, load_variant
from patience_core import seeded_order
from patience_core.solver.general import pack
from patience_core.solver.general import search as general
from patience_core.solver.solve import solve


def main() -> None:
    parser = deal_parser(__doc__, deals=50)
    parser.add_argument("--timeout", type=float, default=10.0, help="seconds per deal")
    parser.add_argument("--max-positions", type=int, default=None)
    parser.add_argument("--beam-share", type=int, default=None,
                        help="the beams' share for this game, whether or not it has beams (search.beam_share; 0: none)")
    switches = sorted(name for name, value in vars(pack).items() if name.isupper() and isinstance(value, bool))
    parser.add_argument("--off", action="append", default=[], choices=switches,
                        help="a rule of the pruned search to switch off (general/pack.py)")
    parser.add_argument("--verbose", "-v", action="store_true", help="one line per deal")
    args = parser.parse_args()
    for name in args.off:
        setattr(pack, name, False)
    rules = load_variant(parser, args)
    if args.beam_share is not None:
        general.beam_share = lambda rules: args.beam_share
    counts = {"won": 0, "lost": 0, "unknown": 0}
    times, positions = [], 0
    began = time.perf_counter()
    for seed in range(args.start, args.start + args.deals):
        result = solve(rules, seeded_order(rules, seed), timeout=args.timeout,
                       max_positions=args.max_positions)
        counts[result.verdict] += 1
        times.append(result.seconds)
        positions += result.positions
        if args.verbose:
            print(f"seed {seed}: {result.verdict} {result.positions} positions {result.seconds:.3f} s",
                  flush=True)
    total = time.perf_counter() - began
    decided = counts["won"] + counts["lost"]
    params = " ".join(args.param) or "(defaults)"
    print(f"{args.variant} {params} seeds {args.start}-{args.start + args.deals - 1} "
          f"timeout {args.timeout:g} s")
    print(f"decided {decided}/{args.deals}: won {counts['won']}, lost {counts['lost']}, "
          f"unknown {counts['unknown']}")
    print(f"seconds per deal: median {statistics.median(times):.3f}, max {max(times):.3f}; "
          f"total {total:.1f} s")
    print(f"positions/s: {positions / total:,.0f} ({positions:,} positions)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
