"""Santa's Wonderland's art, loaded and scaled once (stand-ins while a file is missing).

Symbols are scaled to the cell size here, together with the few larger sizes the animations
need (the pop of a winning symbol, the burst of an exploding one, the 2x2 block); the big
Supersize blocks are made on demand by ``big`` and kept in a small cache, warmed by the
presenter before a round starts.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from ... import gfx, theme
from ...resources import Resources
from ...widgets.art import glow_frame, image_or_standin, soft_glow
from ...widgets.text import render_text

GAME = "santas_wonderland"
FEATURES = ("refresh", "wild_santa", "blocks", "supersize", "lucky_santa")
# marker colours (bright, deep): blue, purple, yellow, red, green
FEATURE_COLORS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    "refresh": ((124, 200, 255), (31, 111, 224)),
    "wild_santa": ((214, 164, 255), (138, 63, 209)),
    "blocks": ((255, 230, 128), (224, 168, 0)),
    "supersize": ((255, 154, 154), (217, 38, 46)),
    "lucky_santa": ((168, 245, 160), (34, 160, 69)),
}
FEATURE_NAMES = {
    "refresh": "Refresh", "wild_santa": "Wild Santa", "blocks": "Blocks", "supersize": "Supersize",
    "lucky_santa": "Lucky Santa",
}
# the scales a symbol is drawn at while it pops (won, converted) or bursts (exploding)
POP_SCALES = (1.1, 1.2, 1.3, 1.42, 1.56)
BIG_CACHE = 12  # the big Supersize blocks kept besides the 2x2 blocks and Santa


def lettered(badge: pygame.Surface, letter: str, font: pygame.font.Font) -> pygame.Surface:
    """A marker badge with its feature's initial on it: the markers differ by more than their colour."""
    out = badge.copy()
    mark = render_text(font, letter, (255, 255, 255), (12, 8, 30), 2)
    out.blit(mark, mark.get_rect(center=out.get_rect().center))
    return out


@dataclass
class WonderlandArt:
    cell: tuple[int, int]
    source: dict[str, pygame.Surface]  # as drawn (192 px): help pages, big blocks
    symbols: dict[str, pygame.Surface]  # at cell size
    pops: dict[str, list[pygame.Surface]]  # at POP_SCALES
    markers: dict[str, pygame.Surface]  # the glow behind a marked cell
    marker_badges: dict[str, pygame.Surface]  # the small snowflake in a marked cell's corner
    marker_icons: dict[str, pygame.Surface]  # the feature panel's icon and the flying marker
    # loaded when the screen composes the day and night backdrops, then freed (it keeps those)
    background: Callable[[], pygame.Surface]
    background_midnight: Callable[[], pygame.Surface]
    frame: pygame.Surface
    grid_bg: pygame.Surface
    logo: pygame.Surface
    coin: pygame.Surface
    sparkle: pygame.Surface
    star: pygame.Surface
    glow: pygame.Surface
    cell_glow: pygame.Surface
    cell_rings: dict[str, pygame.Surface]  # a glowing cell outline per feature colour (conversions)
    hd: Callable[[str], pygame.Surface] | None = None  # a symbol's 384 px copy, loaded when first needed
    _big: OrderedDict[tuple[str, int], pygame.Surface] = field(default_factory=OrderedDict)
    _frames: dict[tuple[str, int], pygame.Surface] = field(default_factory=dict)
    _flashes: dict[int, pygame.Surface] = field(default_factory=dict)

    def block_frame(self, feature: str, n: int) -> pygame.Surface:
        """A glowing outline around an ``n`` x ``n`` block in ``feature``'s colour (made once)."""
        key = (feature, n)
        frame = self._frames.get(key)
        if frame is None:
            thickness = 10 if n <= 2 else 14
            frame = glow_frame((self.cell[0] * n, self.cell[1] * n), FEATURE_COLORS[feature][0],
                               thickness=thickness, radius=14 if n <= 2 else 18)
            self._frames[key] = frame
        return frame

    def flash(self, n: int) -> pygame.Surface:
        """A white square over ``n`` x ``n`` cells (the Supersize impact; made once)."""
        flash = self._flashes.get(n)
        if flash is None:
            flash = self._flashes[n] = gfx.Surface((self.cell[0] * n, self.cell[1] * n))
            flash.fill((255, 255, 255))
        return flash

    def big(self, symbol: str, n: int) -> pygame.Surface:
        """``symbol`` covering ``n`` x ``n`` cells (made once, a few kept), scaled down from the HD copy
        when the cells are larger than the normal art: never a blurry enlargement."""
        key = (symbol, n)
        image = self._big.get(key)
        if image is None:
            size = (self.cell[0] * n, self.cell[1] * n)
            source = self.source[symbol]
            if size[0] > source.get_width() and self.hd is not None:
                source = self.hd(symbol)
            image = gfx.transform.smoothscale(source, size)
            self._big[key] = image
            while len(self._big) > BIG_CACHE + 8:
                for old in self._big:
                    if old[1] != 2 and old[0] != "wild":  # the 2x2 blocks and Santa stay; big ones rotate
                        del self._big[old]
                        break
                else:
                    break
        else:
            self._big.move_to_end(key)
        return image


def load_art(resources: Resources, symbols: tuple[str, ...], cell: tuple[int, int], grid: pygame.Rect,
             frame_size: tuple[int, int], size: tuple[int, int]) -> WonderlandArt:
    def img(path: str, wanted: tuple[int, int] | None = None) -> pygame.Surface:
        return image_or_standin(resources, path, wanted)

    source = {name: img(f"symbols/{GAME}/{name}.png") for name in symbols}

    def hd_path(name: str) -> str:
        return f"symbols/{GAME}/hd/{name}.png"

    # The HD copies are decoded when a Supersize first needs one, in a frame: their bytes are read
    # now (on the build's worker thread), so that frame does not wait on the disk.
    hd_files = {name: data for name in symbols if (data := resources.read(hd_path(name))) is not None}
    cw, ch = cell
    scaled = {name: gfx.transform.smoothscale(image, cell) for name, image in source.items()}
    pops = {
        name: [gfx.transform.smoothscale(image, (round(cw * s), round(ch * s))) for s in POP_SCALES]
        for name, image in source.items()
    }
    glow_size = (round(cw * 1.5), round(ch * 1.5))
    badge = max(16, round(cw * 0.4))
    icon = max(24, round(cw * 0.5))
    marker_src = {name: img(f"symbols/{GAME}/marker_{name}.png") for name in FEATURES}
    art = WonderlandArt(
        cell=cell,
        source=source,
        symbols=scaled,
        pops=pops,
        markers={n: gfx.transform.smoothscale(s, glow_size) for n, s in marker_src.items()},
        marker_badges={n: lettered(gfx.transform.smoothscale(s, (badge, badge)), FEATURE_NAMES[n][0],
                                   theme.ui(resources, max(16, badge * 2 // 3), "heavy"))
                       for n, s in marker_src.items()},
        marker_icons={n: gfx.transform.smoothscale(s, (icon, icon)) for n, s in marker_src.items()},
        background=lambda: img(f"backgrounds/{GAME}.png", size),
        background_midnight=lambda: img(f"backgrounds/{GAME}_midnight.png", size),
        frame=img(f"frames/{GAME}_grid.png", frame_size),
        grid_bg=img(f"frames/{GAME}_grid_bg.png", grid.size),
        logo=img(f"symbols/{GAME}/logo.png"),
        coin=img("ui/coin.png", (36, 36)),
        sparkle=img("ui/sparkle.png"),
        star=img("ui/star.png"),
        glow=img("ui/glow.png"),
        cell_glow=soft_glow(round(cw * 1.5), (255, 236, 170), 0.9),
        cell_rings={n: glow_frame((cw - 8, ch - 8), FEATURE_COLORS[n][0], thickness=8, radius=12)
                    for n in FEATURES},
        hd=lambda name: image_or_standin(resources, hd_path(name), data=hd_files.get(name)),
    )
    for name in symbols:
        if name != "wild":
            art.big(name, 2)
    art.big("wild", 3)
    art.block_frame("blocks", 2)
    return art
