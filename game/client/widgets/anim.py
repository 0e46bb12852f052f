"""Easing curves and tiny helpers for time-based animation (all pure functions of t in 0..1)."""

from __future__ import annotations

import math


def clamp01(t: float) -> float:
    return 0.0 if t <= 0.0 else 1.0 if t >= 1.0 else t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = clamp01(t)
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float, overshoot: float = 1.70158) -> float:
    """Overshoots past 1 and settles back: the reel bounce, a banner popping in."""
    t = clamp01(t)
    c3 = overshoot + 1
    s = t - 1
    return 1 + c3 * s * s * s + overshoot * s * s


def ease_out_elastic(t: float) -> float:
    t = clamp01(t)
    if t in (0.0, 1.0):
        return t
    return 2 ** (-10 * t) * math.sin((t * 10 - 0.75) * (2 * math.pi / 3)) + 1


def pulse(time: float, period: float = 1.0) -> float:
    """0..1..0 smoothly, ``period`` seconds per cycle."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * time / period)
