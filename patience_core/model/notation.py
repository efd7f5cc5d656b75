"""Moves and positions in the machine-readable form of the CLI and saved games.

A move is ``{"card": "5H", "from": "right:3", "to": "foundation:2"}``; a run moved
between piles names its base card (the deepest one moved); a stock turn has
``"from": "stock", "to": "waste"`` and names the first card turned; a redeal has
``"card": null, "from": "waste", "to": "stock"``; a row dealt from the stock has
``"card": null, "from": "stock"`` and ``"to"`` the first pile dealt to; a set removed
names its first card and, for a pair, the other under ``"with"``:
``{"card": "6C", "from": "pyramid:25", "to": "foundation:1", "with": {"card": "7S",
"from": "pyramid:27"}}``. Automatic
fills and cards turned face up are never listed: they are part of the move.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from patience_core.model import cards
from patience_core.errors import MoveError
from patience_core.variants.loader import suggest
from patience_core.model import legal
from patience_core.model.moves import (BETWEEN_PILES, CHOOSE, CLOSE_UP, GATHER, DEAL_ROW, FILL, NO_CARD, REDEAL, REMOVE,
                                       SWAP, TO_FOUNDATION, TURN, TURN_UP, Move)
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, Rules


def move_to_json(rules: Rules, move: Move, position: Position | None = None) -> dict[str, Any]:
    """The JSON form; a pair removed needs ``position`` (before the move) to name its second card."""
    if move.kind is CHOOSE:  # the answer to a plugin's opening choice
        return {"card": None, "from": "choice", "to": rules.opening.options[move.dst]}
    if move.kind is REMOVE:
        item = {"card": cards.card_name(move.card), "from": rules.pile_names[move.src],
                "to": rules.pile_names[rules.discard]}
        if move.count >= 2:   # a pair's second card; a run's last (the places between go too)
            other = legal.removed_cards(position, move)[-1] if position is not None else None
            item["with"] = {"card": None if other is None else cards.card_name(other),
                            "from": rules.pile_names[move.dst]}
        if move.count > 2:
            item["count"] = move.count
        return item
    card = move.card
    item = {"card": None if card == NO_CARD else cards.card_name(card),
            "from": rules.pile_names[move.src], "to": rules.pile_names[move.dst]}
    if move.count > 1 and move.kind in (BETWEEN_PILES, TO_FOUNDATION):
        item["count"] = move.count   # a run: with two decks its base card may lie in it twice
    return item


def moves_to_json(rules: Rules, moves: Iterable, position: Position | None = None) -> list[dict[str, Any]]:
    """A line of moves; given the ``position`` it starts from, a copy is played along it to
    name the second card of each pair removed."""
    moves = list(moves)
    if position is None or not any(m.kind is REMOVE for m in moves):
        return [move_to_json(rules, m) for m in moves]
    walk = position.copy()
    out = []
    for m in moves:
        out.append(move_to_json(rules, m, walk))
        walk.apply(m)
    return out


def describe_move(rules: Rules, move: Move, unicode: bool = True) -> str:
    """``7♥ right:3 -> foundation:2`` (``turn 7♣`` / ``redeal``) for people."""
    kind, src, dst = move.kind, move.src, move.dst
    if kind is CHOOSE:
        return f"{rules.opening.question}: {rules.opening.options[dst]}"
    if kind is REDEAL:
        return "redeal (waste turned over to the stock)"
    if kind is DEAL_ROW and rules.stock_spec.deal_onto_last:
        return f"deal a card from the stock onto {rules.pile_names[dst]}"
    if kind is DEAL_ROW:
        return f"deal a row of {move.count} from the stock"
    if kind is GATHER:
        return f"redeal: gather {rules.pile_group[dst]} and deal it out again"
    if kind is TURN_UP:
        return f"redeal: turn up the next card of {rules.pile_names[dst]}"
    if kind is CLOSE_UP:
        return f"close up {rules.pile_group[dst]} and deal {move.count} from the stock"
    label = cards.card_label(move.card, unicode)
    if kind is REMOVE:
        other = (f" + {rules.pile_names[dst]}" if move.count == 2 else
                 f" .. {rules.pile_names[dst]} ({move.count} cards)" if move.count > 2 else "")
        return f"remove {label} {rules.pile_names[src]}{other}"
    if kind is TURN:
        onto = "" if dst == rules.waste and len(rules.waste_piles) == 1 else f" onto {rules.pile_names[dst]}"
        more = f" (and {move.count - 1} more)" if move.count > 1 else ""
        return f"turn {label}{more} from the stock{onto}"
    if kind is FILL:  # a gap filled by the player's choice
        return f"fill {rules.pile_names[dst]} with {label} from the {rules.pile_names[src]}"
    if kind is SWAP:
        return f"swap {label} {rules.pile_names[src]} <-> {rules.pile_names[dst]}"
    run = f" and {move.count - 1} on it" if move.count > 1 else ""
    return f"{label}{run} {rules.pile_names[src]} -> {rules.pile_names[dst]}"


def move_from_json(position: Position, item: Any, number: int | str = "?"):
    """The legal move that ``item`` names in ``position``; :class:`MoveError` if none."""
    rules = position.rules
    if not isinstance(item, dict) or "from" not in item or "to" not in item:
        raise MoveError(f"move {number}: expected an object with \"from\" and \"to\" "
                        f"(and \"card\"), found {json.dumps(item)[:60]}")
    if str(item["from"]).strip().lower() == "choice":
        return _choice_from_json(position, item, number)
    if "with" in item or (rules.remove_rules and str(item["to"]).strip().lower()
                          == rules.pile_names[rules.discard]):
        return _removal_from_json(position, item, number)
    try:
        src = rules.pile_index(str(item["from"]))
        dst = rules.pile_index(str(item["to"]))
    except Exception as exc:  # a VariantError about the pile id
        raise MoveError(f"move {number}: {exc}") from None
    card_text = item.get("card")
    try:
        card = None if card_text is None else cards.parse_card(str(card_text))
    except cards.CardError as exc:
        raise MoveError(f"move {number}: {exc}") from None
    count = item.get("count")
    for move in position.legal_moves():
        if move.src == src and move.dst == dst and (card is None or move.card == card) \
                and (count is None or move.count == count):
            return move
    shown = f"{card_text} " if card_text else ""
    raise MoveError(f"move {number}: {shown}{item['from']} -> {item['to']} is not legal here"
                    f"{why_not(position, src, dst, card)}")


def _removal_from_json(position: Position, item: dict, number: int | str) -> Move:
    rules = position.rules
    other = item.get("with")
    if other is not None and (not isinstance(other, dict) or "from" not in other):
        raise MoveError(f"move {number}: expected \"with\": {{\"card\": ..., \"from\": PILE}}, "
                        f"found {json.dumps(other)[:60]}")
    if not rules.remove_rules:
        raise MoveError(f"move {number}: {rules.name} removes no sets (\"with\" names a pair's second card)")
    try:
        src = rules.pile_index(str(item["from"]))
        second = rules.pile_index(str(other["from"])) if other is not None else None
        card = None if item.get("card") is None else cards.parse_card(str(item["card"]))
        card2 = None if other is None or other.get("card") is None else cards.parse_card(str(other["card"]))
    except Exception as exc:  # a VariantError about a pile id, or a CardError
        raise MoveError(f"move {number}: {exc}") from None
    for move in legal.remove_moves(position):
        pair = [(move.src, move.card)] + ([(move.dst, position.piles[move.dst][-1])] if move.count >= 2 else [])
        want = [(src, card)] + ([(second, card2)] if second is not None else [])
        if len(pair) == len(want) and all(
                any(p == wp and (wc is None or c == wc) for p, c in pair) for wp, wc in want):
            return move
    shown = " and ".join(f"{w['card'] or '?'} {w['from']}" for w in [item] + ([other] if other else []))
    raise MoveError(f"move {number}: {shown} cannot be removed here: expected "
                    + "; or ".join(r.words for r in rules.remove_rules))


def _choice_from_json(position: Position, item: dict, number: int | str):
    opening = position.rules.opening
    if opening is None:
        raise MoveError(f"move {number}: {position.rules.name} offers no choice")
    wanted = str(item["to"]).strip().lower()
    for move in position.legal_moves():
        if move.kind is CHOOSE and opening.options[move.dst].lower() == wanted:
            return move
    if wanted not in [o.lower() for o in opening.options]:
        raise MoveError(f"move {number}: choice {item['to']!r} is not one of "
                        f"{', '.join(opening.options)}{suggest(wanted, opening.options)}")
    raise MoveError(f"move {number}: the choice ({opening.question}) was already made")


def opening_words(rules) -> str:
    """What a game with an opening card waits for (``opening_card``), in words."""
    from_words = " or ".join(dict.fromkeys(rules.pile_group[p] if set(rules.groups[rules.pile_group[p]])
                                           <= rules.opening_from else rules.pile_names[p]
                                           for p in sorted(rules.opening_from)))
    return f"the game opens with a card from {from_words} played onto a foundation; nothing else moves before it"


def why_not(position: Position, src: int, dst: int, card: int | None) -> str:
    """A short reason a move from ``src`` to ``dst`` is refused (``''`` if unknown)."""
    rules = position.rules
    if legal.opening(position) and not (rules.is_foundation[dst] and src in rules.opening_from):
        return f": {opening_words(rules)}"
    if getattr(position, "choosing", False):
        return f": first choose ({rules.opening.question}: {', '.join(rules.opening.options)})"
    gap = getattr(position, "pending", -1)
    if gap >= 0 and dst != gap:
        sources = " or the ".join(rules.pile_names[s] for s in rules.fill[gap] if position.piles[s])
        return f": the gap in {rules.pile_names[gap]} must be filled first, from the {sources}"
    check = rules.move_check
    if check is not None and card is not None and any(
            m.src == src and m.dst == dst and m.card == card for m in legal.legal_moves(position)):
        return f": plugin {getattr(check, 'plugin', '?')!r} forbids it"
    pile = position.piles[src]
    if src == rules.stock:
        when = rules.stock_spec.when
        if when is not None and not when.holds(position.piles):
            return f": the stock is used only while {when.words}"
        if not pile:
            return ": the stock is empty"
        if rules.stock_spec.deal_to:
            gaps = [rules.pile_names[p] for p in rules.stock_spec.deal_to if not position.piles[p]]
            if rules.stock_spec.deal_needs_no_gap and gaps:
                return f": a row is dealt only when no pile is empty ({gaps[0]} is)"
            held = [rules.pile_names[p] for p in rules.stock_spec.deal_to if position.piles[p]]
            if rules.stock_spec.deal_needs_all_empty and held:
                return f": a row is dealt only when every pile it goes to is empty ({held[0]} is not)"
            return ""
        if dst not in rules.waste_piles and dst != rules.stock_spec.to_foundation:
            return ": stock cards are turned onto the waste"
        return f": the next stock card is {cards.card_name(pile[-1])}" if card not in (None, pile[-1]) else ""
    if src in rules.waste_piles and dst == rules.stock:
        if position.redeals_left == 0:
            return ": no redeal left"
        if position.piles[rules.stock]:
            return ": the stock is not empty yet"
    if not pile:
        return f": {rules.pile_names[src]} is empty"
    if legal.is_locked(position, src):
        return f": a card leaves {rules.pile_names[src]} only when {rules.free_when[src].words}"
    if rules.turn_when[src] is not None and position.down[src] == len(pile):
        return (f": the top card of {rules.pile_names[src]} lies face down; it turns up only when "
                f"{rules.turn_when[src].words}")
    if rules.turns_up_last[src] and position.down[src]:
        return (f": the cards of {rules.pile_names[src]} lie face down; its last card is turned up "
                "once it is alone")
    top = pile[-1]
    uncovered = None if rules.is_foundation[src] else \
        legal.held_back_by_partial(position, src, card if card is not None else top)
    if card is not None and card != top:
        index = len(pile) - 1 - pile[::-1].index(card) if card in pile else -1
        if index >= 0 and position.is_face_down(src, index):
            return f": {cards.card_name(card)} is face down"
        if 0 <= index < position.down[src]:
            return f": {cards.card_name(card)} lies under a face-down card"
        units = dict(legal.movable_units(position, src)) if not rules.is_foundation[src] else {}
        if card not in units and rules.access[src] != ACCESS_ALL and uncovered is None:
            return f": the free card of {rules.pile_names[src]} is {cards.card_name(top)}"
    if rules.access[src] == ACCESS_NONE and not rules.is_foundation[src]:
        return f": no card of {rules.pile_names[src]} may move"
    if rules.is_foundation[dst]:
        wanted = position.wanted(dst)
        if rules.f_spec[dst].takes_run:
            top = "from any rank down, round past the Ace" if rules.f_spec[dst].ranks is None else "K down to A"
            return f": {rules.pile_names[dst]} takes only a whole run, {top} in one suit"
        need = ", ".join(cards.card_name(c) for c in wanted[:8]) if wanted else "nothing (it is full)"
        return f": {rules.pile_names[dst]} needs {need}"
    if uncovered is not None:
        return (f": part of a run moves only when the card it uncovers can go to a foundation, "
                f"and {cards.card_name(uncovered)} cannot")
    spec = rules.piles[dst]
    if spec is None or not spec.takes_cards:
        return ": cards move only to the foundations" if not rules.receivers else \
            f": {rules.pile_names[dst]} takes no cards"
    moving = card if card is not None else top
    target = position.piles[dst]
    if rules.is_foundation[src] and not rules.f_spec[src].worry:
        return ": cards do not come back from the foundations"
    if spec.max_cards is not None and len(target) >= spec.max_cards:
        return f": {rules.pile_names[dst]} is full"
    if target:
        if spec.build is None:
            return f": {rules.pile_names[dst]} takes a card only when empty"
        if spec.bottom is not None and target[0] % 13 != spec.bottom:
            return (f": {rules.pile_names[dst]} builds only while its bottom card is "
                    f"{cards.rank_with_article(spec.bottom)}; {cards.card_name(target[0])} must move away first")
        build = legal.build_now(position, dst)
        if not build.follows(target[-1], moving):
            return (f": {rules.pile_names[dst]} builds {build.words()}; "
                    f"{cards.card_name(moving)} does not go on {cards.card_name(target[-1])}")
    elif spec.empty_otherwise is not None and not spec.empty_when.holds(position.piles):
        return (f": an empty {rules.pile_names[dst]} takes only {cards.rank_with_article(spec.empty_otherwise)} "
                f"until {spec.empty_when.words}")
    elif spec.beside:
        takes = legal.gap_cards(position, dst)
        what = "only " + " or ".join(cards.card_name(c) for c in takes) if takes else "nothing"
        rules_words = " or ".join(rule.words("left" if q < dst else "right") for q, rule in spec.beside)
        return f": {rules.pile_names[dst]} takes {what} now ({rules_words})"
    elif spec.empty == "below-base":
        rank = legal.below_base_rank(position, dst)
        what = (f"only {cards.rank_with_article(rank)}, one below the foundations' base" if rank is not None
                else "nothing until the deal gives the foundations' base")
        return f": an empty {rules.pile_names[dst]} takes {what}"
    elif spec.empty != "any":
        what = "nothing" if spec.empty == "none" else f"only {spec.empty_words()}"
        return f": an empty {rules.pile_names[dst]} takes {what}"
    elif spec.empty_from is not None and src not in spec.empty_from:
        froms = ", ".join(rules.pile_names[p] for p in sorted(spec.empty_from))
        return f": an empty {rules.pile_names[dst]} takes a card only from {froms}"
    count = dict(legal.movable_units(position, src)).get(moving, 1) if not rules.is_foundation[src] else 1
    if count > 1 and not legal.run_fits(position, src, dst, count):
        limit = legal.run_limit(position, src, dst)
        if rules.piles[src].limit == "suit-segments":
            segments = legal.suit_segments(position.piles[src][-count:])
            return (f": a run of {segments} stretches in one suit cannot move at once; "
                    f"free cells and empty columns allow {limit}")
        return (f": {count} cards cannot move at once; free cells and empty columns allow {limit}")
    return ""


def parse_moves_text(text: str, source: str) -> list[Any]:
    """A moves file: a JSON list of moves, a JSON object with ``"moves"``, or
    one move per line written ``[CARD] FROM TO`` (``#`` starts a comment)."""
    stripped = text.strip()
    if stripped.startswith(("[", "{")):
        try:
            data = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise MoveError(f"{source}:{exc.lineno}:{exc.colno}: invalid JSON: {exc.msg}") from None
        if isinstance(data, dict):
            data = data.get("moves")
        if not isinstance(data, list):
            raise MoveError(f"{source}: expected a JSON list of moves or an object with \"moves\"")
        return data
    items = []
    for number, line in enumerate(text.splitlines(), start=1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        if len(words) == 2:
            items.append({"from": words[0], "to": words[1]})
        elif len(words) == 3:
            items.append({"card": None if words[0] in ("-", "null") else words[0],
                          "from": words[1], "to": words[2]})
        else:
            raise MoveError(f"{source}:{number}: expected 'CARD FROM TO' or 'FROM TO', found {line.strip()!r}")
    return items


def apply_json_moves(position: Position, items: list[Any]) -> list:
    """Apply moves in JSON form; stop at the first illegal one with a clear error."""
    applied = []
    for number, item in enumerate(items, start=1):
        move = move_from_json(position, item, number)
        position.apply(move)
        applied.append(move)
    return applied
