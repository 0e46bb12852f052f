"""Santa's block in the free games: moving, growing, the visiting order and the pie meter."""

from __future__ import annotations

from game.engine.games.fat_santa.santa import Meter, block_cells, collect, distance, grow, move_to


def inside(block: tuple[int, int, int]) -> bool:
    col, row, size = block
    return 1 <= size <= 5 and 0 <= col <= 5 - size and 0 <= row <= 5 - size


def test_santa_moves_the_least_that_covers_the_pie() -> None:
    assert move_to((0, 2, 1), (3, 4)) == (3, 4, 1)
    assert move_to((0, 0, 2), (4, 1)) == (3, 0, 2)  # right edge to column 4; row 1 is covered
    assert move_to((3, 3, 2), (0, 0)) == (0, 0, 2)
    assert move_to((1, 1, 3), (2, 2)) == (1, 1, 3)  # already under him


def test_distance_counts_the_larger_of_the_column_and_row_steps() -> None:
    assert distance((0, 0, 1), (0, 0)) == 0
    assert distance((0, 0, 1), (3, 1)) == 3
    assert distance((1, 1, 3), (4, 0)) == 1
    assert distance((1, 1, 3), (2, 3)) == 0


def test_growing_keeps_the_top_left_cell_and_stays_inside_the_grid() -> None:
    assert grow((0, 2, 1)) == (0, 2, 2)
    assert grow((4, 4, 1)) == (3, 3, 2)
    assert grow((3, 0, 2)) == (2, 0, 3)
    assert grow((1, 1, 4)) == (0, 0, 5)
    assert grow((0, 0, 5)) == (0, 0, 5)
    for col in range(5):
        for row in range(5):
            block = (col, row, 1)
            while block[2] < 5:
                block = grow(block)
                assert inside(block)


def test_santa_visits_the_nearest_pie_first_ties_by_column_then_row() -> None:
    meter = Meter((10, 10, 10, 10), (3, 2, 2, 1))
    order, path, grew = collect((0, 2, 1), [(4, 4), (1, 2), (1, 0), (0, 4)], meter)
    # from (0,2): (1,2) at 1; then from (1,2): (0,4) and (1,0) at 2, column 0 first; then (1,0); (4,4)
    assert order == [(1, 2), (0, 4), (1, 0), (4, 4)]
    assert path == [(1, 2, 1), (0, 4, 1), (1, 0, 1), (4, 4, 1)]
    assert grew == [] and meter.pies == 4


def test_pies_beneath_santa_are_collected_without_moving() -> None:
    meter = Meter((4, 5, 6, 7), (3, 2, 2, 1))
    order, path, _ = collect((1, 1, 3), [(2, 2), (3, 3)], meter)
    assert order == [(2, 2), (3, 3)] and path == [(1, 1, 3), (1, 1, 3)]


def test_a_fill_grows_santa_on_the_way_and_the_walk_goes_on_from_the_grown_block() -> None:
    meter = Meter((2, 5, 6, 7), (3, 2, 2, 1))
    order, path, grew = collect((0, 0, 1), [(1, 0), (4, 4), (2, 1)], meter)
    # (1,0) then (2,1) fill the meter: Santa grows from (2,1) to 2x2, then walks to (4,4)
    assert order == [(1, 0), (2, 1), (4, 4)]
    assert path == [(1, 0, 1), (2, 1, 2), (3, 3, 2)]
    assert grew == [(2, 3)]
    assert all(inside(block) for block in path)


def test_the_meter_fills_at_4_5_6_7_awarding_3_2_2_1_and_stays_full() -> None:
    meter = Meter((4, 5, 6, 7), (3, 2, 2, 1))
    awards = []
    for pie in range(1, 30):
        award = meter.add()
        if award is not None:
            awards.append((pie, award, meter.fills))
    assert awards == [(4, 3, 1), (9, 2, 2), (15, 2, 3), (22, 1, 4)]
    assert meter.full and meter.event() == {"pies": 7, "needed": 7, "fills": 4}


def test_block_cells() -> None:
    assert block_cells((3, 3, 2)) == [(3, 3), (3, 4), (4, 3), (4, 4)]
