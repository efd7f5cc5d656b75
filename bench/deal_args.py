"""Command-line pieces the solver benchmarks share: a variant with its parameters and a
range of seeds, read the same way and refused with one line (exit 2) when wrong."""
from __future__ import annotations

import argparse

from patience_core import load_rules
from patience_core.errors import PatienceError
from patience_core.variants.loader import parse_param_options


def deal_parser(doc: str, deals: int) -> argparse.ArgumentParser:
    """A parser with the variant, ``--param``, ``--start`` and ``--deals``."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("--param", "-p", action="append", default=[], help="K=V (repeatable)")
    parser.add_argument("--start", type=int, default=1)
    parser.add_argument("--deals", type=int, default=deals)
    return parser


def load_variant(parser: argparse.ArgumentParser, args: argparse.Namespace):
    """The compiled rules of ``args.variant`` with ``args.param``, or the parser's error."""
    try:
        return load_rules(args.variant, parse_param_options(args.param))
    except PatienceError as exc:
        parser.error(str(exc))


def numbers(what: str):
    """An argparse type for comma-separated whole numbers (``what`` names them in errors)."""
    def parse(text: str) -> list[int]:
        try:
            return [int(part) for part in text.split(",")]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: expected {what} separated by commas") from None
    return parse
