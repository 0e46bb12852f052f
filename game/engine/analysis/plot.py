"""``simulate --plot PATH``: a PNG of a report's win distribution and RTP convergence.

matplotlib is an optional tools dependency (``pip install -r requirements-plot.txt``, or the
``plot`` group of pyproject.toml), never a run-time one: it is imported by ``write_plot`` only.

Left, the win distribution in multiples of the bet on a log scale: each range's share of the RTP
(points of the stake; the bars add up to the RTP) and, on the right-hand axis, how often a round
lands in it. A stratified or exact-parts report draws its two parts: the base part of a round
and the main feature's runs weighted by the feature's rate, stacked. Right, the convergence: a
plain report's running RTP with its 95% interval after each 10th of a decade of rounds, inside the
band where a round count's realised RTP falls 95% of the time (RTP +- 1.96 sd / (price sqrt n));
a stratified or exact-parts report has no running figure: it draws that band and its own interval
at the round count where a plain run's interval would be as narrow. The target line is the game's stated RTP of the mode
(printed by the rule text, or the design target), labelled with its kind.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .. import get_game
from .report import Z95

INSTALL_HINT = "pip install -r requirements-plot.txt (or pip install '.[plot]')"


def available() -> bool:
    """Whether matplotlib can be imported (asked only when a plot is wanted, before the run)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def target_rtp(report: dict[str, Any]) -> tuple[float, str] | None:
    """The stated RTP of the report's mode as a fraction, with its kind's words ("printed", "design
    target"); None when the game states none for it."""
    stated = get_game(report["game"]).description.rtp
    text = stated.of(bool(report["buy"]))
    return (float(text.rstrip("%")) / 100, stated.source.words) if text else None


def _parts(report: dict[str, Any], price: float) -> list[tuple[str, list[dict[str, Any]], float]]:
    """(label, histogram, weight per round) for each part whose RTP share the left panel stacks."""
    if report.get("histogram"):
        return [("whole rounds", report["histogram"], 1.0)]
    parts = []
    feature = report.get("feature", "feature")
    rate = 1 / report["feature_one_in"] if report.get("feature_one_in") else 0.0
    if report["buy"]:
        return [(f"{feature} (bought; one run is a round)", report["feature_histogram"], 1.0)]
    if report.get("base_histogram"):
        parts.append(("base part (a round without its feature)", report["base_histogram"], 1.0))
    if report.get("feature_histogram"):
        parts.append((f"{feature}: one run's win, x its rate 1/{report['feature_one_in']:,.1f}",
                      report["feature_histogram"], rate))
    return parts


def write_plot(report: dict[str, Any], path: Path) -> None:
    """Draw ``report`` (a report as its JSON holds it) into the PNG ``path``."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no window, no display needed
    from matplotlib import pyplot as plt
    from matplotlib.ticker import FuncFormatter, PercentFormatter

    game = get_game(report["game"])
    price = game.cost(report["bet"], report["buy"]) / report["bet"]
    stated = target_rtp(report)
    target = stated[0] if stated is not None else None
    fig, (dist, conv) = plt.subplots(1, 2, figsize=(13, 5.4), dpi=100, layout="constrained")
    mode = "Bonus Buy" if report["buy"] else "base game"
    method = report.get("method", "plain").replace("_", " ")
    fig.suptitle(f"{game.description.title} ({mode}, {method}): RTP {report['rtp']:.3%} ± {report['half_width']:.3%}"
                 f" (95%) at bet {report['bet']} cents, seed {report['seed']}", fontsize=13)

    # -- the win distribution: each range's share of the RTP, and how often -------------------
    freq = dist.twinx()
    bottom: dict[float, float] = {}
    colours = ("tab:blue", "tab:orange")
    zero_share = None
    for (label, rows, weight), colour in zip(_parts(report, price), colours):
        lows, widths, heights, centres, shares = [], [], [], [], []
        for row in rows:
            if row["to_x"] == 0:  # no win: not on a log axis, said in the legend
                zero_share = row["share"] if zero_share is None else zero_share
                continue
            low = row["from_x"] or 0.1  # (0, 1) drawn from 0.1
            high = row["to_x"] if row["to_x"] is not None else max(2 * low, report["max_win_x"])
            lows.append(low)
            widths.append(high - low)
            heights.append(weight * row["mean_x"] / price)
            centres.append(math.sqrt(low * high))
            shares.append(weight * row["share"])
        base = [bottom.get(low, 0.0) for low in lows]
        dist.bar(lows, heights, widths, bottom=base, align="edge", color=colour, alpha=0.75, edgecolor="white",
                 label=f"{label}: {sum(heights):.2%} of the stake")
        for low, h in zip(lows, heights):
            bottom[low] = bottom.get(low, 0.0) + h
        seen = [(c, s) for c, s in zip(centres, shares) if s > 0]
        if seen:
            freq.plot(*zip(*seen), "o-", color=colour, markersize=4, linewidth=1,
                      markeredgecolor="black", markeredgewidth=0.4)
    dist.set_xscale("log")
    dist.set_xlabel("win, x bet (ranges 0-1, 1-2, 2-5, 5-10, ...; log scale)")
    dist.set_ylabel("share of RTP: points of the stake each range returns (bars)")
    dist.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    freq.set_yscale("log")
    freq.set_ylabel("share of rounds in the range (dots)")
    freq.yaxis.set_major_formatter(FuncFormatter(lambda v, _: f"1 in {1 / v:,.0f}" if v < 0.5 else f"{v:.0%}"))
    dist.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
    title = "Win distribution: each range's share of RTP"
    if zero_share is not None:
        title += f" (no win: {zero_share:.1%} of rounds)"
    dist.set_title(title, fontsize=11)
    dist.legend(loc="upper left", fontsize=8, framealpha=0.9)
    dist.grid(axis="y", alpha=0.3)

    # -- convergence: the running RTP and the band a round count's RTP falls in --------------
    rounds = max(int(report["rounds"]), 100)
    sd = float(report.get("sd") or 0.0)
    points = report.get("convergence") or []
    rtp, half = report["rtp"], report["half_width"]
    # a stratified or exact-parts interval is drawn where a plain run's would be as narrow
    plain_rounds = (Z95 * sd / price / half) ** 2 if sd and half and not points else float(rounds)
    last = min(max(float(rounds), plain_rounds), 1e11)
    ns = [10 ** (k / 20) for k in range(40, int(20 * math.log10(last)) + 1)] + [last]
    if sd:
        spread = [Z95 * sd / math.sqrt(n) / price for n in ns]
        conv.fill_between(ns, [rtp - s for s in spread], [rtp + s for s in spread], color="tab:gray", alpha=0.15,
                          label=f"95% of realised RTPs after n rounds (sd {sd:.2f} x bet)")
    if points:
        xs = [p["rounds"] for p in points]
        conv.fill_between(xs, [p["rtp"] - p["half_width"] for p in points],
                          [p["rtp"] + p["half_width"] for p in points], color="tab:blue", alpha=0.25,
                          label="95% interval of the running RTP")
        conv.plot(xs, [p["rtp"] for p in points], color="tab:blue", linewidth=1.5, label="running RTP")
    else:
        conv.errorbar([last], [rtp], yerr=[[half], [half]], fmt="o", color="tab:blue", capsize=6,
                      label=f"{method} estimate, 95% interval: as narrow as\na plain run's after {last:,.0f} rounds")
    if stated is not None:
        conv.axhline(stated[0], color="tab:red", linestyle="--", linewidth=1.3,
                     label=f"target ({stated[1]}) {stated[0]:.2%}")
    conv.axhline(rtp, color="tab:blue", linestyle=":", linewidth=1, label=f"this run's RTP {rtp:.3%}")
    conv.set_xscale("log")
    conv.set_xlabel("rounds played (log scale)")
    conv.set_ylabel("RTP")
    conv.yaxis.set_major_formatter(PercentFormatter(1.0, decimals=1))
    low = min([rtp - 3 * half, *(p["rtp"] - p["half_width"] for p in points[len(points) // 3:])])
    high = max([rtp + 3 * half, *(p["rtp"] + p["half_width"] for p in points[len(points) // 3:])])
    if target is not None:
        low, high = min(low, target), max(high, target)
    pad = 0.1 * (high - low) or 0.01
    conv.set_ylim(low - pad, high + pad)
    conv.set_xlim(100, last * 1.3)
    if points:
        conv.set_title(f"RTP convergence over {report['rounds']:,} rounds", fontsize=11)
    else:
        conv.set_title(f"RTP convergence: the {method} interval against plain rounds", fontsize=11)
    conv.legend(loc="upper right", fontsize=8, framealpha=0.9)
    conv.grid(alpha=0.3)
    fig.savefig(path, format="png")
    plt.close(fig)
