"""The compiled search engine: the same search as :class:`~.search.Search`, in C.

``Search.run()`` hands its work to the extension module ``patience_core.solver._engine`` when
it is built and supports the search's configuration. The C code is a line-for-line port
of the Python search (macros, safe plays, D1, B1, B2, the key, restarts with the same
random numbers, R3 and R3 ahead), so both give the same verdict, the same winning line
and the same position counts on every input; the tests hold them to that. Python stays
the reference and the fallback (a machine without a C compiler installs the package
without the module), which is why a position budget gives the same answer everywhere.

This module is the boundary: it flattens the search's compiled tables and its position
into one array of integers (:func:`pack`), calls the module, and writes the results back
into the search object. The layout of the array is read by ``_engine.c`` in the same
order; ``SPEC_VERSION`` changes whenever either side does.
"""
from __future__ import annotations

import os
import time
from array import array

try:  # built by ``pip install`` from _engine.c; optional (see pyproject.toml)
    from patience_core.solver import _engine
except ImportError:  # pragma: no cover - exercised where no compiler was available
    _engine = None

SPEC_VERSION = 4  # 4: run() takes the table size limit
# Limits of the C tables (the module refuses larger inputs; Python then runs the search).
MAX_PILES, MAX_FOUNDATIONS, MAX_TALON, MAX_PILE_CARDS = 64, 32, 120, 255

# Set PATIENCE_ENGINE=python to run every search in Python (for comparisons and debugging).
ENGINE_ENV = "PATIENCE_ENGINE"

VERDICT_WON, VERDICT_LOST, VERDICT_LIMIT, VERDICT_TABLE_FULL = 1, 0, -1, -2


def available() -> bool:
    """True when the compiled module is importable, built from this version of the C code
    (a stale build would read the arguments differently) and not switched off."""
    return (_engine is not None and getattr(_engine, "SPEC_VERSION", None) == SPEC_VERSION
            and os.environ.get(ENGINE_ENV, "").lower() != "python")


def supports(search) -> bool:
    """Can the compiled engine run this search? Everything but rule R2 at the nodes (which
    runs whole sub-searches of one suit) and inputs larger than its tables."""
    if search.split:
        return False
    if search.decks > 2 or len(search.piles) > MAX_PILES or len(search.found) > MAX_FOUNDATIONS:
        return False
    # No pile holds more than the position's cards.
    return search.n_talon <= MAX_TALON and search.n_cards <= MAX_PILE_CARDS


def pack(search) -> array:
    """The search's tables and position as one int32 array (layout: ``_engine.c``)."""
    from patience_core.solver import search as S

    out = array("i")
    put = out.append

    def put_list(values) -> None:
        values = list(values)
        put(len(values))
        out.extend(values)

    put(SPEC_VERSION)
    put(len(search.piles))
    put(search.STOCK)
    put(search.WASTE)
    put(search.decks)
    put(int(search.prune))
    put(search.n_cards)
    put(search.on_foundations)
    put(search.redeals)
    put(int(search.waste_feeds))
    put(int(search.foundations_in_key))
    put(search.positions)
    put(search.most_on_foundations)
    # Constants of the search module (one source of truth: search.py).
    for value in (S.STOCK_FREE_MIN_WASTE, S.STOCK_FREE_MAX_STOCK, S.TURN_AHEAD_MAX_STOCK,
                  S.TURN_AHEAD_MIN_BUDGET, S.RESTART_GROWTH_LIMIT, search.restart_budget):
        put(value)
    # The talon, the waste and the stock (stacks of talon indices, top last).
    put_list(search.talon)
    put_list(search.waste)
    put_list(search.stock)
    put_list((search.tmask >> i) & 1 for i in range(search.n_talon))  # talon cards still there
    # Piles: access, fill sources, cards (bottom first).
    for p, pile in enumerate(search.piles):
        put(search.access[p])
        put_list(search.fill[p])
        put_list(pile)
    put_list(search.playable)
    put_list(search.columns)
    # Key classes of refilling piles: a kind (0: one-card multiset, 1: generic) and piles.
    put(len(search.cell_classes))
    for cls in search.cell_classes:
        put(int(cls in search.generic_classes))
        put_list(cls)
    # Foundations: pile, length, fixed suit, suit now, height, class number, rank sequence.
    classes: dict = {}
    put(len(search.found))
    for f in search.found:
        put(f)
        put(search.f_length[f])
        put(search.static_suit[f])
        put(search.fsuit[f])
        put(search.h[f])
        put(classes.setdefault(search.f_class[f], len(classes)))
        put_list(search.rank_at[f])
    # Foundation key: piles weighed alone (in weight order), then the twin groups.
    weighted = sorted(search.f_weight, key=search.f_weight.get)
    put_list(weighted)
    put(len(search.f_twins))
    for group in search.f_twins:
        put_list(group)
    for card in range(52):
        put_list(search.takers[card])
    out.extend(search.placed)
    # Rule B1's candidates: column, position, card, and the same-suit cards under it.
    put(len(search._blocks))
    for p, i, c, under in search._blocks:
        put(p)
        put(i)
        put(c)
        put_list(sorted(under))
    # Rule R3: on or off, its budget, its cells (the columns are the search's).
    check = search.stock_free
    put(int(check is not None))
    put(check.budget if check is not None else 0)
    put(check.positions if check is not None else 0)
    put(int(check is not None and check.longer_rest))
    put_list(check.cells if check is not None else ())
    put(int(search.turn_ahead))
    put(search.cut_stock)
    put(int(search.checking))
    put(int(search.looking_ahead))
    # Restarts: the generator's Mersenne Twister state (624 words and the index).
    rng = search.rng
    if rng is None:
        put(0)
    else:
        _version, state, _gauss = rng.getstate()
        put(1)
        out.extend(_signed(word) for word in state)
    return out


def _signed(word: int) -> int:
    return word - (1 << 32) if word >= 1 << 31 else word


def run(search) -> bool:
    """Run ``search`` in the compiled engine; the same contract as ``Search.run()``."""
    from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move
    from patience_core.solver.search import SearchLimit

    spec = pack(search)
    max_positions = -1 if search.max_positions is None else search.max_positions
    deadline = -1.0 if search.deadline is None else search.deadline
    verdict, positions, checked, most, line, state, stats = _engine.run(spec, max_positions, deadline, search.table_limit)
    search.positions = positions
    search.most_on_foundations = most
    search.engine_stats = stats  # counters for benchmarks (R3's checks by outcome, cuts)
    if search.stock_free is not None:
        search.stock_free.positions = checked
    if state is not None and search.rng is not None:
        search.rng.setstate((3, tuple(w & 0xFFFFFFFF for w in state), None))
    stock, waste = search.STOCK, search.WASTE

    def as_move(src: int, dst: int, card: int) -> Move:
        if src == waste and dst == stock:
            return Move(REDEAL, src, dst)
        return Move(TURN if src == stock else TO_FOUNDATION, src, dst, card)

    moves = [as_move(line[i], line[i + 1], line[i + 2]) for i in range(0, len(line), 3)]
    search.line[:] = moves
    if verdict == VERDICT_TABLE_FULL:
        raise SearchLimit("table")
    if verdict == VERDICT_LIMIT:
        raise SearchLimit("time" if deadline >= 0 and time.perf_counter() > deadline else "positions")
    return verdict == VERDICT_WON
