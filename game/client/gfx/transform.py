"""``pygame.transform`` in layout units: a scaled surface comes back scaled, sizes in layout units.

Resizing a scaled surface resamples its own pixels to the new size at the same density, so
an image drawn at full HD and shown smaller stays sharp.
"""

from __future__ import annotations

from typing import Any

import pygame

from .surface import ScaledSurface, adopt, stats

PULSE = 1.10  # a brief pop of up to 10% is motion; beyond it an image would be shown enlarged


def _count_enlarging(source: pygame.Surface, pixel_size: tuple[int, int]) -> None:
    w, h = pygame.Surface.get_size(source)
    if pixel_size[0] > w * PULSE + 1 or pixel_size[1] > h * PULSE + 1:
        stats().enlarged_resamples += 1


def stretch_soft(surface: pygame.Surface, size: Any) -> pygame.Surface:
    """Resize an image with no detail to lose (a glow, a motion-blurred strip) to any size.

    Enlarging a blur only makes it a larger blur, so this is not counted as an enlargement;
    use :func:`smoothscale` for anything with edges or text.
    """
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.smoothscale(surface, size)
    before = stats().enlarged_resamples
    out = _resized(surface, size, pygame.transform.smoothscale)
    stats().enlarged_resamples = before
    return out


def _resized(surface: ScaledSurface, size: Any, resample: Any) -> ScaledSurface:
    w, h = max(0, int(size[0])), max(0, int(size[1]))
    out = ScaledSurface((w, h), surface.get_flags() & pygame.SRCALPHA, k=surface.k)
    _count_enlarging(surface, out.get_pixel_size())
    if w and h:
        try:
            resample(surface, out.get_pixel_size(), out)
        except ValueError:  # the new surface's pixel format differs from the source's
            pixels = resample(surface, out.get_pixel_size())
            flags = pygame.BLEND_RGBA_ADD if out.get_flags() & pygame.SRCALPHA else 0
            pygame.Surface.blit(out, pixels, (0, 0), None, flags)
    return out


def smoothscale(surface: pygame.Surface, size: Any) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        _count_enlarging(surface, (int(size[0]), int(size[1])))
        return pygame.transform.smoothscale(surface, size)
    return _resized(surface, size, pygame.transform.smoothscale)


def scale(surface: pygame.Surface, size: Any) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        _count_enlarging(surface, (int(size[0]), int(size[1])))
        return pygame.transform.scale(surface, size)
    return _resized(surface, size, pygame.transform.scale)


def smoothscale_by(surface: pygame.Surface, factor: float) -> pygame.Surface:
    w, h = surface.get_size()
    return smoothscale(surface, (max(1, round(w * factor)), max(1, round(h * factor))))


def rotate(surface: pygame.Surface, angle: float) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.rotate(surface, angle)
    return adopt(pygame.transform.rotate(surface, angle), surface.k)


def rotozoom(surface: pygame.Surface, angle: float, factor: float) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.rotozoom(surface, angle, factor)
    return adopt(pygame.transform.rotozoom(surface, angle, factor), surface.k)


def _same_size(surface: ScaledSurface, pixels: pygame.Surface) -> ScaledSurface:
    """``pixels`` (made from ``surface`` without changing its size) as a surface like it."""
    out = adopt(pixels, surface.k)
    assert isinstance(out, ScaledSurface)
    out.layout_size = surface.layout_size
    return out


def flip(surface: pygame.Surface, flip_x: bool, flip_y: bool) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.flip(surface, flip_x, flip_y)
    return _same_size(surface, pygame.transform.flip(surface, flip_x, flip_y))


def gaussian_blur(surface: pygame.Surface, radius: int, repeat_edge_pixels: bool = True) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.gaussian_blur(surface, radius, repeat_edge_pixels)
    radius = max(1, round(radius * surface.k))
    return _same_size(surface, pygame.transform.gaussian_blur(surface, radius, repeat_edge_pixels))


def box_blur(surface: pygame.Surface, radius: int, repeat_edge_pixels: bool = True) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.box_blur(surface, radius, repeat_edge_pixels)
    radius = max(1, round(radius * surface.k))
    return _same_size(surface, pygame.transform.box_blur(surface, radius, repeat_edge_pixels))


def grayscale(surface: pygame.Surface) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.grayscale(surface)
    return _same_size(surface, pygame.transform.grayscale(surface))
