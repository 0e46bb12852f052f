"""Line wins: left to right from the leftmost reel, wild substitution, highest win per line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from .wins import Cell, Win

Window = Sequence[Sequence[str]]
LineShape = tuple[int, ...]
Hit = tuple[int, str, int, Fraction]  # (line index, symbol, count, pay x total bet)
# A node of the lines' prefix tree: (row on this reel, the lines through it, the nodes on the next reel).
Node = tuple[int, tuple[int, ...], tuple[Any, ...]]


class LineEvaluator:
    """Pays every line of a window against a line paytable.

    ``pays[symbol][count]`` is the win for ``count`` adjacent symbols from the leftmost reel, as
    a multiple of the total bet. ``wild`` stands in for every symbol except those in
    ``not_substituted`` (scatters); if the wild has pays of its own, a line that starts with
    wilds pays the better of the wild run and the substituted run.

    The lines are walked as a prefix tree made once: lines that share their first cells share
    the comparisons of those cells, and one mismatch settles every line through it. ``hits``
    gives plain tuples (the round's hot path); ``evaluate`` turns them into :class:`Win`.
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
        # cells[index][count]: the (col, row) cells of line ``index``'s first ``count`` reels.
        self.cells: tuple[tuple[tuple[Cell, ...], ...], ...] = tuple(
            tuple(tuple(zip(range(count), line)) for count in range(self.reels + 1)) for line in self.lines
        )
        self._tree = self._prefix_tree(tuple(range(len(self.lines))), 0)

    def pay_table(self) -> dict[str, dict[int, Fraction]]:
        """The pays as given: symbol -> count -> pay."""
        return {symbol: {count: pay for count, pay in enumerate(row) if pay is not None}
                for symbol, row in self._table.items()}

    def _prefix_tree(self, indices: tuple[int, ...], reel: int) -> tuple[Node, ...]:
        if reel == self.reels:
            return ()
        nodes = []
        for row in sorted({self.lines[i][reel] for i in indices}):
            through = tuple(i for i in indices if self.lines[i][reel] == row)
            nodes.append((row, through, self._prefix_tree(through, reel + 1)))
        return tuple(nodes)

    def pay(self, symbol: str, count: int) -> Fraction | None:
        row = self._table.get(symbol)
        return row[count] if row is not None else None

    def evaluate(self, window: Window) -> list[Win]:
        cells = self.cells
        return [Win(symbol, count, cells[index][count], index, pay) for index, symbol, count, pay in self.hits(window)]

    def hits(self, window: Window) -> list[Hit]:
        """Each paying line's (index, symbol, count, pay), by line index."""
        hits: list[Hit] = []
        wild = self.wild
        table = self._table
        column = window[0]
        for row, through, nxt in self._tree:
            first = column[row]
            if first == wild:
                lines = self.lines
                for index in through:
                    hit = self._wild_start(window, index, lines[index])
                    if hit is not None:
                        hits.append(hit)
                continue
            pays = table.get(first)
            if pays is None:
                continue
            if nxt:
                self._runs(window, 1, nxt, first, pays, hits)
            else:  # a one-reel game
                pay = pays[1]
                if pay is not None:
                    hits.extend([(index, first, 1, pay) for index in through])
        if len(hits) > 1:
            hits.sort()  # by line index: no two hits share one
        return hits

    def _runs(self, window: Window, reel: int, nodes: tuple[Node, ...], symbol: str,
              pays: list[Fraction | None], hits: list[Hit]) -> None:
        """Extend the run of ``symbol`` (or wilds) on ``reel`` for the lines through ``nodes``."""
        wild = self.wild
        column = window[reel]
        for row, through, nxt in nodes:
            cell = column[row]
            if cell != symbol and cell != wild:
                count = reel
            elif nxt:
                self._runs(window, reel + 1, nxt, symbol, pays, hits)
                continue
            else:
                count = reel + 1
            pay = pays[count]
            if pay is not None:
                hits.extend([(index, symbol, count, pay) for index in through])

    def _wild_start(self, window: Window, index: int, line: LineShape) -> Hit | None:
        wild = self.wild
        assert wild is not None, "called only for a line that starts with the wild"
        reels = self.reels
        wild_run = 1
        while wild_run < reels and window[wild_run][line[wild_run]] == wild:
            wild_run += 1
        best: Hit | None = None
        wild_row = self._table.get(wild)
        wild_pay = wild_row[wild_run] if wild_row is not None else None
        if wild_pay is not None:
            best = (index, wild, wild_run, wild_pay)
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
                if pay is not None and (best is None or pay > best[3]):
                    best = (index, symbol, count, pay)
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
