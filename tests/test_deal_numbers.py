"""Deal numbers of Microsoft and PySolFC: our deals against pysol-cards' own printed layouts.

The expected layouts are parsed from ``pysol_cards.deal_game.Game.calc_deal_string``
(the text pysol-cards prints), not typed by hand; the module under test reads
pysol-cards' card objects, so the two paths are independent.
"""
from __future__ import annotations

from collections import Counter
import copy
import functools
import tempfile
from pathlib import Path

import pysol_cards.deal_game
import pytest
from hypothesis import given, strategies as st
from pysol_cards.cards import CardRenderer
from pysol_cards.deal_game import Game
from pysol_cards.random import MTRandom
from pysol_cards.random_base import RandomBase

from patience_core import load_rules
from patience_core.errors import PackError
from patience_core.model import cards
from patience_core.model.deal import deal_by_order
from patience_core.model.deal_numbers import (
    AVAILABLE, MS_LAST, PYSOL_LAST, DealNumber, external_layout, order_for, order_from_layout,
    parse_deal,
)

# PySolFC's dealing sequences (pysollib/games), piles from 0, as the variants' deal_targets.
FREECELL = [i % 8 for i in range(52)]
KLONDIKE = [p for row in range(1, 7) for p in range(6, row - 1, -1)] + list(range(6, -1, -1))
GOLF = [i % 7 for i in range(35)]
YUKON = ([p for row in range(1, 7) for p in range(row, 7)]
         + [p for _ in range(4) for p in range(1, 7)] + list(range(7)))
GAMES = {  # pysol-cards key -> (columns, dealing sequence)
    "freecell": (8, FREECELL), "bakers_game": (8, FREECELL), "klondike": (7, KLONDIKE),
    "golf": (7, GOLF), "yukon": (7, YUKON),
}
PYSOL_NUMBERS = [1, 2, 3, 617, 1234, 11982, 31999, 32001, 32002, 99999, 123456, 10 ** 6,
                 2 ** 31, 10 ** 16, 10 ** 17 + 12345, PYSOL_LAST] + list(range(40000, 40030))
MS_NUMBERS = [1, 617, 11982, 32000, 32001, 10 ** 6, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1, 2 ** 32,
              MS_LAST] + list(range(2, 40)) + list(range(31990, 32000))


def pysol_cards_text(key: str, deal: DealNumber) -> dict:
    """pysol-cards' printed layout: talon, foundations, free cells, columns (card, face down)."""
    which = RandomBase.DEALS_MS if deal.scheme == "ms" else RandomBase.DEALS_PYSOLFC
    text = Game(key, deal.number, which).calc_layout_string(CardRenderer(True))
    out = {"talon": [], "foundations": [], "freecells": [], "columns": []}
    for line in text.splitlines():
        head, _, rest = line.partition(": ")
        if head in ("Talon", "Foundations", "Freecells"):
            out[head.lower()] = rest.split()
        else:
            out["columns"].append([(cards.parse_card(t.strip("<>")), t.startswith("<")) for t in line.split()])
    return out


def pysol_cards_piles(key: str, deal: DealNumber) -> tuple[list[list[int]], list[int]]:
    """The piles (columns, then free cells) and the talon top first, as pysol-cards prints them."""
    text = pysol_cards_text(key, deal)
    piles = [[card for card, _down in column] for column in text["columns"]]
    piles += [[] if t == "-" else [cards.parse_card(t)] for t in text["freecells"]]
    talon = [cards.parse_card(t) for t in text["talon"]]
    if key == "golf":  # PySolFC turns the talon's top card onto the foundation
        talon = [cards.parse_card(text["foundations"][0])] + talon
    return piles, talon


def variant(tmp_path, columns: int, per_pile: int, targets: list[int] | None = None,
            deal_numbers: dict | None = None, decks: int = 1, foundations: str = ""):
    """A real variant file compiled by the loader; ``targets`` then replaces its deal_targets
    (the loader deals only even rows today) and ``deal_numbers`` is put in its definition
    (the schema does not know the field yet)."""
    path = tmp_path / f"v{columns}x{per_pile}d{decks}.yaml"
    path.write_text(
        f"name: stand-in\ntitle: Stand-in\ndecks: {decks}\n"
        f"piles:\n  columns: {{kind: tableau, count: {columns}, cards: {per_pile}}}\n"
        + (foundations or f"foundations:\n  home: {{base: A, length: 13, count: {4 * decks}}}\n")
        + "deal: [columns]\n")
    rules = load_rules(file=path)
    if targets is not None:
        rules.deal_targets = list(targets)
    if deal_numbers is not None:
        rules.definition["deal_numbers"] = deal_numbers
    return rules


def game_rules(tmp_path, key: str):
    columns, targets = GAMES[key]
    return variant(tmp_path, columns, 4, targets, {"pysol": key})


def assert_same_deal(rules, key: str, deal: DealNumber) -> None:
    piles = deal_by_order(rules, order_for(rules, deal))
    want_piles, want_talon = pysol_cards_piles(key, deal)
    assert [piles[p] for p in rules.deal_piles] == want_piles, f"{key} {deal}"
    assert piles[rules.stock][::-1] == want_talon, f"{key} {deal}"


# --- the games of issue 13 that pysol-cards lays out --------------------------------------------

@pytest.mark.parametrize("key", sorted(GAMES))
def test_pysol_numbers_deal_what_pysol_cards_lays_out(tmp_path, key):
    rules = game_rules(tmp_path, key)
    for number in PYSOL_NUMBERS:
        assert_same_deal(rules, key, DealNumber("pysol", number))


@pytest.mark.parametrize("key", sorted(GAMES))
def test_ms_numbers_deal_what_pysol_cards_lays_out(tmp_path, key):
    rules = game_rules(tmp_path, key)
    for number in MS_NUMBERS:
        assert_same_deal(rules, key, DealNumber("ms", number))


def test_golf_dealt_row_by_row_by_the_loader_itself(tmp_path):
    rules = variant(tmp_path, 7, 5, deal_numbers={"pysol": "golf"})
    assert rules.deal_targets == GOLF
    for number in (1, 5, 32001, 987654321):
        assert_same_deal(rules, "golf", DealNumber("pysol", number))


def test_face_down_cards_are_pysol_cards_flipped_ones():
    for key, want in (("klondike", tuple(range(7))), ("yukon", (0, 1, 2, 3, 4, 5, 6)),
                      ("freecell", (0,) * 8), ("golf", (0,) * 7)):
        assert external_layout(key, DealNumber("pysol", 4321)).face_down == want


def test_every_available_game_reads_as_pysol_cards_prints_it():
    for key in AVAILABLE:
        for deal in (DealNumber("pysol", 7), DealNumber("pysol", 10 ** 18 + 7), DealNumber("ms", 7)):
            if deal.scheme == "ms" and Game(key, 1, 0).get_num_decks() != 1:
                continue
            layout = external_layout(key, deal)
            piles, talon = pysol_cards_piles(key, deal)
            text = pysol_cards_text(key, deal)
            assert [list(p) for p in layout.piles] == piles, f"{key} {deal}"
            assert list(layout.talon) == talon, f"{key} {deal}"
            downs = [sum(down for _card, down in column) for column in text["columns"]]
            assert list(layout.face_down[:len(downs)]) == downs, f"{key} {deal}"


def test_pysol_32000_is_pysolfcs_twister_deal(tmp_path, monkeypatch):
    """PySolFC's construct_random gives only numbers below 32000 to Microsoft's shuffle."""
    rules = game_rules(tmp_path, "freecell")
    ours = deal_by_order(rules, order_for(rules, DealNumber("pysol", 32000)))
    ms = deal_by_order(rules, order_for(rules, DealNumber("ms", 32000)))
    assert ours != ms
    monkeypatch.setattr(pysol_cards.deal_game, "shuffle",
                        lambda pack, number, _which: MTRandom(number).shuffle(pack))
    assert [ours[p] for p in rules.deal_piles] == pysol_cards_piles("freecell", DealNumber("pysol", 32000))[0]


def test_below_32000_pysol_numbers_are_microsofts(tmp_path):
    rules = game_rules(tmp_path, "klondike")
    for number in (1, 617, 31999):
        assert order_for(rules, DealNumber("pysol", number)) == order_for(rules, DealNumber("ms", number))
    assert order_for(rules, DealNumber("pysol", 32001)) != order_for(rules, DealNumber("ms", 32001))


def test_two_deck_game_takes_pysol_numbers(tmp_path):
    # Gypsy: 8 columns, two face-down rows and one face-up row; the rest is the talon.
    rules = variant(tmp_path, 8, 3, deal_numbers={"pysol": "gypsy"}, decks=2)
    for number in (1, 31999, 32001, 55555, 10 ** 19):
        assert_same_deal(rules, "gypsy", DealNumber("pysol", number))


# --- parse_deal ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text, scheme, number", [
    ("ms:11982", "ms", 11982), ("pysol:1234", "pysol", 1234), (" MS:1 ", "ms", 1),
    (f"ms:{MS_LAST}", "ms", MS_LAST), (f"pysol:{PYSOL_LAST}", "pysol", PYSOL_LAST),
    ("pysol:00042", "pysol", 42),
])
def test_parse_deal(text, scheme, number):
    deal = parse_deal(text)
    assert deal == DealNumber(scheme, number) and str(deal) == f"{scheme}:{number}"


@pytest.mark.parametrize("text, says", [
    ("11982", "unknown numbering"), ("", "unknown numbering"), ("seed:5", "unknown numbering"),
    ("ms:", "is not a whole number"), ("ms:abc", "is not a whole number"),
    ("ms:-5", "is not a whole number"), ("pysol:1e5", "is not a whole number"),
    ("ms:\uff11\uff12", "is not a whole number"),
    ("ms:0", "Microsoft's deal numbers run 1..8589934591"),
    (f"ms:{MS_LAST + 1}", "Microsoft's deal numbers run 1..8589934591"),
    ("pysol:0", "PySolFC's deal numbers run 1..99999999999999999999"),
    (f"pysol:{PYSOL_LAST + 1}", "PySolFC's deal numbers run 1..99999999999999999999"),
])
def test_parse_deal_refuses_in_one_line(text, says):
    with pytest.raises(PackError) as info:
        parse_deal(text)
    message = str(info.value)
    assert says in message and f"deal {text!r}" in message and "\n" not in message


# --- deals that do not fit the game -------------------------------------------------------------

def refusal(rules, text: str) -> str:
    with pytest.raises(PackError) as info:
        order_for(rules, parse_deal(text))
    message = str(info.value)
    assert "\n" not in message
    return message


def test_variant_without_deal_numbers(tmp_path):
    rules = variant(tmp_path, 7, 5)
    assert refusal(rules, "pysol:5") == ("pysol: deals of stand-in are not available "
                                         "(its definition has no deal_numbers: {pysol: GAME})")


@pytest.mark.parametrize("key", ["spider", "sir_tommy", "calculation", "canfield", "forty_thieves",
                                 "die_schlange"])
def test_games_pysol_cards_cannot_lay_out(tmp_path, key):
    rules = variant(tmp_path, 7, 5, deal_numbers={"pysol": key})
    assert refusal(rules, "pysol:5").startswith(f"pysol: deals of {key} are not available")
    with pytest.raises(PackError, match=f"^ms: deals of {key} are not available"):
        external_layout(key, DealNumber("ms", 5))


def test_ms_numbers_are_one_deck(tmp_path):
    rules = variant(tmp_path, 8, 3, deal_numbers={"pysol": "gypsy"}, decks=2)
    assert refusal(rules, "ms:11982") == "ms:11982: Microsoft's deals are of one 52-card deck; gypsy uses 2 decks"


def test_pack_of_another_size(tmp_path):
    rules = variant(tmp_path, 8, 6, deal_numbers={"pysol": "freecell"}, decks=2)
    assert refusal(rules, "pysol:9") == "pysol:9: PySolFC's freecell uses 1 deck(s); stand-in uses 2"


def test_layout_of_another_shape(tmp_path):
    rules = variant(tmp_path, 7, 4, deal_numbers={"pysol": "golf"})
    assert refusal(rules, "pysol:9") == "pysol:9: PySolFC's golf puts 5 cards on columns:1; stand-in deals it 4"
    rules = variant(tmp_path, 7, 7, deal_numbers={"pysol": "freecell"})
    assert refusal(rules, "ms:617") == "ms:617: PySolFC's freecell lays out 8 piles; stand-in deals to 7"


def test_cards_set_aside_or_set_out(tmp_path):
    # Beleaguered Castle puts the Aces on its foundations; this variant deals them.
    rules = variant(tmp_path, 8, 6, deal_numbers={"pysol": "beleaguered_castle"})
    assert refusal(rules, "pysol:3") == ("pysol:3: PySolFC's beleaguered_castle sets AC AD AH AS aside "
                                         "(on its foundations); stand-in deals them")
    # ...and with the Aces set out before the deal it fits.
    homes = "foundations:\n  home: {base: A, length: 13, count: 4, start: dealt}\n"
    rules = variant(tmp_path, 8, 6, deal_numbers={"pysol": "beleaguered_castle"}, foundations=homes)
    assert Counter(order_for(rules, parse_deal("pysol:3"))) == Counter(c for c in range(52) if c % 13)
    # Golf deals every card; this variant sets the Aces out first.
    rules = variant(tmp_path, 7, 5, deal_numbers={"pysol": "golf"}, foundations=homes)
    assert refusal(rules, "pysol:3") == ("pysol:3: PySolFC's golf deals AC AD AH AS; "
                                         "stand-in sets them out before the deal")


# --- order_from_layout: any layout, any dealing sequence ----------------------------------------

@st.composite
def layouts(draw):
    n_piles = draw(st.integers(1, 12))
    targets = draw(st.lists(st.integers(0, n_piles - 1), max_size=104))
    pack = draw(st.permutations(cards.full_pack(2)))
    stock_size = draw(st.integers(0, len(pack) - len(targets)))
    dealt, stock = pack[:len(targets)], pack[len(targets):len(targets) + stock_size]
    sizes = Counter(targets)
    layout, start = {}, 0
    for pile in range(n_piles):
        layout[pile] = dealt[start:start + sizes[pile]]
        start += sizes[pile]
    return n_piles, targets, layout, stock


@functools.lru_cache(maxsize=None)
def plain_rules(n_piles: int):
    """Real rules of a plain two-deck game of ``n_piles`` columns and a stock (no set-out,
    split, chosen or moved cards, nothing dealt to a foundation), compiled by the loader."""
    with tempfile.TemporaryDirectory() as folder:
        return variant(Path(folder), n_piles, 0, decks=2)


@given(layouts())
def test_dealing_the_reconstructed_order_gives_the_layout_back(case):
    n_piles, targets, layout, stock = case
    order = order_from_layout(targets, layout, stock)
    rules = copy.copy(plain_rules(n_piles))
    rules.deal_targets = list(targets)
    piles = deal_by_order(rules, order)
    assert {p: piles[p] for p in range(n_piles)} == layout
    assert piles[rules.stock][::-1] == list(stock)


def test_order_from_layout_refuses_a_layout_the_targets_do_not_make():
    with pytest.raises(ValueError, match="target 3 is pile 1, which holds only 1 cards"):
        order_from_layout([0, 1, 1], {0: [5], 1: [6]}, [])
    with pytest.raises(ValueError, match="pile 0 holds 2 cards; the targets deal it 1"):
        order_from_layout([0, 1], {0: [5, 7], 1: [6]}, [])


# --- the shipped variants deal what PySolFC and Microsoft FreeCell show ------------------

SHIPPED_WITH_NUMBERS = ["freecell", "bakers-game", "klondike", "golf", "yukon"]


@pytest.mark.parametrize("name", SHIPPED_WITH_NUMBERS)
@pytest.mark.parametrize("text", ["ms:1", "ms:617", "ms:11982", "pysol:31999", "pysol:123456789"])
def test_shipped_variant_deals_the_external_layout(name, text):
    from patience_core import load_rules
    from patience_core.model.deal import start_position

    rules = load_rules(name)
    deal = parse_deal(text)
    layout = external_layout(rules.definition["deal_numbers"]["pysol"], deal)
    position = start_position(rules, order_for(rules, deal))
    for i, pile in enumerate(rules.deal_piles):
        assert tuple(position.piles[pile]) == layout.piles[i], (name, text, rules.pile_names[pile])
        assert position.down[pile] == layout.face_down[i], (name, text, rules.pile_names[pile])
    turned_to_foundation = sum(1 for t in rules.deal_targets if rules.is_foundation[t])
    stock = list(reversed(position.piles[rules.stock]))
    assert stock == list(layout.talon[turned_to_foundation:])


def test_cli_plays_a_microsoft_deal_and_refuses_what_does_not_fit():
    from conftest import run_cli

    code, out, err = run_cli("play", "freecell", "--deal", "ms:11982", "--policy", "naive", "--json")
    assert code == 0 and '"deal": "ms:11982"' in out
    code, out, err = run_cli("solve", "spider", "--deal", "ms:3")
    assert code != 0 and len(err.strip().splitlines()) == 1 and "spider" in err
    code, out, err = run_cli("play", "freecell", "--deal", "ms:99999999999", "--policy", "naive")
    assert code != 0 and "out of range" in err and len(err.strip().splitlines()) == 1
