"""Benchmark: `patience stats --scheduler local:2` against `--workers 2` (the cost of Dask).

    python bench/cluster_bench.py [--variant royal-cotillion] [--deals 2000] [--policy player] [--repeats 3]

Three ways to run the same seeds, alternating (best of ``--repeats`` each, as other load
on a shared machine only slows a run down):

* ``--workers 2``: a local process pool (pool start-up included);
* ``--scheduler local:2``: a Dask LocalCluster of 2 processes, started and stopped by the
  run (what the command does, start-up included);
* ``--scheduler tcp://...`` to a LocalCluster of 2 that is already up (what a run on a
  standing cluster costs: connecting, sending the tasks, the workers compiling the rules).

It checks that all three give the same outcome for every seed and prints each time with
its overhead over ``--workers 2``; the target is at most 10 % on a 2000-deal player run.
``CPU`` is the processor time of this process and of the workers, altogether: it depends
less on other load than the wall time does (which on a busy shared machine says little:
run it on a quiet one), and shows what the cluster's own processes cost.
"""
from __future__ import annotations

import argparse
import os
import resource
import time

from patience_core.stats.cluster import start_local_cluster
from patience_core.stats.runner import RunSpec, run_stats


def _cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def _own_cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    return me.ru_utime + me.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal-cotillion")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--policy", default="player")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from distributed import Client

    spec = RunSpec(variant=args.variant, policy=args.policy)
    print(f"{args.variant}, {args.deals} deals from {args.start}, policy {args.policy}, {os.cpu_count()} cores, "
          f"load average {os.getloadavg()[0]:.2f} at the start")
    standing = start_local_cluster(2)  # as local:2 starts it
    watcher = Client(standing.scheduler_address, set_as_default=False)

    def standing_cpu() -> float:  # the standing workers never exit: ask them
        return sum(watcher.run(_own_cpu_seconds).values())
    ways = {"--workers 2": dict(workers=2), "--scheduler local:2": dict(scheduler="local:2"),
            "--scheduler tcp:// (standing)": dict(scheduler=standing.scheduler_address)}
    wall = {name: float("inf") for name in ways}
    cpu = {name: float("inf") for name in ways}
    outcomes = {}
    try:
        for _ in range(args.repeats):
            for name, options in ways.items():
                standing_before = standing_cpu() if "standing" in name else 0.0
                before, began = _cpu_seconds(), time.perf_counter()
                report = run_stats(spec, args.start, args.deals, keep_verdicts=True, **options)
                wall[name] = min(wall[name], time.perf_counter() - began)
                used = _cpu_seconds() - before + (standing_cpu() - standing_before if "standing" in name else 0.0)
                cpu[name] = min(cpu[name], used)
                outcomes[name] = (report.outcomes, report.won, report.lost, report.unknown)
    finally:
        watcher.close()
        standing.close()
    base = "--workers 2"
    if any(value != outcomes[base] for value in outcomes.values()):
        raise SystemExit("the ways disagree on some deal: determinism is broken")
    won = outcomes[base][1]
    print(f"same outcome for every seed all three ways: won {won} of {args.deals}")
    print(f"{'way':<31} {'wall':>7} {'overhead':>9} {'CPU':>7}")
    for name in ways:
        print(f"{name:<31} {wall[name]:>6.2f}s {wall[name] / wall[base] - 1:>+9.1%} {cpu[name]:>6.2f}s")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
