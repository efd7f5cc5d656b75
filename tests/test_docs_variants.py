"""docs/variants.md stays true: its YAML validates, its shell examples print what it shows,
and every field of the schema is documented."""
from __future__ import annotations

import re
import shlex

import jsonschema
import pytest
import yaml

from conftest import ROOT, check_console_output, console_examples, run_cli
from patience_core.variants.schema import schema_document

DOC = ROOT / "docs" / "variants.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```", TEXT, re.S | re.M)
YAML_BLOCKS = [body for lang, body in BLOCKS if lang == "yaml"]
CONSOLE_BLOCKS = [body for lang, body in BLOCKS if lang == "console"]


def _file_name(body: str) -> str | None:
    match = re.match(r"# file: (\S+)", body)
    return match.group(1) if match else None


FULL = {_file_name(b): b for b in YAML_BLOCKS if _file_name(b)}
FRAGMENTS = [b for b in YAML_BLOCKS if not _file_name(b)]


@pytest.fixture
def doc_dir(tmp_path, monkeypatch):
    """A directory holding every variant file the page shows, as the page names them."""
    for name, body in FULL.items():
        (tmp_path / name).write_text(body, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_page_has_full_variants_fragments_and_examples():
    assert "little-cotillion.yaml" in FULL and "royal-cotillion-redeal.yaml" in FULL
    assert len(FRAGMENTS) >= 5 and len(CONSOLE_BLOCKS) >= 4


def test_every_full_variant_validates_and_compiles(doc_dir):
    good = [name for name in FULL if not name.startswith("bad-")]
    code, out, err = run_cli("validate", *good)
    assert (code, err) == (0, ""), err
    assert out.splitlines() == [f"{name}: ok" for name in good]


def test_the_bad_examples_are_refused(doc_dir):
    for name in (n for n in FULL if n.startswith("bad-")):
        code, _out, err = run_cli("validate", "little-cotillion.yaml", name)
        assert code == 1 and err.startswith(f"{name}:"), name


@pytest.mark.parametrize("body", FRAGMENTS, ids=lambda b: b.split("\n", 1)[0][:30])
def test_every_fragment_is_valid_inside_a_variant(body):
    fragment = yaml.safe_load(body)
    assert isinstance(fragment, dict)
    document = {"name": "fragment", "extends": "royal-cotillion", **fragment}
    errors = [e.message for e in jsonschema.Draft7Validator(schema_document()).iter_errors(document)]
    assert errors == []


EXAMPLES = list(console_examples(TEXT))


@pytest.mark.parametrize("command, expected", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_shell_examples_print_what_the_page_shows(doc_dir, command, expected):
    words = shlex.split(command)
    assert words[0] == "patience"
    _code, out, err = run_cli(*words[1:])
    actual = (out + err).splitlines()
    check_console_output(actual, expected)


def _fields(schema, seen=None):
    seen = set() if seen is None else seen
    if isinstance(schema, dict):
        for key, sub in (schema.get("properties") or {}).items():
            seen.add(key)
            _fields(sub, seen)
        for key in ("additionalProperties", "items"):
            if isinstance(schema.get(key), dict):
                _fields(schema[key], seen)
        for sub in schema.get("anyOf", []):
            _fields(sub, seen)
    return seen


def test_every_field_of_the_schema_is_documented():
    fields = _fields(schema_document())
    missing = sorted(f for f in fields if f"`{f}`" not in TEXT)
    assert missing == []


def test_every_enum_word_is_documented():
    words = set()

    def collect(schema):
        if isinstance(schema, dict):
            words.update(str(v) for v in schema.get("enum", []))
            for value in schema.values():
                collect(value)
        elif isinstance(schema, list):
            for value in schema:
                collect(value)
    collect(schema_document())
    assert sorted(w for w in words if f"`{w}`" not in TEXT and f"**{w}**" not in TEXT) == []
