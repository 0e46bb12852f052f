"""How much processor time the virtual machine's host took from the machine.

On a virtual machine the host can stop a virtual CPU to run another guest; the kernel counts
that as *steal* in ``/proc/stat``. A frame that falls in such a moment waits although neither the
game nor anything else in the machine was busy: its ``bench-slow:`` line shows the thread
preempted or the flip long, with little processor time. ``--bench`` reads the counter at a frame's
start and, for the frames it reports, at its end (one read of a kept-open file, about 10 us), so a
stall the host caused is told from one the game caused. Where there is no ``/proc/stat`` (not
Linux), there is nothing to read and nothing is claimed.
"""

from __future__ import annotations

import os
from pathlib import Path

PROC_STAT = Path("/proc/stat")
STEAL_FIELD = 7  # user nice system idle iowait irq softirq steal ...


def parse_cpu_line(text: str) -> tuple[int, int] | None:
    """(steal, total) ticks from the first line of ``/proc/stat``, or None if it is not one."""
    fields = text.split("\n", 1)[0].split()
    if len(fields) <= STEAL_FIELD + 1 or fields[0] != "cpu":
        return None
    try:
        ticks = [int(value) for value in fields[1:STEAL_FIELD + 2]]
    except ValueError:
        return None
    return ticks[STEAL_FIELD], sum(ticks)


class HostSteal:
    """Reads the machine's steal counter (all processors together) in milliseconds."""

    def __init__(self, path: Path = PROC_STAT) -> None:
        self._fd: int | None = None
        self._start = (0, 0)
        self._ms_per_tick = 1000.0 / os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 10.0
        try:
            self._fd = os.open(path, os.O_RDONLY)
        except OSError:
            return
        first = self._read()
        if first is None:
            self.close()
            return
        self._start = first

    @property
    def available(self) -> bool:
        return self._fd is not None

    def _read(self) -> tuple[int, int] | None:
        if self._fd is None:
            return None
        try:
            text = os.pread(self._fd, 512, 0).decode("ascii", "replace")
        except OSError:
            return None
        return parse_cpu_line(text)

    def stolen_ms(self) -> float | None:
        """Steal since boot, in ms of processor time; None where it cannot be read."""
        ticks = self._read()
        return None if ticks is None else ticks[0] * self._ms_per_tick

    def share_since_start(self) -> float | None:
        """The percent of all processor time the host took since this reader was made."""
        now = self._read()
        if now is None:
            return None
        steal, total = (a - b for a, b in zip(now, self._start, strict=True))
        return 100.0 * steal / total if total > 0 else 0.0

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None
