"""The key hints: a strip above the money bar that appears on demand (F1 or ?) and fades away.

The screen is not covered by a cheat sheet; a player who wants the keys asks for them, and the
help overlay's Keys page lists them too. The strip is drawn once per key set; per frame it is a
blit with an alpha.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from .. import gfx
from .anim import clamp01
from .art import rounded_panel
from .text import render_text

KEY = (255, 204, 92)
TEXT = (235, 225, 245)
INK = (18, 8, 28)
SHOW_SECONDS = 6.0
FADE = 0.25


class HintStrip:
    def __init__(self, rect: pygame.Rect, hints: Sequence[tuple[str, str]], key_font: pygame.font.Font,
                 text_font: pygame.font.Font) -> None:
        self.rect = pygame.Rect(rect)
        self.image = self._render(hints, key_font, text_font)
        self.left = 0.0  # seconds still shown
        self.time = 0.0

    def _render(self, hints: Sequence[tuple[str, str]], key_font: pygame.font.Font,
                text_font: pygame.font.Font) -> pygame.Surface:
        parts = [(render_text(key_font, key, KEY, INK, 1), render_text(text_font, what, TEXT)) for key, what in hints]
        gap, inner = 26, 8
        width = sum(k.get_width() + inner + t.get_width() for k, t in parts) + gap * (len(parts) - 1)
        scale = min(1.0, (self.rect.w - 40) / max(1, width))
        image = rounded_panel(self.rect.size, (44, 24, 70), (20, 10, 34), edge=(200, 150, 70), radius=16, alpha=236)
        strip = gfx.Surface((width, self.rect.h), pygame.SRCALPHA)
        x = 0
        for key, text in parts:
            strip.blit(key, key.get_rect(midleft=(x, self.rect.h // 2)))
            x += key.get_width() + inner
            strip.blit(text, text.get_rect(midleft=(x, self.rect.h // 2)))
            x += text.get_width() + gap
        if scale < 1.0:
            strip = gfx.transform.smoothscale(strip, (round(width * scale), self.rect.h))
        image.blit(strip, strip.get_rect(center=(self.rect.w // 2, self.rect.h // 2)))
        return image

    @property
    def visible(self) -> bool:
        return self.left > 0

    def toggle(self) -> None:
        self.left = 0.0 if self.visible else SHOW_SECONDS

    def hide(self) -> None:
        self.left = min(self.left, FADE)

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)

    def draw(self, surface: pygame.Surface) -> None:
        if self.left <= 0:
            return
        self.image.set_alpha(round(255 * clamp01(self.left / FADE) * clamp01((SHOW_SECONDS - self.left) / FADE + 0.4)))
        surface.blit(self.image, self.rect)
