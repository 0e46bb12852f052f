"""Practice: play on a wallet of its own (``practice/`` in the data folder), never the player's.

``--practice`` opens that wallet instead of the player's, and only it may take ``--seed``
(reproducible rounds, for testing and rehearsal); a player's wallet never plays a seed it was
given. While it is open, every screen carries the PRACTICE badge, at the top centre where the
demo's banner goes (the two never show together: ``--demo`` refuses ``--practice``).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from ..store import PRACTICE_FOLDER
from . import theme
from .resources import Resources
from .widgets.art import rounded_panel
from .widgets.text import render_text

LABEL = "PRACTICE"
HINT = "practice wallet   ·   not your own"


def practice_dir(data_dir: Path) -> Path:
    """The practice wallet's folder inside the data folder."""
    return data_dir / PRACTICE_FOLDER


class PracticeBadge:
    """The PRACTICE badge drawn over every screen while the practice wallet is open."""

    def __init__(self, resources: Resources) -> None:
        label = render_text(theme.ui(resources, 18), f"{LABEL}   ·   {HINT}", theme.TEXT, theme.INK, 2)
        self.image = rounded_panel((label.get_width() + 40, label.get_height() + 8), (30, 96, 140),
                                   (16, 54, 90), edge=theme.GOLD, radius=16, alpha=225)
        self.image.blit(label, label.get_rect(center=self.image.get_rect().center))

    def rect(self, surface: pygame.Surface) -> pygame.Rect:
        return self.image.get_rect(midtop=(surface.get_width() // 2, 2))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.image, self.rect(surface))
