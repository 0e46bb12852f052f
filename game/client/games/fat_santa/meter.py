"""The left column's feature panels: the Christmas Pie meter and the free-spins counter.

In the base game both panels explain the feature; in the free games the meter shows the pies
collected towards the next size (4, 5, 6, 7) with Santa's size ladder, and the counter shows the
spin being played. Values come from the presenter (the events); panels are drawn once and each
frame blits them plus a few cached texts.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.art import rounded_panel
from ...widgets.particles import Particles
from ...widgets.text import render_text
from .art import FatSantaArt

INK = (20, 8, 30)
GOLD = (255, 204, 92)
CREAM = (255, 246, 228)
ICE = (190, 225, 255)
GREEN = (110, 225, 140)
RED = (255, 110, 100)
POP_SCALES = (1.7, 1.45, 1.25, 1.1, 1.0)


def _panel(size: tuple[int, int], edge: tuple[int, int, int]) -> pygame.Surface:
    return rounded_panel(size, (34, 52, 120), (14, 20, 56), edge=edge, radius=16, alpha=238, edge_px=3)


def _fit(image: pygame.Surface, width: int) -> pygame.Surface:
    if image.get_width() <= width:
        return image
    return gfx.transform.smoothscale(image, (width, max(1, image.get_height() * width // image.get_width())))


class PieMeter:
    FILL_TIME = 1.1  # the full meter glows before it empties for the next size

    def __init__(self, rect: pygame.Rect, art: FatSantaArt, *, sizes: Sequence[int], extra: Sequence[int],
                 title_font: pygame.font.Font, big_font: pygame.font.Font, small_font: pygame.font.Font,
                 particles: Particles, sparkles: list[pygame.Surface]) -> None:
        self.rect = pygame.Rect(rect)
        self.sizes = tuple(sizes)
        self.extra = tuple(extra)
        self.title_font, self.big_font, self.small_font = title_font, big_font, small_font
        self.particles = particles
        self.sparkles = sparkles
        self.icon = art.pie_icon
        self.slot = art.pie_slot
        iw, ih = self.icon.get_size()  # a filled slot pops from 1.7x: shrunk from the full-size pie
        self.pops = [self.icon if k == 1.0 else gfx.transform.smoothscale(art.pie_plain, (round(iw * k), round(ih * k)))
                     for k in POP_SCALES]
        self.base_panel = self._base_panel()
        self.free_panel = self._free_panel()
        self.pills = {(size, state): self._pill(f"{size}x{size}", state)
                      for size in range(1, len(self.sizes) + 2) for state in ("done", "now", "next")}
        self.flash = rounded_panel((self.rect.w - 16, 58), (255, 230, 140), (255, 170, 60), radius=14, alpha=255)
        self.reset()

    # -- pictures -------------------------------------------------------------------------------

    def _base_panel(self) -> pygame.Surface:
        panel = _panel(self.rect.size, (120, 170, 235))
        w = self.rect.w
        title = render_text(self.title_font, "Christmas Pie Meter", GOLD, INK, 2)
        panel.blit(_fit(title, w - 16), _fit(title, w - 16).get_rect(midtop=(w // 2, 6)))
        line = render_text(self.small_font, "In free games Santa eats every pie:", ICE, INK, 1)
        panel.blit(_fit(line, w - 16), _fit(line, w - 16).get_rect(midtop=(w // 2, 48)))
        y = 74
        for i, (need, spins) in enumerate(zip(self.sizes, self.extra, strict=False)):
            col, row = i % 2, i // 2
            text = f"{need} pies: {i + 2}x{i + 2} +{spins}"
            image = render_text(self.small_font, text, CREAM, INK, 1)
            x = 14 + col * (w // 2 - 4)
            panel.blit(image, (x, y + row * 26))
        foot = render_text(self.small_font, "Every fill grows Santa and adds spins", GREEN, INK, 1)
        panel.blit(_fit(foot, w - 16), _fit(foot, w - 16).get_rect(midbottom=(w // 2, self.rect.h - 10)))
        return panel

    def _free_panel(self) -> pygame.Surface:
        panel = _panel(self.rect.size, GOLD)
        w = self.rect.w
        title = render_text(self.title_font, "Christmas Pie Meter", GOLD, INK, 2)
        panel.blit(_fit(title, w - 16), _fit(title, w - 16).get_rect(midtop=(w // 2, 6)))
        slots = pygame.Rect(8, 46, w - 16, 58)
        panel.blit(rounded_panel(slots.size, (10, 14, 40), (24, 30, 70), edge=(90, 120, 190), radius=14, alpha=230),
                   slots)
        return panel

    def _pill(self, text: str, state: str) -> pygame.Surface:
        size = (50, 26)
        if state == "now":
            top, bottom, edge, color = (255, 200, 90), (220, 90, 30), (255, 246, 210), CREAM
        elif state == "done":
            top, bottom, edge, color = (120, 80, 40), (80, 50, 20), (200, 150, 80), (255, 220, 160)
        else:
            top, bottom, edge, color = (40, 50, 96), (24, 30, 64), (90, 110, 170), (150, 165, 210)
        pill = rounded_panel(size, top, bottom, edge=edge, radius=13, alpha=255)
        label = render_text(self.small_font, text, color, INK if state == "now" else None, 1)
        pill.blit(label, label.get_rect(center=(size[0] // 2, size[1] // 2 + 1)))
        return pill

    # -- state ------------------------------------------------------------------------------------

    def reset(self) -> None:
        self.in_free = False
        self.pies = 0
        self.needed = self.sizes[0]
        self.fills = 0
        self.pop: dict[int, float] = {}
        self.fill_t: float | None = None
        self._after_fill: tuple[int, int] | None = None
        self.time = 0.0

    def set(self, *, in_free: bool, pies: int, needed: int | None, fills: int) -> None:
        """Show a state at once (resume, end of a walk)."""
        self.in_free = in_free
        self.pies = pies
        self.fills = fills
        self.needed = needed if needed else self._needed(fills)
        self.pop = {}
        self.fill_t = None
        self._after_fill = None

    def _needed(self, fills: int) -> int:
        return self.sizes[min(fills, len(self.sizes) - 1)]

    @property
    def maxed(self) -> bool:
        return self.fills >= len(self.sizes)

    @property
    def size(self) -> int:
        return self.fills + 1

    def add_pie(self) -> bool:
        """One pie into the meter; True when it filled (Santa grows)."""
        if self._after_fill is not None:
            self._settle_fill()
        if self.maxed:
            return False
        self.pies += 1
        self.pop[self.pies - 1] = 0.0
        x, y = self._slot_center(self.pies - 1)
        self.particles.burst(x, y, self.sparkles, count=8, speed=160, life=0.5, gravity=60)
        if self.pies >= self.needed:
            self.fill_t = 0.0
            fills = self.fills + 1
            self._after_fill = (fills, 0)
            return True
        return False

    def _settle_fill(self) -> None:
        fills, pies = self._after_fill or (self.fills, self.pies)
        self.fills = fills
        self.pies = pies
        self.needed = self._needed(fills)
        self._after_fill = None
        self.fill_t = None
        self.pop = {}

    def finish(self) -> None:
        if self._after_fill is not None:
            self._settle_fill()

    # -- time and drawing -------------------------------------------------------------------------

    def _slot_center(self, index: int) -> tuple[int, int]:
        n = max(1, self.needed)
        span = self.rect.w - 36
        step = min(44, span // n)
        x0 = self.rect.centerx - step * (n - 1) / 2
        return round(x0 + index * step), self.rect.y + 75

    def update(self, dt: float) -> None:
        self.time += dt
        for index in list(self.pop):
            self.pop[index] += dt
            if self.pop[index] > 0.4:
                del self.pop[index]
        if self.fill_t is not None:
            self.fill_t += dt
            if self.fill_t >= self.FILL_TIME:
                self._settle_fill()

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if not self.in_free:
            surface.blit(self.base_panel, rect)
            return
        surface.blit(self.free_panel, rect)
        if self.fill_t is not None:
            self.flash.set_alpha(int(120 + 120 * pulse(self.fill_t, 0.35)))
            surface.blit(self.flash, (rect.x + 8, rect.y + 46))
        if self.maxed and self.fill_t is None:
            text = render_text(self.big_font, "SANTA IS FULL!", GOLD, INK, 2)
            surface.blit(text, text.get_rect(center=(rect.centerx, rect.y + 75)))
        else:
            for i in range(self.needed):
                center = self._slot_center(i)
                if i < self.pies:
                    t = self.pop.get(i)
                    if t is not None:
                        image = self.pops[min(len(self.pops) - 1, int(len(self.pops) * ease_out_back(t / 0.4)))]
                    else:
                        image = self.icon
                else:
                    image = self.slot
                surface.blit(image, image.get_rect(center=center))
        # the count and what the next fill brings
        if not self.maxed or self.fill_t is not None:
            next_size = self.fills + 2
            spins = self.extra[min(self.fills, len(self.extra) - 1)]
            count = render_text(self.big_font, f"{self.pies} / {self.needed}", CREAM, INK, 2)
            surface.blit(count, count.get_rect(midleft=(rect.x + 14, rect.y + 122)))
            nxt = render_text(self.small_font, f"next: {next_size}x{next_size}  +{spins} spins", ICE, INK, 1)
            surface.blit(nxt, nxt.get_rect(midright=(rect.right - 12, rect.y + 123)))
        # Santa's size ladder
        sizes = len(self.sizes) + 1
        gap = 4
        x = rect.centerx - (sizes * 50 + (sizes - 1) * gap) // 2
        for size in range(1, sizes + 1):
            state = "now" if size == self.size else "done" if size < self.size else "next"
            surface.blit(self.pills[(size, state)], (x, rect.bottom - 32))
            x += 50 + gap


class SpinsPanel:
    """FREE SPINS 3 of 8 (or the feature's teaser in the base game, or MAX WIN)."""

    def __init__(self, rect: pygame.Rect, free_spins: int, *, title_font: pygame.font.Font,
                 big_font: pygame.font.Font, small_font: pygame.font.Font) -> None:
        """``free_spins``: how many the feature starts with (the engine's figure, for the teaser)."""
        self.rect = pygame.Rect(rect)
        self.big_font = big_font
        self.small_font = small_font
        w = self.rect.w
        self.base = _panel(self.rect.size, (120, 170, 235))
        for image, y in ((render_text(title_font, "Free Games", GOLD, INK, 2), 4),
                         (render_text(small_font, "Santa lands with a pie:", ICE, INK, 1), 44),
                         (render_text(big_font, f"{free_spins} FREE SPINS", CREAM, INK, 2), 62)):
            image = _fit(image, w - 16)
            self.base.blit(image, image.get_rect(midtop=(w // 2, y)))
        self.free = _panel(self.rect.size, GOLD)
        title = _fit(render_text(title_font, "Free Spins", GOLD, INK, 2), w - 16)
        self.free.blit(title, title.get_rect(midtop=(w // 2, 4)))
        self.in_free = False
        self.spin = 0
        self.total = 0
        self.capped = False
        self.bump_t = 1.0

    def set(self, *, in_free: bool, spin: int, total: int) -> None:
        if in_free and total > self.total and self.in_free:
            self.bump_t = 0.0
        self.in_free, self.spin, self.total = in_free, spin, total

    def update(self, dt: float) -> None:
        self.bump_t += dt

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if not self.in_free:
            surface.blit(self.base, rect)
            return
        surface.blit(self.free, rect)
        if self.capped:
            text = "MAX WIN REACHED"
            color = RED
        else:
            text = f"{self.spin} of {self.total}" if self.spin else f"{self.total} to play"
            color = GOLD if self.bump_t < 1.2 and int(self.bump_t * 6) % 2 == 0 else CREAM
        image = render_text(self.big_font, text, color, INK, 3)
        scale_y = 0 if self.bump_t > 0.3 else round(4 * (1 - clamp01(self.bump_t / 0.3)))
        surface.blit(image, image.get_rect(center=(rect.centerx, rect.y + 62 - scale_y)))
