"""Win presentation on a reel window: paylines, framed winning cells, amount tags.

``show_all`` flashes every win at once; ``show_one`` draws one line (growing along its path)
with its amount. Line paths are point lists computed once; tags are rendered once per text.
Per frame this only draws lines and blits cached surfaces.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from .. import gfx
from .anim import ease_out_cubic, pulse
from .reels import Cell, ReelView
from .text import render_text

PALETTE: tuple[tuple[int, int, int], ...] = (
    (255, 170, 50), (60, 215, 205), (245, 80, 170), (255, 220, 100), (175, 120, 255),
    (160, 235, 95), (255, 120, 95), (100, 185, 255), (255, 150, 200), (130, 245, 185),
)
SCATTER_COLOR = (255, 205, 70)
INK = (18, 8, 28)


@dataclass(frozen=True)
class WinMark:
    """One win as the painter needs it: cells, the line (or None) and its two-line tag."""

    cells: tuple[Cell, ...]
    line: int | None
    amount: str
    detail: str


class WinPainter:
    def __init__(
        self,
        reels: ReelView,
        lines: Sequence[Sequence[int]],
        *,
        amount_font: pygame.font.Font,
        detail_font: pygame.font.Font,
        badge_font: pygame.font.Font,
    ) -> None:
        self.reels = reels
        self.lines = lines
        self.amount_font = amount_font
        self.detail_font = detail_font
        self.badge_font = badge_font
        self.paths = [self._path(line) for line in lines]
        self.lengths = [self._length(path) for path in self.paths]
        cw, ch = reels.cell_w, reels.cell_h
        self.dim = gfx.Surface((cw, ch), pygame.SRCALPHA)
        self.dim.fill((12, 4, 24, 150))
        self.frames = {color: self._frame(color) for color in (*PALETTE, SCATTER_COLOR)}
        self.badges = [self._badge(i) for i in range(len(lines))]
        self.light = [tuple(min(255, c + 90) for c in color) for color in PALETTE]
        self._tags: dict[tuple[str, str, tuple[int, int, int]], pygame.Surface] = {}
        self.marks: list[WinMark] = []
        self.one: WinMark | None = None
        self._framed: list[tuple[pygame.Surface, pygame.Rect]] = []  # one frame per lit cell
        self._dimmed: list[pygame.Rect] = []
        self.time = 0.0
        self.draw_in = 0.28  # seconds for a line to grow along its path

    # -- pre-rendering ------------------------------------------------------------------------

    def color(self, mark: WinMark) -> tuple[int, int, int]:
        return SCATTER_COLOR if mark.line is None else PALETTE[mark.line % len(PALETTE)]

    def _path(self, line: Sequence[int]) -> list[tuple[int, int]]:
        r = self.reels
        points = [r.cell_center(col, row) for col, row in enumerate(line)]
        first, last = points[0], points[-1]
        return [(r.rect.left + 6, first[1]), *points, (r.rect.right - 6, last[1])]

    @staticmethod
    def _length(path: list[tuple[int, int]]) -> float:
        return sum(((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5 for a, b in itertools.pairwise(path))

    def _frame(self, color: tuple[int, int, int]) -> pygame.Surface:
        w, h = self.reels.cell_w, self.reels.cell_h
        surface = gfx.Surface((w, h), pygame.SRCALPHA)
        rect = surface.get_rect()
        for i, alpha in enumerate((40, 70, 110)):
            gfx.draw.rect(surface, (*color, alpha), rect.inflate(-2 * i, -2 * i), width=3, border_radius=18)
        gfx.draw.rect(surface, (*color, 255), rect.inflate(-8, -8), width=4, border_radius=16)
        gfx.draw.rect(surface, (255, 255, 240, 200), rect.inflate(-12, -12), width=1, border_radius=14)
        return surface

    def _badge(self, index: int) -> pygame.Surface:
        color = PALETTE[index % len(PALETTE)]
        surface = gfx.Surface((30, 30), pygame.SRCALPHA)
        gfx.draw.circle(surface, INK, (15, 15), 15)
        gfx.draw.circle(surface, color, (15, 15), 13)
        label = render_text(self.badge_font, str(index + 1), INK)
        surface.blit(label, label.get_rect(center=(15, 16)))
        return surface

    def tag(self, amount: str, detail: str, color: tuple[int, int, int]) -> pygame.Surface:
        key = (amount, detail, color)
        surface = self._tags.get(key)
        if surface is None:
            big = render_text(self.amount_font, amount, (255, 248, 225), INK, 2)
            small = render_text(self.detail_font, detail, color, INK, 2) if detail else None
            w = max(big.get_width(), small.get_width() if small else 0) + 36
            h = big.get_height() + (small.get_height() - 4 if small else 0) + 16
            surface = gfx.Surface((w, h), pygame.SRCALPHA)
            gfx.draw.rect(surface, (24, 10, 40, 225), surface.get_rect(), border_radius=h // 3)
            gfx.draw.rect(surface, color, surface.get_rect(), width=3, border_radius=h // 3)
            surface.blit(big, big.get_rect(midtop=(w // 2, 6)))
            if small:
                surface.blit(small, small.get_rect(midbottom=(w // 2, h - 6)))
            self._tags[key] = surface
        return surface

    # -- control --------------------------------------------------------------------------------

    def show_all(self, marks: Sequence[WinMark]) -> None:
        self.one = None
        self._show(marks)

    def show_one(self, mark: WinMark) -> None:
        self.one = mark
        self.tag(mark.amount, mark.detail, self.color(mark))
        self._show([mark])

    def _show(self, marks: Sequence[WinMark]) -> None:
        self.marks = list(marks)
        self.time = 0.0
        framed: dict[Cell, pygame.Surface] = {}
        for mark in self.marks:
            for cell in mark.cells:
                framed.setdefault(cell, self.frames[self.color(mark)])
        self.reels.emphasis = set(framed)
        self._framed = [(frame, self.reels.cell_rect(*cell)) for cell, frame in framed.items()]
        self._dimmed = [
            self.reels.cell_rect(col, row)
            for col in range(self.reels.cols) for row in range(self.reels.rows) if (col, row) not in framed
        ]

    def clear(self) -> None:
        self.marks = []
        self.one = None
        self._framed = []
        self._dimmed = []
        self.reels.emphasis = set()

    @property
    def active(self) -> bool:
        return bool(self.marks)

    def update(self, dt: float) -> None:
        self.time += dt

    # -- drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if not self.marks:
            return
        for rect in self._dimmed:
            surface.blit(self.dim, rect)
        glow = int(150 + 105 * pulse(self.time, 0.7))
        growth = 1.0 if self.one is None else ease_out_cubic(self.time / self.draw_in)
        for mark in self.marks:
            if mark.line is not None:
                self._draw_line(surface, mark.line, growth)
        for frame in self.frames.values():
            frame.set_alpha(glow)
        for frame, rect in self._framed:
            surface.blit(frame, rect)
        if self.one is not None:
            self._draw_tag(surface, self.one)

    def _draw_line(self, surface: pygame.Surface, index: int, growth: float) -> None:
        path = self.paths[index]
        color = PALETTE[index % len(PALETTE)]
        if growth < 1.0:
            path = self._partial(path, self.lengths[index] * growth)
        if len(path) >= 2:
            light = self.light[index % len(PALETTE)]
            gfx.draw.lines(surface, INK, False, path, 13)
            for point in path[1:-1]:
                gfx.draw.circle(surface, INK, point, 8)
            gfx.draw.lines(surface, color, False, path, 8)
            for point in path[1:-1]:
                gfx.draw.circle(surface, color, point, 6)
            gfx.draw.lines(surface, light, False, path, 2)
        if self.one is not None:
            badge = self.badges[index]
            surface.blit(badge, badge.get_rect(center=(self.reels.rect.left - 2, self.paths[index][0][1])))
            surface.blit(badge, badge.get_rect(center=(self.reels.rect.right + 2, self.paths[index][-1][1])))

    @staticmethod
    def _partial(path: list[tuple[int, int]], length: float) -> list[tuple[int, int]]:
        out = [path[0]]
        left = length
        for a, b in itertools.pairwise(path):
            seg = ((b[0] - a[0]) ** 2 + (b[1] - a[1]) ** 2) ** 0.5
            if seg <= left:
                out.append(b)
                left -= seg
                continue
            if seg > 0 and left > 0:
                t = left / seg
                out.append((round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)))
            break
        return out

    def _draw_tag(self, surface: pygame.Surface, mark: WinMark) -> None:
        tag = self.tag(mark.amount, mark.detail, self.color(mark))
        r = self.reels
        if mark.line is None or not mark.cells:
            center = r.rect.center
        else:
            col, row = max(mark.cells)
            x, y = r.cell_center(col, row)
            # above the last cell, or below it on the top row
            y = y - r.cell_h // 2 - 4 if row > 0 else y + r.cell_h // 2 + 4
            center = (x, y)
        rect = tag.get_rect(center=center)
        rect.clamp_ip(r.rect.inflate(-8, -8))
        surface.blit(tag, rect)
