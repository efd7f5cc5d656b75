"""The variant file format as a JSON Schema, and validation that points at lines.

The schema is the single description of the format: jsonschema checks files with
it, ``patience schema`` prints it, and ``docs/variant.schema.json`` is a copy for
editors (a test fails when that copy is stale).
"""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Any, Iterable

import jsonschema
import yaml

from .errors import VariantError

PARAM_REF = r"^\$[a-z_][a-z0-9_]*(\.[0-9]+)?$"
_REF = {"type": "string", "pattern": PARAM_REF,
        "description": "a parameter reference: $name, or $name.N for item N of a list"}


def _or_ref(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, _REF]}


RANK = {
    "description": "a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or 1..13",
    "anyOf": [
        {"type": "integer", "minimum": 1, "maximum": 13},
        {"type": "string", "pattern": "^([AaTtJjQqKk]|[2-9]|10)$"},
    ],
}

PILE_GROUP = {
    "type": ["object", "null"],
    "description": "a group of piles; its piles are named <id>:1, <id>:2, ... in deal order",
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["tableau", "reserve"],
                 "description": "tableau: columns (looked at first); reserve: single places"},
        "title": {"type": "string"},
        "count": _or_ref({"type": "integer", "minimum": 1, "maximum": 64,
                          "description": "how many piles the group has"}),
        "cards": _or_ref({"type": "integer", "minimum": 0, "maximum": 104,
                          "description": "cards dealt to each pile, face up, row by row"}),
        "access": _or_ref({"enum": ["top", "all", "none"],
                           "description": "which cards are free: the top (last dealt) card, every card, none"}),
        "fill": _or_ref({
            "description": "what fills a gap at once: never, or sources tried in order",
            "anyOf": [{"const": "never"},
                      {"type": "array", "minItems": 1, "uniqueItems": True,
                       "items": {"type": "string"}}],
        }),
        "grid": {"type": ["object", "null"], "additionalProperties": False,
                 "required": ["rows", "columns"],
                 "description": "how to show single places: rows x columns",
                 "properties": {"rows": {"type": "integer", "minimum": 1},
                                "columns": {"type": "integer", "minimum": 1}}},
    },
}

FOUNDATION_GROUP = {
    "type": ["object", "null"],
    "description": "a group of foundation piles built by one sequence rule",
    "additionalProperties": False,
    "properties": {
        "title": {"type": "string"},
        "base": _or_ref(RANK),
        "step": _or_ref({"type": "integer", "minimum": -12, "maximum": 12, "not": {"const": 0},
                         "description": "rank step from one card to the next (e.g. 2, -1)"}),
        "wrap": _or_ref({"type": "boolean", "description": "rank arithmetic modulo 13 (K then A)"}),
        "length": _or_ref({"type": "integer", "minimum": 1, "maximum": 13,
                           "description": "cards a finished pile holds"}),
        "suits": _or_ref({"enum": ["fixed", "any"],
                          "description": "fixed: pile n belongs to suit n mod 4 (C D H S); any: its first card decides"}),
        "count": _or_ref({"type": "integer", "minimum": 1, "maximum": 64,
                          "description": "how many piles the group has"}),
        "start": _or_ref({"enum": ["found", "dealt"],
                          "description": "found: a free base card starts a pile; dealt: bases set out before the deal"}),
    },
}

PARAMETER = {
    "type": ["object", "null"],
    "additionalProperties": False,
    "required": ["type", "default"],
    "properties": {
        "type": {"enum": ["choice", "int", "ranks"]},
        "help": {"type": "string"},
        "default": {},
        "values": {"type": "array", "minItems": 1, "items": {"type": ["string", "integer"]}},
        "min": {"type": "integer"},
        "max": {"type": "integer"},
        "count": {"type": "integer", "minimum": 1},
        "patches": {"type": "object", "additionalProperties": {"type": "object"},
                    "description": "per value, a partial definition merged on when that value is chosen"},
    },
    "allOf": [
        {"if": {"properties": {"type": {"const": "choice"}}},
         "then": {"required": ["values"]}},
        {"if": {"properties": {"type": {"const": "ranks"}}},
         "then": {"required": ["count"], "properties": {"default": {"type": "array", "items": RANK}}}},
        {"if": {"properties": {"type": {"const": "int"}}},
         "then": {"properties": {"default": {"type": "integer"}}}},
    ],
}

VARIANT_SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://patience.invalid/variant.schema.json",
    "title": "patience variant",
    "description": "A two-deck patience game of the Royal Cotillion family, as data.",
    "type": "object",
    "additionalProperties": False,
    "required": ["name"],
    "properties": {
        "name": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$",
                 "description": "the id used on the command line (lower case, dashes)"},
        "title": {"type": "string"},
        "aliases": {"type": "array", "items": {"type": "string", "pattern": "^[a-z0-9][a-z0-9-]*$"}},
        "description": {"type": "string"},
        "extends": {"type": "string", "description": "a variant whose definition this one changes"},
        "requires": {"type": "array", "items": {"type": "string"},
                     "description": "plugins (by name) that must be installed"},
        "decks": {"type": "integer", "minimum": 1, "maximum": 4},
        "autoplay": {"type": "boolean",
                     "description": "whether the interactive game plays to the foundations by itself"},
        "parameters": {"type": "object", "additionalProperties": PARAMETER,
                       "propertyNames": {"pattern": "^[a-z_][a-z0-9_]*$"}},
        "piles": {"type": "object", "additionalProperties": PILE_GROUP,
                  "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$",
                                    "not": {"enum": ["stock", "waste", "foundation"]}}},
        "stock": {"type": "object", "additionalProperties": False,
                  "properties": {"redeals": _or_ref({"type": "integer", "minimum": 0, "maximum": 100})}},
        "foundations": {"type": "object", "additionalProperties": FOUNDATION_GROUP,
                        "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$"}},
        "deal": {"type": "array", "items": {"type": "string"}, "uniqueItems": True,
                 "description": "pile groups in the order they are dealt; the rest is the stock"},
    },
    "allOf": [
        {"if": {"not": {"required": ["extends"]}},
         "then": {"required": ["name", "title", "decks", "foundations", "deal"]}},
    ],
}


def schema_document() -> dict[str, Any]:
    return VARIANT_SCHEMA


# --- mapping errors back to YAML lines ----------------------------------------

def _child(node: yaml.Node | None, key: Any) -> tuple[yaml.Node | None, yaml.Node | None]:
    """(key node, value node) of ``key`` inside ``node``."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == str(key):
                return k, v
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return node.value[key], node.value[key]
    return None, None


def locate(root: yaml.Node | None, path: Iterable[Any], key_node: bool = False) -> yaml.Node | None:
    """The node at ``path`` (its key node if asked), or the deepest one that exists."""
    node, found = root, root
    for part in path:
        knode, vnode = _child(node, part)
        if vnode is None:
            break
        found = knode if key_node else vnode
        node = vnode
    return found


def where(path: Path | str, node: yaml.Node | None) -> str:
    if node is None:
        return str(path)
    return f"{path}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def _field(parts: Iterable[Any]) -> str:
    text = ""
    for p in parts:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else str(p))
    return text or "(top level)"


_TYPE_WORDS = {"integer": "a whole number", "string": "a string", "boolean": "true or false",
               "object": "a mapping", "array": "a list", "null": "nothing"}


def _expected(error: jsonschema.ValidationError) -> str:
    schema = error.schema
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    if "const" in schema:
        return repr(schema["const"])
    kinds = schema.get("type")
    if kinds:
        kinds = kinds if isinstance(kinds, list) else [kinds]
        return " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
    return schema.get("description", "a valid value")


def _describe(error: jsonschema.ValidationError, node_root, path: Path | str) -> str:
    parts = list(error.absolute_path)
    field = _field(parts)
    validator = error.validator
    if validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed] if isinstance(error.instance, dict) else []
        name = extra[0] if extra else "?"
        node = locate(node_root, parts + [name], key_node=True)
        close = difflib.get_close_matches(name, allowed, n=1, cutoff=0.5)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return (f"{where(path, node)}: field {_field(parts + [name])}: unknown field{hint}; "
                f"expected one of {', '.join(allowed)}")
    node = locate(node_root, parts)
    found = repr(error.instance) if not isinstance(error.instance, (dict, list)) else type(error.instance).__name__
    if validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        return f"{where(path, node)}: field {_field(parts + [missing])}: missing; it is required"
    if validator == "propertyNames":
        return f"{where(path, node)}: field {field}: a name is not allowed here ({error.message})"
    if validator in ("anyOf", "oneOf"):
        alternatives = [sub for sub in error.context if sub.validator not in ("pattern",)]
        best = min(error.context, key=lambda e: len(list(e.absolute_path)), default=None)
        expected = "; or ".join(sorted({_expected(e) for e in alternatives or error.context}))
        if best is not None and best.validator == "enum":
            hint = ""
            close = difflib.get_close_matches(str(error.instance), [str(v) for v in best.schema["enum"]], n=1)
            if close:
                hint = f" (did you mean {close[0]!r}?)"
            return f"{where(path, node)}: field {field}: found {found}{hint}, expected {expected}"
        return f"{where(path, node)}: field {field}: found {found}, expected {expected}"
    if validator == "enum":
        close = difflib.get_close_matches(str(error.instance), [str(v) for v in error.schema["enum"]], n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        return f"{where(path, node)}: field {field}: found {found}{hint}, expected {_expected(error)}"
    if validator == "type":
        return f"{where(path, node)}: field {field}: found {found}, expected {_expected(error)}"
    return f"{where(path, node)}: field {field}: {error.message}"


class VariantErrors(VariantError):
    """Several problems in one file; ``str()`` gives one line per problem."""

    def __init__(self, messages: list[str]):
        self.messages = messages
        super().__init__("\n".join(messages))


def validate_document(data: Any, node: yaml.Node | None, path: Path | str) -> None:
    """Raise :class:`VariantErrors` listing every schema violation with file:line:col."""
    if not isinstance(data, dict):
        found = "an empty file" if data is None else type(data).__name__
        raise VariantErrors([f"{where(path, node)}: found {found}, expected a mapping of variant fields"])
    validator = jsonschema.Draft7Validator(VARIANT_SCHEMA)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if errors:
        seen, messages = set(), []
        for error in errors:
            text = _describe(error, node, path)
            if text not in seen:
                seen.add(text)
                messages.append(text)
        raise VariantErrors(messages)
