"""The Reel King trail and the Santa King characters' mini slots.

On every spin each reel may ding, moving the trail one step; at the start of each spin the trail
resets unless it holds. A spin that ends with the trail at 5 or more plays the bonus at stage
min(trail, 9), and the trail resets. Each stage brings a random number of characters (uniform in
its range); each spins a 3-reel slot of red, yellow and blue 7s and blanks until a spin shows a
blank: three red 7s pay 5x the stake, three yellow 2x, three blue 1x, three mixed 7s 0.4x. Each
stage has its own, more valuable, reels. Everything here is exact as well as playable: a
character's mean win is its spins' mean pay over the chance of a losing spin.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...rng import RoundRng

SEVENS = ("red", "yellow", "blue")
BLANK = "blank"
REEL_SYMBOLS = (*SEVENS, BLANK)


@dataclass(frozen=True)
class Stage:
    """One bonus stage: its name, how many characters it brings and their reels' weights."""

    level: int  # the trail step it is reached at (5..9)
    name: str
    characters: tuple[int, int]  # fewest, most (uniform)
    reels: tuple[tuple[int, int, int, int], ...]  # per mini reel: weights of red, yellow, blue 7 and blank
    pays: dict[str, Fraction]  # "red", "yellow", "blue" (three of a colour), "mixed" (three 7s): x stake

    def reel_law(self, reel: int) -> dict[str, Fraction]:
        weights = self.reels[reel]
        total = sum(weights)
        return {name: Fraction(w, total) for name, w in zip(REEL_SYMBOLS, weights)}

    def outcome_law(self) -> dict[str, Fraction]:
        """P(each outcome of one mini spin): a colour's three, mixed 7s, or a loss (a blank shows)."""
        laws = [self.reel_law(reel) for reel in range(len(self.reels))]
        law: dict[str, Fraction] = {}
        any_seven = Fraction(1)
        for reel_law in laws:
            any_seven *= 1 - reel_law[BLANK]
        three = Fraction(0)
        for colour in SEVENS:
            p = Fraction(1)
            for reel_law in laws:
                p *= reel_law[colour]
            law[colour] = p
            three += p
        law["mixed"] = any_seven - three
        law["loss"] = 1 - any_seven
        return law

    def character_mean(self) -> Fraction:
        """E[one character's win] x stake: its spins' mean pay over the chance a spin loses."""
        law = self.outcome_law()
        pay = sum((law[name] * self.pays[name] for name in (*SEVENS, "mixed")), Fraction(0))
        return pay / law["loss"]

    def mean(self) -> Fraction:
        """E[the stage's whole bonus win] x stake."""
        low, high = self.characters
        return Fraction(low + high, 2) * self.character_mean()

    def play(self, rng: RoundRng) -> tuple[list[dict[str, Any]], Fraction]:
        """The characters' spins (each ends on its losing spin) and their total win, x stake."""
        low, high = self.characters
        count = low + rng.randrange(high - low + 1)
        characters = []
        total = Fraction(0)
        bags = [[name for name, w in zip(REEL_SYMBOLS, weights) for _ in range(w)] for weights in self.reels]
        for _ in range(count):
            spins: list[list[str]] = []
            won = Fraction(0)
            while True:
                symbols = [bag[rng.randrange(len(bag))] for bag in bags]
                spins.append(symbols)
                pay = self.spin_pay(symbols)
                if pay is None:
                    break
                won += pay
            characters.append({"spins": spins, "x": won})
            total += won
        return characters, total

    def spin_pay(self, symbols: list[str]) -> Fraction | None:
        """A mini spin's pay (x stake), or None when it loses (a blank shows) and the character stops."""
        if BLANK in symbols:
            return None
        if len(set(symbols)) == 1:
            return self.pays[symbols[0]]
        return self.pays["mixed"]


@dataclass(frozen=True)
class Trail:
    """The trail's rules: each reel's chance to ding, the chance to hold at a spin's start, the stages."""

    ding: tuple[Fraction, ...]  # per reel
    hold: Fraction
    stages: tuple[Stage, ...]  # by level, 5..9

    @property
    def start(self) -> int:
        return self.stages[0].level

    @property
    def top(self) -> int:
        return self.stages[-1].level

    def stage(self, trail: int) -> Stage | None:
        """The stage a spin ending at ``trail`` plays (None below the first)."""
        if trail < self.start:
            return None
        return self.stages[min(trail, self.top) - self.start]

    def ding_law(self) -> list[Fraction]:
        """P(k dings on one spin), k = 0..reels."""
        law = [Fraction(1)]
        for p in self.ding:
            nxt = [Fraction(0)] * (len(law) + 1)
            for k, q in enumerate(law):
                nxt[k] += q * (1 - p)
                nxt[k + 1] += q * p
            law = nxt
        return law

    def spin_law(self, trail: int) -> tuple[dict[int, Fraction], Fraction]:
        """From a trail of ``trail`` before a spin: (law of the trail after it, reset after a bonus, to 0),
        and the spin's expected bonus win x stake."""
        starts = {trail: self.hold, 0: 1 - self.hold} if trail else {0: Fraction(1)}
        after: dict[int, Fraction] = {}
        bonus = Fraction(0)
        dings = self.ding_law()
        for start, p in starts.items():
            for k, q in enumerate(dings):
                end = start + k
                stage = self.stage(end)
                if stage is not None:
                    bonus += p * q * stage.mean()
                    end = 0
                after[end] = after.get(end, Fraction(0)) + p * q
        return after, bonus
