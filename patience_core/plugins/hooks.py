"""The plugin manager: finding plugins, calling hooks, and resolving them per variant.

Plugins come from three places, never from a name written in a variant file:

* installed packages declaring an entry point in the group ``patience``
  (``PATIENCE_DISABLE_PLUGIN_AUTOLOAD=1`` turns this off);
* plugin files named with ``patience --plugin PATH`` (repeatable);
* plugin files listed in ``PATIENCE_PLUGINS`` (separated by ``os.pathsep``).

The manager is built by :func:`make_plugin_manager`, never at import time, so tests
get a fresh one; the commands share one per process through
:func:`get_plugin_manager`. Compile-time hooks are resolved by :func:`resolve` once
per compiled variant; the engine then runs the chosen implementations directly,
and keeps its table-driven fast path wherever the built-in one won.
"""
from __future__ import annotations

import difflib
import importlib.metadata
import importlib.util
import os
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pluggy

from patience_core.model import cards

from patience_core.plugins import hookspecs
from patience_core.errors import PatienceError
from patience_core.plugins.record import PluginRecord

hookimpl = pluggy.HookimplMarker("patience")

ENTRY_POINT_GROUP = "patience"
ENV_PLUGINS = "PATIENCE_PLUGINS"
ENV_DISABLE_AUTOLOAD = "PATIENCE_DISABLE_PLUGIN_AUTOLOAD"
BUILTIN = "builtin"

# Hooks the engine resolves itself, one implementation at a time (no wrappers).
COMPILE_HOOKS = ("patience_prepare_pack", "patience_dealer", "patience_filler",
                 "patience_move_check", "patience_outcome")
OUTCOMES = ("won", "lost", "playing")


class PluginError(PatienceError):
    """A plugin cannot be loaded, or one of its hooks misbehaved."""


@dataclass
class PluginInfo:
    """Where a registered plugin came from (for ``patience plugins`` and errors)."""

    name: str
    kind: str                 # "builtin", "entry point" or "file"
    version: str | None = None
    distribution: str | None = None
    location: str | None = None
    problem: str | None = None  # why an installed plugin was left out (in ``manager.broken``)


class PatiencePluginManager(pluggy.PluginManager):
    def __init__(self) -> None:
        super().__init__("patience")
        self.infos: dict[str, PluginInfo] = {}
        # Installed plugins that could not be loaded or registered, left out: a broken
        # plugin hurts only itself (its variants and what requires it say why).
        self.broken: dict[str, PluginInfo] = {}


def hook_names() -> list[str]:
    """Every hook a plugin may implement, in the order of :mod:`.hookspecs`."""
    return [name for name in vars(hookspecs) if name.startswith("patience_")]


# --- building the manager -------------------------------------------------------------

def make_plugin_manager(*, autoload: bool | None = None, plugin_files: list[str] | tuple = (),
                        use_env_files: bool = True) -> PatiencePluginManager:
    """A fresh manager: the hook specs, the built-ins, installed plugins and plugin files.

    :param autoload: load installed plugins (entry points); default: unless
        ``PATIENCE_DISABLE_PLUGIN_AUTOLOAD`` is set to a non-empty value other than 0.
    :param plugin_files: Python files to load as plugins (``--plugin``).
    :param use_env_files: also load the files listed in ``PATIENCE_PLUGINS``.
    """
    from patience_core.plugins import builtin

    pm = PatiencePluginManager()
    pm.add_hookspecs(hookspecs)
    register_plugin(pm, builtin, BUILTIN, PluginInfo(BUILTIN, "builtin", _own_version(), "patience"))
    if autoload is None:
        autoload = os.environ.get(ENV_DISABLE_AUTOLOAD, "").strip() in ("", "0")
    if autoload:
        load_entry_points(pm)
    files = list(plugin_files)
    if use_env_files:
        files += [p for p in os.environ.get(ENV_PLUGINS, "").split(os.pathsep) if p.strip()]
    for path in files:
        load_plugin_file(pm, path)
    check_plugins(pm)
    return pm


def _own_version() -> str:
    from patience_core import __version__
    return __version__


def register_plugin(pm: PatiencePluginManager, plugin: object, name: str,
                    info: PluginInfo | None = None) -> None:
    """Register ``plugin`` under ``name``; a malformed plugin is a :class:`PluginError`."""
    _check_unmarked(plugin, name)
    try:
        pm.register(plugin, name=name)
    except ValueError as exc:  # pluggy: name or object already registered
        raise PluginError(f"plugin {name!r}: {exc}") from None
    except pluggy.PluginValidationError as exc:
        raise PluginError(f"plugin {name!r}: {_short(exc)}") from None
    pm.infos[name] = info or PluginInfo(name, "object")
    for hook in COMPILE_HOOKS:
        for impl in getattr(pm.hook, hook).get_hookimpls():
            if impl.plugin_name == name and (impl.hookwrapper or impl.wrapper):
                pm.unregister(name=name)
                raise PluginError(f"plugin {name!r}: {hook} cannot be a hook wrapper; return an "
                                  f"implementation or None instead")


def _short(exc: Exception) -> str:
    return " ".join(str(exc).split())


def _check_unmarked(plugin: object, name: str) -> None:
    """A ``patience_*`` function without ``@hookimpl`` would be silently ignored."""
    for attr in dir(plugin):
        if attr.startswith("patience_"):
            value = getattr(plugin, attr, None)
            if callable(value) and not hasattr(value, "patience_impl"):
                raise PluginError(f"plugin {name!r}: {attr} is not marked with @hookimpl "
                                  f"(from patience_core.plugins.hooks import hookimpl)")


def check_plugins(pm: PatiencePluginManager) -> None:
    """Refuse implementations of hooks that do not exist (a misspelled name)."""
    problem = _unknown_hook(pm)
    if problem:
        raise PluginError(problem)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:  # pragma: no cover - covered by the loop above
        raise PluginError(_short(exc)) from None


def _unknown_hook(pm: PatiencePluginManager, only: str | None = None) -> str | None:
    """The error of the first implementation of a hook that does not exist (of plugin
    ``only``, or of any), or ``None``."""
    known = hook_names()
    for attr in dir(pm.hook):
        caller = getattr(pm.hook, attr)
        if not isinstance(caller, pluggy.HookCaller) or caller.has_spec():
            continue
        for impl in caller.get_hookimpls():
            if not impl.optionalhook and only in (None, impl.plugin_name):
                close = difflib.get_close_matches(attr, known, n=1, cutoff=0.6)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                return (f"plugin {impl.plugin_name!r}: {attr} is not a patience hook{hint}; "
                        f"hooks: {', '.join(known)}")
    return None


def load_entry_points(pm: PatiencePluginManager) -> None:
    """Register every installed plugin of the entry-point group ``patience``. One that cannot
    be loaded or registered is left out, with its reason, in ``pm.broken``: one broken
    plugin must not stop the commands and games that do not need it."""
    for dist in importlib.metadata.distributions():
        for ep in dist.entry_points:
            if (ep.group != ENTRY_POINT_GROUP or pm.has_plugin(ep.name) or pm.is_blocked(ep.name)
                    or ep.name in pm.broken):
                continue
            info = PluginInfo(ep.name, "entry point", dist.version, dist.metadata["Name"] or "?", ep.value)
            installed = f"entry point {ep.value!r} of {info.distribution} {info.version}"
            try:
                plugin = ep.load()
            except Exception as exc:  # anything its import raises: it is the plugin's, not ours
                _leave_out(pm, info, f"plugin {ep.name!r} cannot be loaded: {type(exc).__name__}: "
                                     f"{_short(exc)} ({installed}); left out")
                continue
            try:
                register_plugin(pm, plugin, ep.name, info)
                problem = _unknown_hook(pm, ep.name)
            except PluginError as exc:
                problem = str(exc)
            if problem:
                _leave_out(pm, info, f"{problem} ({installed}); left out")


def _leave_out(pm: PatiencePluginManager, info: PluginInfo, problem: str) -> None:
    if pm.has_plugin(info.name):
        pm.unregister(name=info.name)
    pm.infos.pop(info.name, None)
    info.problem = problem
    pm.broken[info.name] = info


def load_plugin_file(pm: PatiencePluginManager, path: str | Path) -> str:
    """Import a one-off plugin file and register it under its file name (without .py)."""
    file = Path(path).expanduser()
    if not file.is_file():
        raise PluginError(f"plugin file {path}: no such file")
    name = file.stem
    for info in pm.infos.values():
        if info.kind == "file" and info.location == str(file.resolve()):
            return info.name  # named twice (option and environment): load once
    module_name = f"patience_plugin_file_{name.replace('-', '_')}"
    spec = importlib.util.spec_from_file_location(module_name, file)
    if spec is None or spec.loader is None:
        raise PluginError(f"plugin file {path}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    try:
        spec.loader.exec_module(module)
    except SyntaxError as exc:
        raise PluginError(f"plugin file {path}:{exc.lineno}: syntax error: {exc.msg}") from None
    except Exception as exc:
        raise PluginError(f"plugin file {path}: {type(exc).__name__} while loading: {exc}") from None
    register_plugin(pm, module, name, PluginInfo(name, "file", None, None, str(file.resolve())))
    return name


# --- the process-wide manager -----------------------------------------------------------

_manager: PatiencePluginManager | None = None


def get_plugin_manager() -> PatiencePluginManager:
    """The manager the commands share; built on first use."""
    global _manager
    if _manager is None:
        _manager = make_plugin_manager()
    return _manager


def set_plugin_manager(pm: PatiencePluginManager | None) -> PatiencePluginManager | None:
    """Use ``pm`` from now on (``None``: build a new one on next use); returns the old one."""
    global _manager
    previous, _manager = _manager, pm
    return previous


def use_plugin_files(paths: list[str]) -> None:
    """The ``--plugin PATH`` option: a manager with these files added."""
    set_plugin_manager(make_plugin_manager(plugin_files=paths))


# --- calling hooks ----------------------------------------------------------------------------

def _implementations(pm: pluggy.PluginManager, hook: str) -> list:
    """A hook's implementations in the order pluggy calls them (last registered first,
    ``tryfirst`` before, ``trylast`` after)."""
    return [impl for impl in reversed(getattr(pm.hook, hook).get_hookimpls())
            if not (impl.hookwrapper or impl.wrapper)]


def _call(impl, hook: str, kwargs: dict[str, Any]) -> Any:
    try:
        return impl.function(*[kwargs[name] for name in impl.argnames])
    except PluginError:
        raise
    except PatienceError as exc:
        if impl.plugin_name == BUILTIN:
            raise
        raise PluginError(f"plugin {impl.plugin_name!r}: {hook}: {exc}") from None
    except Exception as exc:
        raise PluginError(f"plugin {impl.plugin_name!r}: {hook} raised {type(exc).__name__}: {exc}") from exc


def call_first(pm: pluggy.PluginManager, hook: str, **kwargs: Any) -> tuple[Any, str]:
    """The first non-``None`` result of ``hook`` and the name of the plugin that gave it."""
    for impl in _implementations(pm, hook):
        result = _call(impl, hook, kwargs)
        if result is not None:
            return result, impl.plugin_name
    return None, ""


def notify(event: str, rules, position, move=None, game: dict | None = None,
           manager: pluggy.PluginManager | None = None) -> None:
    """Tell observers (``patience_game_event``) about a game; free when nobody listens."""
    pm = manager or get_plugin_manager()
    if not pm.hook.patience_game_event.get_hookimpls():
        return
    from patience_core.model.notation import move_to_json

    shown = move_to_json(rules, move) if move is not None else None
    try:  # pluggy's own dispatch: tracing and monitoring see the call
        pm.hook.patience_game_event(event=event, rules=rules, position=position, move=shown,
                                    game=dict(game or {}))
    except Exception as exc:
        raise _blame(pm, "patience_game_event", exc) from exc


def _blame(pm: pluggy.PluginManager, hook: str, exc: Exception) -> Exception:
    """The error of a hook called through ``pm.hook``, naming the plugin it came from
    (found by the implementation's frame in the traceback)."""
    if isinstance(exc, PluginError):
        return exc
    codes = {}
    for impl in getattr(pm.hook, hook).get_hookimpls():
        code = getattr(impl.function, "__code__", None)
        if code is not None:
            codes[code] = impl.plugin_name
    who, tb = None, exc.__traceback__
    while tb is not None and who is None:
        who = codes.get(tb.tb_frame.f_code)
        tb = tb.tb_next
    if who in (None, BUILTIN) and isinstance(exc, PatienceError):
        return exc
    if isinstance(exc, PatienceError):
        return PluginError(f"plugin {who!r}: {hook}: {exc}")
    return PluginError(f"plugin {who or '?'!r}: {hook} raised {type(exc).__name__}: {exc}")


def has_observers(manager: pluggy.PluginManager | None = None) -> bool:
    """Whether any plugin implements ``patience_game_event``."""
    pm = manager or get_plugin_manager()
    return bool(pm.hook.patience_game_event.get_hookimpls())


def announce_game(rules, start, moves, game: dict | None = None,
                  manager: pluggy.PluginManager | None = None) -> None:
    """Report a game played in one go (scripted play) to observers: ``start``, each
    ``move`` replayed on ``start`` (which is changed), then ``end``."""
    pm = manager or get_plugin_manager()
    if not has_observers(pm):
        return
    notify("start", rules, start, None, game, pm)
    for move in moves:
        start.apply(move)
        notify("move", rules, start, move, game, pm)
    notify("end", rules, start, None, game, pm)


# --- variants from plugins --------------------------------------------------------------

def register_variants(registry, manager: pluggy.PluginManager | None = None) -> None:
    """Let every plugin (the built-in one adds the shipped files) add its variants."""
    from patience_core.variants.index import digest, shipped_index
    from patience_core.variants.loader import VariantError, _read_text, read_document
    from patience_core.variants.schema import validate_document

    pm = manager or get_plugin_manager()
    owners: dict[str, str] = {}

    def claim(name: str, label: str) -> None:
        if name in owners:
            raise Clash(name, owners[name], label)
        owners[name] = label

    for impl in _implementations(pm, "patience_register_variants"):
        who = impl.plugin_name
        label = "the shipped variants" if who == BUILTIN else f"plugin {who!r}"
        origin = "shipped" if who == BUILTIN else f"plugin:{who}"

        def add(item: Any, label: str, origin: str) -> None:
            if isinstance(item, (str, Path)):
                path: Path | None = Path(item)
                try:
                    indexed = shipped_index().get(digest(_read_text(path).encode("utf-8")))
                except (OSError, UnicodeDecodeError, VariantError):
                    indexed = None   # read_document says what is wrong with the file
                if indexed is not None:
                    claim(indexed["name"].lower(), label)
                    registry.add_indexed(indexed, path, origin)
                    return
                data, _ = read_document(path)
            elif isinstance(item, Mapping):
                path, data = None, dict(item)
                validate_document(data, None, f"variant defined in code by {label}")
            else:
                raise PluginError(f"{label}: register() takes a Path to a YAML file or a dict, "
                                  f"not {type(item).__name__}")
            claim(data["name"].lower(), label)
            registry.add_document(data, path, origin, resolve=False)

        def register(item: Any, label=label, origin=origin) -> None:
            # A variant that cannot be registered is left out with its reason: a broken file
            # or plugin hurts only itself (asking for it by name says why).
            try:
                add(item, label, origin)
            except Clash as clash:
                registry.add_broken(clash.name, str(clash))
            except PatienceError as exc:
                reason = str(exc) if label == "the shipped variants" or str(exc).startswith(label) \
                    else f"{label}: {exc}"
                registry.add_broken(_name_of(item), reason)

        try:
            _call(impl, "patience_register_variants", {"register": register})
        except PluginError as exc:
            registry.add_broken(f"plugin:{who}", str(exc))

    # An installed plugin left out: asking for it by its name (or its distribution's, which
    # often names its variant) says why, and `patience list` reports it once.
    for name, info in getattr(pm, "broken", {}).items():
        names = {name, info.distribution or ""}
        names |= {n[len("patience-"):] for n in names if n.lower().startswith("patience-")}
        for key in sorted(n for n in names if n and n not in registry) or [f"plugin:{name}"]:
            registry.add_broken(key, info.problem or f"plugin {name!r} is left out")


class Clash(PluginError):
    """One variant name registered by two plugins (or a plugin and the shipped files)."""

    def __init__(self, name: str, first: str, second: str) -> None:
        super().__init__(f"variant {name!r} is registered twice: by {first} and by {second}; "
                         f"neither is used")
        self.name = name


def _name_of(item: Any) -> str:
    """The name a broken registration is asked for by: the file's stem, or the dict's name."""
    if isinstance(item, (str, Path)):
        return Path(item).stem
    if isinstance(item, Mapping):
        return str(item.get("name", ""))
    return ""


def installed_names(pm: PatiencePluginManager) -> set[str]:
    """Names a variant's ``requires:`` may use: plugin names and their distributions."""
    names = set()
    for name, info in pm.infos.items():
        names.add(name.lower())
        if info.distribution:
            names.add(info.distribution.lower())
    return names


def check_requires(source, manager: PatiencePluginManager | None = None) -> None:
    """A variant that ``requires:`` a plugin that is not installed cannot be used."""
    required = source.definition.get("requires") or []
    if not required:
        return
    pm = manager or get_plugin_manager()
    have = installed_names(pm)
    missing = [name for name in required if name.lower() not in have]
    broken = {n.lower(): info for info in getattr(pm, "broken", {}).values()
              for n in (info.name, info.distribution or "")}
    for name in missing:
        if name.lower() in broken:  # installed, but it could not be loaded: say why
            raise PluginError(f"variant {source.name!r} requires the plugin {name!r}: "
                              f"{broken[name.lower()].problem}")
    if missing:
        where = f"{source.path}: " if source.path else ""
        raise PluginError(f"{where}variant {source.name!r} requires the plugin "
                          f"{', '.join(repr(m) for m in missing)}, which is not installed "
                          f"(install it with pip, or load a plugin file with --plugin PATH)")


# --- resolving the compile-time hooks for one variant -----------------------------------------

def resolve(rules, manager: PatiencePluginManager | None = None) -> None:
    """Decide, once for this compiled variant, which implementation of each
    compile-time hook applies, and install it in ``rules``."""
    from patience_core.plugins import builtin

    pm = manager or get_plugin_manager()
    decided: dict[str, str] = {}

    setout, who = call_first(pm, "patience_prepare_pack", rules=rules)
    if setout is not None:
        parsed = _setout(rules, setout, who)
        if parsed != rules.setout:
            rules.set_setout(parsed, f"plugin {who!r}")
    decided["prepare_pack"] = who or BUILTIN

    deal, opening = None, None
    dealer, who = call_first(pm, "patience_dealer", rules=rules)
    if dealer is not None and dealer is not builtin.deal_by_order:
        deal, opening = _checked_dealer(rules, dealer, who)
    decided["dealer"] = who or BUILTIN

    fill, by_player = None, (False,) * rules.n_piles
    fills, who = call_first(pm, "patience_filler", rules=rules)
    if fills is not None:
        fill, by_player = _fill_table(rules, fills, who)
    decided["filler"] = who or BUILTIN

    move_check = None
    check, who = call_first(pm, "patience_move_check", rules=rules)
    if check is not None and check is not builtin.yaml_moves_only:
        move_check = _guard(check, who, "move check", _is_bool, "True or False")
    decided["move_check"] = who or BUILTIN

    judge = None
    outcome, who = call_first(pm, "patience_outcome", rules=rules)
    if outcome is not None and outcome is not builtin.standard_outcome:
        judge = _guard(outcome, who, "outcome", lambda v: v is None or v in OUTCOMES,
                       "'won', 'lost', 'playing' or None")
    decided["outcome"] = who or BUILTIN

    rules.install(PluginRecord(dealer=deal, opening=opening, fill=fill, fill_by_player=by_player,
                               move_check=move_check, outcome=judge, decided_by=decided))


def _pile(rules, name: Any, who: str, what: str) -> int:
    try:
        return rules.pile_index(str(name))
    except PatienceError as exc:
        raise PluginError(f"plugin {who!r}: {what}: {exc}") from None


def _setout(rules, items: Any, who: str) -> list[tuple[int, int]]:
    what = "patience_prepare_pack"
    if not isinstance(items, (list, tuple)):
        raise PluginError(f"plugin {who!r}: {what} returned {type(items).__name__}; "
                          f"expected a list of (pile, card) pairs")
    result = []
    for item in items:
        if not (isinstance(item, (list, tuple)) and len(item) == 2):
            raise PluginError(f"plugin {who!r}: {what} returned {item!r}; expected a (pile, card) pair")
        pile = _pile(rules, item[0], who, what)
        try:
            card = item[1] if isinstance(item[1], int) else cards.parse_card(str(item[1]))
        except cards.CardError as exc:
            raise PluginError(f"plugin {who!r}: {what}: {exc}") from None
        result.append((pile, card))
    return result


def _is_bool(value: Any) -> bool:
    return value is True or value is False


def _guard(function: Any, who: str, what: str, valid: Callable[[Any], bool], expected: str):
    """``function`` with its errors and wrong results reported against its plugin."""
    if not callable(function):
        raise PluginError(f"plugin {who!r}: its {what} is a {type(function).__name__}, not a function")

    def guarded(*args):
        try:
            value = function(*args)
        except PatienceError:
            raise
        except Exception as exc:
            raise PluginError(f"plugin {who!r}: its {what} raised {type(exc).__name__}: {exc}") from exc
        if not valid(value):
            raise PluginError(f"plugin {who!r}: its {what} returned {value!r}; expected {expected}")
        return value

    guarded.plugin = who
    return guarded


def _checked_dealer(rules, dealer: Any, who: str):
    """(the plugin's deal with its result checked, its opening choice or ``None``)."""
    from patience_core.model.deal import Dealer

    deal = dealer.deal if isinstance(dealer, Dealer) else dealer
    if not callable(deal):
        raise PluginError(f"plugin {who!r}: patience_dealer returned a {type(dealer).__name__}; "
                          f"expected a Dealer or a function (rules, order) -> piles")
    expected = Counter(rules.pack)

    def checked_deal(rules_, order):
        try:
            piles = deal(rules_, order)
        except PatienceError:
            raise
        except Exception as exc:
            raise PluginError(f"plugin {who!r}: its dealer raised {type(exc).__name__}: {exc}") from exc
        check_layout(rules_, piles, expected, f"plugin {who!r}: its dealer")
        return piles

    options = tuple(getattr(dealer, "options", ()) or ())
    return checked_deal, (OpeningChoice(rules, dealer, who, expected) if options else None)


def check_layout(rules, piles: Any, expected: Counter, who: str) -> None:
    """Piles a plugin produced: one list per pile, the whole pack, foundations in sequence."""
    if not isinstance(piles, list) or len(piles) != rules.n_piles:
        found = f"{len(piles)} piles" if isinstance(piles, list) else f"a {type(piles).__name__}"
        raise PluginError(f"{who} returned {found}; expected a list of {rules.n_piles} piles "
                          f"(one per pile of {rules.name})")
    found: Counter = Counter()
    for number, pile in enumerate(piles):
        if not isinstance(pile, list) or not all(isinstance(c, int) and 0 <= c < 52 for c in pile):
            raise PluginError(f"{who} returned a bad pile {rules.pile_names[number]}: "
                              f"expected a list of card codes 0..51")
        found.update(pile)
    if found != expected:
        extra = sorted((found - expected).elements())
        missing = sorted((expected - found).elements())
        detail = "; ".join(part for part in (
            "too many " + ", ".join(cards.card_name(c) for c in extra[:6]) if extra else "",
            "missing " + ", ".join(cards.card_name(c) for c in missing[:6]) if missing else "") if part)
        raise PluginError(f"{who} returned piles that are not the pack of {rules.n_cards} cards: {detail}")
    for f in rules.foundations:
        pile = piles[f]
        for i, card in enumerate(pile):
            rank_ok = i < rules.f_length[f] and cards.rank_of(card) == rules.f_rank_at[f][i]
            suit = cards.suit_of(pile[0])
            suit_ok = cards.suit_of(card) == suit and (rules.f_suit[f] < 0 or rules.f_suit[f] == suit)
            if not (rank_ok and suit_ok):
                raise PluginError(f"{who} put {cards.card_name(card)} on {rules.pile_names[f]} "
                                  f"out of its sequence")


class OpeningChoice:
    """A choice the player makes right after the deal (offered by a plugin's Dealer)."""

    def __init__(self, rules, dealer, who: str, expected: Counter):
        self.dealer, self.plugin, self.expected = dealer, who, expected
        self.question = str(getattr(dealer, "question", "") or "Choose")
        self.options = tuple(str(o) for o in dealer.options)

    def relayout(self, rules, piles: list[list[int]], index: int) -> list[list[int]]:
        """The piles once option ``index`` is chosen (a new list; ``piles`` is not changed)."""
        option = self.options[index]
        try:
            new = self.dealer.choose(rules, [list(p) for p in piles], option)
        except PatienceError:
            raise
        except Exception as exc:
            raise PluginError(f"plugin {self.plugin!r}: its dealer's choose({option!r}) raised "
                              f"{type(exc).__name__}: {exc}") from exc
        who = f"plugin {self.plugin!r}: its dealer's choose({option!r})"
        check_layout(rules, new, self.expected, who)
        if any(new[f] != piles[f] for f in rules.foundations):
            raise PluginError(f"{who} changed the foundations; a choice may only rearrange the layout")
        return new


def _fill_table(rules, fills: Any, who: str) -> tuple[tuple, tuple]:
    """(the fill table with the plugin's rules in, which gaps wait for the player)."""
    from patience_core.model.rules import FillRule

    if not isinstance(fills, Mapping):
        raise PluginError(f"plugin {who!r}: patience_filler returned {type(fills).__name__}; "
                          f"expected a mapping of pile or group -> FillRule")
    table = list(rules.fill)
    by_player = list(rules.fill_by_player)
    for key, rule in fills.items():
        what = f"patience_filler[{key!r}]"
        if not isinstance(rule, FillRule):
            raise PluginError(f"plugin {who!r}: {what} is {rule!r}; expected a FillRule")
        piles = rules.groups[key] if key in rules.group_specs else [_pile(rules, key, who, what)]
        sources = tuple(_pile(rules, name, who, what) for name in rule.sources)
        for p in piles:
            if rules.is_foundation[p] or p in sources:
                raise PluginError(f"plugin {who!r}: {what}: {rules.pile_names[p]} cannot be filled"
                                  f"{' from itself' if p in sources else ' (it is a foundation)'}")
            bad = [rules.pile_names[s] for s in sources if rules.is_foundation[s]]
            if bad:
                raise PluginError(f"plugin {who!r}: {what}: a gap cannot be filled from {bad[0]}")
            table[p] = sources
            by_player[p] = rule.chosen_by == "player" and len(sources) > 1
    return tuple(table), tuple(by_player)
