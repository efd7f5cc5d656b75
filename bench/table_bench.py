"""How much memory the solver's table of lost positions takes, and how long a solve
without limits runs before the table's size limit ends it (issue 17, item 7).

    python bench/table_bench.py [--variant royal-cotillion] [--seed 9] [--limit N]

Runs one search with restarts (as ``patience solve``) with the given table limit and
prints positions, table entries, seconds and the growth of the peak resident memory.
"""
from __future__ import annotations

import argparse
import gc
import random
import resource
import time

from patience_core import load_rules, seeded_order
from patience_core.model.deal import start_position
from patience_core.solver.search import TABLE_LIMIT, Search, SearchLimit
from patience_core.solver.solve import RESTART_SEED


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal-cotillion")
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--limit", type=int, default=TABLE_LIMIT)
    args = parser.parse_args()
    rules = load_rules(args.variant)
    position = start_position(rules, seeded_order(rules, args.seed))
    gc.disable()  # as solve_position does
    before = peak_mb()
    search = Search(position, table_limit=args.limit)
    search.rng = random.Random(RESTART_SEED)
    began = time.perf_counter()
    try:
        outcome = search.run()
    except SearchLimit as reached:
        outcome = f"unknown ({reached.reason})"
    seconds = time.perf_counter() - began
    grown = peak_mb() - before
    print(f"{args.variant} deal {args.seed}, table limit {args.limit}: {outcome}")
    # Only a search ended by the table has exactly ``limit`` entries (the C table is not visible).
    per_entry = f" ({grown * 2**20 / args.limit:.0f} bytes per table entry)" if "table" in str(outcome) else ""
    print(f"{search.positions} positions in {seconds:.1f} s; peak memory grew by {grown:.0f} MB{per_entry}")


if __name__ == "__main__":
    main()
