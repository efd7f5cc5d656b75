"""Benchmark: random legal playouts, the engine's raw speed on any variant.

    python bench/playout_bench.py [--games 200] [--max-moves 400] [--only klondike]

Each game deals a seed, then plays uniformly random legal moves (a seeded generator)
until no move is legal or ``--max-moves`` moves are made: what a Monte Carlo agent or
a fuzzing test costs. Prints moves and games per second (one core, one process), and
where the time of one move goes: listing the legal moves, applying, undoing.
"""
from __future__ import annotations

import argparse
import random
import time

from patience_core import deal_seed, load_rules

CASES = ["royal-cotillion", "klondike", "freecell", "spider", "golf", "yukon", "canfield",
         "forty-thieves", "sir-tommy", "calculation"]


def playouts(name: str, games: int, max_moves: int, seed: int) -> dict:
    rules = load_rules(name)
    rng = random.Random(seed)
    moves = 0
    listing = applying = undoing = 0.0
    clock = time.perf_counter
    began = clock()
    for deal in range(1, games + 1):
        position = deal_seed(rules, deal)
        for _ in range(max_moves):
            t0 = clock()
            legal = position.legal_moves()
            t1 = clock()
            listing += t1 - t0
            if not legal:
                break
            position.apply(rng.choice(legal))
            applying += clock() - t1
            moves += 1
        # Undo the whole game: the cost of taking moves back, and a check that it works.
        t2 = clock()
        while position.history:
            position.undo()
        undoing += clock() - t2
    seconds = clock() - began
    return {"moves": moves, "seconds": seconds, "listing": listing, "applying": applying,
            "undoing": undoing, "games": games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--only", help="one variant name")
    args = parser.parse_args()
    print(f"{'variant':<16} {'moves/s':>9} {'games/s':>8} {'moves/game':>10}   time: list / apply / undo")
    for name in CASES:
        if args.only and name != args.only:
            continue
        r = playouts(name, args.games, args.max_moves, args.seed)
        total = r["listing"] + r["applying"] + r["undoing"]
        print(f"{name:<16} {r['moves'] / r['seconds']:9.0f} {r['games'] / r['seconds']:8.1f} "
              f"{r['moves'] / r['games']:10.1f}   {100 * r['listing'] / total:4.0f}% / "
              f"{100 * r['applying'] / total:4.0f}% / {100 * r['undoing'] / total:4.0f}%")


if __name__ == "__main__":
    main()
