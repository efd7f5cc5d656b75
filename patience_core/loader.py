"""Read variant files, resolve ``extends`` and parameters into a concrete definition.

A variant file is YAML read with ``yaml.safe_load`` semantics only (no tags that
construct objects), checked against the JSON Schema in :mod:`.schema`, merged
onto the variant it extends, and finally specialised by parameter values.
"""
from __future__ import annotations

import copy
import difflib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from . import cards
from .errors import ParameterError, VariantError

# Keys a child never inherits from the variant it extends.
_OWN_KEYS = ("name", "title", "aliases", "description", "extends", "requires")


@dataclass
class VariantSource:
    """A variant as found: its merged, still parameterised definition."""

    name: str
    title: str
    definition: dict[str, Any]
    path: Path | None = None
    origin: str = "shipped"
    aliases: list[str] = field(default_factory=list)

    @property
    def parameters(self) -> dict[str, dict[str, Any]]:
        return self.definition.get("parameters") or {}

    def defaults(self) -> dict[str, Any]:
        return {k: spec["default"] for k, spec in self.parameters.items()}


def deep_merge(base: Any, override: Any) -> Any:
    """Merge ``override`` onto ``base``: mappings merge key by key, ``None`` deletes
    a key, anything else (lists included) replaces the base value."""
    if isinstance(base, dict) and isinstance(override, dict):
        merged = dict(base)
        for key, value in override.items():
            if value is None:
                merged.pop(key, None)
            elif key in merged:
                merged[key] = deep_merge(merged[key], value)
            else:
                merged[key] = copy.deepcopy(value)
        return merged
    return copy.deepcopy(override)


def suggest(word: str, choices) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or ``''``."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def read_document(path: Path) -> tuple[dict[str, Any], yaml.Node]:
    """Parse one YAML file safely; return the data and its node tree (for line numbers)."""
    from .schema import validate_document

    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise VariantError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise VariantError(f"{path}: not a UTF-8 text file") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
        data = yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        problem = exc.problem or exc.context or "invalid YAML"
        raise VariantError(f"{where}: YAML syntax error: {problem}") from None
    except yaml.YAMLError as exc:
        raise VariantError(f"{path}: YAML error: {exc}") from None
    validate_document(data, node, path)
    return data, node


class Registry:
    """Every variant the session knows, by name and alias."""

    def __init__(self) -> None:
        self._variants: dict[str, VariantSource] = {}
        self._aliases: dict[str, str] = {}
        self._raw: dict[str, tuple[dict[str, Any], Path | None, str]] = {}

    def names(self) -> list[str]:
        return sorted(self._variants)

    def __iter__(self):
        return iter(self._variants[n] for n in self.names())

    def __contains__(self, name: str) -> bool:
        return self._canonical(name) is not None

    def _canonical(self, name: str) -> str | None:
        key = name.strip().lower()
        if key in self._variants or key in self._raw:
            return key
        return self._aliases.get(key)

    def add_document(self, data: dict[str, Any], path: Path | None, origin: str,
                     resolve: bool = True) -> None:
        """Register a validated document; with ``resolve=False`` its ``extends`` is
        resolved by :meth:`resolve_all`, once every document of a batch is in."""
        name = data["name"].lower()
        self._raw[name] = (data, path, origin)
        for alias in data.get("aliases") or []:
            self._aliases[alias.lower()] = name
        self._variants.pop(name, None)
        if resolve:
            self._resolve(name, ())

    def resolve_all(self) -> None:
        for name in list(self._raw):
            self._resolve(name, ())

    def add_file(self, path: Path, origin: str = "file") -> VariantSource:
        data, _ = read_document(Path(path))
        self.add_document(data, Path(path), origin)
        return self.get(data["name"])

    def get(self, name: str) -> VariantSource:
        key = self._canonical(name)
        if key is None:
            known = self.names() + sorted(self._aliases)
            raise VariantError(f"unknown variant {name!r}{suggest(name, known)}; "
                               f"known: {', '.join(self.names())}")
        return self._variants[key]

    def _resolve(self, name: str, chain: tuple[str, ...]) -> VariantSource:
        if name in self._variants:
            return self._variants[name]
        data, path, origin = self._raw[name]
        definition = {k: v for k, v in data.items() if k not in ("extends",)}
        parent_name = data.get("extends")
        if parent_name:
            parent_key = self._canonical(parent_name)
            where = f"{path}: extends" if path else f"variant {name!r}: extends"
            if parent_key is None:
                raise VariantError(f"{where}: unknown variant {parent_name!r}"
                                   f"{suggest(parent_name, self.names())}")
            if parent_key in chain or parent_key == name:
                raise VariantError(f"{where}: circular extends: "
                                   f"{' -> '.join(chain + (name, parent_key))}")
            parent = self._resolve(parent_key, chain + (name,))
            inherited = {k: v for k, v in parent.definition.items() if k not in _OWN_KEYS}
            own = {k: v for k, v in definition.items()}
            definition = deep_merge(inherited, own)
        source = VariantSource(
            name=name,
            title=definition.get("title", name),
            definition=definition,
            path=path,
            origin=origin,
            aliases=list(data.get("aliases") or []),
        )
        self._variants[name] = source
        return source


# --- parameters -------------------------------------------------------------

def parse_parameter_value(name: str, spec: dict[str, Any], value: Any) -> Any:
    """Turn a CLI string (or a YAML default) into the parameter's typed value."""
    kind = spec["type"]
    if kind == "choice":
        text = str(value).strip().lower()
        allowed = [str(v) for v in spec["values"]]
        if text not in allowed:
            raise ParameterError(f"parameter {name}: {value!r} is not one of "
                                 f"{', '.join(allowed)}{suggest(text, allowed)}")
        return text
    if kind == "int":
        try:
            number = int(str(value).strip())
        except ValueError:
            raise ParameterError(f"parameter {name}: {value!r} is not a whole number") from None
        low, high = spec.get("min"), spec.get("max")
        if (low is not None and number < low) or (high is not None and number > high):
            raise ParameterError(f"parameter {name}: {number} is out of range "
                                 f"{low if low is not None else '-inf'}..{high if high is not None else 'inf'}")
        return number
    if kind == "ranks":
        items = value if isinstance(value, list) else str(value).split(",")
        if len(items) != spec["count"]:
            raise ParameterError(f"parameter {name}: expected {spec['count']} ranks "
                                 f"separated by commas (e.g. 6,7), got {value!r}")
        try:
            return [cards.RANKS[cards.parse_rank(item)] for item in items]
        except cards.CardError as exc:
            raise ParameterError(f"parameter {name}: {exc}") from None
    raise ParameterError(f"parameter {name}: unknown type {kind!r}")


def parameter_text(value: Any) -> str:
    """The ``K=V`` form of a typed value (``ranks`` as ``A,2``)."""
    return ",".join(value) if isinstance(value, list) else str(value)


def resolve_parameters(source: VariantSource, given: dict[str, str] | None) -> dict[str, Any]:
    """Defaults overlaid with ``given``; every value checked and typed."""
    specs = source.parameters
    given = given or {}
    for key in given:
        if key not in specs:
            hint = suggest(key, specs) if specs else ""
            known = ", ".join(specs) or "none"
            raise ParameterError(f"{source.name} has no parameter {key!r}{hint}; parameters: {known}")
    return {key: parse_parameter_value(key, spec, given.get(key, spec["default"]))
            for key, spec in specs.items()}


def parse_param_options(options: list[str] | None) -> dict[str, str]:
    """``["ranks=6,7", "free=left"]`` -> ``{"ranks": "6,7", "free": "left"}``."""
    result: dict[str, str] = {}
    for option in options or []:
        key, sep, value = option.partition("=")
        if not sep or not key.strip():
            raise ParameterError(f"--param {option!r}: expected KEY=VALUE, e.g. --param bases=dealt")
        result[key.strip().lower()] = value.strip()
    return result


def _substitute(node: Any, values: dict[str, Any], where: str) -> Any:
    if isinstance(node, dict):
        return {k: _substitute(v, values, f"{where}.{k}" if where else k) for k, v in node.items()}
    if isinstance(node, list):
        return [_substitute(v, values, f"{where}[{i}]") for i, v in enumerate(node)]
    if isinstance(node, str) and node.startswith("$"):
        name, _, index = node[1:].partition(".")
        if name not in values:
            raise VariantError(f"{where}: {node} names no parameter{suggest(name, values)}")
        value = values[name]
        if index:
            if not isinstance(value, list) or not index.isdigit() or not 1 <= int(index) <= len(value):
                raise VariantError(f"{where}: {node}: parameter {name} has no item {index}")
            return value[int(index) - 1]
        return value
    return node


def specialise(source: VariantSource, values: dict[str, Any]) -> dict[str, Any]:
    """The concrete definition for these parameter values: patches applied, ``$refs`` replaced."""
    definition = {k: v for k, v in source.definition.items() if k != "parameters"}
    for key, spec in source.parameters.items():
        patch = (spec.get("patches") or {}).get(parameter_text(values[key]))
        if patch:
            definition = deep_merge(definition, patch)
    return _substitute(definition, values, "")
