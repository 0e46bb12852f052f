"""The 8x8 grid as bit masks: cluster finding by bit-parallel flood fill, and cell helpers.

The grid itself is a flat list of 64 symbol indexes, cell ``i = col * 8 + row`` (row 0 on top).
A mask gives each column 9 bits: cell (col, row) is bit ``9 * col + row`` and bit ``9 * col + 8``
is a guard that no mask ever sets. Moving up or down a row is a shift by 1 and moving to the
next column a shift by 9; a step off the end of a column lands on a guard bit and is dropped by
the ``& allowed`` that follows every step, so no edge masks are needed.
"""

from __future__ import annotations

COLS = 8
ROWS = 8
CELLS = COLS * ROWS
STRIDE = ROWS + 1  # bits per column in a mask (8 rows and a guard bit)
MIN_CLUSTER = 5

BITS = tuple(1 << (STRIDE * (i // ROWS) + i % ROWS) for i in range(CELLS))  # flat cell index -> mask bit
FULL = sum(BITS)
# For each byte (a column's removed rows): the rows that stay, top to bottom.
KEPT_ROWS = tuple(tuple(r for r in range(ROWS) if not byte >> r & 1) for byte in range(256))
# For each byte: the rows it holds, top to bottom.
ROWS_OF = tuple(tuple(r for r in range(ROWS) if byte >> r & 1) for byte in range(256))


def masks_of(grid: list[int], symbols: int) -> list[int]:
    """One mask per symbol index of a flat grid."""
    masks = [0] * symbols
    for symbol, bit in zip(grid, BITS):
        masks[symbol] |= bit
    return masks


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
        # the cells with a neighbour below, above, to the left and to the right
        below = (allowed >> 1) & allowed
        above = (allowed << 1) & allowed
        left = (allowed << STRIDE) & allowed
        right = (allowed >> STRIDE) & allowed
        core = below | above | left | right  # lone cells can never be part of a cluster
        if core.bit_count() < min_size:
            continue
        # every group of 3 or more cells has a cell with 2 or more neighbours: start only there
        seeds = (below & (above | left | right)) | (above & (left | right)) | (left & right)
        while seeds:
            group = seeds & -seeds
            while True:
                grown = (group | (group << 1) | (group >> 1) | (group << STRIDE) | (group >> STRIDE)) & core
                if grown == group:
                    break
                group = grown
            seeds &= ~group
            if group & own:
                size = group.bit_count()
                if size >= min_size:
                    found.append((symbol, group, size))
    return found


def column_bytes(mask: int) -> list[int]:
    """The 8 row bits of each column of a mask."""
    return [(mask >> (STRIDE * col)) & 0xFF for col in range(COLS)]


def cell_list(mask: int) -> list[list[int]]:
    """The cells of a mask as ``[[col, row], ...]``, in column then row order."""
    return [[col, row] for col in range(COLS) for row in ROWS_OF[(mask >> (STRIDE * col)) & 0xFF]]


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
        mask |= column << (c * STRIDE)
    return mask
