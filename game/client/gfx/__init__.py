"""Resolution-independent drawing: layout in 1280x720 units, pixels at the window's own density.

Every coordinate in the client (Tiled maps, widgets, effects) is a *layout unit*: the design is
1280x720. The render scale ``k`` says how many pixels a unit is: 1 for a 1280x720 window, 1.5 for
full HD. At ``k == 1`` this package hands out plain ``pygame.Surface`` objects and its wrappers
call pygame directly, so the 720p path is pygame itself. At any other scale a surface is a
:class:`ScaledSurface`: it reports sizes and takes positions in layout units and keeps
``k``-times as many pixels, so text is rasterised at its real size, art is loaded from its
full-HD file, and lines and corners are drawn at pixel density instead of being enlarged
afterwards. Code draws the same either way; ``draw`` and ``transform`` mirror the pygame
modules of the same name and must be used instead of them in the client.

A plain pixel surface reaching a scaled one (an image made outside this package) is enlarged
to fit, which blurs: :func:`stats` counts those, and a test holds every screen to zero.
"""

from __future__ import annotations

from ..resolution import LAYOUT as LAYOUT_SIZE
from . import draw, transform
from .surface import (
    ScaledFont,
    ScaledSurface,
    Stats,
    Surface,
    adopt,
    blit_at_alpha,
    fit_to,
    font,
    image_at_scale,
    image_sized,
    layout_rect,
    pixel_point,
    pixel_rect,
    pixels,
    reset_stats,
    scale,
    scaled,
    set_scale,
    stats,
    veil,
    vertical_gradient,
)

__all__ = ["LAYOUT_SIZE", "ScaledFont", "ScaledSurface", "Stats", "Surface", "adopt", "blit_at_alpha", "draw",
           "fit_to", "font", "image_at_scale", "image_sized", "layout_rect", "pixel_point", "pixel_rect", "pixels",
           "reset_stats", "scale", "scaled", "set_scale", "stats", "transform", "veil", "vertical_gradient"]
