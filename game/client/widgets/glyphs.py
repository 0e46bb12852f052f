"""Numbers drawn from pre-rendered glyphs, so a rolling counter never renders text per frame."""

from __future__ import annotations

import pygame

from .text import Color, render_text

DIGITS = "0123456789.,-+x "


class GlyphText:
    """One font, colour and outline; ``draw`` composes a string from cached glyph surfaces."""

    def __init__(
        self, font: pygame.font.Font, color: Color, outline: Color | None = None, chars: str = DIGITS,
        outline_px: int = 2,
    ) -> None:
        self.font = font
        self.color = color
        self.outline = outline
        self.outline_px = outline_px
        self.pad = outline_px if outline is not None else 0
        self.glyphs: dict[str, pygame.Surface] = {}
        for ch in chars:
            self._glyph(ch)
        self.height = max(g.get_height() for g in self.glyphs.values())

    def _glyph(self, ch: str) -> pygame.Surface:
        glyph = self.glyphs.get(ch)
        if glyph is None:
            glyph = render_text(self.font, ch, self.color, self.outline, self.outline_px)
            self.glyphs[ch] = glyph
        return glyph

    def advance(self, ch: str) -> int:
        return self._glyph(ch).get_width() - 2 * self.pad

    def width(self, text: str) -> int:
        return sum(self.advance(ch) for ch in text) + 2 * self.pad

    def draw(
        self, surface: pygame.Surface, text: str, *, center: tuple[int, int] | None = None,
        midleft: tuple[int, int] | None = None, midright: tuple[int, int] | None = None,
    ) -> pygame.Rect:
        w = self.width(text)
        if center is not None:
            x, y = center[0] - w // 2, center[1] - self.height // 2
        elif midright is not None:
            x, y = midright[0] - w, midright[1] - self.height // 2
        elif midleft is not None:
            x, y = midleft[0], midleft[1] - self.height // 2
        else:
            x, y = 0, 0
        start = x
        for ch in text:
            glyph = self._glyph(ch)
            surface.blit(glyph, (x, y))
            x += glyph.get_width() - 2 * self.pad
        return pygame.Rect(start, y, w, self.height)
