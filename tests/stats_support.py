"""Helpers the `patience stats` tests share: the command in a subprocess, its figures, results files."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATIENCE = str(Path(sys.executable).parent / "patience")
FIGURES = ("won", "lost", "unknown", "deals", "interval")


def run_cli(*args: str, cwd: Path = ROOT, timeout: float = 180) -> subprocess.CompletedProcess:
    return subprocess.run([PATIENCE, *args], capture_output=True, text=True, timeout=timeout, cwd=cwd)


def figures(result: subprocess.CompletedProcess) -> dict:
    """What a ``--json`` run found (not how long it took, nor where)."""
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    return {k: data[k] for k in FIGURES}


def line_count(path: Path) -> int:
    """Complete lines of a results file so far (0 before it exists)."""
    try:
        return path.read_text(encoding="utf-8").count("\n")
    except FileNotFoundError:
        return 0


def deal_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def choose_fill_plugin(variant: str) -> str:
    """A plugin file registering ``variant`` (Royal Cotillion, the right wing's gaps filled by choice)."""
    return f'''
from patience_core.plugins.hooks import hookimpl
from patience_core.model.rules import FillRule

@hookimpl
def patience_register_variants(register):
    register({{"name": "{variant}", "extends": "royal-cotillion",
              "title": "Royal Cotillion, gaps filled by choice (test plugin)"}})

@hookimpl
def patience_filler(rules):
    if rules.name != "{variant}":
        return None
    return {{"right": FillRule(("waste", "stock"), chosen_by="player")}}
'''
