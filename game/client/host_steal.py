"""The share of each second the virtual machine's host gave our processors to someone else.

On a virtual machine the host can stop a virtual CPU to run another guest; the kernel counts
that as *steal* in ``/proc/stat``. A frame that falls in such a second waits although neither the
game nor anything else in the machine was busy: its ``bench-slow:`` line shows the thread
preempted and the flip long, with little processor time. ``--bench`` samples the counter once a
second (one small file read) and puts the second's steal beside each slow frame, so a stall the
host caused is told from one the game caused. Where there is no ``/proc/stat`` (not Linux), it
reports nothing.
"""

from __future__ import annotations

from array import array
from pathlib import Path

PROC_STAT = Path("/proc/stat")
STEAL_FIELD = 7  # user nice system idle iowait irq softirq steal ...


def read_cpu_times(path: Path = PROC_STAT) -> tuple[int, int] | None:
    """(steal, total) ticks over all processors since boot, or None where they are not to be had."""
    try:
        with path.open() as stat:
            fields = stat.readline().split()
    except OSError:
        return None
    if len(fields) <= STEAL_FIELD + 1 or fields[0] != "cpu":
        return None
    try:
        ticks = [int(value) for value in fields[1:]]
    except ValueError:
        return None
    return ticks[STEAL_FIELD], sum(ticks[:STEAL_FIELD + 1])


class StealSeconds:
    """Steal per whole second of a run, in percent (one byte a second: 2 hours take 7 KiB)."""

    def __init__(self, path: Path = PROC_STAT) -> None:
        self.path = path
        self.percents = array("B")
        self._last = read_cpu_times(path)
        self._available = self._last is not None

    def tick(self, since_start: float) -> None:
        """Called every frame; reads the counters once each time a new second of the run begins."""
        if not self._available or since_start < len(self.percents) + 1:
            return
        now = read_cpu_times(self.path)
        if now is None or self._last is None:
            self._available = False
            return
        steal, total = (a - b for a, b in zip(now, self._last, strict=True))
        self._last = now
        percent = round(100 * steal / total) if total > 0 else 0
        while len(self.percents) < int(since_start):  # a second the loop slept through counts alike
            self.percents.append(max(0, min(100, percent)))

    def at(self, since_start: float) -> int | None:
        """The steal of the second that ``since_start`` fell in, once that second has been read."""
        second = int(since_start)
        return self.percents[second] if second < len(self.percents) else None

    def summary(self) -> str:
        """``bench-host:``: the run's mean steal and how many of its seconds had 10% or more."""
        if not self.percents:
            return "bench-host: steal=unknown"
        mean = sum(self.percents) / len(self.percents)
        busy = sum(1 for percent in self.percents if percent >= 10)
        return f"bench-host: seconds={len(self.percents)} steal_mean={mean:.1f}% seconds_steal_10pct_or_more={busy}"
