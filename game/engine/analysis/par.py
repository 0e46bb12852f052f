"""PAR sheets: every figure of a game's math, each marked exact or simulated, keyed to its data file.

    python -m game.engine.par GAME [--buy]             # prints the sheet
    python -m game.engine.par GAME [--buy] --write     # writes docs/par/<game>[_buy].md (or --out DIR)
    python -m game.engine.par --all --write            # every game and mode
    python -m game.engine.par --all --check            # exit 1 when a sheet on disk is not what the data gives
    python -m game.engine.par GAME [--buy] --csv DIR   # also every table of the sheet as a CSV file in DIR

A sheet records the SHA-256 of the data file it was made from; ``tests/test_par.py`` fails when
a data file changes and its sheet was not regenerated. A game's own ``par.py`` builds its sheet
on the sections below (``game.engine.analysis.plugins``); a game without one gets
:func:`plain_sheet`. Exact figures come from each game's ``exact.py`` and ``Game.pay_figures``
(the rounding proof); simulated ones from the measured reports beside the data (``rtp.json``,
``rtp_buy.json``), each with its rounds, seed and generator. ``docs/MATH.md`` says how each kind is proven and when a
figure counts.
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import GAME_IDS, get_game
from ..commands import run_command
from ..exact import LinePays, PayKey
from ..game import Game
from ..money import format_cents, multiplier_text
from ..reels import ReelSet
from .plugins import game_module
from .rounding import check as check_ladder

ROOT = Path(__file__).resolve().parents[3]
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


@dataclass(frozen=True)
class SheetTable:
    """One table of a sheet as written: its section, the paragraph it follows, its header and cells (Markdown)."""

    section: str
    caption: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


class Sheet:
    """A sheet being written: its Markdown lines and, for ``--csv``, every table it holds."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.tables: list[SheetTable] = []
        self.section = ""
        self.caption = ""

    def h(self, title: str) -> None:
        self.lines += [f"## {title}", ""]
        self.section, self.caption = title, ""

    def p(self, *text: str) -> None:
        self.lines += [*text, ""]
        self.caption = text[0] if text else ""

    def t(self, headers: Sequence[str], rows: Iterable[Sequence[object]]) -> None:
        cells = tuple(tuple(str(cell) for cell in row) for row in rows)
        self.tables.append(SheetTable(self.section, self.caption, tuple(headers), cells))
        self.lines += table(headers, cells)
        self.caption = ""

    def text(self) -> str:
        while self.lines and not self.lines[-1]:
            self.lines.pop()
        return "\n".join(self.lines) + "\n"


def slug(title: str, words: int = 6) -> str:
    """A file-name form of a title's first words ("4. Reel strips" -> "reel_strips")."""
    kept = "".join(c if c.isalnum() else " " for c in title.lower()).split()
    return "_".join([word for word in kept if not word.isdigit()][:words])


def csv_names(stem: str, tables: Sequence[SheetTable]) -> list[str]:
    """Each table's CSV file name: the sheet's stem, the table's number in the sheet, its section and caption."""
    names = []
    for i, tab in enumerate(tables, start=1):
        parts = [stem, f"{i:02d}", slug(tab.section) or "header", slug(tab.caption, 4)]
        names.append("_".join(part for part in parts if part) + ".csv")
    return names


def csv_cell(cell: str) -> str:
    """A Markdown cell as a spreadsheet takes it: the same text without the bold marks."""
    return cell.replace("**", "")


def write_csv(folder: Path, stem: str, sheet: Sheet) -> list[Path]:
    """Every table of the sheet as a CSV file in ``folder``: the header row, then the Markdown's rows."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, tab in zip(csv_names(stem, sheet.tables), sheet.tables):
        path = folder / name
        with path.open("w", encoding="utf-8", newline="") as out:
            writer = csv.writer(out)
            writer.writerow([csv_cell(cell) for cell in tab.headers])
            writer.writerows([csv_cell(cell) for cell in row] for row in tab.rows)
        paths.append(path)
    return paths


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

    @staticmethod
    def exists(game: Game, mode: str) -> bool:
        """Whether the game has a measured report of that mode beside its data."""
        name = "rtp.json" if mode == "base" else "rtp_buy.json"
        return game.data_file is not None and (game.data_file.parent / name).is_file()

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
    sheet.lines += [
        f"- Game id: `{game.id}`{' with `--buy`' if buy else ''}",
        f"- Data file: `{game.data_file.relative_to(ROOT).as_posix()}`",
        f"- {DIGEST_LABEL}: `{game.data_digest()}`",
        f"- RTP: {stated_rtp(game, buy)}",
        f"- Generated by `python -m game.engine.par {game.id}{' --buy' if buy else ''} --write`; a test fails when"
        " the data file's digest is not the one recorded here (regenerate the sheet when the data changes).",
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
    figures = game.pay_figures()
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
        f"- Rounding loss: **0 at every ladder bet, proven** (`python -m game.engine.rounding`): a round's win is"
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


def acceptance_section(sheet: Sheet, game: Game, rows: Sequence[Sequence[str]]) -> None:
    """Section 12; the last column of ``rows`` holds each figure against the game's stated RTP."""
    source = game.description.rtp.source
    sheet.h("12. Against the acceptance rule")
    sheet.p("`docs/MATH.md`: an RTP counts as proven when it is exact, or simulated with a 95% interval of"
            " half-width at most 0.1 point; the game's stated RTP must then lie inside that interval (or equal"
            f" the exact figure at its stated precision). This game's stated RTP is {source.phrase}.")
    sheet.t(["figure", "value", "proven?", f"{source.words} RTP"], rows)


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


# -- the test lab's tables ------------------------------------------------------------------------


def stops_table(sheet: Sheet, title: str, strips: Sequence[Sequence[str]]) -> None:
    """A set of strips stop by stop: at stop k a reel shows strip[k] on its top row, the next symbols below."""
    longest = max(len(strip) for strip in strips)
    rows = [[k, *(strip[k] if k < len(strip) else "" for strip in strips)] for k in range(longest)]
    sheet.p(f"{title}, stop by stop (lengths {', '.join(str(len(strip)) for strip in strips)}):")
    sheet.t(["stop", *(f"reel {i + 1}" for i in range(len(strips)))], rows)


def cycle_of(strips: Sequence[Sequence[str]]) -> int:
    """The full cycle: every combination of stops, one per reel."""
    return math.prod(len(strip) for strip in strips)


@dataclass(frozen=True)
class LineCycle:
    """One line's pays counted over the full cycle of a set of strips.

    ``law`` is ``game.engine.exact.line_pays`` over the strips' stops (``weighted(strip)``: each
    weight is a number of stops), so its ``ways`` are whole counts of stop combinations.
    """

    title: str
    strips: Sequence[Sequence[str]]
    law: LinePays
    lines: int
    name: Callable[[PayKey], str] = lambda key: " x".join(str(part) for part in key)
    adjust: Sequence[tuple[str, PayKey, int]] = ()  # (row name, key it is taken from, ways): e.g. a jackpot line


def hit_counts_table(sheet: Sheet, cycle: LineCycle) -> None:
    """Per pay of one line: its combinations over the full cycle, its pay, its probability, per spin."""
    total = cycle_of(cycle.strips)
    if cycle.law.total != total:
        raise ValueError(f"{cycle.title}: the line law's weight {cycle.law.total} is not the cycle {total}")
    ways = dict(cycle.law.ways)
    extra = []
    for label, key, n in cycle.adjust:
        ways[key] -= n
        extra.append((label, n))
    rows = []
    for key in sorted(ways, key=lambda k: -ways[k]):
        if not ways[key]:
            continue
        pay = cycle.law.amounts[key] / cycle.law.ways[key]
        p = Fraction(ways[key], total)
        rows.append([cycle.name(key), frac(pay), f"{ways[key]:,}", pct(p, 6), one_in(p),
                     f"{float(p * cycle.lines):.6g}"])
    for label, n in extra:
        p = Fraction(n, total)
        rows.append([label, "see its section", f"{n:,}", pct(p, 6), one_in(p), f"{float(p * cycle.lines):.6g}"])
    hit = sum(ways.values()) + sum(n for _, n in extra)
    rows.append(["**a line pays**", "", f"**{hit:,}**", pct(Fraction(hit, total), 6), one_in(Fraction(hit, total)),
                 f"{hit * cycle.lines / total:.6g}"])
    sheet.p(f"{cycle.title}: one line's pays over the full cycle of {total:,} stop combinations"
            f" ({' x '.join(str(len(s)) for s in cycle.strips)}; exact counts). Every line has the same counts (its"
            f" cells are on different reels); the last column is the expected number of such line wins a spin"
            f" ({cycle.lines} lines).")
    sheet.t(["pay", "x total bet", "combinations", "probability (one line)", "one in", "per spin"], rows)


@dataclass(frozen=True)
class ScatterCycle:
    """The law of the number of scatters on a spin's window, and what each number pays (x total bet)."""

    title: str
    strips: Sequence[Sequence[str]]
    law: dict[int, Fraction]
    pays: dict[int, Fraction]
    trigger: int | None = None  # from this many on the free games start


def scatter_counts_table(sheet: Sheet, scatters: ScatterCycle) -> None:
    """Per number of scatters: its stop combinations over the full cycle, its pay and its probability."""
    total = cycle_of(scatters.strips)
    rows = []
    for n in sorted(scatters.law):
        p = scatters.law[n]
        if not p:
            continue
        ways = p * total
        if ways.denominator != 1:
            raise ValueError(f"{scatters.title}: {n} scatters' law is not a count of the cycle's combinations")
        pay = scatters.pays.get(n)
        feature = scatters.trigger is not None and n >= scatters.trigger
        what = " + ".join(part for part in (frac(pay) if pay else "", "free games" if feature else "") if part)
        rows.append([n, what, f"{ways.numerator:,}", pct(p, 6), one_in(p)])
    sheet.p(f"{scatters.title}: scatters anywhere on the window over the full cycle of {total:,} stop combinations"
            " (exact counts):")
    sheet.t(["scatters", "pays (x total bet)", "combinations", "probability", "one in"], rows)


@dataclass(frozen=True)
class LabFigures:
    """What a test lab's sheet adds, per game and mode; a game's ``par.py`` fills it from its own math."""

    strips: Sequence[tuple[str, Sequence[Sequence[str]]]] = ()
    cycles: Sequence[LineCycle] = ()
    scatters: Sequence[ScatterCycle] = ()
    hit_rates: Sequence[tuple[str, Fraction]] = ()  # exact
    largest: Sequence[tuple[str, str, str]] = ()  # (what, win, how it was found)
    rtps: Sequence[tuple[str, str, str]] = ()  # (figure, value, how)
    notes: Sequence[str] = field(default_factory=tuple)


def lab_section(sheet: Sheet, number: int, lab: LabFigures) -> None:
    """The test lab's section: strips stop by stop, hit counts over the cycle, each prize's probability,
    the exact hit rate, the largest win before the cap and the RTPs a lab asks for."""
    sheet.h(f"{number}. For the test lab")
    for title, strips in lab.strips:
        stops_table(sheet, title, strips)
    for cycle in lab.cycles:
        hit_counts_table(sheet, cycle)
    for scatters in lab.scatters:
        scatter_counts_table(sheet, scatters)
    if lab.hit_rates:
        total = cycle_of(lab.cycles[0].strips) if lab.cycles else None
        headers = ["event", "probability", "fraction", "one in"]
        rows = [[what, pct(p, 6), frac(p), one_in(p)] for what, p in lab.hit_rates]
        if total is not None:
            sheet.p(f"Hit rates (exact; combinations out of the base game's cycle of {total:,}, where the event is"
                    " decided by the reel stops alone):")
            headers.append("combinations")
            for row, (_, p) in zip(rows, lab.hit_rates):
                ways = p * total
                row.append(f"{ways.numerator:,}" if ways.denominator == 1 else "(with other draws)")
        else:
            sheet.p("Hit rates (exact):")
        sheet.t(headers, rows)
    if lab.largest:
        sheet.p("The largest win before the cap:")
        sheet.t(["what", "win (x total bet)", "how it was found"], lab.largest)
    if lab.rtps:
        sheet.p("RTPs a lab asks for beside the published one:")
        sheet.t(["figure", "value", "how"], lab.rtps)
    if lab.notes:
        sheet.lines += [*lab.notes, ""]


def line_largest(cycle: LineCycle) -> tuple[str, str, str]:
    """The row of one line's largest pay (exact, from the cycle's counts)."""
    law = cycle.law
    pays = {key: law.amounts[key] / law.ways[key] for key in law.ways if law.ways[key]}
    top = max(pays, key=lambda key: pays[key])
    return (f"{cycle.title}: one line, largest pay", f"{float(pays[top]):,.2f} ({cycle.name(top)})",
            f"exact: the largest pay of any of the {law.total:,} stop combinations")


def window_largest(title: str, value: Fraction, window: Sequence[Sequence[str]],
                   note: str = "") -> tuple[str, str, str]:
    """The row of a spin's exact largest win (``game.engine.exact.largest_window_win``) and a window paying it."""
    shown = "; ".join(f"reel {i + 1}: {' '.join(column)}" for i, column in enumerate(window))
    return (f"{title}: a spin, largest", f"**{float(value):,.2f}**",
            f"exact: branch and bound over every window of the strips{note}; one paying it, top row first: {shown}")


def largest_seen(report: Measured, cap: Fraction | None) -> list[tuple[str, str, str]]:
    """The largest wins a measured report saw (base spin and whole round), below or at the cap."""
    rows = []
    if report.get("base_max_x") is not None:
        rows.append(("base spin, largest seen", f"{report['base_max_x']:,.2f}",
                     f"{report.cite()}, seed {report['base_max_seed']}"))
    seen = report.get("max_win_x")
    if seen is not None:
        at_cap = cap is not None and Fraction(str(seen)) >= cap
        rows.append(("a round, largest seen" + (" (the cap)" if at_cap else ""), f"{seen:,.2f}", report.cite()))
    return rows


def raw_data(game: Game) -> dict[str, Any]:
    """The data file as written: the paytable's printed figures."""
    assert game.data_file is not None
    return json.loads(game.data_file.read_text(encoding="utf-8"))


def stated_text(game: Game, buy: bool) -> str:
    """The game's stated RTP for the mode ("94.20%"), printed or its design target."""
    stated = game.description.rtp.of(buy)
    assert stated is not None, f"{game.id}: no stated RTP for {'the buy' if buy else 'the base game'}"
    return stated


def stated_rtp(game: Game, buy: bool) -> str:
    """The mode's stated RTP and its kind, as a sheet says it: "94.15%, printed by the rule text"."""
    return f"{stated_text(game, buy)}, {game.description.rtp.source.phrase}"


def stated_figure(text: str) -> float:
    return float(text.rstrip("%")) / 100


def agrees(stated: str, exact: Fraction) -> bool:
    """An exact figure agrees with a stated one when it rounds to it at the stated precision."""
    digits = len(stated.rstrip("%").partition(".")[2])
    return f"{float(exact) * 100:.{digits}f}" == stated.rstrip("%")


def modes(game_id: str) -> tuple[bool, ...]:
    return (False, True) if get_game(game_id).buy_price_x is not None else (False,)


def build_sheet(game_id: str, buy: bool = False) -> Sheet:
    """The sheet of a game and mode: the game's own ``par.py`` builds it, else :func:`plain_sheet`."""
    game = get_game(game_id)
    if buy and game.buy_price_x is None:
        raise SheetError(f"{game_id} has no buy feature")
    own = game_module(game, "par")
    builder: Callable[[Game, bool], Sheet] = own.build if own is not None else plain_sheet
    return builder(game, buy)


def build(game_id: str, buy: bool = False) -> str:
    """The sheet's Markdown text."""
    return build_sheet(game_id, buy).text()


class SheetError(Exception):
    """A sheet that cannot be made (a mode the game does not have)."""


def plain_sheet(game: Game, buy: bool) -> Sheet:
    """The sheet of a game without a ``par.py`` of its own: bets and rounding, its pay figures and its
    measured RTP (``rtp.json``, or a note that it is not measured yet)."""
    mode = "buy" if buy else "base"
    measured = Measured(game, mode) if Measured.exists(game, mode) else None
    sheet = Sheet()
    header(sheet, game, buy, "The measured RTP and every pay figure; the game computes no part of its math exactly"
           " (its folder has no `par.py` of its own).")
    if measured is not None:
        sources(sheet, [measured])
    rng_section(sheet, ["the game's own draws, in the order its `round_steps` makes them (its `game.py`)."])
    rtp = measured.interval() if measured is not None else "not measured yet"
    bets_section(sheet, game, buy, rtp, lambda bet: [], [])
    figures = game.pay_figures()
    sheet.h("3. Pay figures (x total bet)")
    sheet.p(f"A round's win is {figures.made_of}.")
    sheet.t(["pay", "x total bet"], [[name, frac(figure)] for name, figure in figures.pays])
    sheet.h("4. RTP")
    if measured is None:
        report_file = game.data_file.with_name("rtp_buy.json" if buy else "rtp.json") if game.data_file else None
        where = report_file.relative_to(ROOT).as_posix() if report_file else "rtp.json"
        sheet.p(f"Not measured yet: `python -m game.engine.simulate {game.id}{' --buy' if buy else ''} --rounds N"
                f" --seed S --json {where}` writes the report beside the data.")
        acceptance_section(sheet, game, [["RTP", "not measured yet", "no: not measured", "not measured"]])
        plain_lab_section(sheet, 13, game, measured)
        return sheet
    sheet.lines += [f"- RTP: **{measured.interval()}** ({measured.cite()}).",
                    f"- Hit rate: {pct(measured['hit_rate'], 2)}.", ""]
    stated = stated_text(game, buy)
    inside = measured["ci_low"] <= stated_figure(stated) <= measured["ci_high"]
    proven = "yes" if measured["half_width"] <= ACCEPT_HALF_WIDTH else "no: half-width above 0.1 point"
    acceptance_section(sheet, game, [["RTP", measured.interval(), proven, "inside" if inside else "outside"]])
    plain_lab_section(sheet, 13, game, measured)
    return sheet


def plain_lab_section(sheet: Sheet, number: int, game: Game, measured: Measured | None) -> None:
    """Section 13, the test lab's, of a game without exact math: its strips stop by stop (every ``ReelSet`` it
    holds), the largest wins and the RTP its measurement saw, and how to measure it."""
    strips = [(f"Strips{'' if i == 0 else f' {i + 1}'}", reels.strips)
              for i, reels in enumerate(value for value in vars(game).values() if isinstance(value, ReelSet))]
    rtps = [("RTP, measured", measured.interval(), measured.cite())] if measured is not None else []
    note = ("The game computes no figure exactly: a lab measures it by simulation, seeded and repeatable"
            f" (`python -m game.engine.simulate {game.id} --rounds N --seed S`).")
    largest = largest_seen(measured, getattr(game, "cap", None)) if measured is not None else []
    lab_section(sheet, number, LabFigures(strips=strips, largest=largest, rtps=rtps, notes=(note,)))


def in_checkout() -> bool:
    """Whether this package runs from a source tree (its sheets are ``docs/par/``), not an installed copy."""
    return (ROOT / "pyproject.toml").is_file() and PAR_DIR.is_dir()


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
    parser.add_argument("--write", action="store_true", help="write the sheet into --out (default: print it)")
    parser.add_argument("--out", type=Path, default=None, metavar="DIR",
                        help="the folder --write and --check use (default: docs/par/ in a checkout, else the"
                             " current folder; never an installed package's)")
    parser.add_argument("--check", action="store_true", help="compare with the sheet in --out instead (exit 1 if not)")
    parser.add_argument("--stdout", action="store_true", help="print the sheet (the default)")
    parser.add_argument("--csv", type=Path, default=None, metavar="DIR",
                        help="also write every table of the sheet as a CSV file into DIR")
    args = parser.parse_args(argv)
    if args.all == (args.game is not None):
        parser.error("name a game, or --all")
    if args.write + args.check + args.stdout > 1:
        parser.error("--write, --check or --stdout, one of them")
    folder = args.out if args.out is not None else PAR_DIR if in_checkout() else Path.cwd()
    jobs = [(g, b) for g in GAME_IDS for b in modes(g)] if args.all else [(args.game, args.buy)]
    stale = 0
    for game_id, buy in jobs:
        try:
            sheet = build_sheet(game_id, buy)
        except SheetError as exc:
            parser.error(str(exc))
        text = sheet.text()
        path = folder / sheet_path(game_id, buy).name
        if args.csv is not None:
            written = write_csv(args.csv, path.stem, sheet)
            print(f"wrote {len(written)} tables as CSV into {_shown(args.csv)}", file=sys.stderr)
        if args.check:
            if not path.exists() or path.read_text(encoding="utf-8") != text:
                print(f"{_shown(path)}: out of date (python -m game.engine.par {game_id}"
                      f"{' --buy' if buy else ''} --write)")
                stale += 1
        elif args.write:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            print(f"wrote {_shown(path)}")
        else:
            sys.stdout.write(text)
    return 1 if stale else 0


if __name__ == "__main__":
    run_command(main)
