"""The five marker features, each with its own animation, as timeline steps.

Refresh: a light sweeps across and every non-wild symbol it passes is replaced. Wild Santa:
Santa appears and every cell of the chosen symbol turns wild, nearest first. Blocks: 2x2
blocks drop in one after another and land with a thud. Supersize: one big block slams down and
shakes the grid. Lucky Santa: wilds rain down onto their cells.

What changes is only what the event says (``cells``, ``grid``, ``blocks``); a skip or the end
of a step puts the event's grid in place, so the animation never decides anything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame

from ...widgets.anim import clamp01, pulse
from ...widgets.timeline import Step
from .art import FEATURE_COLORS
from .stage import Stage

Cell = tuple[int, int]
INTRO = 0.6  # the caption's moment before the animation itself


class FeatureStep(Step):
    """A feature's caption, then its animation; ``finish`` puts the event's grid in place."""

    name = "feature"
    LENGTH = 1.0  # seconds of animation after the intro

    def __init__(self, s: Stage, event: dict[str, Any], progress: int | None = None) -> None:
        self.s = s
        self.event = event
        self.feature: str = event["feature"]
        self.cells: list[Cell] = [(c, r) for c, r in event["cells"]]
        self.progress = progress
        self.t = 0.0
        self.finished = False
        self.length = self.LENGTH

    def start(self) -> None:
        s = self.s
        self.t = 0.0
        self.finished = False
        s.markers.land_all()
        s.painter.clear()
        s.grid.settle()
        s.begin_feature(self.feature)
        s.fx.current = self
        s.fx.show_caption(self.feature, INTRO)
        self.setup()

    @property
    def local(self) -> float:
        return self.t - INTRO

    def setup(self) -> None:
        """Prepare the animation (called at start)."""

    def tick(self) -> None:
        """Advance the animation to ``self.local`` seconds."""

    def draw_fx(self, surface: pygame.Surface) -> None:
        """Draw over the grid."""

    def update(self, dt: float) -> bool:
        if self.finished:
            return True
        self.t += dt
        if self.local >= 0:
            self.tick()
        if self.local >= self.length and not self.s.grid.busy:
            self.finish()
            return True
        return False

    def skip(self) -> None:
        self.finish()

    def finish(self) -> None:
        if self.finished:
            return
        self.finished = True
        s = self.s
        grid = self.event["grid"]
        s.grid.settle()
        s.grid.hidden.clear()
        s.grid.set_cells(grid)
        if s.fx.current is self:
            s.fx.current = None
        s.end_feature(self.feature)


class RefreshStep(FeatureStep):
    """A light sweeps left to right; each column it passes gets its new symbols."""

    SWEEP = 0.95
    LENGTH = SWEEP + 0.3

    def setup(self) -> None:
        cols = self.s.grid.cols
        self.by_col: list[list[Cell]] = [[] for _ in range(cols)]
        for c, r in self.cells:
            self.by_col[c].append((c, r))
        self.done_cols: set[int] = set()
        self.x = float(self.s.grid.rect.left - 120)
        self.s.sound("spin_start")

    def tick(self) -> None:
        g = self.s.grid
        share = clamp01(self.local / self.SWEEP)
        self.x = g.rect.left - 60 + (g.rect.w + 120) * share
        for col in range(g.cols):
            if col in self.done_cols:
                continue
            if self.x >= g.rect.x + col * g.cell_w + g.cell_w // 2:
                self.done_cols.add(col)
                g.put(self.by_col[col], self.event["grid"])
                if self.by_col[col]:
                    cx = g.rect.x + col * g.cell_w + g.cell_w // 2
                    for k in range(0, g.rows, 3):
                        self.s.sparkle_at(cx, g.rect.y + (k + 0.5) * g.cell_h, FEATURE_COLORS["refresh"][0], 4)
                    if col % 2 == 0:
                        self.s.sound("reel_stop")

    def draw_fx(self, surface: pygame.Surface) -> None:
        if self.local < 0 or self.local > self.SWEEP + 0.1:
            return
        fx = self.s.fx
        clip = surface.get_clip()
        surface.set_clip(fx.rect)
        surface.blit(fx.sweep, (round(self.x) - fx.sweep.get_width() // 2, fx.rect.y),
                     special_flags=pygame.BLEND_RGB_ADD)
        surface.set_clip(clip)


class WildSantaStep(FeatureStep):
    """Santa appears; the chosen symbol's cells are ringed, then turn wild one by one."""

    def setup(self) -> None:
        g = self.s.grid
        cx, cy = (g.cols - 1) / 2, (g.rows - 1) / 2
        self.order = sorted(self.cells, key=lambda cell: ((cell[0] - cx) ** 2 + (cell[1] - cy) ** 2, cell))
        self.gap = min(0.09, 1.2 / max(1, len(self.order)))
        self.ring_time = 0.45
        self.length = self.ring_time + self.gap * len(self.order) + 0.45
        self.converted = 0
        self.santa = self.s.art.big("wild", 3)
        self.ring = self.s.art.cell_rings["wild_santa"]
        self.s.sound("expand")

    def tick(self) -> None:
        due = int((self.local - self.ring_time) / self.gap) + 1 if self.local >= self.ring_time else 0
        due = min(due, len(self.order))
        g = self.s.grid
        while self.converted < due:
            cell = self.order[self.converted]
            self.converted += 1
            g.put([cell], self.event["grid"])
            x, y = g.cell_center(*cell)
            self.s.sparkle_at(x, y, FEATURE_COLORS["wild_santa"][0], 8)
            if self.converted % 2 == 1:
                self.s.sound("sticky_lock")

    def draw_fx(self, surface: pygame.Surface) -> None:
        local = self.local
        if local < 0:
            return
        g = self.s.grid
        end = self.length - 0.3
        alpha = clamp01(local / 0.25) * (1 - clamp01((local - end) / 0.3))
        self.santa.set_alpha(int(255 * alpha))  # solid once in: Santa stands over the grid, not a ghost
        bob = round(6 * math.sin(local * 5))
        surface.blit(self.santa, self.santa.get_rect(center=(g.rect.centerx, g.rect.centery + bob)))
        self.santa.set_alpha(255)
        self.ring.set_alpha(int(160 + 95 * pulse(local, 0.5)))
        for cell in self.order[self.converted:]:
            surface.blit(self.ring, self.ring.get_rect(center=g.cell_center(*cell)))


class BlocksStep(FeatureStep):
    """2x2 blocks drop from above one after another and land with a thud."""

    FALL = 0.38
    GAP = 0.3

    def setup(self) -> None:
        s = self.s
        self.symbol = self.event.get("symbol") or "wild"
        self.blocks = [(c, r, n) for c, r, n in self.event.get("blocks", [])]
        self.landed = 0
        self.length = 0.1 + self.GAP * max(0, len(self.blocks) - 1) + self.FALL + 0.55
        self.images = [s.art.big(self.symbol, n) for _, _, n in self.blocks]
        self.frames = {n: s.art.block_frame("blocks", n) for n in {n for _, _, n in self.blocks}}
        self.revealed = False

    def _cells(self, block: tuple[int, int, int]) -> list[Cell]:
        c, r, n = block
        return [(c + i, r + j) for i in range(n) for j in range(n)]

    def tick(self) -> None:
        g = self.s.grid
        while self.landed < len(self.blocks) and self.local >= 0.1 + self.GAP * self.landed + self.FALL:
            block = self.blocks[self.landed]
            self.landed += 1
            g.hidden.update(self._cells(block))
            g.shake = max(g.shake, 6.0)
            self.s.sound("sticky_lock")
            rect = self._rect(block)
            for x, y in (rect.bottomleft, rect.bottomright, rect.midbottom):
                self.s.sparkle_at(x, y, (255, 250, 220), 6)
        if not self.revealed and self.landed == len(self.blocks) and self.local >= self.length - 0.3:
            self.revealed = True
            g.hidden.clear()
            g.put(self.cells, self.event["grid"])

    def _rect(self, block: tuple[int, int, int]) -> pygame.Rect:
        c, r, n = block
        g = self.s.grid
        return pygame.Rect(g.rect.x + c * g.cell_w, g.rect.y + r * g.cell_h, n * g.cell_w, n * g.cell_h)

    def draw_fx(self, surface: pygame.Surface) -> None:
        if self.local < 0 or self.revealed:
            return
        g = self.s.grid
        ox, oy = g.offset()
        clip = surface.get_clip()
        surface.set_clip(g.rect)
        for i, block in enumerate(self.blocks):
            t = self.local - 0.1 - self.GAP * i
            if t < 0:
                continue
            rect = self._rect(block)
            p = clamp01(t / self.FALL)
            top = g.rect.top - rect.h - 10
            y = round(top + (rect.y - top) * p * p)
            image = self.images[i]
            surface.blit(image, (rect.x + ox, y + oy))
            if p >= 1:
                frame = self.frames[block[2]]
                frame.set_alpha(int(150 + 100 * pulse(t, 0.6)))
                surface.blit(frame, frame.get_rect(center=(rect.centerx + ox, rect.centery + oy)))
        surface.set_clip(clip)


class SupersizeStep(FeatureStep):
    """A target glows where the giant block will land; the block slams down and shakes the grid."""

    AIM = 0.35
    FALL = 0.28
    LENGTH = AIM + FALL + 0.9

    def setup(self) -> None:
        s = self.s
        g = s.grid
        self.symbol = self.event.get("symbol") or "wild"
        blocks = self.event.get("blocks") or [[0, 0, 3]]
        c, r, n = blocks[0]
        self.rect = pygame.Rect(g.rect.x + c * g.cell_w, g.rect.y + r * g.cell_h, n * g.cell_w, n * g.cell_h)
        self.image = s.art.big(self.symbol, n)
        self.frame = s.art.block_frame("supersize", n)
        self.flash = s.art.flash(n)
        self.slammed = False
        self.revealed = False
        self.block_cells = [(c + i, r + j) for i in range(n) for j in range(n)]

    def tick(self) -> None:
        g = self.s.grid
        if not self.slammed and self.local >= self.AIM + self.FALL:
            self.slammed = True
            g.hidden.update(self.block_cells)
            g.shake = 16.0
            self.s.sound("expand")
            r = self.rect
            for k in range(12):
                a = k * math.tau / 12
                self.s.sparkle_at(r.centerx + math.cos(a) * r.w * 0.55, r.centery + math.sin(a) * r.h * 0.55,
                                  FEATURE_COLORS["supersize"][0], 5)
        if not self.revealed and self.local >= self.length - 0.25:
            self.revealed = True
            g.hidden.clear()
            g.put(self.cells, self.event["grid"])

    def draw_fx(self, surface: pygame.Surface) -> None:
        local = self.local
        if local < 0 or self.revealed:
            return
        g = self.s.grid
        ox, oy = g.offset()
        rect = self.rect
        if local < self.AIM + self.FALL:
            self.frame.set_alpha(int(120 + 135 * pulse(local, 0.25)))
            surface.blit(self.frame, self.frame.get_rect(center=rect.center))
        clip = surface.get_clip()
        surface.set_clip(g.rect)
        if local >= self.AIM:
            p = clamp01((local - self.AIM) / self.FALL)
            top = g.rect.top - rect.h - 20
            y = round(top + (rect.y - top) * p * p * p)
            surface.blit(self.image, (rect.x + ox, y + oy))
        surface.set_clip(clip)
        if self.slammed:
            t = local - self.AIM - self.FALL
            self.frame.set_alpha(int(255 * (0.6 + 0.4 * pulse(t, 0.5))))
            surface.blit(self.frame, self.frame.get_rect(center=(rect.centerx + ox, rect.centery + oy)))
            if t < 0.3:
                self.flash.set_alpha(int(200 * (1 - t / 0.3)))
                surface.blit(self.flash, (rect.x + ox, rect.y + oy), special_flags=pygame.BLEND_RGB_ADD)


class LuckySantaStep(FeatureStep):
    """Wilds rain from the top of the grid onto their cells, one after another."""

    FALL = 0.42

    def setup(self) -> None:
        self.gap = min(0.12, 1.3 / max(1, len(self.cells)))
        self.length = 0.1 + self.gap * max(0, len(self.cells) - 1) + self.FALL + 0.4
        self.landed = 0
        self.wild = self.s.art.symbols["wild"]
        self.halo = self.s.art.markers["lucky_santa"]
        self.s.sound("feature_start")

    def tick(self) -> None:
        g = self.s.grid
        while self.landed < len(self.cells) and self.local >= 0.1 + self.gap * self.landed + self.FALL:
            cell = self.cells[self.landed]
            self.landed += 1
            g.put([cell], self.event["grid"])
            x, y = g.cell_center(*cell)
            self.s.sparkle_at(x, y, FEATURE_COLORS["lucky_santa"][0], 8)
            if self.landed % 2 == 1:
                self.s.sound("scatter_land")

    def draw_fx(self, surface: pygame.Surface) -> None:
        if self.local < 0:
            return
        g = self.s.grid
        clip = surface.get_clip()
        surface.set_clip(g.rect)
        self.halo.set_alpha(220)
        for i in range(self.landed, len(self.cells)):
            t = self.local - 0.1 - self.gap * i
            if t < 0:
                break
            c, r = self.cells[i]
            rect = g.cell_rect(c, r)
            p = clamp01(t / self.FALL) ** 2
            top = g.rect.top - g.cell_h
            y = round(top + (rect.y - top) * p)
            surface.blit(self.halo, self.halo.get_rect(center=(rect.centerx, y + g.cell_h // 2)))
            surface.blit(self.wild, (rect.x, y))
        surface.set_clip(clip)


STEPS: dict[str, type[FeatureStep]] = {
    "refresh": RefreshStep,
    "wild_santa": WildSantaStep,
    "blocks": BlocksStep,
    "supersize": SupersizeStep,
    "lucky_santa": LuckySantaStep,
}


def feature_step(s: Stage, event: dict[str, Any], progress: int | None = None) -> FeatureStep:
    return STEPS.get(event["feature"], FeatureStep)(s, event, progress)


def big_images_for(events: Sequence[dict[str, Any]]) -> list[tuple[str, int, str]]:
    """The (symbol, size, feature) big blocks a round's features draw (to make them before it starts)."""
    wanted = []
    for event in events:
        if event.get("type") == "feature" and event.get("feature") in ("blocks", "supersize"):
            for _c, _r, n in event.get("blocks") or []:
                if event.get("symbol"):
                    wanted.append((event["symbol"], n, event["feature"]))
    return wanted
