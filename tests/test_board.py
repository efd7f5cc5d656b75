"""The board (patience_core.ui.board): the whole layout, derived from the compiled rules."""
from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from patience_core import deal_seed, load_rules
from patience_core.ui.board import BoardInfo, Glyphs, board, board_text, detect_glyphs

ROOT = Path(__file__).resolve().parent.parent


def text_of(name, params=None, width=100, unicode=True, seed=3):
    rules = load_rules(name, params or {})
    return board_text(deal_seed(rules, seed), BoardInfo(deal=f"deal {seed}", moves=0, seconds=0.0), width, unicode)


def test_royal_cotillion_layout():
    rules = load_rules("royal-cotillion")
    position = deal_seed(rules, 3)
    text = text_of("royal-cotillion")
    assert text.splitlines()[0].startswith("Royal Cotillion  ·  deal 3  ·  bases=found")
    for title in ("Ace piles", "2 piles", "Left wing (ladies' side)", "Right wing (lords' side)"):
        assert title in text
    # foundations: label, top card and what each needs next
    assert "f1 --" in text and "→ A♣" in text and "→ 2♠" in text
    # right wing: 4 rows of 4 places, labelled in deal order
    grid_rows = [line for line in text.splitlines() if "r1 " in line or "r13 " in line]
    assert len(grid_rows) == 2
    right = [position.piles[p][-1] for p in rules.groups["right"]]
    from patience_core.model.cards import card_label
    assert f"r1 {card_label(right[0])}" in text and f"r16 {card_label(right[15])}" in text
    # left wing: 4 columns of 3, headed l1..l4, the free card last
    assert "│  l1  │  l2  │  l3  │  l4  │" in text
    assert "Stock (s) 76 cards" in text and "Waste (w) empty" in text and "No redeal" in text


def test_columns_and_grids_follow_the_rules_not_the_name():
    """Gavotte with free=left: the left wing becomes the grid and the right wing the columns."""
    text = text_of("gavotte", {"free": "left"})
    assert "l16 " in text and "│  r1  │  r2  │  r3  │  r4  │" in text
    odd = text_of("odd-and-even")
    assert "r9 " in odd and "Reserve" in odd and "Redeals left 1 of 1" in odd
    contra = text_of("contradance")
    assert "→ any 5" in contra and "→ any 6" in contra and "f16" in contra


def test_the_tableau_caption_says_when_part_of_a_run_may_move():
    assert "runs move; a gap takes a K" in text_of("klondike", width=160)
    assert "runs move (leaving face-up cards only to free one for a foundation)" in \
        text_of("klondike", {"partial": "to-foundation"}, width=160)


def test_a_reserve_caption_says_what_its_gaps_take():
    """A reserve that takes a card once empty says so; one that takes nothing keeps its gaps."""
    assert "top cards free; a gap takes any card" in text_of("algerian-patience", width=160)
    assert "a gap takes any card only when the stock is empty" in text_of("miss-milligan", width=200)
    assert "all free; a gap takes a K" in text_of("doorway", width=160)
    assert "gaps stay empty" in text_of("canfield", width=160)


def test_ascii_board_has_no_symbols():
    text = text_of("royal-cotillion", unicode=False)
    assert not any(ord(ch) > 127 for ch in text)
    assert "-> AC" in text


def test_narrow_terminals_stack_the_groups():
    wide = text_of("royal-cotillion", width=120)
    narrow = text_of("royal-cotillion", width=60)
    assert max(map(len, narrow.splitlines())) <= 60
    assert len(narrow.splitlines()) > len(wide.splitlines())


@pytest.mark.parametrize("env,unicode,colour", [
    ({}, True, True), ({"NO_COLOR": "1"}, False, False), ({"TERM": "dumb"}, False, False)])
def test_glyphs_follow_the_terminal(monkeypatch, env, unicode, colour):
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    console = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor")
    assert detect_glyphs(console) == Glyphs(unicode=unicode, colour=colour)


def test_non_utf8_output_gets_ascii(monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    stream = io.TextIOWrapper(io.BytesIO(), encoding="latin-1")
    console = Console(file=stream, force_terminal=True)
    assert detect_glyphs(console).unicode is False


def test_colour_marks_red_suits():
    rules = load_rules("royal-cotillion")
    console = Console(file=io.StringIO(), width=120, force_terminal=True, color_system="standard")
    console.print(board(deal_seed(rules, 3), BoardInfo(), Glyphs(True, True), console))
    assert "\x1b[1;31m" in console.file.getvalue()  # bold red


def test_docs_play_md_is_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "gen_play_captures.py"), "--check"],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr


def test_docs_has_a_capture_of_each_kind_of_game():
    text = (ROOT / "docs" / "play.md").read_text(encoding="utf-8")
    sys.path.insert(0, str(ROOT / "docs"))
    try:
        from gen_play_captures import CAPTURED
    finally:
        sys.path.remove(str(ROOT / "docs"))
    from patience_core.variants.catalog import build_registry
    registry = build_registry()
    families = {registry.get(name).definition.get("family") for name in CAPTURED}
    assert families >= {"klondike", "freecell", "spider", "canfield", "golf", "yukon", "forty-thieves"}
    for name in CAPTURED:
        source = registry.get(name)
        assert f"### {source.title}" in text and f"patience play {source.name} --seed 1" in text


def test_a_tableau_wider_than_the_terminal_goes_on_in_a_second_table():
    """Black Hole's 17 fans at 80 columns: every label is shown, no line is wider than 80."""
    from patience_core import deal_seed, load_rules
    from patience_core.ui.board import BoardInfo, board_text

    position = deal_seed(load_rules("black-hole"), 1)
    text = board_text(position, BoardInfo(), width=80)
    assert all(len(line) <= 80 for line in text.splitlines())
    assert all(f" t{n} " in text for n in range(1, 18))
