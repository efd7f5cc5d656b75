"""The variant file format as a JSON Schema, and validation that points at lines.

The schema is the single description of the format: jsonschema checks files with
it, ``patience schema`` prints it, and ``docs/variant.schema.json`` is a copy for
editors (a test fails when that copy is stale).
"""
from __future__ import annotations

import difflib
import functools
import json
from pathlib import Path
from typing import Any, Callable, Iterable

import yaml

from patience_core.errors import VariantError

PARAM_REF = r"^\$[a-z_][a-z0-9_]*(\.[0-9]+)?$"
_REF = {"type": "string", "pattern": PARAM_REF,
        "description": "a parameter reference: $name, or $name.N for item N of a list"}


def _or_ref(schema: dict[str, Any]) -> dict[str, Any]:
    """A value of ``schema`` or a ``$parameter`` reference (the description is lifted up
    so editors show it on the field)."""
    lifted = {"description": schema["description"]} if "description" in schema else {}
    return {**lifted, "anyOf": [schema, _REF]}


RANK = {
    "description": "a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or 1..13",
    "anyOf": [
        {"type": "integer", "minimum": 1, "maximum": 13},
        {"type": "string", "pattern": "^([AaTtJjQqKk]|[2-9]|10)$"},
    ],
}

SUIT = {"type": "string", "pattern": "^[CDHScdhs]$", "description": "a suit: C D H S"}

BUILD_RULE = {
    "type": "object",
    "additionalProperties": False,
    "description": "which card may lie on which: rank relation, step, wrap and suit relation",
    "properties": {
        "rank": _or_ref({"enum": ["down", "up", "either", "same", "any", "lower", "higher"],
                         "description": "down: one rank lower (by step); up: higher; either; same: the same "
                                        "rank; any: no rank rule; lower: any lower rank (Autumn Leaves); "
                                        "higher: any higher rank"}),
        "total": _or_ref({"type": "integer", "minimum": 2, "maximum": 26,
                          "description": "instead of rank: the card put on and the top card have ranks adding "
                                         "up to this (A 1, J 11, Q 12, K 13; Eiffel Tower's 14)"}),
        "suit": _or_ref({"anyOf": [{"enum": ["same", "alternate", "other", "same-colour", "other-same-colour",
                                             "any"]},
                                   {"type": "array", "minItems": 2, "maxItems": 4, "items": SUIT}],
                         "description": "same suit, alternate colours, another suit, the same colour, or any; "
                                        "a list of suits: a cycle, each suit taking the next and the last the "
                                        "first (Following: [S, H, C, D])"}),
        "step": _or_ref({"anyOf": [{"type": "integer", "minimum": 1, "maximum": 12},
                                   {"type": "object", "minProperties": 4, "propertyNames": {"pattern": "^[CDHS]$"},
                                    "additionalProperties": {"type": "integer", "minimum": 1, "maximum": 12}}],
                         "description": "how many ranks apart (default 1); or one step per suit of the top "
                                        "card (Abacus: {C: 1, S: 2, H: 3, D: 4})"}),
        "wrap": _or_ref({"type": "boolean", "description": "rank arithmetic modulo 13 (A on K, K on A)"}),
        "keep_direction": _or_ref({"type": "boolean",
                                   "description": "with rank: either, on a pile: the pile keeps the way its first "
                                                  "two cards went (Union Square)"}),
        "nothing_on": {"description": "ranks or suits on which no card goes (Dead King Golf: K; Diamond "
                                      "Mine: D)",
                       "anyOf": [RANK, SUIT, {"type": "array", "minItems": 1, "maxItems": 16,
                                              "items": {"anyOf": [RANK, SUIT]}}]},
        "order": {"enum": ["pack"],
                  "description": "pack: up and down count ranks in a stripped pack's own order, the ranks "
                                 "it lacks skipped (Sticko: A after K, 7 after A)"},
        "never_put": {"description": "ranks never put on a card, only into gaps (Swiss Patience: A)",
                      "anyOf": [RANK, {"type": "array", "minItems": 1, "maxItems": 12, "items": RANK}]},
    },
}
# ``or:`` a second rule, either of which will do for each card (Curds and Whey: down in suit, or
# on the same rank); two levels deep (Sticko's three relations), and without keep_direction,
# which a single rule keeps.
_THIRD_RULE = {
    **BUILD_RULE, "description": "a third rule, any of which will do (Sticko)",
    "properties": {k: v for k, v in BUILD_RULE["properties"].items() if k != "keep_direction"}}
BUILD_RULE["properties"]["or"] = {
    **BUILD_RULE, "description": "a second rule, either of which will do (Curds and Whey: "
                                 "{rank: down, suit: same, or: {rank: same}}); it may have an or of its own",
    "properties": {**{k: v for k, v in BUILD_RULE["properties"].items() if k != "keep_direction"},
                   "or": _THIRD_RULE}}
# What a run is: one rule, or a list of rules of which a run follows one all the way.
RUN_RULE = {"anyOf": [BUILD_RULE, {"type": "array", "minItems": 2, "maxItems": 4, "items": BUILD_RULE}]}

# A state of the game a rule may wait for: every pile of a set empty, or every one holding a
# card. A set is a pile group (stock, waste, a layout group), one pile (tableau:3), or a list.
PILE_SET = {"anyOf": [{"type": "string", "minLength": 1, "maxLength": 100},
                      {"type": "array", "minItems": 1, "maxItems": 32, "items": {"type": "string", "minLength": 1}}],
            "description": "a pile group (stock, waste, or a layout group), one pile (tableau:3), or a list of them; "
                           "in a condition also foundations, a foundation group or one foundation pile; in a pile's "
                           "own rule also self (that pile), GROUP:same (the pile of GROUP, or of the foundations, with its number) "
                           "and GROUP:share (pile n's share of GROUP split evenly, in order, among the rule's group: "
                           "Busy Cards' cell n, columns 2n-1 and 2n) "
                           "and GROUP:previous (the pile of GROUP numbered one less; none for pile 1)"}
_STATE = {
    "type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
    "description": "a state of the game: empty: SET (every pile of it empty), not_empty: SET "
                   "(every pile of it holding a card), some_empty: SET (at least one pile of it empty), complete: SET (every foundation of it full), one_card: {in: SET, rank: R} (every pile "
                   "of it holding exactly one card, of rank R if given), at_least: {in: SET, cards: N} (every "
                   "pile of it holding N cards or more), only: {in: SET, rank: R} "
                   "(every card left in it of rank R), or based: {in: SET, rank: R, at_least: N} (at least N "
                   "piles of it with a card of rank R at the bottom)",
    "properties": {"empty": PILE_SET, "not_empty": PILE_SET,
                   "complete": {**PILE_SET, "description": "every foundation of the set holds all its cards "
                                "(King's Secrets: {complete: foundations:same}, the foundation of the pile's "
                                "own number)"},
                   "some_empty": {**PILE_SET, "description": "at least one pile of the set is empty"},
                   "one_card": {"type": "object", "additionalProperties": False, "required": ["in"],
                                "description": "every pile of in holds exactly one card (of rank, if given)",
                                "properties": {"in": PILE_SET, "rank": RANK}},
                   "at_least": {"type": "object", "additionalProperties": False, "required": ["in", "cards"],
                                "description": "every pile of in holds at least cards cards (Big Ben's columns: "
                                               "{at_least: {in: self, cards: 3}})",
                                "properties": {"in": PILE_SET,
                                               "cards": {"type": "integer", "minimum": 1, "maximum": 104,
                                                         "description": "the fewest cards each pile holds"}}},
                   "only": {"type": "object", "additionalProperties": False, "required": ["in"],
                            "description": "every card left in the piles of in is of this rank, or of this "
                                           "colour (one of the two)",
                            "properties": {"in": PILE_SET, "rank": RANK,
                                           "colour": {"enum": ["red", "black"],
                                                      "description": "red: hearts and diamonds; black: clubs "
                                                                     "and spades (Fire and Ice)"}}},
                   "based": {"type": "object", "additionalProperties": False,
                             "required": ["in", "rank", "at_least"],
                             "description": "at least at_least piles of in have a card of this rank at the "
                                            "bottom (Scorpion Towers: {in: tableau, rank: K, at_least: 4})",
                             "properties": {"in": PILE_SET, "rank": RANK,
                                            "at_least": {"type": "integer", "minimum": 1, "maximum": 128,
                                                         "description": "how many piles at least"}}},
                   "sorted": {"type": "object", "additionalProperties": False, "required": ["in"],
                              "description": "every pile of in is empty or one run by its own build rule "
                                             "(or by run)",
                              "properties": {"in": PILE_SET,
                                             "length": {"type": "integer", "minimum": 1, "maximum": 104,
                                                        "description": "the cards each non-empty pile holds"},
                                             "run": {**RUN_RULE, "description": "what counts as a run here, "
                                                     "where it is not the pile's own rule (Curds and Whey: "
                                                     "{rank: down, suit: same})"},
                                             "from": {**RANK, "description": "the rank of each non-empty "
                                                      "pile's bottom card (Four Packs: A)"}}},
                   "cards_left": {"type": "integer", "minimum": 0, "maximum": 104,
                                  "description": "at most this many cards lie outside the foundations"},
                   "rows_in_order": {"type": "object", "additionalProperties": False, "required": ["in", "first"],
                                     "description": "every row of a group's grid holds, from its first place, a "
                                                    "card of rank first, then the next ranks of the pack, all "
                                                    "of that card's suit (Montana)",
                                     "properties": {"in": {"type": "string", "minLength": 1,
                                                           "description": "the pile group whose grid has the rows"},
                                                    "first": RANK,
                                                    "length": {"type": "integer", "minimum": 1, "maximum": 13,
                                                               "description": "how many ranks each row holds in "
                                                                              "order (default: up to the pack's "
                                                                              "highest rank)"}}}},
}
# not: a state that does not hold (Wave Motion: not every column empty), one level deep.
CONDITION = {**_STATE, "description": _STATE["description"] + ", or not: STATE (that state does not hold)",
             "properties": {**_STATE["properties"],
                            "not": {**_STATE, "description": "a state that must not hold (Wave Motion: "
                                                             "{empty: tableau}, a card has been played)"}}}
REMOVE_RULE = {
    "type": "object", "additionalProperties": False, "required": ["from"],
    "description": "one kind of set: how many free cards, what they must be, where they come from",
    "properties": {
        "cards": {"oneOf": [
            _or_ref({"type": "integer", "minimum": 1, "maximum": 52,
                     "description": "how many cards make the set (default: 2, or as many as ranks lists); "
                                    "more than 2 only for a set that leaves by itself (at_once) or lies side "
                                    "by side (where: consecutive)"}),
            {"type": "object", "additionalProperties": False, "required": ["min"],
             "description": "with where: consecutive, a run of places from min to max cards long (Seven Up: "
                            "{min: 2, max: 4}; no max: no limit); with at_once, a set of that many cards "
                            "gathered on its places (Fifteens: {min: 2})",
             "properties": {"min": {"type": "integer", "minimum": 2, "maximum": 52},
                            "max": {"type": "integer", "minimum": 2, "maximum": 52}}}]},
        "total": {"oneOf": [
            _or_ref({"type": "integer", "minimum": 2, "maximum": 26,
                     "description": "their ranks add up to this (A=1, J=11, Q=12, K=13)"}),
            {"type": "array", "minItems": 1, "maxItems": 52, "uniqueItems": True,
             "items": {"type": "integer", "minimum": 1, "maximum": 676},
             "description": "their values add up to one of these (Decade: [10, 20, 30])"}]},
        "values": {"type": "object", "minProperties": 1,
                   "propertyNames": {"pattern": "^([AaTtJjQqKk]|[2-9]|10)$"},
                   "additionalProperties": {"type": "integer", "minimum": 0, "maximum": 13},
                   "description": "what a rank counts in total, where not its rank (Decade: {J: 10, Q: 10, "
                                  "K: 10})"},
        "except_ranks": {"type": "array", "minItems": 1, "maxItems": 12, "uniqueItems": True, "items": RANK,
                         "description": "no card of the set is of these ranks (Aces Square: [A])"},
        "distance": {"type": "array", "minItems": 1, "maxItems": 51, "uniqueItems": True,
                     "items": {"type": "integer", "minimum": 1, "maximum": 51},
                     "description": "a pair's places lie this many places apart in their group's order "
                                    "(Bayan: [1, 3])"},
        "flanked": {"type": "object", "additionalProperties": False, "minProperties": 1, "maxProperties": 1,
                    "description": "the places just before and just after the set, in its group's order, hold "
                                   "cards of one rank ({rank: same}) or of one suit ({suit: same}) (Push Pin)",
                    "properties": {"rank": {"enum": ["same"]}, "suit": {"enum": ["same"]}}},
        "ranks": {"type": "array", "minItems": 1, "maxItems": 4, "items": RANK,
                  "description": "the rank of each card, in any order (a King alone: [K])"},
        "among": {"type": "array", "minItems": 1, "maxItems": 13, "uniqueItems": True, "items": RANK,
                  "description": "every card's rank is one of these (Tens: four of a kind among 10, J, Q, K)"},
        "at_once": _or_ref({"type": "boolean",
                            "description": "the set is gathered one card at a time on the places of from and "
                                           "leaves by itself, in the move that completes it, as soon as all "
                                           "the cards on them make it (Elevens: J, Q and K)"}),
        "rank": _or_ref({"enum": ["same", "consecutive"],
                         "description": "same: the cards are of one rank; consecutive: their ranks follow each "
                                        "other, in any order (Triple Alliance: three in a row)"}),
        "wrap": _or_ref({"type": "boolean",
                         "description": "with rank: consecutive, K and A follow each other too (K, A, 2)"}),
        "outranked": _or_ref({"type": "boolean",
                              "description": "a card goes alone while a free card of its suit and a higher "
                                             "rank lies on another pile of from (Aces Up)"}),
        "suit": _or_ref({"enum": ["same", "any"], "description": "same: the cards are of one suit"}),
        "apart": {"type": "array", "minItems": 1, "maxItems": 13, "uniqueItems": True,
                  "items": {"type": "integer", "minimum": 0, "maximum": 12},
                  "description": "a pair's ranks differ by one of these amounts (Cheops: [0, 1]; A low, K high)"},
        "where": _or_ref({"enum": ["anywhere", "neighbours", "line", "consecutive"],
                          "description": "how a pair's places lie in their group's grid: anywhere; neighbours: "
                                         "next to each other, diagonals too; line: in one row or one column; "
                                         "consecutive: the set's places follow each other in the group's "
                                         "order, each holding a card (Seven Up)"}),
        "aces": _or_ref({"enum": ["high", "low"],
                         "description": "with outranked: whether Aces rank above Kings (high) or below Twos"}),
        "from": PILE_SET,
    },
}

NEIGHBOUR_RULE = {
    "type": "object", "additionalProperties": False,
    "description": "what a gap takes judged by the card beside it: a card related to it by rank and suit",
    "properties": {
        "rank": {"enum": ["up", "down", "higher"],
                 "description": "up: one rank above the card beside the gap (default); down: one rank below; "
                                "higher: any rank above it"},
        "suit": {"enum": ["same", "alternate", "other", "same-colour", "any"],
                 "description": "the suit relation to the card beside the gap (default: same)"},
        "order": {"enum": ["pack"],
                  "description": "pack: up and down count ranks in a stripped pack's own order, its missing "
                                 "ranks skipped (Paganini: 6 follows A); by default by their values"},
        "across_rows": {"type": "boolean",
                        "description": "the place beside a row's end is the next (or previous) row's end "
                                       "place, as PySolFC's Galary looks to the right"},
    },
}

_PILE_WHEN = {"anyOf": [CONDITION, {"type": "array", "minItems": 2, "maxItems": 4, "items": CONDITION}]}
# A pile's second rule may wait for a state of its own (Faerie Queen: down regardless of suit, or
# any card while the King is alone): the pile's own when still holds for both.
_PILE_OR = {**BUILD_RULE["properties"]["or"], "properties": {
    **BUILD_RULE["properties"]["or"]["properties"],
    "when": {**_PILE_WHEN, "description": "the second rule takes cards only in this state (Faerie Queen: "
                                          "{one_card: {in: self}}), or a list of states that must all hold; "
                                          "the first rule does not wait for it"}}}
PILE_BUILD_RULE = {**BUILD_RULE, "properties": {
    **BUILD_RULE["properties"],
    "or": {**_PILE_OR, "description": _PILE_OR["description"] + "; on a pile it may have its own when "
                                                                 "(Faerie Queen)"},
    "when": {**_PILE_WHEN,
             "description": "the pile takes cards on its top only in this state (Surprise: {empty: stock}), "
                            "or a list of states that must all hold (Intrigue: [{empty: stock}, "
                            "{one_card: {in: self}}])"}}}

_PER_PILE = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 104},
                       {"type": "array", "minItems": 1, "items": {"type": "integer", "minimum": 0, "maximum": 104}}]}

# A name shown to players: one line of reasonable length.
TITLE = {"type": "string", "maxLength": 100, "pattern": "^[^\\n]*$",
         "description": "the group's name shown to players (one line)"}

PILE_GROUP = {
    "type": ["object", "null"],
    "description": "a group of piles; its piles are named <id>:1, <id>:2, ... in deal order",
    "additionalProperties": False,
    "properties": {
        "kind": {"enum": ["tableau", "reserve", "cell"],
                 "description": "tableau: columns (looked at first); reserve: single places or piles; "
                                "cell: free cells, each holding any one card"},
        "title": TITLE,
        "count": _or_ref({"type": "integer", "minimum": 0, "maximum": 128,
                          "description": "how many piles the group has"}),
        "cards": _or_ref({**_PER_PILE, "description": "cards dealt to each pile, row by row: one number "
                                                      "for every pile, or a list with one per pile"}),
        "face_down": _or_ref({**_PER_PILE, "description": "how many of each pile's dealt cards lie face down "
                                                          "(one number, or one per pile)"}),
        "face_up": _or_ref({**_PER_PILE, "description": "how many of each pile's dealt cards lie face up, "
                                                        "on top; the rest face down (one number, or one per pile)"}),
        "faces": {"type": "array", "minItems": 1, "maxItems": 104, "items": {"enum": ["up", "down"]},
                  "description": "the face of each card dealt to a pile, deepest first (face-up cards "
                                 "between face-down ones); one per card of the group's fullest pile"},
        "access": _or_ref({"enum": ["top", "all", "none", "last"],
                           "description": "which cards are free: the top (last dealt) card, every card, none; "
                                          "last: a reserve dealt face down whose cards only fill gaps until one "
                                          "is left, which is turned up and free (Eagle Wing)"}),
        "fill": _or_ref({
            "description": "what fills a gap at once: never, or sources tried in order "
                           "(waste, stock, stock-turn: the top card of a draw turned onto the empty waste, "
                           "another pile group, or GROUP:same, its pile with the gap's number, itself "
                           "filled in the same move if it fills: Twilight Zone, Well); [next-run]: the longest run "
                           "that may leave the next pile of the group moves in, and so on along the row (Moving "
                           "Left); or {from: SOURCES, when: CONDITION}: "
                           "only while that state holds, every waiting gap filled, in pile order, once "
                           "it does (Elevens Too); {from: SOURCES, cards: N}: N cards at once; {from: SOURCES, "
                           "replace: true}: every card that leaves the pile is replaced, not only a gap (Knockout)",
            "anyOf": [{"const": "never"},
                      {"type": "array", "minItems": 1, "maxItems": 16, "uniqueItems": True,
                       "items": {"type": "string"}},
                      {"type": "object", "additionalProperties": False, "required": ["from"],
                       "properties": {"from": {"type": "array", "minItems": 1, "maxItems": 16,
                                               "uniqueItems": True, "items": {"type": "string"}},
                                      "when": CONDITION,
                                      "cards": {"type": "integer", "minimum": 1, "maximum": 52,
                                                "description": "how many cards fill a gap at once, one "
                                                               "at a time, each from the first source "
                                                               "then holding one (Great Wheel: 4)"},
                                      "replace": {"type": "boolean",
                                                  "description": "true: every card that leaves the pile is "
                                                                 "replaced at once from the sources, the pile "
                                                                 "empty or not (PySolFC's Knockout.fillStack)"}}}],
        }),
        "fill_from": _or_ref({"enum": ["first", "fullest"],
                              "description": "which pile of a fill source group fills a gap: first (the "
                                             "first with a card, in order) or fullest (the one with the "
                                             "most cards, the first on a tie: Gate)"}),
        "build": _or_ref({"description": "what the pile takes on its top card: a build rule, or none",
                          "anyOf": [{"const": "none"}, PILE_BUILD_RULE]}),
        "empty": _or_ref({"description": "what an empty pile takes: any card, none, a rank (e.g. K) or a "
                                         "list of ranks ([A, K]); below-base: only the rank one below the "
                                         "foundations' base, a rank the deal chooses (Penguin); set: a card that can still complete the "
                                         "set gathered on the group's places (remove with at_once: Elevens); or "
                                         "{below_base_of: GROUP}: the rank one step below that foundation group's base (Appreciate); "
                                         "{rank: any|base|RANK|[RANKS], when: CONDITION}: only in that state, and otherwise: "
                                         "RANK|base|below-base|none what it takes until then (The Plot, Scorpion Towers); base: the "
                                         "foundations' base rank the deal chooses; or {left: RULE, "
                                         "right: RULE, first_column: RANK}: a card that fits the card beside the "
                                         "gap in its row (Montana)",
                          "anyOf": [{"enum": ["any", "none", "below-base", "base", "set"]}, RANK,
                                    {"type": "array", "minItems": 1, "maxItems": 13, "uniqueItems": True,
                                     "items": RANK},
                                    {"type": "object", "additionalProperties": False, "required": ["below_base_of"],
                                     "properties": {"below_base_of": {
                                         "type": "string", "minLength": 1,
                                         "description": "a foundation group whose base the deal chooses: the gap "
                                                        "takes only the rank one step below that base, the "
                                                        "last of its sequence (Appreciate)"}}},
                                    {"type": "object", "additionalProperties": False, "required": ["rank", "when"],
                                     "properties": {"rank": {"anyOf": [{"enum": ["any", "base"]}, RANK,
                                                                      {"type": "array", "minItems": 1,
                                                                       "maxItems": 13, "uniqueItems": True,
                                                                       "items": RANK}]},
                                                    "when": CONDITION,
                                                    "otherwise": {"anyOf": [{"enum": ["any", "none", "base",
                                                                                      "below-base"]}, RANK],
                                                                  "description": "what the gap takes while the "
                                                                                 "state does not hold (default: "
                                                                                 "none; Scorpion Towers: K)"}}},
                                    {"type": "object", "additionalProperties": False, "minProperties": 1,
                                     "properties": {
                                         "left": {**NEIGHBOUR_RULE, "description": "a gap takes a card that fits "
                                                  "the card on its left by this rule"},
                                         "right": {**NEIGHBOUR_RULE, "description": "a gap takes a card that fits "
                                                   "the card on its right by this rule"},
                                         "first_column": {"anyOf": [{"enum": ["any", "none"]}, RANK],
                                                          "description": "what a gap in a row's first place takes "
                                                                         "instead (Montana: 2)"}}}]}),
        "takes_from": {**PILE_SET, "description": "the only piles a card or run put on these piles may come "
                                                  "from (pile groups, stock, waste, single piles, or "
                                                  "foundations); Chamberlain: [reserve]"},
        "empty_from": {"anyOf": [*PILE_SET["anyOf"],
                                 {"type": "array", "minItems": 1, "maxItems": 32,
                                  "items": {"anyOf": [{"type": "string", "minLength": 1},
                                                      {"type": "object", "additionalProperties": False,
                                                       "required": ["from", "when"],
                                                       "properties": {"from": PILE_SET, "when": CONDITION}}]}}],
                       "description": "the only piles an empty pile of the group takes a card "
                                      "from (Assembly: [waste]); an entry {from: SET, when: CONDITION}: those "
                                      "piles only in that state (Dutchess: a waste card only once the reserve is "
                                      "empty); neighbours: the places next to "
                                      "it in its row or column of the grid (Rectangular Rovers)"},
        "build_from": {"anyOf": [*PILE_SET["anyOf"], {
                           "type": "object", "additionalProperties": False, "required": ["apart"],
                           "properties": {
                               "apart": {"type": "array", "minItems": 1, "maxItems": 12, "uniqueItems": True,
                                         "items": {"type": "integer", "minimum": 1, "maximum": 103},
                                         "description": "how many places away in the group the card comes from"},
                               "side": {"enum": ["left", "right", "either"],
                                        "description": "on which side of the pile that place lies: left (an "
                                                       "earlier place), right (a later one: Accordion) or "
                                                       "either (default)"}}}],
                       "description": "the only piles a card or run put onto a card of these piles may come from "
                                      "(The Little Corporal: [tableau], so the reserve's cards go only into gaps); "
                                      "{apart: [1, 3], side: right}: only from the places that many places away "
                                      "in the group, on that side (Accordion)"},
        "suit": _or_ref({"description": "the pile takes only cards of this suit (Four Winds' cells); a list: "
                                        "one suit per pile (German FreeCell's cells: [C, S, H, D]); {except: "
                                        "SUITS}: every pile takes cards of every suit but these (Diamond Mine: "
                                        "{except: D})",
                         "anyOf": [SUIT, {"type": "array", "minItems": 1, "maxItems": 128, "items": SUIT},
                                   {"type": "object", "additionalProperties": False, "required": ["except"],
                                    "properties": {"except": {
                                        "description": "the suits the piles never take",
                                        "anyOf": [SUIT, {"type": "array", "minItems": 1, "maxItems": 4,
                                                         "uniqueItems": True, "items": SUIT}]}}}]}),
        "rank": _or_ref({"description": "the pile takes only cards of this rank; a list: one rank per pile "
                                        "(Clock: [A, 2, ..., Q, K])",
                         "anyOf": [RANK, {"type": "array", "minItems": 1, "maxItems": 128, "items": RANK}]}),
        "on_take": _or_ref({"enum": ["turn-up", "discard"],
                            "description": "turn-up: a card put on the pile turns up the pile's next face-down "
                                           "card onto its top, and the next again while the card turned is of "
                                           "the pile's own rank (Clock); its face-down cards turn up only so; "
                                           "discard: the card it covers goes to the discard pile, so that the "
                                           "card put on takes its place (Accordion)"}),
        "takes": _or_ref({"enum": ["card", "run", "runs-into-gaps"],
                          "description": "card: only single cards are put on the pile, never a run (PySolFC's "
                                         "max_accept=1); runs-into-gaps: single cards onto its cards, runs "
                                         "only while it is empty (Forty-Nine); run: as many as may move "
                                         "(default)"}),
        "free_when": {**CONDITION, "description": "the pile's cards may leave it only in this state (Napoleon's "
                                                  "free cell: {empty: reserve:1})"},
        "turn_when": {"description": "the pile's face-down top card turns up only in this state, or while "
                                     "every state of a list holds, and stays up (Leprechaun's reserves: "
                                     "{not_empty: foundations:same})",
                      "anyOf": [CONDITION, {"type": "array", "minItems": 2, "maxItems": 4, "items": CONDITION}]},
        "empty_takes": _or_ref({"enum": ["card", "run"],
                                "description": "card: an empty pile takes single cards only, runs go only onto "
                                               "cards (Martha); run: as many as may move (default)"}),
        "moves": _or_ref({"enum": ["card", "run", "face-up", "pile", "card-or-pile"],
                          "description": "what may leave the pile in one move: its top card; an ordered run "
                                         "(by run, else build); any face-up cards together; the whole pile; the "
                                         "top card alone or the whole pile when it is one run"}),
        "run": _or_ref({**RUN_RULE, "description": "what counts as a run that moves together, where it "
                                                   "differs from the build rule (Spider: runs in suit); a "
                                                   "list: a run by one of the rules all the way (Curds and "
                                                   "Whey: in suit, or of one rank)"}),
        "partial": _or_ref({"enum": ["any", "to-foundation"],
                            "description": "when a move may leave face-up cards behind: any time, or only "
                                           "when the card it uncovers can go to a foundation at once"}),
        "limit": _or_ref({"enum": ["supermove", "suit-segments"],
                          "description": "supermove: a run may be as long as (free cells + 1) x 2^(empty "
                                         "columns), one empty column fewer when it goes into one; "
                                         "suit-segments: that number caps the run's stretches of one suit, "
                                         "not its cards (Simple Simon)"}),
        "bottom": _or_ref({**RANK, "description": "the pile builds only while its bottom card is of this rank; "
                                                  "a card of another rank dealt there blocks it until moved "
                                                  "away (Picture Gallery's top row: 4)"}),
        "colour": _or_ref({"enum": ["red", "black"],
                           "description": "the pile takes only cards of this colour (Hemispheres' northern "
                                          "rows: red)"}),
        "swap": _or_ref({"enum": ["card", "pile", "colour"],
                         "description": "card: two places of groups with swap, each holding one card of the "
                                        "other's bottom rank, trade their cards in one move (Royal Parade); "
                                        "pile: two piles of groups with other bottom ranks, their bottom cards "
                                        "of different ranks and one of them of the other's bottom rank, trade "
                                        "their whole piles (Devil's Grip); needs bottom:; colour: a place "
                                        "holding one card of the colour of another group's colour: trades it "
                                        "with a one-card place of that group holding a card of its own "
                                        "colour (Hemispheres); needs colour:"}),
        "to_bottom": _or_ref({**RANK, "description": "a rank whose cards the deal moves under the other "
                                                     "cards of their pile (Baker's Dozen: K)"}),
        "fill_dealt_gaps": _or_ref({**RANK, "description": "after the deal, the cards of this rank on top of "
                                                           "the group's places move, in place order, into the "
                                                           "places the deal left empty; theirs stay empty "
                                                           "(Blue Moon: A)"}),
        "deal_by": _or_ref({"description": "row (default): the deal gives each pile of the group one card in "
                                           "turn, row after row; pile: all of the first pile's cards, then all "
                                           "of the second's, ... (Nestor); {suit: [C, S, H, D]}: every card the "
                                           "deal has left goes onto the pile of its suit, one suit per pile in "
                                           "pile order, piles beyond the list staying empty (Four Colours); "
                                           "{rank: [2, 3, ..., K]}: onto the pile of its rank (Lady of the "
                                           "Manor's reserves)",
                            "anyOf": [{"enum": ["row", "pile"]},
                                      {"type": "object", "additionalProperties": False, "required": ["suit"],
                                       "properties": {"suit": {"type": "array", "minItems": 1, "maxItems": 4,
                                                               "items": SUIT}}},
                                      {"type": "object", "additionalProperties": False, "required": ["rank"],
                                       "properties": {"rank": {"type": "array", "minItems": 1, "maxItems": 13,
                                                               "items": RANK}}}]}),
        "split": {"type": "object", "additionalProperties": False, "minProperties": 1,
                  "description": "the group is dealt pile by pile, in pack order: before: a card of this "
                                 "rank starts the next pile (unless the current one is still empty; Cat's "
                                 "Tail: K); after: a card of this rank ends its pile (Kentish: A); first / "
                                 "last: the shuffled pack's last card of this rank is moved to its top / "
                                 "its bottom first (PySolFC's shuffle hooks: Kings, Kentish)",
                  "properties": {"before": _or_ref(RANK), "after": _or_ref(RANK),
                                 "first": _or_ref(RANK), "last": _or_ref(RANK)}},
        "max": _or_ref({"type": "integer", "minimum": 1, "maximum": 104,
                        "description": "the most cards the pile may hold"}),
        "shape": _or_ref({"enum": ["pyramid"],
                          "description": "places laid over each other: pyramid: rows of 1, 2, 3, ... places, "
                                         "place i of a row covered by places i and i+1 of the next row"}),
        "covered_by": {"type": "object", "maxProperties": 104,
                       "propertyNames": {"pattern": "^[1-9][0-9]*$", "description": "a place number (1, 2, ...)"},
                       "additionalProperties": {"type": "array", "minItems": 1, "maxItems": 8,
                                                "items": {"type": "integer", "minimum": 1, "maximum": 104}},
                       "description": "places laid over each other, written out: place N is covered by the "
                                      "places listed (TriPeaks' peaks, fir trees); a covered place gives and "
                                      "takes no card, and its face-down cards turn up once it is free"},
        "drop_cover": _or_ref({"type": "boolean",
                               "description": "with covered places: a covered pile takes the whole pile of the "
                                              "last place still lying over it, when that pile moves as one unit "
                                              "and its deepest card goes on the covered pile's top card by the "
                                              "build rule (PySolFC's Interlock dropdown move)"}),
        "grid": {"type": ["object", "null"], "additionalProperties": False,
                 "required": ["rows", "columns"],
                 "description": "how to show single places: rows x columns",
                 "properties": {"rows": {"type": "integer", "minimum": 1, "maximum": 64,
                                         "description": "rows of places"},
                                "columns": {"type": "integer", "minimum": 1, "maximum": 64,
                                            "description": "places in each row"}}},
    },
}

FOUNDATION_GROUP = {
    "type": ["object", "null"],
    "description": "a group of foundation piles built by one sequence rule",
    "additionalProperties": False,
    "properties": {
        "title": TITLE,
        "base": _or_ref({"description": "a rank: A 2 3 4 5 6 7 8 9 10 J Q K (T for 10), or 1..13; or any "
                                        "(any first card, with a build rule); or deal (the rank of the "
                                        "card the deal puts on the group's first pile); or first (the rank "
                                        "of the first card the player puts on any pile of the group); or "
                                        "{of: GROUP, offset: N} (the base the deal gives another group, N "
                                        "ranks on, wrapping)",
                         "anyOf": [{"enum": ["any", "deal", "first"]}, *RANK["anyOf"],
                                   {"type": "object", "additionalProperties": False, "required": ["of"],
                                    "properties": {
                                        "of": {"type": "string", "description": "a foundation group with "
                                               "base: deal"},
                                        "offset": {"type": "integer", "minimum": -12, "maximum": 12,
                                                   "description": "ranks on from that base (1: the rank "
                                                   "above, K then A)"}}}]}),
        "step": _or_ref({"type": "integer", "minimum": -12, "maximum": 12, "not": {"const": 0},
                         "description": "rank step from one card to the next (e.g. 2, -1)"}),
        "wrap": _or_ref({"type": "boolean", "description": "rank arithmetic modulo 13 (K then A)"}),
        "length": _or_ref({"type": "integer", "minimum": 1, "maximum": 104,
                           "description": "cards a finished pile holds"}),
        "suits": _or_ref({"description": "fixed: pile n belongs to suit n mod 4 (C D H S); any: its first "
                                         "card decides; regardless: any suit for every card; or a list "
                                         "with each pile's suit",
                          "anyOf": [{"enum": ["fixed", "any", "regardless"]},
                                    {"type": "array", "minItems": 1, "items": SUIT}]}),
        "count": _or_ref({"type": "integer", "minimum": 1, "maximum": 64,
                          "description": "how many piles the group has"}),
        "start": _or_ref({"enum": ["found", "dealt", "rank-dealt"],
                          "description": "found: a free base card starts a pile; dealt: bases set out before the "
                                         "deal (with base: any and a build rule, the first card of the pile's "
                                         "suit in the shuffled pack: Uintah); rank-dealt (with base: deal): the pack's first card chooses the "
                                         "base rank and the other cards of that rank go up before the deal, "
                                         "each onto a pile of its suit (the first card too when the group is "
                                         "first in deal: Petal; else it starts the layout: Penguin)"}),
        "build": _or_ref({**BUILD_RULE, "description": "instead of a rank sequence: each card follows the "
                                                       "top card by this rule (Golf: up or down, any suit); its first card is of the base rank (any card "
                                                       "with base: any; the rank the first card or the deal chooses with "
                                                       "base: first or deal: Terrace, Blondes and Brunettes)"}),
        "suit": _or_ref({**SUIT, "description": "the pile takes only cards of this suit (Four Winds' cells)"}),
        "takes": _or_ref({"description": "card: one card at a time; run: only a finished run (K down to A "
                                         "in suit) at once, from the top of a pile (Spider); {cards: N}: only "
                                         "N cards at once from the top of a pile, a run by the build rule "
                                         "(Beehive's four of a rank), or of one rank with rank: same; pile: "
                                         "only a pile's whole stack of two cards or more at once, in any "
                                         "order (All in a Row II)",
                          "anyOf": [{"enum": ["card", "run", "pile"]},
                                    {"type": "object", "additionalProperties": False, "required": ["cards"],
                                     "properties": {"cards": {"type": "integer", "minimum": 2, "maximum": 13},
                                                    "rank": {"enum": ["same"], "description": "the set is of "
                                                             "one rank, whatever the pile's build rule (Simplex)"}}}]}),
        "at_once": _or_ref({"type": "boolean",
                            "description": "with takes: run: a finished run goes up by itself, never as the "
                                           "player's move: after each move of cards (not a stock's deal), every "
                                           "pile whose top cards are one, in pile order (Arachnida)"}),
        "run": {"type": "object", "additionalProperties": False,
                "description": "with takes: run, how the run's suits go card to card (default: one suit)",
                "properties": {"suit": _or_ref({"enum": ["same", "alternate", "any"],
                                                "description": "same suit, alternate colours, or any suits"})}},
        "sequence": {"type": "array", "minItems": 1, "maxItems": 104, "items": RANK,
                     "description": "the ranks of a pile listed one by one, instead of base, step and length "
                                    "(Napoleon's Tomb: 6 down to A four times over); with base: deal, read round from "
                                    "the first place of the dealt card's rank"},
        "deal_bases": _or_ref({"type": "boolean",
                               "description": "during the deal, after each row, a base card on top of a dealt "
                                              "pile goes onto an empty pile of the group (Thirty-Six's Aces)"}),
        "when": {**CONDITION, "description": "the piles take cards only in this state (Zodiac: "
                                             "{empty: [stock, waste]})"},
        "direction": _or_ref({"enum": ["first-card"],
                              "description": "first-card: the piles are built up or down by one from their base, "
                                             "all the way the first card built on any of them went (Braid)"}),
        "follows": _or_ref({"enum": ["previous", "longest"],
                            "description": "previous: each pile after the group's first starts only with the "
                                           "rank of the first card of the pile before it, and then takes only "
                                           "ranks already on that pile (Osmosis); longest: a pile shorter than "
                                           "the group's longest takes only the rank at its next place in that "
                                           "one (Osmium); with a build rule"}),
        "first_pass_from": {**PILE_SET, "description": "until the first redeal, the only piles a card put on "
                                                       "these foundations may come from (St. Helena's King "
                                                       "foundations: not the bottom row)"},
        "suit_order": _or_ref({"enum": ["shared"],
                               "description": "shared: a pile's n-th card must be of the suit of the n-th card "
                                              "of every other pile with suit_order: shared, whatever its group "
                                              "(Choice, German Clock)"}),
        "base_set_by": {**PILE_SET, "description": "with base: first and a build rule: only a card played from "
                                                   "these piles chooses the base, the rank of the first card of "
                                                   "the pile it went to; from then on the group's empty piles "
                                                   "take only that rank, for good, while piles started before "
                                                   "build on from their own first card (Nine Across: [tableau])"},
        "takes_from": {**PILE_SET, "description": "the only piles a card put on these foundations may come from "
                                                  "(British Constitution: [row1], the top row)"},
        "base_suit_from": {"type": "string",
                           "description": "a layout pile group: each pile takes its first card only in the suit "
                                          "of the bottom card of that group's pile with its number, and none "
                                          "while that pile is empty (Glencoe: tableau)"},
        "base_rank_from": {"type": "object", "additionalProperties": False, "required": ["group"],
                           "properties": {"group": {"type": "string",
                                                    "description": "the layout pile group whose piles choose "
                                                                   "the bases, pile n for pile n"},
                                          "offset": {"type": "integer", "minimum": -12, "maximum": 12,
                                                     "description": "ranks on from the bottom card's rank, "
                                                                    "wrapping K-A (default 0)"}},
                           "description": "{group: GROUP, offset: N}: each pile takes its first card only of the "
                                          "rank of the bottom card of that layout group's pile with its number, N "
                                          "ranks on, wrapping, and none while that pile is empty (Interregnum: "
                                          "{group: places, offset: 1})"},
        "last_from": {"type": "string",
                      "description": "a layout pile group: each pile's last card (its length-th) comes only from "
                                     "that group's pile with its number, whatever takes_from says (Interregnum: "
                                     "places)"},
        "transfer": _or_ref({"description": "a top card may move onto another foundation that takes it (Aces "
                                            "and Kings: between an Ace pile and a King pile): true, or "
                                            "{keep_base: true}: never the pile's first card (PySolFC's "
                                            "min_cards=1: One234)",
                             "anyOf": [{"type": "boolean"},
                                       {"type": "object", "additionalProperties": False, "minProperties": 1,
                                        "properties": {"keep_base": {"type": "boolean"}}}]}),
        "discard": _or_ref({"type": "boolean",
                            "description": "one pile that the sets of remove: go to, in no order (Pyramid); "
                                           "base, length and count are not given"}),
        "worry": _or_ref({"description": "a top card may move back from the foundation to the layout: true, "
                                         "or {when: CONDITION}: only in that state (Giant: {empty: stock}); "
                                         "keep_base: true: never the pile's first card (PySolFC's min_cards=1)",
                          "anyOf": [{"type": "boolean"},
                                    {"type": "object", "additionalProperties": False, "minProperties": 1,
                                     "properties": {"when": CONDITION, "keep_base": {"type": "boolean"}}}]}),
    },
}

# What a parameter patch may change: the game's fields, not its identity or parameters.
PATCH = {
    "type": "object",
    "additionalProperties": False,
    "description": "a partial definition merged onto the variant when this value is chosen "
                   "(null deletes a key)",
    "properties": {},  # filled in below, once the variant's own fields are defined
}

PARAMETER = {
    "type": ["object", "null"],
    "description": "a parameter: its type, default and allowed values (null deletes an inherited one)",
    "additionalProperties": False,
    # type and default are required once a variant's extends chain is merged (a child may
    # override only the default of an inherited parameter): checked by the loader.
    "properties": {
        "type": {"enum": ["choice", "int", "ranks"],
                 "description": "choice: one of values; int: a whole number in min..max; "
                                "ranks: count ranks separated by commas (e.g. 6,7)"},
        "help": {"type": "string", "maxLength": 200, "description": "one line shown by patience show"},
        "default": {"description": "the value used when --param does not give one"},
        "values": {"type": "array", "minItems": 1, "maxItems": 64, "uniqueItems": True,
                   "items": {"type": ["string", "integer"]},
                   "description": "the allowed values of a choice"},
        "min": {"type": "integer", "description": "smallest allowed value of an int"},
        "max": {"type": "integer", "description": "largest allowed value of an int"},
        "count": {"type": "integer", "minimum": 1, "maximum": 13,
                  "description": "how many ranks a ranks value lists"},
        "patches": {"type": "object", "maxProperties": 64, "additionalProperties": {"$ref": "#/definitions/patch"},
                    "description": "per value, a partial definition merged on when that value is chosen"},
    },
    "allOf": [
        {"if": {"required": ["type"], "properties": {"type": {"const": "choice"}}},
         "then": {"properties": {"default": {"type": ["string", "integer"]}}}},
        {"if": {"required": ["type"], "properties": {"type": {"const": "ranks"}}},
         "then": {"properties": {"default": {"type": "array", "maxItems": 13, "items": RANK}}}},
        {"if": {"required": ["type"], "properties": {"type": {"const": "int"}}},
         "then": {"properties": {"default": {"type": "integer"}}}},
    ],
}

NAME_PATTERN = "^[a-z0-9][a-z0-9-]*$"
ID_WORDS = "lower-case letters, digits and dashes, starting with a letter or digit"

# The catalogue's families: PySolFC's game types (pysollib/gamedb.py, GI.TYPE_NAMES), a game
# with no type of its own filed by its number of decks.
FAMILY_TITLES = {
    "bakers-dozen": "Baker's Dozen type", "beleaguered-castle": "Beleaguered Castle type",
    "canfield": "Canfield type", "fan": "Fan type", "forty-thieves": "Forty Thieves type",
    "freecell": "FreeCell type", "golf": "Golf type", "gypsy": "Gypsy type", "klondike": "Klondike type",
    "montana": "Montana type", "napoleon": "Napoleon type", "numerica": "Numerica type",
    "pairing": "Pairing type", "picture-gallery": "Picture Gallery type", "raglan": "Raglan type",
    "simple": "Simple games", "spider": "Spider type", "terrace": "Terrace type", "yukon": "Yukon type",
    "one-deck": "Other one-deck games", "two-deck": "Other two-deck games",
    "three-deck": "Other three-deck games", "four-deck": "Other four-deck games",
}
FAMILIES = tuple(FAMILY_TITLES)


# A single card as a file writes it: AC, 10h, qs.
ONE_CARD = "^\\s*([AaTtJjQqKk1-9]|10)[CDHScdhs]\\s*$"

FIELDS: dict[str, Any] = {
    "name": {"type": "string", "pattern": NAME_PATTERN,
             "description": f"the id used on the command line ({ID_WORDS})"},
    "title": {**TITLE, "description": "the name shown to players"},
    "aliases": {"type": "array", "maxItems": 16, "items": {"type": "string", "pattern": NAME_PATTERN,
                                           "description": f"an id ({ID_WORDS})"},
                "description": "other ids that find this variant"},
    "description": {"type": "string", "maxLength": 5000, "description": "a paragraph for patience show"},
    "family": {"enum": list(FAMILIES),
               "description": "the catalogue family (PySolFC's game types): " + ", ".join(FAMILIES)},
    "pysol_id": {"type": "integer", "minimum": 1, "maximum": 999999,
                 "description": "the game's number in PySolFC (its GameInfo id), where this file plays "
                                "PySolFC's game"},
    "extends": {"type": "string", "minLength": 1, "description": "a variant whose definition this one changes"},
    "requires": {"type": "array", "maxItems": 16, "items": {"type": "string"},
                 "description": "plugins (by name) that must be installed"},
    "decks": {"type": "integer", "minimum": 1, "maximum": 4,
              "description": "how many 52-card decks make the pack"},
    "autoplay": {"type": "boolean",
                 "description": "whether the interactive game plays to the foundations by itself"},
    "parameters": {"type": "object", "maxProperties": 32, "additionalProperties": PARAMETER,
                   "propertyNames": {"pattern": "^[a-z_][a-z0-9_]*$",
                                     "description": "lower-case letters, digits and underscores"},
                   "description": "the settings a player may choose with --param K=V"},
    "piles": {"type": "object", "maxProperties": 32, "additionalProperties": PILE_GROUP,
              "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$",
                                "not": {"enum": ["stock", "waste", "foundation"]},
                                "description": "lower-case letters, digits and dashes; "
                                               "not stock, waste or foundation (built in)"},
              "description": "the pile groups of the layout (wings, reserve, columns), by id"},
    "suits": {"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": True, "items": SUIT,
              "description": "the suits of the pack, where fewer than four (Spider: [S] or [S, H]); "
                             "the pack keeps its size"},
    "pack": {"type": "object", "additionalProperties": False, "minProperties": 1,
             "description": "a stripped pack: each deck holds only these ranks and suits "
                            "(PySolFC's ranks= and suits=); ranks keep their values",
             "properties": {
                 "ranks": {"type": "array", "minItems": 1, "maxItems": 13, "items": RANK,
                           "description": "the ranks each deck holds ([A, 7, 8, 9, 10, J, Q, K]: a Piquet pack)"},
                 "suits": {"type": "array", "minItems": 1, "maxItems": 4, "uniqueItems": True, "items": SUIT,
                           "description": "the suits each deck holds ([C, S, H]: no diamonds)"}}},
    "stock": {"type": "object", "additionalProperties": False,
              "description": "the stock (what the deal leaves) and how it is dealt",
              "properties": {
                  "redeals": _or_ref({"description": "how often the waste may be turned over, in order, "
                                                     "to form a new stock: a whole number from 0 to 100, "
                                                     "or unlimited",
                                      "anyOf": [{"type": "integer", "minimum": 0, "maximum": 100},
                                                {"const": "unlimited"}]}),
                  "draw": _or_ref({"description": "cards turned onto the waste at a time; or a list, one "
                                                  "number per pass through the stock (Canfield Rush: [3, 2, 1])",
                                   "anyOf": [{"type": "integer", "minimum": 1, "maximum": 10},
                                             {"type": "array", "minItems": 2, "maxItems": 101,
                                              "items": {"type": "integer", "minimum": 1, "maximum": 10}}]}),
                  "deal": _or_ref({"type": "string", "description": "a pile group: each deal puts one stock "
                                                                    "card on every pile of it (Spider)"}),
                  "shuffle": _or_ref({"type": "boolean",
                                      "description": "with deal and redeals: the cards a redeal gathers "
                                                     "back into the stock are shuffled (Scuffle)"}),
                  "last_row_to": _or_ref({**PILE_SET,
                                          "description": "with deal: a pile group, one pile or a list of them; "
                                                         "when the stock holds exactly one card for each of "
                                                         "these piles, a move deals them onto them instead, "
                                                         "whatever deal_when says (Algerian Patience, Cone, "
                                                         "Irmgard: [tableau:2, ..., tableau:8])"}),
                  "narrows": _or_ref({"type": "boolean",
                                      "description": "with deal and redeals: each redeal deals its rows onto "
                                                     "one pile fewer, the group's last pile dropping out, "
                                                     "though every pile is gathered (Well)"}),
                  "last_row_at_once": _or_ref({"type": "boolean",
                                               "description": "with last_row_to: the deal that leaves the "
                                                              "stock holding one card for each of those piles "
                                                              "puts them there in the same move (Jane)"}),
                  "skip": _or_ref({"enum": ["king-run", "king-pile"],
                                   "description": "with deal: the piles a row skips: king-run, those whose "
                                                  "top run holds a King (Fechter's Game); king-pile, those "
                                                  "that are one run from a King at the bottom (Churchill); "
                                                  "runs by the group's run rule"}),
                  "drop_onto": _or_ref({"type": "string",
                                        "description": "with deal: a pile group of as many piles; before each "
                                                       "row, the top card of each pile dealt to goes onto the "
                                                       "pile of the same number there, whatever the card "
                                                       "(Trapdoor: drop_onto: tableau)"}),
                  "gather_from": _or_ref({"enum": ["first", "last"],
                                          "description": "with deal and redeals: the pile a redeal gathers "
                                                         "back into the stock first: first (default, pile 1: "
                                                         "Acquaintance) or last (Perpetual Motion)"}),
                  "when": {**CONDITION, "description": "the stock is turned, dealt or redealt only in this "
                                                      "state (Virginia Reel: {not_empty: [twos, threes, fours]}; "
                                                      "The Lucky Number: {empty: [jack, queen, king]})"},
                  "deal_when": _or_ref({"enum": ["always", "no-gap", "all-empty"],
                                        "description": "no-gap: a row is dealt only when no pile of the "
                                                       "group is empty; all-empty: only when every one is "
                                                       "(Toad)"}),
                  "deals_per_round": _or_ref({"type": "integer", "minimum": 1, "maximum": 52,
                                              "description": "with deal and redeals: a round is this many deals, "
                                                             "the deal's own row the first; then the stock deals no "
                                                             "more until a redeal gathers the piles onto the cards "
                                                             "left in it (shuffled with shuffle: true) and deals the "
                                                             "next round's first row (Knockout: 5)"}),
                  "rounds": _or_ref({"type": "integer", "minimum": 1, "maximum": 12,
                                     "description": "with deal: rows dealt by one move, one card to each pile "
                                                    "in turn each row (The Spark: 3); default 1"}),
                  "deal_by": _or_ref({"enum": ["row", "pile"],
                                      "description": "with rounds: row (default): each row one card to every "
                                                     "pile in turn; pile: each pile its rounds cards before "
                                                     "the next (PySolFC's Tournament_Talon: rounds: 4)"}),
                  "onto": _or_ref({"enum": ["every", "non-empty", "gaps-first", "last"],
                                   "description": "non-empty: a row goes only onto the piles that hold a "
                                                  "card (onto the first pile when none does: Grounds for a "
                                                  "Divorce); gaps-first: only onto the empty piles when "
                                                  "there are any, else onto every pile (Russian Aces); last: one card onto the last pile holding a "
                                                  "card, a card of the group's split rank starting the "
                                                  "next (Salic Law); every (default): onto every pile"}),
                  "to": _or_ref({"type": "string", "description": "waste; gaps (never turned: its cards only "
                                                                  "fill gaps, though a gather redeal may "
                                                                  "rearrange the layout: Rainbow Fan); or a foundation group of one pile "
                                                                  "that the stock is turned onto (Golf)"}),
                  "turn_up": {"type": "string",
                              "description": "a redeal (counted by redeals) of a game with no stock, offered only "
                                             "when no other move is left: the player turns up the next face-down "
                                             "card of a pile of this group, as its taking a card would (Relaxed "
                                             "Clock: on_take: turn-up piles)"},
                  "gather": {"type": "object", "additionalProperties": False, "required": ["group"],
                             "description": "a redeal (counted by redeals) that picks the piles of group up in "
                                            "order, unshuffled, and deals them out again (Cruel)",
                             "properties": {
                                 "group": {"type": "string", "description": "the pile group gathered"},
                                 "per_pile": _or_ref({"type": "integer", "minimum": 1, "maximum": 52,
                                                      "description": "cards dealt to each pile (default 4)"}),
                                 "shuffle": _or_ref({"type": "boolean",
                                                     "description": "shuffled before they are dealt again, in "
                                                                    "rows (La Belle Lucie); the same game always "
                                                                    "shuffles the same way"}),
                                 "deal": _or_ref({"enum": ["rows", "stairs", "again", "bottom-to-top"],
                                                  "description": "instead of per_pile, how the gathered cards "
                                                                 "are dealt out again: rows, one card to each "
                                                                 "pile in turn until they run out (Capricieuse); "
                                                                 "stairs, rows that each start one pile further "
                                                                 "on (Usk); again, the deal's own face-down rows "
                                                                 "and then face-up rows, as far as the cards go "
                                                                 "(Tvete's Grandfather); bottom-to-top, each "
                                                                 "pile's bottom card moved to its top "
                                                                 "(Crescent)"}),
                                 "from_top": _or_ref({"type": "boolean",
                                                      "description": "with deal: each pile's cards are dealt "
                                                                     "out from its top down, the last pile "
                                                                     "first (St. Helena); else the last "
                                                                     "pile's bottom card comes first"}),
                                 "with_stock": _or_ref({"type": "boolean",
                                                        "description": "the stock's cards are gathered too "
                                                                       "and shuffled with the piles' cards; "
                                                                       "per_pile cards are dealt to each pile "
                                                                       "in turn, pile by pile, and the rest go "
                                                                       "back into the stock (Intelligence)"}),
                                 "one_pile": _or_ref({"enum": ["first", "last"],
                                                      "description": "each redeal picks up one pile only, "
                                                                     "the n-th from the first (Senior "
                                                                     "Wrangler) or from the last (Matrimony), "
                                                                     "and deals it out again from that pile "
                                                                     "on, then round and round from the "
                                                                     "first; with stock.deal, once the stock "
                                                                     "is empty"}),
                                 "face_up": _or_ref({"type": "integer", "minimum": 1, "maximum": 52,
                                                     "description": "only this many cards of each pile go back "
                                                                    "face up, the rest face down (Fascination "
                                                                    "Fan: 1)"}),
                                 "keep": {"type": "object", "additionalProperties": False, "required": ["runs_from"],
                                          "description": "the cards in order at the start of each row of the "
                                                         "group's grid stay; only the rest is gathered, shuffled "
                                                         "and dealt back, one to each place they left (Montana)",
                                          "properties": {"runs_from": {**RANK, "description": "the rank a row's "
                                                                       "run starts with in its first place; then "
                                                                       "the next ranks of the pack, in its suit"}}},
                                 "gaps": _or_ref({"enum": ["after-run", "row-end", "random"],
                                                  "description": "with keep, which places the redeal leaves "
                                                                 "empty: the first after each row's run "
                                                                 "(default), each row's last place (Station), or "
                                                                 "as many as there were gaps, at random (Spaces)"})}},
                  "top_up": {"type": "object", "additionalProperties": False, "required": ["group", "cards"],
                             "description": "a stock turned onto the waste that, while a pile of group holds "
                                            "fewer than cards cards, deals instead: one card to each such pile "
                                            "in turn, again and again, until each holds cards cards or the "
                                            "stock is out (PySolFC's BigBen_Talon)",
                             "properties": {
                                 "group": {"type": "string", "description": "the pile group topped up"},
                                 "cards": {"type": "integer", "minimum": 1, "maximum": 13,
                                           "description": "the cards each pile is topped up to"}}},
                  "close_up": {"type": "object", "additionalProperties": False, "required": ["group"],
                               "description": "instead of a waste: the stock closes up the gaps of a pile group "
                                              "(its cards slide toward place 1, in order) and deals a card into "
                                              "each gap (Monte Carlo)",
                               "properties": {
                                   "group": {"type": "string", "description": "the pile group closed up"},
                                   "at_once": _or_ref({"type": "boolean",
                                                       "description": "after every set removed, by itself "
                                                                      "(else when the player asks)"})}},
                  "face_up": _or_ref({"type": "boolean",
                                      "description": "the stock's top card lies face up and is free like the "
                                                     "waste's (Pyramid)"}),
              }},
    "waste": {"type": "object", "additionalProperties": False,
              "description": "the waste piles the stock is turned onto",
              "properties": {
                  "count": _or_ref({"type": "integer", "minimum": 1, "maximum": 16,
                                    "description": "how many; with more than one the player chooses which "
                                                   "takes each card (Sir Tommy, Calculation)"}),
                  "access": _or_ref({"enum": ["top", "all"], "description": "which waste cards are free"}),
                  "max": _or_ref({"type": "integer", "minimum": 1, "maximum": 10,
                                  "description": "the most cards a waste pile holds: the stock is turned onto it "
                                                 "only when it has room (Colorado: 1)"}),
                  "title": {**TITLE, "description": "the name shown to players (one line)"},
                  "fill": _or_ref({"description": "never, or [stock]: the moment the waste becomes empty, "
                                                  "one draw of the stock is turned onto it (Terrace; Noumea: three)",
                                   "anyOf": [{"const": "never"},
                                             {"type": "array", "minItems": 1, "maxItems": 1,
                                              "items": {"const": "stock"}}]}),
              }},
    "opening_card": {"type": "object", "additionalProperties": False, "required": ["from"],
                     "description": "the game opens with a card played from these piles onto a foundation, "
                                    "and nothing else moves until then; that move then deals a stock card into "
                                    "every empty pile of each group of deal (Terrace)",
                     "properties": {
                         "from": {**PILE_SET, "description": "the piles the opening card may come from"},
                         "deal": {"type": "array", "minItems": 1, "maxItems": 8, "uniqueItems": True,
                                  "items": {"type": "string", "minLength": 1},
                                  "description": "after the opening card, in order: a layout pile group (one "
                                                 "stock card into each of its empty piles) or waste (the "
                                                 "stock turned once)"}}},
    "deal_numbers": {"type": "object", "additionalProperties": False,
                     "description": "deal numbers other programs use (--deal ms:N, --deal pysol:N)",
                     "properties": {"pysol": {"type": "string", "pattern": "^[a-z0-9_]+$",
                                              "description": "the game's key in pysol-cards (e.g. freecell)"}}},
    "foundations": {"type": "object", "maxProperties": 32, "additionalProperties": FOUNDATION_GROUP,
                    "propertyNames": {"pattern": "^[a-z][a-z0-9-]*$",
                                      "description": "lower-case letters, digits and dashes"},
                    "description": "the foundation groups, by id; their piles are foundation:1, 2, ..."},
    "setout": {"type": "object", "maxProperties": 104,
               "propertyNames": {"pattern": "^[a-z][a-z0-9-]*:[1-9][0-9]*$",
                                 "description": "a layout pile, such as grid:1"},
               "additionalProperties": {"type": "string", "pattern": ONE_CARD,
                                        "description": "a card, such as AC"},
               "description": "cards taken out of the pack before the shuffle and set on these layout piles, "
                              "under any cards dealt to them (Red Moon's Aces)"},
    "deal_first": {"type": "array", "minItems": 1, "maxItems": 8, "uniqueItems": True,
                   "items": {"anyOf": [{"type": "string", "pattern": ONE_CARD,
                                        "description": "a card, such as QH"},
                                       {"type": "object", "additionalProperties": False, "required": ["rank"],
                                        "properties": {"rank": RANK},
                                        "description": "{rank: R}: the one card of rank R nearest the "
                                                       "bottom of the shuffled pack (Virginia Reel)"},
                                       {"type": "object", "additionalProperties": False,
                                        "required": ["ranks", "unless_in_first"],
                                        "properties": {"ranks": {"type": "array", "minItems": 1, "maxItems": 13,
                                                                 "uniqueItems": True, "items": RANK,
                                                                 "description": "the ranks looked for"},
                                                       "unless_in_first": {"type": "integer", "minimum": 1,
                                                                           "maximum": 52,
                                                                           "description": "the first cards of "
                                                                           "the pack looked at"}},
                                        "description": "{ranks: [R, ...], unless_in_first: N}: unless the "
                                                       "first N cards of the shuffled pack hold a card of these "
                                                       "ranks, the one nearest its bottom (Tournament's Ace or "
                                                       "King for the reserve)"}]},
                   "description": "cards the shuffled pack always deals first: every copy is moved to the "
                                  "top of the pack before the deal, in the order listed (PySolFC's shuffle "
                                  "hook: Royal Marriage's Queen of hearts); or {rank: R} items: the card "
                                  "of each rank nearest the pack's bottom (VirginiaReel._shuffleHook)"},
    "deal_last": {"type": "array", "minItems": 1, "maxItems": 8, "uniqueItems": True,
                  "items": {"type": "string", "pattern": ONE_CARD,
                            "description": "a card, such as AS"},
                  "description": "cards the shuffled pack always deals last: every copy is moved to the "
                                 "bottom of the pack before the deal, in the order listed (PySolFC's shuffle "
                                 "hook: All in a Row's Ace of spades)"},
    "shuffle": _or_ref({"enum": ["whole-pack", "separate-decks"],
                        "description": "whole-pack (default): the decks are shuffled together; separate-decks: "
                                       "each deck is shuffled on its own, and all of one deck is dealt before "
                                       "the next (PySolFC's shuffleSeparateDecks: Microbe)"}),
    "distinct_ranks": {"type": "object", "additionalProperties": False, "required": ["cards", "runs"],
                       "description": "the first runs of cards the deal takes, each of `cards` cards, hold no two "
                                      "cards of one rank: the shuffle swaps a repeated card with a random card "
                                      "after its run (PySolFC's Nestor shuffle hook)",
                       "properties": {
                           "cards": _or_ref({"type": "integer", "minimum": 2, "maximum": 13,
                                             "description": "the cards in a run (Nestor: 6, a column)"}),
                           "runs": _or_ref({"type": "integer", "minimum": 1, "maximum": 52,
                                            "description": "how many runs, from the top of the pack (Nestor: 8)"})}},
    "deal_to_foundations": {"anyOf": [{"type": "boolean"},
                                      {"type": "array", "minItems": 1, "maxItems": 13, "uniqueItems": True,
                                       "items": RANK},
                                      {"type": "object", "additionalProperties": False, "minProperties": 1,
                                       "properties": {
                                           "ranks": {"type": "array", "minItems": 1, "maxItems": 13,
                                                     "uniqueItems": True, "items": RANK,
                                                     "description": "only cards of these ranks go up (Frog: [A]); "
                                                                    "default: any card that fits"},
                                           "when": {"enum": ["dealt", "after-each-row"],
                                                    "description": "dealt (default): a card goes up as it comes "
                                                                   "off the pack; after-each-row: once each row is "
                                                                   "dealt, a pile's top card that fits goes up, "
                                                                   "again until none fits (Carre Napoleon)"},
                                           "turn": {"enum": ["passes", "waits"],
                                                    "description": "the pile whose turn it was when a card went "
                                                                   "up: passes (default) gets nothing that round "
                                                                   "(Citadel); waits takes the next card, so every "
                                                                   "pile gets its count (Dieppe)"},
                                           "stock": {"type": "boolean",
                                                     "description": "the stock's deals send such cards up too, "
                                                                    "the pile taking the next card (Die "
                                                                    "Koenigsbergerin)"}}}],
                            "description": "during the deal, a card that fits a foundation goes there instead, "
                                           "and the pile whose turn it was gets nothing that round (Citadel); "
                                           "a list of ranks: only cards of those ranks (Troika: [A]); an "
                                           "object says which ranks, when, and what the pile gets"},
    "capacity": {"enum": ["exact", "meet"],
                 "description": "exact (default): the foundations hold the pack exactly; meet: they have room to "
                                "spare, piles of one suit meeting anywhere (Bisley's Ace and King piles)"},
    "remove": {"type": "array", "minItems": 1, "maxItems": 16, "items": REMOVE_RULE,
               "description": "sets of free cards removed together to the discard foundation (Pyramid: "
                              "two cards totalling 13, or a King alone)"},
    "win": {"description": "how the game is won, when not by every card home: a state (Relaxed Pyramid: "
                           "{empty: pyramid}), or a list of states that must all hold",
            "anyOf": [CONDITION, {"type": "array", "minItems": 1, "maxItems": 8, "items": CONDITION}]},
    "deal": {"type": "array", "maxItems": 32, "uniqueItems": True,
             "items": {"type": ["string", "object"], "if": {"type": "object"}, "then":
                 {"type": "object", "additionalProperties": False, "required": ["across"],
                  "description": "rows that run across several pile groups (or piles) as one, in the order "
                                 "listed; rows: only that many of them, the rest dealt by a later entry",
                  "properties": {
                      "across": {"anyOf": [{"type": "string"},
                                           {"type": "array", "minItems": 1, "maxItems": 16,
                                            "uniqueItems": True, "items": {"type": "string"}}],
                                 "description": "layout pile groups or piles (left:1), dealt left to right"},
                      "rows": {"type": "integer", "minimum": 1, "maximum": 104,
                               "description": "how many rows (default: every row the piles still take)"}}}},
             "description": "pile groups in the order they are dealt (a foundation group named here "
                            "gets one card on its first pile; waste: one card turned up onto the waste; "
                            "{across: [GROUPS], rows: N}: rows across several groups as one); "
                            "the rest is the stock"},
}

# A patch may change everything but the variant's identity and its parameters.
PATCH["properties"] = {k: v for k, v in FIELDS.items()
                       if k not in ("name", "aliases", "extends", "parameters")}

VARIANT_SCHEMA: dict[str, Any] = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "$id": "https://patience.invalid/variant.schema.json",
    "title": "patience variant",
    "description": "A patience game, as data. "
                   "Reference: docs/variants.md.",
    "type": "object",
    "additionalProperties": False,
    "required": ["name"],
    "properties": FIELDS,
    "allOf": [
        {"if": {"not": {"required": ["extends"]}},
         "then": {"required": ["name", "title", "decks", "foundations", "deal"]}},
    ],
    "definitions": {"patch": PATCH},
}

# A definition once parameters are substituted (and patches merged): the same fields,
# checked again because a $reference or a patch may bring a value of the wrong kind.
def _without_references(schema: Any) -> Any:
    """``schema`` with every "value or $reference" reduced to the value alone."""
    if isinstance(schema, list):
        return [_without_references(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    branches = schema.get("anyOf")
    if isinstance(branches, list) and len(branches) == 2 and branches[1] is _REF \
            and set(schema) <= {"anyOf", "description"}:
        return _without_references(branches[0])
    return {k: _without_references(v) for k, v in schema.items()}


CONCRETE_SCHEMA: dict[str, Any] = _without_references(
    {k: v for k, v in VARIANT_SCHEMA.items() if k not in ("allOf", "required")})


# A part of the schema said in several places (a build rule, a condition) is published once,
# under ``definitions``, and referred to: inlined everywhere the file ran to 1.6 MB.
SHARED_AT_LEAST = 400   # characters of JSON: smaller parts read better where they are


def _canonical_json(schema: Any) -> str:
    return json.dumps(schema, sort_keys=True, ensure_ascii=False)


def _shared_parts(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with every part it repeats (``SHARED_AT_LEAST`` characters or more) replaced by
    a ``$ref`` to one copy in ``definitions``, named after the field it first describes."""
    counts: dict[str, int] = {}

    def count(node: Any) -> None:
        if isinstance(node, dict):
            text = _canonical_json(node)
            counts[text] = counts.get(text, 0) + 1
            for value in node.values():
                count(value)
        elif isinstance(node, list):
            for value in node:
                count(value)

    count(schema)
    own = schema.get("definitions", {})
    definitions: dict[str, Any] = dict.fromkeys(own)   # their names are taken
    names: dict[str, str] = {}

    def factor(node: Any, key: str) -> Any:
        if isinstance(node, list):
            return [factor(value, key) for value in node]
        if not isinstance(node, dict):
            return node
        text = _canonical_json(node)
        if counts.get(text, 0) > 1 and len(text) >= SHARED_AT_LEAST:
            name = names.get(text)
            if name is None:
                name = key if key not in definitions else next(
                    f"{key}-{i}" for i in range(2, 10_000) if f"{key}-{i}" not in definitions)
                names[text] = name
                definitions[name] = None   # reserved before the body, which may refer on
                definitions[name] = _factor_children(node, factor, key)
            return {"$ref": f"#/definitions/{name}"}
        return _factor_children(node, factor, key)

    document = _factor_children({k: v for k, v in schema.items() if k != "definitions"}, factor, "variant")
    for name, body in own.items():
        definitions[name] = _factor_children(body, factor, name)
    document["definitions"] = definitions
    return document


def _factor_children(node: dict[str, Any], factor, key: str = "") -> dict[str, Any]:
    """``node`` with its values factored, each named after the field it describes."""
    if "properties" in node or "additionalProperties" in node:
        out = {}
        for k, v in node.items():
            if k == "properties":
                out[k] = {name: factor(sub, name) for name, sub in v.items()}
            else:
                out[k] = factor(v, key)
        return out
    return {k: factor(v, key) for k, v in node.items()}


_DOCUMENT: dict[str, Any] | None = None


def schema_document() -> dict[str, Any]:
    """The schema as published (``patience schema``, ``docs/variant.schema.json``): the
    validator's own, with its repeated parts said once (:func:`_shared_parts`)."""
    global _DOCUMENT
    if _DOCUMENT is None:
        _DOCUMENT = _shared_parts(VARIANT_SCHEMA)
    return _DOCUMENT


# --- mapping errors back to YAML lines ----------------------------------------

def _child(node: yaml.Node | None, key: Any) -> tuple[yaml.Node | None, yaml.Node | None]:
    """(key node, value node) of ``key`` inside ``node``."""
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == str(key):
                return k, v
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return node.value[key], node.value[key]
    return None, None


def locate(root: yaml.Node | None, path: Iterable[Any], key_node: bool = False) -> yaml.Node | None:
    """The node at ``path`` (its key node if asked), or the deepest one that exists."""
    node, found = root, root
    for part in path:
        knode, vnode = _child(node, part)
        if vnode is None:
            break
        found = knode if key_node else vnode
        node = vnode
    return found


def where(path: Path | str, node: yaml.Node | None) -> str:
    if node is None:
        return str(path)
    return f"{path}:{node.start_mark.line + 1}:{node.start_mark.column + 1}"


def field_name(parts: Iterable[Any]) -> str:
    """``("piles", "right", "fill", 0)`` -> ``piles.right.fill[0]``."""
    text = ""
    for p in parts:
        text += f"[{p}]" if isinstance(p, int) else (f".{p}" if text else str(p))
    return text or "(top level)"


_field = field_name  # the older private name

_TYPE_WORDS = {"integer": "a whole number", "string": "a string", "boolean": "true or false",
               "object": "a mapping", "array": "a list", "null": "null", "number": "a number"}


def expected_text(schema: dict[str, Any]) -> str:
    """What a (sub)schema accepts, in words: ``a whole number from 1 to 4``."""
    if schema.get("pattern") == PARAM_REF:
        return "a parameter reference ($name, or $name.N for item N of a list)"
    if "enum" in schema:
        return "one of " + ", ".join(map(str, schema["enum"]))
    if "const" in schema:
        return repr(schema["const"])
    if "anyOf" in schema:
        if "description" in schema and not any(s.get("pattern") == PARAM_REF for s in schema["anyOf"]):
            return schema["description"]
        return ", or ".join(expected_text(s) for s in schema["anyOf"])
    if "pattern" in schema:
        return schema.get("description", f"text matching {schema['pattern']}")
    kinds = schema.get("type")
    if not kinds:
        return schema.get("description", "a valid value")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    text = " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
    if schema.get("minLength") and kinds == ["string"]:
        text = "a non-empty string"
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        text += f" from {low} to {high}"
    elif low is not None:
        text += f" of at least {low}"
    elif high is not None:
        text += f" of at most {high}"
    if "const" in schema.get("not", {}):
        text += f", not {schema['not']['const']!r}"
    if "array" in kinds and "items" in schema and "type" in schema["items"] and kinds == ["array"]:
        text = f"{'a non-empty list' if schema.get('minItems') else 'a list'}, each item {expected_text(schema['items'])}"
    return text


def found_text(value: Any) -> str:
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    if value is None:
        return "nothing (null)"
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + "...(" + str(len(text)) + " characters)"


def _enums(schema: dict[str, Any]) -> list[str]:
    """Every enum value a schema (or its anyOf branches) accepts: for did-you-mean hints."""
    values = [str(v) for v in schema.get("enum", [])]
    for sub in schema.get("anyOf", []):
        values += _enums(sub)
    return values


def _hint(word: Any, choices: list[str]) -> str:
    close = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.5) if choices else []
    return f" (did you mean {close[0]!r}?)" if close else ""


Locator = Callable[[list, bool], str]


def describe_error(error, locator: Locator) -> str:
    """One line: ``file:line:col: field F: found X, expected Y`` for a schema violation.

    ``locator(path, key_node)`` turns a path in the document into ``file:line:col``.
    """
    parts = list(error.absolute_path)
    field = field_name(parts)
    validator = error.validator
    if "propertyNames" in error.schema_path:
        # The name of a key is wrong: point at the key itself.
        name = error.instance
        rule = error.parent.schema if error.parent is not None else error.schema
        text = rule.get("propertyNames", error.schema).get("description", "a valid name")
        return (f"{locator(parts + [name], True)}: field {field_name(parts + [name])}: "
                f"the name {name!r} is not allowed; expected {text}")
    if validator == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = [k for k in error.instance if k not in allowed] if isinstance(error.instance, dict) else []
        name = extra[0] if extra else "?"
        return (f"{locator(parts + [name], True)}: field {field_name(parts + [name])}: "
                f"unknown field{_hint(name, allowed)}; expected one of {', '.join(allowed)}")
    here = locator(parts, False)
    if validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else error.message
        why = (" (a variant without extends gives name, title, decks, foundations and deal)"
               if not parts and missing != "name" else "")
        return f"{here}: field {field_name(parts + [missing])}: missing; it is required{why}"
    if validator == "uniqueItems":
        seen, repeated = set(), None
        for item in error.instance:
            key = repr(item)
            if key in seen:
                repeated = item
                break
            seen.add(key)
        return f"{here}: field {field}: {found_text(repeated)} is listed twice; expected each item once"
    if validator in ("maxItems", "maxProperties", "maxLength"):
        what = {"maxItems": "a list of {} items", "maxProperties": "{} entries",
                "maxLength": "a text of {} characters"}[validator].format(len(error.instance))
        return f"{here}: field {field}: {what}, expected at most {error.validator_value}"
    if validator == "minItems":
        return f"{here}: field {field}: found an empty list, expected at least {error.validator_value} item(s)"
    if validator in ("anyOf", "oneOf", "enum", "type", "const", "minimum", "maximum", "not", "pattern",
                     "minLength"):
        hint = _hint(error.instance, _enums(error.schema)) if isinstance(error.instance, str) else ""
        return f"{here}: field {field}: found {found_text(error.instance)}{hint}, expected {expected_text(error.schema)}"
    return f"{here}: field {field}: {error.message}"


class VariantErrors(VariantError):
    """Several problems in one file; ``str()`` gives one line per problem."""

    def __init__(self, messages: list[str]):
        self.messages = messages
        super().__init__("\n".join(messages))


def _unique_items(validator, unique, instance, schema):
    """``uniqueItems`` in linear time: jsonschema's own compares every pair when the items
    cannot be sorted (ints mixed with strings), which a list of thousands makes take minutes."""
    if not unique or not validator.is_type(instance, "array"):
        return
    seen: set = set()
    for item in instance:
        key = _canonical(item)
        if key in seen:
            import jsonschema

            yield jsonschema.ValidationError(f"{found_text(item)} is listed twice")
            return
        seen.add(key)


def _canonical(item: Any) -> str:
    """Equal JSON values give equal keys (1 and 1.0 alike, true apart from 1)."""
    if isinstance(item, float) and item.is_integer():
        item = int(item)
    try:
        return json.dumps(item, sort_keys=True)
    except (TypeError, ValueError):  # a YAML timestamp or binary: not JSON, compare by value
        return f"{type(item).__name__}:{item!r}"


@functools.lru_cache(maxsize=None)
def validator_class():
    """Draft 7 with this module's uniqueItems: jsonschema is imported only when a document is
    checked, not by every command that reads the catalogue."""
    import jsonschema

    return jsonschema.validators.extend(jsonschema.Draft7Validator, {"uniqueItems": _unique_items})


@functools.lru_cache(maxsize=None)
def _validator(concrete: bool):
    """The validator of variant files (or of concrete definitions)."""
    return validator_class()(CONCRETE_SCHEMA if concrete else VARIANT_SCHEMA)


def _report(errors: list, locator: Locator) -> None:
    if not errors:
        return
    errors.sort(key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    seen, messages = set(), []
    for error in errors:
        text = describe_error(error, locator)
        if text not in seen:
            seen.add(text)
            messages.append(text)
    raise VariantErrors(messages)


def validate_document(data: Any, node: yaml.Node | None, path: Path | str) -> None:
    """Raise :class:`VariantErrors` listing every schema violation with file:line:col."""
    if not isinstance(data, dict):
        found = "an empty file" if data is None else found_text(data)
        raise VariantErrors([f"{where(path, node)}: found {found}, expected a mapping of variant fields"])
    _report(list(_validator(False).iter_errors(data)),
            lambda parts, key: where(path, locate(node, parts, key)))


def validate_concrete(definition: dict[str, Any], locator: Locator) -> None:
    """Check a definition after patches and parameter values are in (see loader.specialise)."""
    _report(list(_validator(True).iter_errors(definition)), locator)
