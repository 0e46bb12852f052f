"""Slingo Santa King's art: a festive bingo hall, drawn at run time through ``gfx``; a few pictures from files.

Nearly everything is drawn here once, at the screen's own density, when the screen opens: the hall
(velvet drapes, a valance with its fringe, bunting, lamps, the stage light behind the card), the
card's cells and their numbers, the daubs, the reels' number balls, the mini slots' 7s. Only the
pictures a drawing would not do justice to come from files (``tools/art_slingo_santa_king.py``
makes them, each with its full-HD twin): Santa King himself and the four special symbols, in
``assets/symbols/slingo_santa_king/``. ``assets/backgrounds/slingo_santa_king.png`` is the hall as
:func:`paint_hall` draws it, written by the same tool for the map's reference layer; the screen
paints the hall itself.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ... import gfx, theme
from ...resources import Resources
from ...widgets.art import image_or_standin, rounded_panel, soft_blur, soft_glow

GAME = "slingo_santa_king"
SPECIALS = ("wild", "super_wild", "diamond", "free_spin")  # the pictures of the reels' special symbols
SEVENS = ("red", "yellow", "blue")  # a mini slot's 7s (its fourth symbol is the blank)
BLANK = "blank"

Color = tuple[int, int, int]
INK: Color = (26, 6, 12)
CREAM: Color = (255, 247, 232)
GOLD: Color = (255, 206, 84)
GOLD_DEEP: Color = (176, 112, 22)
RED: Color = (206, 26, 44)
RED_DEEP: Color = (92, 6, 22)
VELVET: Color = (128, 10, 30)
PINE: Color = (22, 120, 70)
NUMBER_INK: Color = (128, 16, 30)
# each column's colour, as a bingo ball's: the reels' balls and the card's column heads
COLUMN_COLORS: tuple[Color, ...] = ((46, 116, 230), (222, 46, 60), (150, 96, 220), (36, 168, 92), (242, 170, 26))
SEVEN_COLORS: dict[str, Color] = {"red": (236, 36, 48), "yellow": (255, 204, 40), "blue": (56, 134, 255)}
DAUB_COLORS: dict[str, tuple[Color, Color]] = {  # a daub's light and deep colour, by what marked the cell
    "number": ((255, 86, 140), (176, 10, 72)),
    "wild": ((255, 222, 110), (206, 120, 10)),
    "super_wild": ((196, 140, 255), (92, 30, 200)),
}
DAUB_POP = (1.42, 1.3, 1.18, 1.08, 1.0)  # a daub's size as it lands, of its size at rest


def vertical_gradient(size: tuple[int, int], stops: Sequence[tuple[float, Color]], alpha: int = 255) -> pygame.Surface:
    """A smooth top-to-bottom gradient: a thin column of colours stretched to ``size``."""
    w, h = size
    steps = max(2, min(h, 96))
    column = gfx.Surface((1, steps), pygame.SRCALPHA)
    for i in range(steps):
        t = i / (steps - 1)
        for (t0, c0), (t1, c1) in itertools.pairwise(stops):
            if t0 <= t <= t1:
                u = 0.0 if t1 == t0 else (t - t0) / (t1 - t0)
                color = tuple(round(a + (b - a) * u) for a, b in zip(c0, c1, strict=True))
                break
        else:
            color = stops[-1][1]
        column.fill((*color, alpha), (0, i, 1, 1))
    return gfx.transform.stretch_soft(column, (w, h))


def glow_disc(size: tuple[int, int], color: Color, strength: float = 1.0) -> pygame.Surface:
    """A soft oval glow of ``size``, drawn small and stretched (a glow has no detail to lose)."""
    return gfx.transform.stretch_soft(soft_glow(96, color, strength), size)


def number_ball(cell: tuple[int, int], number: int, color: Color, font: pygame.font.Font) -> pygame.Surface:
    """A reel's number: a glossy bingo ball in its column's colour with the number on a white face."""
    w, h = cell
    out = gfx.Surface(cell, pygame.SRCALPHA)
    r = min(w, h) * 0.43
    cx, cy = w / 2, h / 2
    gfx.draw.circle(out, (0, 0, 0, 90), (cx + 2, cy + 4), r)
    gfx.draw.circle(out, tuple(max(0, c - 70) for c in color), (cx, cy), r)
    gfx.draw.circle(out, color, (cx, cy - 1), r - 2)
    light = tuple(min(255, c + 70) for c in color)
    gfx.draw.circle(out, light, (cx - r * 0.22, cy - r * 0.3), r * 0.55)
    gfx.draw.circle(out, color, (cx, cy), r * 0.78)
    gfx.draw.circle(out, (236, 232, 226), (cx, cy + 1), r * 0.6)
    gfx.draw.circle(out, (255, 255, 255), (cx, cy), r * 0.58)
    shine = gfx.Surface(cell, pygame.SRCALPHA)
    gfx.draw.ellipse(shine, (255, 255, 255, 110), (cx - r * 0.62, cy - r * 0.92, r * 0.9, r * 0.42))
    out.blit(shine, (0, 0))
    text = font.render(str(number), True, (34, 18, 30))
    out.blit(text, text.get_rect(center=(round(cx), round(cy + 2))))
    return out


def cell_plate(size: tuple[int, int]) -> pygame.Surface:
    """An unmarked cell of the card: warm cream card stock with a soft edge and a pressed border."""
    w, h = size
    out = gfx.Surface(size, pygame.SRCALPHA)
    shadow = rounded_panel(size, (60, 0, 10), (40, 0, 8), radius=14, alpha=150)
    out.blit(shadow, (0, 3))
    face = rounded_panel((w, h - 3), (255, 250, 238), (238, 224, 200), edge=(196, 160, 110), radius=14, alpha=255)
    out.blit(face, (0, 0))
    gfx.draw.rect(out, (255, 255, 255), (5, 4, w - 10, h - 11), width=1, border_radius=11)
    return out


def daub(size: int, kind: str) -> pygame.Surface:
    """A dabber's blot: a glossy disc with a star for the wilds' marks (drawn at ``size``)."""
    light, deep = DAUB_COLORS[kind]
    out = gfx.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = size * 0.46
    gfx.draw.circle(out, (*deep, 235), (c, c), r)
    gfx.draw.circle(out, (*light, 230), (c - r * 0.08, c - r * 0.1), r * 0.86)
    gfx.draw.circle(out, (*deep, 120), (c, c), r * 0.86, max(1, round(size / 40)))
    if kind != "number":
        points = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = r * (0.78 if k % 2 == 0 else 0.36)
            points.append((c + math.cos(a) * rr, c + math.sin(a) * rr))
        gfx.draw.polygon(out, (*deep, 110), points)
    shine = gfx.Surface((size, size), pygame.SRCALPHA)
    gfx.draw.ellipse(shine, (255, 255, 255, 120), (c - r * 0.62, c - r * 0.82, r * 0.95, r * 0.48))
    out.blit(shine, (0, 0))
    return out


def seven(size: tuple[int, int], symbol: str, font: pygame.font.Font) -> pygame.Surface:
    """One mini reel's symbol: a 7 in its colour on a dark window, or the blank."""
    w, h = size
    out = rounded_panel(size, (44, 20, 34), (16, 4, 12), edge=(120, 80, 60), radius=8, alpha=255)
    if symbol == BLANK:
        gfx.draw.line(out, (96, 70, 80), (w * 0.3, h / 2), (w * 0.7, h / 2), 3)
        return out
    color = SEVEN_COLORS[symbol]
    edge = font.render("7", True, (20, 6, 10))
    face = font.render("7", True, color)
    rect = face.get_rect(center=(w // 2, h // 2 + 1))
    for dx, dy in ((-2, 0), (2, 0), (0, -2), (0, 2), (2, 2)):
        out.blit(edge, rect.move(dx, dy))
    out.blit(face, rect)
    return out


@dataclass
class SlingoArt:
    cell: tuple[int, int]
    plate: pygame.Surface  # an unmarked cell
    numbers: dict[int, pygame.Surface]  # a number on its cell
    numbers_marked: dict[int, pygame.Surface]  # a daubed number (white)
    daubs: dict[str, list[pygame.Surface]]  # by kind: its pop frames, the size at rest last
    reel_symbols: dict[str, pygame.Surface]  # the reels' symbols by name ("1".."75" and the specials)
    specials: dict[str, pygame.Surface]  # the special symbols at help-page size
    sevens: dict[str, pygame.Surface]  # a mini reel's symbols
    sevens_big: dict[str, pygame.Surface]  # and larger, for a bonus of few Kings
    santa_king: pygame.Surface  # the character, at his size in the bonus
    santa_portrait: pygame.Surface  # and on the trail
    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface
    cell_glow: pygame.Surface


PORTRAIT = (120, 138)  # Santa King on the trail (the file is his size in the bonus, 180x207)
SEVEN_CELL = (38, 46)
SEVEN_BIG = (52, 62)  # a mini reel when a bonus has four Kings or fewer


def load_art(resources: Resources, numbers: Sequence[Sequence[int]], cell: tuple[int, int],
             reel_cell: tuple[int, int]) -> SlingoArt:
    """``numbers`` are each column's numbers (the engine's ``column_range``)."""
    def img(name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, f"symbols/{GAME}/{name}.png", size)

    w, h = cell
    inner = (w - 6, h - 6)
    number_font = theme.ui(resources, round(h * 0.42), "heavy")
    ball_font = theme.ui(resources, round(reel_cell[1] * 0.3), "heavy")
    plate = cell_plate(inner)
    grid_numbers: dict[int, pygame.Surface] = {}
    marked: dict[int, pygame.Surface] = {}
    balls: dict[str, pygame.Surface] = {}
    for col, column in enumerate(numbers):
        color = COLUMN_COLORS[col % len(COLUMN_COLORS)]
        for n in column:
            grid_numbers[n] = number_font.render(str(n), True, NUMBER_INK)
            body = number_font.render(str(n), True, (255, 255, 255))
            edge = number_font.render(str(n), True, (90, 0, 30))
            text = gfx.Surface((body.get_width() + 4, body.get_height() + 4), pygame.SRCALPHA)
            for dx, dy in ((0, 0), (4, 0), (0, 4), (4, 4), (2, 4), (4, 2)):
                text.blit(edge, (dx, dy))
            text.blit(body, (2, 2))
            marked[n] = text
            balls[str(n)] = number_ball(reel_cell, n, color, ball_font)
    rest = round(min(inner) * 0.9)
    daubs = {}
    for kind in DAUB_COLORS:
        big = daub(round(rest * DAUB_POP[0]), kind)
        daubs[kind] = [gfx.transform.smoothscale(big, (round(rest * s), round(rest * s))) for s in DAUB_POP]
    for name in SPECIALS:
        balls[name] = img(name, reel_cell)
    seven_font = theme.display(resources, round(SEVEN_CELL[1] * 0.82))
    big_font = theme.display(resources, round(SEVEN_BIG[1] * 0.82))
    return SlingoArt(
        cell=cell, plate=plate, numbers=grid_numbers, numbers_marked=marked, daubs=daubs, reel_symbols=balls,
        specials={name: img(name) for name in SPECIALS},
        sevens={name: seven(SEVEN_CELL, name, seven_font) for name in (*SEVENS, BLANK)},
        sevens_big={name: seven(SEVEN_BIG, name, big_font) for name in (*SEVENS, BLANK)},
        santa_king=img("santa_king"), santa_portrait=img("santa_king", PORTRAIT),
        coin=image_or_standin(resources, "ui/coin.png", (40, 40)),
        sparkle=image_or_standin(resources, "ui/sparkle.png"),
        star=image_or_standin(resources, "ui/star.png"),
        glow=image_or_standin(resources, "ui/glow.png"),
        cell_glow=glow_disc((round(w * 1.6), round(h * 1.6)), (255, 220, 140), 0.95),
    )


# -- the hall -----------------------------------------------------------------------------------


def _catenary(x0: float, x1: float, y: float, sag: float, n: int) -> list[tuple[float, float]]:
    return [(x0 + (x1 - x0) * i / n, y + sag * (1 - (2 * i / n - 1) ** 2)) for i in range(n + 1)]


def _drape(size: tuple[int, int], folds: int, flip: bool) -> pygame.Surface:
    """A velvet curtain gathered in ``folds``: vertical shading, a tie-back and a curved hem."""
    w, h = size
    out = gfx.Surface(size, pygame.SRCALPHA)
    for x in range(w):
        u = x / max(1, w - 1)
        fold = 0.5 + 0.5 * math.sin(u * folds * math.tau + 0.6)
        depth = (1 - u) if not flip else u  # darker towards the wall
        k = 0.35 + 0.65 * fold * (0.55 + 0.45 * depth)
        color = (round(40 + 150 * k), round(2 + 10 * k), round(12 + 26 * k))
        hem = h - 40 * math.sin(math.pi * (u if not flip else 1 - u)) ** 0.8
        gfx.draw.line(out, color, (x, 0), (x, hem))
    return out


def _valance(width: int, height: int) -> pygame.Surface:
    """The swag along the top: scallops of velvet with a gold fringe and cord."""
    out = gfx.Surface((width, height + 14), pygame.SRCALPHA)
    swags = 7
    span = width / swags
    for i in range(swags):
        x0 = i * span
        points: list[tuple[float, float]] = [(x0, 0.0)]
        for k in range(21):
            t = k / 20
            points.append((x0 + span * t, height * 0.55 + height * 0.45 * math.sin(math.pi * t)))
        points.append((x0 + span, 0.0))
        gfx.draw.polygon(out, (118, 8, 26), points)
        inner = [(x, y - 10) for x, y in points[1:-1]]
        gfx.draw.lines(out, (168, 22, 44), False, inner, 5)
        gfx.draw.lines(out, (70, 2, 14), False, points[1:-1], 3)
        fringe = [(x, y + 3) for x, y in points[1:-1]]
        gfx.draw.lines(out, GOLD_DEEP, False, fringe, 6)
        gfx.draw.lines(out, GOLD, False, [(x, y - 1) for x, y in fringe], 2)
        for k in range(1, 20, 2):
            x, y = fringe[k]
            gfx.draw.line(out, GOLD_DEEP, (x, y), (x, y + 9), 2)
        gfx.draw.circle(out, GOLD, (x0, 6), 7)
        gfx.draw.circle(out, GOLD_DEEP, (x0, 6), 7, 2)
    gfx.draw.rect(out, (70, 2, 14), (0, 0, width, 12))
    gfx.draw.line(out, GOLD, (0, 12), (width, 12), 3)
    return out


def _lamps(layer: pygame.Surface, glow: pygame.Surface, points: Sequence[tuple[float, float]]) -> None:
    colors = ((255, 214, 120), (255, 120, 110), (140, 230, 160), (255, 240, 200))
    for i, (x, y) in enumerate(points):
        color = colors[i % len(colors)]
        layer.blit(glow, glow.get_rect(center=(round(x), round(y))), special_flags=pygame.BLEND_RGBA_MAX)
        gfx.draw.circle(layer, (50, 30, 20), (x, y - 5), 3)
        gfx.draw.circle(layer, color, (x, y), 5)
        gfx.draw.circle(layer, (255, 255, 245), (x - 1, y - 1), 2)


def paint_hall(surface: pygame.Surface, *, stage: pygame.Rect, size: tuple[int, int] = (1280, 720)) -> None:
    """The bingo hall behind everything: a crimson room, a spotlit stage where the card stands (``stage``),
    velvet drapes at the sides, a valance with its fringe, bunting and lamps, a polished floor."""
    w, h = size
    surface.blit(vertical_gradient(size, [(0.0, (54, 4, 16)), (0.45, (98, 8, 26)), (0.82, (52, 4, 14)),
                                         (1.0, (22, 2, 8))]), (0, 0))
    # wall panels: tall arches in a deeper red with gold pinstripes
    layer = gfx.Surface(size, pygame.SRCALPHA)
    for i in range(9):
        arch = pygame.Rect(40 + i * 150, 96, 110, 470)
        gfx.draw.rect(layer, (30, 0, 8, 70), arch, border_radius=55)
        gfx.draw.rect(layer, (*GOLD, 40), arch, width=2, border_radius=55)
    surface.blit(layer, (0, 0))
    # the stage light on the card, and a beam from the rig above
    spot = glow_disc((stage.w + 420, stage.h + 300), (255, 120, 80), 0.55)
    surface.blit(spot, spot.get_rect(center=stage.center))
    beam = gfx.Surface(size, pygame.SRCALPHA)
    top = stage.centerx
    gfx.draw.polygon(beam, (255, 226, 180, 16), [(top - 70, 0), (top + 70, 0), (stage.right + 90, stage.bottom),
                                                  (stage.left - 90, stage.bottom)])
    surface.blit(soft_blur(beam, 24), (0, 0))
    # gold twinkles on the walls
    rnd = random.Random(5)
    for _ in range(40):
        x = rnd.uniform(160, w - 160)
        y = rnd.uniform(90, 580)
        r = rnd.uniform(2.5, 6)
        color = (255, 230, 160, rnd.randint(60, 150))
        layer = gfx.Surface((2 * r + 4, 2 * r + 4), pygame.SRCALPHA)
        c = r + 2
        points = [(c + math.cos(k * math.pi / 4) * (r if k % 2 == 0 else r * 0.35),
                   c + math.sin(k * math.pi / 4) * (r if k % 2 == 0 else r * 0.35)) for k in range(8)]
        gfx.draw.polygon(layer, color, points)
        surface.blit(layer, (x - c, y - c))
    # the floor: polished boards catching the light
    floor = vertical_gradient((w, h - 600), [(0.0, (70, 18, 16)), (1.0, (18, 4, 6))])
    surface.blit(floor, (0, 600))
    boards = gfx.Surface((w, h - 600), pygame.SRCALPHA)
    for i in range(-12, 13):
        gfx.draw.line(boards, (0, 0, 0, 60), (w / 2 + i * 40, 0), (w / 2 + i * 140, h - 600), 2)
    surface.blit(boards, (0, 600))
    gfx.draw.line(surface, GOLD_DEEP, (0, 600), (w, 600), 3)
    gfx.draw.line(surface, (255, 230, 150), (0, 599), (w, 599), 1)
    # bokeh: out-of-focus lamps round the hall
    rnd = random.Random(11)
    bokeh = gfx.Surface(size, pygame.SRCALPHA)
    for _ in range(46):
        x = rnd.choice((rnd.uniform(0, 380), rnd.uniform(880, w)))
        y = rnd.uniform(60, 560)
        r = rnd.uniform(6, 24)
        lamp = rnd.choice(((255, 196, 110), (255, 120, 120), (255, 236, 190), (150, 230, 170)))
        gfx.draw.circle(bokeh, (*lamp, rnd.randint(16, 46)), (x, y), r)
    surface.blit(soft_blur(bokeh, 4), (0, 0))
    # drapes at both sides
    for flip in (False, True):
        drape = _drape((150, h - 100), 3, flip)
        surface.blit(drape, (0 if not flip else w - 150, 40))
    # lamps strung across under the valance
    lights = gfx.Surface(size, pygame.SRCALPHA)
    lamp_glow = glow_disc((44, 44), (255, 210, 130), 0.9)
    strand = _catenary(130, w - 130, 64, 14, 40)
    gfx.draw.lines(surface, (40, 16, 10), False, strand, 2)
    _lamps(lights, lamp_glow, strand[1:-1:2])
    surface.blit(lights, (0, 0))
    surface.blit(_valance(w, 56), (0, 0))
    # a vignette: the corners fall away, the card stays bright
    vignette = gfx.Surface(size, pygame.SRCALPHA)
    for i in range(24):
        gfx.draw.rect(vignette, (8, 0, 4, 9), (i * 3, i * 3, w - i * 6, h - i * 6), width=3, border_radius=80)
    surface.blit(vignette, (0, 0))
