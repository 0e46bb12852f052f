"""Santa's Wonderland's PAR sheet (``python -m game.engine.par santas_wonderland [--buy]``), on the
sections of ``game.engine.analysis.par``: the stratified simulations in ``rtp.json`` and ``rtp_buy.json``."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...analysis.par import (
    ACCEPT_HALF_WIDTH,
    LabFigures,
    Measured,
    Sheet,
    acceptance_section,
    bets_section,
    deviation_section,
    frac,
    header,
    lab_section,
    largest_seen,
    pct,
    raw_data,
    report_sd,
    rng_section,
    sources,
    stated_figure,
    stated_text,
)
from ...game import Game
from ...money import format_cents, multiplier_text


def build(game: Game, buy: bool) -> Sheet:
    g: Any = game
    data = g.data
    report = Measured(game, "buy" if buy else "base")
    price = float(g.buy_price_x) if buy else 1.0
    sheet = Sheet()
    header(sheet, game, buy, "A cluster game with tumbles and marker features: no part is computed exactly here"
           " (the rounding is); every RTP figure is simulated (stratified: base rounds with Midnight Riches"
           " deferred, plus Midnight Riches runs).")
    sources(sheet, [report])
    rng_section(sheet, [
        "the 64 cells of the grid, one random byte each mapped through a 256-entry table of the phase's drop weights"
        " (`randbytes(n).translate(...)`); the same for every refill after a tumble;",
        "the five marker cells (weighted, without replacement); each feature's own draws (its symbol, count, size,"
        " cells: `randrange` over weight tables and positions) when it is won;",
        "Midnight Riches: a fresh grid per level, then the same draws with the Midnight Riches weights.",
    ])

    def cap_cells(bet: int) -> list[str]:
        cells = [format_cents(game.cost(bet, True))] if buy else []
        return [*cells, format_cents(g.description.cap_win(bet))]

    bets_section(sheet, game, buy, f"as the default bet ({pct(report['rtp'], 3)} simulated), rounding loss 0 by design",
                 cap_cells, [*(["price"] if buy else []), "cap"])

    sheet.h("3. Paytable (x total bet, by cluster size)")
    sheet.p("Printed figure = exact fraction; in Midnight Riches every pay is times the level's multiplier.")
    brackets = _brackets(data.pays[0])
    raw = raw_data(game)["pays"]
    rows = []
    for symbol, pays in zip(data.symbols, data.pays):
        printed_of = {_bracket_low(key): text for key, text in raw[symbol].items()}
        rows.append([symbol, *(f"{printed_of.get(low, multiplier_text(pays[low]))} = {frac(pays[low])}"
                               for low, _ in brackets)])
    sheet.t(["symbol", *(f"{low}" if low == high else f"{low}-{high}" for low, high in brackets)], rows)
    levels = ", ".join(f"level {lv.level} x{lv.multiplier}" + (f" (target {lv.target})" if lv.target else "")
                       for lv in data.levels)
    sheet.p(f"Midnight Riches levels: {levels}; trigger: {data.trigger_points} meter points in one base spin.")

    sheet.h("4. Drop weights and feature weights (out of their totals)")
    rows = [[symbol, data.base.drop_weights[i], data.midnight.drop_weights[i]] for i, symbol in enumerate(data.symbols)]
    sheet.t(["symbol", "base drop /256", "Midnight Riches drop /256"], rows)
    for name, phase in (("base", data.base), ("Midnight Riches", data.midnight)):
        sheet.lines += [
            f"- {name}: Blocks count {_weights(phase.blocks_count)},"
            f" symbol {_symbol_weights(data, phase.blocks_symbol)};"
            f" Supersize size {_weights(phase.supersize_size)},"
            f" symbol {_symbol_weights(data, phase.supersize_symbol)};"
            f" Lucky Santa wilds {_weights(phase.lucky_count)}; Wild Santa symbol weights"
            f" {list(phase.wild_santa_weights)}.",
        ]
    sheet.lines.append("")

    sheet.h("5. Base game: contributions")
    sheet.p("Not computed exactly: a spin's clusters, tumbles and marker features depend on each other, so the"
            f" base part is measured as a whole: {pct(report['base_part_rtp'], 3)} ({report.cite()}).")

    sheet.h("6. Trigger probabilities (simulated)")
    feats = report["features"]
    rows = [[name, f"1 in {info['one_in']:,.1f}"] for name, info in sorted(feats.items())]
    sheet.p(f"Rounds in which each feature came ({report.cite()}):")
    sheet.t(["feature", "rounds"], rows)

    sheet.h("7. Midnight Riches (simulated)")
    sheet.lines += [
        f"- Mean win {report['feature_average_x']:.3f}x bet, standard deviation {report['feature_sd_x']:.1f}x"
        f" ({report.cite()}).",
        f"- Highest seen: {report['feature_max_x']:,.2f}x bet.",
        "",
    ]
    fr = report["feature_run_features"]
    sheet.t(["level reached", "share of features"],
            [[k.split("_")[1], pct(fr[k]["share_of_runs"], 3)] for k in sorted(fr) if k.startswith("level_")])

    sheet.h("8. RTP summary")
    sheet.t(["part", "value", "how"], [
        ["base part" if not buy else "the bought round's base spin", pct(report["base_part_rtp"], 3), report.cite()],
        ["Midnight Riches part", pct(report["feature_part_rtp"], 3), report.cite()],
        ["**RTP**", f"**{report.interval()}**", "stratified, simulated"],
    ])
    sd, sd_note = report_sd(report, price)
    deviation_section(sheet, report["rtp"], "simulated", sd, sd_note, price,
                      [f"- Hit rate: {pct(report['hit_rate'], 2)} ({report.cite()})."])

    sheet.h("10. Cap")
    capped = report["capped_rounds"]
    if report.get("proposal") and report.get("cap_one_in"):  # weighted: an estimate, not a count of rounds seen
        seen = f"about 1 in {report['cap_one_in']:,.0f} rounds (a weighted estimate of the game's own law)"
    elif capped:
        seen = (f"reached {capped} times in {report['feature_runs']:,} Midnight Riches runs (1 in"
                f" {report['feature_runs'] / capped:,.0f})")
    else:
        seen = f"not reached in {report['feature_runs']:,} Midnight Riches runs"
    sheet.p(f"{multiplier_text(g.cap)}x bet per round, the round stopping when its win reaches it: {seen}"
            f" ({report.cite()}). What it forfeits (the win above it) is not observed: the round stops there.")

    sheet.h("11. Rule readings")
    sheet.lines += [
        "- Clusters of 5 or more of a symbol (wilds join every cluster) pay, explode and tumble; a spin's meter"
        " counts every symbol exploded; the five marker features play in their printed order when won.",
        "- Blocks: 2x2 blocks where they do not overlap; Supersize: uniform among the positions where it fits;"
        " a wild under a block stays wild; Lucky Santa: uniform among non-wild cells; Refresh keeps wilds.",
        "- A bought round's base spin is an ordinary one; Midnight Riches then plays once whatever the meter says.",
        "",
    ]
    stated = stated_text(game, buy)
    acceptance_section(sheet, game, [["RTP, published", report.interval(),
                                      "yes" if report["half_width"] <= ACCEPT_HALF_WIDTH
                                      else "no: half-width above 0.1 point",
                                      "inside" if report["ci_low"] <= stated_figure(stated) <= report["ci_high"]
                                      else "outside"]])
    cap = Fraction(g.cap)
    lab_section(sheet, 13, LabFigures(
        largest=[*largest_seen(report, cap), ("the cap", f"{float(cap):,.2f}", "printed; the round stops at it")],
        notes=["The game has no reel strips: every cell is drawn by the drop weights of section 4, so there is no"
               " cycle of stops to count; its figures are simulated (sections 6 to 8)."]))
    return sheet


def _bracket_low(key: str) -> int:
    return int(key.partition("-")[0])


def _brackets(pays: Sequence[Fraction]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for size in range(5, len(pays)):
        if out and pays[size] == pays[out[-1][0]]:
            out[-1] = (out[-1][0], size)
        else:
            out.append((size, size))
    return out


def _weights(weighted: Any) -> str:
    previous = 0
    parts = []
    for value, cumulative in zip(weighted.values, weighted.cumulative):
        parts.append(f"{value}: {cumulative - previous}")
        previous = cumulative
    return "{" + ", ".join(parts) + "}"


def _symbol_weights(data: Any, weighted: Any) -> str:
    previous = 0
    parts = []
    for value, cumulative in zip(weighted.values, weighted.cumulative):
        parts.append(f"{data.symbols[value]} {cumulative - previous}")
        previous = cumulative
    return "{" + ", ".join(parts) + "}"
