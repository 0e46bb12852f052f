"""Images from assets/, with a drawn stand-in (and one warning) while a file is missing.

Every screen loads its art through ``image_or_standin`` so that the real files replace the
stand-ins without a code change.
"""

from __future__ import annotations

import logging
import math

import pygame

from .. import gfx
from ..resources import ResourceError, Resources
from .text import render_text

log = logging.getLogger(__name__)

_warned: set[str] = set()
_font: pygame.font.Font | None = None

STANDIN_BG = (58, 32, 84)
STANDIN_EDGE = (255, 176, 64)


def image_or_standin(resources: Resources, relative: str, size: tuple[int, int] | None = None, *,
                     data: bytes | None = None) -> pygame.Surface:
    """``assets/<relative>`` (scaled to ``size``; ``data`` its file's bytes, read ahead), or a
    stand-in tile naming it."""
    try:
        return resources.image(relative, size, data=data)
    except (ResourceError, pygame.error, OSError) as exc:
        return fallback_art(relative, size or (150, 150), exc)


def has_image(resources: Resources, relative: str) -> bool:
    try:
        resources.image(relative)
        return True
    except (ResourceError, pygame.error, OSError):
        return False


def fallback_art(relative: str, size: tuple[int, int], reason: object = "missing") -> pygame.Surface:
    """The stand-in for a missing image: its name in a rounded tile. Warns once per file."""
    global _font
    if relative not in _warned:
        _warned.add(relative)
        log.warning("art %s unavailable (%s); drawing a stand-in", relative, reason)
    surface = gfx.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect().inflate(-6, -6)
    gfx.draw.rect(surface, STANDIN_BG, rect, border_radius=18)
    gfx.draw.rect(surface, STANDIN_EDGE, rect, width=3, border_radius=18)
    if _font is None or getattr(_font, "k", 1.0) != gfx.scale():
        if not pygame.font.get_init():
            pygame.font.init()
        _font = gfx.font(None, 30)
    name = relative.rsplit("/", 1)[-1].rsplit(".", 1)[0].replace("_", " ").upper()
    try:
        label = render_text(_font, name, (255, 236, 200), (20, 10, 30))
    except pygame.error:  # the font module was quit and started again since that font was made
        _font = gfx.font(None, 30)
        label = render_text(_font, name, (255, 236, 200), (20, 10, 30))
    if label.get_width() > rect.w - 8:
        label = gfx.transform.smoothscale(
            label, (rect.w - 8, max(1, label.get_height() * (rect.w - 8) // label.get_width()))
        )
    surface.blit(label, label.get_rect(center=rect.center))
    return surface


def darker(color: tuple[int, int, int], divisor: int) -> tuple[int, int, int]:
    """``color`` with each channel divided (rounding down) by ``divisor``."""
    r, g, b = color
    return r // divisor, g // divisor, b // divisor


def lighter(color: tuple[int, int, int], amount: int) -> tuple[int, int, int]:
    """``color`` with each channel raised by ``amount``, at most 255."""
    r, g, b = color
    return min(255, r + amount), min(255, g + amount), min(255, b + amount)


def tinted(image: pygame.Surface, color: tuple[int, int, int]) -> pygame.Surface:
    """A copy of ``image`` multiplied by ``color`` (keeps alpha)."""
    out = image.copy()
    out.fill((*color, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def rounded_panel(
    size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int], *,
    edge: tuple[int, int, int] | None = None, radius: int = 14, alpha: int = 235, edge_px: int = 2,
) -> pygame.Surface:
    """A vertical-gradient rounded rectangle with an optional border, drawn once."""
    surface = gfx.vertical_gradient(size, top, bottom, alpha)
    mask = gfx.Surface(size, pygame.SRCALPHA)
    gfx.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    if edge is not None:
        gfx.draw.rect(surface, edge, surface.get_rect(), width=edge_px, border_radius=radius)
    return surface


def soft_blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft blur for glows and shadows, about as wide as a Gaussian of ``radius``.

    Two smooth scales (down by about ``radius / 2``, then back) cost a fraction of a millisecond
    where ``gfx.transform.gaussian_blur`` costs tens: the lobby starts without waiting on it.
    """
    w, h = surface.get_size()
    factor = max(2, radius // 2)
    small = gfx.transform.smoothscale(surface, (max(1, w // factor), max(1, h // factor)))
    small = gfx.transform.stretch_soft(small, (max(1, w // 2), max(1, h // 2)))
    return gfx.transform.stretch_soft(small, (w, h))


def soft_glow(size: int, color: tuple[int, int, int], strength: float = 1.0) -> pygame.Surface:
    """A radial glow disc, bright in the middle and fading to nothing."""
    surface = gfx.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    steps = max(8, size // 4)
    for i in range(steps, 0, -1):
        r = c * i / steps
        a = int(255 * strength * (1 - i / steps) ** 1.6)
        gfx.draw.circle(surface, (*color, min(255, a)), (c, c), r)
    return surface


def light_rays(size: int, *, count: int, half_width: float, color: tuple[int, int, int, int],
               frames: int) -> list[pygame.Surface]:
    """``count`` light rays fading out from the centre, in ``frames`` rotation steps that together
    turn one ray spacing, so cycling them loops. Each frame is cropped to the rays' own disc: a
    rotated square's grown corners hold nothing and would be a third again as many pixels."""
    base = gfx.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for k in range(count):
        a = math.tau * k / count
        points = [(c, c)] + [(c + math.cos(a + da) * c, c + math.sin(a + da) * c) for da in (-half_width, half_width)]
        gfx.draw.polygon(base, color, points)
    base.blit(soft_glow(size, (255, 255, 255), 1.0), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    shown = []
    for step in range(frames):
        turned = gfx.transform.rotate(base, step * 360 / count / frames)
        disc = pygame.Rect(0, 0, size, size)
        disc.center = turned.get_rect().center
        shown.append(turned.subsurface(disc).copy())
    return shown


def glow_frame(
    size: tuple[int, int], color: tuple[int, int, int], thickness: int = 14, radius: int = 18,
) -> pygame.Surface:
    """A glowing rounded outline (bright edge fading outwards and inwards), drawn once."""
    w, h = size
    surface = gfx.Surface((w + 2 * thickness, h + 2 * thickness), pygame.SRCALPHA)
    for i in range(thickness, 0, -1):
        alpha = int(230 * (1 - i / thickness) ** 1.5)
        rect = surface.get_rect().inflate(-2 * (thickness - i), -2 * (thickness - i))
        gfx.draw.rect(surface, (*color, alpha), rect, width=2, border_radius=radius + i)
    inner = surface.get_rect().inflate(-2 * thickness, -2 * thickness)
    gfx.draw.rect(surface, (255, 240, 200, 255), inner, width=3, border_radius=radius)
    for i in range(1, 8):
        gfx.draw.rect(surface, (*color, int(120 * (1 - i / 8))), inner.inflate(-2 * i, -2 * i), width=1,
                         border_radius=max(2, radius - i))
    return surface
