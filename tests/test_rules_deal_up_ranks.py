"""During the deal only cards of given ranks go up (``deal_to_foundations: [A]``, PySolFC's
Troika and Quads): each Ace goes to its foundation as it is dealt, its fan a card short; a Two
dealt after its Ace stays in the fans (with ``true`` it would go up too, as in Citadel)."""
from __future__ import annotations

from patience_core import deal_seed, load_rules
from conftest import run_cli


def test_only_the_aces_go_up_in_the_deal_and_their_fans_stay_short():
    rules = load_rules("troika")
    for seed in range(1, 30):
        position = deal_seed(rules, seed)
        home = [position.piles[f] for f in rules.foundations]
        assert all(len(pile) == 1 and pile[0] % 13 == 0 for pile in home)
        assert sum(len(position.piles[p]) for p in rules.groups["tableau"]) == 48



def test_with_true_the_twos_that_follow_would_go_up_too(tmp_path):
    from patience_core.variants.catalog import build_registry, compile_variant
    path = tmp_path / "every.yaml"
    path.write_text("extends: troika\nname: every\ndeal_to_foundations: true\n")
    every = compile_variant(build_registry().add_file(path))
    counts = [sum(len(deal_seed(every, s).piles[f]) for f in every.foundations) for s in range(1, 30)]
    assert max(counts) > 4   # some deal sends a Two (or more) up after its Ace


def test_show_names_the_ranks():
    code, out, _ = run_cli("show", "troika")
    assert code == 0 and "While dealing, an A that fits a foundation goes there instead" in out
