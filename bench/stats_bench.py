"""Benchmark: `patience stats` with 2 worker processes against 1, per policy.

    python bench/stats_bench.py [--variant royal-cotillion] [--scale 1.0] [--skip-solver]

Runs the same seeds with ``workers=1`` and ``workers=2`` (the code path of
``patience stats --workers K``, pool start-up included), checks that both give the
same per-seed outcomes, and prints the speed-up. The target on a 2-core machine is
at least 1.8x. It also prints the CPU time the two workers spend altogether over
the CPU time of one (``CPU 2/1``): that ratio does not depend on other load, and on
an idle machine the speed-up is about 2 divided by it. And it first measures the
ceiling: how much faster a plain CPU loop runs split over 2 processes than in 1,
right now (2.0 on an idle 2-core machine, less when others use the cores), and
gives each speed-up as a share of that ceiling. Deal counts are chosen so one run takes a few seconds; ``--scale``
multiplies them. Other load on the machine lowers the figure: run it on a quiet one.
"""
from __future__ import annotations

import argparse
import os
import resource
import time

from patience_core.stats.runner import RunSpec, run_stats

# (policy, deals at scale 1, solver limit): the solver's position limit keeps every deal
# short and the verdicts the same on any machine (sized for the compiled engine: about
# 0.3 s a deal it cannot decide; without the engine the solver row takes 100 times longer).
CASES = [("naive", 30000, None), ("player", 6000, None), ("solver", 60, 2_000_000)]


def measure(variant: str, policy: str, deals: int, max_positions: int | None, start: int,
            repeats: int) -> dict:
    """Best of ``repeats`` alternating runs (1, 2, 1, 2, ...): other load on a shared machine
    only ever slows a run down, so the fastest run is the fairest."""
    spec = RunSpec(variant=variant, policy=policy, max_positions=max_positions)
    best = {1: float("inf"), 2: float("inf")}
    cpu = {1: float("inf"), 2: float("inf")}
    outcomes = {}
    for _ in range(repeats):
        for workers in (1, 2):
            before = _cpu_seconds()
            report = run_stats(spec, start, deals, workers=workers, keep_verdicts=True)
            cpu[workers] = min(cpu[workers], _cpu_seconds() - before)
            best[workers] = min(best[workers], report.seconds)
            outcomes[workers] = report.outcomes
    if outcomes[1] != outcomes[2]:
        raise SystemExit(f"{policy}: workers 1 and 2 disagree on some deal: determinism is broken")
    return {"policy": policy, "deals": deals, "one": best[1], "two": best[2], "speedup": best[1] / best[2],
            "cpu_ratio": cpu[2] / cpu[1]}


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def machine_speedup(repeats: int, n: int = 8_000_000) -> float:
    """What 2 processes get over 1 on this machine right now for a plain CPU loop (the same
    work split in two): the ceiling for any 2-worker speed-up while other load runs."""
    import multiprocessing
    best_one = best_two = float("inf")
    with multiprocessing.get_context("fork").Pool(2) as pool:
        for _ in range(repeats):
            began = time.perf_counter()
            _burn(n)
            best_one = min(best_one, time.perf_counter() - began)
            began = time.perf_counter()
            pool.map(_burn, [n // 2, n // 2])
            best_two = min(best_two, time.perf_counter() - began)
    return best_one / best_two


def _cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the pool's workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal-cotillion")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the deal counts")
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--skip-solver", action="store_true")
    parser.add_argument("--repeats", type=int, default=2, help="alternating runs per setting; the best counts")
    args = parser.parse_args()
    print(f"{args.variant}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the start "
          f"(above ~0.5 the machine is busy and the speed-up reads low); seeds from {args.start}")
    # The plain loop is short and this machine's timings are noisy: more tries than the policies get.
    ceiling = machine_speedup(max(6, args.repeats))
    print(f"a plain CPU loop split over 2 processes runs {ceiling:.2f}x as fast as in 1 (the ceiling now)")
    print(f"{'policy':<8} {'deals':>6} {'1 worker':>9} {'2 workers':>10} {'speed-up':>9} {'of ceiling':>10} "
          f"{'CPU 2/1':>8}  deals/s (2 workers)")
    for policy, deals, limit in CASES:
        if policy == "solver":
            if args.skip_solver:
                continue
            try:
                import patience_core.solver.solve  # noqa: F401
            except ImportError:
                print("solver   (not available in this build)")
                continue
        n = max(2, int(deals * args.scale))
        r = measure(args.variant, policy, n, limit, args.start, args.repeats)
        note = f" (at most {limit} positions per deal)" if limit else ""
        print(f"{policy:<8} {n:>6} {r['one']:>8.2f}s {r['two']:>9.2f}s {r['speedup']:>8.2f}x {r['speedup'] / ceiling:>9.0%} {r['cpu_ratio']:>8.2f}  "
              f"{n / r['two']:.0f}{note}")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
