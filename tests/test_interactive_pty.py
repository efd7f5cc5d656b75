"""The real interactive program, driven through a pseudo-terminal (pexpect), for every shipped
variant: start, moves, refused input, undo, redo, hint, save, resume, a won deal and a lost
deal played with typed moves, the offer of a new deal, quit. Statistics go to a temporary
PATIENCE_DATA_DIR; the terminal is 120 x 50."""
from __future__ import annotations

import json
import os
import re
import sys

import pytest

pexpect = pytest.importorskip("pexpect")

from patience_core import deal_seed, load_rules  # noqa: E402

from patience_core.model import cards
from patience_core.ui.commands import PileLabels, move_words  # noqa: E402
from patience_core.agents.policies import play_naive  # noqa: E402

# variant, parameters, a deal the naive policy wins, a deal it loses
VARIANTS = [
    ("royal-cotillion", {}, 3, 9),
    ("gavotte", {}, 3, 53),
    ("odd-and-even", {}, 32, 5),
    ("contradance", {"bases": "dealt", "redeals": "2"}, 1, 27),
]
IDS = [v[0] for v in VARIANTS]
PROMPT = r"\n(?:\x1b\[[0-9;?]*[A-Za-z])*> "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\r")


def plain(text: str) -> str:
    return ANSI.sub("", text)


class Game:
    """One run of ``patience play`` on a pseudo-terminal."""

    def __init__(self, args: list[str], data_dir, extra_env: dict | None = None):
        env = dict(os.environ, PATIENCE_DATA_DIR=str(data_dir), TERM="xterm-256color", LANG="C.UTF-8",
                   LC_ALL="C.UTF-8", PYTHONIOENCODING="utf-8")
        env.pop("NO_COLOR", None)
        env.pop("COLUMNS", None)
        env.pop("LINES", None)
        env.update(extra_env or {})
        self.child = pexpect.spawn(sys.executable, ["-m", "patience_core", "play", "--line", *args], env=env,
                                   dimensions=(50, 120), encoding="utf-8", timeout=15)
        self.screen = self.wait_prompt()

    def wait_prompt(self) -> str:
        self.child.expect(PROMPT)
        return plain(self.child.before)

    def do(self, line: str) -> str:
        """Type ``line``; return what the program printed up to its next prompt."""
        self.child.sendline(line)
        self.screen = self.wait_prompt()
        return self.screen

    def answer(self, question: str, line: str) -> None:
        self.child.expect(question)
        self.child.sendline(line)

    def end(self) -> str:
        self.child.expect(pexpect.EOF)
        self.child.close()
        return plain(self.child.before)


def board_lines(screen: str) -> list[str]:
    """The piles as drawn (boxes and the stock line), without header, clock and messages."""
    return [line for line in screen.splitlines() if "│" in line or line.startswith("Stock")]


def header(screen: str) -> str:
    return next(line for line in screen.splitlines() if "deal" in line and "·" in line)


def args_for(name: str, params: dict, seed: int) -> list[str]:
    args = [name, "--seed", str(seed)]
    for key, value in params.items():
        args += ["--param", f"{key}={value}"]
    return args


def naive_line(name: str, params: dict, seed: int):
    rules = load_rules(name, params)
    position = deal_seed(rules, seed)
    moves: list = []
    play_naive(position, moves)
    return rules, moves, position.status()


def typed(rules, moves, seed=None, by_name: bool = False) -> list[str]:
    """What a player types for ``moves``: ``r11 f3``, ``t``, ``redeal``, or with ``by_name``
    every other play as ``7h 3`` when that card is free in one place only. A variant with
    automatic play plays the foundation moves itself, so only turns and redeals are typed."""
    labels = PileLabels(rules)
    position = deal_seed(rules, seed) if by_name else None
    words = []
    for number, move in enumerate(moves):
        if not (rules.autoplay and rules.is_foundation[move.dst]):
            text = move_words(labels, move)
            if by_name and number % 2 and rules.is_foundation[move.dst] \
                    and [c for _p, c in position.free_cards()].count(move.card) == 1:
                text = f"{cards.card_name(move.card).lower()} {rules.foundations.index(move.dst) + 1}"
            words.append(text)
        if position is not None:
            position.apply(move)
    return words


def history(data_dir) -> dict:
    return json.loads((data_dir / "history.json").read_text(encoding="utf-8"))["records"]


@pytest.mark.parametrize("name,params,win_seed,lose_seed", VARIANTS, ids=IDS)
def test_moves_refusals_undo_redo_hint_save_resume_quit(tmp_path, name, params, win_seed, lose_seed):
    rules, line, _ = naive_line(name, params, win_seed)
    labels = PileLabels(rules)
    game = Game(args_for(name, params, win_seed), tmp_path)
    assert rules.title in header(game.screen) and f"deal {win_seed}" in header(game.screen)
    assert "0 moves" in header(game.screen)
    start = board_lines(game.screen)

    # Refused input leaves the board as it was and says why in one line.
    for words, reason in [("xyz", "'xyz' is not a card, a pile or a command"),
                          ("9x", "'9x' is not a card, a pile or a command"),
                          ("f1", "cards never leave the foundations"),
                          ("undo", "nothing to undo"),
                          ("redeal", "redeal")]:
        screen = game.do(words)
        assert reason in screen, (words, screen)
        assert board_lines(screen) == start and "0 moves" in header(screen)

    # The first moves of the naive line, typed by pile or by card name.
    typed_moves = typed(rules, line, win_seed, by_name=True)[:6]
    screens = [start]
    for words in typed_moves:
        screen = game.do(words)
        assert "refused" not in screen
        screens.append(board_lines(screen))
    assert screens[-1] != start

    # Undo twice, redo once: the board goes back and forth exactly.
    assert board_lines(game.do("u")) == screens[-2]
    assert board_lines(game.do("undo")) == screens[-3]
    assert board_lines(game.do("redo")) == screens[-2]

    # A hint with its reason; it never names the card the stock will turn.
    hint = game.do("h")
    assert "hint: " in hint
    hint_line = next(x for x in hint.splitlines() if "hint: " in x)
    assert len(hint_line) > len("hint: ") + 10

    # Save, leave (nothing unsaved: no question), resume exactly there with the redo list.
    save = tmp_path / "saved.json"
    assert f"saved to {save}" in game.do(f"save {save}").replace("\n", "")
    game.child.sendline("q")
    assert "The game is saved in" in game.end()
    assert json.loads(save.read_text())["undo_position"] == len(typed_moves) - 1 or rules.autoplay

    again = Game(["--resume", str(save)], tmp_path)
    assert board_lines(again.screen) == screens[-2]
    assert "resumed" in again.screen and "to redo" in again.screen
    assert board_lines(again.do("redo")) == screens[-1]
    assert board_lines(again.do("u 2")) == screens[-3]
    # Quitting with unsaved moves asks first; the game then counts as abandoned.
    again.child.sendline("q")
    again.answer(r"\[y/n\]", "n")
    again.wait_prompt()
    again.child.sendline("quit")
    again.answer(r"\[y/n\]", "y")
    assert "Game abandoned" in again.end()
    record = next(iter(history(tmp_path).values()))
    assert record["abandoned"] == 1 and record["played"] == 1


@pytest.mark.parametrize("name,params,win_seed,lose_seed", VARIANTS, ids=IDS)
def test_win_a_known_deal_with_typed_moves(tmp_path, name, params, win_seed, lose_seed):
    rules, line, status = naive_line(name, params, win_seed)
    assert status == "won"
    game = Game(args_for(name, params, win_seed), tmp_path)
    script = typed(rules, line)
    game.child.send("".join(words + "\n" for words in script))
    game.child.expect("You won! All 104 cards are on the foundations")
    game.child.expect(r"New deal\? \[y/n")
    assert f"{len(line)} moves" in plain(game.child.before)
    game.child.sendline("y")  # a new deal of the same variant
    screen = game.wait_prompt()
    assert "0 moves" in header(screen) and f"deal {win_seed} " not in header(screen) + " "
    game.child.sendline("q")  # nothing played yet: no question
    game.end()
    record = next(iter(history(tmp_path).values()))
    assert record["params"] == {k: str(v) if not isinstance(v, list) else ",".join(v)
                                for k, v in rules.params.items()}
    assert (record["won"], record["played"], record["fewest_moves"]) == (1, 1, len(line))


@pytest.mark.parametrize("name,params,win_seed,lose_seed", VARIANTS, ids=IDS)
def test_lose_a_known_deal(tmp_path, name, params, win_seed, lose_seed):
    rules, line, status = naive_line(name, params, lose_seed)
    assert status == "lost"
    game = Game(args_for(name, params, lose_seed), tmp_path)
    game.child.send("".join(words + "\n" for words in typed(rules, line)))
    game.child.expect("Game lost: the stock is empty")
    game.child.expect(r"New deal\? \[y/n")
    assert "no free card fits a foundation" in plain(game.child.before).replace("\n", " ")
    # After the end every further input is refused by the question: answer no and leave.
    game.child.sendline("n")
    game.end()
    record = next(iter(history(tmp_path).values()))
    assert (record["lost"], record["played"], record["won"]) == (1, 1, 0)


def test_choice_between_two_foundations_is_asked(tmp_path):
    """Royal Cotillion deal 4: the naive line reaches, after 38 moves, a card that fits both
    piles of its suit; typing its pile asks which foundation."""
    rules = load_rules("royal-cotillion")
    position = deal_seed(rules, 4)
    from patience_core.agents.policies import naive_move
    played = []
    while True:
        double = [(p, card) for p, card in position.free_cards() if len(position.takers[card]) > 1]
        if double:
            break
        move = naive_move(position)
        assert move is not None, "no double fit in this deal"
        position.apply(move)
        played.append(move)
    labels = PileLabels(rules)
    game = Game(["royal-cotillion", "--seed", "4"], tmp_path)
    game.child.send("".join(move_words(labels, m) + "\n" for m in played))
    game.child.sendline("m")  # a marker: wait for its answer
    game.child.expect("fits now: ")
    game.wait_prompt()
    pile, card = double[0]
    game.child.sendline(labels.label(pile))
    game.child.expect(r"which foundation\? \[(\d+)/(\d+)\] ")
    first, second = game.child.match.group(1), game.child.match.group(2)
    game.child.sendline(second)
    screen = game.wait_prompt()
    assert f"→ f{second}" in screen
    game.child.sendline("q")
    game.answer(r"\[y/n\]", "y")
    game.end()


def test_no_color_gives_ascii(tmp_path):
    game = Game(["royal-cotillion", "--seed", "3"], tmp_path, {"NO_COLOR": "1"})
    assert not any(ch in game.screen for ch in "♣♦♥♠") and "-> AC" in game.screen
    assert "\x1b[1;31m" not in game.child.before
    game.child.sendline("q")
    game.end()


def test_help_lists_the_commands(tmp_path):
    game = Game(["odd-and-even", "--seed", "5"], tmp_path)
    screen = game.do("?")
    for words in ("undo [N|all]", "redo", "hint", "auto on|safe|off", "save [FILE]", "quit"):
        assert words in screen
    assert "r = reserve" in screen
    game.child.sendline("q")
    game.end()
