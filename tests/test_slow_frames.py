"""The slowest frames of a run with where their time went (``--bench``'s ``bench-slow:`` lines)."""

from __future__ import annotations

import gc
import sys
import time

import pytest

from game.client.slow_frames import PHASES, SlowFrames


def marks(start: float, *phases_ms: float) -> tuple[float, ...]:
    times = [start]
    for ms in phases_ms:
        times.append(times[-1] + ms / 1000.0)
    return tuple(times)


def test_it_keeps_the_slowest_frames_after_the_first_second_slowest_first() -> None:
    slow = SlowFrames(keep=3)
    try:
        slow.add(0, 0.5, marks(0.5, 0, 1, 2, 200), "Lobby", building=False)  # the first second: counted apart
        for index, flip_ms in enumerate([5, 40, 7, 25, 60, 3], start=1):
            slow.begin()
            frame_marks = marks(10.0 + index, 0.1, 0.5, 2.0, flip_ms)
            slow.add(index, 1.0 + index / 60, frame_marks, "Screen", building=index == 5)
        kept = slow.slowest()
    finally:
        slow.close()
    assert [frame.index for frame in kept] == [5, 2, 4]
    worst = kept[0]
    assert worst.ms == pytest.approx(62.6) and worst.building
    assert worst.phases_ms == pytest.approx((0.1, 0.5, 2.0, 60.0))
    assert sum(worst.phases_ms) == pytest.approx(worst.ms)
    assert worst.line() == ("bench-slow: frame=5 at=1.1s ms=62.6 input=0.1 update=0.5 draw=2.0 flip=60.0 "
                            f"cpu={worst.cpu_ms:.1f} gc=0.0 blocks={worst.blocks} preempted={worst.preemptions} "
                            "host_steal=- scene=Screen building=yes")
    assert len(PHASES) == len(worst.phases_ms)


def test_the_collectors_time_inside_a_frame_is_counted_and_the_next_frame_starts_from_zero() -> None:
    slow = SlowFrames(keep=2)
    try:
        garbage: list[list[object]] = [[] for _ in range(200_000)]
        for item in garbage:
            item.append(item)  # cycles: only the collector frees them
        del garbage, item
        slow.begin()
        gc.collect()
        slow.add(1, 2.0, marks(5.0, 0, 50, 0, 0), "Screen", building=False)
        slow.begin()
        slow.add(2, 2.1, marks(6.0, 0, 40, 0, 0), "Screen", building=False)
        first, second = sorted(slow.slowest(), key=lambda frame: frame.index)
    finally:
        slow.close()
    assert first.gc_ms > 0.0
    assert second.gc_ms == 0.0


def test_close_stops_listening_to_the_collector() -> None:
    slow = SlowFrames()
    assert slow._on_gc in gc.callbacks
    slow.close()
    assert slow._on_gc not in gc.callbacks
    slow.close()  # twice is harmless


def test_processor_time_tells_a_busy_frame_from_one_that_waited() -> None:
    slow = SlowFrames(keep=2)
    try:
        slow.begin()
        start = time.perf_counter()
        spent = time.thread_time()
        while time.thread_time() - spent < 0.020:  # 20 ms of work
            pass
        slow.add(1, 2.0, (start, start, time.perf_counter(), time.perf_counter(), time.perf_counter()), "Busy", False)
        slow.begin()
        start = time.perf_counter()
        time.sleep(0.020)  # 20 ms of waiting
        slow.add(2, 2.1, (start, start, start, start, time.perf_counter()), "Waiting", False)
        busy, waited = sorted(slow.slowest(), key=lambda frame: frame.index)
    finally:
        slow.close()
    assert busy.cpu_ms >= 20.0
    assert waited.ms >= 20.0 and waited.cpu_ms < 10.0


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a thread's own counts are Linux's")
def test_a_frame_that_sleeps_counts_a_block_and_one_that_computes_counts_none() -> None:
    slow = SlowFrames(keep=2)
    try:
        slow.begin()
        start = time.perf_counter()
        time.sleep(0.010)  # the thread gives up the core: a voluntary switch
        slow.add(1, 2.0, (start, start, start, start, time.perf_counter()), "Sleeping", False)
        slow.begin()
        start = time.perf_counter()
        total = sum(range(20_000))  # a little work, no system call that waits
        slow.add(2, 2.1, (start, start, start, start, time.perf_counter() + 0.001), "Adding", False)
        slept, added = sorted(slow.slowest(), key=lambda frame: frame.index)
    finally:
        slow.close()
    assert total > 0
    assert slept.blocks >= 1
    assert added.blocks == 0
    assert f"blocks={slept.blocks} preempted={slept.preemptions}" in slept.line()
