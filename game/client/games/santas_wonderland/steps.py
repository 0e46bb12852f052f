"""Timeline steps of a cluster round: drop-in, cluster wins, explosions with gravity.

Every step sets the grid its event describes the moment it starts (only offsets animate), and
a skip settles the movement at once, so skipping or turbo changes nothing but time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...widgets.timeline import Step
from .clusters import COLORS, ClusterMark
from .stage import Stage

Grid = Sequence[Sequence[str]]


class DropIn(Step):
    """The grid falls away and a new one drops in (a spin, a new Midnight Riches level)."""

    name = "drop"

    def __init__(self, s: Stage, grid: Grid, *, before: Callable[[], None] | None = None,
                 after: Callable[[], None] | None = None, progress: int | None = None) -> None:
        self.s = s
        self.grid = grid
        self.before = before
        self.after = after
        self.progress = progress
        self._done = False

    def start(self) -> None:
        self._done = False
        if self.before is not None:
            self.before()
        self.s.grid.drop_in(self.grid)

    def update(self, dt: float) -> bool:
        if self._done:
            return True
        if self.s.grid.busy:
            return False
        self._done = True
        if self.after is not None:
            self.after()
        return True

    def skip(self) -> None:
        self.s.grid.settle()


class ShowClusters(Step):
    """Every cluster of a tumble round outlined with its pay; the counter and the meter move."""

    name = "clusters"

    def __init__(self, s: Stage, marks: Sequence[ClusterMark], *, counter_to: int, meter: int,
                 markers_won: Sequence[str], seconds: float, sound_name: str, progress: int | None = None) -> None:
        self.s = s
        self.marks = list(marks)
        self.counter_to = counter_to
        self.meter = meter
        self.markers_won = list(markers_won)
        self.seconds = seconds
        self.sound_name = sound_name
        self.progress = progress
        self.left = seconds

    def start(self) -> None:
        s = self.s
        self.left = self.seconds
        s.painter.show(self.marks)
        s.money.counter.roll_to(self.counter_to, self.seconds * 0.8)
        s.set_meter(self.meter)
        s.sound(self.sound_name)
        for mark in self.marks:
            x, y = s.grid.cell_center(*mark.cells[len(mark.cells) // 2])
            s.sparkle_at(x, y, COLORS.get(mark.symbol))

    def update(self, dt: float) -> bool:
        self.left -= dt
        if self.left > 0 or self.s.money.counter.rolling:
            return False
        self._markers()
        return True

    def _markers(self) -> None:
        if self.markers_won:
            self.s.win_markers(self.markers_won)
            self.markers_won = []

    def skip(self) -> None:
        self.s.money.counter.finish()
        self.s.meter.finish()
        self.left = 0.0


class Tumble(Step):
    """The winning cells burst; survivors fall, new symbols drop in from the top."""

    name = "tumble"

    BURST = 0.3

    def __init__(self, s: Stage, event: dict[str, Any], progress: int | None = None) -> None:
        self.s = s
        self.event = event
        self.progress = progress
        self.t = 0.0
        self.fallen = False

    def start(self) -> None:
        s = self.s
        self.t = 0.0
        self.fallen = False
        s.painter.clear()
        removed = self.event["removed"]
        s.burst_cells(removed)
        s.grid.burst(removed)

    def _fall(self) -> None:
        if not self.fallen:
            self.fallen = True
            e = self.event
            self.s.grid.tumble(e["removed"], e["grid"], e["dropped"])

    def update(self, dt: float) -> bool:
        self.t += dt
        if self.t < self.BURST:
            return False
        self._fall()
        return not self.s.grid.busy

    def skip(self) -> None:
        self._fall()
        self.s.grid.settle()
        self.t = self.BURST


class Until(Step):
    """Run ``fn`` and wait while ``busy()`` holds (a marker flight, a meter fill); skippable."""

    name = "until"

    def __init__(self, fn: Callable[[], None], busy: Callable[[], bool], finish: Callable[[], None],
                 least: float = 0.0, progress: int | None = None) -> None:
        self.fn = fn
        self.busy = busy
        self.finish = finish
        self.least = least
        self.progress = progress
        self.t = 0.0

    def start(self) -> None:
        self.t = 0.0
        self.fn()

    def update(self, dt: float) -> bool:
        self.t += dt
        return self.t >= self.least and not self.busy()

    def skip(self) -> None:
        self.finish()
        self.t = self.least
