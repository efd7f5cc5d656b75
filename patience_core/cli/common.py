"""Options and helpers shared by the commands."""
from __future__ import annotations

import json
import sys
from typing import Any, Optional

import typer

from patience_core.model.game import GameSpec
from patience_core.variants.loader import parse_param_options

VariantArg = typer.Argument(None, help="Variant name or alias (see `patience list`).", show_default=False)
FileOpt = typer.Option(None, "--file", "-f", help="Play a variant from this YAML file instead.")
ParamOpt = typer.Option(None, "--param", "-p", help="A parameter value, K=V (repeatable).")
SeedOpt = typer.Option(None, "--seed", "-s", help="Deal number (reproducible on any machine).")
PackOpt = typer.Option(None, "--pack", help="A file with the shuffled pack, top card first.")
JsonOpt = typer.Option(False, "--json", help="Print JSON only.")


def game_spec(variant: Optional[str], file: Optional[str], params: Optional[list[str]],
              seed: Optional[int], pack: Optional[str]):
    """Build the game from the common options; returns (spec, rules)."""
    if variant and file:
        raise typer.BadParameter("give a variant name or --file, not both")
    if not variant and not file:
        raise typer.BadParameter("missing VARIANT (or --file FILE); see `patience list`")
    if seed is not None and pack is not None:
        raise typer.BadParameter("give --seed or --pack, not both")
    spec = GameSpec(variant=variant, params=parse_param_options(params), seed=seed, file=file)
    rules = spec.compile()
    if pack is not None:
        spec.load_pack_file(pack, rules)
    return spec, rules


def print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
