"""The fixed sample of shipped games the default test run checks game by game (every game
runs under ``-m slow``): the same games on every run and machine, spread over the catalogue
by a hash of the name rather than its alphabet."""
from __future__ import annotations

import hashlib

# The games whose mechanisms the sample must always cover, whatever the hash picks.
ALWAYS = ("royal-cotillion", "klondike", "freecell", "spider", "golf", "canfield", "yukon",
          "calculation", "sir-tommy", "forty-thieves")
SAMPLE_SIZE = 24


def catalogue_sample(names: list[str], size: int = SAMPLE_SIZE) -> list[str]:
    """``size`` names of ``names``: those in :data:`ALWAYS`, then the rest by name hash."""
    chosen = [n for n in ALWAYS if n in names]
    rest = sorted((n for n in names if n not in chosen), key=lambda n: hashlib.sha256(n.encode()).hexdigest())
    return sorted(chosen + rest[:max(0, size - len(chosen))])


def shipped_names() -> list[str]:
    """The names of the shipped games (from the catalogue index: no YAML is parsed)."""
    from patience_core.variants.catalog import build_registry

    registry = build_registry()
    return [name for name in registry.names() if registry.summary(name)["origin"] == "shipped"]
