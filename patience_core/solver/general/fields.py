"""The field tables of the compiled general search (``_general``): rules and position.

Both sides are generated from these tables (:mod:`patience_core.solver.boundary`):
``g_rules_fields.h`` and ``g_position_fields.h`` in C, :meth:`Boundary.pack` in Python
(:mod:`.pack` fills them from the compiled :class:`~patience_core.model.rules.Rules`).
Per-foundation arrays are indexed by the foundation's place in ``foundations``.
"""
from __future__ import annotations

from patience_core.solver.boundary import Boundary, Field

# Move kinds as the C code numbers them (pack.KINDS maps them to MoveKind).
K_TO_FOUNDATION, K_BETWEEN_PILES, K_TURN, K_REDEAL, K_DEAL_ROW = range(5)
# Pile move kinds (PileSpec.moves); -1: not a layout pile (waste, stock, foundation).
MOVES_CARD, MOVES_RUN, MOVES_FACE_UP, MOVES_PILE, MOVES_CARD_OR_PILE = range(5)
EMPTY_NONE, EMPTY_ANY = -2, -1   # else the rank an empty pile takes
UNLIMITED_REDEALS = -1

RULES = Boundary("g_rules", 0x47525553, (
    Field("n_piles", 1, "piles in all (layout, stock, waste piles, foundations)"),
    Field("n_cards", 1, "cards in the pack"),
    Field("n_found", 1, "foundation piles"),
    Field("n_waste", 1, "waste piles (the first is the one redeals turn over)"),
    Field("n_recv", 1, "layout piles a card may be moved onto"),
    Field("n_scan", 1, "piles in the order free cards are scanned"),
    Field("n_cells", 1, "free cells (FreeCell's supermove counts the empty ones)"),
    Field("n_open", 1, "tableau piles that take any card when empty (the supermove doubles per empty one)"),
    Field("n_worry", 1, "foundations whose top card may come back"),
    Field("n_runf", 1, "foundations that take a whole finished run (Spider)"),
    Field("n_deal_to", 1, "piles a stock deal puts one card on each"),
    Field("n_fill", 1, "fill sources of all piles together"),
    Field("n_rules", 1, "distinct card-on-card relations (build, run and foundation rules)"),
    Field("n_safe_rules", 1, "the layout's build relations (the safe-play rule reads them)"),
    Field("n_suits", 1, "suits in the pack"),
    Field("stock", 1, "the stock's pile number"),
    Field("draw", 1, "cards per turn of the stock"),
    Field("redeals", 1, "redeals allowed at the start (-1: unlimited)"),
    Field("deal_needs_no_gap", 1, "a stock deal needs every deal_to pile non-empty (0/1)"),
    Field("deal_rounds", 1, "rows a stock deal puts down, one card to each target in turn each row"),
    Field("deal_onto_held", 1, "a stock deal goes only onto the deal_to piles holding a card, the first "
          "when none does (0/1)"),
    Field("to_foundation", 1, "the foundation the stock turns onto (-1: none)"),
    Field("stock_turns", 1, "the stock is turned or dealt by a move (0: its cards only fill gaps, to: gaps)"),
    Field("safe_plays", 1, "the safe-play rule for moves between piles applies (0/1: not the family's games)"),
    Field("kplus", 1, "the stock may be searched by K+ macro moves (0/1, see pack.kplus_applies)"),
    Field("talon_pool", 1, "every talon card can be reached at every moment: a card parked from it is "
          "tried only with a move onto it (0/1, see pack.talon_is_pool)"),
    Field("dead_end", 1, "positions are tested by the relaxation in which nothing stays covered: 0 none, "
          "1 the start, 2 the start and inside the search where it pays (see pack.dead_end_level)"),
    Field("dead_end_gates", 1, "the dead-end test lets a card that can leave only onto one base its twins "
          "must take first leave only once a twin has gone home (0/1, see pack.dead_end_gates_apply)"),
    Field("waste_order", 1, "positions are tested by the relaxation in which the waste piles' cards stay in "
          "order and the stock's are free (0/1, see pack.waste_order_applies)"),
    Field("talon_dominance", 1, "a position a talon proved lost reaches by turns alone is skipped: 0 no, "
          "1 on entering it, 2 also no child is made that reaches it (see pack.talon_dominance_level)"),
    Field("access", "n_piles", "0 none, 1 top card, 2 every card"),
    Field("is_foundation", "n_piles", "0/1"),
    Field("max_cards", "n_piles", "most cards a pile may hold (-1: no cap)"),
    Field("build_rule", "n_piles", "relation index of what a pile takes on its top card (-1: nothing)"),
    Field("run_rule", "n_piles", "relation index of what is a run (-1: none)"),
    Field("moves_kind", "n_piles", "what leaves a layout pile in one move (MOVES_*; -1: not a layout pile)"),
    Field("supermove", "n_piles", "run length capped by free cells and empty columns (0/1)"),
    Field("partial_to_foundation", "n_piles", "a move leaves face-up cards behind only when the card it "
          "uncovers can go to a foundation (0/1)"),
    Field("empty_rule", "n_piles", "what an empty pile takes (EMPTY_NONE, EMPTY_ANY, or a rank)"),
    Field("key_class", "n_piles", "piles of one class are interchangeable in the key (-1: fixed place)"),
    Field("class_needs_no_stock", "n_piles", "the class is interchangeable only once the stock is empty (0/1)"),
    Field("free_arrangement", "n_piles", "which of a card's equal parents it lies on is left out of the "
          "key (0/1, see pack.free_arrangement)"),
    Field("idle_source", "n_piles", "its idle moves are tried only when something uses them (0/1, see pack.idle_sources)"),
    Field("gap_waits", "n_piles", "a move emptying it onto a pile of its class is made only with a move into "
          "a gap of that class (0/1, see pack.waiting_gaps)"),
    Field("fill_start", "n_piles*2", "per pile: first index into fill_src and the number of sources"),
    Field("fill_src", "n_fill", "the piles that fill a gap, tried in order"),
    Field("waste_piles", "n_waste", "the waste piles"),
    Field("receivers", "n_recv", "piles a card may be moved onto, in pile order"),
    Field("scan_order", "n_scan", "piles in the order a player scans free cards"),
    Field("cells", "n_cells", "the free cells"),
    Field("open_columns", "n_open", "tableau piles that take any card when empty"),
    Field("worry_from", "n_worry", "foundations whose top may come back"),
    Field("run_foundations", "n_runf", "foundations that take whole runs"),
    Field("deal_to", "n_deal_to", "piles a stock deal puts a card on, in order"),
    Field("foundations", "n_found", "foundation pile numbers"),
    Field("f_length", "n_found", "cards a foundation holds when full"),
    Field("f_suit", "n_found", "the suit it builds (-1: its first card decides, or regardless)"),
    Field("f_regardless", "n_found", "any suit for every card (0/1)"),
    Field("f_takes_run", "n_found", "takes whole runs only (0/1)"),
    Field("f_rule", "n_found", "relation index for a foundation built by a rule (-1: by rank sequence)"),
    Field("f_base", "n_found", "the rank a foundation built by a rule starts with (-1: any rank; f_suit gives its suit)"),
    Field("f_worry", "n_found", "its top card may come back (0/1)"),
    Field("f_fixed_ranks", "n_found*13", "the rank sequence of a run foundation (-1 past its length)"),
    Field("f_top_class", "n_found*52", "what the key writes for the foundation's top card: the card, or where "
          "it builds by a rule and its top never comes back, the first card after which it takes the "
          "same cards (pack.top_classes)"),
    Field("follows", "n_rules*2704", "per relation, lower*52+upper: may upper lie on lower (0/1)"),
    Field("safe_rules", "n_safe_rules", "relation indices of the layout's build rules"),
    Field("worry_closure", "2704", "per card, card*52+other: other must be home before card goes up as a safe "
          "play where foundation tops come back (0/1, agents.safe.worry_closure; card's own entry 0: "
          "the closure does not apply)"),
    Field("copies", "52", "copies of each card code in the pack"),
    Field("pack_suits", "n_suits", "the pack's suits"),
))

POSITION = Boundary("g_position", 0x47504F53, (
    Field("n_piles", 1, "as in g_rules"),
    Field("n_found", 1, "as in g_rules"),
    Field("n_total", 1, "cards in all piles"),
    Field("redeals_left", 1, "redeals still allowed (-1: unlimited)"),
    Field("pile_len", "n_piles", "cards in each pile"),
    Field("down", "n_piles", "face-down cards at the bottom of each pile"),
    Field("cards", "n_total", "every pile's cards bottom to top, pile after pile"),
    Field("ranks", "n_found*13", "each foundation's rank sequence (-1: none, or past its length)"),
))
