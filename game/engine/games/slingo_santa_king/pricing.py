"""The exact value of one more spin of the Slingo reels, by enumeration: what an extra spin is priced on.

Given the marked cells, each reel's spin is one of: the number of an unmarked cell in its column,
a wild, a super wild, or a miss (any other number, a diamond). The spin's value is, over every
combination of the five reels (each with its probability), the prize after it less the prize
before it, the picks made by the published strategy (column wilds left to right, then super
wilds), a tie between its best cells averaged as the random choice it is; plus the Reel King bonus
the spin may play, from the trail's exact law (the dings do not depend on the symbols).
Combinations that leave the same cells and wilds to place are evaluated once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .grid import CELLS, COLUMN_MASKS, FULL, LINES, SIZE, best_cells, slingos, unmarked
from .reel_king import Trail

Ladder = Callable[[int], int]  # marked mask -> its prize in units of 1/unit of the stake


@dataclass(frozen=True)
class SpinValue:
    """One more spin's value x stake: the prize it adds on average, its bonus, and the most it can add."""

    prize: Fraction
    bonus: Fraction
    best: Fraction  # the largest prize gain an outcome gives, wilds placed by the strategy ("could win", bonus aside)

    @property
    def total(self) -> Fraction:
        return self.prize + self.bonus


@dataclass(frozen=True)
class ReelOdds:
    """One reel's chances: each number of its column, a wild, a super wild (the rest miss)."""

    number: Fraction  # each one of the column's 15 numbers
    wild: Fraction
    super_wild: Fraction


def spin_value(mask: int, numbers: Sequence[Sequence[int]], odds: Sequence[ReelOdds], prize_of: Ladder,
               unit: int, trail: Trail, trail_now: int) -> SpinValue:
    """The exact value of one more spin from ``mask`` (``numbers[col][row]`` is the grid).

    The reels are folded in one at a time into a table of what they leave to place (the cells
    marked, the wild columns, the super wilds) with its weight, so combinations that leave the
    same are carried together; the weights are integers over a common denominator, the prizes
    integers in units of ``1 / unit`` of the stake. A state from which the reels still to come and
    the wilds still to place cannot complete a line is settled at once: its prize cannot change
    (on a sparse grid most are: the rule wants a price within 50 ms, and a sparse grid is the slowest).
    """
    before = prize_of(mask)
    scale = math.lcm(*(p.denominator for reel in odds for p in (reel.number, reel.wild, reel.super_wild)))
    placing = _Placing(prize_of, len(odds))
    open_line = placing.open_line
    states: dict[Key, int] = {(mask, (), 0): 1}
    settled = 0  # sum of weight x prize over the states no reel or wild left can change (in units / scale**5)
    best = before
    for col, reel in enumerate(odds):
        number, wild, super_wild = (int(p * scale) for p in (reel.number, reel.wild, reel.super_wild))
        cells = unmarked(mask, COLUMN_MASKS[col])
        miss = scale - number * len(cells) - wild - super_wild
        rest = scale ** (len(odds) - col)  # the weight of every way the reels from this one on can land
        left = len(odds) - col  # each reel from this one on marks a cell of its column, or any cell as a super wild
        nxt: dict[Key, int] = {}
        for key, weight in states.items():
            marked, columns, supers = key
            if not open_line(marked, columns, supers + left):  # settled: no line can be completed any more
                prize = prize_of(marked)
                settled += weight * rest * prize
                best = max(best, prize)
                continue
            for index in cells:
                key = (marked | 1 << index, columns, supers)
                nxt[key] = nxt.get(key, 0) + weight * number
            if wild:
                key = (marked, (*columns, col), supers)
                nxt[key] = nxt.get(key, 0) + weight * wild
            if super_wild:
                key = (marked, columns, supers + 1)
                nxt[key] = nxt.get(key, 0) + weight * super_wild
            if miss:
                key = (marked, columns, supers)
                nxt[key] = nxt.get(key, 0) + weight * miss
        states = nxt
    total = scale ** len(odds)
    outcome = placing.outcome
    weighted = settled * placing.scale
    for key, weight in states.items():
        mean, top = outcome(key)
        weighted += weight * mean
        if top > best:
            best = top
    _, bonus = trail.spin_law(trail_now)
    return SpinValue(Fraction(weighted, total * unit * placing.scale) - Fraction(before, unit), bonus,
                     Fraction(best - before, unit))


Key = tuple[int, tuple[int, ...], int]  # (marked, wild columns still to place, super wilds still to place)
COLUMN_LINES = (SIZE, 2 * SIZE)  # LINES[5:10] are the columns (grid.LINES: rows, columns, diagonals)


class _Placing:
    """The wilds' placing from a state by the strategy: the prize's mean (ties averaged, as the random
    choice they are) and its largest value over the ties; each state once.

    Means are integers in units of ``1 / scale`` of a prize unit, ``scale = lcm(1..25) ** wilds``
    (``wilds``: the most a spin places, one a reel): a tie's average divides its branches' sum by
    at most 25, so each of the at most ``wilds`` nested ties takes one factor of ``lcm(1..25)``
    and the division is exact (``Fraction`` arithmetic was a third of a price's time).
    """

    def __init__(self, prize_of: Ladder, wilds: int) -> None:
        self.prize_of = prize_of
        self.scale = math.lcm(*range(1, CELLS + 1)) ** wilds
        self.memo: dict[Key, tuple[int, int]] = {}
        self.picks: dict[tuple[int, int], list[int]] = {}  # (marked, column or -1) -> the strategy's best cells
        self.open: dict[tuple[int, tuple[int, ...], int], bool] = {}  # open_line's answers
        self.needs: dict[int, int] = {}  # marked -> the fewest unmarked cells of an open line

    def best(self, mask: int, column: int) -> list[int]:
        found = self.picks.get((mask, column))
        if found is None:
            candidates = unmarked(mask, COLUMN_MASKS[column] if column >= 0 else FULL)
            found = self.picks[(mask, column)] = best_cells(mask, candidates) if candidates else []
        return found

    def open_line(self, mask: int, columns: tuple[int, ...], anywhere: int) -> bool:
        """Whether some line can still be completed: by the column wilds of ``columns`` (each marks one
        cell of its column) and ``anywhere`` marks of any cell (super wilds, and the reels still to
        come, each of which marks a cell of its own column or, as a super wild, any cell).

        A row or diagonal has one cell a column: its unmarked cells outside the wilds' columns each
        need one of the ``anywhere`` marks. A column needs its unmarked cells less its own wild.
        False proves the prize cannot change, whatever lands and however the wilds are placed.
        """
        need = self.needs.get(mask)
        if need is None:  # the fewest unmarked cells of a line not yet complete (more than any when all are)
            need = self.needs[mask] = min(((line & ~mask).bit_count() for line in LINES if line & ~mask),
                                          default=CELLS + 1)
        if anywhere >= need:
            return True
        if anywhere + len(columns) < need:
            return False
        key = (mask, columns, anywhere)
        found = self.open.get(key)
        if found is None:
            wild_cells = 0
            for col in columns:
                wild_cells |= COLUMN_MASKS[col]
            found = False
            for index, line in enumerate(LINES):
                free = line & ~mask
                if not free:
                    continue
                if COLUMN_LINES[0] <= index < COLUMN_LINES[1]:
                    short = free.bit_count() - (index - COLUMN_LINES[0] in columns)
                else:
                    short = (free & ~wild_cells).bit_count()
                if short <= anywhere:
                    found = True
                    break
            self.open[key] = found
        return found

    def outcome(self, key: Key) -> tuple[int, int]:
        """(the prize's mean, its largest value) in units, the wilds placed by the strategy."""
        found = self.memo.get(key)
        if found is not None:
            return found
        mask, columns, supers = key
        if not (columns or supers) or not self.open_line(mask, columns, supers):  # the prize stays
            prize = self.prize_of(mask)
            found = self.memo[key] = (prize * self.scale, prize)
            return found
        if columns:
            chosen = self.best(mask, columns[0])
            rest: tuple[tuple[int, ...], int] = (columns[1:], supers)
        else:  # a super wild (the grid is not full: its lines would need no mark)
            chosen = self.best(mask, -1)
            rest = ((), supers - 1)
        if not chosen:  # a wild over a full column places nothing
            found = self.outcome((mask, *rest))
        else:
            branches = [self.outcome((mask | 1 << index, *rest)) for index in chosen]
            if len(branches) == 1:
                found = branches[0]
            else:  # a tie: the strategy draws one at random
                total = sum(mean for mean, _ in branches)
                found = (total // len(branches), max(top for _, top in branches))
        self.memo[key] = found
        return found


def count_prize(ladder: dict[int, Fraction]) -> tuple[Ladder, int]:
    """The prize of a marked mask (the ladder at its Slingos) in units, and the unit: 1/unit of the stake."""
    unit = math.lcm(*(prize.denominator for prize in ladder.values()))
    units = [int(ladder.get(count, Fraction(0)) * unit) for count in range(13)]
    known: dict[int, int] = {}

    def prize_of(mask: int) -> int:
        found = known.get(mask)
        if found is None:
            found = known[mask] = units[slingos(mask)]
        return found

    return prize_of, unit
