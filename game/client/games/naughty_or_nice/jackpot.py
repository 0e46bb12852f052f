"""The progressive jackpot on screen: the live counter on its plaque, and the celebration of a win.

The pool is the game's carried state in the wallet (hundredths of a cent): the meter reads it a
few times a second (``read``), never every frame, and rolls towards each new value; a pool that
was won drops back to its seed at once. The celebration is a full-screen moment of its own, apart
from the big win: the pool's amount counts up from nothing under the plaque, coins rain, and it
cannot be skipped.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from ....engine.jackpot import UNITS_PER_CENT
from ....engine.money import format_cents
from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, ease_out_cubic, pulse
from ...widgets.art import light_rays, soft_glow
from ...widgets.counter import RollingCounter
from ...widgets.glyphs import GlyphText
from ...widgets.particles import Particles
from ...widgets.text import render_text
from ...widgets.timeline import Step

INK = (30, 6, 8)
GOLD = (255, 214, 100)
CREAM = (255, 246, 228)
RED = (200, 24, 40)

AMOUNT_Y = 0.565  # the plaque's plain velvet for the amount, as a share of its height


class JackpotMeter:
    """The plaque with the pool on it; ``read()`` gives the pool in hundredths of a cent."""

    POLL = 0.5  # seconds between reads of the wallet
    ROLL = 0.8  # seconds a rise takes to count up

    def __init__(self, rect: pygame.Rect, plaque: pygame.Surface, glyphs: GlyphText, read: Callable[[], int],
                 won_font: pygame.font.Font) -> None:
        self.rect = pygame.Rect(rect)
        self.plaque = plaque
        self.glyphs = glyphs
        self.read = read
        self.reads = 0
        self.counter = RollingCounter(0)  # the pool is read when the screen attaches (start)
        self.poll_left = self.POLL
        self.won: int | None = None  # cents: a jackpot being shown as won (the counter holds it)
        self.time = 0.0
        self.glow = gfx.transform.stretch_soft(soft_glow(256, (255, 200, 90), 0.8), (self.rect.w + 120,
                                                                                    self.rect.h + 60))
        self.won_label = render_text(won_font, "WON!", GOLD, INK, 3, shadow=True)

    def start(self) -> None:
        """Show the pool as it is now (on the main thread: the wallet's connection is that thread's)."""
        self.counter.set(self._read() // UNITS_PER_CENT)

    def _read(self) -> int:
        self.reads += 1
        return self.read()

    @property
    def shown(self) -> int:
        """The cents the plaque shows now."""
        return self.counter.shown

    def refresh(self) -> None:
        """Read the pool now (after a round settles) and follow it."""
        self.poll_left = 0.0

    def show_won(self, cents: int) -> None:
        """A jackpot won: the plaque holds the amount paid until the round is settled."""
        self.won = cents
        self.counter.set(cents)

    def release(self) -> None:
        """The round is settled: back to the live pool (reseeded when it was won)."""
        if self.won is not None:
            self.won = None
            self.counter.set(self._read() // UNITS_PER_CENT)
            self.poll_left = self.POLL

    def update(self, dt: float) -> None:
        self.time += dt
        self.counter.update(dt)
        if self.won is not None:
            return
        self.poll_left -= dt
        if self.poll_left > 0:
            return
        self.poll_left = self.POLL
        cents = self._read() // UNITS_PER_CENT
        if cents > self.counter.target:
            self.counter.roll_to(cents, self.ROLL)
        elif cents < self.counter.target:  # won (here or by a round elsewhere): it starts again from its seed
            self.counter.set(cents)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect
        if self.won is not None or self.counter.rolling:
            self.glow.set_alpha(round(120 + 100 * pulse(self.time, 0.6 if self.won is not None else 1.2)))
            surface.blit(self.glow, self.glow.get_rect(center=rect.center))
        surface.blit(self.plaque, self.plaque.get_rect(center=rect.center))
        center = (rect.centerx, rect.y + round(rect.h * AMOUNT_Y))
        if self.won is not None and pulse(self.time, 0.7) > 0.5:
            surface.blit(self.won_label, self.won_label.get_rect(center=center))
        else:
            self.glyphs.draw(surface, format_cents(self.counter.shown), center=center)


class JackpotCelebration:
    """The jackpot's own moment: crimson and gold, the plaque, the amount counting up, coins raining."""

    COUNT = 5.0  # seconds the amount counts up
    HOLD = 2.4  # seconds the full amount stays

    def __init__(self, size: tuple[int, int], *, plaque: pygame.Surface, title_font: pygame.font.Font,
                 line_font: pygame.font.Font, amount: GlyphText, coin_frames: list[pygame.Surface],
                 sparkle_frames: list[pygame.Surface], star_frames: list[pygame.Surface],
                 sound: Callable[[str], None] = lambda name: None) -> None:
        self.size = size
        self.center = (size[0] // 2, size[1] // 2)
        self.plaque = plaque
        self.amount = amount
        self.coin_frames = coin_frames
        self.sparkle_frames = sparkle_frames
        self.star_frames = star_frames
        self.sound = sound
        self.rays = light_rays(600, count=16, half_width=0.07, color=(255, 200, 90, 110), frames=4)
        self.glow = gfx.transform.stretch_soft(soft_glow(256, (255, 170, 60), 1.0), (900, 520))
        # the title pops from its largest size: rendered there, then shrunk
        peak = 1.3
        big = render_text(title_font, "JACKPOT!", GOLD, (90, 8, 16), 6, shadow=True)
        w, h = big.get_size()
        self.titles = [gfx.transform.smoothscale(big, (round(w * s / peak), round(h * s / peak)))
                       for s in (0.5, 0.8, 1.1, 1.3, 1.2, 1.05, 1.0)]
        self.line_font = line_font
        self.particles = Particles(260)
        self.counter = RollingCounter(0, tick=lambda: sound("coin_tick"), tick_every=0.1)
        self.active = False
        self.time = 0.0
        self.amount_cents = 0
        self.line: pygame.Surface | None = None
        self._spawn = 0.0
        self._burst = 0.0
        self._bursts = 0

    def start(self, amount_cents: int, line: str, seconds: float | None = None) -> None:
        self.active = True
        self.time = 0.0
        self.amount_cents = amount_cents
        self.count = self.COUNT if seconds is None else seconds
        self.counter.set(0)
        self.counter.roll_to(amount_cents, self.count)
        words = render_text(self.line_font, line, CREAM, INK, 2)
        room = round(self.plaque.get_width() * 0.58)  # the plaque's plain velvet
        if words.get_width() > room:
            words = gfx.transform.smoothscale(words, (room, max(1, words.get_height() * room // words.get_width())))
        self.line = words
        self.particles.clear()
        self._spawn = self._burst = 0.0
        self._bursts = 0
        self.sound("jackpot")

    @property
    def length(self) -> float:
        return self.count + self.HOLD

    @property
    def done(self) -> bool:
        return not self.active

    def update(self, dt: float) -> None:
        if not self.active:
            return
        self.time += dt
        self.counter.update(dt)
        w, h = self.size
        self._spawn -= dt
        if self._spawn <= 0 and self.time < self.length - 0.6:
            self._spawn = 0.05
            x = (self.time * 631) % w  # coins rain from the top across the width
            self.particles.burst(x, -20, self.coin_frames, count=2, speed=160, life=2.2, gravity=520,
                                 angle=math.pi / 2, spread=0.8)
        self._burst -= dt
        if self._burst <= 0 and self.time < self.length - 0.8:
            self._burst = 0.55
            self._bursts += 1
            bx = w * (0.18 + 0.64 * ((self._bursts * 0.618) % 1.0))
            by = h * (0.2 + 0.35 * ((self._bursts * 0.382) % 1.0))
            self.particles.burst(bx, by, self.star_frames, count=22, speed=380, life=1.1, gravity=140)
            self.particles.burst(bx, by, self.sparkle_frames, count=10, speed=180, life=0.9, gravity=0)
            if self._bursts % 2:
                self.sound("scatter_land")
        self.particles.update(dt)
        if self.time >= self.length:
            self.active = False
            self.particles.clear()

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active:
            return
        fade = clamp01(self.time / 0.3) * (1 - clamp01((self.time - self.length + 0.35) / 0.35))
        a = round(255 * fade)
        gfx.veil(surface, (40, 2, 8), 215 * a // 255)
        cx, cy = self.center
        rays = self.rays[int(self.time * 8) % len(self.rays)]
        rays.set_alpha(a)
        surface.blit(rays, rays.get_rect(center=(cx, cy - 20)))
        self.glow.set_alpha(round(fade * (170 + 70 * pulse(self.time, 0.9))))
        surface.blit(self.glow, self.glow.get_rect(center=(cx, cy)))
        self.particles.draw(surface)
        k = min(len(self.titles) - 1, int(self.time / 0.06))
        title = self.titles[k]
        bob = round(math.sin(self.time * 3.2) * 5)
        title.set_alpha(a)
        surface.blit(title, title.get_rect(center=(cx, cy - 170 + bob)))
        drop = ease_out_back(clamp01((self.time - 0.2) / 0.5))
        plaque_y = cy - 40 - round(60 * (1 - drop))
        self.plaque.set_alpha(a)
        rect = self.plaque.get_rect(center=(cx, plaque_y))
        surface.blit(self.plaque, rect)
        self.plaque.set_alpha(255)
        if self.line is not None:
            self.line.set_alpha(round(a * ease_out_cubic(clamp01((self.time - 0.5) / 0.4))))
            surface.blit(self.line, self.line.get_rect(center=(cx, rect.y + round(rect.h * AMOUNT_Y))))
        self.amount.draw(surface, format_cents(self.counter.shown), center=(cx, cy + 90))


class CelebrateJackpot(Step):
    """The jackpot celebration, whole: Space does not hurry it (``skippable`` False).

    ``counter`` (the screen's win field) counts along with it, on top of what the round had won.
    """

    name = "jackpot"
    skippable = False

    def __init__(self, celebration: JackpotCelebration, amount: int, line: str, *, before: int,
                 counter: RollingCounter | None = None, on_start: Callable[[], None] | None = None,
                 seconds: float | None = None, progress: int | None = None) -> None:
        self.celebration = celebration
        self.amount = amount
        self.line = line
        self.before = before  # cents the win field showed before the jackpot
        self.counter = counter
        self.on_start = on_start
        self.seconds = seconds
        self.progress = progress

    def start(self) -> None:
        self.celebration.start(self.amount, self.line, self.seconds)
        if self.on_start is not None:
            self.on_start()

    def update(self, dt: float) -> bool:
        self.celebration.update(dt)
        if self.counter is not None:
            shown = self.amount if self.celebration.done else self.celebration.counter.shown
            self.counter.set(self.before + shown)
        return self.celebration.done

    def draw(self, surface: pygame.Surface) -> None:
        self.celebration.draw(surface)
