"""Issue 17, items 1, 2, 3 (YAML) and 6: every hostile variant file gets one line from the
loader, at once; what validates can be shown; variant text prints without control codes."""
from __future__ import annotations

import textwrap

import jsonschema
import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from patience_core.cli import variant_cmds
from patience_core.errors import VariantError
from patience_core.variants import loader, schema
from patience_core.variants.catalog import build_registry, checked_parameter_sets, compile_variant
from patience_core.variants.loader import MAX_DEPTH, MAX_EXTENDS, MAX_FILE_BYTES, MAX_ITEMS, read_document
from patience_core.ui.render import printable, rules_text

from conftest import run_cli

HEAD = "name: hostile\nextends: royal-cotillion\n"
LOADERS = [loader._FlatSafeLoader] + ([yaml.CSafeLoader] if getattr(yaml, "__with_libyaml__", False) else [])
FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                       HealthCheck.function_scoped_fixture])


@pytest.fixture(params=LOADERS, ids=lambda cls: cls.__name__)
def each_loader(request, monkeypatch):
    """The libyaml loader where PyYAML has it, and PyYAML's own (the fallback) everywhere."""
    monkeypatch.setattr(loader, "_YAML_LOADER", request.param)
    return request.param


def refusal(path) -> str:
    """The one-line message a file is refused with (VariantError, nothing else)."""
    with pytest.raises(VariantError) as refused:
        registry = build_registry()
        source = registry.add_file(path)
        for params in checked_parameter_sets(source):
            compile_variant(source, params)
    message = str(refused.value)
    assert message and "\n" not in message and "Traceback" not in message
    return message


def yaml_quoted(text: str) -> str:
    """``text`` as a YAML double-quoted scalar, every character outside printable ASCII escaped
    (so lone surrogates and control characters reach the YAML parser, not the file encoder)."""
    out = []
    for ch in text:
        if ch in '"\\':
            out.append("\\" + ch)
        elif " " <= ch <= "~":
            out.append(ch)
        else:
            out.append(f"\\U{ord(ch):08X}" if ord(ch) > 0xFFFF else f"\\u{ord(ch):04X}")
    return '"' + "".join(out) + '"'


# -- item 1: strings that cannot be printed or encoded ---------------------------------

@pytest.mark.parametrize("text,code", [("\ud800", "D800"), ("\x1b[2J", "001B"), ("bell\x07", "0007"),
                                       ("\x9b31m", "009B"), ("back\rwards", "000D")])
def test_unprintable_titles_are_refused_at_validate(tmp_path, each_loader, text, code):
    path = tmp_path / "v.yaml"
    path.write_text(HEAD + f"title: {yaml_quoted(text)}\n")
    message = refusal(path)
    # libyaml already refuses an escaped lone surrogate as a syntax error
    assert f"U+{code}" in message or "YAML syntax error" in message


@FAST
@given(title=st.text(max_size=30))
def test_any_title_is_refused_in_one_line_or_shown_and_encoded(tmp_path_factory, title):
    path = tmp_path_factory.mktemp("t") / "v.yaml"
    path.write_text(HEAD + f"title: {yaml_quoted(title)}\n")
    try:
        source = build_registry().add_file(path)
    except VariantError as refused:
        assert "\n" not in str(refused)
        assert loader.UNPRINTABLE.search(title) or "\n" in title or len(title) > 100
        return
    assert source.title == title and not loader.UNPRINTABLE.search(title)
    shown = rules_text(compile_variant(source))
    shown.encode("utf-8")  # printable and encodable
    assert shown.splitlines()[0] == f"{title} (hostile)"


def test_description_keeps_its_newlines_and_tabs(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(HEAD + 'description: "one\\ttwo\\nthree"\n')
    assert read_document(path)[0]["description"] == "one\ttwo\nthree"


def test_variant_text_from_code_is_printed_without_control_characters():
    """A plugin's variant in code is not read from YAML: its text is stripped on output."""
    registry = build_registry()
    definition = dict(registry.get("royal-cotillion").definition, name="escaped",
                      title="Esc\x1b[31maped\x07", description="clear \x1b[2J screen")
    registry.add_document(definition, None, "test")
    shown = rules_text(compile_variant(registry.get("escaped")))
    assert "\x1b" not in shown and "\x07" not in shown
    assert shown.startswith("Esc[31maped (escaped)") and printable("a\tb\nc\x00") == "a\tb\nc"


# -- item 2: aliases, sizes and counts --------------------------------------------------

def bomb(levels: int, indent: str) -> str:
    lines = [f"a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, levels)]
    return "".join(f"{indent}{line}\n" for line in lines)


@pytest.mark.parametrize("where", ["description:\n", "parameters:\n  z:\n    type: choice\n    values: [a]\n"
                                   "    default:\n"])
def test_aliases_are_refused_before_anything_is_expanded(tmp_path, each_loader, where):
    indent = "  " if where == "description:\n" else "      "
    path = tmp_path / "bomb.yaml"
    path.write_text(HEAD + where + bomb(9, indent))  # 9**9 items if expanded
    assert "YAML alias" in refusal(path)


def test_a_single_plain_alias_is_refused_too(tmp_path, each_loader):
    path = tmp_path / "alias.yaml"
    path.write_text(HEAD + "title: &t Hostile\ndescription: *t\n")
    message = refusal(path)
    assert "alias" in message and message.startswith(f"{path}:3:")


def test_a_file_larger_than_any_variant_is_refused_unread(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text(HEAD + "description: >\n" + ("  " + "word " * 100 + "\n") * 2200)
    assert path.stat().st_size > MAX_FILE_BYTES
    assert f"more than {MAX_FILE_BYTES} bytes" in refusal(path)


@FAST
@given(count=st.integers(0, 3 * MAX_ITEMS), mixed=st.booleans())
def test_choice_values_are_capped(tmp_path_factory, count, mixed):
    values = [i if mixed and i % 2 else f"v{i}" for i in range(count)]
    path = tmp_path_factory.mktemp("v") / "v.yaml"
    path.write_text(HEAD + "parameters:\n  z:\n    type: choice\n    default: v0\n"
                    f"    values: [{', '.join(map(str, values))}]\n")
    if 1 <= count <= 64:
        assert build_registry().add_file(path).parameters["z"]["values"] == values
    else:
        message = refusal(path)
        assert ("at most 64" in message or f"at most {MAX_ITEMS}" in message
                or "at least 1" in message or "empty list" in message)


def test_many_pile_groups_are_refused(tmp_path):
    path = tmp_path / "groups.yaml"
    path.write_text(HEAD + "piles:\n" + "".join(f"  g{i}: {{}}\n" for i in range(40)))
    assert "field piles: 40 entries, expected at most 32" in refusal(path)


def test_unique_items_is_linear_and_agrees_with_jsonschema():
    many = list(range(5000)) + [f"s{i}" for i in range(5000)]
    validator = schema.validator_class()({"uniqueItems": True})
    assert validator.is_valid(many) and not validator.is_valid(many + [4999])


@settings(max_examples=200, deadline=None)
@given(items=st.lists(st.one_of(st.integers(-3, 3), st.sampled_from(["a", "b", "1"]), st.booleans(),
                                st.sampled_from([1.0, 2.5]), st.lists(st.integers(0, 2), max_size=2)),
                      max_size=6))
def test_unique_items_means_what_jsonschema_means(items):
    ours = schema.validator_class()({"uniqueItems": True}).is_valid(items)
    assert ours == jsonschema.Draft7Validator({"uniqueItems": True}).is_valid(items)


def test_validate_compiles_once_per_rule_change_not_per_choice_value(tmp_path, monkeypatch):
    values = [f"v{i}" for i in range(60)]
    path = tmp_path / "v.yaml"
    path.write_text(HEAD + "parameters:\n  z:\n    type: choice\n    default: v0\n"
                    f"    values: [{', '.join(values)}]\n"
                    "    patches: {v7: {stock: {redeals: 2}}}\n")
    compiled = []
    real = variant_cmds.compile_variant
    monkeypatch.setattr(variant_cmds, "compile_variant", lambda source, params: compiled.append(params) or
                        real(source, params))
    code, out, err = run_cli("validate", str(path))
    assert code == 0, err
    # the defaults, the inherited bases (both values patched) and z's one patched value
    assert compiled == [{}, {"bases": "found"}, {"bases": "dealt"}, {"z": "v7"}]


def test_a_referenced_choice_compiles_each_value(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(HEAD + "parameters:\n  side:\n    type: choice\n    default: top\n"
                    "    values: [top, all, sideways]\n"
                    "piles:\n  right: {access: $side}\n")
    assert "sideways" in refusal(path)


def test_the_libyaml_loader_parses_each_file_once(tmp_path, monkeypatch):
    if not getattr(yaml, "__with_libyaml__", False):
        pytest.skip("PyYAML without libyaml")
    assert loader._YAML_LOADER is yaml.CSafeLoader
    for name in ("compose", "safe_load", "load"):  # the old path composed, then loaded again
        monkeypatch.setattr(yaml, name, lambda *a, **k: pytest.fail("parsed a second time"))
    path = tmp_path / "v.yaml"
    path.write_text(HEAD + "title: Fine\n")
    data, node = read_document(path)
    assert data["title"] == "Fine" and node.value[2][1].start_mark.line == 2


# -- item 3: nesting, long numbers, extends chains ----------------------------------------

@FAST
@given(depth=st.integers(1, 3000), flow=st.booleans())
def test_nesting_is_refused_in_one_line_at_any_depth(tmp_path_factory, each_loader, depth, flow):
    if not flow:
        depth = min(depth, 200)  # block style: each level indents further
    text = ("[" * depth + "]" * depth if flow else
            "".join("\n" + "  " * (i + 1) + "- " for i in range(depth)).rstrip() + " x")
    path = tmp_path_factory.mktemp("d") / "deep.yaml"
    path.write_text(HEAD + "description: " + text + "\n")
    message = refusal(path)
    if depth >= MAX_DEPTH:
        assert "nested" in message or "nesting depth" in message


@pytest.mark.parametrize("number", ["9" * 20000, "-" + "1" * 40, "0x" + "f" * 40, "1_0" * 20])
def test_integers_of_many_digits_are_refused(tmp_path, each_loader, number):
    path = tmp_path / "digits.yaml"
    path.write_text(HEAD + f"decks: {number}\n")
    assert "a number written with" in refusal(path)


def test_an_extends_chain_of_a_thousand_files_gets_one_line_each(tmp_path):
    files = []
    for i in range(1000):
        parent = f"c{i + 1}" if i < 999 else "royal-cotillion"
        files.append(tmp_path / f"c{i}.yaml")
        files[-1].write_text(f"name: c{i}\nextends: {parent}\n")
    code, out, err = run_cli("validate", *map(str, files))
    assert code == 1 and "Traceback" not in err
    assert f"an extends chain of more than {MAX_EXTENDS} variants" in err
    assert len(err.splitlines()) == 1000 - out.count(": ok")
    assert f"{files[-1]}: ok" in out


# -- item 6: board sizes and choice values that can never be chosen -----------------------

def test_a_huge_grid_is_refused_at_validate(tmp_path):
    path = tmp_path / "grid.yaml"
    path.write_text(HEAD + "piles:\n  right:\n    grid: {rows: 1, columns: 1000000000}\n")
    assert "piles.right.grid.columns: found 1000000000, expected a whole number from 1 to 64" in refusal(path)


def test_capitalised_choice_values_are_refused_at_validate(tmp_path):
    path = tmp_path / "caps.yaml"
    path.write_text(HEAD + "parameters:\n  bases:\n    values: [Found, dealt]\n    default: dealt\n")
    assert "parameters.bases.values[0]: found 'Found', expected a value in lower case" in refusal(path)


def test_a_patch_for_a_value_as_it_is_never_chosen_is_refused(tmp_path):
    path = tmp_path / "patch.yaml"
    path.write_text(HEAD + textwrap.dedent("""\
        parameters:
          bases:
            patches: {FOUND: {stock: {redeals: 2}}}
        """))
    assert "a patch for 'FOUND', which is chosen as 'found'" in refusal(path)


def test_the_shipped_variants_are_within_every_limit():
    code, out, err = run_cli("validate", *[str(p) for p in __import__(
        "patience_core.variants.catalog", fromlist=["x"]).shipped_variant_files()])
    assert code == 0, err


def test_a_named_pipe_is_refused_not_waited_on(tmp_path):
    import os
    path = tmp_path / "pipe.yaml"
    os.mkfifo(path)
    code, out, err = run_cli("validate", str(path))
    assert code == 1 and err == f"{path}: not a regular file; expected a variant file\n"


@pytest.mark.parametrize("text", ['"\\e[2J": 1\n', '"\\e[2J": 1\n"\\e[2J": 2\n'])
def test_an_unprintable_key_is_escaped_in_the_message(tmp_path, each_loader, text):
    path = tmp_path / "key.yaml"
    path.write_text(HEAD + text)
    message = refusal(path)
    assert "\x1b" not in message and "\\u001b[2J" in message
