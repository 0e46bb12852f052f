"""A rolling money counter: counts up to a target with an ease-out, or jumps when skipped."""

from __future__ import annotations

from collections.abc import Callable

from .anim import ease_out_cubic


class RollingCounter:
    """The value shown (cents) rolls towards ``target``; ``tick`` is called as it counts."""

    def __init__(self, value: int = 0, tick: Callable[[], None] | None = None, tick_every: float = 0.09) -> None:
        self.start_value = value
        self.target = value
        self.duration = 0.0
        self.elapsed = 0.0
        self.tick = tick
        self.tick_every = tick_every
        self._tick_left = 0.0

    @property
    def rolling(self) -> bool:
        return self.elapsed < self.duration

    @property
    def shown(self) -> int:
        if not self.rolling:
            return self.target
        t = ease_out_cubic(self.elapsed / self.duration)
        return int(self.start_value + (self.target - self.start_value) * t)

    def set(self, value: int) -> None:
        self.start_value = self.target = value
        self.duration = self.elapsed = 0.0

    def roll_to(self, value: int, duration: float) -> None:
        if value == self.target and not self.rolling:
            return
        self.start_value = self.shown
        self.target = value
        self.duration = max(0.0, duration)
        self.elapsed = 0.0
        self._tick_left = 0.0

    def finish(self) -> None:
        self.elapsed = self.duration

    def update(self, dt: float) -> None:
        if not self.rolling:
            return
        self.elapsed = min(self.duration, self.elapsed + dt)
        if self.tick is not None:
            self._tick_left -= dt
            if self._tick_left <= 0:
                self._tick_left = self.tick_every
                self.tick()


def roll_seconds(amount_x: float, base: float = 0.8, per_x: float = 0.35, most: float = 4.0) -> float:
    """How long a win of ``amount_x`` times the bet should take to count up."""
    return min(most, base + per_x * amount_x ** 0.5)
