"""The catalogue index (patience_core/variants/index.py): fresh, used instead of parsing
every shipped file, and harmless when a file is not in it."""
from __future__ import annotations

import json
from pathlib import Path

from patience_core.variants import index, loader
from patience_core.variants.catalog import build_registry, shipped_variant_files
from patience_core.variants.loader import Registry


def test_the_shipped_index_is_fresh():
    files = shipped_variant_files()
    committed = (files[0].parent / index.INDEX_NAME).read_text(encoding="utf-8")
    assert committed == index.index_text(index.build_index(files)), (
        "variants/index.json is stale: run `python -m patience_core.variants.index`")


def test_listing_reads_no_shipped_yaml(monkeypatch):
    read: list[Path] = []
    real = loader.read_document
    monkeypatch.setattr(loader, "read_document", lambda path: read.append(Path(path)) or real(path))
    registry = build_registry()
    summaries = {name: registry.summary(name) for name in registry.names()}
    shipped = {p.resolve() for p in shipped_variant_files()}
    # only the games the example plugins' variants extend (resolved at once) are read
    assert {p.stem for p in read if p.resolve() in shipped} <= {"gavotte", "royal-cotillion"}
    read.clear()
    # inherited fields come from the parent's summary
    assert summaries["bakers-game"]["decks"] == 1 and summaries["gavotte"]["family"] == "two-deck"
    assert "pysol_id" not in summaries["gavotte"]            # an id is never inherited
    assert summaries["contradance"]["parameters"]["redeals"] == {"default": 1}
    # using a game reads its file (and its parent's) then
    assert registry.get("bakers").definition["piles"]["tableau"]["build"]["suit"] == "same"
    assert {p.name for p in read} == {"bakers-game.yaml", "freecell.yaml"}


def test_a_file_missing_from_the_index_is_read_as_yaml(tmp_path, monkeypatch):
    monkeypatch.setattr(index, "shipped_index", lambda: {})
    registry = build_registry()
    assert registry.get("klondike").definition["piles"]["tableau"]["empty"] == "K"


def test_an_indexed_entry_is_read_only_when_used(tmp_path):
    path = tmp_path / "little.yaml"
    source = (Path(__file__).parent.parent / "variants" / "freecell.yaml").read_text(encoding="utf-8")
    path.write_text(source.replace("name: freecell", "name: little"), encoding="utf-8")
    registry = Registry()
    registry.add_indexed({"name": "little", "title": "Little", "aliases": ["tiny"]}, path, "file")
    assert registry.names() == ["little"] and registry.summary("tiny")["title"] == "Little"
    assert registry.get("tiny").definition["title"] == "FreeCell"


def test_the_index_is_json_of_summaries():
    text = (shipped_variant_files()[0].parent / index.INDEX_NAME).read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["version"] == index.INDEX_VERSION
    assert {entry["name"] for entry in data["files"].values()} == {p.stem for p in shipped_variant_files()}
