"""Fat Santa's PAR sheet (``python -m game.engine.par fat_santa [--buy]``), on the sections of
``game.engine.analysis.par``: the base game and the trigger exact (``exact.py``), the free games'
mean from the proofs by exact parts in ``rtp.json`` and ``rtp_buy.json``."""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from ...analysis.par import (
    ACCEPT_HALF_WIDTH,
    Z95,
    LabFigures,
    LineCycle,
    Measured,
    Sheet,
    acceptance_section,
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
    stated_text,
    strips_table,
    window_largest,
)
from ...exact import largest_window_win
from ...game import Game
from ...money import format_cents, multiplier_text
from .exact import FatSantaExact, compute, free_game_growth, line_pay_of


@cache
def _exact(digest: str) -> FatSantaExact:
    """The exact figures of today's data (computed once per process and data file)."""
    return compute()


_LARGEST: dict[str, tuple[Fraction, list[tuple[str, ...]]]] = {}


def largest_of(game: Game) -> tuple[Fraction, list[tuple[str, ...]]]:
    """The base spin's largest win without the sleigh, and a window paying it: about 20 s, so once per process
    and data file."""
    g: Any = game
    digest = game.data_digest()
    if digest not in _LARGEST:
        _LARGEST[digest] = largest_window_win(g.lines, g.data.base_reels, line_pay_of(g))
    return _LARGEST[digest]


def _combined(reports: Sequence[Measured]) -> tuple[float, float]:
    """The free games' mean from independent proofs, weighted by their inverse variances: (mean, SE)."""
    weights = [1 / r["feature_se_x"] ** 2 for r in reports]
    mean = sum(w * r["feature_average_x"] for w, r in zip(weights, reports)) / sum(weights)
    return mean, math.sqrt(1 / sum(weights))


def build(game: Game, buy: bool) -> Sheet:
    g: Any = game
    data = g.data
    x: Any = _exact(game.data_digest())  # its figures are read by name below
    growth = free_game_growth(g)
    base_report, buy_report = Measured(game, "base", True), Measured(game, "buy", True)
    for measured in (base_report, buy_report):
        if not measured.by_exact_parts:
            raise SystemExit(f"fat_santa: {measured.name} is not a proof by exact parts: re-run its command with"
                             " --exact-parts (docs/MATH.md)")
    report = buy_report if buy else base_report
    price = float(g.buy_price_x) if buy else 1.0
    rows_law = data.buy_row_weights
    sheet = Sheet()
    method = ("by strata of Santa's starting row (exact probabilities, a salted stream each) with a control"
              " variate: the spins played at each Santa size, whose means are exact (the meter's Markov chain)")
    if buy:
        summary = (f"The bought round plays the free games alone, at {multiplier_text(g.buy_price_x)}x bet: its RTP"
                   f" is the free games' mean win over the price; the mean is simulated {method}.")
    else:
        summary = ("The base game (lines, Santa's Sleigh) and the free-games trigger are exact; the free games'"
                   f" mean win is simulated {method}.")
    header(sheet, game, buy, summary)
    sources(sheet, [base_report, buy_report])
    draws = ["the 5 base reel stops (`randrange(len(strip))`); the sleigh: `randrange(of) < flies`, then its number"
             " of pies (`randrange` over the weight table) and their cells (`sample` of distinct cells);"]
    if buy:
        draws = [f"Santa's row on reel 1 (`randrange` over the row weights {list(rows_law)});"]
    draws.append("the free games: 5 stops per free spin from the free strips; no draw decides Santa's walk.")
    rng_section(sheet, draws)

    def line_bet(bet: int) -> list[str]:
        cells = [f"{bet / len(g.lines) / 100:.3f}"]
        if buy:
            cells.append(format_cents(game.cost(bet, True)))
        cells.append(format_cents(g.description.cap_win(bet)))
        return cells

    how = "simulated free games" if buy else "exact base, simulated free games"
    at_bet = f"as the default bet ({pct(report['rtp'], 3)}: {how}), rounding loss 0 by design"
    bets_section(sheet, game, buy, at_bet, line_bet, ["line bet", *(["price"] if buy else []), "cap"])

    sheet.h("3. Paytable (x line bet = total bet / 50)")
    sheet.p("Printed figure x line bet, then the exact fraction of the total bet the engine pays.")
    raw = raw_data(game)["pays"]
    rows = [[symbol, *(f"{raw[symbol][str(n)]} = {frac(Fraction(data.units[symbol][n], data.unit_den))} x bet"
                       if n in data.pays[symbol] else "" for n in (3, 4, 5))] for symbol in data.pays]
    sheet.t(["symbol", "3", "4", "5"], rows)
    sheet.p("Fat Santa substitutes for every symbol, the pie for every symbol but Fat Santa; each line pays the best"
            " of its Santa run, its pie run (wilds with a pie in them) and its symbol run.")

    sheet.h("4. Reel strips and the sleigh")
    order = list(g.symbols)
    if not buy:
        strips_table(sheet, "Base game", data.base_reels.strips, order)
    strips_table(sheet, "Free games", data.free_reels.strips, order)
    weights = ", ".join(f"{k} pies: {w}" for k, w in data.sleigh_weights)
    sheet.lines += [
        f"- Santa's Sleigh (base game): flies with chance {data.sleigh_flies}/{data.sleigh_of} on every base spin; it"
        f" leaves 1-5 pies by weight ({weights}) on distinct cells of reels"
        f" {', '.join(str(c + 1) for c in sorted({c for c, _ in data.sleigh_cells}))}.",
        f"- Free games: {data.free_spins} spins; pie meter {list(data.meter)}, extra spins {list(data.extra_spins)}.",
        f"- Santa's starting row when bought: weights {list(rows_law)}; when triggered, the row he landed on"
        " (uniform: each stop that shows him shows him on one row, and the trigger does not depend on it).",
        "",
    ]
    if not buy:
        sheet.h("5. Base game: contribution per symbol and count (exact)")
        sheet.p(f"Each of the {x.lines} lines pays with the same law, with or without the sleigh (its pies are"
                " uniform over its cells, so every line sees the same law). P: a given line pays it (sleigh"
                " blended in); RTP: its share of the return over all lines.")
        plain, flying = x.plain_law.table(), x.sleigh_table
        rows = []
        zero = (Fraction(0), Fraction(0))
        for key, (p, e) in x.contributions().items():
            rows.append([key[0], key[1], multiplier_text(data.pays[key[0]][key[1]]), one_in(p),
                         pct(x.lines * plain.get(key, zero)[1]), pct(x.lines * flying.get(key, zero)[1]), pct(e)])
        rows.append(["**lines**", "", "", "", f"**{pct(x.plain_rtp)}**", f"**{pct(x.sleigh_rtp)}**",
                     f"**{pct(x.base_rtp)}**"])
        sheet.t(["symbol", "count", "pay (x line bet)", "P (one line)", "RTP, no sleigh", "RTP, sleigh flies",
                 "RTP"], rows)

        sheet.h("6. Trigger probabilities (exact)")
        sheet.lines += [
            f"- Santa shows on reel 1: {frac(x.santa_shows)} ({one_in(x.santa_shows)}).",
            f"- The sleigh flies: {frac(x.sleigh_chance)} ({one_in(x.sleigh_chance)}).",
            f"- Free games (Santa and a pie showing, landed or from the sleigh): {frac(x.trigger)} ="
            f" {pct(x.trigger, 5)}, {one_in(x.trigger)} base spins.",
            "",
        ]
    else:
        sheet.h("5. Base game")
        sheet.p("A bought round has no base spin: it plays the free games from Santa's drawn row.")
        sheet.h("6. Trigger")
        sheet.p("Bought: the free games always play.")

    sheet.h("7. Free games: the meter exact, the pays simulated")
    mean_pies = sum((k * p for k, p in growth.pies_law), Fraction(0))
    sheet.p("Every pie the free reels land is collected (beneath Santa too), so the meter, Santa's size and the"
            " spins depend only on how many pies land per spin: exact by a Markov chain"
            f" (`fat_santa/exact.py` `free_game_growth`). Pies per free spin: {float(mean_pies):.4f} on average"
            f" ({frac(mean_pies)}); spins per free game: {float(growth.spins):.6f} (exact; its fraction has"
            f" {len(str(growth.spins.denominator))}-digit terms: `python -m game.engine.analysis.exact fat_santa`).")
    fr = report["feature_run_features"]
    m = report["feature_runs"]
    rows = []
    for size, (spins, end) in enumerate(zip(growth.spins_at_size, growth.final_size), start=1):
        reached = sum(growth.final_size[size - 1:], Fraction(0))
        seen = fr.get(f"size_{size}", {}).get("runs") if size > 1 else m
        rows.append([f"{size}x{size}", f"{float(spins):.6f}", pct(end, 4), pct(reached, 4),
                     pct(seen / m, 4) if seen is not None else "0"])
    sheet.t(["Santa's size", "spins played at it (exact mean)", "ends there (exact)", "reaches it (exact)",
             f"reached in the proof's runs ({report.name})"], rows)
    cv = report["control_variate"]
    both_mean, both_se = _combined([base_report, buy_report])
    sheet.lines += [
        f"- Mean win (the proof's estimate) **{report['feature_average_x']:.4f}x bet, standard error"
        f" {report['feature_se_x']:.4f}x** ({report.cite()}).",
        f"- Standard deviation of one free game's win: {report['feature_sd_x']:.2f}x; with the control"
        f" {math.sqrt(report['feature_sd_x'] ** 2 / cv['variance_reduction']):.2f}x (variance"
        f" {cv['variance_reduction']:.1f} times smaller). Without the control the same runs give"
        f" {cv['plain_estimate_x']:.4f}x +- {Z95 * cv['plain_se_x']:.4f}x.",
        "- Control coefficients (x bet per spin at 1x1 .. 5x5, fitted on the pilot): "
        + ", ".join(f"{b:.2f}" for b in cv["beta"]) + ".",
        f"- Both proofs together (independent streams, the same law: Santa starts on a uniform row either way;"
        f" weighted by their inverse variances): {both_mean:.4f}x, standard error {both_se:.4f}x.",
        f"- Highest seen: {report['feature_max_x']:,.2f}x bet.",
        "",
    ]
    sheet.t(["Santa's starting row", "probability (exact)", "runs", "mean win (controlled)", "sd", "sd, controlled"],
            [[st["start"]["santa_row"] + 1, st["probability"], f"{st['runs']:,}", f"{st['mean_x']:.3f}x",
              f"{st['sd_x']:.2f}x", f"{st['controlled_sd_x']:.2f}x"] for st in report["strata"]])

    sheet.h("8. RTP summary")
    half = report["half_width"]
    if buy:
        rows = [
            ["free games / price", f"**{pct(report['rtp'], 3)} +- {half * 100:.3f} pp**", report.cite(),
             "95% interval"],
            ["the same, both proofs' free-game mean",
             f"{pct(both_mean / price, 3)} +- {Z95 * both_se / price * 100:.3f} pp",
             "simulated, as the two reports", "95% interval"],
        ]
    else:
        p = float(x.trigger)
        rows = [
            ["base game lines (sleigh included)", pct(x.base_rtp), "exact", frac(x.base_rtp)],
            ["free games", f"{pct(report['feature_part_rtp'], 3)} +- {half * 100:.3f} pp",
             f"exact trigger x simulated mean: {report.cite()}", "95% interval"],
            ["**RTP**", f"**{pct(report['rtp'], 3)} +- {half * 100:.3f} pp**", "exact + simulated", "95% interval"],
            ["RTP, both proofs' free-game mean", f"{pct(float(x.base_rtp) + p * both_mean, 3)} +-"
             f" {Z95 * p * both_se * 100:.3f} pp", "exact + simulated", "95% interval"],
        ]
        for check in report["checks"]:
            rows.append([f"check: {check['name']}", f"simulated {check['simulated']:.6g}",
                         f"against exact {check['exact']:.6g}: {check['z']:+.2f} standard errors",
                         f"{check['rounds']:,} base rounds, not in the RTP"])
    sheet.t(["part", "value", "how", "detail"], rows)

    if buy:
        sd, sd_note = report["feature_sd_x"], f"a bought round is its free games: their deviation ({report.cite()})"
        hits = [f"- Hit rate: {pct(report['hit_rate'], 2)} of bought rounds win ({report.cite()});"
                f" {pct(fr.get('pies', {}).get('share_of_runs', 1), 2)} collected a pie."]
    else:
        sd, sd_note = report["sd"], f"{report.cite()}: Var(Y) from the base rounds plus each row's free-game variance"
        hits = [f"- Base spin pays: {pct(x.base_hit_rate)}, {one_in(x.base_hit_rate)} (exact; no sleigh"
                f" {pct(x.plain_hit_rate, 3)}, sleigh {pct(x.sleigh_hit_rate, 3)}).",
                f"- A round wins (its base spin or its free games): {pct(report['hit_rate'], 2)}"
                f" ({report.cite()}); at most {pct(x.base_hit_rate + x.trigger, 3)} (exact bound: base spin pays or the"
                " free games start)."]
    deviation_section(sheet, report["rtp"], how, sd, sd_note, price, hits)

    sheet.h("10. Cap")
    capped = sum(r["capped_rounds"] for r in (base_report, buy_report))
    m_all = sum(r["feature_runs"] for r in (base_report, buy_report))
    sheet.p(f"{multiplier_text(g.cap)}x bet per round: the round stops when its win reaches it. Reachable in"
            " principle (Santa grown to 5x5 early, 11 spins at 1,000x). Seen "
            f"{capped} times in {m_all:,} free games (both proofs' runs): its chance per"
            f" free game is below {3 / m_all:.1e} (95%, none seen), per base spin below"
            f" {3 / m_all * float(x.trigger):.1e}. What it forfeits (the win above it) was never observed.")

    sheet.h("11. Rule readings")
    sheet.lines += [
        "- Fat Santa lands on reel 1 only, in the base game; the free games start when he shows with at least one"
        " pie anywhere (landed or from the sleigh), from the row he landed on.",
        "- The sleigh's pies replace what lands beneath them, are wild for that spin and count for the trigger;"
        " reel 1 is never covered.",
        "- In the free games Santa walks to the nearest pie not yet collected (the larger of column and row"
        " steps; ties to the lower column, then row), covering it by the least move; every pie that lands,"
        " beneath him too, is collected; the meter (4, 5, 6, 7) grows him right and down, pushed back inside"
        " the grid, and adds +3, +2, +2, +1 spins. No retrigger.",
        "- A line of Santas and pies pays as pies; only a run of Santas alone pays as Santa.",
        "",
    ]
    stated = stated_text(game, buy)
    rows = [["RTP, proven" if half <= ACCEPT_HALF_WIDTH else "RTP, published", report.interval(),
             "yes (exact parts + simulated free games)" if half <= ACCEPT_HALF_WIDTH else
             "no: half-width above 0.1 point",
             "inside" if report["ci_low"] <= stated_figure(stated) <= report["ci_high"] else "outside"]]
    acceptance_section(sheet, game, rows)
    lab_section(sheet, 13, lab(game, buy, x, report))
    return sheet


def lab(game: Game, buy: bool, x: Any, report: Measured) -> LabFigures:
    """The test lab's tables: the strips stop by stop; for the base game the line's counts over the cycle
    (the sleigh aside: it is a draw of its own, blended in section 5) and the exact hit rates."""
    g: Any = game
    data = g.data
    cap = g.description.cap
    seen = largest_seen(report, cap)
    if buy:
        return LabFigures(strips=[("Free games", data.free_reels.strips)], largest=seen, notes=[
            "A bought round has no base spin: its wins are the free games', simulated (sections 7 and 8)."])
    base = LineCycle("Base game, no sleigh", data.base_reels.strips, x.plain_law, x.lines)
    return LabFigures(
        strips=[("Base game", data.base_reels.strips), ("Free games", data.free_reels.strips)],
        cycles=[base],
        hit_rates=[("a base spin pays (sleigh blended in)", x.base_hit_rate),
                   ("a base spin pays, no sleigh", x.plain_hit_rate),
                   ("a base spin pays, the sleigh flies", x.sleigh_hit_rate),
                   ("one line pays, no sleigh", x.plain_law.hit_probability),
                   ("the free games start", x.trigger)],
        largest=[line_largest(base), window_largest("Base game, no sleigh", *largest_of(game)), *seen,
                 ("the cap", f"{float(cap):,.2f}", "printed; the round stops when its win reaches it")],
        notes=[f"With the sleigh a line can pay more than without it (its pies are wild); section 5 gives each"
               f" pay's chance with it. Capped rounds seen: {report['capped_rounds']} in {report['feature_runs']:,}"
               " free games."],
    )
