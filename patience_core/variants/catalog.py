"""Where variants come from: the shipped files, plugins, and files named on the command line."""
from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from patience_core.variants.loader import Registry, VariantSource, referenced_parameters, resolve_parameters, specialise

if TYPE_CHECKING:  # the rule tables are built only when a game is compiled, not to list the games
    from patience_core.model.rules import Rules


def shipped_variant_files() -> list[Path]:
    """The YAML files under ``variants/`` (installed as package data)."""
    folder = resources.files("patience_core.variants.shipped")
    return sorted(Path(str(entry)) for entry in folder.iterdir() if entry.name.endswith(".yaml"))


def build_registry(files: list[Path] | tuple = (), manager=None) -> Registry:
    """Every variant of the installed plugins (the built-in one adds the shipped
    files), then ``files`` (which may extend them)."""
    from patience_core.plugins import hooks

    registry = Registry()
    hooks.register_variants(registry, manager)
    registry.resolve_all()
    for path in files:
        registry.add_file(Path(path), origin="file")
    return registry


def compile_variant(source: VariantSource, params: dict[str, Any] | None = None, manager=None) -> Rules:
    """Rule tables for ``source`` with ``params``; the plugin hooks are resolved here, once."""
    from patience_core.model.rules import Rules
    from patience_core.plugins import hooks

    hooks.check_requires(source, manager)
    values = resolve_parameters(source, params)
    rules = Rules(source, values, specialise(source, values))
    hooks.resolve(rules, manager)
    return rules


def load_rules(name: str | None = None, params: dict[str, Any] | None = None,
               file: str | Path | None = None, registry: Registry | None = None, manager=None) -> Rules:
    """Compile a variant by name (or the one in ``file``) with ``params`` (strings or values)."""
    if registry is None:
        registry = build_registry(manager=manager)
    source = registry.add_file(Path(file)) if file is not None else registry.get(name or "")
    return compile_variant(source, params, manager)


def checked_parameter_sets(source: VariantSource) -> list[dict]:
    """The defaults, the bounds of each int, and each choice value that can change the
    rules: each must compile, or a player could pick a value that breaks the variant. A value
    with no patch, of a parameter no ``$name`` refers to, compiles like the default; it is
    compiled only when the variant requires plugins, which may read any parameter."""
    sets: list[dict] = [{}]
    referenced = referenced_parameters(source)
    every_value = bool(source.definition.get("requires"))
    for key, spec in source.parameters.items():
        if spec["type"] == "choice":
            patched = {str(value) for value in spec.get("patches") or {}}
            sets += [{key: str(value)} for value in spec.get("values", [])
                     if every_value or key in referenced or str(value) in patched]
        elif spec["type"] == "int":
            sets += [{key: str(spec[bound])} for bound in ("min", "max") if spec.get(bound) is not None]
    return sets
