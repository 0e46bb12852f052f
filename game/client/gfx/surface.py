"""The scale and the scaled surface and font: everything of the package but ``draw`` and
``transform``, which build on it (the package's docstring says how it all fits)."""

from __future__ import annotations

import logging
import math
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pygame

log = logging.getLogger(__name__)


_scale = 1.0


@dataclass
class Stats:
    enlarged_blits: int = 0  # plain surfaces blitted onto a scaled one (blurred to fit)
    enlarged_images: int = 0  # images without a file for this scale, enlarged from the 1x file
    enlarged_resamples: int = 0  # transform.smoothscale/scale to more pixels than the source has


_stats = Stats()


def scale() -> float:
    """Pixels per layout unit (1.0 for 1280x720)."""
    return _scale


def set_scale(k: float) -> None:
    """Set the render scale; call before any surface is made (the window opening does)."""
    global _scale
    if not (0.5 <= k <= 4.0) or not math.isfinite(k):
        raise ValueError(f"render scale {k} outside 0.5 .. 4")
    _scale = float(k)


@contextmanager
def scaled(k: float) -> Iterator[None]:
    """Draw at scale ``k`` inside the block (tests, the art tools)."""
    before = _scale
    set_scale(k)
    try:
        yield
    finally:
        set_scale(before)


def stats() -> Stats:
    return _stats


def reset_stats() -> None:
    _stats.enlarged_blits = _stats.enlarged_images = _stats.enlarged_resamples = 0


def pixels(value: float, k: float | None = None) -> int:
    """A length in layout units as whole pixels at scale ``k`` (default: the current scale)."""
    return round(value * (_scale if k is None else k))


def pixel_rect(rect: Any, k: float) -> pygame.Rect:
    """A layout rect as the pixel rect it covers; edges are rounded, so neighbours stay flush."""
    r = rect if isinstance(rect, pygame.Rect) else pygame.Rect(rect)
    left, top = round(r.x * k), round(r.y * k)
    return pygame.Rect(left, top, round(r.right * k) - left, round(r.bottom * k) - top)


def layout_rect(rect: pygame.Rect, k: float) -> pygame.Rect:
    """A pixel rect as the smallest layout rect holding it."""
    left, top = math.floor(rect.x / k), math.floor(rect.y / k)
    return pygame.Rect(left, top, math.ceil(rect.right / k) - left, math.ceil(rect.bottom / k) - top)


def pixel_point(point: Sequence[float], k: float) -> tuple[int, int]:
    return round(point[0] * k), round(point[1] * k)


def _size_of(size: Any) -> tuple[int, int]:
    w, h = size
    return max(0, int(w)), max(0, int(h))


class ScaledSurface(pygame.Surface):
    """A surface sized and addressed in layout units, holding ``k`` pixels per unit."""

    def __init__(self, size: Any, flags: int = 0, *, k: float, pixel_size: tuple[int, int] | None = None) -> None:
        logical = _size_of(size)
        physical = pixel_size if pixel_size is not None else (round(logical[0] * k), round(logical[1] * k))
        super().__init__(physical, flags)
        self.k = k
        self.layout_size = logical

    # -- geometry in layout units --------------------------------------------------------------

    def get_size(self) -> tuple[int, int]:
        return self.layout_size

    def get_width(self) -> int:
        return self.layout_size[0]

    def get_height(self) -> int:
        return self.layout_size[1]

    def get_rect(self, **where: Any) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.layout_size)
        for name, value in where.items():
            setattr(rect, name, value)
        return rect

    def get_pixel_size(self) -> tuple[int, int]:
        return pygame.Surface.get_size(self)

    # -- drawing ---------------------------------------------------------------------------------

    def blit(self, source: pygame.Surface, dest: Any = (0, 0), area: Any = None,
             special_flags: int = 0) -> pygame.Rect:
        k = self.k
        source = fit_to(source, k)
        if isinstance(dest, pygame.Rect):
            x, y = dest.x, dest.y
        else:
            x, y = dest[0], dest[1]
        target = (round(x * k), round(y * k))
        parea = None if area is None else pixel_rect(area, k)
        done = pygame.Surface.blit(self, source, target, parea, special_flags)
        return layout_rect(done, k)

    def blits(self, blit_sequence: Any, doreturn: Any = True) -> Any:
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fill(self, color: Any, rect: Any = None, special_flags: int = 0) -> pygame.Rect:
        prect = None if rect is None else pixel_rect(rect, self.k)
        return layout_rect(pygame.Surface.fill(self, color, prect, special_flags), self.k)

    def set_clip(self, rect: Any = None) -> None:
        pygame.Surface.set_clip(self, None if rect is None else pixel_rect(rect, self.k))

    def get_clip(self) -> pygame.Rect:
        return layout_rect(pygame.Surface.get_clip(self), self.k)

    def get_bounding_rect(self, min_alpha: int = 1) -> pygame.Rect:
        return layout_rect(pygame.Surface.get_bounding_rect(self, min_alpha), self.k)

    def get_at(self, pos: Any) -> pygame.Color:
        return pygame.Surface.get_at(self, pixel_point(pos, self.k))

    # -- copies stay scaled ----------------------------------------------------------------------

    def copy(self) -> ScaledSurface:
        return _adopt(self, self.layout_size, self.k)

    def convert_alpha(self, *_: Any) -> ScaledSurface:
        return self if self.get_flags() & pygame.SRCALPHA else _adopt(pygame.Surface.convert_alpha(self),
                                                                       self.layout_size, self.k)

    def convert(self, *_: Any) -> ScaledSurface:
        if pygame.display.get_surface() is None:
            return self.copy()
        return _adopt(pygame.Surface.convert(self), self.layout_size, self.k)

    def subsurface(self, *rect: Any) -> ScaledSurface:
        """A copy of the region (not a view: nothing here writes through a subsurface)."""
        area = pygame.Rect(*rect)
        region = pygame.Surface.subsurface(self, pixel_rect(area, self.k))
        return _adopt(region, area.size, self.k)


def _adopt(pixels_: pygame.Surface, layout_size: tuple[int, int], k: float) -> ScaledSurface:
    """A ScaledSurface holding exactly ``pixels_`` (copied), reporting ``layout_size``."""
    alpha = bool(pixels_.get_flags() & pygame.SRCALPHA)
    out = ScaledSurface(layout_size, pygame.SRCALPHA if alpha else 0, k=k,
                        pixel_size=pygame.Surface.get_size(pixels_))
    if alpha:  # adding onto the fresh transparent surface copies every channel exactly
        pygame.Surface.blit(out, pixels_, (0, 0), None, pygame.BLEND_RGBA_ADD)
    else:
        pygame.Surface.blit(out, pixels_, (0, 0))
    return out


def adopt(pixels_: pygame.Surface, k: float | None = None) -> pygame.Surface:
    """A surface of real pixels (a font's text, a loaded file) as a surface at scale ``k``.

    Its layout size is its pixel size divided by ``k``. At scale 1 it is returned as it is.
    """
    k = _scale if k is None else k
    if k == 1.0 or isinstance(pixels_, ScaledSurface):
        return pixels_
    w, h = pygame.Surface.get_size(pixels_)
    return _adopt(pixels_, (max(1, round(w / k)), max(1, round(h / k))), k)


def fit_to(source: pygame.Surface, k: float) -> pygame.Surface:
    """``source`` with ``k`` pixels per unit, for blitting onto a surface at scale ``k``."""
    if isinstance(source, ScaledSurface):
        if source.k == k:
            return source
        w, h = source.layout_size
    else:
        w, h = pygame.Surface.get_size(source)
        _stats.enlarged_blits += 1
        if _stats.enlarged_blits <= 3:
            log.debug("a %dx%d pixel surface was enlarged to scale %s", w, h, k)
    return pygame.transform.smoothscale(source, (max(1, round(w * k)), max(1, round(h * k))))


def Surface(size: Any, flags: int = 0) -> pygame.Surface:
    """A new surface of ``size`` layout units at the current scale."""
    if _scale == 1.0:
        return pygame.Surface(_size_of(size), flags)
    return ScaledSurface(size, flags, k=_scale)


def veil(surface: pygame.Surface, color: tuple[int, int, int], alpha: int, rect: Any = None) -> None:
    """Lay ``color`` at ``alpha`` (0-255) over ``surface`` (or ``rect`` of it), as blitting a
    filled translucent surface would, but with two fills and no full-screen surface kept for it:
    a veil is a frame's worth of arithmetic, not 3.5 MiB of identical pixels."""
    alpha = max(0, min(255, int(alpha)))
    if alpha == 0:
        return
    keep = 255 - alpha
    if keep < 255:
        surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_RGB_MULT)
    tint = tuple(c * alpha // 255 for c in color)
    if any(tint):
        surface.fill(tint, rect, special_flags=pygame.BLEND_RGB_ADD)


def blit_at_alpha(surface: pygame.Surface, image: pygame.Surface, dest: Any, alpha: int) -> None:
    """Blit ``image`` onto ``surface`` at ``alpha`` (0-255) and leave ``image`` as it was found.

    An opaque image (no per-pixel alpha) is blitted at full alpha with no alpha at all: SDL
    blends an opaque surface whose alpha is set to 255 in its slowest, generic blitter, some
    13 ms for a 1280x720 picture on this project's machine against 1 ms at 254."""
    alpha = max(0, min(255, int(alpha)))
    if alpha == 0:
        return
    if alpha == 255 and not image.get_flags() & pygame.SRCALPHA:
        surface.blit(image, dest)
        return
    before = image.get_alpha()
    image.set_alpha(alpha)
    surface.blit(image, dest)
    image.set_alpha(before)


def vertical_gradient(size: tuple[int, int], top: tuple[int, int, int], bottom: tuple[int, int, int],
                      alpha: int = 255) -> pygame.Surface:
    """A surface of ``size`` shading from ``top`` to ``bottom``, a shade for every pixel row.

    One pixel column is coloured and then widened in one scale: drawing every row of a panel
    is hundreds of calls, and a banner's card is built in the frame that shows it."""
    w, h = pixels(size[0]), pixels(size[1])
    column = pygame.Surface((1, max(1, h)), pygame.SRCALPHA)
    for y in range(h):
        t = y / max(1, h - 1)
        column.set_at((0, y), (*(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)), alpha))
    return adopt(pygame.transform.scale(column, (max(1, w), max(1, h))))


def image_at_scale(pixels_: pygame.Surface, pixel_scale: float) -> pygame.Surface:
    """An image file's pixels drawn for ``pixel_scale`` (1.5 for a full-HD file) at the current scale."""
    k = _scale
    w, h = pygame.Surface.get_size(pixels_)
    layout = (max(1, round(w / pixel_scale)), max(1, round(h / pixel_scale)))
    if k == 1.0 and pixel_scale == 1.0:
        return pixels_
    if pixel_scale != k:
        if pixel_scale < k:
            _stats.enlarged_images += 1
        pixels_ = pygame.transform.smoothscale(pixels_, (round(layout[0] * k), round(layout[1] * k)))
    if k == 1.0:
        return pixels_
    return _adopt(pixels_, layout, k)


def image_sized(pixels_: pygame.Surface, size: Any, pixel_scale: float) -> pygame.Surface:
    """An image file's pixels (drawn at ``pixel_scale``) shown at ``size`` layout units."""
    k = _scale
    layout = _size_of(size)
    target = (max(1, round(layout[0] * k)), max(1, round(layout[1] * k)))
    w, h = pygame.Surface.get_size(pixels_)
    if (w, h) != target:
        if target[0] > w * 1.10 + 1 or target[1] > h * 1.10 + 1:
            _stats.enlarged_images += 1
        pixels_ = pygame.transform.smoothscale(pixels_, target)
    if k == 1.0:
        return pixels_
    return _adopt(pixels_, layout, k)


def font(path: str | None, size: int) -> pygame.font.Font:
    """A font of ``size`` layout pixels, rasterised at the current scale."""
    if _scale == 1.0:
        return pygame.font.Font(path, size)
    return ScaledFont(path, size, _scale)


class ScaledFont(pygame.font.Font):
    """A font measured in layout units whose text is rendered at ``k`` pixels per unit."""

    def __init__(self, path: str | None, size: int, k: float) -> None:
        super().__init__(path, max(1, round(size * k)))
        self.k = k

    def render(self, text: Any, antialias: bool, color: Any, bgcolor: Any = None,
               wraplength: int = 0) -> pygame.Surface:
        pixels_ = super().render(text, antialias, color, bgcolor, round(wraplength * self.k))
        return adopt(pixels_, self.k)

    def size(self, text: Any) -> tuple[int, int]:
        w, h = super().size(text)
        return max(0, round(w / self.k)), max(0, round(h / self.k))

    def get_height(self) -> int:
        return round(super().get_height() / self.k)

    def get_linesize(self) -> int:
        return round(super().get_linesize() / self.k)

    def get_ascent(self) -> int:
        return round(super().get_ascent() / self.k)

    def get_descent(self) -> int:
        return round(super().get_descent() / self.k)
