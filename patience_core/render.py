"""Plain-text views of rules and positions (no colour: for pipes, logs and tests)."""
from __future__ import annotations

from . import cards
from .loader import parameter_text
from .position import Position
from .rules import ACCESS_ALL, ACCESS_NONE, ACCESS_TOP, Rules

_ACCESS_WORDS = {ACCESS_TOP: "only the top (last dealt) card is free",
                 ACCESS_ALL: "every card is free", ACCESS_NONE: "no card is free"}


def sequence_text(rules: Rules, f: int) -> str:
    return " ".join(cards.RANKS[r] for r in rules.f_rank_at[f])


def rules_text(rules: Rules) -> str:
    """The rules of a compiled variant, in words, from its tables."""
    source = rules.source
    lines = [f"{rules.title} ({rules.name})"]
    if source.aliases:
        lines.append(f"also called: {', '.join(source.aliases)}")
    if rules.description:
        lines += ["", rules.description.strip()]
    lines += ["", f"Pack: {rules.decks} decks, {rules.n_cards} cards."]
    lines.append("Foundations:")
    for group, spec in rules.foundation_specs.items():
        piles = rules.groups[f"foundation:{group}"]
        first = piles[0]
        suits = "one per suit in turn (C D H S)" if spec["suits"] == "fixed" else "any suit; the first card decides"
        start = ("set out before the deal" if spec["start"] == "dealt"
                 else f"started by a free {cards.RANKS[rules.f_rank_at[first][0]]}")
        lines.append(f"  {spec.get('title', group)}: {len(piles)} piles "
                     f"({rules.pile_names[piles[0]]}..{rules.pile_names[piles[-1]]}), {suits}, {start};")
        lines.append(f"    built in suit: {sequence_text(rules, first)}")
    for group, spec in rules.group_specs.items():
        piles = rules.groups[group]
        fill = ("gaps are never filled" if not rules.fill[piles[0]] else
                "a gap is filled at once from the " + ", else the ".join(
                    rules.pile_names[s] for s in rules.fill[piles[0]]))
        lines.append(f"{spec.get('title', group)} ({group}:1..{len(piles)}): {len(piles)} piles of "
                     f"{spec['cards']} card(s); {_ACCESS_WORDS[rules.access[piles[0]]]}; {fill}.")
    redeals = "no redeal" if rules.redeals == 0 else f"{rules.redeals} redeal(s), the waste turned over in order"
    lines.append(f"Stock: {rules.n_dealt - len(rules.deal_targets)} cards, turned one at a time "
                 f"onto the waste; {redeals}.")
    lines.append("Cards move only to the foundations. Won: every card on the foundations. "
                 "Lost: no card fits, the stock is empty and no redeal is left.")
    lines.append(f"Automatic play to the foundations: {'on' if rules.autoplay else 'off'}.")
    if source.parameters:
        lines += ["", "Parameters (--param K=V):"]
        for key, spec in source.parameters.items():
            if spec["type"] == "choice":
                allowed = "|".join(map(str, spec["values"]))
            elif spec["type"] == "int":
                allowed = f"{spec.get('min', '')}..{spec.get('max', '')}"
            else:
                allowed = ",".join(["R"] * spec["count"]) + " (ranks)"
            current = parameter_text(rules.params[key])
            lines.append(f"  {key}={allowed}  default {parameter_text(spec['default'])}"
                         f"{'' if current == parameter_text(spec['default']) else f', now {current}'}"
                         f"{': ' + ' '.join(spec['help'].split()) if spec.get('help') else ''}")
    return "\n".join(lines)


def position_text(position: Position) -> str:
    """Every pile of a position, one per line (top card last)."""
    rules = position.rules
    out = []
    for f in rules.foundations:
        pile = position.piles[f]
        wanted = position.wanted(f)
        need = "/".join(cards.card_name(c) for c in wanted) if wanted else "full"
        top = cards.card_name(pile[-1]) if pile else "--"
        out.append(f"{rules.pile_names[f]:>14}: {top:>3} ({len(pile)} cards, needs {need})")
    for group in rules.group_specs:
        for p in rules.groups[group]:
            out.append(f"{rules.pile_names[p]:>14}: " + " ".join(cards.card_name(c) for c in position.piles[p]))
    waste = position.piles[rules.waste]
    out.append(f"{'waste':>14}: {cards.card_name(waste[-1]) if waste else '--'} ({len(waste)} cards)")
    out.append(f"{'stock':>14}: {len(position.piles[rules.stock])} cards, {position.redeals_left} redeal(s) left")
    return "\n".join(out)
