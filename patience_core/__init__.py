"""patience: patience (solitaire) games as data, one pack or two.

The engine in brief::

    from patience_core import load_rules, deal_seed
    rules = load_rules("royal-cotillion", {"bases": "dealt"})
    position = deal_seed(rules, 1)
    position.legal_moves()
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from patience_core.variants.catalog import build_registry, compile_variant, load_rules
    from patience_core.model.deal import read_pack_file, seeded_order, start_position
    from patience_core.errors import PatienceError
    from patience_core.model.position import LOST, NO_CARD, PLAYING, WON, Position
    from patience_core.model.rules import Rules

# Each public name and its module, imported on first use: `import patience_core.cli` (every
# command's start) does not load the engine.
_EXPORTS = {"build_registry": "variants.catalog", "compile_variant": "variants.catalog",
            "load_rules": "variants.catalog", "read_pack_file": "model.deal", "seeded_order": "model.deal",
            "start_position": "model.deal", "PatienceError": "errors", "Position": "model.position",
            "WON": "model.position", "LOST": "model.position", "PLAYING": "model.position",
            "NO_CARD": "model.position", "Rules": "model.rules"}


def __getattr__(name: str):
    if name in _EXPORTS:
        value = getattr(importlib.import_module(f"patience_core.{_EXPORTS[name]}"), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'patience_core' has no attribute {name!r}")


__version__ = "0.1.0"


def deal_seed(rules: Rules, seed: int) -> Position:
    """The first position of deal number ``seed``."""
    from patience_core.model.deal import seeded_order, start_position

    return start_position(rules, seeded_order(rules, seed))


__all__ = ["build_registry", "compile_variant", "load_rules", "deal_seed", "read_pack_file",
           "seeded_order", "start_position", "PatienceError", "Position", "Rules",
           "WON", "LOST", "PLAYING", "NO_CARD", "__version__"]
