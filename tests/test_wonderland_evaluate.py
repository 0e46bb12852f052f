"""Hand-computed 8x8 windows against the printed Santa's Wonderland paytable (x total bet)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import get_game
from game.engine.games.santas_wonderland.clusters import (
    BITS,
    cell_list,
    cells_of,
    clusters_of,
    find_clusters,
    mask_of_cells,
    masks_of,
)
from tests.wonderland_fixtures import quiet_window, reference_clusters, window

GAME = get_game("santas_wonderland")
SYMBOLS = ("bear", "train", "plane", "spade", "heart", "club", "diamond")

# the printed paytable (docs/rules/santas_wonderland.md), written out again by hand: size bracket -> pay, x total bet
BRACKETS = ((5, 5), (6, 6), (7, 7), (8, 8), (9, 11), (12, 14), (15, 19), (20, 24), (25, 64))
PRINTED = {
    "bear": ("0.5", "0.75", "1.25", "2.5", "6.25", "12.5", "25", "100", "500"),
    "train": ("0.25", "0.35", "0.6", "1.25", "3.75", "6.25", "12.5", "50", "250"),
    "plane": ("0.15", "0.25", "0.35", "0.6", "1.85", "3.75", "7.5", "25", "150"),
    "spade": ("0.1", "0.15", "0.2", "0.35", "1.25", "2.5", "5", "12.5", "75"),
    "heart": ("0.1", "0.15", "0.2", "0.3", "1", "1.75", "3.75", "10", "50"),
    "club": ("0.1", "0.15", "0.2", "0.25", "0.75", "1.25", "2.5", "7.5", "37.5"),
    "diamond": ("0.05", "0.1", "0.15", "0.2", "0.5", "1", "1.85", "5", "25"),
}


def printed(symbol: str, size: int) -> F:
    for (low, high), pay in zip(BRACKETS, PRINTED[symbol]):
        if low <= size <= high:
            return F(pay)
    return F(0)


def summary(ev) -> list[tuple[str, int, F]]:
    return sorted((w.symbol, w.count, w.multiplier) for w in ev.wins)


def test_a_quiet_window_pays_nothing() -> None:
    ev = GAME.evaluate(quiet_window())
    assert ev.total == 0 and ev.wins == ()


@pytest.mark.parametrize("symbol", SYMBOLS)
@pytest.mark.parametrize("size", [4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 19, 20, 24, 25, 40, 64])
def test_every_size_bracket_pays_its_printed_figure(symbol: str, size: int) -> None:
    # the first `size` cells in column order form one connected group
    background = tuple(s for s in SYMBOLS if s != symbol)[:4]
    win = quiet_window(background)
    for i in range(size):
        win[i // 8][i % 8] = symbol
    ev = GAME.evaluate(win)
    if size < 5:
        assert ev.wins == ()
        return
    assert summary(ev) == [(symbol, size, printed(symbol, size))]  # only the highest win of the cluster
    assert ev.total == printed(symbol, size)
    assert ev.wins[0].kind == "cluster" and ev.wins[0].line is None
    assert ev.wins[0].cells == tuple((i // 8, i % 8) for i in range(size))


def test_a_wild_shared_by_two_clusters_of_different_symbols() -> None:
    ev = GAME.evaluate(window(
        "B B . . . . . .",
        "B B W T T . . .",
        ". . . T T . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ))
    assert summary(ev) == [("bear", 5, F("0.5")), ("train", 5, F("0.25"))]
    assert ev.total == F("0.75")
    bear = next(w for w in ev.wins if w.symbol == "bear")
    train = next(w for w in ev.wins if w.symbol == "train")
    assert bear.cells == ((0, 0), (0, 1), (1, 0), (1, 1), (2, 1))
    assert train.cells == ((2, 1), (3, 1), (3, 2), (4, 1), (4, 2))


def test_a_wild_joins_two_groups_of_one_symbol_into_one_cluster() -> None:
    ev = GAME.evaluate(window(
        "D D W D D . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ))
    assert summary(ev) == [("diamond", 5, F("0.05"))]


def test_two_clusters_of_one_symbol_pay_separately() -> None:
    ev = GAME.evaluate(window(
        "T T T T T . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . T T T T T",
        ". . . T . . . .",
        ". . . . . . . .",
    ))
    assert summary(ev) == [("train", 5, F("0.25")), ("train", 6, F("0.35"))]
    assert ev.total == F("0.6")


def polyominoes(size: int) -> set[frozenset[tuple[int, int]]]:
    """Every fixed polyomino of ``size`` cells (each rotation and reflection apart), moved to (0, 0)."""
    shapes = {frozenset({(0, 0)})}
    for _ in range(size - 1):
        grown = set()
        for shape in shapes:
            for col, row in shape:
                for cell in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                    if cell not in shape:
                        bigger = shape | {cell}
                        low_col = min(c for c, _ in bigger)
                        low_row = min(r for _, r in bigger)
                        grown.add(frozenset((c - low_col, r - low_row) for c, r in bigger))
        shapes = grown
    return shapes


@pytest.mark.parametrize("size", [3, 4, 5, 6])
@pytest.mark.parametrize("with_wild", [False, True])
def test_every_shape_of_a_group_is_found_from_the_seeds_its_flood_fill_starts_at(size: int, with_wild: bool) -> None:
    # the finders start their flood fills only from cells a group of 5 or more must hold: each of
    # the 19 fixed tetrominoes pays nothing, each of the 63 pentominoes and 216 hexominoes pays,
    # in three places on the grid, and with a wild on its first cell
    shapes = polyominoes(size)
    assert len(shapes) == {3: 6, 4: 19, 5: 63, 6: 216}[size]
    for shape in shapes:
        width = 1 + max(c for c, _ in shape)
        height = 1 + max(r for _, r in shape)
        for col, row in ((0, 0), (8 - width, 8 - height), (min(3, 8 - width), min(2, 8 - height))):
            cells = sorted((col + c, row + r) for c, r in shape)
            for wild_at in cells[:1] if with_wild else [None]:
                win = quiet_window()
                for c, r in cells:
                    win[c][r] = "wild" if (c, r) == wild_at else "bear"
                wins = GAME.evaluate(win).wins
                if size < 5:
                    assert wins == (), cells
                else:
                    assert [(w.symbol, w.cells) for w in wins] == [("bear", tuple(cells))], cells


def test_diagonals_and_column_ends_do_not_connect() -> None:
    diagonal = window(
        "B . . . . . . .",
        ". B . . . . . .",
        ". . B . . . . .",
        ". . . B . . . .",
        ". . . . B . . .",
        ". . . . . B . .",
        ". . . . . . . .",
        ". . . . . . . .",
    )
    assert GAME.evaluate(diagonal).wins == ()
    # the bottom of column 0 and the top of column 1 are far apart on the screen
    ends = quiet_window()
    for col, row in ((0, 5), (0, 6), (0, 7), (1, 0), (1, 1)):
        ends[col][row] = "bear"
    assert GAME.evaluate(ends).wins == ()


def test_a_group_of_only_wilds_pays_nothing() -> None:
    assert GAME.evaluate([["wild"] * 8 for _ in range(8)]).wins == ()
    wilds = mask_of_cells([(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)])
    masks = [0] * 7 + [wilds]
    masks[0] = BITS[7 * 8 + 7]  # one bear far away from the wilds
    assert find_clusters(masks, wilds, 7) == []


def test_wilds_pay_as_the_symbol_they_join() -> None:
    ev = GAME.evaluate(window(
        "W W B . . . . .",
        "W B . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
        ". . . . . . . .",
    ))
    assert summary(ev) == [("bear", 5, F("0.5"))]


def test_cell_lists_are_column_then_row() -> None:
    cells = [[0, 3], [2, 0], [2, 7], [7, 7]]
    assert cell_list(mask_of_cells(cells)) == cells


@given(st.integers(min_value=0, max_value=(1 << 64) - 1))
def test_a_masks_cells_by_index_and_by_column_and_row(mask: int) -> None:
    indexes = [i for i in range(64) if mask >> i & 1]
    assert cells_of(mask) == indexes
    assert cell_list(mask) == [[i // 8, i % 8] for i in indexes]


def test_a_window_must_be_8_by_8_of_known_symbols() -> None:
    with pytest.raises(ValueError, match="8 columns of 8"):
        GAME.evaluate([["bear"] * 8] * 7)
    with pytest.raises(ValueError, match="unknown symbol 'elf'"):
        GAME.evaluate([["elf"] * 8] * 8)


symbol_cells = st.lists(st.sampled_from((*SYMBOLS[:3], "wild", "wild")), min_size=64, max_size=64)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(cells=symbol_cells)
def test_the_bit_mask_finder_agrees_with_a_plain_search(cells: list[str]) -> None:
    win = [cells[c * 8:c * 8 + 8] for c in range(8)]
    ev = GAME.evaluate(win)
    expected = reference_clusters(win)
    assert sorted((w.symbol, w.cells) for w in ev.wins) == sorted(expected)
    assert ev.total == sum((printed(symbol, len(cells)) for symbol, cells in expected), F(0))


wild_free_cells = st.lists(st.sampled_from(SYMBOLS[:3]), min_size=64, max_size=64) | st.lists(
    st.sampled_from(SYMBOLS), min_size=64, max_size=64)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(cells=wild_free_cells)
def test_without_wilds_the_one_pass_finder_gives_the_per_symbol_finders_clusters_in_its_order(cells: list[str]) -> None:
    grid = [SYMBOLS.index(name) for name in cells]
    masks = masks_of(grid, 8)
    assert clusters_of(grid, 7) == find_clusters(masks, masks[7], 7)  # the same clusters, the same order
    win = [cells[c * 8:c * 8 + 8] for c in range(8)]
    assert sorted((SYMBOLS[s], tuple(map(tuple, cell_list(m)))) for s, m, _ in clusters_of(grid, 7)) == sorted(
        reference_clusters(win))


wild_cells = st.lists(st.sampled_from((*SYMBOLS[:3], "wild")), min_size=64, max_size=64) | st.lists(
    st.sampled_from((*SYMBOLS, "wild")), min_size=64, max_size=64)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(cells=wild_cells)
def test_with_wilds_the_one_pass_finder_gives_the_per_symbol_finders_clusters_in_its_order(cells: list[str]) -> None:
    # one wild may sit in clusters of several symbols at once: the one pass must grow each side by side
    index = (*SYMBOLS, "wild")
    grid = bytearray(index.index(name) for name in cells)
    masks = masks_of(grid, 8)
    assert clusters_of(grid, 7) == find_clusters(masks, masks[7], 7)
    assert clusters_of(list(grid), 7) == clusters_of(bytes(grid), 7) == clusters_of(grid, 7)


def test_the_one_pass_finder_shares_a_wild_between_symbols_and_drops_a_group_of_wilds_alone() -> None:
    # diamonds and clubs in a checkerboard (no two alike side by side); five wilds in the corner,
    # every neighbour of theirs a train; a wild at (5, 4) that four bears and four hearts both touch
    win = [["diamond" if (col + row) % 2 == 0 else "club" for row in range(8)] for col in range(8)]
    for col, row in ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2), (5, 4)):
        win[col][row] = "wild"
    for col, row in ((2, 0), (2, 1), (1, 2), (0, 3)):
        win[col][row] = "train"
    for col, row in ((3, 3), (4, 3), (5, 3), (6, 3)):
        win[col][row] = "bear"
    for col, row in ((5, 5), (5, 6), (6, 5), (4, 5)):
        win[col][row] = "heart"
    grid = [(*SYMBOLS, "wild").index(name) for column in win for name in column]
    found = [(SYMBOLS[s], cell_list(m), n) for s, m, n in clusters_of(grid, 7)]
    # the corner's wilds are a group of five in every other symbol's layer too: alone, they pay nothing
    assert found == [
        ("bear", [[3, 3], [4, 3], [5, 3], [5, 4], [6, 3]], 5),
        ("train", [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 1], [1, 2], [2, 0], [2, 1]], 9),
        ("heart", [[4, 5], [5, 4], [5, 5], [5, 6], [6, 5]], 5),
    ]


def test_the_one_pass_finder_keeps_columns_and_their_ends_apart() -> None:
    # cells 5..9 in the flat order are bears, but (0, 7) and (1, 0) are not neighbours: no cluster there;
    # the five bears along row 7 of columns 2..6 are one
    win = quiet_window()
    for col, row in ((0, 5), (0, 6), (0, 7), (1, 0), (1, 1), (2, 7), (3, 7), (4, 7), (5, 7), (6, 7)):
        win[col][row] = "bear"
    grid = [SYMBOLS.index(name) for column in win for name in column]
    assert 7 not in grid
    found = clusters_of(grid, 7)
    assert [(SYMBOLS[s], cell_list(m), n) for s, m, n in found] == [
        ("bear", [[2, 7], [3, 7], [4, 7], [5, 7], [6, 7]], 5)]
    masks = masks_of(grid, 8)
    assert found == find_clusters(masks, masks[7], 7)
