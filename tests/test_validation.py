"""Bad variant files and bad parameters: one test per kind of mistake.

Each message must name the file, the line and column, the field, what was found and
what was expected, on one line; `patience validate` exits 1 and never shows a traceback.
"""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import FIXTURES, ROOT, get_rules, run_cli
from patience_core import load_rules
from patience_core.variants.catalog import build_registry, compile_variant
from patience_core.model.deal import seeded_order, start_position
from patience_core.errors import ParameterError, PatienceError, VariantError
from patience_core.variants.loader import read_document
from patience_core.variants.schema import PILE_GROUP
from patience_core.agents.policies import play_naive

BAD = FIXTURES / "bad"
REF = "a parameter reference ($name, or $name.N for item N of a list)"

# The fields a pile group may have, as the "expected one of" of an unknown field lists them.
PILE_FIELDS = ", ".join(sorted(PILE_GROUP["properties"]))

# fixture file -> the exact message (after "FILE:")
CASES = {
    "syntax-error.yaml": "5:8: YAML syntax error: expected ',' or '}', but got ':'",
    "unknown-field.yaml": "5:5: field piles.right.acess: unknown field (did you mean 'access'?); "
                          f"expected one of {PILE_FIELDS}",
    "wrong-type.yaml": f"5:12: field piles.left.count: found 'four', expected a whole number from 0 to 128, or {REF}",
    "bad-rank.yaml": "5:11: field foundations.ace.base: found 'Z', expected a rank: A 2 3 4 5 6 7 8 9 10 J Q K "
                     "(T for 10), or 1..13; or any (any first card, with a build rule); or deal (the rank of "
                     "the card the deal puts on the group's first pile); or first (the rank of the first card the "
                     "player puts on any pile of the group); or {of: GROUP, offset: N} (the base the deal gives "
                     f"another group, N ranks on, wrapping), or {REF}",
    "unknown-pile-in-deal.yaml": "3:14: field deal[1]: unknown pile group 'rihgt' (did you mean 'right'?); "
                                 "expected one of left, right",
    "unknown-pile-in-fill.yaml": "5:12: field piles.right.fill[0]: unknown source 'wast' (did you mean 'waste'?); "
                                 "expected waste, stock, stock-turn or next-run, or another pile group (left), or GROUP:same",
    "capacity.yaml": "3:1: field foundations: capacities add up to 100 cards (ace: 4 x 12, two: 4 x 13); "
                     "expected 104, the whole pack of 2 decks",
    "unknown-reference.yaml": "5:12: field foundations.ace.start: $base names no parameter (did you mean 'bases'?); "
                              "parameters: $bases",
    "reference-item.yaml": "5:11: field foundations.two.base: $ranks.3: parameter ranks has items 1..2",
    "default-out-of-range.yaml": "5:14: field parameters.redeals.default: 20 is out of range 0..10",
    "choice-default.yaml": "5:14: field parameters.bases.default: 'dealtt' is not one of found, dealt "
                           "(did you mean 'dealt'?)",
    "unknown-extends.yaml": "2:10: field extends: unknown variant 'royal-cotilion' (did you mean 'royal-cotillion'?); "
                            "`patience list --search royal-cotilion` finds games by name, title or alias",
    "extends-itself.yaml": "2:10: field extends: circular extends: extends-itself -> extends-itself; "
                           "expected a chain that ends at a variant without extends",
    "python-tag.yaml": "3:14: tag '!!python/object/apply:os.system' is not allowed; "
                       "variant files are plain data (no tags that build objects)",
    "duplicate-field.yaml": "5:3: field redeals: given twice (first on line 4); expected each field once",
    "reference-out-of-range.yaml": "10:12: field stock.redeals: found 500, expected how often the waste may "
                                   "be turned over, in order, to form a new stock: a whole number from 0 to 100, "
                                   "or unlimited (from $passes = 500)",
    "bad-patch.yaml": "12:13: field parameters.wing.patches.closed.piles.right.acess: unknown field "
                      f"(did you mean 'access'?); expected one of {PILE_FIELDS}",
    "patch-breaks-capacity.yaml": "10:9: field foundations: capacities add up to 100 cards (ace: 4 x 12, "
                                  "two: 4 x 13); expected 104, the whole pack of 2 decks (with short=yes)",
    "missing-required.yaml": "1:1: field title: missing; it is required (a variant without extends gives "
                             "name, title, decks, foundations and deal)",
    "reserved-pile-name.yaml": "4:3: field piles.stock: the name 'stock' is not allowed; expected lower-case "
                               "letters, digits and dashes; not stock, waste or foundation (built in)",
    "runs-past-king.yaml": "8:13: field foundations.up.length: without wrap, 13 cards from Q by 1 run past A or K; "
                           "expected a length of at most 2, or wrap: true",
    "not-a-mapping.yaml": "1:1: found a list, expected a mapping of variant fields",
    "patch-for-unknown-value.yaml": "9:7: field parameters.side.patches.middle: a patch for a value the parameter "
                                    "cannot take: 'middle' is not one of left, right",
    "partial-needs-top-access.yaml": "6:14: field piles.tableau.partial: partial limits moves off the top of a "
                                     "pile; expected access: top",
    "min-above-max.yaml": "7:10: field parameters.n.max: found 2, expected at least min (5)",
}


def _no_traceback(text: str) -> None:
    assert "Traceback" not in text and "File \"" not in text


@pytest.mark.parametrize("name", sorted(CASES))
def test_validate_names_file_line_field_and_expectation(name):
    path = BAD / name
    code, out, err = run_cli("validate", path)
    assert code == 1
    assert out == ""
    if CASES[name].endswith(", "):
        assert err.strip().startswith(f"{path}:{CASES[name]}")
    else:
        assert err.strip() == f"{path}:{CASES[name]}"
    assert len(err.strip().splitlines()) == 1
    _no_traceback(err)


def test_empty_file():
    path = BAD / "empty.yaml"
    code, _out, err = run_cli("validate", path)
    assert code == 1 and err.strip() == f"{path}: found an empty file, expected a mapping of variant fields"


def test_circular_extends_across_files_given_together():
    a, b = BAD / "circular-a.yaml", BAD / "circular-b.yaml"
    code, _out, err = run_cli("validate", a, b)
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 2
    assert f"{b}:2:10: field extends: circular extends: circular-a -> circular-b -> circular-a" in lines[0]
    assert f"{a}:2:10: field extends: circular extends: circular-b -> circular-a -> circular-b" in lines[1]
    # Alone, each only lacks its parent.
    code, _out, err = run_cli("validate", a)
    assert code == 1 and "unknown variant 'circular-b'" in err


def test_files_given_together_may_extend_each_other(tmp_path):
    parent = tmp_path / "base.yaml"
    parent.write_text("name: my-base\nextends: royal-cotillion\nstock: {redeals: 1}\n")
    child = tmp_path / "child.yaml"
    child.write_text("name: my-child\nextends: my-base\ntitle: Child\n")
    code, out, err = run_cli("validate", child, parent)
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"{child}: ok", f"{parent}: ok"]


def test_validate_reports_every_file_and_exits_1_if_any_is_bad():
    good = FIXTURES.parent.parent / "variants" / "royal-cotillion.yaml"
    code, out, err = run_cli("validate", good, BAD / "wrong-type.yaml", BAD / "capacity.yaml")
    assert code == 1
    assert out.strip() == f"{good}: ok"
    assert len(err.strip().splitlines()) == 2


def test_validate_json_lists_errors_per_file():
    import json
    code, out, _err = run_cli("validate", "--json", BAD / "unknown-field.yaml")
    assert code == 1
    [result] = json.loads(out)
    assert result["ok"] is False and result["file"].endswith("unknown-field.yaml")
    assert result["errors"] == [f"{BAD / 'unknown-field.yaml'}:{CASES['unknown-field.yaml']}"]


def test_missing_file_is_one_line():
    code, _out, err = run_cli("validate", BAD / "no-such-file.yaml")
    assert code == 1 and err.strip() == f"{BAD / 'no-such-file.yaml'}: cannot read: No such file or directory"


def test_several_schema_errors_are_all_listed(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text("name: two\nextends: royal-cotillion\ndecks: 9\nautoplay: sometimes\n")
    with pytest.raises(VariantError) as info:
        read_document(path)
    assert str(info.value).splitlines() == [
        f"{path}:4:11: field autoplay: found 'sometimes', expected true or false",
        f"{path}:3:8: field decks: found 9, expected a whole number from 1 to 4",
    ]


def test_loading_yaml_never_executes_code(tmp_path):
    witness = tmp_path / "ran"
    path = tmp_path / "evil.yaml"
    path.write_text(f'name: evil\nextends: royal-cotillion\n'
                    f'title: !!python/object/apply:os.system ["touch {witness}"]\n')
    with pytest.raises(VariantError, match=r"evil.yaml:3:8: tag '!!python/object/apply:os.system' is not allowed"):
        read_document(path)
    path.write_text("name: evil\nextends: royal-cotillion\ntitle: !custom thing\n")
    with pytest.raises(VariantError, match=r"tag '!custom' is not allowed"):
        read_document(path)
    assert not witness.exists()


def test_semantic_errors_are_located_when_compiling_too():
    # Not only `validate`: playing a bad file gives the same located message.
    with pytest.raises(VariantError) as info:
        load_rules(file=BAD / "unknown-pile-in-deal.yaml")
    assert str(info.value).startswith(f"{BAD / 'unknown-pile-in-deal.yaml'}:3:14: field deal[1]:")


def test_play_with_a_bad_file_is_one_error_line():
    code, out, err = run_cli("play", "--file", BAD / "capacity.yaml", "--seed", "1", "--policy", "naive")
    assert code == 1 and out == ""
    assert err.strip() == f"error: {BAD / 'capacity.yaml'}:{CASES['capacity.yaml']}"


def test_child_may_change_only_the_default_of_an_inherited_parameter(tmp_path):
    path = tmp_path / "twice.yaml"
    path.write_text("name: odd-and-even-twice\nextends: odd-and-even\nparameters:\n  redeals:\n    default: 2\n")
    rules = load_rules(file=path)
    assert rules.redeals == 2 and rules.params == {"redeals": 2}


def test_error_in_an_inherited_field_points_at_the_parent_file(tmp_path):
    parent = tmp_path / "parent.yaml"
    parent.write_text("name: parent\nextends: royal-cotillion\nparameters:\n  n:\n    type: int\n"
                      "    default: 1\n    min: 1\n    max: 3\npiles:\n  left:\n    cards: $n\n")
    child = tmp_path / "child.yaml"
    child.write_text("name: child\nextends: parent\nparameters:\n  n:\n    default: 3\n")
    code, _out, err = run_cli("validate", parent, child)
    # 3 cards x 4 columns + 16 = 28 < 104: fine; the bound max=3 compiles too.
    assert code == 0, err
    child.write_text("name: child\nextends: parent\nparameters:\n  n:\n    default: 4\n")
    code, _out, err = run_cli("validate", parent, child)
    assert code == 1
    assert err.strip() == f"{child}:5:14: field parameters.n.default: 4 is out of range 1..3"


# --- --param errors ------------------------------------------------------------------------------

@pytest.mark.parametrize("params, message", [
    ({"base": "dealt"}, "royal-cotillion has no parameter 'base' (did you mean 'bases'?); parameters: bases"),
    ({"bases": "delt"}, "parameter bases: 'delt' is not one of found, dealt (did you mean 'dealt'?)"),
])
def test_param_errors_in_the_library(params, message):
    with pytest.raises(ParameterError) as info:
        load_rules("royal-cotillion", params)
    assert str(info.value) == message


@pytest.mark.parametrize("args, message", [
    (["royal-cotillion", "-p", "base=dealt"],
     "error: royal-cotillion has no parameter 'base' (did you mean 'bases'?); parameters: bases"),
    (["royal-cotillion", "-p", "bases=delt"],
     "error: parameter bases: 'delt' is not one of found, dealt (did you mean 'dealt'?)"),
    (["odd-and-even", "-p", "redeals=11"], "error: parameter redeals: 11 is out of range 0..10"),
    (["odd-and-even", "-p", "redeals=many"], "error: parameter redeals: 'many' is not a whole number"),
    (["gavotte", "-p", "ranks=A,Z"],
     "error: parameter ranks: not a rank: 'Z' (expected one of A 2 3 4 5 6 7 8 9 10 J Q K)"),
    (["gavotte", "-p", "ranks"], "error: --param 'ranks': expected KEY=VALUE, e.g. --param bases=dealt"),
    (["contradance", "-p", "free=left"], "error: contradance has no parameter 'free'; parameters: bases, redeals"),
])
def test_param_errors_on_the_command_line(args, message):
    code, out, err = run_cli("play", *args, "--seed", "1", "--policy", "naive")
    assert code == 1 and out == ""
    assert err.strip() == message


def test_shipped_variants_compile_with_every_parameter_value():
    for bases in ("found", "dealt"):
        assert get_rules("royal-cotillion", bases=bases).n_cards == 104
    for redeals in ("0", "10"):
        assert get_rules("odd-and-even", redeals=redeals).redeals == int(redeals)


# --- robustness: damaged variant files never crash the loader ------------------------------------

SHIPPED_TEXTS = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "variants").glob("*.yaml"))]
TOKENS = ["0", "-1", "13", "104", "1000", "x", "$bases", "$ranks.5", "$nope", "null", "[]", "{}", "true",
          "[waste]", "[stock, stock]", "all", "none", "any", "dealt", "'5'", "K", "[a, b]", "never", "tableau",
          "reserve", "2.5", "''", "~", "[left, left]", "{rows: 0, columns: 2}"]
_REGISTRY = []


def _registry():
    if not _REGISTRY:
        _REGISTRY.append(build_registry())
    return _REGISTRY[0]


@given(st.sampled_from(range(len(SHIPPED_TEXTS))),
       st.lists(st.tuples(st.integers(0, 200), st.sampled_from(["value", "delete"]), st.sampled_from(TOKENS)),
                min_size=1, max_size=3))
def test_damaged_variant_files_give_located_errors_never_a_crash(tmp_path_factory, which, edits):
    lines = SHIPPED_TEXTS[which].splitlines()
    for index, op, token in edits:
        i = index % len(lines)
        if op == "delete":
            del lines[i]
        elif ":" in lines[i]:
            lines[i] = lines[i].partition(":")[0] + ": " + token
    text = "\n".join(lines).replace("\nname: ", "\nname: damaged-", 1)
    path = tmp_path_factory.mktemp("damaged") / "variant.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        source = _registry().add_file(path)
        choices = [{k: str(v)} for k, spec in source.parameters.items() if spec["type"] == "choice"
                   for v in spec.get("values", [])]
        for params in [{}] + choices:
            rules = compile_variant(source, params)
            play_naive(start_position(rules, seeded_order(rules, 1)))
    except PatienceError as exc:
        for line in str(exc).splitlines():
            # Located in this file or in the shipped parent the damaged file extends.
            assert line.startswith((str(path), str(ROOT / "variants"))) or line.startswith("parameter "), line


def test_null_without_a_parent_is_dropped_not_a_crash(tmp_path):
    # Found by the damaged-file test: a null (meaning "delete the inherited key") in a
    # variant that extends nothing has nothing to delete.
    text = (ROOT / "variants" / "royal-cotillion.yaml").read_text(encoding="utf-8")
    text = text.replace("name: royal-cotillion", "name: standalone").replace("piles:\n", "piles:\n  reserve: null\n")
    path = tmp_path / "standalone.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_rules(file=path)
    assert "reserve" not in rules.group_specs and rules.n_cards == 104


def test_empty_extends_is_refused(tmp_path):
    path = tmp_path / "empty-extends.yaml"
    path.write_text("name: empty-extends\nextends: ''\n")
    with pytest.raises(VariantError, match=r"empty-extends.yaml:2:10: field extends: found '', expected a non-empty string"):
        read_document(path)


@pytest.mark.parametrize("extra, field, why", [
    ("draw: 3", "stock.draw", "would do nothing"),
    ("shuffle: true", "stock.shuffle", "this stock has no such redeal"),
    ("redeals: 1", "stock.redeals", "expected no gather and no deal_when with it"),   # Spider's no-gap
])
def test_a_stock_that_deals_rows_refuses_fields_that_would_do_nothing(tmp_path, extra, field, why):
    """validate once accepted stock: {deal: tableau, redeals: 1}, which never redealt; a redeal of
    a row-dealing stock now gathers its piles (Acquaintance), but not where rows wait for no gap."""
    from patience_core.errors import VariantError
    from patience_core.variants.catalog import load_rules
    path = tmp_path / "idle.yaml"
    path.write_text(f"name: idle\nextends: spider\nstock: {{deal: tableau, {extra}}}\n")
    with pytest.raises(VariantError, match=rf"idle.yaml:3:\d+: field {field}: .*{why}"):
        load_rules(file=path)
