"""The full-screen game (Textual): mouse, cursor keys and typed commands over one session.

``patience play VARIANT`` opens it on a terminal of at least 80 x 24 (see
:func:`.terminal.full_screen_possible`); ``--line`` keeps the line game of :mod:`.interactive`.
Three ways to move, all ending in :meth:`PatienceApp.play`: click a card, then a pile
(or drag it there); a cursor (arrows or hjkl, space or enter picks and places, enter
twice is the smart move); and the line game's commands after ``:``. The engine is only
called through the API the line game uses (session, commands, hints, saves, history).
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.geometry import Region
from textual.widgets import Button, Input

from patience_core.agents.hints import goes_back, hint, visited_keys
from patience_core.agents.solver_line import SolverLine
from patience_core.errors import PatienceError
from patience_core.model import cards
from patience_core.model.game import GameSpec
from patience_core.model.moves import TURN
from patience_core.model.notation import describe_move
from patience_core.model.position import WON, Position
from patience_core.model.rules import Rules
from patience_core.storage.history import clock_text
from patience_core.storage.saves import load_game, save_game
from patience_core.ui.board import Glyphs, _caption, detect_glyphs
from patience_core.ui.commands import (Choice, PileLabels, Refusal, move_text, move_words, parse_command,
                                       redeal_move, resolve_move, turn_move)
from patience_core.ui.interactive import InteractiveGame, new_deal, parse_count, plural, start_automatic
from patience_core.ui.picking import (Legal, as_move, choices, legal_moves, moves_from, pick_refusal,
                                      pickable_indices, place_refusal, smart_move, stock_moves, stock_refusal,
                                      target_of)
from patience_core.ui.screens import ConfirmScreen, EndScreen, HelpScreen, StatsScreen
from patience_core.ui.session import Session
from patience_core.ui.widgets import BoardState, Line, PileView, build_board

SOLVER_POSITIONS = 500_000  # the solver hint's budget: a few seconds at most in Python
BUTTONS = [("Undo", "undo"), ("Redo", "redo"), ("Hint", "hint"), ("Solve", "peek"), ("Auto", "toggle_autoplay"),
           ("Save", "save"), ("New", "new_deal"), ("Restart", "restart"), ("Stats", "statistics"),
           ("Help", "help"), ("Quit", "quit_game")]


def app_glyphs() -> Glyphs:
    """The line game's rule (``detect_glyphs``) for a full-screen terminal, which always has colour
    unless ``NO_COLOR`` or ``TERM=dumb`` says otherwise."""
    return detect_glyphs(Console(force_terminal=True, color_system="truecolor"))


def neighbour(current: Region, others: dict[int, Region], direction: str) -> int | None:
    """The nearest pile wholly beyond ``current`` in ``direction``; left and right keep to the
    same top row where they can, up and down to the same middle."""
    best: tuple[int, int] | None = None
    middle = current.x + current.width // 2
    for pile, region in others.items():
        gap = {"right": region.x - current.right, "left": current.x - region.right,
               "down": region.y - current.bottom, "up": current.y - region.bottom}[direction]
        if gap < 0:
            continue
        if direction in ("left", "right"):
            score = gap + 4 * abs(region.y - current.y)
        else:
            score = 3 * gap + abs(region.x + region.width // 2 - middle)
        if best is None or score < best[0]:
            best = (score, pile)
    return None if best is None else best[1]


class NotesUI:
    """What the line game's methods need of a terminal, for the app: what they say becomes a
    note shown after the app closes."""

    tty = False

    def __init__(self, glyphs: Glyphs, notes: list[str]) -> None:
        self.glyphs = glyphs
        self.notes = notes

    def say(self, text: str) -> None:
        self.notes.append(text)


class PatienceApp(App[str]):
    CSS_PATH = "app.tcss"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("left,h", "cursor('left')", "left", show=False),
        Binding("right,l", "cursor('right')", "right", show=False),
        Binding("up,k", "cursor('up')", "up", show=False),
        Binding("down,j", "cursor('down')", "down", show=False),
        Binding("enter", "activate('enter')", "pick/place"),
        Binding("space", "activate('space')", "pick/place"),
        Binding("escape", "cancel", "put back"),
        Binding("t", "turn", "turn"),
        Binding("u,backspace", "undo", "undo"),
        Binding("r", "redo", "redo"),
        Binding("H", "hint", "hint"),
        Binding("P", "peek", "solver hint"),
        Binding("a", "toggle_autoplay", "autoplay"),
        Binding("s", "save", "save"),
        Binding("n", "new_deal", "new deal"),
        Binding("R", "restart", "restart"),
        Binding("S", "statistics", "statistics"),
        Binding("question_mark,f1", "help", "help"),
        Binding("colon", "command", "command"),
        Binding("q", "quit_game", "quit"),
        # Ctrl-C and Ctrl-Q leave as q does (the question that warns of an abandoned game),
        # not through Textual's own toast or its immediate quit.
        Binding("ctrl+c,ctrl+q", "quit_game", "quit", show=False, priority=True),
        *[Binding(str(n), f"choose({n})", show=False) for n in range(1, 10)],
    ]

    def __init__(self, session: Session, *, glyphs: Glyphs | None = None, clock: Callable[[], float] | None = None,
                 save_path: Path | None = None, solver_positions: int = SOLVER_POSITIONS) -> None:
        super().__init__()
        self.session = session
        self.glyphs = glyphs or app_glyphs()
        self.clock = clock          # None: the session's clock, ticking; tests and docs fix it
        self.save_path = save_path
        self.solver_positions = solver_positions
        self.solver_line = SolverLine()
        self.labels = PileLabels(session.rules)
        self.state = BoardState(session.position, self.labels, self.glyphs)
        self.legal: list[Legal] = legal_moves(session.position)
        self.pending_choice: Choice | None = None
        self.ending = False
        self.notes: list[str] = []  # said after the app closes (abandoned, saved, not recorded)
        self.notes_ui = NotesUI(self.glyphs, self.notes)
        self.message = "click a card, then where it goes; or arrows and enter; ? for help"
        if save_path is not None:
            self.message = (f"resumed {save_path}: {plural(session.move_count(), 'move')} on the board, "
                            f"{sum(map(len, session.redo_steps))} to redo")

    # -- layout ---------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        rows, self.views = build_board(self.state)
        self.state.cursor = (next(iter(self.views)), -1)
        with Horizontal(id="header"):
            yield Line(id="title")
            yield Line(id="clock")
        yield VerticalScroll(*rows, id="board")
        yield Line(id="status")
        command = Input(id="command", placeholder="a command of the line game: 7h, r11 f3, undo 3, auto on ... "
                                                  "(esc closes)")
        command.display = False
        yield command
        with Horizontal(id="buttons"):
            for label, action in BUTTONS:
                button = Button(label, id=f"button-{action}", action=f"app.{action}", compact=True)
                button.can_focus = False
                yield button

    def on_mount(self) -> None:
        if self.clock is None:
            self.set_interval(1.0, self.update_header)
        self.redraw()
        self.stop_on_signals()

    def stop_on_signals(self) -> None:
        """SIGTERM and SIGHUP (the terminal closed, the session ended) leave as an answered
        Ctrl-C does: nobody is there to answer a question, so the game counts as abandoned."""
        import asyncio
        import signal

        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            if hasattr(signal, name):
                try:
                    loop.add_signal_handler(getattr(signal, name), self.leave_on_signal)
                except (NotImplementedError, RuntimeError, ValueError):  # no such handlers here (Windows)
                    pass

    def leave_on_signal(self) -> None:
        if self.ending:  # over already: the end screen records it
            self.record(self.session.status())
        else:
            self.abandon("interrupted")
        self.exit("\n".join(self.notes))

    # -- drawing ---------------------------------------------------------------------------
    @property
    def unicode(self) -> bool:
        return self.glyphs.unicode

    @property
    def position(self) -> Position:
        return self.session.position

    def elapsed(self) -> float:
        return self.clock() if self.clock is not None else self.session.elapsed()

    def update_header(self) -> None:
        session, rules, dot = self.session, self.session.rules, self.glyphs.dot
        spec = session.spec
        title = Text(rules.title, style="bold" if self.glyphs.colour else "", no_wrap=True, overflow="ellipsis")
        details = [spec.deal_text()]
        if rules.params:
            details.append(rules.param_text())
        title.append(f" {dot} " + f" {dot} ".join(details))
        self.query_one("#title", Line).show(title)
        status = [plural(session.move_count(), "move"), clock_text(self.elapsed()), f"auto {session.autoplay}",
                  f"{self.position.on_foundations}/{rules.n_cards} up"]
        # a fixed width, right-aligned: a wider text must not lay the whole screen out again
        self.query_one("#clock", Line).show(Text(f" {dot} ".join(status), justify="right", no_wrap=True,
                                                 overflow="ellipsis"))

    def redraw(self) -> None:
        """Everything from the session: the piles, the marks, the header, the status line."""
        state = self.state
        state.position = self.position
        self.legal = legal_moves(self.position)
        if state.picked is not None:
            picked_moves = moves_from(self.position, self.legal, *state.picked)
            state.targets = {target_of(self.position, item, state.picked[0]) for item in picked_moves}
            if not picked_moves:
                state.picked = None
        if state.picked is None:
            state.targets = set()
        pile, index = state.cursor
        if index >= len(self.position.piles[pile]):
            state.cursor = (pile, -1)
        for view in self.views.values():
            view.update()
        self.update_header()
        self.show_status()

    def show_status(self) -> None:
        text = Text(self.message)
        options = choices(self.legal)
        if options:
            opening = getattr(self.session.rules, "opening", None)
            if opening is not None and all(item.move.kind == "choose" for item in options):
                asked = f"{opening.question}? " + ", ".join(
                    f"{n} = {opening.options[item.move.dst]}" for n, item in enumerate(options, start=1))
            else:
                asked = "choose: " + ", ".join(f"{n} = {describe_move(self.session.rules, item.raw, self.unicode)}"
                                               for n, item in enumerate(options, start=1))
            text = Text.assemble(text, "  " if self.message else "", (asked + " (press the number)", "bold"))
        self.query_one("#status", Line).show(text)

    def say(self, message: str) -> None:
        self.message = message
        self.show_status()

    def card(self, card: int) -> str:
        return cards.card_label(card, self.unicode)

    def describe_step(self, step: list, just_played: bool = True) -> str:
        return self.line_game().describe_step(step, just_played)

    def pile_info(self, pile: int) -> str:
        """The cursor's pile and its rule in a few words (the status line when nothing else is said)."""
        rules = self.session.rules
        where = f"{self.labels.label(pile)} ({rules.pile_names[pile]})"
        group = rules.pile_group[pile]
        if group in rules.group_specs:
            return f"{where}: {rules.group_specs[group].get('title', group)}; {_caption(rules, group)}"
        if rules.is_foundation[pile]:
            wanted = self.position.wanted(pile)
            needs = ", ".join(self.card(c) for c in wanted) if len(wanted) == 1 else (
                "nothing (full)" if not wanted else f"any {cards.RANKS[wanted[0] % 13]}")
            return f"{where} needs {needs}"
        if pile == rules.stock:
            return f"{where}: {plural(len(self.position.piles[pile]), 'card')}; enter or click turns it"
        return where

    # -- moving ------------------------------------------------------------------------------
    def top_index(self, pile: int, index: int) -> int:
        return len(self.position.piles[pile]) - 1 if index < 0 else index

    def play(self, item: Legal) -> None:
        """Every move of the game goes through here."""
        step = self.session.play(item.raw)
        self.state.picked = None
        self.message = self.describe_step(step)
        self.after_change()

    def after_change(self) -> None:
        self.redraw()
        if self.session.is_over() and not self.ending:
            self.end_game()

    def pick(self, pile: int, index: int) -> None:
        index = self.top_index(pile, index)
        found = moves_from(self.position, self.legal, pile, index)
        if not found:
            self.state.picked = None
            self.say(pick_refusal(self.position, pile, index, self.labels, self.unicode))
        else:
            self.state.picked = (pile, index)
            where = ", ".join(self.labels.label(d) for d in sorted({target_of(self.position, item, pile)
                                                                     for item in found}))
            self.message = (f"{self.card(self.position.piles[pile][index])} picked: it can go on {where} "
                            f"(enter again or click it again: the smart move; esc puts it back)")
        self.redraw()

    def place(self, dst: int) -> None:
        pile, index = self.state.picked
        found = [item for item in moves_from(self.position, self.legal, pile, index)
                 if target_of(self.position, item, pile) == dst]
        if found:
            self.play(found[0])
            return
        self.state.picked = None
        self.message = place_refusal(self.position, pile, index, dst, self.labels, self.unicode)
        self.redraw()

    def smart(self) -> None:
        pile, index = self.state.picked
        chosen = smart_move(self.position, moves_from(self.position, self.legal, pile, index))
        if chosen is not None:
            self.play(chosen)

    def use_stock(self) -> None:
        """Turn (deal a row, redeal); with several waste piles, pick the stock: the waste comes next."""
        self.state.picked = None
        found = stock_moves(self.position, self.legal)
        onto = sorted({item.move.dst for item in found if item.move.kind is TURN})
        if len(onto) > 1:
            self.state.picked = (self.session.rules.stock, -1)
            self.message = ("turn onto which waste pile? " + ", ".join(self.labels.label(w) for w in onto)
                            + " (click it, or space on it; esc: not now)")
            self.redraw()
        elif found:
            self.play(found[0])
        else:
            self.message = stock_refusal(self.position)
            self.redraw()

    def press(self, pile: int, index: int, smart_again: bool) -> None:
        """A click, or enter/space on the cursor: pick, place, or (again on the picked card) the smart move."""
        if self.ending:
            return
        picked = self.state.picked
        if pile == self.session.rules.stock and (picked is None or picked[0] == pile):
            self.use_stock() if picked is None else self.action_cancel()
            return
        if picked is None:
            self.pick(pile, index)
        elif picked == (pile, self.top_index(pile, index)) or (picked[0] == pile and index < 0):
            if smart_again:
                self.smart()
            else:
                self.state.picked = None
                self.message = "put back"
                self.redraw()
        else:
            self.place(pile)

    def on_pile_view_pressed(self, event: PileView.Pressed) -> None:
        self.state.cursor = (event.pile, event.index)
        self.press(event.pile, event.index, smart_again=True)

    def on_pile_view_dropped(self, event: PileView.Dropped) -> None:
        if self.ending:
            return
        self.state.picked = None
        self.pick(event.pile, event.index)
        if self.state.picked is not None:
            self.state.cursor = (event.target, -1)
            self.place(event.target)

    # -- keys ----------------------------------------------------------------------------------
    def action_cursor(self, direction: str) -> None:
        state = self.state
        pile, index = state.cursor
        view = self.views[pile]
        if direction in ("up", "down") and view.shape == "column" and state.picked is None:
            stops = pickable_indices(self.position, self.legal, pile)
            here = self.top_index(pile, index)
            at = min(range(len(stops)), key=lambda n: abs(stops[n] - here))
            step = at + (-1 if direction == "up" else 1)
            if 0 <= step < len(stops) and stops[step] != here:
                state.cursor = (pile, stops[step])
                self.redraw()
                return
        others = {p: v.region for p, v in self.views.items() if p != pile}
        target = neighbour(view.region, others, direction)
        if target is not None:
            state.cursor = (target, -1)
            self.views[target].scroll_visible()
            if state.picked is None:
                self.message = self.pile_info(target)
        self.redraw()

    def action_activate(self, how: str) -> None:
        pile, index = self.state.cursor
        self.press(pile, index, smart_again=how == "enter")

    def action_cancel(self) -> None:
        command = self.query_one("#command", Input)
        if command.display:
            self.close_command()
        elif self.state.picked is not None:
            self.state.picked = None
            self.message = "put back"
            self.redraw()

    def action_turn(self) -> None:
        if not self.ending:
            self.use_stock()

    def action_undo(self, count: int = 1) -> None:
        self.take_back("undo", count)

    def action_redo(self, count: int = 1) -> None:
        self.take_back("redo", count)

    def take_back(self, kind: str, count: int) -> None:
        done = self.session.undo(count) if kind == "undo" else self.session.redo(count)
        self.state.picked = None
        if not done:
            self.message = f"nothing to {kind}"
        elif len(done) == 1:
            self.message = f"{kind}: " + self.describe_step(done[0], just_played=kind == "redo")
        else:
            self.message = f"{kind}: {plural(sum(map(len, done)), 'move')}"
        self.after_change()

    def action_hint(self) -> None:
        # The player may search (every card in sight: the solver's line): it thinks in a
        # thread, so the board stays responsive; a move played meanwhile makes the hint moot.
        self.say("hint: thinking ...")
        self.hint_in_background(self.position.copy(), self.position.key())

    @work(thread=True, exclusive=True, group="hint")
    def hint_in_background(self, position: Position, key: tuple) -> None:
        move, reason, _who = hint(position)
        self.call_from_thread(self.show_hint, move, reason, key)

    def show_hint(self, move, reason: str, key: tuple) -> None:
        if key != self.position.key():
            self.say("hint: the board changed while it thought; press H again")
            return
        if move is None:
            self.say(f"hint: {reason}")
            return
        item = Legal(as_move(self.session.rules, move), move)
        if item.move.is_play:
            pile = item.move.src
            cards_there = self.position.piles[pile]
            index = max(i for i, c in enumerate(cards_there) if c == item.move.card) if item.move.card in cards_there else -1
            self.state.cursor = (pile, index)
        self.message = f"hint: {move_words(self.labels, move)} ({move_text(self.labels, move, self.unicode)}): {reason}"
        self.redraw()

    def action_peek(self) -> None:
        known = self.solver_line.next_move(self.position)
        if known is not None:
            move, left = known
            self.say(f"solver hint (it peeks at the order of the stock): {move_words(self.labels, move)} "
                     f"({move_text(self.labels, move, self.unicode)}), a win in {plural(left, 'move')} "
                     "from here, on the line found before")
            return
        self.say("solver hint: searching (the solver PEEKS: it knows the order of the stock) ...")
        self.solve_in_background(self.position.copy(), self.position.key())

    @work(thread=True, exclusive=True, group="solver")
    def solve_in_background(self, position: Position, key: tuple) -> None:
        from patience_core.solver.solve import solve_position

        result = solve_position(position, max_positions=self.solver_positions)
        self.call_from_thread(self.show_solution, result, key)

    def show_solution(self, result, key: tuple) -> None:
        peeks = "solver hint (it peeks at the order of the stock)"
        if key != self.position.key():
            self.say(f"{peeks}: the board changed while it searched; press P again")
        elif result.verdict == WON and goes_back(self.position, result.moves[0], visited_keys(self.position)):
            self.say(f"{peeks}: the win it found starts by going back to where this game has been: "
                     "undo (u) and ask again")
        elif result.verdict == WON:
            self.solver_line.learn(self.position, result.moves)
            first = result.moves[0]
            self.say(f"{peeks}: {move_words(self.labels, first)} ({move_text(self.labels, first, self.unicode)}), "
                     f"a win in {plural(len(result.moves), 'move')} from here")
        elif result.verdict == "lost":
            self.say(f"{peeks}: this position cannot be won any more (proved); undo to find another way")
        else:
            self.say(f"{peeks}: undecided after {result.positions} positions")

    def action_toggle_autoplay(self) -> None:
        self.set_autoplay("off" if self.session.autoplay == "safe" else "safe")

    def set_autoplay(self, mode: str) -> None:
        session = self.session
        session.set_autoplay(mode)
        note = {"all": "every card that fits goes up after each move", "safe": "safe moves go up after each move",
                "off": "nothing moves by itself"}[mode]
        self.message = f"autoplay {mode}: {note}"
        if mode != "off":
            step = session.run_automatic(mode)
            if step:
                self.message += "; played " + ", ".join(move_text(self.labels, m, self.unicode) for m in step)
        self.after_change()

    def action_save(self, target: str | None = None) -> None:
        try:
            path = save_game(self.session, target or self.save_path)
        except PatienceError as exc:
            self.say(f"not saved: {exc}")
            return
        self.save_path = path
        self.say(f"saved to {path}; continue later with: patience play --resume {path}")

    def action_choose(self, number: int) -> None:
        options = choices(self.legal)
        if not options:
            return
        if not 1 <= number <= len(options):
            self.say(f"choose a number from 1 to {len(options)}")
            return
        self.play(options[number - 1])

    def action_statistics(self) -> None:
        self.push_screen(StatsScreen())

    def action_help(self) -> None:
        self.push_screen(HelpScreen(self.session.rules))

    # -- typed commands -------------------------------------------------------------------------
    def action_command(self) -> None:
        command = self.query_one("#command", Input)
        command.display = True
        command.focus()

    def close_command(self) -> None:
        command = self.query_one("#command", Input)
        command.value = ""
        command.display = False
        self.set_focus(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        self.close_command()
        try:
            self.run_command(line)
        except Refusal as exc:
            self.say(str(exc))
        except PatienceError as exc:
            self.say(f"error: {exc}")

    def play_raw(self, raw) -> None:
        self.play(Legal(as_move(self.session.rules, raw), raw))

    def play_or_ask(self, resolved) -> None:
        """A typed move, or the question when the words fit several (the next ``:`` line answers)."""
        if isinstance(resolved, Choice):
            self.pending_choice = resolved
            self.say(f"{resolved.question} (press : and type the answer)")
        else:
            self.play_raw(resolved)

    def run_command(self, line: str) -> None:
        """A line of the line game (see ``commands.HELP``)."""
        if self.pending_choice is not None:
            choice, self.pending_choice = self.pending_choice, None
            move = choice.pick(line)
            if move is None:
                self.say(f"{line.strip()!r} is not one of {'/'.join(choice.options)}: cancelled")
            else:
                self.play_raw(move)
            return
        command = parse_command(line)
        kind, args = command.kind, command.args
        position = self.position
        if kind == "empty" or kind == "board":
            return
        if kind == "turn":
            onto = self.labels.parse_pile(args[0]) if args else None
            self.play_or_ask(turn_move(position, self.unicode, onto))
        elif kind == "redeal":
            onto = self.labels.parse_pile(args[0]) if args else None
            self.play_or_ask(redeal_move(position, onto))
        elif kind == "move" and len(args) == 1 and args[0].isdigit() and choices(self.legal):
            self.action_choose(int(args[0]))
        elif kind == "move":
            self.play_or_ask(resolve_move(position, args, self.labels, self.unicode))
        elif kind in ("undo", "redo"):
            self.take_back(kind, parse_count(args, kind))
        elif kind == "hint":
            self.action_hint()
        elif kind == "auto":
            self.typed_autoplay(args)
        elif kind == "save":
            self.action_save(" ".join(args) or None)
        elif kind == "help":
            self.action_help()
        elif kind == "moves":
            plays = [item for item in self.legal if item.move.is_play]
            self.say("fits now: " + ", ".join(move_text(self.labels, item.raw, self.unicode) for item in plays)
                     if plays else "no card can move now")
        elif kind == "new":
            self.action_new_deal()
        elif kind == "quit":
            self.action_quit_game()

    def typed_autoplay(self, args: tuple[str, ...]) -> None:
        if not args:
            step = self.session.run_automatic("safe")
            self.message = ("safe moves: " + ", ".join(move_text(self.labels, m, self.unicode) for m in step)
                            if step else "no safe move now (safe: it can never spoil a winnable game)")
            self.after_change()
            return
        mode = {"on": "all", "all": "all", "safe": "safe", "off": "off"}.get(args[0].lower())
        if mode is None or len(args) > 1:
            raise Refusal(f"auto {' '.join(args)!r}: expected 'auto', 'auto on', 'auto safe' or 'auto off'")
        self.set_autoplay(mode)

    # -- new games, the end, leaving --------------------------------------------------------------
    def line_game(self) -> InteractiveGame:
        """The line game over this session, for what both games say and record the same way
        (describing a step, unsaved moves, recording a result, leaving); it speaks into ``notes``."""
        game = InteractiveGame(self.notes_ui, self.session)
        game.save_path = self.save_path
        return game

    def has_unsaved_moves(self) -> bool:
        return self.line_game().has_unsaved_moves()

    def confirm_then(self, what: str, then: Callable[[], None]) -> None:
        if not self.has_unsaved_moves():
            then()
            return
        question = f"{what}? This game counts as abandoned (press s first to keep it)."
        self.push_screen(ConfirmScreen(question), lambda yes: then() if yes else self.say("carry on"))

    def record(self, result: str) -> None:
        self.line_game().record(result)

    def abandon(self, why: str) -> None:
        self.line_game().leave(why)

    def start(self, session: Session, message: str) -> None:
        self.session = session
        start_automatic(session)
        self.save_path = None
        self.state.picked = None
        self.pending_choice = None
        self.message = message
        self.after_change()

    def action_new_deal(self) -> None:
        def deal() -> None:
            self.abandon("new deal")
            self.start(new_deal(self.session), "a new deal")
        self.confirm_then("Deal a new game", deal)

    def action_restart(self) -> None:
        def restart() -> None:
            self.abandon("restart")
            old = self.session
            self.start(Session(old.spec, old.rules, old.spec.start(old.rules), autoplay=old.autoplay),
                       f"{old.spec.deal_text()} again from the start")
        self.confirm_then("Restart this deal", restart)

    def action_quit_game(self) -> None:
        if isinstance(self.screen, ConfirmScreen):  # asked already (Ctrl-C pressed twice)
            return
        def leave() -> None:
            self.abandon("quit")
            self.exit("\n".join(self.notes))
        self.confirm_then("Quit", leave)

    def end_game(self) -> None:
        session = self.session
        session.stop_clock()
        rules = session.rules
        moves = session.move_count()
        if session.status() == WON:
            headline = (f"You won! All {rules.n_cards} cards are on the foundations: "
                        f"{plural(moves, 'move')} in {clock_text(self.elapsed())}.")
        else:
            headline = (f"Game lost: {session.end_reason()}. {self.position.on_foundations} of {rules.n_cards} "
                        f"cards on the foundations after {plural(moves, 'move')}, {clock_text(self.elapsed())}.")
        self.ending = True
        self.say(headline)
        self.push_screen(EndScreen(headline, session.status() == WON), self.after_end)

    def after_end(self, choice: str | None) -> None:
        self.ending = False
        session = self.session
        if choice == "undo" and session.steps:
            session.undo(1)
            session.restart_clock()
            self.message = "undone: the game goes on"
            self.after_change()
            return
        self.record(session.status())
        if choice == "new":
            self.start(new_deal(session), "a new deal")
        else:
            self.exit("\n".join(self.notes))


def run_app(spec: GameSpec, rules: Rules, position: Position) -> None:
    """Play ``position`` (the first position of ``spec``) full-screen."""
    session = Session(spec, rules, position)
    start_automatic(session)
    _run(PatienceApp(session))


def resume_app(path: str | Path) -> None:
    """Go on full-screen with a saved game exactly where it stopped."""
    _run(PatienceApp(load_game(path), save_path=Path(path)))


def _run(app: PatienceApp) -> None:
    said = app.run()
    if said:
        print(said)
