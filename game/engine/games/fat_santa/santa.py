"""Fat Santa's block in the free games: where he walks, how he grows, and the pie meter.

Santa is a square block ``(col, row, size)``: top-left cell and side. It always lies inside the
5x5 grid: ``0 <= col, row <= 5 - size``.

* **Visiting order** — each step Santa goes to the nearest pie not yet collected: the distance
  from his block to a cell is the number of columns or rows (whichever is more) he must move to
  cover it (0 for a cell under him); ties go to the lower column, then the lower row.
* **Moving** — he moves the least that covers the pie: a pie left of him brings his left edge
  to its column, a pie right of him brings his right edge to it, likewise for rows. A block that
  covers a cell of the grid and is no larger than the grid never needs clamping.
* **Growing** — when the meter fills he grows by one from his top-left cell, right and down,
  and is pushed back left/up as far as needed to stay inside the grid.
"""

from __future__ import annotations

from collections.abc import Sequence

GRID = 5

Block = tuple[int, int, int]  # (col, row, size)
Walk = tuple[list[tuple[int, int]], list[Block], list[tuple[int, int]]]


def block_event(block: Block) -> dict[str, int]:
    col, row, size = block
    return {"col": col, "row": row, "size": size}


def block_cells(block: Block) -> list[tuple[int, int]]:
    col, row, size = block
    return [(c, r) for c in range(col, col + size) for r in range(row, row + size)]


def distance(block: Block, cell: tuple[int, int]) -> int:
    col, row, size = block
    c, r = cell
    dc = col - c if c < col else c - (col + size - 1) if c >= col + size else 0
    dr = row - r if r < row else r - (row + size - 1) if r >= row + size else 0
    return dc if dc > dr else dr


def move_to(block: Block, cell: tuple[int, int]) -> Block:
    """The block moved the least to cover ``cell``."""
    col, row, size = block
    c, r = cell
    if c < col:
        col = c
    elif c >= col + size:
        col = c - size + 1
    if r < row:
        row = r
    elif r >= row + size:
        row = r - size + 1
    return (col, row, size)


def grow(block: Block) -> Block:
    """One size larger from the top-left cell, pushed back inside the grid."""
    col, row, size = block
    size = min(size + 1, GRID)
    limit = GRID - size
    return (min(col, limit), min(row, limit), size)


def collect(block: Block, pies: Sequence[tuple[int, int]], meter: Meter) -> Walk:
    """Santa's walk over this spin's pies: each visit adds a pie to the meter, each fill grows him.

    Returns the pies in visiting order, his block after each visit (after any growth it caused),
    and each growth as ``(new size, extra spins)``.
    """
    left = sorted(pies)
    order: list[tuple[int, int]] = []
    path: list[Block] = []
    grew: list[tuple[int, int]] = []
    while left:
        best = min(left, key=lambda cell: distance(block, cell))  # first of equals: lowest col, then row
        left.remove(best)
        order.append(best)
        block = move_to(block, best)
        extra = meter.add()
        if extra is not None:
            block = grow(block)
            grew.append((block[2], extra))
        path.append(block)
    return order, path, grew


class Meter:
    """The Christmas Pie meter: ``sizes[f]`` pies make fill ``f + 1``; each fill grows Santa."""

    __slots__ = ("extra", "fills", "pies", "sizes")

    def __init__(self, sizes: Sequence[int], extra: Sequence[int]) -> None:
        self.sizes = tuple(sizes)
        self.extra = tuple(extra)
        self.pies = 0
        self.fills = 0

    @property
    def full(self) -> bool:
        return self.fills >= len(self.sizes)

    @property
    def needed(self) -> int:
        return self.sizes[min(self.fills, len(self.sizes) - 1)]

    def add(self) -> int | None:
        """Add one pie; returns the extra spins when this pie fills the meter, else None."""
        if self.full:
            return None
        self.pies += 1
        if self.pies < self.sizes[self.fills]:
            return None
        award = self.extra[self.fills]
        self.fills += 1
        self.pies = self.needed if self.full else 0  # a full meter stays shown full
        return award

    def event(self) -> dict[str, int]:
        return {"pies": self.pies, "needed": self.needed, "fills": self.fills}
