"""SVG snapshots of the full-screen game (pytest-textual-snapshot): fixed deals of three variants
at 80 x 24 and larger, a picked card with its destinations marked, and the board without colour
or Unicode. After a deliberate change of the drawing: ``pytest tests/test_app_snapshots.py
--snapshot-update`` and look at the new files in ``tests/__snapshots__/``."""
from __future__ import annotations

import pytest

from app_pilot import click_pile, foundation_play, make_app, new_session, pressing


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("NO_COLOR", raising=False)


def test_royal_cotillion_at_80x24(snap_compare):
    assert snap_compare(make_app(new_session("royal-cotillion", seed=3)), terminal_size=(80, 24))


def test_royal_cotillion_a_picked_card_and_its_destinations(snap_compare):
    app = make_app(new_session("royal-cotillion", seed=1))
    play = foundation_play(app, "tableau").move

    async def pick(pilot):
        await click_pile(pilot, play.src)

    assert snap_compare(app, terminal_size=(80, 24), run_before=pick)


def test_gavotte_after_a_few_moves_at_120x32(snap_compare):
    assert snap_compare(make_app(new_session("gavotte", seed=3)), run_before=pressing("t", "t", "H"),
                        terminal_size=(120, 32))


def test_contradance_with_its_autoplay_at_80x24(snap_compare):
    assert snap_compare(make_app(new_session("contradance", seed=3)), press=["t", "t", "t"],
                        terminal_size=(80, 24))


def test_royal_cotillion_without_colour_or_unicode(snap_compare, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")  # read by Textual when the app is made
    app = make_app(new_session("royal-cotillion", seed=3), unicode=False, colour=False)
    assert snap_compare(app, press=["l", "j", "space"], terminal_size=(80, 24))
