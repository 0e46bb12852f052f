"""One round of Santa's Wonderland played into a RoundContext: base spin, markers, Midnight Riches.

Hot-loop rules: the grid is a ``bytearray`` of 64 symbol indexes (``col * 8 + row``), clusters are
bit masks, pays are integers in units of ``1 / pay_den`` of the total bet, and events are built
once per tumble from those. Every random number comes from ``ctx.rng`` in a fixed order.
"""

from __future__ import annotations

from itertools import compress
from operator import itemgetter
from struct import Struct
from typing import Any

from ...money import UnitTexts
from ...rng import RoundRng
from ...round import RoundContext
from .clusters import (
    ALL_CELLS,
    BITS,
    CELL_LISTS,
    CELLS,
    COLS,
    ROWS,
    Grid,
    block_mask,
    cell_list,
    cells_of,
    clusters_of,
    symbol_mask,
)
from .model import FEATURES, Phase, WonderlandData

# Top-left corners (col, row) and masks of every block position, by block size.
BLOCK_POSITIONS = {
    size: tuple((c, r, block_mask(c, r, size)) for c in range(COLS - size + 1) for r in range(ROWS - size + 1))
    for size in range(2, 6)
}
_BLOCK_2X2 = block_mask(0, 0, 2)  # a 2x2 block's mask, moved to its top-left cell by a shift
_BLOCK_CORNERS = sum(BITS[c * ROWS + r] for c, r, _ in BLOCK_POSITIONS[2])  # the cells a 2x2 block can start at


class WonderlandRound:
    """The state of one round while it plays (see docs/rules/santas_wonderland.md and docs/EVENTS.md)."""

    __slots__ = ("columns", "ctx", "data", "emit", "grid", "halves", "markers", "names", "owed", "rng", "text", "wild")

    def __init__(self, data: WonderlandData, texts: UnitTexts, ctx: RoundContext) -> None:
        self.data = data
        self.text = texts
        self.ctx = ctx
        self.rng = ctx.rng
        self.emit = ctx.events.append
        self.names = data.names
        self.halves = data.half_columns
        self.wild = len(data.symbols)
        self.grid = bytearray(CELLS)
        # The grid's names as the last event gave them, a list a column (None: not given since it changed).
        self.columns: list[list[str]] | None = None
        self.markers: list[int] = [0] * len(FEATURES)  # the cell bit of each marker still on the grid
        self.owed: list[bool] = [False] * len(FEATURES)

    # -- helpers ----------------------------------------------------------------------------

    def set_grid(self, grid: Grid) -> None:
        """Take a whole new grid (or one a feature or a tumble changed)."""
        self.grid = grid if type(grid) is bytearray else bytearray(grid)
        self.columns = None

    def grid_names(self) -> list[list[str]]:
        """The grid for an event, one list of names a column; it also becomes ``columns``."""
        h = self.halves
        a0, a1, b0, b1, c0, c1, d0, d1, e0, e1, f0, f1, g0, g1, h0, h1 = _HALVES_OF_GRID(self.grid)
        self.columns = [h[a0] + h[a1], h[b0] + h[b1], h[c0] + h[c1], h[d0] + h[d1], h[e0] + h[e1], h[f0] + h[f1],
                        h[g0] + h[g1], h[h0] + h[h1]]
        return self.columns

    def renamed(self, changed: int) -> list[list[str]]:
        """``grid_names`` after the cells of mask ``changed`` (and no others) changed since the last event:
        only their columns are named again, every other column keeps the last event's list."""
        if self.columns is None:
            return self.grid_names()
        columns = self.columns[:]
        grid = self.grid
        h = self.halves
        for col in compress(_COLUMNS, changed.to_bytes(COLS, "little")):
            top, bottom = _HALVES_OF_COLUMN_AT(grid, col * ROWS)
            columns[col] = h[top] + h[bottom]
        self.columns = columns
        return columns

    def drop(self, phase: Phase, count: int) -> bytes:
        return self.rng.randbytes(count).translate(phase.drop_table)

    # -- tumbles ----------------------------------------------------------------------------

    def tumbles(self, phase: Phase, phase_name: str, factor: int, meter: int) -> tuple[int, int]:
        """Evaluate, pay, explode and drop until the grid has no win; returns (units won, meter)."""
        pay_units = self.data.pay_units
        names = self.names
        text = self.text
        award = self.ctx.award_units  # wins in whole units of 1 / pay_den of the bet; the cap stops the round
        pay_den = self.data.pay_den
        wild = self.wild
        base = phase_name == "base"
        won_units = 0
        while True:
            found = clusters_of(self.grid, wild)
            if not found:
                return won_units, meter
            union = 0
            units = 0
            wins = []
            for symbol, group, size in found:
                pay = pay_units[symbol][size] * factor
                units += pay
                union |= group
                cells = cell_list(group)
                wins.append({"kind": "cluster", "symbol": names[symbol], "count": size, "cells": cells,
                             "line": None, "x": text[pay], "factor": factor})
            meter += union.bit_count()
            markers_won = []
            markers = self.markers
            if base and union & sum(markers):  # the markers' bits are distinct cells (or 0): their sum is their union
                for index, bit in enumerate(markers):
                    if bit & union:
                        markers[index] = 0
                        self.owed[index] = True
                        markers_won.append(FEATURES[index])
            self.emit({"type": "clusters", "phase": phase_name, "wins": wins, "x": text[units],
                       "meter": meter, "markers_won": markers_won})
            won_units += units
            award(units, pay_den)  # raises CapReached when the round's win reaches the cap: the round stops at this win
            # one cluster (most tumbles): its cell list is the tumble's too (events are records, never edited)
            self.explode(phase, union, cells if len(found) == 1 else cell_list(union))

    def explode(self, phase: Phase, union: int, removed_cells: list[list[int]]) -> None:
        """Every cell of ``union`` (listed: ``removed_cells``) goes; survivors fall straight down; new symbols
        fill the tops."""
        fresh = self.drop(phase, union.bit_count())
        grid = self.grid
        # a column no cell left keeps the last event's list (events are never edited)
        columns = (self.grid_names() if self.columns is None else self.columns)[:]
        h = self.halves
        removed = union.to_bytes(COLS, "little")  # a byte a column: its rows that go
        taken = 0
        for col in compress(_COLUMNS, removed):  # the columns that lose cells
            rows = removed[col]
            count = _ROW_COUNT[rows]
            start = col * ROWS
            for run in _RUNS[col][rows]:  # the runs of rows that go are cut out, the bottom one first
                del grid[run]
            grid[start:start] = fresh[taken:taken + count]  # and the new symbols in on top
            taken += count
            top, bottom = _HALVES_OF_COLUMN_AT(grid, start)
            columns[col] = h[top] + h[bottom]
        self.columns = columns
        self.emit({"type": "tumble", "removed": removed_cells, "grid": columns,
                   "dropped": [*removed.translate(_ROW_COUNT)]})

    # -- the five features ------------------------------------------------------------------

    def feature(self, index: int, phase: Phase, phase_name: str) -> None:
        """Play feature ``FEATURES[index]`` on the grid and emit its event (tumbles follow outside)."""
        grid = self.grid
        rng = self.rng
        wild = self.wild
        symbol: int | None = None
        blocks: list[list[int]] = []
        if index == 0:  # refresh: every non-wild symbol replaced, cell after cell
            wilds = symbol_mask(grid, wild) if wild in grid else 0
            mask = ALL_CELLS ^ wilds
            grid = bytearray(self.drop(phase, mask.bit_count()))
            while wilds:  # each wild back in its cell, the lowest first
                low = wilds & -wilds
                grid.insert(low.bit_length() - 1, wild)
                wilds ^= low
            self.columns = None  # (nearly) every column changed: the event names the whole grid
        elif index == 1:  # wild santa: every cell of one paying symbol on the grid turns wild
            candidates = []  # the paying symbols on the grid that may be chosen, by index, with their weights
            total = 0
            for candidate, weight in enumerate(phase.wild_santa_weights):
                if weight and candidate in grid:
                    candidates.append((candidate, weight))
                    total += weight
            mask = 0
            if candidates:
                symbol = _by_weight(candidates, rng.randrange(total))
                mask = symbol_mask(grid, symbol)
                grid = grid.replace(bytes((symbol,)), bytes((wild,)))
        elif index == 2:  # blocks: a few non-overlapping 2x2 blocks of one symbol
            count = phase.blocks_count.draw(rng)
            symbol = phase.blocks_symbol.draw(rng)
            mask = 0
            for _ in range(count):
                # the top-left cells of the 2x2 blocks clear of the blocks placed, in column then row order
                free = cells_of(_BLOCK_CORNERS & ~(mask | mask >> 1 | mask >> ROWS | mask >> (ROWS + 1)))
                if not free:
                    break
                corner = free[rng.randrange(len(free))]
                mask |= _BLOCK_2X2 << corner
                blocks.append([corner >> 3, corner & 7, 2])
                _paint(grid, _BLOCK_SLICES[2][corner], self._paint_table(symbol))
        elif index == 3:  # supersize: one 3x3, 4x4 or 5x5 block of one symbol
            size = phase.supersize_size.draw(rng)
            symbol = phase.supersize_symbol.draw(rng)
            positions = BLOCK_POSITIONS[size]
            col, row, mask = positions[rng.randrange(len(positions))]
            blocks.append([col, row, size])
            _paint(grid, _BLOCK_SLICES[size][col * ROWS + row], self._paint_table(symbol))
        else:  # lucky santa: 5 to 15 wilds on random cells that are not wild yet
            count = phase.lucky_count.draw(rng)
            open_cells = cells_of(ALL_CELLS ^ symbol_mask(grid, wild)) if wild in grid else range(CELLS)
            chosen = rng.sample(open_cells, min(count, len(open_cells)))
            for i in chosen:
                grid[i] = wild
            mask = _mask_of(chosen)
        self.grid = grid
        self.emit({"type": "feature", "feature": FEATURES[index], "phase": phase_name, "grid": self.renamed(mask),
                   "cells": cell_list(mask), "symbol": None if symbol is None else self.names[symbol],
                   "blocks": blocks})

    def _paint_table(self, symbol: int) -> bytes:
        """The ``bytes.translate`` table that paints ``symbol`` over every symbol but the wild (wilds stay)."""
        table = _PAINT.get((symbol, self.wild))
        if table is None:
            table = _PAINT[symbol, self.wild] = bytes(self.wild if s == self.wild else symbol for s in range(256))
        return table

    # -- base spin --------------------------------------------------------------------------

    def base_spin(self, mode: str) -> tuple[int, int]:
        """One base spin with its tumbles and owed marker features; returns (units won, points)."""
        data = self.data
        phase = data.base
        rng = self.rng
        self.set_grid(self.drop(phase, CELLS))
        if data.markers_uniform:
            cells = rng.sample(_CELL_INDEXES, len(FEATURES))
        else:
            cells = _weighted_distinct(rng, data.marker_weights, len(FEATURES))
        self.markers = list(itemgetter(*cells)(BITS))
        self.owed = [False] * len(FEATURES)
        refresh, wild_santa, blocks, supersize, lucky_santa = itemgetter(*cells)(CELL_LISTS)
        self.emit({"type": "spin", "mode": mode, "grid": self.grid_names(),
                   "markers": {_REFRESH: refresh, _WILD_SANTA: wild_santa, _BLOCKS: blocks, _SUPERSIZE: supersize,
                               _LUCKY_SANTA: lucky_santa}})
        units, points = self.tumbles(phase, "base", 1, 0)
        owed = self.owed
        while True in owed:
            index = owed.index(True)
            owed[index] = False
            self.ctx.count(FEATURES[index])
            self.feature(index, phase, "base")
            more, points = self.tumbles(phase, "base", 1, points)
            units += more
        return units, points

    # -- Midnight Riches --------------------------------------------------------------------

    def midnight(self, trigger: str, meter: Any) -> None:
        data = self.data
        phase = data.midnight
        levels = data.levels
        self.ctx.count("midnight_riches")
        self.emit({"type": "midnight_start", "trigger": trigger, "meter": meter,
                   "levels": [{"level": lv.level, "multiplier": lv.multiplier, "target": lv.target}
                              for lv in levels]})
        total = 0
        number = 1
        while True:
            level = levels[number - 1]
            needed = levels[number].target if number < len(levels) else None
            if number > 1:
                self.ctx.count(f"level_{number}")
            factor = level.multiplier
            self.set_grid(self.drop(phase, CELLS))
            self.emit({"type": "level_start", "level": number, "multiplier": factor, "needed": needed,
                       "grid": self.grid_names()})
            units, collected = self.tumbles(phase, "midnight", factor, 0)
            for index in range(len(FEATURES)):
                self.feature(index, phase, "midnight")
                more, collected = self.tumbles(phase, "midnight", factor, collected)
                units += more
            total += units
            advance = needed is not None and collected >= needed
            self.emit({"type": "level_end", "level": number, "collected": collected, "needed": needed,
                       "advance": advance, "x": self.text[units]})
            if not advance:
                break
            number += 1
        self.emit({"type": "midnight_end", "level": number, "x": self.text[total]})


# A grid -> its 16 half columns and a column -> its 2, each half's 4 symbol bytes read as one number, the
# key of ``WonderlandData.half_columns``: a column is named in two look-ups, not eight.
_HALVES_OF_GRID = Struct("<16I").unpack
_HALVES_OF_COLUMN_AT = Struct("<2I").unpack_from
_REFRESH, _WILD_SANTA, _BLOCKS, _SUPERSIZE, _LUCKY_SANTA = FEATURES  # the markers' names, in their fixed order
_PAINT: dict[tuple[int, int], bytes] = {}  # (symbol, wild) -> translate table: every symbol but the wild -> symbol
_COLUMNS = range(COLS)
_CELL_INDEXES = tuple(range(CELLS))  # the population the markers' cells are sampled from (a tuple copies fastest)


def _run_slices(col: int, rows: int) -> tuple[slice, ...]:
    """The grid's slices of the runs of column ``col``'s ``rows`` (a byte, bit r for row r), the bottom one first:
    cut out in that order, each leaves the places of those above it as they were."""
    runs: list[list[int]] = []  # [first row, row past the last], the bottom run first
    for row in reversed(range(ROWS)):
        if rows >> row & 1:
            if runs and runs[-1][0] == row + 1:
                runs[-1][0] = row  # the run above goes on upwards
            else:
                runs.append([row, row + 1])
    return tuple(slice(col * ROWS + first, col * ROWS + past) for first, past in runs)


# By column, then by the byte of its removed rows: the slices of their runs, and how many go.
_RUNS = tuple(tuple(_run_slices(col, rows) for rows in range(256)) for col in range(COLS))
_ROW_COUNT = bytes(rows.bit_count() for rows in range(256))


def _by_weight(pairs: list[tuple[int, int]], pick: int) -> int:
    """The value of ``(value, weight)`` pairs whose share of the weights holds ``pick`` (from 0 to the total)."""
    for value, weight in pairs:
        if pick < weight:
            return value
        pick -= weight
    raise ValueError(f"{pick} is past the weights' total")


def _mask_of(cells: list[int]) -> int:
    """The mask of distinct cell indexes (their bits' sum is their union)."""
    return sum(map(BITS.__getitem__, cells))


def _paint(grid: bytearray, columns: tuple[slice, ...], table: bytes) -> None:
    """Translate by ``table``, in place, the grid's slices of a block's columns."""
    for cut in columns:
        grid[cut] = grid[cut].translate(table)


# By block size, then by the block's top-left cell index: the grid's slice of each of its columns.
_BLOCK_SLICES = {size: {c * ROWS + r: tuple(slice(col * ROWS + r, col * ROWS + r + size) for col in range(c, c + size))
                        for c, r, _ in positions}
                 for size, positions in BLOCK_POSITIONS.items()}


def _weighted_distinct(rng: RoundRng, weights: tuple[int, ...], count: int) -> list[int]:
    """``count`` distinct cells, each drawn by weight from the cells not drawn yet."""
    left = list(weights)
    chosen = []
    for _ in range(count):
        pick = rng.randrange(sum(left))
        for i, w in enumerate(left):
            if pick < w:
                chosen.append(i)
                left[i] = 0
                break
            pick -= w
    return chosen
