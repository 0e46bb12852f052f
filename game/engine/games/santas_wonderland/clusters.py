"""The 8x8 grid as bit masks: cluster finding by bit-parallel flood fill, and cell helpers.

The grid itself is 64 symbol indexes in a row (a ``bytearray`` in play), cell ``i = col * 8 +
row`` (row 0 on top), and a mask has bit ``i`` for cell ``i``, so that a column is one byte of
the mask. Clusters grow along "neighbour" masks: ``down`` holds the cells whose neighbour below
belongs with them, ``right`` those whose neighbour on the right does; a step down is a shift by
one cell and a step right one by a column, taken only from the cells of those masks, so no step
crosses the grid's edges.

``clusters_of`` finds the clusters of every symbol at once: it widens each cell to a byte whose
bit ``s`` says "this cell may join a cluster of symbol ``s``" (a wild has every paying symbol's
bit), so each bit position of the bytes is one symbol's mask, and one flood fill of the whole
number grows every symbol's groups side by side, wilds shared between them as the rules say.
``find_clusters`` is the same search one symbol at a time, on one mask a symbol: the reference
the tests hold the one-pass finder to, and the finder for a game with more than 8 paying symbols.
"""

from __future__ import annotations

COLS = 8
ROWS = 8
CELLS = COLS * ROWS
MIN_CLUSTER = 5

BITS = tuple(1 << i for i in range(CELLS))  # flat cell index -> mask bit
ALL_CELLS = (1 << CELLS) - 1
_NOT_LAST_ROW = sum(BITS[i] for i in range(CELLS) if i % ROWS != ROWS - 1)
Grid = bytes | bytearray | list[int]  # 64 symbol indexes, cell col * 8 + row
# bytes.translate tables: symbol index s -> b"1" (the table for s) and b"0" otherwise.
_PICK = tuple(b"0" * s + b"1" + b"0" * (255 - s) for s in range(256))


def masks_of(grid: Grid, symbols: int) -> list[int]:
    """One mask per symbol index ``0 .. symbols - 1`` of a grid."""
    cells = bytes(grid)
    return [symbol_mask(cells, symbol) for symbol in range(symbols)]


def symbol_mask(grid: bytes | bytearray, symbol: int) -> int:
    """The mask of the cells of ``grid`` that hold ``symbol``."""
    return int(grid.translate(_PICK[symbol])[::-1], 2)


def cells_of(mask: int) -> list[int]:
    """The cell indexes of a mask, lowest first."""
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(CELLS // 8, "little")
    return [*_I0[b0], *_I1[b1], *_I2[b2], *_I3[b3], *_I4[b4], *_I5[b5], *_I6[b6], *_I7[b7]]


def find_clusters(masks: list[int], wild: int, paying: int, min_size: int = MIN_CLUSTER) -> list[tuple[int, int, int]]:
    """Every cluster of the grid as (symbol, cell mask, size).

    For each paying symbol S (indexes ``0 .. paying - 1``), the cells holding S or a wild are
    split into 4-connected groups; a group of ``min_size`` or more cells holding at least one S
    is a cluster of S. The same wild may sit in clusters of several symbols.
    """
    found = []
    for symbol in range(paying):
        own = masks[symbol]
        if not own:
            continue
        allowed = own | wild
        if allowed.bit_count() < min_size:
            continue
        down = (allowed >> 1) & allowed & _NOT_LAST_ROW
        right = (allowed >> ROWS) & allowed
        for first, group, size in _groups(down, right, allowed, _NOT_LAST_ROW, min_size):
            if group & own:
                found.append((symbol, first, group, size))
    return _in_order(found)


def _in_order(found: list[tuple[int, int, int, int]]) -> list[tuple[int, int, int]]:
    """(symbol, first seed, group, size) clusters as (symbol, group, size), by symbol, then by first seed."""
    if len(found) > 1:
        found.sort()
    return [(symbol, group, size) for symbol, _, group, size in found]


def _groups(down: int, right: int, allowed: int, not_last_row: int, min_size: int, row: int = 1,
            col: int = ROWS) -> list[tuple[int, int, int]]:
    """The groups of ``min_size`` or more cells of ``allowed`` joined by the neighbour masks ``down`` and
    ``right``, as (first seed, group, size): the first seed is a group's lowest cell with 2 or more neighbours.

    ``row`` and ``col`` are the shifts from a cell to the one below it and to the one on its right
    (1 and 8 on masks of a bit a cell, 8 and 64 on the one-pass finder's byte a cell); ``not_last_row``
    holds every cell but the bottom row's, so that no step down or up leaves its column.
    """
    up = down << row  # the cells whose neighbour above belongs with them
    left = right << col  # and those whose neighbour on the left does
    vertical = down | up
    horizontal = right | left
    through_column = down & up
    through_row = left & right
    # every group of 3 or more cells has a cell with 2 or more neighbours ("seeds")
    seeds = through_column | (vertical & horizontal) | through_row
    if min_size < MIN_CLUSTER:
        starts = seeds
    else:
        # Far fewer flood fills: start only from the seeds every group of 5 or more cells holds.
        # Prune a spanning tree of such a group down to 5 cells: it is a path, whose middle cell
        # has two seeds beside it; a cell with 3 branches, one of which goes on to a seed; or a
        # cross, a cell with 4 neighbours. Groups of 3 and 4 cells, most of the groups there are,
        # have no such cell (but for a 2x2 square).
        seed_down = down & (seeds >> row)
        seed_up = up & (seeds << row)
        seed_left = left & (seeds << col)
        seed_right = right & (seeds >> col)
        by_seed_vertically = seed_down | seed_up
        by_seed_horizontally = seed_left | seed_right
        three = (through_column & horizontal) | (through_row & vertical)
        starts = ((seed_down & seed_up) | (seed_left & seed_right) | (by_seed_vertically & by_seed_horizontally)
                  | (three & (by_seed_vertically | by_seed_horizontally)) | (through_column & through_row))
    groups = []
    while starts:
        group = starts & -starts
        while True:
            grown = (group | ((group & not_last_row) << row) | ((group >> row) & not_last_row) | (group << col)
                     | (group >> col)) & allowed
            if grown == group:
                break
            group = grown
        starts &= ~group
        size = group.bit_count()
        if size >= min_size:
            first = group & seeds
            groups.append((first & -first, group, size))
    return groups


def clusters_of(grid: Grid, wild: int, min_size: int = MIN_CLUSTER) -> list[tuple[int, int, int]]:
    """``find_clusters`` of a grid whose wild is symbol index ``wild`` (paying ones below it).

    The same clusters in the same order, by symbol, then by position, found for every symbol in
    one pass (the module's docstring) when the paying symbols fit the 8 bits of a byte.
    """
    cells = grid if type(grid) is bytearray else bytes(grid)
    if wild > _LANES:
        masks = masks_of(cells, wild + 1)
        return find_clusters(masks, masks[wild], wild, min_size)
    lanes = int.from_bytes(cells.translate(_LANES_OF_SYMBOL[wild]), "little")
    down = (lanes >> _LANE_ROW) & lanes & _LANE_NOT_LAST_ROW
    right = (lanes >> _LANE_COL) & lanes  # the last column's right neighbours are past the number's end
    groups = _groups(down, right, lanes, _LANE_NOT_LAST_ROW, min_size, _LANE_ROW, _LANE_COL)
    if not groups:
        return []
    # a group of wilds alone is no cluster: it must hold a cell of its own symbol
    own = int.from_bytes(cells.translate(_OWN_LANE_OF_SYMBOL[wild]), "little") if wild in cells else lanes
    found = []
    for first, group, size in groups:
        if group & own:
            bit = first.bit_length() - 1
            found.append((bit & 7, bit >> 3, group, size))  # symbol, cell: the order find_clusters gives
    if len(found) > 1:
        found.sort()
    # lane s of a group, cut to bit 0 of each cell's byte, times _GATHER_ROWS: each column's byte 7 is its rows
    # (a loop, not a comprehension: most searches find one cluster, and Python 3.11 makes a function for one)
    clusters = []
    for symbol, _, group, size in found:
        rows = (((group >> symbol) & _LANE_ZERO) * _GATHER_ROWS).to_bytes(CELLS + 8, "little")[ROWS - 1:CELLS:ROWS]
        clusters.append((symbol, int.from_bytes(rows, "little"), size))
    return clusters


# The one-pass finder: a byte a cell, bit s of it for symbol s.
_LANES = 8  # paying symbols a byte holds
_LANE_ROW = 8  # a step to the cell below: one byte
_LANE_COL = 8 * ROWS  # a step to the cell on the right: a column of bytes
_LANE_NOT_LAST_ROW = int.from_bytes(bytes(0 if i % ROWS == ROWS - 1 else 255 for i in range(CELLS)), "little")
_LANE_ZERO = int.from_bytes(bytes([1]) * CELLS, "little")  # bit 0 of every cell's byte
# A number whose cell bytes are 0 or 1 times this: bit r of each column's byte 7 is row r's byte, the bits of
# the column's byte of a cell mask. A column's 8 bytes make 8 terms of distinct places, none reaching another
# column's byte 7, so nothing carries.
_GATHER_ROWS = sum(1 << (56 - 7 * row) for row in range(ROWS))
# bytes.translate tables by the wild's index ``w`` (the paying symbols are 0 .. w - 1): symbol s -> bit s and
# the wild -> every paying symbol's bit (the lanes a cell may join), or the wild -> 0 (a symbol's own cells)
_OWN_LANE_OF_SYMBOL = tuple(bytes(1 << s for s in range(w)) + bytes(256 - w) for w in range(_LANES + 1))
_LANES_OF_SYMBOL = tuple(own[:w] + bytes(((1 << w) - 1,)) + own[w + 1:] for w, own in enumerate(_OWN_LANE_OF_SYMBOL))


# Each cell's ``[col, row]`` for the events, by cell index: one list per cell, shared by every event that
# names it (events are records, never edited, as Fat Santa's line cells are).
CELL_LISTS = tuple([i // ROWS, i % ROWS] for i in range(CELLS))


# For each column and byte (bit r: row r): the cell indexes the byte holds there, top to bottom, and the same
# cells as their ``CELL_LISTS``.
_INDEXES_BY_BYTE = tuple(tuple(tuple(col * ROWS + row for row in range(ROWS) if byte >> row & 1) for byte in range(256))
                         for col in range(COLS))
_I0, _I1, _I2, _I3, _I4, _I5, _I6, _I7 = _INDEXES_BY_BYTE
_C0, _C1, _C2, _C3, _C4, _C5, _C6, _C7 = (tuple(tuple(CELL_LISTS[i] for i in cells) for cells in column)
                                        for column in _INDEXES_BY_BYTE)


def cell_list(mask: int) -> list[list[int]]:
    """The cells of a mask as ``[[col, row], ...]``, in column then row order (shared cell lists)."""
    b0, b1, b2, b3, b4, b5, b6, b7 = mask.to_bytes(CELLS // 8, "little")
    return [*_C0[b0], *_C1[b1], *_C2[b2], *_C3[b3], *_C4[b4], *_C5[b5], *_C6[b6], *_C7[b7]]


def cell_tuples(mask: int) -> tuple[tuple[int, int], ...]:
    return tuple((col, row) for col, row in cell_list(mask))


def mask_of_cells(cells: list[tuple[int, int]] | list[list[int]]) -> int:
    mask = 0
    for col, row in cells:
        mask |= BITS[col * ROWS + row]
    return mask


def block_mask(col: int, row: int, size: int) -> int:
    """The mask of a size x size block whose top-left cell is (col, row)."""
    column = ((1 << size) - 1) << row
    mask = 0
    for c in range(col, col + size):
        mask |= column << (c * ROWS)
    return mask
