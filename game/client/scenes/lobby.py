"""The lobby: a tile for every game of the catalogue on a snowy night, the balance, and a
play-money top-up.

Every region comes from ``levels/lobby.tmx``; the tiles are laid out in its ``tiles`` area, as
many as the catalogue holds (:mod:`.tile_grid`), keys 1-9 opening the first nine. All art (cards,
glows, labels, snowflakes) is prepared once in ``__init__``; a frame is blits plus a little
arithmetic for the snow.
"""

from __future__ import annotations

import logging
import math
import random
from functools import cached_property
from typing import TYPE_CHECKING, Any

import pygame

from ...availability import playable, short_problem
from ...catalogue import CATALOGUE, GameEntry
from ...engine import get_game
from ...engine.money import format_cents
from ...store import DEFAULT_STARTING_BALANCE
from .. import gfx, theme
from ..layout import Layout
from ..loading import SceneBuild
from ..scene import Scene
from ..screens import GameScreenBuild, ScreenUnavailable
from ..sound.music import LOBBY, MusicCue
from ..widgets.art import image_or_standin, rounded_panel, soft_blur, soft_glow
from ..widgets.button import Button
from ..widgets.text import CENTER, render_text
from .tile_grid import CARD_SIZE, TileGrid, lay_out, tab_rect

if TYPE_CHECKING:
    from ..context import AppContext

log = logging.getLogger(__name__)

REQUIRED = ("title", "subtitle", "balance", "topup", "settings", "tiles", "toast", "hint", "snow", "lights")
ART_SIZE = (220, 300)  # in a card of tile_grid.CARD_SIZE, at full size
LIFT = 14.0  # pixels a hovered tile rises
NUMBER_KEYS = 9  # keys 1-9 (and the keypad's) open the first nine tiles; the rest by Left/Right + Enter
COUNT_WORDS = ("One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve")
SNOWFLAKES = 110
BALANCE_POLL = 1.0  # seconds between balance reads (it only changes by top-up here)
TOP_UP = DEFAULT_STARTING_BALANCE


def games_line(count: int) -> str:
    """The lobby's subtitle for ``count`` games: "Five festive games   ·   play money only"."""
    word = COUNT_WORDS[count - 1] if 1 <= count <= len(COUNT_WORDS) else f"{count:,}"
    return f"{word} festive game{'' if count == 1 else 's'}   ·   play money only"


def keys_hint(count: int) -> str:
    """The lobby's key hints for ``count`` games: "1-5 or Left/Right + Enter: play   ·   ..."."""
    keys = "1" if count == 1 else f"1-{min(count, NUMBER_KEYS)}"
    return (f"{keys} or Left/Right + Enter: play   ·   S: settings   ·   M: mute   ·   F11: full screen"
            "   ·   Esc: quit")


def number_of_key(key: int) -> int | None:
    """The tile number (1-9) a key press names, on the top row or the keypad; None for other keys."""
    for first in (pygame.K_1, pygame.K_KP1):
        if first <= key < first + NUMBER_KEYS:
            return key - first + 1
    return None


class _Flake:
    __slots__ = ("image", "phase", "speed", "sway", "x", "y")

    def __init__(self, x: float, y: float, speed: float, sway: float, phase: float, image: int) -> None:
        self.x, self.y, self.speed, self.sway, self.phase, self.image = x, y, speed, sway, phase, image


def _flake_images() -> list[pygame.Surface]:
    images = []
    for radius, alpha in ((2, 150), (3, 190), (4, 220), (6, 240)):
        size = radius * 4
        glow = soft_glow(size, (235, 245, 255), alpha / 255)
        gfx.draw.circle(glow, (255, 255, 255, alpha), (size / 2, size / 2), radius * 0.8)
        images.append(glow)
    return images


class _Tile:
    """One game card: pre-rendered normal and focused looks, its number tab, its animation state."""

    def __init__(self, lobby: LobbyScene, info: GameEntry, rect: pygame.Rect, number: int,
                 problem: str | None = None) -> None:
        """``rect``: the card, of :data:`~.tile_grid.CARD_SIZE`'s shape; its contents are drawn at
        its scale. ``number``: the key that opens it (none past 9: no tab). ``problem``: why the
        game's data does not load (the tile then says so and is unavailable)."""
        self.info = info
        self.rect = rect
        self.number = number
        scale = rect.w / CARD_SIZE[0]
        self.lift = 0.0
        self.shake = 0.0
        self.problem = problem
        usable = info.available and self.problem is None
        res = lobby.app.resources
        card = rounded_panel(rect.size, (58, 36, 88), (22, 14, 40), edge=theme.GOLD_DARK, radius=round(18 * scale),
                             alpha=236)
        art_size = (round(ART_SIZE[0] * scale), round(ART_SIZE[1] * scale))
        art = image_or_standin(res, f"tiles/{info.id}.png", art_size)
        if not usable:
            art = _dimmed(art)
        art_at = (rect.x + (rect.w - art_size[0]) // 2, rect.y + max(2, round(4 * scale)))
        self.art_rect = pygame.Rect(art_at, art_size)  # on the screen, as rect is
        card.blit(art, self.art_rect.move(-rect.x, -rect.y))
        name_font = theme.ui(res, max(13, round(23 * scale)), "heavy")
        tag_font = theme.ui(res, max(11, round(16 * scale)), "light")
        name = render_text(name_font, info.title, theme.GOLD, theme.INK, 2)
        if name.get_width() > rect.w - 12:
            width = rect.w - 12
            name = gfx.transform.smoothscale(name, (width, name.get_height() * width // name.get_width()))
        y = self.art_rect.bottom - rect.y + round(8 * scale)
        card.blit(name, name.get_rect(midtop=(rect.w // 2, y)))
        y += name.get_height() + 2
        tagline, colour = (info.tagline, theme.TEXT) if self.problem is None else (self.problem, theme.GOLD)
        fits = max(1, (rect.h - 4 - y) // tag_font.get_linesize())  # the lines the card has room for
        room = min(fits, 2 if self.problem is None else 3)
        limit = room * tag_font.get_linesize()
        text = render_text(tag_font, tagline, colour, wrap=rect.w - 20, align=CENTER)
        words = tagline.split()
        while text.get_height() > limit and len(words) > 1:  # the last line shown says there is more
            words.pop()
            text = render_text(tag_font, " ".join(words) + " …", colour, wrap=rect.w - 20, align=CENTER)
        card.blit(text, text.get_rect(midtop=(rect.w // 2, y)))
        y += text.get_height()
        if not usable:
            label = "COMING SOON" if self.problem is None else "UNAVAILABLE"
            ribbon = _ribbon(theme.ui(res, max(12, round(22 * scale)), "heavy"), rect.w, label)
            card.blit(ribbon, ribbon.get_rect(center=self.art_rect.move(-rect.x, -rect.y).center))
        # The number sits in a tab above the card, clear of the art (whose own labels fill its corners).
        self.tab_rect = tab_rect(rect) if number <= NUMBER_KEYS else None
        self.tab = None if self.tab_rect is None else _tab(theme.ui(res, 19, "heavy"), str(number),
                                                           self.tab_rect.size, usable)
        self.card = card
        focused = card.copy()
        gfx.draw.rect(focused, theme.GOLD, focused.get_rect(), width=3, border_radius=18)
        self.focused = focused
        pad = 44
        glow = gfx.Surface((rect.w + 2 * pad, rect.h + 2 * pad), pygame.SRCALPHA)
        color = (255, 186, 60, 255) if usable else (150, 175, 255, 170)
        gfx.draw.rect(glow, color, pygame.Rect(pad - 14, pad - 14, rect.w + 28, rect.h + 28), border_radius=30)
        self.glow = soft_blur(glow, 16)
        self.glow_pad = pad
        shadow = gfx.Surface((rect.w + 40, 40), pygame.SRCALPHA)
        gfx.draw.ellipse(shadow, (0, 0, 0, 120), shadow.get_rect().inflate(-20, -14))
        self.shadow = soft_blur(shadow, 6)

    def update(self, dt: float, focused: bool) -> None:
        target = LIFT if focused else 0.0
        self.lift += (target - self.lift) * min(1.0, dt * 12)
        if self.shake > 0:
            self.shake = max(0.0, self.shake - dt)

    def draw(self, surface: pygame.Surface, focused: bool, glow_alpha: int) -> None:
        dx = int(math.sin(self.shake * 60) * 9 * (self.shake / 0.45)) if self.shake else 0
        x, y = self.rect.x + dx, self.rect.y - int(self.lift)
        surface.blit(self.shadow, (self.rect.x - 20, self.rect.bottom - 18))
        if self.lift > 0.5:
            self.glow.set_alpha(int(glow_alpha * self.lift / LIFT))
            surface.blit(self.glow, (x - self.glow_pad, y - self.glow_pad))
        if self.tab is not None and self.tab_rect is not None:
            surface.blit(self.tab, self.tab_rect.move(dx, -int(self.lift)))
        surface.blit(self.focused if focused else self.card, (x, y))


class LobbyScene(Scene):
    def __init__(self, app: AppContext, *, attach: bool = True) -> None:
        """The lobby's pictures, then (``attach``) the balance from the wallet; built with
        ``attach=False`` on a worker thread (:class:`LobbyBuild`), it reads the
        wallet only when :meth:`attach` is called on the main thread."""
        super().__init__(app)
        self.layout = Layout.load("lobby", required=REQUIRED)
        res = app.resources
        background = image_or_standin(res, "backgrounds/lobby.png", self.layout.size).copy()
        self.grid: TileGrid = lay_out(self.layout.rect("tiles"), len(CATALOGUE))
        self.tiles = [_Tile(self, info, rect, i + 1)
                      for i, (info, rect) in enumerate(zip(CATALOGUE, self.grid.cards, strict=True))]
        # Whether each game's data loads is asked one game a frame once the lobby has shown (the
        # first time, loading them all before the first frame took a seventh of the start), and at
        # once for a game the player picks before its turn.
        self._unchecked = [i for i, t in enumerate(self.tiles) if t.info.available]
        self._drawn = False  # the checks begin after the lobby's first frame
        self.selected = self._unchecked[0] if self._unchecked else 0
        self.time = 0.0
        self._prepare_texts()
        # Everything that never moves is composed once into one opaque picture.
        background.blit(*self.subtitle)
        background.blit(*self.hint)
        background.blit(self.balance_panel, self.layout.rect("balance"))
        self.background = background.convert() if pygame.display.get_surface() else background
        self._prepare_snow()
        button_font = theme.ui(res, 20)
        images = _button_images(app)
        self.settings_button = Button(self.layout.rect("settings"), "Settings (S)", self.open_settings,
                                      font=button_font, images=images)
        self.topup_button = Button(self.layout.rect("topup"), "Top up (T)", self.ask_top_up,
                                   font=button_font, images=images)
        self.balance = -1
        self._balance_img: pygame.Surface | None = None
        self._poll = 0.0
        if attach:
            self.attach()

    def attach(self) -> None:
        self._refresh_balance()

    # -- preparation ---------------------------------------------------------------------------

    def _prepare_texts(self) -> None:
        res = self.app.resources
        title_rect = self.layout.rect("title")
        title = render_text(theme.display(res, 84), "Festive Slots", theme.GOLD, theme.INK, 4, True)
        halo = gfx.Surface((title.get_width() + 80, title.get_height() + 60), pygame.SRCALPHA)
        halo.blit(render_text(theme.display(res, 84), "Festive Slots", (255, 170, 60)), (40, 30))
        halo = soft_blur(halo, 16)
        self.title = (halo, halo.get_rect(center=title_rect.center), title, title.get_rect(center=title_rect.center))
        subtitle = render_text(theme.ui(res, 22, "light"), games_line(len(CATALOGUE)), theme.TEXT, theme.INK, 2)
        self.subtitle = (subtitle, subtitle.get_rect(center=self.layout.rect("subtitle").center))
        hint_rect = self.layout.rect("hint")
        pill = rounded_panel(hint_rect.size, (30, 20, 50), (18, 12, 30), radius=16, alpha=200)
        text = render_text(theme.ui(res, 17), keys_hint(len(CATALOGUE)), theme.TEXT)
        pill.blit(text, text.get_rect(center=pill.get_rect().center))
        self.hint = (pill, hint_rect)
        balance_rect = self.layout.rect("balance")
        panel = rounded_panel(balance_rect.size, (70, 44, 100), (30, 18, 50), edge=theme.GOLD, radius=20, alpha=230)
        coin = image_or_standin(res, "ui/coin.png", (44, 44))
        panel.blit(coin, coin.get_rect(midleft=(14, balance_rect.h // 2)))
        label = render_text(theme.ui(res, 16), "BALANCE", theme.MUTED)
        panel.blit(label, (70, 10))
        self.balance_panel = panel
        self.balance_font = theme.ui(res, 30, "heavy")
        self._sparkle = image_or_standin(res, "ui/sparkle.png", (22, 22))

    def _prepare_snow(self) -> None:
        self.flake_images = _flake_images()
        area = self.layout.rect("snow")
        self.snow_area = area
        rng = random.Random(7)  # the look of the snow, not game state
        self.flakes = [
            _Flake(rng.uniform(area.left, area.right), rng.uniform(area.top, area.bottom),
                   rng.uniform(18, 60) * (1 + i % 4 * 0.35), rng.uniform(8, 30), rng.uniform(0, 6.3), i % 4)
            for i in range(SNOWFLAKES)
        ]

    # -- state ---------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self._refresh_balance()

    def music_cue(self) -> MusicCue:
        return MusicCue(LOBBY)

    def _refresh_balance(self) -> None:
        balance = self.app.wallet.balance
        if balance != self.balance:
            self.balance = balance
            self._balance_img = render_text(self.balance_font, format_cents(balance), theme.GOLD, theme.INK, 2)
        self.topup_button.enabled = self.needs_top_up
        self._poll = 0.0

    @cached_property
    def min_bet(self) -> int:
        """The smallest bet of any playable game (their data is loaded on the first question, not at start)."""
        return min((get_game(info.id).bets[0] for info in CATALOGUE if playable(info.id)), default=1)

    @property
    def needs_top_up(self) -> bool:
        # A balance of a whole starting wallet covers every game's smallest bet: no data need be loaded.
        return self.balance < TOP_UP and self.balance < self.min_bet

    def show_toast(self, text: str) -> None:
        """A short message, shown with the app's notices in the map's ``toast`` place (one at a time,
        so a toast never lies over a notice); the same message is not queued twice."""
        if text not in self.app.notices:
            self.app.notices.append(text)

    def notice_place(self) -> tuple[int, int]:
        """The app's notices go in the map's ``toast`` place, clear of the lights and the tiles."""
        return self.layout.rect("toast").midtop

    # -- actions -------------------------------------------------------------------------------

    def choose(self, index: int) -> None:
        self.selected = index
        self._check(index)
        tile = self.tiles[index]
        if not tile.info.available:
            tile.shake = 0.45
            self.app.audio.play("error")
            self.show_toast(f"{tile.info.title} is coming soon")
            return
        if tile.problem is not None:
            tile.shake = 0.45
            self.app.audio.play("error")
            self.show_toast(f"{tile.info.title} is unavailable: {tile.problem}")
            return
        try:
            screen = GameScreenBuild(self.app, tile.info.id, fallback=lobby_scene)  # built once the lobby has faded out
        except ScreenUnavailable as exc:
            log.warning("%s", exc)
            tile.shake = 0.45
            self.show_toast(f"{tile.info.title} cannot open right now")
            return
        self.app.audio.play("click")
        self.manager.switch(screen)

    def open_settings(self) -> None:
        from ..overlays import SettingsOverlay

        self.manager.push(SettingsOverlay(self.app, None))

    def ask_top_up(self) -> None:
        if not self.needs_top_up:
            return
        from ..overlays import ConfirmDialog

        self.manager.push(ConfirmDialog(
            self.app, "Top up",
            [f"Your balance of {format_cents(self.balance)} cannot cover the smallest bet.",
             f"Add {format_cents(TOP_UP)} of play money? It has no cash value."],
            self._top_up, confirm_label="Top up", cancel_label="Not now",
        ))

    def _top_up(self) -> None:
        self.app.wallet.top_up(TOP_UP)
        self._refresh_balance()
        self.app.audio.play("win_small")
        self.show_toast(f"{format_cents(TOP_UP)} of play money added")

    def handle_event(self, event: pygame.event.Event) -> bool:
        for button in (self.settings_button, self.topup_button):
            if button.handle_event(event):
                return True
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        if event.type == pygame.MOUSEMOTION:
            for index, tile in enumerate(self.tiles):
                if tile.rect.collidepoint(event.pos) and tile.info.available:  # focus rests on a playable game
                    self.selected = index
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for index, tile in enumerate(self.tiles):
                if tile.rect.collidepoint(event.pos):
                    self.choose(index)
                    return True
        return False

    def _key(self, key: int) -> bool:
        number = number_of_key(key)
        if number is not None:
            if number > len(self.tiles):
                return False
            self.choose(number - 1)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = 1 if key == pygame.K_RIGHT else -1
            for _ in self.tiles:  # the next playable game; coming-soon tiles are passed over
                self.selected = (self.selected + step) % len(self.tiles)
                if self.tiles[self.selected].info.available:
                    break
            self.app.audio.play("click")
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.choose(self.selected)
        elif key == pygame.K_s:
            self.open_settings()
        elif key == pygame.K_t and self.needs_top_up:
            self.ask_top_up()
        elif key == pygame.K_ESCAPE:
            self.ask_quit()
        else:
            return False
        return True

    def ask_quit(self) -> None:
        """Esc in the lobby asks first: an Esc too many from a game's overlays must not close the app."""
        from ..overlays import ConfirmDialog

        def quit_app() -> None:
            self.app.quit_requested = True

        self.manager.push(ConfirmDialog(self.app, "Leave Festive Slots?", [
            f"Your balance of {format_cents(self.balance)} play money is kept for next time."],
            quit_app, confirm_label="Quit", cancel_label="Stay"))

    # -- frame ---------------------------------------------------------------------------------

    def _check(self, index: int) -> None:
        """Ask whether tile ``index``'s game loads; a game that does not is shown unavailable."""
        if index not in self._unchecked:
            return
        self._unchecked.remove(index)
        tile = self.tiles[index]
        problem = short_problem(tile.info.id)
        if problem is not None:
            self.tiles[index] = _Tile(self, tile.info, tile.rect, tile.number, problem)

    def update(self, dt: float) -> None:
        if self._unchecked and self._drawn:
            index = self._unchecked[0]
            self._check(index)
            if index == self.selected and self.tiles[index].problem is not None:  # focus on a game that plays
                self.selected = next((i for i, t in enumerate(self.tiles) if t.info.available and t.problem is None),
                                     index)
        self.time += dt
        for index, tile in enumerate(self.tiles):
            tile.update(dt, index == self.selected)
        self.settings_button.update(dt)
        self.topup_button.update(dt)
        area = self.snow_area
        for flake in self.flakes:
            flake.y += flake.speed * dt
            flake.phase += dt
            if flake.y > area.bottom:
                flake.y = area.top - 10
        self._poll += dt
        if self._poll >= BALANCE_POLL:
            self._refresh_balance()

    def draw(self, surface: pygame.Surface) -> None:
        self._drawn = True
        surface.blit(self.background, (0, 0))
        images = self.flake_images
        back, front = images[:2], images[2:]
        for flake in self.flakes:  # far flakes behind the cards
            if flake.image < 2:
                surface.blit(back[flake.image], (flake.x + math.sin(flake.phase) * flake.sway, flake.y))
        halo, halo_rect, title, title_rect = self.title
        halo.set_alpha(150 + int(70 * math.sin(self.time * 1.6)))
        surface.blit(halo, halo_rect)
        surface.blit(title, title_rect)
        self._draw_balance(surface)
        glow_alpha = 170 + int(60 * math.sin(self.time * 3.0))
        order = [i for i in range(len(self.tiles)) if i != self.selected] + [self.selected]
        for index in order:
            self.tiles[index].draw(surface, index == self.selected, glow_alpha)
        self._draw_sparkles(surface)
        for flake in self.flakes:  # near flakes in front
            if flake.image >= 2:
                surface.blit(front[flake.image - 2], (flake.x + math.sin(flake.phase) * flake.sway, flake.y))
        self.settings_button.draw(surface)
        if self.needs_top_up:
            self.topup_button.draw(surface)

    def _draw_balance(self, surface: pygame.Surface) -> None:
        rect = self.layout.regions["balance"].rect
        if self._balance_img is not None:
            surface.blit(self._balance_img, self._balance_img.get_rect(midleft=(rect.x + 68, rect.y + 46)))

    def _draw_sparkles(self, surface: pygame.Surface) -> None:
        tile = self.tiles[self.selected]
        if not tile.info.available or tile.lift < 1:
            return
        rect = tile.rect.move(0, -int(tile.lift))
        perimeter = 2 * (rect.w + rect.h)
        for k in range(6):
            t = (self.time * 0.12 + k / 6) % 1.0
            d = t * perimeter
            x: float  # a point on the tile's edge, d along its perimeter
            y: float
            if d < rect.w:
                x, y = rect.x + d, rect.y
            elif d < rect.w + rect.h:
                x, y = rect.right, rect.y + d - rect.w
            elif d < 2 * rect.w + rect.h:
                x, y = rect.right - (d - rect.w - rect.h), rect.bottom
            else:
                x, y = rect.x, rect.bottom - (d - 2 * rect.w - rect.h)
            alpha = int(255 * (0.55 + 0.45 * math.sin(self.time * 5 + k * 1.7)))
            self._sparkle.set_alpha(alpha)
            surface.blit(self._sparkle, (x - 11, y - 11))


def lobby_scene(app: AppContext) -> Scene:
    """The lobby, built at once on this thread."""
    return LobbyScene(app)


class LobbyBuild(SceneBuild):
    """The lobby, built while the screen is dark: its pictures on a worker thread, then its balance."""

    def __init__(self, app: AppContext) -> None:
        self.app = app

    def build(self) -> Any:
        return LobbyScene(self.app, attach=False)

    def finish(self, built: Any) -> Scene:
        built.attach()
        lobby: Scene = built
        return lobby

    def discard(self, built: Any) -> None:
        built.dispose()


def go_to_lobby(app: AppContext) -> None:
    """Fade to the lobby (Esc in a game screen)."""
    app.scenes.switch(LobbyBuild(app))


def _button_images(app: AppContext) -> tuple[pygame.Surface, pygame.Surface, pygame.Surface] | None:
    from ..overlays.base import button_images

    return button_images(app.resources)


def _dimmed(art: pygame.Surface) -> pygame.Surface:
    """Coming-soon art: mostly grey, a little colour left, slightly darker."""
    grey = gfx.transform.grayscale(art)
    out = art.copy()
    grey.set_alpha(160)
    out.blit(grey, (0, 0))
    out.fill((190, 190, 205, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _ribbon(font: pygame.font.Font, width: int, label: str = "COMING SOON") -> pygame.Surface:
    band = gfx.Surface((width + 80, 44), pygame.SRCALPHA)
    band.fill((200, 40, 56, 235))
    gfx.draw.line(band, theme.GOLD, (0, 2), (band.get_width(), 2), 2)
    gfx.draw.line(band, theme.GOLD, (0, 41), (band.get_width(), 41), 2)
    text = render_text(font, label, theme.TEXT, theme.INK, 1)
    band.blit(text, text.get_rect(center=band.get_rect().center))
    rotated = gfx.transform.rotozoom(band, 18, 1.0)
    crop = pygame.Rect(0, 0, width, rotated.get_height())
    crop.center = rotated.get_rect().center
    return rotated.subsurface(crop).copy()


def _tab(font: pygame.font.Font, text: str, size: tuple[int, int], available: bool) -> pygame.Surface:
    """A key cap standing on the card's top edge: the number that opens the game."""
    w, h = size
    tab = gfx.Surface((w, h + 10), pygame.SRCALPHA)  # its rounded foot hides under the card
    edge = theme.GOLD if available else theme.MUTED
    gfx.draw.rect(tab, (30, 18, 44, 235), pygame.Rect(0, 0, w, h + 10), border_radius=9)
    gfx.draw.rect(tab, edge, pygame.Rect(0, 0, w, h + 10), width=2, border_radius=9)
    label = render_text(font, text, edge)
    tab.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
    return tab
