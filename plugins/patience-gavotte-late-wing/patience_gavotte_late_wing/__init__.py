"""Gavotte in which the player chooses the free wing after seeing the deal.

Both wings are dealt as 4 x 4 grids, row by row: the left wing from the first 16
cards of the pack, the right wing from the next 16. The chosen wing becomes the
free wing (pile ids ``free:1`` .. ``free:16``, row by row); the other is read as
four columns of four (``restricted:1`` .. ``restricted:4``, bottom card free).

With ``choose=ask`` the game starts with the right wing laid out as the free one
and a choice: answering ``right`` keeps that layout, ``left`` swaps the wings.
Scripted play, the solver and statistics see the choice as an ordinary first move
(``{"card": null, "from": "choice", "to": "left"}``): a solver tries both, the
naive policy takes the first (``right``, Gavotte's default).
"""
from pathlib import Path

from patience_core.model.deal import Dealer
from patience_core.plugins.hooks import hookimpl

VARIANT = "gavotte-late-wing"
GRID = 16  # cards in each wing


class LateWingDealer(Dealer):
    question = "Which wing is free"

    def __init__(self, choose: str):
        self.options = ("right", "left") if choose == "ask" else ()
        self.laid_out_free = "left" if choose == "left" else "right"

    def deal(self, rules, order):
        piles = [[] for _ in range(rules.n_piles)]
        for pile, card in rules.setout:
            piles[pile].append(card)
        left, right = order[:GRID], order[GRID:2 * GRID]
        if self.laid_out_free == "right":
            lay_out(rules, piles, free=right, restricted=left)
        else:
            lay_out(rules, piles, free=left, restricted=right)
        stock = order[2 * GRID:]
        stock.reverse()  # the next card of the pack on top (the end of the list)
        piles[rules.stock] = stock
        return piles

    def choose(self, rules, piles, option):
        if option == self.laid_out_free:
            return piles
        free, restricted = grids(rules, piles)
        lay_out(rules, piles, free=restricted, restricted=free)
        return piles


def lay_out(rules, piles, free, restricted):
    """``free`` (16 cards, row by row) into the free places; ``restricted`` into
    four columns: column c holds the c-th card of each row, the last row on top."""
    for place, card in zip(rules.groups["free"], free):
        piles[place] = [card]
    columns = rules.groups["restricted"]
    for c, column in enumerate(columns):
        piles[column] = [restricted[row * len(columns) + c] for row in range(GRID // len(columns))]


def grids(rules, piles):
    """The two grids, row by row, read back from a layout nobody has played from yet."""
    free = [piles[p][0] for p in rules.groups["free"]]
    columns = rules.groups["restricted"]
    restricted = [piles[columns[c]][row] for row in range(GRID // len(columns)) for c in range(len(columns))]
    return free, restricted


@hookimpl
def patience_register_variants(register):
    register(Path(__file__).with_name(f"{VARIANT}.yaml"))


@hookimpl
def patience_dealer(rules):
    if rules.name != VARIANT:
        return None  # not our variant: the other plugins or the YAML deal it
    return LateWingDealer(rules.params["choose"])
