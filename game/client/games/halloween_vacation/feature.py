"""The free-game layer over the reels: sticky wild frames, the Expanding Wild and its badge,
and the free-spin counter panel.

State changes come only from the presenter (from the events); this draws and animates them.
Every scaled frame of every animation is rendered in the constructor.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_cubic, pulse
from ...widgets.art import rounded_panel
from ...widgets.particles import Particles
from ...widgets.reels import Cell, ReelView
from ...widgets.text import render_text
from .art import STICKY_SLAM, HalloweenArt

INK = (20, 8, 30)
GOLD = (255, 204, 92)
MARIGOLD = (255, 160, 50)
TEAL = (70, 220, 210)
LOCK_SCALES = (STICKY_SLAM, 1.5, 1.32, 1.18, 1.06, 0.97, 1.0)
BADGE_POP = (2.0, 1.7, 1.45, 1.25, 1.1, 1.0)  # the multiplier badge's sizes as it lands (x its rest size)


class FeatureLayer:
    LOCK_TIME = 0.5
    GROW_TIME = 0.85
    BADGE_TIME = 0.4
    FADE_TIME = 0.45

    def __init__(
        self,
        reels: ReelView,
        art: HalloweenArt,
        *,
        expanding_reel: int,
        multipliers: Sequence[int],
        intro: Sequence[str],
        badge_font: pygame.font.Font,
        badge_font_large: pygame.font.Font,
        badge_y: int,
        panel_rect: pygame.Rect,
        title_font: pygame.font.Font,
        big_font: pygame.font.Font,
        small_font: pygame.font.Font,
        particles: Particles,
        sparkles: list[pygame.Surface],
    ) -> None:
        self.reels = reels
        self.art = art
        self.wild = art.symbols["wild"]
        self.col = expanding_reel
        self.multipliers = tuple(multipliers)
        self.intro = tuple(intro)  # the base game's panel: how the free games start, what they hold
        self.badge_y = badge_y
        self.particles = particles
        self.sparkles = sparkles
        # The lock slams down from its largest size: every frame is shrunk from art drawn that large.
        w, h = art.sticky_frame.get_size()
        self.lock_frames = [
            art.sticky_frame if s == 1.0 else gfx.transform.smoothscale(art.sticky_slam, (round(w * s), round(h * s)))
            for s in LOCK_SCALES
        ]
        self.flash = art.cell_glow
        self.badges: dict[int, list[pygame.Surface]] = {}
        for x in self.multipliers:  # a pop from twice its size: rendered at that size, then shrunk
            rest = render_text(badge_font, f"x{x}", GOLD, INK, 3, shadow=True)
            big = render_text(badge_font_large, f"x{x}", GOLD, INK, 6, shadow=True)
            bw, bh = rest.get_size()
            self.badges[x] = [
                gfx.transform.smoothscale(big, (round(bw * s), round(bh * s))) for s in BADGE_POP[:-1]
            ] + [rest]
        self.column_glow = art.column_glow
        # the free-spin panel
        self.panel_rect = pygame.Rect(panel_rect)
        self.title_font, self.big_font, self.small_font = title_font, big_font, small_font
        self.base_panel = self._base_panel()
        self.free_panel = self._free_panel()
        self.pills = {
            (x, lit): self._pill(f"x{x}", lit) for x in self.multipliers for lit in (False, True)
        }
        self.reset()

    # -- pre-rendering ----------------------------------------------------------------------

    def _panel(self, edge: tuple[int, int, int]) -> pygame.Surface:
        return rounded_panel(self.panel_rect.size, (66, 30, 96), (24, 10, 40), edge=edge, radius=18, alpha=235,
                             edge_px=3)

    def _base_panel(self) -> pygame.Surface:
        panel = self._panel((170, 110, 60))
        w = self.panel_rect.w
        lines = (
            (self.title_font, "Free Games", GOLD),
            (self.small_font, self.intro[0], (230, 215, 245)),
            (self.big_font, self.intro[1], (255, 246, 228)),
            (self.small_font, self.intro[2], TEAL),
            (self.small_font, self.intro[3], MARIGOLD),
        )
        y = 14
        for font, text, color in lines:
            image = render_text(font, text, color, INK, 2)
            if image.get_width() > w - 12:
                image = gfx.transform.smoothscale(
                    image, (w - 12, image.get_height() * (w - 12) // image.get_width()))
            panel.blit(image, image.get_rect(midtop=(w // 2, y)))
            y += image.get_height() + 4
        return panel

    def _free_panel(self) -> pygame.Surface:
        panel = self._panel(MARIGOLD)
        w = self.panel_rect.w
        title = render_text(self.title_font, "Free Spins", GOLD, INK, 2)
        panel.blit(title, title.get_rect(midtop=(w // 2, 10)))
        label = render_text(self.small_font, "EXPANDING WILD", (230, 215, 245), INK, 1)
        panel.blit(label, label.get_rect(midtop=(w // 2, self.panel_rect.h - 76)))
        return panel

    def _pill(self, text: str, lit: bool) -> pygame.Surface:
        size = (56, 34)
        top, bottom = ((255, 190, 80), (200, 90, 20)) if lit else ((70, 50, 90), (40, 26, 56))
        pill = rounded_panel(size, top, bottom, edge=(255, 240, 200) if lit else (110, 80, 140), radius=16,
                             alpha=255)
        label = render_text(self.small_font, text, (255, 250, 235) if lit else (160, 140, 180), INK if lit else None, 1)
        pill.blit(label, label.get_rect(center=(size[0] // 2, size[1] // 2 + 1)))
        return pill

    # -- state (from the presenter) ---------------------------------------------------------

    def reset(self) -> None:
        self.in_free = False
        self.spin = 0
        self.total = 0
        self.sticky: list[Cell] = []
        self.lock_t: dict[Cell, float] = {}
        self.exp_x: int | None = None
        self.exp_row = 0
        self.grow_t = 1.0
        self.badge_t = 1.0
        self.fade_t: float | None = None
        self.time = 0.0
        self._sync_hidden()

    def set_state(self, *, in_free: bool, spin: int, total: int, sticky: Iterable[Sequence[int]],
                  expanding: int | None) -> None:
        """Jump to a state without animation (a resumed round)."""
        self.reset()
        self.in_free, self.spin, self.total = in_free, spin, total
        self.sticky = [(c, r) for c, r in sticky]
        self.exp_x = expanding
        self._sync_hidden()

    def enter_free(self, total: int) -> None:
        self.in_free, self.spin, self.total = True, 0, total

    def exit_free(self) -> None:
        self.reset()

    def set_counter(self, spin: int, total: int | None = None) -> None:
        self.spin = spin
        if total is not None:
            self.total = total

    def lock(self, cells: Iterable[Sequence[int]]) -> None:
        for c, r in cells:
            cell = (c, r)
            if cell not in self.sticky:
                self.sticky.append(cell)
            self.lock_t[cell] = 0.0
            x, y = self.reels.cell_center(c, r)
            self.particles.burst(x, y, self.sparkles, count=14, speed=240, life=0.7, gravity=120)
        self._sync_hidden()

    def grow(self, row: int, x: int) -> None:
        self.exp_x, self.exp_row, self.grow_t, self.badge_t, self.fade_t = x, row, 0.0, 0.0, None
        rect = self.reels.column_rect(self.col)
        for r in range(self.reels.rows):
            self.particles.burst(rect.centerx, rect.y + (r + 0.5) * self.reels.cell_h, self.sparkles, count=8,
                                 speed=200, life=0.7, gravity=60)
        self._sync_hidden()

    def raise_multiplier(self, x: int) -> None:
        self.exp_x, self.badge_t, self.fade_t = x, 0.0, None
        rect = self.reels.column_rect(self.col)
        self.particles.burst(rect.centerx, rect.y + self.badge_y, self.sparkles, count=18, speed=280, life=0.8,
                             gravity=80)

    def drop_expanding(self) -> None:
        if self.exp_x is not None and self.fade_t is None:
            self.fade_t = 0.0

    @property
    def animating(self) -> bool:
        return (
            any(t < self.LOCK_TIME for t in self.lock_t.values())
            or (self.exp_x is not None and (self.grow_t < self.GROW_TIME or self.badge_t < self.BADGE_TIME))
            or self.fade_t is not None
        )

    def _sync_hidden(self) -> None:
        hidden = set(self.sticky)
        if self.exp_x is not None and self.fade_t is None and self.grow_t >= self.GROW_TIME:
            hidden.update((self.col, r) for r in range(self.reels.rows))
        self.reels.hidden = hidden

    # -- time and drawing -------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        for cell in list(self.lock_t):
            self.lock_t[cell] += dt
            if self.lock_t[cell] > self.LOCK_TIME + 0.5:
                del self.lock_t[cell]
        if self.exp_x is not None:
            growing = self.grow_t < self.GROW_TIME
            self.grow_t += dt
            self.badge_t += dt
            if growing and self.grow_t >= self.GROW_TIME:
                self._sync_hidden()
        if self.fade_t is not None:
            self.fade_t += dt
            if self.fade_t >= self.FADE_TIME:
                self.exp_x, self.fade_t = None, None
                self._sync_hidden()

    def draw(self, surface: pygame.Surface) -> None:
        """Over the reels: expanding wild, then sticky wilds with their frames."""
        if self.exp_x is not None:
            self._draw_expanding(surface)
        for cell in self.sticky:
            rect = self.reels.cell_rect(*cell)
            surface.blit(self.wild, rect)
            t = self.lock_t.get(cell)
            if t is not None and t < self.LOCK_TIME + 0.5:
                k = min(len(self.lock_frames) - 1, int(len(self.lock_frames) * t / self.LOCK_TIME))
                frame = self.lock_frames[k]
                flash_a = int(255 * (1 - clamp01(t / (self.LOCK_TIME + 0.5))))
                self.flash.set_alpha(flash_a)
                surface.blit(self.flash, self.flash.get_rect(center=rect.center))
            else:
                frame = self.lock_frames[-1]
            surface.blit(frame, frame.get_rect(center=rect.center))

    def _draw_expanding(self, surface: pygame.Surface) -> None:
        col_rect = self.reels.column_rect(self.col)
        image = self.art.wild_expanding
        alpha = 255
        if self.fade_t is not None:
            alpha = int(255 * (1 - clamp01(self.fade_t / self.FADE_TIME)))
        growing = self.grow_t < self.GROW_TIME
        if growing or self.fade_t is None:
            glow_a = int(alpha * (0.55 + 0.35 * pulse(self.time, 1.4)) if not growing else alpha)
            self.column_glow.set_alpha(glow_a)
            surface.blit(self.column_glow, self.column_glow.get_rect(center=col_rect.center))
        if growing:
            e = ease_out_cubic(self.grow_t / self.GROW_TIME)
            cell = self.reels.cell_rect(self.col, self.exp_row)
            top = round(cell.top - (cell.top - col_rect.top) * e)
            bottom = round(cell.bottom + (col_rect.bottom - cell.bottom) * e)
            area = pygame.Rect(0, top - col_rect.top, col_rect.w, bottom - top)
            image.set_alpha(alpha)
            surface.blit(image, (col_rect.x, top), area)
        else:
            image.set_alpha(alpha)
            surface.blit(image, col_rect)
        image.set_alpha(255)
        if self.exp_x is not None and self.grow_t > self.GROW_TIME * 0.6:
            frames = self.badges[self.exp_x]
            k = min(len(frames) - 1, int(len(frames) * self.badge_t / self.BADGE_TIME))
            badge = frames[k]
            bob = round(2 * pulse(self.time, 1.2))
            badge.set_alpha(alpha)
            surface.blit(badge, badge.get_rect(center=(col_rect.centerx, col_rect.y + self.badge_y - bob)))

    def draw_panel(self, surface: pygame.Surface) -> None:
        """The left panel: the free-game teaser, or the free-spin counter and multiplier ladder."""
        rect = self.panel_rect
        if not self.in_free:
            surface.blit(self.base_panel, rect)
            return
        surface.blit(self.free_panel, rect)
        text = f"{self.spin} of {self.total}" if self.spin else f"{self.total} to play"
        image = render_text(self.big_font, text, (255, 246, 228), INK, 3)
        surface.blit(image, image.get_rect(center=(rect.centerx, rect.y + 84)))
        sticky = render_text(self.small_font, f"Sticky wilds: {len(self.sticky)}", TEAL, INK, 1)
        surface.blit(sticky, sticky.get_rect(center=(rect.centerx, rect.y + 122)))
        gap = 8
        pw = 56
        x = rect.centerx - (len(self.multipliers) * pw + gap * (len(self.multipliers) - 1)) // 2
        for m in self.multipliers:
            pill = self.pills[(m, self.exp_x == m and self.fade_t is None)]
            surface.blit(pill, (x, rect.bottom - 50))
            x += pw + gap
