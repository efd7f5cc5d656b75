"""The full-screen game's other screens: help (keys, typed commands and the variant's rules),
statistics, the end of a game, and a yes/no question."""
from __future__ import annotations

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, DataTable, Static

from patience_core.model.rules import Rules
from patience_core.storage.history import clock_text, history_path, history_rows
from patience_core.ui.commands import HELP
from patience_core.ui.render import rules_text

# The keys of the game, for the help screen (the bindings themselves live in app.py).
KEYS: list[tuple[str, str]] = [
    ("click a card, then a pile", "move it there (the piles that take it are marked); drag works too"),
    ("click the picked card again", "the smart move: to a foundation if one takes it, else the best pile"),
    ("arrows  h j k l", "move the cursor (up and down also walk through a column's movable cards)"),
    ("space  enter", "pick the card under the cursor, then place it on the pile under the cursor"),
    ("enter twice", "the smart move for the card under the cursor"),
    ("esc  space on the picked card", "put the card back"),
    ("t  (or click the stock)", "turn the stock (redeal when it is empty and a redeal is left)"),
    ("u  backspace / r", "undo / redo (unlimited; the buttons do the same)"),
    ("H", "hint: the best move the project knows, without looking at the stock"),
    ("P", "solver hint: a winning line's next move; it PEEKS at the order of the stock"),
    ("a", "safe autoplay on or off (moves that can never spoil a winnable game)"),
    ("1 .. 9", "answer a choice the variant asks for (listed in the status line)"),
    (":", "type a command of the line game (7h, r11 f3, undo 3, auto on, save FILE ...)"),
    ("s", "save; go on later with: patience play --resume FILE"),
    ("n / R", "new deal / restart this deal (asks first when moves would be lost)"),
    ("S  ?", "your statistics / this help"),
    ("q", "quit (asks first when the game has unsaved moves)"),
]


def two_columns(rows: list[tuple[str, str]], title: str) -> Table:
    table = Table(title=title, title_justify="left", show_header=False, box=None, padding=(0, 2, 0, 0))
    table.add_column(no_wrap=True, style="bold")
    table.add_column()
    for left, right in rows:
        table.add_row(left, right)
    return table


class HelpScreen(Screen):
    """Keys, the typed commands, and the variant's rules generated from its compiled tables."""

    BINDINGS = [Binding("escape,q,question_mark", "app.pop_screen", "back")]

    def __init__(self, rules: Rules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(Text(f"{self.rules.title}: help (esc to go back)", style="bold"))
            yield Static(two_columns(KEYS, "Keys and mouse"))
            yield Static(two_columns(HELP, "Typed commands (after :)"))
            yield Static(Text("Rules", style="bold"))
            yield Static(Text(rules_text(self.rules)), id="rules")


class StatsScreen(Screen):
    """The games recorded in the player's history (``patience stats --history``)."""

    BINDINGS = [Binding("escape,q,S", "app.pop_screen", "back")]

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Static(Text("Your games (esc to go back)", style="bold"))
            rows = history_rows()
            if not rows:
                yield Static(f"No finished games recorded yet (statistics are kept in {history_path()}).",
                             id="no-stats")
                return
            table = DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
            table.add_columns("variant and parameters", "played", "won", "lost", "quit", "win %",
                              "best time", "moves")
            for r in rows:
                params = " ".join(f"{k}={v}" for k, v in r["params"].items())
                rate = "-" if r["win_rate"] is None else f"{100 * r['win_rate']:.1f}"
                table.add_row(f"{r['variant']} {params}".strip(), str(r["played"]), str(r["won"]),
                              str(r["lost"]), str(r["abandoned"]), rate, clock_text(r["best_seconds"]),
                              "-" if r["fewest_moves"] is None else str(r["fewest_moves"]))
            yield table
            yield Static(Text(f"quit: abandoned games; moves: the fewest in a win. Kept in {history_path()}.",
                              style="dim"))


class EndScreen(ModalScreen[str]):
    """Won or lost: the headline with the line's length and time; new deal, undo or quit."""

    BINDINGS = [Binding("n,y", "choose('new')", "new deal"), Binding("u", "choose('undo')", "undo"),
                Binding("q,escape", "choose('quit')", "quit")]

    def __init__(self, headline: str, won: bool) -> None:
        super().__init__()
        self.headline = headline
        self.won = won

    def compose(self) -> ComposeResult:
        with Vertical(id="end", classes="won" if self.won else "lost"):
            yield Static(Text(self.headline), id="end-text")
            with Horizontal(id="end-buttons"):
                yield Button("New deal (n)", id="end-new", compact=True)
                yield Button("Undo (u)", id="end-undo", compact=True)
                yield Button("Quit (q)", id="end-quit", compact=True)

    def action_choose(self, what: str) -> None:
        self.dismiss(what)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id.removeprefix("end-"))


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question (leaving a game with unsaved moves)."""

    BINDINGS = [Binding("y", "answer(True)", "yes"), Binding("n,escape", "answer(False)", "no")]

    def __init__(self, question: str) -> None:
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        with Vertical(id="confirm"):
            yield Static(Text(self.question), id="confirm-text")
            with Horizontal(id="confirm-buttons"):
                yield Button("Yes (y)", id="confirm-yes", compact=True)
                yield Button("No (n)", id="confirm-no", compact=True)

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "confirm-yes")
