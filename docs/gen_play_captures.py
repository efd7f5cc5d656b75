"""Regenerate the generated parts of docs/play.md: the commands table and the board captures.

    python docs/gen_play_captures.py          # rewrite docs/play.md in place
    python docs/gen_play_captures.py --check  # exit 1 if docs/play.md is stale (the test does this)

Each capture is the board exactly as the game draws it on a terminal 100 columns wide
without colour, for the games in CAPTURED: deal 1 with the variant's default
parameters, after the first 10 moves of the naive policy (so the waste and the
foundations show something); only the clock is fixed. The commands table comes from ``patience_core.ui.commands.HELP``,
the list the game's ``?`` shows.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from patience_core import deal_seed
from patience_core.agents.autoplay import default_mode, play_automatic
from patience_core.ui.board import BoardInfo, Glyphs, board_text, keys_text
from patience_core.variants.catalog import build_registry, compile_variant
from patience_core.ui.commands import HELP, PileLabels
from patience_core.agents.policies import naive_move

PLAY_MD = Path(__file__).resolve().parent / "play.md"
WIDTH = 100
SEED = 1
MOVES = 10
CLOCK = 95.0  # the clock of a capture is fixed (1:35) so the page does not change on every run
# The four games of the first rule sheets, and the game that gives each catalogue family its name:
# one board of each kind, not all of the catalogue's hundreds.
CAPTURED = ("royal-cotillion", "gavotte", "odd-and-even", "contradance", "bakers-game", "calculation",
            "sir-tommy", "bakers-dozen", "beleaguered-castle", "canfield", "fan", "forty-thieves",
            "freecell", "golf", "gypsy", "klondike", "raglan", "spider", "yukon")


def commands_table() -> str:
    lines = ["| type | what it does |", "|---|---|"]
    for words, what in HELP:
        forms = [w.strip() for w in words.split("  ") if w.strip()]
        shown = ", ".join("Enter (empty line)" if w == "(Enter)" else f"`{w}`" for w in forms)
        lines.append(f"| {shown.replace('|', '&#124;')} | {what.replace('|', '&#124;')} |")
    return "\n".join(lines) + "\n"


def captures() -> str:
    parts = []
    registry = build_registry()
    for name in sorted(CAPTURED, key=lambda n: registry.get(n).title):
        source = registry.get(name)
        rules = compile_variant(source, {})
        position = deal_seed(rules, SEED)
        played = 0
        for _ in range(MOVES):
            move = naive_move(position)
            if move is None:
                break
            position.apply(move)
            played += 1
        # A variant with automatic play would already have played what fits.
        played += len(play_automatic(position, default_mode(rules)))
        info = BoardInfo(deal=f"deal {SEED}", moves=played, seconds=CLOCK, autoplay=default_mode(rules),
                         keys=keys_text(PileLabels(rules), Glyphs(unicode=True, colour=False)))
        parts.append(f"### {rules.title}\n\n`patience play {rules.name} --seed {SEED}`, after {played} moves:\n\n"
                     f"```text\n{board_text(position, info, width=WIDTH)}```\n")
    return "\n".join(parts)


def replace_between(text: str, name: str, body: str) -> str:
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    if start not in text or end not in text:
        raise SystemExit(f"{PLAY_MD}: missing the markers {start} ... {end}")
    head, rest = text.split(start, 1)
    _old, tail = rest.split(end, 1)
    return f"{head}{start}\n{body}{end}{tail}"


def render(text: str) -> str:
    text = replace_between(text, "commands", commands_table())
    return replace_between(text, "captures", captures())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that docs/play.md is up to date")
    args = parser.parse_args(argv)
    current = PLAY_MD.read_text(encoding="utf-8")
    fresh = render(current)
    if args.check:
        if fresh != current:
            print(f"{PLAY_MD} is stale: run python docs/gen_play_captures.py", file=sys.stderr)
            return 1
        return 0
    if fresh != current:
        PLAY_MD.write_text(fresh, encoding="utf-8")
        print(f"updated {PLAY_MD}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
