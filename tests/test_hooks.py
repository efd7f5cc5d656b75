"""Every hook, exercised by a throwaway plugin registered for one test and removed after it.

The ``pm`` fixture gives a fresh plugin manager (built-ins only, no installed
plugins, no plugin files) and makes it the one the engine uses for the test.
"""
from __future__ import annotations

from collections import Counter

import pytest

from conftest import crafted_deal, crafted_order, move, pile_cards, position_of
from patience_core.model.moves import CHOOSE, REDEAL, TO_FOUNDATION, TURN, Move  # noqa: E402,F401
from patience_core import build_registry, deal_seed, load_rules
from patience_core.model import cards
from patience_core.model.deal import Dealer, start_position
from patience_core.errors import PatienceError
from patience_core.plugins.hooks import (BUILTIN, PluginError, announce_game, hook_names, hookimpl,
                                 make_plugin_manager, register_plugin, set_plugin_manager)
from patience_core.agents.policies import play_naive
from patience_core.model.position import LOST, PLAYING, WON, FamilyPosition, HookedPosition, Position
from patience_core.model.rules import FillRule

RC = "royal-cotillion"


@pytest.fixture
def pm():
    manager = make_plugin_manager(autoload=False, use_env_files=False)
    previous = set_plugin_manager(manager)
    yield manager
    set_plugin_manager(previous)


@pytest.fixture
def plugin(pm):
    """``plugin(obj)`` registers ``obj`` for this test only; it is unregistered after."""
    names = []

    def register(obj, name="throwaway"):
        register_plugin(pm, obj, name)
        names.append(name)
        return obj

    yield register
    for name in names:
        if pm.has_plugin(name):
            pm.unregister(name=name)


def rc(**params):
    return load_rules(RC, params)


# --- the built-in behaviour is the last implementation of every hook --------------------------

def test_builtin_implements_every_compile_hook_trylast(pm):
    builtin = pm.get_plugin(BUILTIN)
    for hook in hook_names():
        impls = [i for i in getattr(pm.hook, hook).get_hookimpls() if i.plugin is builtin]
        if hook == "patience_game_event":
            assert impls == []  # nothing observes games by default
        else:
            assert len(impls) == 1 and impls[0].trylast, hook


def test_shipped_variants_keep_the_fast_path(pm):
    for name in ("royal-cotillion", "gavotte", "odd-and-even", "contradance"):
        rules = load_rules(name)
        assert rules.deal_hook is None and rules.position_class is FamilyPosition and rules.plain_moves
        assert set(rules.plugins.values()) == {BUILTIN}
        assert type(deal_seed(rules, 1)) is FamilyPosition


class Indifferent:
    """A plugin with an opinion on nothing: it returns None from every hook."""

    @hookimpl
    def patience_register_variants(self, register):
        return None

    @hookimpl
    def patience_prepare_pack(self, rules):
        return None

    @hookimpl
    def patience_dealer(self, rules):
        return None

    @hookimpl
    def patience_filler(self, rules):
        return None

    @hookimpl
    def patience_move_check(self, rules):
        return None

    @hookimpl
    def patience_outcome(self, rules):
        return None


@pytest.mark.parametrize("params", [{}, {"bases": "dealt"}])
def test_a_plugin_returning_none_changes_nothing(pm, plugin, params):
    before = rc(**params)
    expected = [play_naive(deal_seed(before, seed)) for seed in range(1, 21)]
    plugin(Indifferent())
    after = rc(**params)
    assert after.setout == before.setout and after.fill == before.fill
    assert after.position_class is FamilyPosition and after.deal_hook is None and after.plain_moves
    assert set(after.plugins.values()) == {BUILTIN}
    got = [play_naive(deal_seed(after, seed)) for seed in range(1, 21)]
    assert [(p.status(), p.on_foundations, p.key()) for p in got] == \
           [(p.status(), p.on_foundations, p.key()) for p in expected]
    assert build_registry().names() == build_registry(manager=make_plugin_manager(
        autoload=False, use_env_files=False)).names()


# --- patience_register_variants ------------------------------------------------------------

MINI = {"name": "rc-from-code", "title": "Royal Cotillion, defined in code", "extends": RC,
        "stock": {"redeals": 1}}


class Registers:
    def __init__(self, *items):
        self.items = items

    @hookimpl
    def patience_register_variants(self, register):
        for item in self.items:
            register(item)


def test_register_a_definition_built_in_code(pm, plugin):
    plugin(Registers(MINI), "code-variants")
    registry = build_registry()
    source = registry.get("rc-from-code")
    assert source.origin == "plugin:code-variants"
    rules = load_rules("rc-from-code")
    assert rules.redeals == 1 and rules.pile_names == rc().pile_names


def test_register_a_yaml_file_the_plugin_ships(pm, plugin, tmp_path):
    path = tmp_path / "rc-two-redeals.yaml"
    path.write_text("name: rc-two-redeals\ntitle: RC with two redeals\nextends: royal-cotillion\n"
                    "stock: {redeals: 2}\n")
    plugin(Registers(path), "file-variants")
    assert load_rules("rc-two-redeals").redeals == 2
    assert build_registry().get("rc-two-redeals").path == path


def test_a_name_registered_twice_names_both_plugins_and_neither_is_used(pm, plugin):
    plugin(Registers(dict(MINI, name=RC)), "impostor")
    registry = build_registry()          # the other variants still load
    assert "klondike" in registry and RC not in registry.names()
    with pytest.raises(PatienceError, match="'royal-cotillion' is registered twice: by plugin 'impostor' "
                                            "and by the shipped variants; neither is used"):
        registry.get(RC)
    assert any("registered twice" in line for line in registry.problems())


def test_a_bad_definition_is_reported_with_the_plugin_and_hurts_only_itself(pm, plugin):
    plugin(Registers({"name": "broken", "extends": RC, "stock": {"redeal": 1}}), "sloppy")
    registry = build_registry()
    assert registry.get("klondike").name == "klondike"
    with pytest.raises(PatienceError, match=r"plugin 'sloppy'.*field stock.redeal: unknown field "
                                            r"\(did you mean 'redeals'\?\)"):
        registry.get("broken")


def test_register_refuses_other_types(pm, plugin):
    plugin(Registers(42), "confused")
    registry = build_registry()
    assert any(line.startswith("plugin 'confused': register() takes a Path") and line.endswith("not int")
               for line in registry.problems())
    assert "freecell" in registry


def test_a_plugin_whose_hook_raises_is_left_out(pm, plugin):
    class Raises:
        @hookimpl
        def patience_register_variants(self, register):
            raise RuntimeError("no network")

    plugin(Raises(), "flaky")
    registry = build_registry()
    assert "klondike" in registry
    assert registry.problems() == ["plugin 'flaky': patience_register_variants raised RuntimeError: no network"]


def test_a_broken_shipped_file_hurts_only_itself(tmp_path, monkeypatch):
    from patience_core.variants import catalog
    broken = tmp_path / "half-written.yaml"
    broken.write_text("name: half-written\ntitle: [unclosed\n")
    real = catalog.shipped_variant_files
    monkeypatch.setattr(catalog, "shipped_variant_files", lambda: [*real(), broken])
    from patience_core.plugins import builtin
    monkeypatch.setattr(builtin, "shipped_variant_files", catalog.shipped_variant_files)
    registry = build_registry()
    assert "freecell" in registry
    with pytest.raises(PatienceError, match="half-written.yaml:3:1: YAML syntax error"):
        registry.get("half-written")


# --- patience_prepare_pack ---------------------------------------------------------------------

class SetsOutAces:
    """Set out the four first-deck Aces on the Ace piles (a plugin's own bases rule)."""

    def __init__(self, items=None):
        self.items = items

    @hookimpl
    def patience_prepare_pack(self, rules):
        if rules.name != RC:
            return None
        return self.items if self.items is not None else [
            (f"foundation:{n}", f"A{suit}") for n, suit in enumerate("CDHS", start=1)]


def test_prepare_pack_sets_cards_out_before_the_shuffle(pm, plugin):
    plugin(SetsOutAces(), "aces")
    rules = rc()
    assert rules.plugins["prepare_pack"] == "aces"
    assert [(rules.pile_names[f], cards.card_name(c)) for f, c in rules.setout] == [
        ("foundation:1", "AC"), ("foundation:2", "AD"), ("foundation:3", "AH"), ("foundation:4", "AS")]
    assert rules.n_dealt == 100
    position = deal_seed(rules, 5)
    assert position.on_foundations == 4 and position.card_count() == 104
    assert Counter(c for p in position.piles for c in p) == Counter(cards.full_pack(2))
    assert rules.plain_moves  # only the pack changed: the fast path stays


def test_prepare_pack_naming_a_missing_pile_names_the_plugin(pm, plugin):
    plugin(SetsOutAces([("fundation:1", "AC")]), "typo")
    with pytest.raises(PluginError, match="plugin 'typo': patience_prepare_pack: .*no pile 'fundation:1' "
                                          "\\(did you mean 'foundation:1'\\?\\)"):
        rc()


def test_prepare_pack_out_of_sequence_is_refused(pm, plugin):
    plugin(SetsOutAces([("foundation:1", "5C")]), "eager")
    with pytest.raises(PatienceError, match="plugin 'eager': sets out 5C on foundation:1, out of that "
                                            "foundation's sequence"):
        rc()


def test_prepare_pack_wrong_type(pm, plugin):
    plugin(SetsOutAces("AC AD"), "stringly")
    with pytest.raises(PluginError, match="plugin 'stringly': patience_prepare_pack returned str; "
                                          "expected a list of \\(pile, card\\) pairs"):
        rc()


# --- patience_dealer -------------------------------------------------------------------------------

class Deals:
    def __init__(self, dealer):
        self.dealer = dealer

    @hookimpl
    def patience_dealer(self, rules):
        return self.dealer if rules.name == RC else None


def columns_first(rules, order):
    """Deal the right wing before the left one (a different dealing rule)."""
    piles = [[] for _ in range(rules.n_piles)]
    right, left = rules.groups["right"], rules.groups["left"]
    cursor = 0
    for p in right:
        piles[p].append(order[cursor])
        cursor += 1
    for _row in range(3):
        for p in left:
            piles[p].append(order[cursor])
            cursor += 1
    piles[rules.stock] = list(reversed(order[cursor:]))
    return piles


def test_dealer_hook_deals_the_game(pm, plugin):
    plugin(Deals(columns_first), "right-first")
    rules = rc()
    assert rules.plugins["dealer"] == "right-first" and rules.deal_hook is not None
    order = crafted_order(rules)
    position = start_position(rules, order)
    assert [position.piles[p][0] for p in rules.groups["right"]] == order[:16]
    assert type(position) is FamilyPosition and rules.plain_moves  # no choice: plain positions


def test_dealer_with_a_choice_starts_with_the_choice(pm, plugin):
    class Swap(Dealer):
        question = "Swap the first two places"
        options = ("keep", "swap")

        def choose(self, rules, piles, option):
            a, b = rules.groups["right"][:2]
            if option == "swap":
                piles[a], piles[b] = piles[b], piles[a]
            return piles

    plugin(Deals(Swap()), "swapper")
    rules = rc()
    position = deal_seed(rules, 2)
    assert isinstance(position, HookedPosition) and position.choosing
    first, second = pile_cards(position, "right:1"), pile_cards(position, "right:2")
    from patience_core.model.notation import apply_json_moves
    apply_json_moves(position, [{"card": None, "from": "choice", "to": "swap"}])
    assert (pile_cards(position, "right:1"), pile_cards(position, "right:2")) == (second, first)
    position.undo()
    assert position.choosing and pile_cards(position, "right:1") == first


def short_dealer(rules, order):
    piles = columns_first(rules, order)
    piles[rules.stock].pop()
    return piles


def test_dealer_losing_a_card_names_the_plugin(pm, plugin):
    plugin(Deals(short_dealer), "leaky")
    rules = rc()
    with pytest.raises(PluginError, match="plugin 'leaky': its dealer returned piles that are not the pack "
                                          "of 104 cards: missing"):
        deal_seed(rules, 1)


def test_dealer_with_too_few_piles_names_the_plugin(pm, plugin):
    plugin(Deals(lambda rules, order: [order]), "lumpy")
    with pytest.raises(PluginError, match="plugin 'lumpy': its dealer returned 1 piles; expected a list of "
                                          "30 piles"):
        deal_seed(rc(), 1)


def test_dealer_that_raises_names_the_plugin(pm, plugin):
    def crash(rules, order):
        return order[200]

    plugin(Deals(crash), "crashy")
    with pytest.raises(PluginError, match="plugin 'crashy': its dealer raised IndexError"):
        deal_seed(rc(), 1)


def test_dealer_of_the_wrong_type(pm, plugin):
    plugin(Deals("left then right"), "wordy")
    with pytest.raises(PluginError, match="plugin 'wordy': patience_dealer returned a str; expected a Dealer"):
        rc()


def test_dealer_putting_a_card_on_a_foundation_out_of_sequence(pm, plugin):
    def cheat(rules, order):
        piles = columns_first(rules, order)
        card = piles[rules.stock].pop()
        piles[rules.foundations[0]].append(card if cards.rank_of(card) else piles[rules.stock].pop())
        return piles

    plugin(Deals(cheat), "cheat")
    with pytest.raises(PluginError, match="plugin 'cheat': its dealer"):
        for seed in range(1, 5):
            deal_seed(rc(), seed)


# --- patience_filler -----------------------------------------------------------------------------

class Fills:
    def __init__(self, rules_by_pile):
        self.rules_by_pile = rules_by_pile

    @hookimpl
    def patience_filler(self, rules):
        return self.rules_by_pile if rules.name == RC else None


def test_filler_changes_the_source_order(pm, plugin):
    plugin(Fills({"right": FillRule(("stock", "waste"))}), "stock-first")
    rules = rc()
    assert rules.plain_moves  # still an automatic fill: the fast path stays
    position = position_of(rules, {"right:1": "AH", "waste": "KC", "stock": "QC"}, rest="stock")
    position.apply(move(rules, "AH", "right:1", "foundation:3"))
    assert pile_cards(position, "right:1") == ["QC"]
    position.undo()
    assert pile_cards(position, "right:1") == ["AH"] and pile_cards(position, "waste") == ["KC"]


def test_filler_with_the_players_choice(pm, plugin):
    plugin(Fills({"right": FillRule(("waste", "stock"), chosen_by="player")}), "chooser")
    rules = rc()
    assert rules.position_class is HookedPosition and not rules.plain_moves
    position = crafted_deal(rules, {"right:1": "AH"}, stock="KC QC")
    position.apply(move(rules, "KC", "stock", "waste"))
    position.apply(move(rules, "AH", "right:1", "foundation:3"))
    gap = rules.pile_index("right:1")
    assert position.pending == gap and pile_cards(position, "right:1") == []
    assert position.legal_moves() == [move(rules, "KC", "waste", "right:1"), move(rules, "QC", "stock", "right:1")]
    assert position.status() == PLAYING
    from patience_core.ui.render import position_text, rules_text
    assert "to fill: right:1, from the waste or the stock" in position_text(position)
    text = rules_text(rules)
    assert "the player chooses whether the waste or the stock fills a gap" in text
    assert "Rules from plugins: filler by plugin 'chooser'." in text


def test_filler_naming_a_missing_pile(pm, plugin):
    plugin(Fills({"centre": FillRule(("waste",))}), "lost")
    with pytest.raises(PluginError, match="plugin 'lost': patience_filler\\['centre'\\]: .*no pile 'centre'"):
        rc()


def test_filler_naming_a_missing_source(pm, plugin):
    plugin(Fills({"right": FillRule(("wast",))}), "typo")
    with pytest.raises(PluginError, match="no pile 'wast' \\(did you mean 'waste'\\?\\)"):
        rc()


def test_filler_returning_the_wrong_type(pm, plugin):
    plugin(Fills({"right": ["waste", "stock"]}), "listy")
    with pytest.raises(PluginError, match="plugin 'listy': patience_filler\\['right'\\] is \\['waste', 'stock'\\]; "
                                          "expected a FillRule"):
        rc()


def test_fill_rule_refuses_an_unknown_chooser():
    with pytest.raises(PatienceError, match="chosen_by='dealer'; expected 'first' or 'player'"):
        FillRule(("waste",), chosen_by="dealer")


# --- patience_move_check ---------------------------------------------------------------------

class Checks:
    def __init__(self, check):
        self.check = check

    @hookimpl
    def patience_move_check(self, rules):
        return self.check if rules.name == RC else None


def test_move_check_forbids_moves(pm, plugin):
    """A house rule: no card may be played from the waste."""
    plugin(Checks(lambda position, m: m.src != position.rules.waste), "no-waste")
    rules = rc()
    position = rules.position_class(rules, position_of(rules, {"waste": "AH", "right:1": "AS"}).piles)
    named = [(rules.pile_names[s], rules.pile_names[d]) for _k, s, d, _c, _n in position.legal_moves()]
    assert ("waste", "foundation:3") not in named and ("right:1", "foundation:4") in named
    from patience_core.errors import MoveError
    from patience_core.model.notation import apply_json_moves
    with pytest.raises(MoveError, match="waste -> foundation:3 is not legal here: plugin 'no-waste' forbids it"):
        apply_json_moves(position, [{"card": "AH", "from": "waste", "to": "foundation:3"}])
    played = play_naive(deal_seed(rules, 4))
    assert played.status() in (WON, LOST)
    assert all(m.move.src != rules.waste for m in played.history)


def test_move_check_returning_a_non_bool_names_the_plugin(pm, plugin):
    plugin(Checks(lambda position, m: "yes"), "vague")
    with pytest.raises(PluginError, match="plugin 'vague': its move check returned 'yes'; expected True or False"):
        deal_seed(rc(), 1).legal_moves()


def test_move_check_that_raises_names_the_plugin(pm, plugin):
    plugin(Checks(lambda position, m: 1 / 0), "divider")
    with pytest.raises(PluginError, match="plugin 'divider': its move check raised ZeroDivisionError"):
        deal_seed(rc(), 1).legal_moves()


def test_move_check_that_is_not_callable(pm, plugin):
    plugin(Checks(True), "truthy")
    with pytest.raises(PluginError, match="plugin 'truthy': its move check is a bool, not a function"):
        rc()


# --- patience_outcome --------------------------------------------------------------------------

class Judges:
    def __init__(self, outcome):
        self.outcome = outcome

    @hookimpl
    def patience_outcome(self, rules):
        return self.outcome if rules.name == RC else None


def test_outcome_decides_won(pm, plugin):
    """A shorter game: won as soon as 8 cards are on the foundations."""
    plugin(Judges(lambda position: WON if position.on_foundations >= 8 else None), "short")
    rules = rc()
    position = play_naive(deal_seed(rules, 3))
    assert position.status() == WON and position.is_won()
    assert 8 <= position.on_foundations < 104


def test_outcome_none_falls_back_to_the_builtin_judge(pm, plugin):
    plugin(Judges(lambda position: None), "shrug")
    rules = rc()
    position = play_naive(deal_seed(rules, 3))
    expected = play_naive(deal_seed(load_rules(RC, manager=make_plugin_manager(autoload=False,
                                                                                use_env_files=False)), 3))
    assert (position.status(), position.on_foundations) == (expected.status(), expected.on_foundations)


def test_outcome_with_a_wrong_answer_names_the_plugin(pm, plugin):
    plugin(Judges(lambda position: "draw"), "diplomat")
    with pytest.raises(PluginError, match="plugin 'diplomat': its outcome returned 'draw'; expected 'won', "
                                          "'lost', 'playing' or None"):
        deal_seed(rc(), 1).status()


# --- patience_game_event ---------------------------------------------------------------------------

class Recorder:
    def __init__(self):
        self.events = []

    @hookimpl
    def patience_game_event(self, event, move, position, game):
        self.events.append((event, move, position.on_foundations, game.get("seed")))


def test_game_events_report_start_moves_and_end(pm, plugin):
    recorder = plugin(Recorder(), "recorder")
    rules = rc()
    start = deal_seed(rules, 3)
    played: list = []
    play_naive(start.copy(), played)
    announce_game(rules, start, played, {"variant": RC, "seed": 3})
    kinds = [e[0] for e in recorder.events]
    assert kinds == ["start"] + ["move"] * len(played) + ["end"]
    assert recorder.events[1][1] == {"card": cards.card_name(played[0].card), "from": rules.pile_names[played[0].src],
                                     "to": rules.pile_names[played[0].dst]}
    assert recorder.events[-1][2] == start.on_foundations and recorder.events[-1][3] == 3


def test_a_crashing_observer_names_the_plugin(pm, plugin):
    class Crashes:
        @hookimpl
        def patience_game_event(self, event):
            raise RuntimeError("disk full")

    plugin(Crashes(), "logger")
    rules = rc()
    with pytest.raises(PluginError, match="plugin 'logger': patience_game_event raised RuntimeError: disk full"):
        announce_game(rules, deal_seed(rules, 1), [])


def test_without_observers_games_are_not_replayed(pm):
    rules = rc()
    start = deal_seed(rules, 1)
    announce_game(rules, start, [Move(TURN, rules.stock, rules.waste, start.piles[rules.stock][-1])])
    assert start.history == []  # nothing listened, nothing was replayed


# --- malformed plugins ------------------------------------------------------------------------------

def test_a_misspelled_hook_is_caught_with_a_suggestion(pm):
    class Typo:
        @hookimpl
        def patience_deeler(self, rules):
            return None

    register_plugin(pm, Typo(), "typo")
    from patience_core.plugins.hooks import check_plugins
    with pytest.raises(PluginError, match="plugin 'typo': patience_deeler is not a patience hook "
                                          "\\(did you mean 'patience_dealer'\\?\\)"):
        check_plugins(pm)
    pm.unregister(name="typo")
    check_plugins(pm)  # and pluggy's own check_pending agrees once it is gone
    pm.check_pending()


def test_an_unmarked_hook_function_is_refused(pm):
    class Forgot:
        def patience_dealer(self, rules):
            return None

    with pytest.raises(PluginError, match="plugin 'forgot': patience_dealer is not marked with @hookimpl"):
        register_plugin(pm, Forgot(), "forgot")


def test_an_unknown_argument_is_refused(pm):
    class Wrong:
        @hookimpl
        def patience_dealer(self, rules, seed):
            return None

    with pytest.raises(PluginError, match="plugin 'wrong': .*seed"):
        register_plugin(pm, Wrong(), "wrong")


def test_a_wrapper_on_a_compile_hook_is_refused(pm):
    class Wraps:
        @hookimpl(wrapper=True)
        def patience_dealer(self, rules):
            return (yield)

    with pytest.raises(PluginError, match="plugin 'wraps': patience_dealer cannot be a hook wrapper"):
        register_plugin(pm, Wraps(), "wraps")
    assert not pm.has_plugin("wraps")


def test_a_plugin_may_take_fewer_arguments(pm, plugin):
    class Few:
        @hookimpl
        def patience_game_event(self, event):
            self.seen = event

    few = plugin(Few(), "few")
    rules = rc()
    announce_game(rules, deal_seed(rules, 1), [])
    assert few.seen == "end"


def test_a_later_plugin_wins_over_an_earlier_one(pm, plugin):
    plugin(Judges(lambda position: LOST), "first")
    plugin(Judges(lambda position: WON), "second")
    rules = rc()
    assert rules.plugins["outcome"] == "second" and deal_seed(rules, 1).status() == WON


# --- requires ------------------------------------------------------------------------------------------

def test_requires_names_a_plugin_that_is_not_installed(pm, tmp_path):
    path = tmp_path / "needs.yaml"
    path.write_text("name: needs-magic\nextends: royal-cotillion\nrequires: [magic-dealer]\n")
    with pytest.raises(PluginError, match="variant 'needs-magic' requires the plugin 'magic-dealer', which is "
                                          "not installed"):
        load_rules(file=path)


def test_requires_is_met_by_a_registered_plugin(pm, plugin, tmp_path):
    path = tmp_path / "needs.yaml"
    path.write_text("name: needs-magic\nextends: royal-cotillion\nrequires: [magic-dealer]\n")
    plugin(Indifferent(), "magic-dealer")
    assert load_rules(file=path).name == "needs-magic"


def test_hook_names_are_the_specs():
    assert hook_names() == ["patience_register_variants", "patience_prepare_pack", "patience_dealer",
                            "patience_filler", "patience_move_check", "patience_outcome",
                            "patience_game_event"]


# --- one record per compiled variant; events through pluggy's dispatch ---------------------------

def test_events_go_through_pluggys_dispatch_so_tracing_sees_them(pm, plugin):
    plugin(Recorder(), "recorder")
    traced: list = []
    pm.trace.root.setwriter(traced.append)
    undo = pm.enable_tracing()
    try:
        rules = rc()
        announce_game(rules, deal_seed(rules, 2), [], {"variant": RC, "seed": 2})
    finally:
        undo()
    assert any("patience_game_event" in line for line in traced)


def test_the_plugin_record_says_whether_a_plugin_changes_the_move_rules(pm, plugin):
    from patience_core.plugins.record import PluginRecord

    plain = rc()
    assert isinstance(plain.plugin, PluginRecord) and not plain.plugin.changes_moves
    assert plain.plain_moves and plain.position_class is FamilyPosition

    class OnlyDeals:
        @hookimpl
        def patience_dealer(self, rules):
            return lambda rules_, order: __import__("patience_core.model.deal", fromlist=["x"]).deal_by_order(
                rules_, list(reversed(order)))

    plugin(OnlyDeals(), "reverser")
    dealt = rc()
    assert dealt.plugin.dealer is not None and not dealt.plugin.changes_moves  # the deal is not a move rule

    class Forbids:
        @hookimpl
        def patience_move_check(self, rules):
            return lambda position, move: move.src != position.rules.waste

    plugin(Forbids(), "no-waste")
    checked = rc()
    assert checked.plugin.changes_moves and not checked.plain_moves
    assert checked.plugin.decided_by["move_check"] == "no-waste"
    with pytest.raises(Exception):
        checked.plugin.move_check = None  # frozen: resolved once, never patched afterwards
