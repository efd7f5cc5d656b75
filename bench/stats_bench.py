"""Benchmark: `patience stats` with 2 worker processes against 1, per policy.

    python bench/stats_bench.py [--variant royal-cotillion] [--scale 1.0] [--skip-solver]

Runs the same seeds with ``workers=1`` and ``workers=2`` (the code path of
``patience stats --workers K``, pool start-up included), checks that both give the
same per-seed outcomes, and prints the speed-up. The target on a 2-core machine is
at least 1.8x. Deal counts are chosen so one run takes a few seconds; ``--scale``
multiplies them. Other load on the machine lowers the figure: run it on a quiet one.
"""
from __future__ import annotations

import argparse
import os

from patience_core.stats import RunSpec, run_stats

# (policy, deals at scale 1, solver limit): the solver's position limit keeps every deal
# short and the verdicts the same on any machine.
CASES = [("naive", 30000, None), ("player", 6000, None), ("solver", 60, 20000)]


def measure(variant: str, policy: str, deals: int, max_positions: int | None, start: int) -> dict:
    spec = RunSpec(variant=variant, policy=policy, max_positions=max_positions)
    one = run_stats(spec, start, deals, workers=1)
    two = run_stats(spec, start, deals, workers=2)
    if one.outcomes != two.outcomes:
        raise SystemExit(f"{policy}: workers 1 and 2 disagree on some deal: determinism is broken")
    return {"policy": policy, "deals": deals, "one": one.seconds, "two": two.seconds,
            "speedup": one.seconds / two.seconds, "won": one.won, "unknown": one.unknown}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal-cotillion")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the deal counts")
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--skip-solver", action="store_true")
    args = parser.parse_args()
    print(f"{args.variant}, {os.cpu_count()} cores; seeds from {args.start}")
    print(f"{'policy':<8} {'deals':>6} {'1 worker':>9} {'2 workers':>10} {'speed-up':>9}  deals/s (2 workers)")
    for policy, deals, limit in CASES:
        if policy == "solver":
            if args.skip_solver:
                continue
            try:
                import patience_core.solver  # noqa: F401
            except ImportError:
                print("solver   (not available in this build)")
                continue
        n = max(2, int(deals * args.scale))
        r = measure(args.variant, policy, n, limit, args.start)
        note = f" (at most {limit} positions per deal)" if limit else ""
        print(f"{policy:<8} {n:>6} {r['one']:>8.2f}s {r['two']:>9.2f}s {r['speedup']:>8.2f}x  "
              f"{n / r['two']:.0f}{note}")


if __name__ == "__main__":
    main()
