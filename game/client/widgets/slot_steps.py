"""Presentation steps every reel game shares: spin, win flash, line cycle, banner, big win.

Steps drive widgets; they hold no money logic. Amount texts are made by the screen from the
events (``cents_of(Fraction(win["x"]), bet)``) and handed in ready to show.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from .banner import Banner
from .celebration import BigWinCelebration
from .counter import RollingCounter
from .reels import ReelView, Window
from .timeline import Step
from .winlines import WinMark, WinPainter

Sound = Callable[[str], None]


class SpinReels(Step):
    """Spin and land the reels on ``window``; skipping is the quick stop."""

    name = "spin"

    def __init__(
        self, reels: ReelView, window: Window, *, held: Sequence[int] = (), extra: Sequence[float] | None = None,
        before: Callable[[], None] | None = None, progress: int | None = None,
    ) -> None:
        self.reels = reels
        self.window = window
        self.held = held
        self.extra = extra
        self.before = before
        self.progress = progress

    def start(self) -> None:
        if self.before is not None:
            self.before()
        self.reels.spin(self.window, held=self.held, extra=self.extra)

    def update(self, dt: float) -> bool:
        return not self.reels.spinning

    def skip(self) -> None:
        self.reels.quick_stop()


class FlashWins(Step):
    """Every win lit at once while the win counter rolls to ``counter_to``."""

    name = "flash"

    def __init__(
        self, painter: WinPainter, counter: RollingCounter, marks: Sequence[WinMark], counter_to: int,
        *, seconds: float, sound: Sound, sound_name: str = "win_small", progress: int | None = None,
    ) -> None:
        self.painter = painter
        self.counter = counter
        self.marks = marks
        self.counter_to = counter_to
        self.seconds = seconds
        self.left = seconds
        self.sound = sound
        self.sound_name = sound_name
        self.progress = progress

    def start(self) -> None:
        self.left = self.seconds
        self.painter.show_all(self.marks)
        self.counter.roll_to(self.counter_to, self.seconds * 0.85)
        self.sound(self.sound_name)

    def update(self, dt: float) -> bool:
        self.left -= dt
        return self.left <= 0 and not self.counter.rolling

    def skip(self) -> None:
        self.counter.finish()
        self.left = 0.0


class CycleWins(Step):
    """Each win in turn: its line drawn along its path, its cells framed, its amount shown."""

    name = "cycle"

    def __init__(
        self, painter: WinPainter, marks: Sequence[WinMark], *, each: float, sound: Sound,
        progress: int | None = None, clear_after: bool = True,
    ) -> None:
        self.painter = painter
        self.marks = list(marks)
        self.each = each
        self.sound = sound
        self.progress = progress
        self.clear_after = clear_after
        self.index = 0
        self.left = 0.0

    def start(self) -> None:
        self.index = 0
        self._show()

    def _show(self) -> None:
        if self.index < len(self.marks):
            self.painter.show_one(self.marks[self.index])
            self.left = self.each
            self.sound("win_line")

    def update(self, dt: float) -> bool:
        if self.index >= len(self.marks):
            if self.clear_after:
                self.painter.clear()
            return True
        self.left -= dt
        if self.left <= 0:
            self.index += 1
            self._show()
        return False

    def skip(self) -> None:
        self.index = len(self.marks)


class Highlight(Step):
    """Light some cells (a scatter landing, a trigger) for a moment."""

    name = "highlight"

    def __init__(self, painter: WinPainter, mark: WinMark, seconds: float, on_start: Callable[[], None]) -> None:
        self.painter = painter
        self.mark = mark
        self.seconds = seconds
        self.left = seconds
        self.on_start = on_start

    def start(self) -> None:
        self.left = self.seconds
        self.painter.show_all([self.mark])
        self.on_start()

    def update(self, dt: float) -> bool:
        self.left -= dt
        if self.left <= 0:
            self.painter.clear()
            return True
        return False

    def skip(self) -> None:
        self.left = 0.0


class ShowBanner(Step):
    """A banner that holds for ``hold`` seconds (or until skipped), then fades out.

    A feature moment (``waits`` given) dims the screen and, while ``waits()`` is true (a player at
    the controls), holds until Space or a click; when the game plays itself (autoplay, the demo,
    turbo) it counts down visibly from ``hold`` and goes on.
    """

    name = "banner"

    def __init__(
        self, banner: Banner, title: str, big: str = "", lines: Sequence[str] = (), *, hold: float,
        hint: str = "", accent: tuple[int, int, int] = (255, 190, 70), sound: Sound | None = None,
        sound_name: str = "", on_start: Callable[[], None] | None = None, progress: int | None = None,
        skippable: bool = True, waits: Callable[[], bool] | None = None,
    ) -> None:
        self.banner = banner
        self.skippable = skippable
        self.args = (title, big, tuple(lines), hint, accent)
        self.hold = hold
        self.left = hold
        self.sound = sound
        self.sound_name = sound_name
        self.on_start = on_start
        self.progress = progress
        self.waits = waits
        self._skipped = False
        self._shown_count = -1

    def start(self) -> None:
        title, big, lines, hint, accent = self.args
        self.banner.show(title, big, lines, hint, accent, dim=self.waits is not None)
        self.left = self.hold
        self._skipped = False
        self._shown_count = -1
        if self.on_start is not None:
            self.on_start()
        if self.sound is not None and self.sound_name:
            self.sound(self.sound_name)

    @property
    def waiting(self) -> bool:
        """Held for the player: a moment in manual play that nobody has dismissed yet."""
        return self.waits is not None and not self._skipped and self.waits()

    def update(self, dt: float) -> bool:
        if self.waiting:
            self.banner.set_hint(self.args[3] or "Press SPACE to continue")
            return False
        self.left -= dt
        if self.waits is not None and not self._skipped and self.left > 0:
            count = math.ceil(self.left)
            if count != self._shown_count:
                self._shown_count = count
                self.banner.set_hint(f"Continuing in {count}")
        if self.left <= 0:
            self.banner.hide()
        return not self.banner.visible or self.left < -1.0

    def skip(self) -> None:
        if self.banner.time >= 0.15:  # ignore a press that arrives with the banner itself
            self.left = 0.0
            self._skipped = True


class Celebrate(Step):
    """The big win celebration for ``amount`` (cents) won on ``stake`` (cents paid for the round)."""

    name = "celebrate"

    def __init__(self, celebration: BigWinCelebration, amount: int, stake: int, seconds: float,
                 counter: RollingCounter | None = None) -> None:
        self.celebration = celebration
        self.args = (amount, stake, seconds)
        self.counter = counter  # the screen's win field counts in step with the celebration

    def start(self) -> None:
        self.celebration.start(*self.args)
        if self.counter is not None:
            self.counter.set(0)

    def update(self, dt: float) -> bool:
        self.celebration.update(dt)
        if self.counter is not None:
            self.counter.set(self.celebration.counter.shown if not self.celebration.done else self.args[0])
        return self.celebration.done

    def skip(self) -> None:
        self.celebration.skip()
        if self.counter is not None and not self.celebration.counter.rolling:
            self.counter.set(self.args[0])

    def draw(self, surface: pygame.Surface) -> None:
        self.celebration.draw(surface)
