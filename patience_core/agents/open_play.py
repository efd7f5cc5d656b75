"""Where nothing is hidden, the player is the solver.

A position with no face-down card, nothing unseen in the stock and no shuffle still to come
(FreeCell from its deal, Baker's Game, Klondike once every card is turned up and the stock is
spent) shows the player everything the solver would read: solving it is not peeking. There
the player and the hint follow a winning line of the search instead of the no-peeking
heuristics (issue: "in games where nothing is hidden, the player is the solver").

The line found is kept (:class:`~.solver_line.SolverLine`): while the game stays on it the
next move is read off, with no search; it is solved again only when the game leaves it. A
position the search proved lost, or could not decide within its budget, is remembered, and
so are its descendants in the game (found through the keys of the positions the game passed
through): every position after a lost one is lost too, so the search is not asked again.
The budget is a count of positions, so every game plays the same on every machine.
"""
from __future__ import annotations

import weakref
from typing import Optional

from patience_core.agents.policies import leads_somewhere_new
from patience_core.agents.solver_line import SolverLine
from patience_core.model.moves import REDEAL, Move
from patience_core.model.position import Position

# Positions per search: the compiled search decides nearly every open FreeCell-type deal in
# a few thousand (ms:1-10: 62 to 2 379; Baker's Game 1-5 within 7 415) in milliseconds, but
# spends seconds on as many where foundations give cards back (not searched: see
# solver_choice); the exhaustive search in Python is some hundred times slower, so it gets less.
COMPILED_BUDGET = 20_000
EXHAUSTIVE_BUDGET = 3_000
# The hopeless positions remembered per game rules (a bound, not a tuning: a game passes
# through a few hundred).
HOPELESS_KEPT = 10_000


def nothing_hidden(position: Position) -> bool:
    """Does the player see every card it could ever need to know? No face-down card outside
    the foundations, no unseen stock card (a face-up stock shows its top; a stock the waste
    was turned back into holds only cards seen on the waste) and no redeal that shuffles (its
    order is chance to a player, not knowledge)."""
    rules = position.rules
    spec = rules.stock_spec
    if spec.shuffle or (spec.keep_ranks and spec.gaps == "random"):
        return False
    if any(position.is_face_down(p, i) for p in range(rules.n_piles)
           if not rules.is_foundation[p] and p != rules.stock for i in range(position.down[p])):
        return False
    stock = rules.stock
    return (not any(position.is_face_down(stock, i) for i in range(len(position.piles[stock])))
            or waste_turned_back(position))


def waste_turned_back(position: Position) -> bool:
    """Has the waste been turned back into the stock in this game? The stock is only taken
    from at its top and takes cards only so, once empty: every card in it has been seen."""
    return bool(position.rules.redeals) and any(entry[0].kind is REDEAL for entry in position.trail.raw())


class _OpenPlans:
    """What the player has learned of one game's rules: the winning line it follows and the
    positions found hopeless."""

    def __init__(self) -> None:
        self.line = SolverLine()
        self.hopeless: set = set()

    def give_up(self, key) -> None:
        """Remember a position the search could not win (within a bound: a game passes through
        a few hundred)."""
        if len(self.hopeless) >= HOPELESS_KEPT:
            self.hopeless.clear()
        self.hopeless.add(key)


_plans: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _plans_for(rules) -> _OpenPlans:
    plans = _plans.get(rules)
    if plans is None:
        plans = _plans[rules] = _OpenPlans()
    return plans


def solver_choice(position: Position, seen: Optional[set] = None) -> Optional[tuple[Move, str]]:
    """The next move of a winning line from ``position`` and why, or ``None`` where something is
    hidden, the position is lost or undecided, or the line's move leads back into ``seen``
    (the keys of the positions this game passed through): then the player chooses as usual."""
    if not nothing_hidden(position) or position.rules.worry_from:
        # Foundations that give cards back: the search brings them back as macros (docs/solver.md,
        # G8) and spends a millisecond or more a position there (Aglet: 5 000 in 6 s, Chequers:
        # 30 ms each), too slow to stand behind every move and hint.
        return None
    from patience_core.solver.solve import WON, solve_position

    plans = _plans_for(position.rules)
    key = position.key()
    if key in plans.hopeless or (seen and not plans.hopeless.isdisjoint(seen)):
        return None
    step = plans.line.next_move(position)
    if step is None:
        result = solve_position(position, max_positions=_budget_for(position))
        if result.verdict != WON or not result.moves:
            plans.give_up(key)
            return None
        plans.line.learn(position, result.moves)
        step = plans.line.next_move(position)
        if step is None:
            return None
    move, left = step
    if seen and not leads_somewhere_new(position, move, seen):
        # The line passes through a position this game has already left: a move back would
        # go round in circles, so the line is found again from a move that goes elsewhere.
        detour = _winning_detour(position, seen, plans, _budget_for(position))
        if detour is None:
            return None
        move, left = detour
    return move, (f"every card is in sight, so this is the solver's move: "
                  f"it starts a winning line of {left} move{'s' if left != 1 else ''}")


def _budget_for(position: Position) -> int:
    from patience_core.solver.general import search as general

    return COMPILED_BUDGET if general.unsupported(position) is None else EXHAUSTIVE_BUDGET


def _winning_detour(position: Position, seen: set, plans: _OpenPlans,
                    budget: int) -> Optional[tuple[Move, int]]:
    """The first legal move into a position this game has not passed through from which the
    search finds a win, with the length of that win; the line from there is kept."""
    from patience_core.solver.solve import WON, solve_position

    for move in position.legal_moves():
        child = position.copy()
        child.apply(move)
        key = child.key()
        if key in seen or key in plans.hopeless:
            continue
        result = solve_position(child, max_positions=budget)
        if result.verdict == WON and result.moves:
            plans.line.learn(child, result.moves)
            return move, len(result.moves) + 1
        plans.give_up(key)
    return None


__all__ = ["nothing_hidden", "waste_turned_back", "solver_choice", "COMPILED_BUDGET", "EXHAUSTIVE_BUDGET"]
