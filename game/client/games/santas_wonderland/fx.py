"""What a playing marker feature draws over the grid: its glow and its caption card."""

from __future__ import annotations

from typing import Protocol

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_back
from ...widgets.art import rounded_panel
from ...widgets.text import render_text
from .art import FEATURE_COLORS, FEATURE_NAMES, FEATURES

INK = (12, 8, 26)


class DrawsOverGrid(Protocol):
    """The playing feature step: it draws its own effect over the grid."""

    def draw_fx(self, surface: pygame.Surface) -> None: ...

CAPTION_LINES = {
    "refresh": "every symbol is replaced",
    "wild_santa": "one symbol turns wild",
    "blocks": "2x2 blocks land",
    "supersize": "a giant block slams down",
    "lucky_santa": "wilds rain down",
}


class FeatureFX:
    """What the playing feature draws over the grid, and its caption."""

    def __init__(self, grid_rect: pygame.Rect, *, title_font: pygame.font.Font, small_font: pygame.font.Font,
                 glow: pygame.Surface, trigger: int) -> None:
        self.rect = pygame.Rect(grid_rect)
        self.current: DrawsOverGrid | None = None
        self.captions = {name: self._caption(FEATURE_NAMES[name], CAPTION_LINES[name], FEATURE_COLORS[name],
                                             title_font, small_font) for name in FEATURES}
        self.captions["midnight"] = self._caption("Midnight Riches!", f"{trigger} points collected",
                                                  ((200, 160, 255), (90, 40, 180)), title_font, small_font)
        self.glow = gfx.transform.stretch_soft(glow, (520, 240))
        self.sweep = self._sweep(self.rect.h)
        self.caption: pygame.Surface | None = None
        self.caption_t = 0.0
        self.caption_left = 0.0

    @staticmethod
    def _caption(text: str, sub: str, colors: tuple[tuple[int, int, int], tuple[int, int, int]],
                 title_font: pygame.font.Font, small_font: pygame.font.Font) -> pygame.Surface:
        bright, deep = colors
        title = render_text(title_font, text, (255, 255, 255), INK, 3, shadow=True)
        line = render_text(small_font, sub, (255, 250, 230), INK, 2)
        w = max(title.get_width(), line.get_width()) + 70
        h = title.get_height() + line.get_height() + 18
        panel = rounded_panel((w, h), bright, deep, edge=(255, 255, 255), radius=h // 3, alpha=240, edge_px=3)
        panel.blit(title, title.get_rect(midtop=(w // 2, 4)))
        panel.blit(line, line.get_rect(midbottom=(w // 2, h - 8)))
        return panel

    @staticmethod
    def _sweep(height: int) -> pygame.Surface:
        w = 120
        surface = gfx.Surface((w, height))
        for x in range(w):
            k = 1 - abs(x - w / 2) / (w / 2)
            k = k ** 1.8
            gfx.draw.line(surface, (int(120 * k), int(190 * k), int(255 * k)), (x, 0), (x, height))
        return surface

    def show_caption(self, name: str, seconds: float) -> None:
        self.caption = self.captions[name]
        self.caption_t = 0.0
        self.caption_left = seconds

    def clear(self) -> None:
        self.current = None
        self.caption = None

    def update(self, dt: float) -> None:
        if self.caption is not None:
            self.caption_t += dt
            self.caption_left -= dt
            if self.caption_left <= -0.3:
                self.caption = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.current is not None:
            self.current.draw_fx(surface)
        if self.caption is not None:
            t = self.caption_t
            grow = ease_out_back(t / 0.3)
            if self.caption_left > 0:
                y = self.rect.centery + round(40 * (1 - grow))
                alpha = clamp01(t / 0.15)
            else:
                out = clamp01(-self.caption_left / 0.3)
                y = self.rect.centery - round(120 * out)
                alpha = 1 - out
            self.glow.set_alpha(int(200 * alpha))
            surface.blit(self.glow, self.glow.get_rect(center=(self.rect.centerx, y)))
            self.caption.set_alpha(int(255 * alpha))
            surface.blit(self.caption, self.caption.get_rect(center=(self.rect.centerx, y)))
