"""Exact expectations for line games, by linearity of expectation.

With independent uniform reel stops, every row of a reel shows each symbol with that reel's
strip frequency, and every line takes one cell from each reel. So each line's pay has the same
distribution, and the base game's line RTP is ``lines x E[pay of one line]``, summed exactly over
the product of the reels' symbol distributions. The pay of each combination comes from the
game's own :class:`LineEvaluator`, so there is no second copy of the rules.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from itertools import product

from .lines import LineEvaluator
from .reels import ReelSet


def symbol_distribution(strip: tuple[str, ...]) -> dict[str, Fraction]:
    counts = Counter(strip)
    return {symbol: Fraction(n, len(strip)) for symbol, n in counts.items()}


def line_expectation(evaluator: LineEvaluator, reels: ReelSet) -> Fraction:
    """E[pay of one line] (multiple of total bet) for independent stops on ``reels``."""
    single = LineEvaluator([(0,) * evaluator.reels], _pays_of(evaluator), evaluator.wild, evaluator.not_substituted)
    dists = [sorted(symbol_distribution(strip).items()) for strip in reels.strips]
    total = Fraction(0)
    for combo in product(*dists):
        wins = single.evaluate([[symbol] for symbol, _ in combo])
        if wins:
            p = Fraction(1)
            for _, q in combo:
                p *= q
            total += p * wins[0].multiplier
    return total


def _pays_of(evaluator: LineEvaluator) -> dict[str, dict[int, Fraction]]:
    return {
        symbol: {count: pay for count, pay in enumerate(row) if pay is not None}
        for symbol, row in evaluator._table.items()
    }


def scatter_count_distribution(reels: ReelSet, scatter: str) -> dict[int, Fraction]:
    """P(n scatters in the window), reels independent."""
    dist = {0: Fraction(1)}
    for strip in reels.strips:
        length = len(strip)
        per_reel: Counter[int] = Counter()
        for stop in range(length):
            per_reel[sum(strip[(stop + r) % length] == scatter for r in range(reels.rows))] += 1
        merged: dict[int, Fraction] = {}
        for n, p in dist.items():
            for k, ways in per_reel.items():
                merged[n + k] = merged.get(n + k, Fraction(0)) + p * Fraction(ways, length)
        dist = merged
    return dist


def scatter_expectation(dist: Mapping[int, Fraction], pays: Mapping[int, Fraction]) -> Fraction:
    return sum((p * pays.get(n, Fraction(0)) for n, p in dist.items()), Fraction(0))
