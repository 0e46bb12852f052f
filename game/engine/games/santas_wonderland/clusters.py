"""The 8x8 grid as bit masks: cluster finding by bit-parallel flood fill, and cell helpers.

The grid itself is a flat list of 64 symbol indexes, cell ``i = col * 8 + row`` (row 0 on top).
A mask gives each column 9 bits: cell (col, row) is bit ``9 * col + row`` and bit ``9 * col + 8``
is a guard that no mask ever sets. Moving up or down a row is a shift by 1 and moving to the
next column a shift by 9; a step off the end of a column lands on a guard bit and is dropped by
the ``& allowed`` that follows every step, so no edge masks are needed.

Most grids hold no wild (wilds come only from features), and there a cluster is simply a group
of one symbol: ``clusters_of`` then finds the groups of every symbol in one pass over the pairs
of equal neighbours, instead of one pass per symbol (see ``_clusters_without_wilds``).
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


def clusters_of(grid: list[int], wild: int, min_size: int = MIN_CLUSTER) -> list[tuple[int, int, int]]:
    """``find_clusters`` of a flat grid whose wild is symbol index ``wild`` (paying ones below it).

    The same clusters in the same order either way: by symbol, then by position.
    """
    if wild in grid or wild > _DENSE_SYMBOLS:
        masks = masks_of(grid, wild + 1)
        return find_clusters(masks, masks[wild], wild, min_size)
    return _clusters_without_wilds(grid, min_size)


# The wild-free finder works on "dense" masks, cell i = col * 8 + row as bit i, read straight
# from the grid's bytes, and hands its clusters back as ordinary masks.
_DENSE_SYMBOLS = 8  # the wild-free finder compares symbols on their low 3 bits
_BYTE_ONES = int.from_bytes(b"\x01" * CELLS, "little")  # bit 0 of every cell's byte
_HAS_BELOW = sum(1 << (8 * i) for i in range(CELLS) if i % ROWS != ROWS - 1)  # not a column's last row
_HAS_RIGHT = sum(1 << (8 * i) for i in range(CELLS - ROWS))  # not the last column
_ONE_TO_DIGIT = bytes(0x31 if b == 1 else 0x30 for b in range(256))  # bytes 0/1 -> b"0"/b"1"


def _equal_neighbours(grid: bytes) -> tuple[int, int]:
    """Dense masks of the cells equal to the cell below them and of those equal to the cell on their right."""
    x = int.from_bytes(grid, "little")  # cell i in byte i; symbols fit in 3 bits
    below = x ^ (x >> 8)
    below = (below | (below >> 1) | (below >> 2)) & _BYTE_ONES  # 1 where the neighbours differ
    right = x ^ (x >> (8 * ROWS))
    right = (right | (right >> 1) | (right >> 2)) & _BYTE_ONES
    # one byte per cell, 0 or 1 -> a binary numeral, last cell first -> a dense mask
    same_below = int((_HAS_BELOW & ~below).to_bytes(CELLS, "big").translate(_ONE_TO_DIGIT), 2)
    same_right = int((_HAS_RIGHT & ~right).to_bytes(CELLS, "big").translate(_ONE_TO_DIGIT), 2)
    return same_below, same_right


def _clusters_without_wilds(grid: list[int], min_size: int) -> list[tuple[int, int, int]]:
    """The clusters of a grid with no wild: the groups of ``min_size`` or more equal, 4-connected symbols."""
    down, right = _equal_neighbours(bytes(grid))
    up = down << 1  # cells equal to the cell above them
    left = right << ROWS  # cells equal to the cell on their left
    vertical = down | up
    horizontal = right | left
    if (vertical | horizontal).bit_count() < min_size:
        return []
    # every group of 3 or more cells has a cell with 2 or more equal neighbours: start only there
    seeds = (down & up) | (vertical & horizontal) | (right & left)
    found = []
    while seeds:
        first = seeds & -seeds
        group = first
        while True:
            grown = group | ((group & down) << 1) | ((group >> 1) & down) | ((group & right) << ROWS) | (
                (group >> ROWS) & right)
            if grown == group:
                break
            group = grown
        seeds &= ~group
        size = group.bit_count()
        if size >= min_size:
            found.append((grid[first.bit_length() - 1], first, group, size))
    found.sort()  # by symbol, then by first cell: the order find_clusters gives
    return [(symbol, _from_dense(group), size) for symbol, _, group, size in found]


def _from_dense(dense: int) -> int:
    """A dense mask (8 bits a column) as an ordinary one (9 bits a column)."""
    mask = 0
    for col in range(COLS):
        mask |= ((dense >> (ROWS * col)) & 0xFF) << (STRIDE * col)
    return mask


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
