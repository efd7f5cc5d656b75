"""Plain-text views of rules and positions (no colour: for pipes, logs and tests)."""
from __future__ import annotations

from patience_core.model import cards
from patience_core.model.specs import gap_words
from patience_core.variants.loader import UNPRINTABLE, parameter_text
from patience_core.model.notation import opening_words
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, ACCESS_TOP, Rules

_ACCESS_WORDS = {ACCESS_TOP: "only the top (last dealt) card is free",
                 ACCESS_ALL: "every card is free", ACCESS_NONE: "no card is free"}


def printable(text: str) -> str:
    """``text`` without control characters (but tab and newline) or lone surrogates: a
    variant's title or a plugin's text could otherwise move the cursor, recolour or clear the
    terminal, or fail to encode at all."""
    return UNPRINTABLE.sub("", text)


def sequence_text(rules: Rules, f: int) -> str:
    spec = rules.f_spec[f]
    if spec.build is not None:
        return f"{_first_card_words(spec)}, then {spec.build.words()}"
    if spec.listed_from_deal is not None:
        return (" ".join(cards.RANKS[r] for r in spec.listed_from_deal) + ", started at the first place of "
                "the rank the deal gives, going on from the end back to the start")
    if spec.ranks is None:  # a base rank chosen by the deal, or by the first card played
        size = "one" if abs(spec.step) == 1 else str(abs(spec.step))
        step = f"{'up' if spec.step > 0 else 'down'} by {size}"
        if spec.base_of is not None:
            ranks = abs(spec.base_offset)
            where = (f"{'one rank' if ranks == 1 else f'{ranks} ranks'} {'above' if spec.base_offset > 0 else 'below'} "
                     if spec.base_offset else "")
            title = rules.foundation_specs[spec.base_of].get("title", spec.base_of)
            return (f"from {where}the rank the deal gives {title}, {step}"
                    + (", wrapping K-A" if spec.wrap else ""))
        origin = "the first card put on any of them" if spec.base_first else "the deal"
        return f"from the rank {origin} gives, {step}" + (", wrapping K-A" if spec.wrap else "")
    return " ".join(cards.RANKS[r] for r in spec.ranks)


def _first_card_words(spec) -> str:
    """What starts a foundation built by a rule: any card, or its base rank (in its suit)."""
    suit = " in the pile's suit" if spec.suit >= 0 else ""
    if spec.base_set_by is not None:   # Nine Across
        return (f"any card{suit} starts a pile until a card played from the layout chooses the base, the "
                f"rank of the first card of the pile it went to; from then on an empty pile takes only that "
                f"rank{suit}, and a pile started before builds on from its own first card")
    if spec.base_first:
        return (f"from the rank of the first card put on any of them (any card{suit} starts the first "
                f"pile; every other pile then starts with that rank{suit})")
    if spec.base_from_deal:
        return (f"from the rank of the card the deal puts on the {'pile of its suit' if spec.suit >= 0 else 'first pile'}"
                f" (every pile starts with that rank{suit})")
    if spec.base is None:
        return "any first card"
    return f"starting with {cards.RANKS[spec.base]}" + (" of the pile's suit" if spec.suit >= 0 else "")


def _worry_words(rules: Rules, fspec) -> str:
    """Where a foundation's cards may come from and go back to, in words."""
    base = " (never the pile's first card)" if fspec.keep_base else ""
    transfer = "; a top card may move onto another foundation that takes it" if fspec.transfer else ""
    if transfer and not fspec.worry:   # said once, with the move back to the layout when there is one
        transfer += base
    if fspec.takes_from is not None:
        transfer = f"; they take cards only from {_sources_words(rules, fspec.takes_from)}" + transfer
    if fspec.first_pass_from is not None:
        transfer = (f"; until the first redeal they take cards only from "
                    f"{_sources_words(rules, fspec.first_pass_from)}" + transfer)
    if fspec.base_suit_from is not None:
        group = rules.pile_group[fspec.base_suit_from]
        transfer = (f"; pile n takes its first card only in the suit of the bottom card of {group}:n, and "
                    f"none while {group}:n is empty") + transfer
    if fspec.last_from is not None:
        group = rules.pile_group[fspec.last_from]
        transfer = (f"; pile n takes its last card only from {group}:n, and {group}:n's card goes nowhere "
                    f"else") + transfer
    if fspec.base_rank_from is not None:
        group = rules.pile_group[fspec.base_rank_from]
        on = fspec.base_rank_offset
        steps = "" if on == 0 else f", {_plural(abs(on), 'rank')} {'above' if on > 0 else 'below'}"
        transfer = (f"; pile n takes its first card only of the rank of the bottom card of {group}:n{steps} "
                    f"(King and Ace next to each other), and none while {group}:n is empty") + transfer
    if not fspec.worry:
        return transfer
    when = f" once {fspec.worry_when.words}" if fspec.worry_when is not None else ""
    return f"; a top card may come back to the layout{when}{base}{transfer}"


def _sources_words(rules: Rules, piles) -> str:
    """The pile groups (or piles) a set of pile numbers covers, in words."""
    names = []
    for p in sorted(piles):
        group = rules.pile_group[p]
        whole = rules.groups.get(group) if group in rules.groups else None
        name = ("the foundations" if rules.is_foundation[p] else f"the {group}" if group in ("stock", "waste")
                else group if whole and set(whole) <= set(piles) else rules.pile_names[p])
        if name not in names:
            names.append(name)
    return " or ".join(names)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dealt_words(sizes: list[int], what: str = "card") -> str:
    """'4 cards each', '7, 7, 6 cards', or 'dealt nothing'."""
    if not any(sizes):
        return "dealt nothing"
    if len(set(sizes)) == 1:
        return _plural(sizes[0], what) + (" each" if len(sizes) > 1 else "")
    return ", ".join(map(str, sizes)) + " cards"


def _hidden_words(rules: Rules, piles: list[int], sizes: list[int]) -> str:
    down = [rules.piles[p].face_down for p in piles]
    if not any(down):
        return ""
    faces = rules.piles[max(piles, key=lambda p: rules.piles[p].cards)].faces
    if faces is not None:
        words = ", ".join("down" if face_down else "up" for face_down in faces)
        return (f"; dealt face {words}, deepest first (a face-down card is turned up once it is "
                "the top card; the face-up cards under it are free only then)")
    if all(d == n - 1 for d, n in zip(down, sizes) if n):
        return "; all but the top card face down"
    return f"; face down: {', '.join(map(str, down))}"


def _fill_when_words(pile) -> str:
    """A fill that waits for a state (``fill: {from, when}``) in words, or nothing."""
    if pile.fill_when is None:
        return ""
    return (f", but only while {pile.fill_when.words}: a gap left meanwhile waits, and every waiting gap is "
            "filled, in place order, as soon as it holds")


def _gap_fill_words(rules: Rules, p: int) -> str:
    """How pile ``p``'s gap is filled at once, in words: its sources in order, how many cards
    (``fill: {cards: N}``), and the state it waits for."""
    sources = ", else the ".join(fill_sources_words(rules, p))
    count = rules.fill_cards[p]
    if count > 1:
        return (f"a gap is filled at once with {count} cards, one at a time, each from the {sources} "
                "(fewer when they run out)" + _fill_when_words(rules.piles[p]))
    if rules.fill_replaces[p]:
        return f"every card that leaves it is replaced at once from the {sources}"
    return f"a gap is filled at once from the {sources}" + _fill_when_words(rules.piles[p])


def _cap_words(pile) -> str:
    return f"; each holds at most {_plural(pile.max_cards, 'card')}" if pile.max_cards not in (None, 1) else ""


def _group_text(rules: Rules, group: str, spec: dict) -> str:
    """One layout group in words: what it holds, which cards are free, how gaps refill."""
    piles = rules.groups[group]
    first = piles[0]
    pile = rules.piles[first]
    sizes = [rules.piles[p].cards for p in piles]
    size = sizes[0]
    ids = f"{group}:1..{len(piles)}" if len(piles) > 1 else rules.pile_names[first]
    if pile.takes_cards:
        return _building_group_text(rules, group, spec, piles, sizes)
    # a place that can never hold more than one card (nothing is ever dealt or put on it)
    sorted_onto = bool(rules.suit_dealt) and rules.suit_dealt[0][1] in piles   # deal_by: {suit} or {rank}
    single = pile.max_cards == 1 or (max(sizes) <= 1 and not set(piles) & set(rules.stock_spec.deal_to)
                                     and not sorted_onto)
    if rules.pile_kind[first] == "tableau":
        shape = f"{_plural(len(piles), 'column')}, {_dealt_words(sizes)}"
        free = {ACCESS_TOP: "only the bottom card of each column (the last dealt) is free",
                ACCESS_ALL: "every card is free", ACCESS_NONE: "no card is free"}[rules.access[first]]
    else:
        shape = (f"{_plural(len(piles), 'single-card place')}" if single and size == 1
                 else f"{_plural(len(piles), 'pile')}, dealt {_suit_dealt_words(rules)}" if sorted_onto
                 else f"{_plural(len(piles), 'pile')}, {_dealt_words(sizes)}")
        free = ("every card is free" if rules.access[first] == ACCESS_ALL or
                (rules.access[first] == ACCESS_TOP and single) else _ACCESS_WORDS[rules.access[first]])
        if rules.turns_up_last[first]:
            free = "its cards lie face down and only fill gaps, until one is left: it is turned up and free"
    shape += _hidden_words(rules, piles, sizes) + _cap_words(pile)
    if any(rules.covered_by[p] for p in piles):
        shape += _covering_words(rules, spec, piles)
        free = ("a card is free once the places over it are empty" +
                ("; a face-down card turns up once free" if any(rules.hidden_until_free[p] for p in piles) else ""))
    grid = spec.get("grid")
    if grid:
        shape += f" in {grid['rows']} rows of {grid['columns']}"
    fill = "gaps are never filled" if not rules.fill[first] else _gap_fill_words(rules, first)
    if first in rules.stock_spec.close_up:
        fill = ("a gap is filled at once from the stock; once it is empty, the cards close up over the gaps "
                "(see Stock)" if rules.fill[first] else "gaps are closed up and filled from the stock (see Stock)")
    if rules.fill_by_player[first]:  # a plugin's FillRule(chosen_by="player")
        fill = ("the player chooses whether the " + " or the ".join(rules.pile_names[s] for s in rules.fill[first])
                + " fills a gap (at once when only one has a card)")
    return f"{spec.get('title', group)} ({ids}): {shape}; {free}{_locked_words(pile)}; {fill}."


def _suit_dealt_words(rules: Rules) -> str:
    """``deal_by: {suit}`` (``{rank}``): which pile takes which suit (rank)."""
    index = {p: i + 1 for i, p in enumerate(rules.groups[rules.pile_group[rules.suit_dealt[0][1]]])}
    key, names = ("rank", cards.RANKS) if rules.dealt_by_rank else ("suit", cards.SUITS)
    return (f"every card left, each onto the pile of its {key} (" + ", ".join(
        f"{names[k]} on {index[p]}" for k, p in rules.suit_dealt) + ")")


def _covering_words(rules: Rules, spec: dict, piles: list[int]) -> str:
    """How the places lie over each other: a pyramid's rows, or the covered_by table."""
    if spec.get("shape") == "pyramid":
        rows = int(((8 * len(piles) + 1) ** 0.5 - 1) / 2)
        return (f" in a pyramid of {rows} rows (1, 2, ... {rows} places), each place covered by the two "
                f"places of the row below")
    index = {p: i + 1 for i, p in enumerate(piles)}
    over = [f"{index[p]} by {'+'.join(str(index[q]) for q in rules.covered_by[p])}"
            for p in piles if rules.covered_by[p]]
    return f", laid over each other (place covered by places: {', '.join(over)})"


def _removal_lines(rules: Rules) -> list[str]:
    if not rules.remove_rules:
        return []
    return ["Removed together to the discard pile: " + "; or ".join(r.words for r in rules.remove_rules) + "."]


def _building_group_text(rules: Rules, group: str, spec: dict, piles: list[int], sizes: list[int]) -> str:
    """A group whose piles take cards: cells, and columns built by a rule."""
    first = rules.piles[piles[0]]
    ids = f"{group}:1..{len(piles)}" if len(piles) > 1 else rules.pile_names[piles[0]]
    title = spec.get("title", group)
    if first.kind == "cell":
        dealt = "" if not any(sizes) else f"; dealt {', '.join(map(str, sizes))} card{'s' if sum(sizes) > 1 else ''}"
        holds = ("any one card" if first.empty == "any" else "nothing" if first.empty == "none"
                 else f"one card, only {first.empty_words()}")
        suits = [rules.piles[p].only_suit for p in piles]
        if len(set(suits)) > 1:   # one suit per cell (German FreeCell)
            holds += f" of its suit ({', '.join(cards.SUITS[s] for s in suits)} in pile order)"
        elif first.only_suit is not None:
            holds += f" of {cards.SUITS[first.only_suit]}"
        if first.takes_from is not None:
            holds += f", only from {_sources_words(rules, first.takes_from)}"
        if first.empty_when is not None:   # Four Kingdoms' guest chambers
            holds += f", taken only when {first.empty_when.words}"
        each = "each holding" if len(piles) > 1 else "holding"
        fill = ("" if not first.fill else   # Corners' places
                "; a gap is filled at once from the " + ", else the ".join(fill_sources_words(rules, first.number))
                + _fill_when_words(first))
        return f"{title} ({ids}): {_plural(len(piles), 'free cell')}, {each} {holds}{dealt}{_locked_words(first)}{fill}."
    dealt = _dealt_words(sizes)
    if tuple(piles) == rules.split_piles:
        dealt = (f"dealt {_split_words(rules)}" if rules.split_deals_rest
                 else f"{dealt}{_split_moved_words(rules)}")
    if rules.suit_dealt and rules.suit_dealt[0][1] in piles:
        dealt = "dealt " + _suit_dealt_words(rules)
    hidden = _hidden_words(rules, piles, sizes)
    if first.to_bottom is not None:
        hidden += f"; the deal moves each {cards.RANKS[first.to_bottom]} under the pile's other cards"
    empty = first.empty
    empty_text = ("any card" if empty == "any" else "nothing" if empty == "none"
                  else f"only {first.empty_words()}")
    if any(rules.piles[p].beside for p in piles):
        return _beside_group_text(rules, group, spec, piles, sizes)
    moves = {"card": "one card at a time", "run": f"runs built {first.run_rule.words()}" if first.run_rule else "runs",
             "face-up": "any face-up cards together", "pile": "only whole piles",
             "card-or-pile": (f"the top card alone, or the whole pile when it is one run built "
                              f"{first.run_rule.words()}" if first.run_rule else "")}[first.moves]
    if rules.access[first.number] == ACCESS_NONE and any(first.number in rule.sources for rule in rules.sets_at_once):
        moves = "no card (each holds at most one card, which leaves only with its set)" if first.max_cards == 1 \
            else "no card (its cards leave only with their set)"
    elif rules.access[first.number] == ACCESS_NONE:   # Eiffel Tower's, Circle Eight's piles: cards put on stay
        moves = "no card (the cards put on it stay)"
    limit = ""
    if first.limit == "supermove":
        limit = (" (as many as free cells and empty columns allow)" if rules.open_columns
                 else " (at most one card more than there are empty free cells)")
    elif first.limit == "suit-segments":
        most = "(free cells + 1) x 2^(empty columns)" if rules.cells else "2^(empty columns)"
        limit = (f" (a run in one suit always; a longer one when made of at most {most} stretches in one "
                 "suit, an empty column it goes into not counted)")
    fill = "" if not first.fill else "; " + _gap_fill_words(rules, first.number)
    if rules.fill_next[first.number] >= 0:   # fill: [next-run] (Moving Left)
        fill = ("; a gap takes at once the longest run that may leave the pile after it, and a pile so "
                "emptied the same from the next, along the row (the last pile's gap is not filled so)")
    build = first.build.words() if first.build else "nothing on top"
    if first.build is not None and first.build_or_when is not None:
        build = (f"{first.build.alone().words()}, or, only when {first.build_or_when.words}, "
                 f"{first.build.alternative.words()}")
    if first.build_when is not None:
        build += f" (only when {first.build_when.words})"
    if first.bottom is not None:
        build += (f", only while its bottom card is {cards.rank_with_article(first.bottom)} (another card "
                  "there blocks the pile until it moves away)")
    if first.empty_when is not None and first.empty_otherwise is not None:
        empty_text += f" once {first.empty_when.words}, and until then {gap_words(first.empty_otherwise)}"
    elif first.empty_when is not None:
        empty_text += f" (only when {first.empty_when.words})"
    if spec.get("empty_from") == "neighbours" and "neighbours" not in rules.group_specs:
        empty_text += ", and only from a place next to it in its row or column (not diagonally)"
    elif first.empty_from is not None:
        waits = {p for sources, _ in first.empty_from_when for p in sources}
        always = frozenset(p for p in first.empty_from if p not in waits)
        empty_text += f", and only from {_sources_words(rules, always)}" if always else ", and only"
        for sources, when in first.empty_from_when:
            empty_text += f", or from {_sources_words(rules, sources)} only when {when.words}"
    if first.single_when_empty:
        empty_text += ", one card at a time (never a run)"
    if first.takes_from is not None:
        build += f", only from {_sources_words(rules, first.takes_from)}"
    apart = spec.get("build_from")
    if isinstance(apart, dict):   # places so far away (Accordion)
        side = {"left": " to its left", "right": " to its right"}.get(apart.get("side", "either"), "")
        build += f", onto a card only from the card {' or '.join(map(str, apart['apart']))} places away{side}"
    elif first.build_from is not None:
        build += f", onto a card only from {_sources_words(rules, first.build_from)}"
    if first.single_only:
        build += ", one card at a time (never a run)"
    elif first.single_onto_cards:
        build += ", one card at a time (a run only into an empty pile)"
    if first.refused_suits:   # suit: {except: SUITS} (Diamond Mine)
        build += ", never taking a " + " or a ".join(_SUIT_NAMES[s] for s in first.refused_suits) + \
            " (onto a card or into a gap)"
    if first.only_colour is not None:   # Hemispheres' rows: one colour each
        build += f", only {first.only_colour} cards"
        empty_text += f", only {first.only_colour}"
    ranks = [rules.piles[p].only_rank for p in piles]
    if first.only_rank is not None:
        build += (f", only {cards.RANKS[first.only_rank]}s" if len(set(ranks)) == 1 else
                  f", each pile only cards of its rank ({', '.join(cards.RANKS[r] for r in ranks)} in pile order)")
    if first.discards:
        build += "; the card covered goes to the discard pile, the card put on taking its place"
        if first.number in rules.stock_spec.close_up and rules.stock_spec.close_up_at_once:
            fill = (f"; after each move the cards close up over the gap (they slide toward "
                    f"{rules.pile_names[rules.stock_spec.close_up[0]]}, keeping their order){fill}")
    if first.turns_up:
        build += ("; a card put on a pile turns up the pile's next face-down card onto its top, and the next "
                  "again while the card turned is of the pile's rank (its face-down cards turn up only so)")
    swap = ("" if not first.swap else "; a pile holding one card may trade it for the one card of another "
            "pile that swaps, when each card is of the other pile's bottom rank" if first.swap == "card" else
            "; a pile holding one card of the other colour may trade it for the one card of a pile of the other "
            "colour's group holding a card of this pile's colour" if first.swap == "colour" else
            "; two piles of rows with different bottom ranks may trade their whole piles, when their bottom "
            "cards differ in rank and one of them is of the other pile's bottom rank")
    if any(rules.covered_by[p] for p in piles):   # Interlock's overlapping rows
        hidden += (_covering_words(rules, spec, piles) + "; a pile gives and takes cards only once the piles "
                   "over it are empty" + ("" if not any(rules.hidden_until_free[p] for p in piles) else
                                          ", its face-down cards turning up then"))
        if first.drop_cover:
            hidden += (", except that when one pile alone still lies over a pile, that pile's whole contents "
                       "may drop onto it, if they move as one unit and go on its top card by the build rule")
        if any(rules.covering[p] for p in piles) and empty != "none":
            empty_text += " (a pile lying over others, once emptied, takes nothing)"
    return (f"{title} ({ids}): {_plural(len(piles), 'pile')}, {dealt}{hidden}{_cap_words(first)}; built {build}; "
            f"moving {moves}{limit}{_locked_words(first)}{swap}; an empty pile takes {empty_text}{fill}.")


def _split_words(rules: Rules) -> str:
    """How the deal forms a split group's piles (Cat's Tail, Kentish)."""
    if rules.split_before is not None:
        rule = (f"each {cards.RANKS[rules.split_before]} starting the next pile (unless the current one is "
                "still empty)")
    else:
        rule = f"each {cards.RANKS[rules.split_after]} ending its pile"
    return f"the rest of the pack in order, onto one pile at a time, {rule}{_split_moved_words(rules)}"


def _split_moved_words(rules: Rules) -> str:
    """``split: {first: R}`` / ``{last: R}`` in words."""
    if rules.split_first is not None:
        return f"; before the deal, the pack's last {cards.RANKS[rules.split_first]} is moved to its top"
    if rules.split_last is not None:
        return f"; before the deal, the pack's last {cards.RANKS[rules.split_last]} is moved to its bottom"
    return ""


def fill_sources_words(rules: Rules, p: int) -> list[str]:
    """The sources that fill pile ``p``'s gap, in the order they are tried; with ``fill_from:
    fullest`` a group of several piles is one source, its fullest pile (Gate's reserves)."""
    groups = rules.fill_fullest[p]
    if groups is None:
        turn = (f"top card of a turn of {_plural(rules.draw, 'card')} from the stock onto the waste"
                if rules.fill_turns_stock[p] else "")
        words = [turn if turn and s == rules.stock else rules.pile_names[s] for s in rules.fill[p]]
        raw = rules.group_specs[rules.pile_group[p]].get("fill")
        listed = raw.get("from") if isinstance(raw, dict) else raw
        if isinstance(listed, list) and len(listed) == len(words):   # GROUP:same: each gap's own pile of GROUP
            words = [f"pile of {name[:-len(':same')]} with the gap's number ({word} for pile {_number(rules, p)})"
                     if name.endswith(":same") else word for name, word in zip(listed, words)]
        return words
    words = []
    for group in groups:
        names = [rules.pile_names[s] for s in group]
        if len(names) == 1:
            words.append(names[0])
        else:
            most = "fuller" if len(names) == 2 else "fullest"
            words.append(f"{most} of {', '.join(names[:-1])} and {names[-1]} ({names[0]} on a tie)")
    return words


_SUIT_NAMES = ("club", "diamond", "heart", "spade")   # cards.SUITS in words


def _number(rules: Rules, p: int) -> str:
    """Pile ``p``'s number in its group (``tableau:3`` is 3)."""
    return rules.pile_names[p].rsplit(":", 1)[-1]


def _locked_words(pile) -> str:
    """``free_when``: when a card may leave the pile (dealt face down, it lies face down till then);
    ``turn_when``: when its face-down top card turns up."""
    if pile.turn_when is not None:
        return f"; its face-down top card turns up only when {pile.turn_when.words}, and stays up"
    if pile.free_when is None:
        return ""
    hidden = ", and lies face down until then" if 0 < pile.cards <= pile.face_down else ""
    return f"; a card leaves it only when {pile.free_when.words}{hidden}"


def _beside_group_text(rules: Rules, group: str, spec: dict, piles: list[int], sizes: list[int]) -> str:
    """Places whose gaps are judged by the cards beside them (Montana): the grid, what leaves a
    place, and what a gap takes."""
    title = spec.get("title", group)
    grid = spec.get("grid")
    empty = [str(i + 1) for i, n in enumerate(sizes) if not n]
    dealt = (_dealt_words(sizes) if max(sizes) > 1 or not empty or len(empty) == len(sizes) else
             f"1 card each but places {', '.join(empty[:-1])} and {empty[-1]}, dealt nothing" if len(empty) > 1
             else f"1 card each but place {empty[0]}, dealt nothing")
    shape = (f"{_plural(len(piles), 'place')}" + (f" in {grid['rows']} rows of {grid['columns']}" if grid else "")
             + f", {dealt}")
    if spec.get("fill_dealt_gaps") is not None:
        rank = cards.RANKS[cards.parse_rank(spec["fill_dealt_gaps"])]
        shape += (f"; after the deal, each {rank} (in place order) moves into the next place the deal left "
                  f"empty, leaving its own place empty")
    free = "every card is free" if rules.access[piles[0]] == ACCESS_ALL else _ACCESS_WORDS[rules.access[piles[0]]]
    raw = spec["empty"]
    takes = []
    for side in ("left", "right"):
        if raw.get(side) is None:
            continue
        rule = next((r for p in piles for q, r in rules.piles[p].beside if (q < p) == (side == "left")), None)
        if rule is None:   # no place has a neighbour on that side (a grid one place wide)
            continue
        across = ""
        if raw[side].get("across_rows"):
            across = (" (for a row's last place, the card on the next row's first place)" if side == "right"
                      else " (for a row's first place, the card on the row before's last place)")
        takes.append(rule.words(side) + across)
    text = f"a gap takes {', or '.join(takes)}"
    first = raw.get("first_column")
    if first is not None:
        rank = "any card" if first == "any" else "nothing" if first == "none" else \
            f"only {cards.rank_with_article(cards.parse_rank(first))}, of any suit"
        text += f"; a gap in a row's first place takes {rank}"
    return f"{title} ({group}:1..{len(piles)}): {shape}; {free}, one card at a time; {text}."


def _rank_span_words(ranks: tuple[int, ...]) -> str:
    """``(0, 6, 7, ..., 12)`` -> ``A and 7 to K``: runs of ranks in words."""
    runs: list[list[int]] = []
    for r in ranks:
        if runs and r == runs[-1][-1] + 1:
            runs[-1].append(r)
        else:
            runs.append([r])
    words = [cards.RANKS[run[0]] if len(run) == 1 else
             f"{cards.RANKS[run[0]]} and {cards.RANKS[run[1]]}" if len(run) == 2 else
             f"{cards.RANKS[run[0]]} to {cards.RANKS[run[-1]]}" for run in runs]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _pack_words(rules: Rules) -> str:
    """What the pack holds where it is not every card of its decks."""
    names = [cards.SUITS[s] for s in rules.pack_suits]
    suits = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    if len(rules.pack_ranks) < 13:
        of = "each suit" if len(rules.pack_suits) == 4 else suits
        each = " in each deck" if rules.decks > 1 else ""
        return f" ({_rank_span_words(rules.pack_ranks)} of {of}{each})"
    if rules.n_cards != rules.decks * cards.CARDS_PER_DECK:
        return f", in {suits} only ({rules.decks} of each card)"
    if len(rules.pack_suits) < 4:
        return f", in {suits} only ({rules.n_cards // (13 * len(rules.pack_suits))} of each card)"
    return ""


def rules_text(rules: Rules) -> str:
    """The rules of a compiled variant, in words, from its tables."""
    source = rules.source
    lines = [f"{rules.title} ({rules.name})"]
    if source.aliases:
        lines.append(f"also called: {', '.join(source.aliases)}")
    if rules.description:
        lines += ["", " ".join(rules.description.split())]
    lines += ["", f"Pack: {_plural(rules.decks, 'deck')}, {rules.n_cards} cards{_pack_words(rules)}."]
    if rules.foundation_specs:
        lines.append("Foundations:")
    for group, spec in rules.foundation_specs.items():
        piles = rules.groups[f"foundation:{group}"]
        first = piles[0]
        fspec = rules.f_spec[first]
        if fspec.ranks is None or fspec.regardless or fspec.takes_run or isinstance(spec["suits"], list) \
                or fspec.either_way:
            lines.append(_other_foundation_text(rules, group, spec, piles))
            continue
        base = cards.RANKS[rules.f_rank_at[first][0]]
        if spec["start"] == "dealt":
            suits = "one per suit in turn (C D H S)"
            start = f"the {base}s set out before the deal"
        else:
            suits = ("one per suit in turn (C D H S)" if spec["suits"] == "fixed"
                     else "any suit (the first card decides)")
            start = f"started by a free {base}"
            if rules.deal_up_ranks is not None and rules.f_rank_at[first][0] in rules.deal_up_ranks:
                start = f"the {base}s go there as they are dealt"
        if fspec.deal_bases:
            start += (f" ({cards.rank_with_article(rules.f_rank_at[first][0])} on top of a column after each row of the deal "
                      "goes up at once)")
        lines.append(f"  {spec.get('title', group)}: {_plural(len(piles), 'pile')} "
                     f"({rules.pile_names[piles[0]]}..{rules.pile_names[piles[-1]]}), {suits}, {start};")
        back = _worry_words(rules, fspec)
        waits = f"; they take cards only when {fspec.when.words}" if fspec.when is not None else ""
        lines.append(f"    built in suit: {sequence_text(rules, first)}{waits}{back}")
    for group, spec in rules.group_specs.items():
        lines.append(_group_text(rules, group, spec))
    if not rules.foundation_only:
        return _general_tail(rules, lines)
    dealt = [deal_entry_words(g) for g in (rules.definition.get("deal") or [])]
    stock_size = rules.stock_cards
    if dealt:
        lines.append(f"Deal: {', then '.join(dealt)}, row by row; the other {stock_size} cards form the stock.")
    else:
        lines.append(f"Deal: all {stock_size} cards form the stock.")
    redeals = ("no redeal" if rules.redeals == 0 else
               f"{'one redeal' if rules.redeals == 1 else f'{rules.redeals} redeals'}, the waste turned over in order")
    lines.append(f"Stock: turned one card at a time onto the waste, whose top card is free; {redeals}.")
    lines.append("Cards move only to the foundations. Won: every card on the foundations. "
                 "Lost: no card fits, the stock is empty and no redeal is left.")
    lines.append(f"Automatic play to the foundations: {'on' if rules.autoplay else 'off'}.")
    if rules.opening is not None:
        lines.append(f"After the deal, the first move is a choice: {rules.opening.question}? "
                     f"({' or '.join(rules.opening.options)}).")
    return _parameters_tail(rules, lines)


def _other_foundation_text(rules: Rules, group: str, spec: dict, piles: list[int]) -> str:
    fspec = rules.f_spec[piles[0]]
    span = f"{rules.pile_names[piles[0]]}..{rules.pile_names[piles[-1]]}" if len(piles) > 1 else rules.pile_names[piles[0]]
    if fspec.discard:
        return f"  {spec.get('title', group)}: 1 pile ({span}), where the removed sets go, in no order."
    if fspec.takes_run:
        top = "from any rank down, round past the Ace," if fspec.ranks is None else "K down to A"
        how = f"each takes a finished run ({top} " + "{}) at once".format(
            {"same": "in one suit", "alternate": "in alternating colours", "any": "regardless of suit"}[fspec.run_suit])
        if fspec.at_once:
            how += (", by itself: after each move of cards (not a deal from the stock) every column whose "
                    "top cards are one sends it up, and no run is moved up by hand")
    elif fspec.takes_pile:
        how = (f"each takes only a pile's whole stack of two cards or more at once, in any order, "
               f"{fspec.length} cards in all")
    elif fspec.takes_set:
        inner = "of one rank" if fspec.set_rule is not None else fspec.build.words()
        how = (f"each takes {fspec.takes_set} cards at once from the top of a column, {inner}, "
               f"{fspec.length} cards in all")
    elif fspec.build is not None:
        room = "at most " if rules.definition.get("capacity") == "meet" else ""
        how = f"{_first_card_words(fspec)}, then built {fspec.build.words()}, {room}{fspec.length} cards"
    else:
        suits = ("regardless of suit" if fspec.regardless else "in suit")
        if spec["suits"] == "fixed" and fspec.base_first:   # (any first card of the pile's suit)
            suits = "in suit, one per suit in turn (C D H S)"
        if isinstance(spec["suits"], list):
            suits = "in suit, " + " ".join(map(str, spec["suits"]))
        how = f"built {suits}: {sequence_text(rules, piles[0])}"
        if fspec.either_way:
            start = "the rank the deal gives" if fspec.base_from_deal else cards.RANKS[fspec.base]
            how = (f"built {suits} from {start}, up or down by one (wrapping K-A), every pile the way the "
                   "first card built on any of them goes")
        if fspec.rank_dealt:
            first = ("goes up onto its suit's pile with them" if rules.deal_targets[0] in rules.rank_dealt
                     else f"is dealt first, to the bottom of {rules.pile_names[rules.deal_targets[0]]}")
            how += (" (the pack's first card chooses the rank: before the deal, the other cards of that rank "
                    f"go up, each onto a pile of its suit, and the first card {first})")
        elif fspec.base_from_deal and fspec.base_of is None and fspec.listed_from_deal is None:
            where = "the pile of its suit" if fspec.suit >= 0 else "the first pile"
            how += f" (the deal puts the first card on {where}; every pile starts with its rank)"
    if fspec.when is not None:
        how += f"; they take cards only when {fspec.when.words}"
    if spec.get("follows") == "longest" and len(piles) > 1:
        how += ("; a pile shorter than the longest (the first of the longest) takes only the rank at its "
                "next place in that one, so every pile repeats one order of ranks")
    if fspec.shared_suit_order:
        how += ("; one order of suits for every pile that shares it: a pile's n-th card is of the suit of the "
                "n-th card of the others")
    if spec.get("follows") == "previous" and len(piles) > 1:
        how += ("; each pile after the first starts only with the rank of the first card of the pile "
                "before it, and then takes only ranks already on that pile")
    if spec.get("start") == "dealt" and fspec.base is None and fspec.build is not None:
        how += ("; each pile's base is set out before the deal: the first card of its suit in the shuffled pack"
                if fspec.suit >= 0 else "; each pile's base is set out before the deal: the next card of the "
                "shuffled pack")
    elif spec.get("start") == "dealt":
        how += "; each pile's base card is set out before the deal"
    if fspec.deal_bases:
        how += "; a base card on top of a column after each row of the deal goes up at once"
    back = _worry_words(rules, fspec)
    return f"  {spec.get('title', group)}: {_plural(len(piles), 'pile')} ({span}), {how}{back}."


def deal_entry_words(entry) -> str:
    """A deal entry in words: a group's name, or rows across several groups (``{across, rows}``)."""
    if isinstance(entry, str):
        return entry
    names = [entry["across"]] if isinstance(entry["across"], str) else entry["across"]
    across = names[0] if len(names) == 1 else ", ".join(names[:-1]) + f" and {names[-1]} together"
    rows = entry.get("rows")
    if rows and len(names) == 1 and ":" in names[0]:   # rows onto one pile: that many cards (Juvenile)
        return f"{rows} {'card' if rows == 1 else 'cards'} onto {names[0]}"
    return f"{across} ({rows} {'row' if rows == 1 else 'rows'})" if rows else across


def _general_tail(rules: Rules, lines: list[str]) -> str:
    """Deal, stock and end of the game where cards move between piles."""
    stock = rules.stock_spec
    dealt = [deal_entry_words(g) for g in rules.definition.get("deal") or []]
    stock_size = rules.stock_cards
    waste = ""
    if "waste" in dealt:
        waste = (", then one card face up onto the waste" if rules.draw == 1 else
                 f", then {rules.draw} cards face up onto the waste (the last on top)")
    dealt = [g for g in dealt if g != "waste"]
    if not dealt and waste:
        lines.append(f"Deal: {waste[len(', then '):]}; the other {stock_size} cards form the stock.")
    elif not dealt:
        lines.append(f"Deal: all {stock_size} cards form the stock.")
    elif stock_size:
        # cards that go up with the pile waiting leave fewer for the stock
        others = (f"the cards left (at most {stock_size})" if rules.deal_up_waits
                  else f"the other {stock_size} cards")
        lines.append(f"Deal: {', then '.join(dealt)}, row by row{waste}; {others} form the stock.")
    elif rules.suit_dealt:
        rows = dealt[:-1]
        lines.append(f"Deal: {', then '.join(rows) + ', row by row, then ' if rows else ''}{dealt[-1]}, "
                     f"{_suit_dealt_words(rules)}; there is no stock.")
    elif rules.split_deals_rest:
        rows = dealt[:-1]
        lines.append(f"Deal: {', then '.join(rows) + ', row by row, then ' if rows else ''}{dealt[-1]}, pile by "
                     "pile: every card; there is no stock.")
    else:
        lines.append(f"Deal: {', then '.join(dealt)}, row by row{waste}: every card; there is no stock.")
    laid = [(p, card) for p, card in rules.setout if not rules.is_foundation[p]]
    if laid:
        lines.append("Before the deal, these cards are taken out of the pack and set out: "
                     + ", ".join(f"{cards.card_name(card)} on {rules.pile_names[p]}" for p, card in laid) + ".")
    if rules.separate_decks:
        lines.append(f"Each of the {rules.decks} decks is shuffled on its own, so all of one deck's cards are "
                     "dealt before any of the next deck's.")
    if rules.deal_first:
        lines.append("The shuffle always puts " + ", ".join(cards.card_name(c) for c in rules.deal_first)
                     + " on top of the pack, so it is dealt first.")
    if rules.deal_first_ranks:
        lines.append("The shuffle always puts the " + ", the ".join(cards.RANKS[r] for r in rules.deal_first_ranks)
                     + " nearest the bottom of the pack (any suit) on its top, in that order, so they are dealt first.")
    if rules.deal_first_unless:
        ranks, first = rules.deal_first_unless
        names = " or ".join(cards.RANKS[r] for r in sorted(ranks))
        lines.append(f"When none of the first {first} cards of the shuffled pack is a{'n' if names[0] in 'A8' else ''} "
                     f"{names}, the shuffle puts the one nearest the bottom of the pack on its top, so it is "
                     "dealt first.")
    if rules.deal_last:
        lines.append("The shuffle always leaves " + ", ".join(cards.card_name(c) for c in rules.deal_last)
                     + " at the bottom of the pack, so it is dealt last.")
    if rules.distinct_ranks:
        size, runs = rules.distinct_ranks
        lines.append(f"The shuffle sees to it that each run of {size} cards in the first {size * runs} dealt "
                     "(cards 1-{0}, {1}-{2}, ...) holds no two cards of one rank.".format(size, size + 1, 2 * size))
    by_pile = [g for g in rules.definition.get("deal") or [] if isinstance(g, str)
               and rules.group_specs.get(g, {}).get("deal_by") == "pile"]
    if by_pile:
        lines.append(f"Except that {', '.join(by_pile)} {'is' if len(by_pile) == 1 else 'are'} dealt pile by pile "
                     "instead: all of a pile's cards before the next pile's.")
    if rules.opening_from is not None:
        after = []
        for places, turn in rules.opening_deal:
            after.append("turns one card onto the waste" if turn else
                         f"deals a stock card into each empty pile of {rules.pile_group[places[0]]}")
        then = f" That move then {', then '.join(after)}." if after else ""
        lines.append(f"Opening: {opening_words(rules)[0].upper()}{opening_words(rules)[1:]}.{then}")
    which = ("a card that fits a foundation" if rules.deal_up_ranks is None else
             cards.ranks_with_articles(tuple(sorted(rules.deal_up_ranks))) + " that fits a foundation")
    if rules.deal_to_foundations:
        face_down = any(rules.face_down[p] or (rules.piles[p] is not None and rules.piles[p].faces)
                        for p in rules.deal_targets)
        which_up = f"{which} and is dealt face up" if face_down else which
        lines.append(f"While dealing, {which_up} goes there instead; " +
                     ("a card of the split rank that goes up still starts the next pile." if rules.split_before is not None
                      and rules.split_deals_rest and (rules.deal_up_ranks is None or rules.split_before in rules.deal_up_ranks)
                      else "the pile it would have gone onto does not get it." if rules.split_deals_rest
                      else "the pile whose turn it was takes the next card instead." if rules.deal_up_waits
                      else "the pile whose turn it was gets nothing that round."))
        if rules.stock_deal_up:
            deals = ("deals and the gaps it fills" if stock.deal_to and any(rules.stock in f for f in rules.fill)
                     else "deals" if stock.deal_to else "fills of the gaps")
            lines.append(f"The stock's {deals} do the same: {which} goes there, and its pile takes the next card.")
    if rules.deal_up_after_rows:
        lines.append(f"After each row of the deal, {which} and lies on top of a pile goes there (the first "
                     "pile in order first), again until none fits; its pile stays a card short.")
    if stock_size:
        if stock.deal_to:
            when = (" when no pile is empty" if stock.deal_needs_no_gap else
                    " when every one of them is empty" if stock.deal_needs_all_empty else "")
            if stock.deal_onto_last:
                lines.append(f"Stock: deals one card at a time onto the last pile of {rules.pile_group[stock.deal_to[0]]} "
                             f"holding a card; each {cards.RANKS[stock.split_before]} starts the next pile.")
            elif stock.deal_rounds > 1 and stock.deal_by_pile:
                lines.append(f"Stock: deals {stock.deal_rounds} cards onto each pile of "
                             f"{rules.pile_group[stock.deal_to[0]]} in turn, pile by pile, at a time (the last "
                             "deal as far as the stock goes).")
            elif stock.deal_rounds > 1:
                lines.append(f"Stock: deals {stock.deal_rounds} rows at a time, each one card to every pile of "
                             f"{rules.pile_group[stock.deal_to[0]]} in turn (the last deal as far as the stock "
                             "goes).")
            elif stock.deal_onto_gaps_first:
                lines.append(f"Stock: a deal puts one card onto each empty pile of {rules.pile_group[stock.deal_to[0]]}, "
                             "or onto every pile when none is empty.")
            elif stock.deal_onto_held:
                lines.append(f"Stock: deals one card onto each pile that holds a card, at a time (onto "
                             f"{rules.pile_names[stock.deal_to[0]]} when every one is empty).")
            else:
                lines.append(f"Stock: turned one card at a time onto {rules.pile_names[stock.deal_to[0]]}{when}."
                             if len(stock.deal_to) == 1 else _stock_deal_words(len(stock.deal_to), stock_size, when))
            if stock.deal_skip:
                which = ("whose top run holds a King" if stock.deal_skip == "king-run"
                         else "that is one run from a King at its bottom")
                lines.append(f"A deal skips each pile {which} ({stock.skip_rule.words()}; face-down cards count).")
            if stock.drop_onto:
                lines.append(f"Before each deal, the top card of each pile of {rules.pile_group[stock.deal_to[0]]} "
                             f"goes onto the pile of {rules.pile_group[stock.drop_onto[0]]} of the same number, "
                             "whatever the card.")
            if stock.last_row_to:
                gaps = ", whatever the gaps" if stock.deal_needs_no_gap or stock.deal_needs_all_empty else ""
                if stock.last_row_at_once:
                    lines.append(f"The deal that leaves the stock holding one card for each pile of "
                                 f"{_pile_set_words(rules, stock.last_row_to)} puts them onto those in the same "
                                 "move.")
                else:
                    lines.append(f"When the stock holds one card for each pile of {_pile_set_words(rules, stock.last_row_to)}, "
                                 f"the next deal puts them onto those instead{gaps}.")
        elif stock.only_fills:
            face_up = "; its top card lies face up and is free" if stock.face_up else ""
            fills = "; its cards fill gaps" if any(rules.stock in sources for sources in rules.fill) else ""
            lines.append(f"Stock: never turned{face_up}{fills}.")
        elif stock.close_up:
            group = rules.pile_group[stock.close_up[0]]
            when = "after every set removed, by itself" if stock.close_up_at_once else "when the player asks"
            lines.append(f"Stock: {when}, the cards of {group} slide toward {group}:1 over the gaps (keeping "
                         f"their order), and the stock deals a card into each gap left.")
        elif stock.to_foundation is not None:
            lines.append(f"Stock: turned one card at a time onto {rules.pile_names[stock.to_foundation]}.")
        else:
            onto = ("the waste pile of the player's choice" if len(rules.waste_piles) > 1 else "the waste")
            if rules.waste_max is not None:
                onto += (f", which holds at most {_plural(rules.waste_max, 'card')} (the stock waits until "
                         "there is room)")
            redeals = ("unlimited redeals" if rules.redeals == float("inf") else "no redeal" if rules.redeals == 0
                       else f"{_plural(rules.redeals, 'redeal')}")
            face_up = "its top card lies face up and is free; " if stock.face_up else ""
            count = (f"{rules.draw} card{'s' if rules.draw > 1 else ''}" if not stock.draw_by_pass else
                     ", then ".join(map(str, stock.draw_by_pass)) + " cards (one number per pass)")
            refill = ("" if not rules.waste_refills else
                      "; the moment the waste is empty, the next stock card is turned onto it" if rules.draw == 1 else
                      f"; the moment a card leaves the waste and it is empty, the next {rules.draw} stock cards "
                      "are turned onto it (a redeal leaves it empty)")
            lines.append(f"Stock: {face_up}turned {count} at a time onto "
                         f"{onto}, whose top card is free{refill}; {redeals}.")
            if stock.top_up:
                n = stock.top_up_cards
                lines.append(f"But while a pile of {rules.pile_group[stock.top_up[0]]} holds fewer than "
                             f"{_plural(n, 'card')}, the stock deals instead: one card to each such pile in "
                             f"turn, again and again, until each holds {n} (or the stock is out).")
    if stock_size and stock.when is not None:
        lines.append(f"The stock is turned, dealt or redealt only while {stock.when.words}.")
    if stock.turn_up:
        lines.append(f"Turn-up ({'as often as you like' if rules.redeals == float('inf') else _plural(int(rules.redeals), 'time')}, typed redeal PILE): once no other move is "
                     f"left, the player may turn up the next face-down card of any pile of "
                     f"{rules.pile_group[stock.turn_up[0]]}, as its taking a card would.")
    if stock.gather:
        group = rules.pile_group[stock.gather[0]]
        redeals = ("as often as you like" if rules.redeals == float("inf") else
                   f"{_plural(rules.redeals, 'time')}")
        if stock.keep_ranks:
            spaces = {"after-run": "the first place after each row's run",
                      "row-end": "the last place of each row",
                      "random": "as many places as there were gaps, chosen at random among them"}[stock.gaps]
            run = " ".join(cards.RANKS[r] for r in stock.keep_ranks[:3])
            lines.append(f"Redeal ({redeals}): each row's run stays (from its first place: {run} ... in one suit); "
                         f"every other card of {group} is gathered, shuffled and dealt back, one to each place "
                         f"they left, but for the gaps: {spaces}.")
        elif stock.deals_per_round:
            shuffled = ", and the whole stock is shuffled," if stock.shuffle else ","
            lines.append(f"Rounds: a round is {stock.deals_per_round} deals, the deal's own row the first; then "
                         f"the stock deals no more until a redeal ({redeals}): the piles of {group} go back onto "
                         f"the stock's cards in order, pile 1 first, each from its top{shuffled} and a row is "
                         "dealt at once, the next round's first.")
        elif stock.gather_to_stock and len(stock.gather) == 1:
            shuffled = ", shuffled," if stock.shuffle else " (turned over, so in the same order)"
            lines.append(f"Redeal ({redeals}): once the stock is empty, {rules.pile_names[stock.gather[0]]} goes "
                         f"back into it{shuffled} and its first card is turned at once.")
        elif stock.gather_to_stock:
            shuffled = ", shuffled," if stock.shuffle else ""
            first = f"pile {len(stock.gather)}" if stock.gather_last_first else "pile 1"
            dealt = ("a row is dealt" if stock.deal_rounds == 1 else "the stock deals as before")
            narrows = (f"; each pass deals its rows onto one pile fewer, the last pile of {group} dropping out"
                       if stock.narrows else "")
            lines.append(f"Redeal ({redeals}): once the stock is empty, the piles of {group} go back into it "
                         f"in order, {first} first, each from its top{shuffled} and {dealt} at once{narrows}.")
        elif stock.gather_one_pile:
            order = ("the first pile the first time, the second the next time"
                     if stock.gather_one_pile == "first" else
                     "the last pile the first time, the one before it the next time")
            when = "once the stock is empty, " if stock.deal_to else ""
            lines.append(f"Redeal ({redeals}): {when}one pile of {group} is picked up ({order}, and so on; an "
                         "empty pile spends its turn) and dealt out again face up, its bottom card first, one "
                         "card to each pile from that pile to the last, then round and round from the first.")
        elif stock.gather_deal == "bottom-to-top":
            lines.append(f"Redeal ({redeals}): the bottom card of every pile of {group} holding two or more "
                         "cards goes to the top of its pile, all in one move.")
        elif stock.gather_deal:
            how = {"rows": "one card to each pile in turn until they run out",
                   "stairs": "a row onto every pile, then a row from the second pile on, then from the third, "
                             "and so on until they run out",
                   "again": "as the deal dealt them (the face-down rows, then the face-up rows) as far as they "
                            "go, a face-down top card turned up"}[stock.gather_deal]
            shuffled = "shuffled" if stock.shuffle else "unshuffled"
            when = "once the stock is empty, " if stock.deal_to else ""
            picked = (f"picked up and dealt out again {shuffled} from each pile's top down, the last pile first"
                      if stock.gather_from_top else
                      f"picked up in order, each from its top, and dealt out again {shuffled}")
            lines.append(f"Redeal ({redeals}): {when}the piles of {group} are {picked}, {how}"
                         f"{_face_up_words(stock)}.")
        elif stock.gather_with_stock:
            up = (f", {which} going up and its pile taking the next card" if rules.stock_deal_up else "")
            lines.append(f"Redeal ({redeals}): the cards of {group} and of the stock are picked up, shuffled "
                         f"together and dealt out again {stock.per_pile} to each pile in turn, pile by pile{up}; "
                         "the rest go back into the stock.")
        elif stock.shuffle:
            lines.append(f"Redeal ({redeals}): the cards of {group} are picked up, shuffled and dealt out again "
                         f"{stock.per_pile} to a pile from the first, in rows (the last piles short)"
                         f"{_face_up_words(stock)}.")
        else:
            lines.append(f"Redeal ({redeals}): the piles of {group} are picked up in order, each from its top, "
                         f"and dealt out again unshuffled, {stock.per_pile} to a pile from the first"
                         f"{_face_up_words(stock)}.")
    lines += _removal_lines(rules)
    won = "every card on the foundations" if rules.win is None else rules.win.words
    if rules.win is not None and rules.turn_up_piles:
        won += ", with no card of " + ", ".join(dict.fromkeys(rules.pile_group[p] for p in rules.turn_up_piles)) \
            + " face down"
    lines.append(f"Won: {won}. Lost: no move is left.")
    lines.append(f"Automatic play to the foundations: {'on' if rules.autoplay else 'off'}.")
    return _parameters_tail(rules, lines)


def _face_up_words(stock) -> str:
    """The faces of a gathering redeal's cards, where only some go back face up."""
    if not stock.gather_face_up:
        return ""
    if stock.gather_face_up == 1:
        return "; only each pile's top card face up"
    return f"; only the top {stock.gather_face_up} cards of each pile face up"


def _pile_set_words(rules: Rules, piles: tuple[int, ...]) -> str:
    """Piles in words: whole groups by name (``tableau``), else the piles one by one, a run of
    neighbours as a range (``tableau:2..8``)."""
    words, i = [], 0
    while i < len(piles):
        group = rules.groups[rules.pile_group[piles[i]]]
        if tuple(piles[i:i + len(group)]) == tuple(group):
            words.append(rules.pile_group[piles[i]])
            i += len(group)
            continue
        j = i
        while j + 1 < len(piles) and piles[j + 1] == piles[j] + 1 and rules.pile_group[piles[j + 1]] == rules.pile_group[piles[i]]:
            j += 1
        words.append(rules.pile_names[piles[i]] if j == i else
                     f"{rules.pile_names[piles[i]]}..{rules.pile_names[piles[j]].rsplit(':', 1)[-1]}")
        i = j + 1
    return " and ".join(words)


def _stock_deal_words(piles: int, stock_size: int, when: str) -> str:
    """A stock dealt onto the layout: a row to every pile at a time, or (fewer cards than
    piles, Scorpion's three) its cards one each onto the first piles."""
    if stock_size < piles:
        return f"Stock: deals its {_plural(stock_size, 'card')} at once, one each onto the first {stock_size} piles{when}."
    return f"Stock: deals one card to each of {piles} piles at a time{when}."


def _parameters_tail(rules: Rules, lines: list[str]) -> str:
    source = rules.source
    by_plugins = [f"{hook.replace('_', ' ')} by plugin {who!r}" for hook, who in rules.plugins.items()
                  if who != "builtin"]
    if by_plugins:
        lines.append(f"Rules from plugins: {', '.join(by_plugins)}.")
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
    return printable("\n".join(lines))


def position_text(position: Position) -> str:
    """Every pile of a position, one per line (top card last)."""
    rules = position.rules
    out = []
    for f in rules.foundations:
        pile = position.piles[f]
        wanted = position.wanted(f)
        need = ("/".join(cards.card_name(c) for c in wanted) if wanted
                else "a whole run" if rules.f_spec[f].takes_run and len(pile) < rules.f_length[f]
                else "a whole pile" if rules.f_spec[f].takes_pile and len(pile) < rules.f_length[f]
                else "removed sets" if rules.f_spec[f].discard else "full")
        top = cards.card_name(pile[-1]) if pile else "--"
        out.append(f"{rules.pile_names[f]:>14}: {top:>3} ({_plural(len(pile), 'card')}, needs {need})")
    for group in rules.group_specs:
        for p in rules.groups[group]:
            out.append((f"{rules.pile_names[p]:>14}: " + " ".join(
                "##" if position.is_face_down(p, i) else cards.card_name(c)
                for i, c in enumerate(position.piles[p]))).rstrip())
    for w in rules.waste_piles if rules.shows_waste or not rules.has_stock and rules.foundation_only else ():
        waste = position.piles[w]
        out.append(f"{rules.pile_names[w]:>14}: {cards.card_name(waste[-1]) if waste else '--'} ({_plural(len(waste), 'card')})")
    if rules.has_stock or rules.foundation_only:
        left = "unlimited redeals" if position.redeals_left == float("inf") else f"{position.redeals_left} redeal(s) left"
        out.append(f"{'stock':>14}: {_plural(len(position.piles[rules.stock]), 'card')}, {left}")
    if getattr(position, "choosing", False):  # a plugin's choice after the deal
        out.append(f"{'to choose':>14}: {rules.opening.question}? {' or '.join(rules.opening.options)}")
    gap = getattr(position, "pending", -1)
    if gap >= 0:  # a gap waiting for the player's choice of source
        sources = " or the ".join(rules.pile_names[s] for s in rules.fill[gap] if position.piles[s])
        out.append(f"{'to fill':>14}: {rules.pile_names[gap]}, from the {sources}")
    return "\n".join(out)
