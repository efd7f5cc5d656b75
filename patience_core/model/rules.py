"""Compile a concrete variant definition into rule tables.

A :class:`Rules` object is built once per variant and parameter set; positions
(:mod:`.position`) only look things up in it. Everything here is plain lists and
tuples indexed by pile number so the hot paths of search stay cheap.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from patience_core.model import cards
from patience_core.errors import VariantError
from patience_core.variants.loader import VariantSource, parameter_text, suggest

ACCESS_NONE, ACCESS_TOP, ACCESS_ALL = 0, 1, 2
_ACCESS = {"none": ACCESS_NONE, "top": ACCESS_TOP, "all": ACCESS_ALL}
PILE_DEFAULTS = {"kind": "reserve", "cards": 0, "access": "top", "fill": "never"}
FOUNDATION_DEFAULTS = {"step": 1, "wrap": False, "suits": "fixed", "start": "found"}


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


class Rules:
    """The compiled rule tables of one variant with one set of parameter values.

    Pile numbers: the pile groups in definition order (each ``count`` piles), then
    the stock, the waste, then the foundation piles group by group.
    """

    def __init__(self, source: VariantSource, values: dict[str, Any], definition: dict[str, Any]):
        self.source = source
        self.name = source.name
        self.title = definition.get("title", source.name)
        self.description = definition.get("description", "")
        self.params = dict(values)
        self.definition = definition
        self.decks = int(definition.get("decks", 2))
        self.n_cards = self.decks * cards.CARDS_PER_DECK
        self.autoplay = bool(definition.get("autoplay", False))
        where = str(source.path or f"variant {source.name!r}")
        self._where = where

        self.pile_names: list[str] = []
        self.pile_group: list[str] = []
        self.pile_kind: list[str] = []
        self.access: list[int] = []
        self.fill_names: list[tuple[str, ...]] = []
        self.groups: dict[str, list[int]] = {}
        self.group_specs: dict[str, dict[str, Any]] = {}

        for group, raw in (definition.get("piles") or {}).items():
            spec = {**PILE_DEFAULTS, **raw}
            self.group_specs[group] = spec
            indices = []
            for n in range(1, int(spec.get("count", 1)) + 1):
                indices.append(self._add_pile(f"{group}:{n}", group, spec["kind"], spec["access"],
                                              () if spec["fill"] == "never" else tuple(spec["fill"])))
            self.groups[group] = indices
        self.stock = self._add_pile("stock", "stock", "stock", "none", ())
        self.waste = self._add_pile("waste", "waste", "waste", "top", ())
        self.groups["stock"], self.groups["waste"] = [self.stock], [self.waste]

        # Foundations.
        self.foundations: list[int] = []
        self.f_group: dict[int, str] = {}
        self.f_rank_at: dict[int, tuple[int, ...]] = {}
        self.f_length: dict[int, int] = {}
        self.f_suit: dict[int, int] = {}
        self.f_dealt: dict[int, bool] = {}
        self.foundation_specs: dict[str, dict[str, Any]] = {}
        number = 0
        for group, raw in (definition.get("foundations") or {}).items():
            spec = {**FOUNDATION_DEFAULTS, **raw}
            self.foundation_specs[group] = spec
            missing = [k for k in ("base", "length", "count") if k not in spec]
            if missing:
                raise self._fail(("foundations", group, missing[0]), "missing; it is required")
            try:
                base = cards.parse_rank(spec["base"])
            except cards.CardError as exc:
                raise self._fail(("foundations", group, "base"), str(exc)) from None
            step, length = int(spec["step"]), int(spec["length"])
            if spec["wrap"]:
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
                                   f"expected length at most 13 / gcd(step, 13)")
            indices = []
            for i in range(int(spec["count"])):
                number += 1
                f = self._add_pile(f"foundation:{number}", group, "foundation", "none", ())
                self.f_rank_at[f] = ranks
                self.f_length[f] = length
                self.f_suit[f] = i % 4 if spec["suits"] == "fixed" else -1
                self.f_dealt[f] = spec["start"] == "dealt"
                self.foundations.append(f)
                self.f_group[f] = group
                indices.append(f)
            self.groups.setdefault(group, [])
            self.groups[f"foundation:{group}"] = indices
        if not self.foundations:
            raise self._fail(("foundations",), "no foundation piles; expected at least one group")
        self.n_piles = len(self.pile_names)
        self.is_foundation = [k == "foundation" for k in self.pile_kind]

        # Fill sources resolve to pile numbers.
        self.fill: list[tuple[int, ...]] = []
        for i, names in enumerate(self.fill_names):
            resolved = []
            for name in names:
                if name not in ("waste", "stock"):
                    raise self._fail(("piles", self.pile_group[i], "fill", names.index(name)), "unknown source "
                                       f"{name!r}{suggest(name, ['waste', 'stock'])}; expected waste or stock")
                resolved.append(self.waste if name == "waste" else self.stock)
            self.fill.append(tuple(resolved))

        redeals = (definition.get("stock") or {}).get("redeals", 0)
        self.redeals = int(redeals)

        self._compile_setout(where)
        self._compile_deal(definition, where)
        self._check_capacity(where)

        kinds = self.pile_kind
        tableau = [i for i in self.deal_piles if kinds[i] == "tableau"]
        reserve = [i for i in self.deal_piles if kinds[i] == "reserve"]
        undealt = [i for i in range(self.n_piles) if kinds[i] in ("tableau", "reserve") and i not in self.deal_piles]
        # Order in which a player (and the naive policy) looks at free cards.
        self.scan_order: list[int] = [
            i for i in tableau + [self.waste] + reserve + undealt if self.access[i] != ACCESS_NONE
        ]
        self.top_only = [a == ACCESS_TOP for a in self.access]
        # Hook seams, resolved once per variant by the plugin manager (see hooks.py).
        # ``None`` everywhere means the built-in behaviour and the fast table path.
        self.deal_hook: Callable | None = None
        self.yaml_setout = list(self.setout)
        self.fill_by_player: list[bool] = [False] * self.n_piles  # gap waits for the player's choice
        self.move_check: Callable | None = None   # extra legality: (position, move) -> bool
        self.outcome: Callable | None = None      # (position) -> "won"/"lost"/"playing"/None
        self.opening: Any = None                  # a choice made right after the deal (hooks.OpeningChoice)
        self.position_class: type | None = None   # HookedPosition when any of the above is set
        self.plain_moves = True  # legal moves are exactly the tables' (fast paths may read takers)
        self.plugins: dict[str, str] = {}         # hook -> plugin that decided it for this variant

    def set_setout(self, setout: list[tuple[int, int]], who: str) -> None:
        """Replace the cards set out before the deal (a plugin's ``patience_prepare_pack``)."""
        used: dict[int, int] = {}
        placed: dict[int, int] = {}
        for pile, card in setout:
            used[card] = used.get(card, 0) + 1
            if used[card] > self.decks:
                raise VariantError(f"{who}: sets out {used[card]} x {cards.card_name(card)}; "
                                   f"the pack has {self.decks}")
            if self.is_foundation[pile]:
                n = placed.get(pile, 0)
                placed[pile] = n + 1
                if n >= self.f_length[pile] or cards.rank_of(card) != self.f_rank_at[pile][n] or \
                        (self.f_suit[pile] >= 0 and cards.suit_of(card) != self.f_suit[pile]):
                    raise VariantError(f"{who}: sets out {cards.card_name(card)} on {self.pile_names[pile]}, "
                                       f"out of that foundation's sequence")
        self.setout = list(setout)
        self.n_dealt = self.n_cards - len(self.setout)
        if len(self.deal_targets) > self.n_dealt:
            raise VariantError(f"{who}: sets out {len(self.setout)} cards; the layout then lacks "
                               f"{len(self.deal_targets) - self.n_dealt} cards")

    # -- construction helpers -------------------------------------------------
    def _fail(self, path: tuple, message: str) -> VariantError:
        """An error about the definition's field at ``path``, pointing at its line."""
        return self.source.error(path, message, self.params)

    def _add_pile(self, name: str, group: str, kind: str, access: str, fill: tuple[str, ...]) -> int:
        self.pile_names.append(name)
        self.pile_group.append(group)
        self.pile_kind.append(kind)
        self.access.append(_ACCESS[access])
        self.fill_names.append(fill)
        return len(self.pile_names) - 1

    def _compile_setout(self, where: str) -> None:
        """Base cards set out before the deal: taken from the first decks, never after shuffling."""
        self.setout: list[tuple[int, int]] = []
        used: dict[int, int] = {}
        any_suit = 0
        for f in self.foundations:
            if not self.f_dealt[f]:
                continue
            suit = self.f_suit[f]
            if suit < 0:
                suit, any_suit = any_suit % 4, any_suit + 1
            card = cards.make(self.f_rank_at[f][0], suit)
            used[card] = used.get(card, 0) + 1
            if used[card] > self.decks:
                raise self._fail(("foundations", self.f_group[f], "start"), "dealt bases need "
                                   f"{used[card]} x {cards.card_name(card)}, the pack has {self.decks}")
            self.setout.append((f, card))

    def _compile_deal(self, definition: dict[str, Any], where: str) -> None:
        order = definition.get("deal") or []
        self.deal_targets: list[int] = []
        self.deal_piles: list[int] = []
        for group in order:
            if group not in self.group_specs:
                raise self._fail(("deal", order.index(group)), f"unknown pile group {group!r}"
                                   f"{suggest(group, self.group_specs)}; expected one of "
                                   f"{', '.join(self.group_specs) or '(no pile groups)'}")
            piles = self.groups[group]
            self.deal_piles.extend(piles)
            for _row in range(int(self.group_specs[group]["cards"])):
                self.deal_targets.extend(piles)
        for group, spec in self.group_specs.items():
            if int(spec["cards"]) and group not in order:
                raise self._fail(("piles", group, "cards"), f"{spec['cards']} cards per pile "
                                   f"but {group!r} is not in deal; expected it listed in deal")
        self.n_dealt = self.n_cards - len(self.setout)
        if len(self.deal_targets) > self.n_dealt:
            raise self._fail(("deal",), f"the layout takes {len(self.deal_targets)} cards "
                               f"but only {self.n_dealt} are dealt")

    def _check_capacity(self, where: str) -> None:
        """Every card of the pack must have exactly one place to end."""
        total = sum(self.f_length[f] for f in self.foundations)
        if total != self.n_cards:
            detail = ", ".join(f"{g}: {s['count']} x {s['length']}" for g, s in self.foundation_specs.items())
            raise self._fail(("foundations",), f"capacities add up to {total} cards ({detail}); "
                               f"expected {self.n_cards}, the whole pack of {self.decks} deck{'s' if self.decks != 1 else ''}")
        for rank in range(13):
            slots = sum(1 for f in self.foundations if rank in self.f_rank_at[f])
            fixed = [0, 0, 0, 0]
            for f in self.foundations:
                if self.f_suit[f] >= 0 and rank in self.f_rank_at[f]:
                    fixed[self.f_suit[f]] += 1
            if slots != 4 * self.decks or max(fixed) > self.decks:
                raise self._fail(("foundations",), f"the piles take {slots} cards of rank "
                                   f"{cards.RANKS[rank]}; expected {4 * self.decks}, {self.decks} of each suit")

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

    def rank_sequence(self, f: int) -> tuple[int, ...]:
        return self.f_rank_at[f]
