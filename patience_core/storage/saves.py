"""Saved games: write one atomically, read one back exactly, refuse anything else clearly.

A save is a JSON object::

    {"format": "patience-save", "version": 1,
     "game": {"variant": "royal-cotillion", "params": {"bases": "found"}, "seed": 3},
     "moves": [{"card": "AH", "from": "left:2", "to": "foundation:3"}, ...],
     "steps": [1, 1, 3, ...],
     "undo_position": 2,
     "autoplay": "off", "elapsed_seconds": 81.5, "saved": "2026-11-30T20:15:00+00:00"}

``game`` is what deals the game again (``seed`` or ``pack``, and ``file`` for a variant
file under development). ``moves`` lists every move in the JSON move form, including
moves that were undone and can still be redone; ``steps`` groups them into what one
command did (a move and its automatic plays); the first ``undo_position`` steps are
on the board, the rest are the redo list, next redo first.
"""
from __future__ import annotations

import json
import re
import stat
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from patience_core.agents.autoplay import MODES
from patience_core.errors import MoveError, PatienceError, SaveError
from patience_core.model.game import GameSpec
from patience_core.variants.loader import parameter_text
from patience_core.model.notation import move_from_json, moves_to_json
from patience_core.model.rules import Rules
from patience_core.ui.session import Session
from patience_core.storage.userdata import BadJSON, data_dir, parse_json, read_limited, write_atomically

FORMAT = "patience-save"
VERSION = 1


def default_save_path(spec: GameSpec, rules: Rules) -> Path:
    """``<data dir>/saves/<variant>[-<changed params>]-deal<N>.json`` (one save per deal)."""
    defaults = {k: parameter_text(v) for k, v in rules.source.defaults().items()}
    changed = [f"{k}{parameter_text(v)}" for k, v in rules.params.items()
               if defaults.get(k) != parameter_text(v)]
    deal = f"deal{spec.seed}" if spec.seed is not None else "pack"
    stem = "-".join([rules.name] + changed + [deal])
    return data_dir() / "saves" / (re.sub(r"[^A-Za-z0-9,._-]", "_", stem) + ".json")


def save_document(session: Session) -> dict[str, Any]:
    rules = session.rules
    future = list(reversed(session.redo_steps))
    steps = session.steps + future
    game = session.spec.to_json(rules)
    if game.get("file"):
        game["file"] = str(Path(game["file"]).resolve())
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "moves": moves_to_json(rules, [m for step in steps for m in step]),
        "steps": [len(step) for step in steps],
        "undo_position": len(session.steps),
        "autoplay": session.autoplay,
        "elapsed_seconds": round(session.elapsed(), 3),
        "saved": datetime.now(timezone.utc).isoformat(timespec="seconds"),
    }


class ReplaceRefused(SaveError):
    """The save would replace something that is not a save of this program."""


def save_game(session: Session, path: str | Path | None = None, replace: bool = False) -> Path:
    """Write the game to ``path`` (default: :func:`default_save_path`) atomically. What is
    at ``path`` already is replaced only when it is a save of this program, or when
    ``replace`` (the player confirmed); otherwise :class:`ReplaceRefused` says what is there."""
    target = Path(path).expanduser() if path else default_save_path(session.spec, session.rules)
    if target.is_dir():
        raise SaveError(f"{target}: is a folder; give a file name to save to")
    if not replace:
        what = _not_a_save(target)
        if what:
            raise ReplaceRefused(f"{target}: {what}; saving would replace it")
    text = json.dumps(save_document(session), indent=1, ensure_ascii=False) + "\n"
    write_atomically(target, text)
    session.mark_saved()
    return target


def _not_a_save(target: Path) -> str | None:
    """What is at ``target`` when it is something other than nothing or a save of this
    program: a symbolic link, a device, another file."""
    try:
        mode = target.lstat().st_mode
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"cannot be checked ({exc.strerror or exc})"
    if stat.S_ISLNK(mode):
        return "is a symbolic link"
    if not stat.S_ISREG(mode):
        return "is a device or other special file, not a saved game"
    try:
        data = parse_json(read_limited(target))
    except (OSError, UnicodeDecodeError, ValueError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        return "is a file that is not a patience save"
    return None


def _field(data: dict, key: str, kinds: tuple, where: str, expected: str) -> Any:
    value = data.get(key)
    if not isinstance(value, kinds) or isinstance(value, bool) and bool not in kinds:
        found = "nothing" if key not in data else f"{json.dumps(value)[:40]}"
        raise SaveError(f"{where}: field {key!r}: found {found}, expected {expected}")
    return value


def read_save(path: str | Path) -> dict[str, Any]:
    """The checked JSON document of a save file; :class:`SaveError` for anything else."""
    where = str(path)
    try:
        text = read_limited(Path(path).expanduser())
    except FileNotFoundError:
        raise SaveError(f"{where}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{where}: is a folder, not a saved game") from None
    except UnicodeDecodeError:
        raise SaveError(f"{where}: not a patience save (not a UTF-8 text file)") from None
    except OSError as exc:
        raise SaveError(f"{where}: cannot read: {exc.strerror or exc}") from None
    except BadJSON as exc:
        raise SaveError(f"{where}: not a patience save ({exc.reason})") from None
    try:
        data = parse_json(text)
    except BadJSON as exc:
        raise SaveError(f"{exc.at(where)}: not a patience save ({exc.reason})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a patience save (expected \"format\": \"{FORMAT}\")")
    version = _field(data, "version", (int,), where, "a format version number")
    if version > VERSION:
        raise SaveError(f"{where}: saved in format version {version} by a newer patience; "
                        f"this one reads version {VERSION}")
    if version < 1:
        raise SaveError(f"{where}: field 'version': found {version}, expected 1..{VERSION}")
    game = _field(data, "game", (dict,), where, "an object with variant, params, seed or pack")
    _field(game, "variant", (str,), f"{where}: game", "the variant name")
    params = game.get("params", {})
    if not isinstance(params, dict) or not all(isinstance(v, str) for v in params.values()):
        raise SaveError(f"{where}: game: field 'params': expected an object of K: V strings")
    if sum(k in game for k in ("seed", "pack", "deal")) != 1:
        raise SaveError(f"{where}: game: expected exactly one of 'seed', 'deal' or 'pack'")
    if "deal" in game:
        from patience_core.model.deal_numbers import parse_deal

        try:
            parse_deal(str(_field(game, "deal", (str,), f"{where}: game", "a deal number like ms:11982")))
        except PatienceError as exc:
            raise SaveError(f"{where}: game: {exc}") from None
    if "seed" in game:
        from patience_core.cli.common import MAX_SEED  # the range --seed accepts

        if not 0 <= _field(game, "seed", (int,), f"{where}: game", "a deal number") <= MAX_SEED:
            raise SaveError(f"{where}: game: field 'seed': found {game['seed']}, expected a deal number "
                            f">= 0, at most {MAX_SEED} (the range --seed accepts)")
    elif "pack" in game:
        pack = game["pack"]
        if not isinstance(pack, list) or not all(isinstance(c, str) for c in pack):
            raise SaveError(f"{where}: game: field 'pack': expected a list of card names")
    if "file" in game:
        _field(game, "file", (str,), f"{where}: game", "the path of a variant file")
    moves = _field(data, "moves", (list,), where, "a list of moves")
    steps = _field(data, "steps", (list,), where, "a list of step sizes")
    if not all(isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in steps) \
            or sum(steps) != len(moves):
        raise SaveError(f"{where}: field 'steps': expected positive sizes adding up to the "
                        f"{len(moves)} moves")
    position = _field(data, "undo_position", (int,), where, "a step number")
    if not 0 <= position <= len(steps):
        raise SaveError(f"{where}: field 'undo_position': found {position}, expected 0..{len(steps)}")
    elapsed = data.get("elapsed_seconds", 0)
    if not isinstance(elapsed, (int, float)) or isinstance(elapsed, bool) or elapsed < 0:
        raise SaveError(f"{where}: field 'elapsed_seconds': expected a number of seconds >= 0")
    if data.get("autoplay", "off") not in MODES:
        raise SaveError(f"{where}: field 'autoplay': expected one of {', '.join(MODES)}")
    return data


def load_game(path: str | Path) -> Session:
    """The saved game, on the board exactly as saved, with its undo and redo lists."""
    where = str(path)
    data = read_save(path)
    game = data["game"]
    spec = GameSpec(variant=game["variant"], params=dict(game.get("params", {})),
                    seed=game.get("seed"), pack=game.get("pack"), file=game.get("file"), deal=game.get("deal"))
    try:
        rules = spec.compile()
        position = spec.start(rules)
    except PatienceError as exc:
        raise SaveError(f"{where}: cannot deal the saved game again: {exc}") from None
    session = Session(spec, rules, position, autoplay=data.get("autoplay"),
                      elapsed=float(data.get("elapsed_seconds", 0)))
    items = iter(enumerate(data["moves"], start=1))
    for size in data["steps"]:
        step = []
        for _ in range(size):
            number, item = next(items)
            try:
                move = move_from_json(position, item, number)
            except MoveError as exc:
                raise SaveError(f"{where}: {exc}; the moves do not fit this deal "
                                f"(the file is damaged or the variant changed)") from None
            position.apply(move)
            step.append(move)
        session.steps.append(step)
    session.undo(len(data["steps"]) - data["undo_position"])
    session.mark_saved()
    return session
