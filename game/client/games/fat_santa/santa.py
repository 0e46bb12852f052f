"""Santa on the reels in the free games: his entrance, his waddle to each pie, the chomp, his growth.

The presenter tells the layer what happens (from the events); the layer animates it. Every
animation is a queue of small moves that ``finish`` can complete at once (skip), calling the
same callbacks in the same order, so skipping changes nothing but time. Pictures come from
``SantaSprites`` (drawn once); a frame only blits.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_in_out, ease_out_back, ease_out_cubic, pulse
from ...widgets.particles import Particles
from ...widgets.reels import ReelView
from .art import FatSantaArt, SantaSprites

Block = tuple[int, int, int]  # col, row, size
Cell = tuple[int, int]
Sound = Callable[[str], None]

PIE_SCALES = (1.0, 0.86, 0.72, 0.58, 0.44, 0.3)


def block_of(event_block: dict) -> Block:
    return (int(event_block["col"]), int(event_block["row"]), int(event_block["size"]))


def block_cells(block: Block | None) -> set[Cell]:
    if block is None:
        return set()
    c, r, s = block
    return {(c + i, r + j) for i in range(s) for j in range(s)}


def covers(block: Block, cell: Sequence[int]) -> bool:
    c, r, s = block
    return c <= cell[0] < c + s and r <= cell[1] < r + s


def approach(current: Block, pie: Sequence[int], after: Block) -> Block:
    """Where Santa (still his old size) stands to eat ``pie`` before growing into ``after``."""
    c, r, s = current
    if covers(current, pie) and covers(after, (c, r)) and covers(after, (c + s - 1, r + s - 1)):
        return current
    nc, nr, ns = after
    col = max(nc, pie[0] - s + 1)
    row = max(nr, pie[1] - s + 1)
    col = min(col, pie[0], nc + ns - s)
    row = min(row, pie[1], nr + ns - s)
    return (col, row, s)


@dataclass
class _Move:
    kind: str  # walk | eat | grow | drop | hop | pause
    seconds: float
    start: Callable[[], None] | None = None
    end: Callable[[], None] | None = None
    data: dict = field(default_factory=dict)


class SantaLayer:
    HOP_TIME = 0.3  # seconds per cell walked
    EAT_TIME = 0.7
    CHOMP_AT = 0.55  # fraction of EAT_TIME when the pie is in his mouth
    GROW_TIME = 0.95
    DROP_TIME = 0.85
    BUBBLE_TIME = 1.8

    def __init__(self, reels: ReelView, sprites: SantaSprites, art: FatSantaArt, particles: Particles,
                 sparkles: list[pygame.Surface], stars: list[pygame.Surface], sound: Sound,
                 bubble: pygame.Surface) -> None:
        self.reels = reels
        self.sprites = sprites
        self.art = art
        self.particles = particles
        self.sparkles = sparkles
        self.stars = stars
        self.sound = sound
        self.bubble = bubble
        self.cell = reels.cell_w
        self.pies = [gfx.transform.smoothscale(art.pie, (max(1, round(art.pie.get_width() * k)),
                                                            max(1, round(art.pie.get_height() * k))))
                     for k in PIE_SCALES]
        self._glows: dict[int, pygame.Surface] = {}  # drawn when Santa first has that size
        self.block: Block | None = None
        self.queue: deque[_Move] = deque()
        self.move: _Move | None = None
        self.t = 0.0
        self.time = 0.0
        self.bubble_t: float | None = None
        self.highlight = False  # Santa is part of the wins on show
        self._pos = (0.0, 0.0)
        self._px = float(self.cell)

    # -- geometry ---------------------------------------------------------------------------

    def rect_of(self, block: Block) -> pygame.Rect:
        c, r, s = block
        return pygame.Rect(self.reels.rect.x + c * self.reels.cell_w, self.reels.rect.y + r * self.reels.cell_h,
                           s * self.reels.cell_w, s * self.reels.cell_h)

    @property
    def visible(self) -> bool:
        return self.block is not None

    @property
    def busy(self) -> bool:
        return self.move is not None or bool(self.queue)

    @property
    def cells(self) -> set[Cell]:
        return block_cells(self.block)

    # -- state ------------------------------------------------------------------------------

    def glow(self, size: int) -> pygame.Surface:
        glow = self._glows.get(size)
        if glow is None:
            glow = self._glows[size] = gfx.transform.stretch_soft(self.art.glow, (round(size * self.cell * 1.5),) * 2)
        return glow

    def set_block(self, block: Block | None) -> None:
        """Stand at ``block`` at once (a resumed round), or leave the reels (None)."""
        self.queue.clear()
        self.move = None
        self.block = block
        self.bubble_t = None
        self.highlight = False

    def _then(self, move: _Move) -> None:
        self.queue.append(move)
        if self.move is None:
            self._next()

    def _next(self) -> None:
        self.move = self.queue.popleft() if self.queue else None
        self.t = 0.0
        if self.move is not None and self.move.start is not None:
            self.move.start()

    def finish(self) -> None:
        """Complete every queued move now (skip): the same callbacks, in order, without the time."""
        guard = 0
        while self.move is not None and guard < 200:
            guard += 1
            move = self.move
            if move.end is not None:
                move.end()
            self._next()
        self.bubble_t = None

    # -- what the presenter asks for --------------------------------------------------------

    def enter(self, block: Block, *, hop: bool) -> None:
        """Santa arrives: he jumps out of his reel-1 symbol (``hop``) or drops onto the reels."""

        def start() -> None:
            self.block = block
            self.sound("feature_start")

        def land() -> None:
            self.block = block
            rect = self.rect_of(block)
            self._burst_snow(rect.midbottom, 22)
            self.particles.burst(rect.centerx, rect.centery, self.stars, count=18, speed=320, life=0.9,
                                 gravity=220)
            self.bubble_t = 0.0
            self.sound("expand")

        self._then(_Move("hop" if hop else "drop", self.DROP_TIME, start, land, {"block": block}))
        self._then(_Move("pause", 0.5))

    def visit(self, pie: Sequence[int], after: Block, *, on_eat: Callable[[], None],
              on_grow: Callable[[], None]) -> None:
        """Walk to ``pie``, eat it (``on_eat``), and grow into ``after`` when it is bigger."""
        assert self.block is not None, "Santa walks only in the free games"
        current = self.block
        grows = after[2] > current[2]
        stand = approach(current, pie, after) if grows else after
        if stand[:2] != current[:2]:
            hops = max(abs(stand[0] - current[0]), abs(stand[1] - current[1]))
            self._then(_Move("walk", self.HOP_TIME * hops, None,
                             partial(self._set, stand), {"from": current, "to": stand, "hops": hops}))
        pie_cell = (int(pie[0]), int(pie[1]))

        def chomp() -> None:
            on_eat()
            self.sound("santa_eat")

        data = {"pie": pie_cell, "chomp": chomp, "chomped": False, "block": stand}

        def swallowed() -> None:
            if not data["chomped"]:
                data["chomped"] = True
                chomp()

        self._then(_Move("eat", self.EAT_TIME, lambda: self.sound("coin_tick"), swallowed, data))
        if grows:
            def grow_start(a: Block = after) -> None:
                self.sound("santa_grow")
                rect = self.rect_of(a)
                for _ in range(3):
                    self.particles.burst(rect.centerx, rect.centery, self.sparkles, count=14, speed=420,
                                         life=0.9, gravity=60)
                on_grow()

            self._then(_Move("grow", self.GROW_TIME, grow_start, partial(self._set, after),
                             {"from": stand, "to": after}))

    def _set(self, block: Block) -> None:
        self.block = block

    def _burst_snow(self, at: tuple[int, int], count: int) -> None:
        self.particles.burst(at[0], at[1], [self.art.snow], count=count, speed=260, life=0.7, gravity=380,
                             spread=math.pi, angle=-math.pi / 2)

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.time += dt
        if self.bubble_t is not None:
            self.bubble_t += dt
            if self.bubble_t > self.BUBBLE_TIME:
                self.bubble_t = None
        move = self.move
        if move is None:
            return
        before = self.t
        self.t += dt
        if move.kind == "walk":
            if int(before / self.HOP_TIME) != int(self.t / self.HOP_TIME) and self.t < move.seconds:
                x, y = self._walk_pos(move)
                self._burst_snow((round(x + self._px / 2), round(y + self._px)), 5)
                self.sound("reel_stop")
        elif move.kind == "eat" and not move.data["chomped"] and self.t >= self.EAT_TIME * self.CHOMP_AT:
            move.data["chomped"] = True
            rect = self.rect_of(move.data["block"])
            mouth = (rect.centerx, rect.y + round(rect.h * 0.34))
            self.particles.burst(mouth[0], mouth[1], self.stars, count=10, speed=220, life=0.6, gravity=300)
            move.data["chomp"]()
        if self.t >= move.seconds:
            if move.end is not None:
                move.end()
            self._next()

    def _walk_pos(self, move: _Move) -> tuple[float, float]:
        a, b = self.rect_of(move.data["from"]), self.rect_of(move.data["to"])
        p = clamp01(self.t / move.seconds)
        e = ease_in_out(p)
        hop_p = (self.t / self.HOP_TIME) % 1.0
        lift = math.sin(math.pi * hop_p) * (14 + 4 * move.data["from"][2])
        return a.x + (b.x - a.x) * e, a.y + (b.y - a.y) * e - lift

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        move = self.move
        if move is not None and move.kind in ("drop", "hop"):
            self._draw_entrance(surface, move)
            return
        if self.block is None:
            return
        if move is not None and move.kind == "walk":
            size = move.data["from"][2]
            x, y = self._walk_pos(move)
            hop = int(self.t / self.HOP_TIME)
            image = self.sprites.pose(size, "lean_l" if hop % 2 == 0 else "lean_r")
            px = size * self.cell
            surface.blit(image, image.get_rect(center=(round(x + px / 2), round(y + px / 2))))
            return
        if move is not None and move.kind == "grow":
            self._draw_grow(surface, move)
            return
        block = self.block
        rect = self.rect_of(block)
        if self.highlight:
            glow = self.glow(block[2])
            glow.set_alpha(int(110 + 100 * pulse(self.time, 0.9)))
            surface.blit(glow, glow.get_rect(center=rect.center))
        if move is not None and move.kind == "eat":
            self._draw_eat(surface, move, rect)
        else:
            surface.blit(self.sprites.pose(block[2], "idle"), rect)
        self._draw_bubble(surface, rect)

    def _draw_eat(self, surface: pygame.Surface, move: _Move, rect: pygame.Rect) -> None:
        size = move.data["block"][2]
        p = self.t / self.EAT_TIME
        chomp = self.CHOMP_AT
        if chomp <= p < chomp + 0.16:
            image = self.sprites.pose(size, "squash")
            surface.blit(image, image.get_rect(midbottom=rect.midbottom))
        else:
            surface.blit(self.sprites.pose(size, "eat" if p < chomp + 0.3 else "idle"), rect)
        if p < chomp:
            col, row = move.data["pie"]
            start = self.reels.cell_center(col, row)
            mouth = (rect.centerx, rect.y + rect.h * 0.34)
            q = ease_out_cubic(p / chomp)
            arc = math.sin(math.pi * q) * 60
            x = start[0] + (mouth[0] - start[0]) * q
            y = start[1] + (mouth[1] - start[1]) * q - arc
            image = self.pies[min(len(self.pies) - 1, int(q * len(self.pies)))]
            surface.blit(image, image.get_rect(center=(round(x), round(y))))

    def _draw_grow(self, surface: pygame.Surface, move: _Move) -> None:
        a, b = self.rect_of(move.data["from"]), self.rect_of(move.data["to"])
        p = clamp01(self.t / move.seconds)
        e = ease_out_back(p, 2.2) if move.data["to"][2] > move.data["from"][2] else ease_in_out(p)
        w = a.w + (b.w - a.w) * e
        cx = a.centerx + (b.centerx - a.centerx) * min(1.0, e)
        cy = a.centery + (b.centery - a.centery) * min(1.0, e)
        glow = self.glow(move.data["to"][2])
        glow.set_alpha(int(220 * (1 - p)))
        surface.blit(glow, glow.get_rect(center=(round(cx), round(cy))))
        image = self.sprites.at_px(w)
        surface.blit(image, image.get_rect(center=(round(cx), round(cy))))

    def _draw_entrance(self, surface: pygame.Surface, move: _Move) -> None:
        block = move.data["block"]
        rect = self.rect_of(block)
        p = clamp01(self.t / move.seconds)
        if move.kind == "drop":
            top = self.reels.rect.y - rect.h - 60
            bounce = _bounce(p)
            y = top + (rect.y - top) * bounce
            image = self.sprites.pose(block[2], "idle")
            surface.blit(image, (rect.x, round(y)))
            return
        lift = math.sin(math.pi * p) * (rect.h * 0.9)
        glow = self.glow(block[2])
        glow.set_alpha(int(230 * math.sin(math.pi * p)))
        surface.blit(glow, glow.get_rect(center=(rect.centerx, rect.centery - round(lift))))
        image = self.sprites.pose(block[2], "lean_l" if p < 0.5 else "lean_r") if p < 0.92 else \
            self.sprites.pose(block[2], "idle")
        surface.blit(image, image.get_rect(center=(rect.centerx, rect.centery - round(lift))))

    def _draw_bubble(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if self.bubble_t is None:
            return
        t = self.bubble_t
        alpha = int(255 * clamp01(t / 0.15) * clamp01((self.BUBBLE_TIME - t) / 0.3))
        self.bubble.set_alpha(alpha)
        area = self.reels.rect
        spot = self.bubble.get_rect(midbottom=(rect.right + 10, rect.y + 18 - round(4 * pulse(t, 0.6))))
        spot.clamp_ip(area.inflate(60, 60))
        surface.blit(self.bubble, spot)


def _bounce(p: float) -> float:
    """Falls in and bounces twice on the reels (0..1)."""
    if p < 0.55:
        q = p / 0.55
        return q * q
    if p < 0.8:
        q = (p - 0.675) / 0.125
        return 1 - 0.12 * (1 - q * q)
    q = (p - 0.9) / 0.1
    return 1 - 0.04 * (1 - min(1.0, q * q))
