"""Images, fonts and sounds, loaded once and cached (frame time is a budget)."""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

import pygame

from ..paths import asset_path

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
            path = asset_path(*relative.split("/"))
            surface = _load_image(path)
            if size is not None and surface.get_size() != size:
                surface = pygame.transform.smoothscale(surface, size)
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
            font = pygame.font.Font(str(path), size)
            self._fonts[key] = font
        return font


@cache
def _exists(path: Path) -> bool:
    return path.is_file()


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
