"""What the player types: short pile labels, command words, and moves resolved against a position.

Pile labels are derived from the compiled rules, never from a variant's name: each
pile group (``left``, ``right``, ``reserve``, ...), ``stock``, ``waste`` and
``foundation`` gets the shortest prefix of its id that no other id starts with, and
a pile of a group with several piles adds its number (``l2``, ``r11``, ``f3``; the
single ``waste`` is just ``w``). Any unambiguous prefix and the full id
(``right:11``) are accepted too.

A move is typed as a card or a pile, optionally followed by a foundation:
``7h``, ``10♥``, ``th``, ``r11``, ``l2``, ``w``, ``7h 3``, ``r11 f3``, ``7h r11 f3``.
Where sets are removed (Pyramid), a set is its cards or piles: ``6c 7s``, ``p25 p27``,
``ks``; one card of a pair alone asks which partner when there are several.
:func:`resolve_move` turns the words into the one legal move they mean, a
:class:`Choice` when they could mean several (two foundations fit, or two copies of
the card are free), or a :class:`Refusal` whose message says in one line why not.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from patience_core.model import cards
from patience_core.errors import PatienceError
from patience_core.variants.loader import suggest
from patience_core.agents.safe import twins
from patience_core.model.notation import describe_move, opening_words, why_not
from patience_core.model import legal
from patience_core.model.moves import FILL, REDEAL, REMOVE, TO_FOUNDATION, TURN, Move, MoveKind
from patience_core.model.position import Position
from patience_core.model.rules import ACCESS_ALL, Rules


# Command words (first word of a line) and what they do. A pile label never equals one.
COMMAND_WORDS: dict[str, str] = {
    "t": "turn", "turn": "turn", "deal": "turn",
    "redeal": "redeal", "rd": "redeal",
    "u": "undo", "undo": "undo",
    "redo": "redo", "rr": "redo",
    "h": "hint", "hint": "hint",
    "a": "auto", "auto": "auto", "autoplay": "auto",
    "save": "save",
    "?": "help", "help": "help",
    "q": "quit", "quit": "quit", "exit": "quit",
    "new": "new",
    "b": "board", "board": "board",
    "m": "moves", "moves": "moves",
}

_CARD_RE = re.compile(r"^(10|[1-9tjqka])([cdhs\u2663\u2666\u2665\u2660\u2667\u2662\u2661\u2664])$", re.IGNORECASE)
_PILE_RE = re.compile(r"^([a-z]+)(\d*)$")


class Refusal(PatienceError):
    """A typed move or command that cannot be done; the message says why in one line."""


@dataclass
class Choice:
    """The words fit several moves: ask which (``options`` maps an answer to a move)."""

    question: str
    options: dict[str, Move] = field(default_factory=dict)

    def pick(self, answer: str) -> Move | None:
        key = " ".join(answer.strip().lower().split())
        if key in self.options:
            return self.options[key]
        # ``f3`` for ``3``: the foundation letter is optional in answers.
        bare = " ".join(w[1:] if w[:1] == "f" and w[1:].isdigit() else w for w in key.split())
        return self.options.get(bare)


@dataclass(frozen=True)
class Command:
    """A parsed line: ``kind`` is a command (see COMMAND_WORDS), ``move``, or ``empty``."""

    kind: str
    args: tuple[str, ...] = ()


def parse_command(line: str) -> Command:
    words = line.strip().split()
    if not words:
        return Command("empty")
    head = words[0].lower()
    if head in COMMAND_WORDS:
        return Command(COMMAND_WORDS[head], tuple(words[1:]))
    return Command("move", tuple(words))


class PileLabels:
    """Short labels for the piles of one variant, both ways (label <-> pile number)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.ids = list(rules.group_specs) + ["stock", "waste", "foundation"]
        self.members = {g: list(rules.groups[g]) for g in rules.group_specs}
        self.members["stock"] = [rules.stock]
        self.members["waste"] = list(rules.waste_piles)
        self.members["foundation"] = list(rules.foundations)
        self.prefix = {g: self._shortest_prefix(g) for g in self.ids}
        self._label: dict[int, str] = {}
        for g in self.ids:
            piles = self.members[g]
            for n, p in enumerate(piles, start=1):
                self._label[p] = self.prefix[g] + (str(n) if len(piles) > 1 else "")

    def _shortest_prefix(self, group: str) -> str:
        others = [g for g in self.ids if g != group]
        single = len(self.members[group]) == 1
        for size in range(1, len(group) + 1):
            prefix = group[:size]
            if any(o.startswith(prefix) for o in others):
                continue
            # a bare label (single pile) must not read as a command word or a card
            if single and (prefix in COMMAND_WORDS or _CARD_RE.match(prefix)):
                continue
            return prefix
        return group

    def label(self, pile: int) -> str:
        return self._label[pile]

    def group_of_prefix(self, prefix: str) -> str:
        """The group id a typed prefix means; :class:`Refusal` if none or several."""
        if prefix in self.ids:
            return prefix
        found = [g for g in self.ids if g.startswith(prefix)]
        if len(found) == 1:
            return found[0]
        if found:
            raise Refusal(f"{prefix!r} could mean {' or '.join(found)}: type more letters")
        raise Refusal(f"{prefix!r} is not a card, a pile or a command"
                      f"{suggest(prefix, self.ids + list(COMMAND_WORDS))}; type ? for help")

    def parse_pile(self, token: str) -> int:
        """``l2``, ``right11``, ``w``, ``f3``, ``right:11`` -> pile number."""
        word = token.strip().lower()
        if ":" in word:
            try:
                return self.rules.pile_index(word)
            except PatienceError as exc:
                raise Refusal(str(exc)) from None
        match = _PILE_RE.match(word)
        if not match:
            raise Refusal(f"{token!r} is not a card, a pile or a command; type ? for help")
        group = self.group_of_prefix(match.group(1))
        piles = self.members[group]
        number = match.group(2)
        if not number:
            if len(piles) == 1:
                return piles[0]
            raise Refusal(f"which {group} pile? add its number, e.g. {self.prefix[group]}1 "
                          f"({self.prefix[group]}1..{self.prefix[group]}{len(piles)})")
        n = int(number)
        if not 1 <= n <= len(piles):
            raise Refusal(f"there is no {group}:{n}: the {group} piles are numbered 1..{len(piles)}")
        return piles[n - 1]


def is_card_word(token: str) -> bool:
    return bool(_CARD_RE.match(token.strip()))


def _classify(labels: PileLabels, token: str) -> tuple[str, int]:
    """('card', code) | ('foundation', pile) | ('pile', pile) for one typed word."""
    rules = labels.rules
    if token.isdigit():
        n = int(token)
        if not 1 <= n <= len(rules.foundations):
            raise Refusal(f"there is no foundation {n}: they are numbered 1..{len(rules.foundations)}")
        return "foundation", rules.foundations[n - 1]
    card_like = is_card_word(token)
    pile = None
    try:
        pile = labels.parse_pile(token)
    except Refusal:
        if not card_like:
            raise
    if card_like and pile is not None:
        raise Refusal(f"{token!r} is both a card and a pile here; write the pile as "
                      f"{rules.pile_names[pile]}")
    if card_like:
        return "card", cards.parse_card(token)
    kind = "foundation" if rules.is_foundation[pile] else "pile"
    return kind, pile


def label_card(card: int, unicode: bool) -> str:
    return cards.card_label(card, unicode)


def where_is(position: Position, card: int, labels: PileLabels, unicode: bool) -> str:
    """Why ``card`` is not free, from what a player can see (never the stock order)."""
    rules = position.rules
    name = label_card(card, unicode)
    for group in rules.group_specs:
        for p in rules.groups[group]:
            pile = position.piles[p]
            if pile and pile[-1] == card and legal.is_covered(position, p) and not position.is_face_down(
                    p, len(pile) - 1):
                over = ", ".join(labels.label(q) for q in rules.covered_by[p] if position.piles[q])
                return f"{name} in {labels.label(p)} is covered by {over}"
            if card in pile and rules.access[p] != ACCESS_ALL:
                index = len(pile) - 1 - pile[::-1].index(card)
                if position.is_face_down(p, index):
                    continue  # a face-down card is not in sight
                above = " ".join(label_card(c, unicode) for c in pile[index + 1:])
                return f"{name} in {labels.label(p)} is covered by {above}"
    placed = sum(position.piles[f].count(card) for f in rules.foundations)
    if placed == rules.decks:
        return f"{name}: {'every copy is' if rules.decks > 1 else 'it is'} already on the foundations"
    waste = position.piles[rules.waste]
    seen = " (one copy is on the foundations)" if placed else ""
    if card in waste[:-1]:
        return f"{name} is not free: it is under the waste top{seen}"
    return f"{name} is not in sight (not in the layout, not the waste top){seen}"


def needs_text(position: Position, f: int, unicode: bool) -> str:
    """What foundation ``f`` takes next, for people: ``7♥``, ``any 5``, ``nothing (full)``."""
    wanted = position.wanted(f)
    rules = position.rules
    if rules.f_spec[f].takes_run:  # Spider's: no single card, ever
        return ("nothing (it is full)" if len(position.piles[f]) >= rules.f_length[f]
                else "a whole run, K down to A, which goes up by itself after a move"
                if rules.f_spec[f].at_once else "a whole run, K down to A, at once")
    if not wanted:
        return "nothing (it is full)"
    if len(wanted) > 1:
        ranks = list(dict.fromkeys(cards.RANKS[c % 13] for c in wanted))
        if len(ranks) > 2:
            return "any card"
        return "any " + " or ".join(ranks)
    return label_card(wanted[0], unicode)


def no_fit_reason(position: Position, card: int, labels: PileLabels, unicode: bool) -> str:
    """``7♥ fits no foundation: f3 needs 5♥, f7 needs 2♥``: the piles that could ever take it."""
    rules = position.rules
    rank, suit = card % 13, card // 13
    name = label_card(card, unicode)
    # Where cards also move between piles, the foundations are not the only places a card
    # could have gone: say that no pile takes it either.
    lead = f"{name} has no move: no pile takes it now, nor a foundation" if rules.receivers \
        else f"{name} fits no foundation"
    if legal.opening(position):   # only the opening piles' cards move (a card of them always fits)
        return f"{name} has no move yet: {opening_words(rules)}"
    if all(rules.f_spec[f].takes_run for f in rules.foundations):
        return f"{lead} (they take only whole runs, K down to A)"
    parts = []
    for f in rules.foundations:
        pile = position.piles[f]
        if rules.f_spec[f].takes_run:
            continue
        ranks = position.ranks[f]
        if ranks is not None and rank not in ranks:
            continue
        if rules.f_suit[f] >= 0 and rules.f_suit[f] != suit:
            continue
        if rules.f_suit[f] < 0 and pile and pile[0] // 13 != suit:
            continue
        parts.append(f"{labels.label(f)} needs {needs_text(position, f, unicode)}")
    if not parts:
        return lead
    if len(parts) > 4:
        parts = parts[:4] + ["..."]
    return f"{lead}: " + ", ".join(parts)


def _equivalent_sources(rules: Rules, position: Position, a: int, b: int) -> bool:
    """Two single-card places of one group: playing from either gives the same game
    up to which place is which, so there is nothing to ask."""
    return (rules.pile_group[a] == rules.pile_group[b] and len(position.piles[a]) == 1
            and len(position.piles[b]) == 1 and not rules.covering[a] and not rules.covering[b])


def equivalent_gaps(rules: Rules, position: Position, a: int, b: int) -> bool:
    """Two empty free cells of one group: a card put in either gives the same game up to
    which cell is which, so there is nothing to ask (and nothing worth listing)."""
    return (a != b and rules.pile_kind[a] == "cell" and rules.pile_group[a] == rules.pile_group[b]
            and not position.piles[a] and not position.piles[b])


_NUMBERED_PILE = re.compile(r"(?<![\w:])([a-z][\w-]*:\d+)(?![\w:])")
_CARD_NAME = re.compile(r"(?<![\w♣♦♥♠])(10|[2-9TJQKA])([CDHS])(?![\w])")


def in_board_words(text: str, labels: PileLabels, unicode: bool) -> str:
    """The engine's reason (:func:`why_not`, written for logs: ``tableau:2``, ``7D``) as the
    board says it: the pile as labelled on the board (``t2``), the card in the player's one
    notation (``7♦``, or ``7D`` without Unicode)."""
    rules = labels.rules

    def pile(match: re.Match) -> str:
        try:
            return labels.label(rules.pile_index(match.group(1)))
        except (PatienceError, KeyError):
            return match.group(1)

    def card(match: re.Match) -> str:
        return label_card(cards.parse_card(match.group(0)), unicode)

    return _CARD_NAME.sub(card, _NUMBERED_PILE.sub(pile, text))


def why_not_here(position: Position, src: int, dst: int, card: int | None, labels: PileLabels,
                 unicode: bool) -> str:
    """:func:`why_not` in the board's words (``: t2 builds down ...; 7♦ does not go on 9♣``)."""
    return in_board_words(why_not(position, src, dst, card), labels, unicode)


def considered_moves(position: Position, moves: list[Move]) -> list[Move]:
    """The moves between piles a player would weigh, for the line game's ``m``: not a card
    shuffled from one free cell to another, nor a whole pile moved into an empty pile of
    its own group (the same game, the places renamed); and of moves that differ only by
    which empty place of a group takes the cards, the first."""
    rules = position.rules
    kept: list[Move] = []
    for m in moves:
        src_pile, dst_pile = position.piles[m.src], position.piles[m.dst]
        renamed = (rules.pile_group[m.src] == rules.pile_group[m.dst] and not dst_pile
                   and m.count == len(src_pile) and not rules.fill[m.src] and not rules.covering[m.src]
                   and not rules.covered_by[m.src] and not position.down[m.src])
        if renamed:
            continue
        if not dst_pile and any(o.src == m.src and o.card == m.card and o.count == m.count
                                and rules.pile_group[o.dst] == rules.pile_group[m.dst] and not position.piles[o.dst]
                                for o in kept):
            continue
        kept.append(m)
    return kept


def describe_target(position: Position, f: int, labels: PileLabels, unicode: bool) -> str:
    rules = position.rules
    pile = position.piles[f]
    top = label_card(pile[-1], unicode) if pile else "empty"
    if rules.is_foundation[f]:
        title = rules.foundation_specs[rules.f_group[f]].get("title", rules.f_group[f])
    else:
        group = rules.pile_group[f]
        title = rules.group_specs[group].get("title", group) if group in rules.group_specs else group
    return f"{labels.label(f)} ({title}, now {top})"


def resolve_move(position: Position, words: tuple[str, ...] | list[str], labels: PileLabels,
                 unicode: bool = True) -> Move | Choice:
    """The move the typed words mean (see the module docstring)."""
    rules = position.rules
    if not words:
        raise Refusal("nothing to play: name a card (7h) or a pile (l2)")
    if len(words) > 3:
        raise Refusal(f"too many words in {' '.join(words)!r}: expected CARD or PILE, then a foundation")
    items = [(_classify(labels, w), w) for w in words]
    (kind, value), first_word = items[0]
    card: int | None = None
    src: int | None = None
    dst: int | None = None
    if rules.remove_rules:
        removal = _resolve_removal(position, items, labels, unicode)
        if removal is not None:
            return removal
    if kind == "foundation" and value not in rules.worry_from and value not in rules.transfer_from:
        raise Refusal("cards never leave the foundations: name a card (7h) or a pile to play from")
    if kind == "card":
        card = value
    else:
        src = value
    for (kind, value), word in items[1:]:
        if kind == "foundation" and dst is None:
            dst = value
        elif kind == "pile" and card is not None and src is None:
            src = value
        elif kind == "pile" and dst is None and rules.receivers:
            dst = value
        elif kind == "card":
            raise Refusal(f"{word!r}: name one card only, then where it goes (e.g. 7h f3)")
        elif rules.receivers:
            raise Refusal(f"{word!r}: expected where the card goes: a pile or a foundation")
        else:
            raise Refusal(f"{word!r}: expected a foundation (a number, or f1..f{len(rules.foundations)})")

    if src == rules.stock:
        if dst is not None or card is not None:
            raise Refusal("the stock is face down: turn it (t) to play its top card from the waste")
        return turn_move(position, unicode)

    # The free cards (and run bases) the words name.
    candidates: list[tuple[int, int]] = []
    for p, c in movable_cards(position):
        if (card is None or c == card) and (src is None or p == src):
            candidates.append((p, c))
    if not candidates and src is not None and card is not None and dst is None and rules.receivers:
        # ``7h l5``: the pile is where the card goes, not where it is.
        src, dst = None, src
        candidates = [(p, c) for p, c in movable_cards(position) if c == card]
    if not candidates:
        if src is not None and not position.piles[src]:
            raise Refusal(f"{labels.label(src)} ({rules.pile_names[src]}) is empty")
        if src is not None and card is not None:
            top = position.piles[src][-1]
            raise Refusal(f"{label_card(card, unicode)} is not free in {labels.label(src)}: "
                          f"its free card is {label_card(top, unicode)}")
        if card is not None:
            raise Refusal(where_is(position, card, labels, unicode))
        raise Refusal(f"{labels.label(src)} has no free card")

    legal_plays = [m for m in position.legal_moves() if m.is_play]
    wanted = set(candidates)

    def matching(to_foundation: bool) -> list[Move]:
        return [m for m in legal_plays if (m.src, m.card) in wanted and (dst is None or m.dst == dst)
                and (dst is not None or (m.kind is TO_FOUNDATION) == to_foundation)]

    moves = matching(True)
    if not moves and dst is None:
        moves = matching(False)
    if not moves:
        p, c = candidates[0]
        if dst is not None:
            if rules.is_foundation[dst]:
                raise Refusal(f"{label_card(c, unicode)} ({labels.label(p)}) cannot go on {labels.label(dst)}: "
                              f"it needs {needs_text(position, dst, unicode)}")
            reason = why_not_here(position, p, dst, c, labels, unicode).lstrip(": ") or "that move is not allowed here"
            raise Refusal(f"{label_card(c, unicode)} ({labels.label(p)}) cannot go on {labels.label(dst)}: {reason}")
        return_reason = no_fit_reason(position, c, labels, unicode)
        if len({c for _p, c in candidates}) > 1:
            return_reason = (f"no free card of {labels.label(p)} fits a foundation")
        raise Refusal(return_reason)

    # Drop moves that differ only by an equivalent source place, or by an interchangeable
    # foundation (four empty Ace piles of any suit: nothing to ask).
    distinct: list[Move] = []
    for m in moves:
        if not any(m.dst == o.dst and m.card == o.card and _equivalent_sources(rules, position, m.src, o.src)
                   for o in distinct) and \
                not any(m.src == o.src and m.card == o.card and rules.is_foundation[m.dst]
                        and rules.is_foundation[o.dst] and twins(position, m.dst, o.dst) for o in distinct) and \
                not any(m.src == o.src and m.card == o.card and equivalent_gaps(rules, position, m.dst, o.dst)
                        for o in distinct):
            distinct.append(m)
    if len(distinct) == 1:
        return distinct[0]
    return _choice(position, distinct, labels, unicode)


def _resolve_removal(position: Position, items: list, labels: PileLabels, unicode: bool) -> Move | Choice | None:
    """The set the words name (its cards or piles, in any order); ``None`` when the words
    may mean another kind of move; a :class:`Refusal` when they name cards that make no set."""
    rules = position.rules
    named = [(kind, value) for (kind, value), _word in items if kind != "foundation"]
    if not named or len(named) > 2:
        return None
    free = dict((c, p) for p, c in position.free_cards())
    for kind, value in named:
        if kind == "card" and value not in free:
            raise Refusal(where_is(position, value, labels, unicode))

    def fits(member: tuple[int, int], want: tuple[str, int]) -> bool:
        return member[1] == want[1] if want[0] == "card" else member[0] == want[1]

    options = []
    for m in legal.remove_moves(position):
        gone = legal.removed_cards(position, m)   # a run is named by its two ends
        members = [(m.src, gone[0])] + ([(m.dst, gone[-1])] if m.count > 1 else [])
        if len(named) == 2:
            if len(members) == 2 and ((fits(members[0], named[0]) and fits(members[1], named[1])) or
                                       (fits(members[0], named[1]) and fits(members[1], named[0]))):
                options.append(m)
        elif any(fits(member, named[0]) for member in members):
            options.append(m)
    alone = [m for m in options if m.count == 1]
    if alone:
        return alone[0]
    if len(options) == 1:
        return options[0]
    if options:
        def partner(m: Move) -> tuple[int, int]:
            gone = legal.removed_cards(position, m)
            members = [(m.src, gone[0]), (m.dst, gone[-1])]
            return next(x for x in members if not fits(x, named[0]))
        choices = {labels.label(partner(m)[0]): m for m in options}
        listed = ", ".join(f"{label_card(partner(m)[1], unicode)} ({k})" for k, m in choices.items())
        return Choice(f"remove it with which card? {listed} [{'/'.join(choices)}]", choices)
    pairs = any(r.cards > 1 for r in rules.remove_rules)
    if len(named) == 2 and not pairs:
        return None   # no set is two cards: two names are a move between piles (Picture Gallery)
    if len(named) == 2 or not (rules.receivers or any(position.takers[c] for c in free)):
        shown = " and ".join(label_card(v, unicode) if k == "card" else labels.label(v) for k, v in named)
        raise Refusal(f"{shown} make{'s' if len(named) == 1 else ''} no set to remove now; expected "
                      + "; or ".join(r.words for r in rules.remove_rules))
    return None


def movable_cards(position: Position) -> list[tuple[int, int]]:
    """``(pile, card)`` for every card a move may name: the free cards, then the bases of
    runs that may move together (in scan order, without repeats)."""
    found = dict.fromkeys(position.free_cards())
    rules = position.rules
    if rules.receivers:
        for p in rules.scan_order:
            for c, _count in legal.movable_units(position, p):
                found.setdefault((p, c))
    for f in dict.fromkeys(rules.worry_from + rules.transfer_from):
        if position.piles[f] and (rules.receivers or f in rules.transfer_from):
            found.setdefault((f, position.piles[f][-1]))
    return list(found)


def _choice(position: Position, moves: list[Move], labels: PileLabels, unicode: bool) -> Choice:
    sources = {m.src for m in moves}
    targets = {m.dst for m in moves}
    names = {m.card for m in moves}
    options: dict[str, Move] = {}
    rules = position.rules

    def target_key(m: Move) -> str:
        if rules.is_foundation[m.dst]:
            return str(rules.foundations.index(m.dst) + 1)
        return labels.label(m.dst)

    for m in moves:
        if len(sources) == 1 and len(names) == 1:
            key = target_key(m)
        elif len(targets) == 1 and len(names) == 1:
            key = labels.label(m.src)
        else:
            key = f"{labels.label(m.src)} {target_key(m)}"
        options[key] = m
    if len(sources) == 1 and len(names) == 1:
        c = moves[0].card
        where = ", ".join(describe_target(position, m.dst, labels, unicode) for m in moves)
        kind = "which foundation?" if all(rules.is_foundation[m.dst] for m in moves) else "where to?"
        question = f"{label_card(c, unicode)} fits {where}: {kind}"
    elif len(names) == 1 and len(targets) == 1:
        question = (f"{label_card(moves[0].card, unicode)} is free in "
                    f"{' and '.join(labels.label(m.src) for m in moves)}: from which pile?")
    elif len(sources) == 1 and len(targets) == len(moves):
        for m in moves:
            options[target_key(m)] = options.pop(f"{labels.label(m.src)} {target_key(m)}")
        question = f"from {labels.label(moves[0].src)}: " + ", ".join(
            f"{label_card(m.card, unicode)} to {describe_target(position, m.dst, labels, unicode)}" for m in moves)
        question += ": which?"
    else:
        question = "several moves fit: " + ", ".join(
            f"{k} = {label_card(m.card, unicode)} {labels.label(m.src)} -> {labels.label(m.dst)}"
            for k, m in options.items())
    return Choice(f"{question} [{'/'.join(options)}]", options)


def turn_move(position: Position, unicode: bool = True, onto: int | None = None) -> Move | Choice:
    """The stock turn (or row dealt), or a :class:`Refusal` saying what to do instead.
    With several waste piles the player chooses which one takes the card."""
    rules = position.rules
    stock = position.piles[rules.stock]
    turns = [m for m in position.legal_moves() if m.src == rules.stock and m.kind is not REDEAL]
    if onto is not None:
        turns = [m for m in turns if m.dst == onto]
    if len(turns) == 1:
        return turns[0]
    if turns:
        labels = PileLabels(rules)
        options = {labels.label(m.dst): m for m in turns}
        return Choice(f"turn {label_card(stock[-1], unicode)} onto which waste pile? [{'/'.join(options)}]",
                      options)
    if stock:
        raise Refusal(f"the stock cannot be dealt now"
                      f"{why_not_here(position, rules.stock, rules.waste, None, PileLabels(rules), unicode)}")
    if position.redeals_left != 0 and position.piles[rules.waste]:
        raise Refusal("the stock is empty: type 'redeal' to turn the waste over")
    raise Refusal("the stock is empty and no redeal is left")


def redeal_move(position: Position, onto: int | None = None) -> Move | Choice:
    """The redeal, or a :class:`Refusal`; a turn-up (Relaxed Clock) asks which pile's card
    unless ``onto`` names the pile."""
    rules = position.rules
    if rules.stock_spec.turn_up:
        offered = [m for m in position.legal_moves() if m.kind is MoveKind.TURN_UP]
        found = [m for m in offered if onto in (None, m.dst)]
        if offered and not found:
            raise Refusal(f"{PileLabels(rules).label(onto)} has no face-down card left")
        if len(found) == 1:
            return found[0]
        if found:
            labels = PileLabels(rules)
            options = {labels.label(m.dst): m for m in found}
            return Choice(f"turn up the next card of which pile? [{'/'.join(options)}]", options)
        if position.redeals_left == 0:
            raise Refusal("no turn-up is left")
        raise Refusal("no turn-up yet: a card can still be played" if position.legal_moves()
                      else "no pile has a face-down card left")
    if rules.stock_spec.deals_per_round and position.round_deals < rules.stock_spec.deals_per_round \
            and position.piles[rules.stock]:
        made = position.round_deals
        raise Refusal(f"no redeal yet: {made} of this round's {rules.stock_spec.deals_per_round} deals made")
    if rules.stock_spec.gather_to_stock and position.piles[rules.stock] and not rules.stock_spec.deals_per_round:
        left = len(position.piles[rules.stock])
        raise Refusal(f"no redeal yet: the stock still has {left} card{'s' if left != 1 else ''}")
    if rules.stock_spec.gather:
        found = [m for m in position.legal_moves() if m.kind is MoveKind.GATHER]
        if found:
            return found[0]
        raise Refusal("no redeal is left" if position.piles[rules.stock] or any(
            position.piles[p] for p in rules.stock_spec.gather) else "nothing to redeal: the layout is empty")
    if position.piles[rules.stock]:
        left = len(position.piles[rules.stock])
        raise Refusal(f"no redeal yet: the stock still has {left} card{'s' if left != 1 else ''}")
    if position.redeals_left == 0:
        raise Refusal("no redeal is left" if rules.redeals else "this game has no redeal")
    if not position.piles[rules.waste]:
        raise Refusal("nothing to redeal: the waste is empty")
    return next(m for m in position.legal_moves() if m.kind is REDEAL)


def move_words(labels: PileLabels, move: Move) -> str:
    """How a player would type ``move``: ``r11 f3``, ``t``, ``redeal``, ``7h l5``."""
    rules = labels.rules
    kind = move.kind
    if kind is MoveKind.CHOOSE or kind is FILL:  # a plugin's choice: answered by its number in the list
        return describe_move(rules, move)
    if kind is REDEAL:
        return "redeal"
    if kind is MoveKind.GATHER:
        return "redeal"
    if kind is MoveKind.TURN_UP:
        return f"redeal {labels.label(move.dst)}"
    if kind is TURN or kind is MoveKind.DEAL_ROW or kind is MoveKind.CLOSE_UP:
        return "t" if len(rules.waste_piles) == 1 or kind is not TURN else f"t {labels.label(move.dst)}"
    if kind is REMOVE:
        return labels.label(move.src) + (f" {labels.label(move.dst)}" if move.count >= 2 else "")
    if move.count > 1:  # a run is named by its base card
        return f"{cards.card_name(move.card).lower()} {labels.label(move.dst)}"
    return f"{labels.label(move.src)} {labels.label(move.dst)}"


def move_text(labels: PileLabels, move: Move, unicode: bool) -> str:
    """``7♥ r11 -> f3`` / ``turned 7♣`` / ``redeal`` for messages."""
    rules = labels.rules
    kind = move.kind
    if kind is MoveKind.CHOOSE or kind is FILL:
        return describe_move(rules, move, unicode)  # a plugin's choice, or a gap filled by choice
    if kind is REDEAL:
        return "redeal: the waste turned over to the stock"
    if kind is MoveKind.DEAL_ROW and rules.stock_spec.deal_onto_last:   # one card, onto the pile it names
        return f"dealt a card onto {labels.label(move.dst)}"
    if kind is MoveKind.DEAL_ROW:
        return f"dealt a row of {move.count}"
    if kind is MoveKind.CLOSE_UP:
        return f"closed up the gaps, dealt {move.count}"
    if kind is MoveKind.GATHER:
        return f"redeal: {move.count} card{'s' if move.count != 1 else ''} gathered and dealt out again"
    if kind is MoveKind.TURN_UP:
        return f"turned up the next card of {labels.label(move.dst)}"
    arrow = "\u2192" if unicode else "->"
    if kind is MoveKind.SWAP:
        swap = "\u2194" if unicode else "<->"
        return f"swapped {label_card(move.card, unicode)} {labels.label(move.src)} {swap} {labels.label(move.dst)}"
    if kind is REMOVE:
        pair = (f" + {labels.label(move.dst)}" if move.count == 2 else
                f" .. {labels.label(move.dst)} ({move.count} cards)" if move.count > 2 else "")
        return f"removed {label_card(move.card, unicode)} {labels.label(move.src)}{pair}"
    if kind is TURN:
        more = f" (+{move.count - 1})" if move.count > 1 else ""
        onto = f" {arrow} {labels.label(move.dst)}" if len(rules.waste_piles) > 1 else ""
        return f"turned {label_card(move.card, unicode)}{more}{onto}"
    run = f" (+{move.count - 1})" if move.count > 1 else ""
    return f"{label_card(move.card, unicode)}{run} {labels.label(move.src)} {arrow} {labels.label(move.dst)}"


# What ``?`` shows, and the commands table of docs/play.md (generated from this list).
HELP: list[tuple[str, str]] = [
    ("7h  10♥  th", "play that card (a free one) to the foundation it fits"),
    ("l2  r11  w", "play the free card of that pile: the labels on the board; full ids like right:11 work too"),
    ("7h 3  r11 f3", "... to foundation 3; when a card fits two foundations and you give none, you are asked"),
    ("t3 t5  7h t5  w c1", "where cards move between piles: from a pile (its top card) or a card (with the "
                          "run on it) onto another pile, a free cell or a foundation"),
    ("t  turn  (Enter)", "turn the next stock card onto the waste (t w2: onto waste pile 2, where you choose)"),
    ("redeal", "turn the waste over to form a new stock (when the variant allows a redeal)"),
    ("u  undo [N|all]", "take back the last move, or N of them; undo is unlimited"),
    ("redo [N|all]", "play again what undo took back"),
    ("h  hint", "the best move the project knows, with its reason (it never looks at the stock)"),
    ("a  auto", "play the safe moves now (moves that can never spoil a winnable game)"),
    ("auto on|safe|off", "after each move play every card that fits / only safe moves / nothing"),
    ("m  moves", "list the moves worth making now: to the foundations, then between piles"),
    ("b  board", "show the board again"),
    ("save [FILE]", "save the game (atomically); continue later with: patience play --resume FILE"),
    ("new", "deal a new game (this one counts as abandoned unless it is saved)"),
    ("?  help", "this list"),
    ("q  quit", "leave (asks first when the game has unsaved moves)"),
]
