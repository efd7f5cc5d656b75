"""The compiled search engine: the family's pruned search (games whose cards go only to the
foundations), in C.

:class:`~.search.Search` lays a position out and :meth:`~.search.Search.run` hands it to the
extension module ``patience_core.solver._engine`` (``patience_core/solver/family/``, one file a
job: see ``f_engine.h``): the macros, safe plays, D1, B1, B2, the key, the restarts, R3 and R3
ahead exist only there; R2 at the nodes calls back into the search's own check. Its soundness
is tested by verdicts against the exhaustive search over the engine's own moves
(``tests/test_solver.py``, ``tests/test_engine.py``). Where the module is not built (no C
compiler at install time) or is switched off, :func:`~.solve.solve` runs that exhaustive
search and says so.

This module is the boundary. :data:`SPEC` is its field table: every value the C side reads,
by name (a nested list is two fields, ``X_end`` and ``X``: row ``i`` is
``X[X_end[i-1]:X_end[i]]``, row 0 from 0). From the table, :mod:`.boundary` generates the C
header ``family/f_spec.h`` (a struct and its checked bind) and the packer :func:`pack` uses;
the table's hash is the version, so a module built from another table is not used
(:func:`available`) and refuses the buffer. :func:`run` calls the module and writes the
results back into the search object.
"""
from __future__ import annotations

import os
import time
from array import array
from typing import Iterable, Sequence

from patience_core.solver.boundary import Boundary, Field

try:  # built by ``pip install`` from family/*.c; optional (see pyproject.toml)
    from patience_core.solver import _engine
except ImportError:  # pragma: no cover - exercised where no compiler was available
    _engine = None

# Limits of the C tables (the module refuses larger inputs; Python then runs the search).
MAX_PILES, MAX_FOUNDATIONS, MAX_TALON, MAX_PILE_CARDS = 64, 32, 120, 255

# Set PATIENCE_ENGINE=python to switch the compiled searches off: solve() then runs the
# exhaustive search in Python (for comparisons and debugging).
ENGINE_ENV = "PATIENCE_ENGINE"

VERDICT_WON, VERDICT_LOST, VERDICT_LIMIT, VERDICT_TABLE_FULL, VERDICT_INTERRUPTED = 1, 0, -1, -2, -3

RNG_WORDS = 625  # random.Random's state: 624 Mersenne Twister words and the index


def _rows(name: str, count: str, what: str, doc: str) -> tuple[Field, ...]:
    """A nested list as CSR: its total length, the ends of its ``count`` rows, the values."""
    return (Field(f"n_{name}", 1, f"entries of {name}, all rows"),
            Field(f"{name}_end", count, f"where each row of {name} ends ({what})"),
            Field(name, f"n_{name}", doc))


SPEC = Boundary("family_spec", 0x46414D53, (  # "FAMS"
    # The layout and the pack.
    Field("n_piles", 1, "piles of the position (1..64)"),
    Field("stock_pile", 1, "the stock's pile"),
    Field("waste_pile", 1, "the waste's pile"),
    Field("decks", 1, "decks in the pack (1 or 2)"),
    Field("n_cards", 1, "cards the foundations hold when the game is won"),
    # The search's switches.
    Field("prune", 1, "1: safe plays and rules D1, B1, B2"),
    Field("waste_feeds", 1, "1: the waste refills a playable pile"),
    Field("foundations_in_key", 1, "1: the key holds the foundations"),
    # Constants of the search module (one source of truth: search.py).
    Field("stock_free_min_waste", 1, "R3 at nodes with at least this much waste"),
    Field("stock_free_max_stock", 1, "R3 at nodes with at most this much stock"),
    Field("turn_ahead_max_stock", 1, "R3 ahead at nodes with at most this much stock"),
    Field("turn_ahead_min_budget", 1, "R3 ahead in restart attempts of at least this budget"),
    Field("restart_growth_limit", 1, "restart budgets grow 10 % up to here, then double"),
    Field("restart_budget", 1, "the first attempt's budget"),
    # The counts so far.
    Field("on_foundations", 1, "cards on the foundations now"),
    Field("positions", 1, "positions the search has counted"),
    Field("most_on_foundations", 1, "the most cards on the foundations at a node so far"),
    # The talon: one sequence in turning order; the waste and the stock as stacks of its indices.
    Field("n_talon", 1, "cards in the talon (0..120)"),
    Field("talon", "n_talon", "the card at each talon index"),
    Field("talon_present", "n_talon", "1: the talon card is still in the stock or the waste"),
    Field("n_waste", 1, "cards in the waste"),
    Field("waste", "n_waste", "talon indices, top last"),
    Field("n_stock", 1, "cards in the stock"),
    Field("stock", "n_stock", "talon indices, top last"),
    Field("redeals", 1, "redeals left (0..255)"),
    # The piles.
    Field("access", "n_piles", "what a pile lets go: 0 nothing, 1 its top card, 2 any card"),
    *_rows("fill", "n_piles", "one row a pile", "the piles that refill an empty pile, in order (at most 4)"),
    *_rows("pile_cards", "n_piles", "one row a pile", "the cards of each pile, bottom first"),
    Field("n_playable", 1, "piles a card is played from"),
    Field("playable", "n_playable", "those piles, in the search's order"),
    Field("n_columns", 1, "columns (access top, no fill)"),
    Field("columns", "n_columns", "those piles, in the search's order"),
    # Key classes of refilling piles.
    Field("n_classes", 1, "key classes of refilling piles"),
    Field("class_generic", "n_classes", "0: one-card piles keyed as a multiset; 1: the sorted contents"),
    *_rows("class_piles", "n_classes", "one row a class", "the piles of each class"),
    # The foundations.
    Field("n_found", 1, "foundations (1..32)"),
    Field("found_pile", "n_found", "the pile of each foundation"),
    Field("found_static_suit", "n_found", "its fixed suit, -1 any"),
    Field("found_suit", "n_found", "its suit now, -1 none yet"),
    Field("found_height", "n_found", "the cards on it"),
    Field("found_class", "n_found", "its class: foundations alike share one (numbered in order)"),
    *_rows("found_ranks", "n_found", "one row a foundation",
           "the rank sequence of each foundation (its length is the foundation's)"),
    # The foundation key: piles weighed alone (in weight order), then the twin groups.
    Field("n_weighted", 1, "foundations keyed alone"),
    Field("weighted", "n_weighted", "their piles, in weight order"),
    Field("n_twins", 1, "groups of twin foundations"),
    *_rows("twin_piles", "n_twins", "one row a group", "the piles of each group, keyed as a sorted tuple"),
    # What the foundations take.
    *_rows("takers", 52, "one row a card", "the foundations that take each card now, in the search's order"),
    Field("placed", 52, "copies of each card on the foundations"),
    # Rule B1's candidates: a card in a column with same-suit cards under it.
    Field("n_blocks", 1, "candidates (0..2048)"),
    Field("block_pile", "n_blocks", "the column"),
    Field("block_index", "n_blocks", "the card's position in it"),
    Field("block_card", "n_blocks", "the card"),
    *_rows("block_under", "n_blocks", "one row a candidate", "the same-suit cards under it, sorted (at most 26)"),
    # Rule R3 (its columns are the search's).
    Field("stock_free", 1, "1: rule R3 is on"),
    Field("stock_free_budget", 1, "positions one check may take"),
    Field("stock_free_positions", 1, "positions the checks have taken so far"),
    Field("stock_free_longer_rest", 1, "1: rule S1r in the checks"),
    Field("n_stock_free_cells", 1, "piles whose cards the check treats as free"),
    Field("stock_free_cells", "n_stock_free_cells", "those piles"),
    Field("turn_ahead", 1, "1: R3 ahead"),
    Field("cut_stock", 1, "stock cards at the last cut of R3 ahead (its next guess)"),
    Field("checking", 1, "1: R3 is checked now"),
    Field("looking_ahead", 1, "1: R3 ahead is tried now"),
    # Restarts: the generator's state.
    Field("has_rng", 1, "1: the search restarts (and has a generator)"),
    Field("rng_state", f"has_rng*{RNG_WORDS}", "random.Random's state as signed words"),
))


def available() -> bool:
    """True when the compiled module is importable, built from this field table (a stale
    build would refuse the buffer) and not switched off."""
    return (_engine is not None and getattr(_engine, "SPEC_VERSION", None) == SPEC.version
            and os.environ.get(ENGINE_ENV, "").lower() != "python")


def supports(search) -> bool:
    """Can the compiled engine run this search? Every configuration (rule R2 at the nodes
    through a call back into :meth:`Search.split_dead_end_at`), for inputs its tables hold."""
    if search.decks > 2 or len(search.piles) > MAX_PILES or len(search.found) > MAX_FOUNDATIONS:
        return False
    # No pile holds more than the position's cards.
    return search.n_talon <= MAX_TALON and search.n_cards <= MAX_PILE_CARDS


def _csr(name: str, rows: Iterable[Iterable[int]]) -> dict[str, int | list[int]]:
    """The three fields of a nested list (see :func:`_rows`)."""
    ends: list[int] = []
    values: list[int] = []
    for row in rows:
        values.extend(row)
        ends.append(len(values))
    return {f"n_{name}": len(values), f"{name}_end": ends, name: values}


def pack(search) -> array:
    """The search's tables and position as the int32 buffer of :data:`SPEC`."""
    from patience_core.solver import search as S

    found = search.found
    classes: dict = {}
    class_number = [classes.setdefault(search.f_class[f], len(classes)) for f in found]
    check = search.stock_free
    rng_state: Sequence[int] = ()
    if search.rng is not None:
        _version, state, _gauss = search.rng.getstate()
        rng_state = [_signed(word) for word in state]
    return SPEC.pack(
        n_piles=len(search.piles), stock_pile=search.STOCK, waste_pile=search.WASTE,
        decks=search.decks, n_cards=search.n_cards,
        prune=int(search.prune), waste_feeds=int(search.waste_feeds),
        foundations_in_key=int(search.foundations_in_key),
        stock_free_min_waste=S.STOCK_FREE_MIN_WASTE, stock_free_max_stock=S.STOCK_FREE_MAX_STOCK,
        turn_ahead_max_stock=S.TURN_AHEAD_MAX_STOCK, turn_ahead_min_budget=S.TURN_AHEAD_MIN_BUDGET,
        restart_growth_limit=S.RESTART_GROWTH_LIMIT, restart_budget=search.restart_budget,
        on_foundations=search.on_foundations, positions=search.positions,
        most_on_foundations=search.most_on_foundations,
        n_talon=search.n_talon, talon=search.talon,
        talon_present=[(search.tmask >> i) & 1 for i in range(search.n_talon)],
        n_waste=len(search.waste), waste=search.waste, n_stock=len(search.stock), stock=search.stock,
        redeals=search.redeals,
        access=search.access,
        **_csr("fill", search.fill),
        **_csr("pile_cards", search.piles),
        n_playable=len(search.playable), playable=search.playable,
        n_columns=len(search.columns), columns=search.columns,
        n_classes=len(search.cell_classes),
        class_generic=[int(cls in search.generic_classes) for cls in search.cell_classes],
        **_csr("class_piles", search.cell_classes),
        n_found=len(found), found_pile=found,
        found_static_suit=[search.static_suit[f] for f in found],
        found_suit=[search.fsuit[f] for f in found],
        found_height=[search.h[f] for f in found],
        found_class=class_number,
        **_csr("found_ranks", (search.rank_at[f] for f in found)),
        n_weighted=len(search.f_weight), weighted=sorted(search.f_weight, key=search.f_weight.get),
        n_twins=len(search.f_twins), **_csr("twin_piles", search.f_twins),
        **_csr("takers", (search.takers[card] for card in range(52))),
        placed=search.placed,
        n_blocks=len(search._blocks),
        block_pile=[p for p, _i, _c, _under in search._blocks],
        block_index=[i for _p, i, _c, _under in search._blocks],
        block_card=[c for _p, _i, c, _under in search._blocks],
        **_csr("block_under", (sorted(under) for _p, _i, _c, under in search._blocks)),
        stock_free=int(check is not None),
        stock_free_budget=check.budget if check is not None else 0,
        stock_free_positions=check.positions if check is not None else 0,
        stock_free_longer_rest=int(check is not None and check.longer_rest),
        n_stock_free_cells=len(check.cells) if check is not None else 0,
        stock_free_cells=check.cells if check is not None else (),
        turn_ahead=int(search.turn_ahead), cut_stock=search.cut_stock,
        checking=int(search.checking), looking_ahead=int(search.looking_ahead),
        has_rng=int(search.rng is not None), rng_state=rng_state,
    )


def _split_check(search):
    """Rule R2 at the engine's nodes: the search's own check (its suits' sub-searches run in
    the engine too). 1 lost, 0 not, 2 when the deadline passed inside a suit's search."""
    from patience_core.solver.search import SearchLimit

    def check(waste, stock, piles, h, fsuit, redeals) -> int:
        try:
            return int(search.split_dead_end_at(waste, stock, piles, h, fsuit, redeals))
        except SearchLimit:
            return 2

    return check


def _signed(word: int) -> int:
    return word - (1 << 32) if word >= 1 << 31 else word


def run(search) -> bool:
    """Run ``search`` in the compiled engine; the same contract as ``Search.run()``."""
    from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move
    from patience_core.solver.search import SearchInterrupted, SearchLimit

    spec = pack(search)
    max_positions = -1 if search.max_positions is None else search.max_positions
    deadline = -1.0 if search.deadline is None else search.deadline
    verdict, positions, checked, most, line, state, stats = _engine.run(
        spec, max_positions, deadline, search.table_limit, _split_check(search) if search.split else None)
    search.positions = positions
    search.most_on_foundations = most
    search.engine_stats = stats  # counters for benchmarks (R3's checks by outcome, cuts)
    if search.stock_free is not None:
        search.stock_free.positions = checked
    if verdict == VERDICT_INTERRUPTED:
        raise SearchInterrupted(positions, most)
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
