"""Reel windows: ``rows`` consecutive symbols from each reel's stop, wrapping past the strip's end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.engine.reels import ReelSet
from game.engine.rng import RoundRng


def plain_window(strips: list[list[str]], stops: list[int], rows: int) -> list[list[str]]:
    return [[strip[(stop + row) % len(strip)] for row in range(rows)] for strip, stop in zip(strips, stops)]


@given(st.integers(min_value=1, max_value=7), st.integers(min_value=1, max_value=5), st.data())
def test_a_window_is_rows_symbols_from_each_stop_wrapping_round(reels: int, rows: int, data: st.DataObject) -> None:
    strips = [[f"r{reel}s{i}" for i in range(data.draw(st.integers(min_value=rows, max_value=12)))]
              for reel in range(reels)]
    stops = [data.draw(st.integers(min_value=0, max_value=len(strip) - 1)) for strip in strips]
    window = ReelSet(strips, rows).window_at(stops)
    assert window == plain_window(strips, stops, rows)
    assert all(type(column) is list for column in window)  # the events' lists, one a reel


@pytest.mark.parametrize("reels", [3, 5, 6])
def test_a_spin_draws_one_stop_a_reel_and_shows_the_window_there(reels: int) -> None:
    strips = [[f"{reel}:{i}" for i in range(10 + reel)] for reel in range(reels)]
    window, stops = ReelSet(strips, 3).spin(RoundRng(5))
    assert stops == RoundRng(5).below_each([len(strip) for strip in strips])
    assert window == plain_window(strips, stops, 3)
