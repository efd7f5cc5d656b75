"""The compiled search's signature on a fixed set of deals, and its CPU time: for changes meant to
make the same search faster.

    python bench/general_signature.py before.txt      # on the old build
    python bench/general_signature.py after.txt       # on the new build
    cmp before.txt after.txt                          # the same search: no output

The set: Klondike draw 3 with worry and partial runs only to free a foundation card, seeds 1-40
at 100 000 positions; Klondike draw 1, seeds 1-20 at 50 000; Microsoft FreeCell 1-300 at
200 000; Spider one suit, seeds 1-5 at 50 000. The file gets one line a deal (verdict,
positions, line length), which any change of children, order or key shows; stdout gets the
positions and CPU seconds per game. The machine's speed varies between identical runs
(here up to 15 %): compare the least of several runs of each build.
"""
from __future__ import annotations

import argparse
import time

from patience_core.model import deal_numbers
from patience_core.model.deal import seeded_order, start_position
from patience_core.solver.general import search as general
from patience_core.variants.catalog import load_rules

TABLE_LIMIT = 4_000_000
GAMES = [  # variant, parameters, deals, position limit, deal numbering (None: the project's seeds)
    ("klondike", {"draw": "3", "worry": "yes", "partial": "to-foundation"}, range(1, 41), 100_000, None),
    ("klondike", {"draw": "1"}, range(1, 21), 50_000, None),
    ("freecell", {}, range(1, 301), 200_000, "ms"),
    ("spider", {"suits": "1"}, range(1, 6), 50_000, None),
]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("output", help="file for the signature, one line a deal")
    args = parser.parse_args(argv)
    if not general.available():
        parser.error("the compiled search is not built (pip install -e . with a C compiler)")
    try:   # opened first, so a bad path fails before the run, not after it
        out = open(args.output, "w", encoding="utf-8")
    except OSError as exc:
        parser.error(f"cannot write the signature to {args.output}: {exc.strerror}")
    lines, all_positions, all_seconds = [], 0, 0.0
    for name, params, deals, limit, scheme in GAMES:
        rules = load_rules(name, params)
        positions, seconds = 0, 0.0
        for number in deals:
            order = (seeded_order(rules, number) if scheme is None else
                     deal_numbers.order_for(rules, deal_numbers.parse_deal(f"{scheme}:{number}")))
            position = start_position(rules, order)
            began = time.process_time()
            verdict, line, count, _most, _limit = general.compiled_search(position, limit, None, TABLE_LIMIT)
            seconds += time.process_time() - began
            positions += count
            lines.append(f"{name} {number}: {verdict} {count} {len(line)}")
        print(f"{name} {params}: {positions} positions, {seconds:.2f} s CPU, {positions / seconds:,.0f} a second")
        all_positions += positions
        all_seconds += seconds
    with out:
        out.write("\n".join(lines) + "\n")
    print(f"all: {all_positions} positions, {all_seconds:.2f} s CPU, {all_positions / all_seconds:,.0f} a second")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
