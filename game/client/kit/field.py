"""The interface every play area implements (reels, the cluster grid, a future bingo grid), and the
idle win cycle that runs on any of them.

The kit's shared pieces (celebrating cells, the idle cycle, pacing, settling a skipped step) talk
to a :class:`SymbolField` and a :class:`WinShow`, never to a game's own widgets.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from ..widgets.winlines import WinMark

IDLE_EACH = 1.5  # seconds each win of the last round shows while the screen is idle


class SymbolField(Protocol):
    """Cells in columns and rows, animated; ``busy`` while anything moves, ``settle`` lands it all now."""

    rect: pygame.Rect
    cols: int
    rows: int

    def cell_rect(self, col: int, row: int) -> pygame.Rect: ...

    def cell_center(self, col: int, row: int) -> tuple[int, int]: ...

    @property
    def busy(self) -> bool: ...

    def settle(self) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class WinShow(Protocol):
    """What shows wins on a field: win lines, cluster outlines."""

    def show_one(self, mark: WinMark) -> None: ...

    def clear(self) -> None: ...


class EffectArt(Protocol):
    """The pictures every game's art provides for sparkles, stars, coins and glows."""

    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface


class IdleWinCycle:
    """While the screen is idle, the last round's wins show one after another."""

    def __init__(self, show: WinShow, each: float = IDLE_EACH) -> None:
        self.show = show
        self.each = each
        self.marks: Sequence[WinMark] = ()
        self._index = 0
        self._left = 0.0

    def restart(self) -> None:
        self._index = 0
        self._left = 0.0

    def update(self, dt: float, idle: bool) -> None:
        if not idle or not self.marks:
            return
        self._left -= dt
        if self._left <= 0:
            self._left = self.each
            self.show.show_one(self.marks[self._index % len(self.marks)])
            self._index += 1
