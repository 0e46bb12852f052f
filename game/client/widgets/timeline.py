"""A presentation timeline: a round's events turned into steps played one after another.

Each step starts, advances with ``update(dt)`` until it says it is done, and can be skipped
(Space). Turbo is applied by the caller scaling ``dt``; nothing here draws a random number or
touches money, so skipping or speeding up changes nothing but time.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

import pygame

log = logging.getLogger(__name__)


class Step:
    """One beat of a presentation. ``progress`` is the event index reached when it ends.

    ``skippable`` says whether Space may hurry it: a beat whose whole point is to be seen (a
    cap announcement, a priced question's outcome) sets it False and plays out in full.
    """

    progress: int | None = None
    name: str = "step"
    skippable: bool = True

    def start(self) -> None:
        """Called once when the step becomes current."""

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; return True when finished."""
        return True

    def skip(self) -> None:
        """The player asked to hurry: finish (or jump to the end of) this step."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw what belongs to this step alone (most steps drive widgets instead)."""


class Call(Step):
    """Run a function and finish at once (set a counter, play a sound, swap a window)."""

    name = "call"

    def __init__(self, fn: Callable[[], None], progress: int | None = None) -> None:
        self.fn = fn
        self.progress = progress

    def start(self) -> None:
        self.fn()


class Wait(Step):
    """A pause of ``seconds``; skippable."""

    name = "wait"

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.left = seconds

    def start(self) -> None:
        self.left = self.seconds

    def update(self, dt: float) -> bool:
        self.left -= dt
        return self.left <= 0

    def skip(self) -> None:
        self.left = 0.0


class Timeline:
    """Plays steps in order; ``on_progress(n)`` is told each time a step with a mark ends."""

    def __init__(self, steps: Iterable[Step], on_progress: Callable[[int], None] | None = None) -> None:
        self.steps = list(steps)
        self.index = -1
        self.on_progress = on_progress
        self._advance()

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[self.index] if 0 <= self.index < len(self.steps) else None

    def _advance(self) -> None:
        while True:
            self.index += 1
            step = self.current
            if step is None:
                return
            step.start()
            if not step.update(0.0):
                return
            self._finished(step)

    def _finished(self, step: Step) -> None:
        if step.progress is not None and self.on_progress is not None:
            self.on_progress(step.progress)

    def update(self, dt: float) -> None:
        step = self.current
        if step is not None and step.update(dt):
            self._finished(step)
            self._advance()

    def skip(self, *, force: bool = False) -> None:
        """Space: hurry the current step, unless it must be seen whole (``force``: leaving the screen)."""
        step = self.current
        if step is not None and (step.skippable or force):
            step.skip()

    def draw(self, surface: pygame.Surface) -> None:
        step = self.current
        if step is not None:
            step.draw(surface)
