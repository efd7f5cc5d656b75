"""The plugin docs stay true: one heading per hook with its exact signature and a working
example, and a tutorial whose code is the real code of an example plugin."""
from __future__ import annotations

import inspect
import re
import types
from pathlib import Path

import pytest

from patience_core.plugins import hookspecs
from patience_core.plugins.hooks import (check_plugins, hook_names, make_plugin_manager, register_plugin,
                                 set_plugin_manager)

ROOT = Path(__file__).resolve().parent.parent
REFERENCE = ROOT / "docs" / "plugins.md"
TUTORIAL = ROOT / "docs" / "writing-a-plugin.md"
HEADING = re.compile(r"^### `(patience_\w+)(\(.*)`$", re.M)
FENCE = re.compile(r"^(`{3,})(\w*)\n(.*?)^\1$", re.M | re.S)


def signature(name: str) -> str:
    """``(rules: Rules) -> ...`` as written in hookspecs.py (annotations unquoted)."""
    return str(inspect.signature(getattr(hookspecs, name))).replace("'", "")


def sections() -> dict[str, tuple[str, str]]:
    """hook name -> (signature in its heading, text up to the next heading)."""
    text = REFERENCE.read_text(encoding="utf-8")
    found = {}
    matches = list(HEADING.finditer(text))
    for i, match in enumerate(matches):
        end = matches[i + 1].start() if i + 1 < len(matches) else len(text)
        body = text[match.end():end].split("\n## ", 1)[0]
        found[match.group(1)] = (match.group(2), body)
    return found


def test_every_hook_has_a_heading_with_its_exact_signature():
    documented = sections()
    missing = [name for name in hook_names() if name not in documented]
    assert not missing, f"docs/plugins.md has no heading for {missing}"
    for name in hook_names():
        assert documented[name][0] == signature(name), f"{name}: the heading's signature differs from hookspecs.py"
    assert not set(documented) - set(hook_names()), "docs/plugins.md documents hooks that do not exist"
    assert list(documented) == hook_names(), "keep the reference in the order of hookspecs.py"


@pytest.mark.parametrize("name", hook_names())
def test_each_hook_example_is_a_valid_plugin_for_that_hook(name):
    """Run the example as a module and register it: pluggy checks the hook name and its
    arguments against the specification."""
    body = sections()[name][1]
    blocks = [code for _fence, lang, code in FENCE.findall(body) if lang == "python"]
    assert blocks, f"{name}: no python example in docs/plugins.md"
    module = types.ModuleType(f"example_{name}")
    # As if it sat in the choose-fill example package, next to the YAML file it registers.
    module.__file__ = str(ROOT / "plugins" / "patience-cotillion-choose-fill" / "patience_cotillion_choose_fill"
                          / "__init__.py")
    exec(compile(blocks[0], f"docs/plugins.md ({name})", "exec"), module.__dict__)
    pm = make_plugin_manager(autoload=False, use_env_files=False)
    register_plugin(pm, module, "example")
    check_plugins(pm)
    implemented = [c.name for c in pm.get_hookcallers(module)]
    assert name in implemented
    previous = set_plugin_manager(pm)
    try:  # the shipped variants still compile with the example loaded
        from patience_core import load_rules
        load_rules("royal-cotillion", manager=pm)
    finally:
        set_plugin_manager(previous)


def tutorial_files() -> list[tuple[str, str]]:
    """(path, code) for every code block the tutorial marks with ``<!-- file: PATH -->``."""
    text = TUTORIAL.read_text(encoding="utf-8")
    pairs = []
    for match in re.finditer(r"<!-- file: (\S+) -->\n", text):
        block = FENCE.match(text, match.end())
        assert block, f"the marker for {match.group(1)} is not followed by a code block"
        pairs.append((match.group(1), block.group(3)))
    return pairs


def test_tutorial_code_is_the_example_plugins_code():
    pairs = tutorial_files()
    assert pairs
    for path, code in pairs:
        assert code == (ROOT / path).read_text(encoding="utf-8"), f"{path} differs from the tutorial"


def test_tutorial_shows_every_file_of_the_plugin():
    folder = ROOT / "plugins" / "patience-cotillion-choose-fill"
    shown = {path for path, _code in tutorial_files()}
    generated = ("__pycache__", "build", "dist", ".pytest_cache")  # made by tools, not part of the source
    files = {str(p.relative_to(ROOT)) for p in folder.rglob("*") if p.is_file()
             and not any(part in generated or part.endswith(".egg-info") for part in p.relative_to(folder).parts)}
    assert files == shown
