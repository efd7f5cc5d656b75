"""Build rules that count ranks in a stripped pack's own order (``order: pack``), take a card of
the other suit of the same colour (``suit: other-same-colour``) and join three rules (an ``or``
inside an ``or``): PySolFC's Sticko_Foundation, whose 32-card pack puts the Ace between the King
and the Seven."""
from __future__ import annotations

from patience_core import load_rules
from patience_core.model.rules import _build_rule
from conftest import c, run_cli, validate_refusal


def _foundation_rule():
    rules = load_rules("sticko")
    return rules.f_spec[rules.foundations[0]].build


def test_up_in_suit_counts_the_pack_round_king_ace_seven():
    rule = _foundation_rule()
    assert rule.follows(c("QS"), c("KS")) and rule.follows(c("KS"), c("AS")) and rule.follows(c("AS"), c("7S"))
    assert not rule.follows(c("7S"), c("AS")) and not rule.follows(c("KS"), c("7S"))


def test_down_only_in_the_other_suit_of_the_same_colour():
    rule = _foundation_rule()
    assert rule.follows(c("9S"), c("8C")) and rule.follows(c("7H"), c("AD")) and rule.follows(c("AC"), c("KS"))
    assert not rule.follows(c("9S"), c("8S"))      # the same suit: no
    assert not rule.follows(c("9S"), c("8H"))      # the other colour: no


def test_the_same_rank_only_in_the_other_colour():
    rule = _foundation_rule()
    assert rule.follows(c("9S"), c("9H")) and rule.follows(c("9D"), c("9C"))
    assert not rule.follows(c("9S"), c("9C"))


def test_without_order_pack_ranks_count_all_thirteen():
    rule = _build_rule({"rank": "up", "suit": "same", "wrap": True}, (0, 6, 7, 8, 9, 10, 11, 12))
    assert not rule.follows(c("AS"), c("7S")) and rule.follows(c("KS"), c("AS"))


def test_show_says_so_and_order_without_a_rank_step_is_refused(tmp_path):
    code, out, _ = run_cli("show", "sticko")
    assert code == 0 and "in the pack's order of ranks (A 7 8 9 10 J Q K, wrapping)" in out
    assert "in the other suit of the same colour" in out
    assert "says how up and down count ranks" in validate_refusal(
        tmp_path, "extends: sticko\nname: bad\nfoundations: {home: {build: {rank: same, order: pack}}}\n")
