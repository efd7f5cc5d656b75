"""Perfect-information solver: is this deal winnable, and by which line?

Public API (used by ``patience solve`` and ``patience stats``)::

    solve(rules, order, *, max_positions=None, timeout=None, prune=True) -> SolveResult

``order`` is the shuffled pack, top card first (``deal.seeded_order``). The search
lives in :mod:`.search`; this module runs it (the waste-order relaxation first,
then the search with restarts: short dives in a perturbed order under a growing
budget, sharing the table of proved-lost positions, until one attempt finishes),
replays every winning line through the engine, and reports. Variants whose plugins change how moves work (move checks,
custom outcomes, fills the player chooses) are searched through the engine's own
positions instead, more slowly but exactly.
"""
from __future__ import annotations

import gc
import random
import time
from dataclasses import dataclass, field

from patience_core.model.deal import start_position
from patience_core.errors import PatienceError
from patience_core.model.position import HookedPosition, Position
from patience_core.model.rules import Rules
from patience_core.solver.relaxations import split_lost, suits_independent
from patience_core.solver.search import TABLE_LIMIT, EngineUnavailable, Search, SearchInterrupted, SearchLimit
from patience_core.solver.general import search as general

WON, LOST, UNKNOWN = "won", "lost", "unknown"

# The pruned search restarts with a randomly perturbed move order under a growing
# budget; the generator is seeded so a position budget gives the same verdict anywhere.
RESTART_SEED = 20231
# Positions the relaxation (R1) may use before the real search starts (it is usually
# decided in a few dozen; half the budget at most when a budget is given).
RELAXATION_BUDGET = 20000
# Positions the suit-split relaxation (R2) may use before the search: a single suit's
# game takes a few thousand, a pair of suits up to a few hundred thousand.
SPLIT_BUDGET = 600000


class SolverError(PatienceError):
    """The solver produced a line the engine does not accept: an internal error."""


class SolveInterrupted(KeyboardInterrupt):
    """Ctrl-C stopped the solve: a KeyboardInterrupt, so a run of many deals stops as it
    would, carrying ``result``, what the solve knew (verdict unknown, limit "interrupted")."""

    def __init__(self, result: "SolveResult"):
        super().__init__("interrupted")
        self.result = result


@dataclass
class SolveResult:
    verdict: str                               # "won" | "lost" | "unknown"
    moves: list = field(default_factory=list)  # engine Move records, replayable
    positions: int = 0                         # positions searched (all phases)
    seconds: float = 0.0
    # The most cards on the foundations in any position the search reached (every card
    # when won): how far an undecided deal was seen to go.
    most_on_foundations: int = 0
    # Which limit left the deal undecided: "positions", "time", "table", "cards-back", or
    # "interrupted" (Ctrl-C, in SolveInterrupted); None when decided.
    limit: str | None = None
    # Which search ran: "pruned" (the family's compiled engine, or the compiled search of
    # every other game) or "exhaustive" (every legal move of the engine, no pruning, in
    # Python: where neither is built, or for plugins that change the moves; slow on big games).
    search: str = "pruned"
    # Every search sees the stock order and face-down cards (Solvitaire's "thoughtful" games).
    perfect_information: bool = True
    # Searches that ran at once: the threads asked for where the compiled search of moves
    # between piles ran (docs/solver.md, "Threads"), else 1.
    threads: int = 1


def solve(rules: Rules, order: list[int], *, max_positions: int | None = None,
          timeout: float | None = None, prune: bool = True, threads: int = 1) -> SolveResult:
    """Solve the deal ``order`` (top card first) of ``rules``."""
    return solve_position(start_position(rules, order), max_positions=max_positions,
                          timeout=timeout, prune=prune, threads=threads)


def solve_position(position: Position, *, max_positions: int | None = None,
                   timeout: float | None = None, prune: bool = True, threads: int = 1) -> SolveResult:
    """Solve from any position (left unchanged); the line replays from a copy of it.
    ``threads``: searches at once where the compiled search of moves between piles runs
    (docs/solver.md, "Threads"); the other searches are single."""
    began = time.perf_counter()
    deadline = None if timeout is None else began + timeout
    start = position.copy()
    start.history = []
    # The table holds up to millions of tuples and the search makes no reference cycles:
    # the cyclic garbage collector would only walk the table again and again (~14 %).
    collecting = gc.isenabled()
    gc.disable()
    exhaustive = _engine_only(start)
    compiled = exhaustive and prune and general.unsupported(start) is None
    search = "exhaustive" if exhaustive and not compiled else "pruned"
    ran = threads if compiled else 1
    try:
        if compiled:
            verdict, moves, positions, most, limit = general.compiled_search(
                start, max_positions, deadline, TABLE_LIMIT, threads=threads)
        elif exhaustive:
            verdict, moves, positions, most, limit = _engine_search(start.copy(), max_positions, deadline)
        else:
            try:
                verdict, moves, positions, most, limit = _fast_search(start, max_positions, deadline, prune)
            except EngineUnavailable:   # not built, switched off, or the position is too large for it
                search = "exhaustive"
                verdict, moves, positions, most, limit = _engine_search(start.copy(), max_positions, deadline)
    except KeyboardInterrupt as stop:
        # What the search reached so far; a search in Python raises the bare KeyboardInterrupt.
        known = stop if isinstance(stop, SearchInterrupted) else SearchInterrupted(0, start.on_foundations)
        raise SolveInterrupted(SolveResult(UNKNOWN, [], known.positions, time.perf_counter() - began,
                                           known.most_on_foundations, "interrupted", search, threads=ran)) from stop
    finally:
        if collecting:
            gc.enable()
    if verdict == WON:
        replay_check(start, moves)
    return SolveResult(verdict, moves, positions, time.perf_counter() - began, most, limit, search, threads=ran)


def _engine_only(position: Position) -> bool:
    """The family's pruned search knows the games whose cards go only to the foundations,
    by the YAML's tables. Games with moves between piles go to the compiled search of
    :mod:`.general` where it is built; plugins that check moves, decide outcomes or let
    the player choose fills change the rules both know, and use the exhaustive search
    over the engine's own moves."""
    rules = position.rules
    return isinstance(position, HookedPosition) or not rules.plain_moves or not rules.foundation_only


def _fast_search(start: Position, max_positions, deadline, prune):
    """(verdict, line, positions, most cards on the foundations, limit) of the pruned search."""
    positions, most = 0, start.on_foundations
    split = prune and suits_independent(start.rules)
    if split:
        # Rule R2: a group of suits that cannot be won alone proves the deal lost.
        # At most half of each limit, so the real search always gets its turn.
        cap = SPLIT_BUDGET if max_positions is None else max(1, min(SPLIT_BUDGET, max_positions // 2))
        half_time = None if deadline is None else (time.perf_counter() + deadline) / 2
        lost, used = split_lost(start, max_positions=cap, deadline=half_time)
        if lost:
            return LOST, [], used, most, None
        positions += used
    if prune:
        # Rule R1: the relaxation (waste order ignored) lost proves the deal lost.
        cap = RELAXATION_BUDGET if max_positions is None else max(1, min(RELAXATION_BUDGET, max_positions // 2))
        relaxed = Search(start, prune=True, relaxed=True, max_positions=cap, deadline=deadline)
        try:
            if not relaxed.run():
                return LOST, [], positions + relaxed.positions, most, None
        except SearchLimit:
            pass
        positions += relaxed.positions
    left = None if max_positions is None else max(0, max_positions - positions)
    full = Search(start, prune=prune, max_positions=left, deadline=deadline,
                  split=split)
    if prune:
        full.rng = random.Random(RESTART_SEED)
    limit = None
    try:
        won = full.run()
    except SearchLimit as reached:
        won, limit = None, reached.reason
    # Positions of the suits' games searched at the nodes (R2) count too.
    positions += full.positions + full.split_positions + full.checked_positions()
    most = full.most_on_foundations
    if won is None:
        return UNKNOWN, [], positions, most, limit
    return (WON, list(full.line), positions, most, None) if won else (LOST, [], positions, most, None)


def replay_check(start: Position, moves: list) -> None:
    """Replay ``moves`` on a fresh copy of ``start``; raise SolverError unless it wins."""
    position = start.copy()
    for number, move in enumerate(moves, start=1):
        if not position.is_legal(move):
            raise SolverError(f"internal error: solver move {number} {move} is not legal on replay")
        position.apply(move)
    if not position.is_won():
        raise SolverError(f"internal error: the solver's line of {len(moves)} moves does not win on replay")


def _engine_search(position: Position, max_positions, deadline):
    """Depth-first search over the engine's own positions: no pruning, every legal move
    tried. The reference the pruned search is tested against, and the search for variants
    whose plugins change the move rules or whose cards move between piles. Returns
    (verdict, line, positions, most cards on the foundations, limit reached or None).

    Sound with cycles (a card moved back and forth): a position's key goes into the
    table when the search first enters it, and is never expanded again. The question is
    whether a won position is reachable from the start, and a depth-first walk that
    expands every reachable position once answers it: a position skipped because it was
    entered before is, or was, expanded in full, so a win reachable through it is found
    from there. The line is the path on the stack when a win is found.
    """
    seen: set = {position.key()}
    counter = 0
    most = position.on_foundations
    line: list = []
    if position.is_won():
        return WON, [], 0, most, None
    try:
        stack = [iter(position.legal_moves())]
        while stack:
            move = next(stack[-1], None)
            if move is None:
                stack.pop()
                if line:
                    line.pop()
                    position.undo()
                continue
            position.apply(move)
            key = position.key()
            if key in seen:
                position.undo()
                continue
            seen.add(key)
            line.append(move)
            counter += 1
            if position.on_foundations > most:
                most = position.on_foundations
            if position.is_won():
                return WON, list(line), counter, most, None
            if max_positions is not None and counter > max_positions:
                return UNKNOWN, [], counter, most, "positions"
            if len(seen) >= TABLE_LIMIT:
                return UNKNOWN, [], counter, most, "table"
            if deadline is not None and not counter & 1023 and time.perf_counter() > deadline:
                return UNKNOWN, [], counter, most, "time"
            stack.append(iter(position.legal_moves()))
    except KeyboardInterrupt as stop:  # Ctrl-C: what the walk knew goes with it
        raise SearchInterrupted(counter, most) from stop
    return LOST, [], counter, most, None


def engine_search(position: Position, *, max_positions: int | None = None,
                  timeout: float | None = None) -> SolveResult:
    """The plain reference search on its own (for tests and comparisons)."""
    began = time.perf_counter()
    deadline = None if timeout is None else began + timeout
    start = position.copy()
    start.history = []
    verdict, moves, positions, most, limit = _engine_search(start.copy(), max_positions, deadline)
    if verdict == WON:
        replay_check(start, moves)
    return SolveResult(verdict, moves, positions, time.perf_counter() - began, most, limit)
