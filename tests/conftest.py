"""Shared helpers for the engine tests: compiled rules, hand-made deals and positions.

Conventions (the engine's own): a pile is a list with its top card LAST. For a
column that means the first card listed is the covered one and the last is the
free one; for the stock the last card listed is the next one turned.
"""
from __future__ import annotations

import functools
from bisect import insort
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from patience_core import load_rules

from patience_core.model import cards
from patience_core.model.deal import dealt_pack, start_position
from patience_core.model.position import Position
from patience_core.model.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# Deterministic property tests: the same examples on every run, no database, no deadline
# (CI machines are slow and shared).
settings.register_profile(
    "patience", max_examples=60, derandomize=True, database=None, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("patience")


@functools.lru_cache(maxsize=None)
def _compiled(name: str, params: tuple[tuple[str, str], ...]) -> Rules:
    return load_rules(name, dict(params))


def get_rules(name: str, **params: str) -> Rules:
    """The compiled rules of a shipped variant (compiled once per parameter set)."""
    return _compiled(name, tuple(sorted(params.items())))


def c(text: str) -> int:
    return cards.parse_card(text)


def cs(text: str) -> list[int]:
    """``"AH 3H 5H"`` -> card codes."""
    return [c(t) for t in text.split()]


def names(codes) -> list[str]:
    return [cards.card_name(x) for x in codes]


def pile(rules: Rules, name: str) -> int:
    return rules.pile_index(name)


def _dead_first(rules: Rules, pool: list[int]) -> list[int]:
    """``pool`` ordered so the cards least likely to be playable early come first:
    ranks that stand late in every foundation sequence (a K or Q in Royal Cotillion); piles
    without a fixed sequence (Golf, Canfield) say nothing."""
    def earliest(card: int) -> int:
        rank = cards.rank_of(card)
        return min((seq.index(rank) for seq in rules.f_rank_at.values() if seq and rank in seq), default=99)
    return sorted(pool, key=lambda card: (-earliest(card), card))


def played_and_undone(rules: Rules, seed: int, choose, limit: int = 10_000) -> str:
    """Play deal ``seed`` with ``choose(position, legal moves)`` (a move, or ``None`` to stop)
    while the game goes on, at most ``limit`` moves, the pack whole after every move; then
    undo back to the deal, each undo giving back the position before its move. Returns the
    status the play ended in."""
    from patience_core import deal_seed

    position = deal_seed(rules, seed)
    keys = []
    while len(keys) < limit and position.status() == "playing":
        move = choose(position, position.legal_moves())
        if move is None:
            break
        keys.append(position.key())
        position.apply(move)
        assert position.card_count() == rules.n_cards
    status = position.status()
    while position.history:
        position.undo()
        assert position.key() == keys.pop()
    return status


def crafted_order(rules: Rules, layout: dict[str, str] | None = None, stock: str = "") -> list[int]:
    """A full pack order (top first) that deals ``layout`` and puts ``stock`` on top of the stock.

    ``layout`` maps a pile name to its cards in dealt order (covered card first, free card
    last). Layout slots not given get "dead" filler cards; ``stock`` lists the next cards
    of the stock, the first one turned first; every other card follows, dead ones first.
    """
    layout = {k: cs(v) for k, v in (layout or {}).items()}
    wanted_stock = cs(stock)
    pool = Counter(dealt_pack(rules))
    for chosen in list(layout.values()) + [wanted_stock]:
        for card in chosen:
            assert pool[card] > 0, f"crafted deal uses {cards.card_name(card)} too often"
            pool[card] -= 1
    filler = _dead_first(rules, list(pool.elements()))
    order: list[int] = []
    next_of = {rules.pile_index(k): list(v) for k, v in layout.items()}
    for target in rules.deal_targets:
        queue = next_of.get(target)
        order.append(queue.pop(0) if queue else filler.pop(0))
    leftover = [k for k, v in next_of.items() if v]
    assert not leftover, f"layout gives more cards than {[rules.pile_names[k] for k in leftover]} is dealt"
    return order + wanted_stock + filler


def crafted_deal(rules: Rules, layout: dict[str, str] | None = None, stock: str = "") -> Position:
    """The first position of :func:`crafted_order`, dealt by the engine's own dealer."""
    return start_position(rules, crafted_order(rules, layout, stock))


def foundation_run(rules: Rules, f_name: str, top: str) -> list[int]:
    """The cards of foundation ``f_name`` from its base up to ``top`` (in ``top``'s suit)."""
    f = rules.pile_index(f_name)
    card = c(top)
    sequence = rules.f_rank_at[f]
    rank = cards.rank_of(card)
    assert rank in sequence, f"{top} does not belong on {f_name}"
    return [cards.make(r, cards.suit_of(card)) for r in sequence[: sequence.index(rank) + 1]]


def position_of(rules: Rules, piles: dict[str, str] | None = None,
                foundations: dict[str, str] | None = None, rest: str | None = "stock",
                redeals_left: int | None = None) -> Position:
    """A position built by hand, holding the whole pack.

    ``piles`` maps pile names to their cards (top last); ``foundations`` maps a
    foundation to its top card (the run below it is filled in). Every card not placed
    goes to the bottom of pile ``rest`` ("dead" cards deepest), or nowhere if ``rest``
    is None (for positions that only need part of the pack).
    """
    layout = [[] for _ in range(rules.n_piles)]
    for name, top in (foundations or {}).items():
        layout[rules.pile_index(name)] = foundation_run(rules, name, top)
    for name, text in (piles or {}).items():
        layout[rules.pile_index(name)] = cs(text)
    pool = Counter(cards.full_pack(rules.decks))
    for p in layout:
        for card in p:
            assert pool[card] > 0, f"hand-made position uses {cards.card_name(card)} too often"
            pool[card] -= 1
    if rest is not None:
        spare = list(reversed(_dead_first(rules, list(pool.elements()))))
        target = rules.pile_index(rest)
        layout[target] = spare + layout[target]
    return Position(rules, layout, redeals_left)


def move(rules: Rules, card: str | None, src: str, dst: str):
    """The move of ``card`` from ``src`` to ``dst`` (its kind read off the piles)."""
    from patience_core.model.moves import (BETWEEN_PILES, FILL, NO_CARD, REDEAL, TO_FOUNDATION, TURN,
                                           Move)
    s, d = rules.pile_index(src), rules.pile_index(dst)
    if s == rules.waste and d == rules.stock:
        kind = REDEAL
    elif s == rules.stock and d in rules.waste_piles:
        kind = TURN
    elif rules.is_foundation[d]:
        kind = TO_FOUNDATION
    elif s in rules.fill[d] and not rules.piles[d].takes_cards:
        kind = FILL
    else:
        kind = BETWEEN_PILES
    return Move(kind, s, d, NO_CARD if card is None else c(card))


def foundation_moves_named(position: Position) -> set[tuple[str, str, str]]:
    """The legal plays to foundations as readable triples (card, from, to)."""
    rules = position.rules
    return {(cards.card_name(card), rules.pile_names[s], rules.pile_names[d])
            for _k, s, d, card, _n in position.legal_moves() if rules.is_foundation[d]}


def blocked_position(rules: Rules, piles: dict[str, str], blockers: list[str], empty=(),
                     foundations: dict[str, str] | None = None, rest: str | None = None) -> Position:
    """:func:`position_of` (part of the pack) with one card of ``blockers`` (cards that build on
    nothing in the test) in every tableau column ``piles`` does not name, except those in ``empty``."""
    used = {card for text in piles.values() for card in text.split()}
    spare = iter(b for b in blockers if b not in used)
    full = dict(piles)
    full.update({name: next(spare) for name in (rules.pile_names[p] for p in rules.groups["tableau"])
                 if name not in piles and name not in empty})
    return position_of(rules, full, foundations, rest=rest)


def set_face_down(position: Position, counts: dict[str, int]) -> Position:
    """Turn the lowest ``counts[name]`` cards of each named pile face down (hand-made positions
    otherwise take the deal's counts)."""
    for name, n in counts.items():
        position.down[position.rules.pile_index(name)] = n
    return position


def all_face_up(position: Position, **down: int) -> Position:
    """Every card of a hand-made position face up, but ``down`` (``tableau_2=1``: the lowest card
    of ``tableau:2``) — :func:`position_of` otherwise keeps the deal's face-down counts."""
    position.down = [0] * len(position.down)
    return set_face_down(position, {name.replace("_", ":"): n for name, n in down.items()})


def check_turns_up(position: Position, move_, name: str) -> None:
    """``move_`` uncovers the face-down card of pile ``name``: it turns up as part of the move,
    and undo turns it down again and restores the exact position."""
    p = position.rules.pile_index(name)
    down, before = position.down[p], position.key()
    position.apply(move_)
    assert position.down[p] == down - 1 and not position.is_face_down(p, len(position.piles[p]) - 1)
    position.undo()
    assert position.down[p] == down and position.key() == before


def pile_moves_named(position: Position) -> set[tuple[str, str, int]]:
    """The legal moves between layout piles as readable triples (from, to, cards moved)."""
    from patience_core.model.moves import BETWEEN_PILES
    rules = position.rules
    return {(rules.pile_names[m.src], rules.pile_names[m.dst], m.count)
            for m in position.legal_moves() if m.kind is BETWEEN_PILES}


def refusal(position: Position, card: str | None, src: str, dst: str) -> str:
    """Why moving ``card`` (``None``: whatever is on top) from ``src`` to ``dst`` is refused."""
    from patience_core.model.notation import why_not
    rules = position.rules
    return why_not(position, rules.pile_index(src), rules.pile_index(dst), None if card is None else c(card))


def pile_cards(position: Position, name: str) -> list[str]:
    return names(position.piles[position.rules.pile_index(name)])


@pytest.fixture(scope="session")
def root() -> Path:
    return ROOT


@pytest.fixture(autouse=True)
def own_data_directory(tmp_path_factory, monkeypatch) -> Path:
    """Every test has its own data directory (statistics, saves), for the commands it runs in
    this process and the ones it starts: a test never writes the player's real files."""
    folder = tmp_path_factory.mktemp("home") / "patience-data"  # not there yet, as on a first run
    monkeypatch.setenv("PATIENCE_DATA_DIR", str(folder))
    return folder


def run_cli(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """Run ``patience ARGS`` in this process through its real entry point (so a
    PatienceError becomes ``error: ...`` and exit 1, and any other exception fails the
    test): (exit code, stdout, stderr)."""
    import io
    import sys
    from contextlib import redirect_stderr, redirect_stdout

    from patience_core.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main([str(a) for a in args])
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def rules_from_text(tmp_path: Path, yaml_text: str) -> Rules:
    """The rules of a variant written out in a test (a small cousin of a shipped game)."""
    from patience_core.variants.catalog import load_rules as _load_rules
    path = tmp_path / "variant.yaml"
    path.write_text(yaml_text)
    return _load_rules(file=path)


def validate_refusal(tmp_path: Path, yaml_text: str) -> str:
    """What ``patience validate`` says of a variant file holding ``yaml_text``, which it must
    refuse: exit 1, a message, never a traceback."""
    path = tmp_path / "bad.yaml"
    path.write_text(yaml_text)
    code, out, err = run_cli("validate", str(path))
    assert code == 1 and "Traceback" not in out + err, (code, out, err)
    return out + err


def play_random(position: Position, choices, each=None) -> int:
    """Apply the legal moves ``choices`` pick (each number modulo the moves there are); call
    ``each(position)`` after every one. Returns how many moves were played."""
    played = 0
    for pick in choices:
        moves = position.legal_moves()
        if not moves:
            break
        position.apply(moves[pick % len(moves)])
        played += 1
        if each:
            each(position)
    return played


def dealt_out(name: str, seed: int) -> Position:
    """Deal ``seed`` of game ``name`` with every row of its row-dealing stock dealt (the moment
    its redeal gathers the piles back)."""
    from patience_core import deal_seed
    from patience_core.model.moves import DEAL_ROW
    from patience_core.variants.catalog import load_rules as _load_rules
    position = deal_seed(_load_rules(name), seed)
    while position.piles[position.rules.stock]:
        position.apply(next(m for m in position.legal_moves() if m.kind is DEAL_ROW))
    return position


def assert_random_play_consistent(rules: Rules, seeds=(1, 2), steps: int = 150) -> None:
    """Random games from each seed's deal: after every move a position built afresh offers the
    same moves (:func:`assert_rebuilt_agrees`), and a random game played and undone comes back
    to the deal (:func:`played_and_undone`)."""
    import random as _random
    from patience_core import deal_seed
    for seed in seeds:
        rng = _random.Random(seed)
        position = deal_seed(rules, seed)
        for _ in range(steps):
            moves = position.legal_moves()
            if not moves:
                break
            position.apply(rng.choice(moves))
            assert_rebuilt_agrees(position)
        rng = _random.Random(seed)
        played_and_undone(rules, seed, lambda pos, moves: rng.choice(moves) if moves else None, 300)


def assert_derived_state(position: Position) -> None:
    """What a position keeps beside its piles agrees with them: the cards on the foundations,
    who takes which card (``takers`` against ``wanted``), the redeals left."""
    rules = position.rules
    assert position.on_foundations == sum(len(position.piles[f]) for f in rules.foundations)
    expected: list[list[int]] = [[] for _ in range(52)]
    for f in rules.foundations:
        for card in position.wanted(f):
            insort(expected[card], f)
    assert position.takers == expected, "takers disagree with wanted()"
    assert 0 <= position.redeals_left <= rules.redeals


def assert_same_state(a: Position, b: Position) -> None:
    """Two positions are the same: key, piles, face-down counts and derived state."""
    assert a.key() == b.key() and hash(a.key()) == hash(b.key())
    assert a.piles == b.piles and a.down == b.down and a.takers == b.takers
    assert a.on_foundations == b.on_foundations and a.redeals_left == b.redeals_left


def assert_rebuilt_agrees(position: Position) -> None:
    """A position built afresh from ``position``'s piles, face-down counts, redeals and chosen
    bases offers the same moves: the incremental ``takers`` were kept right."""
    fresh = Position(position.rules, [list(p) for p in position.piles], position.redeals_left,
                     list(position.down), ranks=position.ranks)
    assert sorted(fresh.legal_moves()) == sorted(position.legal_moves())


def assert_random_play_undoes(name: str, seeds=(1, 2)) -> None:
    """Deal ``seeds`` of game ``name``, play 200 pseudo-random legal moves, the moves offered
    after each agreeing with a position rebuilt afresh; undoing them all gives the deal back."""
    from patience_core import deal_seed, load_rules

    rules = load_rules(name)
    for seed in seeds:
        position = deal_seed(rules, seed)
        start = position.key()
        played = play_random(position, [7 * i + seed for i in range(200)], each=assert_rebuilt_agrees)
        for _ in range(played):
            position.undo()
        assert position.key() == start


def console_examples(text: str):
    """(command, expected output lines) for every ``$ ...`` line of the ```console
    blocks of a Markdown page; a ``...`` line in the output stands for the rest."""
    import re

    for block in re.findall(r"^```console\n(.*?)^```", text, re.S | re.M):
        command, expected = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command:
                    yield command, expected
                command, expected = line[2:], []
            else:
                expected.append(line)
        if command:
            yield command, expected


def check_console_output(actual: list[str], expected: list[str]) -> None:
    """``actual`` is ``expected``, or starts with it up to a ``...`` line; a line that ends
    in `` ...`` (a time, say) matches any line that starts with what comes before it."""
    if "..." in expected:
        cut = expected.index("...")
        assert len(actual) > cut
        actual, expected = actual[:cut], expected[:cut]
    assert len(actual) == len(expected), (actual, expected)
    for got, want in zip(actual, expected):
        if want.endswith(" ..."):
            assert got.startswith(want[:-3]), (got, want)
        else:
            assert got == want


# A small game of sets gathered on three court places (remove's refusal tests add the rule).
SETS_GAME = """
name: bad
title: Bad
decks: 1
piles:
  grid: {kind: reserve, count: 9, cards: 1, fill: [stock]}
  court: {kind: reserve, count: 3, access: none, empty: set, max: 1}
stock: {to: gaps}
foundations:
  out: {discard: true}
deal: [grid]
"""


def play_card(position, card, dst):
    """Play ``card`` (``"JC"``) onto pile ``dst`` (``"court:1"``) by a legal move; fail if none is."""
    rules = position.rules
    move = next((m for m in position.legal_moves() if m.card == c(card) and m.dst == pile(rules, dst)), None)
    assert move is not None, f"{card} to {dst} is not legal"
    position.apply(move)


def takes_card(position, dst, card):
    """May ``card`` go onto pile ``dst`` by a legal move?"""
    return any(m.card == c(card) and m.dst == pile(position.rules, dst) for m in position.legal_moves())

