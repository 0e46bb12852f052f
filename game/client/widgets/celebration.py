"""The big win celebration: BIG / MEGA / EPIC WIN at 10x / 25x / 50x the stake paid for the round.

Coins fountain, the title pops and climbs a tier as the amount counts up past each threshold.
Space skips: the first press jumps to the final amount, the second closes. Every surface is
made in the constructor; per frame it is blits, a glyph counter and particle updates.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

import pygame

from ...engine.money import format_cents
from .. import gfx
from .anim import clamp01, ease_out_back, pulse
from .art import light_rays
from .counter import RollingCounter
from .glyphs import GlyphText
from .particles import Particles
from .text import render_text

INK = (20, 8, 30)
TIERS: tuple[tuple[int, str, tuple[int, int, int]], ...] = (
    (50, "EPIC WIN", (255, 90, 200)),
    (25, "MEGA WIN", (90, 235, 225)),
    (10, "BIG WIN", (255, 200, 70)),
)
TIER_CUES = ("win_epic", "win_mega", "win_big")  # the fanfare of each of TIERS as the count-up reaches it
SCALES = (0.4, 0.6, 0.8, 1.0, 1.15, 1.25, 1.18, 1.08, 1.0)


def tier_of(x: Fraction | float) -> int | None:
    """Index into TIERS for a win of ``x`` times the stake, or None below 10x."""
    for index, (threshold, _, _) in enumerate(TIERS):
        if x >= threshold:
            return index
    return None


@dataclass(frozen=True)
class _SharedArt:
    """What every game's celebration draws alike: made once per title font, not once per screen."""

    titles: list[list[pygame.Surface]]  # per tier, one image per entry of SCALES
    rays: list[pygame.Surface]


_shared: weakref.WeakKeyDictionary[pygame.font.Font, dict[tuple[tuple[int, int], float], _SharedArt]] = (
    weakref.WeakKeyDictionary())


def _shared_art(big_font: pygame.font.Font, size: tuple[int, int]) -> _SharedArt:
    """The tier titles (rendered at their largest pop and shrunk, so no frame is an
    enlarged copy) and the rays, for ``big_font`` at the current render scale."""
    per_font = _shared.setdefault(big_font, {})
    key = (size, gfx.scale())
    art = per_font.get(key)
    if art is None:
        peak = max(SCALES)
        titles = []
        for _, text, color in TIERS:
            big = render_text(big_font, text, color, INK, round(4 * peak), shadow=True)
            w, h = big.get_size()
            titles.append([gfx.transform.smoothscale(big, (max(1, round(w * s / peak)), max(1, round(h * s / peak))))
                           for s in SCALES])
        rays = light_rays(520, count=12, half_width=0.09, color=(255, 210, 120, 90), frames=6)
        art = per_font[key] = _SharedArt(titles, rays)
    return art


class BigWinCelebration:
    HOLD = 1.6  # seconds the final amount stays before closing by itself

    def __init__(
        self,
        size: tuple[int, int],
        *,
        title_font: Callable[[int], pygame.font.Font],
        title_size: int = 110,
        amount: GlyphText,
        coin_frames: list[pygame.Surface],
        sparkle_frames: list[pygame.Surface],
        glow: pygame.Surface,
        sound: Callable[[str], None] = lambda name: None,
    ) -> None:
        self.size = size
        self.center = (size[0] // 2, size[1] // 2 - 40)
        self.amount = amount
        self.coin_frames = coin_frames
        self.sparkle_frames = sparkle_frames
        self.sound = sound
        self.glow = gfx.transform.stretch_soft(glow, (760, 560))
        shared = _shared_art(title_font(round(title_size * max(SCALES))), size)
        self.titles, self.rays = shared.titles, shared.rays
        self.particles = Particles(220)
        # The tick closes over ``sound``, not ``self``: no reference cycle through the celebration.
        self.counter = RollingCounter(0, tick=lambda: sound("coin_tick"), tick_every=0.12)
        self.active = False
        self.time = 0.0
        self.hold = 0.0
        self.final_x = Fraction(0)
        self.stake = 1
        self.tier: int | None = None
        self.tier_time = 0.0
        self._spawn = 0.0

    def start(self, amount_cents: int, stake: int, duration: float) -> None:
        """Count up to ``amount_cents`` on a dimmed screen, climbing the tiers of ``stake`` it passes."""
        self.active = True
        self.time = 0.0
        self.hold = 0.0
        self.final_x = Fraction(amount_cents, max(1, stake))
        self.stake = max(1, stake)
        self.tier = None
        self.counter.set(0)
        self.counter.roll_to(amount_cents, duration)
        self.particles.clear()
        self._spawn = 0.0
        self.sound("win_big")

    def skip(self) -> None:
        if self.counter.rolling:
            self.counter.finish()
        else:
            self.hold = self.HOLD

    @property
    def done(self) -> bool:
        return not self.active

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.time += dt
        self.counter.update(dt)
        shown_x = Fraction(self.counter.shown, self.stake)
        tier = tier_of(shown_x if self.counter.rolling else self.final_x)
        if tier is None:
            tier = len(TIERS) - 1
        if tier != self.tier:
            self.tier = tier
            self.tier_time = 0.0
            if self.time > 0.1:
                self.sound(TIER_CUES[tier])
        self.tier_time += dt
        self._spawn -= dt
        cx = self.size[0] / 2
        if self._spawn <= 0 and (self.counter.rolling or self.hold < self.HOLD * 0.5):
            self._spawn = 0.07
            self.particles.burst(cx, self.size[1] + 10, self.coin_frames, count=5, speed=900, life=1.7,
                                 gravity=900, spread=0.9)
            self.particles.burst(cx + (self.time * 397 % 600) - 300, self.center[1] + (self.time * 211 % 200) - 100,
                                 self.sparkle_frames, count=2, speed=60, life=0.8, gravity=0)
        self.particles.update(dt)
        if not self.counter.rolling:
            self.hold += dt
            if self.hold >= self.HOLD:
                self.active = False
                self.particles.clear()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        fade = clamp01(self.time / 0.25) * (1 - clamp01((self.hold - self.HOLD + 0.3) / 0.3))
        gfx.veil(surface, (10, 2, 22), round(205 * fade))
        cx, cy = self.center
        rays = self.rays[int(self.time * 10) % len(self.rays)]
        rays.set_alpha(int(255 * fade))
        surface.blit(rays, rays.get_rect(center=(cx, cy)))
        self.glow.set_alpha(int(fade * (150 + 80 * pulse(self.time, 1.1))))
        surface.blit(self.glow, self.glow.get_rect(center=(cx, cy + 40)))
        self.particles.draw(surface)
        if self.tier is not None:
            frames = self.titles[self.tier]
            k = min(len(frames) - 1, int(self.tier_time / 0.045))
            title = frames[k]
            bob = math.sin(self.time * 3) * 4
            surface.blit(title, title.get_rect(center=(cx, cy - 60 + bob)))
        scale_in = ease_out_back(self.time / 0.5)
        y = cy + 85 + round(30 * (1 - scale_in))
        self.amount.draw(surface, format_cents(self.counter.shown), center=(cx, y))
