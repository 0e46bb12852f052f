"""PAR sheets: every figure of a game's math, each marked exact or simulated, keyed to its data file.

    python -m game.engine.par GAME [--buy]     # writes docs/par/<game>[_buy].md
    python -m game.engine.par --all            # every game and mode
    python -m game.engine.par GAME --check     # exit 1 when the sheet on disk is not what the data gives

A sheet records the SHA-256 of the data file it was made from; ``tests/test_par.py`` fails when
a data file changes and its sheet was not regenerated. Exact figures come from
``game.engine.exact_halloween``, ``game.engine.exact_fat_santa``, ``game.engine.exact_naughty_or_nice``
and ``game.engine.rounding``;
simulated ones from the measured reports beside the data (``rtp.json``, ``rtp_buy.json``), each
with its rounds, seed and generator. ``docs/MATH.md`` says how each kind is proven and when a
figure counts.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from . import GAME_IDS, get_game
from .game import Game
from .money import format_cents, multiplier_text
from .rounding import check as check_ladder
from .rounding import pay_figures

ROOT = Path(__file__).resolve().parents[2]
PAR_DIR = ROOT / "docs" / "par"
Z90, Z95 = 1.6448536269514722, 1.959963984540054
BAND_ROUNDS = (1_000, 10_000, 100_000, 1_000_000, 10_000_000)
ACCEPT_HALF_WIDTH = 0.001  # docs/MATH.md: the acceptance rule's 0.1 point
# Every report made before reports named their generator drew from this one (game/engine/rng.py's
# only generator until issue 11's replacement).
OLD_GENERATOR = "random.Random (Python's Mersenne Twister MT19937), game/engine/rng.py before issue 11"
DIGEST_LABEL = "Data SHA-256"


def sheet_path(game_id: str, buy: bool) -> Path:
    return PAR_DIR / f"{game_id}{'_buy' if buy else ''}.md"


def recorded_digest(text: str) -> str | None:
    """The data digest a sheet records (its ``Data SHA-256`` line)."""
    for line in text.splitlines():
        if line.startswith(f"- {DIGEST_LABEL}:"):
            return line.split("`")[1]
    return None


# -- formatting -------------------------------------------------------------------------------


def pct(x: Fraction | float, places: int = 4) -> str:
    return f"{float(x) * 100:.{places}f}%"


def one_in(p: Fraction | float) -> str:
    return f"1 in {1 / float(p):,.4f}" if p else "never"


def frac(x: Fraction) -> str:
    return str(x) if x.denominator != 1 else str(x.numerator)


def table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    out = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    out += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return out + [""]


class Sheet:
    def __init__(self) -> None:
        self.lines: list[str] = []

    def h(self, title: str) -> None:
        self.lines += [f"## {title}", ""]

    def p(self, *text: str) -> None:
        self.lines += [*text, ""]

    def t(self, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        self.lines += table(headers, rows)

    def text(self) -> str:
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n"


# -- measured reports ---------------------------------------------------------------------------


class Measured:
    """A measured report (rtp.json / rtp_buy.json) with how to cite it."""

    def __init__(self, game: Game, mode: str, several_starts: bool = False) -> None:
        """``several_starts``: the game's feature can start from more than one state (Fat Santa's row)."""
        name = "rtp.json" if mode == "base" else "rtp_buy.json"
        self.several_starts = several_starts
        assert game.data_file is not None
        self.path = game.data_file.parent / name
        self.raw: dict[str, Any] = json.loads(self.path.read_text(encoding="utf-8"))
        self.current = self.raw.get("data_sha256") == game.data_digest()

    def __getitem__(self, key: str) -> Any:
        return self.raw[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.raw.get(key, default)

    @property
    def generator(self) -> str:
        return self.raw.get("generator") or OLD_GENERATOR

    @property
    def stratified(self) -> bool:
        return self.raw.get("method") == "stratified"

    @property
    def old_start_draw(self) -> bool:
        """A stratified report made before feature starts had a stream of their own (issue 11), on a game
        with several starts: there the start drawn and the feature's first draws were dependent."""
        return self.stratified and self.several_starts and "generator" not in self.raw

    @property
    def by_exact_parts(self) -> bool:
        return self.raw.get("method") == "exact_parts"

    def runs(self) -> str:
        if self.by_exact_parts:
            strata = len(self["strata"])
            base = "" if self["buy"] else f" + {self['rounds']:,} base rounds (distribution only)"
            return (f"{self['feature_runs']:,} feature runs in {strata} strata (pilot {self['pilot_runs']:,})"
                    + base)
        if self.stratified:
            return f"{self['rounds']:,} base rounds + {self['feature_runs']:,} feature runs"
        return f"{self['rounds']:,} rounds"

    @property
    def name(self) -> str:
        return self.path.name

    @property
    def short_generator(self) -> str:
        return "MT19937" if "generator" not in self.raw else self.generator

    def cite(self) -> str:
        """Simulated, N rounds, seed S, generator G [file]; a dagger when its feature starts predate issue 11."""
        mark = " (†)" if self.old_start_draw else ""
        return (f"simulated, {self.runs()}, seed {self['seed']}, generator {self.short_generator}"
                f" [`{self.name}`]{mark}")

    def interval(self) -> str:
        return f"{pct(self['rtp'], 3)} (95% CI {pct(self['ci_low'], 3)} .. {pct(self['ci_high'], 3)}," \
               f" half-width {self['half_width'] * 100:.3f} pp)"

    def source_lines(self) -> list[str]:
        where = self.path.relative_to(ROOT).as_posix()
        lines = [
            f"- [`{self.name}`] `{where}`: {self.get('method', 'plain').replace('_', ' ')} simulation,"
            f" {self.runs()} at bet"
            f" {format_cents(self['bet'])}, seed {self['seed']}, generator {self.generator}.",
            f"  Command: `{self['command']}`.",
        ]
        if self.get("proposal"):
            lines.append(f"  Importance sampling: {self['proposal']}; every round and run is weighted by its likelihood"
                         " ratio, so each count and share below is a weighted estimate of the game's own law.")
        if self.current and self.get("data_note"):
            lines.append("  Measured on earlier data whose rounds are identical; its `data_note` says what changed.")
        elif not self.current:
            lines.append("  **Measured on other data than today's: re-run the command.**")
        if self.old_start_draw:
            lines.append("  (†) Its feature runs drew each start (Santa's row) from the same generator as the feature"
                         " itself, so the row and the first free spin's reel-1 stop were dependent (fixed in issue 11:"
                         " docs/MATH.md); re-measure.")
        return lines


def sources(sheet: Sheet, reports: Sequence[Measured]) -> None:
    sheet.h("0. Sources of the simulated figures")
    for report in reports:
        sheet.lines += report.source_lines()
    sheet.lines.append("")
    sheet.p(f"Reports that do not name their generator predate that field; every one was made on {OLD_GENERATOR}.")


# -- shared sections ----------------------------------------------------------------------------


def header(sheet: Sheet, game: Game, buy: bool, summary: str) -> None:
    assert game.data_file is not None
    mode = "bought feature" if buy else "base game"
    sheet.lines += [f"# PAR sheet: {game.title} ({mode})", ""]
    sheet.p(summary)
    printed = game.description.printed_rtp
    sheet.lines += [
        f"- Game id: `{game.id}`{' with `--buy`' if buy else ''}",
        f"- Data file: `{game.data_file.relative_to(ROOT).as_posix()}`",
        f"- {DIGEST_LABEL}: `{game.data_digest()}`",
        f"- Printed RTP: {printed.buy if buy else printed.base}",
        f"- Generated by `python -m game.engine.par {game.id}{' --buy' if buy else ''}`; a test fails when the data"
        " file's digest is not the one recorded here (regenerate the sheet when the data changes).",
        "- Every figure says how it was obtained: **exact** (computed from the data with fractions) or"
        " **simulated** (with its rounds, seed and generator). `docs/MATH.md` has the methods and the acceptance rule.",
        "",
    ]


def rng_section(sheet: Sheet, draws: Sequence[str]) -> None:
    from .simulate import generator_name

    sheet.h("1. Random number generation and scaling")
    sheet.p(
        "Each round draws from its own generator, made by `game.engine.rng.round_rng(seed)` from the round's"
        " 64-bit seed (`game/engine/rng.py`); the generator, its seeding and how a draw is scaled to a range are"
        f" described in `docs/RNG.md`. Generator today: {generator_name()}.",
        "This game's draws, in the order a round makes them:",
    )
    sheet.lines += [f"- {draw}" for draw in draws] + [""]
    sheet.p("Exact figures do not depend on the generator: they assume each draw is uniform over its range, as"
            " `docs/RNG.md` states the scaling makes it.")


def bets_section(sheet: Sheet, game: Game, buy: bool, rtp_at_bet: str, extra: Callable[[int], Sequence[str]],
                 extra_headers: Sequence[str]) -> None:
    d = game.description
    figures = pay_figures(game)
    checks = {c.bet: c for c in check_ladder(game)}
    sheet.h("2. Bets, lines, buy price, cap, rounding")
    facts = [
        f"- Bet ladder: {len(game.bets)} bets, {format_cents(game.bets[0])} to {format_cents(game.bets[-1])};"
        f" default {format_cents(game.default_bet)}.",
        f"- Lines: {len(game.lines)} fixed." if game.lines else "- Pays: clusters of 5 or more (no lines).",
        f"- Buy price: {multiplier_text(d.buy_price_x)}x bet." if d.buy_price_x is not None else "- Buy: none.",
        f"- Cap: {multiplier_text(d.cap)}x bet per round (the round stops when its win reaches it)."
        if d.cap is not None else "- Cap: none printed.",
        "- Rounding: a round's win is a multiple of the bet (an exact fraction) and is rounded down to the cent"
        " once, when the round ends (`game.engine.money.cents_of`).",
        f"- Rounding loss: **0 at every ladder bet, proven** (`game/engine/rounding.py`): a round's win is"
        f" {figures.made_of}; every pay figure is whole cents at bets that are multiples of"
        f" {format_cents(figures.bet_step)}, every ladder bet is one"
        + (", and so are the cap and the buy price" if d.cap is not None or d.buy_price_x is not None else "")
        + "; multipliers are whole numbers. So every win is whole cents and nothing is rounded away.",
        "",
    ]
    sheet.lines += facts
    rows = []
    for bet in game.bets:
        loss = "0 (proven)" if checks[bet].exact else "see note"
        rows.append([format_cents(bet), *extra(bet), rtp_at_bet, loss])
    sheet.t(["bet", *extra_headers, "RTP at this bet", "rounding loss"], rows)


def strips_table(sheet: Sheet, title: str, strips: Sequence[Sequence[str]], order: Sequence[str]) -> None:
    counts = [Counter(strip) for strip in strips]
    symbols = [s for s in order if any(c[s] for c in counts)]
    rows = [[symbol, *(c[symbol] or "" for c in counts)] for symbol in symbols]
    rows.append(["**length**", *(len(strip) for strip in strips)])
    sheet.p(f"{title}:")
    sheet.t(["symbol", *(f"reel {i + 1}" for i in range(len(strips)))], rows)


def deviation_section(sheet: Sheet, rtp: float, rtp_note: str, sd: float, sd_note: str, price: float,
                      hit_lines: Sequence[str]) -> None:
    sheet.h("9. Hit rate, deviation, volatility")
    sheet.lines += [*hit_lines, ""]
    per = sd / price
    sheet.lines += [
        f"- Standard deviation of one round's win: {sd:.3f}x bet"
        + (f" ({per:.3f}x the price)" if price != 1 else "") + f"; {sd_note}.",
        f"- Volatility index: {Z90 * per:.2f}. Definition: 1.645 x the standard"
        " deviation of one round's return per unit staked, the half-width of the 90% band of one round's return;"
        " the band after n rounds is RTP +- VI / sqrt(n).",
        "",
    ]
    sheet.p(f"90% band of the realised RTP after n rounds (RTP {pct(rtp, 3)}, {rtp_note}; RTP +- 1.645 sd / sqrt(n)):")
    rows = []
    for n in BAND_ROUNDS:
        half = Z90 * per / math.sqrt(n)
        rows.append([f"{n:,}", pct(rtp - half, 2), pct(rtp + half, 2), f"+- {half * 100:.2f} pp"])
    sheet.t(["rounds", "low", "high", "half-width"], rows)


def acceptance_section(sheet: Sheet, rows: Sequence[Sequence[str]]) -> None:
    sheet.h("12. Against the acceptance rule")
    sheet.p("`docs/MATH.md`: an RTP counts as proven when it is exact, or simulated with a 95% interval of"
            " half-width at most 0.1 point; the printed RTP must then lie inside that interval (or equal the exact"
            " figure at its printed precision).")
    sheet.t(["figure", "value", "proven?", "printed figure"], rows)


def report_sd(report: Measured, price: float = 1.0) -> tuple[float, str]:
    """(a round's standard deviation x bet, how it was had) from a measured report.

    A plain report records it. A stratified one made before it did is solved for it from its own
    interval: SE^2 = Var(Y) / n + p^2 Var(F) / m (docs/MATH.md) gives Var(Y), and a whole round's
    Var(W) = Var(Y) + p Var(F) (the feature's spread within a start, counted once per trigger).
    """
    if report.get("sd"):
        return float(report["sd"]), f"{report.cite()}"
    n, m = report["rounds"], report["feature_runs"]
    p = 1 / report["feature_one_in"]
    var_f = report["feature_sd_x"] ** 2
    se = report["half_width"] * price / Z95
    var_y = max(0.0, n * (se * se - p * p * var_f / m))
    return (math.sqrt(var_y + p * var_f),
            f"derived from {report.cite()}: its interval gives Var(Y) = n (SE^2 - p^2 Var(F) / m) ="
            f" {var_y:.2f}, and Var(W) = Var(Y) + p Var(F)")


# -- Halloween Vacation -------------------------------------------------------------------------


@cache
def _exact(game_id: str, digest: str) -> Any:
    """The exact figures of a game's data (computed once per process and data file)."""
    game = get_game(game_id)
    if game_id == "halloween_vacation":
        from .exact_halloween import compute as halloween_exact

        return halloween_exact(game)  # type: ignore[arg-type]
    from .exact_fat_santa import compute as fat_santa_exact

    return fat_santa_exact(game)  # type: ignore[arg-type]


def halloween(game: Game, buy: bool) -> str:
    if buy:
        raise SystemExit("halloween_vacation has no buy feature")
    x = _exact(game.id, game.data_digest())
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
    raw = _raw_data(game)
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
            " given the state is a sum over lines paid by the game's own evaluator (`game/engine/exact_halloween.py`).")
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
    acceptance_section(sheet, [
        ["RTP, exact", pct(x.rtp), "yes: exact", f"{game.description.printed_rtp.base}: "
         + ("agrees" if _agrees(game.description.printed_rtp.base, x.rtp) else
            "**does not agree** at its printed precision (known gap, tests/test_published_rtp.py)")],
        ["RTP, published simulation", report.interval(), "no: half-width above 0.1 point", "inside"
         if report["ci_low"] <= _printed(game.description.printed_rtp.base) <= report["ci_high"] else "outside"],
    ])
    return sheet.text()


def _raw_data(game: Game) -> dict[str, Any]:
    """The data file as written: the paytable's printed figures."""
    assert game.data_file is not None
    return json.loads(game.data_file.read_text(encoding="utf-8"))


def _printed_text(game: Game, buy: bool) -> str:
    """The rule text's RTP for the mode ("94.20%")."""
    printed = game.description.printed_rtp.buy if buy else game.description.printed_rtp.base
    assert printed is not None, f"{game.id}: no printed RTP for {'the buy' if buy else 'the base game'}"
    return printed


def _printed(text: str) -> float:
    return float(text.rstrip("%")) / 100


def _agrees(printed: str, exact: Fraction) -> bool:
    """An exact figure agrees with a printed one when it rounds to it at the printed precision."""
    digits = len(printed.rstrip("%").partition(".")[2])
    return f"{float(exact) * 100:.{digits}f}" == printed.rstrip("%")


# -- Fat Santa ----------------------------------------------------------------------------------


def _combined(reports: Sequence[Measured]) -> tuple[float, float]:
    """The free games' mean from independent proofs, weighted by their inverse variances: (mean, SE)."""
    weights = [1 / r["feature_se_x"] ** 2 for r in reports]
    mean = sum(w * r["feature_average_x"] for w, r in zip(weights, reports)) / sum(weights)
    return mean, math.sqrt(1 / sum(weights))


def fat_santa(game: Game, buy: bool) -> str:
    from .exact_fat_santa import free_game_growth

    g: Any = game
    data = g.data
    x = _exact(game.id, game.data_digest())
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
    raw = _raw_data(game)["pays"]
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
            f" (`exact_fat_santa.free_game_growth`). Pies per free spin: {float(mean_pies):.4f} on average"
            f" ({frac(mean_pies)}); spins per free game: {float(growth.spins):.6f} (exact; its fraction has"
            f" {len(str(growth.spins.denominator))}-digit terms: `python -m game.engine.exact_fat_santa`).")
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
    printed = _printed_text(game, buy)
    rows = [["RTP, proven" if half <= ACCEPT_HALF_WIDTH else "RTP, published", report.interval(),
             "yes (exact parts + simulated free games)" if half <= ACCEPT_HALF_WIDTH else
             "no: half-width above 0.1 point",
             "inside" if report["ci_low"] <= _printed(printed) <= report["ci_high"] else "outside"]]
    acceptance_section(sheet, rows)
    return sheet.text()


# -- Santa's Wonderland -------------------------------------------------------------------------


def wonderland(game: Game, buy: bool) -> str:
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
    raw = _raw_data(game)["pays"]
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
    printed = _printed_text(game, buy)
    acceptance_section(sheet, [["RTP, published", report.interval(), "yes" if report["half_width"] <= ACCEPT_HALF_WIDTH
                                else "no: half-width above 0.1 point",
                                "inside" if report["ci_low"] <= _printed(printed) <= report["ci_high"] else "outside"]])
    return sheet.text()


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


def naughty_or_nice(game: Game, buy: bool) -> str:
    from .par_naughty_or_nice import build as build_sheet  # it builds on this module's sections

    return build_sheet(game, buy)


def slingo_santa_king(game: Game, buy: bool) -> str:
    from .par_slingo import build as build_sheet  # it builds on this module's sections

    return build_sheet(game, buy)


BUILDERS: dict[str, Callable[[Game, bool], str]] = {
    "halloween_vacation": halloween, "fat_santa": fat_santa, "santas_wonderland": wonderland,
    "naughty_or_nice": naughty_or_nice, "slingo_santa_king": slingo_santa_king,
}


def modes(game_id: str) -> tuple[bool, ...]:
    return (False, True) if get_game(game_id).buy_price_x is not None else (False,)


def build(game_id: str, buy: bool = False) -> str:
    game = get_game(game_id)
    if buy and game.buy_price_x is None:
        raise SystemExit(f"{game_id} has no buy feature")
    try:
        builder = BUILDERS[game_id]
    except KeyError:
        raise SystemExit(f"{game_id}: no PAR sheet builder yet (game/engine/par.py)") from None
    return builder(game, buy)


def _shown(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.par", description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", choices=GAME_IDS, help="game id")
    parser.add_argument("--buy", action="store_true", help="the bought feature's sheet")
    parser.add_argument("--all", action="store_true", help="every game and mode")
    parser.add_argument("--check", action="store_true", help="compare with the sheet on disk instead of writing it")
    parser.add_argument("--stdout", action="store_true", help="print the sheet instead of writing it")
    args = parser.parse_args(argv)
    if args.all == (args.game is not None):
        parser.error("name a game, or --all")
    jobs = [(g, b) for g in GAME_IDS for b in modes(g)] if args.all else [(args.game, args.buy)]
    stale = 0
    for game_id, buy in jobs:
        text = build(game_id, buy)
        path = sheet_path(game_id, buy)
        if args.stdout:
            sys.stdout.write(text)
        elif args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{_shown(path)}: out of date (python -m game.engine.par {game_id}"
                      f"{' --buy' if buy else ''})")
                stale += 1
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_shown(path)}")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
