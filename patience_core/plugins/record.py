"""What the plugins change for one compiled variant: one resolved, frozen record.

:func:`patience_core.plugins.hooks.resolve` asks the compile-time hooks once per
compiled variant and installs the answer as ``rules.plugin``; the engine reads it
(``rules.move_check``, ``rules.opening``, ... are views of it). ``changes_moves`` is
the one test of whether a plugin changes the move rules: when it is false the
engine keeps its table-driven fast paths and the pruned solver applies.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class PluginRecord:
    """``dealer``: a plugin's deal (``None``: the YAML deal); ``opening``: a choice made
    right after the deal; ``fill``/``fill_by_player``: the gap-filling table when a plugin
    changed it (``None``: the YAML's) and which gaps wait for the player's choice;
    ``move_check``: an extra legality rule; ``outcome``: who judges won or lost;
    ``decided_by``: for each compile-time hook, the plugin whose answer applies."""

    dealer: Callable | None = None
    opening: Any = None
    fill: tuple[tuple[int, ...], ...] | None = None
    fill_by_player: tuple[bool, ...] = ()
    move_check: Callable | None = None
    outcome: Callable | None = None
    decided_by: Mapping[str, str] = field(default_factory=dict)

    @property
    def changes_moves(self) -> bool:
        """Does a plugin change which moves are legal, how a gap is filled, or the outcome?"""
        return (self.move_check is not None or self.outcome is not None or self.opening is not None
                or any(self.fill_by_player))


__all__ = ["PluginRecord"]
