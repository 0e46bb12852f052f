"""Halloween Vacation's PAR sheet (``python -m game.engine.par halloween_vacation``), on the sections of
``game.engine.analysis.par``: every figure exact (``exact.py``) beside the published simulation."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from typing import Any

from ...analysis.par import (
    Z95,
    LabFigures,
    LineCycle,
    Measured,
    ScatterCycle,
    Sheet,
    acceptance_section,
    agrees,
    bets_section,
    deviation_section,
    frac,
    header,
    lab_section,
    largest_seen,
    line_largest,
    one_in,
    pct,
    raw_data,
    rng_section,
    sources,
    stated_figure,
    strips_table,
    window_largest,
)
from ...exact import evaluator_line_pay, largest_window_win
from ...game import Game
from ...money import format_cents, multiplier_text
from .exact import HalloweenExact, compute


@cache
def _exact(digest: str) -> HalloweenExact:
    """The exact figures of today's data (computed once per process and data file)."""
    return compute()


_LARGEST: dict[str, tuple[Fraction, list[tuple[str, ...]]]] = {}


def largest_of(game: Game) -> tuple[Fraction, list[tuple[str, ...]]]:
    """The base spin's largest win and a window paying it (about 2 s; once per process and data file)."""
    g: Any = game
    digest = game.data_digest()
    if digest not in _LARGEST:
        _LARGEST[digest] = largest_window_win(g.lines, g.base_reels, evaluator_line_pay(g.evaluator), g.scatter,
                                              g.scatter_pays)
    return _LARGEST[digest]


def exact_of(game: Game) -> HalloweenExact:
    return _exact(game.data_digest())


def build(game: Game, buy: bool) -> Sheet:
    """The sheet of the base game (the game has no buy)."""
    if buy:
        raise SystemExit("halloween_vacation has no buy feature")
    x: Any = exact_of(game)  # its figures are read by name below
    g: Any = game
    free = x.free
    report = Measured(game, "base")
    sheet = Sheet()
    header(sheet, game, False, f"Exact RTP **{pct(x.rtp)}**: the base game by linearity of expectation, the free"
           " game by a Markov chain over its states; the published simulation is cited beside it.")
    sources(sheet, [report])
    rng_section(sheet, [
        "the 5 base reel stops, each uniform over its strip (`randrange(len(strip))`);",
        "on 3 or more scatters, the free game: 5 stops per free spin, from the free strips (reel 3 from its own"
        " strip while an Expanding Wild stands), 8 spins plus any extra spins.",
    ])

    def breakdown(bet: int) -> list[str]:
        value, level = g.bet_breakdown(bet)
        return [f"{format_cents(value)} x {level} x {g.bet_credits}"]

    bets_section(sheet, game, False, f"{pct(x.rtp)} (exact)", breakdown, ["value x level x credits"])

    sheet.h("3. Paytable (x total bet)")
    sheet.p("Printed figure, then the exact fraction the engine pays. Line wins pay left to right from reel 1, the"
            " highest per line; the wild stands in for every symbol but the scatter.")
    raw = raw_data(game)
    rows = [[symbol, *(f"{raw['pays'][symbol][str(n)]} = {frac(g.pays[symbol][n])}" if n in g.pays[symbol] else ""
                       for n in (3, 4, 5))] for symbol in g.pays]
    rows.append([f"{g.scatter} (anywhere)", *(f"{raw['scatter_pays'][str(n)]} = {frac(g.scatter_pays[n])}"
                                              if n in g.scatter_pays else "" for n in (3, 4, 5))])
    sheet.t(["symbol", "3", "4", "5"], rows)

    sheet.h("4. Reel strips (symbol counts per reel)")
    order = list(g.symbols)
    strips_table(sheet, "Base game", g.base_reels.strips, order)
    strips_table(sheet, "Free game", g.free_reels.strips, order)
    strips_table(sheet, "Free game while an Expanding Wild stands (reel 3's own strip)",
                 g.free_reels_expanding.strips, order)

    sheet.h("5. Base game: contribution per symbol and count (exact)")
    sheet.p(f"Each of the {x.lines} lines pays with the same law; P is the chance that a given line pays it,"
            " RTP its share of the return (all lines).")
    rows = []
    for (symbol, count), (p, e) in x.line_law.table().items():
        rows.append([symbol, count, multiplier_text(g.pays[symbol][count]), one_in(p), pct(x.lines * e)])
    rows.append(["**lines**", "", "", one_in(x.line_law.hit_probability), f"**{pct(x.lines_rtp)}**"])
    sheet.t(["symbol", "count", "pay", "P (one line)", "RTP"], rows)
    rows = [[n, pct(p, 6), one_in(p), multiplier_text(x.scatter_pays.get(n, Fraction(0))),
             pct(p * x.scatter_pays.get(n, Fraction(0)))] for n, p in sorted(x.scatter_counts.items())]
    rows.append(["**scatters**", "", "", "", f"**{pct(x.scatter_rtp)}**"])
    sheet.p("Scatters anywhere in the window (reels independent; a reel shows at most one):")
    sheet.t(["scatters", "P (spin)", "one in", "pay", "RTP"], rows)

    sheet.h("6. Trigger probabilities (exact)")
    sheet.lines += [
        f"- Free games (3 or more scatters): {frac(x.trigger)} = {pct(x.trigger)}, {one_in(x.trigger)} base spins.",
        f"- An Expanding Wild lands on a free spin without one: {frac(free.expanding_chance)}"
        f" ({one_in(free.expanding_chance)}).",
        "",
    ]

    sheet.h("7. Free game (exact)")
    sheet.p(f"Mean win **{float(free.mean):.6f}x bet** (= {frac(free.mean)}), from the chain over (sticky wilds held"
            " on reels 2 and 4, Expanding Wild stage, spins left with extra spins); each spin's expected pay"
            " given the state is a sum over lines paid by the game's own evaluator"
            " (`game/engine/games/halloween_vacation/exact.py`).")
    sheet.t(["spins in the free game", "P"], [[n, pct(p)] for n, p in free.spins.items()])
    sheet.t(["Expanding Wilds in one free game", "P"], [[n, pct(p)] for n, p in free.expanding_wilds.items()])
    sheet.t(["extra spins", "P"], [[n, pct(p)] for n, p in free.extra_spins.items()])
    sheet.p(f"Sticky wilds held when the free game ends: {float(free.sticky_wilds_held):.4f} on average.")
    sheet.t(["spin", "expected pay (x bet)"], [[t + 1, f"{float(v):.4f}"] for t, v in enumerate(free.by_spin)])
    sheet.t(["wins paid at", "expected (x bet)", "share"],
            [[f"x{k}", f"{float(v):.4f}", pct(v / free.mean, 2)] for k, v in free.by_multiplier.items()])
    rows = sorted(free.contributions.items(), key=lambda item: -item[1])
    sheet.p("By symbol and count (multipliers included):")
    sheet.t(["symbol", "count", "expected (x bet)"], [[s, c, f"{float(v):.4f}"] for (s, c), v in rows])
    fg = report["features"]["free_games"]
    sheet.p(
        "Deviation and distribution of the free game's win: not exact, and the published run is a plain one that"
        " records only whole rounds. From it: rounds with free games came 1 in"
        f" {fg['one_in']:,.1f} and won {fg['average_win_x']:.2f}x bet on average (base spin included); highest round"
        f" {report['max_win_x']:,.2f}x bet ({report.cite()}).")

    sheet.h("8. RTP summary")
    rows = [
        ["base game lines", pct(x.lines_rtp), "exact", frac(x.lines_rtp)],
        ["base game scatters", pct(x.scatter_rtp), "exact", frac(x.scatter_rtp)],
        ["free games", pct(x.free_rtp), "exact", f"{frac(x.trigger)} x {float(free.mean):.6f}"],
        ["**RTP**", f"**{pct(x.rtp)}**", "exact", "the sum"],
        ["published measurement", report.interval(), report.cite(), "the exact figure lies"
         + (" inside" if report["ci_low"] <= x.rtp <= report["ci_high"] else " outside") + " its interval, "
         + f"{(report['rtp'] - float(x.rtp)) / (report['half_width'] / Z95):+.2f} standard errors from it"],
    ]
    sheet.t(["part", "value", "how", "detail"], rows)
    sheet.p(f"Exact RTP as a fraction: `{x.rtp}`.")

    deviation_section(sheet, float(x.rtp), "exact", report["sd"], report.cite(), 1.0, [
        f"- Hit rate (a round wins): {pct(x.hit_rate)}, {one_in(x.hit_rate)} (exact: whole windows of reels 1-3,"
        " a line paying exactly when its first three cells do, and the scatters of all five reels; a free game"
        f" only starts on scatters that pay). Published measurement: {pct(report['hit_rate'], 2)}.",
    ])

    sheet.h("10. Cap")
    sheet.p(f"No cap is printed. No round can win {multiplier_text(g.max_win_bound_x)}x bet or more (every line"
            " paying five ladies on the base spin and on every free spin, at the largest multiplier total a free"
            f" game can hold, plus five scatters). Highest seen: {report['max_win_x']:,.2f}x ({report.cite()}).")

    sheet.h("11. Rule readings")
    sheet.lines += [
        "- 50 fixed lines, paid left to right from reel 1, the highest win per line; line and scatter wins add.",
        "- Wilds land only on reels 3-5 in the base game and 2-4 in the free game; scatters only in the base game.",
        "- 3, 4 or 5 scatters anywhere pay 2.5x, 5x, 12.5x bet and 3 or more start 8 free spins (no retrigger).",
        "- Free game: a wild landing on reel 2 or 4 sticks to the end of the free game.",
        "- A wild landing on reel 3 becomes the Expanding Wild: reel 3 all wild for that spin and the next two, at"
        " x2, x4, x8; it multiplies every line win of 3 or more (those reach reel 3). Spins are added when fewer"
        " are left than it needs; no wild lands on reel 3 while it stands; a new one can land after it ends.",
        "",
    ]
    acceptance_section(sheet, game, [
        ["RTP, exact", pct(x.rtp), "yes: exact", f"{game.description.rtp.base}: "
         + ("agrees" if agrees(game.description.rtp.base, x.rtp) else
            "**does not agree** at its stated precision (known gap, tests/test_published_rtp.py)")],
        ["RTP, published simulation", report.interval(), "no: half-width above 0.1 point", "inside"
         if report["ci_low"] <= stated_figure(game.description.rtp.base) <= report["ci_high"] else "outside"],
    ])
    lab_section(sheet, 13, lab(game, x, report))
    return sheet


def lab(game: Game, x: Any, report: Measured) -> LabFigures:
    """The test lab's tables: the strips stop by stop, the base line's counts over the cycle, the largest wins."""
    g: Any = game
    base = LineCycle("Base game", g.base_reels.strips, x.line_law, x.lines)
    return LabFigures(
        strips=[("Base game", g.base_reels.strips), ("Free game", g.free_reels.strips),
                ("Free game while an Expanding Wild stands", g.free_reels_expanding.strips)],
        cycles=[base],
        scatters=[ScatterCycle("Base game", g.base_reels.strips, dict(x.scatter_counts), dict(x.scatter_pays),
                               x.trigger_count)],
        hit_rates=[("a base spin pays (lines or scatters)", x.base_hit_rate),
                   ("one line pays", x.line_law.hit_probability), ("the free game starts", x.trigger)],
        largest=[line_largest(base), window_largest("Base game", *largest_of(game)),
                 ("a round, bound", f"below {float(g.max_win_bound_x):,.2f}", "exact bound (section 10); no cap"),
                 *largest_seen(report, None)],
    )
