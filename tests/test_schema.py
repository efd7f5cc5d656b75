"""The published JSON Schema: the committed copy is current, valid, and usable by editors."""
from __future__ import annotations

import json

import jsonschema
import pytest
import yaml

from conftest import ROOT, run_cli
from patience_core.variants.schema import CONCRETE_SCHEMA, VARIANT_SCHEMA, schema_document

COMMITTED = ROOT / "docs" / "variant.schema.json"
SHIPPED = sorted((ROOT / "variants").glob("*.yaml"))
MODELINE = "# yaml-language-server: $schema=../docs/variant.schema.json"


def test_committed_schema_is_current():
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert committed == schema_document(), (
        "docs/variant.schema.json is stale: run `patience schema > docs/variant.schema.json`")


def test_patience_schema_prints_the_schema():
    code, out, err = run_cli("schema")
    assert code == 0 and err == ""
    assert json.loads(out) == schema_document()
    assert out == COMMITTED.read_text(encoding="utf-8"), "the committed copy is byte-for-byte the output"


def test_schema_is_a_valid_draft_07_schema():
    jsonschema.Draft7Validator.check_schema(VARIANT_SCHEMA)
    jsonschema.Draft7Validator.check_schema(CONCRETE_SCHEMA)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_files_point_editors_at_the_schema_and_pass_it(path):
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == MODELINE
    assert (path.parent / "../docs/variant.schema.json").resolve() == COMMITTED.resolve()
    # What an editor does with the committed copy: plain jsonschema, no project code.
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert list(jsonschema.Draft7Validator(schema).iter_errors(yaml.safe_load(text))) == []


def _properties(schema, path=()):
    for key, sub in (schema.get("properties") or {}).items():
        yield path + (key,), sub
        yield from _properties(sub, path + (key,))
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _properties(extra, path + ("*",))


def test_every_field_has_a_description_for_editors():
    undocumented = [".".join(p) for p, sub in _properties(VARIANT_SCHEMA) if "description" not in sub]
    undocumented += [".".join(p) for p, sub in _properties(VARIANT_SCHEMA["definitions"]["patch"])
                     if "description" not in sub]
    assert undocumented == []


def test_schema_refuses_what_the_loader_refuses():
    validator = jsonschema.Draft7Validator(schema_document())
    bad = [
        {"name": "x", "extends": "royal-cotillion", "piles": {"right": {"acess": "all"}}},
        {"name": "x", "extends": "royal-cotillion", "stock": {"redeals": -1}},
        {"name": "x", "extends": "royal-cotillion", "foundations": {"ace": {"step": 0}}},
        {"name": "x", "extends": "royal-cotillion", "piles": {"waste": {}}},
        {"name": "x", "title": "X"},  # no extends: decks, foundations and deal are required
        {"name": "Upper"},
        {"name": "x", "extends": "royal-cotillion", "parameters": {"p": {"type": "choice", "values": ["a"],
                                                                         "default": "a",
                                                                         "patches": {"a": {"decks": "two"}}}}},
    ]
    for document in bad:
        assert list(validator.iter_errors(document)), document
    good = {"name": "x", "extends": "royal-cotillion", "foundations": {"ace": {"start": "$bases"}},
            "parameters": {"bases": {"default": "dealt"}}}
    assert list(validator.iter_errors(good)) == []


def test_the_published_copy_says_each_repeated_part_once_and_judges_alike():
    document = schema_document()
    assert len(json.dumps(document)) < len(json.dumps(VARIANT_SCHEMA)) / 4
    assert any(name.startswith("build") for name in document["definitions"])
    good = yaml.safe_load(SHIPPED[0].read_text(encoding="utf-8"))
    bad = dict(good, piles={"tableau": {"kind": "tableau", "count": 2, "build": {"rank": "sideways"}}})
    for schema in (document, VARIANT_SCHEMA):
        validator = jsonschema.Draft7Validator(schema)
        assert list(validator.iter_errors(good)) == []
        assert list(validator.iter_errors(bad)) != []
