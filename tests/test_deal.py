"""Deal numbers, pack files, and the unbiased removal of set-out cards."""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import FIXTURES, get_rules, names
from patience_core.model import cards
from patience_core.model.deal import (dealt_pack, format_pack, parse_pack, read_pack_file, seeded_order, shuffle,
                                 start_position)
from patience_core.errors import PackError
from patience_core.agents.policies import play_naive

# The first cards of a few deal numbers. A change of shuffle (or of the random source)
# changes every deal number players have written down: this test must then fail.
PINNED = [
    ("royal-cotillion", {}, 1, "6C AC 7D 10D 4H JD 4C KS"),
    ("royal-cotillion", {}, 2, "QS 9D 8C 2H 3H 7D 4H 4D"),
    ("royal-cotillion", {}, 1000, "5H 10C 5C KH 6C 8H QS 5D"),
    ("royal-cotillion", {"bases": "dealt"}, 1, "3H 10D 4S 6C 9H 9C 8C 4H"),
    ("royal-cotillion", {"bases": "dealt"}, 1000, "JS 10C 5D 10H 7C 3S 10S 2D"),
    ("gavotte", {"ranks": "6,7"}, 2, "QS 9D 8C 2H 3H 7D 4H 4D"),
    ("odd-and-even", {}, 1000, "5H 10C 5C KH 6C 8H QS 5D"),
    ("contradance", {"bases": "dealt"}, 1, "7S AH 9C 3H 8S 7C 4C 9C"),
    ("contradance", {"bases": "dealt"}, 2, "KC 4D KS JS AD 2H AC JS"),
]


@pytest.mark.parametrize("name, params, seed, first", PINNED)
def test_deal_numbers_are_pinned(name, params, seed, first):
    rules = get_rules(name, **params)
    assert names(seeded_order(rules, seed)[:8]) == first.split()


def test_a_deal_is_a_permutation_of_the_dealt_pack_and_seeds_differ():
    rules = get_rules("royal-cotillion")
    one, two = seeded_order(rules, 1), seeded_order(rules, 2)
    assert Counter(one) == Counter(dealt_pack(rules)) == Counter(two)
    assert one != two and seeded_order(rules, 1) == one


def test_the_seed_and_the_variant_identify_the_game():
    # Same shuffle for the same dealt pack, but the layout follows each variant's deal.
    rc, oe = get_rules("royal-cotillion"), get_rules("odd-and-even")
    assert seeded_order(rc, 5) == seeded_order(oe, 5)
    order = seeded_order(rc, 5)
    first_rc, first_oe = start_position(rc, order), start_position(oe, order)
    assert first_rc.piles[rc.pile_index("left:1")][0] == first_oe.piles[oe.pile_index("reserve:1")][0] == order[0]
    assert first_rc.piles[rc.pile_index("right:1")] == [order[12]]
    assert first_oe.piles[oe.pile_index("reserve:2")] == [order[1]]
    assert len(first_oe.piles[oe.stock]) == 95 and len(first_rc.piles[rc.stock]) == 76


# --- pack files ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, params", [("royal-cotillion", {}), ("royal-cotillion", {"bases": "dealt"}),
                                          ("gavotte", {"free": "left"}), ("contradance", {"bases": "dealt"})])
def test_pack_round_trip_plays_the_same_game(tmp_path, name, params):
    rules = get_rules(name, **params)
    order = seeded_order(rules, 42)
    path = tmp_path / "deal.pack"
    path.write_text(format_pack(order))
    assert read_pack_file(path, rules) == order
    by_seed, by_pack = start_position(rules, order), start_position(rules, read_pack_file(path, rules))
    assert by_seed.key() == by_pack.key()
    moves_seed, moves_pack = [], []
    play_naive(by_seed, moves_seed)
    play_naive(by_pack, moves_pack)
    assert moves_seed == moves_pack and by_seed.key() == by_pack.key()


def test_pack_file_format_is_one_token_per_card_top_first_any_spelling():
    rules = get_rules("royal-cotillion")
    order = seeded_order(rules, 3)
    text = format_pack(order)
    assert text.split()[0] == cards.card_name(order[0]) and len(text.split()) == 104
    spelled = "\n".join(t.lower().replace("10", "t") for t in text.split())  # newlines, lower case, T
    assert parse_pack(spelled, rules) == order


def test_shipped_fixture_pack_deals(tmp_path):
    rules = get_rules("royal-cotillion")
    order = read_pack_file(FIXTURES / "packs" / "rc-seed-1.pack", rules)
    assert order == seeded_order(rules, 1)


def _pack_text(rules, seed=1):
    return format_pack(seeded_order(rules, seed)).split()


def test_pack_with_a_card_missing_is_refused():
    rules = get_rules("royal-cotillion")
    tokens = _pack_text(rules)
    tokens.remove("7H")
    with pytest.raises(PackError) as info:
        parse_pack(" ".join(tokens), rules, "deal.pack")
    assert str(info.value) == "deal.pack: 103 cards; expected 104 (the 104-card pack); missing 7H"


def test_pack_with_too_many_cards_is_refused():
    rules = get_rules("royal-cotillion")
    with pytest.raises(PackError, match=r"^deal.pack: 105 cards; expected 104 \(the 104-card pack\)$"):
        parse_pack(" ".join(_pack_text(rules) + ["AC"]), rules, "deal.pack")


def test_pack_with_a_duplicate_beyond_the_number_of_decks_is_refused():
    rules = get_rules("royal-cotillion")
    tokens = _pack_text(rules)
    tokens[tokens.index("7H")] = "KS"  # a third KS in place of a 7H: the count is right
    with pytest.raises(PackError) as info:
        parse_pack(" ".join(tokens), rules, "deal.pack")
    assert str(info.value) == "deal.pack: KS appears 3 times; expected at most 2 (2 decks); missing 7H"


@pytest.mark.parametrize("token, number, why", [("1X", 5, "unknown suit 'X'"), ("ZH", 5, "unknown rank 'Z'"),
                                                 ("H", 5, "expected rank then suit")])
def test_pack_with_an_unknown_card_is_refused(token, number, why):
    rules = get_rules("royal-cotillion")
    tokens = _pack_text(rules)
    tokens[number - 1] = token
    with pytest.raises(PackError) as info:
        parse_pack(" ".join(tokens), rules, "deal.pack")
    message = str(info.value)
    assert message.startswith(f"deal.pack: card {number}: not a card: {token!r}") and why in message


def test_pack_for_dealt_bases_omits_the_set_out_cards():
    rules = get_rules("royal-cotillion", bases="dealt")
    tokens = _pack_text(rules)
    assert len(tokens) == 96 and Counter(tokens)["AC"] == 1 and Counter(tokens)["2S"] == 1
    with pytest.raises(PackError) as info:  # the full 104-card pack is refused
        parse_pack(" ".join(_pack_text(get_rules("royal-cotillion"))), rules, "deal.pack")
    assert str(info.value) == ("deal.pack: 104 cards; expected 96 "
                               "(the 104-card pack less 8 set out before the deal)")
    tokens[tokens.index("KD")] = "AC"  # right count, but a second AC that is already set out
    with pytest.raises(PackError) as info:
        parse_pack(" ".join(tokens), rules, "deal.pack")
    assert str(info.value) == ("deal.pack: AC appears 2 times; expected at most 1 "
                               "(1 set out before the deal); missing KD")


def test_unreadable_pack_file(tmp_path):
    rules = get_rules("royal-cotillion")
    with pytest.raises(PackError, match="nope.pack: cannot read pack file"):
        read_pack_file(tmp_path / "nope.pack", rules)


# --- set-out bases are removed before shuffling: the rest is unbiased ------------------------------

def _position_table(orders, pack):
    """Pearson's chi-square of "card code at position": every code should be at every position
    with probability (its copies in the pack) / (pack size)."""
    size, copies, deals = len(pack), Counter(pack), len(orders)
    table = [[0] * 52 for _ in range(size)]
    for order in orders:
        for position, card in enumerate(order):
            table[position][card] += 1
    chi2 = 0.0
    for position in range(size):
        for card in copies:
            expected = deals * copies[card] / size
            chi2 += (table[position][card] - expected) ** 2 / expected
    freedom = (size - 1) * (len(copies) - 1)
    return chi2, freedom


# 3000 fixed deal numbers: deterministic, so the test cannot flake; the bound is generous
# (mean + 6 standard deviations of the chi-square distribution).
DEALS = range(1, 3001)


def _bound(freedom):
    return freedom + 6 * (2 * freedom) ** 0.5


@pytest.mark.parametrize("name, params", [("royal-cotillion", {"bases": "dealt"}),
                                          ("royal-cotillion", {}),
                                          ("contradance", {"bases": "dealt"})])
def test_every_card_is_equally_likely_at_every_dealt_position(name, params):
    rules = get_rules(name, **params)
    pack = dealt_pack(rules)
    chi2, freedom = _position_table([seeded_order(rules, seed) for seed in DEALS], pack)
    assert chi2 < _bound(freedom), f"chi-square {chi2:.0f} with {freedom} degrees of freedom"


def test_the_check_catches_removing_the_first_copy_found_after_shuffling():
    # The biased way the sheets forbid: shuffle all 104, then take out the first A and 2 of
    # each suit found. The remaining copies then sit late in the pack, and the test sees it.
    rules = get_rules("royal-cotillion", bases="dealt")

    def biased(seed):
        order = shuffle(cards.full_pack(2), seed)
        for _f, card in rules.setout:
            order.remove(card)
        return order

    chi2, freedom = _position_table([biased(seed) for seed in DEALS], dealt_pack(rules))
    assert chi2 > 2 * _bound(freedom)


def test_bases_dealt_sets_out_exactly_one_ace_and_one_two_per_suit():
    rules = get_rules("royal-cotillion", bases="dealt")
    assert sorted(names(card for _f, card in rules.setout)) == sorted("AC AD AH AS 2C 2D 2H 2S".split())
    position = start_position(rules, seeded_order(rules, 9))
    everything = Counter(card for p in position.piles for card in p)
    assert everything == Counter(cards.full_pack(2))
