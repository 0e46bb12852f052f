"""__GAME_TITLE__'s art, loaded once. Until ``assets/symbols/__GAME_ID__/``, ``backgrounds/__GAME_ID__.png``
and ``frames/__GAME_ID___reels*.png`` exist, each missing file is drawn as a stand-in tile naming it
(and the log says which)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.client.kit.art import ReelArt, reel_art
from game.client.resources import Resources

GAME = "__GAME_ID__"


@dataclass
class GameArt(ReelArt):
    """The kit's reel art; add the pictures of this game's own features here."""


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], reels: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> GameArt:
    return GameArt(**reel_art(resources, GAME, symbols, cell, reels, frame_size, size, glow_color=(255, 220, 130),
                              glow_scale=1.4))
