"""Host steal per second of a run (``--bench``'s ``host_steal=`` and ``bench-host:``)."""

from __future__ import annotations

from pathlib import Path

from game.client.host_steal import StealSeconds, read_cpu_times


def write_stat(path: Path, steal: int, total: int) -> None:
    """A /proc/stat whose first line has ``total`` ticks, ``steal`` of them stolen."""
    idle = total - steal - 10
    path.write_text(f"cpu  6 0 4 {idle} 0 0 0 {steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1\n")


def test_the_counters_are_read_as_steal_and_total(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    write_stat(stat, steal=30, total=1000)
    assert read_cpu_times(stat) == (30, 1000)
    stat.write_text("nonsense\n")
    assert read_cpu_times(stat) is None
    assert read_cpu_times(tmp_path / "missing") is None


def test_each_second_gets_its_share_and_a_slept_second_its_neighbours(tmp_path: Path) -> None:
    stat = tmp_path / "stat"
    write_stat(stat, steal=0, total=1000)
    seconds = StealSeconds(stat)
    seconds.tick(0.5)  # the first second is not over: nothing read
    assert seconds.at(0.5) is None
    write_stat(stat, steal=0, total=1200)
    seconds.tick(1.01)
    write_stat(stat, steal=50, total=1400)  # 50 of 200 ticks stolen
    seconds.tick(2.02)
    write_stat(stat, steal=50, total=1800)  # two seconds in one read: 0 of 400
    seconds.tick(4.1)
    assert list(seconds.percents) == [0, 25, 0, 0]
    assert seconds.at(1.7) == 25 and seconds.at(3.9) == 0 and seconds.at(4.2) is None
    assert seconds.summary() == "bench-host: seconds=4 steal_mean=6.2% seconds_steal_10pct_or_more=1"


def test_without_the_counters_it_reports_nothing(tmp_path: Path) -> None:
    seconds = StealSeconds(tmp_path / "missing")
    seconds.tick(5.0)
    assert seconds.at(1.0) is None
    assert seconds.summary() == "bench-host: steal=unknown"
