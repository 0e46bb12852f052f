"""The Slingo grid: cells as bits, the 12 win lines, and the published best strategy for a pick.

Cell ``(col, row)`` is bit ``col * 5 + row`` of a 25-bit mask of marked cells. The lines are the
5 rows, the 5 columns and the 2 diagonals; a line whose cells are all marked is a Slingo, and all
12 at once (every cell marked) is the Full House.

The strategy (rule text: "use wilds and super wilds to complete as many Slingos as possible;
prioritise positions in the most win lines, such as the central square; if several are equally
favourable, a random choice is made") ranks a candidate cell by, in order: the Slingos marking it
completes; how near it brings its unfinished lines to completion (the marked counts of its lines
after marking, most advanced first, compared in turn); the lines through it (the centre is in 4,
a diagonal cell in 3, any other cell in 2). The best cells tie only when all three agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

SIZE = 5
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
Cell = tuple[int, int]


def bit(col: int, row: int) -> int:
    return 1 << (col * SIZE + row)


def cell_of(index: int) -> Cell:
    return divmod(index, SIZE)


def _line(cells: Iterable[Cell]) -> int:
    mask = 0
    for col, row in cells:
        mask |= bit(col, row)
    return mask


# rows 0-4 (top to bottom), columns 0-4 (left to right), then the diagonals
LINES: tuple[int, ...] = (
    *(_line((col, row) for col in range(SIZE)) for row in range(SIZE)),
    *(_line((col, row) for row in range(SIZE)) for col in range(SIZE)),
    _line((i, i) for i in range(SIZE)),
    _line((i, SIZE - 1 - i) for i in range(SIZE)),
)
LINE_NAMES: tuple[str, ...] = (
    *(f"row {row + 1}" for row in range(SIZE)), *(f"column {col + 1}" for col in range(SIZE)),
    "diagonal down", "diagonal up",
)
LINES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(line for line in LINES if line & (1 << index)) for index in range(CELLS)
)
COLUMN_MASKS: tuple[int, ...] = tuple(_line((col, row) for row in range(SIZE)) for col in range(SIZE))


def slingos(mask: int) -> int:
    """The completed lines of ``mask``."""
    return sum(1 for line in LINES if mask & line == line)


def completed_lines(mask: int) -> list[int]:
    """The indexes (into ``LINES``) of the completed lines."""
    return [index for index, line in enumerate(LINES) if mask & line == line]


def unmarked(mask: int, within: int = FULL) -> list[int]:
    """The unmarked cells' bit indexes inside ``within``, in index order."""
    free = within & ~mask
    return [index for index in range(CELLS) if free >> index & 1]


def rank(mask: int, index: int) -> tuple[int, tuple[int, ...], int]:
    """The strategy's key for marking cell ``index`` on ``mask`` (larger is better)."""
    after = mask | (1 << index)
    completed = 0
    near: list[int] = []
    for line in LINES_THROUGH[index]:
        if after & line == line:
            completed += 1
        else:
            near.append((after & line).bit_count())
    near.sort(reverse=True)
    return completed, tuple(near), len(LINES_THROUGH[index])


def best_cells(mask: int, candidates: Sequence[int]) -> list[int]:
    """The candidates the strategy ranks first (several when they tie: one is drawn at random).

    The ranking is :func:`rank`'s, read from a table: a cell's rank depends only on the marked
    counts of its lines, so each line is counted once per call and each candidate is one lookup
    (the extra spins' pricing asks this tens of thousands of times an offer).
    """
    counts = [(mask & line).bit_count() for line in LINES]
    best: list[int] = []
    best_key = -1
    table = _rank_table()
    for index in candidates:
        code = 0
        for line in LINE_INDEXES_THROUGH[index]:
            code = code * SIZE + counts[line]
        key = table[index][code]
        if key > best_key:
            best, best_key = [index], key
        elif key == best_key:
            best.append(index)
    return best


LINE_INDEXES_THROUGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, line in enumerate(LINES) if line & (1 << index)) for index in range(CELLS)
)


def warm_up() -> None:
    """Build the strategy's rank table now (about 10 ms, once a process) rather than inside the
    first pick or the first extra spin's price, which has 50 ms."""
    _rank_table()


@cache
def _rank_table() -> tuple[dict[int, int], ...]:
    """Per cell: its lines' marked counts (base-5 digits, in ``LINE_INDEXES_THROUGH`` order) -> the place
    of :func:`rank`'s key among all keys (larger is better); built once (:func:`warm_up`)."""
    by_cell: list[dict[int, tuple[int, tuple[int, ...], int]]] = []
    for index in range(CELLS):
        through = LINE_INDEXES_THROUGH[index]
        keys: dict[int, tuple[int, tuple[int, ...], int]] = {}
        for code in range(SIZE ** len(through)):
            digits = [code // SIZE ** (len(through) - 1 - k) % SIZE for k in range(len(through))]
            after = [d + 1 for d in digits]  # the cell's own mark added
            near = sorted((a for a in after if a < SIZE), reverse=True)
            keys[code] = (sum(1 for a in after if a == SIZE), tuple(near), len(through))
        by_cell.append(keys)
    order = {key: place for place, key in enumerate(sorted({k for keys in by_cell for k in keys.values()}))}
    return tuple({code: order[key] for code, key in keys.items()} for keys in by_cell)
