"""`patience list`, `show`, `validate` and `schema`: variants as data."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from patience_core.variants.catalog import build_registry, checked_parameter_sets, compile_variant
from patience_core.errors import PatienceError
from patience_core.variants.loader import parameter_text, parse_param_options, read_document, suggest
from patience_core.ui.render import printable, rules_text
from patience_core.variants.browse import select
from patience_core.variants.schema import FAMILIES, FAMILY_TITLES, schema_document
from patience_core.cli.common import JsonOpt, ParamOpt, print_json


def list_variants(search: Optional[str] = typer.Option(
                      None, "--search", "-s", help="Games whose name, title or alias matches (typos forgiven)."),
                  family: Optional[str] = typer.Option(
                      None, "--family", help=f"Only this family: {', '.join(FAMILIES)}."),
                  decks: Optional[int] = typer.Option(None, "--decks", help="Only games of this many decks (1-4)."),
                  as_json: bool = JsonOpt) -> None:
    """List the games, grouped by family; search and filter them."""
    if family is not None and family not in FAMILIES:
        raise typer.BadParameter(f"{family!r}{suggest(family, FAMILIES)}; expected one of {', '.join(FAMILIES)}",
                                 param_hint="--family")
    if decks is not None and not 1 <= decks <= 4:
        raise typer.BadParameter(f"{decks}: expected 1 to 4", param_hint="--decks")
    registry = build_registry()
    for problem in registry.problems():
        print(f"warning: left out: {problem}", file=sys.stderr)
    summaries = [registry.summary(name) for name in registry.names()]
    rows = [{"name": s["name"], "title": s.get("title", s["name"]), "aliases": s.get("aliases", []),
             "family": s.get("family"), "decks": s.get("decks"), "pysol_id": s.get("pysol_id"),
             "origin": s["origin"],
             "parameters": {k: parameter_text(v["default"]) for k, v in s.get("parameters", {}).items()}}
            for s in select(summaries, search, family, decks)]
    if as_json:
        print_json(rows)
        return
    if not rows:
        print(f"no game matches{f' {search!r}' if search else ''}", file=sys.stderr)
        raise typer.Exit(1)
    width = max(len(r["name"]) for r in rows)

    def line(r: dict, indent: str) -> str:
        params = " ".join(f"{k}={v}" for k, v in r["parameters"].items())
        aliases = f" (also {', '.join(r['aliases'])})" if r["aliases"] else ""
        return f"{indent}{r['name']:<{width}}  {printable(r['title'])}{aliases}" + (f"  [{params}]" if params else "")

    if search is not None:   # best match first
        for r in rows:
            print(line(r, ""))
        return
    groups: dict[str | None, list[dict]] = {}
    for r in rows:
        groups.setdefault(r["family"], []).append(r)
    order = sorted(groups, key=lambda f: (f is None, FAMILIES.index(f) if f in FAMILIES else 0))
    for n, fam in enumerate(order):
        print(("" if n == 0 else "\n") + f"{FAMILY_TITLES.get(fam, 'Other games')} ({len(groups[fam])})")
        for r in groups[fam]:
            print(line(r, "  "))


def show(variant: str = typer.Argument(..., help="Variant name, alias, or a YAML file."),
         params: Optional[List[str]] = ParamOpt, as_json: bool = JsonOpt) -> None:
    """Show a variant's rules, rendered from its definition, with parameters and defaults."""
    registry = build_registry()
    source = (registry.add_file(Path(variant)) if variant.endswith((".yaml", ".yml"))
              else registry.get(variant))
    rules = compile_variant(source, parse_param_options(params))
    if as_json:
        print_json({"name": rules.name, "title": rules.title, "aliases": source.aliases,
                    "params": {k: parameter_text(v) for k, v in rules.params.items()},
                    "parameters": source.parameters, "piles": rules.pile_names,
                    "definition": rules.definition})
        return
    print(rules_text(rules))


def validate(files: List[Path] = typer.Argument(..., help="Variant YAML files to check."),
             as_json: bool = JsonOpt) -> None:
    """Check variant files: schema, references, parameters, and that the pack adds up."""
    registry = build_registry()
    results: dict[Path, dict] = {}
    names: dict[Path, str] = {}
    # Register every file first, so files given together may extend each other.
    for path in files:
        results[path] = {"file": str(path), "ok": True, "errors": []}
        try:
            data, _ = read_document(path)
            registry.add_document(data, path, "file", resolve=False)
            names[path] = data["name"]
        except PatienceError as exc:
            results[path].update(ok=False, errors=str(exc).splitlines())
    for path, name in names.items():
        try:
            source = registry.resolve(name)
            for params in checked_parameter_sets(source):
                compile_variant(source, params)
        except PatienceError as exc:
            results[path].update(ok=False, errors=str(exc).splitlines())
    results = list(results.values())
    if as_json:
        print_json(results)
    else:
        for r in results:
            if r["ok"]:
                print(f"{r['file']}: ok")
            for line in r["errors"]:
                print(line if line.startswith(r["file"]) else f"{r['file']}: {line}", file=sys.stderr)
    if not all(r["ok"] for r in results):
        raise typer.Exit(1)


def schema() -> None:
    """Print the JSON Schema of the variant file format (for editors)."""
    print_json(schema_document())
