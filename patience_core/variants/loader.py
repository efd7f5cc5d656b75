"""Read variant files, resolve ``extends`` and parameters into a concrete definition.

A variant file is YAML read with ``yaml.safe_load`` semantics only (no tags that
construct objects), checked against the JSON Schema in :mod:`.schema`, merged
onto the variant it extends, and finally specialised by parameter values.
"""
from __future__ import annotations

import copy
import difflib
import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from patience_core.model import cards
from patience_core.errors import ParameterError, PatienceError, VariantError

# Keys a child never inherits from the variant it extends.
_OWN_KEYS = ("name", "title", "aliases", "description", "extends", "requires", "pysol_id", "deal_numbers")


@dataclass
class VariantSource:
    """A variant as found: its merged, still parameterised definition."""

    name: str
    title: str
    definition: dict[str, Any]
    path: Path | None = None
    origin: str = "shipped"
    aliases: list[str] = field(default_factory=list)
    # The documents this definition was merged from, its own first, then the variant it
    # extends, and so on: (file or None, raw data). Used to point errors at a line.
    documents: list[tuple[Path | None, dict[str, Any]]] = field(default_factory=list)

    @property
    def parameters(self) -> dict[str, dict[str, Any]]:
        return self.definition.get("parameters") or {}

    def defaults(self) -> dict[str, Any]:
        return {k: spec["default"] for k, spec in self.parameters.items()}

    def locate(self, path: tuple | list, values: dict[str, Any] | None = None, key: bool = False) -> str:
        """``file:line:col`` of the field at ``path`` in the definition (see :func:`locate_field`)."""
        return locate_field(self, path, values, key)

    def error(self, path: tuple | list, message: str, values: dict[str, Any] | None = None) -> VariantError:
        """A :class:`VariantError` reading ``file:line:col: field F: message``."""
        from patience_core.variants.schema import field_name
        chosen = ""
        if values:
            changed = [f"{k}={parameter_text(v)}" for k, v in values.items()
                       if k in self.parameters and parameter_text(v) != parameter_text(self.parameters[k].get("default"))]
            chosen = f" (with {' '.join(changed)})" if changed else ""
        return VariantError(f"{self.locate(path, values)}: field {field_name(path)}: {message}{chosen}")


_NODES: dict[Path, yaml.Node | None] = {}


# What a variant file may hold: far above any real variant (the shipped files are a few KB,
# 7 levels deep, with lists of a dozen items), low enough that reading a hostile file is instant.
MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 20            # nested mappings and lists
MAX_ITEMS = 1000          # entries of one mapping or list
MAX_NODES = 100_000       # values in the whole file
MAX_TEXT = 10_000         # characters of one string
MAX_NUMBER_TEXT = 20      # characters of one integer (digits, sign, 0x, underscores)
MAX_EXTENDS = 32          # variants in one extends chain

# Characters no terminal shows as text (C0 and C1 controls, DEL) and lone surrogates, which
# no encoding can write; tab and newline are the only controls a text may hold.
UNPRINTABLE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


class _FlatSafeLoader(yaml.SafeLoader):
    """PyYAML's own safe loader, stopped at the first flow collection nested too deep: its
    scanner slows down with every open ``[`` or ``{`` (a line of them takes minutes) and
    its composer recurses."""

    def fetch_flow_collection_start(self, TokenClass):
        if self.flow_level >= MAX_DEPTH:
            raise yaml.scanner.ScannerError(None, None, f"nested more than {MAX_DEPTH} levels deep; "
                                            f"expected at most {MAX_DEPTH}", self.get_mark())
        super().fetch_flow_collection_start(TokenClass)


# The libyaml parser where PyYAML was built with it (about 10 times faster; it stops at
# 1000 levels itself), else PyYAML's own.
_YAML_LOADER = getattr(yaml, "CSafeLoader", _FlatSafeLoader)
# Syntax errors are worded again by PyYAML's own parser, but only in files this small.
_REWORD_BYTES = 64_000


def _node_of(path: Path) -> yaml.Node | None:
    """The YAML node tree of a file, composed only when an error needs a line number."""
    if path not in _NODES:
        try:
            _NODES[path] = _parse(_read_text(path), path)[0]
        except (OSError, UnicodeDecodeError, yaml.YAMLError, VariantError):
            _NODES[path] = None
    return _NODES[path]


def _depth(data: Any, path: tuple) -> int:
    """How many leading parts of ``path`` exist in ``data``."""
    for depth, part in enumerate(path):
        if isinstance(data, dict) and part in data:
            data = data[part]
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return depth
    return len(path)


def locate_field(source: VariantSource, path: tuple | list, values: dict[str, Any] | None = None,
                 key: bool = False) -> str:
    """Where the value at ``path`` of the merged definition was written: ``file:line:col``.

    A value may come from a parameter patch (when ``values`` chose it), from the
    variant's own file, or from a variant it extends; the first that holds the whole
    path wins, else the deepest partial match (e.g. the group a missing field belongs
    to). Without any file: ``variant 'name'``.
    """
    from patience_core.variants.schema import locate, where

    path = tuple(path)
    prefixes: list[tuple] = []
    for name, spec in (source.parameters if values else {}).items():
        if name in values and parameter_text(values[name]) in (spec.get("patches") or {}):
            prefixes.append(("parameters", name, "patches", parameter_text(values[name])))
    prefixes.append(())
    documents = source.documents or [(source.path, source.definition)]
    best: tuple[int, Path | None, tuple] | None = None
    for prefix in prefixes:
        for doc_path, data in documents:
            if _depth(data, prefix) < len(prefix):
                continue
            depth = _depth(data, prefix + path) - len(prefix)
            if depth == len(path):
                best = (depth, doc_path, prefix + path)
                break
            if prefix == () and (best is None or depth > best[0]):
                best = (depth, doc_path, prefix + path[:depth])
        if best is not None and best[0] == len(path):
            break
    if best is None or best[1] is None:
        return str(source.path) if source.path else f"variant {source.name!r}"
    root = _node_of(Path(best[1]))
    node = locate(root, best[2], key)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and best[2]:
        node = locate(root, best[2], True)  # a whole group: point at its name, not its first line
    return where(best[1], node)


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
                merged[key] = _drop_nulls(copy.deepcopy(value))
        return merged
    return _drop_nulls(copy.deepcopy(override))


def _drop_nulls(value: Any) -> Any:
    """``value`` without the mapping entries that are null, at every depth; a parameter's
    ``patches`` are kept whole, since a null there deletes when the patch is applied."""
    if isinstance(value, dict):
        return {k: (v if k == "patches" else _drop_nulls(v)) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value


def suggest(word: str, choices) -> str:
    """`` (did you mean 'x'?)`` for the closest choice, or ``''``."""
    close = difflib.get_close_matches(str(word), [str(c) for c in choices], n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _read_text(path: Path) -> str:
    """The file's text, refused before reading when it is larger than any variant could be,
    or not a file at all (reading a named pipe would wait for a writer forever)."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with open(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise VariantError(f"{path}: not a regular file; expected a variant file")
        raw = handle.read(MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise VariantError(f"{path}: more than {MAX_FILE_BYTES} bytes; expected a variant file "
                           f"(the shipped ones are a few KB)")
    return raw.decode("utf-8")


def _parse(text: str, path: Path) -> tuple[yaml.Node | None, Any]:
    """Parse once: compose the node tree (kept for line numbers), check it is plain data
    within the limits, then build the data from those same nodes."""
    loader = _YAML_LOADER(text)
    try:
        node = loader.get_single_node()
        _check_plain(node, path)
        data = loader.construct_document(node) if node is not None else None
    except RecursionError:  # PyYAML's own composer recurses (libyaml stops at 1000 levels)
        raise VariantError(f"{path}: nested too deeply; expected at most {MAX_DEPTH} levels") from None
    finally:
        loader.dispose()
    return node, data


def _clearer_syntax_error(text: str, error: yaml.MarkedYAMLError) -> yaml.MarkedYAMLError:
    """PyYAML's own parser words syntax errors better than libyaml ("expected ',' or '}',
    but got ':'"); on the error path only, ask it for its message."""
    if issubclass(_YAML_LOADER, yaml.SafeLoader) or len(text) > _REWORD_BYTES:
        return error
    try:
        for _ in yaml.parse(text, Loader=_FlatSafeLoader):
            pass
    except yaml.MarkedYAMLError as pure:
        return pure
    except (yaml.YAMLError, RecursionError):
        pass
    return error


def read_document(path: Path) -> tuple[dict[str, Any], yaml.Node]:
    """Parse one YAML file safely; return the data and its node tree (for line numbers)."""
    from patience_core.variants.schema import validate_document

    try:
        text = _read_text(path)
    except OSError as exc:
        raise VariantError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise VariantError(f"{path}: not a UTF-8 text file") from None
    try:
        node, data = _parse(text, path)
    except yaml.MarkedYAMLError as exc:
        exc = _clearer_syntax_error(text, exc)
        mark = exc.problem_mark or exc.context_mark
        where = f"{path}:{mark.line + 1}:{mark.column + 1}" if mark else str(path)
        problem = exc.problem or exc.context or "invalid YAML"
        raise VariantError(f"{where}: YAML syntax error: {problem}") from None
    except yaml.reader.ReaderError as exc:  # a character YAML refuses (a control code): one line, with where
        code = f"#x{exc.character:04x}" if isinstance(exc.character, int) else repr(exc.character)
        raise VariantError(f"{path}:{_where_unprintable(text, exc)}: YAML error: unacceptable character "
                           f"{code}: control characters are not allowed") from None
    except yaml.YAMLError as exc:
        raise VariantError(f"{path}: YAML error: {exc}") from None
    _NODES[Path(path)] = node
    validate_document(data, node, path)
    return data, node


def _where_unprintable(text: str, error: yaml.reader.ReaderError) -> str:
    """``LINE:COL`` of the first character YAML refuses (libyaml counts bytes, PyYAML
    characters: the text is searched again, as PyYAML's reader does)."""
    found = yaml.reader.Reader.NON_PRINTABLE.search(text)
    at = found.start() if found else min(max(error.position, 0), len(text))
    line_start = text.rfind("\n", 0, at) + 1
    return f"{text.count(chr(10), 0, at) + 1}:{at - line_start + 1}"


# The tags of plain YAML data; anything else (``!!python/object``, custom ``!tags``) would
# ask a loader to build objects, which variant files may never do.
_PLAIN_TAGS = {f"tag:yaml.org,2002:{t}" for t in
               ("str", "int", "float", "bool", "null", "map", "seq", "timestamp", "binary", "merge", "omap",
                "pairs", "set", "value")}
_INT_TAG = "tag:yaml.org,2002:int"


def _check_plain(node: yaml.Node | None, path: Path) -> None:
    """Refuse what is not plain data within the limits, before any of it is built: tags that
    build objects, aliases (one anchored value repeated can grow a tiny file into gigabytes),
    duplicate keys (YAML would silently keep the last), nesting, sizes and unprintable text."""
    from patience_core.variants.schema import field_name, where

    def refuse(current: yaml.Node, parts: tuple, message: str) -> VariantError:
        field = f" field {_escaped(field_name(parts))}:" if parts else ""
        return VariantError(f"{where(path, current)}:{field} {message}")

    stack: list[tuple[yaml.Node, tuple, int]] = [(node, (), 0)] if node is not None else []
    visited: set[int] = set()
    while stack:
        current, parts, depth = stack.pop()
        if id(current) in visited:
            raise refuse(current, parts, "this value is repeated by a YAML alias (*name); aliases "
                         "are not allowed in variant files, write the value out where it is needed")
        visited.add(id(current))
        if len(visited) > MAX_NODES:
            raise VariantError(f"{path}: more than {MAX_NODES} values; expected a variant file")
        if depth > MAX_DEPTH:
            raise refuse(current, parts, f"nested more than {MAX_DEPTH} levels deep; expected at most {MAX_DEPTH}")
        if current.tag not in _PLAIN_TAGS:
            raise refuse(current, (), f"tag {current.tag.replace('tag:yaml.org,2002:', '!!')!r} is not "
                         f"allowed; variant files are plain data (no tags that build objects)")
        if isinstance(current, yaml.ScalarNode):
            _check_scalar(current, parts, refuse)
            continue
        if len(current.value) > MAX_ITEMS:
            raise refuse(current, parts, f"{len(current.value)} entries; expected at most {MAX_ITEMS}")
        if isinstance(current, yaml.MappingNode):
            seen: dict[str, yaml.Node] = {}
            for key, value in current.value:
                name = key.value if isinstance(key, yaml.ScalarNode) else "?"
                if isinstance(key, yaml.ScalarNode):
                    if key.value in seen:
                        first = seen[key.value].start_mark.line + 1
                        raise VariantError(f"{where(path, key)}: field {_escaped(name)}: given "
                                           f"twice (first on line {first}); expected each field once")
                    seen[key.value] = key
                stack.extend(((key, parts + (name,), depth + 1), (value, parts + (name,), depth + 1)))
        elif isinstance(current, yaml.SequenceNode):
            stack.extend((item, parts + (i,), depth + 1) for i, item in enumerate(current.value))


def _escaped(text: str) -> str:
    """``text`` with its unprintable characters written as ``\\uXXXX``, for error messages."""
    return UNPRINTABLE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)


def _check_scalar(node: yaml.ScalarNode, parts: tuple, refuse) -> None:
    text = node.value
    if node.tag == _INT_TAG and len(text) > MAX_NUMBER_TEXT:
        raise refuse(node, parts, f"a number written with {len(text)} characters; expected at most "
                     f"{MAX_NUMBER_TEXT}")
    if len(text) > MAX_TEXT:
        raise refuse(node, parts, f"a text of {len(text)} characters; expected at most {MAX_TEXT}")
    bad = UNPRINTABLE.search(text)
    if bad:
        raise refuse(node, parts, f"the text holds the character U+{ord(bad.group()):04X}, which cannot be "
                     f"printed; expected printable text (tab and newline are the only controls allowed)")


@dataclass(frozen=True)
class IndexedFile:
    """A variant file known by its catalogue index entry, read only when the variant is used."""

    path: Path
    origin: str
    summary: dict[str, Any]


def _where_to_look(name: str, known: list[str], lead: str) -> str:
    """Every known name when they are few; else how to search the catalogue."""
    if len(known) <= 20:
        return lead + ", ".join(known)
    return f"`patience list --search {str(name).strip()[:40]}` finds games by name, title or alias"


class Registry:
    """Every variant the session knows, by name and alias."""

    def __init__(self) -> None:
        self._variants: dict[str, VariantSource] = {}
        self._aliases: dict[str, str] = {}
        self._raw: dict[str, tuple[dict[str, Any], Path | None, str] | IndexedFile] = {}
        # Variants that could not be registered, by name (or file stem): the one-line reason.
        # A broken file or plugin hurts only itself: asking for it gives the reason.
        self._broken: dict[str, str] = {}

    def add_broken(self, name: str, reason: str) -> None:
        """``name`` cannot be used: drop it (and its aliases); asking for it says ``reason``."""
        key = name.strip().lower()
        self._broken[key] = reason
        self._raw.pop(key, None)
        self._variants.pop(key, None)
        for alias in [a for a, target in self._aliases.items() if target == key]:
            del self._aliases[alias]

    def problems(self) -> list[str]:
        """The one-line reason of every variant left out, sorted."""
        return sorted(set(self._broken.values()))

    def names(self) -> list[str]:
        return sorted(set(self._variants) | set(self._raw))

    def __iter__(self):
        """Every variant, resolved (indexed files are read now: for listing, use :meth:`summary`)."""
        return iter(self._resolve(n, ()) for n in self.names())

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

    def add_indexed(self, summary: dict[str, Any], path: Path, origin: str) -> None:
        """Register a file by its index entry (see :mod:`.index`); it is read when used."""
        name = summary["name"].lower()
        self._raw[name] = IndexedFile(path, origin, summary)
        for alias in summary.get("aliases") or []:
            self._aliases[alias.lower()] = name
        self._variants.pop(name, None)

    def resolve_all(self) -> None:
        """Resolve every variant read so far (indexed files wait until they are used); one
        that fails is left out with its reason (see :meth:`add_broken`)."""
        for name, entry in list(self._raw.items()):
            if name in self._raw and not isinstance(entry, IndexedFile):
                try:
                    self._resolve(name, ())
                except PatienceError as exc:
                    self.add_broken(name, str(exc))

    def summary(self, name: str) -> dict[str, Any]:
        """What ``patience list`` shows of a variant, inherited fields included, without
        reading an indexed file: name, title, aliases, family, decks, pysol_id, origin,
        description and parameter defaults."""
        return self._summary(self._canonical(name) or self.get(name).name, ())

    def _summary(self, key: str, chain: tuple[str, ...]) -> dict[str, Any]:
        from patience_core.variants.index import summary_of

        if key in self._variants:
            source = self._variants[key]
            merged = summary_of(source.definition)
            merged["aliases"] = list(source.aliases)
            merged["origin"] = source.origin
            merged.pop("extends", None)
            return merged
        entry = self._raw[key]
        own, origin = ((entry.summary, entry.origin) if isinstance(entry, IndexedFile)
                       else (summary_of(entry[0]), entry[2]))
        parent_key = self._canonical(own.get("extends") or "")
        if own.get("extends") and parent_key is not None and parent_key not in chain + (key,):
            inherited = self._summary(parent_key, chain + (key,))
        else:
            inherited = {}
        merged = {k: v for k, v in inherited.items() if k not in _OWN_KEYS and k != "parameters"}
        merged.update({k: v for k, v in own.items() if k not in ("extends", "parameters")})
        parameters = dict(inherited.get("parameters") or {})
        for k, spec in (own.get("parameters") or {}).items():
            if spec is None:
                parameters.pop(k, None)
            else:
                parameters[k] = spec
        merged["parameters"] = parameters
        merged.setdefault("aliases", [])
        merged["origin"] = origin
        return merged

    def add_file(self, path: Path, origin: str = "file") -> VariantSource:
        data, _ = read_document(Path(path))
        self.add_document(data, Path(path), origin)
        return self.get(data["name"])

    def get(self, name: str) -> VariantSource:
        key = self._canonical(name)
        if key is None and name.strip().lower() in self._broken:
            raise VariantError(self._broken[name.strip().lower()])
        if key is None:
            known = self.names() + sorted(self._aliases)
            raise VariantError(f"unknown variant {name!r}{suggest(name, known)}; "
                               f"{_where_to_look(name, self.names(), 'known: ')}")
        return self._resolve(key, ())

    def resolve(self, name: str) -> VariantSource:
        """The merged definition of a registered variant (its ``extends`` resolved now)."""
        key = self._canonical(name)
        if key is None:
            return self.get(name)
        return self._resolve(key, ())

    def _resolve(self, name: str, chain: tuple[str, ...]) -> VariantSource:
        if name in self._variants:
            return self._variants[name]
        entry = self._raw[name]
        if isinstance(entry, IndexedFile):
            data, _ = read_document(entry.path)
            entry = self._raw[name] = (data, entry.path, entry.origin)
        data, path, origin = entry
        definition = {k: v for k, v in data.items() if k not in ("extends",)}
        documents: list[tuple[Path | None, dict[str, Any]]] = [(path, data)]
        parent_name = data.get("extends")
        if parent_name:
            parent_key = self._canonical(parent_name)
            own = VariantSource(name=name, title=name, definition=data, path=path, documents=documents)
            if parent_key is None:
                known = sorted((set(self.names()) | set(self._raw)) - {name})
                raise own.error(("extends",), f"unknown variant {parent_name!r}"
                                f"{suggest(parent_name, known)}; "
                                f"{_where_to_look(parent_name, known, 'expected one of ')}")
            if parent_key in chain or parent_key == name:
                raise own.error(("extends",), f"circular extends: "
                                f"{' -> '.join(chain + (name, parent_key))}; expected a chain that ends "
                                f"at a variant without extends")
            if len(chain) + 1 >= MAX_EXTENDS:
                raise own.error(("extends",), f"an extends chain of more than {MAX_EXTENDS} variants "
                                f"({chain[0]} -> ... -> {name} -> {parent_key}); expected at most {MAX_EXTENDS}")
            parent = self._resolve(parent_key, chain + (name,))
            inherited = {k: v for k, v in parent.definition.items() if k not in _OWN_KEYS}
            own_fields = {k: v for k, v in definition.items()}
            definition = deep_merge(inherited, own_fields)
            documents += parent.documents
        else:
            definition = _drop_nulls(definition)  # a null with nothing to delete is just dropped
        source = VariantSource(
            name=name,
            title=definition.get("title", name),
            definition=definition,
            path=path,
            origin=origin,
            aliases=list(data.get("aliases") or []),
            documents=documents,
        )
        check_parameters(source)
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
        # The value as declared: a number stays a number where the file says one (draw: 3).
        declared = spec["values"][allowed.index(text)]
        return declared if isinstance(declared, int) and not isinstance(declared, bool) else text
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


def check_parameters(source: VariantSource) -> None:
    """Every parameter, once ``extends`` is merged: typed, with a legal default and patches
    only for values it can take. Errors point at the field's line."""
    for name, spec in source.parameters.items():
        where = ("parameters", name)
        for required in ("type", "default"):
            if required not in spec:
                raise source.error(where + (required,), "missing; it is required")
        kind = spec["type"]
        if kind == "choice" and "values" not in spec:
            raise source.error(where + ("values",), "missing; a choice parameter lists its values")
        for index, value in enumerate(spec.get("values") or [] if kind == "choice" else []):
            if str(value) != str(value).strip().lower():
                raise source.error(where + ("values", index), f"found {value!r}, expected a value in lower "
                                   f"case without spaces around it (--param {name}=V is read in lower case, "
                                   f"so {value!r} could never be chosen)")
        if kind == "ranks" and "count" not in spec:
            raise source.error(where + ("count",), "missing; a ranks parameter says how many ranks")
        if kind == "int" and spec.get("min") is not None and spec.get("max") is not None \
                and spec["min"] > spec["max"]:
            raise source.error(where + ("max",), f"found {spec['max']}, expected at least min ({spec['min']})")
        try:
            parse_parameter_value(name, spec, spec["default"])
        except ParameterError as exc:
            raise source.error(where + ("default",), str(exc).removeprefix(f"parameter {name}: ")) from None
        for value in spec.get("patches") or {}:
            try:
                typed = parse_parameter_value(name, spec, value)
            except ParameterError as exc:
                raise source.error(where + ("patches", value), f"a patch for a value the parameter cannot "
                                   f"take: {str(exc).removeprefix(f'parameter {name}: ')}") from None
            if parameter_text(typed) != str(value):
                raise source.error(where + ("patches", value), f"a patch for {value!r}, which is chosen as "
                                   f"{parameter_text(typed)!r}; expected the value as it is chosen")


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


def _substitute(node: Any, values: dict[str, Any], path: tuple, source: VariantSource | None,
                refs: dict[tuple, str]) -> Any:
    if isinstance(node, dict):
        return {k: _substitute(v, values, path + (k,), source, refs) for k, v in node.items()}
    if isinstance(node, list):
        return [_substitute(v, values, path + (i,), source, refs) for i, v in enumerate(node)]
    if isinstance(node, str) and node.startswith("$"):
        name, _, index = node[1:].partition(".")
        if name not in values:
            known = ", ".join(f"${v}" for v in values) or "none (the variant has no parameters)"
            message = f"{node} names no parameter{suggest(name, values)}; parameters: {known}"
            raise _error(source, path, message, values)
        value = values[name]
        if index:
            if not isinstance(value, list) or not index.isdigit() or not 1 <= int(index) <= len(value):
                size = f"items 1..{len(value)}" if isinstance(value, list) else "no items (it is not a list)"
                raise _error(source, path, f"{node}: parameter {name} has {size}", values)
            value = value[int(index) - 1]
        refs[path] = f"{node} = {parameter_text(value)}"
        return value
    return node


def referenced_parameters(source: VariantSource) -> set[str]:
    """The parameters some ``$name`` of the definition (or of a patch) refers to."""
    found: set[str] = set()
    stack = [source.definition]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
        elif isinstance(node, str) and node.startswith("$"):
            found.add(node[1:].partition(".")[0])
    return found


def _error(source: VariantSource | None, path: tuple, message: str, values: dict[str, Any]) -> VariantError:
    if source is None:
        from patience_core.variants.schema import field_name
        return VariantError(f"field {field_name(path)}: {message}")
    return source.error(path, message, values)


def specialise(source: VariantSource, values: dict[str, Any]) -> dict[str, Any]:
    """The concrete definition for these parameter values: patches applied, ``$refs`` replaced,
    and the result checked against the schema again (a reference or a patch may bring a
    value of the wrong kind)."""
    from patience_core.variants.schema import VariantErrors, validate_concrete

    definition = {k: v for k, v in source.definition.items() if k != "parameters"}
    for key, spec in source.parameters.items():
        patch = (spec.get("patches") or {}).get(parameter_text(values[key]))
        if patch:
            definition = deep_merge(definition, patch)
    refs: dict[tuple, str] = {}
    concrete = _substitute(definition, values, (), source, refs)
    try:
        validate_concrete(concrete, lambda parts, key: source.locate(parts, values, key))
    except VariantErrors as exc:
        # Say which parameter value brought a bad value in.
        chosen = " ".join(f"{k}={parameter_text(v)}" for k, v in values.items())
        notes = []
        for message in exc.messages:
            ref = next((text for p, text in refs.items() if f"field {_dotted(p)}:" in message), None)
            notes.append(message + (f" (from {ref})" if ref else f" (with {chosen})" if chosen else ""))
        raise VariantErrors(notes) from None
    return concrete


def _dotted(path: tuple) -> str:
    from patience_core.variants.schema import field_name
    return field_name(path)
