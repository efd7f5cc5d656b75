"""One game being played: the position, unlimited undo and redo, automatic play, the clock.

The game is a list of *steps*. A step is what one command did: the player's move
and the automatic plays that followed it (or a batch of automatic plays asked for
with ``auto``). Undo and redo work a step at a time, so undo never leaves the game
half-way through an automatic sequence. The moves of all steps, in order, are
exactly the moves of the game in the JSON move form (automatic fills are part of
the move that caused them, as everywhere in the engine).
"""
from __future__ import annotations

import time

from patience_core.agents.autoplay import MODES, default_mode, next_automatic
from patience_core.model.game import GameSpec
from patience_core.model.moves import Move
from patience_core.model.position import LOST, PLAYING, WON, Position
from patience_core.model.rules import Rules



class Session:
    def __init__(self, spec: GameSpec, rules: Rules, position: Position, autoplay: str | None = None,
                 elapsed: float = 0.0):
        self.spec = spec
        self.rules = rules
        self.position = position
        self.autoplay = autoplay if autoplay in MODES else default_mode(rules)
        self.steps: list[list[Move]] = []
        self.redo_steps: list[list[Move]] = []  # most recently undone last
        self._elapsed_before = elapsed
        self._started = time.monotonic()
        self._stopped: float | None = None
        self.saved_at_steps: int | None = None  # len(steps) when last saved (None: never)
        self.changed_since_save = False

    # -- the clock ---------------------------------------------------------------------
    def elapsed(self) -> float:
        end = self._stopped if self._stopped is not None else time.monotonic()
        return self._elapsed_before + (end - self._started)

    def stop_clock(self) -> None:
        if self._stopped is None:
            self._stopped = time.monotonic()

    def restart_clock(self) -> None:
        """Go on timing after :meth:`stop_clock` (the game continues after an undo)."""
        if self._stopped is not None:
            self._elapsed_before += self._stopped - self._started
            self._started = time.monotonic()
            self._stopped = None

    # -- moves -------------------------------------------------------------------------
    def move_count(self) -> int:
        return sum(len(step) for step in self.steps)

    def applied_moves(self) -> list[Move]:
        return [m for step in self.steps for m in step]

    def play(self, move: Move) -> list[Move]:
        """Play a legal ``move`` and the automatic plays it allows; return the step."""
        self._apply(move)
        step = [move] + self._automatic(self.autoplay)
        self._push(step)
        return step

    def run_automatic(self, mode: str) -> list[Move]:
        """Play ``mode``'s automatic moves now, as one step (nothing if none fits)."""
        step = self._automatic(mode)
        if step:
            self._push(step)
        return step

    def _apply(self, move: Move) -> None:
        self.position.apply(move)
        self.notify("move", move)

    def _automatic(self, mode: str) -> list[Move]:
        played = []
        while (move := next_automatic(self.position, mode)) is not None:
            self._apply(move)
            played.append(move)
        return played

    def notify(self, event: str, move: Move | None = None) -> None:
        """Tell the plugins that observe games (``patience_game_event``): ``start``,
        ``move`` (undo is not reported), ``end``."""
        try:
            from patience_core.plugins.hooks import notify
        except ImportError:  # an engine without the plugin system
            return
        notify(event, self.rules, self.position, move, self.spec.to_json(self.rules))

    def _push(self, step: list[Move]) -> None:
        self.steps.append(step)
        self.redo_steps.clear()
        self.changed_since_save = True

    def undo(self, count: int = 1) -> list[list[Move]]:
        """Take back up to ``count`` steps (latest first); return them."""
        undone = []
        for _ in range(count):
            if not self.steps:
                break
            step = self.steps.pop()
            for _move in reversed(step):
                self.position.undo()
            self.redo_steps.append(step)
            undone.append(step)
        if undone:
            self.changed_since_save = True
        return undone

    def redo(self, count: int = 1) -> list[list[Move]]:
        """Play again up to ``count`` undone steps, exactly as they were."""
        redone = []
        for _ in range(count):
            if not self.redo_steps:
                break
            step = self.redo_steps.pop()
            for move in step:
                self._apply(move)
            self.steps.append(step)
            redone.append(step)
        if redone:
            self.changed_since_save = True
        return redone

    def set_autoplay(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(mode)
        self.autoplay = mode

    # -- state -------------------------------------------------------------------------
    def status(self) -> str:
        return self.position.status()

    def end_reason(self) -> str:
        """Why the game is over, in words (``''`` while it goes on)."""
        status = self.status()
        if status == WON:
            return f"all {self.rules.n_cards} cards are on the foundations"
        if status != LOST:
            return ""
        rules = self.rules
        if not rules.foundation_only:
            return "no legal move is left" if not self.position.legal_moves() else "no move leads anywhere new"
        parts = ["the stock is empty"]
        if rules.redeals:
            parts.append("no redeal is left" if self.position.piles[rules.waste] else "the waste is empty")
        parts.append("no free card fits a foundation")
        return ", ".join(parts)

    def is_over(self) -> bool:
        return self.status() != PLAYING

    def mark_saved(self) -> None:
        self.saved_at_steps = len(self.steps)
        self.changed_since_save = False
