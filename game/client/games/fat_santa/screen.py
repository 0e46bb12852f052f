"""The Fat Santa game screen: 5x5 reels, 50 lines, Santa's Sleigh, and Santa growing in free games.

``FatSantaScreen(app, session, resume=None)``. The generic parts (money bar, keys, autoplay,
overlays, the Bonus Buy confirmation, settling) live in ``GameScreen``; this adds the reels, the
sleigh layer, Santa's block, the pie meter and the presenter that turns a round's events
(docs/events_fat_santa.md) into steps. Layout regions come from ``levels/fat_santa.tmx``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.money import cents_of, format_cents
from ... import theme
from ...kit.screen import GameScreen
from ...widgets.art import glow_frame, rounded_panel
from ...widgets.celebration import BigWinCelebration
from ...widgets.glyphs import GlyphText
from ...widgets.particles import Particles, spin_frames, twinkle_frames
from ...widgets.reels import ReelView
from ...widgets.text import render_text
from ...widgets.timeline import Step
from ...widgets.winlines import WinMark, WinPainter
from .art import SantaSprites, load_art
from .help import help_pages, line_bet_text
from .meter import PieMeter, SpinsPanel
from .presenter import Presenter, RoundState, masked, win_marks
from .santa import SantaLayer
from .sleigh import SleighLayer

if TYPE_CHECKING:
    from ....session import ActiveRound, PlaySession
    from ...context import AppContext

log = logging.getLogger(__name__)

INK = (20, 8, 30)
GOLD = (255, 204, 92)
CREAM = (255, 246, 228)
RED = (230, 60, 56)
ICE = (190, 225, 255)
IDLE_EACH = 1.5


class FatSantaScreen(GameScreen):
    LAYOUT = "fat_santa"
    EXTRA_REGIONS = ("reels", "sleigh", "logo", "free_spins", "meter", "last_win", "keys", "replay", "buy",
                     "buy_price")
    BUY_NAME = "the Free Games"
    BUY_LABEL = "BONUS BUY  B"

    def __init__(self, app: AppContext, session: PlaySession, resume: ActiveRound | None = None) -> None:
        super().__init__(app, session, resume)

    # -- construction ------------------------------------------------------------------------

    def build(self) -> None:
        game = self.game
        layout = self.layout
        res = self.app.resources
        reels_rect = layout.rect("reels")
        cols = int(layout.prop("reels", "cols", 5))
        rows = int(layout.prop("reels", "rows", 5))
        margin = int(layout.prop("reels", "frame_margin", 20))
        cell = (reels_rect.w // cols, reels_rect.h // rows)
        self.frame_rect = reels_rect.inflate(2 * margin, 2 * margin)
        self.art = load_art(res, game.symbols, cell, reels_rect, self.frame_rect.size, self.size)
        santa_sym, pie_sym = game.description.santa, game.description.pie
        filler = [s for s in game.symbols if s != santa_sym] + [pie_sym]
        self.reels = ReelView(reels_rect, cols, rows, self.art.symbols, filler, glow=self.art.cell_glow,
                              anticipation=glow_frame((cell[0], reels_rect.h), (255, 220, 120)))
        self.reels.on_land = self._reel_landed
        plain = [name for name in game.symbols if name not in (santa_sym, pie_sym)]
        self.reels.set_window([[plain[(c * 2 + r * 3) % len(plain)] for r in range(rows)] for c in range(cols)])
        self.painter = WinPainter(self.reels, game.lines, amount_font=self.fonts["tag"],
                                  detail_font=theme.ui(res, 17, "heavy"), badge_font=theme.ui(res, 15, "heavy"))
        self.sparkles = twinkle_frames(self.art.sparkle)
        self.stars = twinkle_frames(self.art.star, (12, 18, 24, 18))
        self.particles = Particles(260)
        self.meter_sizes = game.description.meter_sizes
        self.extra_spins = game.description.extra_spins
        self.sprites = SantaSprites(res, self.art, cell[0], max_size=min(cols, rows))
        bubble = self._bubble("HO HO HO!")
        self.santa = SantaLayer(self.reels, self.sprites, self.art, self.particles, self.sparkles, self.stars,
                                self.sound, bubble)
        self.sleigh = SleighLayer(self.reels, self.art, layout.rect("sleigh"), self.particles, self.sparkles,
                                  self.sound)
        self.meter = PieMeter(layout.rect("meter"), self.art, sizes=self.meter_sizes, extra=self.extra_spins,
                              title_font=theme.display(res, 30), big_font=theme.ui(res, 24, "heavy"),
                              small_font=theme.ui(res, 16), particles=self.particles, sparkles=self.sparkles)
        self.spins = SpinsPanel(layout.rect("free_spins"), title_font=theme.display(res, 30),
                                big_font=theme.ui(res, 30, "heavy"), small_font=theme.ui(res, 16))
        self.celebration = BigWinCelebration(
            self.size, title_font=theme.display(res, 110),
            amount=GlyphText(theme.ui(res, 76, "heavy"), (255, 232, 140), INK, outline_px=4),
            coin_frames=spin_frames(self.art.coin), sparkle_frames=self.sparkles, glow=self.art.glow,
            sound=self.sound,
        )
        self.presenter = Presenter(self)
        self.presenter.warm_up()
        self.badges = {
            "replay": self._badge("REPLAY", (60, 110, 220)),
            "free": self._badge("FREE GAMES", (210, 50, 50)),
        }
        self.last_win_font = theme.ui(res, 24, "heavy")
        self.price_font = theme.ui(res, 16)
        self.idle_marks: list[WinMark] = []
        self._idle_index = 0
        self._idle_left = 0.0
        self.time = 0.0
        self.free_window: list[list[str]] | None = None  # the last free spin's window (Santa's cells as santa)

    def _badge(self, text: str, color: tuple[int, int, int]) -> pygame.Surface:
        rect = self.layout.rect("replay")
        light = tuple(min(255, c + 60) for c in color)
        badge = rounded_panel(rect.size, light, color, edge=(255, 240, 210), radius=rect.h // 2, alpha=250)  # type: ignore[arg-type]
        label = render_text(theme.ui(self.app.resources, 19, "heavy"), text, (255, 250, 240), INK, 2)
        badge.blit(label, label.get_rect(center=(rect.w // 2, rect.h // 2 + 1)))
        return badge

    def _bubble(self, text: str) -> pygame.Surface:
        font = theme.display(self.app.resources, 34)
        label = render_text(font, text, RED, (255, 255, 255), 2)
        w, h = label.get_width() + 36, label.get_height() + 18
        bubble = pygame.Surface((w, h + 16), pygame.SRCALPHA)
        pygame.draw.polygon(bubble, (40, 20, 20), [(22, h - 8), (44, h - 8), (14, h + 15)])
        pygame.draw.polygon(bubble, (255, 255, 255), [(24, h - 10), (42, h - 10), (16, h + 11)])
        body = rounded_panel((w, h), (255, 255, 255), (226, 236, 255), edge=(40, 20, 20), radius=h // 2, alpha=255,
                             edge_px=3)
        bubble.blit(body, (0, 0))
        pygame.draw.polygon(bubble, (255, 255, 255), [(25, h - 4), (41, h - 4), (18, h + 8)])
        bubble.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return bubble

    def paint_background(self, surface: pygame.Surface) -> None:
        art = self.art
        surface.blit(art.background, (0, 0))
        surface.blit(art.reels_bg, self.reels.rect)
        surface.blit(art.frame, self.frame_rect)
        res = self.app.resources
        logo = self.layout.rect("logo")
        plate = rounded_panel(logo.size, (190, 30, 36), (90, 8, 16), edge=GOLD, radius=20, alpha=235, edge_px=3)
        surface.blit(plate, logo)
        top = render_text(theme.display(res, 64), "Fat Santa", (255, 244, 214), (90, 10, 10), 4, shadow=True)
        if top.get_width() > logo.w - 16:
            top = pygame.transform.smoothscale(top, (logo.w - 16, top.get_height() * (logo.w - 16) // top.get_width()))
        sub = render_text(theme.ui(res, 15), "5 REELS  \u00b7  5 ROWS  \u00b7  50 LINES", GOLD, INK, 1)
        surface.blit(top, top.get_rect(midtop=(logo.centerx, logo.y + 6)))
        surface.blit(sub, sub.get_rect(midbottom=(logo.centerx, logo.bottom - 8)))
        last = self.layout.rect("last_win")
        surface.blit(rounded_panel(last.size, (34, 52, 120), (14, 20, 56), edge=(120, 170, 235), radius=12), last)
        label = render_text(self.fonts["label"], "LAST WIN", ICE, INK, 1)
        surface.blit(label, label.get_rect(midleft=(last.x + 14, last.centery)))

    # -- GameScreen hooks --------------------------------------------------------------------

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool) -> list[Step]:
        steps = self.presenter.steps(events, bet, start, resumed=resumed)
        had_free = any(e["type"] == "free_games_start" for e in events)
        last_spin = next((e for e in events if e["type"] == "spin"), None)
        self.idle_marks = win_marks(last_spin["wins"], bet) if last_spin and not had_free else []
        return steps

    def bet_text(self, bet: int) -> str:
        lines = len(self.game.lines) or 50
        return f"{format_cents(bet)}   ({line_bet_text(bet, lines)} x {lines} lines)"

    def help_pages(self) -> list[Any]:
        thumbs = {size: pygame.transform.smoothscale(self.sprites.pose(size, "idle"), (22 + 10 * size,) * 2)
                  for size in range(2, self.sprites.max_size + 1)}
        icon = pygame.transform.smoothscale(self.art.pie_icon, (28, round(28 * self.art.pie_icon.get_height()
                                                                          / self.art.pie_icon.get_width())))
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols, self.art.sleigh, thumbs,
                          icon)

    def reel_spinning(self) -> bool:
        return self.reels.spinning

    def on_round_start(self) -> None:
        self.painter.clear()
        self._idle_left = 0.0
        self.celebration.active = False
        self.sleigh.clear()
        if self.santa.visible and self.free_window is not None:
            self.reels.set_window(self.free_window)
        self.santa.set_block(None)
        self.free_window = None
        self.meter.reset()
        self.spins.set(in_free=False, spin=0, total=0)
        self.spins.capped = False

    def on_idle(self) -> None:
        self._idle_index = 0
        self._idle_left = 0.0

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        if state.window is not None:
            self.reels.set_window(masked(state.window, state.santa) if state.santa else state.window)
            if state.santa:
                self.free_window = [list(column) for column in state.window]
        self.santa.set_block(state.santa)
        meter = state.meter or {"pies": 0, "needed": self.meter_sizes[0], "fills": 0}
        self.meter.set(in_free=state.in_free, pies=meter["pies"], needed=meter["needed"], fills=meter["fills"])
        self.spins.set(in_free=state.in_free, spin=state.spin, total=state.total)
        self.spins.capped = state.capped
        self.money.counter.set(won)

    def before_spin(self) -> None:
        self.painter.clear()
        self.santa.highlight = False

    def spin_with_sleigh(self, landed: list[list[str]], pies: Sequence[tuple[int, int]]) -> None:
        """The reels spin while the sleigh flies over; they stop only once its pies are locked."""
        self.before_spin()
        extra = [self.sleigh.FLY_TIME + 0.15] + [0.0] * (self.reels.cols - 1)
        self.reels.spin(landed, extra=extra)
        self.sleigh.fly(pies)

    def enter_free(self, total: int, meter: dict[str, int]) -> None:
        self.meter.set(in_free=True, pies=meter.get("pies", 0), needed=meter.get("needed"), fills=meter.get("fills", 0))
        self.spins.set(in_free=True, spin=0, total=total)

    def exit_free(self) -> None:
        """The feature is over: the panels return to the base game; Santa stays until the next spin."""
        self.meter.in_free = False
        self.spins.in_free = False
        window = [list(column) for column in self.reels.window]
        for c, r in self.santa.cells:
            window[c][r] = "santa"
        self.free_window = window

    def cap_reached(self) -> None:
        self.spins.capped = True
        self.santa.finish()
        rect = self.reels.rect
        for k in range(5):
            self.particles.burst(rect.x + rect.w * (k + 0.5) / 5, rect.centery, self.stars, count=20, speed=420,
                                 life=1.2, gravity=260)

    def celebrate_cells(self, cells: Sequence[tuple[int, int]]) -> None:
        self.sound("scatter_land")
        for col, row in cells:
            x, y = self.reels.cell_center(col, row)
            self.particles.burst(x, y, self.stars, count=16, speed=300, life=0.9, gravity=200)

    def _reel_landed(self, col: int) -> None:
        self.sound("reel_stop")
        if self.santa.visible:
            return
        column = self.reels.reels[col].target
        if "santa" in column:
            x, y = self.reels.cell_center(col, column.index("santa"))
            self.particles.burst(x, y, self.sparkles, count=12, speed=200, life=0.7, gravity=0)
            self.sound("scatter_land")

    # -- frame -------------------------------------------------------------------------------

    def update_play(self, dt: float) -> None:
        self.time += dt
        self.reels.update(dt)
        self.sleigh.update(dt)
        self.santa.update(dt)
        self.meter.update(dt)
        self.spins.update(dt)
        self.painter.update(dt)
        self.particles.update(dt)
        if self.santa.visible and self.painter.marks:
            self.santa.highlight = not self.reels.emphasis.isdisjoint(self.santa.cells)
        if self.timeline is None and self.idle_marks and self.manager.top is self:
            self._idle_left -= dt
            if self._idle_left <= 0:
                self._idle_left = IDLE_EACH
                self.painter.show_one(self.idle_marks[self._idle_index % len(self.idle_marks)])
                self._idle_index += 1

    def draw_play(self, surface: pygame.Surface) -> None:
        self.reels.draw(surface)
        self.sleigh.draw_pies(surface)
        self.santa.draw(surface)
        self.painter.draw(surface)
        self.sleigh.draw_sleigh(surface)
        self.meter.draw(surface)
        self.spins.draw(surface)
        last = self.layout.rect("last_win")
        image = render_text(self.last_win_font, format_cents(self.last_win), CREAM, INK, 2)
        surface.blit(image, image.get_rect(midright=(last.right - 14, last.centery + 1)))
        price = self.layout.rect("buy_price")
        cost = cents_of(self.game.buy_price_x, self.session.bet) if self.game.buy_price_x else 0
        text = render_text(self.price_font, f"Free Games for {self.game.buy_price_x}x bet = {format_cents(cost)}",
                           ICE, INK, 1)
        surface.blit(text, text.get_rect(center=price.center))
        if self.replaying is not None:
            surface.blit(self.badges["replay"], self.layout.rect("replay"))
        elif self.meter.in_free:
            surface.blit(self.badges["free"], self.layout.rect("replay"))

    def draw_top(self, surface: pygame.Surface) -> None:
        self.particles.draw(surface)

