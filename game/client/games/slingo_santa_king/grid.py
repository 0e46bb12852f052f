"""The Slingo card: 5 x 5 numbers on a marquee stage, daubed as they match, Slingo lines lit.

The cells' plates and numbers are composed into one picture whenever the card changes (a new
game); per frame that is one blit, then a daub and its white number on each marked cell, the
lit lines' bands, and the marquee's bulbs. The grid is a :class:`~game.client.kit.field.SymbolField`
(cells by column and row). What is marked and which lines are complete come only from the events
(the presenter); the lines' geometry is the engine's (``grid.LINES``).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import pygame

from ....engine.games.slingo_santa_king.grid import LINES, SIZE, cell_of
from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, pulse
from ...widgets.art import glow_frame, rounded_panel
from .art import COLUMN_COLORS, GOLD_DEEP, SlingoArt, glow_disc

Cell = tuple[int, int]
FLIP = 0.5  # seconds a new card takes to turn its numbers over, column by column
DAUB_TIME = 0.32
LINE_SWEEP = 0.55  # seconds the light runs along a new Slingo
BULB_GAP = 30


def line_cells(index: int) -> list[Cell]:
    """The cells of line ``index`` (rows 0-4, columns 5-9, the diagonals 10 and 11), in order along it."""
    mask = LINES[index]
    return [cell_of(i) for i in range(SIZE * SIZE) if mask >> i & 1]


def near_cells(marked: Iterable[Cell]) -> set[Cell]:
    """The unmarked cells that would each complete a line: one to go."""
    done = set(marked)
    out: set[Cell] = set()
    for index in range(len(LINES)):
        cells = line_cells(index)
        missing = [cell for cell in cells if cell not in done]
        if len(missing) == 1:
            out.add(missing[0])
    return out


class GridField:
    """Draws the card in ``rect`` and animates daubs, new lines and the marquee."""

    def __init__(self, rect: pygame.Rect, art: SlingoArt, frame_rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.cols = self.rows = SIZE
        self.cell_w, self.cell_h = self.rect.w // SIZE, self.rect.h // SIZE
        self.art = art
        self.frame_rect = pygame.Rect(frame_rect)
        self.numbers: list[list[int]] | None = None
        self.card: pygame.Surface | None = None
        self.marks: dict[Cell, str] = {}  # cell -> what marked it: number, wild, super_wild
        self.ages: dict[Cell, float] = {}  # seconds since a cell was daubed (its pop)
        self.lines: list[int] = []  # completed lines
        self.sweeps: dict[int, float] = {}  # a new line's light, seconds into its run
        self.flip: float | None = None
        self.highlight: set[Cell] = set()  # a pick's valid cells
        self.focus: Cell | None = None  # the cell a pick would mark
        self.focus_kind = "wild"  # what marks it: its daub shows there, faint, before the pick
        self.hot: set[Cell] = set()  # cells one away from a Slingo, lit while an extra spin is offered
        self.chase = 0.0  # the marquee runs (a spin, a Slingo): seconds left
        self.flash = 0.0  # every bulb bright (a Slingo)
        self.time = 0.0
        inner = (self.cell_w - 6, self.cell_h - 6)
        self.band_h = rounded_panel((self.rect.w - 8, self.cell_h - 10), (255, 226, 120), (230, 150, 30),
                                    radius=(self.cell_h - 10) // 2, alpha=120)
        self.band_v = rounded_panel((self.cell_w - 10, self.rect.h - 8), (255, 226, 120), (230, 150, 30),
                                    radius=(self.cell_w - 10) // 2, alpha=120)
        self.bands_d = [self._diagonal(down) for down in (True, False)]
        self.ring = glow_frame(inner, (255, 214, 90), thickness=8, radius=14)
        self.pick_ring = glow_frame(inner, (120, 255, 170), thickness=10, radius=14)
        self.focus_ring = glow_frame((inner[0] + 6, inner[1] + 6), (255, 214, 60), thickness=14, radius=16)
        self.hot_ring = glow_frame(inner, (255, 120, 170), thickness=8, radius=14)
        self.dim = gfx.Surface(inner, pygame.SRCALPHA)
        gfx.draw.rect(self.dim, (30, 0, 10, 150), self.dim.get_rect(), border_radius=14)
        self.sweep = glow_disc((self.cell_w * 2, self.cell_h * 2), (255, 246, 200), 1.0)
        self.bulb_on = glow_disc((22, 22), (255, 236, 170), 1.0)
        gfx.draw.circle(self.bulb_on, (255, 250, 220), (11, 11), 4)
        self.bulb_off = gfx.Surface((22, 22), pygame.SRCALPHA)
        gfx.draw.circle(self.bulb_off, (150, 100, 40), (11, 11), 4)
        gfx.draw.circle(self.bulb_off, (90, 50, 20), (11, 11), 4, 1)
        self.bulbs = self._bulb_points()

    # -- geometry (SymbolField) ---------------------------------------------------------------

    def cell_rect(self, col: int, row: int) -> pygame.Rect:
        return pygame.Rect(self.rect.x + col * self.cell_w, self.rect.y + row * self.cell_h, self.cell_w, self.cell_h)

    def cell_center(self, col: int, row: int) -> tuple[int, int]:
        return self.cell_rect(col, row).center

    def cell_at(self, pos: tuple[int, int]) -> Cell | None:
        if not self.rect.collidepoint(pos):
            return None
        return ((pos[0] - self.rect.x) // self.cell_w, (pos[1] - self.rect.y) // self.cell_h)

    @property
    def busy(self) -> bool:
        return self.flip is not None or bool(self.sweeps) or any(age < DAUB_TIME for age in self.ages.values())

    def settle(self) -> None:
        self.flip = None
        self.sweeps.clear()
        for cell in self.ages:
            self.ages[cell] = DAUB_TIME

    # -- the card ----------------------------------------------------------------------------

    def _diagonal(self, down: bool) -> pygame.Surface:
        out = gfx.Surface(self.rect.size, pygame.SRCALPHA)
        w, h = self.rect.size
        a, b = ((8, 8), (w - 8, h - 8)) if down else ((8, h - 8), (w - 8, 8))
        layer = gfx.Surface(self.rect.size, pygame.SRCALPHA)
        gfx.draw.line(layer, (255, 210, 90, 120), a, b, self.cell_w - 24)
        for end in (a, b):
            gfx.draw.circle(layer, (255, 210, 90, 120), end, (self.cell_w - 24) // 2)
        out.blit(layer, (0, 0))
        return out

    def _bulb_points(self) -> list[tuple[int, int]]:
        r = self.frame_rect.inflate(-10, -10)
        points = []
        for x in range(r.left, r.right + 1, BULB_GAP):
            points.append((x, r.top))
        for y in range(r.top + BULB_GAP, r.bottom + 1, BULB_GAP):
            points.append((r.right, y))
        for x in range(r.right - BULB_GAP, r.left - 1, -BULB_GAP):
            points.append((x, r.bottom))
        for y in range(r.bottom - BULB_GAP, r.top, -BULB_GAP):
            points.append((r.left, y))
        return points

    def bake_frame(self, surface: pygame.Surface) -> None:
        """The marquee frame and the card's backing, painted once into the background."""
        f = self.frame_rect
        shadow = rounded_panel(f.inflate(16, 16).size, (0, 0, 0), (0, 0, 0), radius=34, alpha=110)
        surface.blit(shadow, f.inflate(16, 16).move(0, 10))
        outer = rounded_panel(f.size, (255, 226, 130), (150, 86, 10), edge=(255, 246, 200), radius=28, alpha=255,
                              edge_px=2)
        surface.blit(outer, f)
        mid = f.inflate(-12, -12)
        surface.blit(rounded_panel(mid.size, (120, 8, 28), (70, 2, 16), edge=GOLD_DEEP, radius=22, alpha=255), mid)
        back = self.rect.inflate(10, 10)
        surface.blit(rounded_panel(back.size, (60, 4, 16), (34, 2, 10), edge=(255, 220, 140), radius=16, alpha=255),
                     back)
        for col in range(SIZE):  # a thin stripe of each column's colour under its cells
            x = self.rect.x + col * self.cell_w + 8
            gfx.draw.rect(surface, COLUMN_COLORS[col], (x, back.bottom - 5, self.cell_w - 16, 3), border_radius=2)
        for x, y in self.bulbs:
            surface.blit(self.bulb_off, self.bulb_off.get_rect(center=(x, y)))

    def set_numbers(self, numbers: Sequence[Sequence[int]], *, flip: bool = False) -> None:
        """A new card; ``flip`` turns the numbers over column by column."""
        self.numbers = [list(column) for column in numbers]
        art = self.art
        card = gfx.Surface(self.rect.size, pygame.SRCALPHA)
        for col, column in enumerate(self.numbers):
            for row, n in enumerate(column):
                cell = pygame.Rect(col * self.cell_w + 3, row * self.cell_h + 3, self.cell_w - 6, self.cell_h - 6)
                card.blit(art.plate, cell)
                text = art.numbers[n]
                card.blit(text, text.get_rect(center=(cell.centerx, cell.centery + 1)))
        self.card = card
        self.marks.clear()
        self.ages.clear()
        self.lines = []
        self.sweeps.clear()
        self.flip = 0.0 if flip else None

    def set_marks(self, marks: dict[Cell, str], lines: Sequence[int]) -> None:
        """Show these marks and lines at once (resuming, the opening card)."""
        self.marks = dict(marks)
        self.ages = dict.fromkeys(marks, DAUB_TIME)
        self.lines = list(lines)
        self.sweeps.clear()

    def mark(self, cell: Cell, kind: str) -> None:
        """Daub ``cell`` (``kind``: number, wild or super_wild), with its pop."""
        if cell in self.marks:
            return
        self.marks[cell] = kind
        self.ages[cell] = 0.0

    def light_lines(self, lines: Sequence[int]) -> None:
        """New Slingos: a light runs along each, then its band stays."""
        for line in lines:
            if line not in self.lines:
                self.lines.append(line)
                self.sweeps[line] = 0.0
        self.flash = 0.9
        self.chase = max(self.chase, 1.2)

    # -- frame -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        if self.flip is not None:
            self.flip += dt
            if self.flip >= FLIP + 0.3:
                self.flip = None
        for cell, age in self.ages.items():
            if age < DAUB_TIME:
                self.ages[cell] = age + dt
        for line in list(self.sweeps):
            self.sweeps[line] += dt
            if self.sweeps[line] >= LINE_SWEEP:
                del self.sweeps[line]
        self.chase = max(0.0, self.chase - dt)
        self.flash = max(0.0, self.flash - dt)

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_bulbs(surface)
        if self.card is None:
            return
        art = self.art
        if self.flip is not None:
            self._draw_flipping(surface)
        else:
            surface.blit(self.card, self.rect)
        glow = 150 + round(80 * pulse(self.time, 1.4))
        for line in self.lines:
            if line not in self.sweeps:
                self._band_alpha(surface, line, glow)
        numbers = self.numbers or []
        for cell, kind in self.marks.items():
            col, row = cell
            center = self.cell_center(col, row)
            frames = art.daubs[kind]
            age = self.ages.get(cell, DAUB_TIME)
            frame = frames[min(len(frames) - 1, int(age / DAUB_TIME * (len(frames) - 1)))]
            surface.blit(frame, frame.get_rect(center=center))
            if age >= DAUB_TIME * 0.5 and numbers:
                text = art.numbers_marked[numbers[col][row]]
                surface.blit(text, text.get_rect(center=(center[0], center[1] + 1)))
        lit = {cell for line in self.lines if line not in self.sweeps for cell in line_cells(line)}
        self.ring.set_alpha(glow)
        for cell in lit:
            surface.blit(self.ring, self.ring.get_rect(center=self.cell_center(*cell)))
        for line, t in self.sweeps.items():
            self._draw_sweep(surface, line, t)
        if self.hot:
            self.hot_ring.set_alpha(110 + round(140 * pulse(self.time, 0.9)))
            for cell in self.hot:
                surface.blit(self.hot_ring, self.hot_ring.get_rect(center=self.cell_center(*cell)))
        if self.highlight:
            self._draw_pick(surface)

    def _band_alpha(self, surface: pygame.Surface, line: int, alpha: int) -> None:
        if line < SIZE:
            band = self.band_h
            center = (self.rect.centerx, self.cell_center(0, line)[1])
        elif line < 2 * SIZE:
            band = self.band_v
            center = (self.cell_center(line - SIZE, 0)[0], self.rect.centery)
        else:
            band = self.bands_d[line - 2 * SIZE]
            center = self.rect.center
        band.set_alpha(alpha)
        surface.blit(band, band.get_rect(center=center))
        band.set_alpha(255)

    def _draw_sweep(self, surface: pygame.Surface, line: int, t: float) -> None:
        cells = line_cells(line)
        share = clamp01(t / LINE_SWEEP)
        self._band_alpha(surface, line, round(200 * share))
        a, b = self.cell_center(*cells[0]), self.cell_center(*cells[-1])
        x = a[0] + (b[0] - a[0]) * share
        y = a[1] + (b[1] - a[1]) * share
        self.sweep.set_alpha(round(255 * math.sin(math.pi * share)))
        surface.blit(self.sweep, self.sweep.get_rect(center=(round(x), round(y))))
        for k, cell in enumerate(cells):
            if share * len(cells) >= k:
                surface.blit(self.ring, self.ring.get_rect(center=self.cell_center(*cell)))

    def _draw_flipping(self, surface: pygame.Surface) -> None:
        """Each column turns over in turn: it narrows to a line and opens on the new numbers."""
        assert self.card is not None and self.flip is not None
        for col in range(SIZE):
            t = clamp01((self.flip - col * (FLIP / SIZE)) / 0.3)
            if t <= 0:
                continue
            k = ease_out_back(t, 1.2)
            strip = pygame.Rect(col * self.cell_w, 0, self.cell_w, self.rect.h)
            w = max(1, round(self.cell_w * min(1.0, k)))
            piece = self.card.subsurface(strip)
            if w != self.cell_w:
                piece = gfx.transform.smoothscale(piece, (w, self.rect.h))
            x = self.rect.x + col * self.cell_w + (self.cell_w - w) // 2
            surface.blit(piece, (x, self.rect.y))

    def _draw_pick(self, surface: pygame.Surface) -> None:
        for col in range(SIZE):
            for row in range(SIZE):
                cell = (col, row)
                if cell not in self.highlight and cell not in self.marks:
                    rect = self.cell_rect(col, row)
                    surface.blit(self.dim, (rect.x + 3, rect.y + 3))
        self.pick_ring.set_alpha(130 + round(125 * pulse(self.time, 0.8)))
        for cell in self.highlight:
            if cell != self.focus:
                surface.blit(self.pick_ring, self.pick_ring.get_rect(center=self.cell_center(*cell)))
        if self.focus is not None:
            center = self.cell_center(*self.focus)
            ghost = self.art.daubs[self.focus_kind][-1]
            ghost.set_alpha(90 + round(70 * pulse(self.time, 0.8)))
            surface.blit(ghost, ghost.get_rect(center=center))
            ghost.set_alpha(255)
            bob = round(2 * math.sin(self.time * 7))
            surface.blit(self.focus_ring, self.focus_ring.get_rect(center=(center[0], center[1] + bob)))

    def _draw_bulbs(self, surface: pygame.Surface) -> None:
        """The marquee: a few bulbs lit in a slow twinkle at rest, a running chase in a spin, all at a Slingo."""
        t = self.time
        count = len(self.bulbs)
        if self.flash > 0 and int(self.flash * 8) % 2 == 0:
            for point in self.bulbs:
                surface.blit(self.bulb_on, self.bulb_on.get_rect(center=point))
            return
        head = int(t * 18) % count
        for i, point in enumerate(self.bulbs):
            if self.chase > 0:
                on = (i - head) % 6 < 2
            else:
                on = (i + int(t * 2.5)) % 3 == 0
            if on:
                surface.blit(self.bulb_on, self.bulb_on.get_rect(center=point))
