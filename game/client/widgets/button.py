"""A clickable button with hover/pressed looks, a key hint and a disabled state."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import gfx
from .text import fit_width, render_text

LABEL_PAD = 16  # layout units kept clear either side of a label, inside the button
FOCUS_RING = (255, 248, 214)  # cream, then a gold halo: focus reads on any button art
FOCUS_HALO = (255, 196, 60)


class Button:
    """Draws from three pre-rendered images (normal, hover, pressed) or a rounded rect.

    ``on_click`` runs on mouse release inside the button; keyboard shortcuts are handled by the
    scene, which may call ``flash()`` so the button shows the press.
    """

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], None],
        *,
        font: pygame.font.Font,
        images: tuple[pygame.Surface, pygame.Surface, pygame.Surface] | None = None,
        color: tuple[int, int, int] = (255, 240, 210),
        hint: str = "",
        hint_font: pygame.font.Font | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.font = font
        self.images = (
            tuple(gfx.transform.smoothscale(img, self.rect.size) for img in images) if images else None
        )
        self.color = color
        self.hint = hint
        self.hint_font = hint_font
        self.enabled = True
        self.active = False  # toggled look (turbo on, autoplay running)
        self.lit = False  # an on state that must read at a glance (turbo on): rim and lamp
        self.focused = False  # the keyboard's button in a dialog: Enter presses it; a bright double ring
        self.hover = False
        self.pressed = False
        self._flash = 0.0
        self._shade: pygame.Surface | None = None  # the disabled look, made once
        self._fits: dict[tuple, pygame.Surface] = {}  # label and hint pictures, fitted to the button

    def _fitted(self, font: pygame.font.Font, text: str, color: tuple[int, int, int],
                outline: tuple[int, int, int] | None, width: int) -> pygame.Surface:
        key = (font, text, color, outline, width)
        image = self._fits.get(key)
        if image is None:
            if len(self._fits) > 8:
                self._fits.clear()
            image = self._fits[key] = fit_width(render_text(font, text, color, outline, 2), width)
        return image

    def flash(self) -> None:
        self._flash = 0.12

    def update(self, dt: float) -> None:
        if self._flash > 0:
            self._flash = max(0.0, self._flash - dt)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        down = self.pressed or self._flash > 0
        if self.images:
            image = self.images[2] if down or self.active else self.images[1] if self.hover else self.images[0]
            surface.blit(image, self.rect)
        else:
            base: tuple[int, ...] = (70, 40, 90) if not self.active else (150, 70, 20)
            if self.hover:
                base = tuple(min(255, c + 30) for c in base)
            if down:
                base = tuple(max(0, c - 30) for c in base)
            gfx.draw.rect(surface, base, self.rect, border_radius=12)
            gfx.draw.rect(surface, (230, 180, 80), self.rect, width=2, border_radius=12)
        if self.lit:  # an on/off button that is on: a bright rim and a lamp, not only a shade
            gfx.draw.rect(surface, (255, 214, 90), self.rect.inflate(2, 2), width=3, border_radius=14)
            gfx.draw.circle(surface, (120, 255, 140), (self.rect.x + 14, self.rect.centery), 5)
        if self.focused:
            gfx.draw.rect(surface, FOCUS_RING, self.rect.inflate(8, 8), width=3, border_radius=16)
            gfx.draw.rect(surface, FOCUS_HALO, self.rect.inflate(16, 16), width=2, border_radius=20)
        color = self.color if self.enabled else (120, 110, 110)
        if self.label:  # a label too long for its button is shrunk to fit, never cut
            label = self._fitted(self.font, self.label, color, (20, 10, 20), self.rect.w - LABEL_PAD)
            surface.blit(label, label.get_rect(center=self.rect.center))
        if self.hint and self.hint_font is not None:
            hint = self._fitted(self.hint_font, self.hint, (200, 190, 170), None, self.rect.w)
            surface.blit(hint, hint.get_rect(center=(self.rect.centerx, self.rect.bottom + 10)))
        if not self.enabled:
            if self._shade is None or self._shade.get_size() != self.rect.size:
                self._shade = gfx.Surface(self.rect.size, pygame.SRCALPHA)
                self._shade.fill((0, 0, 0, 110))
            surface.blit(self._shade, self.rect)
