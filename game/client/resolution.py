"""Which render scale to draw at: the game is laid out in 1280x720 units, drawn at 1x or 1.5x.

Full HD (1.5x) is used where the player will see it at that size: full screen on a desktop of
at least 1920x1080, or a window when the desktop has room for a 1920x1080 one beside its panels.
Otherwise 1280x720, which the window system may still stretch (then SDL's filter softens it).
"""

from __future__ import annotations

from collections.abc import Sequence

LAYOUT = (1280, 720)
SCALES = {"1280x720": 1.0, "1920x1080": 1.5}
WINDOW_ROOM = 0.92  # a window may take this share of the desktop (panels, title bar)


def render_scale(resolution: str, *, fullscreen: bool, desktops: Sequence[tuple[int, int]]) -> float:
    """The scale for ``--resolution`` (``auto`` or a size) on a screen of ``desktops[0]``."""
    if resolution != "auto":
        return SCALES[resolution]
    if not desktops:
        return 1.0
    width, height = desktops[0]
    room = 1.0 if fullscreen else WINDOW_ROOM
    best = 1.0
    for scale in sorted(SCALES.values()):
        if LAYOUT[0] * scale <= width * room and LAYOUT[1] * scale <= height * room:
            best = scale
    return best


def window_size(scale: float) -> tuple[int, int]:
    return round(LAYOUT[0] * scale), round(LAYOUT[1] * scale)
