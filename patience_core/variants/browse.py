"""Finding games in the catalogue: filters and a search over names, titles and aliases that
forgives typos (``patience list --search``, the full-screen game chooser)."""
from __future__ import annotations

import difflib
import re
from typing import Any, Iterable

# A query word matches a word of a game's names when they are at least this alike
# (difflib's ratio): "freecel" finds FreeCell, "klondyke" Klondike, "spidr" Spider.
TYPO_RATIO = 0.75


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))


def _names(summary: dict[str, Any]) -> list[str]:
    return [summary["name"], summary.get("title") or "", *(summary.get("aliases") or [])]


def match_score(summary: dict[str, Any], query: str) -> float:
    """How well ``query`` names the game: 3 an exact name, title or alias, 2 every query
    word begins a word of them, then the typo-tolerant likeness of the words (0: no match);
    among equal matches, the game whose whole name is likest the query comes first."""
    score = _word_score(summary, query)
    if score <= 0:
        return 0.0
    whole = " ".join(_words(query))
    likeness = max(difflib.SequenceMatcher(None, whole, " ".join(_words(n))).ratio() for n in _names(summary))
    return score + 0.5 * likeness


def _word_score(summary: dict[str, Any], query: str) -> float:
    wanted = _words(query)
    if not wanted:
        return 1.0
    names = _names(summary)
    joined = [" ".join(_words(n)) for n in names]
    if " ".join(wanted) in joined:
        return 3.0
    words = {w for n in names for w in _words(n)}
    squashed = {"".join(_words(n)) for n in names}
    if all(any(w.startswith(q) for w in words) for q in wanted) or "".join(wanted) in squashed:
        return 2.0
    total = 0.0
    for q in wanted:
        best = max((difflib.SequenceMatcher(None, q, w).ratio() for w in words | squashed), default=0.0)
        if best < TYPO_RATIO:
            return 0.0
        total += best
    return total / len(wanted)


def select(summaries: Iterable[dict[str, Any]], search: str | None = None, family: str | None = None,
           decks: int | None = None) -> list[dict[str, Any]]:
    """The games that pass the filters, best match first when searching, else by name."""
    chosen = []
    for summary in summaries:
        if family is not None and summary.get("family") != family:
            continue
        if decks is not None and summary.get("decks") != decks:
            continue
        score = match_score(summary, search) if search else 1.0
        if score > 0:
            chosen.append((score, summary))
    chosen.sort(key=lambda item: (-item[0], item[1]["name"]))
    return [summary for _score, summary in chosen]
