"""`patience play`: scripted play (moves from a file, or a policy) and the interactive game."""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import List, Optional

import typer

from patience_core.errors import MoveError
from patience_core.plugins.hooks import announce_game
from patience_core.model.notation import apply_json_moves, moves_to_json, parse_moves_text
from patience_core.agents.policies import play_naive
from patience_core.storage.userdata import read_limited
from patience_core.ui.render import position_text, printable
from patience_core.ui.terminal import full_screen_possible, why_not_full_screen
from patience_core.cli.common import (DealOpt, FileOpt, JsonOpt, PackOpt, ParamOpt, SeedOpt, VariantArg, game_spec,
                                      print_json, stop_signals_as_ctrl_c)

POLICIES = ("naive",)


def read_moves_source(source: str) -> list:
    if source == "-":
        if sys.stdin is None:
            raise MoveError("--moves -: standard input is closed; give the moves on it or name a file")
        try:
            text = sys.stdin.read()
        except (OSError, UnicodeDecodeError) as exc:
            raise MoveError(f"--moves -: cannot read moves from standard input: "
                            f"{getattr(exc, 'strerror', None) or exc}") from None
        return parse_moves_text(text, "<stdin>")
    try:
        text = read_limited(Path(source))  # bounded, and a named pipe is refused, not waited on
    except (OSError, ValueError) as exc:
        raise MoveError(f"{source}: cannot read moves: {getattr(exc, 'strerror', None) or exc}") from None
    return parse_moves_text(text, source)


def _why_line(asked: bool) -> str:
    """Said once when the line game opens though the full screen was not asked away: why."""
    return "" if asked else why_not_full_screen()


def play(
    variant: Optional[str] = VariantArg,
    file: Optional[str] = FileOpt,
    params: Optional[List[str]] = ParamOpt,
    seed: Optional[int] = SeedOpt,
    pack: Optional[str] = PackOpt,
    deal: Optional[str] = DealOpt,
    moves: Optional[str] = typer.Option(None, "--moves", help="Apply these moves (file or - for stdin) and print the result."),
    policy: Optional[str] = typer.Option(None, "--policy", help="Let a policy play the whole game: naive."),
    as_json: bool = JsonOpt,
    resume: Optional[str] = typer.Option(None, "--resume", metavar="FILE",
                                         help="Go on with a game saved with `save` in the interactive game."),
    line: bool = typer.Option(False, "--line", help="Play with typed commands under a redrawn board, "
                                                    "not full-screen."),
) -> None:
    """Play a game: interactively in the terminal, or scripted with --moves / --policy. Without
    a game name, on a terminal, a chooser lists the games to search as you type."""
    if resume is not None:
        given = [name for name, value in (("VARIANT", variant), ("--file", file), ("--param", params),
                                          ("--seed", seed), ("--pack", pack), ("--moves", moves),
                                          ("--policy", policy), ("--json", as_json))
                 if value not in (None, False, [])]
        if given:
            raise typer.BadParameter(f"--resume takes the game from the save file; do not give {', '.join(given)}")
        from patience_core.ui.interactive import resume_interactive

        if not line and full_screen_possible():
            from patience_core.ui.app import resume_app  # the full-screen game (textual)

            resume_app(resume)  # it handles SIGTERM and SIGHUP in its own event loop
        else:
            with stop_signals_as_ctrl_c():
                resume_interactive(resume, why_line=_why_line(line))
        return
    if moves is not None and policy is not None:
        raise typer.BadParameter("give --moves or --policy, not both")
    if policy is not None and policy not in POLICIES:
        raise typer.BadParameter(f"unknown policy {policy!r}; expected one of {', '.join(POLICIES)}")
    if (variant is None and file is None and moves is None and policy is None and not as_json
            and not line and full_screen_possible()):
        from patience_core.ui.chooser import choose_game  # no game named: choose one (textual)

        variant = choose_game()
        if variant is None:
            return   # the player left the chooser
    if seed is None and pack is None and deal is None:
        seed = random.SystemRandom().randint(1, 10**9)
    spec, rules = game_spec(variant, file, params, seed, pack, deal)
    position = spec.start(rules)
    if moves is None and policy is None:
        from patience_core.ui.interactive import run_interactive  # the terminal game (rich)

        if not line and full_screen_possible():
            from patience_core.ui.app import run_app  # the full-screen game (textual)

            run_app(spec, rules, position)
        else:
            with stop_signals_as_ctrl_c():
                run_interactive(spec, rules, position, why_line=_why_line(line))
        return
    played: list = []
    if moves is not None:
        played = apply_json_moves(position, read_moves_source(moves))
    else:
        play_naive(position, played)
    announce_game(rules, spec.start(rules), played, spec.to_json(rules))  # plugins observing games
    status = position.status()
    if as_json:
        print_json({"variant": rules.name, "game": spec.to_json(rules), "status": status,
                    "on_foundations": position.on_foundations, "cards": rules.n_cards,
                    "moves": moves_to_json(rules, played, spec.start(rules))})
        return
    print(f"{printable(spec.describe(rules))}: {status}, {position.on_foundations} of {rules.n_cards} "
          f"cards on the foundations after {len(played)} moves")
    print(position_text(position))
