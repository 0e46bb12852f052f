"""The five Slingo reels under the card: one symbol each, spun with motion blur, landed with a bounce.

The kit's :class:`~game.client.widgets.reels.ReelView` with one row, quicker (a Slingo game has
eleven spins or more), and each reel's blurred strip made of its own column's numbers and the
specials, as a Slingo reel shows. What each reel lands on is the ``spin`` event's.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import gfx
from ...widgets.art import rounded_panel
from ...widgets.reels import ReelView
from .art import COLUMN_COLORS, GOLD, GOLD_DEEP


class SlingoReels(ReelView):
    SPIN_SPEED = 2400.0
    MIN_SPIN = 0.26
    STAGGER = 0.11
    LAND_TIME = 0.44
    QUICK_LAND_TIME = 0.2

    def __init__(self, rect: pygame.Rect, images: dict[str, pygame.Surface], columns: Sequence[Sequence[str]],
                 *, glow: pygame.Surface | None = None) -> None:
        self.columns = [list(column) for column in columns]  # each reel's strip: its numbers and the specials
        filler = [name for column in self.columns for name in column]
        super().__init__(rect, len(self.columns), 1, images, filler, glow=glow)
        self.set_window([[column[0]] for column in self.columns])

    def _make_strip(self, col: int) -> pygame.Surface:
        column = self.columns[col]
        order = [column[(i * 5 + col) % len(column)] for i in range(12)]
        w, h = self.cell_w, self.cell_h
        sharp = gfx.Surface((w, (len(order) + 4) * h), pygame.SRCALPHA)
        for i in range(-2, len(order) + 2):
            sharp.blit(self.images[order[i % len(order)]], (0, (i + 2) * h))
        total = sharp.get_height()
        blurred = gfx.transform.smoothscale(sharp, (w, max(1, total // 12)))
        blurred = gfx.transform.stretch_soft(blurred, (w, total))
        strip = gfx.Surface((w, len(order) * h), pygame.SRCALPHA)
        strip.blit(blurred, (0, -2 * h))
        strip.fill((215, 205, 215, 230), special_flags=pygame.BLEND_RGBA_MULT)
        return strip.convert_alpha() if pygame.display.get_surface() else strip

    def bake(self, surface: pygame.Surface) -> None:
        """The reels' housing, painted once into the background: a brass rail and a dark window per reel."""
        rail = self.rect.inflate(20, 20)
        surface.blit(rounded_panel((rail.w + 12, rail.h + 12), (0, 0, 0), (0, 0, 0), radius=24, alpha=100),
                     rail.inflate(12, 12).move(0, 6))
        surface.blit(rounded_panel(rail.size, (255, 222, 130), (150, 84, 12), edge=(255, 244, 200), radius=20,
                                   alpha=255), rail)
        for col in range(self.cols):
            window = self.column_rect(col).inflate(-4, -4)
            surface.blit(rounded_panel(window.size, (24, 4, 12), (58, 10, 26), edge=GOLD_DEEP, radius=14, alpha=255),
                         window)
            gfx.draw.rect(surface, COLUMN_COLORS[col], (window.x + 10, window.bottom - 6, window.w - 20, 3),
                          border_radius=2)
        gfx.draw.rect(surface, GOLD, rail, width=2, border_radius=20)
