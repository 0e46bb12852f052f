"""Slingo Santa King's exact parts: the spins a game plays and the Reel King bonus it pays.

The reels' free-spin symbols and the trail's dings and holds do not depend on the grid, and not
on each other: the number of spins is a chain over the spins left (each spin drawing its free
spins, each reel one with the free-spin weight's chance), the trail a chain of its own over its
step, and spin k pays the trail's expected bonus at spin k when the game reaches spin k.
Both are run, with fractions, until the chance that the game is still playing is below ``TAIL``
(a game ends with probability 1: a spin adds 5/42 spins on average), which bounds what is left
out; probabilities are held to 60 decimal places once their denominators grow past 10**80. The
ladder's prize, which depends on the grid and the picks, is simulated (``python -m
game.engine.simulate slingo_santa_king --exact-parts``).
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from ... import get_game
from ...commands import run_command

if TYPE_CHECKING:
    from .game import SlingoSantaKing

TAIL = Fraction(1, 10**24)


@dataclass(frozen=True)
class BonusExact:
    """The 11-spin game's bonus and spins, exact to within ``left_out`` (a probability)."""

    bonus_x: Fraction  # E[the bonus wins of a game's spins] x stake
    by_stage: dict[int, Fraction]  # stage -> E[bonuses played at it a game]
    spins: Fraction  # E[spins a game plays]
    free_spins: Fraction  # E[free spins a game wins]
    left_out: Fraction  # P(the game still playing when the chain stopped): each figure is short by its share


def free_spin_law(game: SlingoSantaKing) -> list[Fraction]:
    """P(k free-spin symbols on one base spin), k = 0..5."""
    bag = game._bags[False][0]
    p = Fraction(bag.count("free_spin"), len(bag))
    law = [Fraction(1)]
    for _ in range(game.reel_count):
        nxt = [Fraction(0)] * (len(law) + 1)
        for k, q in enumerate(law):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        law = nxt
    return law


def bonus_exact(game: SlingoSantaKing) -> BonusExact:
    """Spin k is played with the chance that the spins-left chain has not reached 0 before it, and
    pays the trail chain's expected bonus at spin k: the two chains are independent."""
    trail = game.trail
    frees = [(k, p) for k, p in enumerate(free_spin_law(game)) if p]
    mean_free = sum((k * p for k, p in frees), Fraction(0))
    dings = trail.ding_law()
    trail_law: dict[int, Fraction] = {0: Fraction(1)}  # the trail before spin k
    left: dict[int, Fraction] = {game.spins: Fraction(1)}  # spins left before spin k (0: the game is over)
    bonus = Fraction(0)
    by_stage = {stage.level: Fraction(0) for stage in trail.stages}
    spins = Fraction(0)
    while True:
        played = sum((p for n, p in left.items() if n > 0), Fraction(0))
        if played < TAIL:
            break
        spins += played
        nxt_trail: dict[int, Fraction] = {}
        for now, p in trail_law.items():
            starts = {now: trail.hold, 0: 1 - trail.hold} if now else {0: Fraction(1)}
            for start, q in starts.items():
                for k, r in enumerate(dings):
                    end = start + k
                    stage = trail.stage(end)
                    if stage is not None:
                        bonus += played * p * q * r * stage.mean()
                        by_stage[stage.level] += played * p * q * r
                        end = 0
                    nxt_trail[end] = nxt_trail.get(end, Fraction(0)) + p * q * r
        trail_law = nxt_trail
        nxt_left: dict[int, Fraction] = {}
        for n, p in left.items():
            if n > 0:
                for added, q in frees:
                    nxt_left[n - 1 + added] = nxt_left.get(n - 1 + added, Fraction(0)) + p * q
        left = {n: _limit(p) for n, p in nxt_left.items()}
        trail_law = {n: _limit(p) for n, p in trail_law.items()}
    return BonusExact(bonus, by_stage, spins, spins * mean_free, played)


def _limit(p: Fraction) -> Fraction:
    """``p`` to 60 decimal places once its denominator passes 10**80 (the figures stay exact far beyond
    the tail bound: the rounding moves no figure by 1e-55)."""
    if p.denominator < 10**80:
        return p
    return Fraction(round(p * 10**60), 10**60)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.analysis.exact slingo_santa_king", description=__doc__)
    parser.parse_args(argv)
    game: SlingoSantaKing = get_game("slingo_santa_king")  # type: ignore[assignment]  # the catalogue's entry
    exact = bonus_exact(game)
    out = sys.stdout
    out.write(f"bonus a game   {float(exact.bonus_x):.8f} x stake\n")
    out.write(f"spins a game   {float(exact.spins):.8f} (free spins {float(exact.free_spins):.8f})\n")
    for level, rate in exact.by_stage.items():
        stage = game.trail.stage(level)
        assert stage is not None
        out.write(f"  {stage.name:11} 1 game in {float(1 / rate):10.2f}"
                  f"  character mean {float(stage.character_mean()):.4f}x\n")
    out.write(f"left out       below {float(exact.left_out):.1e}\n")
    return 0


if __name__ == "__main__":
    run_command(main)
