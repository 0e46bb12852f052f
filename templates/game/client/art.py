"""__GAME_TITLE__'s art, loaded once. Until ``assets/symbols/__GAME_ID__/`` has pictures, each
missing file is drawn as a stand-in tile naming it (and the log says which)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.resources import Resources
from game.client.widgets.art import image_or_standin, soft_glow

GAME = "__GAME_ID__"


@dataclass
class GameArt:
    symbols: dict[str, pygame.Surface]
    background: pygame.Surface
    frame: pygame.Surface
    reels_bg: pygame.Surface
    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface
    cell_glow: pygame.Surface


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], reels: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> GameArt:
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    background = pygame.Surface(size)
    background.fill((18, 30, 52))
    reels_bg = pygame.Surface(reels.size)
    reels_bg.fill((10, 16, 30))
    frame = pygame.Surface(frame_size, pygame.SRCALPHA)
    pygame.draw.rect(frame, (255, 214, 120), frame.get_rect(), width=6, border_radius=24)
    return GameArt(
        symbols={name: img(f"symbols/{GAME}/{name}.png", cell) for name in symbols},
        background=background, frame=frame, reels_bg=reels_bg,
        coin=img("ui/coin.png", (40, 40)), sparkle=img("ui/sparkle.png"), star=img("ui/star.png"),
        glow=img("ui/glow.png"), cell_glow=soft_glow(round(cell[0] * 1.4), (255, 220, 130), 0.9),
    )
