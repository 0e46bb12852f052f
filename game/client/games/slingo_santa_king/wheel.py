"""The Superspin Wheel: a wheel whose green section is the chance of an extra spin, and an arrow
that spins round it and stops in the green (a reel spin follows) or in the red.

The ``wheel`` event says the chance and whether it was won; where in its section the arrow stops
is a fixed function of the event's place in the round, so nothing here is drawn at random. The
wheel is drawn once per spin (its sections depend on the chance); the arrow is a polygon drawn
each frame. The outcome of a priced spin must be seen: Space does not skip it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import pygame

from ... import gfx
from ...widgets.anim import clamp01, ease_out_back, ease_out_cubic
from ...widgets.text import render_text
from ...widgets.timeline import Step
from .art import CREAM, GOLD, GOLD_DEEP, INK, glow_disc

GREEN = (40, 200, 96)
GREEN_LIGHT = (120, 255, 160)
RED_A = (170, 18, 40)
RED_B = (120, 8, 28)
TURNS = 4  # whole turns before the arrow comes to rest
SPIN_TIME = 2.6
RESULT_TIME = 1.5
TOP = -math.pi / 2  # the green section starts at the top and runs clockwise


def landing_angle(won: bool, chance: float, index: int) -> float:
    """Where the arrow stops (radians from the top, clockwise): inside the green for a win, inside
    the red for a loss, at a place fixed by ``index`` (the event's place in the round)."""
    u = 0.2 + 0.6 * (0.5 + 0.5 * math.sin(index * 2.39996))  # golden-angle steps: well spread
    green = math.tau * chance
    return green * u if won else green + (math.tau - green) * u


class WheelShow:
    """Draws the wheel over the card while a wheel spin plays."""

    def __init__(self, center: tuple[int, int], radius: int, fonts: Mapping[str, pygame.font.Font]) -> None:
        self.center = center
        self.radius = radius
        self.fonts = fonts
        self.wheel: pygame.Surface | None = None
        self.active = False
        self.angle = 0.0  # the arrow, radians clockwise from the top
        self.result: pygame.Surface | None = None
        self.detail: pygame.Surface | None = None
        self.result_age = 0.0
        self.won = False
        size = radius * 2 + 120
        self.glow = glow_disc((size, size), (255, 210, 120), 0.8)
        self.green_glow = glow_disc((size, size), GREEN_LIGHT, 0.9)

    def open(self, chance: float, price: str, wheel_price: str) -> None:
        self.active = True
        self.result = self.detail = None
        self.angle = 0.0
        r = self.radius
        size = (2 * r + 40, 2 * r + 40)
        wheel = gfx.Surface(size, pygame.SRCALPHA)
        c = (r + 20, r + 20)
        gfx.draw.circle(wheel, (0, 0, 0, 120), (c[0] + 4, c[1] + 8), r + 14)
        gfx.draw.circle(wheel, GOLD_DEEP, c, r + 14)
        gfx.draw.circle(wheel, GOLD, c, r + 10)
        gfx.draw.circle(wheel, GOLD_DEEP, c, r + 2)
        green = math.tau * chance
        segments = 16
        red_part = math.tau - green
        wedges = [(0.0, green, GREEN)]
        count = max(2, round(segments * red_part / math.tau))
        for k in range(count):
            a0 = green + red_part * k / count
            wedges.append((a0, a0 + red_part / count, RED_A if k % 2 == 0 else RED_B))
        for a0, a1, color in wedges:
            steps = max(2, int((a1 - a0) / 0.05))
            points = [c] + [(c[0] + r * math.cos(TOP + a0 + (a1 - a0) * i / steps),
                             c[1] + r * math.sin(TOP + a0 + (a1 - a0) * i / steps)) for i in range(steps + 1)]
            gfx.draw.polygon(wheel, color, points)
        for a in (0.0, green):  # the green section's edges in gold
            gfx.draw.line(wheel, GOLD, c, (c[0] + r * math.cos(TOP + a), c[1] + r * math.sin(TOP + a)), 4)
        for k in range(24):  # pegs round the rim
            a = k * math.tau / 24
            gfx.draw.circle(wheel, (255, 246, 210), (c[0] + (r + 6) * math.cos(a), c[1] + (r + 6) * math.sin(a)), 3)
        label = render_text(self.fonts["wheel"], "EXTRA SPIN", (255, 255, 240), (10, 60, 30), 2)
        mid = TOP + green / 2
        wheel.blit(label, label.get_rect(center=(round(c[0] + r * 0.62 * math.cos(mid)),
                                                 round(c[1] + r * 0.62 * math.sin(mid)))))
        gfx.draw.circle(wheel, GOLD_DEEP, c, r * 0.2)
        gfx.draw.circle(wheel, (70, 6, 20), c, r * 0.17)
        self.wheel = wheel
        self.title = render_text(self.fonts["title"], "Superspin Wheel", GOLD, INK, 3, shadow=True)
        self.caption = render_text(self.fonts["small"], f"{wheel_price} FOR A {chance:.0%} CHANCE OF A {price} SPIN",
                                   CREAM, INK, 2)

    def land(self, won: bool, failures: int, limit: int) -> None:
        self.won = won
        self.result_age = 0.0
        if won:
            self.result = render_text(self.fonts["result"], "EXTRA SPIN!", GREEN_LIGHT, INK, 3, shadow=True)
            self.detail = None
        else:
            self.result = render_text(self.fonts["result"], "NOT THIS TIME", (255, 160, 160), INK, 3, shadow=True)
            self.detail = render_text(self.fonts["small"], f"{failures} of {limit} in a row missed", CREAM, INK, 2)

    def close(self) -> None:
        self.active = False
        self.wheel = None

    def update(self, dt: float) -> None:
        if self.result is not None:
            self.result_age += dt

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active or self.wheel is None:
            return
        cx, cy = self.center
        glow = self.green_glow if self.result is not None and self.won else self.glow
        surface.blit(glow, glow.get_rect(center=self.center))
        surface.blit(self.title, self.title.get_rect(midbottom=(cx, cy - self.radius - 24)))
        surface.blit(self.wheel, self.wheel.get_rect(center=self.center))
        # the arrow: from the hub out past the rim, pointing where it will stop
        a = TOP + self.angle
        r = self.radius
        tip = (cx + math.cos(a) * (r + 4), cy + math.sin(a) * (r + 4))
        side = a + math.pi / 2
        base = (cx + math.cos(a) * r * 0.28, cy + math.sin(a) * r * 0.28)
        w = r * 0.09
        points = [tip, (base[0] + math.cos(side) * w, base[1] + math.sin(side) * w),
                  (cx - math.cos(a) * r * 0.12, cy - math.sin(a) * r * 0.12),
                  (base[0] - math.cos(side) * w, base[1] - math.sin(side) * w)]
        shadow = [(x + 3, y + 5) for x, y in points]
        gfx.draw.polygon(surface, (0, 0, 0), shadow)
        gfx.draw.polygon(surface, (255, 246, 220), points)
        gfx.draw.polygon(surface, GOLD_DEEP, points, 2)
        gfx.draw.circle(surface, GOLD, (cx, cy), r * 0.1)
        gfx.draw.circle(surface, GOLD_DEEP, (cx, cy), r * 0.1, 2)
        below = cy + r + 40
        if self.result is None:
            surface.blit(self.caption, self.caption.get_rect(center=(cx, below)))
        else:
            k = ease_out_back(clamp01(self.result_age / 0.35), 2.2)
            image = self.result
            if k < 0.999:
                image = gfx.transform.smoothscale(image, (max(1, round(image.get_width() * k)),
                                                          max(1, round(image.get_height() * k))))
            surface.blit(image, image.get_rect(center=(cx, below - 4)))
            if self.detail is not None:
                surface.blit(self.detail, self.detail.get_rect(midtop=(cx, below + 20)))


class WheelStep(Step):
    """One ``wheel`` event: the arrow spins a few turns and stops in the green or the red."""

    name = "wheel"
    skippable = False  # what a priced spin brought must be seen

    def __init__(self, show: WheelShow, event: dict[str, Any], index: int, *, price: str, wheel_price: str,
                 limit: int, sound: Callable[[str], None], on_land: Callable[[bool], None],
                 progress: int | None = None) -> None:
        self.show = show
        self.event = event
        self.chance = float(Fraction(event["chance"]))
        self.won = bool(event["won"])
        self.stop = landing_angle(self.won, self.chance, index)
        self.price = price
        self.wheel_price = wheel_price
        self.limit = limit
        self.sound = sound
        self.on_land = on_land
        self.progress = progress
        self.t = 0.0
        self.landed = False
        self._clicks = 0

    def start(self) -> None:
        self.t = 0.0
        self.landed = False
        self._clicks = 0
        self.show.open(self.chance, self.price, self.wheel_price)
        self.sound("spin_start")

    def update(self, dt: float) -> bool:
        self.t += dt
        p = clamp01(self.t / SPIN_TIME)
        self.show.angle = (TURNS * math.tau + self.stop) * ease_out_cubic(p)
        clicks = int(self.show.angle / (math.tau / 24))
        if clicks > self._clicks:
            if clicks - self._clicks < 3 and clicks % 2 == 0:
                self.sound("wheel_tick")
            self._clicks = clicks
        self.show.update(dt)
        if not self.landed and p >= 1:
            self.landed = True
            self.show.land(self.won, int(self.event["failures"]), self.limit)
            self.sound("feature_start" if self.won else "error")
            self.on_land(self.won)
        if self.landed and self.t >= SPIN_TIME + RESULT_TIME:
            self.show.close()
            return True
        return False

    def skip(self) -> None:
        """Only when leaving the screen (forced): straight to the end."""
        self.t = SPIN_TIME + RESULT_TIME
