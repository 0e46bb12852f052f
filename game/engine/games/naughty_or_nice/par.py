"""Naughty or Nice?'s PAR sheet (``python -m game.engine.par naughty_or_nice``), on the sections of
``game.engine.analysis.par``.

The base game, the trigger and the base game's jackpot rate are exact (``exact.py``);
the free games' mean, each Bonus Substitute's, the awards' frequencies and the free games' jackpot
rate come from the proof by exact parts in ``rtp.json``. The jackpot is outside the RTP: its own
section gives its return at each ladder bet, at the seed and in the long run.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...analysis.par import (
    ACCEPT_HALF_WIDTH,
    Z95,
    LabFigures,
    LineCycle,
    Measured,
    ScatterCycle,
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
    rng_section,
    sources,
    stated_figure,
    stated_rtp,
    strips_table,
    window_largest,
)
from ...exact import largest_window_win
from ...game import Game
from ...jackpot import UNITS_PER_CENT
from ...money import format_cents, multiplier_text
from .exact import base_exact, base_hit_rate, base_line_cycle, jackpot_line_ways, symbol_line_pay

AWARD_NAMES = {"spin": "1 more free game", "prize": "an instant prize", "hold": "her reel held for the next free game"}


def build(game: Game, buy: bool) -> Sheet:
    if buy:
        raise SystemExit("naughty_or_nice has no buy feature")
    g: Any = game
    d = g.description
    x = base_exact(g)
    report = Measured(game, "base")
    if not report.by_exact_parts:
        raise SystemExit("naughty_or_nice: rtp.json is not a proof by exact parts: re-run its command with"
                         " --exact-parts (docs/MATH.md)")
    sheet = Sheet()
    header(sheet, game, False, (
        "The base game (line pays by linearity, the scatter's law) and the free-games trigger are exact; the free"
        " games' mean win is simulated, one stratum per Bonus Substitute. The progressive jackpot is outside the"
        f" RTP; section 10 gives its return. RTP {stated_rtp(game, False)}."))
    sources(sheet, [report])
    rng_section(sheet, [
        "the 5 base reel stops, each uniform over its strip (`randrange(len(strip))`);",
        "on 3 or more scatters the round waits for the player's Bonus Substitute (the strategy's answer, for"
        " autoplay and the demo, is uniform from a generator of its own, so it moves no draw of the round);",
        "each free game: 5 stops from the free strips (a held reel's stop is drawn and not used), then for each"
        " Bonus Substitute that landed, by reel and row, her award (`randrange` over the award weights, the hold left"
        " out while no free game follows: a +1 drawn before her on the same spin gives one) and for a prize its size"
        " (`randrange` over the prize weights).",
    ])

    lines = len(game.lines)

    def per_bet(bet: int) -> list[str]:
        jackpot_at_seed = Fraction(g.jackpot.seed) * jackpot_rate_sim(report, x) / bet
        return [format_cents(bet // lines), format_cents(d.cap_win(bet)), pct(float(jackpot_at_seed), 3)]

    at_bet = f"as the default bet ({pct(report['rtp'], 3)}: exact base, simulated free games), rounding loss 0"
    bets_section(sheet, game, False, at_bet, per_bet, ["line bet", "cap", "jackpot return at the seed"])

    sheet.h("3. Paytable (x line bet = total bet / 50)")
    sheet.p("Printed figure x line bet, then the exact fraction of the total bet the engine pays. Lines pay left to"
            f" right from reel 1, the highest win per line. {' and '.join(d.substitutes)} substitute for every symbol"
            f" but the scatter; a line of substitutes pays as {d.pays_as}.")
    rows = [[symbol, *(f"{row[n]} = {frac(Fraction(row[n], lines))} x bet" if n in row else "" for n in (2, 3, 4, 5))]
            for symbol, row in d.line_pays.items()]
    rows.append([f"{d.scatter} (anywhere, x total bet)",
                 *(f"{d.scatter_pays[n]}" if n in d.scatter_pays else ("feature" if n == d.scatter_trigger else "")
                   for n in (2, 3, 4, 5))])
    sheet.t(["symbol", "2", "3", "4", "5"], rows)
    sheet.p(f"Five {d.jackpot_symbol} on a line in the base game (five of the Bonus Substitute in the free games) win"
            f" the progressive jackpot instead of five {d.pays_as} ({d.line_pays[d.pays_as][5]} x line bet).")

    sheet.h("4. Reel strips")
    order = list(game.symbols)
    strips_table(sheet, "Base game", g.base_reels.strips, order)
    strips_table(sheet, "Free games", g.free_reels.strips, order)
    sheet.p("The strips are laid out from these counts by `python -m tools.design_naughty_or_nice --write`.")

    sheet.h("5. Base game: contribution per symbol and count (exact)")
    sheet.p(f"Every one of the {lines} lines pays with the same law (each of its cells on its own reel, each row of a"
            " reel showing the strip's proportions), so the line RTP is one line's expected pay in line bets. The"
            " five-Santa row leaves out the jackpot lines.")
    rows = [[symbol, count, d.line_pays[symbol][count], pct(value)]
            for (symbol, count), value in sorted(x.contributions.items(), key=lambda item: -item[1])]
    rows.append(["**lines**", "", "", f"**{pct(x.line_rtp)}**"])
    sheet.t(["symbol", "count", "pay (x line bet)", "RTP"], rows)
    rows = [[k, pct(p, 6), one_in(p) if p else "never", d.scatter_pays.get(k, ""),
             pct(p * d.scatter_pays.get(k, 0))] for k, p in enumerate(x.scatter_law) if p]
    rows.append(["**scatters**", "", "", "", f"**{pct(x.scatter_rtp)}**"])
    sheet.p("Scatters anywhere on the window (reels independent; a base reel shows at most one):")
    sheet.t(["scatters", "P (spin)", "one in", "pay (x total bet)", "RTP"], rows)

    sheet.h("6. Trigger probabilities (exact)")
    sheet.lines += [
        f"- Free games ({d.scatter_trigger} or more scatters): {frac(x.trigger)} = {pct(x.trigger)},"
        f" {one_in(x.trigger)} base spins.",
        f"- Jackpot on a base spin (some line of five {d.jackpot_symbol}): {frac(x.jackpot_any)},"
        f" {one_in(x.jackpot_any)} spins; jackpot lines per spin {float(x.jackpot_lines):.3e}.",
        "",
    ]

    sheet.h("7. Free games: the Bonus Substitute (simulated)")
    sheet.p(f"{d.free_spins} free games at the triggering bet. A win with the Bonus Substitute in it is doubled. Each"
            " Bonus Substitute that lands (not one standing on a held reel) awards, by weight:")
    rows = []
    for name, table in d.bonus.items():
        awards = ", ".join(f"{AWARD_NAMES[a]} {w}" for a, w in table.awards.items())
        prizes = ", ".join(f"{p}x: {w}" for p, w in table.prizes.items())
        rows.append([name, awards, f"{prizes} (mean {float(table.mean_prize()):.3f}x)"])
    sheet.t(["Bonus Substitute", "award weights", "instant prize weights (x total bet)"], rows)
    strata = {st["start"]["substitute"]: st for st in report["strata"]}
    rows = []
    choices = single_choice_rtps(report, x)
    for name in d.substitutes:
        st = strata[name]
        se = st["controlled_sd_x"] / st["runs"] ** 0.5
        rtp, half = choices[name]
        rows.append([name, f"{st['runs']:,}", f"{st['mean_x']:.3f}x +- {Z95 * se:.3f}", f"{st['sd_x']:.2f}x",
                     f"{pct(rtp, 3)} +- {half * 100:.3f} pp"])
    sheet.t(["always chosen", "runs", "mean free-games win (95%)", "sd of one free game", "RTP with her"], rows)
    low, high = sorted(d.substitutes, key=lambda name: strata[name]["mean_x"])
    gap = strata[high]["mean_x"] - strata[low]["mean_x"]
    gap_se = sum(strata[n]["controlled_sd_x"] ** 2 / strata[n]["runs"] for n in d.substitutes) ** 0.5
    riskier = max(d.substitutes, key=lambda name: strata[name]["sd_x"])
    sheet.p(f"{high} is worth {gap:.3f}x more a free-games run than {low} ({gap / gap_se:.1f} standard errors);"
            f" {riskier} swings more (the larger deviation). The published RTP is the strategy's mix, half each"
            " (the strategy chooses uniformly).")
    fr = report["feature_run_features"]
    m = report["feature_runs"]
    rows = []
    for key, label in (("extra_free_games", "1 more free game"), ("instant_prizes", "instant prizes"),
                       ("held_reels", "reels held"), ("jackpots", "jackpots")):
        seen = fr.get(key, {"runs": 0, "per_round": 0.0})
        per_run = seen["runs"] * seen["per_round"] / m
        rows.append([label, f"{per_run:.4g}", pct(seen["runs"] / m, 4)])
    sheet.t(["award", "per free-games run", "runs with one or more"], rows)
    sheet.lines += [
        f"- Mean free-games win (both, the proof's estimate): **{report['feature_average_x']:.4f}x bet, standard"
        f" error {report['feature_se_x']:.4f}x** ({report.cite()}); sd of one run {report['feature_sd_x']:.2f}x.",
        f"- Highest seen: {report['feature_max_x']:,.2f}x bet; capped {report['capped_rounds']} times.",
        "",
    ]

    sheet.h("8. RTP summary (jackpot aside)")
    half = report["half_width"]
    rows = [
        ["base game lines", pct(x.line_rtp), "exact", frac(x.line_rtp)],
        ["base game scatters", pct(x.scatter_rtp), "exact", frac(x.scatter_rtp)],
        ["free games", f"{pct(report['feature_part_rtp'], 3)} +- {half * 100:.3f} pp",
         f"exact trigger x simulated mean: {report.cite()}", "95% interval"],
        ["**RTP**", f"**{pct(report['rtp'], 3)} +- {half * 100:.3f} pp**", "exact + simulated", "95% interval"],
    ]
    for check in report["checks"]:
        rows.append([f"check: {check['name']}", f"simulated {check['simulated']:.6g}",
                     f"against exact {check['exact']:.6g}: {check['z']:+.2f} standard errors",
                     f"{check['rounds']:,} base rounds, not in the RTP"])
    sheet.t(["part", "value", "how", "detail"], rows)

    deviation_section(sheet, report["rtp"], "exact base, simulated free games", report["sd"],
                      f"{report.cite()}: Var(Y) from the base rounds plus each stratum's free-game variance", 1.0,
                      [f"- A round wins: {pct(report['hit_rate'], 2)} ({report.cite()})."])

    sheet.h("10. Cap and the progressive jackpot")
    sheet.p(f"{d.cap_line_bets:,} x line bet ({multiplier_text(d.cap)}x total bet) per paid spin, jackpot aside: the"
            f" round stops when its win reaches it. Seen {report['capped_rounds']} times in {m:,} free games.")

    sheet.p("The progressive jackpot (outside the RTP):")
    jackpot = g.jackpot
    q = jackpot_rate_sim(report, x)
    sheet.lines += [
        f"- Seed {format_cents(jackpot.seed)}; each wager adds {jackpot.share} of itself to the pool, in the wager's"
        " transaction. The pool counts hundredths of a cent: a payout is its whole cents, the fraction left"
        " stays in the reseeded pool.",
        f"- Chance a round wins it: {q:.3e} (1 in {1 / q:,.0f}): base spin {frac(x.jackpot_any)} exact, plus the"
        f" free games' trigger x {fr.get('jackpots', {}).get('runs', 0)} of {m:,} free-games runs (simulated).",
        f"- Its return: {jackpot.share} of every wager in the long run ({pct(float(jackpot.share), 2)}) plus the"
        " seed the house puts back at each win, seed x chance / bet per round; at the seed alone it is the"
        " ladder's last column above.",
        "",
    ]
    rows = []
    for bet in game.bets:
        pool_at_hit = jackpot.seed + float(jackpot.share) * bet / q
        rows.append([format_cents(bet), format_cents(round(pool_at_hit)),
                     pct(float(jackpot.share) + jackpot.seed * q / bet, 3)])
    sheet.p("Played at one bet for ever, the pool when won is the seed plus the share of the wagers since the last"
            " win (1 / chance rounds on average):")
    sheet.t(["bet", "expected pool when won", "long-run jackpot return"], rows)

    sheet.h("11. Rule readings")
    sheet.lines += [
        "- 50 fixed lines (shapes in the data file and on the help page), paid left to right from reel 1, the"
        " highest win per line; line, scatter and jackpot wins add.",
        "- A line of substitutes pays as Santa; either girl stands in for every symbol but the scatter.",
        f"- Five {d.jackpot_symbol} on a line (base game) win the jackpot, not five Santas; five of the other girl"
        " pay five Santas. In the free games, five of the Bonus Substitute. At most one pool a jackpot line: two"
        " jackpot lines on one spin pay the pool, then the reseeded pool.",
        "- The free games cannot be retriggered: scatters in them pay 4 and 5 of a kind, and award no games.",
        "- A held reel keeps the symbols it showed; the Bonus Substitutes on it awarded when they landed and award"
        " nothing more; a hold drawn when no free game follows would hold for nothing, so none"
        " is drawn then; whether one follows is asked at each award, so a +1 drawn earlier on the last free game"
        " lets a later Bonus Substitute on that spin hold her reel.",
        f"- Instant prizes are 1 to 20 x total bet; every pay is whole cents at every ladder bet ({UNITS_PER_CENT}"
        " pool units a cent).",
        "",
    ]
    stated = d.rtp.base
    target = stated_figure(stated)
    acceptance_section(sheet, game, [[
        "RTP, proven" if half <= ACCEPT_HALF_WIDTH else "RTP, published", report.interval(),
        "yes (exact parts + simulated free games)" if half <= ACCEPT_HALF_WIDTH else "no: half-width above 0.1 point",
        f"{stated}: " + ("inside" if report["ci_low"] <= target <= report["ci_high"] else "outside"),
    ]])
    lab_section(sheet, 13, lab(game, x, report))
    return sheet


_LARGEST: dict[str, tuple[Fraction, list[tuple[str, ...]]]] = {}


def largest_of(game: Game) -> tuple[Fraction, list[tuple[str, ...]]]:
    """The base spin's largest win, jackpot aside (a line of five Nice Girls wins the pool, not a pay), and a
    window paying it: about 30 s, so once per process and data file."""
    g: Any = game
    digest = game.data_digest()
    if digest not in _LARGEST:
        line_pay = symbol_line_pay(g)

        def pay(cells: tuple[str, ...]) -> Any:
            return None if all(cell == g.jackpot_symbol for cell in cells) else line_pay(cells)

        _LARGEST[digest] = largest_window_win(g.lines, g.base_reels, pay, g.scatter,
                                              {n: Fraction(v) for n, v in g.scatter_pays.items()})
    return _LARGEST[digest]


def single_choice_rtps(report: Measured, x: Any) -> dict[str, tuple[float, float]]:
    """Per Bonus Substitute, the RTP (and its 95% half-width) of a player who always chooses her."""
    out = {}
    for st in report["strata"]:
        se = st["controlled_sd_x"] / st["runs"] ** 0.5
        trigger = float(x.trigger)
        out[st["start"]["substitute"]] = (float(x.base_x) + trigger * st["mean_x"], Z95 * trigger * se)
    return out


def lab(game: Game, x: Any, report: Measured) -> LabFigures:
    """The test lab's tables: strips stop by stop, the base line's counts over the cycle, the scatters', the exact
    hit rates, the largest wins, the worst single-choice RTP and the RTP with the jackpot."""
    g: Any = game
    d = g.description
    jackpot_ways = jackpot_line_ways(g)
    base = LineCycle("Base game", g.base_reels.strips, base_line_cycle(g), len(game.lines),
                     adjust=[(f"jackpot (five {d.jackpot_symbol})", (d.pays_as, g.reel_count), jackpot_ways)])
    choices = single_choice_rtps(report, x)
    worst = min(choices, key=lambda name: choices[name][0])
    best = max(choices, key=lambda name: choices[name][0])
    q = jackpot_rate_sim(report, x)
    jackpot = g.jackpot
    bet = game.default_bet

    def with_jackpot(rtp: float, at: int) -> float:
        return rtp + float(jackpot.share) + jackpot.seed * q / at

    how = f"exact base game and trigger x the free games' mean with her alone ({report.cite()}), 95% interval"
    rtps = [
        (f"worst single-choice RTP: always {worst}",
         f"**{pct(choices[worst][0], 3)}** +- {choices[worst][1] * 100:.3f} pp", how),
        (f"best single-choice RTP: always {best}", f"{pct(choices[best][0], 3)} +- {choices[best][1] * 100:.3f} pp",
         how),
        ("RTP (the strategy's even mix), jackpot aside", pct(report["rtp"], 3), "section 8"),
    ]
    for at in (game.bets[0], bet, game.bets[-1]):
        rtps.append((f"RTP with the jackpot at {format_cents(at)}{' (default bet)' if at == bet else ''}",
                     pct(with_jackpot(report["rtp"], at), 3),
                     f"RTP + the long-run jackpot return ({jackpot.share} of each wager + seed x chance / bet;"
                     " section 10)"))
    rtps.append((f"worst single-choice RTP with the jackpot at {format_cents(bet)}",
                 pct(with_jackpot(choices[worst][0], bet), 3), "the same, always " + worst))
    return LabFigures(
        strips=[("Base game", g.base_reels.strips), ("Free games", g.free_reels.strips)],
        cycles=[base],
        scatters=[ScatterCycle("Base game", g.base_reels.strips, dict(enumerate(x.scatter_law)),
                               {n: Fraction(v) for n, v in d.scatter_pays.items()}, d.scatter_trigger)],
        hit_rates=[("a base spin pays (lines, the jackpot or the scatters)", base_hit_rate(g)),
                   ("a base spin pays or starts the free games", base_hit_rate(g, with_trigger=True)),
                   ("one line pays", base.law.hit_probability),
                   ("the free games start", x.trigger), ("a base spin wins the jackpot", x.jackpot_any)],
        largest=[line_largest(base), window_largest("Base game", *largest_of(game), " (jackpot aside)"),
                 *largest_seen(report, d.cap),
                 ("the cap", f"{float(d.cap):,.2f}", "printed, jackpot aside; the round stops when it reaches it")],
        rtps=rtps,
    )


def jackpot_rate_sim(report: Measured, x: Any) -> float:
    """P(a round wins the jackpot): the base spin's exact chance plus the trigger x the free games' simulated one."""
    fr = report["feature_run_features"].get("jackpots", {"runs": 0})
    return float(x.jackpot_any) + float(x.trigger) * fr["runs"] / report["feature_runs"]
