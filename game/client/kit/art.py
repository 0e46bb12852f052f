"""The pictures every reel game loads the same way: symbols, background, reel frame and backing,
and the effect art (coin, sparkle, star, glow). A game's art extends :class:`ReelArt`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ..resources import Resources
from ..widgets.art import image_or_standin, soft_glow


@dataclass
class ReelArt:
    symbols: dict[str, pygame.Surface]
    # Loaded when the screen composes its backdrop, then freed with the composition held instead:
    # a full-screen picture kept twice would be 3.5 MiB for nothing.
    background: Callable[[], pygame.Surface]
    frame: pygame.Surface
    reels_bg: pygame.Surface
    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface
    cell_glow: pygame.Surface


def reel_art(resources: Resources, game_id: str, symbols: tuple[str, ...], cell: tuple[int, int],
             reels: pygame.Rect, frame_size: tuple[int, int], size: tuple[int, int], *,
             glow_color: tuple[int, int, int], glow_scale: float) -> dict[str, Any]:
    """The common pieces, by field name, from ``assets/`` (stand-ins name a missing file)."""
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    return {
        "symbols": {name: img(f"symbols/{game_id}/{name}.png", cell) for name in symbols},
        "background": lambda: img(f"backgrounds/{game_id}.png", size),
        "frame": img(f"frames/{game_id}_reels.png", frame_size),
        "reels_bg": img(f"frames/{game_id}_reels_bg.png", reels.size),
        "coin": img("ui/coin.png", (40, 40)),
        "sparkle": img("ui/sparkle.png"),
        "star": img("ui/star.png"),
        "glow": img("ui/glow.png"),
        "cell_glow": soft_glow(round(cell[0] * glow_scale), glow_color, 0.9),
    }
