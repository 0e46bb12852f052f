"""Images, fonts and sounds, loaded once and cached (frame time is a budget).

Each image has a file drawn for 1280x720 (``name.png``) and may have one drawn for full HD
(``name@1.5x.png``, made by the same art tools at 1.5 times the pixels). At a render scale
above 1 the full-HD file is used, so nothing is enlarged; at 1 the 720p file is, so nothing is
resampled at start-up.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

import pygame

from ..paths import asset_path
from . import gfx

log = logging.getLogger(__name__)


class ResourceError(Exception):
    """An asset file that is missing or unreadable."""


class Resources:
    def __init__(self) -> None:
        self._images: dict[tuple[str, tuple[int, int] | None], pygame.Surface] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def image(self, relative: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """``assets/<relative>`` converted for fast blits, optionally smooth-scaled to ``size``."""
        key = (relative, size)
        surface = self._images.get(key)
        if surface is None:
            path, pixel_scale = _file_for_scale(relative, gfx.scale())
            surface = gfx.image_at_scale(_load_image(path), pixel_scale)
            if size is not None and surface.get_size() != size:
                surface = gfx.transform.smoothscale(surface, size)
            self._images[key] = surface
        return surface

    def font(self, name: str, size: int) -> pygame.font.Font:
        """A font from ``assets/fonts`` by file name (e.g. 'display.ttf'), cached per size."""
        key = (name, size)
        font = self._fonts.get(key)
        if font is None:
            path = asset_path("fonts", name)
            if not path.is_file():
                raise ResourceError(f"{path}: font file not found")
            font = gfx.font(str(path), size)
            self._fonts[key] = font
        return font


HD_SCALE = 1.5  # the density of the ``@1.5x`` files: full HD over 1280x720


@cache
def _exists(path: Path) -> bool:
    return path.is_file()


def hd_name(relative: str) -> str:
    """``symbols/x.png`` -> ``symbols/x@1.5x.png``."""
    stem, dot, ext = relative.rpartition(".")
    return f"{stem}@1.5x{dot}{ext}"


def _file_for_scale(relative: str, k: float) -> tuple[Path, float]:
    """The file to load at render scale ``k`` and the scale its pixels were drawn for."""
    if k > 1.0:
        hd = asset_path(*hd_name(relative).split("/"))
        if _exists(hd):
            return hd, HD_SCALE
    return asset_path(*relative.split("/")), 1.0


def _load_image(path: Path) -> pygame.Surface:
    if not _exists(path):
        raise ResourceError(f"{path}: image file not found")
    try:
        surface = pygame.image.load(str(path))
    except pygame.error as exc:
        raise ResourceError(f"{path}: cannot load image ({exc})") from exc
    if pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface
