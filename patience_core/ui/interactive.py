"""The interactive game in the terminal: read what the player types, play it, redraw.

On a terminal the board is redrawn after every command, with the outcome of the
command under it. When standard input is not a terminal (commands piped in, for
example ``printf 'l2\\nt\\nq\\ny\\n' | patience play royal-cotillion --seed 3``) the
same commands work: the board is printed at the start, on ``board`` and at the end,
and every command prints its outcome on one line, so a transcript reads well.

The session logic lives in :mod:`.session`, parsing in :mod:`.commands`, drawing in
:mod:`.board`, saves in :mod:`.saves` and statistics in :mod:`.history`.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from patience_core.model import cards
from patience_core.ui.board import BoardInfo, board, detect_glyphs, keys_text
from patience_core.ui.commands import (HELP, Choice, PileLabels, Refusal, move_text, move_words, parse_command,
                       considered_moves, redeal_move, resolve_move, turn_move, why_not_here)
from patience_core.errors import PatienceError
from patience_core.model.game import GameSpec
from patience_core.model.notation import describe_move
from patience_core.agents.hints import hint
from patience_core.storage.history import clock_text, record_game
from patience_core.model.moves import MoveKind
from patience_core.model.position import WON, HookedPosition, Position, Slides
from patience_core.model.rules import Rules
from patience_core.storage.saves import ReplaceRefused, load_game, save_game
from patience_core.ui.session import Session

PROMPT = "> "


class TerminalUI:
    """Input and output: a rich console, and lines read with ``input`` (with line
    editing where ``readline`` exists)."""

    def __init__(self, console: Console | None = None, tty: bool | None = None):
        self.console = console or Console(highlight=False, emoji=False)
        # sys.stdin is None when the game is started with standard input closed.
        self.tty = (sys.stdin is not None and sys.stdin.isatty()) if tty is None else tty
        self.glyphs = detect_glyphs(self.console)
        if self.tty:
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:
                pass

    def read(self, prompt: str = PROMPT) -> str | None:
        """One line, or ``None`` at the end of input (or when there is no input at all:
        standard input closed, or unreadable)."""
        if sys.stdin is None:
            return None
        try:
            line = input(prompt)
        except (EOFError, OSError, UnicodeDecodeError):
            if not self.tty:
                print()
            return None
        if not self.tty:
            print(line)  # echo piped commands so the transcript shows them
        return line

    def input_pending(self) -> bool:
        """Lines already typed ahead (or pasted) and not read yet: redrawing for each of them
        would only flicker, so the board waits until the input runs dry."""
        if not self.tty:
            return False
        try:
            import select

            return bool(select.select([sys.stdin], [], [], 0)[0])
        except (OSError, ValueError, ImportError):  # no select on this stdin (Windows console)
            return False

    def say(self, text: str) -> None:
        self.console.print(Text(text))


class InteractiveGame:
    def __init__(self, ui: TerminalUI, session: Session, resumed_from: Path | None = None):
        self.ui = ui
        self.session = session
        self.labels = PileLabels(session.rules)
        self.messages: list[str] = []
        self.save_path: Path | None = resumed_from
        if resumed_from is not None:
            self.messages.append(f"resumed {resumed_from}: {plural(session.move_count(), 'move')} on the board, "
                                 f"{sum(map(len, session.redo_steps))} to redo")

    # -- output ---------------------------------------------------------------------
    @property
    def unicode(self) -> bool:
        return self.ui.glyphs.unicode

    def card(self, card: int) -> str:
        return cards.card_label(card, self.unicode)

    def tell(self, message: str) -> None:
        """A one-line outcome: under the board on a terminal, printed at once otherwise."""
        if self.ui.tty:
            self.messages.append(message)
        else:
            self.ui.say(message)

    def info(self) -> BoardInfo:
        session = self.session
        spec = session.spec
        deal = spec.deal_text()
        if spec.file:
            deal += f" {self.ui.glyphs.dot} {spec.file}"
        choice = self.choice_line() if self.ui.tty else ""  # piped: said before each prompt
        if choice:
            self.messages.append(choice)
        messages = tuple(self.messages)
        self.messages = []
        return BoardInfo(deal=deal, moves=session.move_count(), seconds=session.elapsed(),
                         autoplay=session.autoplay, messages=messages, keys=keys_text(self.labels, self.ui.glyphs))

    def show_board(self, force: bool = False) -> None:
        if not (self.ui.tty or force):
            return
        if not force and self.ui.input_pending():
            del self.messages[:-8]  # keep the latest outcomes for the next redraw
            return
        console = self.ui.console
        if self.ui.tty:
            console.clear()
        console.print(board(self.session.position, self.info(), self.ui.glyphs, console))

    def show_help(self) -> None:
        table = Table(title="Commands", title_justify="left", box=self.ui.glyphs.box, show_header=False)
        table.add_column(no_wrap=True)
        table.add_column()
        for words, what in HELP:
            table.add_row(words if self.unicode else words.replace("10\u2665", "10H"), what)
        console = self.ui.console
        if self.ui.tty:
            console.clear()
        console.print(table)
        rules = self.session.rules
        console.print(Text(f"Piles: " + ", ".join(
            f"{self.labels.prefix[g]} = {g}" for g in self.labels.ids) +
            f". Foundations f1..f{len(rules.foundations)}. `patience show {rules.name}` prints the rules."))

    def describe_step(self, step: list, just_played: bool = True) -> str:
        """``7♥ r11 → f3; r11 takes 4♣ from the waste; then automatically: ...``."""
        rules = self.session.rules
        first = step[0]
        text = move_text(self.labels, first, self.unicode)
        if just_played and first.is_play:
            position = self.session.position
            entry = position.history[len(position.history) - len(step)]
            filled_from = entry.filled
            if entry.flipped:
                probe = position.copy()
                for _ in step[1:]:
                    probe.undo()
                source = probe.piles[first.src]
                if source and not probe.is_face_down(first.src, len(source) - 1):
                    text += f"; {self.card(source[-1])} turned face up"
            if isinstance(filled_from, Slides):   # fill: [next-run]: runs moved left along the row
                text += "; " + ", ".join(f"{self.labels.label(q)}'s {n} card{'s' if n != 1 else ''} move left "
                                         f"into {self.labels.label(gap)}" for gap, q, n, _turned in filled_from)
            elif filled_from.__class__ is tuple:   # several cards at once (fill: {cards: N})
                probe = position.copy()
                for _ in step[1:]:
                    probe.undo()
                # a stock card that went up instead (deal_to_foundations: {stock: true}) filled nothing
                taken = [s for s, _ in filled_from if not rules.is_foundation[s]]
                fillers = probe.piles[first.src][-len(taken):] if taken else []
                sources = " and the ".join(dict.fromkeys(rules.pile_names[s] for s in taken))
                if taken:
                    text += (f"; {self.labels.label(first.src)} takes "
                             f"{' '.join(self.card(c) for c in fillers)} from the {sources}")
            elif filled_from >= 0:
                # See the pile as it was right after the first move: undo the automatic ones on a copy.
                probe = position.copy()
                for _ in step[1:]:
                    probe.undo()
                filler = probe.piles[first.src][-1]
                source = rules.pile_names[filled_from]
                if filled_from == rules.stock and rules.fill_turns_stock[first.src]:   # fill: [waste, stock-turn]
                    source = "waste, turned from the stock"
                text += f"; {self.labels.label(first.src)} takes {self.card(filler)} from the {source}"
        automatic = step[1:]
        if automatic:
            text += "; then automatically: " + ", ".join(
                move_text(self.labels, m, self.unicode) for m in automatic)
        return text

    def choice_line(self) -> str:
        """A plugin's variant may wait for a choice (an opening choice, or which pile fills
        a gap): list the options, answered by number."""
        options = special_moves(self.session.position)
        if not options:
            return ""
        rules = self.session.rules
        opening = getattr(rules, "opening", None)
        if opening is not None and all(m.kind is MoveKind.CHOOSE for m in options):
            return f"{opening.question}? " + ", ".join(
                f"{n} = {opening.options[m.dst]}" for n, m in enumerate(options, start=1)) + " (type the number)"
        return "choose: " + ", ".join(f"{n} = {describe_move(rules, m, self.unicode)}"
                                      for n, m in enumerate(options, start=1)) + " (type the number)"

    # -- the game loop --------------------------------------------------------------
    def run(self) -> None:
        while True:
            try:
                outcome = self.play_game()
            except KeyboardInterrupt:  # Ctrl-C during a question: leave as at the prompt
                print()
                self.leave("interrupted")
                return
            if outcome != "new":
                return
            self.session = new_deal(self.session)
            self.labels = PileLabels(self.session.rules)
            self.save_path = None
            start_automatic(self.session)

    def play_game(self) -> str:
        """Play until the game ends or the player leaves; ``'new'`` or ``'quit'``."""
        self.show_board(force=True)
        while True:
            if self.session.is_over():
                outcome = self.game_over()
                if outcome != "undo":
                    return outcome
                self.show_board()
                continue
            if not self.ui.tty and special_moves(self.session.position):
                self.ui.say(self.choice_line())
            try:
                line = self.ui.read()
            except KeyboardInterrupt:
                print()
                self.leave("interrupted")
                return "quit"
            if line is None:
                self.leave("end of input")
                return "quit"
            try:
                outcome = self.handle(line)
            except Refusal as exc:
                self.tell(str(exc))
                outcome = None
            except PatienceError as exc:
                self.tell(f"error: {exc}")
                outcome = None
            if outcome in ("quit", "new"):
                return outcome
            if outcome != "help" and not self.session.is_over():
                self.show_board()

    def handle(self, line: str) -> str | None:
        """Do one command; return ``'quit'``, ``'new'``, ``'help'`` or ``None``."""
        session = self.session
        position = session.position
        command = parse_command(line)
        kind = command.kind
        if kind == "empty":
            if position.piles[session.rules.stock]:
                resolved = turn_move(position, self.unicode)
                if isinstance(resolved, Choice):
                    resolved = self.ask(resolved)
                    if resolved is None:
                        return None
                self.play(resolved)
            else:
                self.tell("the stock is empty" + (": type 'redeal' to turn the waste over"
                                                  if position.redeals_left and position.piles[session.rules.waste]
                                                  else ""))
        elif kind == "turn":
            onto = self.labels.parse_pile(command.args[0]) if command.args else None
            resolved = turn_move(position, self.unicode, onto)
            if isinstance(resolved, Choice):
                resolved = self.ask(resolved)
                if resolved is None:
                    return None
            self.play(resolved)
        elif kind == "redeal":
            onto = self.labels.parse_pile(command.args[0]) if command.args else None
            resolved = redeal_move(position, onto)
            if isinstance(resolved, Choice):
                resolved = self.ask(resolved)
                if resolved is None:
                    return None
            self.play(resolved)
        elif kind == "move" and len(command.args) == 1 and command.args[0].isdigit() \
                and special_moves(position):
            options = special_moves(position)
            number = int(command.args[0])
            if not 1 <= number <= len(options):
                raise Refusal(f"choose a number from 1 to {len(options)}")
            self.play(options[number - 1])
        elif kind == "move":
            resolved = resolve_move(position, command.args, self.labels, self.unicode)
            if isinstance(resolved, Choice):
                resolved = self.ask(resolved)
                if resolved is None:
                    return None
            self.play(resolved)
        elif kind in ("undo", "redo"):
            count = parse_count(command.args, kind)
            done = session.undo(count) if kind == "undo" else session.redo(count)
            if not done:
                self.tell(f"nothing to {kind}")
            elif len(done) == 1:
                self.tell(f"{kind}: " + self.describe_step(done[0], just_played=(kind == "redo")))
            else:
                self.tell(f"{kind}: {plural(sum(map(len, done)), 'move')}")
        elif kind == "hint":
            self.give_hint()
        elif kind == "auto":
            self.autoplay(command.args)
        elif kind == "save":
            self.save(command.args)
        elif kind == "help":
            self.show_help()
            return "help"
        elif kind == "board":
            if not self.ui.tty:  # on a terminal the board is redrawn after every command anyway
                self.show_board(force=True)
        elif kind == "moves":
            self.list_moves()
        elif kind in ("quit", "new"):
            if self.confirm_leave(kind):
                self.leave("quit" if kind == "quit" else "new deal")
                return kind
        return None

    def play(self, move) -> None:
        position = self.session.position
        if isinstance(position, HookedPosition) and move not in position.legal_moves():
            # a plugin's extra rule forbids it (plain positions only ever produce legal moves here)
            raise Refusal(f"{move_text(self.labels, move, self.unicode)} is not allowed here"
                          f"{why_not_here(position, move.src, move.dst, move.card, self.labels, self.unicode)}")
        step = self.session.play(move)
        self.tell(self.describe_step(step))

    def ask(self, choice: Choice):
        answer = self.ui.read(f"{choice.question} ")
        if not answer or not answer.strip():
            self.tell("cancelled")
            return None
        move = choice.pick(answer)
        if move is None:
            self.tell(f"{answer.strip()!r} is not one of {'/'.join(choice.options)}: cancelled")
        return move

    def give_hint(self) -> None:
        move, reason, _who = hint(self.session.position)
        if move is None:
            self.tell(f"hint: {reason}")
            return
        rules = self.session.rules
        options = special_moves(self.session.position)
        if move in options:
            what = f"{options.index(move) + 1} ({move_text(self.labels, move, self.unicode)})"
        elif move.kind is MoveKind.TURN or move.kind is MoveKind.DEAL_ROW:
            what = f"{move_words(self.labels, move)} (turn the stock)"
        elif move.kind is MoveKind.REDEAL or move.kind is MoveKind.GATHER or move.kind is MoveKind.TURN_UP:
            what = move_words(self.labels, move)
        else:
            what = f"{move_words(self.labels, move)} ({move_text(self.labels, move, self.unicode)})"
        self.tell(f"hint: {what}: {reason}")

    def autoplay(self, args: tuple[str, ...]) -> None:
        session = self.session
        if not args:
            step = session.run_automatic("safe")
            if step:
                self.tell("safe moves: " + ", ".join(move_text(self.labels, m, self.unicode) for m in step))
            else:
                self.tell("no safe move now (safe: it can never spoil a winnable game; see docs/play.md)")
            return
        word = args[0].lower()
        mode = {"on": "all", "all": "all", "safe": "safe", "off": "off"}.get(word)
        if mode is None or len(args) > 1:
            raise Refusal(f"auto {' '.join(args)!r}: expected 'auto', 'auto on', 'auto safe' or 'auto off'")
        session.set_autoplay(mode)
        note = {"all": "every card that fits goes up after each move",
                "safe": "safe moves go up after each move",
                "off": "nothing moves by itself"}[mode]
        self.tell(f"autoplay {mode}: {note}")
        if mode != "off":
            step = session.run_automatic(mode)
            if step:
                self.tell("played: " + ", ".join(move_text(self.labels, m, self.unicode) for m in step))

    def save(self, args: tuple[str, ...]) -> None:
        target = (" ".join(args) if args else None) or self.save_path
        try:
            path = save_game(self.session, target)
        except ReplaceRefused as refused:  # a link, a device, someone's file: only if the player says so
            answer = self.ui.read(f"{refused}. Replace it? [y/n] ")
            if answer is None or answer.strip().lower() not in ("y", "yes"):
                self.tell("not saved")
                return
            path = save_game(self.session, target, replace=True)
        self.save_path = path
        self.tell(f"saved to {path}; continue later with: patience play --resume {path}")

    def list_moves(self) -> None:
        position = self.session.position
        legal = position.legal_moves()
        plays = [m for m in legal if m.kind is MoveKind.TO_FOUNDATION]
        between = considered_moves(position, [m for m in legal if m.kind is MoveKind.BETWEEN_PILES])
        if not plays and not between:
            stock = position.piles[self.session.rules.stock]
            self.tell(("no card fits a foundation" if not self.session.rules.receivers else "no card can move")
                      + ("; turn the stock (t)" if stock else ""))
            return
        if plays:
            self.tell("fits now: " + ", ".join(move_text(self.labels, m, self.unicode) for m in plays))
        if between:
            self.tell("between piles: " + ", ".join(move_text(self.labels, m, self.unicode) for m in between))

    # -- leaving and the end of a game -------------------------------------------------
    def has_unsaved_moves(self) -> bool:
        session = self.session
        return bool(session.steps or session.redo_steps) and session.changed_since_save

    def confirm_leave(self, kind: str) -> bool:
        if not self.has_unsaved_moves():
            return True
        what = "Quit" if kind == "quit" else "Deal a new game"
        answer = self.ui.read(f"{what}? This game counts as abandoned (type 'save' first to keep it). [y/n] ")
        if answer is not None and answer.strip().lower() in ("y", "yes"):
            return True
        self.tell("carry on")
        return False

    def leave(self, why: str) -> None:
        """The player leaves a game that is not over."""
        session = self.session
        session.stop_clock()
        if self.has_unsaved_moves():
            self.record("abandoned")
            self.ui.say(f"Game abandoned ({why}) after {plural(session.move_count(), 'move')}, "
                        f"{clock_text(session.elapsed())}.")
        elif self.save_path is not None:
            self.ui.say(f"The game is saved in {self.save_path}.")

    def record(self, result: str) -> None:
        session = self.session
        try:
            session.notify("end")
        except PatienceError as exc:
            self.ui.say(f"error: {exc}")
        try:
            written = record_game(session.spec, session.rules, result, session.move_count(), session.elapsed())
        except PatienceError as exc:
            self.ui.say(f"statistics not recorded: {exc}")
            return
        if written is None:
            self.ui.say("(not recorded in your statistics: this variant comes from --file)")

    def game_over(self) -> str:
        """Say how the game ended, record it, offer a new deal: ``'new'``, ``'quit'`` or ``'undo'``."""
        session = self.session
        session.stop_clock()
        status = session.status()
        moves = session.move_count()
        rules = session.rules
        if status == WON:
            headline = (f"You won! All {rules.n_cards} cards are on the foundations: "
                        f"{plural(moves, 'move')} in {clock_text(session.elapsed())}.")
        else:
            headline = (f"Game lost: {session.end_reason()}. {session.position.on_foundations} of "
                        f"{rules.n_cards} cards on the foundations after {plural(moves, 'move')}, "
                        f"{clock_text(session.elapsed())}.")
        self.messages.append(headline)
        self.show_board(force=True)  # even with input typed ahead: the end must be seen
        answer = self.ui.read("New deal? [y/n, u = undo the last move] ")
        choice = (answer or "n").strip().lower()
        if choice in ("u", "undo") and session.steps:
            session.undo(1)
            session.restart_clock()
            self.tell("undone: the game goes on")
            return "undo"
        self.record(status)
        return "new" if choice in ("y", "yes") else "quit"


def special_moves(position: Position) -> list:
    """Legal moves that are neither plays to a foundation, nor a stock turn, nor a redeal:
    the answers to a plugin's choice."""
    rules = position.rules
    found = []
    for move in position.legal_moves():
        if move.kind is MoveKind.CHOOSE or move.kind is MoveKind.FILL:
            found.append(move)
    return found


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def parse_count(args: tuple[str, ...], kind: str) -> int:
    if not args:
        return 1
    word = args[0].lower()
    if word == "all":
        return 10**9
    if word.isdigit() and int(word) > 0 and len(args) == 1:
        return int(word)
    raise Refusal(f"{kind} {' '.join(args)!r}: expected {kind}, {kind} N (a number) or {kind} all")


def start_automatic(session: Session) -> None:
    """The deal is on the table; a variant with automatic play starts by playing what fits."""
    session.notify("start")
    if session.autoplay != "off":
        session.run_automatic(session.autoplay)


def new_deal(session: Session) -> Session:
    """The same variant and parameters, a new random deal number."""
    old = session.spec
    spec = GameSpec(variant=old.variant, params=dict(old.params), seed=random.SystemRandom().randint(1, 10**9),
                    file=old.file)
    rules = session.rules
    return Session(spec, rules, spec.start(rules), autoplay=session.autoplay)


def run_interactive(spec: GameSpec, rules: Rules, position: Position, why_line: str = "") -> None:
    """Play ``position`` (the first position of ``spec``) in the terminal; ``why_line``, when
    given, is said once under the first board (why the full-screen game did not open)."""
    session = Session(spec, rules, position)
    start_automatic(session)
    game = InteractiveGame(TerminalUI(), session)
    if why_line:
        game.messages.append(why_line)
    game.run()


def resume_interactive(path: str | Path, why_line: str = "") -> None:
    """Go on with a saved game exactly where it stopped (``patience play --resume FILE``)."""
    session = load_game(path)
    game = InteractiveGame(TerminalUI(), session, resumed_from=Path(path))
    if why_line:
        game.messages.append(why_line)
    game.run()


# Re-exported for the CLI and tests.
__all__ = ["run_interactive", "resume_interactive", "InteractiveGame", "TerminalUI"]
