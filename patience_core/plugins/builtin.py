"""The built-in behaviour, as implementations of the same hooks a plugin uses.

Every implementation here is ``trylast``: any plugin that returns a result for a
variant wins, and a plugin that returns ``None`` leaves this behaviour in place.
The engine recognises these implementations when they win and keeps its
table-driven fast path (see :func:`patience_core.plugins.hooks.resolve`).
"""
from __future__ import annotations

from patience_core.model import cards
from patience_core.variants.catalog import shipped_variant_files
from patience_core.model.deal import deal_by_order
from patience_core.plugins.hooks import hookimpl

__all__ = ["deal_by_order", "yaml_moves_only", "standard_outcome"]


@hookimpl(trylast=True)
def patience_register_variants(register):
    """The variant files shipped with patience (``variants/*.yaml``)."""
    for path in shipped_variant_files():
        register(path)


@hookimpl(trylast=True)
def patience_prepare_pack(rules):
    """The bases of foundation groups with ``start: dealt``, from the first deck."""
    return [(rules.pile_names[f], cards.card_name(card)) for f, card in rules.yaml_setout]


@hookimpl(trylast=True)
def patience_dealer(rules):
    """The YAML ``deal``: the layout row by row in deal order, the rest to the stock."""
    return deal_by_order


@hookimpl(trylast=True)
def patience_filler(rules):
    """Each pile's YAML ``fill``: the sources tried in order, at once."""
    from patience_core.model.rules import FillRule

    return {rules.pile_names[p]: FillRule(tuple(rules.pile_names[s] for s in sources))
            for p, sources in enumerate(rules.fill) if sources}


def yaml_moves_only(position, move) -> bool:
    """Every move the rule tables allow is legal (the engine does not even call this)."""
    return True


@hookimpl(trylast=True)
def patience_move_check(rules):
    """No rule beyond the YAML tables."""
    return yaml_moves_only


def standard_outcome(position):
    """Won with every card on the foundations (or the variant's ``win:`` state); lost when no
    legal move is left."""
    from patience_core.model.position import Position

    if Position.is_won(position):
        return "won"
    return "playing" if position.legal_moves() else "lost"


@hookimpl(trylast=True)
def patience_outcome(rules):
    """The standard judge (see :func:`standard_outcome`)."""
    return standard_outcome
