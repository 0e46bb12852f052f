"""Exact expectations for line games, by linearity of expectation.

With independent uniform reel stops, every row of a reel shows each symbol with that reel's
strip frequency, and every line takes one cell from each reel. So each line's pay has the same
distribution, and the base game's line RTP is ``lines x E[pay of one line]``, summed exactly over
the product of the reels' symbol distributions. The pay of each combination comes from the
game's own evaluator (``LineEvaluator``, or Fat Santa's ``FatLines``), so there is no second copy
of the rules: the functions here enumerate, the game's code pays.

Pieces:

* :func:`line_pays` -- the law of one line's pay, split by (symbol, count): for each, the chance
  that a line pays it and its expected pay, from per-reel laws of the line's cells (integer
  weights, so the sums stay exact and fast).
* :class:`PrefixHits` -- whether *any* line of a window pays, when (as :func:`prefix_decides`
  proves by enumeration) a line's paying depends only on its first three cells: the base-game
  hit rate, which is not linear and needs the windows, not the lines.
* :func:`scatter_count_distribution` / :func:`scatter_expectation` -- scatters anywhere.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any

from .lines import LineEvaluator
from .reels import ReelSet
from .wins import Win

Token = Hashable
Law = Sequence[tuple[Any, int]]  # outcomes with integer weights
# A line's pay from one cell per reel: (key, pay x bet), or None when it pays nothing. The key
# names what paid: (symbol, count), or more (the free game adds the multiplier).
PayKey = tuple[Any, ...]
LinePay = Callable[[tuple[Any, ...]], "tuple[PayKey, Fraction] | None"]

BLANK = "\x00blank"  # a cell that matches nothing: not a symbol of any game


def weighted(items: Iterable[Any]) -> list[tuple[Any, int]]:
    """Outcomes with their multiplicities, in a fixed order (``Counter`` of hashable outcomes)."""
    return sorted(Counter(items).items(), key=lambda item: repr(item[0]))


def windows(strip: Sequence[str], rows: int) -> list[tuple[tuple[str, ...], int]]:
    """The window at each stop of a strip, with how many stops show it."""
    length = len(strip)
    return weighted(tuple(strip[(stop + r) % length] for r in range(rows)) for stop in range(length))


def symbol_distribution(strip: tuple[str, ...]) -> dict[str, Fraction]:
    counts = Counter(strip)
    return {symbol: Fraction(n, len(strip)) for symbol, n in counts.items()}


@dataclass(frozen=True)
class LinePays:
    """The law of one line's pay: per key (symbol, count), its chance and its expected pay (x bet)."""

    ways: Mapping[PayKey, int]  # weight of the combinations paying it
    amounts: Mapping[PayKey, Fraction]  # sum over them of weight x pay
    total: int  # the weight of every combination

    def probability(self, key: PayKey) -> Fraction:
        return Fraction(self.ways.get(key, 0), self.total)

    def expectation(self, key: PayKey | None = None) -> Fraction:
        """E[pay of the line] (x bet), of one (symbol, count) or of all."""
        if key is not None:
            return self.amounts.get(key, Fraction(0)) / self.total
        return sum(self.amounts.values(), Fraction(0)) / self.total

    @property
    def hit_probability(self) -> Fraction:
        return Fraction(sum(self.ways.values()), self.total)

    def table(self) -> dict[PayKey, tuple[Fraction, Fraction]]:
        """(probability, expectation) per key, in key order."""
        return {key: (self.probability(key), self.expectation(key)) for key in sorted(self.ways)}

    @staticmethod
    def mix(parts: Sequence[tuple[Fraction, LinePays]]) -> dict[PayKey, tuple[Fraction, Fraction]]:
        """Per key (probability, expectation) of a mixture: ``parts`` are (weight, law), weights summing to 1."""
        keys = sorted({key for _, law in parts for key in law.ways})
        return {key: (sum((w * law.probability(key) for w, law in parts), Fraction(0)),
                      sum((w * law.expectation(key) for w, law in parts), Fraction(0))) for key in keys}


def line_pays(laws: Sequence[Law], pay: LinePay, blank: Any = None) -> LinePays:
    """The law of one line's pay when its cells, one per reel, are independent with ``laws``.

    With ``blank`` (the :data:`BLANK` cell, as a token of ``laws``), a combination is only
    completed past its first three cells when those three pay with blanks after them: right
    exactly when :func:`prefix_decides` holds for the pay and these cells, which the caller
    proves; it skips almost every combination.
    """
    total = 1
    for law in laws:
        total *= sum(weight for _, weight in law)
    by_pay: Counter[tuple[PayKey, Fraction]] = Counter()
    depth = 3 if blank is not None and len(laws) > 3 else 0
    tail_blank = (blank,) * (len(laws) - depth)
    for head in product(*laws[:depth]):
        tokens = tuple(token for token, _ in head)
        if depth and pay(tokens + tail_blank) is None:
            continue
        head_ways = 1
        for _, weight in head:
            head_ways *= weight
        for rest in product(*laws[depth:]):
            won = pay(tokens + tuple(token for token, _ in rest))
            if won is not None:
                ways = head_ways
                for _, weight in rest:
                    ways *= weight
                by_pay[won] += ways
    ways_of: Counter[PayKey] = Counter()
    amounts: dict[PayKey, Fraction] = {}
    for (key, value), ways in by_pay.items():
        ways_of[key] += ways
        amounts[key] = amounts.get(key, Fraction(0)) + value * ways
    return LinePays(dict(ways_of), amounts, total)


def evaluator_line_wins(evaluator: LineEvaluator) -> Callable[[tuple[str, ...]], list[Win]]:
    """A game's :class:`LineEvaluator` on a one-line window: the line's win (a list of none or one)."""
    single = LineEvaluator([(0,) * evaluator.reels], _pays_of(evaluator), evaluator.wild, evaluator.not_substituted)

    def wins(cells: tuple[str, ...]) -> list[Win]:
        return single.evaluate([[symbol] for symbol in cells])

    return wins


def evaluator_line_pay(evaluator: LineEvaluator) -> Callable[[tuple[str, ...]], tuple[PayKey, Fraction] | None]:
    """A :data:`LinePay` from a game's :class:`LineEvaluator`, keyed by (symbol, count)."""
    wins_of = evaluator_line_wins(evaluator)

    def pay(cells: tuple[str, ...]) -> tuple[PayKey, Fraction] | None:
        wins = wins_of(cells)
        return ((wins[0].symbol, wins[0].count), wins[0].multiplier) if wins else None

    return pay


def line_expectation(evaluator: LineEvaluator, reels: ReelSet) -> Fraction:
    """E[pay of one line] (multiple of total bet) for independent stops on ``reels``."""
    return line_pays([weighted(strip) for strip in reels.strips], evaluator_line_pay(evaluator)).expectation()


def _pays_of(evaluator: LineEvaluator) -> dict[str, dict[int, Fraction]]:
    return {
        symbol: {count: pay for count, pay in enumerate(row) if pay is not None}
        for symbol, row in evaluator._table.items()
    }


# -- any line paying: the hit rate --------------------------------------------------------------


def prefix_decides(pay: Callable[[tuple[str, ...]], object], alphabets: Sequence[Iterable[str]],
                   depth: int = 3) -> bool:
    """True when, for every combination of cells, a line pays exactly when its first ``depth`` do.

    Proven by enumeration: each combination is paid as it is and with its cells after ``depth``
    replaced by :data:`BLANK` (a cell that matches nothing), and the two must agree on whether
    the line pays. That is what lets :class:`PrefixHits` look at three reels only.
    """
    alphabets = [sorted(set(a)) for a in alphabets]
    tail = (BLANK,) * (len(alphabets) - depth)
    verdict: dict[tuple[str, ...], bool] = {}
    for combo in product(*alphabets):
        head = combo[:depth]
        if head not in verdict:
            verdict[head] = pay(head + tail) is not None
        if (pay(combo) is not None) != verdict[head]:
            return False
    return True


class PrefixHits:
    """Whether any line of a window pays, from its first three reels.

    Valid when :func:`prefix_decides` holds for the game's line pay (checked by the callers).
    ``pays3(a, b, c)`` says whether a line whose first cells are ``a, b, c`` pays. For a reel-1
    window and a reel-2 window, :meth:`need` packs, for each row of reel 3, the set of symbols
    that would complete a paying line through that row (one bit per symbol, ``SLOT`` bits per
    row); :meth:`hit_stops` turns it into the sets of reel-3 stops that make a line pay.
    """

    SLOT = 16

    def __init__(self, lines: Sequence[tuple[int, ...]], symbols: Sequence[str], rows: int,
                 pays3: Callable[[str, str, str], bool]) -> None:
        self.symbols = tuple(sorted(set(symbols)))
        if len(self.symbols) > self.SLOT:
            raise ValueError(f"at most {self.SLOT} symbols")
        self.index = {symbol: i for i, symbol in enumerate(self.symbols)}
        self.rows = rows
        self.prefixes = sorted({tuple(line[:3]) for line in lines})
        # completes[a][b]: bit c set when (a, b, c) pays
        self.completes = {
            a: {b: sum(1 << self.index[c] for c in self.symbols if pays3(a, b, c)) for b in self.symbols}
            for a in self.symbols
        }

    def first_two(self, window1: Sequence[str]) -> dict[int, dict[str, int]]:
        """For a reel-1 window: per reel-2 row and symbol there, the packed need it adds."""
        table: dict[int, dict[str, int]] = {}
        for row1 in range(self.rows):
            table[row1] = {b: 0 for b in self.symbols}
        for row0, row1, row2 in self.prefixes:
            completes = self.completes[window1[row0]]
            shift = self.SLOT * row2
            for b in self.symbols:
                table[row1][b] |= completes[b] << shift
        return table

    def need(self, first: Mapping[int, Mapping[str, int]], window2: Sequence[str]) -> int:
        packed = 0
        for row1, symbol in enumerate(window2):
            packed |= first[row1][symbol]
        return packed

    def stop_sets(self, strip: Sequence[str]) -> list[dict[str, int]]:
        """For reel 3: per row, per symbol, the set of stops (bit i: stop i) showing it on that row."""
        length = len(strip)
        sets: list[dict[str, int]] = [dict.fromkeys(self.symbols, 0) for _ in range(self.rows)]
        for stop in range(length):
            for row in range(self.rows):
                sets[row][strip[(stop + row) % length]] |= 1 << stop
        return sets

    def hit_stops(self, need: int, sets: Sequence[Mapping[str, int]]) -> list[int]:
        """Per row of reel 3, the set of its stops whose symbol on that row completes a paying line."""
        out = []
        mask = (1 << self.SLOT) - 1
        for row in range(self.rows):
            wanted = need >> (self.SLOT * row) & mask
            stops = 0
            for symbol, i in self.index.items():
                if wanted >> i & 1:
                    stops |= sets[row][symbol]
            out.append(stops)
        return out


def window_hit_rate(lines: Sequence[tuple[int, ...]], reels: ReelSet, pay: Callable[[tuple[str, ...]], object],
                    scatter: str | None = None, scatter_hits: Iterable[int] = ()) -> Fraction:
    """P(some line pays, or the number of scatters on the window is one of ``scatter_hits``), exact.

    Window by window over reels 1-3 (a line's paying decided by its first three cells, which is
    proven here by :func:`prefix_decides`), the scatters of reels 4 on by their law.
    """
    strips = reels.strips
    if not prefix_decides(pay, [set(strip) for strip in strips]):
        raise ValueError("a line's paying is not decided by its first three cells: enumerate every window")
    hits_at = set(scatter_hits)
    symbols = set().union(*(set(strip) for strip in strips[:3]))
    hits = PrefixHits(lines, sorted(symbols), reels.rows, lambda a, b, c: pay((a, b, c, *(BLANK,) * (len(strips) - 3)))
                      is not None)
    pairs: Counter[tuple[int, int]] = Counter()  # (need, scatters on reels 1-2) -> weight
    for window1, n1 in windows(strips[0], reels.rows):
        first = hits.first_two(window1)
        s1 = window1.count(scatter)
        for window2, n2 in windows(strips[1], reels.rows):
            pairs[(hits.need(first, window2), s1 + window2.count(scatter))] += n1 * n2
    strip3 = strips[2]
    sets = hits.stop_sets(strip3)
    by_scatters: dict[int, int] = {}  # scatters in reel 3's window -> its stops
    for stop in range(len(strip3)):
        count = sum(strip3[(stop + r) % len(strip3)] == scatter for r in range(reels.rows))
        by_scatters[count] = by_scatters.get(count, 0) | 1 << stop
    no_line: Counter[int] = Counter()  # scatters on reels 1-3 -> weight of windows where no line pays
    for (need, s12), n12 in pairs.items():
        paying = 0
        for stops in hits.hit_stops(need, sets):
            paying |= stops
        for s3, stops in by_scatters.items():
            no_line[s12 + s3] += n12 * (stops & ~paying).bit_count()
    rest = (scatter_count_distribution(reels, scatter, only=range(3, len(strips))) if scatter is not None
            else {0: Fraction(1)})
    weight = len(strips[0]) * len(strips[1]) * len(strips[2])
    miss = sum((Fraction(n, weight) * p for s, n in no_line.items() for k, p in rest.items()
                if s + k not in hits_at), Fraction(0))
    return 1 - miss


def largest_window_win(lines: Sequence[tuple[int, ...]], reels: ReelSet,
                       pay: Callable[[tuple[str, ...]], tuple[PayKey, Fraction] | None], scatter: str | None = None,
                       scatter_pays: Mapping[int, Fraction] | None = None) -> tuple[Fraction, list[tuple[str, ...]]]:
    """The largest win of any window (its lines' pays plus its scatters'), exact, and a window that pays it.

    Branch and bound over the reels' distinct windows, reel by reel: a partial window's bound is,
    per line, the largest pay any completion of its cells so far can make (memoised per prefix
    of cells) plus the largest scatter pay the rest could reach; children are tried best bound
    first and a branch is dropped when its bound cannot beat the best whole window found.
    """
    strips, rows, reel_count = reels.strips, reels.rows, len(reels.strips)
    scatter_pays = scatter_pays or {}
    alphabets = [sorted(set(strip)) for strip in strips]
    shown = [sorted({tuple(strip[(stop + r) % len(strip)] for r in range(rows)) for stop in range(len(strip))})
             for strip in strips]
    most_scatters = [sum(max(w.count(scatter) for w in shown[j]) for j in range(k, reel_count))
                     for k in range(reel_count + 1)]
    tops: dict[tuple[str, ...], Fraction] = {}

    def top(prefix: tuple[str, ...]) -> Fraction:
        if prefix not in tops:
            if len(prefix) == reel_count:
                won = pay(prefix)
                tops[prefix] = won[1] if won is not None else Fraction(0)
            else:
                tops[prefix] = max(top((*prefix, cell)) for cell in alphabets[len(prefix)])
        return tops[prefix]

    def bound(columns: list[tuple[str, ...]], scatters: int) -> Fraction:
        k = len(columns)
        lines_part = sum((top(tuple(columns[r][line[r]] for r in range(k))) for line in lines), Fraction(0))
        if k == reel_count:
            return lines_part + scatter_pays.get(scatters, Fraction(0))
        reach = scatters + most_scatters[k]
        return lines_part + max((v for n, v in scatter_pays.items() if n <= reach), default=Fraction(0))

    best: list[Any] = [Fraction(-1), []]

    def search(columns: list[tuple[str, ...]], scatters: int) -> None:
        k = len(columns)
        children = []
        for column in shown[k]:
            extended, seen = [*columns, column], scatters + column.count(scatter)
            value = bound(extended, seen)
            if value > best[0]:
                children.append((value, extended, seen))
        children.sort(key=lambda child: -child[0])
        for value, extended, seen in children:
            if value <= best[0]:
                break
            if k + 1 == reel_count:
                best[0], best[1] = value, extended
            else:
                search(extended, seen)

    search([], 0)
    return best[0], best[1]


# -- scatters -----------------------------------------------------------------------------------


def scatter_count_distribution(reels: ReelSet, scatter: str, only: Iterable[int] | None = None) -> dict[int, Fraction]:
    """P(n scatters in the window), reels independent (``only``: just those reels)."""
    dist = {0: Fraction(1)}
    chosen = range(len(reels.strips)) if only is None else only
    for index in chosen:
        strip = reels.strips[index]
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
