"""Benchmark: what each rule of the no-peeking player is worth, on one variant.

    python bench/player_bench.py [--variant royal-cotillion] [--deals 2000] [--store]

Plays the same deals with the naive policy, the naive policy with the player's choice
of foundation (the pile with fewer cards), the player, and the player made to hold
reserve cards back while the waste top is more than 0, 2 or 4 cards from fitting (the
"wait for a card worth saving" advice). ``--store`` adds the table to
bench/win_rates.json, from which bench/win_rates.py writes docs/win-rates.md.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from patience_core import deal_seed, load_rules
from patience_core.agents import player as player_module
from patience_core.stats.intervals import wilson
from patience_core.agents.player import best_foundation, play_player
from patience_core.agents.policies import play_naive
from patience_core.model.position import NO_CARD

RESULTS = Path(__file__).resolve().parent / "win_rates.json"


def play_naive_fewer_cards(position) -> None:
    """The naive policy, except that a card fitting two piles goes on the one with fewer cards."""
    rules = position.rules
    while True:
        move = None
        for pile, card in position.free_cards():
            if position.takers[card]:
                move = (pile, best_foundation(position, card), card)
                break
        if move is None:
            stock = position.piles[rules.stock]
            if stock:
                move = (rules.stock, rules.waste, stock[-1])
            elif position.redeals_left and position.piles[rules.waste]:
                move = (rules.waste, rules.stock, NO_CARD)
            else:
                return
        position.apply(move)


def holding(threshold: int):
    def play(position) -> None:
        saved = player_module.HOLD_BEYOND
        player_module.HOLD_BEYOND = threshold
        try:
            play_player(position)
        finally:
            player_module.HOLD_BEYOND = saved
    return play


POLICIES = [
    ("naive", play_naive),
    ("naive, card on the pile with fewer cards", play_naive_fewer_cards),
    ("player", play_player),
    ("player holding reserve cards, waste top > 0 from fitting", holding(0)),
    ("player holding reserve cards, waste top > 2 from fitting", holding(2)),
    ("player holding reserve cards, waste top > 4 from fitting", holding(4)),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="royal-cotillion")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--store", action="store_true")
    args = parser.parse_args()
    rules = load_rules(args.variant)
    rows = []
    print(f"{args.variant}, deals 1..{args.deals}")
    for label, play in POLICIES:
        began = time.perf_counter()
        won = 0
        for seed in range(1, args.deals + 1):
            position = deal_seed(rules, seed)
            play(position)
            won += position.is_won()
        seconds = time.perf_counter() - began
        low, high = wilson(won, args.deals)
        rows.append({"policy": label, "won": won, "deals": args.deals})
        print(f"{label:<58} {won:>5}/{args.deals}  {100 * won / args.deals:5.1f} % "
              f"[{100 * low:.1f}-{100 * high:.1f}]  {args.deals / seconds:6.0f} deals/s", flush=True)
    if args.store:
        results = json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}
        results["ablation"] = {"variant": args.variant, "rows": rows,
                               "command": f"python bench/player_bench.py --variant {args.variant} "
                                          f"--deals {args.deals}"}
        RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
