"""Particle bursts and fountains (coins, sparkles, stars) from pre-rendered sprite frames.

A fixed-size pool: spawning reuses dead slots, so a long celebration allocates nothing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pygame

from .. import gfx

# Cosmetic motion only: its own generator, never the round's, and it decides nothing.
_cosmetic = random.Random(0xC0FFEE)


class Particles:
    def __init__(self, capacity: int = 260) -> None:
        self.capacity = capacity
        # parallel lists are faster than objects for a few hundred sprites
        self.x = [0.0] * capacity
        self.y = [0.0] * capacity
        self.vx = [0.0] * capacity
        self.vy = [0.0] * capacity
        self.life = [0.0] * capacity
        self.span = [1.0] * capacity
        self.gravity = [0.0] * capacity
        self.spin = [0.0] * capacity
        self.frames: list[Sequence[pygame.Surface]] = [()] * capacity
        self.alive = 0
        self._next = 0

    def clear(self) -> None:
        for i in range(self.capacity):
            self.life[i] = 0.0
        self.alive = 0

    def _slot(self) -> int:
        for _ in range(self.capacity):
            i = self._next
            self._next = (self._next + 1) % self.capacity
            if self.life[i] <= 0:
                return i
        i = self._next
        self._next = (self._next + 1) % self.capacity
        return i

    def burst(
        self, x: float, y: float, frames: Sequence[pygame.Surface], count: int = 16, speed: float = 260,
        life: float = 0.9, gravity: float = 300, spread: float = math.tau, angle: float = -math.pi / 2,
    ) -> None:
        rnd = _cosmetic
        for _ in range(count):
            i = self._slot()
            a = angle + (rnd.random() - 0.5) * spread
            s = speed * (0.45 + 0.55 * rnd.random())
            self.x[i], self.y[i] = x, y
            self.vx[i], self.vy[i] = math.cos(a) * s, math.sin(a) * s
            self.span[i] = self.life[i] = life * (0.7 + 0.3 * rnd.random())
            self.gravity[i] = gravity
            self.spin[i] = rnd.random() * len(frames)
            self.frames[i] = frames

    def update(self, dt: float) -> None:
        alive = 0
        for i in range(self.capacity):
            if self.life[i] <= 0:
                continue
            self.life[i] -= dt
            self.vy[i] += self.gravity[i] * dt
            self.x[i] += self.vx[i] * dt
            self.y[i] += self.vy[i] * dt
            self.spin[i] += dt * 14
            alive += 1
        self.alive = alive

    def draw(self, surface: pygame.Surface) -> None:
        if not self.alive:
            return
        blit = surface.blit
        for i in range(self.capacity):
            if self.life[i] <= 0:
                continue
            frames = self.frames[i]
            image = frames[int(self.spin[i]) % len(frames)]
            fade = self.life[i] / self.span[i]
            image.set_alpha(255 if fade > 0.3 else int(255 * fade / 0.3))
            blit(image, (self.x[i] - image.get_width() / 2, self.y[i] - image.get_height() / 2))


def spin_frames(image: pygame.Surface, count: int = 8) -> list[pygame.Surface]:
    """A coin turning: the image squeezed horizontally in ``count`` steps (built once)."""
    w, h = image.get_size()
    frames = []
    for k in range(count):
        scale = abs(math.cos(math.pi * k / count))
        frames.append(gfx.transform.smoothscale(image, (max(2, round(w * scale)), h)))
    return frames


def twinkle_frames(image: pygame.Surface, sizes: Sequence[int] = (10, 16, 22, 28, 22, 16)) -> list[pygame.Surface]:
    """A sparkle growing and shrinking (built once)."""
    return [gfx.transform.smoothscale(image, (s, s)) for s in sizes]
