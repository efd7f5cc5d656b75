"""The game chooser `patience play` opens without a game name: search as you type, Enter plays
the game under the cursor, Escape leaves."""
from __future__ import annotations

import asyncio

from patience_core.ui.chooser import GameChooser, option_text
from patience_core.variants.catalog import build_registry

REGISTRY = build_registry()
SUMMARIES = [REGISTRY.summary(name) for name in REGISTRY.names()]


def chosen(keys: list[str]) -> tuple[object, str]:
    """Run the chooser headless, press ``keys``; what it returned and its count line."""
    app = GameChooser(SUMMARIES)

    async def main():
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
                await pilot.pause()
            count = str(app.query_one("#count").render()) if app.is_running else ""
            if app.is_running:
                await pilot.press("escape")
        return count

    count = asyncio.run(main())
    return app.return_value, count


def test_it_lists_the_whole_catalogue_before_a_search():
    _value, count = chosen([])
    assert count.startswith(f"{len(SUMMARIES)} of {len(SUMMARIES)} games")


def test_typing_with_a_typo_finds_the_game_and_enter_plays_it():
    value, _count = chosen([*"klondyke", "enter"])
    assert value == "klondike"


def test_arrows_choose_among_the_matches():
    matches = [s["name"] for s in SUMMARIES if "spider" in s["name"]]
    value, _count = chosen([*"spider", "down", "enter"])
    assert value in matches and value != "spider"


def test_a_search_that_matches_nothing_says_so_and_enter_does_nothing():
    value, count = chosen([*"zzqqxx", "enter"])
    assert value is None and "no game matches 'zzqqxx'" in count


def test_escape_leaves_without_a_game():
    value, _count = chosen(["escape"])
    assert value is None


def test_a_line_names_the_game_to_type_its_family_and_decks():
    summary = next(s for s in SUMMARIES if s["name"] == "forty-thieves")
    assert option_text(summary) == "Forty Thieves  (forty-thieves; Forty Thieves type, 2 decks)"
