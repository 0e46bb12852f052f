"""The big win celebration: BIG / MEGA / EPIC WIN at 10x / 25x / 50x the stake paid for the round.

It lasts in proportion to the win (``celebration_seconds``: about 4 s at 10x, 7 s at 25x, 10 s at
50x, 12 s from 80x) and runs in four named phases, in order (``PHASES``; ``on_phase`` is called
with each name as it begins, so a sound or music cue can hook on):

- ``entrance``: the screen dims and the BIG WIN banner drops in;
- ``count_up``: the amount counts up, the title climbing a tier (and popping again) as it passes
  each threshold, the coin fountain building with every tier;
- ``hold``: the final amount and tier stand;
- ``exit``: everything fades and the celebration closes by itself.

Space is ignored for the first second (``SKIPPABLE_AFTER``); then the first press jumps to the final
amount, the second closes. Every surface is made in the constructor; per frame it is blits, a
glyph counter and particle updates.
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
PHASES = ("entrance", "count_up", "hold", "exit")
SKIPPABLE_AFTER = 1.0  # seconds before Space can cut a celebration short: the win is always seen
SHORTEST, LONGEST = 4.0, 12.0  # seconds at the BIG threshold, and from LONGEST_AT times the stake up
LONGEST_AT = 80


def celebration_seconds(x: Fraction | float) -> float:
    """How long a celebration of a win of ``x`` times the stake lasts, all phases: in proportion to
    the win on a log scale, from SHORTEST at 10x to LONGEST at LONGEST_AT x and above."""
    bottom = TIERS[-1][0]
    k = clamp01(math.log(max(float(x), bottom) / bottom) / math.log(LONGEST_AT / bottom))
    return SHORTEST + (LONGEST - SHORTEST) * k


def phase_lengths(total: float) -> dict[str, float]:
    """Seconds of each phase of a celebration ``total`` seconds long."""
    entrance = min(0.7, 0.15 * total)
    hold = min(2.2, max(0.5, 0.2 * total))
    exit_ = min(0.4, 0.1 * total)
    return {"entrance": entrance, "count_up": max(0.3, total - entrance - hold - exit_), "hold": hold,
            "exit": exit_}


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
        on_phase: Callable[[str], None] | None = None,
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
        self.on_phase = on_phase
        self.active = False
        self.time = 0.0
        self.phase = ""  # one of PHASES while active
        self.phase_time = 0.0
        self.lengths = phase_lengths(SHORTEST)
        self.final_x = Fraction(0)
        self.target = 0  # cents the count-up ends on
        self.stake = 1
        self.tier: int | None = None
        self.tier_time = 0.0
        self._spawn = 0.0

    def start(self, amount_cents: int, stake: int, duration: float) -> None:
        """Celebrate ``amount_cents`` won on ``stake`` for ``duration`` seconds (all phases)."""
        self.active = True
        self.time = 0.0
        self.lengths = phase_lengths(duration)
        self.final_x = Fraction(amount_cents, max(1, stake))
        self.stake = max(1, stake)
        self.tier = None
        self.counter.set(0)
        self.target = amount_cents
        self.particles.clear()
        self._spawn = 0.0
        self.sound("win_big")
        self._enter("entrance")

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.phase_time = 0.0
        if phase == "count_up":
            self.counter.roll_to(self.target, self.lengths["count_up"])
        if self.on_phase is not None:
            self.on_phase(phase)

    def skip(self) -> None:
        """Space: nothing in the first second; then to the final amount, then closed."""
        if self.time < SKIPPABLE_AFTER or not self.active:
            return
        if self.phase in ("entrance", "count_up"):
            if self.phase == "entrance":
                self._enter("count_up")
            self.counter.finish()
            self._enter("hold")
        else:
            self.active = False
            self.particles.clear()

    @property
    def done(self) -> bool:
        return not self.active

    @property
    def duration(self) -> float:
        return sum(self.lengths.values())

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.time += dt
        self.phase_time += dt
        if self.phase == "count_up":
            self.counter.update(dt)
        if self.phase_time >= self.lengths[self.phase] and (self.phase != "count_up" or not self.counter.rolling):
            following = PHASES.index(self.phase) + 1
            if following == len(PHASES):
                self.active = False
                self.particles.clear()
                return
            self._enter(PHASES[following])
        rolling = self.phase in ("entrance", "count_up")
        shown_x = Fraction(self.counter.shown, self.stake)
        tier = tier_of(shown_x if rolling else self.final_x)
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
        level = len(TIERS) - tier  # 1 BIG, 2 MEGA, 3 EPIC: the fountain builds with the tier
        if self._spawn <= 0 and self.phase in ("count_up", "hold"):
            self._spawn = 0.09 - 0.015 * level
            self.particles.burst(cx, self.size[1] + 10, self.coin_frames, count=1 + 2 * level,
                                 speed=760 + 80 * level, life=1.7, gravity=900, spread=0.6 + 0.15 * level)
            self.particles.burst(cx + (self.time * 397 % 600) - 300, self.center[1] + (self.time * 211 % 200) - 100,
                                 self.sparkle_frames, count=level, speed=60, life=0.8, gravity=0)
        self.particles.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        fade = clamp01(self.time / 0.25)
        if self.phase == "exit":
            fade *= 1 - clamp01(self.phase_time / max(0.01, self.lengths["exit"]))
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
            drop = 0.0  # the banner's entrance: it drops in from above the screen
            if self.phase == "entrance":
                drop = (1 - ease_out_back(clamp01(self.phase_time / max(0.01, self.lengths["entrance"])))) * -420
            if fade < 1:
                title.set_alpha(round(255 * fade))
            surface.blit(title, title.get_rect(center=(cx, cy - 60 + bob + drop)))
            title.set_alpha(255)
        scale_in = ease_out_back(self.time / 0.5)
        y = cy + 85 + round(30 * (1 - scale_in))
        self.amount.draw(surface, format_cents(self.counter.shown), center=(cx, y))
