"""Montana's relatives (PySolFC's montana.py), each rule from its class:

- Galary_RowStack (Galary, Free Parking): a gap also takes the card one rank below the card on
  its right, and the place right of a row's last place is the next row's first
  (``right: {rank: down, across_rows: true}``);
- Paganini_RowStack / Paganini_Talon: ranks counted in the stripped pack's order, 6 after A
  (``order: pack``); Jungle_RowStack: any suit; SpacesAndAces_RowStack: any higher rank;
- BlueMoon.startGame: each Ace moves into the next place the deal left empty
  (``fill_dealt_gaps: A``); RedMoon's shuffle hook: the Aces set out on the rows' first places
  (``setout``);
- Station_Talon and Spaces_Talon: the gaps a redeal leaves (``gaps: row-end``, ``random``)."""
from __future__ import annotations

from collections import Counter

import pytest

from patience_core import deal_seed, load_rules
from patience_core.model import cards
from patience_core.model.legal import gap_cards
from patience_core.model.deal import dealt_pack, parse_pack, seeded_order, start_position
from patience_core.model.moves import BETWEEN_PILES, GATHER
from patience_core.model.position import Position
from conftest import c, cs, pile, played_and_undone, refusal


def grid_position(rules, text: str, aside: str = "") -> Position:
    """Places grid:1.. from ``text`` (``--``: a gap), ``aside`` on the foundations in order; the
    cards of the pack not named stay out (the rules only read the places beside a gap)."""
    layout = [[] for _ in range(rules.n_piles)]
    for i, card in enumerate(text.split()):
        if card != "--":
            layout[rules.groups["grid"][i]] = [c(card)]
    for f, card in zip(rules.foundations, cs(aside)):
        layout[f] = [card]
    return Position(rules, layout, 0)


def takers(position, card: str) -> list[str]:
    rules = position.rules
    return [rules.pile_names[d] for d in rules.groups["grid"]
            if not position.piles[d] and c(card) in gap_cards(position, d)]


def test_free_parking_looks_right_too_and_across_the_row_end():
    rules = load_rules("free-parking")
    row1 = "2C 3C -- 6H 5C 6C 7C 8C 9C 10C JC QC --"
    row2 = "9D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD 2D"
    position = grid_position(rules, " ".join([row1, row2] + ["--"] * 26))
    assert takers(position, "4C") == ["grid:3"] and takers(position, "4H") == []
    assert "grid:3" in takers(position, "5H")        # one below the 6H on its right
    assert "grid:13" in takers(position, "8D")       # one below row 2's first card, 9D
    assert "grid:13" in takers(position, "KC")       # one above the QC on its left
    moves = [m for m in position.legal_moves() if m.kind is BETWEEN_PILES]
    assert len(moves) == len(set(moves))


def test_galary_does_not_look_across_a_row_start_and_montana_looks_left_only():
    galary = load_rules("galary")
    position = grid_position(galary, " ".join(["AC 2C"] + ["--"] * 12 + ["5S"] + ["--"] * 41))
    assert takers(position, "4S") == ["grid:14"]   # row 1's last place, left of row 2's first card, 5S
    assert takers(position, "3C") == ["grid:3"]
    montana = load_rules("montana")
    position = grid_position(montana, " ".join(["2C", "--", "5C"] + ["--"] * 49))
    assert takers(position, "3C") == ["grid:2"] and takers(position, "4C") == []


def test_paganini_counts_ranks_in_its_packs_order():
    rules = load_rules("paganini")
    assert rules.pack_ranks == (0, 5, 6, 7, 8, 9, 10, 11, 12)
    position = grid_position(rules, " ".join(["AH", "--", "--", "6S", "--"] + ["--"] * 35))
    assert takers(position, "6H") == ["grid:2"] and takers(position, "7S") == ["grid:5"]
    won = " ".join(" ".join(f"{r}{s}" for r in ["A", "6", "7", "8", "9", "10", "J", "Q", "K"]) + " --"
                   for s in "CDHS")
    assert grid_position(rules, won).is_won()


def test_jungle_takes_any_suit_and_spaces_and_aces_any_higher_rank():
    jungle = load_rules("jungle")
    position = grid_position(jungle, " ".join(["AC", "5H", "--"] + ["--"] * 53))
    assert sorted(takers(position, card)[0] for card in ("6C", "6D", "6H", "6S")) == ["grid:3"] * 4
    assert takers(position, "7H") == []
    aces = load_rules("spaces-and-aces")
    position = grid_position(aces, " ".join(["AC", "5H", "--"] + ["--"] * 53))
    assert takers(position, "9H") == ["grid:3"] and takers(position, "KH") == ["grid:3"]
    assert takers(position, "4H") == [] and takers(position, "9C") == []


def test_blue_moon_moves_each_ace_into_a_rows_first_place():
    rules = load_rules("blue-moon")
    grid = rules.groups["grid"]
    firsts = grid[::14]
    for seed in range(1, 12):
        order = seeded_order(rules, seed)
        dealt_to = [p for p in grid if rules.piles[p].cards]
        aces = [p for p, card in zip(dealt_to, order) if card % 13 == 0]
        position = deal_seed(rules, seed)
        assert [position.piles[p][0] for p in firsts] == [order[dealt_to.index(p)] for p in aces]
        assert [p for p in grid if not position.piles[p]] == aces


def test_spaces_and_aces_and_paganini_ii_leave_their_aces_where_they_fall():
    for name in ("spaces-and-aces", "paganini-ii"):
        position = deal_seed(load_rules(name), 4)
        rules = position.rules
        assert all(not position.piles[p] for p in rules.groups["grid"][::14])


def test_red_moon_sets_the_aces_out_and_deals_the_rest_from_the_third_places():
    rules = load_rules("red-moon")
    assert len(dealt_pack(rules)) == 48
    position = deal_seed(rules, 1)
    grid = rules.groups["grid"]
    assert [cards.card_name(position.piles[p][0]) for p in grid[::14]] == ["AC", "AS", "AH", "AD"]
    assert all(not position.piles[p] for p in grid[1::14])
    order = seeded_order(rules, 1)
    assert start_position(rules, parse_pack(" ".join(map(cards.card_name, order)), rules)).piles == position.piles
    double = deal_seed(load_rules("double-red-moon"), 1)
    assert [cards.card_name(double.piles[p][0]) for p in double.rules.groups["grid"][::14]] == \
        ["AC", "AC", "AS", "AS", "AH", "AH", "AD", "AD"]


def _redealt(name: str, seed: int) -> tuple[Position, list[int]]:
    position = deal_seed(load_rules(name), seed)
    places = list(position.rules.groups["grid"])
    position.apply(next(m for m in position.legal_moves() if m.kind is GATHER))
    return position, places


def test_station_leaves_each_rows_last_place_empty_after_a_redeal():
    for seed in (1, 2, 3):
        position, grid = _redealt("station", seed)
        assert [p for p in grid if not position.piles[p]] == grid[12::13]


def test_spaces_leaves_four_gaps_at_random_the_same_each_time():
    seen = set()
    for seed in (1, 2, 3, 4):
        position, grid = _redealt("spaces", seed)
        gaps = tuple(p for p in grid if not position.piles[p])
        assert len(gaps) == 4 and Counter(len(position.piles[p]) for p in grid)[1] == 48
        again, _ = _redealt("spaces", seed)
        assert again.piles == position.piles
        seen.add(tuple(sorted(q % 13 for q in gaps)))
    assert len(seen) > 1


@pytest.mark.parametrize("name, aside", [("double-montana", 8), ("house-of-commons", 4), ("line-up", 4)])
def test_the_cards_set_aside_leave_their_places_empty(name, aside):
    rules = load_rules(name)
    position = deal_seed(rules, 5)
    assert sum(len(position.piles[f]) for f in rules.foundations) == aside
    assert sum(1 for p in rules.groups["grid"] if not position.piles[p]) == aside
    assert played_and_undone(rules, 5, lambda p, moves: moves[-1] if len(p.history) < 30 else None)


def test_line_up_is_won_with_ace_to_five_in_each_row():
    rules = load_rules("line-up")
    won = " ".join(" ".join(f"{r}{s}" for r in "A2345") + " --" for s in "CDHS")
    assert grid_position(rules, won, aside="6C 6D 6H 6S").is_won()
    assert not grid_position(rules, won.replace("4C 5C", "5C 4C"), aside="6C 6D 6H 6S").is_won()


def test_rectangular_rovers_slides_a_card_from_a_place_next_to_the_gap_only():
    rules = load_rules("rectangular-rovers")
    position = grid_position(rules, "2C -- 3C 4C 5C AC "
                                    "2D 3D 4D 5D AD -- "
                                    "2H 3H 4H 5H AH 2S "
                                    "3S 4S 5S AS -- --", aside="6C 6D 6H 6S")
    sources = sorted(rules.pile_names[m.src] for m in position.legal_moves() if m.dst == pile(rules, "grid:2"))
    assert sources == ["grid:1", "grid:3", "grid:8"]   # left, right, below; never diagonally
    into_12 = sorted(rules.pile_names[m.src] for m in position.legal_moves() if m.dst == pile(rules, "grid:12"))
    assert into_12 == ["grid:11", "grid:18", "grid:6"]
    assert "grid:13" not in into_12   # a row's last place does not touch the next row's first
    assert "takes a card only from" in refusal(position, "AH", "grid:17", "grid:2")
