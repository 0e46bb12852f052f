"""Santa's Sleigh over the base game: it flies across, drops pies that lock on their cells while the
reels still spin, and once the reels land the pies stamp over whatever landed beneath them.

The cells come from the spin event (``sleigh.pies``); nothing here decides anything. Every
picture is drawn in the constructor; ``finish`` completes the flight or the stamp at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.particles import Particles
from ...widgets.reels import ReelView
from .art import PIE_STAMP, FatSantaArt

Cell = tuple[int, int]
Sound = Callable[[str], None]
DROP_SCALES = (0.55, 0.7, 0.85, 1.0)
STAMP_SCALES = (PIE_STAMP, 1.22, 1.12, 1.04, 1.0)


class SleighLayer:
    FLY_TIME = 1.7  # seconds for the sleigh to cross the screen
    FALL_TIME = 0.42
    LOCK_TIME = 0.45
    PEEK_TIME = 0.55  # the pies lift: what landed beneath shows
    STAMP_TIME = 0.3

    def __init__(self, reels: ReelView, art: FatSantaArt, band: pygame.Rect, particles: Particles,
                 sparkles: list[pygame.Surface], sound: Sound) -> None:
        self.reels = reels
        self.band = pygame.Rect(band)
        self.particles = particles
        self.sparkles = sparkles
        self.sound = sound
        self.sleigh = art.sleigh
        pie = art.pie
        self.falling = [gfx.transform.smoothscale(pie, (round(pie.get_width() * k), round(pie.get_height() * k)))
                        for k in DROP_SCALES]
        symbol = art.symbols["pie"]
        self.locked = symbol
        w, h = symbol.get_size()
        # the lifted pie, small and see-through: the symbol that landed beneath shows
        self.ghost = gfx.transform.smoothscale(symbol, (round(w * 0.6), round(h * 0.6)))
        self.ghost.set_alpha(215)
        self.stamps = [symbol if k == 1.0 else gfx.transform.smoothscale(art.pie_stamp, (round(w * k), round(h * k)))
                       for k in STAMP_SCALES]
        self.glow = art.cell_glow.copy()
        self.frame = self._lock_frame((w, h))
        self.pies: list[dict] = []
        self.t = 0.0
        self.flying = False
        self.stamp_t: float | None = None
        self.on_stamped: Callable[[], None] | None = None
        self.time = 0.0

    @staticmethod
    def _lock_frame(size: tuple[int, int]) -> pygame.Surface:
        frame = gfx.Surface(size, pygame.SRCALPHA)
        rect = frame.get_rect()
        for i, alpha in enumerate((50, 90, 140)):
            gfx.draw.rect(frame, (255, 230, 140, alpha), rect.inflate(-2 * i, -2 * i), width=3, border_radius=18)
        gfx.draw.rect(frame, (255, 246, 200, 255), rect.inflate(-8, -8), width=3, border_radius=16)
        return frame

    # -- geometry -----------------------------------------------------------------------------

    def _sleigh_x(self, t: float) -> float:
        """Left edge of the sleigh picture at time ``t`` (it flies right to left)."""
        start = self.band.right + 20
        end = self.band.left - self.sleigh.get_width() - 20
        return start + (end - start) * clamp01(t / self.FLY_TIME)

    def _sleigh_y(self, t: float) -> float:
        arc = 26 * math.sin(math.pi * clamp01(t / self.FLY_TIME))
        return self.band.y + self.band.h * 0.18 + math.sin(t * 4.2) * 10 + arc

    def _sack(self, t: float) -> tuple[float, float]:
        """Where a pie leaves the sleigh (the back of the sleigh, above the sack)."""
        w, h = self.sleigh.get_size()
        return self._sleigh_x(t) + w * 0.62, self._sleigh_y(t) + h * 0.42

    def _drop_time(self, cell: Cell) -> float:
        """When the back of the sleigh passes over the cell's column."""
        target = self.reels.cell_center(*cell)[0]
        w = self.sleigh.get_width()
        start = self.band.right + 20 + w * 0.62
        end = self.band.left - w - 20 + w * 0.62
        return self.FLY_TIME * clamp01((target - start) / (end - start))

    # -- control ----------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        return self.flying or self.stamp_t is not None

    @property
    def held(self) -> set[Cell]:
        return {p["cell"] for p in self.pies if p["phase"] == "locked"}

    def fly(self, cells: Sequence[Sequence[int]]) -> None:
        self.pies = [{"cell": (int(c), int(r)), "drop": self._drop_time((int(c), int(r))), "phase": "wait",
                      "from": (0.0, 0.0), "lock_t": 0.0} for c, r in cells]
        self.t = 0.0
        self.flying = True
        self.stamp_t = None
        self.sound("scatter_land")

    def finish(self) -> None:
        """Skip: the sleigh is gone, every pie locked (or stamped, when stamping)."""
        if self.flying:
            self.flying = False
            for pie in self.pies:
                if pie["phase"] != "locked":
                    pie["phase"] = "locked"
                    pie["lock_t"] = self.LOCK_TIME
        if self.stamp_t is not None:
            self._stamped()

    def stamp(self, on_stamped: Callable[[], None]) -> None:
        """The reels have landed: lift the pies (what landed shows), then stamp them down."""
        if not self.pies:
            on_stamped()
            return
        self.stamp_t = 0.0
        self.on_stamped = on_stamped

    def _stamped(self) -> None:
        callback = self.on_stamped
        self.stamp_t = None
        self.on_stamped = None
        self.pies = []
        if callback is not None:
            callback()

    def clear(self) -> None:
        self.pies = []
        self.flying = False
        self.stamp_t = None
        self.on_stamped = None

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        if self.flying:
            self.t += dt
            for pie in self.pies:
                if pie["phase"] == "wait" and self.t >= pie["drop"]:
                    pie["phase"] = "fall"
                    pie["t"] = 0.0
                    pie["from"] = self._sack(pie["drop"])
                elif pie["phase"] == "fall":
                    pie["t"] += dt
                    if pie["t"] >= self.FALL_TIME:
                        pie["phase"] = "locked"
                        pie["lock_t"] = 0.0
                        x, y = self.reels.cell_center(*pie["cell"])
                        self.particles.burst(x, y, self.sparkles, count=12, speed=240, life=0.6, gravity=120)
                        self.sound("sticky_lock")
                elif pie["phase"] == "locked":
                    pie["lock_t"] += dt
            done = all(p["phase"] == "locked" for p in self.pies)
            if self.t >= self.FLY_TIME + 0.2 and done:
                self.flying = False
        if self.stamp_t is not None:
            before = self.stamp_t
            self.stamp_t += dt
            if before < self.PEEK_TIME <= self.stamp_t:
                self.sound("sticky_lock")
                for pie in self.pies:
                    x, y = self.reels.cell_center(*pie["cell"])
                    self.particles.burst(x, y, self.sparkles, count=14, speed=300, life=0.7, gravity=160)
            if self.stamp_t >= self.PEEK_TIME + self.STAMP_TIME:
                self._stamped()

    # -- drawing ----------------------------------------------------------------------------

    def draw_pies(self, surface: pygame.Surface) -> None:
        """Locked pies over the reels (below the sleigh and the win lines)."""
        if not self.pies:
            return
        frame_alpha = int(150 + 105 * pulse(self.time, 0.8))
        self.frame.set_alpha(frame_alpha)
        for pie in self.pies:
            if pie["phase"] != "locked":
                continue
            rect = self.reels.cell_rect(*pie["cell"])
            if self.stamp_t is not None:
                self._draw_stamp(surface, rect)
                continue
            lock = pie["lock_t"]
            if lock < self.LOCK_TIME:
                self.glow.set_alpha(int(255 * (1 - lock / self.LOCK_TIME)))
                surface.blit(self.glow, self.glow.get_rect(center=rect.center))
                k = min(len(self.stamps) - 1, int(len(self.stamps) * lock / self.LOCK_TIME))
                image = self.stamps[k]
                surface.blit(image, image.get_rect(center=rect.center))
            else:
                surface.blit(self.locked, rect)
            surface.blit(self.frame, rect)

    def _draw_stamp(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        t = self.stamp_t or 0.0
        if t < self.PEEK_TIME:
            e = clamp01(t / 0.2)
            scale = 1.0 - 0.4 * e
            if e < 1.0:  # shrinking from the locked pie to the lifted one
                image = self.stamps[-1] if scale > 0.8 else self.ghost
            else:
                image = self.ghost
            lift = round(rect.h * 0.3 * e)
            surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - lift)))
            return
        p = clamp01((t - self.PEEK_TIME) / self.STAMP_TIME)
        self.glow.set_alpha(int(255 * (1 - p)))
        surface.blit(self.glow, self.glow.get_rect(center=rect.center))
        k = min(len(self.stamps) - 1, int(len(self.stamps) * ease_out_back(p)))
        image = self.stamps[k]
        surface.blit(image, image.get_rect(center=rect.center))

    def draw_sleigh(self, surface: pygame.Surface) -> None:
        """The sleigh and the pies falling from it (above everything on the reels)."""
        if not self.flying:
            return
        t = self.t
        if t <= self.FLY_TIME:
            surface.blit(self.sleigh, (round(self._sleigh_x(t)), round(self._sleigh_y(t))))
        for pie in self.pies:
            if pie["phase"] != "fall":
                continue
            p = clamp01(pie["t"] / self.FALL_TIME)
            sx, sy = pie["from"]
            tx, ty = self.reels.cell_center(*pie["cell"])
            x = sx + (tx - sx) * p
            y = sy + (ty - sy) * p * p
            image = self.falling[min(len(self.falling) - 1, int(p * len(self.falling)))]
            surface.blit(image, image.get_rect(center=(round(x), round(y))))
