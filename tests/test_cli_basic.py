"""The minimal CLI of the engine: list, show, validate, schema, scripted play (text and --json)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import FIXTURES, ROOT, get_rules, run_cli
from patience_core.model.deal import format_pack, seeded_order

SHIPPED = ["bakers-game", "calculation", "canfield", "contradance", "forty-thieves", "freecell", "gavotte", "golf",
           "klondike", "odd-and-even", "royal-cotillion", "sir-tommy", "spider", "yukon"]
PILE_ID = re.compile(r"^(stock|waste|[a-z][a-z0-9-]*:[1-9][0-9]*)$")


def play_json(*args: str, stdin: str = "") -> dict:
    code, out, err = run_cli("play", *args, "--json", stdin=stdin)
    assert code == 0, err
    return json.loads(out)


# --- list, show -------------------------------------------------------------------------------

def test_list_shows_the_shipped_variants_with_aliases_and_parameters():
    code, out, _err = run_cli("list")
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ")}
    assert set(SHIPPED) <= set(lines)
    assert "Other two-deck games" in out and "FreeCell type" in out   # grouped by family
    assert "lords-and-ladies" in lines["royal-cotillion"] and "[bases=found]" in lines["royal-cotillion"]
    assert "ranks=A,2" in lines["gavotte"] and "free=right" in lines["gavotte"]


def test_list_filters_by_family_decks_and_search_with_typos():
    def names(*args):
        code, out, err = run_cli("list", "--json", *args)
        assert code == 0, err
        return [row["name"] for row in json.loads(out)]

    assert set(names("--family", "freecell")) >= {"freecell", "bakers-game"}
    assert "klondike" not in names("--family", "freecell")
    assert all(row in names("--decks", "2") for row in ("spider", "royal-cotillion"))
    assert "klondike" not in names("--decks", "2")
    assert names("--search", "klondyke")[0] == "klondike"         # a typo
    assert names("--search", "lords and ladies") == ["royal-cotillion"]   # an alias, as words
    assert "freecell" in names("--search", "free")[:5]
    code, _out, err = run_cli("list", "--family", "freecel")
    assert code == 2 and "did you mean 'freecell'" in err
    code, _out, err = run_cli("list", "--search", "zzzzzz")
    assert code == 1 and "no game matches 'zzzzzz'" in err


def test_list_json():
    code, out, _err = run_cli("list", "--json")
    assert code == 0
    rows = {row["name"]: row for row in json.loads(out)}
    assert set(SHIPPED) <= set(rows)
    assert rows["contradance"]["parameters"] == {"bases": "found", "redeals": "1"}
    assert rows["contradance"]["aliases"] == ["cotillion"]
    assert rows["odd-and-even"]["title"] == "Odd and Even"


def test_show_renders_the_rules_from_the_definition():
    code, out, _err = run_cli("show", "royal-cotillion")
    assert code == 0
    assert "Royal Cotillion (royal-cotillion)" in out
    assert "built in suit: A 3 5 7 9 J K 2 4 6 8 10 Q" in out
    assert "built in suit: 2 4 6 8 10 Q A 3 5 7 9 J K" in out
    assert "bases=found|dealt  default found" in out
    assert "no redeal" in out and "gaps are never filled" in out
    assert "4 columns, 3 cards each; only the bottom card of each column (the last dealt) is free" in out
    assert "16 single-card places in 4 rows of 4; every card is free; a gap is filled at once from the waste, " \
           "else the stock" in out
    assert "Deal: left, then right, row by row; the other 76 cards form the stock." in out


def test_show_by_alias_with_parameters():
    code, out, _err = run_cli("show", "cotillion", "-p", "bases=dealt", "-p", "redeals=2")
    assert code == 0
    assert "Contradance (contradance)" in out and "the 5s set out before the deal" in out
    assert "built in suit: 5 4 3 2 A K" in out and "built in suit: 6 7 8 9 10 J Q" in out
    assert "2 redeals, the waste turned over in order" in out and "now dealt" in out
    assert "Deal: all 88 cards form the stock." in out


def test_show_json_gavotte_free_left():
    code, out, _err = run_cli("show", "gavotte", "--param", "ranks=6,7", "--param", "free=left", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["params"] == {"ranks": "6,7", "free": "left"}
    assert data["piles"][:20] == [f"left:{n}" for n in range(1, 17)] + [f"right:{n}" for n in range(1, 5)]
    assert data["definition"]["foundations"]["ace"]["base"] == "6"


def test_show_a_file(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\nextends: odd-and-even\ntitle: Mine\nparameters:\n  redeals: {default: 3}\n")
    code, out, _err = run_cli("show", path)
    assert code == 0 and "Mine (mine)" in out and "redeals=0..10  default 3" in out


def test_show_unknown_variant_suggests():
    code, out, err = run_cli("show", "royal-cotilion")
    assert code == 1 and out == ""
    assert err.startswith("error: unknown variant 'royal-cotilion' (did you mean 'royal-cotillion'?)")
    assert len(err.strip().splitlines()) == 1


# --- validate, schema ---------------------------------------------------------------------------

def test_all_shipped_variants_validate():
    files = sorted((ROOT / "variants").glob("*.yaml"))
    assert set(SHIPPED) <= {f.stem for f in files}
    code, out, err = run_cli("validate", *files)
    assert (code, err) == (0, "")
    assert out.splitlines() == [f"{f}: ok" for f in files]


def test_validate_json_ok():
    path = ROOT / "variants" / "gavotte.yaml"
    code, out, _err = run_cli("validate", "--json", path)
    assert code == 0 and json.loads(out) == [{"file": str(path), "ok": True, "errors": []}]


# --- play ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("variant, params", [("royal-cotillion", []), ("odd-and-even", ["-p", "redeals=2"]),
                                             ("contradance", ["-p", "bases=dealt"]),
                                             ("gavotte", ["-p", "ranks=9,9"])])
def test_play_json_form(variant, params):
    data = play_json(variant, "--seed", "3", *params, "--policy", "naive")
    assert data["status"] in ("won", "lost", "playing")
    assert isinstance(data["on_foundations"], int) and 0 <= data["on_foundations"] <= 104
    assert data["game"]["seed"] == 3 and data["game"]["variant"] == variant
    rules = get_rules(variant, **dict(p.split("=") for p in params[1::2]))
    redeals = 0
    for move in data["moves"]:
        assert set(move) == {"card", "from", "to"}
        assert PILE_ID.match(move["from"]) and PILE_ID.match(move["to"])
        assert move["from"] in rules.pile_names and move["to"] in rules.pile_names
        if move["card"] is None:
            assert (move["from"], move["to"]) == ("waste", "stock")
            redeals += 1
        elif move["from"] == "stock":
            assert move["to"] == "waste"
        else:
            assert move["to"].startswith("foundation:"), "cards move only to foundations; fills are not listed"
    if variant == "odd-and-even":
        assert 1 <= redeals <= 2 or data["status"] == "won"
    on = sum(1 for m in data["moves"] if m["to"].startswith("foundation:"))
    assert on + len(rules.setout) == data["on_foundations"]


def test_naive_moves_fed_back_reproduce_the_game(tmp_path):
    played = play_json("royal-cotillion", "--seed", "11", "--policy", "naive")
    path = tmp_path / "moves.json"
    path.write_text(json.dumps(played["moves"]))
    replayed = play_json("royal-cotillion", "--seed", "11", "--moves", str(path))
    assert (replayed["status"], replayed["on_foundations"], replayed["moves"]) == \
        (played["status"], played["on_foundations"], played["moves"])
    # The final positions printed as text are identical too.
    _c1, text_policy, _e1 = run_cli("play", "royal-cotillion", "--seed", "11", "--policy", "naive")
    _c2, text_moves, _e2 = run_cli("play", "royal-cotillion", "--seed", "11", "--moves", str(path))
    assert text_policy == text_moves


def test_moves_from_stdin_as_an_object_with_moves():
    played = play_json("odd-and-even", "--seed", "5", "--policy", "naive")
    replayed = play_json("odd-and-even", "--seed", "5", "--moves", "-", stdin=json.dumps(played))
    assert replayed["on_foundations"] == played["on_foundations"] and replayed["moves"] == played["moves"]


def test_moves_in_the_line_form(tmp_path):
    rules = get_rules("royal-cotillion")
    order = seeded_order(rules, 1)
    first_stock = order[28]
    from patience_core.model.cards import card_name
    path = tmp_path / "moves.txt"
    path.write_text(f"# one move per line\n{card_name(first_stock)} stock waste\nstock waste   # card optional\n")
    data = play_json("royal-cotillion", "--seed", "1", "--moves", str(path))
    assert [m["from"] for m in data["moves"]] == ["stock", "stock"]
    assert data["moves"][0]["card"] == card_name(first_stock)


def test_illegal_move_names_its_number_and_why(tmp_path):
    path = tmp_path / "moves.json"
    path.write_text(json.dumps([{"card": None, "from": "stock", "to": "waste"},
                                {"card": "KS", "from": "right:3", "to": "foundation:2"}]))
    code, out, err = run_cli("play", "royal-cotillion", "--seed", "1", "--moves", path)
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert re.match(r"^error: move 2: KS right:3 -> foundation:2 is not legal here: ", lines[0]), lines[0]


@pytest.mark.parametrize("moves, reason", [
    ([{"card": "AC", "from": "left:9", "to": "foundation:1"}], "move 1: royal-cotillion has no pile 'left:9'"),
    ([{"card": "ZZ", "from": "stock", "to": "waste"}], "move 1: not a card: 'ZZ'"),
    (["stock waste"], "move 1: expected an object with \"from\" and \"to\""),
    ([{"card": None, "from": "waste", "to": "stock"}], "move 1: waste -> stock is not legal here: no redeal left"),
    ([{"card": "9C", "from": "right:3", "to": "left:2"}],
     "move 1: 9C right:3 -> left:2 is not legal here: cards move only to the foundations"),
    ([{"card": "9C", "from": "stock", "to": "waste"}], "move 1: 9C stock -> waste is not legal here: the next stock card is KH"),
    ([{"card": "9C", "from": "right:3", "to": "foundation:2"}],
     "move 1: 9C right:3 -> foundation:2 is not legal here: foundation:2 needs AD"),
])
def test_bad_moves_are_one_line_errors(tmp_path, moves, reason):
    # Deal 1 of Royal Cotillion: right:3 holds 9C, the stock's next card is KH.
    path = tmp_path / "moves.json"
    path.write_text(json.dumps(moves))
    code, _out, err = run_cli("play", "royal-cotillion", "--seed", "1", "--moves", path)
    assert code == 1 and len(err.strip().splitlines()) == 1
    assert err.startswith(f"error: {reason}"), err


def test_unparsable_moves_file(tmp_path):
    path = tmp_path / "moves.json"
    path.write_text('[{"card": "AC",')
    code, _out, err = run_cli("play", "royal-cotillion", "--seed", "1", "--moves", path)
    assert code == 1 and err.startswith(f"error: {path}:1:") and "invalid JSON" in err


def test_pack_file_round_trip_through_the_cli(tmp_path):
    rules = get_rules("royal-cotillion", bases="dealt")
    path = tmp_path / "deal.pack"
    path.write_text(format_pack(seeded_order(rules, 7)))
    by_seed = play_json("royal-cotillion", "-p", "bases=dealt", "--seed", "7", "--policy", "naive")
    by_pack = play_json("royal-cotillion", "-p", "bases=dealt", "--pack", str(path), "--policy", "naive")
    assert by_pack["game"]["pack"] == path.read_text().split()
    assert (by_pack["status"], by_pack["on_foundations"], by_pack["moves"]) == \
        (by_seed["status"], by_seed["on_foundations"], by_seed["moves"])


def test_bad_pack_file_is_one_line(tmp_path):
    path = tmp_path / "deal.pack"
    path.write_text(format_pack(seeded_order(get_rules("royal-cotillion"), 7)))
    code, out, err = run_cli("play", "royal-cotillion", "-p", "bases=dealt", "--pack", path, "--policy", "naive")
    assert code == 1 and out == ""
    assert err.strip() == (f"error: {path}: 104 cards; expected 96 "
                           f"(the 104-card pack less 8 set out before the deal)")


def test_seed_and_pack_together_is_a_usage_error(tmp_path):
    path = FIXTURES / "packs" / "rc-seed-1.pack"
    code, _out, err = run_cli("play", "royal-cotillion", "--seed", "1", "--pack", path, "--policy", "naive")
    assert code == 2 and "give one of --seed, --deal or --pack" in err


def test_text_output_lists_every_pile():
    code, out, _err = run_cli("play", "gavotte", "--seed", "2", "--policy", "naive")
    assert code == 0
    first = out.splitlines()[0]
    assert first.startswith("Gavotte, deal 2 (ranks=A,2 free=right): ")
    for name in get_rules("gavotte").pile_names:
        if name not in ("stock", "waste"):
            assert re.search(rf"^\s*{re.escape(name)}:", out, re.M), name


# --- the real console script, once: exit codes and no traceback across a process boundary ----------

def _console_script() -> str:
    found = Path(sys.executable).with_name("patience")
    return str(found) if found.exists() else (shutil.which("patience") or "patience")


def test_console_script_validate_and_play():
    bad = FIXTURES / "bad" / "unknown-field.yaml"
    result = subprocess.run([_console_script(), "validate", str(bad)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{bad}:5:5: field piles.right.acess: unknown field")
    result = subprocess.run([_console_script(), "play", "royal-cotillion", "--seed", "3", "--policy", "naive",
                             "--json"], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0
    assert json.loads(result.stdout)["status"] in ("won", "lost")
