"""Banners (feature intro/outro, extra spins, resuming) and toasts (short messages).

A banner is rendered once when shown, then pops in with an ease-out-back, holds and fades;
per frame it is one or two blits with a surface alpha.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence

import pygame

from .. import gfx
from .anim import clamp01, ease_out_back, pulse
from .art import rounded_panel
from .text import CENTER, fit_width, render_text

INK = (20, 8, 30)
# Rendered cards kept per banner: more than one round announces (a free game's start, each
# extra-spin award, its end), so cards made ahead are still there when shown, and no more,
# since each is a panel of some 0.7 MiB.
CARDS_KEPT = 10


EMBLEM = 72  # layout units: the width of the feature's symbol beside a card's title
TEXT_MARGIN = 26  # layout units between a card's edge and its text (its inner gold edge is at 7)


def fit_height(image: pygame.Surface, height: int) -> pygame.Surface:
    if image.get_height() <= height:
        return image
    return gfx.transform.smoothscale(image, (max(1, image.get_width() * height // image.get_height()), height))


class Banner:
    IN, OUT = 0.38, 0.25

    def __init__(
        self,
        rect: pygame.Rect,
        *,
        title_font: pygame.font.Font,
        big_font: pygame.font.Font,
        body_font: pygame.font.Font,
        hint_font: pygame.font.Font,
        glow: pygame.Surface | None = None,
        panel: pygame.Surface | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.title_font = title_font
        self.big_font = big_font
        self.body_font = body_font
        self.hint_font = hint_font
        self.glow = gfx.transform.stretch_soft(glow, (self.rect.w + 160, self.rect.h + 160)) if glow else None
        self.panel_art = panel
        self.surface: pygame.Surface | None = None
        self.hint: pygame.Surface | None = None
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()  # least recently shown first
        self._hints: dict[str, pygame.Surface] = {}
        self._fits: dict[tuple, tuple[pygame.Rect, float]] = {}  # each cached card's text_rect, text_scale
        # The game's art for a card, by its title: the feature's symbol, flanking the title (None: a title alone).
        self.emblem_for: Callable[[str], pygame.Surface | None] | None = None
        self.dim = False  # a feature moment: the whole screen dims behind the card
        self.time = 0.0
        self.closing: float | None = None
        self.text_rect = pygame.Rect(0, 0, 0, 0)  # where the last card rendered put its texts
        self.text_scale = 1.0  # and how much it had to shrink them to fit (1: not at all)

    def show(
        self, title: str, big: str = "", lines: Sequence[str] = (), hint: str = "",
        accent: tuple[int, int, int] = (255, 190, 70), *, dim: bool = False,
    ) -> None:
        self.surface = self.render(title, big, lines, hint, accent)
        self.set_hint(hint)
        self.dim = dim
        self.time = 0.0
        self.closing = None

    def set_hint(self, hint: str) -> None:
        """The line at the card's foot ("Press SPACE to continue", a countdown); renders are kept."""
        if not hint:
            self.hint = None
            return
        image = self._hints.get(hint)
        if image is None:
            if len(self._hints) > 32:
                self._hints.clear()
            image = self._hints[hint] = render_text(self.hint_font, hint, (255, 220, 150), INK, 2)
        self.hint = image

    def render(
        self, title: str, big: str = "", lines: Sequence[str] = (), hint: str = "",
        accent: tuple[int, int, int] = (255, 190, 70),
    ) -> pygame.Surface:
        """The banner's picture (cached: call ahead of time to keep the first frame light)."""
        key = (title, big, tuple(lines), bool(hint), accent)
        cached = self._cache.get(key)
        if cached is not None:
            self._cache.move_to_end(key)
            self.text_rect, self.text_scale = self._fits[key]
            return cached
        while len(self._cache) >= CARDS_KEPT:
            dropped, _ = self._cache.popitem(last=False)
            self._fits.pop(dropped, None)
        w, h = self.rect.size
        if self.panel_art is not None:
            panel = gfx.transform.smoothscale(self.panel_art, (w, h))
        else:
            panel = rounded_panel((w, h), (70, 30, 100), (28, 12, 48), edge=accent, radius=26, alpha=252, edge_px=4)
        gfx.draw.rect(panel, accent, panel.get_rect().inflate(-14, -14), width=2, border_radius=20)
        room = self.text_room(bool(hint))
        natural = [self._title_row(title, accent)]
        if big:
            natural.append(render_text(self.big_font, big, (255, 246, 220), INK, 3, shadow=True))
        parts = [fit_width(image, room.w) for image in natural]
        self.text_scale = min(part.get_width() / max(1, image.get_width()) for part, image in zip(parts, natural,
                                                                                                  strict=True))
        if lines:  # wrapped inside the card's inner edge: a long line takes two, never runs off
            parts.append(render_text(self.body_font, "\n".join(lines), (235, 225, 245), INK, 2, wrap=room.w,
                                     align=CENTER))
        total = sum(p.get_height() for p in parts) + 6 * (len(parts) - 1)
        stack = gfx.Surface((room.w, total), pygame.SRCALPHA)
        y = 0
        for part in parts:
            stack.blit(part, part.get_rect(midtop=(room.w // 2, y)))
            y += part.get_height() + 6
        self.text_scale *= min(1.0, room.h / max(1, total))
        stack = fit_height(stack, room.h)  # a card with more to say than room: all of it, a little smaller
        self.text_rect = stack.get_rect(center=room.center)
        panel.blit(stack, self.text_rect)
        self._cache[key] = panel
        self._fits[key] = (self.text_rect, self.text_scale)
        return panel

    def _title_row(self, title: str, accent: tuple[int, int, int]) -> pygame.Surface:
        """The title in the game's lettering, between two copies of the feature's symbol when it has one."""
        words = render_text(self.title_font, title, accent, INK, 3, shadow=True)
        emblem = self.emblem_for(title) if self.emblem_for is not None else None
        if emblem is None:
            return words
        side = min(EMBLEM, emblem.get_width())  # shrunk to fit, never enlarged
        height = round(side * emblem.get_height() / max(1, emblem.get_width()))
        left = emblem if side == emblem.get_width() else gfx.transform.smoothscale(emblem, (side, height))
        right = left  # the same, not mirrored: symbols carry lettering
        h = max(words.get_height(), left.get_height())
        row = gfx.Surface((words.get_width() + 2 * (left.get_width() + 14), h), pygame.SRCALPHA)
        row.blit(left, left.get_rect(midleft=(0, h // 2)))
        row.blit(words, words.get_rect(center=(row.get_width() // 2, h // 2)))
        row.blit(right, right.get_rect(midright=(row.get_width(), h // 2)))
        return row

    def text_room(self, hint: bool) -> pygame.Rect:
        """Where a card's texts go: inside its inner gold edge, above the hint line when it has one."""
        room = pygame.Rect(0, 0, *self.rect.size).inflate(-2 * TEXT_MARGIN, -2 * TEXT_MARGIN)
        if hint:
            room.h -= self.hint_font.get_linesize() + 8
        return room

    def hide(self) -> None:
        if self.surface is not None and self.closing is None:
            self.closing = 0.0

    @property
    def visible(self) -> bool:
        return self.surface is not None

    @property
    def shown(self) -> bool:
        """Fully in and not closing."""
        return self.surface is not None and self.closing is None and self.time >= self.IN

    def update(self, dt: float) -> None:
        if self.surface is None:
            return
        self.time += dt
        if self.closing is not None:
            self.closing += dt
            if self.closing >= self.OUT:
                self.surface = None
                self.closing = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.surface is None:
            return
        if self.closing is not None:
            alpha = 1.0 - clamp01(self.closing / self.OUT)
            dy = -30 * (1 - alpha)
        else:
            alpha = clamp01(self.time / (self.IN * 0.6))
            dy = 60 * (1 - ease_out_back(self.time / self.IN))
        a = int(255 * alpha)
        if self.dim:
            gfx.veil(surface, (8, 2, 20), 150 * a // 255)
        rect = self.surface.get_rect(center=(self.rect.centerx, self.rect.centery + round(dy)))
        if self.glow is not None:
            self.glow.set_alpha(int(a * (0.45 + 0.35 * pulse(self.time, 1.6))))
            surface.blit(self.glow, self.glow.get_rect(center=rect.center))
        self.surface.set_alpha(a)
        surface.blit(self.surface, rect)
        if self.hint is not None and self.closing is None and self.time > self.IN:
            self.hint.set_alpha(int(255 * (0.45 + 0.55 * pulse(self.time, 1.2))))
            surface.blit(self.hint, self.hint.get_rect(midbottom=(rect.centerx, rect.bottom - 14)))


class Toast:
    """A short message in a pill that fades after a few seconds."""

    def __init__(self, rect: pygame.Rect, font: pygame.font.Font) -> None:
        self.rect = pygame.Rect(rect)
        self.font = font
        self.surface: pygame.Surface | None = None
        self.left = 0.0
        self._cache: dict[tuple[str, tuple[int, int, int]], pygame.Surface] = {}

    def show(self, text: str, seconds: float = 2.5, color: tuple[int, int, int] = (255, 210, 120)) -> None:
        key = (text, color)
        surface = self._cache.get(key)
        if surface is None:
            label = render_text(self.font, text, (255, 246, 230), INK, 2)
            w = max(self.rect.w // 2, label.get_width() + 40)
            surface = rounded_panel((w, self.rect.h), (60, 26, 80), (30, 12, 44), edge=color, radius=self.rect.h // 2)
            surface.blit(label, label.get_rect(center=(w // 2, self.rect.h // 2)))
            self._cache[key] = surface
        self.surface = surface
        self.left = seconds

    def clear(self) -> None:
        self.surface = None

    def update(self, dt: float) -> None:
        if self.surface is not None:
            self.left -= dt
            if self.left <= 0:
                self.surface = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.surface is not None:
            self.surface.set_alpha(int(255 * clamp01(self.left / 0.3)))
            surface.blit(self.surface, self.surface.get_rect(center=self.rect.center))
