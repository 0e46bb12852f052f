"""The 8x8 cluster grid: symbols that drop in, pop, burst and fall with gravity.

Which symbol sits in which cell is always set by the caller from the round's events; this view
only animates how they get there (offsets, pops, bursts), so the grid a step leaves behind is
exactly the grid its event describes. Per frame it blits pre-scaled surfaces.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence

import pygame

from ...widgets.anim import pulse
from .art import POP_SCALES

Cell = tuple[int, int]
Grid = Sequence[Sequence[str]]

GRAVITY = 5200.0  # px/s^2
BOUNCE = 0.2  # share of the landing speed a symbol bounces back with
REST_SPEED = 170.0  # below this a landing symbol stops
POP_TIME = 0.32
BURST_TIME = 0.3


class GridView:
    def __init__(self, rect: pygame.Rect, cols: int, rows: int, images: dict[str, pygame.Surface],
                 pops: dict[str, list[pygame.Surface]], glow: pygame.Surface) -> None:
        self.rect = pygame.Rect(rect)
        self.cols, self.rows = cols, rows
        self.cell_w, self.cell_h = self.rect.w // cols, self.rect.h // rows
        self.images = images
        self.pops = pops
        self.glow = glow
        self.names: list[list[str | None]] = [[None] * rows for _ in range(cols)]
        self.y = [[0.0] * rows for _ in range(cols)]  # offset from the resting place (px, - is above)
        self.vy = [[0.0] * rows for _ in range(cols)]
        self.delay = [[0.0] * rows for _ in range(cols)]
        self.moving: set[Cell] = set()
        self.popping: dict[Cell, float] = {}  # cell -> seconds since its pop began
        self.bursting: dict[Cell, tuple[str, float]] = {}  # cell -> (symbol, seconds)
        self.leaving: list[list[float]] = []  # [x, y, vy, delay, symbol index] of a grid falling away
        self._leaving_names: list[str] = []
        self.hidden: set[Cell] = set()  # cells another layer draws over completely
        self.emphasis: set[Cell] = set()  # winning cells: drawn larger with a glow
        self.shake = 0.0  # px of shake, decaying
        self.calm = False  # reduced motion: the grid never shakes
        self.time = 0.0
        self.on_land: Callable[[int], None] | None = None  # called once per column when a drop finishes (a sound)
        self._column_landing: set[int] = set()

    # -- geometry ---------------------------------------------------------------------------

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + col * self.cell_w, self.rect.y + row * self.cell_h, self.cell_w, self.cell_h)

    def cell_center(self, col: int, row: int) -> tuple[int, int]:
        return (self.rect.x + col * self.cell_w + self.cell_w // 2, self.rect.y + row * self.cell_h + self.cell_h // 2)

    @property
    def grid(self) -> list[list[str | None]]:
        return [list(column) for column in self.names]

    @property
    def busy(self) -> bool:
        return bool(self.moving or self.bursting or self.leaving)

    # -- control ----------------------------------------------------------------------------

    def set_grid(self, grid: Grid) -> None:
        """Show ``grid`` at rest at once."""
        for col in range(self.cols):
            for row in range(self.rows):
                self.names[col][row] = grid[col][row]
                self.y[col][row] = self.vy[col][row] = self.delay[col][row] = 0.0
        self.moving.clear()
        self.popping.clear()
        self.bursting.clear()
        self.leaving.clear()
        self._leaving_names.clear()
        self.hidden.clear()
        self.emphasis.clear()

    def set_cells(self, grid: Grid) -> None:
        """Make every cell hold ``grid``'s symbol (movement and pops carry on)."""
        for col in range(self.cols):
            column = self.names[col]
            for row in range(self.rows):
                column[row] = grid[col][row]

    def settle(self) -> None:
        """Finish every movement now (a skip): symbols at rest, bursts gone."""
        for col, row in self.moving:
            self.y[col][row] = self.vy[col][row] = self.delay[col][row] = 0.0
        self.moving.clear()
        self.bursting.clear()
        self.leaving.clear()
        self._leaving_names.clear()
        self._column_landing.clear()

    def drop_in(self, grid: Grid, *, clear_first: bool = True) -> None:
        """The symbols on the grid fall away and ``grid`` drops in, column after column."""
        self.settle()
        self.popping.clear()
        self.emphasis.clear()
        self.hidden.clear()
        if clear_first:
            for col in range(self.cols):
                for row in range(self.rows):
                    name = self.names[col][row]
                    if name is None:
                        continue
                    x, y = self.rect.x + col * self.cell_w, self.rect.y + row * self.cell_h
                    self.leaving.append([x, y, 0.0, col * 0.035 + (self.rows - 1 - row) * 0.012])
                    self._leaving_names.append(name)
        fall = self.rect.h + self.cell_h * 0.5
        for col in range(self.cols):
            for row in range(self.rows):
                self.names[col][row] = grid[col][row]
                self.y[col][row] = -fall
                self.vy[col][row] = 0.0
                self.delay[col][row] = 0.08 + col * 0.04 + (self.rows - 1 - row) * 0.022
                self.moving.add((col, row))
        self._column_landing = set(range(self.cols))

    def burst(self, cells: Iterable[Sequence[int]]) -> None:
        """The cells' symbols burst and leave their cells empty."""
        self.emphasis.clear()
        for col, row in cells:
            name = self.names[col][row]
            self.names[col][row] = None
            self.popping.pop((col, row), None)
            if name is not None:
                self.bursting[(col, row)] = (name, 0.0)

    def tumble(self, removed: Iterable[Sequence[int]], grid_after: Grid, dropped: Sequence[int]) -> None:
        """Survivors fall straight down keeping their order; ``dropped[col]`` new ones fill the top."""
        gone = {(c, r) for c, r in removed}
        for col in range(self.cols):
            survivors = [row for row in range(self.rows) if (col, row) not in gone]
            new = dropped[col]
            # survivors end at rows new..rows-1, in order; new symbols fill rows 0..new-1
            for i, old_row in enumerate(survivors):
                row = new + i
                self._place(col, row, grid_after[col][row], (old_row - row) * self.cell_h, 0.0)
            for row in range(new):
                start = -(new + 0.4) * self.cell_h
                self._place(col, row, grid_after[col][row], start, 0.12 + (new - 1 - row) * 0.05 + col * 0.015)
            if new or any(old != new + i for i, old in enumerate(survivors)):
                self._column_landing.add(col)
        self.bursting.clear()

    def _place(self, col: int, row: int, name: str, offset: float, delay: float) -> None:
        self.names[col][row] = name
        self.popping.pop((col, row), None)
        self.y[col][row] = offset
        self.vy[col][row] = 0.0
        self.delay[col][row] = delay
        if offset < 0:
            self.moving.add((col, row))
        else:
            self.moving.discard((col, row))
            self.y[col][row] = 0.0

    def put(self, cells: Iterable[Sequence[int]], grid: Grid, *, pop: bool = True) -> None:
        """Change the cells' symbols to ``grid``'s in place (a feature's conversion), with a pop."""
        for col, row in cells:
            self.names[col][row] = grid[col][row]
            if pop:
                self.popping[(col, row)] = 0.0

    def pop(self, cells: Iterable[Sequence[int]]) -> None:
        for col, row in cells:
            self.popping[(col, row)] = 0.0

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt * 40)
        if self.moving:
            landed_cols: set[int] = set()
            for cell in list(self.moving):
                col, row = cell
                if self.delay[col][row] > 0:
                    self.delay[col][row] -= dt
                    continue
                v = self.vy[col][row] + GRAVITY * dt
                y = self.y[col][row] + v * dt
                if y >= 0:
                    if v > REST_SPEED / BOUNCE:
                        y, v = 0.0, -v * BOUNCE
                        landed_cols.add(col)
                    else:
                        y, v = 0.0, 0.0
                        self.moving.discard(cell)
                self.y[col][row], self.vy[col][row] = y, v
            for col in landed_cols:
                if col in self._column_landing:
                    self._column_landing.discard(col)
                    if self.on_land is not None:
                        self.on_land(col)
        if self.popping:
            for cell in list(self.popping):
                t = self.popping[cell] + dt
                if t >= POP_TIME:
                    del self.popping[cell]
                else:
                    self.popping[cell] = t
        if self.bursting:
            for cell, (name, t) in list(self.bursting.items()):
                t += dt
                if t >= BURST_TIME:
                    del self.bursting[cell]
                else:
                    self.bursting[cell] = (name, t)
        if self.leaving:
            bottom = self.rect.bottom
            keep = []
            names = []
            for item, name in zip(self.leaving, self._leaving_names, strict=True):
                if item[3] > 0:
                    item[3] -= dt
                else:
                    item[2] += GRAVITY * 0.8 * dt
                    item[1] += item[2] * dt
                if item[1] < bottom:
                    keep.append(item)
                    names.append(name)
            self.leaving, self._leaving_names = keep, names

    # -- drawing ----------------------------------------------------------------------------

    def offset(self) -> tuple[int, int]:
        if self.shake <= 0 or self.calm:
            return 0, 0
        s = self.shake
        return round(math.sin(self.time * 71) * s), round(math.cos(self.time * 53) * s * 0.7)

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        ox, oy = self.offset()
        blit = surface.blit
        images = self.images
        for item, leaving_name in zip(self.leaving, self._leaving_names, strict=True):
            blit(images[leaving_name], (item[0] + ox, item[1] + oy))
        x0, y0 = self.rect.x + ox, self.rect.y + oy
        cw, ch = self.cell_w, self.cell_h
        for col in range(self.cols):
            column = self.names[col]
            ys = self.y[col]
            x = x0 + col * cw
            for row in range(self.rows):
                name = column[row]
                if name is None:
                    continue
                cell = (col, row)
                if cell in self.hidden or cell in self.emphasis or cell in self.popping:
                    continue
                y = y0 + row * ch + ys[row]
                if y <= self.rect.y - ch:
                    continue
                blit(images[name], (x, y))
        for (col, row), (name, t) in self.bursting.items():
            frames = self.pops[name]
            k = min(len(frames) - 1, int(len(frames) * t / BURST_TIME))
            image = frames[k]
            image.set_alpha(int(255 * (1 - t / BURST_TIME)))
            cx, cy = self.cell_center(col, row)
            blit(image, image.get_rect(center=(cx + ox, cy + oy)))
            image.set_alpha(255)
        surface.set_clip(clip)
        for (col, row), t in self.popping.items():
            name = self.names[col][row]
            if name is None or (col, row) in self.hidden:
                continue
            # up to the largest scale and back: 0 -> peak -> 0 over POP_TIME
            phase = t / POP_TIME
            k = round((1 - abs(2 * phase - 1)) * (len(POP_SCALES) - 2))
            image = self.pops[name][k] if k > 0 or phase < 0.5 else images[name]
            cx, cy = self.cell_center(col, row)
            blit(image, image.get_rect(center=(cx + ox, cy + oy + round(self.y[col][row]))))
        if self.emphasis:
            glow_alpha = int(130 + 110 * pulse(self.time, 0.8))
            self.glow.set_alpha(glow_alpha)
            for col, row in sorted(self.emphasis):
                name = self.names[col][row]
                if name is None or (col, row) in self.hidden:
                    continue
                cx, cy = self.cell_center(col, row)
                blit(self.glow, self.glow.get_rect(center=(cx + ox, cy + oy)))
            for col, row in sorted(self.emphasis):
                name = self.names[col][row]
                if name is None or (col, row) in self.hidden:
                    continue
                cx, cy = self.cell_center(col, row)
                image = self.pops[name][0]
                blit(image, image.get_rect(center=(cx + ox, cy + oy)))
