"""Cards dealt face down never go up during the deal (``deal_to_foundations``), as PySolFC's
dealToStacksOrFoundations sends up only the cards it deals face up: Casket's thirteen jewels,
dealt face down first, keep their Aces, while the Aces dealt to its lid and casket go up, the
place taking the next card. The jewels only feed the lid's gaps, each turned face up."""
from __future__ import annotations

import random

from patience_core.model import cards
from patience_core.model.deal import start_position
from patience_core.model.moves import TO_FOUNDATION
from patience_core.variants.catalog import load_rules
from conftest import c, cs, names, pile, played_and_undone, run_cli


def _casket_deal():
    rules = load_rules("casket")
    first = cs("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC "   # the jewels, face down: the AC stays
               "AD 2D 3D 4D 5D 6D "                        # the lid: AD goes up, lid:1 takes 2D
               "7D 8D 9D 10D JD QD KD 2H 3H")              # the casket's eight columns, then the waste
    pool = [card for card in cards.full_pack(rules.decks)]
    for card in first:
        pool.remove(card)
    return rules, start_position(rules, first + pool)


def test_an_ace_dealt_face_down_stays_and_one_dealt_face_up_goes_up():
    rules, position = _casket_deal()
    jewels = position.piles[pile(rules, "jewels:1")]
    assert names(jewels)[0] == "AC" and len(jewels) == 13 and position.down[pile(rules, "jewels:1")] == 13
    assert names(position.piles[pile(rules, "foundation:2")]) == ["AD"]   # the diamond pile
    assert [names(position.piles[pile(rules, f"lid:{i}")]) for i in range(1, 6)] == [["2D"], ["3D"], ["4D"], ["5D"], ["6D"]]
    assert names(position.piles[pile(rules, "tableau:1")]) == ["7D"]
    assert names(position.piles[rules.waste]) == ["3H"]


def test_a_lid_gap_takes_the_next_jewel_face_up_and_the_jewels_stay_hidden():
    rules, position = _casket_deal()
    (up,) = [m for m in position.legal_moves() if m.kind is TO_FOUNDATION and m.src == pile(rules, "lid:1")]
    position.apply(up)   # the 2D goes onto the AD
    assert names(position.piles[pile(rules, "lid:1")]) == ["KC"]   # the jewels' top card, now face up
    assert position.down[pile(rules, "lid:1")] == 0
    assert position.down[pile(rules, "jewels:1")] == 12
    assert not [m for m in position.legal_moves() if m.src == pile(rules, "jewels:1")]
    assert not [m for m in position.legal_moves() if m.card == c("AC")]


def test_random_play_keeps_the_pack_and_undoes_exactly():
    rng = random.Random(9)
    played_and_undone(load_rules("casket"), 2, lambda pos, moves: rng.choice(moves) if moves else None, 400)


def test_show_says_face_up():
    assert "an A that fits a foundation and is dealt face up goes there instead" in run_cli("show", "casket")[1]
