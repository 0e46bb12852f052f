"""Images, fonts and sounds, loaded once and cached (frame time is a budget).

Each image has a file drawn for 1280x720 (``name.png``) and may have one drawn for full HD
(``name@1.5x.png``, made by the same art tools at 1.5 times the pixels), and an image shown
larger than its cell (a pop that starts big) may have a denser one still (``name@3x.png``). The
least dense file with at least the pixels needed is loaded, so nothing is enlarged; at 1x and the
image's own size that is the 720p file, so nothing is resampled at start-up.
"""

from __future__ import annotations

import io
import logging
import weakref
from functools import cache
from pathlib import Path

import pygame

from ..paths import asset_path
from . import gfx

log = logging.getLogger(__name__)


class ResourceError(Exception):
    """An asset file that is missing or unreadable."""


class Resources:
    """Loaded images are shared while something holds them, then freed: a game's art goes with
    its screen, so the demo's memory does not grow with each game it has visited. The shell's
    own pictures (``ui/``: buttons, panels, coins) are kept, since every screen and dialog uses
    them and a dialog would otherwise load them again each time it opens."""

    KEPT = ("ui/",)

    def __init__(self) -> None:
        self._images: weakref.WeakValueDictionary[tuple[str, tuple[int, int] | None], pygame.Surface] = (
            weakref.WeakValueDictionary())
        self._kept: dict[tuple[str, tuple[int, int] | None], pygame.Surface] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def image(self, relative: str, size: tuple[int, int] | None = None, *, data: bytes | None = None) -> pygame.Surface:
        """``assets/<relative>`` converted for fast blits, optionally smooth-scaled to ``size``;
        ``data`` is the file's bytes when :meth:`read` has them already."""
        key = (relative, size)
        surface = self._images.get(key)
        if surface is None:
            path, pixel_scale = _file_for_density(relative, _density_needed(relative, size))
            pixels = _load_image(path, data)
            if size is None:
                surface = gfx.image_at_scale(pixels, pixel_scale)
            else:  # straight from the file's pixels to the pixels shown: one resample at most
                surface = gfx.image_sized(pixels, size, pixel_scale)
            self._images[key] = surface
            if relative.startswith(self.KEPT):
                self._kept[key] = surface
        return surface

    def read(self, relative: str) -> bytes | None:
        """The bytes of the file :meth:`image` would load for ``relative`` (None if unreadable).

        A screen built on a worker thread reads the files it may decode later, in a frame: a
        decode from memory takes a couple of milliseconds, a cold read from the disk can take
        tens."""
        path, _ = _file_for_density(relative, _density_needed(relative, None))
        try:
            return path.read_bytes()
        except OSError:
            return None

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
DENSITIES = (1.0, HD_SCALE, 3.0)  # the densities an image file may come in


@cache
def _exists(path: Path) -> bool:
    return path.is_file()


def dense_name(relative: str, density: float) -> str:
    """``symbols/x.png`` at 1.5 -> ``symbols/x@1.5x.png`` (at 1, the name itself)."""
    if density == 1.0:
        return relative
    stem, dot, ext = relative.rpartition(".")
    return f"{stem}@{density:g}x{dot}{ext}"


def hd_name(relative: str) -> str:
    return dense_name(relative, HD_SCALE)


@cache
def _png_size(path: Path) -> tuple[int, int] | None:
    """A PNG's pixel size from its header (no decoding), or None if it is not a readable PNG."""
    try:
        with path.open("rb") as handle:
            head = handle.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")


def _density_needed(relative: str, size: tuple[int, int] | None) -> float:
    """Pixels per layout unit of the 1x file that showing it at ``size`` takes at this scale."""
    k = gfx.scale()
    natural = _png_size(asset_path(*relative.split("/"))) if size is not None else None
    if natural is None or size is None or not natural[0] or not natural[1]:
        return k
    return k * max(size[0] / natural[0], size[1] / natural[1])


def _file_for_density(relative: str, needed: float) -> tuple[Path, float]:
    """The least dense file with at least ``needed`` pixels per unit (else the densest there
    is), and the density its pixels were drawn at."""
    best: tuple[Path, float] | None = None
    for density in DENSITIES:
        path = asset_path(*dense_name(relative, density).split("/"))
        if not _exists(path):
            continue
        best = (path, density)
        if density >= needed - 1e-9:
            break
    return best or (asset_path(*relative.split("/")), 1.0)


def _load_image(path: Path, data: bytes | None = None) -> pygame.Surface:
    if data is None and not _exists(path):
        raise ResourceError(f"{path}: image file not found")
    try:
        surface = pygame.image.load(io.BytesIO(data), path.name) if data is not None else pygame.image.load(str(path))
    except pygame.error as exc:
        raise ResourceError(f"{path}: cannot load image ({exc})") from exc
    if pygame.display.get_surface() is not None:
        surface = surface.convert_alpha()
    return surface
