"""Fat Santa's base game, exactly: lines by linearity, Santa's Sleigh by its pies' law, the trigger.

**Lines.** Every line takes one cell of each independent reel, so each line's pay has the law of
:func:`~game.engine.exact.line_pays` over the base strips' frequencies, paid by the game's own
``FatLines`` on a one-line window. When the sleigh flies (chance ``flies / of``) it leaves ``k``
pies (by weight) on distinct cells drawn uniformly from its reels' cells; a line has one cell on
each of those reels, so the chance that exactly the set ``U`` of them is covered is
``C(cells - m, k - |U|) / C(cells, k)`` (``m`` reels, ``cells`` cells), and the line's law is the
mixture over ``U`` of the strips' law with those cells forced to a pie.

**Hit rate.** Whether the spin pays needs whole windows: a line pays exactly when its first three
cells do (proven for the data by :func:`~game.engine.exact.prefix_decides`), so reels 1-3 are
enumerated window by window, each reel-2 and reel-3 window with every set of rows a sleigh can
cover (pies on reels 4-5 cannot change whether a line pays).

**Trigger.** Santa shows (he lands on reel 1 only, on one row per stop that shows him) and a pie
shows on reels 2-5, landed or from the sleigh (which always leaves at least one).

**The free games' meter** (:func:`free_game_growth`). Every pie the free reels land is collected,
beneath Santa too, so the meter, Santa's size and the number of spins depend only on how many pies
land on each spin, not on where: a Markov chain over (spins played, spins awarded, the meter) with
the exact law of one spin's pies (the free strips' windows, reels independent), moved by the game's
own ``Meter``. It gives, exactly, how many spins a free game plays at each Santa size and the law of
his final size. The free games' pays (Santa walking to the pies, the lines) are simulated; the
spins at each size are the control variate of that simulation (``docs/MATH.md``,
``game.engine.analysis.proof``): they carry most of its variance (a spin at 5x5 pays 1,000x).

    python -m game.engine.analysis.exact fat_santa      # prints every figure (about 10 s)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from ... import get_game
from ...commands import run_command
from ...exact import BLANK, LinePays, PayKey, PrefixHits, line_pays, prefix_decides, weighted, windows
from ...parts import ExactParts
from .santa import Meter

if TYPE_CHECKING:
    from .game import FatSanta

ID = "fat_santa"


@dataclass(frozen=True)
class FatSantaExact:
    """Fat Santa's exact base-game figures (x total bet; probabilities per base spin)."""

    lines: int
    sleigh_chance: Fraction  # P(the sleigh flies on a spin)
    plain_law: LinePays  # one line's pay without the sleigh
    sleigh_table: dict[PayKey, tuple[Fraction, Fraction]]  # per key (P, E[pay]) of one line, sleigh flying
    plain_hit_rate: Fraction  # P(some line pays | no sleigh)
    sleigh_hit_rate: Fraction  # P(some line pays | the sleigh flies)
    trigger: Fraction  # P(the free games start)
    santa_shows: Fraction  # P(Santa shows on reel 1)

    @property
    def plain_rtp(self) -> Fraction:
        return self.lines * self.plain_law.expectation()

    @property
    def sleigh_rtp(self) -> Fraction:
        return self.lines * sum((e for _, e in self.sleigh_table.values()), Fraction(0))

    @property
    def base_rtp(self) -> Fraction:
        """The base game's line return, sleigh blended in (everything but the free games)."""
        return (1 - self.sleigh_chance) * self.plain_rtp + self.sleigh_chance * self.sleigh_rtp

    @property
    def base_hit_rate(self) -> Fraction:
        """P(the base spin pays)."""
        return (1 - self.sleigh_chance) * self.plain_hit_rate + self.sleigh_chance * self.sleigh_hit_rate

    def contributions(self) -> dict[PayKey, tuple[Fraction, Fraction]]:
        """Per (symbol, count): P(a given line pays it) and its return over all lines, sleigh blended in."""
        q = self.sleigh_chance
        plain = self.plain_law.table()
        keys = sorted(set(plain) | set(self.sleigh_table))
        zero = (Fraction(0), Fraction(0))
        return {key: ((1 - q) * plain.get(key, zero)[0] + q * self.sleigh_table.get(key, zero)[0],
                      self.lines * ((1 - q) * plain.get(key, zero)[1] + q * self.sleigh_table.get(key, zero)[1]))
                for key in keys}


class _Lines:
    """The game's ``FatLines`` on one line: the pay of five cells, keyed by (symbol, count)."""

    def __init__(self, game: FatSanta) -> None:
        lines = game.paylines
        self.one = type(lines)([(0,) * game.reel_count], lines.units, lines.unit_den, lines.santa, lines.pie)
        self.den = lines.unit_den

    def __call__(self, cells: tuple[str, ...]) -> tuple[PayKey, Fraction] | None:
        hits = self.one.hits([[symbol] for symbol in cells])
        return ((hits[0][1], hits[0][2]), Fraction(hits[0][3], self.den)) if hits else None


def line_pay_of(game: FatSanta) -> _Lines:
    """The game's own line pay on one line of five cells: ((symbol, count), pay x total bet), or None."""
    return _Lines(game)


def compute(game: FatSanta | None = None) -> FatSantaExact:
    game = own_game() if game is None else game
    data = game.data
    pay = _Lines(game)
    strips = data.base_reels.strips
    alphabets = [set(strip) | ({game.pie} if any(c == i for c, _ in data.sleigh_cells) else set())
                 for i, strip in enumerate(strips)]
    if not prefix_decides(pay, alphabets):
        raise ValueError("a line's paying is not decided by its first three cells: enumerate every window")
    laws = [weighted(strip) for strip in strips]
    plain = line_pays(laws, pay, blank=BLANK)
    sleigh_reels = sorted({col for col, _ in data.sleigh_cells})
    cells, m = len(data.sleigh_cells), len(sleigh_reels)
    weight_total = sum(w for _, w in data.sleigh_weights)
    forced: dict[frozenset[int], LinePays] = {}
    parts: dict[frozenset[int], Fraction] = {}
    for k, weight in data.sleigh_weights:
        for size in range(min(m, k) + 1):
            for subset in map(frozenset, combinations(sleigh_reels, size)):
                p = Fraction(weight, weight_total) * Fraction(comb(cells - m, k - size), comb(cells, k))
                if p:
                    parts[subset] = parts.get(subset, Fraction(0)) + p
    for subset in parts:
        forced[subset] = line_pays([[(game.pie, 1)] if reel in subset else law for reel, law in enumerate(laws)],
                                   pay, blank=BLANK)
    sleigh_table = LinePays.mix([(p, forced[subset]) for subset, p in sorted(parts.items(), key=_subset_order)])
    plain_hit, sleigh_hit = hit_rates(game, pay)
    santa, trigger = trigger_probability(game)
    return FatSantaExact(
        lines=len(game.lines), sleigh_chance=Fraction(data.sleigh_flies, data.sleigh_of), plain_law=plain,
        sleigh_table=sleigh_table, plain_hit_rate=plain_hit, sleigh_hit_rate=sleigh_hit, trigger=trigger,
        santa_shows=santa,
    )


def _subset_order(item: tuple[frozenset[int], Fraction]) -> tuple[int, list[int]]:
    return len(item[0]), sorted(item[0])


def trigger_probability(game: FatSanta) -> tuple[Fraction, Fraction]:
    """(P(Santa shows), P(the free games start)) on a base spin."""
    data = game.data
    strips = data.base_reels.strips
    rows = game.rows
    santa_windows = sum(n for window, n in windows(strips[0], rows) if game.santa in window)
    p_santa = Fraction(santa_windows, len(strips[0]))
    if any(game.pie in strip for strip in strips[:1]) or any(game.santa in strip for strip in strips[1:]):
        raise ValueError("the trigger formula takes Santa on reel 1 only and pies on reels 2-5 only")
    if {col for col, _ in data.sleigh_cells} - set(range(1, len(strips))) or not all(
            k >= 1 for k, w in data.sleigh_weights if w):
        raise ValueError("the trigger formula takes a sleigh that always leaves a pie on reels 2-5")
    no_pie = Fraction(1)
    for strip in strips[1:]:
        no_pie *= Fraction(sum(n for window, n in windows(strip, rows) if game.pie not in window), len(strip))
    sleigh = Fraction(data.sleigh_flies, data.sleigh_of)
    return p_santa, p_santa * (sleigh + (1 - sleigh) * (1 - no_pie))


def hit_rates(game: FatSanta, pay: _Lines) -> tuple[Fraction, Fraction]:
    """(P(some line pays | no sleigh), P(some line pays | the sleigh flies))."""
    data = game.data
    rows = game.rows
    strips = data.base_reels.strips
    pie = game.pie
    symbols = set().union(*(set(strip) for strip in strips[:3])) | {pie}
    hits = PrefixHits(game.lines, sorted(symbols), rows, lambda a, b, c: pay((a, b, c, BLANK, BLANK)) is not None)
    sleigh_rows = {col: sorted(r for c, r in data.sleigh_cells if c == col) for col in (1, 2)}
    covers = {col: [frozenset(s) for n in range(len(rs) + 1) for s in combinations(rs, n)]
              for col, rs in sleigh_rows.items()}
    # reel 2: every window under every set of rows the sleigh can cover, by the set's size
    second: Counter[tuple[tuple[str, ...], int]] = Counter()
    for window, n in windows(strips[1], rows):
        for cover in covers[1]:
            second[(_covered(window, cover, pie), len(cover))] += n
    needs: dict[int, Counter[int]] = {}  # need -> rows covered on reel 2 -> weight
    for window1, n1 in windows(strips[0], rows):
        first = hits.first_two(window1)
        for (window2, size2), n2 in second.items():
            need = hits.need(first, window2)
            sizes = needs.get(need)
            if sizes is None:
                sizes = needs[need] = Counter()
            sizes[size2] += n1 * n2
    sets = hits.stop_sets(strips[2])
    stops3 = len(strips[2])
    pie_bit = 1 << hits.index[pie]
    covers3 = [sum(1 << r for r in cover) for cover in covers[2]]
    # misses[size2][size3]: weight of (reel-1, reel-2, reel-3) windows and cover sets where no line pays
    most = len(sleigh_rows[1]) + len(sleigh_rows[2])
    misses = [[0] * (most + 1) for _ in range(most + 1)]
    for need, sizes in needs.items():
        paying = hits.hit_stops(need, sets)  # per reel-3 row, the stops whose symbol there completes a line
        pie_rows = sum(1 << r for r in range(rows) if need >> (hits.SLOT * r) & pie_bit)
        for covered in covers3:
            if covered & pie_rows:
                continue  # a pie on a row that completes a line pays
            # no line pays when every row whose landed symbol would complete one is under a pie
            live = 0
            for r in range(rows):
                if not covered >> r & 1:
                    live |= paying[r]
            missed = stops3 - live.bit_count()
            if missed:
                size3 = covered.bit_count()
                for size2, n12 in sizes.items():
                    misses[size2][size3] += n12 * missed
    weight = len(strips[0]) * len(strips[1]) * len(strips[2])
    plain_miss = Fraction(misses[0][0], weight)
    cells = len(data.sleigh_cells)
    outside = cells - len(sleigh_rows[1]) - len(sleigh_rows[2])  # sleigh cells on reels 4-5
    weight_total = sum(w for _, w in data.sleigh_weights)
    sleigh_miss = Fraction(0)
    for k, w in data.sleigh_weights:
        for size2, row in enumerate(misses):
            for size3, count in enumerate(row):
                rest = k - size2 - size3  # pies left for the sleigh's cells on the other reels
                if count and 0 <= rest <= outside:
                    chance = Fraction(w, weight_total) * Fraction(comb(outside, rest), comb(cells, k))
                    sleigh_miss += chance * Fraction(count, weight)
    return 1 - plain_miss, 1 - sleigh_miss


@dataclass(frozen=True)
class FreeGameGrowth:
    """The free games' meter, exactly: spins played at each Santa size, and his final size's law."""

    pies_law: tuple[tuple[int, Fraction], ...]  # pies landing on one free spin: (count, probability)
    spins_at_size: tuple[Fraction, ...]  # E[spins evaluated with Santa at size 1, 2, ...] (after that spin's growth)
    final_size: tuple[Fraction, ...]  # P(Santa ends the free games at size 1, 2, ...)

    @property
    def spins(self) -> Fraction:
        """E[spins a free game plays]."""
        return sum(self.spins_at_size, Fraction(0))


def free_game_pies(game: FatSanta) -> tuple[tuple[int, Fraction], ...]:
    """The law of the number of pies the free reels land on one spin (every one of them is collected)."""
    law: dict[int, Fraction] = {0: Fraction(1)}
    for strip in game.data.free_reels.strips:
        reel: Counter[int] = Counter()
        for window, n in windows(strip, game.rows):
            reel[window.count(game.pie)] += n
        step: dict[int, Fraction] = {}
        for a, pa in law.items():
            for b, n in reel.items():
                step[a + b] = step.get(a + b, Fraction(0)) + pa * Fraction(n, len(strip))
        law = step
    return tuple(sorted(law.items()))


def free_game_growth(game: FatSanta | None = None) -> FreeGameGrowth:
    """Spins at each Santa size and his final size, exactly, by the meter's Markov chain.

    The state before a spin is (spins awarded so far, meter fills, pies in the meter); a spin lands
    ``k`` pies with the law of :func:`free_game_pies`, the game's own ``Meter`` takes them one by one,
    each fill grows Santa by one size and awards its extra spins. Santa's size after a spin is
    1 + fills (he starts 1x1), and that spin is evaluated at it.
    """
    game = own_game() if game is None else game
    data = game.data
    pies = free_game_pies(game)
    sizes = len(data.meter) + 1
    spins_at = [Fraction(0)] * sizes
    final = [Fraction(0)] * sizes
    # state (spins awarded, fills, pies) -> probability, before spin number `played + 1`
    states: dict[tuple[int, int, int], Fraction] = {(data.free_spins, 0, 0): Fraction(1)}
    played = 0
    while states:
        after: dict[tuple[int, int, int], Fraction] = {}
        for (spins, fills, held), p in states.items():
            if played >= spins:  # the free games are over
                final[fills] += p
                continue
            for k, pk in pies:
                meter = Meter(data.meter, data.extra_spins)
                meter.fills, meter.pies = fills, held
                awarded = spins
                for _ in range(k):
                    extra = meter.add()
                    if extra is not None:
                        awarded += extra
                q = p * pk
                spins_at[meter.fills] += q
                key = (awarded, meter.fills, meter.pies)
                after[key] = after.get(key, Fraction(0)) + q
        states = after
        played += 1
    return FreeGameGrowth(pies_law=pies, spins_at_size=tuple(spins_at), final_size=tuple(final))


def santa_row_law(game: FatSanta) -> tuple[Fraction, ...]:
    """P(Santa stands on row r | the free games trigger), r = 0 .. rows - 1.

    Whether the free games trigger given that Santa shows depends only on reels 2-5 and the sleigh
    (which never covers reel 1), so his row given the trigger is his row given that he shows: the
    row he stands on in each reel-1 window that shows him, by the stops that show it.
    """
    rows = [0] * game.rows
    for window, n in windows(game.data.base_reels.strips[0], game.rows):
        if game.santa in window:
            rows[window.index(game.santa)] += n
    total = sum(rows)
    return tuple(Fraction(n, total) for n in rows)


def exact_parts(game: FatSanta, buy: bool = False) -> ExactParts:
    """Fat Santa's exact parts for a proof (``game.engine.analysis.proof``).

    Base game: the lines (sleigh blended in) and the trigger exact, Santa's row by
    :func:`santa_row_law`. Bought: no base spin, the free games once, Santa's row by the buy's row
    weights. Either way the controls are the spins played at each Santa size, with the exact means
    of :func:`free_game_growth` (the same from every row: the meter does not see where Santa is).
    """
    growth = free_game_growth(game)
    means = growth.spins_at_size
    source = "game/engine/games/fat_santa/exact.py"
    if buy:
        weights = game.data.buy_row_weights
        law = tuple(Fraction(w, sum(weights)) for w in weights)
        starts = tuple(({"trigger": "buy", "santa_row": r}, p) for r, p in enumerate(law) if p)
        base_x, rate = Fraction(0), Fraction(1)
        extra: tuple[tuple[str, Fraction, str], ...] = ()
    else:
        figures = _figures(game)
        starts = tuple(({"trigger": "spin", "santa_row": r}, p) for r, p in enumerate(santa_row_law(game)) if p)
        base_x, rate = figures.base_rtp, figures.trigger
        extra = (("base spin pays (hit rate of the lines)", figures.base_hit_rate, source),)
    extra += tuple((f"free games end with Santa {size}x{size}", p, source + " free_game_growth")
                   for size, p in enumerate(growth.final_size, start=1))
    return ExactParts(
        base_x=base_x, rate=rate, starts=starts,
        control_names=tuple(f"spins at {size}x{size}" for size in range(1, len(means) + 1)),
        control_means=tuple(means for _ in starts), source=source, exact=extra + (
            ("free games: spins played", growth.spins, source + " free_game_growth"),),
    )


_FIGURES: dict[int, FatSantaExact] = {}


def _figures(game: FatSanta) -> FatSantaExact:
    """``compute(game)``, once per game object (its data does not change)."""
    key = id(game)
    if key not in _FIGURES:
        _FIGURES[key] = compute(game)
    return _FIGURES[key]


def _covered(window: Sequence[str], cover: frozenset[int], pie: str) -> tuple[str, ...]:
    return tuple(pie if r in cover else symbol for r, symbol in enumerate(window))


def own_game() -> FatSanta:
    """The catalogue's Fat Santa (its data loaded once)."""
    game: FatSanta = get_game(ID)  # type: ignore[assignment]  # the catalogue's entry is this game
    return game


def main(argv: list[str] | None = None) -> int:
    import argparse
    import time

    parser = argparse.ArgumentParser(prog="python -m game.engine.analysis.exact fat_santa",
                                     description="Fat Santa's base game and free games' meter, exactly")
    parser.parse_args(argv)
    began = time.perf_counter()
    figures = compute()
    growth = free_game_growth()
    spent = time.perf_counter() - began
    out = [
        f"lines, no sleigh    {float(figures.plain_rtp):.6%}",
        f"lines, sleigh       {float(figures.sleigh_rtp):.6%}  (1 in {float(1 / figures.sleigh_chance):.0f} spins)",
        f"base lines          {float(figures.base_rtp):.6%}  = {figures.base_rtp}",
        f"free games          1 in {float(1 / figures.trigger):.4f} spins = {figures.trigger}",
        f"base hit rate       {float(figures.base_hit_rate):.6%}  (no sleigh {float(figures.plain_hit_rate):.4%},"
        f" sleigh {float(figures.sleigh_hit_rate):.4%})",
        *(f"free games at {size}x{size}    {float(spins):.6f} spins, ends there {float(end):.6%}"
          for size, (spins, end) in enumerate(zip(growth.spins_at_size, growth.final_size), start=1)),
        f"free games          {float(growth.spins):.6f} spins on average",
        f"({spent:.1f} s)",
    ]
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    run_command(main)
