"""Moves and positions in the machine-readable form of the CLI and saved games.

A move is ``{"card": "5H", "from": "right:3", "to": "foundation:2"}``; a stock
turn has ``"from": "stock", "to": "waste"``; a redeal has ``"card": null,
"from": "waste", "to": "stock"``. Automatic fills are never listed.
"""
from __future__ import annotations

import json
from typing import Any, Iterable

from patience_core.model import cards
from patience_core.errors import MoveError
from patience_core.variants.loader import suggest
from patience_core.model.position import CHOOSE, NO_CARD, Position
from patience_core.model.rules import Rules


def move_to_json(rules: Rules, move) -> dict[str, Any]:
    src, dst, card = move
    if src == CHOOSE:  # the answer to a plugin's opening choice
        return {"card": None, "from": "choice", "to": rules.opening.options[dst]}
    return {"card": None if card == NO_CARD else cards.card_name(card),
            "from": rules.pile_names[src], "to": rules.pile_names[dst]}


def moves_to_json(rules: Rules, moves: Iterable) -> list[dict[str, Any]]:
    return [move_to_json(rules, m) for m in moves]


def describe_move(rules: Rules, move, unicode: bool = True) -> str:
    """``7♥ right:3 -> foundation:2`` (``turn 7♣`` / ``redeal``) for people."""
    src, dst, card = move
    if src == CHOOSE:
        return f"{rules.opening.question}: {rules.opening.options[dst]}"
    if card == NO_CARD:
        return "redeal (waste turned over to the stock)"
    label = cards.card_label(card, unicode)
    if src == rules.stock and dst == rules.waste:
        return f"turn {label} from the stock"
    if not rules.is_foundation[dst]:  # a gap filled by the player's choice
        return f"fill {rules.pile_names[dst]} with {label} from the {rules.pile_names[src]}"
    return f"{label} {rules.pile_names[src]} -> {rules.pile_names[dst]}"


def move_from_json(position: Position, item: Any, number: int | str = "?"):
    """The legal move that ``item`` names in ``position``; :class:`MoveError` if none."""
    rules = position.rules
    if not isinstance(item, dict) or "from" not in item or "to" not in item:
        raise MoveError(f"move {number}: expected an object with \"from\" and \"to\" "
                        f"(and \"card\"), found {json.dumps(item)[:60]}")
    if str(item["from"]).strip().lower() == "choice":
        return _choice_from_json(position, item, number)
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
    for move in position.legal_moves():
        if move[0] == src and move[1] == dst and (card is None or move[2] == card):
            return move
    shown = f"{card_text} " if card_text else ""
    raise MoveError(f"move {number}: {shown}{item['from']} -> {item['to']} is not legal here"
                    f"{why_not(position, src, dst, card)}")


def _choice_from_json(position: Position, item: dict, number: int | str):
    opening = position.rules.opening
    if opening is None:
        raise MoveError(f"move {number}: {position.rules.name} offers no choice")
    wanted = str(item["to"]).strip().lower()
    for move in position.legal_moves():
        if move[0] == CHOOSE and opening.options[move[1]].lower() == wanted:
            return move
    if wanted not in [o.lower() for o in opening.options]:
        raise MoveError(f"move {number}: choice {item['to']!r} is not one of "
                        f"{', '.join(opening.options)}{suggest(wanted, opening.options)}")
    raise MoveError(f"move {number}: the choice ({opening.question}) was already made")


def why_not(position: Position, src: int, dst: int, card: int | None) -> str:
    """A short reason a move from ``src`` to ``dst`` is refused (``''`` if unknown)."""
    rules = position.rules
    if getattr(position, "choosing", False):
        return f": first choose ({rules.opening.question}: {', '.join(rules.opening.options)})"
    gap = getattr(position, "pending", -1)
    if gap >= 0 and dst != gap:
        sources = " or the ".join(rules.pile_names[s] for s in rules.fill[gap] if position.piles[s])
        return f": the gap in {rules.pile_names[gap]} must be filled first, from the {sources}"
    check = rules.move_check
    if check is not None and card is not None and (src, dst, card) in Position.legal_moves(position):
        return f": plugin {getattr(check, 'plugin', '?')!r} forbids it"
    pile = position.piles[src]
    if src == rules.stock:
        if not pile:
            return ": the stock is empty"
        if dst != rules.waste:
            return ": stock cards are turned onto the waste"
        return f": the next stock card is {cards.card_name(pile[-1])}" if card not in (None, pile[-1]) else ""
    if src == rules.waste and dst == rules.stock:
        if not position.redeals_left:
            return ": no redeal left"
        if position.piles[rules.stock]:
            return ": the stock is not empty yet"
    if not pile:
        return f": {rules.pile_names[src]} is empty"
    top = pile[-1]
    if card is not None and card != top and rules.top_only[src]:
        return f": the free card of {rules.pile_names[src]} is {cards.card_name(top)}"
    if rules.is_foundation[dst]:
        wanted = position.wanted(dst)
        need = ", ".join(cards.card_name(c) for c in wanted) if wanted else "nothing (it is full)"
        return f": {rules.pile_names[dst]} needs {need}"
    return ": cards move only to the foundations"


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
