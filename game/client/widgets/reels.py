"""A reel window: columns of symbols that spin with motion blur and land with a bounce.

Generic for any ``cols x rows`` line game. The symbols each reel lands on are given by the
caller (from the round's events); the blurred strips seen while spinning are decoration built
once from a fixed cosmetic sequence, so nothing here can change an outcome.
Per frame the view only blits pre-rendered surfaces.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

from .. import gfx
from .anim import ease_out_back, pulse

log = logging.getLogger(__name__)

Cell = tuple[int, int]
Window = Sequence[Sequence[str]]

IDLE, WIND, SPIN, LAND = "idle", "wind", "spin", "land"


@dataclass
class _Reel:
    column: list[str]
    phase: str = IDLE
    t: float = 0.0  # seconds in the current phase
    y: float = 0.0  # offset of the sharp column from its resting place (px, + is down)
    strip: float = 0.0  # scroll of the blurred strip (px)
    stop_at: float = 0.0  # seconds after the spin started when landing begins
    land_time: float = 0.6
    target: list[str] = field(default_factory=list)
    touched: bool = False
    anticipate: bool = False


class ReelView:
    """Draws and animates the reels inside ``rect`` (``cols`` x ``rows`` equal cells)."""

    SPIN_SPEED = 3700.0  # px/s while blurred
    WIND_TIME = 0.13
    WIND_PX = 16.0
    MIN_SPIN = 0.42
    STAGGER = 0.17
    LAND_TIME = 0.62
    QUICK_LAND_TIME = 0.26
    BOUNCE = 1.0  # ease-out-back overshoot: about 4% of the reel height

    def __init__(
        self,
        rect: pygame.Rect,
        cols: int,
        rows: int,
        images: dict[str, pygame.Surface],
        filler: Sequence[str],
        *,
        glow: pygame.Surface | None = None,
        anticipation: pygame.Surface | None = None,
    ) -> None:
        self.rect = pygame.Rect(rect)
        self.cols, self.rows = cols, rows
        self.cell_w, self.cell_h = self.rect.w // cols, self.rect.h // rows
        self.images = images
        self.filler = list(filler)
        self.pop_images = {
            name: gfx.transform.smoothscale(img, (round(self.cell_w * 1.08), round(self.cell_h * 1.08)))
            for name, img in images.items()
        }
        self.glow = glow
        self.anticipation = anticipation
        self.strips = [self._make_strip(col) for col in range(cols)]
        start = [[self.filler[(col * 3 + row * 5) % len(self.filler)] for row in range(rows)] for col in range(cols)]
        self.reels = [_Reel(column=list(start[col])) for col in range(cols)]
        self.elapsed = 0.0
        self.on_land: Callable[[int], None] | None = None  # a reel touched down (sound, sparkle)
        self.emphasis: set[Cell] = set()  # winning cells: drawn larger with a glow behind
        self.hidden: set[Cell] = set()  # cells another layer covers completely
        self._time = 0.0

    # -- geometry ---------------------------------------------------------------------------

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + col * self.cell_w, self.rect.y + row * self.cell_h, self.cell_w, self.cell_h)

    def cell_center(self, col: int, row: int) -> tuple[int, int]:
        return self.cell_rect(col, row).center

    def column_rect(self, col: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + col * self.cell_w, self.rect.y, self.cell_w, self.rect.h)

    @property
    def window(self) -> list[list[str]]:
        return [list(reel.column) for reel in self.reels]

    # -- control ----------------------------------------------------------------------------

    def set_window(self, window: Window) -> None:
        """Show ``window`` at rest at once."""
        for reel, column in zip(self.reels, window, strict=True):
            reel.column = list(column)
            reel.target = list(column)
            reel.phase, reel.y, reel.t = IDLE, 0.0, 0.0
            reel.anticipate = False

    def spin(self, window: Window, *, held: Iterable[int] = (), extra: Sequence[float] | None = None) -> None:
        """Spin every reel not ``held`` and land them on ``window`` one after another.

        ``extra`` adds seconds before a reel stops (anticipation when a feature may trigger).
        """
        held = set(held)
        self.elapsed = 0.0
        delay = 0.0
        for col, (reel, column) in enumerate(zip(self.reels, window, strict=True)):
            reel.target = list(column)
            reel.touched = False
            if col in held:  # covered by a feature (an expanding wild): it stays where it is
                reel.phase = IDLE
                continue
            delay += extra[col] if extra else 0.0
            reel.phase, reel.t = WIND, 0.0
            reel.stop_at = self.MIN_SPIN + self.STAGGER * col + delay
            reel.land_time = self.LAND_TIME
            reel.anticipate = bool(extra and extra[col] > 0)

    def quick_stop(self) -> None:
        """Land every spinning reel now."""
        for reel in self.reels:
            if reel.phase in (WIND, SPIN):
                self._begin_landing(reel, self.QUICK_LAND_TIME)
            elif reel.phase == LAND and reel.land_time > self.QUICK_LAND_TIME:
                # already landing: hurry it to the end of its bounce
                progress = reel.t / reel.land_time
                reel.land_time = self.QUICK_LAND_TIME
                reel.t = progress * reel.land_time

    @property
    def spinning(self) -> bool:
        return any(reel.phase != IDLE for reel in self.reels)

    @property
    def busy(self) -> bool:
        """The field interface (``kit.field.SymbolField``): a reel is moving."""
        return self.spinning

    def settle(self) -> None:
        """The field interface: land everything now (the quick stop)."""
        self.quick_stop()

    def reel_spinning(self, col: int) -> bool:
        return self.reels[col].phase != IDLE

    # -- time -------------------------------------------------------------------------------

    def _begin_landing(self, reel: _Reel, land_time: float) -> None:
        reel.phase, reel.t = LAND, 0.0
        reel.column = list(reel.target)
        reel.land_time = land_time
        reel.y = -float(self.rect.h)
        reel.touched = False

    def update(self, dt: float) -> None:
        self._time += dt
        if not self.spinning:
            return
        self.elapsed += dt
        for col, reel in enumerate(self.reels):
            if reel.phase == IDLE:
                continue
            reel.t += dt
            if reel.phase == WIND:
                reel.y = -self.WIND_PX * math.sin(math.pi * min(1.0, reel.t / self.WIND_TIME))
                if reel.t >= self.WIND_TIME:
                    reel.phase, reel.t, reel.y = SPIN, 0.0, 0.0
            elif reel.phase == SPIN:
                step = self.SPIN_SPEED * dt
                reel.y += step
                reel.strip += step
                if self.elapsed >= reel.stop_at:
                    self._begin_landing(reel, self.LAND_TIME)
            if reel.phase == LAND:
                p = min(1.0, reel.t / reel.land_time)
                new_y = -self.rect.h * (1.0 - ease_out_back(p, self.BOUNCE))
                reel.strip += new_y - reel.y
                reel.y = new_y
                if not reel.touched and p >= 0.5:
                    reel.touched = True
                    if self.on_land is not None:
                        self.on_land(col)
                if p >= 1.0:
                    reel.phase, reel.y, reel.anticipate = IDLE, 0.0, False

    # -- drawing ----------------------------------------------------------------------------

    def _make_strip(self, col: int) -> pygame.Surface:
        """A seamless, vertically blurred strip of symbols for one reel (built once)."""
        count = 12
        order = [self.filler[(col * 7 + i * 5) % len(self.filler)] for i in range(count)]
        w, h = self.cell_w, self.cell_h
        margin = 2
        sharp = gfx.Surface((w, (count + 2 * margin) * h), pygame.SRCALPHA)
        for i in range(-margin, count + margin):
            sharp.blit(self.images[order[i % count]], (0, (i + margin) * h))
        total = sharp.get_height()
        blurred = gfx.transform.smoothscale(sharp, (w, max(1, total // 14)))
        blurred = gfx.transform.stretch_soft(blurred, (w, total))
        strip = gfx.Surface((w, count * h), pygame.SRCALPHA)
        strip.blit(blurred, (0, -margin * h))
        strip.fill((205, 200, 215, 235), special_flags=pygame.BLEND_RGBA_MULT)
        return strip.convert_alpha() if pygame.display.get_surface() else strip

    def _blit_strip(self, surface: pygame.Surface, col: int, x: int, y0: int, y1: int, phase: float) -> None:
        strip = self.strips[col]
        sh = strip.get_height()
        y = y0
        while y < y1:
            src = int(y - self.rect.y - phase) % sh
            h = min(y1 - y, sh - src)
            surface.blit(strip, (x, y), pygame.Rect(0, src, self.cell_w, h))
            y += h

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        top, bottom = self.rect.top, self.rect.bottom
        glow_on = self.glow is not None and bool(self.emphasis)
        glow_alpha = int(120 + 120 * pulse(self._time, 0.9))
        for col, reel in enumerate(self.reels):
            x = self.rect.x + col * self.cell_w
            col_top = top + round(reel.y)
            col_bottom = col_top + self.rect.h
            if reel.phase != IDLE:
                if col_top > top:
                    self._blit_strip(surface, col, x, top, min(col_top, bottom), reel.strip)
                if col_bottom < bottom:
                    self._blit_strip(surface, col, x, max(col_bottom, top), bottom, reel.strip)
            if col_bottom <= top or col_top >= bottom:
                continue
            for row, name in enumerate(reel.column):
                y = col_top + row * self.cell_h
                if y + self.cell_h <= top or y >= bottom:
                    continue
                cell = (col, row)
                if reel.phase == IDLE and cell in self.hidden:
                    continue
                if reel.phase == IDLE and cell in self.emphasis:
                    continue  # drawn on top below, unclipped by neighbours
                surface.blit(self.images[name], (x, y))
        if self.emphasis:
            for col, row in sorted(self.emphasis):
                reel = self.reels[col]
                if reel.phase != IDLE or (col, row) in self.hidden:
                    continue
                center = self.cell_center(col, row)
                if glow_on:
                    assert self.glow is not None
                    self.glow.set_alpha(glow_alpha)
                    surface.blit(self.glow, self.glow.get_rect(center=center))
                image = self.pop_images[reel.column[row]]
                surface.blit(image, image.get_rect(center=center))
        surface.set_clip(clip)
        if self.anticipation is not None:
            alpha = int(140 + 115 * pulse(self._time, 0.5))
            for col, reel in enumerate(self.reels):
                if reel.anticipate and reel.phase in (SPIN, WIND):
                    self.anticipation.set_alpha(alpha)
                    surface.blit(self.anticipation, self.anticipation.get_rect(center=self.column_rect(col).center))
