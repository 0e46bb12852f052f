"""Naughty or Nice?'s art, loaded once (stand-ins name each picture while its file is missing).

Every picture that pops or slams is loaded at the largest size it is drawn and shrunk from there,
so no frame is an enlarged copy (at 720p and at full HD).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ... import gfx
from ...kit.art import ReelArt, reel_art
from ...resources import Resources
from ...widgets.art import image_or_standin

GAME = "naughty_or_nice"

PORTRAIT = (250, 317)  # a portrait on the choice screen (the files are 300x380)
MINI_PORTRAIT = (76, 96)  # a portrait in the free games panel
LOCK = (70, 70)  # the lock badge on a held reel, at rest
LOCK_SLAM = (96, 96)  # and the size it slams down from (the file's own)
AWARD = (84, 84)  # an award picture on its cell, at rest
AWARD_POP = (110, 110)  # and the size it pops from (the file's own)
PLAQUE = (420, 110)  # the jackpot plaque (the file's own)


@dataclass
class NaughtyArt(ReelArt):
    portraits: dict[str, pygame.Surface]  # by substitute, for the choice screen
    mini_portraits: dict[str, pygame.Surface]  # by substitute, for the free games panel
    lock: pygame.Surface
    lock_slam: pygame.Surface
    awards: dict[str, pygame.Surface]  # by award, at rest
    awards_pop: dict[str, pygame.Surface]  # by award, at the size a pop starts from
    jackpot: pygame.Surface
    column_glow: pygame.Surface


def load_art(resources: Resources, symbols: tuple[str, ...], substitutes: tuple[str, ...], awards: tuple[str, ...],
             cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int], size: tuple[int, int],
             plaque: tuple[int, int] = PLAQUE) -> NaughtyArt:
    """``awards`` are the engine's award names (``award_<name>.png`` each)."""
    def img(name: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, f"symbols/{GAME}/{name}.png", wanted)

    common = reel_art(resources, GAME, symbols, cell, reels, frame_size, size, glow_color=(255, 196, 90),
                      glow_scale=1.4)
    return NaughtyArt(
        **common,
        portraits={name: img(f"{name}_portrait", PORTRAIT) for name in substitutes},
        mini_portraits={name: img(f"{name}_portrait", MINI_PORTRAIT) for name in substitutes},
        lock=img("lock", LOCK),
        lock_slam=img("lock", LOCK_SLAM),
        awards={name: img(f"award_{name}", AWARD) for name in awards},
        awards_pop={name: img(f"award_{name}", AWARD_POP) for name in awards},
        jackpot=img("jackpot", plaque),
        column_glow=gfx.transform.stretch_soft(common["glow"], (cell[0] + 120, reels.h + 90)),
    )
