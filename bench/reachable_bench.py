"""Benchmark: how many positions a proof of loss must visit before rule R3 can cut.

    python bench/reachable_bench.py VARIANT [--param K=V ...] [--seeds 9,12 | --start 1
                                    --deals 20] [--cap 400000] [--until-stock 30]

A proof that a deal is lost expands every node the search can reach and cannot cut.
Rule R3 (docs/solver.md) cuts only in the last pass, once the stock is down to
``--until-stock`` cards (the search's STOCK_FREE_MAX_STOCK); before that horizon only rule
B1 cuts. This script walks the search's own graph (its macro moves, safe plays, D1 and B1;
no R3) from the deal, counts each node once by the search's exact key, and stops at the
horizon or at ``--cap`` nodes before it. On a lost deal every one of those nodes is
expanded by the solver, so the count is a lower bound on a proof's positions; divided by
the search's positions per second (``bench/solve_bench.py``), on its seconds.

Prints one line per deal: the nodes before the horizon (">=" when the cap came first),
the nodes on it (where R3's checks would start), and the seconds the walk took.
"""
from __future__ import annotations

import time

from deal_args import deal_parser, load_variant, numbers
from patience_core import seeded_order
from patience_core.model.deal import start_position
from patience_core.solver.search import STOCK_FREE_MAX_STOCK, Search


def count_nodes(search: Search, until_stock: int, cap: int):
    """(nodes before R3's horizon, nodes on it, capped?): every node of the search's graph
    (macro moves, safe plays, rule B1) reachable from the deal, each counted once; a node
    of the last pass with at most ``until_stock`` stock cards is on the horizon (R3 is
    checked there) and is not expanded."""
    seen: set = set()
    counts = [0, 0]

    def visit() -> bool:
        depth = len(search.trail)
        search.apply_safe()
        key = search.key()
        if key not in seen:
            seen.add(key)
            horizon = not search.redeals and len(search.stock) <= until_stock
            counts[horizon] += 1
            if counts[0] >= cap:
                return False
            if not horizon and not search.dead_end():
                for child in search.children():
                    search.apply_child(child)
                    if not visit():
                        return False
                    search.undo_to(depth)
        search.undo_to(depth)
        return True

    finished = visit()
    return counts[0], counts[1], not finished


def main() -> None:
    parser = deal_parser(__doc__, deals=20)
    parser.add_argument("--seeds", type=numbers("seeds"), default=None, help="comma-separated seeds")
    parser.add_argument("--cap", type=int, default=400000, help="positions per deal at most")
    parser.add_argument("--until-stock", type=int, default=STOCK_FREE_MAX_STOCK,
                        help="stop once the last pass has this many stock cards left")
    args = parser.parse_args()
    rules = load_variant(parser, args)
    seeds = args.seeds or list(range(args.start, args.start + args.deals))
    print(f"{args.variant} {' '.join(args.param) or '(defaults)'}: positions reachable before "
          f"the last pass is down to {args.until_stock} stock cards (cap {args.cap:,})")
    for seed in seeds:
        began = time.perf_counter()
        search = Search(start_position(rules, seeded_order(rules, seed)))
        inside, on_horizon, capped = count_nodes(search, args.until_stock, args.cap)
        print(f"  seed {seed:4d}: {'>=' if capped else '  '}{inside:>10,} positions before the "
              f"horizon, {on_horizon:,} on it{' (so far)' if capped else ''}, "
              f"{time.perf_counter() - began:.1f} s", flush=True)


if __name__ == "__main__":
    main()
