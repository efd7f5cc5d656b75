"""The whole layout at once, drawn with rich from the compiled rules (no variant names).

- foundations: one table per foundation group, each pile with its top card and what it
  needs next;
- each pile group of the layout: a tableau as columns, covered card at the top and the
  free card at the bottom; any other group with a ``grid`` (rows x columns) as that grid,
  row by row in deal order, and without one as a single row;
- the stock count, the waste top and how many cards lie under it, redeals left;
- a header with the game (title, deal number, parameters), moves, time, autoplay.

Suits are coloured symbols, or plain letters (``10H``) and ASCII borders when the
terminal cannot show them, ``NO_COLOR`` is set, or the output encoding is not UTF-8.
"""
from __future__ import annotations

import io
import os
from dataclasses import dataclass

from rich import box
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from patience_core.model import cards
from patience_core.ui.commands import PileLabels, needs_text
from patience_core.storage.history import clock_text
from patience_core.model.position import Position
from patience_core.ui.render import fill_sources_words, printable
from patience_core.model import legal
from patience_core.model.rules import ACCESS_ALL, ACCESS_NONE, Rules
from patience_core.ui.geometry import place_rows


@dataclass(frozen=True)
class Glyphs:
    """How to draw: Unicode suit symbols and borders, and colour."""

    unicode: bool = True
    colour: bool = True

    @property
    def arrow(self) -> str:
        return "\u2192" if self.unicode else "->"

    @property
    def dot(self) -> str:
        return "\u00b7" if self.unicode else "|"

    @property
    def box(self) -> box.Box:
        return box.ROUNDED if self.unicode else box.ASCII


def detect_glyphs(console: Console) -> Glyphs:
    """Symbols only where the terminal can show them; colour only where it is wanted."""
    no_color = bool(os.environ.get("NO_COLOR"))
    encoding = (console.encoding or "").lower().replace("-", "").replace("_", "")
    dumb = os.environ.get("TERM", "") == "dumb"
    unicode = encoding.startswith("utf") and not no_color and not dumb
    colour = console.color_system is not None and not no_color and not dumb
    return Glyphs(unicode=unicode, colour=colour)


@dataclass
class BoardInfo:
    """What the board shows besides the piles."""

    deal: str = ""            # "deal 3" or "deal from a pack file"
    moves: int = 0
    seconds: float | None = None
    autoplay: str = "off"
    messages: tuple[str, ...] = ()
    keys: str = ""


def card_text(card: int, glyphs: Glyphs, emphasis: str = "") -> Text:
    label = cards.card_label(card, glyphs.unicode)
    if not glyphs.colour:
        return Text(label)
    style = "bold red" if cards.is_red(card) else "bold"
    if emphasis:
        style = f"{style} {emphasis}"
    return Text(label, style=style)


def _dim(text: str, glyphs: Glyphs) -> Text:
    return Text(text, style="dim" if glyphs.colour else "")


def _foundation_tables(position: Position, labels: PileLabels, glyphs: Glyphs) -> list[Table]:
    rules = position.rules
    tables = []
    for group, spec in rules.foundation_specs.items():
        piles = rules.groups[f"foundation:{group}"]
        table = Table(title=printable(spec.get("title", group)), title_justify="left", box=glyphs.box,
                      show_header=False, padding=(0, 1), title_style="bold" if glyphs.colour else "")
        for _ in piles:
            table.add_column(min_width=7, no_wrap=True)
        tops, needs = [], []
        for f in piles:
            pile = position.piles[f]
            top = Text.assemble(_dim(labels.label(f) + " ", glyphs),
                                card_text(pile[-1], glyphs) if pile else Text("--"))
            tops.append(top)
            wanted = position.wanted(f)
            if rules.f_spec[f].discard:
                needs.append(_dim(f"{len(pile)} removed", glyphs))
            elif rules.f_spec[f].takes_run and len(pile) < rules.f_length[f]:  # Spider's: never one card
                ranks = rules.f_spec[f].ranks   # None: from any rank (York)
                needs.append(_dim(f"{cards.RANKS[ranks[0]]}-{cards.RANKS[ranks[-1]]} run" if ranks else "13 run",
                                  glyphs))
            elif rules.f_spec[f].takes_set and len(pile) < rules.f_length[f]:   # Simplex's: never one card
                needs.append(_dim(f"{rules.f_spec[f].takes_set} at once", glyphs))
            elif not wanted:
                needs.append(_dim("full", glyphs))
            elif len(wanted) == 1:
                needs.append(Text.assemble(f"{glyphs.arrow} ", card_text(wanted[0], glyphs)))
            else:
                needs.append(Text(f"{glyphs.arrow} {needs_text(position, f, glyphs.unicode)}"))
        table.add_row(*tops)
        table.add_row(*needs)
        tables.append(table)
    return tables


def _caption(rules: Rules, group: str) -> str:
    first = rules.groups[group][0]
    spec = rules.piles[first]
    if rules.pile_kind[first] == "cell":
        locked = f"; a card leaves only when {spec.free_when.words}" if spec.free_when is not None else ""
        return "one card each" + locked
    if spec.build is not None:
        empty = {"any": "any card", "none": "nothing"}.get(spec.empty) or spec.empty_words()
        moves = {"run": "runs move", "face-up": "face-up cards move together", "pile": "whole piles move",
                 "card": "one card moves", "card-or-pile": "the top card or the whole pile moves"}[spec.moves]
        if rules.access[first] == ACCESS_NONE:   # Eiffel Tower's piles: what is put on them stays
            moves = "cards stay"
        if spec.partial == "to-foundation":
            moves += " (leaving face-up cards only to free one for a foundation)"
        bottom = (f" on {cards.rank_with_article(spec.bottom)} at the bottom only" if spec.bottom is not None
                  else "")
        swap = ("; two one-card places swap cards that are each other's base" if spec.swap == "card" else
                "; one-card places of two colours swap cards of each other's colour" if spec.swap == "colour" else
                "; two piles swap when one's bottom card is the other's base" if spec.swap else "")
        gap = f"a gap takes {empty}"
        if rules.fill_cards[first] > 1:   # Great Wheel, Chelicera: say the fill, the rule is for when it runs dry
            gap = (f"gaps filled with {rules.fill_cards[first]} cards from "
                   + ", else ".join(fill_sources_words(rules, first)) + f", then {gap}")
        build = spec.build.words()
        if spec.build_or_when is not None:   # Faerie Queen: the second rule waits for its state
            build = (f"{spec.build.alone().words()}, or, only when {spec.build_or_when.words}, "
                     f"{spec.build.alternative.words()}")
        return f"build {build}{bottom}; {moves}{swap}; {gap}"
    gathered = [rule for rule in rules.sets_at_once if first in rule.sources]
    if gathered:   # places a set is gathered on (Elevens' court)
        takes = "a card that can still complete the set" if spec.empty == "set" else (
            {"any": "any card", "none": "nothing"}.get(spec.empty) or spec.empty_words())
        stays = "cards stay until" if rules.access[first] == ACCESS_NONE else "cards free;"
        return f"a gap takes {takes}; {stays} the set leaves by itself"
    if spec.covered_by or rules.covering[first]:
        free = "a card is free once the places over it are empty"
    elif rules.all_face_down[first]:
        free = "face down; its cards only fill gaps" + (", the last one free" if rules.turns_up_last[first] else "")
    elif rules.access[first] == ACCESS_ALL or spec.cards <= 1 and first not in rules.stock_spec.deal_to:
        # a pile of one card shows it free, unless the stock deals more onto it (Matrimony)
        free = "all free"
    elif rules.pile_kind[first] == "tableau":
        free = "bottom cards free"
    else:
        free = "top cards free"
    if spec.turn_when is not None:   # Leprechaun's reserves
        free += f"; a face-down top card turns up only when {spec.turn_when.words}"
    beside = max(rules.groups[group], key=lambda p: len(rules.piles[p].beside))
    if rules.piles[beside].beside:   # gaps judged by their neighbours (Montana)
        takes = ", or ".join(rule.words("left" if q < beside else "right") for q, rule in rules.piles[beside].beside)
        start = rules.piles[first].empty
        start = "" if beside == first or start == "none" else \
            f"; a row's first place takes {'any card' if start == 'any' else cards.ranks_with_articles(start)}"
        return f"{free}; a gap takes {takes}{start}"
    if rules.group_specs[group].get("empty_from") == "neighbours" and spec.empty == "any":
        return f"{free}; a gap takes a card from a place next to it (not diagonally)"
    fill = rules.fill[first]
    if fill:
        count = f" with {rules.fill_cards[first]} cards" if rules.fill_cards[first] > 1 else ""
        gaps = f"gaps filled{count} from " + ", else ".join(fill_sources_words(rules, first))
        if spec.fill_when is not None:
            gaps += f" only when {spec.fill_when.words}"
        if rules.fill_replaces[first]:   # Knockout: not only a gap
            gaps = "each card played is replaced from " + ", else ".join(fill_sources_words(rules, first))
    elif spec.empty != "none":   # a reserve that takes a card once empty (Carthage)
        gaps = "a gap takes " + ({"any": "any card"}.get(spec.empty) or spec.empty_words())
        if spec.empty_when is not None:   # Miss Milligan: only once the stock is used up
            gaps += f" only when {spec.empty_when.words}"
    else:
        gaps = "gaps stay empty"
    if first in rules.stock_spec.close_up:
        gaps = "the stock closes up the gaps and fills them"
    return f"{free}; {gaps}"


def _titled(rules: Rules, group: str, table: Table, glyphs: Glyphs) -> RenderableType:
    """The group's title above its piles and its rule in a few words below."""
    title = Text(printable(rules.group_specs[group].get("title", group)), style="bold" if glyphs.colour else "")
    return Group(title, table, _dim(_caption(rules, group), glyphs))


COLUMN_WIDTH = 7   # a column of the tableau table: 4 for the card, padding 2, border 1


def _columns_table(position: Position, group: str, labels: PileLabels, glyphs: Glyphs,
                   width: int = 10_000) -> RenderableType:
    """A tableau: one column per pile, covered cards at the top, the free card last; as many
    tables one under another as the terminal's ``width`` needs (Black Hole's 17 fans at 80)."""
    rules = position.rules
    piles = rules.groups[group]
    per = max(1, (width - 1) // COLUMN_WIDTH)
    tables = [_columns_part(position, piles[i:i + per], labels, glyphs) for i in range(0, len(piles), per)]
    return _titled(rules, group, Group(*tables) if len(tables) > 1 else tables[0], glyphs)


def _columns_part(position: Position, piles: list[int], labels: PileLabels, glyphs: Glyphs) -> Table:
    rules = position.rules
    table = Table(box=glyphs.box, padding=(0, 1))
    for p in piles:
        table.add_column(Text(labels.label(p), style="dim" if glyphs.colour else ""), justify="center",
                         min_width=4, no_wrap=True)
    height = max([len(position.piles[p]) for p in piles] + [1])
    for row in range(height):
        cells = []
        for p in piles:
            pile = position.piles[p]
            if row < position.down[p] and position.is_face_down(p, row):
                cells.append(_dim(FACE_DOWN[glyphs.unicode], glyphs))
            elif row < len(pile):
                # a face-up card under a face-down one (Alternation) is seen but not free
                free = row >= position.down[p] and (row == len(pile) - 1 or rules.access[p] == ACCESS_ALL
                                                     or rules.piles[p].moves != "card")
                cells.append(card_text(pile[row], glyphs, "" if free else "dim"))
            else:
                cells.append(Text("--" if row == 0 else ""))
        table.add_row(*cells)
    return table


def _grid_table(position: Position, group: str, labels: PileLabels, glyphs: Glyphs,
                width: int = 10_000) -> RenderableType:
    """Places laid out as the sheet's grid, row by row in deal order; where that is wider than
    ``width``, a compact grid (:func:`_compact_grid`)."""
    rules = position.rules
    piles = rules.groups[group]
    spec = rules.group_specs[group]
    grid = spec.get("grid") or {}
    columns = int(grid.get("columns") or min(len(piles), 8))
    label = max(len(labels.label(p)) for p in piles)
    if columns * (label + 7) + 1 > width and all(len(position.piles[p]) <= 1 for p in piles):
        return _compact_grid(position, group, labels, glyphs, columns)
    table = Table(box=glyphs.box, show_header=False, padding=(0, 1))
    for _ in range(columns):
        table.add_column(min_width=7, no_wrap=True)
    for start in range(0, len(piles), columns):
        cells = []
        for p in piles[start:start + columns]:
            pile = position.piles[p]
            if not pile:
                cell = Text.assemble(_dim(labels.label(p) + " ", glyphs), "--")
            elif position.is_face_down(p, len(pile) - 1):   # a face-down pile: no card is shown
                cell = Text.assemble(_dim(labels.label(p) + " ", glyphs), _dim(FACE_DOWN[glyphs.unicode], glyphs))
                cell.append(f" {len(pile)} face down", style="dim" if glyphs.colour else "")
            else:
                cell = Text.assemble(_dim(labels.label(p) + " ", glyphs), card_text(pile[-1], glyphs))
                if len(pile) > 1:
                    hidden = f", {position.down[p]} face down" if position.down[p] else ""
                    cell.append(f" +{len(pile) - 1}{hidden}", style="dim" if glyphs.colour else "")
            cells.append(cell)
        cells += [Text("")] * (columns - len(cells))
        table.add_row(*cells)
    return _titled(rules, group, table, glyphs)


def _compact_grid(position: Position, group: str, labels: PileLabels, glyphs: Glyphs, columns: int) -> RenderableType:
    """A wide grid of single-card places (Montana's rows of 13 at 80 columns): each place shows its
    card alone, a gap its label (the place a card is moved to; cards are named by themselves)."""
    rules = position.rules
    piles = rules.groups[group]
    table = Table(box=glyphs.box, show_header=False, padding=(0, 0))
    for _ in range(columns):
        table.add_column(min_width=4, justify="right", no_wrap=True)
    for start in range(0, len(piles), columns):
        cells = []
        for p in piles[start:start + columns]:
            pile = position.piles[p]
            if not pile:
                cells.append(_dim(labels.label(p), glyphs))
            elif position.is_face_down(p, 0):
                cells.append(_dim(FACE_DOWN[glyphs.unicode], glyphs))
            else:
                cells.append(card_text(pile[-1], glyphs))
        cells += [Text("")] * (columns - len(cells))
        table.add_row(*cells)
    return _titled(rules, group, table, glyphs)


FACE_DOWN = {True: "\u2592\u2592", False: "##"}


def _layered_places(position: Position, group: str, labels: PileLabels, glyphs: Glyphs,
                    rows: list[list[tuple[int, float]]]) -> RenderableType:
    """Places laid over each other (a pyramid), row behind row, each place midway over the
    places covering it; a covered card is dimmed, a face-down one hidden."""
    rules = position.rules
    piles = rules.groups[group]
    width = max(len(labels.label(p)) for p in piles) + 5   # "p28 10♠" and a space
    lines = []
    for row in rows:
        line = Text()
        for p, x in row:
            line.append(" " * max(0, round(x * width) - line.cell_len))
            pile = position.piles[p]
            cell = Text.assemble(_dim(labels.label(p) + " ", glyphs))
            if not pile:
                cell.append("--" if glyphs.unicode is False else "\u00b7\u00b7")
            elif position.down[p] >= len(pile):
                cell.append_text(_dim(FACE_DOWN[glyphs.unicode], glyphs))
            else:
                cell.append_text(card_text(pile[-1], glyphs, "dim" if legal.is_covered(position, p) else ""))
                if len(pile) > 1:
                    cell.append(f"+{len(pile) - 1}", style="dim" if glyphs.colour else "")
            line.append_text(cell)
        lines.append(line)
    return _titled(rules, group, Group(*lines), glyphs)


def _stock_line(position: Position, labels: PileLabels, glyphs: Glyphs) -> Text:
    rules = position.rules
    stock = position.piles[rules.stock]
    line = Text()
    line.append(f"Stock ({labels.label(rules.stock)}) ", style="bold" if glyphs.colour else "")
    line.append(f"{len(stock)} card{'s' if len(stock) != 1 else ''}")
    if rules.stock_visible and stock:
        line.append(" (in hand: ")
        line.append_text(card_text(stock[-1], glyphs))
        line.append(")")
    elif rules.stock_face_up and stock:
        line.append(", top ")
        line.append_text(card_text(stock[-1], glyphs))
    if rules.stock_spec.deal_to:
        line.append(" (deals a row)")
    if rules.stock_spec.close_up:
        line.append(" (closes up the gaps, then fills them)")
    if rules.shows_waste:
        for w in rules.waste_piles:
            waste = position.piles[w]
            line.append("    ")
            line.append(f"{rules.waste_spec.get('title', 'Waste')} ({labels.label(w)}) ",
                        style="bold" if glyphs.colour else "")
            if waste:
                # Draw N: the last N cards fanned, the top one last (the only free one).
                shown = waste[-rules.draw:] if rules.draw > 1 and rules.access[w] != ACCESS_ALL else waste[-1:]
                for i, card in enumerate(shown):
                    if i:
                        line.append(" ")
                    line.append_text(card_text(card, glyphs, "" if i == len(shown) - 1 else "dim"))
                line.append(f" ({len(waste) - len(shown)} below)")
            else:
                line.append("empty")
    line.append("    ")
    if rules.redeals == float("inf"):
        line.append("Redeals unlimited")
    elif rules.redeals:
        line.append(f"Redeals left {position.redeals_left} of {rules.redeals}")
    elif rules.shows_waste:
        line.append("No redeal")
    if rules.stock_spec.deals_per_round:   # Knockout: the deals of this round
        line.append(f"    Deal {position.round_deals} of {rules.stock_spec.deals_per_round} this round")
    return line


def _side_by_side(parts: list[RenderableType], console: Console, width: int) -> RenderableType:
    """Lay ``parts`` out in one row when they fit the width, else one under another."""
    if len(parts) < 2:
        return Group(*parts)
    gap = 3
    needed = sum(Measurement.get(console, console.options, part).maximum for part in parts)
    if needed + gap * (len(parts) - 1) <= width:
        row = Table.grid(padding=(0, gap))
        for _ in parts:
            row.add_column(vertical="top")
        row.add_row(*parts)
        return row
    return Group(*parts)


def keys_text(labels: PileLabels, glyphs: Glyphs) -> str:
    """The reminder under the board, with this variant's own pile labels as examples."""
    rules = labels.rules
    examples = [labels.label(rules.groups[g][0]) for g in rules.group_specs if rules.groups[g]]
    if rules.has_stock and rules.shows_waste:
        examples.append(labels.label(rules.waste))
    dot = glyphs.dot
    move = f"play: 7h or {'/'.join(examples)}"
    if rules.receivers:
        move += f" {dot} move: {examples[0]} {examples[-1]}"
    turn = f" {dot} t turn" if rules.has_stock and (not rules.stock_spec.only_fills or rules.stock_spec.gather) else ""
    return (f"{move}{turn} {dot} u undo {dot} h hint {dot} "
            f"a auto {dot} save {dot} ? help {dot} q quit")


def board(position: Position, info: BoardInfo, glyphs: Glyphs, console: Console) -> RenderableType:
    """The whole layout of ``position`` as one rich renderable, laid out for ``console``."""
    rules = position.rules
    labels = PileLabels(rules)
    width = console.width
    title = Text(printable(rules.title), style="bold" if glyphs.colour else "")
    details = [info.deal] if info.deal else []
    if rules.params:
        details.append(rules.param_text())
    if details:
        title.append(f"  {glyphs.dot}  " + f"  {glyphs.dot}  ".join(details))
    status = [f"{info.moves} move{'s' if info.moves != 1 else ''}"]
    if info.seconds is not None:
        status.append(clock_text(info.seconds))
    status.append(f"autoplay {info.autoplay}")
    status.append(f"{position.on_foundations}/{rules.n_cards} up")
    status_text = Text(f" {glyphs.dot} ".join(status))
    if title.cell_len + 2 + status_text.cell_len <= width:
        header = Table.grid(expand=True)
        header.add_column(justify="left")
        header.add_column(justify="right")
        header.add_row(title, status_text)
    else:
        header = Group(title, status_text)

    parts: list[RenderableType] = [header, Text("")]
    parts.append(_side_by_side(_foundation_tables(position, labels, glyphs), console, width))
    layout = []
    for group, spec in rules.group_specs.items():
        # A tableau is always columns (its cards overlap down the column); anything else is
        # laid out as its grid, or as one row without a grid.
        rows = place_rows(rules, group)
        if rows is not None:
            layout.append(_layered_places(position, group, labels, glyphs, rows))
        elif rules.pile_kind[rules.groups[group][0]] == "tableau":
            layout.append(_columns_table(position, group, labels, glyphs, width))
        else:
            layout.append(_grid_table(position, group, labels, glyphs, width))
    if layout:
        parts.append(_side_by_side(layout, console, width))
    if rules.has_stock:
        parts.append(_stock_line(position, labels, glyphs))
    elif rules.stock_spec.gather and rules.redeals:   # a redeal of the layout, with no stock to show
        left = ("unlimited" if rules.redeals == float("inf") else
                f"left {position.redeals_left} of {rules.redeals}")
        parts.append(Text(f"Redeals {left} (type 'redeal')"))
    for message in info.messages:
        parts.append(Text(message))
    if info.keys:
        parts.append(_dim(info.keys, glyphs))
    return Group(*parts)


def board_text(position: Position, info: BoardInfo, width: int = 100, unicode: bool = True) -> str:
    """The board as plain text, exactly as a terminal ``width`` columns wide shows it
    without colour (for docs/play.md and tests); trailing spaces removed."""
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False,
                      legacy_windows=False, emoji=False, highlight=False, no_color=True)
    glyphs = Glyphs(unicode=unicode, colour=False)
    console.print(board(position, info, glyphs, console))
    text = console.file.getvalue()
    return "\n".join(line.rstrip() for line in text.splitlines()) + "\n"
