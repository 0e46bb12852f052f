"""Which render scale to draw at: the game is laid out in 1280x720 units, drawn at 1x or 1.5x.

Full HD (1.5x) is used where the player will see it at that size: full screen on a desktop of
at least 1920x1080, or a window when the desktop has room for a 1920x1080 one beside its panels.
Otherwise 1280x720.

The density is chosen once, when the window opens: from the desktop, or, when the player left
the window at another size, from that size (``density_for_window``), which the window reopens at.
The window can then be dragged to any size from ``MIN_WINDOW`` up: SDL's renderer scales the
drawn frame to the largest 16:9 area that fits, smoothly (not in whole steps), and centres it
between black bars (``letterbox``); pointer positions come back in canvas pixels, negative or
past the edge on a bar (``window_to_design`` is the same sum).
"""

from __future__ import annotations

from collections.abc import Sequence

LAYOUT = (1280, 720)
SCALES = {"1280x720": 1.0, "1920x1080": 1.5}
WINDOW_ROOM = 0.92  # a window may take this share of the desktop (panels, title bar)
MIN_WINDOW = (960, 540)  # the smallest window the player can drag to; everything still shows
MAX_WINDOW = (3840, 2160)
# pygame-ce 2.5.8 scales a SCALED window in whole steps (a 1920x1080 window shows 1x with wide bars,
# one under 1280x720 is cropped) unless the hint of this name is true; the filter is set apart.
WHOLE_STEPS_OFF = ("SDL_HINT_RENDER_SCALE_QUALITY", "1")
SMOOTH_FILTER = ("PYGAME_FORCE_SCALE", "photo")


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


def density_for_window(window: tuple[int, int]) -> float:
    """The least dense scale that fills the window's 16:9 area without enlarging, else the densest:
    a larger window gets the densest frame there are images for, scaled up smoothly by SDL."""
    fit, _ = letterbox(window)
    return next((scale for scale in sorted(SCALES.values()) if scale >= fit - 0.01), max(SCALES.values()))


def kept_window(value: object, desktop: tuple[int, int] | None) -> tuple[int, int] | None:
    """A stored window size still usable: two whole numbers between the limits, within the desktop."""
    if not isinstance(value, list | tuple) or len(value) != 2:
        return None
    width, height = value
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in (width, height)):
        return None
    if not (MIN_WINDOW[0] <= width <= MAX_WINDOW[0] and MIN_WINDOW[1] <= height <= MAX_WINDOW[1]):
        return None
    if desktop is not None and (width > desktop[0] or height > desktop[1]):
        return None
    return width, height


def letterbox(window: tuple[int, int]) -> tuple[float, tuple[int, int, int, int]]:
    """The scale from layout units to window pixels and the 16:9 area ``(x, y, w, h)`` it fills."""
    scale = min(window[0] / LAYOUT[0], window[1] / LAYOUT[1])
    width, height = round(LAYOUT[0] * scale), round(LAYOUT[1] * scale)
    return scale, ((window[0] - width) // 2, (window[1] - height) // 2, width, height)


def window_to_design(pos: tuple[float, float], window: tuple[int, int]) -> tuple[int, int] | None:
    """A window pixel in layout units, or None on a bar (outside the letterboxed area)."""
    scale, (x, y, _, _) = letterbox(window)
    design = (pos[0] - x) / scale, (pos[1] - y) / scale
    if not (0 <= design[0] < LAYOUT[0] and 0 <= design[1] < LAYOUT[1]):
        return None
    return int(design[0]), int(design[1])


def design_to_window(pos: tuple[float, float], window: tuple[int, int]) -> tuple[int, int]:
    """The window pixel a layout-unit point is drawn in."""
    scale, (x, y, _, _) = letterbox(window)
    return int(x + pos[0] * scale), int(y + pos[1] * scale)
