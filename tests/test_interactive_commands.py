"""What the player types (patience_core.ui.commands): labels from the rules, forgiving input,
one-line refusals that say why, and questions when the words fit several moves."""
from __future__ import annotations

import pytest

from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core import deal_seed, load_rules

from patience_core.model import cards
from patience_core.ui.commands import (Choice, PileLabels, Refusal, move_words, parse_command, redeal_move,
                                    resolve_move, turn_move)
from patience_core.model.position import Position


def c(text: str) -> int:
    return cards.parse_card(text)


def layout(rules, piles: dict[str, str], tops: dict[str, str] | None = None, redeals_left=None) -> Position:
    """A position holding only the named cards (enough for parsing: the pack need not add up)."""
    result: list[list[int]] = [[] for _ in range(rules.n_piles)]
    for name, top in (tops or {}).items():
        f = rules.pile_index(name)
        card = c(top)
        sequence = rules.f_rank_at[f]
        result[f] = [cards.make(r, card // 13) for r in sequence[:sequence.index(card % 13) + 1]]
    for name, text in piles.items():
        result[rules.pile_index(name)] = [c(t) for t in text.split()]
    return Position(rules, result, redeals_left)


@pytest.fixture(scope="module")
def rc():
    return load_rules("royal-cotillion")


def test_labels_are_derived_from_the_pile_groups(rc):
    labels = PileLabels(rc)
    assert [labels.label(p) for p in rc.groups["left"]] == ["l1", "l2", "l3", "l4"]
    assert labels.label(rc.pile_index("right:11")) == "r11"
    assert (labels.label(rc.stock), labels.label(rc.waste)) == ("s", "w")
    assert labels.label(rc.pile_index("foundation:3")) == "f3"
    odd = PileLabels(load_rules("odd-and-even"))
    assert odd.label(odd.rules.pile_index("reserve:9")) == "r9"


def test_prefixes_stay_unambiguous_when_groups_share_letters(tmp_path):
    text = (tmp_path / "v.yaml")
    text.write_text("""\
name: crowded
title: Crowded
description: three groups starting with r
decks: 2
piles:
  right: {kind: reserve, title: R, count: 2, cards: 1, fill: [waste, stock]}
  reserve: {kind: reserve, title: Res, count: 2, cards: 1, fill: [waste, stock]}
  row: {kind: tableau, title: Row, count: 1, cards: 2}
foundations:
  ace: {title: A, base: A, step: 2, wrap: true, length: 13, suits: fixed, count: 4}
  two: {title: T, base: "2", step: 2, wrap: true, length: 13, suits: fixed, count: 4}
deal: [right, reserve, row]
""", encoding="utf-8")
    rules = load_rules(file=text)
    labels = PileLabels(rules)
    assert labels.label(rules.pile_index("right:2")) == "ri2"
    assert labels.label(rules.pile_index("reserve:1")) == "re1"
    assert labels.label(rules.pile_index("row:1")) == "ro"
    assert labels.parse_pile("res2") == rules.pile_index("reserve:2")
    with pytest.raises(Refusal, match="could mean right or reserve or row"):
        labels.parse_pile("r2")


def test_parse_pile_accepts_prefixes_and_full_ids(rc):
    labels = PileLabels(rc)
    assert labels.parse_pile("l2") == rc.pile_index("left:2")
    assert labels.parse_pile("LEFT2") == rc.pile_index("left:2")
    assert labels.parse_pile("right:11") == rc.pile_index("right:11")
    assert labels.parse_pile("w") == rc.waste
    with pytest.raises(Refusal, match=r"which right pile\? add its number, e.g. r1 \(r1..r16\)"):
        labels.parse_pile("r")
    with pytest.raises(Refusal, match=r"there is no right:17: the right piles are numbered 1..16"):
        labels.parse_pile("r17")
    with pytest.raises(Refusal, match="did you mean 'right:3'"):
        labels.parse_pile("rihgt:3")


def test_command_words():
    assert parse_command("") .kind == "empty"
    assert parse_command("  T ").kind == "turn"
    assert parse_command("undo 3") == parse_command("u 3") and parse_command("u 3").args == ("3",)
    assert parse_command("7h 3").kind == "move"
    assert parse_command("save my game.json").args == ("my", "game.json")


def test_a_card_by_name_in_any_spelling_goes_to_the_only_foundation_that_takes_it(rc):
    position = layout(rc, {"left:1": "KS AH", "right:5": "9C", "waste": "2C"})
    labels = PileLabels(rc)
    expected = Move(TO_FOUNDATION, rc.pile_index("left:1"), rc.pile_index("foundation:3"), c("AH"))
    for words in (["ah"], ["AH"], ["A♥"], ["1h"], ["l1"], ["left:1"], ["ah", "3"], ["ah", "f3"], ["ah", "l1", "f3"]):
        assert resolve_move(position, words, labels) == expected, words
    assert resolve_move(position, ["w"], labels) == Move(TO_FOUNDATION, rc.waste, rc.pile_index("foundation:5"), c("2C"))
    with pytest.raises(Refusal, match="the stock is empty and no redeal is left"):
        resolve_move(position, ["s"], labels)
    position.piles[rc.stock] = [c("KC")]
    assert resolve_move(position, ["s"], labels) == Move(TURN, rc.stock, rc.waste, c("KC"))


def test_two_fitting_foundations_ask_which(rc):
    # Ace pile of hearts at 5H (needs 7H), 2 pile at 5H too (2 4 6 8 10 Q A 3 5 -> needs 7H).
    position = layout(rc, {"right:3": "7H"}, {"foundation:3": "5H", "foundation:7": "5H"})
    labels = PileLabels(rc)
    choice = resolve_move(position, ["7h"], labels)
    assert isinstance(choice, Choice)
    assert "7♥ fits f3" in choice.question and "f7" in choice.question and choice.question.endswith("[3/7]")
    assert choice.pick("7") == Move(TO_FOUNDATION, rc.pile_index("right:3"), rc.pile_index("foundation:7"), c("7H"))
    assert choice.pick("f3") == Move(TO_FOUNDATION, rc.pile_index("right:3"), rc.pile_index("foundation:3"), c("7H"))
    assert choice.pick("9") is None
    assert resolve_move(position, ["r3", "7"], labels).dst == rc.pile_index("foundation:7")


def test_two_free_copies_ask_from_where_unless_the_places_are_interchangeable(rc):
    labels = PileLabels(rc)
    position = layout(rc, {"left:2": "KS AH", "waste": "AH"})
    choice = resolve_move(position, ["ah"], labels)
    assert isinstance(choice, Choice) and "free in l2 and w" in choice.question
    assert choice.pick("w").src == rc.waste
    position = layout(rc, {"right:2": "AH", "right:9": "AH"})
    assert resolve_move(position, ["ah"], labels).src == rc.pile_index("right:2")


@pytest.mark.parametrize("words,message", [
    (["l2"], "l2 (left:2) is empty"),
    (["l1"], "9♣ fits no foundation: f1 needs A♣, f5 needs 2♣"),
    (["5h"], "5♥ in l1 is covered by 9♣"),
    (["qs"], "Q♠ is not in sight (not in the layout, not the waste top)"),
    (["9c", "3"], "9♣ (l1) cannot go on f3: it needs A♥"),
    (["3"], "cards never leave the foundations"),
    (["f2"], "cards never leave the foundations"),
    (["xyz"], "'xyz' is not a card, a pile or a command"),
    (["9x"], "'9x' is not a card, a pile or a command"),
    (["9c", "9d"], "name one card only"),
    (["9c", "l1", "l2"], "expected a foundation"),
    (["9c", "l2"], "l2 (left:2) is empty"),
    (["9c", "99"], "there is no foundation 99: they are numbered 1..8"),
    (["a", "b", "c", "d"], "too many words"),
    (["ks", "r1"], "K♠ is not free in r1: its free card is 2♦"),
])
def test_refusals_say_why_in_one_line(rc, words, message):
    position = layout(rc, {"left:1": "5H 9C", "right:1": "2D", "waste": "KS"})
    with pytest.raises(Refusal) as caught:
        resolve_move(position, words, PileLabels(rc))
    text = str(caught.value)
    assert message in text and "\n" not in text


def test_ascii_refusals_use_letters(rc):
    position = layout(rc, {"left:1": "5H 9C"})
    with pytest.raises(Refusal, match="9C fits no foundation: f1 needs AC, f5 needs 2C"):
        resolve_move(position, ["l1"], PileLabels(rc), unicode=False)


def test_where_is_never_reveals_the_stock(rc):
    position = deal_seed(rc, 3)
    hidden = position.piles[rc.stock][-1]
    if hidden in [card for p in rc.groups["left"] + rc.groups["right"] for card in position.piles[p]]:
        pytest.skip("the stock top is also in the layout in this deal")
    with pytest.raises(Refusal) as caught:
        resolve_move(position, [cards.card_name(hidden)], PileLabels(rc))
    assert "not in sight" in str(caught.value) and "stock" not in str(caught.value).split("(")[0]


def test_every_copy_on_the_foundations(rc):
    position = layout(rc, {}, {"foundation:3": "3H", "foundation:7": "AH"})
    with pytest.raises(Refusal, match="A♥: every copy is already on the foundations"):
        resolve_move(position, ["ah"], PileLabels(rc))


def test_turn_and_redeal_refusals():
    rules = load_rules("odd-and-even")
    position = layout(rules, {"waste": "KS"}, redeals_left=1)
    with pytest.raises(Refusal, match="the stock is empty: type 'redeal'"):
        turn_move(position)
    assert redeal_move(position) == Move(REDEAL, rules.waste, rules.stock)
    position = layout(rules, {"waste": "KS"}, redeals_left=0)
    with pytest.raises(Refusal, match="no redeal is left"):
        redeal_move(position)
    position = layout(rules, {"stock": "KS QS"})
    with pytest.raises(Refusal, match="no redeal yet: the stock still has 2 cards"):
        redeal_move(position)
    rc = load_rules("royal-cotillion")
    with pytest.raises(Refusal, match="this game has no redeal"):
        redeal_move(layout(rc, {"waste": "KS"}))


def test_move_words_round_trip(rc):
    """The typed form of every legal move resolves back to that move."""
    labels = PileLabels(rc)
    position = deal_seed(rc, 3)
    from patience_core.agents.policies import naive_move
    for _ in range(40):
        move = naive_move(position)
        words = move_words(labels, move).split()
        if words == ["t"]:
            assert turn_move(position) == move
        else:
            assert resolve_move(position, words, labels) == move
        position.apply(move)
