"""The catalogue index: what ``patience list`` and finding a game by name need of each
shipped variant file, without parsing hundreds of YAML files on every command.

The index maps a digest of a file's bytes to a summary of its own document (name, title,
aliases, family, decks, PySolFC id, extends, parameter defaults, description). A file is
looked up by its content, so an edited or new file is simply not found and is read as
YAML, as before: the index can make commands slower when stale, never wrong. The
shipped ``variants/index.json`` is regenerated with ``python -m patience_core.variants.index``
and a test fails when it is stale.
"""
from __future__ import annotations

import functools
import hashlib
import json
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

INDEX_NAME = "index.json"
INDEX_VERSION = 1
# The fields of a document a summary keeps (the rest is read when the game is played).
SUMMARY_FIELDS = ("name", "title", "aliases", "family", "decks", "pysol_id", "extends", "description")


def digest(raw: bytes) -> str:
    """The key of a file's bytes in the index."""
    return hashlib.sha256(raw).hexdigest()[:32]


def summary_of(data: dict[str, Any]) -> dict[str, Any]:
    """The index entry of one validated variant document (its own fields, not inherited ones)."""
    summary = {k: data[k] for k in SUMMARY_FIELDS if k in data}
    parameters = data.get("parameters")
    if isinstance(parameters, dict):
        # null deletes an inherited parameter, as in the file
        summary["parameters"] = {k: (None if spec is None else {"default": spec.get("default")})
                                 for k, spec in parameters.items()}
    return summary


def build_index(paths: Iterable[Path]) -> dict[str, Any]:
    """The index of ``paths`` (each read and validated as a variant file)."""
    from patience_core.variants.loader import read_document

    files = {}
    for path in sorted(paths, key=lambda p: p.name):
        data, _ = read_document(path)
        files[digest(path.read_bytes())] = summary_of(data)
    return {"version": INDEX_VERSION, "files": dict(sorted(files.items(), key=lambda kv: kv[1]["name"]))}


def index_text(index: dict[str, Any]) -> str:
    return json.dumps(index, indent=1, ensure_ascii=False, sort_keys=False) + "\n"


@functools.lru_cache(maxsize=1)
def shipped_index() -> dict[str, dict[str, Any]]:
    """digest -> summary of the shipped index; empty when it is missing or unreadable (every
    file is then read as YAML)."""
    try:
        text = resources.files("patience_core.variants.shipped").joinpath(INDEX_NAME).read_text("utf-8")
        index = json.loads(text)
    except (OSError, ValueError, ModuleNotFoundError):
        return {}
    if not isinstance(index, dict) or index.get("version") != INDEX_VERSION or not isinstance(index.get("files"), dict):
        return {}
    return index["files"]


def main() -> None:
    """Write the shipped index (run after changing a file in ``variants/``)."""
    from patience_core.variants.catalog import shipped_variant_files

    files = shipped_variant_files()
    target = files[0].parent / INDEX_NAME
    target.write_text(index_text(build_index(files)), encoding="utf-8")
    print(f"{target}: {len(files)} variants")


if __name__ == "__main__":
    main()
