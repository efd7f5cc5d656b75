"""patience: patience (solitaire) games as data, one pack or two.

The engine in brief::

    from patience_core import load_rules, deal_seed
    rules = load_rules("royal-cotillion", {"bases": "dealt"})
    position = deal_seed(rules, 1)
    position.legal_moves()
"""
from __future__ import annotations

from patience_core.variants.catalog import build_registry, compile_variant, load_rules
from patience_core.model.deal import read_pack_file, seeded_order, start_position
from patience_core.errors import PatienceError
from patience_core.model.position import LOST, NO_CARD, PLAYING, WON, Position
from patience_core.model.rules import Rules

__version__ = "0.1.0"


def deal_seed(rules: Rules, seed: int) -> Position:
    """The first position of deal number ``seed``."""
    return start_position(rules, seeded_order(rules, seed))


__all__ = ["build_registry", "compile_variant", "load_rules", "deal_seed", "read_pack_file",
           "seeded_order", "start_position", "PatienceError", "Position", "Rules",
           "WON", "LOST", "PLAYING", "NO_CARD", "__version__"]
