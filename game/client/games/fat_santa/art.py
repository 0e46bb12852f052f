"""Fat Santa's art, loaded once (stand-ins while a file is missing), and Santa's block sprites.

``SantaSprites`` draws the one big Santa of every size (1x1 to 5x5) once, with the poses the
free games need (idle, mouth open, leaning left and right for the waddle, squashed for the
chomp) and the in-between sizes his growth passes through, so a frame only blits.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from ... import gfx, theme
from ...kit.art import ReelArt, reel_art
from ...resources import Resources
from ...widgets.art import image_or_standin, rounded_panel, soft_glow
from ...widgets.text import render_text

GAME = "fat_santa"
INK = (20, 8, 30)
GOLD = (255, 204, 92)
BLANK = "blank"  # a transparent cell: the reel under Santa's block while he stands there

_cosmetic = random.Random(0xFA7)  # snow dots on the plates; decides nothing


PIE_STAMP = 1.32  # a sleigh's pie is stamped onto its cell from 1.32 times the cell's size


@dataclass
class FatSantaArt(ReelArt):
    pie: pygame.Surface  # a pie without plate, about a cell wide (flying, eaten)
    pie_icon: pygame.Surface  # the meter's filled slot
    pie_plain: pygame.Surface  # the plain pie at its file's full size: the source of enlarged pops
    pie_stamp: pygame.Surface  # the pie symbol at the size a sleigh's pie is stamped down from
    pie_slot: pygame.Surface  # the meter's empty slot
    figure: pygame.Surface
    figure_eat: pygame.Surface
    sleigh: pygame.Surface
    snow: pygame.Surface  # a white puff for snow bursts


def _convert(surface: pygame.Surface) -> pygame.Surface:
    return surface.convert_alpha() if pygame.display.get_surface() else surface


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], reels: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> FatSantaArt:
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    common = reel_art(resources, GAME, symbols, cell, reels, frame_size, size, glow_color=(255, 220, 120),
                      glow_scale=1.5)
    common["symbols"][BLANK] = gfx.Surface(cell, pygame.SRCALPHA)
    pie_raw = img(f"symbols/{GAME}/pie_plain.png")
    pw, ph = pie_raw.get_size()
    pie_w = round(cell[0] * 0.86)
    pie = gfx.transform.smoothscale(pie_raw, (pie_w, max(1, round(ph * pie_w / pw))))
    icon_w = 38
    icon = gfx.transform.smoothscale(pie_raw, (icon_w, max(1, round(ph * icon_w / pw))))
    slot = icon.copy()
    slot.fill((70, 80, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
    slot.set_alpha(150)
    snow = soft_glow(28, (255, 255, 255), 1.0)
    return FatSantaArt(
        **common,
        pie=_convert(pie),
        pie_icon=_convert(icon),
        pie_plain=pie_raw,
        pie_stamp=img(f"symbols/{GAME}/pie.png", (round(cell[0] * PIE_STAMP), round(cell[1] * PIE_STAMP))),
        pie_slot=_convert(slot),
        figure=img(f"symbols/{GAME}/santa_figure.png"),
        figure_eat=img(f"symbols/{GAME}/santa_figure_eat.png"),
        sleigh=img(f"symbols/{GAME}/sleigh.png"),
        snow=_convert(snow),
    )


# --------------------------------------------------------------------------
# Santa's block
# --------------------------------------------------------------------------

POSES = ("idle", "eat", "lean_l", "lean_r", "squash")
LEAN = 5.0  # degrees of the waddle
GROW_STEPS = 4  # in-between sizes drawn for each growth


class SantaSprites:
    """Every picture of Santa's block: ``pose(size, name)`` and ``at_px(px)``.

    The idle block of each size is drawn at once (the meter shows them all). The rest (eating,
    waddling, squashing, the in-between sizes of a growth) is drawn the first time it is shown,
    a few milliseconds each, and kept: most free games never see a 4x4 Santa, so a screen does
    not hold some 20 MiB of pictures it will not show, and a second free game draws nothing new.
    """

    def __init__(self, resources: Resources, art: FatSantaArt, cell: int, max_size: int = 5) -> None:
        self.cell = cell
        self.max_size = max_size
        self.res = resources
        self.art = art
        self.idle = {size: self._block(size, art.figure) for size in range(1, max_size + 1)}
        self.poses: dict[tuple[int, str], pygame.Surface] = {}
        self.growth_px: list[int] = []  # every width a growth shows, small to large
        for size in range(1, max_size + 1):
            px = size * cell
            self.growth_px.append(px)
            if size < max_size:
                self.growth_px += [round(px + cell * k / (GROW_STEPS + 1)) for k in range(1, GROW_STEPS + 1)]
        self.in_between: dict[int, pygame.Surface] = {}

    def pose(self, size: int, name: str) -> pygame.Surface:
        if name == "idle" or (name.startswith("lean") and size >= self.max_size):  # a 5x5 Santa never walks
            return self.idle[size]
        picture = self.poses.get((size, name))
        if picture is None:
            picture = self.poses[(size, name)] = self._draw_pose(size, name)
        return picture

    def at_px(self, px: float) -> pygame.Surface:
        """The picture closest to ``px`` wide (growth): a real size, or one scaled down from the next."""
        best = min(self.growth_px, key=lambda width: abs(width - px))
        if best % self.cell == 0:
            return self.idle[best // self.cell]
        picture = self.in_between.get(best)
        if picture is None:
            bigger = self.idle[min(self.max_size, best // self.cell + 1)]
            picture = self.in_between[best] = _convert(gfx.transform.smoothscale(bigger, (best, best)))
        return picture

    def _draw_pose(self, size: int, name: str) -> pygame.Surface:
        px = size * self.cell
        if name == "eat":
            return self._block(size, self.art.figure_eat)
        if name == "lean_l":
            return _convert(gfx.transform.rotozoom(self.idle[size], LEAN, 1.0))
        if name == "lean_r":
            return _convert(gfx.transform.rotozoom(self.idle[size], -LEAN, 1.0))
        if name == "squash":
            return _convert(gfx.transform.smoothscale(self.pose(size, "eat"), (round(px * 1.07), round(px * 0.93))))
        raise KeyError(f"Santa has no pose {name!r}")

    def _block(self, size: int, figure: pygame.Surface) -> pygame.Surface:
        """One big framed Santa over ``size`` x ``size`` cells: a wild symbol that grew."""
        px = size * self.cell
        radius = 16 + 6 * size
        block = gfx.Surface((px, px), pygame.SRCALPHA)
        edge_px = 3 + size
        rim = rounded_panel((px, px), (255, 236, 160), (170, 100, 20), radius=radius, alpha=255)
        block.blit(rim, (0, 0))
        inner = rounded_panel((px - 2 * edge_px, px - 2 * edge_px), (236, 76, 64), (92, 10, 18),
                              radius=max(4, radius - edge_px), alpha=255)
        glow = soft_glow(round(px * 1.1), (255, 214, 140), 0.75)
        inner.blit(glow, glow.get_rect(center=(inner.get_width() // 2, round(inner.get_height() * 0.42))))
        for _ in range(10 + 8 * size * size):
            x = _cosmetic.uniform(0, inner.get_width())
            y = _cosmetic.uniform(0, inner.get_height())
            gfx.draw.circle(inner, (255, 255, 255, _cosmetic.randint(40, 110)), (x, y),
                               _cosmetic.choice((1, 1.5, 2, 2.5)) * (1 + size / 4))
        mask = gfx.Surface(inner.get_size(), pygame.SRCALPHA)
        gfx.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=max(4, radius - edge_px))
        inner.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        block.blit(inner, (edge_px, edge_px))
        gfx.draw.rect(block, (255, 250, 220), block.get_rect().inflate(-2 * edge_px - 4, -2 * edge_px - 4),
                         width=max(1, size // 2), border_radius=max(4, radius - edge_px - 2))
        fig_px = round(px * 0.9)
        fig = gfx.transform.smoothscale(figure, (fig_px, fig_px))
        block.blit(fig, fig.get_rect(midtop=(px // 2, round(px * 0.02))))
        # the WILD ribbon
        font = theme.display(self.res, 15 + 10 * size)
        word = render_text(font, "WILD", (255, 240, 170), INK, 2 + size // 2, shadow=True)
        rw, rh = word.get_width() + 16 * size + 14, word.get_height() - 2 + size
        ribbon = rounded_panel((rw, rh), (70, 200, 110), (14, 92, 46), edge=(255, 228, 140), radius=rh // 2,
                               alpha=255, edge_px=2 + size // 2)
        ribbon.blit(word, word.get_rect(center=(rw // 2, rh // 2 + 1)))
        block.blit(ribbon, ribbon.get_rect(midbottom=(px // 2, px - edge_px // 2)))
        return _convert(block)
