"""The board of the full-screen game as Textual widgets, laid out from the compiled rules.

One :class:`PileView` per pile draws it from the position (never from a variant's name):
a tableau or several waste piles as fanned columns (face-down cards as backs, a long run
of them as one back with a count), places and free cells as one line each, the
foundations with what they need next, the stock as a count and a single waste fanned to
the last ``draw`` cards. :func:`board_rows` groups the piles as ``ui/board.py`` does for
the line game and packs the groups into rows that fit 80 columns.
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.containers import Container, Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from patience_core.model import cards
from patience_core.model.legal import is_covered
from patience_core.model.position import Position
from patience_core.model.rules import Rules
from patience_core.ui.board import Glyphs, _caption
from patience_core.ui.commands import PileLabels
from patience_core.ui.geometry import place_rows
from patience_core.ui.picking import face_down

CELL = 5            # one card: a marker, the label right-aligned in 3, a marker
BOARD_WIDTH = 78    # groups share a row while they fit the narrowest screen (80 columns)
COMPRESS_DOWN = 3   # more face-down cards than this in a column are drawn as one back


@dataclass
class BoardState:
    """What every pile view reads when it draws: the position and the player's selection."""

    position: Position
    labels: PileLabels
    glyphs: Glyphs
    cursor: tuple[int, int] = (0, -1)          # (pile, card index; -1 = the top)
    picked: tuple[int, int] | None = None
    targets: set[int] = field(default_factory=set)


def _style(glyphs: Glyphs, colour: str, plain: str = "") -> str:
    return colour if glyphs.colour else plain


def card_cell(card: int | None, glyphs: Glyphs, *, down: bool = False, free: bool = True,
              cursor: bool = False, picked: bool = False) -> Text:
    """One card, ``CELL`` wide: ``[10♥]`` when picked, ``>7♣<`` under the cursor, ``░░░`` face down."""
    if down:
        label, style = ("\u2592\u2592\u2592" if glyphs.unicode else "###"), _style(glyphs, "blue")
    elif card is None:
        label, style = "--", _style(glyphs, "dim")
    else:
        label = cards.card_label(card, glyphs.unicode)
        red = cards.is_red(card)
        style = _style(glyphs, ("bold #b00000 on #f2f2f2" if red else "bold #101010 on #f2f2f2")
                       if free else ("#b07070 on #c8c8c8" if red else "#505050 on #c8c8c8"), "" if free else "dim")
    left, right = " ", " "
    if picked:
        left, right = "[", "]"
        style = _style(glyphs, "bold black on yellow", "bold reverse")
    elif cursor:
        left, right = (">", "<")
        style = f"{style} reverse" if style else "reverse"
    text = Text(left, style="bold" if (picked or cursor) else "")
    text.append(label.rjust(3), style=style)
    text.append(right, style="bold" if (picked or cursor) else "")
    return text


def needs_cell(position: Position, f: int, glyphs: Glyphs) -> Text:
    """What foundation ``f`` takes next in at most 5 columns: ``→7♥``, ``any 5``, ``9/J``, ``any``,
    ``run`` (Spider's whole suits), ``set`` (Simplex's four of a rank), ``full``."""
    rules = position.rules
    dim = _style(glyphs, "dim")
    wanted = position.wanted(f)
    if rules.f_spec[f].discard:
        return Text(f"{len(position.piles[f])} out", style=dim)
    if len(position.piles[f]) >= rules.f_length[f]:
        return Text("full", style=dim)
    if not wanted:
        return Text("run" if rules.f_spec[f].takes_run else "set" if rules.f_spec[f].takes_set else "--", style=dim)
    if len(wanted) == 1:
        return Text.assemble((glyphs.arrow[0] if glyphs.unicode else ">", dim),
                             cards.card_label(wanted[0], glyphs.unicode))
    ranks = list(dict.fromkeys(cards.RANKS[c % 13] for c in wanted))
    return Text("any " + ranks[0] if len(ranks) == 1 else "/".join(ranks) if len(ranks) == 2 else "any")


class Line(Widget):
    """A line of text (header, status) that repaints without a new layout when it changes."""

    def __init__(self, id: str) -> None:
        super().__init__(id=id)
        self.text = Text()

    def show(self, text: Text | str) -> None:
        text = Text(text) if isinstance(text, str) else text
        if text != self.text:
            self.text = text
            self.refresh()

    def render(self) -> Text:
        return self.text


class PileView(Widget):
    """One pile. Clicking posts :class:`PileView.Pressed`; dragging to another pile posts
    :class:`PileView.Dropped`."""

    class Pressed(Message):
        def __init__(self, pile: int, index: int) -> None:
            super().__init__()
            self.pile = pile
            self.index = index

    class Dropped(Message):
        def __init__(self, pile: int, index: int, target: int) -> None:
            super().__init__()
            self.pile = pile
            self.index = index
            self.target = target

    def __init__(self, pile: int, shape: str, state: BoardState, width: int) -> None:
        super().__init__(id=f"pile-{pile}", classes=f"pile {shape}")
        self.pile = pile
        self.shape = shape            # column | place | foundation | stock | fan
        self.state = state
        self.styles.width = width
        self.line_index: list[int] = []   # the card index each line shows (-1: the top)
        self._pressed_at: int | None = None
        self.drawing = self.draw()
        self.styles.height = self.drawing.plain.count("\n") + 1  # known: the layout need not measure

    # -- drawing ------------------------------------------------------------------------
    def draw(self) -> Text:
        lines = {"column": self._column, "place": self._place, "card": self._card, "slot": self._slot,
                 "foundation": self._foundation,
                 "stock": self._stock, "fan": self._fan}[self.shape]()
        return Text("\n").join(lines)

    def update(self) -> None:
        """Draw again; repaint only when the drawing changed (a key press touches few piles)."""
        drawing = self.draw()
        if drawing != self.drawing:
            lines = drawing.plain.count("\n") + 1
            self.drawing = drawing
            if lines != self.drawing_lines():
                self.styles.height = lines  # a new layout, which repaints it too
            else:
                self.refresh()

    def drawing_lines(self) -> int:
        return int(self.styles.height.value)

    def render(self) -> Text:
        return self.drawing

    def _label(self, extra: str = "") -> Text:
        state = self.state
        glyphs = state.glyphs
        label = state.labels.label(self.pile)
        target = self.pile in state.targets
        text = Text()
        text.append(label, style=_style(glyphs, "bold green", "bold") if target else _style(glyphs, "dim"))
        if target:
            text.append("\u2193" if glyphs.unicode else "v", style=_style(glyphs, "bold green", "bold"))
        if state.cursor[0] == self.pile and not self._has_cards():
            text.stylize("reverse")
        if extra:
            text.append(extra)
        return text

    def _has_cards(self) -> bool:
        return bool(self.state.position.piles[self.pile])

    def _marks(self, index: int, size: int) -> tuple[bool, bool]:
        state = self.state
        at = lambda sel: sel is not None and sel[0] == self.pile and (  # noqa: E731
            sel[1] == index or (sel[1] == -1 and index == size - 1))
        return at(state.cursor), at(state.picked)

    def _column(self) -> list[Text]:
        state = self.state
        position = state.position
        pile = position.piles[self.pile]
        down = face_down(position, self.pile)
        lines = [self._label()]
        self.line_index = [-1]
        if not pile:
            lines.append(card_cell(None, state.glyphs))
            self.line_index.append(-1)
            return lines
        start = 0
        if down > COMPRESS_DOWN and position.rules.face_pattern[self.pile] is None:
            mark = "\u2592" if state.glyphs.unicode else "#"
            lines.append(Text(f" {mark + str(down):>3} ", style=_style(state.glyphs, "blue")))
            self.line_index.append(down - 1)
            start = down
        top_only = position.rules.top_only[self.pile]
        for index in range(start, len(pile)):
            cursor, picked = self._marks(index, len(pile))
            free = index >= down and (not top_only or index == len(pile) - 1)
            lines.append(card_cell(pile[index], state.glyphs, down=position.is_face_down(self.pile, index), free=free,
                                   cursor=cursor, picked=picked))
            self.line_index.append(index)
        return lines

    def _place(self) -> list[Text]:
        state = self.state
        pile = state.position.piles[self.pile]
        label = self._label()
        width = len(max((state.labels.label(p) for p in state.position.rules.groups[
            state.position.rules.pile_group[self.pile]]), key=len))
        label.pad_right(max(0, width - label.cell_len) + 1)
        if pile:
            cursor, picked = self._marks(len(pile) - 1, len(pile))
            position = state.position
            label.append_text(card_cell(pile[-1], state.glyphs, cursor=cursor, picked=picked,
                                        down=position.down[self.pile] >= len(pile),
                                        free=not is_covered(position, self.pile)))
            if len(pile) > 1:
                label.append(f"+{len(pile) - 1}", style=_style(state.glyphs, "dim"))
        else:
            label.append_text(card_cell(None, state.glyphs))
        self.line_index = [-1]
        return [label]

    def _card(self) -> list[Text]:
        """A place of a figure too wide for labels (TriPeaks): the card alone; the status line
        names the place under the cursor."""
        state = self.state
        position = state.position
        pile = position.piles[self.pile]
        self.line_index = [-1]
        if not pile:
            return [card_cell(None, state.glyphs, cursor=state.cursor[0] == self.pile)]
        cursor, picked = self._marks(len(pile) - 1, len(pile))
        return [card_cell(pile[-1], state.glyphs, cursor=cursor, picked=picked,
                          down=position.down[self.pile] >= len(pile),
                          free=not is_covered(position, self.pile))]

    def _slot(self) -> list[Text]:
        """A place of a grid too wide for labels (Montana's rows of 13): the card alone, or, for a
        gap, its label (green when the picked card may go there)."""
        state = self.state
        pile = state.position.piles[self.pile]
        if pile:
            return self._card()
        self.line_index = [-1]
        label = state.labels.label(self.pile)[-4:]
        target = self.pile in state.targets
        text = Text(label.rjust(CELL - 1) + " ", style=_style(state.glyphs, "bold green", "bold") if target
                    else _style(state.glyphs, "dim"))
        if state.cursor[0] == self.pile:
            text.stylize("reverse")
        return [text]

    def _foundation(self) -> list[Text]:
        state = self.state
        position = state.position
        pile = position.piles[self.pile]
        cursor, picked = self._marks(len(pile) - 1, len(pile)) if pile else (False, False)
        needs = needs_cell(position, self.pile, state.glyphs)
        self.line_index = [-1, -1, -1]
        return [self._label(), card_cell(pile[-1] if pile else None, state.glyphs, cursor=cursor, picked=picked),
                needs]

    def _stock(self) -> list[Text]:
        state = self.state
        position = state.position
        size = len(position.piles[self.pile])
        cursor = state.cursor[0] == self.pile
        picked = state.picked is not None and state.picked[0] == self.pile
        top = position.piles[self.pile][-1] if size and position.rules.stock_face_up else None
        back = card_cell(top, state.glyphs, down=bool(size) and top is None, cursor=cursor, picked=picked)
        count = Text(f"{size:>3}", style="bold" if state.glyphs.colour else "")
        rules = position.rules
        if rules.redeals:
            again = "\u21bb" if state.glyphs.unicode else "r"
            left = position.redeals_left
            if left == float("inf"):
                left = "\u221e" if state.glyphs.unicode else "*"
            count.append(f" {again}{left}", style=_style(state.glyphs, "dim"))
        self.line_index = [-1, -1, -1]
        return [self._label(), back, count]

    def _fan(self) -> list[Text]:
        """A single waste pile: its last ``draw`` cards side by side, the top (free) one last."""
        state = self.state
        position = state.position
        pile = position.piles[self.pile]
        shown = pile[-position.rules.draw:]
        row = Text()
        if not shown:
            row.append_text(card_cell(None, state.glyphs))
        for n, card in enumerate(shown):
            top = n == len(shown) - 1
            cursor, picked = self._marks(len(pile) - 1, len(pile)) if top else (False, False)
            row.append_text(card_cell(card, state.glyphs, free=top, cursor=cursor, picked=picked))
        below = len(pile) - len(shown)
        self.line_index = [-1, -1, -1]
        return [self._label(), row, Text(f"+{below}" if below else "", style=_style(state.glyphs, "dim"))]

    # -- the mouse ----------------------------------------------------------------------
    def _index_at(self, y: int) -> int:
        if self.shape == "column" and 0 <= y < len(self.line_index):
            return self.line_index[y]
        return -1

    def on_mouse_down(self, event: events.MouseDown) -> None:
        self._pressed_at = self._index_at(event.y)
        self.capture_mouse()

    def on_mouse_up(self, event: events.MouseUp) -> None:
        self.release_mouse()
        index, self._pressed_at = self._pressed_at, None
        if index is None:
            return
        under, _ = self.screen.get_widget_at(event.screen_x, event.screen_y)
        if isinstance(under, PileView) and under is not self:
            self.post_message(self.Dropped(self.pile, index, under.pile))
        elif under is self:
            self.post_message(self.Pressed(self.pile, self._index_at(event.y)))


def pile_shapes(rules: Rules) -> dict[int, str]:
    """How each pile is drawn, from its kind (tableau, reserve, cell, stock, waste, foundation)."""
    wastes = rules.waste_piles
    shapes = {}
    for p, kind in enumerate(rules.pile_kind):
        if kind == "tableau":
            shapes[p] = "column"
        elif kind == "foundation":
            shapes[p] = "foundation"
        elif kind == "stock":
            shapes[p] = "stock"
        elif kind == "waste":
            shapes[p] = "fan" if len(wastes) == 1 else "column"
        else:
            shapes[p] = "place"
    # A figure of places over each other (TriPeaks' ten-card front row) drawn with labels
    # would not fit 80 columns: its places show the card alone.
    for group in rules.group_specs:
        rows = place_rows(rules, group)
        if rows is not None:
            piles = rules.groups[group]
            label = len(piles[-1:] and f"{group[:2]}{len(piles)}")
            widest = max(x for row in rows for _p, x in row) + 1
            if widest * (label + 1 + CELL + 1) > BOARD_WIDTH:
                for p in piles:
                    shapes[p] = "card"
            continue
        piles = rules.groups[group]
        columns = int((rules.group_specs[group].get("grid") or {}).get("columns") or 0)
        if rules.pile_kind[piles[0]] != "tableau" and columns * (pile_width(rules, PileLabels(rules), piles[0],
                                                                            "place") + 1) > BOARD_WIDTH:
            for p in piles:   # a grid too wide for labels (Montana's rows of 13)
                shapes[p] = "slot"
    return shapes


def pile_width(rules: Rules, labels: PileLabels, pile: int, shape: str) -> int:
    if shape in ("card", "slot"):
        return CELL
    if shape == "place":
        group = rules.groups[rules.pile_group[pile]]
        label = max(len(labels.label(p)) for p in group)
        stacked = int(rules.group_specs.get(rules.pile_group[pile], {}).get("cards", 1)) > 1
        return label + 1 + CELL + (3 if stacked else 0)
    if shape == "fan":
        return max(CELL * rules.draw, 5)
    if shape == "stock":
        return 7 if rules.redeals else CELL
    return CELL


@dataclass
class GroupPlan:
    """One titled group of piles: its rows of piles, a caption, and its width."""

    title: str
    rows: list[list[int]]
    caption: str = ""
    width: int = 0
    indents: list[list[int]] | None = None   # per row, the blank columns before each pile


def group_plans(rules: Rules, labels: PileLabels) -> tuple[list[GroupPlan], list[GroupPlan]]:
    """The foundation groups, and the layout groups followed by stock and waste."""
    shapes = pile_shapes(rules)

    def measure(plan: GroupPlan) -> GroupPlan:
        indents = plan.indents or [[0] * len(row) for row in plan.rows]
        widest = max((sum(pile_width(rules, labels, p, shapes[p]) + (shapes[p] != "slot") + gap
                          for p, gap in zip(row, gaps))
                      for row, gaps in zip(plan.rows, indents)), default=0)
        plan.width = max(widest, len(plan.title))
        return plan

    foundations = []
    for group, spec in rules.foundation_specs.items():
        piles = rules.groups[f"foundation:{group}"]
        rows = [piles[i:i + 12] for i in range(0, len(piles), 12)]
        foundations.append(measure(GroupPlan(spec.get("title", group), rows)))
    layout = []
    for group, spec in rules.group_specs.items():
        piles = rules.groups[group]
        layered = place_rows(rules, group)
        if layered is not None:   # places over each other: each midway over those covering it
            step = pile_width(rules, labels, piles[0], shapes[piles[0]]) + 1
            indents = []
            for row in layered:
                at, gaps = 0, []
                for _p, x in row:
                    gaps.append(max(0, round(x * step) - at))
                    at += gaps[-1] + step
                indents.append(gaps)
            layout.append(measure(GroupPlan(spec.get("title", group), [[p for p, _x in row] for row in layered],
                                            _caption(rules, group), indents=indents)))
            continue
        if rules.pile_kind[piles[0]] == "tableau":   # columns side by side, in rows that fit
            per = max(1, BOARD_WIDTH // (pile_width(rules, labels, piles[0], shapes[piles[0]]) + 1))
            rows = [piles[i:i + per] for i in range(0, len(piles), per)]
        else:
            grid = spec.get("grid") or {}
            columns = int(grid.get("columns") or min(len(piles), 8))
            rows = [piles[i:i + columns] for i in range(0, len(piles), columns)]
        layout.append(measure(GroupPlan(spec.get("title", group), rows, _caption(rules, group))))
    if rules.stock_cards or rules.redeals:  # FreeCell's stock is never used
        # A stock that deals to the layout (Spider) never turns a card onto a waste: no waste is drawn.
        wastes = rules.waste_piles if rules.shows_waste else []
        layout.append(measure(GroupPlan("Stock", [[rules.stock] + wastes])))
    return foundations, layout


def pack_rows(plans: list[GroupPlan], width: int = BOARD_WIDTH, gap: int = 1) -> list[list[GroupPlan]]:
    """Groups side by side while they fit ``width``, in their order."""
    rows: list[list[GroupPlan]] = []
    used = 0
    for plan in plans:
        if rows and used + gap + plan.width <= width:
            rows[-1].append(plan)
            used += gap + plan.width
        else:
            rows.append([plan])
            used = plan.width
    return rows


def build_board(state: BoardState) -> tuple[list[Widget], dict[int, PileView]]:
    """The board's rows of groups, and the pile views by pile number."""
    rules = state.position.rules
    labels = state.labels
    shapes = pile_shapes(rules)
    views: dict[int, PileView] = {}
    foundations, layout = group_plans(rules, labels)
    rows: list[Widget] = []
    for row in pack_rows(foundations) + pack_rows(layout):
        groups = []
        for plan in row:
            parts: list[Widget] = [Static(Text(plan.title, style="bold" if state.glyphs.colour else ""),
                                          classes="group-title")]
            for r, piles in enumerate(plan.rows):
                line = []
                for i, p in enumerate(piles):
                    gap = plan.indents[r][i] if plan.indents else 0
                    if gap:
                        spacer = Static("", classes="indent")
                        spacer.styles.width = gap
                        line.append(spacer)
                    views[p] = PileView(p, shapes[p], state, pile_width(rules, labels, p, shapes[p]))
                    line.append(views[p])
                parts.append(Horizontal(*line, classes="pile-row"))
            if plan.caption:
                caption = Static(Text(plan.caption, style="dim" if state.glyphs.colour else ""),
                                 classes="caption")
                caption.styles.width = plan.width
                caption.styles.height = len(textwrap.wrap(plan.caption, plan.width))  # not measured at each layout
                parts.append(caption)
            group = Container(*parts, classes="group")
            group.styles.width = plan.width
            groups.append(group)
        rows.append(Horizontal(*groups, classes="board-row"))
    return rows, views
