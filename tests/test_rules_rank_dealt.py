"""A base rank the pack's first card chooses, its other cards set out (``start: rank-dealt``),
and gaps that take only the rank one below a base the deal chooses (``empty: below-base``).

PySolFC's Penguin and Petal shuffle hooks gather every card of the rank of the pack's top
card: Petal puts all four on the foundations, Penguin three, its beak going to the bottom of
the first column; Penguin's and Agnes Bernauer's columns take in a gap only the rank one
below the base."""
from __future__ import annotations

import pytest

from patience_core import load_rules
from patience_core.errors import PackError
from patience_core.model.deal import deal_by_order, format_pack, parse_pack, start_position
from patience_core.model.legal import accepts
from patience_core.model.moves import BETWEEN_PILES
from patience_core.model.position import Position
from conftest import (assert_random_play_consistent, c, cs, names, pile, pile_cards, refusal, run_cli,
                      validate_refusal)


def _order(rules, first: str, then: str = "") -> list[int]:
    """A whole pack, top first: ``first``, then ``then``, then the rest in pack order."""
    head = cs(f"{first} {then}")
    return head + [card for card in rules.pack if card not in head]


def _foundation_tops(rules, piles) -> list[str]:
    return [names(piles[f])[0] if piles[f] else "--" for f in rules.foundations]


def test_penguin_beak_starts_the_first_column_and_the_rest_of_its_rank_goes_up():
    rules = load_rules("penguin")
    piles = deal_by_order(rules, _order(rules, "5S", "KH 5C 2D"))
    assert _foundation_tops(rules, piles) == ["5C", "5D", "5H", "--"]   # each on its suit's pile
    column = names(piles[pile(rules, "tableau:1")])
    assert column[0] == "5S" and len(column) == 7                     # the beak at the bottom
    assert [names(piles[pile(rules, f"tableau:{n}")])[0] for n in (2, 3)] == ["KH", "2D"]  # 5C went up
    assert all(len(piles[p]) == 7 for p in rules.groups["tableau"]) and not piles[rules.stock]
    position = Position(rules, piles)
    spades = rules.foundations[3]
    assert position.wanted(spades) == (c("5S"),)                      # the empty pile waits for the beak
    assert position.wanted(rules.foundations[0]) == (c("6C"),)


def test_petal_and_napoleon_send_the_first_card_up_too():
    rules = load_rules("petal")
    piles = deal_by_order(rules, _order(rules, "QD", "3C QS"))
    assert _foundation_tops(rules, piles) == ["QC", "QD", "QH", "QS"]
    assert names(piles[pile(rules, "tableau:1")])[0] == "3C"           # the first card left to deal
    assert sum(len(piles[p]) for p in rules.groups["cells"]) == 4 and not piles[rules.stock]


def test_the_pack_file_is_the_whole_shuffled_pack():
    rules = load_rules("penguin")
    order = _order(rules, "JH")
    assert parse_pack(format_pack(order), rules) == order
    with pytest.raises(PackError, match="51 cards; expected 52"):
        parse_pack(format_pack(order[:-1]), rules)


def test_a_gap_takes_only_the_rank_below_the_base_and_a_run_from_it():
    rules = load_rules("penguin")
    # base 5: a gap takes a 4 only, wrapping: with base A it takes a K
    position = start_position(rules, _order(rules, "5S", "4H 3H 9C"))
    gap = pile(rules, "tableau:1")
    t2 = pile(rules, "tableau:2")
    position.piles[gap][:] = []
    position.piles[t2][:] = cs("9D 4H 3H")   # a run of two from the 4H
    position = Position(rules, position.piles, ranks=position.ranks)
    assert accepts(position, gap, c("4H"), 2, t2) and not accepts(position, gap, c("3H"), 1, t2)
    into_gap = {(names([m.card])[0], m.count) for m in position.legal_moves()
                if m.kind is BETWEEN_PILES and m.dst == gap}
    assert ("4H", 2) in into_gap and ("3H", 1) not in into_gap
    assert all(card.startswith("4") for card, _n in into_gap)
    assert "takes only a 4, one below the foundations' base" in refusal(position, "3H", "tableau:2", "tableau:1")


def test_agnes_bernauer_gap_reads_the_base_dealt_last_wrapping_below_the_ace():
    rules = load_rules("agnes-bernauer")
    order = [card for card in rules.pack if card != c("AD")]
    order.insert(len(rules.deal_targets) - 1, c("AD"))   # the last card dealt goes to foundation:1
    position = start_position(rules, order)
    assert pile_cards(position, "foundation:1") == ["AD"]
    gap = pile(rules, "tableau:1")
    position.piles[gap][:] = []
    assert accepts(position, gap, c("KS")) and not accepts(position, gap, c("QS"))
    assert not accepts(position, gap, c("AS"))


def test_random_play_keeps_the_takers_and_undoes_exactly():
    for name in ("penguin", "agnes-bernauer", "petal"):
        assert_random_play_consistent(load_rules(name))


def test_show_says_so():
    code, out, _ = run_cli("show", "penguin")
    assert code == 0 and "the other cards of that rank go up, each onto a pile of its suit" in out
    assert "the first card is dealt first, to the bottom of tableau:1" in out
    assert "an empty pile takes only the rank one below the foundations' base" in out
    code, out, _ = run_cli("show", "petal")
    assert code == 0 and "the first card goes up onto its suit's pile with them" in out


def test_nonsense_is_refused(tmp_path):
    assert "rank-dealt sets out the cards of the rank the pack's first card chooses; expected base: deal" in \
        validate_refusal(tmp_path, "extends: penguin\nname: bad\nfoundations: {home: {base: A}}\n")
    assert "below-base takes the rank one below a base the deal chooses" in validate_refusal(
        tmp_path, "extends: tuxedo\nname: bad\npiles: {tableau: {empty: below-base}}\n")
    assert "expected 'home' first in deal" in validate_refusal(
        tmp_path, "extends: petal\nname: bad\ndeal: [tableau, home, cells]\n")
    assert "sets out 8 cards of the chosen rank, but the group has 4 piles" in validate_refusal(
        tmp_path, "extends: penguin\nname: bad\ndecks: 2\n")
    assert "sets out 2 S of the chosen rank, but 1 pile takes that suit" in validate_refusal(
        tmp_path, "extends: penguin\nname: bad\ndecks: 2\nfoundations: {home: {count: 8, suits: [C, C, C, D, D, "
                  "H, H, S]}}\n")


def test_safe_plays_never_spoil_a_won_ending():
    """The safe-play rule reads the base the deal chose: a card goes up only once nothing that
    could lie on it is out, and a gap that takes one rank only is never needed by it."""
    from patience_core.agents.safe import safe_moves
    from patience_core.solver.solve import engine_search
    from endings import endings

    for name in ("penguin", "agnes-bernauer"):
        rules = load_rules(name)
        checked = 0
        for seed, rest in ((1, 8), (2, 10), (3, 12), (4, 14), (5, 16), (6, 8), (7, 10), (8, 12)):
            for position in endings(rules, seed, rest):
                if engine_search(position, max_positions=20_000).verdict != "won":
                    continue
                for move in list(safe_moves(position)):
                    position.apply(move)
                    assert engine_search(position, max_positions=20_000).verdict != "lost", (name, seed, move)
                    position.undo()
                    checked += 1
        assert checked >= 3, name
