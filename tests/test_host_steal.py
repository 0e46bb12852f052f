"""The host's steal (``--bench``'s ``host_steal=`` and ``bench-host:`` lines)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from game.client.host_steal import HostSteal, parse_cpu_line
from game.client.slow_frames import SlowFrames


def write_stat(path: Path, steal: int, total: int) -> None:
    """A /proc/stat whose first line has ``total`` ticks, ``steal`` of them stolen."""
    idle = total - steal - 10
    path.write_text(f"cpu  6 0 4 {idle} 0 0 0 {steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1\n")


def test_the_first_line_is_read_as_steal_and_total() -> None:
    assert parse_cpu_line("cpu  6 0 4 960 0 0 0 30 0 0\ncpu0 1\n") == (30, 1000)
    assert parse_cpu_line("nonsense\n") is None
    assert parse_cpu_line("cpu 1 2 x 4 5 6 7 8\n") is None


def test_steal_is_read_in_milliseconds_and_as_a_share_of_the_run(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    write_stat(stat, steal=10, total=1000)
    steal = HostSteal(stat)
    try:
        assert steal.available
        before = steal.stolen_ms()
        write_stat(stat, steal=60, total=1200)  # 50 of the next 200 ticks stolen
        after = steal.stolen_ms()
        assert before is not None and after is not None
        assert after - before == pytest.approx(50 * steal._ms_per_tick)
        assert steal.share_since_start() == pytest.approx(25.0)
    finally:
        steal.close()
    assert not steal.available and steal.stolen_ms() is None


def test_without_the_counters_nothing_is_claimed(tmp_path: Path) -> None:
    missing = HostSteal(tmp_path / "missing")
    assert not missing.available and missing.stolen_ms() is None and missing.share_since_start() is None
    bad = tmp_path / "bad"
    bad.write_text("nonsense\n")
    assert not HostSteal(bad).available
    slow = SlowFrames(steal=missing)
    try:
        assert slow.host_line() == "bench-host: steal=unknown"
    finally:
        slow.close()


def frame_marks(start: float, ms: float) -> tuple[float, ...]:
    return (start, start, start, start, start + ms / 1000.0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's tick is Linux's")
def test_long_frames_are_told_apart_by_what_the_host_took_in_them(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    write_stat(stat, steal=0, total=1000)
    slow = SlowFrames(keep=8, steal=HostSteal(stat))
    tick_ms = 1000.0 / os.sysconf("SC_CLK_TCK")  # the kernel's USER_HZ: 100 a second on Linux
    try:
        steal, total = 0, 1000
        for index, (ms, stolen_ticks) in enumerate([(20.0, 0), (60.0, 3), (60.0, 1), (40.0, 0)], start=1):
            slow.begin()
            steal, total = steal + stolen_ticks, total + 20
            write_stat(stat, steal=steal, total=total)
            slow.add(index, 1.0 + index, frame_marks(10.0 + index, ms), "Screen", building=False)
        frames = {frame.index: frame for frame in slow.slowest()}
        line = slow.host_line()
    finally:
        slow.close()
    assert frames[1].host_steal_ms == 0.0
    assert frames[2].host_steal_ms == pytest.approx(3 * tick_ms)
    assert frames[3].host_steal_ms == pytest.approx(tick_ms)
    assert f"host_steal={3 * tick_ms:.0f}ms" in frames[2].line()
    # at 10 ms a tick: 60 ms with 30 ms stolen is within 33 ms without it; 60 with 10 and 40 with none are not
    assert line.startswith("bench-host: steal=") and line.endswith(" over33ms=3 within33ms_without_steal=1")
