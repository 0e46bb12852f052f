"""Halloween Vacation's art, loaded once (stand-ins while a file is missing)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...resources import Resources
from ...widgets.art import image_or_standin, soft_glow

GAME = "halloween_vacation"


@dataclass
class HalloweenArt:
    symbols: dict[str, pygame.Surface]
    wild_expanding: pygame.Surface
    sticky_frame: pygame.Surface
    background: pygame.Surface
    frame: pygame.Surface
    reels_bg: pygame.Surface
    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface
    panel: pygame.Surface
    cell_glow: pygame.Surface
    column_glow: pygame.Surface


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], reels: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> HalloweenArt:
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    glow = img("ui/glow.png")
    marigold = (255, 170, 60)
    return HalloweenArt(
        symbols={name: img(f"symbols/{GAME}/{name}.png", cell) for name in symbols},
        wild_expanding=img(f"symbols/{GAME}/wild_expanding.png", (cell[0], reels.h)),
        sticky_frame=img(f"symbols/{GAME}/sticky_frame.png", cell),
        background=img(f"backgrounds/{GAME}.png", size),
        frame=img(f"frames/{GAME}_reels.png", frame_size),
        reels_bg=img(f"frames/{GAME}_reels_bg.png", reels.size),
        coin=img("ui/coin.png", (40, 40)),
        sparkle=img("ui/sparkle.png"),
        star=img("ui/star.png"),
        glow=glow,
        panel=img("ui/panel.png"),
        cell_glow=soft_glow(round(cell[0] * 1.45), marigold, 0.9),
        column_glow=pygame.transform.smoothscale(glow, (cell[0] + 150, reels.h + 120)),
    )
