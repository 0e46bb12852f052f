"""Line wins: left to right from the leftmost reel, wild substitution, highest win per line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from .wins import Win

Window = Sequence[Sequence[str]]
LineShape = tuple[int, ...]


class LineEvaluator:
    """Pays every line of a window against a line paytable.

    ``pays[symbol][count]`` is the win for ``count`` adjacent symbols from the leftmost reel, as
    a multiple of the total bet. ``wild`` stands in for every symbol except those in
    ``not_substituted`` (scatters); if the wild has pays of its own, a line that starts with
    wilds pays the better of the wild run and the substituted run.
    """

    def __init__(
        self,
        lines: Sequence[LineShape],
        pays: Mapping[str, Mapping[int, Fraction]],
        wild: str | None,
        not_substituted: frozenset[str] = frozenset(),
    ) -> None:
        self.lines = tuple(tuple(line) for line in lines)
        self.reels = len(self.lines[0])
        self.wild = wild
        self.not_substituted = not_substituted
        self._table: dict[str, list[Fraction | None]] = {}
        for symbol, by_count in pays.items():
            row: list[Fraction | None] = [None] * (self.reels + 1)
            for count, pay in by_count.items():
                row[count] = pay
            self._table[symbol] = row

    def pay(self, symbol: str, count: int) -> Fraction | None:
        row = self._table.get(symbol)
        return row[count] if row is not None else None

    def evaluate(self, window: Window) -> list[Win]:
        wins: list[Win] = []
        wild = self.wild
        table = self._table
        reels = self.reels
        for index, line in enumerate(self.lines):
            first = window[0][line[0]]
            if first == wild:
                win = self._evaluate_wild_start(window, index, line)
                if win is not None:
                    wins.append(win)
                continue
            row = table.get(first)
            if row is None:
                continue
            count = 1
            while count < reels:
                symbol = window[count][line[count]]
                if symbol != first and symbol != wild:
                    break
                count += 1
            pay = row[count]
            if pay is not None:
                wins.append(Win(first, count, tuple(zip(range(count), line)), index, pay))
        return wins

    def _evaluate_wild_start(self, window: Window, index: int, line: LineShape) -> Win | None:
        wild = self.wild
        assert wild is not None, "called only for a line that starts with the wild"
        reels = self.reels
        wild_run = 1
        while wild_run < reels and window[wild_run][line[wild_run]] == wild:
            wild_run += 1
        best: Win | None = None
        wild_row = self._table.get(wild)
        wild_pay = wild_row[wild_run] if wild_row is not None else None
        if wild_pay is not None:
            best = Win(wild, wild_run, tuple(zip(range(wild_run), line)), index, wild_pay)
        if wild_run < reels:
            symbol = window[wild_run][line[wild_run]]
            row = self._table.get(symbol)
            if row is not None and symbol not in self.not_substituted:
                count = wild_run + 1
                while count < reels:
                    other = window[count][line[count]]
                    if other != symbol and other != wild:
                        break
                    count += 1
                pay = row[count]
                if pay is not None and (best is None or pay > best.multiplier):
                    best = Win(symbol, count, tuple(zip(range(count), line)), index, pay)
        return best


def scatter_win(
    window: Window, scatter: str, pays: Mapping[int, Fraction]
) -> Win | None:
    """A win for ``scatter`` symbols anywhere on the window, paid by their number."""
    cells = tuple(
        (col, row)
        for col, column in enumerate(window)
        for row, symbol in enumerate(column)
        if symbol == scatter
    )
    pay = pays.get(len(cells))
    if pay is None:
        return None
    return Win(scatter, len(cells), cells, None, pay, kind="scatter")
