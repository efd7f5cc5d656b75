"""The hook specifications: every hook a plugin can implement, with its contract.

A plugin is a module (or any object) whose functions are marked with
``patience_core.plugins.hooks.hookimpl`` and named after a hook below. Implementations may
take fewer arguments than the specification names (take only what you use), so a
hook can gain arguments later without breaking plugins.

Two kinds of hooks:

* **Compile-time hooks** (``patience_prepare_pack``, ``patience_dealer``,
  ``patience_filler``, ``patience_move_check``, ``patience_outcome``) are called
  once when a variant is compiled with its parameters, never during play. Each
  returns the *implementation* that applies to that variant, or ``None`` for "not
  mine". They are first-result hooks: the engine stops at the first non-``None``
  result. The built-in behaviour (the YAML rules) is itself an implementation of
  every one of them, registered with ``trylast=True``: a plugin that returns a value
  wins, a plugin that returns ``None`` changes nothing. When the built-in one wins,
  the engine keeps its fast table-driven path.
* **Collect-all hooks** (``patience_register_variants``, ``patience_game_event``)
  call every implementation; their return values are ignored.

Compile-time hooks cannot be hook wrappers (the engine calls them one by one, in
pluggy's order, so that an error can name the plugin that caused it).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import pluggy

if TYPE_CHECKING:  # pragma: no cover - typing only
    from patience_core.model.deal import Dealer
    from patience_core.model.moves import Move
    from patience_core.model.position import Position
    from patience_core.model.rules import FillRule, Rules

hookspec = pluggy.HookspecMarker("patience")


@hookspec
def patience_register_variants(register: Callable[[Any], None]) -> None:
    """Add variants to the catalogue (``patience list`` shows them).

    Called once per catalogue, before any variant's ``extends`` is resolved, so a
    plugin's variant may extend a shipped one (and the other way round is refused).
    Collect-all: every plugin registers its own variants.

    :param register: call ``register(path)`` with a :class:`pathlib.Path` to a
        YAML variant file the plugin ships, or ``register(definition)`` with a
        ``dict`` holding a definition built in code. Both are checked against the
        variant schema exactly like a file given to ``patience validate``. A name
        registered twice is an error that names both plugins.
    """


@hookspec(firstresult=True)
def patience_prepare_pack(rules: Rules) -> list[tuple[str, str]] | None:
    """The cards set out before the pack is shuffled (e.g. foundation bases).

    Called once per compiled variant. Stops at the first non-``None`` result; the
    built-in implementation returns the bases of foundation groups with
    ``start: dealt`` (taken from the first deck, so no deal is favoured).

    :param rules: the compiled variant; ``rules.params`` holds its parameter values.
    :return: ``[(pile, card), ...]`` such as ``[("foundation:1", "AC")]``: each card
        is taken out of the pack before the shuffle and put on that pile, in this
        order; cards on a foundation must follow its sequence. ``[]`` sets out nothing.
        ``None``: not this plugin's variant.
    """


@hookspec(firstresult=True)
def patience_dealer(rules: Rules) -> Dealer | Callable[[Rules, list[int]], list[list[int]]] | None:
    """Who deals this variant's shuffled pack into piles.

    Called once per compiled variant. Stops at the first non-``None`` result; the
    built-in dealer follows the YAML ``deal`` order (layout row by row, the rest to
    the stock).

    :param rules: the compiled variant.
    :return: a callable ``deal(rules, order) -> piles`` or a
        :class:`patience_core.model.deal.Dealer`. ``order`` is the shuffled pack, top card
        first (set-out cards already removed); ``piles`` is one list per pile number
        (``rules.pile_names``), top card last, with set-out cards in place and every
        card of the pack exactly once. A ``Dealer`` may also offer a choice the player
        makes right after seeing the deal (``Dealer.options``): the game then starts
        with that choice as its only legal moves. ``None``: not this plugin's variant.
    """


@hookspec(firstresult=True)
def patience_filler(rules: Rules) -> dict[str, FillRule] | None:
    """How gaps are filled when a card leaves a pile.

    Called once per compiled variant. Stops at the first non-``None`` result; the
    built-in implementation returns each pile's YAML ``fill`` (sources tried in order,
    at once).

    :param rules: the compiled variant.
    :return: a mapping from a pile group (``"right"``) or a pile (``"right:3"``) to a
        :class:`patience_core.model.rules.FillRule`; piles not named keep their YAML fill.
        ``FillRule(("waste", "stock"), chosen_by="player")`` makes the player choose
        the source of each gap (the choice is a move; nothing else may be played until
        it is made). ``None``: not this plugin's variant.
    """


@hookspec(firstresult=True)
def patience_move_check(rules: Rules) -> Callable[[Position, Move], bool] | None:
    """An extra legality rule, beyond what the YAML rules allow.

    Called once per compiled variant. Stops at the first non-``None`` result; the
    built-in implementation allows every move the rule tables allow.

    :param rules: the compiled variant.
    :return: a predicate ``allowed(position, move) -> bool`` called for each move the
        rule tables allow (``move`` is a :class:`patience_core.model.moves.Move` record:
        ``kind``, ``src``, ``dst``, ``card``, ``count``); moves it answers ``False`` for are not legal.
        It may forbid moves, never add them. ``None``: not this plugin's variant.
    """


@hookspec(firstresult=True)
def patience_outcome(rules: Rules) -> Callable[[Position], str | None] | None:
    """Who decides whether a game is won, lost or still being played.

    Called once per compiled variant. Stops at the first non-``None`` result; the
    built-in judge says won when every card is on the foundations, lost when no legal
    move is left, playing otherwise.

    :param rules: the compiled variant.
    :return: a function ``outcome(position)`` returning ``"won"``, ``"lost"``,
        ``"playing"``, or ``None`` to let the built-in judge decide for that position.
        ``None``: not this plugin's variant.
    """


@hookspec
def patience_game_event(event: str, rules: Rules, position: Position,
                        move: dict[str, Any] | None, game: dict[str, Any]) -> None:
    """Observe a game as it is played (statistics, logging, achievements).

    Called by the commands that play games (``patience play`` scripted and
    interactive), never by the engine's search: a solver exploring positions is not
    playing a game. Collect-all; return values are ignored. When no plugin implements
    it, the commands skip it entirely.

    :param event: ``"start"`` (the deal is on the table), ``"move"`` (a move was
        played; undo is not reported), or ``"end"`` (the game is over or the player
        stopped; ``position.status()`` says which).
    :param rules: the compiled variant.
    :param position: the position after the event; do not change it.
    :param move: for ``"move"``, the move as JSON (``{"card": 5H, "from":
        right:3, "to": foundation:2}``); ``None`` otherwise.
    :param game: what identifies the game: ``{"variant", "params", "seed" or "pack"}``.
    """
