"""Text rendered once and cached, with the outline and shadow a slot screen needs to read well."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from .. import gfx

Color = tuple[int, int, int] | tuple[int, int, int, int]

# How the lines of a wrapped text sit against each other (pygame-ce's own alignment).
LEFT, CENTER, RIGHT = pygame.FONT_LEFT, pygame.FONT_CENTER, pygame.FONT_RIGHT

# Rendered texts, least recently used first, bounded by the bytes their pixels take: a rolling
# win counter or a long demo renders many different amounts, and the cache must not grow with
# the hours played.
CACHE_BYTES = 8 * 1024 * 1024
_cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
_cache_bytes = 0
_misses = 0


def render_text(
    font: pygame.font.Font,
    text: str,
    color: Color,
    outline: Color | None = None,
    outline_px: int = 2,
    shadow: bool = False,
    *,
    wrap: int = 0,
    align: int = LEFT,
) -> pygame.Surface:
    """``text`` in ``color`` with an optional outline and drop shadow, as one cached surface.

    With ``wrap`` the text is broken into lines no wider than ``wrap`` layout pixels by pygame-ce's
    own word wrap ("\\n" starts a line; a word too long for a line is broken), the lines set
    ``align`` (LEFT, CENTER, RIGHT) against each other. Fonts are cached by Resources, so the font
    object is a stable cache key.
    """
    global _cache_bytes, _misses
    key = (font, text, color, outline, outline_px, shadow, wrap, align)
    surface = _cache.get(key)
    if surface is not None:
        _cache.move_to_end(key)
        return surface
    _misses += 1
    surface = _render(font, text, color, outline, outline_px, shadow, wrap, align)
    _cache[key] = surface
    _cache_bytes += _bytes(surface)
    while _cache_bytes > CACHE_BYTES and len(_cache) > 1:
        _, evicted = _cache.popitem(last=False)
        _cache_bytes -= _bytes(evicted)
    return surface


def clear_cache() -> None:
    """Forget every rendered text (its bytes with it)."""
    global _cache_bytes
    _cache.clear()
    _cache_bytes = 0


def cache_stats() -> tuple[int, int, int]:
    """(texts held, bytes held, texts rendered so far)."""
    return len(_cache), _cache_bytes, _misses


def _bytes(surface: pygame.Surface) -> int:
    return surface.get_height() * surface.get_pitch()


def _glyphs(font: pygame.font.Font, text: str, color: Color, wrap: int, align: int) -> pygame.Surface:
    if not wrap:
        return font.render(text, True, color)
    before = font.align  # the font is shared: its alignment is set for this text only
    font.align = align
    try:
        return font.render(text, True, color, None, wrap)
    finally:
        font.align = before


def _render(
    font: pygame.font.Font, text: str, color: Color, outline: Color | None, outline_px: int, shadow: bool,
    wrap: int = 0, align: int = LEFT,
) -> pygame.Surface:
    body = _glyphs(font, text, color, wrap, align)
    if outline is None and not shadow:
        return body.convert_alpha() if pygame.display.get_surface() else body
    pad = outline_px if outline is not None else 0
    off = 3 if shadow else 0
    w, h = body.get_size()
    surface = gfx.Surface((w + 2 * pad + off, h + 2 * pad + off), pygame.SRCALPHA)
    if shadow:
        shade = _glyphs(font, text, (0, 0, 0), wrap, align)
        shade.set_alpha(140)
        surface.blit(shade, (pad + off, pad + off))
    if outline is not None:
        edge = _glyphs(font, text, outline, wrap, align)
        for dx in range(-pad, pad + 1):
            for dy in range(-pad, pad + 1):
                if dx * dx + dy * dy <= pad * pad + 1:
                    surface.blit(edge, (pad + dx, pad + dy))
    surface.blit(body, (pad, pad))
    return surface


def blit_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    color: Color,
    *,
    center: tuple[int, int] | None = None,
    topleft: tuple[int, int] | None = None,
    midleft: tuple[int, int] | None = None,
    midright: tuple[int, int] | None = None,
    outline: Color | None = None,
    shadow: bool = False,
) -> pygame.Rect:
    image = render_text(font, text, color, outline, 2, shadow)
    rect = image.get_rect()
    if center is not None:
        rect.center = center
    elif midleft is not None:
        rect.midleft = midleft
    elif midright is not None:
        rect.midright = midright
    elif topleft is not None:
        rect.topleft = topleft
    return surface.blit(image, rect)


def fit_width(image: pygame.Surface, width: int) -> pygame.Surface:
    """``image`` shrunk to ``width`` when wider (its height in proportion): a text that must not be cut."""
    if image.get_width() <= width:
        return image
    return gfx.transform.smoothscale(image, (width, max(1, image.get_height() * width // image.get_width())))


def fit_font_size(font_for_size, text: str, max_width: int, start: int, minimum: int = 10) -> int:
    """The largest size from ``start`` down at which ``text`` fits ``max_width`` pixels."""
    size = start
    while size > minimum and font_for_size(size).size(text)[0] > max_width:
        size -= 2
    return size
