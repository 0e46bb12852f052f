"""Fonts and palettes shared by the shell and the game screens.

Font files are chosen by name from ``assets/fonts/``; until they are present (or if one is
unreadable) pygame's default font stands in, with one logged warning per file.
"""

from __future__ import annotations

import logging

import pygame

from ..paths import asset_path
from . import gfx
from .resources import ResourceError, Resources

log = logging.getLogger(__name__)

# Display font: titles, big win numbers. UI font: labels, buttons, values.
DISPLAY_FONT = "Lobster-Regular.otf"
UI_FONT = "LeagueSpartan-Bold.otf"
UI_FONT_HEAVY = "LeagueSpartan-Black.otf"
UI_FONT_LIGHT = "LeagueSpartan-Regular.otf"

Color = tuple[int, int, int]

# The shell's festive night palette.
INK: Color = (20, 12, 30)  # outlines behind text
TEXT: Color = (255, 246, 228)  # body text on dark panels
MUTED: Color = (190, 178, 200)  # secondary text
GOLD: Color = (255, 204, 92)  # titles, values, highlights
GOLD_DARK: Color = (176, 120, 40)
RED: Color = (226, 60, 70)  # festive accent, warnings
GREEN: Color = (92, 200, 120)  # wins, "on"
ICE: Color = (190, 225, 255)  # snow, focus rings
PANEL_TOP: Color = (66, 44, 92)
PANEL_BOTTOM: Color = (34, 22, 50)
BACKDROP_DIM = 150  # alpha of the dark veil under overlays
VEIL = (8, 4, 18)  # its colour: the night-sky ink every dimmed screen shares
NIGHT_TOP: Color = (14, 18, 52)
NIGHT_BOTTOM: Color = (58, 40, 96)

_fallbacks: dict[tuple[str, int, float], pygame.font.Font] = {}
_warned: set[str] = set()


def font(resources: Resources, name: str, size: int) -> pygame.font.Font:
    """``assets/fonts/<name>`` at ``size`` (cached), or the default font while it is absent."""
    try:
        return resources.font(name, size)
    except (ResourceError, OSError, pygame.error) as exc:
        if name not in _warned:
            _warned.add(name)
            log.warning("font %s unavailable (%s); using pygame's default font", name, exc)
        key = (name, size, gfx.scale())
        fallback = _fallbacks.get(key)
        if fallback is None:
            # The default font is smaller per point than the display faces: scale it up a bit.
            fallback = _fallbacks[key] = gfx.font(None, round(size * 1.25))
        return fallback


def display(resources: Resources, size: int) -> pygame.font.Font:
    return font(resources, DISPLAY_FONT, size)


def ui(resources: Resources, size: int, weight: str = "bold") -> pygame.font.Font:
    name = {"bold": UI_FONT, "heavy": UI_FONT_HEAVY, "light": UI_FONT_LIGHT}.get(weight, UI_FONT)
    return font(resources, name, size)


def has_asset(relative: str) -> bool:
    return asset_path(*relative.split("/")).is_file()
