"""The slowest frames of a run, each with where its time went: printed by ``--bench``.

A percentile says that a run stuttered; this says in which phase of which frames (input, update,
draw, the flip), how much of it the main thread spent on the processor (the rest it waited: for
the window server, for the interpreter held by the worker, or for a core the host gave elsewhere),
on which screen, whether a screen was being built on the worker meanwhile, and how much of it was
Python's garbage collector. The thread's context switches tell the waits apart: a *block* is the
thread giving up the core itself (a lock, the interpreter's, a socket, the disk), a *preemption*
the kernel taking it away (another process or the host wanted the core); ``host_steal`` is the
processor time the virtual machine's host took from the machine meanwhile (``host_steal.py``).
It keeps a handful of frames (constant memory) and costs a few clock reads, one ``getrusage`` and
one read of ``/proc/stat`` a frame.
"""

from __future__ import annotations

import gc
import heapq
import itertools
import time
from dataclasses import dataclass
from typing import Any

from .host_steal import HostSteal

try:
    import resource
except ImportError:  # Windows has no getrusage: the counts stay 0 there
    resource = None  # type: ignore[assignment]

PHASES = ("input", "update", "draw", "flip")
LONG_FRAME_MS = 33.3  # two 60 Hz frames


@dataclass(frozen=True, order=True)
class SlowFrame:
    """One frame; ordered by its time, so the heap keeps the slowest."""

    ms: float
    index: int
    at_s: float  # seconds into the run
    phases_ms: tuple[float, ...]  # one per PHASES
    cpu_ms: float  # the main thread's processor time in the frame
    gc_ms: float  # the collector's share of ``ms``
    scene: str  # the screen on top when the frame began
    building: bool  # a screen was being built on the worker
    blocks: int = 0  # the main thread gave up the core (voluntary context switches)
    preemptions: int = 0  # the kernel took the core from it (involuntary context switches)
    host_steal_ms: float | None = None  # processor time the host took from the machine (both cores)

    def line(self) -> str:
        steal = "-" if self.host_steal_ms is None else f"{self.host_steal_ms:.0f}ms"
        phases = " ".join(f"{name}={ms:.1f}" for name, ms in zip(PHASES, self.phases_ms, strict=True))
        return (f"bench-slow: frame={self.index} at={self.at_s:.1f}s ms={self.ms:.1f} {phases} "
                f"cpu={self.cpu_ms:.1f} gc={self.gc_ms:.1f} blocks={self.blocks} preempted={self.preemptions} "
                f"host_steal={steal} scene={self.scene} building={'yes' if self.building else 'no'}")


class SlowFrames:
    """The ``keep`` slowest frames after the first ``settle_s`` seconds."""

    def __init__(self, keep: int = 8, settle_s: float = 1.0, steal: HostSteal | None = None) -> None:
        self.keep = keep
        self.settle_s = settle_s
        self.steal = steal
        self._steal_start: float | None = None
        self.long_frames = 0  # over LONG_FRAME_MS after the first second
        self.long_but_for_steal = 0  # of those, within it once the host's steal is taken out
        self._heap: list[SlowFrame] = []
        self._gc_started = 0.0
        self._gc_seconds = 0.0  # collector time since the frame began
        self._cpu_start = 0.0
        self._switches_start = (0, 0)
        gc.callbacks.append(self._on_gc)

    def _on_gc(self, phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._gc_started:
            self._gc_seconds += time.perf_counter() - self._gc_started
            self._gc_started = 0.0

    def begin(self) -> None:
        """A frame begins (its collector and processor time count from here)."""
        self._gc_seconds = 0.0
        self._cpu_start = time.thread_time()
        self._switches_start = _context_switches()
        if self.steal is not None:
            self._steal_start = self.steal.stolen_ms()

    def add(self, index: int, at_s: float, marks: tuple[float, ...], scene: str, building: bool) -> None:
        """Frame ``index``, begun ``at_s`` into the run; ``marks`` are the clock at its start and at
        the end of each phase."""
        if at_s < self.settle_s:
            return
        ms = (marks[-1] - marks[0]) * 1000.0
        long = ms > LONG_FRAME_MS
        kept = len(self._heap) < self.keep or ms > self._heap[0].ms
        if not (long or kept):
            return
        steal_ms = self._steal_in_frame()
        if long:
            self.long_frames += 1
            self.long_but_for_steal += steal_ms is not None and ms - steal_ms <= LONG_FRAME_MS
        if not kept:
            return
        cpu_ms = (time.thread_time() - self._cpu_start) * 1000.0
        phases = tuple((b - a) * 1000.0 for a, b in itertools.pairwise(marks))
        blocks, preemptions = (now - then for now, then in zip(_context_switches(), self._switches_start, strict=True))
        frame = SlowFrame(ms, index, at_s, phases, cpu_ms, self._gc_seconds * 1000.0, scene, building,
                          blocks, preemptions, steal_ms)
        if len(self._heap) < self.keep:
            heapq.heappush(self._heap, frame)
        else:
            heapq.heapreplace(self._heap, frame)

    def _steal_in_frame(self) -> float | None:
        if self.steal is None or self._steal_start is None:
            return None
        now = self.steal.stolen_ms()
        return None if now is None else now - self._steal_start

    def slowest(self) -> list[SlowFrame]:
        return sorted(self._heap, reverse=True)

    def host_line(self) -> str:
        """``bench-host:``: the host's share of the run's processor time, the frames over 33 ms
        after the first second, and how many of them were within 33 ms but for that steal."""
        share = self.steal.share_since_start() if self.steal is not None else None
        if share is None:
            return "bench-host: steal=unknown"
        return (f"bench-host: steal={share:.1f}% over33ms={self.long_frames} "
                f"within33ms_without_steal={self.long_but_for_steal}")

    def close(self) -> None:
        if self.steal is not None:
            self.steal.close()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)


def _context_switches() -> tuple[int, int]:
    """The calling thread's voluntary and involuntary context switches so far (Linux; 0, 0 where a
    thread's own counts are not to be had)."""
    who = getattr(resource, "RUSAGE_THREAD", None)
    if who is None:
        return 0, 0
    usage = resource.getrusage(who)
    return usage.ru_nvcsw, usage.ru_nivcsw
