"""Paytable and rules: pages with tabs, Left/Right or PageUp/PageDown, Esc or I to close.

A page is any object with ``.title`` and ``.draw(surface, rect)``. Each page is drawn once, into
its own surface, the first time it is shown; turning pages afterwards is a blit.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from .. import gfx, theme
from ..widgets.text import blit_text, render_text
from .base import Overlay

if TYPE_CHECKING:
    from ..context import AppContext

log = logging.getLogger(__name__)

SIZE = (1160, 660)
TAB_H = 44


class Page(Protocol):
    title: str

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None: ...


class HelpOverlay(Overlay):
    def __init__(self, app: AppContext, title: str, pages: Sequence[Page]) -> None:
        super().__init__(app, SIZE, title)
        self.pages = list(pages)
        self.page = 0
        self.tab_font = theme.ui(app.resources, 20)
        self.content = pygame.Rect(self.rect.x + 30, self.rect.y + 90 + TAB_H + 12,
                                   self.rect.w - 60, self.rect.h - 90 - TAB_H - 12 - 46)
        self._rendered: dict[int, pygame.Surface] = {}
        self.tabs: list[pygame.Rect] = []
        count = max(1, len(self.pages))
        gap = 8
        tab_w = min(220, (self.rect.w - 60 - gap * (count - 1)) // count)
        x = self.rect.centerx - (count * tab_w + (count - 1) * gap) // 2
        for _ in self.pages:
            self.tabs.append(pygame.Rect(x, self.rect.y + 86, tab_w, TAB_H))
            x += tab_w + gap
        self._tab_images = [self._tab_image(i, on) for i in range(len(self.pages)) for on in (False, True)]
        self.hover_tab: int | None = None

    def _tab_image(self, index: int, active: bool) -> pygame.Surface:
        rect = self.tabs[index]
        image = gfx.Surface(rect.size, pygame.SRCALPHA)
        fill = (120, 70, 40, 255) if active else (44, 30, 64, 230)
        gfx.draw.rect(image, fill, image.get_rect(), border_radius=12)
        gfx.draw.rect(image, theme.GOLD if active else theme.GOLD_DARK, image.get_rect(), width=2,
                         border_radius=12)
        label = self.pages[index].title
        font = self.tab_font
        while font.size(label)[0] > rect.w - 16 and len(label) > 4:
            label = label.rstrip("…")[:-1] + "…"
        text = render_text(font, label, theme.GOLD if active else theme.TEXT, theme.INK, 1)
        image.blit(text, text.get_rect(center=image.get_rect().center))
        return image

    def _page_surface(self, index: int) -> pygame.Surface:
        surface = self._rendered.get(index)
        if surface is None:
            surface = gfx.Surface(self.content.size, pygame.SRCALPHA)
            try:
                self.pages[index].draw(surface, surface.get_rect())
            except Exception:  # a broken page must not take the game down
                log.exception("help page %r failed to draw", self.pages[index].title)
                blit_text(surface, self.font, "This page could not be drawn.", theme.RED,
                          center=surface.get_rect().center)
            self._rendered[index] = surface
        return surface

    def turn(self, direction: int) -> None:
        if self.pages:
            self.page = (self.page + direction) % len(self.pages)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_i, pygame.K_F1, pygame.K_RETURN, pygame.K_KP_ENTER):
            self.close()
        elif event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN, pygame.K_d):
            self.turn(+1)
        elif event.key in (pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_a):
            self.turn(-1)
        elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.pages):
            self.page = event.key - pygame.K_1
        return True

    def handle_mouse(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover_tab = next((i for i, tab in enumerate(self.tabs) if tab.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, tab in enumerate(self.tabs):
                if tab.collidepoint(event.pos):
                    self.page = index
                    return True
            if not self.rect.collidepoint(event.pos):
                self.close()
        return True

    def handle_other(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
        return True

    def draw_content(self, surface: pygame.Surface) -> None:
        for index, tab in enumerate(self.tabs):
            image = self._tab_images[index * 2 + (1 if index == self.page else 0)]
            offset = -3 if index == self.hover_tab and index != self.page else 0
            surface.blit(image, tab.move(0, offset))
        if self.pages:
            surface.blit(self._page_surface(self.page), self.content)
        else:
            blit_text(surface, self.font, "No pages.", theme.MUTED, center=self.content.center)
        self.footer(surface, f"Page {self.page + 1} of {max(1, len(self.pages))}   ·   "
                             "Left/Right or PgUp/PgDn: turn   ·   Esc or I: close")
