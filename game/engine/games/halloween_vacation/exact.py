"""Halloween Vacation's return, exactly: the base game by linearity, the free game by a Markov chain.

**Base game.** Each line takes one cell of each independent reel, so every line's pay has the
law of :func:`~game.engine.exact.line_pays` over the base strips' symbol frequencies; scatters
count over the whole window. The hit rate (some line or the scatters pay) needs whole windows:
a line pays exactly when its first three cells do (proven for the data by
:func:`~game.engine.exact.prefix_decides`), so reels 1-3 are enumerated window by window and
reels 4-5 only for their scatters.

**Free game.** Its state before a spin is (the sticky wilds held on reels 2 and 4, the Expanding
Wild's stage, the spins left including extra spins). The three parts move on independent reels:
the sticky wilds of reel 2 only by reel 2's stops, those of reel 4 by reel 4's, the stage and the
spins left by reel 3's (a wild landing on reel 3 starts the Expanding Wild, which then stands
for the multipliers x2, x4, x8 and adds spins so that it plays out). So the chain's law at each
spin is the product of three small chains' laws (16 wild patterns per sticky reel; stage 0-2
with spins left 1-10), computed exactly with fractions.

Given the state, a spin's expected pay is again a sum over lines: a line's cell on reel 2 is wild
when its row is held, else it shows the strip's frequencies (a landed wild is wild too); on
reel 3 it is wild with the stage's multiplier while the Expanding Wild stands, else a wild landing
anywhere on reel 3 makes it wild x2 and otherwise it shows what lands on its row. Each line's law
is enumerated with the game's own evaluator and multiplier rule (``HalloweenVacation.evaluator``
and ``multiplied``), never a copy of them. ``E[free game] = sum over spins t and states of
P(state at t) x E[pay | state]``.

    python -m game.engine.analysis.exact halloween_vacation      # prints every figure (about 2 s)
    python -m game.engine.analysis.exact halloween_vacation --write   # and writes the headline ones to exact.json

The headline figures (RTP, hit rate, trigger, the free game's mean) are kept in the game's
``exact.json`` beside its data, keyed to the data's SHA-256 (``game.exact_figures`` reads it, so a
help page shows them without a 2-second computation); ``tests/test_exact_halloween.py`` fails
when the file is not what the data gives.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import asdict, dataclass
from fractions import Fraction
from functools import cached_property
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

from ... import get_game
from ...commands import run_command
from ...exact import (
    BLANK,
    LinePays,
    PayKey,
    evaluator_line_pay,
    evaluator_line_wins,
    line_pays,
    prefix_decides,
    scatter_count_distribution,
    weighted,
    window_hit_rate,
    windows,
)
from .figures import ExactFigures, exact_file

if TYPE_CHECKING:
    from .game import HalloweenVacation

Key = tuple[str, int]
Stage = tuple[int, int, int, int]  # (stage, spins left, Expanding Wilds so far, extra spins so far)


@dataclass(frozen=True)
class FreeGameExact:
    """The free game's exact figures (x total bet)."""

    mean: Fraction  # E[the free game's win]
    by_spin: tuple[Fraction, ...]  # E[pay of spin t], t = 1 .. the most spins a free game can have
    by_multiplier: dict[int, Fraction]  # E[pay of the wins paid at multiplier 1 / 2 / 4 / 8]
    contributions: dict[Key, Fraction]  # E[pay] by (symbol, count), multipliers included
    spins: dict[int, Fraction]  # P(the free game has n spins in all)
    expanding_wilds: dict[int, Fraction]  # P(n Expanding Wilds land in one free game)
    extra_spins: dict[int, Fraction]  # P(n extra spins)
    sticky_wilds_held: Fraction  # E[sticky wilds held when the free game ends]
    expanding_chance: Fraction  # P(a wild lands on reel 3 on a spin without an Expanding Wild)


@dataclass(frozen=True)
class HalloweenExact:
    """Every exact figure of Halloween Vacation (x total bet; probabilities per base spin)."""

    lines: int
    line_law: LinePays  # one line's pay on the base game
    scatter_counts: dict[int, Fraction]  # P(n scatters in the base window)
    scatter_pays: dict[int, Fraction]
    trigger_count: int
    base_hit_rate: Fraction  # P(the base spin pays): lines or scatters
    free: FreeGameExact

    @property
    def lines_rtp(self) -> Fraction:
        return self.lines * self.line_law.expectation()

    @property
    def scatter_rtp(self) -> Fraction:
        return sum((p * self.scatter_pays.get(n, Fraction(0)) for n, p in self.scatter_counts.items()), Fraction(0))

    @property
    def base_rtp(self) -> Fraction:
        return self.lines_rtp + self.scatter_rtp

    @property
    def trigger(self) -> Fraction:
        return sum((p for n, p in self.scatter_counts.items() if n >= self.trigger_count), Fraction(0))

    @property
    def free_rtp(self) -> Fraction:
        return self.trigger * self.free.mean

    @property
    def rtp(self) -> Fraction:
        return self.base_rtp + self.free_rtp

    @property
    def hit_rate(self) -> Fraction:
        """P(a round wins): a free game only starts on three scatters, which pay, so the base spin's."""
        return self.base_hit_rate


def compute(game: HalloweenVacation | None = None) -> HalloweenExact:
    game = figures_game() if game is None else game
    pay = evaluator_line_pay(game.evaluator)
    _prove_prefix_decides(pay, [set(strip) for strip in game.base_reels.strips])
    law = line_pays([weighted(strip) for strip in game.base_reels.strips], pay, blank=BLANK)
    scatters = scatter_count_distribution(game.base_reels, game.scatter)
    if any(n >= game.scatter_trigger and n not in game.scatter_pays for n in scatters):
        raise ValueError("the hit rate takes every free-game trigger to pay its scatters")
    return HalloweenExact(
        lines=len(game.lines), line_law=law, scatter_counts=scatters, scatter_pays=dict(game.scatter_pays),
        trigger_count=game.scatter_trigger, base_hit_rate=base_hit_rate(game), free=FreeGame(game).exact(),
    )


def base_hit_rate(game: HalloweenVacation) -> Fraction:
    """P(some line or the scatters pay on a base spin), window by window over reels 1-3."""
    return window_hit_rate(game.lines, game.base_reels, evaluator_line_pay(game.evaluator), game.scatter,
                           game.scatter_pays)


def _prove_prefix_decides(pay, alphabets) -> None:
    if not prefix_decides(pay, alphabets):
        raise ValueError("a line's paying is not decided by its first three cells: enumerate every window")


class FreeGame:
    """The free game's chain (see the module text)."""

    def __init__(self, game: HalloweenVacation) -> None:
        self.game = game
        self.rows = game.rows
        self.wild = game.wild
        self.reel = game.expanding_reel
        self.sticky = tuple(sorted(game.sticky_reels))
        self.multipliers = game.expanding_multipliers
        free, held = game.free_reels, game.free_reels_expanding
        if self.reel in self.sticky:
            raise ValueError("the chain takes the Expanding Wild's reel apart from the sticky reels")
        for index, (a, b) in enumerate(zip(free.strips, held.strips)):
            if index != self.reel and a != b:
                raise ValueError(f"reel {index + 1} must be the same strip with and without an Expanding Wild")
        self.strips = free.strips
        self._wins = evaluator_line_wins(game.evaluator)
        # Every cell a free-game line can show: what the strips land, and a held or expanded wild.
        made_wild = {*self.sticky, self.reel}
        cells = [set(strip) | ({self.wild} if i in made_wild else set()) for i, strip in enumerate(self.strips)]
        _prove_prefix_decides(evaluator_line_pay(game.evaluator), cells)

    # -- one spin, one line ---------------------------------------------------------------

    def line_pay(self, cells: tuple[tuple[str, int], ...]) -> tuple[PayKey, Fraction] | None:
        """A line's pay from (symbol, multiplier) cells: the game's evaluator, then its multiplier rule.

        Keyed by (symbol, count, the multiplier the win was paid at).
        """
        wins = self._wins(tuple(symbol for symbol, _ in cells))
        if not wins:
            return None
        factor = 1
        for _, f in cells:
            factor *= f
        win = wins[0] if factor == 1 else self.game.multiplied(wins[0], factor)
        return (win.symbol, win.count, win.factor), win.multiplier

    def line_law(self, row3: int, held: tuple[bool, ...], stage: int) -> LinePays:
        """One line's pay law before a spin: ``held`` per sticky reel, ``stage`` 0 (none) or 1-2 (standing)."""
        laws = []
        for index, strip in enumerate(self.strips):
            if index in self.sticky and held[self.sticky.index(index)]:
                laws.append([((self.wild, 1), 1)])
            elif index == self.reel:
                laws.append(self._expanding_reel_law(row3, stage))
            else:
                laws.append([((symbol, 1), n) for symbol, n in weighted(strip)])
        return line_pays(laws, self.line_pay, blank=(BLANK, 1))

    def _expanding_reel_law(self, row3: int, stage: int) -> list[tuple[tuple[str, int], int]]:
        if stage:  # it stands: wild, times the next multiplier
            return [((self.wild, self.multipliers[stage]), 1)]
        law: Counter[tuple[str, int]] = Counter()
        for window, n in windows(self.strips[self.reel], self.rows):
            law[(self.wild, self.multipliers[0]) if self.wild in window else (window[row3], 1)] += n
        return sorted(law.items())

    @cached_property
    def laws(self) -> dict[tuple[int, tuple[bool, ...], int], LinePays]:
        """Every line law a spin can need: (row on the Expanding Wild's reel, held per sticky reel, stage)."""
        table = {}
        for stage in range(len(self.multipliers)):
            for held in product((False, True), repeat=len(self.sticky)):
                for row3 in range(self.rows) if stage == 0 else (0,):
                    table[(row3, held, stage)] = self.line_law(row3, held, stage)
        return table

    # -- the chain ------------------------------------------------------------------------

    def wild_patterns(self, reel: int) -> dict[int, Fraction]:
        """The law of the rows where wilds land on ``reel`` in one spin (bit r: row r)."""
        strip = self.strips[reel]
        law: Counter[int] = Counter()
        for window, n in windows(strip, self.rows):
            law[sum(1 << r for r, symbol in enumerate(window) if symbol == self.wild)] += n
        return {pattern: Fraction(n, len(strip)) for pattern, n in law.items()}

    @property
    def expanding_chance(self) -> Fraction:
        """P(a wild lands somewhere on the Expanding Wild's reel), on a spin where none stands."""
        strip = self.strips[self.reel]
        return Fraction(sum(n for window, n in windows(strip, self.rows) if self.wild in window), len(strip))

    def stage_chain(self) -> tuple[list[dict[Stage, Fraction]], dict[Stage, Fraction]]:
        """The law of (stage, spins left, Expanding Wilds so far, extra spins so far) before each spin,
        over the free games still running, and its law when the free game ends.

        Stage 0: no Expanding Wild stands; s = 1, 2: one stands and shows ``multipliers[s]`` this
        spin. A spin at stage 0 starts one with chance ``expanding_chance`` (it shows
        ``multipliers[0]`` at once). While one stands after a spin at multiplier index ``k``, at least
        ``len(multipliers) - 1 - k`` spins are left: the free game adds extra spins to make it so.
        """
        q = self.expanding_chance
        last = len(self.multipliers) - 1  # the multiplier index of the Expanding Wild's last spin
        state: dict[Stage, Fraction] = {(0, self.game.free_spins, 0, 0): Fraction(1)}
        chain: list[dict[Stage, Fraction]] = []
        ended: dict[Stage, Fraction] = {}
        while state:
            chain.append(state)
            after: dict[Stage, Fraction] = {}
            for (stage, left, landed, extra), p in state.items():
                moves: list[tuple[int | None, int, Fraction]]
                if stage:
                    moves = [(stage, landed, p)]
                else:
                    moves = [(0, landed + 1, p * q), (None, landed, p * (1 - q))]
                for shown, count, weight in moves:  # shown: the multiplier index this spin, None: none
                    needed = last - shown if shown is not None else 0
                    new_left = max(left - 1, needed)
                    new_stage = shown + 1 if shown is not None and shown < last else 0
                    key = (new_stage, new_left, count, extra + new_left - (left - 1))
                    after[key] = after.get(key, Fraction(0)) + weight
            state = {}
            for key, p in after.items():
                (state if key[1] > 0 else ended)[key] = p
        return chain, ended

    def exact(self) -> FreeGameExact:
        chain, ended = self.stage_chain()
        patterns = {reel: self.wild_patterns(reel) for reel in self.sticky}
        held_law = {reel: {0: Fraction(1)} for reel in self.sticky}  # the rows held before spin t
        weights: dict[tuple[int, tuple[bool, ...], int], Fraction] = {}  # how often each line law is played
        by_spin: list[Fraction] = []
        held_after: list[Fraction] = []  # E[wilds held] after t spins
        for state in chain:
            alive: dict[int, Fraction] = {}
            for (stage, _, _, _), p in state.items():
                alive[stage] = alive.get(stage, Fraction(0)) + p
            chance = {reel: [sum((p for pattern, p in law.items() if pattern >> r & 1), Fraction(0))
                             for r in range(self.rows)] for reel, law in held_law.items()}
            spin_mean = Fraction(0)
            for stage, p_stage in alive.items():
                for line in self.game.lines:
                    row3 = line[self.reel] if stage == 0 else 0
                    for held in product((False, True), repeat=len(self.sticky)):
                        w: Fraction = p_stage
                        for reel, flag in zip(self.sticky, held):
                            c = chance[reel][line[reel]]
                            w *= c if flag else 1 - c
                        if w:
                            key = (row3, held, stage)
                            weights[key] = weights.get(key, Fraction(0)) + w
                            spin_mean += w * self.laws[key].expectation()
            by_spin.append(spin_mean)
            for reel in self.sticky:
                held_law[reel] = _or_step(held_law[reel], patterns[reel])
            held_after.append(sum((p * pattern.bit_count() for reel in self.sticky
                                   for pattern, p in held_law[reel].items()), Fraction(0)))
        parts: dict[PayKey, Fraction] = {}
        for key, w in weights.items():
            law = self.laws[key]
            for item in law.amounts:
                parts[item] = parts.get(item, Fraction(0)) + w * law.expectation(item)
        contributions: dict[Key, Fraction] = {}
        by_multiplier: dict[int, Fraction] = {}
        for (symbol, count, factor), value in parts.items():
            contributions[(symbol, count)] = contributions.get((symbol, count), Fraction(0)) + value
            by_multiplier[factor] = by_multiplier.get(factor, Fraction(0)) + value
        spins: dict[int, Fraction] = {}
        landed: dict[int, Fraction] = {}
        extra: dict[int, Fraction] = {}
        for (_, _, count, added), p in ended.items():
            total = self.game.free_spins + added
            spins[total] = spins.get(total, Fraction(0)) + p
            landed[count] = landed.get(count, Fraction(0)) + p
            extra[added] = extra.get(added, Fraction(0)) + p
        return FreeGameExact(
            mean=sum(by_spin, Fraction(0)), by_spin=tuple(by_spin), by_multiplier=dict(sorted(by_multiplier.items())),
            contributions=dict(sorted(contributions.items())), spins=dict(sorted(spins.items())),
            expanding_wilds=dict(sorted(landed.items())), extra_spins=dict(sorted(extra.items())),
            sticky_wilds_held=sum((p * held_after[n - 1] for n, p in spins.items()), Fraction(0)),
            expanding_chance=self.expanding_chance,
        )


def _or_step(law: dict[int, Fraction], landed: dict[int, Fraction]) -> dict[int, Fraction]:
    """The rows held after one more spin: what was held, or'ed with where wilds landed."""
    out: dict[int, Fraction] = {}
    for held, p in law.items():
        for pattern, q in landed.items():
            key = held | pattern
            out[key] = out.get(key, Fraction(0)) + p * q
    return out


def headline(figures: HalloweenExact) -> ExactFigures:
    return ExactFigures(rtp=figures.rtp, hit_rate=figures.hit_rate, trigger=figures.trigger,
                        free_mean=figures.free.mean)


def write_headline(game: HalloweenVacation, figures: HalloweenExact) -> Path:
    """``exact.json`` beside the data: the headline figures as exact fractions, keyed to the data."""
    path = exact_file(game)
    record = {"game": game.id, "data_sha256": game.data_digest(),
              "command": "python -m game.engine.analysis.exact halloween_vacation --write",
              **{name: str(value) for name, value in asdict(headline(figures)).items()}}
    path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    import argparse
    import time

    parser = argparse.ArgumentParser(description="Halloween Vacation's figures, exactly")
    parser.add_argument("--write", action="store_true", help="also write the headline figures to exact.json")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    figures = compute()
    spent = time.perf_counter() - began
    free = figures.free
    out = [
        f"base lines       {float(figures.lines_rtp):.6%}  = {figures.lines_rtp}",
        f"base scatters    {float(figures.scatter_rtp):.6%}  = {figures.scatter_rtp}",
        f"free games       1 in {float(1 / figures.trigger):.4f} spins = {figures.trigger}",
        f"free game mean   {float(free.mean):.6f} x bet",
        f"free games part  {float(figures.free_rtp):.6%}",
        f"RTP              {float(figures.rtp):.6%}  = {figures.rtp}",
        f"base hit rate    {float(figures.hit_rate):.6%}  (1 in {float(1 / figures.hit_rate):.4f})",
        f"spins            {', '.join(f'{n}: {float(p):.6%}' for n, p in free.spins.items())}",
        f"({spent:.1f} s)",
    ]
    print("\n".join(out))
    if args.write:
        print(f"wrote {write_headline(figures_game(), figures)}")
    return 0


def figures_game() -> HalloweenVacation:
    """The catalogue's Halloween Vacation (its data loaded once)."""
    game: HalloweenVacation = get_game("halloween_vacation")  # type: ignore[assignment]  # the catalogue's entry
    return game


if __name__ == "__main__":
    run_command(main)
