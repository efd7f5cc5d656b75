"""The no-peeking player: plays as a careful human does, without knowing the stock order.

What it looks at (what a human at the table can see or remember):

- every face-up card: the layout piles, the waste, the foundations;
- how many cards the stock holds and how many redeals are left;
- the cards it has watched go to the waste (so it knows which cards are still
  unseen in the stock, as a set, but never their order).

It never reads the stock's cards. The one exception is mechanical: the engine's
move tuple for a stock turn names the card turned, so once the player has
decided to turn, :func:`_turn` reads the top card to hand the move over.

How it plays (everything is derived from the compiled rules, no variant names):

1. A card that fits a foundation from a pile that is not refilled (a column of
   the tableau, a reserve without refill, the waste top) is always played: it
   can only leave upwards, and playing it uncovers the card beneath. When
   several fit, the one that uncovers the most urgent card goes first.
2. A card from a pile that refills (a gap "takes the waste top") is played
   too: first one that starts a run of such cards letting a column card or the
   waste top follow, then the others. The books advise holding such cards until
   the waste shows a card worth saving; measured, that loses at every threshold
   tried (``HOLD_BEYOND``, bench/player_bench.py): each gap takes the waste top
   when it is made, so a reserve play digs the waste as well as building.
3. When a card fits two foundations it goes on the one with fewer cards (the
   longer way to go): both choices leave the same cards wanted next, and this
   one keeps the piles' later ranks least constrained.
4. Otherwise it turns the stock, redeals when it may, or stops.

Where nothing is hidden (no face-down card, no unseen stock card), seeing every card is not
peeking: the player follows the solver's winning line (:mod:`.open_play`).
"""
from __future__ import annotations

import weakref
from typing import Optional

from patience_core.model import cards
from patience_core.agents.choose import longest_way
from patience_core.agents.open_play import solver_choice
from patience_core.agents.policies import leads_somewhere_new, play_without_repeats
from patience_core.agents.safe import is_safe
from patience_core.model.legal import fill_source, removed_cards, removed_places
from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move, MoveKind
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, Rules

FAR = 99

# Hold a refilled-pile card back while the waste top is more than HOLD_BEYOND
# foundation cards from fitting (None: never hold). Holding loses on every threshold
# tried (bench/player_bench.py, docs/win-rates.md): foundation progress now is worth
# more than choosing which waste card the gap takes.
HOLD_BEYOND: Optional[int] = None
# A waste top this close to fitting is called "needed soon" in the reason given.
SAVE_DISTANCE_WORDS = 2


class _Plan:
    """What the player precomputes once per compiled variant."""

    def __init__(self, rules: Rules):
        # (no reference back to ``rules``: the plans are cached in a weak-key mapping)
        # rank_index[f][rank]: where ``rank`` stands in foundation f's sequence (-1: never).
        self.rank_index = {}
        for f in rules.foundations:
            where = [-1] * 13
            for i, rank in enumerate(rules.f_rank_at[f]):
                where[rank] = i
            self.rank_index[f] = where
        layout = [p for p in rules.scan_order if p != rules.waste and rules.access[p] != ACCESS_NONE]
        self.refilled = [p for p in layout if rules.fill[p]]
        self.unrefilled = [p for p in layout if not rules.fill[p]]
        self.has_all_access = any(rules.access[p] == ACCESS_ALL for p in layout)


_plans: "weakref.WeakKeyDictionary[Rules, _Plan]" = weakref.WeakKeyDictionary()


def _plan(rules: Rules) -> _Plan:
    plan = _plans.get(rules)
    if plan is None:
        plan = _plans[rules] = _Plan(rules)
    return plan


def _open_foundations(position: Position, suit: int):
    """``(foundation, cards on it)`` for every unfinished foundation that builds ``suit``
    (its first card's suit, or for an empty pile the suit it is bound to, if any)."""
    rules = position.rules
    piles = position.piles
    for f in rules.foundations:
        pile = piles[f]
        n = len(pile)
        if n >= rules.f_length[f]:
            continue
        if n:
            if pile[0] // 13 != suit:
                continue
        elif rules.f_suit[f] >= 0 and rules.f_suit[f] != suit:
            continue
        yield f, n


def distance(position: Position, card: int, plan: Optional[_Plan] = None) -> int:
    """How many cards some foundation still needs before it takes ``card`` (0: fits now)."""
    plan = plan or _plan(position.rules)
    suit, rank = divmod(card, 13)
    best = FAR
    for f, n in _open_foundations(position, suit):
        i = plan.rank_index[f][rank]
        if i >= n and i - n < best:
            best = i - n
    return best


def _label(card: int) -> str:
    return cards.card_label(card, True)


def _place(rules: Rules, pile: int) -> str:
    """``the left wing`` style wording from the pile's group title, else its id."""
    group = rules.pile_group[pile]
    if group == "waste":
        return "the waste"
    title = (rules.group_specs.get(group) or {}).get("title")
    if title:
        return "the " + title.split(" (")[0].lower() if title[0].isupper() else title
    return rules.pile_names[pile]


best_foundation = longest_way  # rule 3: the foundation with the longest way to go (agents/choose.py)


def _free_in(position: Position, pile: int):
    """The free cards of one layout pile, with what is beneath each (None: nothing)."""
    cards_ = position.piles[pile]
    if not cards_:
        return
    if position.rules.access[pile] == ACCESS_ALL:
        for i, card in enumerate(cards_):
            yield card, None
    else:
        yield cards_[-1], (cards_[-2] if len(cards_) > 1 else None)


def _unrefilled_play(position: Position, plan: _Plan):
    """Rule 1: the best play from a pile that does not refill (columns, waste top)."""
    rules = position.rules
    takers = position.takers
    best = None
    for p in plan.unrefilled + [rules.waste]:
        for card, beneath in _free_in(position, p):
            if not takers[card]:
                continue
            urgency = FAR + 1 if beneath is None else distance(position, beneath, plan)
            if best is None or urgency < best[0]:
                best = (urgency, p, card, beneath)
    if best is None:
        return None
    _, p, card, beneath = best
    move = Move(TO_FOUNDATION, p, best_foundation(position, card), card)
    if beneath is None:
        left = "the waste" if p == rules.waste else rules.pile_names[p]
        why = f"{_label(card)} from {_place(rules, p)} fits; {left} is left empty"
    elif p == rules.waste:
        why = f"{_label(card)} from the waste fits and uncovers {_label(beneath)} below it"
    else:
        why = f"{_label(card)} from {_place(rules, p)} fits and frees {_label(beneath)} beneath it"
    return move, why


def _chain_to(position: Position, plan: _Plan, target: int, free: dict) -> Optional[tuple[int, int, list]]:
    """A run of free refilled-pile cards that brings some foundation to want ``target``.

    ``free`` counts the free cards of refilled piles. Returns ``(foundation, first card,
    run)`` for the shortest such run, or None.
    """
    rules = position.rules
    suit, rank = divmod(target, 13)
    best = None
    for f, n in _open_foundations(position, suit):
        i = plan.rank_index[f][rank]
        if i <= n or (best is not None and i - n >= len(best[2])):
            continue
        run = [suit * 13 + r for r in rules.f_rank_at[f][n:i]]
        need: dict = {}
        for card in run:
            need[card] = need.get(card, 0) + 1
        if all(free.get(card, 0) >= k for card, k in need.items()):
            best = (f, run[0], run)
    return best


def candidates_all(position: Position, plan: _Plan):
    """Every free card of a refilled pile, fitting or not."""
    for p in plan.refilled:
        for card, _ in _free_in(position, p):
            yield p, card


def _refilled_play(position: Position, plan: _Plan):
    """Rule 2: a card from a refilled pile, only when the refill is worth it."""
    rules = position.rules
    piles = position.piles
    takers = position.takers
    waste = piles[rules.waste]
    stock_count = len(piles[rules.stock])
    candidates = []
    for p in plan.refilled:
        for card, _ in _free_in(position, p):
            if takers[card]:
                candidates.append((p, card))
    if not candidates:
        return None
    # A run of held cards that lets a column card or the waste top follow is progress
    # the refill cannot spoil: the target would otherwise stay stuck (or be buried).
    free: dict = {}
    where: dict = {}
    for p, card in candidates_all(position, plan):
        free[card] = free.get(card, 0) + 1
        where.setdefault(card, p)
    targets = [pile[-1] for pile in (piles[q] for q in plan.unrefilled + [rules.waste]) if pile]
    for target in targets:
        chain = _chain_to(position, plan, target, free)
        if chain is not None:
            f, card, run = chain
            p = where[card]
            if not position.takers[card] or f not in position.takers[card]:
                continue
            lead = "lets" if len(run) == 1 else f"starts a run of {len(run)} cards that lets"
            return Move(TO_FOUNDATION, p, f, card), (f"{_label(card)} from {_place(rules, p)} {lead} {_label(target)} "
                                  f"follow onto the same foundation")
    p, card = candidates[0]
    f = best_foundation(position, card)
    move = Move(TO_FOUNDATION, p, f, card)
    source = fill_source(position, p) if rules.fill[p] else -1
    source = None if source < 0 else source
    if stock_count == 0 and not position.redeals_left:
        return move, (f"{_label(card)} from {_place(rules, p)}: the stock is spent, so holding it "
                      f"back gains nothing")
    if source == rules.waste:
        top = waste[-1]
        need = distance(position, top, plan)
        if HOLD_BEYOND is not None and need > HOLD_BEYOND:
            return None
        if need <= SAVE_DISTANCE_WORDS:
            return move, (f"{_label(card)} from {_place(rules, p)}: the gap saves {_label(top)} "
                          f"from the waste, needed soon")
        return move, (f"{_label(card)} from {_place(rules, p)} fits; the gap takes "
                      f"{_label(top)} off the waste and keeps it free")
    elif source == rules.stock:
        return move, (f"{_label(card)} from {_place(rules, p)}: the waste is empty, so the gap takes "
                      f"the next stock card and keeps it free")
    elif source is None:
        return move, f"{_label(card)} from {_place(rules, p)} fits and nothing refills the gap"
    return None


def _turn(position: Position) -> Optional[tuple[Move, str]]:
    rules = position.rules
    stock = position.piles[rules.stock]
    if stock:
        # The decision is made; the engine's move names the card, read only to hand it over.
        why = ("no card worth playing now: turn the stock" if position.foundation_moves()
               else "no card fits: turn the stock")
        return Move(TURN, rules.stock, rules.waste, stock[-1]), why
    if position.redeals_left and position.piles[rules.waste]:
        return Move(REDEAL, rules.waste, rules.stock), "the stock is empty: redeal the waste"
    return None


def _last_resort(position: Position, plan: _Plan):
    """With no stock turn left, any card that fits is better than stopping."""
    for p in plan.refilled:
        for card, _ in _free_in(position, p):
            if position.takers[card]:
                return (Move(TO_FOUNDATION, p, best_foundation(position, card), card),
                        f"{_label(card)} from {_place(position.rules, p)}: nothing else is left to do")
    return None


def _answer_choice(position: Position) -> tuple[Optional[Move], str]:
    """A plugin variant asks a question (an opening choice, which card fills a gap):
    the only legal moves are its answers."""
    rules = position.rules
    legal = position.legal_moves()
    if not legal:
        return None, "no answer is possible: the game is over"
    if getattr(position, "choosing", False):
        return legal[0], "the opening choice: take the first option"
    from_waste = [m for m in legal if m.src == rules.waste]
    if from_waste:
        card = from_waste[0].card
        return from_waste[0], (f"fill {rules.pile_names[from_waste[0].dst]} with {_label(card)} from the "
                               f"waste: the gap keeps it free instead of letting the stock bury it")
    return legal[0], f"fill {rules.pile_names[legal[0].dst]} from the {rules.pile_names[legal[0].src]}"


def choose_move(position: Position, seen: Optional[set] = None) -> tuple[Optional[Move], str]:
    """The player's next move and one line saying why; ``(None, reason)`` when the game is over.

    ``seen``: keys of the positions this game passed through; where cards move between
    piles the player never goes back to one of them (so it cannot go round in circles).
    """
    if position.is_won():
        return None, "the game is won"
    if getattr(position, "pending", -1) >= 0 or getattr(position, "choosing", False):
        return _answer_choice(position)
    if position.rules.move_check is None and (solved := solver_choice(position, seen)) is not None:
        return solved   # every card in sight: seeing them is not peeking
    if not position.rules.foundation_only:
        return _general_choice(position, seen if seen is not None else {position.key()})
    plan = _plan(position.rules)
    choice = _unrefilled_play(position, plan) or _refilled_play(position, plan)
    if choice is None:
        choice = _turn(position) or _last_resort(position, plan)
    if choice is not None and position.rules.move_check is not None and not position.is_legal(choice[0]):
        # A plugin forbids the move this player would make: take the first it allows.
        legal = position.legal_moves()
        choice = (legal[0], "the move preferred is not allowed here; the first allowed one") if legal else None
    if choice is None:
        return None, "no card fits and the stock is spent: the game is lost"
    return choice


def general_score(position: Position, move: Move) -> tuple[int, str]:
    """How much a move is worth to a player who sees only face-up cards, and why.

    It never looks at the card a move would turn face up, only at whether it turns one.
    """
    rules = position.rules
    kind = move.kind
    name = _label(move.card) if move.card >= 0 else ""
    if kind is TO_FOUNDATION:
        if is_safe(position, move):
            return 100, f"{name} goes up safely: no card can ever be built on it"
        return 90, f"{name} goes up to {rules.pile_names[move.dst]}"
    if kind is MoveKind.REMOVE:
        return _removal_score(position, move)
    if kind is MoveKind.SWAP:   # two base cards into places that build on them
        return 70, f"{name} trades places with {_label(position.piles[move.dst][0])}: both bases fit"
    if kind is TURN and rules.stock_visible:
        return _placement(position, move)
    if kind is TURN or kind is MoveKind.DEAL_ROW or kind is MoveKind.CLOSE_UP:
        return 20, "nothing better on the table: deal from the stock"
    if kind is REDEAL:
        return 15, "the stock is empty: redeal the waste"
    if kind is MoveKind.GATHER:
        return 15, "nothing better on the table: gather the layout and deal it again"
    if kind is MoveKind.TURN_UP:
        return 15, "no card can be played: turn up a pile's next card"
    src, dst = move.src, move.dst
    pile = position.piles[src]
    target = position.piles[dst]
    if rules.is_foundation[src]:
        return 2, f"{name} comes back from the foundation"
    uncovered = len(pile) - move.count
    if position.down[src] and uncovered == position.down[src]:
        return 80, f"{name} moves to {rules.pile_names[dst]} and turns up the card beneath"
    if src in rules.waste_piles or src == rules.stock:   # the stock's top, where it lies face up
        return (50 if target else 25), f"{name} from the {rules.pile_names[src]} onto {rules.pile_names[dst]}"
    if rules.pile_kind[dst] == "cell":
        return 8, f"{name} waits in a free cell"
    if not target and uncovered and rules.remove_rules:
        return _gap_for_removal(position, move)
    if not target:
        return (3 if uncovered == 0 else 12), f"{name} moves into the empty {rules.pile_names[dst]}"
    if uncovered == 0:
        return 60, f"{name} moves to {rules.pile_names[dst]} and empties {rules.pile_names[src]}"
    if rules.pile_kind[src] == "cell" or rules.pile_kind[src] == "reserve":
        return 45, f"{name} leaves {rules.pile_names[src]} for {rules.pile_names[dst]}"
    below = pile[uncovered - 1]
    return (35 if rules.piles[src].build is None or not rules.piles[src].build.follows(below, move.card)
            else 1), f"{name} builds on {rules.pile_names[dst]}"


def _removal_score(position: Position, move: Move) -> tuple[int, str]:
    """A set removed: worth more the more layout cards it takes and frees (the layout is
    what must be cleared; the stock and waste come round again). Only face-up cards count."""
    rules = position.rules
    names = " and ".join(_label(c) for c in removed_cards(position, move))
    if is_safe(position, move):
        return 100, f"{names} can only ever go alone: removed"
    layout = [p for p in removed_places(rules, move) if rules.piles[p] is not None]
    before = sum(1 for p, _c in position.free_cards() if rules.piles[p] is not None)
    position.apply(move)
    after = sum(1 for p, _c in position.free_cards() if rules.piles[p] is not None)
    position.undo()
    freed = max(0, after - before + len(layout))
    score = 86 + 3 * len(layout) + 2 * freed
    if any(r.outranked for r in rules.remove_rules) and move.count == 1:
        # The lower card first: a higher one may be what lets a lower one of its suit go.
        score += (13 - move.card % 13) // 5
    what = f"{names} removed" + (f", freeing {freed} card{'s' if freed != 1 else ''} of the layout" if freed else "")
    return min(score, 99), what


def _gap_for_removal(position: Position, move: Move) -> tuple[int, str]:
    """Where sets are removed (Aces Up), a gap is worth using before the stock is dealt
    (a row would fill it): best the move that uncovers cards making the most sets."""
    rules = position.rules
    position.apply(move)
    played = 1
    sets = 0
    while True:   # the sets it leads to, removed one after another
        removal = next((m for m in position.legal_moves() if m.kind is MoveKind.REMOVE), None)
        if removal is None:
            break
        position.apply(removal)
        played += 1
        sets += 1
    for _ in range(played):
        position.undo()
    # An Ace never goes (put it where it buries nothing); a King goes only before a same-suit Ace.
    rank = move.card % 13
    kind_bonus = 2 if rank == 0 else -2 if rank == 12 else 0
    buried = min(len(position.piles[move.src]) - 1, 3)
    return 22 + 3 * min(sets, 8) + kind_bonus + buried, (f"{_label(move.card)} moves into the empty {rules.pile_names[move.dst]}, "
                               f"uncovering a card" + (f": {sets} set{'s' if sets != 1 else ''} to remove"
                                                       if sets else ""))


def need(position: Position, card: int) -> int:
    """How many cards some foundation still needs before it takes ``card`` (any kind of
    foundation with a rank sequence; ``FAR``: none ever will)."""
    rules = position.rules
    best = FAR
    for f in rules.foundations:
        ranks = position.ranks[f]
        pile = position.piles[f]
        if ranks is None or card % 13 not in ranks:
            continue
        i = ranks.index(card % 13)
        if i < len(pile):
            continue
        if not rules.f_regardless[f]:
            suit = pile[0] // 13 if pile else rules.f_suit[f]
            if suit >= 0 and suit != card // 13:
                continue
        best = min(best, i - len(pile))
    return best


def _placement(position: Position, move: Move) -> tuple[int, str]:
    """Waste piles the player chooses (Sir Tommy, Calculation): the card in hand is seen.
    Put it where it buries nothing needed sooner than itself: an empty pile, or the pile
    whose top card is needed latest but still later than this one."""
    rules = position.rules
    card = move.card
    mine = need(position, card)
    top = position.piles[move.dst]
    name = _label(card)
    if not top:
        return 24, f"{name} starts the empty {rules.pile_names[move.dst]}"
    theirs = need(position, top[-1])
    if theirs >= mine:
        # Later-needed top: fine, and the closer the two, the fewer cards wait in between.
        return 23 - min(theirs - mine, 20) // 10, (f"{name} on {rules.pile_names[move.dst]}, whose top is "
                                                   f"needed later")
    return 10 - min(mine - theirs, 9), f"{name} must bury a card needed sooner: the least bad pile"


def _general_choice(position: Position, seen: set) -> tuple[Optional[Move], str]:
    """Where cards move between piles: the best-scored move to a position not seen yet."""
    best = None
    for move in position.legal_moves():
        score, why = general_score(position, move)
        if best is not None and score <= best[0]:
            continue
        if leads_somewhere_new(position, move, seen):
            best = (score, move, why)
    if best is None:
        return None, "every move leads back to a position already played: the game is lost"
    return best[1], best[2]


def play_player(position: Position, record: Optional[list] = None) -> Position:
    """Play the no-peeking player to the end (mutates ``position``); append moves to ``record``."""
    if position.rules.foundation_only:  # no move ever comes back; the keys only let the solver
        seen = {position.key()}          # skip the descendants of a position it could not win
        while (move := choose_move(position, seen)[0]) is not None:
            position.apply(move)
            seen.add(position.key())
            if record is not None:
                record.append(move)
        return position
    return play_without_repeats(position, lambda p, seen: choose_move(p, seen)[0], record)


__all__ = ["choose_move", "play_player", "distance", "best_foundation"]
