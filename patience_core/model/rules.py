"""Compile a concrete variant definition into rule tables.

A :class:`Rules` object is built once per variant and parameter set. It holds the
frozen specs of every pile and foundation (:mod:`.specs`) and, derived from them in
:meth:`Rules._derive_tables` alone, the flat per-pile arrays the hot paths read.
Positions (:mod:`.position`) only look things up in it; :meth:`Rules.new_position`
deals the first one.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Callable

from patience_core.errors import VariantError
from patience_core.model import cards
from patience_core.model.specs import (UNLIMITED, BuildRule, Condition, FoundationSpec, NeighbourRule, PileSpec,
                                       RemoveRule, RunChoice, StockSpec)
from patience_core.variants.loader import VariantSource, parameter_text, suggest

ACCESS_NONE, ACCESS_TOP, ACCESS_ALL = 0, 1, 2
_ACCESS = {"none": ACCESS_NONE, "top": ACCESS_TOP, "all": ACCESS_ALL, "last": ACCESS_TOP}   # last: its lone last card
PILE_DEFAULTS = {"kind": "reserve", "cards": 0, "access": "top", "fill": "never"}
FOUNDATION_DEFAULTS = {"step": 1, "wrap": False, "suits": "fixed", "start": "found"}
LAYOUT_KINDS = ("tableau", "reserve", "cell")
NEIGHBOURS = "neighbours"   # empty_from: the places next to a gap in its grid


@dataclass(frozen=True)
class FillRule:
    """How a gap in a pile is filled (what ``patience_filler`` returns per pile).

    ``sources``: pile names tried in order (``("waste", "stock")``); empty: never filled.
    ``chosen_by``: ``"first"`` fills at once from the first source that has a card;
    ``"player"`` makes the player choose among the sources that have a card (a move
    from that source to the gap, the only legal moves until it is made); when only
    one source has a card it fills the gap at once.
    """

    sources: tuple[str, ...] = ()
    chosen_by: str = "first"

    def __post_init__(self) -> None:
        if self.chosen_by not in ("first", "player"):
            raise VariantError(f"FillRule chosen_by={self.chosen_by!r}; expected 'first' or 'player'")
        object.__setattr__(self, "sources", tuple(self.sources))


def _per_pile(value: Any, count: int) -> list[int]:
    """``cards: 3`` or ``cards: [1, 2, 3]`` -> one number per pile."""
    if isinstance(value, list):
        return [int(v) for v in value]
    return [int(value)] * count


def _names(pile_set: str | list[str]) -> list[str]:
    """A pile set as written (one name, or a list of them) as a list of names."""
    return [pile_set] if isinstance(pile_set, str) else list(pile_set)


def _ranks_words(ranks: tuple[int, ...]) -> str:
    """``2 to K`` for a run of consecutive ranks, else each rank (``A 6 7 8 9 10 J Q K``)."""
    if all(b == a + 1 for a, b in zip(ranks, ranks[1:])) and len(ranks) > 2:
        return f"{cards.RANKS[ranks[0]]} to {cards.RANKS[ranks[-1]]}"
    return " ".join(cards.RANKS[r] for r in ranks)


def _count_words(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _and_list(words: list[str], joint: str = "and") -> str:
    """``J, Q and K``; one word alone as it is."""
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} {joint} {words[-1]}"


_NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def _or_list(words: list[str]) -> str:
    return _and_list(words, "or")


def _build_rule(raw: Any, pack_ranks: tuple[int, ...] = tuple(range(13))) -> BuildRule | RunChoice | None:
    """A build rule as written (``or:`` a second one, either will do); a list (``run:`` only,
    the schema says so): a run by one of them all the way."""
    if raw in (None, "none"):
        return None
    if isinstance(raw, list):
        return RunChoice(tuple(_build_rule(part, pack_ranks) for part in raw))
    suit, step = raw.get("suit", "any"), raw.get("step", 1)
    cycle = tuple(cards.SUITS.index(str(s).upper()) for s in suit) if isinstance(suit, list) else ()
    steps = tuple(int(step[s]) for s in cards.SUITS) if isinstance(step, dict) else None
    return BuildRule(rank="total" if "total" in raw else raw.get("rank", "down"),
                     suit="cycle" if cycle else suit, cycle=cycle, total=int(raw.get("total", 0)),
                     step=1 if steps else int(step), suit_steps=steps, wrap=bool(raw.get("wrap", False)),
                     keep_direction=bool(raw.get("keep_direction", False)),
                     nothing_on=_rank_list(_ranks_only(raw.get("nothing_on"))),
                     nothing_on_suits=_suits_in(raw.get("nothing_on")), never_put=_rank_list(raw.get("never_put")),
                     order=pack_ranks if raw.get("order") == "pack" else None,
                     alternative=_build_rule(raw.get("or"), pack_ranks))


def _is_suit(item: Any) -> bool:
    return isinstance(item, str) and item.upper() in cards.SUITS


def _ranks_only(raw: Any) -> Any:
    """A list of ranks and suits (``nothing_on: [K, D]``) without its suits."""
    items = raw if isinstance(raw, list) else [] if raw is None else [raw]
    ranks = [item for item in items if not _is_suit(item)]
    return ranks or None


def _suits_in(raw: Any) -> tuple[int, ...]:
    """The suits of a list of ranks and suits, as suit indices (C D H S)."""
    items = raw if isinstance(raw, list) else [] if raw is None else [raw]
    return tuple(sorted({cards.SUITS.index(item.upper()) for item in items if _is_suit(item)}))


def _rank_list(raw: Any) -> tuple[int, ...]:
    """A rank or a list of ranks as rank indices (none: ``()``)."""
    if raw is None:
        return ()
    return tuple(sorted({cards.parse_rank(r) for r in (raw if isinstance(raw, list) else [raw])}))


def _spoken(names: list[str]) -> list[str]:
    """The names of a pile set as a player reads them: ``self`` is the pile whose rule it is,
    ``GROUP:same`` the pile of that group with its number, ``GROUP:share`` its share of that group,
    ``GROUP:previous`` the pile of that group numbered one less."""
    return ["the pile" if n == "self" else "the foundation of the same number" if n == "foundations:same"
            else f"the {n[:-len(':same')]} pile of the same number" if n.endswith(":same")
            else f"its share of {n[:-len(':share')]}" if n.endswith(":share")
            else f"the {n[:-len(':previous')]} pile before it" if n.endswith(":previous") else n for n in names]


def _negated_words(part: Condition) -> str:
    """``not:`` in words: "some pile of tableau holds a card" for not every one empty."""
    if part.kind == "empty" and len(part.piles) > 1 and part.words.startswith("every pile of "):
        return "some pile of " + part.words[len("every pile of "):].replace(" is empty", " holds a card")
    if part.kind == "one_card" and len(part.piles) == 1 and " holds exactly " in part.words:
        return part.words.replace(" holds exactly ", " does not hold exactly ")
    if part.kind == "sorted" and part.words.startswith("the pile is empty or one run "):
        return "the pile is not one run " + part.words[len("the pile is empty or one run "):]
    return f"it is not so that {part.words}"


class Rules:
    """The compiled rule tables of one variant with one set of parameter values.

    Pile numbers: the pile groups in definition order (each ``count`` piles), then
    the stock, the waste piles, then the foundation piles group by group.
    """

    def __init__(self, source: VariantSource, values: dict[str, Any], definition: dict[str, Any]):
        self.source = source
        self.name = source.name
        self.title = definition.get("title", source.name)
        self.description = definition.get("description", "")
        self.params = dict(values)
        self.definition = definition
        self.decks = int(definition.get("decks", 2))
        self.autoplay = bool(definition.get("autoplay", False))
        self._compile_pack(definition)

        self.pile_names: list[str] = []
        self.pile_group: list[str] = []
        self.pile_kind: list[str] = []
        self.groups: dict[str, list[int]] = {}
        self.group_specs: dict[str, dict[str, Any]] = {}
        raw_piles: list[tuple[str, dict[str, Any], int]] = []   # (group, spec, index in group)
        for group, raw in (definition.get("piles") or {}).items():
            spec = {**PILE_DEFAULTS, **raw}
            self.group_specs[group] = spec
            self.groups[group] = [self._add_pile(f"{group}:{n}", group, spec["kind"])
                                  for n in range(1, int(spec.get("count", 1)) + 1)]
            raw_piles += [(group, spec, i) for i in range(len(self.groups[group]))]
        self.stock = self._add_pile("stock", "stock", "stock")
        waste_spec = definition.get("waste") or {}
        self.waste_spec = waste_spec
        n_waste = int(waste_spec.get("count", 1))
        # The most cards a waste pile holds (Colorado: one; the stock waits for room).
        self.waste_max = int(waste_spec["max"]) if waste_spec.get("max") is not None else None
        self.waste_piles = [self._add_pile("waste" if n_waste == 1 else f"waste:{n}", "waste", "waste")
                            for n in range(1, n_waste + 1)]
        self.waste = self.waste_piles[0]
        self.groups["stock"], self.groups["waste"] = [self.stock], list(self.waste_piles)

        self.foundations: list[int] = []
        self.foundation_specs: dict[str, dict[str, Any]] = {}
        self.f_spec: dict[int, FoundationSpec] = {}
        self._compile_foundations(definition)
        self.n_piles = len(self.pile_names)

        self.piles: list[PileSpec | None] = [None] * self.n_piles
        for (group, spec, i), p in zip(raw_piles, [p for g in self.group_specs for p in self.groups[g]]):
            self._here = (p, i, len(self.groups[group]))   # the pile a condition's self / GROUP:same names
            self.piles[p] = self._compile_pile(p, group, spec, i)
        self._here = None
        self._compile_split()
        self.stock_spec = self._compile_stock(definition)
        self.redeals = self.stock_spec.redeals   # UNLIMITED (infinity): no limit
        self.draw = self.stock_spec.draw

        self._compile_waste_fill()
        self._check_stock_turns()
        self._check_fill_chains()
        self._compile_removal(definition)
        self._compile_opening_card(definition)
        self.win = self._condition(("win",), definition["win"]) if definition.get("win") else None
        self._check_foundation_fit()
        self._compile_setout()
        self._compile_deal(definition)
        self._check_capacity()
        self._check_combinations()
        self._derive_tables()

        # What plugins change: one record, resolved once per variant (plugins/hooks.py).
        from patience_core.plugins.record import PluginRecord

        self.yaml_setout = list(self.setout)
        self.yaml_fill = list(self.fill)
        self.yaml_fill_fullest = list(self.fill_fullest)
        self.install(PluginRecord(fill_by_player=(False,) * self.n_piles))

    def install(self, record) -> None:
        """Use the plugins' resolved record (``None`` everywhere: the built-in behaviour)."""
        from patience_core.model.position import FamilyPosition, HookedPosition

        self.plugin = record
        self.fill = list(record.fill) if record.fill is not None else list(self.yaml_fill)
        # fill_from: fullest holds where the sources are still the YAML's (a plugin's own are tried in its order)
        self.fill_fullest = [fullest if tuple(mine) == tuple(yaml) else None
                             for fullest, mine, yaml in zip(self.yaml_fill_fullest, self.fill, self.yaml_fill)]
        # Plugins that change the move rules need HookedPosition; the family's games take
        # FamilyPosition's short path; ``None``: the general Position.
        self._position_class = (HookedPosition if record.changes_moves
                                else FamilyPosition if self.foundation_only else None)

    # Views of the plugin record, for the engine's hot paths and for readers.
    @property
    def deal_hook(self) -> Callable | None:
        return self.plugin.dealer

    @property
    def opening(self) -> Any:
        return self.plugin.opening

    @property
    def move_check(self) -> Callable | None:
        return self.plugin.move_check

    @property
    def outcome(self) -> Callable | None:
        return self.plugin.outcome

    @property
    def fill_by_player(self) -> tuple[bool, ...]:
        return self.plugin.fill_by_player

    @property
    def plugins(self) -> dict[str, str]:
        """hook -> plugin that decided it for this variant."""
        return dict(self.plugin.decided_by)

    @property
    def plain_moves(self) -> bool:
        """Legal moves are exactly the tables' (fast paths may read ``takers``)."""
        return not self.plugin.changes_moves

    @property
    def position_class(self) -> type | None:
        """The class of this variant's positions (decided in :meth:`install`)."""
        return self._position_class

    @property
    def stock_cards(self) -> int:
        """The cards the deal leaves in the stock (none when a split group takes the rest)."""
        return 0 if self.split_deals_rest or self.suit_dealt else self.n_dealt - len(self.deal_targets)

    # -- the pack -------------------------------------------------------------------
    def _compile_pack(self, definition: dict[str, Any]) -> None:
        """``decks`` x 52 cards; the same number of cards in fewer suits (Spider's ``suits``);
        or a stripped pack (``pack: {ranks, suits}``: each deck holds only those cards)."""
        suits = definition.get("suits")
        stripped = definition.get("pack") or {}
        if suits is not None and stripped.get("suits") is not None:
            raise self._fail(("pack", "suits"), "the pack's suits are given twice (suits and pack.suits); "
                             "expected one: suits keeps the pack's size, pack.suits strips it")
        if stripped:
            self._compile_stripped_pack(stripped)
            return
        self.pack_ranks = tuple(range(13))
        self.n_cards = self.decks * cards.CARDS_PER_DECK
        if suits is None:
            self.pack_suits = tuple(range(4))
        else:
            self.pack_suits = self._suit_list(("suits",), suits)
            if 4 % len(self.pack_suits):
                raise self._fail(("suits",), f"{len(self.pack_suits)} suits cannot share a pack of "
                                 f"{self.n_cards} cards evenly; expected 1, 2 or 4 suits "
                                 "(pack: {suits: [...]} strips the pack instead)")
        per_code = self.n_cards // (13 * len(self.pack_suits))
        self.copies = [per_code if c // 13 in self.pack_suits else 0 for c in range(cards.CARDS_PER_DECK)]
        self.pack = [c for _ in range(per_code) for s in self.pack_suits for c in range(s * 13, s * 13 + 13)]
        if len(self.pack_suits) == 4:
            self.pack = cards.full_pack(self.decks)

    def _suit_list(self, path: tuple, suits: list) -> tuple[int, ...]:
        letters = [str(s).upper() for s in suits]
        for i, letter in enumerate(letters):
            if letter not in cards.SUITS:
                raise self._fail(path + (i,), f"not a suit: {suits[i]!r}; expected one of C D H S")
        return tuple(cards.SUITS.index(s) for s in letters)

    def _compile_stripped_pack(self, stripped: dict[str, Any]) -> None:
        """Each deck holds only the listed ranks of the listed suits (PySolFC's ``ranks=`` and
        ``suits=``: Piquet packs of 32 cards, three-suit packs); ranks keep their values, so a 7
        still goes on an 8 and nothing goes on a 7 where the 6s are gone."""
        ranks = stripped.get("ranks")
        if ranks is None:
            self.pack_ranks = tuple(range(13))
        else:
            try:
                values = [cards.parse_rank(r) for r in ranks]
            except cards.CardError as error:
                raise self._fail(("pack", "ranks"), str(error)) from None
            if len(set(values)) != len(values):
                raise self._fail(("pack", "ranks"), "a rank is listed twice; expected each rank once")
            self.pack_ranks = tuple(sorted(values))
        given = stripped.get("suits")
        self.pack_suits = tuple(range(4)) if given is None else tuple(sorted(self._suit_list(("pack", "suits"), given)))
        if len(self.pack_ranks) == 13 and len(self.pack_suits) == 4:
            raise self._fail(("pack",), "the pack is not stripped; expected fewer ranks or suits than a "
                             "whole deck (or no pack field)")
        self.copies = [self.decks if c // 13 in self.pack_suits and c % 13 in self.pack_ranks else 0
                       for c in range(cards.CARDS_PER_DECK)]
        self.pack = [c for _ in range(self.decks) for c in range(cards.CARDS_PER_DECK) if self.copies[c]]
        self.n_cards = len(self.pack)

    # -- construction helpers -------------------------------------------------
    def _fail(self, path: tuple, message: str) -> VariantError:
        """An error about the definition's field at ``path``, pointing at its line."""
        return self.source.error(path, message, self.params)

    def _build(self, path: tuple, raw: Any) -> BuildRule | RunChoice | None:
        """The build rule at ``path``, its combinations checked (a rank total is a rank
        relation of its own; a suit cycle names each suit once)."""
        if isinstance(raw, dict):
            if "total" in raw:
                clash = next((k for k in ("rank", "step", "wrap") if k in raw), None)
                if clash is not None:
                    raise self._fail(path + (clash,), f"total: {raw['total']} is the rule's rank relation (the two "
                                     "ranks add up to it); expected no rank, step or wrap with it")
            if raw.get("rank") in ("lower", "higher"):
                clash = next((k for k in ("step", "wrap", "keep_direction") if k in raw), None)
                if clash is not None:
                    raise self._fail(path + (clash,), f"rank: {raw['rank']} takes any {raw['rank']} rank, Ace "
                                     f"low, so no step or wrap; expected no {clash} with it")
            if isinstance(raw.get("suit"), list) and len({str(s).upper() for s in raw["suit"]}) < len(raw["suit"]):
                raise self._fail(path + ("suit",), "a cycle of suits names each suit once; expected distinct suits")
            if raw.get("order") == "pack" and raw.get("rank", "down") in ("any", "same") or \
                    raw.get("order") == "pack" and "total" in raw:
                raise self._fail(path + ("order",), "says how up and down count ranks, and the rule has no "
                                 "such relation; expected rank: up, down or either with it")
            if "or" in raw:
                self._build(path + ("or",), raw["or"])
        elif isinstance(raw, list):
            for i, part in enumerate(raw):
                self._build(path + (i,), part)
        return _build_rule(raw, self.pack_ranks)

    def _add_pile(self, name: str, group: str, kind: str) -> int:
        self.pile_names.append(name)
        self.pile_group.append(group)
        self.pile_kind.append(kind)
        return len(self.pile_names) - 1

    def _fill_sources(self, group: str, fill: Any) -> tuple[int, ...]:
        """The piles a gap of ``group``'s pile being compiled is filled from, in order: a source
        ``GROUP:same`` is GROUP's pile of the same number (Twilight Zone; Well's rows, each over
        its reserve)."""
        if isinstance(fill, dict):   # {from: [sources], when: CONDITION}
            fill = fill["from"]
        if fill in ("never", None):
            return ()
        resolved: list[int] = []
        known = ["waste", "stock", "stock-turn", "next-run"] + [g for g, s in self.group_specs.items() if g != group]
        for i, name in enumerate(fill):
            if name == "next-run":   # the next pile of the group: Rules.fill_next
                if len(fill) > 1:
                    raise self._fail(("piles", group, "fill", i), "next-run fills a gap from the next pile of "
                                     "the group alone; expected fill: [next-run] with no other source")
                continue
            if name == "waste":
                resolved += self.waste_piles
            elif name == "stock":
                resolved.append(self.stock)
            elif name == "stock-turn":   # checked with the stock (_check_stock_turns)
                resolved.append(self.stock)
            elif name in self.group_specs and name != group:
                resolved += self.groups[name]
            elif name.endswith(":same") and name[:-len(":same")] in self.group_specs and name[:-5] != group:
                # the pile of another group with the gap's own number (Twilight Zone's column n from reserve n)
                resolved += self._paired_pile(("piles", group, "fill", i), name)
            else:
                others = [g for g in known if g not in ("waste", "stock", "stock-turn", "next-run")]
                raise self._fail(("piles", group, "fill", i), f"unknown source {name!r}"
                                 f"{suggest(name, known)}; expected waste, stock, stock-turn or next-run"
                                 + (f", or another pile group ({', '.join(others)}), or GROUP:same" if others else ""))
        return tuple(resolved)

    def _first_pass_from(self, group: str, spec: dict[str, Any], definition: dict[str, Any]) -> frozenset[int] | None:
        """``first_pass_from``: until the first redeal, the only piles the group takes cards from
        (PySolFC's StHelena_FoundationStack in round 1)."""
        raw = spec.get("first_pass_from")
        if raw is None:
            return None
        redeals = (definition.get("stock") or {}).get("redeals", 0)
        if redeals in (0, "unlimited"):
            raise self._fail(("foundations", group, "first_pass_from"), "says where cards come from until the "
                             f"first redeal, and the game has {'no' if redeals == 0 else 'unlimited'} redeals; "
                             "expected stock.redeals: 1 or more")
        return frozenset(self._pile_set(("foundations", group, "first_pass_from"), _names(raw)))

    def _check_fill_chains(self) -> None:
        """A gap's fill source that fills too is filled in the same move, one step deep: that
        source fills one card at once, from piles that do not fill in their turn."""
        layout = {p for p, spec in enumerate(self.piles) if spec is not None}
        for p in sorted(layout):
            for q in self.piles[p].fill:
                if q not in layout or not self.piles[q].fill:
                    continue
                source = self.piles[q]
                path = ("piles", source.group, "fill")
                if source.fill_when is not None or source.fill_cards > 1 or source.fill_turns_stock \
                        or source.fill_fullest:
                    raise self._fail(path, f"{source.group} fills the gaps of {self.piles[p].group} and is "
                                     "filled in the same move, one card at once; expected fill: [sources] "
                                     "without when, cards, stock-turn or fill_from")
                if any(r in layout and self.piles[r].fill for r in source.fill):
                    raise self._fail(path, f"{source.group} fills the gaps of {self.piles[p].group} and takes "
                                     "its own fill from a pile that fills in turn; expected one step: "
                                     "sources that do not fill (waste, stock, or a group without fill)")

    def _check_stock_turns(self) -> None:
        """``stock-turn`` turns one draw onto the empty waste and fills the gap with its top card
        (PySolFC's Whitehorse.fillStack): it needs one waste pile tried before it, so that the
        waste is empty when it runs, and one draw for every pass."""
        for group, spec in self.group_specs.items():
            fill = spec.get("fill")
            fill = fill.get("from") if isinstance(fill, dict) else fill
            if isinstance(fill, list) and "stock-turn" in fill:
                self._check_stock_turn(group, fill, fill.index("stock-turn"))

    def _check_stock_turn(self, group: str, fill: list[str], i: int) -> None:
        path = ("piles", group, "fill", i)
        spec = self.stock_spec
        if spec.deal_to or spec.to_foundation is not None or spec.close_up or spec.only_fills or spec.gather \
                or len(self.waste_piles) != 1:
            raise self._fail(path, "stock-turn turns the stock onto the waste; expected a stock turned onto "
                             "one waste pile")
        if "waste" not in fill[:i]:
            raise self._fail(path, "stock-turn turns the stock onto an empty waste; expected waste listed "
                             "before it (fill: [waste, stock-turn])")
        if spec.draw_by_pass:
            raise self._fail(path, "stock-turn turns one draw; expected one draw for every pass, not a list")

    def _fill_fullest(self, group: str, spec: dict[str, Any]) -> tuple[tuple[int, ...], ...]:
        """``fill_from: fullest``: the fill sources by named group; a gap takes from the first
        group holding a card its pile with the most cards, the first on a tie (PySolFC's
        Gate.fillStack). Empty for ``fill_from: first``, the sources' own order."""
        if spec.get("fill_from", "first") == "first":
            return ()
        if spec["fill"] in ("never", None):
            raise self._fail(("piles", group, "fill_from"), "fill_from says which pile of a fill source "
                             "fills a gap, and the group's gaps are never filled; expected fill: [sources]")
        listed = spec["fill"]["from"] if isinstance(spec["fill"], dict) else spec["fill"]
        groups = tuple(tuple(self._fill_sources(group, [name])) for name in listed)
        if all(len(g) == 1 for g in groups):
            raise self._fail(("piles", group, "fill_from"), "fullest chooses among the piles of one source "
                             "group, and every source here is one pile; expected a pile group of several "
                             "piles in fill, or no fill_from")
        return groups

    def _faces(self, group: str, spec: dict[str, Any], dealt: int, i: int) -> tuple[tuple[bool, ...] | None, int]:
        """``faces``: each dealt card's face, deepest first (face-up cards between face-down
        ones); returns the pattern (``True``: face down) and the count of cards up to the top
        face-down one, which is what blocks the pile's moves (``Position.down``)."""
        path = ("piles", group, "faces")
        if "face_up" in spec or "face_down" in spec:
            raise self._fail(path, "give faces, or face_up / face_down, not both")
        faces = spec["faces"]
        most = max(_per_pile(spec.get("cards", 0), len(self.groups[group])))
        if len(faces) != most:
            raise self._fail(path, f"lists {len(faces)} faces; expected one per card dealt to the group's "
                             f"fullest pile ({most}), deepest first")
        pattern = tuple(face == "down" for face in faces[:dealt])
        if pattern and pattern[-1]:
            raise self._fail(path, f"pile {i + 1}'s top card ({dealt}) would be face down; "
                             "expected its top card face up")
        down = max((n + 1 for n, face_down in enumerate(pattern) if face_down), default=0)
        return (pattern if any(pattern) else None), down

    def _compile_pile(self, p: int, group: str, spec: dict[str, Any], i: int) -> PileSpec:
        count = len(self.groups[group])
        kind = spec["kind"]
        for key in ("cards", "face_down", "face_up"):
            value = spec.get(key)
            if isinstance(value, list) and len(value) != count:
                raise self._fail(("piles", group, key), f"lists {len(value)} numbers for {count} piles; "
                                 f"expected one per pile, or a single number")
        dealt = _per_pile(spec.get("cards", 0), count)[i]
        if "face_up" in spec and "face_down" in spec:
            raise self._fail(("piles", group, "face_up"), "give face_up or face_down, not both")
        faces = None
        if "faces" in spec:
            faces, down = self._faces(group, spec, dealt, i)
        elif "face_up" in spec:
            down = max(0, dealt - _per_pile(spec["face_up"], count)[i])
        else:
            down = _per_pile(spec.get("face_down", 0), count)[i]
        covered_by = self._covered_by(group, spec, i)
        layered = spec.get("shape") is not None or bool(spec.get("covered_by"))
        feeder = spec.get("access") in ("none", "last")   # nothing leaves it but the cards fills take (Interment)
        turns_up = spec.get("on_take") == "turn-up"   # its cards turn up when it takes one (Clock)
        only_rank = self._pile_rank(group, spec, count, i)
        if turns_up and only_rank is None:
            raise self._fail(("piles", group, "on_take"), "turn-up goes on turning cards up while they are of "
                             "the pile's own rank, and the pile has none; expected rank: on the group")
        locked = spec.get("free_when") is not None   # face down while its free_when: state does not hold
        turn_when = self._turn_when(group, spec, dealt, down, feeder or turns_up or locked or layered)
        # layered: face down while covered
        if down > dealt or (down and down == dealt and not layered and not feeder and not turns_up and not locked
                            and turn_when is None):
            what = "face_down" if "face_down" in spec else "face_up"
            raise self._fail(("piles", group, what), f"pile {i + 1} gets {dealt} card{'s' if dealt != 1 else ''} "
                             f"and {down} face down; expected at least its top card face up (or access: none "
                             "for a face-down pile that only fills gaps, on_take: turn-up, free_when: a "
                             "state it waits for, or turn_when: the state its top card turns up in)")
        if spec.get("access") == "last" and (down != dealt or spec.get("build") is not None
                                             or spec.get("empty", "none") != "none" or kind != "reserve"):
            raise self._fail(("piles", group, "access"), "last: a reserve dealt face down whose lone last card is "
                             "turned up; expected kind: reserve, face_up: 0 and no build or empty")
        build = self._build(("piles", group, "build"), spec.get("build"))
        build_when = (self._condition(("piles", group, "build", "when"), spec["build"]["when"])
                      if isinstance(spec.get("build"), dict) and "when" in spec["build"] else None)
        second = spec["build"].get("or") if isinstance(spec.get("build"), dict) else None
        build_or_when = (self._condition(("piles", group, "build", "or", "when"), second["when"])
                         if isinstance(second, dict) and "when" in second else None)
        empty = spec.get("empty", "any" if build is not None or kind == "cell" else "none")
        empty_when, empty_otherwise = None, None
        beside: tuple[tuple[int, NeighbourRule], ...] = ()
        below_base_of = None
        if isinstance(empty, dict) and "below_base_of" in empty:   # Appreciate: one group's base
            below_base_of = self._below_base_of(group, empty["below_base_of"])
            empty = "below-base"
        elif isinstance(empty, dict) and "rank" not in empty:
            empty, beside = self._beside(group, spec, i)
        elif isinstance(empty, dict):
            empty_when = self._condition(("piles", group, "empty", "when"), empty["when"])
            if empty.get("otherwise") is not None:   # what the gap takes until then (The Plot: the base)
                other = empty["otherwise"]
                empty_otherwise = (other if other in ("any", "none", "base", "below-base")
                                   else self._rank(("piles", group, "empty", "otherwise"), other))
            empty = empty["rank"]
        if self._lies_over(spec, i):   # nothing is laid over a card again (PySolFC's Interlock rows)
            empty, empty_when, beside = "none", None, ()
        if isinstance(empty, list):
            try:
                empty = tuple(cards.parse_rank(r) for r in empty)
            except cards.CardError as exc:
                raise self._fail(("piles", group, "empty"), str(exc)) from None
        elif empty not in ("any", "none", "below-base", "base", "set"):
            try:
                empty = cards.parse_rank(empty)
            except cards.CardError as exc:
                raise self._fail(("piles", group, "empty"), f"{exc}; or any, none, below-base, set") from None
        dealt_base = next((w for w in (empty, empty_otherwise) if w in ("below-base", "base")), None)
        if dealt_base is not None and not any(f.base_from_deal or f.base_set_by is not None
                                              for f in self.f_spec.values()):
            what = "the rank one below a base" if dealt_base == "below-base" else "the rank of a base"
            raise self._fail(("piles", group, "empty"), f"{dealt_base} takes {what} the deal "
                             "chooses, and no foundation group has one; expected base: deal on a foundation "
                             "group, or a rank here")
        moves = spec.get("moves", "card")
        if build is not None and build.keep_direction and build.alternative is not None:
            raise self._fail(("piles", group, "build", "or"), "a pile that keeps the way its first two cards "
                             "went builds by one rule; expected no or: with keep_direction")
        if build is not None and build.keep_direction and (build.rank != "either" or moves != "card"):
            raise self._fail(("piles", group, "build", "keep_direction"), "a pile keeps the way its first two "
                             "cards went only when it builds up or down one card at a time; expected "
                             "rank: either and moves: card")
        if isinstance(spec.get("run"), dict) and spec["run"].get("keep_direction"):
            raise self._fail(("piles", group, "run", "keep_direction"), "a run has no first two cards of its own; "
                             "expected keep_direction on build")
        run_rule = self._build(("piles", group, "run"), spec.get("run")) or (build if moves in ("run", "card-or-pile") else None)
        if build_or_when is not None and moves in ("run", "card-or-pile") and "run" not in spec:
            raise self._fail(("piles", group, "build", "or", "when"), "a second rule waiting for a state "
                             "says what the pile takes, not what its runs are; expected moves: card, or a "
                             "run: rule of its own")
        if moves in ("run", "card-or-pile") and run_rule is None:
            raise self._fail(("piles", group, "moves"), "run moves need a build rule (build:) or a run rule "
                             "(run:) to say what a run is; expected moves: card, or a build rule")
        if spec.get("limit") and moves not in ("run",):
            raise self._fail(("piles", group, "limit"), f"{spec['limit']} limits run moves; expected moves: run")
        to_bottom = None
        if spec.get("to_bottom") is not None:
            try:
                to_bottom = cards.parse_rank(spec["to_bottom"])
            except cards.CardError as exc:
                raise self._fail(("piles", group, "to_bottom"), str(exc)) from None
        bottom = None
        if spec.get("bottom") is not None:
            if build is None:
                raise self._fail(("piles", group, "bottom"), "bottom: says when the pile builds, and it has no "
                                 "build rule; expected a build: rule, or no bottom:")
            try:
                bottom = cards.parse_rank(spec["bottom"])
            except cards.CardError as exc:
                raise self._fail(("piles", group, "bottom"), str(exc)) from None
        if spec.get("swap") in ("card", "pile") and bottom is None:
            raise self._fail(("piles", group, "swap"), "places trade cards that are of each other's bottom "
                             "rank, and this group has none; expected bottom: RANK with swap:")
        if spec.get("swap") == "colour" and spec.get("colour") is None:
            raise self._fail(("piles", group, "swap"), "places trade cards of each other's colour, and this "
                             "group takes no one colour; expected colour: red or black with swap: colour")
        if spec.get("partial", "any") != "any" and spec["access"] != "top":
            raise self._fail(("piles", group, "partial"), "partial limits moves off the top of a pile; "
                             "expected access: top")
        max_cards = spec.get("max", 1 if kind == "cell" else None)
        if max_cards is not None and dealt > max_cards:
            what = "max" if "max" in spec else "cards"
            raise self._fail(("piles", group, what), f"pile {i + 1} is dealt {dealt} cards but holds at most "
                             f"{max_cards}{' (a free cell holds one)' if kind == 'cell' and 'max' not in spec else ''}")
        fill_when, fill_cards, fill_replaces = None, 1, False
        listed = spec["fill"]["from"] if isinstance(spec["fill"], dict) else spec["fill"]
        fill_turns_stock = isinstance(listed, list) and "stock-turn" in listed
        if isinstance(spec["fill"], dict):
            if "when" in spec["fill"]:
                fill_when = self._condition(("piles", group, "fill", "when"), spec["fill"]["when"])
            fill_cards = int(spec["fill"].get("cards", 1))
            fill_replaces = bool(spec["fill"].get("replace", False))
            if "next-run" in listed:
                raise self._fail(("piles", group, "fill"), "next-run moves a run into a gap at once; expected "
                                 "fill: [next-run], not the long form")
            if fill_replaces and (fill_cards > 1 or fill_when is not None or fill_turns_stock):
                raise self._fail(("piles", group, "fill", "replace"), "a card that leaves the pile is replaced "
                                 "by one card at once; expected no cards, when or stock-turn with replace")
            if fill_cards > 1 and fill_when is not None:
                raise self._fail(("piles", group, "fill", "cards"), "a gap waiting for a state takes one card "
                                 "when it holds; expected cards or when, not both")
            if fill_turns_stock and (fill_cards > 1 or fill_when is not None):
                raise self._fail(("piles", group, "fill"), "stock-turn fills a gap with one card at once; "
                                 "expected fill: [waste, stock-turn] without cards or when")
            if fill_cards > 1 and max_cards is not None and fill_cards > max_cards:
                raise self._fail(("piles", group, "fill", "cards"), f"a gap takes {fill_cards} cards, and the "
                                 f"pile holds at most {max_cards}; expected cards: {max_cards} or fewer")
        return PileSpec(number=p, name=self.pile_names[p], group=group, kind=kind,
                        access=spec["access"], build=build, empty=empty, moves=moves, run_rule=run_rule,
                        limit=spec.get("limit"), partial=spec.get("partial", "any"), max_cards=max_cards,
                        fill=self._fill_sources(group, spec["fill"]), fill_fullest=self._fill_fullest(group, spec),
                        fill_when=fill_when, fill_cards=fill_cards, fill_turns_stock=fill_turns_stock,
                        fill_replaces=fill_replaces,
                        cards=dealt, face_down=down, faces=faces,
                        to_bottom=to_bottom, build_when=build_when, build_or_when=build_or_when,
                        empty_when=empty_when, empty_otherwise=empty_otherwise, below_base_of=below_base_of,
                        covered_by=covered_by, drop_cover=self._drop_cover(group, spec, build),
                        takes_from=self._sources(group, spec, "takes_from"),
                        empty_from=self._sources(group, spec, "empty_from", i),
                        empty_from_when=self._empty_from_when(group, spec),
                        build_from=self._sources(group, spec, "build_from", i),
                        single_only=spec.get("takes", "run") == "card",
                        single_when_empty=spec.get("empty_takes", "run") == "card",
                        single_onto_cards=spec.get("takes", "run") == "runs-into-gaps",
                        bottom=bottom, swap=spec.get("swap"),
                        only_suit=self._pile_suit(group, spec, count, i), only_colour=spec.get("colour"),
                        refused_suits=self._refused_suits(group, spec),
                        only_rank=only_rank, turns_up=turns_up, discards=spec.get("on_take") == "discard",
                        free_when=(self._condition(("piles", group, "free_when"), spec["free_when"])
                                   if spec.get("free_when") is not None else None),
                        turn_when=turn_when, beside=beside)

    def _turn_when(self, group: str, spec: dict[str, Any], dealt: int, down: int, other: bool) -> Condition | None:
        """``turn_when:``: the state in which the pile's face-down top card turns up (and stays
        up); its face-down cards turn up only so (PySolFC's canFlipCard: Leprechaun_Reserve)."""
        raw = spec.get("turn_when")
        if raw is None:
            return None
        path = ("piles", group, "turn_when")
        if other:
            raise self._fail(path, "the pile's face-down cards already turn up by another rule (free_when, "
                             "on_take, access or covered places); expected turn_when alone")
        if not down and "faces" not in spec:
            raise self._fail(path, f"the pile is dealt {dealt} card{'s' if dealt != 1 else ''} and none face "
                             "down, so no card waits to turn up; expected face_down or face_up: 0")
        return self._condition(path, raw)

    def _refused_suits(self, group: str, spec: dict[str, Any]) -> tuple[int, ...]:
        """``suit: {except: SUITS}``: the suits no pile of the group takes (Diamond Mine's diamonds)."""
        value = spec.get("suit")
        if not isinstance(value, dict):
            return ()
        refused = _suits_in(value["except"])
        if not set(self.pack_suits) - set(refused):
            raise self._fail(("piles", group, "suit", "except"), "every suit of the pack is refused, so the "
                             "piles take nothing; expected a suit the pack holds left out")
        return refused

    def _pile_suit(self, group: str, spec: dict[str, Any], count: int, i: int) -> int | None:
        """``suit:``: the one suit pile ``i`` of the group takes (a list gives one per pile)."""
        value = spec.get("suit")
        if not value or isinstance(value, dict):   # {except: SUITS}: _refused_suits
            return None
        if isinstance(value, list):
            if len(value) != count:
                raise self._fail(("piles", group, "suit"), f"lists {len(value)} suits for {count} piles; "
                                 "expected one per pile, or a single suit")
            value = value[i]
        return cards.SUITS.index(str(value).upper())

    def _pile_rank(self, group: str, spec: dict[str, Any], count: int, i: int) -> int | None:
        """``rank:``: the one rank pile ``i`` of the group takes (a list gives one per pile)."""
        value = spec.get("rank")
        if value is None:
            return None
        path = ("piles", group, "rank")
        if isinstance(value, list):
            if len(value) != count:
                raise self._fail(path, f"lists {len(value)} ranks for {count} piles; expected one per pile, "
                                 "or a single rank")
            value = value[i]
        try:
            return cards.parse_rank(value)
        except cards.CardError as exc:
            raise self._fail(path, str(exc)) from None

    def _columns(self, group: str) -> int:
        """Places in each row of ``group``'s grid (one row without a grid)."""
        return int((self.group_specs[group].get("grid") or {}).get("columns") or len(self.groups[group]))

    def _rows(self, group: str) -> tuple[tuple[int, ...], ...]:
        """The rows of ``group``'s grid, each its places in order."""
        places, columns = self.groups[group], self._columns(group)
        return tuple(tuple(places[i:i + columns]) for i in range(0, len(places), columns))

    def _beside(self, group: str, spec: dict[str, Any], i: int) -> tuple[Any, tuple[tuple[int, NeighbourRule], ...]]:
        """``empty: {left: RULE, right: RULE, first_column: RANK}``: a gap takes a card that fits
        the card on its left (or right) by the rule (PySolFC's Montana_RowStack, Galary_RowStack);
        a gap in a row's first place takes ``first_column`` instead. Returns place ``i``'s
        ``empty`` and its ``beside`` pairs (the place beside it, the rule)."""
        raw = spec["empty"]
        path = ("piles", group, "empty")
        if raw.get("left") is None and raw.get("right") is None:
            raise self._fail(path, "says nothing about a gap's neighbours; expected left or right (the rule "
                             "the card beside a gap sets), or {rank, when}")
        places, columns = self.groups[group], self._columns(group)
        first = raw.get("first_column")
        if i % columns == 0 and first is not None:
            return first, ()   # a rank as written: _compile_pile reads it as it reads any empty rank
        pairs = []
        for side, step in (("left", -1), ("right", 1)):
            rule = raw.get(side)
            if rule is None:
                continue
            if rule.get("order") == "pack" and len(self.pack_ranks) == 13:
                raise self._fail(path + (side, "order"), "order: pack skips the ranks a stripped pack lacks, and "
                                 "this pack holds every rank; expected no order (or pack: {ranks: [...]})")
            j = i + step
            if 0 <= j < len(places) and (j // columns == i // columns or rule.get("across_rows", False)):
                pairs.append((places[j], NeighbourRule(rank=rule.get("rank", "up"), suit=rule.get("suit", "same"),
                                                       order=self.pack_ranks if rule.get("order") == "pack"
                                                       else None)))
        return "none", tuple(pairs)

    def _run_ranks(self, path: tuple, first: Any, length: int | None, columns: int) -> tuple[int, ...]:
        """A row's run: ``first``, then the next ranks of the pack (a stripped pack's own order:
        A, 6, 7, ... in Paganini), ``length`` of them (default: up to the pack's highest)."""
        try:
            rank = cards.parse_rank(first)
        except cards.CardError as exc:
            raise self._fail(path, str(exc)) from None
        if rank not in self.pack_ranks:
            raise self._fail(path, f"the pack holds no {cards.RANKS[rank]}; expected one of "
                             f"{' '.join(cards.RANKS[r] for r in self.pack_ranks)}")
        ranks = self.pack_ranks[self.pack_ranks.index(rank):]
        if length is not None:
            if length > len(ranks):
                raise self._fail(path, f"a run of {length} cards from {cards.RANKS[rank]} needs ranks the pack "
                                 f"lacks; expected a length of at most {len(ranks)}")
            ranks = ranks[:length]
        if len(ranks) > columns:
            raise self._fail(path, f"a run of {len(ranks)} cards does not fit a row of {columns} places; "
                             "expected a later first rank, a length, or a wider grid")
        return ranks

    def _sources(self, group: str, spec: dict[str, Any], key: str, i: int = 0) -> frozenset[int] | None:
        """``takes_from``/``empty_from``/``build_from``: a pile set, where ``foundations`` names every foundation;
        ``empty_from: neighbours``: the places next to place ``i`` in its row or column of the
        group's grid, no diagonals (PySolFC's RectangularRovers_RowStack)."""
        raw = spec.get(key)
        if raw is None:
            return None
        if key == "empty_from" and raw == NEIGHBOURS and NEIGHBOURS not in self.group_specs:
            places, columns = self.groups[group], self._columns(group)
            row, column = divmod(i, columns)
            beside = [(row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1)]
            return frozenset(places[r * columns + k] for r, k in beside
                             if 0 <= k < columns and 0 <= r * columns + k < len(places))
        if key == "build_from" and isinstance(raw, dict):   # places so far away in the group (Accordion)
            places, side = self.groups[group], raw.get("side", "either")
            steps = [k for k in raw["apart"] if side != "left"] + [-k for k in raw["apart"] if side != "right"]
            return frozenset(places[i + k] for k in steps if 0 <= i + k < len(places))
        if key == "empty_from" and isinstance(raw, list):   # {from, when} entries: see _empty_from_when
            raw = [n for entry in raw for n in (_names(entry["from"]) if isinstance(entry, dict) else [entry])]
        names = _names(raw)
        piles = set(self.foundations) if "foundations" in names else set()
        others = [n for n in names if n != "foundations"]
        if others:
            piles |= set(self._pile_set(("piles", group, key), others))
        return frozenset(piles)

    def _empty_from_when(self, group: str, spec: dict[str, Any]) -> tuple:
        """``empty_from`` entries ``{from: SET, when: CONDITION}``: ``((piles, condition), ...)``, the
        sources an empty pile takes from only in that state (PySolFC's Glenwood_RowStack: the waste
        once every reserve pile is empty)."""
        raw = spec.get("empty_from")
        if not isinstance(raw, list):
            return ()
        found = []
        for k, entry in enumerate(raw):
            if isinstance(entry, dict):
                path = ("piles", group, "empty_from", k)
                found.append((frozenset(self._pile_set(path + ("from",), _names(entry["from"]))),
                              self._condition(path + ("when",), entry["when"])))
        return tuple(found)

    def _covered_by(self, group: str, spec: dict[str, Any], i: int) -> tuple[int, ...]:
        """The piles lying over place ``i`` of ``group`` (``shape`` or ``covered_by``)."""
        places = self.groups[group]
        count = len(places)
        if spec.get("shape") is not None and spec.get("covered_by") is not None:
            raise self._fail(("piles", group, "covered_by"), "give shape or covered_by, not both")
        if spec.get("shape") == "pyramid":
            rows = int(((8 * count + 1) ** 0.5 - 1) / 2)
            if rows * (rows + 1) // 2 != count:
                raise self._fail(("piles", group, "shape"), f"a pyramid of {count} places; expected a count "
                                 "of 1, 3, 6, 10, 15, 21, 28, ... (rows of 1, 2, 3, ...)")
            row = int(((8 * i + 1) ** 0.5 - 1) / 2)
            if row == rows - 1:
                return ()
            below = i + row + 1   # place (row, j) lies under (row + 1, j) and (row + 1, j + 1)
            return (places[below], places[below + 1])
        raw = spec.get("covered_by") or {}
        for key, over in raw.items():
            if not 1 <= int(key) <= count:
                raise self._fail(("piles", group, "covered_by", key), f"no place {key} in {group!r}; "
                                 f"expected 1 to {count}")
            for j, n in enumerate(over):
                if not 1 <= n <= count or n == int(key):
                    raise self._fail(("piles", group, "covered_by", key, j), f"place {n} cannot cover "
                                     f"place {key}; expected another place of {group!r}, 1 to {count}")
        if i == 0 and raw:
            self._check_acyclic(group, {int(k): v for k, v in raw.items()})
        return tuple(places[n - 1] for n in raw.get(str(i + 1), raw.get(i + 1, ())))

    def _drop_cover(self, group: str, spec: dict[str, Any], build) -> bool:
        """``drop_cover``: a covered pile takes the whole pile of its last cover (Interlock)."""
        if not spec.get("drop_cover"):
            return False
        if spec.get("shape") is None and not spec.get("covered_by"):
            raise self._fail(("piles", group, "drop_cover"), "a pile takes the pile lying over it, and no place "
                             "of this group is covered; expected covered_by or shape")
        if build is None:
            raise self._fail(("piles", group, "drop_cover"), "the covering pile goes onto the covered pile's top "
                             "card by its build rule, and the group has none; expected a build: rule")
        return True

    @staticmethod
    def _lies_over(spec: dict[str, Any], i: int) -> bool:
        """Does place ``i`` of the group lie over another place of it (``shape`` or ``covered_by``)?
        Such a place, once empty, takes no card: nothing is laid over the places under it again."""
        if spec.get("shape") == "pyramid":
            return i > 0   # every row but the top one lies over the row before it
        return any(int(n) == i + 1 for over in (spec.get("covered_by") or {}).values() for n in over)

    def _check_acyclic(self, group: str, over: dict[int, list[int]]) -> None:
        """Places covering each other in a ring could never be freed."""
        state: dict[int, int] = {}

        def visit(n: int, path: tuple[int, ...]) -> None:
            if state.get(n) == 2:
                return
            if state.get(n) == 1:
                ring = " -> ".join(map(str, path[path.index(n):] + (n,)))
                raise self._fail(("piles", group, "covered_by"), f"places cover each other in a ring "
                                 f"({ring}); expected each place free once the places over it are gone")
            state[n] = 1
            for m in over.get(n, ()):
                visit(m, path + (n,))
            state[n] = 2

        for n in over:
            visit(n, ())

    def _condition(self, path: tuple, raw: dict[str, Any]) -> Condition:
        """A ``when:`` state, its pile set resolved to pile numbers (the layout groups, the
        stock, the waste and the foundations: :meth:`_condition_piles`)."""
        if isinstance(raw, list):   # win: [A, B]: every one holds
            parts = tuple(self._condition(path + (i,), part) for i, part in enumerate(raw))
            return Condition("all", (), " and ".join(part.words for part in parts), parts=parts)
        (kind, names), = raw.items()
        if kind == "not":   # the state does not hold (Wave Motion: not every column empty)
            part = self._condition(path + (kind,), names)
            return Condition(kind, (), _negated_words(part), parts=(part,))
        if kind in ("one_card", "only"):
            return self._cards_left(kind, path + (kind,), names)
        if kind == "based":
            return self._based(path + (kind,), names)
        if kind == "sorted":
            return self._sorted(path + (kind,), names)
        if kind == "rows_in_order":
            return self._rows_in_order(path + (kind,), names)
        if kind == "at_least":   # every pile of the set holds N cards or more (Big Ben's columns)
            names_in = _names(names["in"])
            piles = self._pile_set(path + (kind, "in"), names_in)
            where = " and ".join(_spoken(names_in))
            n = int(names["cards"])
            return Condition(kind, tuple(piles), f"{'every pile of ' if len(piles) > 1 else ''}{where} holds "
                             f"{n} card{'s' if n != 1 else ''} or more", rank=n)
        if kind == "cards_left":
            piles = tuple(p for p in range(len(self.pile_names)) if self.pile_kind[p] != "foundation")
            return Condition(kind, piles, f"at most {names} card{'s' if names != 1 else ''} "
                             "lie outside the foundations", rank=int(names))
        names = _names(names)
        piles = self._condition_piles(path + (kind,), names)
        spoken = _spoken(names)
        if kind == "complete":   # foundations holding all their cards (King's Secrets' locked cards)
            not_home = [self.pile_names[p] for p in piles if self.pile_kind[p] != "foundation"]
            if not_home:
                raise self._fail(path + (kind,), f"{not_home[0]} is not a foundation, and only a foundation "
                                 "has a length to complete; expected foundations, a foundation group or pile")
            verb = "is" if len(piles) == 1 else "are"
            return Condition(kind, tuple(piles), f"{' and '.join(spoken)} {verb} complete",
                             lengths=tuple(self.f_spec[p].length for p in piles))
        names = spoken
        if kind == "some_empty":
            where = " and ".join(f"the {n}" if n in ("stock", "waste") else n for n in names)
            words = f"a pile of {where} is empty" if len(piles) > 1 else f"{where} is empty"
            return Condition(kind, tuple(piles), words)
        state = "empty" if kind == "empty" else "holds a card"
        spoken = [f"the {n}" if n in ("stock", "waste") else n for n in _spoken(names)]
        verb = ("is " if len(piles) == 1 or len(names) == 1 else "are ") if kind == "empty" else ""
        words = f"{' and '.join(spoken)} {verb}{state}"   # "f1 holds a card", never "is holds"
        if kind == "not_empty" and len(piles) > 1:
            words = f"every pile of {' and '.join(names)} holds a card"
        elif kind == "empty" and len(piles) > 1 and names[0] not in ("stock", "waste"):
            words = f"every pile of {' and '.join(names)} is empty"
        return Condition(kind, tuple(piles), words)

    def _condition_piles(self, path: tuple, names: list[str]) -> list[int]:
        """The piles a condition's set names: layout groups and piles, the stock and the waste
        (:meth:`_pile_set`), and foundations too: ``foundations`` (every one), a foundation group
        by its id, or one pile (foundation:3) (Castles End: the rows wait for a foundation card).
        In a layout pile's own rule, ``GROUP:same`` is the pile of GROUP with the same number as
        it (King's Secrets: locked card n waits for foundation n)."""
        piles: list[int] = []
        layout_names = []
        for name in names:   # self and GROUP:same: _pile_set, as for every pile set
            if name == "foundations":
                piles += self.foundations
            elif name in self.foundation_specs and name not in self.groups:
                piles += self.groups[f"foundation:{name}"]
            elif name in self.pile_names and self.pile_kind[self.pile_names.index(name)] == "foundation":
                piles.append(self.pile_names.index(name))
            else:
                layout_names.append(name)
        if layout_names:
            piles += self._pile_set(path, layout_names)
        return piles

    def _sorted(self, path: tuple, raw: dict[str, Any]) -> Condition:
        """``{sorted: {in: SET, length: N, run: RULE, from: RANK}}``: every pile of SET empty, or
        one run by RULE, else by its own build rule (of N cards, if given; from a bottom card of
        RANK, if given). Compiled after the piles, whose rules it reads."""
        names = _names(raw["in"])
        piles = self._pile_set(path + ("in",), names)
        own = _build_rule(raw.get("run"), self.pack_ranks)
        runs = []
        for p in piles:
            spec = self.piles[p]   # None for the stock and waste, and while piles are compiled
            rule = own or (spec.run_rule or spec.build if spec is not None else None)
            if rule is None:
                raise self._fail(path + ("in",), f"{self.pile_names[p]} has no build rule to say what a run "
                                 "is; expected piles built by a rule, or a run: rule")
            runs.append(rule)
        bottom = None
        if raw.get("from") is not None:
            try:
                bottom = cards.parse_rank(raw["from"])
            except cards.CardError as exc:
                raise self._fail(path + ("from",), str(exc)) from None
        length = raw.get("length")
        where = " and ".join(names)
        run = ((f"built {own.words()}" if own is not None else "by its build rule")
               + (f" of {length} cards" if length else "")
               + (f" from {cards.rank_with_article(bottom)}" if bottom is not None else ""))
        # in a pile's own rule (PileOn's four of a rank that stay: free_when: {not: {sorted: self}})
        words = (f"the pile is empty or one run {run}" if names == ["self"]
                 else f"every pile of {where} is empty or one run {run}")
        return Condition("sorted", tuple(piles), words, rank=length, runs=tuple(runs), bottom=bottom)

    def _rows_in_order(self, path: tuple, raw: dict[str, Any]) -> Condition:
        """``{rows_in_order: {in: GROUP, first: R, length: N}}``: every row of the group's grid holds
        R, then the next ranks of the pack, N cards of one suit, in its first N places."""
        names = _names(raw["in"])
        if len(names) != 1 or names[0] not in self.group_specs:
            raise self._fail(path + ("in",), f"{'+'.join(names)} is not one pile group; expected a layout group "
                             "whose grid has the rows")
        group = names[0]
        ranks = self._run_ranks(path + ("first",), raw["first"], raw.get("length"), self._columns(group))
        rows = self._rows(group)
        words = (f"each row of {group} holds {_ranks_words(ranks)} of one suit in its first "
                 f"{_count_words(len(ranks), 'place')}")
        return Condition("rows_in_order", tuple(self.groups[group]), words, rows=rows, ranks=ranks)

    def _below_base_of(self, group: str, name: str) -> int:
        """``empty: {below_base_of: GROUP}``: the first pile of that foundation group, whose base
        the deal chooses (compiled before the piles)."""
        path = ("piles", group, "empty", "below_base_of")
        piles = self.groups.get(f"foundation:{name}")
        if not piles:
            raise self._fail(path, f"unknown foundation group {name!r}{suggest(name, list(self.foundation_specs))}; "
                             f"expected one of {', '.join(self.foundation_specs)}")
        if not self.f_spec[piles[0]].base_from_deal:
            raise self._fail(path, f"{name}'s base is not chosen by the deal; expected a group with base: deal")
        return piles[0]

    def _rank(self, path: tuple, raw: Any) -> int:
        """One rank as written, or a refusal pointing at it."""
        try:
            return cards.parse_rank(raw)
        except cards.CardError as exc:
            raise self._fail(path, str(exc)) from None

    def _based(self, path: tuple, raw: dict[str, Any]) -> Condition:
        """``{based: {in: SET, rank: R, at_least: N}}``: at least N piles of SET have a card of
        rank R at the bottom (Scorpion Towers' gaps take any card once four columns are
        King-based)."""
        names = _names(raw["in"])
        piles = self._pile_set(path + ("in",), names)
        rank = self._rank(path + ("rank",), raw["rank"])
        n = int(raw["at_least"])
        if n > len(piles):
            raise self._fail(path + ("at_least",), f"{' and '.join(names)} has {len(piles)} piles, so at least "
                             f"{n} of them never hold; expected at_least: {len(piles)} or fewer")
        which = "pile" if n == 1 else "piles"
        return Condition("based", tuple(piles), f"at least {n} {which} of {' and '.join(_spoken(names))} have "
                         f"{cards.rank_with_article(rank)} at the bottom", rank=rank, lengths=(n,))

    def _cards_left(self, kind: str, path: tuple, raw: dict[str, Any]) -> Condition:
        """``{one_card: {in: SET, rank: R}}``: every pile of SET holds exactly one card (of rank
        R); ``{only: {in: SET, rank: R}}``: every card in SET is of rank R."""
        names = _names(raw["in"])
        piles = self._pile_set(path + ("in",), names)
        where = " and ".join(_spoken(names))
        if kind == "only" and (raw.get("rank") is None) == (raw.get("colour") is None):
            raise self._fail(path, "says neither or both of rank and colour; expected one of them")
        if raw.get("colour") is not None:   # only: (the schema gives one_card no colour)
            colour = raw["colour"]
            return Condition(kind, tuple(piles), f"every card left in {where} is {colour}", colour=colour)
        rank = None
        if raw.get("rank") is not None:
            try:
                rank = cards.parse_rank(raw["rank"])
            except cards.CardError as exc:
                raise self._fail(path + ("rank",), str(exc)) from None
        if kind == "only":
            return Condition(kind, tuple(piles), f"every card left in {where} is {cards.rank_with_article(rank)}", rank=rank)
        what = "one card" if rank is None else f"one card, {cards.rank_with_article(rank)}"
        words = f"every pile of {where} holds exactly {what}" if len(piles) > 1 else f"{where} holds exactly {what}"
        return Condition(kind, tuple(piles), words, rank=rank)

    def _paired_pile(self, path: tuple, name: str) -> list[int] | None:
        """In the condition of a pile's own rule: ``self``, that pile, and ``GROUP:same``, the
        pile of GROUP with its number (Salic Law's foundation n waits on column n: PySolFC's
        SalicLaw_Foundation); ``GROUP:share``, pile n's share of GROUP split evenly, in order,
        among the rule's group (Busy Cards' cell n stands over columns 2n-1 and 2n: PySolFC's
        BusyCards_FreeCell); ``GROUP:previous``, the pile of GROUP numbered one less, none for
        pile 1 (Twelve Sleeping Maids' maid n waits for maid n-1 to be empty). ``None`` for any
        other name."""
        share = name.endswith(":share")
        previous = name.endswith(":previous")
        if name != "self" and not name.endswith(":same") and not share and not previous:
            return None
        here = getattr(self, "_here", None)
        if here is None:
            raise self._fail(path, f"{name} names a pile by the pile whose rule this is, and this condition "
                             "belongs to no one pile; expected a group or a pile such as tableau:3")
        pile, number, count = here
        if name == "self":
            return [pile]
        group = name[:name.rindex(":")]
        piles = (self.groups.get(group) if group in self.group_specs or group in ("stock", "waste")
                 else self.foundations if group == "foundations" else self.groups.get(f"foundation:{group}"))
        if piles is None:
            known = [g for g in self.groups if not g.startswith("foundation:")] + list(self.foundation_specs)
            raise self._fail(path, f"unknown pile group {group!r}{suggest(group, known)}; expected "
                             f"GROUP{name[name.rindex(':'):]} with one of {', '.join(known)}")
        if share:
            if len(piles) % count:
                raise self._fail(path, f"{group} has {len(piles)} piles, which do not split evenly among the "
                                 f"{count} piles of this group; expected a group of a multiple of {count} piles")
            each = len(piles) // count
            return piles[number * each:(number + 1) * each]
        if previous:
            number -= 1
            if number < 0:   # pile 1 has none before it: a state of no piles (empty holds)
                return []
        if number >= len(piles):
            raise self._fail(path, f"{group} has {len(piles)} piles, so pile {number + 1} of this group has "
                             f"none of its number; expected a group of at least {number + 1} piles")
        return [piles[number]]

    def _pile_set(self, path: tuple, names: list[str]) -> list[int]:
        """A set of layout piles, stock or waste by group or pile name, as pile numbers."""
        known = [g for g in self.groups if not g.startswith("foundation:")]
        piles: list[int] = []
        for i, name in enumerate(names):
            paired = self._paired_pile(path + ((i,) if len(names) > 1 else ()), name)
            if paired is not None:
                piles += paired
            elif name in self.groups and not name.startswith("foundation:"):
                piles += self.groups[name]
            elif name in self.pile_names and not self.pile_kind[self.pile_names.index(name)] == "foundation":
                piles.append(self.pile_names.index(name))
            else:
                where = path + ((i,) if len(names) > 1 else ())
                raise self._fail(where, f"unknown pile or pile group {name!r}{suggest(name, known)}; expected "
                                 f"one of {', '.join(known)}, or one pile such as {self.pile_names[0]}")
        return piles

    def _compile_removal(self, definition: dict[str, Any]) -> None:
        """``remove``: the sets of free cards that go to the discard foundation together."""
        self.remove_rules: list[RemoveRule] = []
        discards = [f for f in self.foundations if self.f_spec[f].discard]
        raw_rules = definition.get("remove") or []
        captures = any(spec.get("on_take") == "discard" for spec in self.group_specs.values())
        if captures and len(discards) != 1:
            group = next(g for g, spec in self.group_specs.items() if spec.get("on_take") == "discard")
            raise self._fail(("piles", group, "on_take"), f"sends covered cards to a discard pile, and there are "
                             f"{len(discards)}; expected one foundation group with discard: true")
        if discards and not raw_rules and not captures:
            raise self._fail(("foundations", self.f_spec[discards[0]].group, "discard"), "nothing is removed "
                             "to a discard pile; expected remove: rules saying which sets go there")
        if raw_rules and len(discards) != 1:
            raise self._fail(("remove",), f"removed sets need one discard foundation, found {len(discards)}; "
                             "expected a foundation group with discard: true")
        self.discard = discards[0] if discards else None
        for i, raw in enumerate(raw_rules):
            path = ("remove", i)
            names = _names(raw["from"])
            sources = tuple(dict.fromkeys(self._pile_set(path + ("from",), names)))
            for name, p in ((self.pile_names[p], p) for p in sources):
                if p == self.stock and not (definition.get("stock") or {}).get("face_up"):
                    raise self._fail(path + ("from",), "the stock's cards lie face down; expected stock: "
                                     "{face_up: true}, or no stock in from")
                if raw.get("at_once") and (p == self.stock or p in self.waste_piles):
                    raise self._fail(path + ("from",), f"a set that leaves by itself is gathered on layout "
                                     f"places, and {name} is not one; expected pile groups of the layout")
                if p != self.stock and p not in self.waste_piles and self.piles[p].access != "top" \
                        and not (raw.get("at_once") and self.piles[p].access == "none"):
                    raise self._fail(path + ("from",), f"{name} gives {self.piles[p].access} of its cards; "
                                     "expected piles whose top card alone is free (access: top)")
            ranks = None
            if raw.get("ranks") is not None:
                try:
                    ranks = tuple(cards.parse_rank(r) for r in raw["ranks"])
                except cards.CardError as exc:
                    raise self._fail(path + ("ranks",), str(exc)) from None
            outranked = bool(raw.get("outranked", False))
            where = raw.get("where", "anywhere")
            most: int | None = None
            raw_count = raw.get("cards", len(ranks) if ranks else 1 if outranked else 2)
            if isinstance(raw_count, dict):   # {min, max}: a run of consecutive places (Seven Up), a pile's set (Fifteens)
                if where != "consecutive" and not raw.get("at_once"):
                    raise self._fail(path + ("cards",), "a number of cards from min to max is a run of places "
                                     "side by side or a set gathered on a pile; expected where: consecutive, "
                                     "at_once: true, or one number")
                count, most = int(raw_count.get("min", 2)), raw_count.get("max")
                if most is not None and int(most) < count:
                    raise self._fail(path + ("cards", "max"), f"max {most} is below min {count}; expected "
                                     "max at least min")
            else:
                count = int(raw_count)
                most = count
            total_raw, same = raw.get("total"), raw.get("rank") == "same"
            consecutive, wrap = raw.get("rank") == "consecutive", bool(raw.get("wrap", False))
            if raw.get("wrap") is not None and not consecutive:
                raise self._fail(path + ("wrap",), "wrap lets ranks that follow each other run from K to A, "
                                 "and the rule asks for none; expected rank: consecutive, or no wrap")
            if consecutive and (count < 2 or ranks is not None):
                raise self._fail(path + ("rank",), "consecutive ranks are a test of a set of cards of no "
                                 "ranks named; expected cards: 2 or more and no ranks")
            totals = None if total_raw is None else tuple(total_raw) if isinstance(total_raw, list) else (total_raw,)
            total = totals[0] if totals else None
            values = list(range(1, 14))
            for rank_name, value in (raw.get("values") or {}).items():
                try:
                    values[cards.parse_rank(str(rank_name))] = int(value)
                except cards.CardError as exc:
                    raise self._fail(path + ("values", rank_name), str(exc)) from None
            if raw.get("values") is not None and totals is None:
                raise self._fail(path + ("values",), "values say what a rank counts in a total, and the rule "
                                 "has none; expected total, or no values")
            if raw.get("except_ranks") is not None:
                if raw.get("among") is not None:
                    raise self._fail(path + ("except_ranks",), "among and except_ranks both say which ranks "
                                     "may go; expected one of them")
                try:
                    excluded = {cards.parse_rank(str(r)) for r in raw["except_ranks"]}
                except cards.CardError as exc:
                    raise self._fail(path + ("except_ranks",), str(exc)) from None
            if outranked and count != 1:
                raise self._fail(path + ("outranked",), f"a card outranked goes alone, not in sets of {count}; "
                                 "expected cards: 1")
            if raw.get("aces") is not None and not outranked:
                raise self._fail(path + ("aces",), "aces: high orders the ranks for outranked only; "
                                 "expected outranked: true, or no aces")
            if ranks is not None and len(ranks) != count:
                raise self._fail(path + ("ranks",), f"lists {len(ranks)} ranks for sets of {count} cards; "
                                 "expected one rank per card")
            at_once = bool(raw.get("at_once", False))
            among = None
            if raw.get("among") is not None:
                try:
                    among = tuple(cards.parse_rank(r) for r in raw["among"])
                except cards.CardError as exc:
                    raise self._fail(path + ("among",), str(exc)) from None
            if raw.get("except_ranks") is not None:
                among = tuple(r for r in range(13) if r not in excluded)
            distance = tuple(raw["distance"]) if raw.get("distance") is not None else None
            flanked = raw.get("flanked")
            flanked = None if flanked is None else "rank" if flanked.get("rank") == "same" else \
                "suit" if flanked.get("suit") == "same" else None
            if raw.get("flanked") is not None and flanked is None:
                raise self._fail(path + ("flanked",), "says no relation between the cards on either side; "
                                 "expected {rank: same} or {suit: same}")
            in_order = where == "consecutive" or distance is not None or flanked is not None
            if in_order and not at_once:
                groups = {self.pile_group[p] for p in sources}
                key = "where" if where == "consecutive" else "distance" if distance is not None else "flanked"
                if len(groups) != 1 or not groups <= set(self.group_specs):
                    raise self._fail(path + (key,), f"{key} looks at the order of one pile group's places; "
                                     "expected from naming one group")
                if where == "consecutive" and count < 2:
                    raise self._fail(path + ("where",), "consecutive says how the cards of a set lie side by "
                                     "side, and a card alone has no side; expected cards: 2 or more")
                if distance is not None and (count != 2 or most != 2):
                    raise self._fail(path + ("distance",), "distance says how far apart a pair's places lie, "
                                     "not a set's; expected cards: 2")
                if distance is not None and where != "anywhere":
                    raise self._fail(path + ("distance",), f"distance and where: {where} both say where the "
                                     "pair's places lie; expected one of them")
                if flanked is not None and count > 1 and where != "consecutive":
                    raise self._fail(path + ("flanked",), "the cards on either side of a set of several are "
                                     "those of a run of places side by side; expected where: consecutive")
            if count > 2 and not at_once and where != "consecutive":
                raise self._fail(path + ("cards",), f"a player removes one card or a pair, not sets of {count}; "
                                 "expected cards: 1 or 2, or at_once: true for a set gathered on its places")
            if at_once:
                for key in ("apart", "outranked", "where", "distance", "flanked"):
                    if raw.get(key) is not None and raw.get(key) is not False and raw.get(key) != "anywhere":
                        raise self._fail(path + (key,), f"a set that leaves by itself is told by the ranks "
                                         f"and suits gathered, not by {key}; expected ranks, rank, "
                                         "suit: same, among or total")
                if count < 2:
                    raise self._fail(path + ("at_once",), "a card alone cannot be gathered; expected a set "
                                     "of 2 or more cards")
            apart = tuple(raw["apart"]) if raw.get("apart") is not None else None
            if apart is not None and count != 2:
                raise self._fail(path + ("apart",), f"apart compares the ranks of a pair, not of sets of {count}; "
                                 "expected cards: 2")
            if ranks is None and total is None and not (same and count > 1) and not outranked and not consecutive \
                    and not (raw.get("suit") == "same" and count > 1) and apart is None and among is None \
                    and flanked is None:
                raise self._fail(path, "says no test the cards must pass, so any cards would go; expected "
                                 "total, ranks, apart, among, rank: same or suit: same (with 2 cards), "
                                 "outranked or flanked")
            room = sum(self.piles[p].max_cards or 52 * self.decks for p in sources) if at_once else 0
            if at_once and room < count:
                raise self._fail(path + ("from",), f"sets of {count} cards are gathered on {'+'.join(names)}, "
                                 f"which hold{'s' if len(sources) == 1 else ''} at most {room}; expected places "
                                 "with room for the set")
            if count > 1 and len(sources) < 2 and not at_once:
                raise self._fail(path + ("from",), f"sets of {count} cards come from different piles, and "
                                 f"{'+'.join(names)} is one pile; expected at least {count} piles")
            many = {1: "a card", 2: "two cards", 3: "three cards", 4: "four cards"}.get(count, f"{count} cards")
            if most != count:
                many = (f"{_NUMBER_WORDS.get(count, count)} or more cards" if most is None else
                        f"{_NUMBER_WORDS.get(count, count)} to {_NUMBER_WORDS.get(most, most)} cards")
            what = (_and_list([cards.RANKS[r] for r in ranks]) if ranks else
                    f"{many} of one rank" if same else
                    f"{many} of consecutive ranks{' (K, A and 2 too)' if wrap else ''}" if consecutive else many)
            if among is not None and raw.get("except_ranks") is None:
                what += f" among {_or_list([cards.RANKS[r] for r in among])}"
            if count == 1 and ranks:
                what = f"{cards.rank_with_article(ranks[0])} alone"
            if totals is not None:
                counted = ("A=1, J=11, Q=12, K=13" if values == list(range(1, 14)) else
                           ", ".join(f"{cards.RANKS[r]}={v}" for r, v in enumerate(values)
                                     if r == 0 or v != r + 1) + ", others as numbered")
                what += f" whose {'ranks' if values == list(range(1, 14)) else 'values'} add up to " \
                        f"{_or_list([str(t) for t in totals])} ({counted})"
            if apart is not None:
                what += f" whose ranks differ by {' or '.join(map(str, apart))} (A low, K high)"
            aces_high = raw.get("aces") == "high"
            if where not in ("anywhere", "consecutive"):
                groups = {self.pile_group[p] for p in sources}
                if len(groups) != 1 or not groups <= set(self.group_specs) or count != 2:
                    raise self._fail(path + ("where",), f"where: {where} compares two places of one pile "
                                     "group laid out in rows (grid); expected from naming one group, in sets of 2")
                what += {"neighbours": " lying next to each other (diagonally too)",
                         "line": " lying in one row or one column"}[where]
            if raw.get("suit") == "same":
                what += " of one suit"
            if where == "consecutive":
                what += " lying side by side in the line"
            if distance is not None:
                what += f" lying {' or '.join(map(str, distance))} place{'s' if distance[-1] != 1 else ''} " \
                        "apart in the line"
            if flanked is not None:
                what += f"{',' if where == 'consecutive' else ' lying'} between two cards of one {flanked}"
            if raw.get("except_ranks") is not None:
                gone = cards.ranks_with_articles(tuple(sorted(excluded)))
                what += f", {'not' if count == 1 else 'neither' if count == 2 else 'none of them'} {gone}"
            if outranked:
                what = ("a card alone" if not ranks else what) + (", while a free card of its suit and a higher "
                                                                  "rank lies on another of these piles"
                                                                  + (" (Aces rank above Kings)" if aces_high else ""))
            # may_grow: PySolFC's TripleAlliance_Reserve takes only a card that makes a run so far
            so_far = ", each making a run with those already there" if consecutive else ""
            words = (f"{what}, gathered one card at a time on {', '.join(names)}{so_far}, leave by themselves "
                     "as soon as they are all there" if at_once else f"{what}, from {', '.join(names)}")
            self.remove_rules.append(RemoveRule(cards=count, sources=sources, total=total, ranks=ranks,
                                                same_rank=same, outranked=outranked, aces_high=aces_high,
                                                same_suit=raw.get("suit") == "same", where=where, apart=apart,
                                                among=among, at_once=at_once, words=words, most=most,
                                                distance=distance, flanked=flanked, totals=totals,
                                                values=tuple(values), consecutive=consecutive, wrap=wrap))
        gathering = {p for rule in self.remove_rules if rule.at_once for p in rule.sources}
        for group, spec in self.group_specs.items():
            if spec.get("empty") == "set" and not set(self.groups[group]) <= gathering:
                raise self._fail(("piles", group, "empty"), "set takes a card that can still complete the set "
                                 "gathered on the pile, and no remove rule with at_once: true gathers one "
                                 "there; expected such a rule naming the group in from")

    def _check_base_of(self, group: str, spec: dict, source: str, sequence, build) -> None:
        """base: {of: GROUP}: GROUP must be another group whose base the deal gives (base: deal),
        built by a rank sequence like this one."""
        path = ("foundations", group, "base", "of")
        others = self.definition.get("foundations") or {}
        if source == group or source not in others:
            known = [g for g in others if g != group]
            raise self._fail(path, f"unknown foundation group {source!r}{suggest(source, known)}; expected "
                             f"another group with base: deal ({', '.join(known) or 'none'})")
        source_spec = others[source] or {}
        if (str(source_spec.get("base", "")).lower() != "deal" or source_spec.get("build")
                or source_spec.get("start", "found") != "found"):
            raise self._fail(path, f"{source!r} has no base the deal gives; expected a group with base: deal "
                             "and no build rule or start")
        if build is not None or sequence is not None or spec.get("direction") or spec["start"] != "found":
            raise self._fail(("foundations", group, "base"), "base: {of: GROUP} starts a rank sequence from "
                             "another group's dealt base; expected no build, sequence, direction or start with it")

    def _compile_foundations(self, definition: dict[str, Any]) -> None:
        number = 0
        for group, raw in (definition.get("foundations") or {}).items():
            spec = {**FOUNDATION_DEFAULTS, **raw}
            self.foundation_specs[group] = spec
            if spec.get("discard"):
                self._add_discard(group, raw)
                continue
            sequence = self._listed_sequence(group, raw)
            # sequence with base: deal: the list read round from the first place of the dealt
            # rank (PySolFC's FourByFour_Foundation, base_rank ANY_RANK): known once dealt.
            listed_from_deal = None
            if sequence is not None and str(raw.get("base", "")).lower() == "deal":
                if set(sequence) != set(range(13)):
                    raise self._fail(("foundations", group, "sequence"), "with base: deal the deal may give "
                                     "any rank, and the list starts at that rank's first place; expected "
                                     "every rank A..K in it")
                listed_from_deal, sequence = sequence, None
                spec = {**spec, "length": len(listed_from_deal)}
            if sequence is not None:
                spec = {**spec, "base": cards.RANKS[sequence[0]], "length": len(sequence)}
            missing = [k for k in ("base", "length", "count") if k not in spec]
            if missing:
                raise self._fail(("foundations", group, missing[0]), "missing; it is required")
            build = self._build(("foundations", group, "build"), spec.get("build"))
            if build is not None and build.keep_direction:
                raise self._fail(("foundations", group, "build", "keep_direction"), "a foundation keeps no "
                                 "direction of its own (direction: first-card sets the group's); expected it "
                                 "on a pile group's build")
            # base: {of: GROUP, offset: N}: the base the deal gives another group, N ranks on
            # (wrapping): Grandmamma's Patience's Ascending piles start one above its Descending.
            base_of, base_offset = None, 0
            if isinstance(spec["base"], dict):
                base_of, base_offset = str(spec["base"]["of"]), int(spec["base"].get("offset", 0))
                spec = {**spec, "base": "deal"}
                self._check_base_of(group, spec, base_of, sequence, build)
            base_word = str(spec["base"]).lower()
            base: int | None = None
            if base_word not in ("any", "deal", "first"):
                try:
                    base = cards.parse_rank(spec["base"])
                except cards.CardError as exc:
                    raise self._fail(("foundations", group, "base"), f"{exc}; or any, deal, first") from None
            step, length, wrap = int(spec["step"]), int(spec["length"]), bool(spec["wrap"])
            ranks = None
            if sequence is not None:
                ranks = sequence
            elif build is None and base is not None:
                ranks = self._sequence(group, base, step, length, wrap)
            elif build is None and length > 13 and listed_from_deal is None:
                raise self._fail(("foundations", group, "length"), f"{length} cards in one sequence "
                                 "repeat a rank; expected at most 13, or a build rule (Golf's up or down)")
            takes_run = spec.get("takes", "card") == "run"
            if build is None and base_word == "any" and takes_run and (step != -1 or not wrap):
                raise self._fail(("foundations", group, "base"), "base: any with takes: run takes a finished "
                                 "run from any rank down, round past the Ace; expected step: -1 and wrap: true")
            if build is None and base_word == "any" and not takes_run:
                raise self._fail(("foundations", group, "base"), "base: any starts a pile with any card, "
                                 "so it needs a build rule (build:) saying what follows; expected a rank, "
                                 "deal, or a build rule")
            either_way = spec.get("direction") == "first-card"
            if either_way and (build is not None or sequence is not None or int(spec["step"]) != 1):
                raise self._fail(("foundations", group, "direction"), "direction: first-card builds up or "
                                 "down by one from the base; expected no build, sequence or step with it")
            if spec["start"] == "rank-dealt" and base_word != "deal":
                raise self._fail(("foundations", group, "start"), "rank-dealt sets out the cards of the rank "
                                 "the pack's first card chooses; expected base: deal with it")
            follows = spec.get("follows")
            if follows is not None and build is None:
                raise self._fail(("foundations", group, "follows"), f"follows: {follows} narrows what a pile's "
                                 "build rule lets follow; expected a build rule (build:) with it")
            if build is not None and base_word == "deal" and spec["start"] == "rank-dealt":
                raise self._fail(("foundations", group, "start"), "rank-dealt sets out a sequence's bases; "
                                 "a pile built by a rule starts with the one card dealt onto it; expected "
                                 "start: found with build")
            suits_word = spec["suits"]
            suit_list = suits_word if isinstance(suits_word, list) else None
            if suit_list is not None and len(suit_list) != int(spec["count"]):
                raise self._fail(("foundations", group, "suits"), f"lists {len(suit_list)} suits for "
                                 f"{spec['count']} piles; expected one per pile")
            takes_set = int(spec["takes"]["cards"]) if isinstance(spec.get("takes"), dict) else 0
            takes_pile = spec.get("takes") == "pile"
            if spec.get("base_set_by") is not None and (base_word != "first" or build is None):
                raise self._fail(("foundations", group, "base_set_by"), "says which piles' cards choose the "
                                 "base; expected base: first and a build rule with it")
            if takes_pile and (build is None or build.rank != "any" or build.suit != "any"):
                raise self._fail(("foundations", group, "takes"), "pile takes a whole pile in any order; "
                                 "expected build: {rank: any, suit: any}")
            set_rule = (BuildRule(rank="same", suit="any") if takes_set and spec["takes"].get("rank") == "same"
                        else None)
            if takes_set and (build is None or length % takes_set):
                raise self._fail(("foundations", group, "takes"), f"takes {takes_set} cards at once, a run by the "
                                 f"pile's build rule; expected a build rule and a length that is a multiple of "
                                 f"{takes_set}")
            worry = spec.get("worry", False)
            worry_when = (self._condition(("foundations", group, "worry", "when"), worry["when"])
                          if isinstance(worry, dict) and "when" in worry else None)
            keep_base = isinstance(worry, dict) and bool(worry.get("keep_base", False))
            transfer = spec.get("transfer", False)
            if isinstance(transfer, dict) and transfer.get("keep_base") and worry and not keep_base:
                # The first card staying is the pile's (PySolFC's min_cards=1), for every move off it.
                raise self._fail(("foundations", group, "transfer", "keep_base"), "keeps the pile's first "
                                 "card from other foundations but lets it come back to the layout; expected "
                                 "worry: {keep_base: true} as well")
            keep_base = keep_base or isinstance(transfer, dict) and bool(transfer.get("keep_base", False))
            at_once = bool(spec.get("at_once", False))
            if at_once and not takes_run:
                raise self._fail(("foundations", group, "at_once"), "at_once sends finished runs up by "
                                 "themselves; expected takes: run with it")
            if takes_run and length != 13:
                raise self._fail(("foundations", group, "takes"), "a foundation that takes a whole run "
                                 "takes a full suit of 13; expected length: 13")
            indices = []
            for i in range(int(spec["count"])):
                number += 1
                f = self._add_pile(f"foundation:{number}", group, "foundation")
                if suit_list is not None:
                    try:
                        suit = cards.SUITS.index(str(suit_list[i]).upper())
                    except ValueError:
                        raise self._fail(("foundations", group, "suits", i), f"not a suit: {suit_list[i]!r}; "
                                         "expected one of C D H S") from None
                else:
                    suit = i % 4 if suits_word == "fixed" else -1
                self.f_spec[f] = FoundationSpec(
                    number=f, name=self.pile_names[f], group=group, length=length, ranks=ranks, suit=suit,
                    regardless=suits_word == "regardless" or build is not None and build.suit == "any",
                    build=build, base=base, step=step, wrap=wrap, dealt=spec["start"] == "dealt",
                    takes_run=takes_run, worry=bool(worry), worry_when=worry_when,
                    transfer=bool(transfer), deal_bases=bool(spec.get("deal_bases", False)),
                    run_suit=self._run_suit(group, spec, takes_run),
                    base_from_deal=base_word == "deal", base_first=base_word == "first",
                    base_of=base_of, base_offset=base_offset, listed_from_deal=listed_from_deal,
                    follows_previous=follows == "previous" and i > 0, follows_longest=follows == "longest",
                    shared_suit_order=spec.get("suit_order") == "shared",
                    keep_base=keep_base, either_way=either_way, takes_set=takes_set, set_rule=set_rule,
                    takes_pile=takes_pile,
                    takes_from=(frozenset(self._pile_set(("foundations", group, "takes_from"),
                                                         _names(spec["takes_from"])))
                                if spec.get("takes_from") is not None else None),
                    first_pass_from=self._first_pass_from(group, spec, definition),
                    base_set_by=(frozenset(self._pile_set(("foundations", group, "base_set_by"),
                                                          _names(spec["base_set_by"])))
                                 if spec.get("base_set_by") is not None else None),
                    rank_dealt=spec["start"] == "rank-dealt", at_once=at_once,
                    base_suit_from=self._base_suit_from(group, spec, i),
                    base_rank_from=self._partner(group, spec, i, "base_rank_from"),
                    base_rank_offset=int((spec.get("base_rank_from") or {}).get("offset", 0)),
                    last_from=self._partner(group, spec, i, "last_from"))
                self.foundations.append(f)
                indices.append(f)
            self.groups[f"foundation:{group}"] = indices
        # A group's when: may name other foundation groups (Precedence: the pile before it holds a
        # card), so it is read once every group has its piles.
        for group, raw in self.foundation_specs.items():
            if raw.get("when") is not None:
                for i, f in enumerate(self.groups[f"foundation:{group}"]):
                    # each pile's own: GROUP:same is the pile of its number
                    self._here = (f, i, len(self.groups[f"foundation:{group}"]))
                    takes_when = self._condition(("foundations", group, "when"), raw["when"])
                    self.f_spec[f] = replace(self.f_spec[f], when=takes_when)
                self._here = None
        if not self.foundations and not definition.get("win"):
            raise self._fail(("foundations",), "no foundation piles, and no win: state saying how the game "
                             "is won; expected at least one group, or win:")

    def _listed_sequence(self, group: str, raw: dict[str, Any]) -> tuple[int, ...] | None:
        """``sequence: [6, 5, ..., A, 6, ...]``: a foundation's ranks listed one by one (repeats,
        a turn at the King, a rank left out), instead of base, step and length."""
        if raw.get("sequence") is None:
            return None
        given = [k for k in ("base", "length", "step", "wrap", "build", "takes") if k in raw
                 and not (k == "base" and str(raw[k]).lower() == "deal")]
        if given:
            raise self._fail(("foundations", group, given[0]), "sequence lists every rank already; "
                             "expected no base (but deal), length, step, wrap, build or takes with it")
        try:
            return tuple(cards.parse_rank(r) for r in raw["sequence"])
        except cards.CardError as exc:
            raise self._fail(("foundations", group, "sequence"), str(exc)) from None

    def _run_suit(self, group: str, spec: dict[str, Any], takes_run: bool) -> str:
        """How the cards of a finished run a foundation takes relate by suit: one suit, or
        ``run: {suit: alternate}``, or regardless of suit (``suits: regardless``)."""
        raw = spec.get("run")
        if raw is not None and not takes_run:
            raise self._fail(("foundations", group, "run"), "says what a finished run is, but the group takes "
                             "one card at a time; expected takes: run")
        if raw is not None:
            return raw.get("suit", "same")
        return "any" if takes_run and spec["suits"] == "regardless" else "same"

    def _add_discard(self, group: str, raw: dict[str, Any]) -> None:
        given = [k for k in ("base", "length", "count", "build", "takes", "worry", "step", "wrap", "suits",
                             "start", "transfer") if k in raw]
        if given:
            raise self._fail(("foundations", group, given[0]), "a discard pile takes removed sets in no "
                             "order; expected only discard: true (and a title)")
        f = self._add_pile(f"foundation:{len(self.foundations) + 1}", group, "foundation")
        # Its length is the rest of the pack once the other groups are counted (_check_capacity).
        self.f_spec[f] = FoundationSpec(number=f, name=self.pile_names[f], group=group, length=0,
                                        ranks=None, regardless=True, discard=True)
        self.foundations.append(f)
        self.groups[f"foundation:{group}"] = [f]

    def _sequence(self, group: str, base: int, step: int, length: int, wrap: bool) -> tuple[int, ...]:
        if wrap:
            ranks = tuple((base + step * i) % 13 for i in range(length))
        else:
            ranks = tuple(base + step * i for i in range(length))
            if not all(0 <= r <= 12 for r in ranks):
                room = (12 - base) // step + 1 if step > 0 else base // -step + 1
                raise self._fail(("foundations", group, "length"), "without wrap, "
                                 f"{length} cards from {cards.RANKS[base]} by {step} run past A or K; "
                                 f"expected a length of at most {room}, or wrap: true")
        if len(set(ranks)) != len(ranks):
            raise self._fail(("foundations", group, "length"), "the sequence repeats a rank; "
                             "expected length at most 13 / gcd(step, 13)")
        return ranks

    def _compile_split(self) -> None:
        """``split``: the one group dealt pile by pile in pack order (PySolFC's Der Katzenschwanz,
        Kentish, Salic Law, Xerxes): ``split_before`` a rank whose card starts the next pile,
        ``split_after`` one whose card ends its pile; ``split_first`` / ``split_last``: the
        shuffled pack's last card of a rank goes to its top / bottom before the deal."""
        self.split_piles: tuple[int, ...] = ()
        self.split_before = self.split_after = self.split_first = self.split_last = None
        groups = [g for g, spec in self.group_specs.items() if spec.get("split") is not None]
        if not groups:
            return
        if len(groups) > 1:
            raise self._fail(("piles", groups[1], "split"), f"the pack forms one group's piles, and "
                             f"{groups[0]!r} splits it already; expected split on one group only")
        group = groups[0]
        raw = self.group_specs[group]["split"]
        path = ("piles", group, "split")
        ranks = {}
        for key in ("before", "after", "first", "last"):
            if raw.get(key) is None:
                continue
            try:
                ranks[key] = cards.parse_rank(raw[key])
            except cards.CardError as exc:
                raise self._fail(path + (key,), str(exc)) from None
            if ranks[key] not in self.pack_ranks:
                raise self._fail(path + (key,), f"the pack holds no {cards.RANKS[ranks[key]]}; expected one of "
                                 f"{' '.join(cards.RANKS[r] for r in self.pack_ranks)}")
        if ("before" in ranks) == ("after" in ranks):
            raise self._fail(path, "says neither or both of before and after; expected one: the rank whose "
                             "card starts the next pile (before) or ends its pile (after)")
        if "first" in ranks and "last" in ranks:
            raise self._fail(path + ("last",), "moves a card to the pack's top and another to its bottom; "
                             "expected first or last, not both")
        piles = tuple(self.groups[group])
        rank = ranks.get("before", ranks.get("after"))
        copies = sum(self.copies[c] for c in range(rank, 52, 13))
        # Every card of the rank starts (ends) a pile; the one moved to the top (bottom) does not add one.
        needed = copies + (0 if ranks.get("first", ranks.get("last")) == rank else 1)
        if len(piles) < needed:
            raise self._fail(("piles", group, "count"), f"the pack's {copies} cards of rank {cards.RANKS[rank]} "
                             f"may form {needed} piles, but the group has {len(piles)}; expected at least {needed}")
        self.split_piles = piles
        self.split_before, self.split_after = ranks.get("before"), ranks.get("after")
        self.split_first, self.split_last = ranks.get("first"), ranks.get("last")

    def _compile_stock(self, definition: dict[str, Any]) -> StockSpec:
        raw = definition.get("stock") or {}
        redeals = raw.get("redeals", 0)
        redeals = UNLIMITED if redeals == "unlimited" else int(redeals)
        draw_by_pass = None
        if isinstance(raw.get("draw"), list):   # one number per pass through the stock (Canfield Rush)
            draw_by_pass = tuple(int(n) for n in raw["draw"])
            if redeals == UNLIMITED or len(draw_by_pass) != redeals + 1:
                raise self._fail(("stock", "draw"), f"lists {len(draw_by_pass)} passes; expected one number "
                                 f"per pass through the stock ({'a fixed number of redeals' if redeals == UNLIMITED else redeals + 1})")
            raw = {**raw, "draw": draw_by_pass[0]}
        draw = int(raw.get("draw", 1))
        deal_to: tuple[int, ...] = ()
        if raw.get("deal"):
            deal_to = self._stock_group(("stock", "deal"), raw["deal"])
        to_foundation = None
        only_fills = raw.get("to") == "gaps"
        # A gathering redeal leaves the stock alone, so a stock that only fills gaps may have one (Rainbow Fan).
        if only_fills and (deal_to or (redeals != 0 and raw.get("gather") is None) or raw.get("draw", 1) != 1
                           or raw.get("close_up")):
            raise self._fail(("stock", "to"), "a stock that only fills gaps is never turned or dealt; "
                             "expected no deal, draw, redeals or close_up with to: gaps")
        if raw.get("to", "waste") not in ("waste", "gaps"):
            group = raw["to"]
            piles = self.groups.get(f"foundation:{group}")
            if not piles or len(piles) != 1:
                raise self._fail(("stock", "to"), f"{group!r} is not a foundation group of one pile; "
                                 "expected waste, gaps, or such a group")
            to_foundation = piles[0]
        if raw.get("deal_when") is not None and not raw.get("deal"):
            raise self._fail(("stock", "deal_when"), "says when a row is dealt, but the stock deals no rows; "
                             "expected stock.deal naming a pile group, or no deal_when")
        if int(raw.get("rounds", 1)) != 1 and not deal_to:
            raise self._fail(("stock", "rounds"), "says how many rows one deal puts down, but the stock deals "
                             "no rows; expected stock.deal naming a pile group, or no rounds")
        if raw.get("onto", "every") != "every" and not deal_to:
            raise self._fail(("stock", "onto"), "says which piles a row goes onto, but the stock deals no "
                             "rows; expected stock.deal naming a pile group, or no onto")
        onto_last = raw.get("onto", "every") == "last"
        if onto_last and (set(deal_to) != set(self.split_piles) or self.split_before is None):
            raise self._fail(("stock", "onto"), "last deals onto the last pile a split group has started, "
                             f"but {raw.get('deal')!r} is not split by a rank that starts its piles; expected "
                             "split: {before: RANK} on the group the stock deals to")
        if raw.get("deal_by", "row") == "pile" and int(raw.get("rounds", 1)) == 1:
            raise self._fail(("stock", "deal_by"), "deals each pile its rounds cards before the next, but one "
                             "deal puts one card on a pile; expected rounds: 2 or more with deal_by: pile")
        if onto_last and int(raw.get("rounds", 1)) != 1:
            raise self._fail(("stock", "rounds"), "a stock that deals onto the last pile started deals one "
                             "card a move; expected no rounds")
        if raw.get("onto") == "gaps-first" and (raw.get("deal_when", "always") != "always"
                                                or int(raw.get("rounds", 1)) != 1):
            raise self._fail(("stock", "onto"), "gaps-first deals onto the gaps when there are any, but "
                             "deal_when or rounds says otherwise; expected no deal_when and no rounds with it")
        deal_skip = raw.get("skip", "")
        skip_rule = self.piles[deal_to[0]].run_rule if deal_skip and deal_to else None
        if deal_skip and (skip_rule is None or onto_last or raw.get("onto", "every") != "every"):
            raise self._fail(("stock", "skip"), f"skips the piles that hold a run from a King, but "
                             f"{raw.get('deal')!r} has no run rule or the row goes onto other piles; expected "
                             "stock.deal naming a group with moves: run, and no onto")
        drop_onto: tuple[int, ...] = ()
        if raw.get("drop_onto") is not None:
            drop_onto = self._stock_group(("stock", "drop_onto"), raw["drop_onto"])
            if (not deal_to or len(drop_onto) != len(deal_to) or set(drop_onto) & set(deal_to)
                    or any(raw.get(k) is not None for k in ("deal_when", "onto", "rounds", "last_row_to", "gather"))
                    or redeals != 0):
                raise self._fail(("stock", "drop_onto"), "drops each pile the stock deals to onto the pile of "
                                 "the same number in another group; expected stock.deal naming a group of as "
                                 "many piles, and no deal_when, onto, rounds, last_row_to, gather or redeals")
        if onto_last and redeals != 0:
            raise self._fail(("stock", "redeals"), "a stock that deals onto the piles it forms is dealt once; "
                             "expected redeals: 0")
        if raw.get("shuffle") and not (deal_to and redeals != 0):
            raise self._fail(("stock", "shuffle"), "shuffles the cards a redeal gathers into a stock that "
                             "deals rows, but this stock has no such redeal; expected stock.deal and redeals "
                             "(or gather: {shuffle: true} for a redeal of the layout)")
        if deal_to and raw.get("draw", 1) != 1:
            raise self._fail(("stock", "draw"), "a stock that deals rows onto piles turns no cards onto a "
                             "waste, so draw would do nothing; expected draw: 1 (or no stock.deal)")
        if len(self.waste_piles) > 1 and (redeals != 0):
            raise self._fail(("stock", "redeals"), "several waste piles cannot be turned over into one "
                             "stock; expected redeals: 0")
        if len(self.waste_piles) > 1 and draw != 1:
            raise self._fail(("stock", "draw"), "with waste piles the player chooses, each turn places "
                             "one card; expected draw: 1")
        close_up: tuple[int, ...] = ()
        if raw.get("close_up") is not None:
            close_up = self._stock_group(("stock", "close_up", "group"), raw["close_up"]["group"])
            if deal_to or to_foundation is not None or redeals != 0 or raw.get("draw", 1) != 1:
                raise self._fail(("stock", "close_up"), "a stock that closes up gaps turns no card onto a "
                                 "waste and deals no rows; expected no deal, to, draw or redeals with it")
        top_up: tuple[int, ...] = ()
        if raw.get("top_up") is not None:
            top_up = self._stock_group(("stock", "top_up", "group"), raw["top_up"]["group"])
            if deal_to or to_foundation is not None or close_up or only_fills or raw.get("draw", 1) != 1 \
                    or redeals != 0 or len(self.waste_piles) != 1:
                raise self._fail(("stock", "top_up"), "tops piles up from a stock otherwise turned one card at "
                                 "a time onto one waste, with no redeal; expected no deal, to, close_up, draw "
                                 "or redeals with it")
        gather: tuple[int, ...] = ()
        one_pile = (raw.get("gather") or {}).get("one_pile", "")
        if raw.get("gather") is not None:
            gather = self._stock_group(("stock", "gather", "group"), raw["gather"]["group"])
            if one_pile:
                given = [k for k in ("per_pile", "shuffle", "deal", "face_up", "keep", "gaps")
                         if raw["gather"].get(k) is not None]
                if given:
                    raise self._fail(("stock", "gather", given[0]), "one_pile deals the one pile it picks up "
                                     "from itself on, face up; expected no per_pile, shuffle, deal, face_up, "
                                     "keep or gaps with it")
                if redeals == UNLIMITED or redeals > len(gather) or (deal_to and set(deal_to) != set(gather)):
                    raise self._fail(("stock", "gather", "one_pile"), f"picks up one pile of {len(gather)} a "
                                     "redeal, each once; expected at most as many redeals as piles, and "
                                     "stock.deal (if any) naming the same group")
            # a stock that deals rows may redeal by a gather of its own group once it is empty, picked
            # up one pile (Matrimony) or all dealt out again (Louis)
            deals_same = deal_to and set(deal_to) == set(gather)
            gathers_after_deal = deals_same and (one_pile or raw["gather"].get("deal") in ("rows", "stairs"))
            if (deal_to and not gathers_after_deal) or to_foundation is not None or close_up \
                    or raw.get("draw", 1) != 1:
                raise self._fail(("stock", "gather"), "a redeal that gathers the layout has no stock to turn or "
                                 "deal; expected no deal, to (but gaps), draw or close_up with it (or stock.deal "
                                 "naming the same group, with one_pile or deal: rows or stairs)")
        turn_up: tuple[int, ...] = ()
        if raw.get("turn_up") is not None:
            path = ("stock", "turn_up")
            turn_up = self._stock_group(path, raw["turn_up"])
            if deal_to or to_foundation is not None or close_up or gather or raw.get("draw", 1) != 1:
                raise self._fail(path, "a player's turn-up has no stock to turn or deal; expected no deal, to, "
                                 "draw, close_up or gather with it")
            if not self.group_specs[raw["turn_up"]].get("on_take") == "turn-up":
                raise self._fail(path, f"turns up cards of {raw['turn_up']}, whose piles turn up none of "
                                 "their own; expected a group with on_take: turn-up")
            if redeals == 0:
                raise self._fail(path, "counts its turn-ups by redeals, and there are none; expected "
                                 "redeals: 1 or more")
        keep_ranks: tuple[int, ...] = ()
        gather_rows: tuple[tuple[int, ...], ...] = ()
        raw_gather = raw.get("gather") or {}
        if raw_gather.get("keep") is not None:
            path = ("stock", "gather", "keep")
            if not raw_gather.get("shuffle"):
                raise self._fail(path, "the cards a redeal gathers out of the rows' runs are dealt back "
                                 "shuffled; expected shuffle: true with keep")
            if raw_gather.get("per_pile") is not None:
                raise self._fail(("stock", "gather", "per_pile"), "with keep, each gathered card goes back to a "
                                 "place one left, one to a place; expected no per_pile")
            group = raw_gather["group"]
            gather_rows = self._rows(group)
            keep_ranks = self._run_ranks(path + ("runs_from",), raw_gather["keep"]["runs_from"], None,
                                         self._columns(group))
        elif raw_gather.get("gaps") is not None:
            raise self._fail(("stock", "gather", "gaps"), "says which places a redeal that keeps the rows' runs "
                             "leaves empty, but nothing is kept; expected keep: {runs_from: RANK}")
        gather_deal = raw_gather.get("deal", "")
        if gather_deal:
            path = ("stock", "gather", "deal")
            if raw_gather.get("per_pile") is not None or raw_gather.get("keep") is not None:
                raise self._fail(path, f"{gather_deal} says how the gathered cards are dealt out again; expected "
                                 "no per_pile and no keep with it")
            if gather_deal == "bottom-to-top" and (raw_gather.get("shuffle") or raw_gather.get("face_up")):
                raise self._fail(path, "bottom-to-top turns each pile's bottom card to its top, the rest as it "
                                 "lies; expected no shuffle and no face_up with it")
        if raw_gather.get("from_top") and gather_deal not in ("rows", "stairs", "again"):
            raise self._fail(("stock", "gather", "from_top"), "says in which order the gathered piles are dealt "
                             "out again, and this redeal deals none out in rows; expected deal: rows, stairs "
                             "or again")
        if raw_gather.get("face_up") is not None and (gather_deal == "again" or raw_gather.get("keep") is not None):
            raise self._fail(("stock", "gather", "face_up"), "the cards go back face up as the deal or the kept "
                             "places say; expected no face_up with deal: again or keep")
        if gather_deal == "again" and gather and any(self.piles[p].faces for p in gather):
            raise self._fail(("stock", "gather", "deal"), "again deals the face-down rows and then the face-up "
                             "ones; expected piles dealt with face_up or face_down, not faces")
        with_stock = bool(raw_gather.get("with_stock", False))
        if with_stock:
            given = [k for k in ("deal", "keep", "one_pile", "face_up") if raw_gather.get(k) is not None]
            if given or not raw_gather.get("shuffle") or not only_fills:
                raise self._fail(("stock", "gather", "with_stock"), "shuffles the stock's cards with the "
                                 "piles' and deals per_pile to each pile in turn, the rest back into the stock; "
                                 "expected shuffle: true, stock.to: gaps, and no deal, keep, one_pile or "
                                 "face_up with it")
        gather_to_stock = bool(deal_to) and redeals != 0 and not gather
        if gather_to_stock and (gather or raw.get("deal_when", "always") != "always"):
            raise self._fail(("stock", "redeals"), "a stock that deals rows redeals by gathering the piles it "
                             "deals to; expected no gather and no deal_when with it")
        last_row_to: tuple[int, ...] = ()
        if raw.get("last_row_to") is not None:
            path = ("stock", "last_row_to")
            names = raw["last_row_to"] if isinstance(raw["last_row_to"], list) else [raw["last_row_to"]]
            last_row_to = tuple(self._pile_set(path, names))
            if any(self.pile_kind[p] in ("stock", "waste") for p in last_row_to) or len(set(last_row_to)) != len(last_row_to):
                raise self._fail(path, "names the stock, the waste or a pile twice; expected layout piles, "
                                 "each once")
            if not deal_to or set(last_row_to) == set(deal_to) or redeals != 0 or onto_last:
                raise self._fail(path, "deals the stock's last cards onto other piles than its rows; expected "
                                 "stock.deal (not onto: last), no redeals, and piles other than the rows' own")
        narrows = bool(raw.get("narrows", False))
        if narrows and (not gather_to_stock or redeals == UNLIMITED or redeals >= len(deal_to)):
            raise self._fail(("stock", "narrows"), "deals each pass's rows onto one pile fewer of the piles a "
                             "redeal gathers; expected stock.deal with fewer redeals than it has piles")
        last_row_at_once = bool(raw.get("last_row_at_once", False))
        if last_row_at_once and not last_row_to:
            raise self._fail(("stock", "last_row_at_once"), "says the stock's last cards go onto the "
                             "last_row_to piles with the row before them, and there are none; expected "
                             "stock.last_row_to")
        deals_per_round = int(raw.get("deals_per_round", 0))
        if deals_per_round and (not gather_to_stock or onto_last or int(raw.get("rounds", 1)) != 1
                                or last_row_to or drop_onto or deal_skip):
            raise self._fail(("stock", "deals_per_round"), "counts the rows a stock deals between its redeals; "
                             "expected stock.deal with redeals, one row a deal, and no onto: last, last_row_to, "
                             "drop_onto or skip")
        if raw.get("gather_from", "first") != "first" and not gather_to_stock:
            raise self._fail(("stock", "gather_from"), "says which pile a redeal gathers into the stock first, "
                             "but this stock has no such redeal; expected stock.deal and redeals, or no gather_from")
        face_up = bool(raw.get("face_up", False))
        if face_up and (deal_to or to_foundation is not None):
            raise self._fail(("stock", "face_up"), "a face-up stock lies beside a waste; expected a stock "
                             "turned onto the waste (no deal, no to)")
        return StockSpec(draw=draw, redeals=redeals, deal_to=deal_to,
                         deal_needs_no_gap=raw.get("deal_when", "always") == "no-gap",
                         deal_needs_all_empty=raw.get("deal_when", "always") == "all-empty",
                         deal_onto_held=raw.get("onto", "every") == "non-empty",
                         deal_onto_gaps_first=raw.get("onto", "every") == "gaps-first",
                         deal_rounds=int(raw.get("rounds", 1)),
                         deal_by_pile=raw.get("deal_by", "row") == "pile",
                         deal_onto_last=onto_last, drop_onto=drop_onto,
                         deal_skip=deal_skip, skip_rule=skip_rule, split_before=self.split_before,
                         to_foundation=to_foundation, face_up=face_up, close_up=close_up,
                         close_up_at_once=bool(close_up) and bool(raw["close_up"].get("at_once", False)),
                         only_fills=only_fills, gather=deal_to if gather_to_stock else gather, turn_up=turn_up,
                         per_pile=int(raw["gather"].get("per_pile", 4)) if gather else 0,
                         shuffle=(bool(raw.get("shuffle", False)) if gather_to_stock else
                                  bool(gather) and bool(raw["gather"].get("shuffle", False))),
                         gather_to_stock=gather_to_stock, draw_by_pass=draw_by_pass,
                         gather_last_first=raw.get("gather_from", "first") == "last", last_row_to=last_row_to,
                         last_row_at_once=last_row_at_once, narrows=narrows, deals_per_round=deals_per_round,
                         keep_ranks=keep_ranks, gather_rows=gather_rows,
                         gaps=raw_gather.get("gaps", "after-run"), gather_deal=gather_deal,
                         gather_face_up=int(raw_gather.get("face_up", 0)),
                         gather_pattern=(tuple((self.piles[p].face_down, self.piles[p].cards) for p in gather)
                                         if gather_deal == "again" else ()), gather_one_pile=one_pile,
                         gather_from_top=bool(raw_gather.get("from_top", False)),
                         gather_with_stock=with_stock,
                         top_up=top_up, top_up_cards=int(raw["top_up"]["cards"]) if top_up else 0,
                         when=self._condition(("stock", "when"), raw["when"]) if raw.get("when") else None)

    def _compile_waste_fill(self) -> None:
        """``waste: {fill: [stock]}``: the moment the waste becomes empty, one draw of the stock is
        turned onto it (PySolFC's Terrace.fillStack; Noumea's three cards), also when the waste's
        last card has just filled a gap. A redeal leaves the waste empty until the next turn, as
        PySolFC's redeal fills nothing."""
        fill = self.waste_spec.get("fill", "never")
        self.waste_refills = fill != "never" and bool(fill)
        if not self.waste_refills:
            return
        path = ("waste", "fill")
        spec = self.stock_spec
        if spec.deal_to or spec.to_foundation is not None or spec.close_up or spec.only_fills or spec.gather:
            raise self._fail(path, "fills the waste from the stock, but the stock is not turned onto the waste; "
                             "expected a stock turned onto one waste pile")
        if len(self.waste_piles) > 1 or spec.draw_by_pass:
            raise self._fail(path, "turns one draw of the stock onto the waste whenever it empties; expected "
                             "one waste pile and one draw for every pass (not a list)")

    def _compile_opening_card(self, definition: dict[str, Any]) -> None:
        """``opening_card``: the game opens with a card played from the piles of ``from`` onto a
        foundation, and nothing else moves until then; that move then deals one stock card into
        every empty pile of each group of ``deal`` in turn (``waste``: turns the stock once)
        (PySolFC's Terrace: getState 0). ``opening_from``: those piles (``None``: no opening card);
        ``opening_deal``: per entry, its piles and whether it is the waste's turn."""
        raw = definition.get("opening_card")
        self.opening_from: frozenset[int] | None = None
        self.opening_deal: tuple[tuple[tuple[int, ...], bool], ...] = ()
        if raw is None:
            return
        path = ("opening_card",)
        self.opening_from = frozenset(self._pile_set(path + ("from",), _names(raw["from"])))
        deal = []
        turns_to_waste = not (self.stock_spec.deal_to or self.stock_spec.to_foundation is not None
                              or self.stock_spec.close_up or self.stock_spec.only_fills or self.stock_spec.gather)
        for i, group in enumerate(raw.get("deal") or []):
            if group == "waste":
                if not turns_to_waste or len(self.waste_piles) > 1:
                    raise self._fail(path + ("deal", i), "turns the stock onto the waste, but this stock is "
                                     "not turned onto one waste pile; expected layout pile groups only")
                deal.append(((self.waste,), True))
            elif group in self.group_specs:
                deal.append((tuple(self.groups[group]), False))
            else:
                known = list(self.group_specs) + ["waste"]
                raise self._fail(path + ("deal", i), f"unknown pile group {group!r}{suggest(group, known)}; "
                                 f"expected one of {', '.join(known)}")
        self.opening_deal = tuple(deal)
        filled_early = [spec.group for spec in self.f_spec.values()
                        if spec.dealt or spec.rank_dealt or spec.base_from_deal or spec.deal_bases]
        if filled_early or definition.get("deal_to_foundations"):
            raise self._fail(path, "the game opens with the first card played to a foundation, but the deal puts "
                             "cards there already; expected foundations that start empty")
        for spec in self.f_spec.values():
            if (spec.worry or spec.transfer) and not spec.keep_base:
                field = "worry" if spec.worry else "transfer"
                raise self._fail(("foundations", spec.group, field), "the opening card could leave the "
                                 f"foundations and open the game again; expected {field}: {{keep_base: true}} with "
                                 "opening_card")

    def _compile_deal_up(self, onto) -> None:
        """``deal_to_foundations``: cards that go up during the deal. ``true``: any that fits, as it
        is dealt, its pile's turn passing (Citadel); a list: only those ranks (Troika); an object
        also says when (after each row: Carre Napoleon's _fillOne), whether the pile waits for the
        next card (Dieppe, Frog), and whether the stock's deals do it too (Die Koenigsbergerin)."""
        spec = onto if isinstance(onto, dict) else {}
        ranks = onto if isinstance(onto, list) else spec.get("ranks")
        # Only cards of these ranks go up during the deal (Troika's Aces); None: any that fits.
        self.deal_up_ranks = frozenset(cards.parse_rank(r) for r in ranks) if ranks else None
        after_rows = spec.get("when") == "after-each-row"
        # Cards go up as they come off the pack (Citadel, Dieppe).
        self.deal_to_foundations = bool(onto) and not after_rows
        # After each row of the deal, a dealt pile's top card that fits goes up, again until none does.
        self.deal_up_after_rows = after_rows
        # The pile whose turn it was takes the next card instead of nothing (Dieppe, Frog).
        self.deal_up_waits = spec.get("turn") == "waits"
        # The stock's row deals send such cards up too, the pile taking the next card.
        self.stock_deal_up = bool(spec.get("stock"))
        path = ("deal_to_foundations",)
        if after_rows and ("turn" in spec or self.stock_deal_up):
            field = "turn" if "turn" in spec else "stock"
            raise self._fail(path + (field,), "cards go up after each row, from the piles' tops, so no pile's "
                             "turn is taken and the stock is not dealt so; expected when: dealt with " + field)
        if self.stock_deal_up and not self.deal_up_waits:
            raise self._fail(path + ("stock",), "a stock deal sends cards up only with the pile waiting for the "
                             "next card; expected turn: waits")
        stock_fills = any(self.stock in sources for sources in self.fill)
        if self.stock_deal_up and not (self.stock_spec.deal_to or stock_fills or self.stock_spec.gather_with_stock):
            raise self._fail(path + ("stock",), "this stock deals no rows onto the layout, fills no gaps and "
                             "redeals nothing; expected stock: {deal: GROUP}, a fill from the stock or "
                             "gather: {with_stock: true}")
        if onto and self.suit_dealt:
            raise self._fail(path, "a group dealt by suit (rank) takes every card left, each onto the pile of its "
                             "suit (rank); expected no deal_to_foundations with deal_by: {suit} or {rank}")
        if self.deal_up_waits and self.split_deals_rest:
            raise self._fail(path + ("turn",), "a split group takes the rest of the pack pile by pile, so no "
                             "pile waits for a card; expected turn: passes")

    def _base_suit_from(self, group: str, spec: dict[str, Any], i: int) -> int | None:
        """``base_suit_from: GROUP``: the pile of GROUP with the number of the group's pile ``i``
        (from 0), whose bottom card's suit the pile's first card must have (Glencoe)."""
        partner = self._partner(group, spec, i, "base_suit_from")
        if partner is not None and (spec.get("suits", "fixed") == "fixed" or isinstance(spec.get("suits"), list)
                                    or spec.get("start", "found") != "found"):
            raise self._fail(("foundations", group, "base_suit_from"), "lets a pile of the layout choose each "
                             "pile's suit, and the group's suits are fixed or its bases set out; expected suits: "
                             "any or regardless, start: found")
        return partner

    def _partner(self, group: str, spec: dict[str, Any], i: int, field: str) -> int | None:
        """The pile of the layout group a foundation field names (``base_suit_from: GROUP``,
        ``base_rank_from: {group: GROUP}``, ``last_from: GROUP``) with the number of the
        group's pile ``i`` (from 0)."""
        name = spec.get(field)
        if name is None:
            return None
        path = ("foundations", group, field)
        if isinstance(name, dict):
            name = name["group"]
            path += ("group",)
            if spec.get("base") != "any" or spec.get("build") is None or spec.get("start", "found") != "found":
                raise self._fail(path[:-1], "lets a pile of the layout choose each pile's first rank; expected "
                                 "base: any with a build rule, start: found")
        if name not in self.group_specs:
            raise self._fail(path, f"unknown pile group {name!r}{suggest(name, self.group_specs)}; expected "
                             f"a layout group: {', '.join(self.group_specs) or '(none)'}")
        if len(self.groups[name]) < int(spec["count"]):
            raise self._fail(path, f"pairs each of the {spec['count']} piles with the pile of {name} of its "
                             f"number, and {name} has {len(self.groups[name])}; expected at least as many")
        return self.groups[name][i]

    def _stock_group(self, path: tuple, group: str) -> tuple[int, ...]:
        """The piles of the layout group a stock rule names (deal, close_up, gather)."""
        if group not in self.group_specs:
            raise self._fail(path, f"unknown pile group {group!r}{suggest(group, self.group_specs)}; "
                             f"expected one of {', '.join(self.group_specs) or '(no pile groups)'}")
        return tuple(self.groups[group])

    def set_setout(self, setout: list[tuple[int, int]], who: str) -> None:
        """Replace the cards set out before the deal (a plugin's ``patience_prepare_pack``)."""
        used: dict[int, int] = {}
        placed: dict[int, int] = {}
        for pile, card in setout:
            used[card] = used.get(card, 0) + 1
            if used[card] > self.copies[card]:
                raise VariantError(f"{who}: sets out {used[card]} x {cards.card_name(card)}; "
                                   f"the pack has {self.copies[card]}")
            if self.is_foundation[pile]:
                n = placed.get(pile, 0)
                placed[pile] = n + 1
                ranks = self.f_rank_at[pile]
                if n >= self.f_length[pile] or not ranks or cards.rank_of(card) != ranks[n] or \
                        (self.f_suit[pile] >= 0 and cards.suit_of(card) != self.f_suit[pile]):
                    raise VariantError(f"{who}: sets out {cards.card_name(card)} on {self.pile_names[pile]}, "
                                       f"out of that foundation's sequence")
        self.setout = list(setout)
        if self.rank_dealt:
            self._check_rank_dealt_room()
        self.n_shuffled = self.n_cards - len(self.setout)
        self.n_dealt = self.n_shuffled - self.rank_set_out - len(self.shuffled_bases)
        if len(self.deal_targets) > self.n_dealt:
            raise VariantError(f"{who}: sets out {len(self.setout)} cards; the layout then lacks "
                               f"{len(self.deal_targets) - self.n_dealt} cards")

    def _compile_setout(self) -> None:
        """Base cards set out before the deal: taken from the first decks, never after shuffling."""
        self.setout: list[tuple[int, int]] = []
        # Piles built by a rule from any first card (base: any) whose base the shuffle chooses:
        # the first card of the pile's suit in the shuffled pack (PySolFC's Ants and Uintah).
        self.shuffled_bases: list[int] = []
        used: dict[int, int] = {}
        any_suit = 0
        for f in self.foundations:
            spec = self.f_spec[f]
            if not spec.dealt:
                continue
            first_rank = spec.ranks[0] if spec.ranks is not None else spec.base
            if first_rank is None and spec.build is not None:
                self.shuffled_bases.append(f)
                continue
            if first_rank is None:
                raise self._fail(("foundations", spec.group, "start"), "only a foundation with a fixed "
                                 "base rank, or one built by a rule from any card, can have its base set "
                                 "out; expected start: found")
            suit = spec.suit
            if suit < 0:
                suit = self.pack_suits[any_suit % len(self.pack_suits)]
                any_suit += 1
            card = cards.make(first_rank, suit)
            used[card] = used.get(card, 0) + 1
            if used[card] > self.copies[card]:
                raise self._fail(("foundations", spec.group, "start"), "dealt bases need "
                                 f"{used[card]} x {cards.card_name(card)}, the pack has {self.copies[card]}")
            self.setout.append((f, card))
        for name, text in (self.definition.get("setout") or {}).items():
            path = ("setout", name)
            p = self.pile_names.index(name) if name in self.pile_names else -1
            if p < 0 or self.piles[p] is None:
                layout = [self.pile_names[q] for q in self._layout()]
                raise self._fail(path, f"{name!r} is not a layout pile{suggest(name, layout)}; expected one such as "
                                 f"{layout[0] if layout else 'grid:1'} (a foundation's bases: start: dealt)")
            try:
                card = cards.parse_card(str(text))
            except cards.CardError as exc:
                raise self._fail(path, str(exc)) from None
            used[card] = used.get(card, 0) + 1
            if used[card] > self.copies[card]:
                raise self._fail(path, f"sets out {used[card]} x {cards.card_name(card)}; the pack has "
                                 f"{self.copies[card]}")
            self.setout.append((p, card))

    def _compile_pack_order(self, definition: dict[str, Any]) -> None:
        """What the shuffle guarantees about the order of the pack, besides being random.

        ``deal_last``: cards moved to the bottom of the shuffled pack, so dealt last (PySolFC's
        _shuffleHookMoveToBottom: All in a Row's Ace of spades); ``deal_first``: to its top, so
        dealt first (_shuffleHookMoveToTop; Royal Marriage's Queen of hearts). ``distinct_ranks``: the first
        ``runs`` runs of ``cards`` cards hold no two cards of one rank (PySolFC's
        Nestor._shuffleHook), ``(cards, runs)`` or None."""
        # deal_first: [{rank: R}, ...]: the card of each rank nearest the pack's bottom goes to its
        # top, in the order listed (PySolFC's VirginiaReel._shuffleHook scans from the bottom).
        raw_first = definition.get("deal_first") or ()
        # deal_first: [{ranks: [...], unless_in_first: N}]: a card of these ranks nearest the bottom
        # goes to the top unless the first N cards hold one (PySolFC's Tournament._shuffleHook).
        self.deal_first_unless: tuple[frozenset[int], int] | None = None
        unless = [item for item in raw_first if isinstance(item, dict) and "ranks" in item]
        if unless:
            if len(raw_first) != 1 or definition.get("deal_last"):
                raise self._fail(("deal_first",), "moves one card of these ranks only when the first cards "
                                 "hold none; expected it as the only deal_first item and no deal_last")
            item = unless[0]
            ranks = set()
            for i, text in enumerate(item["ranks"]):
                try:
                    rank = cards.parse_rank(text)
                except cards.CardError as exc:
                    raise self._fail(("deal_first", 0, "ranks", i), str(exc)) from None
                if rank not in self.pack_ranks:
                    raise self._fail(("deal_first", 0, "ranks", i), f"{cards.RANKS[rank]} is not in the pack; "
                                     "expected a rank the shuffled pack holds")
                ranks.add(rank)
            if item["unless_in_first"] >= self.n_shuffled:
                raise self._fail(("deal_first", 0, "unless_in_first"), f"looks at {item['unless_in_first']} "
                                 f"cards of the {self.n_shuffled} shuffled; expected fewer")
            if self.shuffled_bases or self.rank_dealt or self.split_piles:
                raise self._fail(("deal_first",), "the card dealt first would be taken by a rule that picks "
                                 "cards out of the shuffled pack (start: dealt, start: rank-dealt, split); "
                                 "expected one of them only")
            self.deal_first_unless = (frozenset(ranks), int(item["unless_in_first"]))
            raw_first = ()
            definition = {**definition, "deal_first": ()}
        by_rank = [item for item in raw_first if isinstance(item, dict)]
        self.deal_first_ranks: tuple[int, ...] = ()
        if by_rank:
            if len(by_rank) != len(raw_first) or definition.get("deal_last"):
                raise self._fail(("deal_first",), "picks cards by rank, the ones nearest the pack's bottom; "
                                 "expected only {rank: R} items and no deal_last with them")
            ranks = []
            for i, item in enumerate(by_rank):
                try:
                    rank = cards.parse_rank(item["rank"])
                except cards.CardError as exc:
                    raise self._fail(("deal_first", i, "rank"), str(exc)) from None
                if rank not in self.pack_ranks or rank in ranks:
                    raise self._fail(("deal_first", i, "rank"), f"{cards.RANKS[rank]} is not in the pack or is "
                                     "listed twice; expected each rank once, one the shuffled pack holds")
                ranks.append(rank)
            self.deal_first_ranks = tuple(ranks)
            if self.shuffled_bases or self.rank_dealt or self.split_piles:
                raise self._fail(("deal_first",), "the cards dealt first would be taken by a rule that picks "
                                 "cards out of the shuffled pack (start: dealt, start: rank-dealt, split); "
                                 "expected one of them only")
            definition = {**definition, "deal_first": ()}
        for field in ("deal_first", "deal_last"):
            listed: tuple[int, ...] = ()
            for i, text in enumerate(definition.get(field) or ()):
                path = (field, i)
                try:
                    card = cards.parse_card(text)
                except cards.CardError as exc:
                    raise self._fail(path, str(exc)) from None
                shuffled = self.copies[card] - sum(1 for _p, c in self.setout if c == card)
                if shuffled < 1:
                    raise self._fail(path, f"the shuffled pack holds no {cards.card_name(card)}; expected a "
                                     "card it deals")
                if field == "deal_last" and card in self.deal_first:
                    raise self._fail(path, f"{cards.card_name(card)} is dealt first already (deal_first); "
                                     "expected each card in one of deal_first and deal_last")
                listed += (card,)
            setattr(self, field, listed)
            if listed and (self.shuffled_bases or self.rank_dealt or self.split_piles):
                when = "first" if field == "deal_first" else "last"
                raise self._fail((field,), f"the cards dealt {when} would be taken by a rule that picks "
                                 "cards out of the shuffled pack (start: dealt, start: rank-dealt, split); "
                                 "expected one of them only")
        # Each deck shuffled on its own, one dealt out before the next (PySolFC's shuffleSeparateDecks).
        self.separate_decks = definition.get("shuffle") == "separate-decks"
        if self.separate_decks and self.decks < 2:
            raise self._fail(("shuffle",), "one deck has nothing to keep apart; expected decks: 2 or more, "
                             "or shuffle: whole-pack")
        if self.separate_decks and definition.get("deal_numbers"):
            raise self._fail(("shuffle",), "other programs' deal numbers shuffle the decks together; expected "
                             "no deal_numbers with shuffle: separate-decks")
        raw = definition.get("distinct_ranks")
        self.distinct_ranks: tuple[int, int] | None = None
        if raw:
            size, runs = raw["cards"], raw["runs"]
            if size * runs >= self.n_shuffled:
                raise self._fail(("distinct_ranks",), f"{runs} runs of {size} cards take {size * runs} cards, "
                                 f"and a repeated card is swapped with one after them; expected fewer than "
                                 f"the {self.n_shuffled} cards shuffled")
            if size > len(self.pack_ranks):
                raise self._fail(("distinct_ranks", "cards"), f"{size} cards of distinct ranks, but the pack "
                                 f"has {len(self.pack_ranks)} ranks; expected at most {len(self.pack_ranks)}")
            if (self.shuffled_bases or self.rank_dealt or self.split_piles or self.deal_last or self.deal_first
                    or self.deal_first_ranks or self.deal_first_unless):
                raise self._fail(("distinct_ranks",), "the runs are the first cards of the shuffled pack, and "
                                 "another rule moves cards of it (start: dealt, start: rank-dealt, split, "
                                 "deal_first, deal_last); expected one of them only")
            self.distinct_ranks = (size, runs)

    def _compile_deal(self, definition: dict[str, Any]) -> None:
        """``deal_targets``: the pile each dealt card goes to, in order (row by row within a
        group: every pile that still lacks cards gets one per row)."""
        order = definition.get("deal") or []
        self.deal_targets: list[int] = []
        self.deal_row_ends: list[int] = []   # how many targets are dealt when each row is complete
        self.deal_piles: list[int] = []
        self.deal_face_down: dict[int, int] = {}
        self.split_deals_rest = False   # the split group takes every card the deal has left
        # deal_by: {suit: [...]}: (suit, pile) pairs; the group takes every card the deal has left,
        # each onto the pile of its suit (PySolFC's FourColours.dealOne).
        self.suit_dealt: tuple[tuple[int, int], ...] = ()
        # deal_by: {rank: [...]}: the same pairs, a rank for each pile (Lady of the Manor's reserves)
        self.dealt_by_rank = False
        # A foundation group named in the deal gets one card on its first pile: the card that
        # decides every pile's base (Canfield), or starts a pile built by a rule (Golf).
        base_groups = {spec.group for spec in self.f_spec.values() if spec.base_from_deal and spec.base_of is None}
        # The cards each layout pile still waits for: an entry {across, rows} deals some of a
        # group's rows, and the group (or another entry) deals the rest later.
        to_deal = {p: self.piles[p].cards for g in self.group_specs for p in self.groups[g]}
        for i, group in enumerate(order):
            if isinstance(group, dict):
                self._compile_rows_across(("deal", i), group, to_deal)
                continue
            if group == "waste" and not self.stock_spec.deal_to and self.stock_spec.to_foundation is None:
                self.deal_targets += [self.waste] * self.draw   # a first turn of the stock (Pyramid)
                continue
            if f"foundation:{group}" in self.groups and group not in self.group_specs:
                first = self.groups[f"foundation:{group}"][0]
                spec = self.f_spec[first]
                if not spec.base_from_deal and spec.build is None:
                    raise self._fail(("deal", i), f"foundation group {group!r} has a fixed base, so no "
                                     "card can be dealt onto it; expected base: deal or any (with build)")
                self.deal_targets.append(first)
                continue
            if group not in self.group_specs:
                known = list(self.group_specs) + sorted(base_groups)
                raise self._fail(("deal", i), f"unknown pile group {group!r}"
                                 f"{suggest(group, known)}; expected one of "
                                 f"{', '.join(known) or '(no pile groups)'}")
            piles = self.groups[group]
            self.deal_piles.extend(p for p in piles if p not in self.deal_piles)
            counts = [to_deal[p] for p in piles]
            if tuple(piles) == self.split_piles and not any(counts) and not self.stock_spec.deal_to:
                if i != len(order) - 1:
                    raise self._fail(("deal", i), f"{group!r} is split, so it takes the rest of the pack; "
                                     "expected it last in deal")
                self.split_deals_rest = True
            by = self.group_specs[group].get("deal_by")
            if by in ("pile",) or isinstance(by, dict):
                to_deal.update(dict.fromkeys(piles, 0))
            if isinstance(by, dict):
                self._compile_suit_deal(group, piles, by, i == len(order) - 1)
                continue
            if by == "pile":
                if tuple(piles) == self.split_piles:
                    raise self._fail(("piles", group, "deal_by"), f"{group!r} is split, so the pack forms its "
                                     "piles already; expected deal_by: pile or split, not both")
                for p, n in zip(piles, counts):   # all of a pile's cards before the next pile's (Nestor)
                    self.deal_targets.extend([p] * n)
                    self.deal_row_ends.append(len(self.deal_targets))
                continue
            self._deal_rows(piles, to_deal, None)
        for p, left in to_deal.items():
            if left and p in self.deal_piles:
                raise self._fail(("deal",), f"{self.pile_names[p]} is dealt {self.piles[p].cards - left} of its "
                                 f"{self.piles[p].cards} cards; expected its group listed again in deal for the "
                                 "rest, or fewer cards")
        # every group the deal names, whether alone or in a row across groups
        order = [g for e in order for g in ([e] if isinstance(e, str) else self._across_groups(e))]
        rank_dealt = list(dict.fromkeys(spec.group for spec in self.f_spec.values() if spec.rank_dealt))
        if len(rank_dealt) > 1:
            raise self._fail(("foundations", rank_dealt[1], "start"), "the pack's first card chooses one rank; "
                             f"expected start: rank-dealt on one group only (it is on {rank_dealt[0]!r} already)")
        # start: rank-dealt: the piles of the group whose base the pack's first card chooses.
        self.rank_dealt: tuple[int, ...] = tuple(self.groups[f"foundation:{rank_dealt[0]}"]) if rank_dealt else ()
        for group in base_groups:
            if group in rank_dealt and group in order and order.index(group) != 0:
                raise self._fail(("deal", order.index(group)), f"with start: rank-dealt the pack's first card "
                                 f"chooses the base, so {group!r} gets it first or not at all; expected "
                                 f"{group!r} first in deal, or left out (the first card then starts the layout)")
            if group not in order and group not in rank_dealt:
                raise self._fail(("foundations", group, "base"), "base: deal needs the group in deal "
                                 "(its first pile gets a card, whose rank starts every pile)")
        if self.split_piles and not self.split_deals_rest and not self.stock_spec.deal_onto_last:
            group = self.pile_group[self.split_piles[0]]
            raise self._fail(("piles", group, "split"), f"{group!r} is split, but neither the deal (listing it "
                             "in deal, with no cards) nor the stock (deal: GROUP, onto: last) forms its piles; "
                             "expected one of them")
        if self.split_after is not None and not self.split_deals_rest:
            group = self.pile_group[self.split_piles[0]]
            raise self._fail(("piles", group, "split", "after"), "a stock deals onto the last pile started "
                             "and cannot know where one ended; expected before, or the group dealt the rest "
                             "of the pack")
        for group, spec in self.group_specs.items():
            if any(self.piles[p].cards for p in self.groups[group]) and group not in order:
                raise self._fail(("piles", group, "cards"), f"{spec['cards']} cards per pile "
                                 f"but {group!r} is not in deal; expected it listed in deal")
        # Cards of a rank that move into the places the deal left empty (Blue Moon's Aces).
        self.gap_fillers: list[tuple[tuple[int, ...], int]] = []
        for group, spec in self.group_specs.items():
            if spec.get("fill_dealt_gaps") is None:
                continue
            path = ("piles", group, "fill_dealt_gaps")
            if group not in order:
                raise self._fail(path, f"moves dealt cards, but {group!r} is not dealt; expected it listed in deal")
            try:
                self.gap_fillers.append((tuple(self.groups[group]), cards.parse_rank(spec["fill_dealt_gaps"])))
            except cards.CardError as exc:
                raise self._fail(path, str(exc)) from None
        # The cards of the chosen rank beyond the pack's first card go up before the deal.
        self.rank_set_out = max(sum(self.copies[c] for c in range(r, 52, 13)) for r in self.pack_ranks) - 1 \
            if self.rank_dealt else 0
        if self.rank_dealt and not self.rank_set_out and self.deal_targets[:1] != [self.rank_dealt[0]]:
            raise self._fail(("foundations", self.f_spec[self.rank_dealt[0]].group, "start"), "the pack holds one "
                             "card of each rank, so with the first card dealt to the layout no base would be "
                             "set out; expected the group first in deal")
        if self.rank_dealt:
            self._check_rank_dealt_room()
        self.n_shuffled = self.n_cards - len(self.setout)
        self.n_dealt = self.n_shuffled - self.rank_set_out - len(self.shuffled_bases)
        self._compile_pack_order(definition)
        if len(self.deal_targets) > self.n_dealt:
            raise self._fail(("deal",), f"the layout takes {len(self.deal_targets)} cards "
                             f"but only {self.n_dealt} are dealt")

    def _across_groups(self, entry: dict) -> list[str]:
        names = [entry["across"]] if isinstance(entry["across"], str) else entry["across"]
        return list(dict.fromkeys(self.pile_group[self.pile_names.index(n)] if n in self.pile_names
                                  else n for n in names))

    def _compile_rows_across(self, path: tuple, entry: dict, to_deal: dict[int, int]) -> None:
        """A deal entry ``{across: [GROUPS or PILES], rows: N}``: rows that run across the listed
        groups (or piles) as one, left to right in the order listed, each row giving a card to every
        pile that still waits for one; ``rows`` deals only that many (all the piles' rows without)."""
        names = [entry["across"]] if isinstance(entry["across"], str) else list(entry["across"])
        piles = self._pile_set(path + ("across",), names)
        for p in piles:
            group = self.pile_group[p]
            spec = self.group_specs.get(group, {})
            if p not in to_deal:
                raise self._fail(path + ("across",), f"{self.pile_names[p]} is not a layout pile; expected "
                                 "layout pile groups or piles only")
            if spec.get("deal_by") or tuple(self.groups[group]) == self.split_piles:
                raise self._fail(path + ("across",), f"{group!r} is dealt {'by ' + str(spec['deal_by']) if spec.get('deal_by') else 'split'}, "
                                 "not row by row; expected groups dealt row by row")
        if len(set(piles)) != len(piles):
            raise self._fail(path + ("across",), "names a pile twice; expected each pile once in a row")
        rows = entry.get("rows")
        most = max((to_deal[p] for p in piles), default=0)
        if rows is not None and rows > most:
            raise self._fail(path + ("rows",), f"{rows} rows, but these piles wait for {most} more at most; "
                             f"expected at most {most}")
        if not most:
            raise self._fail(path + ("across",), "these piles have no cards left to deal; expected piles "
                             "that take cards (cards:)")
        self.deal_piles.extend(p for p in piles if p not in self.deal_piles)
        self._deal_rows(piles, to_deal, rows)

    def _deal_rows(self, piles: list[int], to_deal: dict[int, int], rows: int | None) -> None:
        """Rows across ``piles`` in order, each giving a card to every pile that still waits for one."""
        dealt = 0
        while any(to_deal[p] for p in piles) and (rows is None or dealt < rows):
            row = [p for p in piles if to_deal[p]]
            for p in row:
                to_deal[p] -= 1
            self.deal_targets.extend(row)
            self.deal_row_ends.append(len(self.deal_targets))
            dealt += 1

    def _compile_suit_deal(self, group: str, piles: list[int], by: dict, last: bool) -> None:
        """``deal_by: {suit: [...]}`` or ``{rank: [...]}``: one suit (rank) per pile in pile order;
        every suit (rank) of the pack needs a pile, and the group, dealt last, takes the rest of the
        pack so the stock gets nothing."""
        key = "rank" if "rank" in by else "suit"
        path = ("piles", group, "deal_by", key)
        if key == "rank":
            try:
                keys = [cards.parse_rank(r) for r in by["rank"]]
            except cards.CardError as exc:
                raise self._fail(path, str(exc)) from None
            name, key_of = (lambda k: cards.RANKS[k]), (lambda card: card % 13)
        else:
            keys, name, key_of = self._suit_list(path, by["suit"]), (lambda k: cards.SUITS[k]), (lambda card: card // 13)
        # the suits (ranks) of the cards left once the bases are set out (Lady of the Manor's Aces)
        left = list(self.copies)
        for _pile, card in self.setout:
            left[card] -= 1
        in_pack = sorted({key_of(card) for card, n in enumerate(left) if n > 0})
        if len(keys) > len(piles):
            raise self._fail(path, f"{len(keys)} {key}s for {len(piles)} piles; expected at most one {key} per pile")
        repeated = next((k for i, k in enumerate(keys) if k in keys[:i]), None)
        if repeated is not None:
            raise self._fail(path, f"{name(repeated)} is listed twice; expected each {key} on one pile")
        missing = [name(k) for k in in_pack if k not in keys]
        if missing:
            raise self._fail(path, f"no pile takes {', '.join(missing)}, which the pack holds; expected every "
                             f"{key} of the pack listed")
        if any(self.piles[p].cards for p in piles) or tuple(piles) == self.split_piles:
            raise self._fail(("piles", group, "deal_by"), f"{group!r} takes every card left, each onto the pile "
                             f"of its {key}, so the group cannot also be dealt cards: or split; expected cards: 0")
        if not last or self.stock_spec.deal_to:
            raise self._fail(("piles", group, "deal_by"), f"{group!r} takes every card the deal has left, so "
                             "nothing is dealt after it and the stock stays empty; expected the group last in "
                             "deal and no stock deal")
        self.deal_piles.extend(piles)
        self.suit_dealt = tuple(zip(keys, piles))
        self.dealt_by_rank = key == "rank"

    def _check_rank_dealt_room(self) -> None:
        """Every card of the chosen rank that goes up needs an empty pile of its suit."""
        group = self.rank_dealt
        spec = self.f_spec[group[0]]
        most = self.rank_set_out + 1
        if len(group) < most:
            raise self._fail(("foundations", spec.group, "count"), f"start: rank-dealt sets out {most} cards of "
                             f"the chosen rank, but the group has {len(group)} piles; expected at least {most}")
        for suit in self.pack_suits:
            need = max(self.copies[suit * 13 + r] for r in self.pack_ranks)
            have = sum(1 for f in group if self.f_spec[f].suit in (-1, suit))
            if have < need:
                raise self._fail(("foundations", spec.group, "count"), f"start: rank-dealt sets out {need} "
                                 f"{cards.SUITS[suit]} of the chosen rank, but {have} pile{'s' if have != 1 else ''} "
                                 f"take{'s' if have == 1 else ''} that suit; expected at least {need}")

    def _check_capacity(self) -> None:
        """Every card of the pack must have exactly one place to end."""
        if self.discard is not None:
            rest = self.n_cards - sum(self.f_spec[f].length for f in self.foundations if f != self.discard)
            self.f_spec[self.discard] = replace(self.f_spec[self.discard], length=rest)
            return  # a discard pile takes what the others do not, in any order
        if not self.foundations:
            return  # a game won in the layout (win:)
        total = sum(self.f_spec[f].length for f in self.foundations)
        if self.win is not None:   # won in the layout: the foundations may hold a part (Montana's Aces)
            if total > self.n_cards:
                raise self._fail(("foundations",), f"capacities add up to {total} cards; expected at most "
                                 f"{self.n_cards}, the whole pack")
            return
        if self.definition.get("capacity") == "meet":
            # Piles that meet (Bisley's Ace and King piles of a suit): room for every card is enough.
            if total < self.n_cards:
                raise self._fail(("capacity",), f"the foundations have room for {total} cards; "
                                 f"expected room for all {self.n_cards}")
            if any(self.f_spec[f].ranks is None for f in self.foundations):
                return  # a pile built by a rule takes any rank the rule lets follow (Binary Star)
            short = [cards.RANKS[r] for r in range(13) if sum(1 for f in self.foundations if self.f_spec[f].ranks
                     and r in self.f_spec[f].ranks) < sum(self.copies[c] for c in range(r, 52, 13))]
            if short:
                raise self._fail(("capacity",), f"no foundation place is left for every card of rank "
                                 f"{', '.join(short)}; expected the piles' sequences to hold each rank "
                                 "as often as the pack does")
            return
        if total != self.n_cards:
            detail = ", ".join(f"{g}: {s['count']} x {s['length']}" for g, s in self.foundation_specs.items())
            raise self._fail(("foundations",), f"capacities add up to {total} cards ({detail}); "
                             f"expected {self.n_cards}, the whole pack of {self.decks} deck{'s' if self.decks != 1 else ''}")
        specs = [self.f_spec[f] for f in self.foundations]
        if any(s.ranks is None for s in specs):
            return  # a rank chosen by the deal or by the top card: no fixed places to count
        for rank in range(13):
            slots = sum(s.ranks.count(rank) for s in specs)
            have = sum(self.copies[c] for c in range(rank, 52, 13))
            fixed = [0, 0, 0, 0]
            for s in specs:
                if s.suit >= 0:
                    fixed[s.suit] += s.ranks.count(rank)
            if slots != have or any(fixed[s] > self.copies[s * 13 + rank] for s in range(4)):
                per_suit = ", ".join(f"{self.copies[s * 13 + rank]} {cards.SUITS[s]}" for s in self.pack_suits)
                raise self._fail(("foundations",), f"the piles take {slots} cards of rank "
                                 f"{cards.RANKS[rank]}; expected {have} ({per_suit})")

    def _check_combinations(self) -> None:
        """Rules that make no sense together, refused with the field that says so."""
        for p in self._layout():
            spec = self.piles[p]
            for s in spec.fill:
                if s == p:
                    raise self._fail(("piles", spec.group, "fill"), "a pile cannot fill itself")
        if self.stock_spec.deal_to and any(self.piles[p].max_cards == 1 for p in self.stock_spec.deal_to):
            raise self._fail(("stock", "deal"), "cannot deal rows onto single-card places")
        chained = [self.piles[p].group for p in self._layout()
                   if any(self.piles[q] is not None and self.piles[q].fill for q in self.piles[p].fill)]
        if chained and self.remove_rules:
            group = chained[0]
            raise self._fail(("piles", group, "fill"), "a gap filled from a pile that fills in turn would need "
                             "that pile refilled after a removal too, which removals do not do; expected no "
                             "remove with it")
        if self.waste_refills and self.remove_rules:
            raise self._fail(("waste", "fill"), "a set removed from a gap the waste fills would need the waste "
                             "refilled in turn, which removals do not do; expected no remove with it")
        for f in self.foundations:
            spec = self.f_spec[f]
            if spec.takes_run and not any(self.piles[p].build is not None for p in self._layout()):
                raise self._fail(("foundations", spec.group, "takes"), "no pile builds runs for it to take; "
                                 "expected a pile group with a build rule")

    def _check_foundation_fit(self) -> None:
        for f in self.foundations:
            spec = self.f_spec[f]
            if spec.worry and not any(self.piles[p].takes_cards for p in self._layout()):
                raise self._fail(("foundations", spec.group, "worry"), "no layout pile takes a card, so "
                                 "nothing can come back from the foundations; expected worry: false")
            if spec.suit >= 0 and spec.suit not in self.pack_suits:
                raise self._fail(("foundations", spec.group, "suits"), f"{spec.name} builds "
                                 f"{cards.SUITS[spec.suit]}, which the pack ({' '.join(cards.SUITS[s] for s in self.pack_suits)}) "
                                 "does not hold; expected suits: any or regardless")

    def _layout(self) -> list[int]:
        return [p for p in range(self.n_piles) if self.piles[p] is not None]

    def _derive_tables(self) -> None:
        """The flat per-pile arrays of the hot paths, all derived from the specs here."""
        n = self.n_piles
        self.access = [ACCESS_NONE] * n
        self.fill: list[tuple[int, ...]] = [()] * n
        # fill_from: fullest: a gap's sources by group, each giving its fullest pile (None: in order)
        self.fill_fullest: list[tuple[tuple[int, ...], ...] | None] = [None] * n
        for p in self._layout():
            self.access[p] = _ACCESS[self.piles[p].access]
            self.fill[p] = self.piles[p].fill
            if self.piles[p].fill_fullest:
                self.fill_fullest[p] = self.piles[p].fill_fullest
        # how many cards fill a gap at once (fill: {from, cards}: Great Wheel's four)
        self.fill_cards = [self.piles[p].fill_cards if self.piles[p] is not None else 1 for p in range(n)]
        self.multi_fills = any(c > 1 for c in self.fill_cards)
        # fill: [next-run]: the next pile of the group whose longest movable run slides into the
        # gap, and so on along the row (Moving Left); -1: none (the group's last pile, or no such fill)
        self.fill_next = [-1] * n
        for group, spec in self.group_specs.items():
            listed = spec.get("fill")
            listed = listed.get("from") if isinstance(listed, dict) else listed
            if isinstance(listed, list) and "next-run" in listed:
                members = self.groups[group]
                for p, q in zip(members, members[1:]):
                    self.fill_next[p] = q
        # fill: {from, replace: true}: every card that leaves the pile is replaced (Knockout)
        self.fill_replaces = [self.piles[p] is not None and self.piles[p].fill_replaces for p in range(n)]
        # fill: [waste, stock-turn]: an empty waste is given one draw first, its top card fills the gap
        self.fill_turns_stock = [self.piles[p] is not None and self.piles[p].fill_turns_stock for p in range(n)]
        self.stock_turn_fills = any(self.fill_turns_stock)
        # A gap filled from a layout pile that fills too: the source, emptied so, is filled in the
        # same move (PySolFC's moveMove calls fillStack on every pile it empties: Twilight Zone's
        # column takes its reserve place's card and the place the waste's, else the stock's).
        layout = set(self._layout())
        self.fill_chains = any(q in layout and self.fill[q] for p in layout for q in self.fill[p])
        if self.waste_refills:   # the stock turns a card onto the emptied waste (waste: {fill: [stock]})
            self.fill[self.waste] = (self.stock,)
        # Gaps that wait for a state before they are filled (fill: {from, when}), in pile order,
        # and the sets that leave by themselves once gathered (remove at_once): what a
        # position settles after every move (Position._aftermath).
        self.fill_when: list[Condition | None] = [None] * n
        for p in self._layout():
            self.fill_when[p] = self.piles[p].fill_when
        self.waiting_fills = tuple(p for p in self._layout() if self.piles[p].fill_when is not None)
        self.sets_at_once = tuple(rule for rule in self.remove_rules if rule.at_once)
        self.gathered_for: dict[int, tuple[RemoveRule, ...]] = {
            p: tuple(rule for rule in self.sets_at_once if p in rule.sources) for p in self._layout()
            if self.piles[p].empty == "set"}
        # Foundations that take finished runs by themselves (at_once: Arachnida), in pile order.
        self.runs_at_once = tuple(f for f in self.foundations if self.f_spec[f].at_once)
        self.layout_piles = tuple(self._layout())
        # Piles whose face-down top card turns up only in a state (turn_when:), settled after every
        # move too; a card turned stays up.
        self.turn_when: list[Condition | None] = [self.piles[p].turn_when if self.piles[p] else None
                                                  for p in range(n)]
        self.waiting_turns = tuple(p for p in self._layout() if self.turn_when[p] is not None)
        # Piles whose face-down card turns up the moment it is exposed (not Clock's, nor these).
        self.turns_when_exposed = [self.turn_when[p] is None and (not self.piles[p] or not self.piles[p].turns_up)
                                   for p in range(n)]
        self.after_move = bool(self.waiting_fills or self.sets_at_once or self.runs_at_once or self.waiting_turns)
        for w in self.waste_piles:
            self.access[w] = _ACCESS[self.waste_spec.get("access", "top")]
        if self.stock_spec.face_up:
            self.access[self.stock] = ACCESS_TOP
        self.is_foundation = [k == "foundation" for k in self.pile_kind]
        # Foundations built by a rank sequence (fixed, or from the dealt base), one card at a
        # time: positions keep ``takers`` up to date incrementally for them.
        self.f_incremental = [self.is_foundation[p] and not self.f_spec[p].takes_run
                              and not self.f_spec[p].either_way and self.f_spec[p].build is None
                              and (self.f_spec[p].ranks is not None or self.f_spec[p].base_from_deal)
                              for p in range(n)]
        self.f_group = {f: self.f_spec[f].group for f in self.foundations}
        self.f_rank_at = {f: self.f_spec[f].ranks for f in self.foundations}
        self.f_length = {f: self.f_spec[f].length for f in self.foundations}
        self.f_suit = {f: self.f_spec[f].suit for f in self.foundations}
        self.f_regardless = {f: self.f_spec[f].regardless for f in self.foundations}
        self.f_dealt = {f: self.f_spec[f].dealt for f in self.foundations}
        self.top_only = [a == ACCESS_TOP for a in self.access]
        # Piles that a card may be moved onto (building, empty places, cells).
        self.receivers = [p for p in self._layout() if self.piles[p].takes_cards]
        self.face_down = [self.piles[p].face_down if self.piles[p] else 0 for p in range(n)]
        # Each dealt card's face where face-up cards lie between face-down ones (Alternation).
        self.face_pattern = [self.piles[p].faces if self.piles[p] else None for p in range(n)]
        self.any_face_pattern = any(self.face_pattern)
        self.any_face_down = any(self.face_down)
        # Piles whose face-down cards turn up only when they take a card (Clock): the rank each
        # keeps (None elsewhere); a card of it turned up stays and the next is turned.
        self.turn_up_rank = [self.piles[p].only_rank if self.piles[p] and self.piles[p].turns_up else None
                             for p in range(n)]
        self.turn_up_piles = tuple(p for p in range(n) if self.turn_up_rank[p] is not None)
        # Piles whose covered card goes to the discard pile when one is put on (Accordion).
        self.discards_on_take = [bool(self.piles[p]) and self.piles[p].discards for p in range(n)]
        # Piles dealt wholly face down that only feed gaps (access: none): they stay face down.
        self.all_face_down = [bool(self.piles[p]) and self.piles[p].access in ("none", "last")
                              and 0 < self.piles[p].cards == self.piles[p].face_down for p in range(n)]
        # ... of which these turn their last card up once it is alone, and it is free (access: last).
        self.turns_up_last = [bool(self.piles[p]) and self.piles[p].access == "last" for p in range(n)]
        # Piles whose top card may lie face down (Clock's, a face-down reserve's): free_cards checks.
        self.may_hide_top = bool(self.turn_up_piles) or any(self.turns_up_last) or bool(self.waiting_turns)
        self.base_from_deal = any(self.f_spec[f].base_from_deal for f in self.foundations)
        # empty: below-base reads the base of the first group whose base the deal chooses, or
        # that a play chooses (base_set_by: the position's chosen_base, Nine Across).
        self.below_base_of = next((f for f in self.foundations
                                   if (self.f_spec[f].base_from_deal and self.f_spec[f].base_of is None)
                                   or self.f_spec[f].base_set_by is not None), None)
        self.base_set_by_play = any(self.f_spec[f].base_set_by is not None for f in self.foundations)
        # Piles whose cards may leave only in a state of the game (free_when:).
        self.free_when = [self.piles[p].free_when if self.piles[p] else None for p in range(n)]
        self.any_free_when = any(self.free_when)
        # Piles dealt wholly face down that wait for their free_when: state: their cards lie face
        # down exactly while it does not hold (King's Secrets' locked cards).
        self.hidden_while_locked = tuple(p for p in range(n) if self.free_when[p] is not None
                                         and 0 < self.piles[p].cards <= self.piles[p].face_down)
        # A dealt card that fits a foundation goes there instead, its pile's turn passing (Citadel).
        onto = self.definition.get("deal_to_foundations", False)
        self._compile_deal_up(onto)
        # Foundations whose base cards go up during the deal, after each row (Thirty-Six).
        self.deal_bases = [f for f in self.foundations if self.f_spec[f].deal_bases]
        def group_of(f: int) -> tuple[int, ...]:
            return tuple(self.groups[f"foundation:{self.f_spec[f].group}"])

        # Groups whose base the first card played chooses: every pile's wanted cards change then.
        self.base_first_piles = {f: group_of(f) for f in self.foundations if self.f_spec[f].base_first}
        # Piles that follow the pile before them (Osmosis): the pile each one watches.
        self.previous_foundation = {f: self.foundations[self.foundations.index(f) - 1]
                                    for f in self.foundations if self.f_spec[f].follows_previous}
        # Piles that follow the longest of their group (Osmium): the group each one watches.
        self.longest_of = {f: group_of(f) for f in self.foundations if self.f_spec[f].follows_longest}
        # Groups whose piles' wanted cards depend on each other (a base chosen by the first card,
        # piles that follow the one before, a direction the first card sets): a change to one
        # pile retargets all of its group.
        linked = {spec.group for spec in self.f_spec.values()
                  if spec.base_first or spec.follows_previous or spec.follows_longest or spec.either_way}
        self.linked_piles = {f: group_of(f) for f in self.foundations if self.f_spec[f].group in linked}
        # Piles that share one order of suits (suit_order: shared, Choice): every such pile of every
        # group watches all the others, so a change to one retargets them all.
        self.suit_order_piles = tuple(f for f in self.foundations if self.f_spec[f].shared_suit_order)
        for f in self.suit_order_piles:
            if f in self.linked_piles:
                raise self._fail(("foundations", self.f_spec[f].group, "suit_order"), "a pile shares one "
                                 "order of suits with the others, and its group's piles already follow each "
                                 "other another way; expected no base: first, follows or direction with it")
            self.linked_piles[f] = self.suit_order_piles
        # What each receiving pile takes on each top card, and when empty (legal.pile_moves).
        self.max_cards = [self.piles[p].max_cards if self.piles[p] else None for p in range(n)]
        self.accepts_on: dict[int, list[tuple[int, ...]]] = {}
        self.accepts_on_alone: dict[int, list[tuple[int, ...]]] = {}
        self.accepts_empty: dict[int, tuple[int, ...]] = {}
        self.accepts_below_base: dict[int, tuple[tuple[int, ...], ...]] = {}
        self.accepts_otherwise: dict[int, tuple[int, ...]] = {}   # empty: {otherwise: RANK|any}
        self.accepts_any: dict[int, tuple[int, ...]] = {}   # every card the pile may ever take
        pack_codes = [c for c in range(52) if self.copies[c]]
        for p in self.receivers:
            spec = self.piles[p]
            build = spec.build
            codes = [c for c in pack_codes if spec.only_suit in (None, c // 13) and spec.only_rank in (None, c % 13)
                     and c // 13 not in spec.refused_suits
                     and spec.only_colour in (None, "red" if cards.is_red(c) else "black")]
            self.accepts_any[p] = tuple(codes)
            self.accepts_on[p] = [tuple(c for c in codes if build is not None and build.follows(top, c))
                                  for top in range(52)]
            if spec.build_or_when is not None:   # what the first rule alone takes, out of the or's state
                alone = build.alone()
                self.accepts_on_alone[p] = [tuple(c for c in codes if alone.follows(top, c)) for top in range(52)]
            empty = spec.empty
            ranks = empty if isinstance(empty, tuple) else (empty,)
            self.accepts_empty[p] = (tuple(codes) if empty == "any" else ()
                                     if empty in ("none", "below-base", "base") else
                                     tuple(c for c in codes if c % 13 in ranks))
            other = spec.empty_otherwise
            if isinstance(other, int) or other == "any":
                self.accepts_otherwise[p] = tuple(c for c in codes if other == "any" or c % 13 == other)
            if {empty, other} & {"below-base", "base"}:   # what the gap takes once the deal has chosen the base
                self.accepts_below_base[p] = tuple(tuple(c for c in codes if c % 13 == r) for r in range(13))
        # Gaps judged by the cards beside them (Montana): per such place, each place beside it
        # with, for every card lying there, the cards the gap takes.
        fits: dict[NeighbourRule, list[tuple[int, ...]]] = {}
        self.gap_fits: dict[int, tuple[tuple[int, list[tuple[int, ...]]], ...]] = {}
        for p in self.receivers:
            for _q, rule in self.piles[p].beside:
                if rule not in fits:
                    fits[rule] = [tuple(c for c in pack_codes if rule.fits(top, c)) for top in range(52)]
            if self.piles[p].beside:
                self.gap_fits[p] = tuple((q, fits[rule]) for q, rule in self.piles[p].beside)
        # Piles that take cards only from some sources, or only single cards (legal.pile_moves).
        self.source_limited = any(self.piles[p].takes_from is not None or self.piles[p].empty_from is not None
                                  or self.piles[p].build_from is not None
                                  or self.piles[p].single_only or self.piles[p].only_suit is not None
                                  or self.piles[p].refused_suits
                                  or self.piles[p].only_colour is not None
                                  or self.piles[p].only_rank is not None
                                  or self.piles[p].single_when_empty or self.piles[p].single_onto_cards
                                  for p in self.receivers)
        # FreeCell's supermove counts free cells and empty columns that take any card.
        self.cells = [p for p in self._layout() if self.pile_kind[p] == "cell"]
        self.to_bottom_piles = [p for p in self._layout() if self.piles[p].to_bottom is not None]
        self.open_columns = [p for p in self._layout()
                             if self.pile_kind[p] == "tableau" and self.piles[p].empty == "any"]
        # For foundations built by a rule (Golf): the cards each top card lets follow, and
        # the cards that may start an empty pile (any card, or the base rank in its suit).
        self.f_follows: dict[int, list[tuple[int, ...]]] = {}
        self.f_first: dict[int, tuple[int, ...]] = {}
        for f in self.foundations:
            spec = self.f_spec[f]
            build = spec.build
            if build is not None:
                self.f_follows[f] = [tuple(c for c in range(52) if self.copies[c] and build.follows(top, c))
                                     for top in range(52)]
                self.f_first[f] = tuple(c for c in range(52) if self.copies[c]
                                        and spec.base in (None, c % 13) and spec.suit in (-1, c // 13))
        kinds = self.pile_kind
        tableau = [p for p in self.deal_piles if kinds[p] == "tableau"]
        reserve = [p for p in self.deal_piles if kinds[p] == "reserve"]
        undealt = [p for p in self._layout() if p not in self.deal_piles and kinds[p] != "cell"]
        cells = [p for p in self._layout() if kinds[p] == "cell"]
        # Order in which a player (and the naive policy) looks at free cards.
        self.stock_face_up = self.stock_spec.face_up
        self.scan_order: list[int] = [
            p for p in tableau + list(self.waste_piles) + reserve + undealt + cells
            if self.access[p] != ACCESS_NONE] + ([self.stock] if self.stock_face_up else [])
        self.has_stock = self.n_dealt > len(self.deal_targets)
        # Places that trade misplaced base cards (swap: card), in scan order.
        self.swappers = tuple(p for p in self.scan_order if self.piles[p] is not None and self.piles[p].swap)
        # With waste piles the player chooses, the card in hand (the stock's top) is seen.
        self.stock_visible = len(self.waste_piles) > 1
        # A waste pile is shown where the stock turns onto it.
        self.shows_waste = not self.stock_spec.deal_to and self.stock_spec.to_foundation is None and \
            not self.stock_spec.close_up and not self.stock_spec.only_fills and (
            self.n_dealt > len(self.deal_targets) or any(self.waste in s for s in self.fill))
        # The distinct rules by which layout piles are built (the safe-play rule reads them).
        self.build_rules = tuple(dict.fromkeys(self.piles[p].build for p in self._layout()
                                               if self.piles[p].build is not None))
        self.worry_from = [f for f in self.foundations if self.f_spec[f].worry]
        self.transfer_from = [f for f in self.foundations if self.f_spec[f].transfer]
        # Rules that wait for a state of the game (when:); a not_empty one can be undone by
        # taking a card away, which the safe-play arguments do not allow for.
        self.conditions = [c for c in [*(self.piles[p].build_when for p in self._layout()),
                                       *(self.piles[p].build_or_when for p in self._layout()),
                                       *(self.piles[p].empty_when for p in self._layout()),
                                       *(self.piles[p].free_when for p in self._layout()),
                                       *(self.piles[p].turn_when for p in self._layout()),
                                       *(self.piles[p].fill_when for p in self._layout()),
                                       *(when for p in self._layout() for _s, when in self.piles[p].empty_from_when),
                                       *(self.f_spec[f].worry_when for f in self.foundations),
                                       *(self.f_spec[f].when for f in self.foundations),
                                       self.stock_spec.when] if c is not None]
        # Foundations that take cards only in a state of the game (when:).
        self.f_when = {f: self.f_spec[f].when for f in self.foundations if self.f_spec[f].when is not None}
        self.f_sources = {f: self.f_spec[f].takes_from for f in self.foundations
                          if self.f_spec[f].takes_from is not None}
        # ... and until the first redeal (St. Helena)
        self.f_first_pass = {f: self.f_spec[f].first_pass_from for f in self.foundations
                             if self.f_spec[f].first_pass_from is not None}
        self.run_foundations = [f for f in self.foundations if self.f_spec[f].takes_run]
        # Foundations whose first card takes the suit of a layout pile's bottom card (Glencoe).
        self.f_base_suit_from = {f: self.f_spec[f].base_suit_from for f in self.foundations
                                 if self.f_spec[f].base_suit_from is not None}
        # ... or the rank, some ranks on (Interregnum's places), and the pile that alone gives
        # a foundation its last card (Interregnum's place again).
        self.f_base_rank_from = {f: (self.f_spec[f].base_rank_from, self.f_spec[f].base_rank_offset)
                                 for f in self.foundations if self.f_spec[f].base_rank_from is not None}
        self.f_last_from = {f: self.f_spec[f].last_from for f in self.foundations
                            if self.f_spec[f].last_from is not None}
        self.last_givers = frozenset(self.f_last_from.values())
        # Foundations that take N cards at once, a run by their build rule (Beehive's sets of four).
        self.set_foundations = [f for f in self.foundations if self.f_spec[f].takes_set]
        # Foundations that take a pile's whole stack at once (All in a Row II's reserve).
        self.pile_foundations = [f for f in self.foundations if self.f_spec[f].takes_pile]
        # Places laid over each other: what covers each pile, what each pile covers, and the
        # covered piles whose cards lie face down until they are free (TriPeaks).
        self.covered_by = [self.piles[p].covered_by if self.piles[p] else () for p in range(n)]
        self.covering: list[tuple[int, ...]] = [tuple(q for q in range(n) if p in self.covered_by[q])
                                                for p in range(n)]
        self.hidden_until_free = [bool(self.covered_by[p]) and self.face_down[p] > 0 for p in range(n)]
        self.any_covered = any(self.covered_by)
        # drop_cover: the covered piles each pile may drop its whole contents onto (Interlock)
        self.drops_onto: dict[int, tuple[int, ...]] = {
            q: tuple(p for p in self.covering[q] if self.piles[p].drop_cover)
            for q in range(n) if any(self.piles[p].drop_cover for p in self.covering[q])}
        # Where each layout place lies in its group's grid (row, column): one row without a grid.
        self.grid_at: dict[int, tuple[int, int]] = {}
        for group, spec in self.group_specs.items():
            columns = int((spec.get("grid") or {}).get("columns") or len(self.groups[group]))
            for i, p in enumerate(self.groups[group]):
                self.grid_at[p] = divmod(i, columns)
        # The family's tables say everything: cards go only to the foundations, one at a time,
        # by fixed rank sequences (the pruned search and the fast policies rely on it).
        self.foundation_only = (not self.receivers and not any(self.face_down) and self.draw == 1
                                and len(self.waste_piles) == 1 and not self.stock_spec.deal_to
                                and not self.stock_spec.close_up and not self.stock_spec.only_fills
                                and self.stock_spec.to_foundation is None and self.redeals != UNLIMITED
                                and not self.worry_from and not self.run_foundations and not self.transfer_from
                                and not self.remove_rules and self.win is None and not self.any_covered
                                and not self.waste_refills and self.opening_from is None and not self.after_move
                                and not self.multi_fills and not self.stock_turn_fills and not self.fill_chains
                                and not self.suit_order_piles
                                and all(self.f_spec[f].ranks is not None and not self.f_spec[f].regardless
                                        for f in self.foundations)
                                and len(self.pack_suits) == 4 and len(self.pack_ranks) == 13)

    # -- positions ----------------------------------------------------------------
    def new_position(self, order: list[int]):
        """The first position for the shuffled pack ``order`` (top card first), dealt by the
        variant's dealer (OpenSpiel's ``new_initial_state``)."""
        from patience_core.model.deal import start_position

        return start_position(self, order)

    # -- queries ----------------------------------------------------------------
    def pile_index(self, name: str) -> int:
        """``'right:3'`` -> pile number; a clear error for anything else."""
        key = name.strip().lower()
        try:
            return self.pile_names.index(key)
        except ValueError:
            raise VariantError(f"{self.name} has no pile {name!r}{suggest(key, self.pile_names)}") from None

    def param_text(self) -> str:
        return " ".join(f"{k}={parameter_text(v)}" for k, v in self.params.items())

    def rank_sequence(self, f: int) -> tuple[int, ...] | None:
        return self.f_rank_at[f]
