"""Measure the win rates of every shipped variant and write docs/win-rates.md from them.

    python bench/win_rates.py measure [--policy player|naive|solver|hindsight ...] [--only VARIANT]
                                      [--case 'VARIANT K=V ...']
                                      [--deals 2000] [--solver-deals N] [--max-positions N]
                                      [--hindsight-deals 200]
                                      [--workers 2]
    python bench/win_rates.py measure --catalogue [--policy ...]   # the catalogue's rows not yet measured
    python bench/win_rates.py write          # docs/win-rates.md and docs/games.md from bench/win_rates.json

``measure`` runs ``patience stats`` (the same code, :func:`patience_core.stats.runner.run_stats`)
for each case and policy and stores the counts in ``bench/win_rates.json``; ``write``
turns that file into the table, so no number in the document is typed by hand. Each
row carries the exact command that reproduces it. Measure one policy at a time on a
shared machine; the solver is by far the slowest. Each case names the solver's deals
and position budget (``--solver-deals`` and ``--max-positions`` override them for a run).
"""
from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from pathlib import Path

from patience_core.stats.runner import POLICIES, RunSpec, decided_interval, run_stats

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "win_rates.json"
DOC = ROOT / "docs" / "win-rates.md"
GAMES_DOC = ROOT / "docs" / "games.md"

FAMILY_BUDGET = 1_000_000  # positions per deal where cards go only to the foundations
CONTRADANCE_BUDGET = 100_000  # the budget its stored rows were measured with
# Where cards move between piles: a first budget, the family's (not yet measured: the
# compiled solver for these games may call for another).
BETWEEN_PILES_BUDGET = 1_000_000


@dataclass(frozen=True)
class Case:
    """One row of the table: a variant, the parameter values its sheet names, and what the
    solver may spend on each of its deals."""

    name: str
    params: dict[str, str] = field(default_factory=dict)
    solver_positions: int = FAMILY_BUDGET
    solver_deals: int = 1000
    no_figure: str = "none published"  # the book column where BOOK has no entry for the row


def _between_piles(name: str, solver_deals: int = 1000, **params: str) -> Case:
    # For these games the book column says what a search of the literature found (see the notes).
    return Case(name, params, BETWEEN_PILES_BUDGET, solver_deals, no_figure="none found")


# Rows whose deals mostly spend the whole budget (undecided at 1 000 000 positions, seconds
# each) are measured over fewer deals; the case says how many, so that `measure --case`
# measures the row again as it stands.
FEWER_SOLVER_DEALS = 100


# Every shipped variant with the parameter sets its sheet names (docs/rules/*.md).
CASES: list[Case] = [
    Case("royal-cotillion"),
    Case("royal-cotillion", {"bases": "dealt"}),
    Case("gavotte"),
    Case("gavotte", {"ranks": "6,7"}),
    Case("gavotte", {"free": "left"}),
    Case("odd-and-even"),
    Case("odd-and-even", {"redeals": "2"}),
    Case("contradance", {}, CONTRADANCE_BUDGET),
    Case("contradance", {"bases": "dealt"}, CONTRADANCE_BUDGET),
    Case("contradance", {"redeals": "2"}, CONTRADANCE_BUDGET),
    Case("contradance", {"redeals": "2", "bases": "dealt"}, CONTRADANCE_BUDGET),
    # Klondike: the default (draw 1, unlimited redeals), the sheet's traditional single pass,
    # its common three-card game with three passes, and draw 3 with unlimited redeals, with
    # and without worrying back, and Solvitaire's preset (worrying back, part of a run moved
    # only to free a foundation card), which the published figures are for.
    _between_piles("klondike"),
    _between_piles("klondike", redeals="0"),
    _between_piles("klondike", draw="3"),
    _between_piles("klondike", draw="3", redeals="2"),
    _between_piles("klondike", draw="3", worry="yes"),
    _between_piles("klondike", draw="3", worry="yes", partial="to-foundation"),
    _between_piles("freecell"),
    _between_piles("bakers-game"),
    _between_piles("bakers-game", cells="3"),  # the sheet's published figures: 3, 4 and 5 cells
    _between_piles("bakers-game", cells="5"),
    _between_piles("spider", FEWER_SOLVER_DEALS),
    _between_piles("spider", suits="2"),
    _between_piles("spider", FEWER_SOLVER_DEALS, suits="1"),
    _between_piles("golf", 2 * FEWER_SOLVER_DEALS),
    _between_piles("golf", 2 * FEWER_SOLVER_DEALS, wrap="no"),
    _between_piles("sir-tommy"),
    _between_piles("calculation"),
    _between_piles("yukon"),
    _between_piles("canfield", FEWER_SOLVER_DEALS),
    _between_piles("canfield", FEWER_SOLVER_DEALS, draw="1"),
    _between_piles("forty-thieves", FEWER_SOLVER_DEALS),
]

# The rest of the catalogue: every shipped game with its defaults, over 200 deals a policy and
# at most 100 000 positions a deal for the solver (the first measure of hundreds of games).
CATALOGUE_DEALS = 200
CATALOGUE_BUDGET = 100_000


def shipped_summaries() -> list[dict]:
    """Every shipped game's summary (the catalogue index: no YAML is parsed)."""
    from patience_core.variants.catalog import build_registry

    registry = build_registry()
    return [s for s in (registry.summary(n) for n in registry.names()) if s["origin"] == "shipped"]


def catalogue_cases() -> list[Case]:
    named = {case.name for case in CASES}
    return [Case(s["name"], {}, CATALOGUE_BUDGET, CATALOGUE_DEALS, no_figure="none looked up")
            for s in shipped_summaries() if s["name"] not in named]


# What the books and web pages say, and how it compares (see the rule sheets and the notes).
BOOK = {
    ("royal-cotillion", ()): ("about 1 in 5 (Morehead & Mott-Smith, 1949), for a player who does not "
                              "know the stock order: compare with the player's column"),
    ("contradance", ()): ('"about 40 %" (the source page): does not reproduce under any version of '
                          "the rules; see the four Contradance rows"),
    ("klondike", (("draw", "3"), ("partial", "to-foundation"), ("worry", "yes"))): (
        "solvable: 81.945 % ± 0.084 % (Blake & Gent, Solvitaire's klondike preset, these rules, "
        "arXiv:1906.12314), 81.96 % ± 0.05 % (lonelybot); not seeing the face-down cards: 44.52 % "
        "± 0.50 % (lonelybot's MCTS player, 38 884 deals), over 35 % (Bjarnason, Fern & Tadepalli, "
        "ICAPS 2009): compare with the solvable and player columns"),
    ("klondike", (("draw", "3"), ("worry", "yes"))): (
        "see the row with partial=to-foundation: Solvitaire's preset moves part of a run only to "
        "free a foundation card; this row moves any part"),
    ("klondike", (("draw", "3"),)): "none for this rule: the figures of draw=3 worry=yes allow worrying back",
    ("freecell", ()): ("Microsoft's deals 1-32000 all solvable but #11982, the first million all but 8 "
                       "(FreeCell FAQ; macroxue/freecell): Microsoft's numbering, not these seeds"),
    ("bakers-game", ()): "75.0 % solvable (Jerry Bryan's solver, 750 611 of a million deals, 2004)",
    ("bakers-game", (("cells", "3"),)): "28.9 % solvable (Jerry Bryan, a million deals, 2004)",
    ("bakers-game", (("cells", "5"),)): "97.9 % solvable (Jerry Bryan, a million deals, 2004)",
    ("spider", ()): "none found (Weisser's 2012 thesis on it reaches no figure)",
    ("golf", ()): "none read: Wolter's 2013 solver analysis covers this rule (see below)",
    ("golf", (("wrap", "no"),)): "none read: Wolter's 2013 solver analysis covers this rule (see below)",
    ("canfield", ()): "none found for whole-pile moves (see below)",
}


def case_key(name: str, params: dict[str, str]) -> str:
    return name + ("" if not params else " " + " ".join(f"{k}={v}" for k, v in sorted(params.items())))


def command(name: str, params: dict[str, str], policy: str, start: int, deals: int,
            max_positions: int | None) -> str:
    parts = ["patience", "stats", name, "--deals", str(deals)]
    if start != 1:
        parts += ["--start", str(start)]
    parts += ["--policy", policy]
    for k, v in params.items():
        parts += ["-p", f"{k}={v}"]
    if max_positions is not None:
        parts += ["--max-positions", str(max_positions)]
    return " ".join(parts) + " --workers 2"


def load() -> dict:
    return json.loads(RESULTS.read_text(encoding="utf-8")) if RESULTS.exists() else {}


def measure(args: argparse.Namespace) -> None:
    results = load()
    if args.catalogue:   # the catalogue's rows that lack a policy asked for
        chosen = [case for case in catalogue_cases()
                  if any(p not in results.get(case_key(case.name, case.params), {}) for p in args.policy)]
        args.deals = CATALOGUE_DEALS
    else:
        chosen = [case for case in CASES if (not args.only or case.name == args.only)
                  and (not args.case or case_key(case.name, case.params) == args.case)]
    if not chosen:
        raise SystemExit(f"no case matches; the cases: {', '.join(case_key(c.name, c.params) for c in CASES)}")
    for case in chosen:
        name, params = case.name, case.params
        for policy in args.policy:
            if args.catalogue and policy in results.get(case_key(name, params), {}):
                continue
            if policy == "solver":
                deals = args.solver_deals or case.solver_deals
                limit = args.max_positions or case.solver_positions
            elif policy == "hindsight":   # seconds a game: a few hundred deals
                deals, limit = args.hindsight_deals, None
            else:
                deals, limit = args.deals, None
            spec = RunSpec(variant=name, params=tuple(params.items()), policy=policy, max_positions=limit)
            began = time.time()
            report = run_stats(spec, args.start, deals, workers=args.workers)
            if report.interrupted:
                raise SystemExit("interrupted: nothing stored for this case")
            low, high = report.interval
            results.setdefault(case_key(name, params), {})[policy] = {
                "won": report.won, "lost": report.lost, "unknown": report.unknown, "deals": report.deals,
                "start": args.start, "max_positions": limit, "seconds": round(report.seconds, 1),
                "command": command(name, params, policy, args.start, deals, limit),
            }
            print(f"{case_key(name, params):<36} {policy:<7} {report.won:>5}/{report.deals:<5} "
                  f"unknown {report.unknown:<4} {100 * report.win_rate:6.2f} % "
                  f"[{100 * low:.2f}-{100 * high:.2f}]  {time.time() - began:.0f} s", flush=True)
            RESULTS.write_text(json.dumps(results, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def cell(entry: dict | None, pending: str) -> str:
    if entry is None:
        return pending
    low, high = decided_interval(entry["won"], entry["unknown"], entry["deals"])
    rate = 100 * entry["won"] / entry["deals"]
    if not entry["unknown"]:
        return f"**{rate:.1f} %** ({100 * low:.1f}-{100 * high:.1f})"
    # Undecided deals may be wins: the rate found is a floor, and the interval says so.
    return (f"**at least {rate:.1f} %** ({100 * low:.1f}-{100 * high:.1f}); {entry['unknown']} of "
            f"{entry['deals']} undecided at {entry['max_positions']} positions")


def write() -> None:
    results = load()
    lines = [
        "# Win rates",
        "",
        "How often each shipped game comes out, measured by the project itself. Generated by",
        "`python bench/win_rates.py write` from `bench/win_rates.json` (which `python bench/win_rates.py",
        "measure` fills); do not edit the numbers by hand.",
        "",
        "- **solvable**: the share of deals a perfect-information solver wins (it knows the stock order):",
        "  the ceiling for any player. Deals it could not decide within its position limit count as lost",
        "  for the lower bound of the interval and as won for the upper bound.",
        "- **player**: the no-peeking player (`patience_core/agents/player.py`), which sees only what a human",
        "  sees: never the stock order, never a face-down card (`tests/test_player_no_peek.py` shuffles the",
        "  cards nobody has seen and checks that neither its move nor the hint's changes). It is what `hint`",
        "  uses. Where nothing is hidden (no face-down card, no card left in the stock, no shuffling",
        "  redeal: FreeCell from the deal, most games once the stock is spent) it follows the solver's",
        "  winning line (`patience_core/agents/open_play.py`). Where a row adds *hindsight*, that is",
        "  `--policy hindsight` over fewer deals: the same",
        "  view, but at each choice it deals the cards it has not seen at random a few times and asks the",
        "  solver which move still wins most of those deals (`patience_core/agents/hindsight.py`,",
        "  `tests/test_hindsight.py` holds it to the same no-peeking check); seconds a game.",
        "- **naive**: always play the first card that fits (columns, waste, reserve), else turn the stock;",
        "  where cards move between piles, the first legal move that leads to a position not yet seen in",
        "  the game.",
        "- **book**: the figure the rule books or web pages give, if any.",
        "",
        "Each figure is a win rate over deals 1..N with its 95 % Wilson interval in brackets; the",
        "commands below the table reproduce every number exactly on any machine (every deal's",
        "outcome depends only on the variant, its parameters, the policy and the seed; the solver's",
        "limit is a position count, not a time, for the same reason: a `--timeout` verdict depends on",
        "the machine's speed).",
        "",
        "| variant | parameters | solvable | player | naive | book |",
        "|---|---|---|---|---|---|",
    ]
    commands = []
    for case in CASES:
        name, params = case.name, case.params
        key = case_key(name, params)
        entry = results.get(key, {})
        shown = " ".join(f"{k}={v}" for k, v in params.items()) or "(defaults)"
        book = BOOK.get((name, tuple(sorted(params.items()))), case.no_figure)
        solver = cell(entry.get("solver"), "pending (see below)")
        player = cell(entry.get("player"), "pending")
        if "hindsight" in entry:
            player += f"; hindsight {cell(entry['hindsight'], '')} over {entry['hindsight']['deals']} deals"
        lines.append(f"| {name} | {shown} | {solver} | {player} | "
                     f"{cell(entry.get('naive'), 'pending')} | {book} |")
        for policy in ("solver", "player", "hindsight", "naive"):
            if policy in entry:
                e = entry[policy]
                commands.append(f"{e['command']}   # {e['won']}/{e['deals']} won"
                                + (f", {e['unknown']} undecided" if e["unknown"] else ""))
    lines += SOLVER_NOTE
    lines += catalogue_lines(results, commands)
    lines += ["", "## Reproduce", "", "```"] + commands + ["```", ""]
    lines += USAGE
    lines += NOTES + ablation_lines(results)
    DOC.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {DOC.relative_to(ROOT)}")


def catalogue_lines(results: dict, commands: list[str]) -> list[str]:
    """The catalogue's rows: every other shipped game, with its defaults."""
    lines = ["", "## The catalogue", "",
             f"Every other shipped game, with its default parameters: the no-peeking player and the naive",
             f"policy over deals 1-{CATALOGUE_DEALS}, the solver over the same deals at "
             f"{CATALOGUE_BUDGET:,} positions a deal".replace(",", " ") +
             " (a first measure: where deals stay undecided the share is a floor). "
             "`python bench/win_rates.py measure --catalogue --policy player --policy naive` measures "
             "the rows not yet measured.", "",
             "| variant | solvable | player | naive |", "|---|---|---|---|"]
    for case in catalogue_cases():
        entry = results.get(case_key(case.name, case.params), {})
        lines.append(f"| {case.name} | {cell(entry.get('solver'), 'not yet measured')} | "
                     f"{cell(entry.get('player'), 'not yet measured')} | {cell(entry.get('naive'), 'not yet measured')} |")
        for policy in ("solver", "player", "naive"):
            if policy in entry:
                e = entry[policy]
                commands.append(f"{e['command']}   # {e['won']}/{e['deals']} won"
                                + (f", {e['unknown']} undecided" if e["unknown"] else ""))
    return lines


def short_rate(entry: dict | None) -> str:
    """'82 %', 'at least 40 %' or '·' (not measured) for the games page."""
    if entry is None:
        return "·"
    rate = 100 * entry["won"] / entry["deals"]
    return f"{'at least ' if entry['unknown'] else ''}{rate:.0f} %"


def write_games() -> None:
    GAMES_DOC.write_text(games_text(), encoding="utf-8")
    print(f"wrote {GAMES_DOC.relative_to(ROOT)}")


def games_text() -> str:
    """docs/games.md: the catalogue, from the index and the measured rows."""
    from patience_core.variants.schema import FAMILIES, FAMILY_TITLES

    results = load()
    games = shipped_summaries()
    lines = ["# The games", "",
             f"{len(games)} games ship with patience, grouped by family (PySolFC's game types). Generated by",
             "`python bench/win_rates.py write` from the shipped files' index and `bench/win_rates.json`;",
             "do not edit by hand. `patience list --search TEXT` finds a game by name, title or alias;",
             "`patience show NAME` gives its rules. **Solvable**: deals a solver that sees every card wins",
             "(with its defaults; see [win-rates.md](win-rates.md) for the deals, budgets and intervals);",
             "**player**: the no-peeking player behind the hint; `·`: not measured yet.", ""]
    by_family: dict[str, list[dict]] = {}
    for summary in games:
        by_family.setdefault(summary.get("family") or "", []).append(summary)
    for family in sorted(by_family, key=lambda f: FAMILIES.index(f) if f in FAMILIES else len(FAMILIES)):
        rows = sorted(by_family[family], key=lambda s: s["name"])
        lines += [f"## {FAMILY_TITLES.get(family, 'Other games')} ({len(rows)})", "",
                  "| game | title | also | decks | PySolFC | solvable | player |", "|---|---|---|---|---|---|---|"]
        for s in rows:
            entry = results.get(s["name"], {})
            aliases = ", ".join(s.get("aliases") or []) or ""
            lines.append(f"| `{s['name']}` | {s.get('title', s['name'])} | {aliases} | {s.get('decks', 2)} | "
                         f"{s.get('pysol_id', '')} | {short_rate(entry.get('solver'))} | "
                         f"{short_rate(entry.get('player'))} |")
        lines.append("")
    return "\n".join(lines)


SOLVER_NOTE = [
    "",
    "**About the solvable column.** Each row gives its deals and its position budget per deal (the",
    "rows of the games whose waste feeds a reserve: 1000 deals at 1000000 positions, about 0.2 s a",
    "deal with the compiled engine, see `docs/solver.md`, and 100000 for Contradance; without the",
    "compiled engine `solve` falls back to the exhaustive search, which decides far fewer of them). The",
    "solver finds wins but does not yet prove those games' deals lost: the deals it did not decide",
    "make the interval's upper bound high, and the rate shown is a floor. The verdicts depend on",
    "the solver's code as well as the budget: rerun with the same commit.",
    "The games where cards move between piles (Klondike to Forty Thieves) are solved by the",
    "compiled general search (`docs/solver.md`, \"One pruned search for every game\"), which sees",
    "the face-down cards (the solvable share of a thoughtful player). Their rows give 100 to 1000",
    "deals at 1000000 positions each; where many deals stay undecided (Spider with 4 suits, Sir",
    "Tommy, Canfield, Forty Thieves) the search is too weak for those games yet and the share is",
    "only a floor. With two packs (Spider, Forty Thieves) or several waste piles (Sir Tommy,",
    "Calculation) it runs beams between its depth-first attempts (`docs/solver.md`, \"The beam\"):",
    "they find wins, never losses. Sir Tommy and Calculation are also cut by the waste-order test",
    "(`docs/solver.md`, G10): with it every Calculation deal of the row is won (810 of 1000 before)",
    "and Sir Tommy's undecided deals went from 613 to 148, none of them proved lost. One row:",
    "`python bench/win_rates.py measure --policy solver --case 'klondike draw=3 worry=yes'",
    "--solver-deals 1000`, then `python bench/win_rates.py write`. Klondike under Solvitaire's",
    "rules over 10 000 deals at 10 s each: `docs/solver.md`.",
    "For those games the player and naive columns are measured over deals 1-2000.",
]

USAGE = [
    "## Measuring for yourself: `patience stats`",
    "",
    "```",
    "patience stats VARIANT --deals N [--start S] [--policy player|naive|solver|hindsight] [--workers K]",
    "               [--max-positions N] [--timeout S] [-p K=V ...] [--file my.yaml] [--json]",
    "```",
    "",
    "- It plays (or, with `--policy solver`, solves) deals S..S+N-1 and prints won / lost / unknown,",
    "  the win rate with its 95 % Wilson interval and the time. `--json` prints the same as an",
    "  object (`won`, `lost`, `unknown`, `deals`, `win_rate`, `interval`, `seconds`, `variant`,",
    "  `params`, `policy`, `start`, ...).",
    "- A deal the solver leaves undecided (`unknown`) counts as lost for the interval's lower bound",
    "  and as won for its upper bound, so the interval stays honest about what is not known.",
    "- `--workers K` spreads the deals over K processes (0: one per core). Each deal's outcome",
    "  depends only on the variant, parameters, policy and seed, so the numbers are the same for",
    "  any K and on any machine. For the solver, prefer `--max-positions` to `--timeout`: a time",
    "  limit makes a hard deal's verdict depend on the machine's speed.",
    "- A progress bar shows on a terminal (not with `--json`, not in a pipe). Ctrl-C stops the run",
    "  and prints the figures for the deals finished so far (exit code 130).",
    "- Variants from `--file` and from plugins work the same way: each worker process compiles the",
    "  rules again from the variant's name, file and parameters.",
    "",
]

NOTES = [
    "## Reading the table",
    "",
    "- **Royal Cotillion.** Morehead & Mott-Smith's \"about 1 in 5\" describes a player who cannot see",
    "  the stock; the no-peeking player's figure is the one to compare it with, and it agrees. The",
    "  solver's figure is the ceiling: what perfect knowledge of the stock order is worth.",
    "- **Contradance.** The source page's \"about 40 %\" does not reproduce for a player who plays",
    "  every card that fits at once (the player and the naive policy, which agree in every row): with",
    "  one redeal it is about 0 %. The rule sheet says that playing at once is optimal, so the solver",
    "  should agree too; it does not. When a card fits one pile of its suit and could later go on the",
    "  other, keeping it for the other copy can win, and a solver that knows the stock order finds",
    "  such lines: 4.1 % instead of 0.3 % with the bases dealt, at least 71.5 % instead of 13.2 % with",
    "  two redeals. A test position in `tests/test_solver.py`",
    "  (`test_contradance_playing_at_once_is_not_always_best`) shows the smallest such case. With",
    "  the bases found and one redeal (the default) every decided deal is lost, as the others say.",
    "- **Gavotte, Odd and Even.** No published figure exists; these are the first.",
    "- **Klondike.** The published figures are for one rule set: three cards at a time, unlimited",
    "  redeals, worrying back allowed: Solvitaire's `klondike` preset (deal count 3, redeal, removable",
    "  foundations, and part of a run moved only when the card it uncovers can go up: \"move built",
    "  group\": \"partial-if-card-above-buildable\") and lonelybot's (\"standard 3-card klondike\",",
    "  which \"cannot disallow worrying back\"); the `draw=3 partial=to-foundation worry=yes` row",
    "  plays Solvitaire's, `draw=3 worry=yes` the same with any part of a run free to move.",
    "  Knowing every card, 81.945 % ± 0.084 % of deals",
    "  can be won (Blake & Gent, \"The Winnability of Klondike Solitaire and Many Other Patience",
    "  Games\", arXiv:1906.12314) and 81.96 % ± 0.05 % (lonelybot's README, 2 396 069 deals). Without",
    "  seeing the face-down cards, lonelybot's Monte-Carlo player wins 44.52 % ± 0.50 % (38 884 deals)",
    "  and Bjarnason, Fern & Tadepalli (ICAPS 2009, \"Lower Bounding Klondike Solitaire with",
    "  Monte-Carlo Planning\") show a policy winning \"over 35 %\" (36.97 % ± 1.92 % as lonelybot",
    "  quotes it; that paper's exact rules are not checked here). This project's player chooses one",
    "  move at a time by what the move visibly does, with no look-ahead: it wins far fewer (the",
    "  player column), a floor for a careful human, not an estimate of one. The hindsight player",
    "  (`--policy hindsight`) looks ahead the way Bjarnason et al.'s planners do at their leaves,",
    "  solving random deals of the cards it has not seen, but with one level of choice and 8 small",
    "  searches a move instead of their tree search over many samples: under Solvitaire's rules it",
    "  wins about three times as often as the player, an interval that holds Bjarnason et al.'s",
    "  figure and lies under lonelybot's. No figure for the",
    "  other rule sets (draw 1, one pass, three passes) was found.",
    "- **FreeCell.** Every Microsoft deal 1-32000 can be won but #11982 (Michael Keller's FreeCell FAQ,",
    "  solitairelaboratory.com/fcfaq.html), and of the first million all but 8 (the rule sheet, after",
    "  the FAQ; macroxue/freecell's solver also counts 8). Those are Microsoft's deal numbers",
    "  (`--deal ms:N`), not the seeds of this table. The player and the naive policy win almost",
    "  nothing: without a plan, free cells fill up.",
    "- **Baker's Game.** Jerry Bryan's solver (jerrybryan.com/math/baker4.html, 2004, a million deals",
    "  each): 28.9 % with three cells, 75.0 % with four, 97.9 % with five; compare with the solvable",
    "  column when it is measured.",
    "- **Spider, Golf, Sir Tommy, Calculation, Yukon, Canfield, Forty Thieves.** No published figure",
    "  for these rules was found. Mark Weisser's thesis on Spider (\"How Many Games of Spider",
    "  Solitaire are Winnable?\", Wesleyan, 2012) reaches no definitive figure. Jan Wolter's solver",
    "  analysis of Golf (politaire.com/article/golf.html, 2013) covers the no-wrap rule and a wrapping",
    "  one (his Golf-B and Golf-C), but its figures could not be read for this page, so none is",
    "  quoted. Solvitaire's Canfield lets part of a pile move, which the shipped rules (whole piles,",
    "  as the books say) do not, so its figure would be for another game.",
    "- **The policies in these games.** In Golf the player and the naive policy win exactly the same",
    "  deals, and in Canfield nearly: neither looks ahead, and there the first card that fits is",
    "  mostly the one the player's scores prefer too. Where a game needs a plan (FreeCell, Baker's",
    "  Game, Spider with two or four suits, Forty Thieves) both win next to nothing: those columns",
    "  measure the policies, not the games.",
    "",
    "## What the player knows and how it plays",
    "",
    "The player sees the layout, the waste (the cards it watched go there), the foundations, the",
    "stock's size and the redeals left: never the stock order (a test plays two deals that differ only",
    "in the order of the last stock cards and checks the player's moves are the same until a different",
    "card shows). It plays every card that fits from a pile that does not refill (a column, the waste",
    "top) first, uncovering the most urgent card; puts a card that fits two foundations on the one",
    "with fewer cards (the same cards stay wanted next, and the later ranks stay least constrained);",
    "plays a run of reserve cards whenever it lets a column card or the waste top follow; and plays",
    "the other reserve cards that fit too. Holding reserve cards back until the waste shows a card",
    "worth saving, as the strategy notes of the rule sheet advise, was measured and loses (table",
    "below): foundation progress now is worth more than the choice of the card the gap takes, since",
    "each gap takes the waste top whenever it is made, so every reserve play also digs one card out",
    "of the waste.",
    "",
    "Where cards move between piles (Klondike to Forty Thieves), the player scores every legal move",
    "by what it visibly does (a card that goes up safely, then any card up, a move that turns up a",
    "face-down card, one that empties a column, a waste card onto the layout, ... down to a card",
    "back from the foundations) and plays the best one that leads to a position not seen before in",
    "the game. It knows that a move turns a card up, never which card: `tests/test_player_no_peek.py`",
    "shuffles the face-down cards and the stock cards not yet turned (Klondike, Yukon, Spider, Golf,",
    "Canfield, Forty Thieves) and checks that its choice and its reason stay the same, and the hint's.",
]


def ablation_lines(results: dict) -> list[str]:
    """The table of bench/player_bench.py: what each rule of the player is worth."""
    data = results.get("ablation")
    if not data:
        return []
    lines = ["", f"### What each rule is worth ({data['variant']})", "",
             "| policy | won | win rate (95 % interval) |", "|---|---|---|"]
    for row in data["rows"]:
        low, high = decided_interval(row["won"], 0, row["deals"])
        lines.append(f"| {row['policy']} | {row['won']}/{row['deals']} | "
                     f"{100 * row['won'] / row['deals']:.1f} % ({100 * low:.1f}-{100 * high:.1f}) |")
    lines += ["", f"Reproduce: `{data['command']}`.", "",
              "Nearly all of the player's lead over the naive policy comes from the choice of",
              "foundation; holding reserve cards back costs far more than it could save."]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="action", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--policy", action="append", choices=POLICIES)
    m.add_argument("--only", help="one variant name")
    m.add_argument("--case", help='one row, as bench/win_rates.json names it: "klondike draw=3 worry=yes"')
    m.add_argument("--deals", type=int, default=2000)
    m.add_argument("--solver-deals", type=int, default=None, help="default: each case's own")
    m.add_argument("--max-positions", type=int, default=None, help="default: each case's own budget")
    m.add_argument("--hindsight-deals", type=int, default=200, help="deals for the hindsight player")
    m.add_argument("--start", type=int, default=1)
    m.add_argument("--workers", type=int, default=2)
    m.add_argument("--catalogue", action="store_true",
                   help=f"the catalogue's rows not yet measured ({CATALOGUE_DEALS} deals a policy)")
    sub.add_parser("write")
    args = parser.parse_args()
    if args.action == "measure":
        args.policy = args.policy or ["player", "naive"]
        measure(args)
    else:
        write()
        write_games()


if __name__ == "__main__":
    main()
