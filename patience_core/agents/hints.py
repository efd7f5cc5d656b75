"""The hint: the best move the project knows, with one line of reasoning, without peeking.

The no-peeking player of ``patience_core.agents.player`` (``choose_move(position) ->
(move | None, reason)``) gives the hint when it is installed; it is looked up at call
time, so the game picks it up as soon as it exists. Until then, or if it fails, the
fallback heuristic below answers. Neither looks at the order of the stock nor at a
face-down card: only at what the player sees (the face-up cards of the layout, the
foundations, the waste, how many cards the stock holds); tests/test_player_no_peek.py
shuffles the unseen cards and checks that no answer changes.
"""
from __future__ import annotations

import importlib

from patience_core.model import cards, legal
from patience_core.agents.safe import open_spots, safe_moves
from patience_core.agents.choose import longest_way
from patience_core.model.moves import REDEAL, TO_FOUNDATION, TURN, Move
from patience_core.model.position import Position


def _distance(position: Position, card: int) -> int:
    """How many cards must still go up before ``card`` fits somewhere (99 = never)."""
    spots = open_spots(position, card)
    return min((index - len(position.piles[g]) for g, index in spots), default=99)


def heuristic_move(position: Position) -> tuple[Move | None, str]:
    """A simple no-peeking choice, in order of preference:

    1. a provably safe play (see :mod:`.autoplay`);
    2. a play from a pile whose gap is never filled (it can only help: it frees the card
       under it), best if the freed card fits at once (a face-down card beneath is only
       known to turn up);
    3. the waste top when it fits (the next turn would bury it);
    4. a play from a place refilled from the waste when the card that would fill the gap is
       worth keeping (it fits soon), or when nothing is left to fill it, or when the gap
       takes an unseen stock card (it stays free there instead of under the waste);
    5. turn the stock; redeal; otherwise play what fits.
    """
    rules = position.rules
    safe = next(safe_moves(position), None)
    if safe is not None:
        return safe, (f"{cards.card_name(safe.card)} can go up safely: no other card "
                      "competes for that place and playing it changes nothing else")
    legal_up: dict[tuple[int, int], list[int]] = {}   # (pile, card) -> the foundations it may go to
    for m in position.legal_moves():
        if m.kind is TO_FOUNDATION and m.count == 1:
            legal_up.setdefault((m.src, m.card), []).append(m.dst)
    plays = [Move(TO_FOUNDATION, p, longest_way(position, c, legal_up[p, c]), c)
             for p, c in position.free_cards() if (p, c) in legal_up]
    piles = position.piles
    waste = piles[rules.waste]
    stock = piles[rules.stock]

    best: tuple[int, Move, str] | None = None
    for move in plays:
        p, c = move.src, move.card
        name = cards.card_name(c)
        if p == rules.waste:
            score, why = 70, f"play the waste top {name}: the next turn would bury it"
        elif not rules.fill[p]:
            under = piles[p][-2] if len(piles[p]) > 1 and rules.top_only[p] else None
            if under is not None and position.is_face_down(p, len(piles[p]) - 2):
                # The card beneath is turned up by the play: nobody knows it yet.
                score, why = 80, f"{name} turns up the face-down card beneath it"
            elif under is not None and position.takers[under]:
                score, why = 90, (f"{name} frees {cards.card_name(under)}, which fits at once")
            elif under is not None:
                score, why = 80 - min(_distance(position, under), 20), (
                    f"{name} frees {cards.card_name(under)} underneath; cards there only leave upwards")
            else:
                score, why = 75, f"{name} empties its pile; nothing is lost"
        else:
            source = legal.fill_source(position, p)
            source = None if source < 0 else source
            filler = piles[source][-1] if source is not None else None
            if filler is None:
                score, why = 85, f"{name}: nothing is left to fill the gap, so play it"
            elif position.is_face_down(source, len(piles[source]) - 1):
                # The gap takes a card nobody has seen (the stock's top): it stays free there
                # instead of going under the waste, whatever it is.
                score, why = 55, f"{name}: the gap takes the next card of the {rules.pile_names[source]}, unseen"
            elif position.takers[filler] or _distance(position, filler) <= 1:
                score, why = 65, (f"{name}: the gap takes {cards.card_name(filler)}, "
                                  "which is worth keeping (it fits soon)")
            elif not stock and not position.redeals_left:
                score, why = 60, f"{name}: the stock is done, play what fits"
            else:
                score, why = 10, (f"{name} fits, but its gap would take {cards.card_name(filler)}; "
                                  "better wait for a card worth keeping")
        if best is None or score > best[0]:
            best = (score, move, why)

    if best is not None and best[0] >= 50:
        return best[1], best[2]
    if stock:
        reason = "nothing worth playing now: turn the stock"
        if best is not None:
            reason += f" ({best[2]})"
        return Move(TURN, rules.stock, rules.waste, stock[-1]), reason
    if best is not None:
        return best[1], best[2]
    if position.redeals_left and waste:
        return Move(REDEAL, rules.waste, rules.stock), "the stock is empty: redeal the waste"
    return None, "no move left"


def visited_keys(position: Position) -> set:
    """The keys of every position the game has passed through: its moves taken back one by
    one on a copy (the position keeps them for undo)."""
    walk = position.copy()
    seen = {walk.key()}
    while walk.trail:
        walk.undo()
        seen.add(walk.key())
    return seen


def goes_back(position: Position, move: Move, seen: set) -> bool:
    """Would ``move`` lead to a position the game has already been in?"""
    after = position.copy()
    after.apply(move)
    return after.key() in seen


def hint(position: Position) -> tuple[Move | None, str, str]:
    """``(move, reason, who)``; ``who`` names what chose the move. A hint never leads back
    to a position of this game (so it never undoes the move before it, and following the
    hints never goes round in circles)."""
    seen = visited_keys(position)
    try:
        player = importlib.import_module("patience_core.agents.player")
    except ImportError:
        player = None
    choose = getattr(player, "choose_move", None)
    if choose is not None:
        try:
            move, reason = choose(position.copy(), set(seen))
        except Exception:  # a broken player must not end the game: fall back
            move = None
            reason = None
        else:
            if move is None or (move in position.legal_moves() and not goes_back(position, move, seen)):
                return move, reason, "player"
    move, reason = heuristic_move(position)
    if move is not None and goes_back(position, move, seen):
        move = next((m for m in position.legal_moves() if not goes_back(position, m, seen)), None)
        reason = ("the moves worth playing lead back to where this game has been; this one does not"
                  if move is not None else "every move leads back to a position already played")
    return move, reason, "heuristic"
