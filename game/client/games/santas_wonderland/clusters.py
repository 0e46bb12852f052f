"""Cluster wins on the grid: each cluster outlined in its colour with its pay, the rest dimmed.

Outlines are the cluster's border edges, computed once per show; tags are rendered once per
text. Per frame this draws a few lines and blits cached surfaces.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import pygame

from ....engine.money import cents_of, format_cents
from ... import gfx
from ...widgets.anim import ease_out_back, pulse
from ...widgets.art import darker, rounded_panel
from ...widgets.text import render_text
from .grid import GridView

Cell = tuple[int, int]
INK = (12, 8, 26)
NAMES = {
    "bear": "TEDDY", "train": "TRAIN", "plane": "PLANE", "spade": "SPADE", "heart": "HEART", "club": "CLUB",
    "diamond": "DIAMOND", "wild": "WILD",
}
COLORS = {
    "bear": (255, 176, 80), "train": (255, 96, 96), "plane": (255, 214, 70), "spade": (255, 150, 50),
    "heart": (255, 90, 120), "club": (110, 230, 120), "diamond": (110, 180, 255),
}


@dataclass(frozen=True)
class ClusterMark:
    symbol: str
    cells: tuple[Cell, ...]
    amount: str
    detail: str


def cluster_marks(wins: Sequence[dict[str, Any]], bet: int) -> list[ClusterMark]:
    marks = []
    for win in wins:
        amount = format_cents(cents_of(Fraction(win["x"]), bet))
        name = NAMES.get(win["symbol"], win["symbol"].upper())
        detail = f"{win['count']} x {name}"
        if win.get("factor", 1) != 1:
            detail += f"  x{win['factor']}"
        marks.append(ClusterMark(win["symbol"], tuple((c, r) for c, r in win["cells"]), amount, detail))
    return marks


def place_tag(size: tuple[int, int], centres: Sequence[tuple[int, int]], taken: Sequence[pygame.Rect],
              bounds: pygame.Rect) -> pygame.Rect:
    """Where a tag of ``size`` goes: on the first of ``centres`` (in order of preference) where it
    overlaps none of ``taken``; else the first centre moved up or down, step by step, to the nearest
    clear place inside ``bounds``; else (a grid full of tags) on the first centre."""
    def at(centre: tuple[int, int]) -> pygame.Rect:
        rect = pygame.Rect((0, 0), size)
        rect.center = centre
        return rect.clamp(bounds)

    for centre in centres:
        rect = at(centre)
        if rect.collidelist(list(taken)) < 0:
            return rect
    x, y = centres[0]
    for step in range(1, bounds.h // 6 + 1):
        for dy in (6 * step, -6 * step):
            rect = at((x, y + dy))
            if bounds.contains(rect) and rect.collidelist(list(taken)) < 0:
                return rect
    return at(centres[0])


class ClusterPainter:
    def __init__(self, grid: GridView, *, amount_font: pygame.font.Font, detail_font: pygame.font.Font) -> None:
        self.grid = grid
        self.amount_font = amount_font
        self.detail_font = detail_font
        cw, ch = grid.cell_w, grid.cell_h
        self.dim = gfx.Surface((cw, ch), pygame.SRCALPHA)
        self.dim.fill((4, 8, 30, 150))
        self.tints = {symbol: rounded_panel((cw - 4, ch - 4), color, darker(color, 2),
                                            radius=12, alpha=120)
                      for symbol, color in COLORS.items()}
        self._tags: dict[tuple[str, str, str], pygame.Surface] = {}
        self.marks: list[ClusterMark] = []
        self._edges: list[tuple[tuple[int, int], tuple[int, int], tuple[int, int, int]]] = []
        self._tinted: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._dimmed: list[pygame.Rect] = []
        self._tag_at: list[tuple[pygame.Surface, tuple[int, int]]] = []
        self.time = 0.0

    def tag(self, mark: ClusterMark) -> pygame.Surface:
        key = (mark.amount, mark.detail, mark.symbol)
        surface = self._tags.get(key)
        if surface is None:
            color = COLORS.get(mark.symbol, (255, 220, 120))
            big = render_text(self.amount_font, mark.amount, (255, 250, 232), INK, 2)
            small = render_text(self.detail_font, mark.detail, color, INK, 2)
            w = max(big.get_width(), small.get_width()) + 28
            h = big.get_height() + small.get_height() + 4
            surface = gfx.Surface((w, h), pygame.SRCALPHA)
            gfx.draw.rect(surface, (14, 20, 52, 230), surface.get_rect(), border_radius=h // 3)
            gfx.draw.rect(surface, color, surface.get_rect(), width=3, border_radius=h // 3)
            surface.blit(big, big.get_rect(midtop=(w // 2, 2)))
            surface.blit(small, small.get_rect(midbottom=(w // 2, h - 4)))
            self._tags[key] = surface
            while len(self._tags) > 256:
                self._tags.pop(next(iter(self._tags)))
        return surface

    def show(self, marks: Sequence[ClusterMark]) -> None:
        g = self.grid
        self.marks = list(marks)
        self.time = 0.0
        lit: set[Cell] = set()
        self._edges, self._tinted, self._tag_at = [], [], []
        for mark in self.marks:
            color = COLORS.get(mark.symbol, (255, 220, 120))
            cells = set(mark.cells)
            lit |= cells
            tint = self.tints.get(mark.symbol)
            for c, r in mark.cells:
                rect = g.cell_rect(c, r)
                if tint is not None:
                    self._tinted.append((tint, tint.get_rect(center=rect.center)))
                for dc, dr, a, b in ((0, -1, rect.topleft, rect.topright), (0, 1, rect.bottomleft, rect.bottomright),
                                     (-1, 0, rect.topleft, rect.bottomleft), (1, 0, rect.topright, rect.bottomright)):
                    if (c + dc, r + dr) not in cells:
                        self._edges.append((a, b, color))
            # the tag sits on the cluster's cell nearest its middle that leaves every other tag clear
            mx = sum(c for c, _ in mark.cells) / len(mark.cells)
            my = sum(r for _, r in mark.cells) / len(mark.cells)
            anchors = sorted(mark.cells, key=lambda cell: ((cell[0] - mx) ** 2 + (cell[1] - my) ** 2, cell))
            tag = self.tag(mark)
            rect = place_tag(tag.get_size(), [g.cell_center(*cell) for cell in anchors],
                             [pygame.Rect(t.get_rect(center=at)) for t, at in self._tag_at], g.rect.inflate(-4, -4))
            self._tag_at.append((tag, rect.center))
        self._dimmed = [g.cell_rect(c, r) for c in range(g.cols) for r in range(g.rows) if (c, r) not in lit]
        g.emphasis = lit

    def clear(self) -> None:
        self.marks = []
        self._edges, self._tinted, self._dimmed, self._tag_at = [], [], [], []
        self.grid.emphasis = set()

    @property
    def active(self) -> bool:
        return bool(self.marks)

    def update(self, dt: float) -> None:
        self.time += dt

    def draw_under(self, surface: pygame.Surface) -> None:
        """Cluster tints behind the symbols."""
        for tint, rect in self._tinted:
            surface.blit(tint, rect)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.marks:
            return
        for rect in self._dimmed:
            surface.blit(self.dim, rect)
        glow = 0.5 + 0.5 * pulse(self.time, 0.7)
        for a, b, _ in self._edges:
            gfx.draw.line(surface, INK, a, b, 7)
        for a, b, color in self._edges:
            light = (min(255, color[0] + int(80 * glow)), min(255, color[1] + int(80 * glow)),
                     min(255, color[2] + int(80 * glow)))
            gfx.draw.line(surface, light, a, b, 4)
        scale = ease_out_back(self.time / 0.3)
        dy = round(10 * (1 - scale))
        for tag, center in self._tag_at:
            surface.blit(tag, tag.get_rect(center=(center[0], center[1] + dy)))
