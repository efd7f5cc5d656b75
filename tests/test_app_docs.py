"""docs/screens/: the screenshots of the full-screen game in docs/play.md are exported from the
app by docs/gen_app_screens.py; regenerating them must give the committed files."""
from __future__ import annotations

import importlib.util
import re
import sys

from conftest import ROOT


def load_generator():
    spec = importlib.util.spec_from_file_location("gen_app_screens", ROOT / "docs" / "gen_app_screens.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_committed_screenshots_are_what_the_app_draws(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NO_COLOR", raising=False)
    generator = load_generator()
    assert generator.main(["--check"]) == 0, capsys.readouterr().err


def test_play_md_shows_every_generated_screen_and_no_other():
    generator = load_generator()
    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\(screens/([\w-]+)\.svg\)", text))
    assert linked == {shot.name for shot in generator.SHOTS}
