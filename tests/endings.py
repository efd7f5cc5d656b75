"""Endings of a deal for the oracle comparisons: the deal cut down to its last cards (the
cards the foundations want next put up), and copies with two cards swapped."""
from __future__ import annotations

import random

from patience_core.model.deal import seeded_order, start_position
from patience_core.model.legal import _suits_run
from patience_core.model.position import Position


def cut(rules, seed, rest):
    """Deal ``seed`` cut down to its last ``rest`` cards: the cards the foundations want
    next are taken from wherever they lie (from the talon first, else the top-most copy)
    and put up, until ``rest`` remain (or none is wanted: Golf's pile may wait for a card the
    layout no longer has); face-down cards stay face down where they still have a card above them."""
    position = start_position(rules, seeded_order(rules, seed))
    piles = [list(p) for p in position.piles]
    down = list(position.down)
    layout = [p for p in range(rules.n_piles) if not rules.is_foundation[p]]
    talon = {rules.stock, *rules.waste_piles}
    while sum(len(piles[p]) for p in layout) > rest:
        current = Position(rules, piles, position.redeals_left, down)
        # a run foundation mid-run is finished first: a run goes up only whole, so an
        # ending with two half-built runs could never be won
        taken = _continue_run(rules, piles, layout)
        for f in rules.foundations if not taken else ():
            wanted = current.wanted(f)
            if rules.f_spec[f].takes_run and not piles[f]:
                first = (rules.f_spec[f].ranks or (12,))[0]   # base: any (York): cut from the Kings
                wanted = [s * 13 + first for s in rules.pack_suits]
            for card in wanted or ():
                where = [(p, i) for p in layout for i, c in enumerate(piles[p]) if c == card]
                if where:
                    # the stock's and the waste's copy first, so the ending keeps its layout
                    p, i = max(where, key=lambda w: (w[0] in talon, w[1] - len(piles[w[0]]), w[0]))
                    del piles[p][i]
                    piles[f].append(card)
                    taken = True
                    break
            if taken:
                break
        if not taken:   # no card the foundations want is left (Golf's pile): cut no further
            break
        down = [min(d, max(0, len(piles[p]) - 1)) for p, d in enumerate(down)]
    return Position(rules, piles, position.redeals_left, down)


def _continue_run(rules, piles, layout) -> bool:
    """Put up the next card of a run foundation that holds part of a run; False if none does."""
    f = next((f for f in rules.run_foundations if 0 < len(piles[f]) < 13), None)
    if f is None:
        return False
    spec = rules.f_spec[f]
    ranks = spec.ranks or [(piles[f][0] - j) % 13 for j in range(13)]
    rank = ranks[len(piles[f])]
    # the run's next card: its suit related to the run's as the run rule says
    where = next(((p, i) for p in layout for i, c in enumerate(piles[p])
                  if c % 13 == rank and _suits_run(spec.run_suit, [*piles[f], c])), None)
    if where is None:   # no card of the run's next colour is left
        return False
    p, i = where
    card = piles[p][i]
    del piles[p][i]
    piles[f].append(card)
    return True


def endings(rules, seed, rest):
    """The cut deal, and copies with two of its cards swapped (some of them blocked)."""
    position = cut(rules, seed, rest)
    yield position
    rng = random.Random(seed * 100 + rest)
    layout = [p for p in range(rules.n_piles) if not rules.is_foundation[p] and position.piles[p]]
    for _ in range(3 if layout else 0):
        piles = [list(p) for p in position.piles]
        a, b = rng.choice(layout), rng.choice(layout)
        i, j = rng.randrange(len(piles[a])), rng.randrange(len(piles[b]))
        piles[a][i], piles[b][j] = piles[b][j], piles[a][i]
        yield Position(rules, piles, position.redeals_left, list(position.down))


def agrees_with_the_oracle(rules, cases, budget: int = 30_000, seconds: float | None = None) -> int:
    """The compiled (pruned) search against the exhaustive oracle on the endings of ``cases``
    ((seed, cards left) pairs), by verdict; returns how many endings the oracle decided."""
    from patience_core.solver.solve import engine_search, solve_position

    decided = 0
    for seed, rest in cases:
        for position in endings(rules, seed, rest):
            oracle = engine_search(position, max_positions=budget, timeout=seconds)
            if oracle.verdict == "unknown":
                continue
            ours = solve_position(position)
            assert ours.search == "pruned" and ours.verdict == oracle.verdict, (rules.name, seed, rest)
            decided += 1
    return decided
