"""The compiled pruned search for every game the YAML can say (the C in this folder).

:func:`compiled_search` packs the rules and the position (:mod:`.pack`), runs the search
and turns its line back into :class:`~patience_core.model.moves.Move` records; the caller
replays the line through the engine. :func:`unsupported` says, in one place, why a
position is beyond it (the caller then runs the exhaustive search in Python).
"""
from __future__ import annotations

import os
import time
from functools import lru_cache

from patience_core.model.rules import Rules
from patience_core.model.specs import RunChoice
from patience_core.solver.general import fields
from patience_core.solver.general.pack import as_entry, as_move, pack_position, pack_rules
from patience_core.solver.search import SearchInterrupted

try:  # built by ``pip install`` from the C files here; optional (see pyproject.toml)
    from patience_core.solver import _general
except ImportError:  # pragma: no cover - exercised where no compiler was available
    _general = None

# The C side's fixed sizes (g_state.h): larger games go to the exhaustive search.
MAX_PILES, MAX_FOUNDATIONS, MAX_PILE_CARDS = 64, 32, 160
ENGINE_ENV = "PATIENCE_ENGINE"   # PATIENCE_ENGINE=python: every search in Python

WON, LOST, LIMIT_POSITIONS, LIMIT_TABLE, LIMIT_TIME, INTERRUPTED, LIMIT_BACK = 1, 0, -1, -2, -3, -4, -6
LIMITS = {LIMIT_POSITIONS: "positions", LIMIT_TABLE: "table", LIMIT_TIME: "time", LIMIT_BACK: "cards-back"}


def available() -> bool:
    """The module is built from these field tables and not switched off."""
    return (_general is not None and _general.RULES_VERSION == fields.RULES.version
            and _general.POSITION_VERSION == fields.POSITION.version
            and os.environ.get(ENGINE_ENV, "").lower() != "python")


@lru_cache(maxsize=64)
def _unknown_rule(rules: Rules) -> str | None:
    """The first rule of the variant the compiled search has no tables for yet, in words."""
    known = (
        (bool(rules.conditions), "a rule waits for a state of the game (when:)"),
        (any(rules.piles[p].build is not None and rules.piles[p].build.keep_direction for p in rules.receivers),
         "piles that keep the way their first two cards went"),
        (rules.waste_max is not None, "a waste with a limit"),
        (bool(rules.set_foundations), "foundations that take sets of cards at once"),
        (bool(rules.pile_foundations), "foundations that take a whole pile at once (takes: pile)"),
        (bool(rules.stock_spec.draw_by_pass), "a stock turned a different number of cards on each pass"),
        (rules.stock_spec.deal_needs_all_empty, "a stock that deals only onto empty piles"),
        (bool(rules.stock_spec.last_row_to), "a stock whose last cards go onto other piles (last_row_to)"),
        (rules.stock_spec.narrows, "a stock whose rows narrow by one pile a redeal (stock.narrows)"),
        (bool(rules.stock_spec.top_up), "a stock that tops piles up before it turns onto the waste (top_up)"),
        (rules.stock_spec.deal_by_pile, "a stock that deals each pile several cards before the next (deal_by: pile)"),
        (bool(rules.f_base_suit_from), "foundations whose first card takes a layout pile's suit (base_suit_from)"),
        (bool(rules.f_base_rank_from), "foundations whose first card takes a layout pile's rank (base_rank_from)"),
        (bool(rules.f_last_from), "foundations whose last card comes from one pile (last_from)"),
        (any(rules.piles[p].empty_from_when for p in rules.receivers),
         "gaps that take from some piles only in a state of the game (empty_from with when)"),
        (bool(rules.f_sources), "foundations that take cards only from some piles"),
        (bool(rules.runs_at_once), "finished runs that go up by themselves (at_once)"),
        (bool(rules.stock_spec.deal_skip), "a stock that skips the piles holding a run from a King (skip)"),
        (bool(rules.stock_spec.drop_onto), "a stock that first drops the cards it deals onto onto other piles (drop_onto)"),
        (rules.stock_spec.deal_onto_gaps_first, "a stock that deals onto the gaps first (onto: gaps-first)"),
        (rules.stock_spec.deal_onto_last, "a stock that deals onto the last pile started (onto: last)"),
        (bool(rules.stock_spec.deals_per_round), "a stock that deals in rounds of deals (deals_per_round)"),
        (rules.stock_deal_up, "a stock deal that sends cards to the foundations"),
        (any(getattr(rule, "alternative", None) is not None
             for rule in [*rules.build_rules, *(rules.f_spec[f].build for f in rules.foundations),
                          *(spec.run_rule for spec in rules.piles if spec is not None)]), "build rules joined by or"),
        (any(isinstance(spec.run_rule, RunChoice) or spec.limit == "suit-segments"
             for spec in rules.piles if spec is not None),
         "runs that follow one of several rules, or runs limited by their stretches of one suit"),
        (any(rules.piles[p].empty in ("below-base", "base") or rules.piles[p].empty_otherwise is not None
             for p in rules.receivers),
         "gaps that take a rank of a base the deal chooses (empty: below-base or base), or another rule "
         "until a state holds (empty: {otherwise})"),
        (any(rules.all_face_down), "a face-down pile that only fills gaps"),
        (bool(rules.gap_fits), "gaps judged by the cards beside them"),
        (rules.opening_from is not None, "an opening card that must go up before anything else moves"),
        (rules.waste_refills, "a waste the stock refills the moment it empties"),
        (any(f is not None for f in rules.fill_fullest), "gaps filled from the fullest pile of a group (fill_from: fullest)"),
        (rules.multi_fills, "gaps filled with several cards at once (fill: {cards: N})"),
        (any(rules.fill_replaces), "piles whose every card that leaves is replaced (fill: {replace: true})"),
        (any(q >= 0 for q in rules.fill_next), "gaps filled by the run of the next pile (fill: [next-run])"),
        (rules.stock_turn_fills, "gaps filled by a turn of the stock onto the waste (fill: [waste, stock-turn])"),
        (rules.fill_chains, "a gap filled from a pile that is filled in turn in the same move"),
        (bool(rules.f_first_pass), "foundations that take from fewer piles until the first redeal (first_pass_from)"),
        (any(rules.f_spec[f].build is not None and (rules.f_spec[f].base_first or rules.f_spec[f].base_from_deal)
             for f in rules.foundations), "foundations built by a rule from a base the first card or the deal chooses"),
        (any(rules.f_spec[f].listed_from_deal is not None for f in rules.foundations),
         "a listed foundation sequence started at the rank the deal gives (sequence with base: deal)"),
        (any(rules.piles[p].bottom is not None for p in rules.receivers),
         "piles that build only on a given bottom card (bottom:)"),
        (bool(rules.swappers), "places that trade their cards (swap:)"),
        (bool(rules.stock_spec.keep_ranks), "a redeal that keeps the rows' runs and shuffles the rest"),
        (rules.any_face_pattern, "face-up cards dealt between face-down ones (faces:)"),
        (bool(rules.turn_up_piles), "piles that turn their next card up when they take one (on_take: turn-up)"),
        (any(rules.discards_on_take), "piles whose covered card is discarded when one is put on (on_take: discard)"),
        (bool(rules.remove_rules or rules.any_covered or rules.win is not None or rules.stock_face_up
              or rules.stock_spec.close_up or rules.transfer_from or rules.stock_spec.gather
              or any(rules.f_spec[f].run_suit != "same" for f in rules.run_foundations)
              or rules.linked_piles or rules.source_limited
              or any(isinstance(rules.piles[p].empty, tuple) for p in rules.receivers)
              or any(len(set(r)) != len(r) for r in (rules.f_spec[f].ranks for f in rules.foundations) if r)),
         "removed sets, covered places, a face-up stock, a stock that closes up gaps or gathers the layout, "
         "cards moved between foundations, runs of several suits, a base chosen by the first card or a win: "
         "state"),
    )
    return next((f"{what}, which the compiled search does not know yet" for present, what in known if present), None)


def unsupported(position) -> str | None:
    """Why the compiled search cannot take this position (``None``: it can)."""
    rules = position.rules
    if not available():
        return "the compiled search is not built" if _general is None else "the compiled search is switched off"
    if not rules.plain_moves or type(position).__name__ == "HookedPosition":
        return "a plugin changes how moves work"
    if rules.n_piles > MAX_PILES or len(rules.foundations) > MAX_FOUNDATIONS or rules.n_cards > 104:
        return "more piles or cards than the compiled search holds"
    return _unknown_rule(rules)


@lru_cache(maxsize=64)
def _rules_buffer(rules: Rules):
    return pack_rules(rules)


def rules_buffer(rules: Rules):
    """The packed rules, once per compiled variant."""
    return _rules_buffer(rules)


# The beams' share of the pruned search (docs/solver.md, "The beam"): positions a beam may expand
# per position the depth-first attempts have expanded. Won with shares 0, 1, 2
# (`python bench/solve_bench.py GAME --beam-share N`): Spider with four suits, seeds 1-10 at
# 10 s, 0, 5, 7; two suits, seeds 1-40 at 1 000 000 positions, 25, 40, 40; Forty Thieves, seeds
# 1-20 at 1 000 000, 1, 5, 6. With shares 0 and 2 at 1 000 000 positions: Calculation, seeds
# 1-200, 139 and 164; Sir Tommy, seeds 1-140, 30 and 59.
BEAM_SHARE = 2


def beams_pay(rules: Rules) -> bool:
    """Where the search runs beams: two packs dealt, or several waste piles the player
    chooses among. There its attempts proved no measured deal lost (the space is too large),
    so a beam's positions cost no proof, and beams win what they miss. Elsewhere the time
    goes to proofs of loss, which beams never give, and they won little the attempts miss."""
    return max(rules.copies) > 1 or len(rules.waste_piles) > 1


def beam_share(rules: Rules) -> int:
    """The beams' share of the pruned search of this game: 0 for none."""
    return BEAM_SHARE if beams_pay(rules) else 0


def compiled_search(position, max_positions: int | None, deadline: float | None, table_limit: int,
                    prune: bool = True, nudge: int | None = None, beams: bool = True,
                    proof_rules: bool = True, threads: int = 1, solo: int | None = None):
    """(verdict, line, positions, most cards on the foundations, limit) — the contract of
    ``solve._engine_search``. ``nudge``: the restarts' random nudge to each child's score,
    0..nudge (None: the search's own, docs/solver.md "Restarts"); ``beams``: False leaves the
    beams out where the game has them (:func:`beam_share`); ``proof_rules``: False leaves out
    the rules the hindsight player's samples were tuned without, most of which only speed proofs
    of loss: the dead-end test is kept to the search's start, without its gates, no child is cut
    at a proved-lost talon, G8 sends home bare cards only, and a pile is emptied without waiting
    for its gap's use (docs/solver.md, G6, G6b, G9b, G8 and G11); ``threads``: how many searches of the deal run at
    once, each on a thread of its own, sharing the positions they prove lost (docs/solver.md,
    "Threads"; 1: the search alone, the same positions and line on every run); ``solo``: with
    threads, the positions the first search makes alone before they all start (None: the
    search's own, 5 000; 0: all at once, as the tests' small endings need). A Ctrl-C raises
    :class:`~patience_core.solver.search.SearchInterrupted` at once, with the counts so far."""
    seconds = -1.0 if deadline is None else max(0.0, deadline - time.perf_counter())
    verdict, positions, most, _table, _compactions, _dominated, _dead_ends, _beam, line, _imported = _general.search(
        rules_buffer(position.rules), pack_position(position),
        -1 if max_positions is None else max_positions, seconds, table_limit, prune,
        -1 if nudge is None else nudge, beam_share(position.rules) if beams else 0, proof_rules, threads,
        -1 if solo is None else solo)
    if verdict == INTERRUPTED:
        raise SearchInterrupted(positions, most)
    moves = [as_move(entry) for entry in line]
    if verdict == WON:
        return "won", moves, positions, most, None
    if verdict == LOST:
        return "lost", [], positions, most, None
    return "unknown", [], positions, most, LIMITS[verdict]


def legal_moves(position) -> list:
    """The C side's legal moves of ``position`` (for the tests that hold it to legal.py)."""
    return [as_move(m) for m in _general.legal_moves(rules_buffer(position.rules), pack_position(position))]


def children(position, prune: bool = True, steps_cap: int = 0) -> list:
    """``(talon steps first, cards back, lead or None, talon steps after the lead, play)`` for
    each child the search tries, in its order. Cards back are the moves bringing cards back from
    the foundations that the play then covers (G8), or that the lead covers, moving a cover off
    a twin that the play sends home (G8, "A twin freed"); a lead is the move that frees the
    play's card, under free arrangement, the card parked from a pool talon that the play covers,
    or the move emptying a pile whose gap the play fills (G11).
    ``steps_cap`` > 0: only the children making fewer talon steps than that before anything
    else (G9b: the search's bound where those steps reach a talon proved lost)."""
    return [(pre, [as_move(b) for b in back], lead and as_move(lead), mid, as_move(m))
            for pre, back, lead, mid, m in _general.children(rules_buffer(position.rules), pack_position(position),
                                                            prune, steps_cap)]


def child_values(position) -> list:
    """``(score as the search finds it, score of the position made)`` for each child that has
    neither cards back nor talon steps after a lead: the search scores a move between two
    layout piles by their shares of the position's value, without making it (g_prune.c value),
    and the two must always be equal."""
    return _general.child_values(rules_buffer(position.rules), pack_position(position))


def position_key(position) -> bytes:
    """The search's key of ``position``: positions with one key are searched once."""
    return _general.key(rules_buffer(position.rules), pack_position(position))


def dead_end(position) -> bool:
    """Is ``position`` lost by the relaxation in which nothing stays covered (g_relax.c)?"""
    return _general.dead_end(rules_buffer(position.rules), pack_position(position))


def dead_end_gates(position) -> int:
    """How many cards the dead-end test gates in ``position`` (g_relax.c, G6b): each may leave
    its pile, in the relaxation, only once one of its twins has gone home."""
    return _general.dead_end_gates(rules_buffer(position.rules), pack_position(position))


def waste_order_dead(position) -> bool:
    """Is ``position`` lost by the relaxation in which the waste piles keep their order and the
    stock's cards are free (g_relax.c, G10)? False where it does not apply, or gives up."""
    return _general.waste_order_dead(rules_buffer(position.rules), pack_position(position))


def safe_move(position):
    found = _general.safe_move(rules_buffer(position.rules), pack_position(position))
    return None if found is None else as_move(found)


def apply_undo(position, move):
    """The C side's position after ``move``, and after undoing it (packed tuples)."""
    return _general.apply_undo(rules_buffer(position.rules), pack_position(position), as_entry(move))
