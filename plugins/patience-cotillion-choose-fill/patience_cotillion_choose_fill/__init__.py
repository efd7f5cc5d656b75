"""Royal Cotillion in which the player chooses what fills each right-wing gap.

In Royal Cotillion a gap in the right wing is filled at once with the top card of
the waste, or of the stock when the waste is empty. Here the player chooses,
gap by gap, between the two tops; with only one of them available, it fills the
gap at once as usual.
"""
from pathlib import Path

from patience_core.plugins.hooks import hookimpl
from patience_core.model.rules import FillRule

VARIANT = "royal-cotillion-choose-fill"


@hookimpl
def patience_register_variants(register):
    register(Path(__file__).with_name(f"{VARIANT}.yaml"))


@hookimpl
def patience_filler(rules):
    if rules.name != VARIANT:
        return None  # not our variant: the other plugins or the YAML decide
    return {"right": FillRule(("waste", "stock"), chosen_by="player")}
