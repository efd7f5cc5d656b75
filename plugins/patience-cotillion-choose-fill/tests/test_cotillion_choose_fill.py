"""The choose-fill plugin: a right-wing gap waits for the player's choice of source."""
import pytest

pytest.importorskip("patience_cotillion_choose_fill")

from patience_core.model.moves import FILL, Move  # noqa: E402
from patience_core import deal_seed, load_rules  # noqa: E402

from patience_core.model import cards
from patience_core.model.notation import apply_json_moves, move_to_json  # noqa: E402
from patience_core.agents.policies import play_naive  # noqa: E402
from patience_core.model.position import PLAYING  # noqa: E402

VARIANT = "royal-cotillion-choose-fill"


@pytest.fixture(scope="module")
def rules():
    return load_rules(VARIANT)


def first_right_play(rules, position):
    """Play until a right-wing card goes to a foundation while waste and stock both hold cards."""
    right = set(rules.groups["right"])
    while position.status() == PLAYING:
        moves = position.legal_moves()
        plays = [m for m in moves if m.src in right]
        if plays and position.piles[rules.waste] and position.piles[rules.stock]:
            position.apply(plays[0])
            return plays[0]
        position.apply(moves[0])
    pytest.skip("no right-wing play with waste and stock in this deal")


def test_listed_as_a_plugin_variant():
    from patience_core import build_registry

    assert build_registry().get(VARIANT).origin == "plugin:cotillion-choose-fill"


def test_a_gap_waits_for_the_choice_between_waste_and_stock(rules):
    position = deal_seed(rules, 7)
    _kind, src, _dst, _card, _count = first_right_play(rules, position)
    assert position.piles[src] == [] and position.pending == src
    waste_top, stock_top = position.piles[rules.waste][-1], position.piles[rules.stock][-1]
    assert [move_to_json(rules, m) for m in position.legal_moves()] == [
        {"card": cards.card_name(waste_top), "from": "waste", "to": rules.pile_names[src]},
        {"card": cards.card_name(stock_top), "from": "stock", "to": rules.pile_names[src]},
    ]


def test_choosing_the_stock_top_and_undo_are_exact(rules):
    position = deal_seed(rules, 7)
    first_right_play(rules, position)
    before = position.key()
    gap = position.pending
    stock_top = position.piles[rules.stock][-1]
    choice = Move(FILL, rules.stock, gap, stock_top)
    position.apply(choice)
    assert position.piles[gap] == [stock_top] and position.pending == -1
    assert position.key() != before
    assert position.undo() == choice
    assert position.key() == before and position.pending == gap
    position.undo()
    assert position.pending == -1 and position.piles[gap]


def test_key_tells_a_pending_gap_from_a_filled_one(rules):
    position = deal_seed(rules, 7)
    first_right_play(rules, position)
    pending = position.key()
    waste_choice = position.legal_moves()[0]
    position.apply(waste_choice)
    assert position.key() != pending


def test_with_an_empty_waste_the_stock_fills_at_once(rules):
    position = deal_seed(rules, 11)
    right = rules.groups["right"]
    # At the start the waste is empty: a right-wing play is filled from the stock at once.
    plays = [m for m in position.legal_moves() if m.src in right]
    if not plays:
        pytest.skip("no right-wing play at the start of this deal")
    stock_top = position.piles[rules.stock][-1]
    position.apply(plays[0])
    assert position.pending == -1 and position.piles[plays[0].src] == [stock_top]


def test_naive_policy_plays_it_like_royal_cotillion(rules):
    """The naive policy takes the first source (the waste), which is Royal Cotillion's fill."""
    plain = load_rules("royal-cotillion")
    for seed in range(1, 41):
        chosen, classic = play_naive(deal_seed(rules, seed)), play_naive(deal_seed(plain, seed))
        assert (chosen.status(), chosen.on_foundations) == (classic.status(), classic.on_foundations)


def test_moves_in_json_replay_with_fill_choices(rules):
    position = deal_seed(rules, 7)
    first_right_play(rules, position)
    played = [move_to_json(rules, m.move) for m in position.history]
    gap = rules.pile_names[position.pending]
    stock_top = cards.card_name(position.piles[rules.stock][-1])
    replay = deal_seed(rules, 7)
    apply_json_moves(replay, played + [{"card": stock_top, "from": "stock", "to": gap}])
    assert replay.pending == -1 and cards.card_name(replay.piles[rules.pile_index(gap)][-1]) == stock_top


def test_playing_on_while_a_gap_is_pending_is_refused_with_a_reason(rules):
    from patience_core.errors import MoveError

    position = deal_seed(rules, 7)
    first_right_play(rules, position)
    with pytest.raises(MoveError, match="must be filled first"):
        apply_json_moves(position, [{"from": "stock", "to": "waste"}])
