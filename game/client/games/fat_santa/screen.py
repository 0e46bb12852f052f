"""The Fat Santa game screen: 5x5 reels, 50 lines, Santa's Sleigh, and Santa growing in free games.

``FatSantaScreen(app, session, resume=None)``. The reels, win lines, effects, badges, the Bonus
Buy confirmation and the round's life come from the kit (``ReelScreen``); this adds the sleigh
layer, Santa's block, the pie meter, the free-spins panel and the methods the presenter's steps
call (docs/EVENTS.md). Layout regions come from ``levels/fat_santa.tmx``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ... import gfx, theme
from ...kit.reel_screen import ReelScreen
from ...widgets.art import rounded_panel
from ...widgets.text import render_text
from .art import FatSantaArt, SantaSprites, load_art
from .help import help_pages, line_bet_text
from .meter import PieMeter, SpinsPanel
from .presenter import Presenter, RoundState, masked
from .santa import SantaLayer
from .sleigh import SleighLayer

if TYPE_CHECKING:
    from ....engine.games.fat_santa import FatSanta

INK = (20, 8, 30)
GOLD = (255, 204, 92)
RED = (230, 60, 56)
ICE = (190, 225, 255)


class FatSantaScreen(ReelScreen):
    game: FatSanta
    EXTRA_REGIONS = (*ReelScreen.EXTRA_REGIONS, "sleigh", "meter", "buy", "buy_price")
    BUY_NAME = "the Free Games"
    BUY_LABEL = "BONUS BUY"
    FEATURE_BADGE = ("FREE GAMES", (210, 50, 50))
    REPLAY_COLOR = (60, 110, 220)
    ANTICIPATION = (255, 220, 120)
    PARTICLES = 260
    art: FatSantaArt
    presenter: Presenter

    # -- kit hooks ---------------------------------------------------------------------------

    def load_art(self, cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int]) -> FatSantaArt:
        return load_art(self.app.resources, self.game.symbols, cell, reels, frame_size, self.size)

    def filler(self) -> list[str]:
        santa, pie = self.game.description.santa, self.game.description.pie
        return [s for s in self.game.symbols if s != santa] + [pie]

    def build_features(self) -> None:
        self.dress_cards((170, 26, 34), (70, 8, 16))
        game, layout, res = self.game, self.layout, self.app.resources
        cols, rows = self.reels.cols, self.reels.rows
        self.meter_sizes = game.description.meter_sizes
        self.extra_spins = game.description.extra_spins
        self.sprites = SantaSprites(res, self.art, self.reels.cell_w, max_size=min(cols, rows))
        self.santa = SantaLayer(self.reels, self.sprites, self.art, self.particles, self.sparkles, self.stars,
                                self.sound, self._bubble("HO HO HO!"))
        self.sleigh = SleighLayer(self.reels, self.art, layout.rect("sleigh"), self.particles, self.sparkles,
                                  self.sound)
        self.meter = PieMeter(layout.rect("meter"), self.art, sizes=self.meter_sizes, extra=self.extra_spins,
                              title_font=theme.display(res, 30), big_font=theme.ui(res, 24, "heavy"),
                              small_font=theme.ui(res, 16), particles=self.particles, sparkles=self.sparkles)
        self.spins = SpinsPanel(layout.rect("free_spins"), game.description.free_spins,
                                title_font=theme.display(res, 30),
                                big_font=theme.ui(res, 30, "heavy"), small_font=theme.ui(res, 16))
        self.free_window: list[list[str]] | None = None  # the last free spin's window (Santa's cells as santa)

    def make_presenter(self) -> Presenter:
        return Presenter(self)

    def _bubble(self, text: str) -> pygame.Surface:
        font = theme.display(self.app.resources, 34)
        label = render_text(font, text, RED, (255, 255, 255), 2)
        w, h = label.get_width() + 36, label.get_height() + 18
        bubble = gfx.Surface((w, h + 16), pygame.SRCALPHA)
        gfx.draw.polygon(bubble, (40, 20, 20), [(22, h - 8), (44, h - 8), (14, h + 15)])
        gfx.draw.polygon(bubble, (255, 255, 255), [(24, h - 10), (42, h - 10), (16, h + 11)])
        body = rounded_panel((w, h), (255, 255, 255), (226, 236, 255), edge=(40, 20, 20), radius=h // 2, alpha=255,
                             edge_px=3)
        bubble.blit(body, (0, 0))
        gfx.draw.polygon(bubble, (255, 255, 255), [(25, h - 4), (41, h - 4), (18, h + 8)])
        bubble.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        return bubble

    def paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        res = self.app.resources
        plate = rounded_panel(rect.size, (190, 30, 36), (90, 8, 16), edge=GOLD, radius=20, alpha=235, edge_px=3)
        surface.blit(plate, rect)
        top = render_text(theme.display(res, 64), "Fat Santa", (255, 244, 214), (90, 10, 10), 4, shadow=True)
        if top.get_width() > rect.w - 16:
            top = gfx.transform.smoothscale(top, (rect.w - 16, top.get_height() * (rect.w - 16) // top.get_width()))
        sub = render_text(theme.ui(res, 16), self.window_caption(rows=True), GOLD, INK, 1)
        surface.blit(top, top.get_rect(midtop=(rect.centerx, rect.y + 6)))
        surface.blit(sub, sub.get_rect(midbottom=(rect.centerx, rect.bottom - 8)))

    def in_feature(self) -> bool:
        return self.meter.in_free

    def clear_features(self) -> None:
        self.sleigh.clear()
        if self.santa.visible and self.free_window is not None:  # a round left inside the feature
            self.reels.set_window(self.free_window)
        self.santa.set_block(None)
        self.free_window = None
        self.meter.reset()
        self.spins.set(in_free=False, spin=0, total=0)
        self.spins.capped = False

    def update_features(self, dt: float) -> None:
        self.sleigh.update(dt)
        self.santa.update(dt)
        self.meter.update(dt)
        self.spins.update(dt)
        if self.santa.visible and self.painter.marks:
            self.santa.highlight = not self.reels.emphasis.isdisjoint(self.santa.cells)

    def draw_under_lines(self, surface: pygame.Surface) -> None:
        self.sleigh.draw_pies(surface)
        self.santa.draw(surface)

    def draw_over_lines(self, surface: pygame.Surface) -> None:
        self.sleigh.draw_sleigh(surface)
        self.meter.draw(surface)
        self.spins.draw(surface)

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """Santa on the free games' cards; a pie on the cards of spins he wins by eating."""
        art = getattr(self, "art", None)
        if art is None:
            return None
        symbols = art.symbols
        return symbols.get("pie" if "Spin" in title or "Grew" in title else self.game.description.santa)

    def bet_detail(self, bet: int) -> str:
        lines = len(self.game.lines)
        return f"{line_bet_text(bet, lines)} x {lines} lines"

    def help_pages(self) -> list[Any]:
        thumbs = {size: gfx.transform.smoothscale(self.sprites.pose(size, "idle"), (22 + 10 * size,) * 2)
                  for size in range(2, self.sprites.max_size + 1)}
        icon = gfx.transform.smoothscale(self.art.pie_icon, (28, round(28 * self.art.pie_icon.get_height()
                                                                          / self.art.pie_icon.get_width())))
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols, self.art.sleigh, thumbs,
                          icon)

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
        super().before_spin()
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

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None:
        """The feature is over: Santa leaves, the panels return to the base game and the reels show
        the spin that triggered the feature (as the round's recall shows it)."""
        self.meter.in_free = False
        self.spins.in_free = False
        self.santa.set_block(None)
        self.free_window = None
        if base_window is not None:
            self.reels.set_window(base_window)

    def cap_reached(self) -> None:
        self.spins.capped = True
        self.santa.finish()
        rect = self.reels.rect
        for k in range(5):
            self.particles.burst(rect.x + rect.w * (k + 0.5) / 5, rect.centery, self.stars, count=20, speed=420,
                                 life=1.2, gravity=260)

    def reel_landed(self, col: int) -> None:
        super().reel_landed(col)
        if self.santa.visible:
            return
        column = self.reels.reels[col].target
        if self.game.description.santa in column:
            self.sparkle_cell(col, column.index(self.game.description.santa), count=12)
            self.scatter_landed()
