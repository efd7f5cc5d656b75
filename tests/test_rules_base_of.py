"""A foundation group whose base is another group's dealt base, some ranks on
(``base: {of: GROUP, offset: N}``): Grandmamma's Patience (PySolFC 622, GrandmammasPatience.
startGame: the first card goes to the Descending pile of its suit, and the Ascending piles
start at the rank above it, K followed by A)."""
from __future__ import annotations

from patience_core import load_rules
from conftest import assert_random_play_consistent, c, crafted_deal, run_cli, validate_refusal


def test_ascending_piles_start_one_rank_above_the_dealt_card():
    rules = load_rules("grandmammas-patience")
    # 5H goes to the third Descending pile (hearts, PySolFC's suit order C S H D), not the first
    position = crafted_deal(rules, {"foundation:1": "5H"})
    assert position.piles[rules.pile_index("foundation:3")] == [c("5H")]
    assert set(position.wanted(rules.pile_index("foundation:3"))) == {c("4H")}
    assert set(position.wanted(rules.pile_index("foundation:1"))) == {c("5C")}
    assert set(position.wanted(rules.pile_index("foundation:5"))) == {c("6C")}
    assert set(position.wanted(rules.pile_index("foundation:7"))) == {c("6H")}


def test_a_king_dealt_starts_the_ascending_piles_at_the_ace():
    rules = load_rules("grandmammas-patience")
    position = crafted_deal(rules, {"foundation:1": "KD"})
    assert set(position.wanted(rules.pile_index("foundation:4"))) == {c("QD")}
    assert set(position.wanted(rules.pile_index("foundation:8"))) == {c("AD")}
    assert set(position.wanted(rules.pile_index("foundation:6"))) == {c("AS")}


def test_random_play_rebuilds_and_undoes():
    assert_random_play_consistent(load_rules("grandmammas-patience"), seeds=(1, 2), steps=120)


def test_show_names_the_group_the_base_comes_from():
    code, out, _ = run_cli("show", "grandmammas-patience")
    assert code == 0
    assert "from one rank above the rank the deal gives Descending, up by one, wrapping K-A" in out
    assert "the deal puts the first card on the pile of its suit" in out


_COUSIN = """\
name: bad-base-of
title: Bad base of
decks: 1
piles:
  tableau: {kind: tableau, count: 4, cards: 12, build: {rank: down, suit: any}}
foundations:
  down: {base: DOWN_BASE, step: -1, wrap: true, length: 13, suits: any, count: 2}
  up: {base: UP_BASE, wrap: true, length: 13, suits: any, count: 2EXTRA}
deal: [down, tableau]
"""


def _cousin(down="deal", up="{of: down, offset: 1}", extra=""):
    return _COUSIN.replace("DOWN_BASE", down).replace("UP_BASE", up).replace("EXTRA", extra)


def test_a_cousin_loads(tmp_path):
    code, out, err = run_cli("validate", str(_write(tmp_path, _cousin())))
    assert code == 0, out + err


def _write(tmp_path, text):
    path = tmp_path / "ok.yaml"
    path.write_text(text)
    return path


def test_an_unknown_group_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _cousin(up="{of: dwon, offset: 1}"))
    assert "foundations.up.base.of" in out and "dwon" in out and "down" in out


def test_a_group_without_a_dealt_base_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _cousin(down="K").replace("deal: [down, tableau]", "deal: [tableau]"))
    assert "foundations.up.base.of" in out and "base: deal" in out


def test_a_build_rule_beside_it_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _cousin(extra=", build: {rank: up, suit: same}"))
    assert "foundations.up.base" in out and "build" in out


# -- sequence with base: deal: Four by Four (PySolFC 703, FourByFour_Foundation) -----------------

def test_a_listed_sequence_starts_at_the_dealt_rank_and_goes_round():
    rules = load_rules("four-by-four")
    position = crafted_deal(rules, {"foundation:1": "QS", "waste": "QH"})
    f = rules.pile_index("foundation:1")
    ranks = position.ranks[f]
    assert len(ranks) == 52 and ranks[:4] == (11,) * 4 and ranks[4:12] == (12,) * 4 + (0,) * 4
    assert ranks[-1] == 10   # the Jacks close it
    # more Queens of any suit (then a King): the Queen turned onto the waste goes up
    assert {card % 13 for card in position.wanted(f)} == {11}
    assert any(m.card == c("QH") and m.dst == f for m in position.legal_moves())


def test_four_by_four_random_play_rebuilds_and_undoes():
    assert_random_play_consistent(load_rules("four-by-four"), seeds=(1, 2), steps=120)


def test_show_says_where_a_listed_sequence_starts():
    code, out, _ = run_cli("show", "four-by-four")
    assert code == 0
    assert "K K K K, started at the first place of the rank the deal gives, going on from the end" in out


def test_the_compiled_search_says_it_does_not_know_a_rotated_sequence():
    from patience_core.solver.general.search import _unknown_rule
    assert "sequence with base: deal" in (_unknown_rule(load_rules("four-by-four")) or "")


_LISTED = """\
name: bad-listed
title: Bad listed
decks: 1
piles:
  tableau: {kind: tableau, count: 4, build: {rank: either, suit: any}}
foundations:
  home: {base: deal, sequence: SEQUENCE, suits: regardless, count: 1}
deal: [home, waste]
"""


def test_a_listed_sequence_from_the_deal_missing_a_rank_is_refused(tmp_path):
    out = validate_refusal(tmp_path, _LISTED.replace("SEQUENCE", "[A, 2, 3]"))
    assert "foundations.home.sequence" in out and "every rank" in out


def test_a_listed_sequence_with_a_fixed_base_is_still_refused(tmp_path):
    out = validate_refusal(tmp_path, _LISTED.replace("base: deal", "base: A").replace(
        "SEQUENCE", "[A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K]"))
    assert "foundations.home.base" in out and "sequence lists every rank already" in out
