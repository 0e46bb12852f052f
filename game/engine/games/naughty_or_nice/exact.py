"""Naughty or Nice?'s base game, exactly: line pays by linearity, the scatter's law, the jackpot's rate.

Each cell of a line is on its own reel and every row of a reel shows the strip's symbols in their
proportions, so the expected pay of one line is a sum over the 5-tuples of symbol classes (each
girl a substitute) of the product of the reels' probabilities; every line has the same law, and
50 lines at 1/50 of the bet each make the line RTP the expected pay of one line in line bets. A
line of five Nice Girls wins the jackpot instead of five Santas: it is taken out of the line RTP
and counted as the jackpot's rate. The scatter's count is the convolution of each reel's law of
scatters in its window. Everything is a Fraction; ``python -m game.engine.analysis.exact naughty_or_nice``
prints it. The free games are simulated (``python -m game.engine.simulate naughty_or_nice
--exact-parts``): this gives the proof its exact base part and trigger rate.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ... import get_game
from ...commands import run_command
from ...exact import LinePays, PayKey, line_pays, weighted, window_hit_rate
from ...reels import ReelSet

if TYPE_CHECKING:
    from .game import NaughtyOrNice

WILD = "*"  # either girl, on a line
OTHER = "-"  # a symbol that never pays on a line (the scatter)


@dataclass(frozen=True)
class BaseExact:
    """The base game's exact figures (x total bet; probabilities per base spin)."""

    line_rtp: Fraction  # line pays, jackpot lines excluded
    contributions: dict[tuple[str, int], Fraction]  # (symbol, count) -> its share of line_rtp
    scatter_law: tuple[Fraction, ...]  # P(k scatters on the window), k = 0..15
    scatter_rtp: Fraction
    trigger: Fraction  # P(the free games start)
    jackpot_lines: Fraction  # E[jackpot lines a spin]
    jackpot_any: Fraction  # P(a spin wins the jackpot)

    @property
    def base_x(self) -> Fraction:
        """E[a round's win before its free games, jackpot aside], x total bet."""
        return self.line_rtp + self.scatter_rtp


def reel_laws(reels: ReelSet, classes: dict[str, str]) -> list[dict[str, Fraction]]:
    """Each reel's law of one cell's symbol class."""
    laws = []
    for strip in reels.strips:
        counts = Counter(classes[name] for name in strip)
        laws.append({name: Fraction(n, len(strip)) for name, n in counts.items()})
    return laws


def line_pay(seq: Sequence[str], pays: dict[str, dict[int, int]], pays_as: str) -> tuple[str, int, int] | None:
    """The pay (line bets) of one line of symbol classes: (symbol, count, pay), or None.

    Written from the rules, apart from the engine's evaluator, so that each checks the other: a
    run of substitutes from reel 1 pays as ``pays_as``; a run of a symbol (substitutes standing in)
    pays its own; the higher pays (the substitutes' run on a tie).
    """
    reels = len(seq)
    k = 0
    while k < reels and seq[k] == WILD:
        k += 1
    best: tuple[str, int, int] | None = None
    wild_pay = pays[pays_as].get(k, 0) if k else 0
    if wild_pay:
        best = (pays_as, k, wild_pay)
    if k < reels and seq[k] in pays:
        symbol = seq[k]
        n = k + 1
        while n < reels and seq[n] in (symbol, WILD):
            n += 1
        pay = pays[symbol].get(n, 0)
        if pay and (best is None or pay > best[2]):
            best = (symbol, n, pay)
    return best


def base_exact(game: NaughtyOrNice) -> BaseExact:
    classes = {name: (WILD if name in game.substitutes else name if name in game.line_pays else OTHER)
               for name in game.symbols}
    laws = reel_laws(game.base_reels, classes)
    contributions: dict[tuple[str, int], Fraction] = {}
    for seq in itertools.product(*[sorted(law) for law in laws]):
        hit = line_pay(seq, game.line_pays, game.pays_as)
        if hit is None:
            continue
        p = math.prod((law[name] for law, name in zip(laws, seq)), start=Fraction(1))
        key = hit[:2]
        contributions[key] = contributions.get(key, Fraction(0)) + p * hit[2]
    # five Nice Girls on a line: the jackpot, not five Santas
    nice = [Fraction(strip.count(game.jackpot_symbol), len(strip)) for strip in game.base_reels.strips]
    jackpot_line = math.prod(nice, start=Fraction(1))
    top = (game.pays_as, game.reel_count)
    replaced = jackpot_line * game.line_pays[game.pays_as][game.reel_count]
    contributions[top] = contributions.get(top, Fraction(0)) - replaced
    contributions = {key: value for key, value in contributions.items() if value}
    scatter_law = scatter_count_law(game.base_reels, game.scatter)
    scatter_rtp = sum((scatter_law[k] * pay for k, pay in game.scatter_pays.items() if k < len(scatter_law)),
                      Fraction(0))
    trigger = sum(scatter_law[game.scatter_trigger:], Fraction(0))
    return BaseExact(
        line_rtp=sum(contributions.values(), Fraction(0)), contributions=contributions,
        scatter_law=tuple(scatter_law), scatter_rtp=scatter_rtp, trigger=trigger,
        jackpot_lines=jackpot_line * len(game.lines), jackpot_any=jackpot_any(game),
    )


def symbol_line_pay(game: NaughtyOrNice) -> Callable[[tuple[str, ...]], tuple[PayKey, Fraction] | None]:
    """:func:`line_pay` on a line of symbols: ((symbol, count), pay x total bet), or None (jackpot aside)."""
    classes = {name: (WILD if name in game.substitutes else name if name in game.line_pays else OTHER)
               for name in game.symbols}
    lines = len(game.lines)

    def pay(cells: tuple[str, ...]) -> tuple[PayKey, Fraction] | None:
        hit = line_pay([classes.get(cell, OTHER) for cell in cells], game.line_pays, game.pays_as)
        return None if hit is None else ((hit[0], hit[1]), Fraction(hit[2], lines))

    return pay


def base_line_cycle(game: NaughtyOrNice) -> LinePays:
    """One base line's pays over the full cycle of stops (integer counts; five Nice Girls counted as five Santas)."""
    return line_pays([weighted(strip) for strip in game.base_reels.strips], symbol_line_pay(game))


def jackpot_line_ways(game: NaughtyOrNice) -> int:
    """How many stop combinations put five Nice Girls on a given line."""
    return math.prod(strip.count(game.jackpot_symbol) for strip in game.base_reels.strips)


def base_hit_rate(game: NaughtyOrNice, with_trigger: bool = False) -> Fraction:
    """P(a base spin pays: a line, the jackpot or the scatters), or with ``with_trigger`` pays or starts the
    free games; exact, window by window."""
    hits = set(game.scatter_pays)
    if with_trigger:
        hits |= set(range(game.scatter_trigger, game.reel_count * game.rows + 1))
    return window_hit_rate(game.lines, game.base_reels, symbol_line_pay(game), game.scatter, hits)


def scatter_count_law(reels: ReelSet, scatter: str) -> list[Fraction]:
    """P(k scatters on the window) for k = 0 .. reels x rows."""
    law = [Fraction(1)]
    for strip in reels.strips:
        rows = reels.rows
        wrapped = list(strip) + list(strip[: rows - 1])
        counts = Counter(wrapped[stop:stop + rows].count(scatter) for stop in range(len(strip)))
        reel = [Fraction(counts.get(k, 0), len(strip)) for k in range(rows + 1)]
        nxt = [Fraction(0)] * (len(law) + rows)
        for i, p in enumerate(law):
            for j, q in enumerate(reel):
                nxt[i + j] += p * q
        law = nxt
    return law


def jackpot_any(game: NaughtyOrNice) -> Fraction:
    """P(some line shows five Nice Girls), over each reel's law of the rows she fills."""
    rows = game.rows
    pattern_laws = []
    for strip in game.base_reels.strips:
        wrapped = list(strip) + list(strip[: rows - 1])
        counts = Counter(
            frozenset(r for r in range(rows) if wrapped[stop + r] == game.jackpot_symbol) for stop in range(len(strip))
        )
        pattern_laws.append({pattern: Fraction(n, len(strip)) for pattern, n in counts.items()})
    total = Fraction(0)
    for patterns in itertools.product(*[list(law) for law in pattern_laws]):
        if any(all(line[c] in patterns[c] for c in range(len(line))) for line in game.lines):
            total += math.prod((law[p] for law, p in zip(pattern_laws, patterns)), start=Fraction(1))
    return total


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.analysis.exact naughty_or_nice", description=__doc__)
    parser.parse_args(argv)
    game = get_game("naughty_or_nice")
    exact = base_exact(game)  # type: ignore[arg-type]
    out = sys.stdout
    out.write(f"line RTP      {float(exact.line_rtp):.6%}  ({exact.line_rtp})\n")
    out.write(f"scatter RTP   {float(exact.scatter_rtp):.6%}\n")
    out.write(f"base part     {float(exact.base_x):.6%}\n")
    out.write(f"trigger       1 in {float(1 / exact.trigger):,.2f}\n")
    out.write(f"jackpot       {float(exact.jackpot_any):.3e} a spin (1 in {float(1 / exact.jackpot_any):,.0f})\n")
    for (symbol, count), value in sorted(exact.contributions.items(), key=lambda item: -item[1]):
        out.write(f"  {symbol:12} x{count}  {float(value):.6%}\n")
    return 0


if __name__ == "__main__":
    run_command(main)
