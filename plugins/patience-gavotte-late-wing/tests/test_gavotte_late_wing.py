"""The late-wing plugin: both wings dealt, the free one chosen by the first move."""
import json
import subprocess
import sys

import pytest

pytest.importorskip("patience_gavotte_late_wing")

from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core import deal_seed, load_rules, seeded_order  # noqa: E402
from patience_core.errors import MoveError  # noqa: E402
from patience_core.model.notation import apply_json_moves, move_to_json  # noqa: E402
from patience_core.agents.policies import play_naive  # noqa: E402
from patience_core.model.position import CHOOSE, NO_CARD  # noqa: E402

VARIANT = "gavotte-late-wing"


@pytest.fixture(scope="module")
def rules():
    return load_rules(VARIANT)


def wing_cards(rules, position):
    """(free wing row by row, restricted wing row by row)."""
    from patience_gavotte_late_wing import grids
    return grids(rules, position.piles)


def test_both_wings_are_dealt_as_grids_and_the_first_move_is_the_choice(rules):
    order = seeded_order(rules, 3)
    position = deal_seed(rules, 3)
    assert [move_to_json(rules, m) for m in position.legal_moves()] == [
        {"card": None, "from": "choice", "to": "right"},
        {"card": None, "from": "choice", "to": "left"},
    ]
    free, restricted = wing_cards(rules, position)
    assert (free, restricted) == (order[16:32], order[:16])  # the right wing is laid out free
    assert position.piles[rules.stock][-1] == order[32]


def test_choosing_left_swaps_the_wings_and_undo_restores_the_deal(rules):
    order = seeded_order(rules, 3)
    position = deal_seed(rules, 3)
    before = position.key()
    position.apply(Move(CHOOSE, -1, 1))
    assert wing_cards(rules, position) == (order[:16], order[16:32])
    assert not position.choosing and position.key() != before
    assert position.legal_moves() and all(m.kind is not CHOOSE for m in position.legal_moves())
    assert position.undo() == Move(CHOOSE, -1, 1)
    assert position.key() == before and position.choosing


@pytest.mark.parametrize("choice, free", [("right", "right"), ("left", "left")])
def test_each_choice_plays_like_gavotte_with_that_wing_free(rules, choice, free):
    gavotte = load_rules("gavotte", {"free": free})
    for seed in range(1, 31):
        late = deal_seed(rules, seed)
        apply_json_moves(late, [{"card": None, "from": "choice", "to": choice}])
        play_naive(late)
        classic = play_naive(deal_seed(gavotte, seed))
        assert (late.status(), late.on_foundations) == (classic.status(), classic.on_foundations), seed


def test_choice_before_the_deal_comes_from_the_parameter():
    rules = load_rules(VARIANT, {"choose": "left"})
    position = deal_seed(rules, 3)
    order = seeded_order(rules, 3)
    # No choice left to make: the engine keeps its plain, fast position.
    assert rules.opening is None and rules.plain_moves and not hasattr(position, "choosing")
    assert wing_cards(rules, position) == (order[:16], order[16:32])


def test_an_unknown_or_repeated_choice_is_refused(rules):
    position = deal_seed(rules, 3)
    with pytest.raises(MoveError, match="not one of right, left"):
        apply_json_moves(position, [{"from": "choice", "to": "middle"}])
    apply_json_moves(position, [{"from": "choice", "to": "left"}])
    with pytest.raises(MoveError, match="already made"):
        apply_json_moves(position, [{"from": "choice", "to": "right"}])


def test_playing_before_choosing_is_refused_with_a_reason(rules):
    position = deal_seed(rules, 3)
    with pytest.raises(MoveError, match="first choose"):
        apply_json_moves(position, [{"from": "stock", "to": "waste"}])


def test_cli_scripted_play_with_the_choice_as_first_move(tmp_path):
    moves = tmp_path / "moves.json"
    moves.write_text(json.dumps([{"card": None, "from": "choice", "to": "left"},
                                 {"from": "stock", "to": "waste"}]))
    out = subprocess.run([sys.executable, "-c", "from patience_core.cli import main; main()", "play", VARIANT,
                          "--seed", "3", "--moves", str(moves), "--json"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["moves"][0] == {"card": None, "from": "choice", "to": "left"}
    assert data["status"] == "playing"
