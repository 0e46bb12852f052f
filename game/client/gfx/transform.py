"""``pygame.transform`` in layout units: a scaled surface comes back scaled, sizes in layout units.

Resizing a scaled surface resamples its own pixels to the new size at the same density, so
an image drawn at full HD and shown smaller stays sharp.
"""

from __future__ import annotations

from typing import Any

import pygame

from . import ScaledSurface, adopt


def _resized(surface: ScaledSurface, size: Any, resample: Any) -> ScaledSurface:
    w, h = max(0, int(size[0])), max(0, int(size[1]))
    out = ScaledSurface((w, h), surface.get_flags() & pygame.SRCALPHA, k=surface.k)
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
        return pygame.transform.smoothscale(surface, size)
    return _resized(surface, size, pygame.transform.smoothscale)


def scale(surface: pygame.Surface, size: Any) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
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


def flip(surface: pygame.Surface, flip_x: bool, flip_y: bool) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.flip(surface, flip_x, flip_y)
    out = adopt(pygame.transform.flip(surface, flip_x, flip_y), surface.k)
    if isinstance(out, ScaledSurface):
        out.layout_size = surface.layout_size
    return out


def gaussian_blur(surface: pygame.Surface, radius: int, repeat_edge_pixels: bool = True) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.gaussian_blur(surface, radius, repeat_edge_pixels)
    blurred = pygame.transform.gaussian_blur(surface, max(1, round(radius * surface.k)), repeat_edge_pixels)
    out = adopt(blurred, surface.k)
    if isinstance(out, ScaledSurface):
        out.layout_size = surface.layout_size
    return out


def box_blur(surface: pygame.Surface, radius: int, repeat_edge_pixels: bool = True) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.box_blur(surface, radius, repeat_edge_pixels)
    blurred = pygame.transform.box_blur(surface, max(1, round(radius * surface.k)), repeat_edge_pixels)
    out = adopt(blurred, surface.k)
    if isinstance(out, ScaledSurface):
        out.layout_size = surface.layout_size
    return out


def grayscale(surface: pygame.Surface) -> pygame.Surface:
    if not isinstance(surface, ScaledSurface):
        return pygame.transform.grayscale(surface)
    out = adopt(pygame.transform.grayscale(surface), surface.k)
    if isinstance(out, ScaledSurface):
        out.layout_size = surface.layout_size
    return out
