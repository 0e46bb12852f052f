"""The five snowflake markers: glowing behind their cells, flying to their feature when won.

Markers belong to cells, not symbols: they stay put while symbols fall. Which markers stand and
which are won comes from the events; this layer only shows it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import pygame

from ...widgets.anim import clamp01, ease_in_out, pulse
from ...widgets.particles import Particles
from .grid import GridView

FLY_TIME = 0.75
APPEAR_TIME = 0.35
FADE_TIME = 0.4
PHASES = {"refresh": 0.0, "wild_santa": 0.26, "blocks": 0.52, "supersize": 0.78, "lucky_santa": 1.04}


class MarkerLayer:
    def __init__(self, grid: GridView, glows: dict[str, pygame.Surface], badges: dict[str, pygame.Surface],
                 icons: dict[str, pygame.Surface], rings: dict[str, pygame.Surface], particles: Particles,
                 sparkles: list[pygame.Surface]) -> None:
        self.grid = grid
        self.rings = rings
        self.glows = glows
        self.badges = badges
        self.icons = icons
        self.particles = particles
        self.sparkles = sparkles
        self.cells: dict[str, tuple[int, int]] = {}
        self.appear: dict[str, float] = {}
        self.fading: dict[str, tuple[tuple[int, int], float]] = {}
        self.flights: dict[str, list[float]] = {}  # name -> [t, x0, y0, x1, y1]
        self.target: Callable[[str], tuple[int, int]] = lambda name: (0, 0)
        self.on_arrive: Callable[[str], None] | None = None
        self.time = 0.0

    # -- control ------------------------------------------------------------------------------

    def set(self, markers: Mapping[str, Sequence[int]], *, animate: bool = False) -> None:
        self.cells = {name: (cell[0], cell[1]) for name, cell in markers.items()}
        self.appear = {name: 0.0 for name in self.cells} if animate else {}
        self.fading.clear()
        self.flights.clear()

    def clear(self, *, fade: bool = False) -> None:
        if fade:
            for name, cell in self.cells.items():
                self.fading[name] = (cell, 0.0)
        self.cells = {}
        self.appear.clear()

    def win(self, names: Sequence[str]) -> None:
        """These markers were covered by a win: they leave their cells and fly to their feature."""
        for name in names:
            cell = self.cells.pop(name, None)
            self.appear.pop(name, None)
            if cell is None:
                continue
            x0, y0 = self.grid.cell_center(*cell)
            x1, y1 = self.target(name)
            self.flights[name] = [0.0, float(x0), float(y0), float(x1), float(y1)]
            self.particles.burst(x0, y0, self.sparkles, count=14, speed=260, life=0.7, gravity=0)

    def land_all(self) -> None:
        """Finish every flight now (a skip)."""
        for name in list(self.flights):
            self._arrive(name)

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def _arrive(self, name: str) -> None:
        flight = self.flights.pop(name)
        self.particles.burst(flight[3], flight[4], self.sparkles, count=12, speed=200, life=0.6, gravity=0)
        if self.on_arrive is not None:
            self.on_arrive(name)

    # -- time and drawing ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        for name in list(self.appear):
            self.appear[name] += dt
            if self.appear[name] >= APPEAR_TIME:
                del self.appear[name]
        for name, (cell, t) in list(self.fading.items()):
            if t + dt >= FADE_TIME:
                del self.fading[name]
            else:
                self.fading[name] = (cell, t + dt)
        for name in list(self.flights):
            flight = self.flights[name]
            flight[0] += dt
            if flight[0] >= FLY_TIME:
                self._arrive(name)
            elif int(flight[0] * 30) % 3 == 0:
                x, y = self._flight_pos(flight)
                self.particles.burst(x, y, self.sparkles, count=1, speed=40, life=0.4, gravity=0)

    @staticmethod
    def _flight_pos(flight: list[float]) -> tuple[float, float]:
        t = ease_in_out(flight[0] / FLY_TIME)
        x = flight[1] + (flight[3] - flight[1]) * t
        y = flight[2] + (flight[4] - flight[2]) * t - math.sin(math.pi * t) * 120
        return x, y

    def draw_behind(self, surface: pygame.Surface) -> None:
        """The glow behind each marked cell (under the symbols)."""
        ox, oy = self.grid.offset()
        for name, cell in self.cells.items():
            glow = self.glows[name]
            a = 0.6 + 0.4 * pulse(self.time + PHASES.get(name, 0.0), 1.3)
            t = self.appear.get(name)
            if t is not None:
                a *= clamp01(t / APPEAR_TIME)
            glow.set_alpha(int(255 * a))
            cx, cy = self.grid.cell_center(*cell)
            surface.blit(glow, glow.get_rect(center=(cx + ox, cy + oy)))
        for name, (cell, t) in self.fading.items():
            glow = self.glows[name]
            glow.set_alpha(int(200 * (1 - t / FADE_TIME)))
            cx, cy = self.grid.cell_center(*cell)
            surface.blit(glow, glow.get_rect(center=(cx + ox, cy + oy)))

    def draw_front(self, surface: pygame.Surface) -> None:
        """The snowflake badge in each marked cell's corner, and the flying markers."""
        ox, oy = self.grid.offset()
        for name, cell in self.cells.items():
            badge = self.badges[name]
            ring = self.rings[name]
            rect = self.grid.cell_rect(*cell)
            t = self.appear.get(name)
            show = 1.0 if t is None else clamp01(t / APPEAR_TIME)
            ring.set_alpha(int(show * (150 + 105 * pulse(self.time + PHASES.get(name, 0.0), 1.1))))
            surface.blit(ring, ring.get_rect(center=(rect.centerx + ox, rect.centery + oy)))
            badge.set_alpha(int(255 * show))
            surface.blit(badge, badge.get_rect(topright=(rect.right - 1 + ox, rect.top + 1 + oy)))
        for name, flight in self.flights.items():
            icon = self.icons[name]
            x, y = self._flight_pos(flight)
            glow = self.glows[name]
            glow.set_alpha(200)
            surface.blit(glow, glow.get_rect(center=(round(x), round(y))))
            surface.blit(icon, icon.get_rect(center=(round(x), round(y))))
