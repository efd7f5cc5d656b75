"""Benchmark: the naive reference policy over a range of deals, per shipped variant.

    python bench/naive_bench.py [--deals 2000] [--start 1] [--only royal-cotillion]

Prints games per second (one core, one process) and the win rate with its 95 %
Wilson interval. The deal (shuffle + layout) is part of each timed game.
"""
from __future__ import annotations

import argparse
import time

from patience_core import deal_seed, load_rules
from patience_core.stats.intervals import wilson
from patience_core.agents.policies import play_naive

CASES = [
    ("royal-cotillion", {}),
    ("royal-cotillion", {"bases": "dealt"}),
    ("gavotte", {}),
    ("gavotte", {"ranks": "6,7"}),
    ("odd-and-even", {}),
    ("contradance", {}),
    ("contradance", {"bases": "dealt"}),
    ("contradance", {"redeals": "2", "bases": "dealt"}),
]


def run(name: str, params: dict, start: int, deals: int) -> tuple[int, float]:
    rules = load_rules(name, params)
    won = 0
    began = time.perf_counter()
    for seed in range(start, start + deals):
        position = deal_seed(rules, seed)
        play_naive(position)
        won += position.is_won()
    return won, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--only", help="one variant name")
    args = parser.parse_args()
    print(f"{'variant':<16} {'params':<22} {'games/s':>8} {'win %':>6}  95 % interval")
    for name, params in CASES:
        if args.only and name != args.only:
            continue
        won, seconds = run(name, params, args.start, args.deals)
        low, high = wilson(won, args.deals)
        shown = " ".join(f"{k}={v}" for k, v in params.items()) or "(defaults)"
        print(f"{name:<16} {shown:<22} {args.deals / seconds:8.0f} {100 * won / args.deals:6.2f}"
              f"  {100 * low:.2f}-{100 * high:.2f}  ({won}/{args.deals} deals {args.start}.."
              f"{args.start + args.deals - 1})")


if __name__ == "__main__":
    main()
