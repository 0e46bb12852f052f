"""Fat Santa's line pays: two wild kinds with different substitution.

On each line, left to right from reel 1, three readings are tried and the highest pay is taken
(on a tie the earlier reading in this order stands):

1. **Santa** — the run of ``santa`` cells from reel 1. Pies do not substitute for Fat Santa, so a
   pie ends a Santa run.
2. **Pie** — the run of wild cells (``santa`` or ``pie``) from reel 1, when it holds at least one
   pie: Fat Santa substitutes for the pie, so Santas and pies together make a pie line.
3. **Symbol** — the first cell that is not wild names the line's symbol; the run counts it and
   every cell that is that symbol or a wild (both wilds substitute for every paying symbol).

A line of only Santas pays as Santa, a line of Santas and pies as pies, ``santa, pie, X, X, Y``
as four ``X`` (or three pies, if that pays more). The class works on interned symbol strings and
returns plain tuples, so the round's hot path makes no objects it does not need; ``wins`` turns
them into :class:`~game.engine.wins.Win` for the public ``evaluate``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from ...wins import Win

Hit = tuple[int, str, int, int]  # (line index, symbol, count, pay in units)
Window = Sequence[Sequence[str]]


class FatLines:
    """Pays every line of a 5-reel window; pays are integer units of 1/unit_den of the total bet."""

    def __init__(self, lines: Sequence[tuple[int, ...]], units: dict[str, list[int]], unit_den: int,
                 santa: str, pie: str) -> None:
        self.lines = tuple(tuple(line) for line in lines)
        self.units = units
        self.unit_den = unit_den
        self.santa = santa
        self.pie = pie
        self._empty = [0] * 6
        # Cells of each line's first n reels, made once for the events.
        self.cells = tuple(tuple([[col, row] for col, row in enumerate(line[:n])] for n in range(6))
                           for line in self.lines)
        # The prefix tree of the lines, used when no symbol pays fewer than three of a kind:
        # (row on reel 1, lines from it, ((row on reel 2, ((row on reel 3, ((row on reel 4,
        # ((line index, row on reel 5), ...)), ...)), ...)), ...)).
        short_pays = any(row[1] or row[2] for row in units.values())
        self._trie = () if short_pays else self._prefix_tree()

    def _prefix_tree(self) -> tuple:
        def group(items: list[tuple[int, tuple[int, ...]]], depth: int) -> tuple:
            rows = sorted({line[depth] for _, line in items})
            if depth == 3:
                return tuple((r, tuple((i, line[4]) for i, line in items if line[3] == r)) for r in rows)
            return tuple((r, group([(i, line) for i, line in items if line[depth] == r], depth + 1)) for r in rows)

        lines = list(enumerate(self.lines))
        return tuple(
            (r0, tuple((i, line) for i, line in lines if line[0] == r0),
             group([(i, line) for i, line in lines if line[0] == r0], 1))
            for r0 in sorted({line[0] for line in self.lines})
        )

    def hits(self, window: Window) -> list[Hit]:
        """Each paying line's (index, symbol, count, units), by line index."""
        if not self._trie:
            return self._hits_plain(window)
        santa, pie = self.santa, self.pie
        units = self.units
        empty = self._empty
        c0, c1, c2, c3, c4 = window
        hits: list[Hit] = []
        append = hits.append
        # Lines share their first cells: one comparison settles every line of a prefix.
        for r0, wild_lines, by_r1 in self._trie:
            first = c0[r0]
            if first is santa or first is pie:
                for index, line in wild_lines:
                    hit = self._wild_start(index, (first, c1[line[1]], c2[line[2]], c3[line[3]], c4[line[4]]))
                    if hit is not None:
                        append(hit)
                continue
            for r1, by_r2 in by_r1:
                s = c1[r1]
                if s is not first and s is not pie and s is not santa:
                    continue
                for r2, by_r3 in by_r2:
                    s = c2[r2]
                    if s is not first and s is not pie and s is not santa:
                        continue
                    for r3, ends in by_r3:
                        s = c3[r3]
                        table = units.get(first, empty)
                        if s is not first and s is not pie and s is not santa:
                            for index, _ in ends:
                                append((index, first, 3, table[3]))
                            continue
                        for index, r4 in ends:
                            s = c4[r4]
                            count = 4 if s is not first and s is not pie and s is not santa else 5
                            append((index, first, count, table[count]))
        if not hits:  # most spins
            return hits
        if len(hits) > 1:
            hits.sort()
        return [hit for hit in hits if hit[3]]

    def _hits_plain(self, window: Window) -> list[Hit]:
        """The same pays line by line (used when some symbol pays fewer than three)."""
        santa, pie = self.santa, self.pie
        hits: list[Hit] = []
        for index, line in enumerate(self.lines):
            cells = tuple(window[col][row] for col, row in enumerate(line))
            first = cells[0]
            if first is santa or first is pie:
                hit = self._wild_start(index, cells)
            else:
                count = 1
                while count < 5 and (cells[count] is first or cells[count] is pie or cells[count] is santa):
                    count += 1
                pay = self.units.get(first, self._empty)[count]
                hit = (index, first, count, pay) if pay else None
            if hit is not None:
                hits.append(hit)
        return hits

    def _wild_start(self, index: int, cells: tuple[str, ...]) -> Hit | None:
        santa, pie = self.santa, self.pie
        empty = self._empty
        santa_run = 0
        while santa_run < 5 and cells[santa_run] is santa:
            santa_run += 1
        wild_run = santa_run
        while wild_run < 5 and (cells[wild_run] is santa or cells[wild_run] is pie):
            wild_run += 1
        best: Hit | None = None
        pay = self.units.get(santa, empty)[santa_run]
        if pay:
            best = (index, santa, santa_run, pay)
        if wild_run > santa_run:
            pay = self.units.get(pie, empty)[wild_run]
            if pay and (best is None or pay > best[3]):
                best = (index, pie, wild_run, pay)
        if wild_run < 5:
            symbol = cells[wild_run]
            count = wild_run + 1
            while count < 5 and (cells[count] is symbol or cells[count] is santa or cells[count] is pie):
                count += 1
            pay = self.units.get(symbol, empty)[count]
            if pay and (best is None or pay > best[3]):
                best = (index, symbol, count, pay)
        return best

    def win_events(self, hits: list[Hit], texts: dict[int, str]) -> list[dict]:
        """The events' win dicts (x of the total bet as text, from a cache of unit texts).

        ``cells`` lists are made once per line and count and shared by every event that names
        them: events are records, never edited.
        """
        cells = self.cells
        events = []  # a loop, not a comprehension: most spins that win have one or two hits (Python 3.11)
        for index, symbol, count, pay in hits:
            events.append({"kind": "line", "symbol": symbol, "count": count, "cells": cells[index][count],
                           "line": index, "x": texts[pay], "factor": 1})
        return events

    def wins(self, hits: list[Hit]) -> list[Win]:
        den = self.unit_den
        return [
            Win(symbol, count, tuple((c[0], c[1]) for c in self.cells[index][count]), index, Fraction(pay, den))
            for index, symbol, count, pay in hits
        ]
