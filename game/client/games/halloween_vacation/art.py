"""Halloween Vacation's art, loaded once (stand-ins while a file is missing)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ... import gfx
from ...kit.art import ReelArt, reel_art
from ...resources import Resources
from ...widgets.art import image_or_standin

GAME = "halloween_vacation"


STICKY_SLAM = 1.7  # a sticky wild's frame slams down from 1.7 times its size


@dataclass
class HalloweenArt(ReelArt):
    wild_expanding: pygame.Surface
    sticky_frame: pygame.Surface
    sticky_slam: pygame.Surface  # the sticky frame at the size its lock animation starts from
    panel: pygame.Surface
    column_glow: pygame.Surface


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], reels: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> HalloweenArt:
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    common = reel_art(resources, GAME, symbols, cell, reels, frame_size, size, glow_color=(255, 170, 60),
                      glow_scale=1.45)
    return HalloweenArt(
        **common,
        wild_expanding=img(f"symbols/{GAME}/wild_expanding.png", (cell[0], reels.h)),
        sticky_frame=img(f"symbols/{GAME}/sticky_frame.png", cell),
        sticky_slam=img(f"symbols/{GAME}/sticky_frame.png",
                        (round(cell[0] * STICKY_SLAM), round(cell[1] * STICKY_SLAM))),
        panel=img("ui/panel.png"),
        column_glow=gfx.transform.stretch_soft(common["glow"], (cell[0] + 150, reels.h + 120)),
    )
