"""Benchmark: the search with and without rule R3 on endings (docs/solver.md).

    python bench/endings_bench.py VARIANT [--param K=V ...] [--start 1] [--deals 20]
                                  [--back 30,40,50] [--max-positions 20000] [--r3-only]
                                  [--check-budget 1000]

An ending is a seeded deal played by the naive policy to its end and taken back
``--back`` moves. Each ending is searched twice under the same position budget (with R3,
its own games' positions count in it): prints, for each distance, how many endings each
search decided (won / lost), the positions used on the endings both decided (with R3: the
search's, plus those of R3's games in brackets), and the seconds.
"""
from __future__ import annotations

import time

from deal_args import deal_parser, load_variant, numbers
from patience_core import seeded_order
from patience_core.model.deal import start_position
from patience_core.agents.policies import play_naive
from patience_core.solver.search import Search, SearchLimit


def ending(rules, seed: int, back: int):
    position = start_position(rules, seeded_order(rules, seed))
    record: list = []
    play_naive(position.copy(), record)
    for move in record[:max(0, len(record) - back)]:
        position.apply(move)
    return position


def search(position, stock_free: bool, limit: int, check_budget: int | None = None):
    """(verdict or None, search positions, R3's positions, seconds)."""
    began = time.perf_counter()
    s = Search(position.copy(), max_positions=limit, stock_free=stock_free)
    if check_budget is not None and s.stock_free is not None:
        s.stock_free.budget = check_budget
    try:
        verdict = s.run()
    except SearchLimit:
        verdict = None
    return verdict, s.positions, s.checked_positions(), time.perf_counter() - began


def main() -> None:
    parser = deal_parser(__doc__, deals=20)
    parser.add_argument("--back", default="30,40,50", type=numbers("numbers"),
                        help="moves before the end, comma-separated")
    parser.add_argument("--max-positions", type=int, default=20000)
    parser.add_argument("--r3-only", action="store_true", help="skip the search without R3")
    parser.add_argument("--check-budget", type=int, default=None,
                        help="positions one R3 check may use (default: the solver's)")
    args = parser.parse_args()
    rules = load_variant(parser, args)
    print(f"{args.variant} {' '.join(args.param) or '(defaults)'} seeds {args.start}-"
          f"{args.start + args.deals - 1}, {args.max_positions} positions per search")
    for back in args.back:
        rows = {False: [], True: []}
        for seed in range(args.start, args.start + args.deals):
            position = ending(rules, seed, back)
            for stock_free in (False, True):
                if stock_free or not args.r3_only:
                    rows[stock_free].append(search(position, stock_free, args.max_positions,
                                                   args.check_budget))
                else:
                    rows[stock_free].append((None, 0, 0, 0.0))
        both = [i for i in range(args.deals) if rows[True][i][0] is not None
                and (args.r3_only or rows[False][i][0] is not None)]
        for stock_free in (False, True) if not args.r3_only else (True,):
            results = rows[stock_free]
            won = sum(1 for r in results if r[0] is True)
            lost = sum(1 for r in results if r[0] is False)
            used = sum(results[i][1] for i in both)
            checks = sum(results[i][2] for i in both)
            seconds = sum(r[3] for r in results)
            print(f"  back {back:3d} {'with R3   ' if stock_free else 'without R3'}: decided "
                  f"{won + lost:3d}/{args.deals} (won {won}, lost {lost}); positions on the "
                  f"{len(both)} both decided: {used:,}{f' (+{checks:,})' if stock_free else ''}; "
                  f"{seconds:.1f} s", flush=True)


if __name__ == "__main__":
    main()
