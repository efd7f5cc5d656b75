"""Rules and positions into the general search's buffers, and its moves back into records.

Everything here reads the compiled :class:`~patience_core.model.rules.Rules` tables (never a
variant's name); the field tables are :mod:`.fields`.
"""
from __future__ import annotations

from array import array

from patience_core.model.moves import BETWEEN_PILES, DEAL_ROW, REDEAL, TO_FOUNDATION, TURN, Move
from patience_core.model.rules import ACCESS_TOP, Rules
from patience_core.model.specs import UNLIMITED
from patience_core.agents.safe import worry_closure
from patience_core.solver.general import fields as F

KINDS = {F.K_TO_FOUNDATION: TO_FOUNDATION, F.K_BETWEEN_PILES: BETWEEN_PILES, F.K_TURN: TURN,
         F.K_REDEAL: REDEAL, F.K_DEAL_ROW: DEAL_ROW}
CODES = {kind: code for code, kind in KINDS.items()}
_MOVES = {"card": F.MOVES_CARD, "run": F.MOVES_RUN, "face-up": F.MOVES_FACE_UP, "pile": F.MOVES_PILE,
          "card-or-pile": F.MOVES_CARD_OR_PILE}


def fill_sources(rules: Rules) -> set[int]:
    """The piles some pile's gap is filled from."""
    return {source for sources in rules.fill for source in sources}


def kplus_applies(rules: Rules) -> bool:
    """K+ macros (turns folded into the play of the card they expose) are complete when
    turning the stock commutes with every other move: one waste pile, turned onto with
    only its top card free, and no gap ever filled from the waste or the stock."""
    spec = rules.stock_spec
    talon = {rules.stock, *rules.waste_piles}
    return (rules.has_stock and len(rules.waste_piles) == 1 and not spec.deal_to
            and spec.to_foundation is None and rules.access[rules.waste] == 1
            and not talon & fill_sources(rules))


def talon_is_pool(rules: Rules) -> bool:
    """Under K+ with a draw of one and unlimited redeals every talon card can be turned up at
    any moment, whatever else has been played: the talon is a pool, and a card parked from it
    can wait until a move puts something on it (docs/solver.md, "G7. Parking from a pool").
    Not where cards come back from the foundations: there a card back needs a move covering it
    in the same child (G8), which a park's use cannot be."""
    return kplus_applies(rules) and rules.draw == 1 and rules.redeals == UNLIMITED and not rules.worry_from


# Safe plays by the worry closure (agents.safe.worry_closure) are on; False packs no closure,
# so the search keeps the narrower rule with worry (the tests compare the two).
WORRY_CLOSURE = True


# G9 is on; False switches it off (the tests compare the two).
TALON_DOMINANCE = True
# G9b is on where G9 is; False keeps G9 to the positions it skips (the tests compare the two).
TALON_STEPS_CUT = True


def talon_dominance_applies(rules: Rules) -> bool:
    """G9 (docs/solver.md, "G9. Talons a lost one reaches"): under K+ with unlimited redeals
    and a draw of more than one, a talon reaches by turns alone the same talon with a waste
    longer by a multiple of the draw, and the talon turned back to a fresh stock; so a position
    one proved lost reaches that way is lost. The search keeps, per layout, the waste lengths
    proved lost."""
    return TALON_DOMINANCE and kplus_applies(rules) and rules.draw > 1 and rules.redeals == UNLIMITED


def talon_dominance_level(rules: Rules) -> int:
    """0 without G9; 1 where the search skips the positions a proved-lost talon reaches (G9);
    2 where it also makes no child whose talon steps reach one (G9b, docs/solver.md)."""
    if not talon_dominance_applies(rules):
        return 0
    return 2 if TALON_STEPS_CUT else 1


# The dead-end test is on; False switches it off (the tests and benchmarks compare the two).
DEAD_ENDS = True


def dead_end_applies(rules: Rules) -> bool:
    """The dead-end test (docs/solver.md, "G6. Dead ends") reads every card as one bit and
    follows the foundations by their rank sequences; it needs one pack, no free cells, no gap
    ever filled, no rows dealt from the stock, no stock turned onto a foundation, and
    foundations that take single cards by a rank sequence."""
    if not DEAD_ENDS or rules.foundation_only or rules.cells or max(rules.copies) > 1 or fill_sources(rules):
        return False
    spec = rules.stock_spec
    if spec.deal_to or spec.to_foundation is not None or rules.run_foundations:
        return False
    return all(rules.f_spec[f].ranks and rules.f_spec[f].build is None for f in rules.foundations)


# The dead-end test runs inside the search too, not only at its start; False keeps it to the start.
DEAD_ENDS_INSIDE = True


def dead_end_level(rules: Rules) -> int:
    """Where the search runs the dead-end test: 0 nowhere, 1 at its start, 2 at its start and
    inside it, after the kinds of child where it has been finding dead ends (g_search.c)."""
    if not dead_end_applies(rules):
        return 0
    return 2 if DEAD_ENDS_INSIDE else 1


# The dead-end test's gates are on; False switches them off (the tests and benchmarks compare the two).
DEAD_END_GATES = True


def dead_end_gates_apply(rules: Rules) -> bool:
    """G6b (docs/solver.md, "G6b. One base at a time"): inside the dead-end test, a card that
    can leave its pile only onto one base, which some card must take before it is uncovered
    and can give up only by going home, leaves only once such a card has gone home."""
    return DEAD_END_GATES and dead_end_applies(rules)


# The waste-order test is on; False switches it off (the tests and benchmarks compare the two).
WASTE_ORDER = True
# g_relax.c's room: waste piles, and foundations (their heights in its states' keys)
MAX_WASTE_ORDER_PILES, MAX_WASTE_ORDER_FOUNDATIONS = 10, 8


def waste_order_applies(rules: Rules) -> bool:
    """The waste-order test (docs/solver.md, "G10. Waste piles that keep their order"): every
    card not home lies in the stock, turned once onto waste piles of the player's choice whose
    top alone leaves, and only for the foundations; each foundation builds a fixed rank
    sequence, each rank at most once, regardless of suit, one card at a time. Then a card is
    its rank, and the foundations are exact in the relaxation."""
    if (not WASTE_ORDER or max(rules.copies) > 1 or rules.receivers or rules.cells or fill_sources(rules)
            or not rules.has_stock or rules.redeals != 0 or rules.run_foundations or rules.worry_from):
        return False
    spec = rules.stock_spec
    wastes = set(rules.waste_piles)
    if (spec.deal_to or spec.to_foundation is not None or not 1 <= len(wastes) <= MAX_WASTE_ORDER_PILES
            or any(rules.access[w] != ACCESS_TOP for w in wastes)
            or not 1 <= len(rules.foundations) <= MAX_WASTE_ORDER_FOUNDATIONS):
        return False
    if set(range(rules.n_piles)) != {rules.stock, *wastes, *rules.foundations}:
        return False
    return all(f.ranks is not None and len(set(f.ranks)) == len(f.ranks) <= 13 and f.regardless
               and f.build is None and not f.base_from_deal for f in map(rules.f_spec.__getitem__, rules.foundations))


# The idle-move rule is sound but off: on Microsoft FreeCell deals 1-32000 it lowered the mean
# positions a deal (about 1 200 to 700) but left 2 deals undecided at 10 s (#23126: 1 395 362
# positions with it, 18 507 without), where without it every deal is decided.
IDLE_MOVES = False


def idle_sources(rules: Rules) -> list[int]:
    """Per pile, 1 when the pruned search tries its *idle* moves only if something uses them
    next (docs/solver.md, "Idle moves"): a move onto another pile that leaves a face-up card
    on top of a layout pile, or brings a foundation's top back. The argument needs every
    change such a move makes to show in the legal moves that follow: no deal of rows (it
    would cover the exposed card), no foundation taking whole runs, and no pile that fills a
    gap (the gap would take the exposed card, not the moved one)."""
    n = rules.n_piles
    if not IDLE_MOVES or rules.foundation_only or rules.stock_spec.deal_to or rules.run_foundations:
        return [0] * n
    feeding = fill_sources(rules)
    idle = [0] * n
    for p, spec in enumerate(rules.piles):   # layout piles only: the talon has no PileSpec
        if spec is not None and p not in feeding and rules.access[p] == ACCESS_TOP and spec.moves != "pile":
            idle[p] = 1
    for f in rules.worry_from:
        idle[f] = 1
    return idle


# G11 is on; False packs no pile whose gap waits (the tests compare the two).
GAPS_WAIT = True


def waiting_gaps(rules: Rules) -> list[int]:
    """Per pile, 1 when a move that empties it onto another pile of its key class is made only
    together with a move into an empty pile of that class (docs/solver.md, "G11. A gap waits
    for its use"). The argument makes the emptying move later, just before that move; in
    between, the cards it moved lie in this pile instead, so whatever is put on them or taken
    from them must be the same there: the piles of the class move any face-up card with
    everything above it (a whole face-up part, and whatever the build rule put on it, moves as
    one), with no run limit (a supermove counts empty piles) and no cap. And a gap must change
    nothing but what the pile takes: no gap filled, no rows dealt, no foundation taking runs."""
    n = rules.n_piles
    if (not GAPS_WAIT or rules.foundation_only or rules.stock_spec.deal_to or rules.run_foundations
            or any(spec is not None and spec.limit for spec in rules.piles)):
        return [0] * n
    key_class, _needs_no_stock = key_classes(rules)
    feeding = fill_sources(rules)
    waits = [0] * n
    for p, spec in enumerate(rules.piles):
        if spec is None or spec.build is None or key_class[p] < 0:
            continue
        moves_whole = spec.moves == "face-up" or (spec.moves == "run" and spec.run_rule == spec.build)
        if (moves_whole and spec.max_cards is None and not spec.fill and p not in feeding
                and rules.access[p] == ACCESS_TOP):
            waits[p] = 1
    return waits


# Free arrangement is on; False packs no pile as free (the tests compare the two).
FREE_ARRANGEMENT = True


def free_arrangement(rules: Rules) -> list[int]:
    """Per pile, 1 when the key may leave out which of a card's equal parents it lies on
    (docs/solver.md, "Free arrangement"): the layout's piles that take cards share one build
    rule under which a card's possible parents form a class of their own (any two cards may
    lie on the same cards or on none in common: rank and colour, rank and suit, rank), move
    their face-up cards with everything above them (no run limit, no cap), and are the only
    piles a card moves onto. A card above a pile's lowest face-up card must be able to move
    onto an empty pile wherever its twin could, so either any part of a run moves or an empty
    pile takes only cards that lie on nothing. One pack (the key holds a set of cards), no
    rows dealt onto the piles, no gaps filled. The search also checks, per start position,
    that every face-up card above a lowest one lies on a card it follows (g_load)."""
    n = rules.n_piles
    off = [0] * n
    if (not FREE_ARRANGEMENT or rules.foundation_only or rules.cells or max(rules.copies) > 1
            or rules.stock_spec.deal_to or rules.run_foundations):
        return off
    piles = [p for p, spec in enumerate(rules.piles) if spec is not None and spec.build is not None]
    if not piles or set(rules.receivers) != set(piles) or fill_sources(rules) & set(piles):
        return off
    rule = rules.piles[piles[0]].build
    for p in piles:
        spec = rules.piles[p]
        moves_runs = spec.moves == "face-up" or (spec.moves == "run" and spec.run_rule == rule)
        if (spec.build != rule or not moves_runs or spec.limit or spec.max_cards is not None
                or spec.fill or rules.access[p] != ACCESS_TOP):
            return off
    parents = {frozenset(t for t in range(52) if rule.follows(t, c)) for c in range(52)}
    if any(a & b and a != b for a in parents for b in parents):
        return off
    for p in piles:
        spec = rules.piles[p]
        if spec.partial != "any" and spec.empty != "none" and (
                spec.empty == "any" or any(rule.follows(t, c) for c in range(spec.empty, 52, 13) for t in range(52))):
            return off
    return [int(p in piles) for p in range(n)]


def key_classes(rules: Rules) -> tuple[list[int], list[int]]:
    """Which piles are interchangeable in the search's key (sorted there), and which only
    once the stock is empty (a deal of rows reaches them in a fixed order).

    Piles of one group share every rule; they are interchangeable unless gaps among them
    are filled (the order of sources matters) or they fill other piles. Several waste
    piles are, when none is ever turned over (redeals take the first) or feeds a gap.
    Foundations of one group are, when their suit is not fixed (the first card decides)."""
    n = rules.n_piles
    key_class, needs_no_stock = [-1] * n, [0] * n
    feeding = fill_sources(rules)
    groups = [piles for group, piles in rules.groups.items() if group in rules.group_specs]
    if rules.redeals == 0 and not feeding & set(rules.waste_piles):
        groups.append(list(rules.waste_piles))
    deal_to = set(rules.stock_spec.deal_to)
    for number, piles in enumerate(groups):
        if len(piles) < 2 or any(rules.fill[p] for p in piles) or feeding & set(piles):
            continue
        for p in piles:
            key_class[p] = number
            needs_no_stock[p] = int(bool(deal_to & set(piles)))
    number = len(groups)
    for piles in _interchangeable_foundations(rules):
        for p in piles:
            key_class[p] = number
        number += 1
    return key_class, needs_no_stock


def _interchangeable_foundations(rules: Rules) -> list[list[int]]:
    """Foundations whose specs are equal but for their number and name, with a rank
    sequence fixed by the rules and no suit of their own (Klondike's four: the first card
    decides): which of them holds what does not matter to the future."""
    classes: dict = {}
    for f in rules.foundations:
        spec = rules.f_spec[f]
        if spec.ranks is None or spec.suit >= 0 or spec.base_from_deal:
            continue
        shape = (spec.group, spec.length, spec.ranks, spec.regardless, spec.build, spec.takes_run, spec.worry)
        classes.setdefault(shape, []).append(f)
    return [piles for piles in classes.values() if len(piles) > 1]


def top_classes(rules: Rules) -> list[int]:
    """What the key writes for each foundation's top card, 52 entries a foundation (g_key.c
    pile_bytes). A top that never comes back matters only through what the foundation takes on
    it: where the foundation builds by a rule (Golf: a rank up or down, any suit), tops after
    which the rule takes the same cards share a class, written as the first such card. Other
    foundations write the card itself (its suit says their sequence's)."""
    out: list[int] = []
    for f in rules.foundations:
        spec = rules.f_spec[f]
        classes = list(range(52))
        if spec.build is not None and not spec.worry and not spec.takes_run:
            first: dict = {}
            for card in range(52):
                takes = tuple(spec.build.follows(card, e) for e in range(52) if rules.copies[e])
                classes[card] = first.setdefault(takes, card)
        out += classes
    return out


def pack_rules(rules: Rules) -> array:
    """The rules' buffer (:data:`fields.RULES`)."""
    n = rules.n_piles
    relations: dict = {}

    def relation(rule) -> int:
        return -1 if rule is None else relations.setdefault(rule, len(relations))

    build = [-1] * n
    run = [-1] * n
    moves = [-1] * n
    supermove = [0] * n
    partial = [0] * n
    empty = [F.EMPTY_NONE] * n
    max_cards = [-1] * n
    for p, spec in enumerate(rules.piles):
        if spec is None:
            continue
        build[p] = relation(spec.build)
        run[p] = relation(spec.run_rule)
        moves[p] = _MOVES[spec.moves]
        supermove[p] = int(spec.limit == "supermove")
        partial[p] = int(spec.partial == "to-foundation")
        empty[p] = F.EMPTY_ANY if spec.empty == "any" else F.EMPTY_NONE if spec.empty == "none" else spec.empty
        max_cards[p] = -1 if spec.max_cards is None else spec.max_cards
    found = rules.foundations
    f_rule = [relation(rules.f_spec[f].build) for f in found]
    safe_rules = [relation(rule) for rule in rules.build_rules]
    follows = array("i", bytes(4 * 2704 * len(relations)))
    for rule, r in relations.items():
        base = r * 2704
        for lower in range(52):
            for upper in range(52):
                if rule.follows(lower, upper):
                    follows[base + lower * 52 + upper] = 1
    fill_start, fill_src = [], []
    for p in range(n):
        fill_start += [len(fill_src), len(rules.fill[p])]
        fill_src += rules.fill[p]
    key_class, needs_no_stock = key_classes(rules)
    fixed_ranks = []
    for f in found:
        ranks = list(rules.f_spec[f].ranks or ())[:13]
        fixed_ranks += ranks + [-1] * (13 - len(ranks))
    closures = array("i", bytes(4 * 2704))
    for card in range(52) if rules.worry_from and WORRY_CLOSURE else ():
        for other in worry_closure(rules, card) or ():
            closures[card * 52 + other] = 1
    stock = rules.stock_spec
    return F.RULES.pack(
        n_piles=n, n_cards=rules.n_cards, n_found=len(found), n_waste=len(rules.waste_piles),
        n_recv=len(rules.receivers), n_scan=len(rules.scan_order), n_cells=len(rules.cells),
        n_open=len(rules.open_columns), n_worry=len(rules.worry_from), n_runf=len(rules.run_foundations),
        n_deal_to=len(stock.deal_to), n_fill=len(fill_src), n_rules=len(relations),
        n_safe_rules=len(safe_rules), n_suits=len(rules.pack_suits),
        stock=rules.stock, draw=rules.draw,
        redeals=F.UNLIMITED_REDEALS if rules.redeals == UNLIMITED else int(rules.redeals),
        deal_needs_no_gap=int(stock.deal_needs_no_gap), deal_onto_held=int(stock.deal_onto_held),
        deal_rounds=stock.deal_rounds,
        to_foundation=-1 if stock.to_foundation is None else stock.to_foundation,
        stock_turns=int(not stock.only_fills),
        safe_plays=int(not rules.foundation_only), kplus=int(kplus_applies(rules)),
        talon_pool=int(talon_is_pool(rules)), dead_end=dead_end_level(rules), dead_end_gates=int(dead_end_gates_apply(rules)),
        talon_dominance=talon_dominance_level(rules), waste_order=int(waste_order_applies(rules)),
        access=rules.access, is_foundation=[int(x) for x in rules.is_foundation], max_cards=max_cards,
        build_rule=build, run_rule=run, moves_kind=moves, supermove=supermove,
        partial_to_foundation=partial, empty_rule=empty,
        key_class=key_class, class_needs_no_stock=needs_no_stock, idle_source=idle_sources(rules),
        gap_waits=waiting_gaps(rules),
        free_arrangement=free_arrangement(rules),
        fill_start=fill_start, fill_src=fill_src,
        waste_piles=rules.waste_piles, receivers=rules.receivers, scan_order=rules.scan_order,
        cells=rules.cells, open_columns=rules.open_columns, worry_from=rules.worry_from,
        run_foundations=rules.run_foundations, deal_to=stock.deal_to, foundations=found,
        f_length=[rules.f_length[f] for f in found], f_suit=[rules.f_suit[f] for f in found],
        f_regardless=[int(rules.f_regardless[f]) for f in found],
        f_takes_run=[int(rules.f_spec[f].takes_run) for f in found], f_rule=f_rule,
        f_base=[-1 if rules.f_spec[f].build is None or rules.f_spec[f].base is None else rules.f_spec[f].base
                for f in found],
        f_worry=[int(rules.f_spec[f].worry) for f in found], f_fixed_ranks=fixed_ranks,
        f_top_class=top_classes(rules),
        follows=follows, safe_rules=safe_rules, worry_closure=closures, copies=rules.copies, pack_suits=rules.pack_suits)


def pack_position(position) -> array:
    """The position's buffer (:data:`fields.POSITION`)."""
    rules = position.rules
    cards = [c for pile in position.piles for c in pile]
    ranks = []
    for f in rules.foundations:
        sequence = list(position.ranks[f] or ())[:13]
        ranks += sequence + [-1] * (13 - len(sequence))
    left = position.redeals_left
    return F.POSITION.pack(
        n_piles=rules.n_piles, n_found=len(rules.foundations), n_total=len(cards),
        redeals_left=F.UNLIMITED_REDEALS if left == UNLIMITED else int(left),
        pile_len=[len(p) for p in position.piles], down=position.down, cards=cards, ranks=ranks)


def as_move(entry: tuple[int, int, int, int, int]) -> Move:
    kind, src, dst, card, count = entry
    return Move(KINDS[kind], src, dst, card, count)


def as_entry(move: Move) -> tuple[int, int, int, int, int]:
    return CODES[move.kind], move.src, move.dst, move.card, move.count


def piles_of(buffer: tuple) -> tuple[list[list[int]], list[int], int]:
    """(piles, down, redeals left) from the C side's ``(lengths, down, cards, redeals)``."""
    lengths, down, cards, redeals = buffer
    piles, at = [], 0
    for n in lengths:
        piles.append(list(cards[at:at + n]))
        at += n
    return piles, list(down), (UNLIMITED if redeals == F.UNLIMITED_REDEALS else redeals)
