"""The game chooser: ``patience play`` without a game name, on a terminal that can hold the
full-screen game, opens a list of the catalogue to search as you type (the same search as
``patience list --search``: names, titles and aliases, typos forgiven). Enter plays the game
under the cursor; Escape, Ctrl-C or Ctrl-Q leave without playing."""
from __future__ import annotations

from typing import Any, Iterable, Optional

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Input, OptionList, Static
from textual.widgets.option_list import Option

from patience_core.variants.browse import select
from patience_core.variants.schema import FAMILY_TITLES

# The most games listed at once: a search narrows the catalogue long before the list ends.
SHOWN = 200


def option_text(summary: dict[str, Any]) -> str:
    """One line of the list: the title, the name to type on the command line, the family and
    the decks."""
    family = FAMILY_TITLES.get(summary.get("family"), "Other games")
    decks = summary.get("decks") or 1
    return f"{summary.get('title') or summary['name']}  ({summary['name']}; {family}, {decks} deck{'s' if decks != 1 else ''})"


class GameChooser(App[Optional[str]]):
    """Returns the chosen game's name, or ``None`` when the player leaves."""

    TITLE = "patience: choose a game"
    CSS = """
    #search { dock: top; }
    #count { dock: bottom; height: 1; padding: 0 1; }
    """
    BINDINGS = [
        Binding("escape,ctrl+c,ctrl+q", "leave", "leave", priority=True),
        Binding("down", "move(1)", show=False, priority=True),
        Binding("up", "move(-1)", show=False, priority=True),
        Binding("pagedown", "move(10)", show=False, priority=True),
        Binding("pageup", "move(-10)", show=False, priority=True),
    ]

    def __init__(self, summaries: Iterable[dict[str, Any]]) -> None:
        super().__init__()
        self.summaries = list(summaries)
        self.shown: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder="type to search: a name, a title or an alias (typos forgiven)", id="search")
        yield OptionList(id="games")
        yield Static(id="count")

    def on_mount(self) -> None:
        self.show("")
        self.query_one(Input).focus()

    def show(self, text: str) -> None:
        self.shown = select(self.summaries, text.strip() or None)
        games = self.query_one(OptionList)
        games.clear_options()
        games.add_options([Option(option_text(s), id=s["name"]) for s in self.shown[:SHOWN]])
        if self.shown:
            games.highlighted = 0
        more = f", the first {SHOWN} listed" if len(self.shown) > SHOWN else ""
        self.query_one("#count", Static).update(
            f"{len(self.shown)} of {len(self.summaries)} games{more} · ↑↓ choose · Enter play · Esc leave"
            if self.shown else f"no game matches {text.strip()!r} · Esc leave")

    def on_input_changed(self, event: Input.Changed) -> None:
        self.show(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.choose()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.exit(event.option.id)

    def action_move(self, step: int) -> None:
        games = self.query_one(OptionList)
        if games.option_count:
            now = games.highlighted or 0
            games.highlighted = max(0, min(games.option_count - 1, now + step))

    def choose(self) -> None:
        games = self.query_one(OptionList)
        if games.highlighted is not None and games.option_count:
            self.exit(games.get_option_at_index(games.highlighted).id)

    def action_leave(self) -> None:
        self.exit(None)


def choose_game() -> Optional[str]:
    """Run the chooser over the catalogue; the name chosen, or ``None``."""
    from patience_core.variants.catalog import build_registry

    registry = build_registry()
    return GameChooser(registry.summary(name) for name in registry.names()).run()
