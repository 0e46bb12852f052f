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


@dataclass(frozen=True)
class PrizeGain:
    """What one more spin adds to the prize x stake: on average, and at most (the trail aside)."""

    mean: Fraction
    best: Fraction


def with_bonus(gain: PrizeGain, trail: Trail, trail_now: int) -> SpinValue:
    """The spin's whole value: its prize gain (a function of the grid alone) and the Reel King
    bonus it may play (of the trail alone), so a grid priced once is priced at any trail."""
    _, bonus = trail.spin_law(trail_now)
    return SpinValue(gain.mean, bonus, gain.best)


# A state of the fold is one int: the marked cells (bits 0-24), the columns whose wild is still to
# place (bits 25-29, column c at bit 25 + c: a reel shows one symbol, so a column has one wild at
# most, and they are placed left to right, lowest bit first) and the super wilds still to place
# (from bit 30). Ints hash and compare faster than tuples, and the fold makes tens of thousands.
WILDS_AT = CELLS
SUPERS_AT = CELLS + SIZE
MARKS = FULL
WILD_COLUMNS = ((1 << SIZE) - 1) << WILDS_AT
ONE_SUPER = 1 << SUPERS_AT


def prize_gain(mask: int, odds: Sequence[ReelOdds], prize_of: Ladder, unit: int) -> PrizeGain:
    """The exact prize gain of one more spin from ``mask``.

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
    states: dict[int, int] = {mask: 1}
    settled = 0  # sum of weight x prize over the states no reel or wild left can change (in units / scale**5)
    best = before
    for col, reel in enumerate(odds):
        number, wild, super_wild = (int(p * scale) for p in (reel.number, reel.wild, reel.super_wild))
        cells = [1 << index for index in unmarked(mask, COLUMN_MASKS[col])]
        miss = scale - number * len(cells) - wild - super_wild
        rest = scale ** (len(odds) - col)  # the weight of every way the reels from this one on can land
        left = len(odds) - col  # each reel from this one on marks a cell of its column, or any cell as a super wild
        wild_bit = 1 << (WILDS_AT + col)
        nxt: dict[int, int] = {}
        get = nxt.get
        needs = placing.needs
        for state, weight in states.items():
            need = needs.get(state & MARKS, CELLS)  # most states: some line needs no more marks than reels are left
            if (state >> SUPERS_AT) + left < need and not open_line(state, left):  # settled: no line can complete
                prize = prize_of(state & MARKS)
                settled += weight * rest * prize
                best = max(best, prize)
                continue
            marked = weight * number
            for cell in cells:
                key = state | cell
                nxt[key] = get(key, 0) + marked
            if wild:
                key = state | wild_bit
                nxt[key] = get(key, 0) + weight * wild
            if super_wild:
                key = state + ONE_SUPER
                nxt[key] = get(key, 0) + weight * super_wild
            if miss:
                nxt[state] = get(state, 0) + weight * miss
        states = nxt
    total = scale ** len(odds)
    outcome = placing.outcome
    weighted = settled * placing.scale
    plain = 0  # the states with no wild to place: their prize as it is (most of them, on a sparse grid)
    for state, weight in states.items():
        if state <= MARKS:
            prize = prize_of(state)
            plain += weight * prize
            if prize > best:
                best = prize
            continue
        mean, top = outcome(state)
        weighted += weight * mean
        if top > best:
            best = top
    weighted += plain * placing.scale
    return PrizeGain(Fraction(weighted, total * unit * placing.scale) - Fraction(before, unit),
                     Fraction(best - before, unit))


COLUMN_LINES = (SIZE, 2 * SIZE)  # LINES[5:10] are the columns (grid.LINES: rows, columns, diagonals)
# the cells of each set of wild columns (index: the 5-bit set)
COLUMNS_CELLS: tuple[int, ...] = tuple(
    sum(COLUMN_MASKS[col] for col in range(SIZE) if columns >> col & 1) for columns in range(1 << SIZE))


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
        self.memo: dict[int, tuple[int, int]] = {}
        self.picks: dict[tuple[int, int], list[int]] = {}  # (marked, column or -1) -> the strategy's best cells
        self.open: dict[int, bool] = {}  # open_line's answers, by state and marks anywhere
        self.needs: dict[int, int] = {}  # marked -> the fewest unmarked cells of an open line

    def best(self, mask: int, column: int) -> list[int]:
        found = self.picks.get((mask, column))
        if found is None:
            candidates = unmarked(mask, COLUMN_MASKS[column] if column >= 0 else FULL)
            found = self.picks[(mask, column)] = best_cells(mask, candidates) if candidates else []
        return found

    def open_line(self, state: int, extra: int = 0) -> bool:
        """Whether some line can still be completed from ``state``: by its column wilds (each marks
        one cell of its column) and its super wilds with ``extra`` more marks of any cell (the reels
        still to come, each of which marks a cell of its own column or, as a super wild, any cell).

        A row or diagonal has one cell a column: its unmarked cells outside the wilds' columns each
        need one of the marks anywhere. A column needs its unmarked cells less its own wild.
        False proves the prize cannot change, whatever lands and however the wilds are placed.
        """
        mask = state & MARKS
        columns = (state & WILD_COLUMNS) >> WILDS_AT
        anywhere = (state >> SUPERS_AT) + extra
        need = self.needs.get(mask)
        if need is None:  # the fewest unmarked cells of a line not yet complete (more than any when all are)
            need = self.needs[mask] = min(((line & ~mask).bit_count() for line in LINES if line & ~mask),
                                          default=CELLS + 1)
        if anywhere >= need:
            return True
        if anywhere + columns.bit_count() < need:
            return False
        key = mask | columns << WILDS_AT | anywhere << SUPERS_AT
        found = self.open.get(key)
        if found is None:
            wild_cells = COLUMNS_CELLS[columns]
            found = False
            for index, line in enumerate(LINES):
                free = line & ~mask
                if not free:
                    continue
                if COLUMN_LINES[0] <= index < COLUMN_LINES[1]:
                    short = free.bit_count() - (columns >> (index - COLUMN_LINES[0]) & 1)
                else:
                    short = (free & ~wild_cells).bit_count()
                if short <= anywhere:
                    found = True
                    break
            self.open[key] = found
        return found

    def outcome(self, state: int) -> tuple[int, int]:
        """(the prize's mean, its largest value) in units, the wilds placed by the strategy."""
        found = self.memo.get(state)
        if found is not None:
            return found
        mask = state & MARKS
        columns = state & WILD_COLUMNS
        wilds = columns.bit_count() + (state >> SUPERS_AT)
        if wilds <= 1 or not self.open_line(state):  # nothing, one wild (see last_pick) or the prize stays
            if wilds == 1:
                mask |= last_pick(mask, COLUMNS_CELLS[columns >> WILDS_AT] if columns else FULL)
            prize = self.prize_of(mask)
            found = self.memo[state] = (prize * self.scale, prize)
            return found
        if columns:  # the leftmost wild column first
            lowest = columns & -columns
            chosen = self.best(mask, lowest.bit_length() - 1 - WILDS_AT)
            rest = state & ~MARKS & ~lowest
        else:  # a super wild (the grid is not full: its lines would need no mark)
            chosen = self.best(mask, -1)
            rest = (state & ~MARKS) - ONE_SUPER
        if not chosen:  # a wild over a full column places nothing
            found = self.outcome(mask | rest)
        else:
            branches = [self.outcome(mask | 1 << index | rest) for index in chosen]
            if len(branches) == 1:
                found = branches[0]
            else:  # a tie: the strategy draws one at random
                total = sum(mean for mean, _ in branches)
                found = (total // len(branches), max(top for _, top in branches))
        self.memo[state] = found
        return found


def last_pick(mask: int, region: int) -> int:
    """A cell the strategy may mark with the spin's last wild (its bit), as far as the prize goes.

    The strategy ranks the Slingos a cell completes first, and every cell of a tie completes as
    many, so after the last wild the prize is the same whichever of the tie is drawn: it is the
    prize with a cell that completes the most lines (a line completes at the one cell it lacks).
    No later pick depends on the rest of the ranking, so it need not be computed. 0 when no cell
    of ``region`` completes a line (the prize stays).
    """
    counts: dict[int, int] = {}
    best, most = 0, 0
    for line in LINES:
        free = line & ~mask
        if free and not free & (free - 1) and free & region:
            count = counts[free] = counts.get(free, 0) + 1
            if count > most:
                best, most = free, count
    return best


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
