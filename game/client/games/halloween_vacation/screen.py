"""The Halloween Vacation game screen: 5x4 reels, 50 lines, sticky and expanding wilds.

``HalloweenVacationScreen(app, session, resume=None)``. The generic parts (money bar, keys,
autoplay, overlays, settling) live in ``GameScreen``; this adds the reels, the free-game layer
and the presenter that turns a round's events into steps. Layout regions come from
``levels/halloween_vacation.tmx``.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.money import format_cents
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
from .art import load_art
from .feature import FeatureLayer
from .help import help_pages
from .presenter import Presenter, RoundState, win_marks

if TYPE_CHECKING:
    from ....session import ActiveRound, PlaySession
    from ...context import AppContext

log = logging.getLogger(__name__)

INK = (20, 8, 30)
GOLD = (255, 204, 92)
MARIGOLD = (255, 160, 50)
TEAL = (70, 220, 210)
IDLE_EACH = 1.5


class HalloweenVacationScreen(GameScreen):
    LAYOUT = "halloween_vacation"
    EXTRA_REGIONS = ("reels", "logo", "free_spins", "last_win", "keys", "replay")

    def __init__(self, app: AppContext, session: PlaySession, resume: ActiveRound | None = None) -> None:
        super().__init__(app, session, resume)

    # -- construction ------------------------------------------------------------------------

    def build(self) -> None:
        game = self.game
        layout = self.layout
        reels_rect = layout.rect("reels")
        cols = int(layout.prop("reels", "cols", 5))
        rows = int(layout.prop("reels", "rows", 4))
        margin = int(layout.prop("reels", "frame_margin", 20))
        cell = (reels_rect.w // cols, reels_rect.h // rows)
        self.frame_rect = reels_rect.inflate(2 * margin, 2 * margin)
        self.art = load_art(self.app.resources, game.symbols, cell, reels_rect, self.frame_rect.size, self.size)
        filler = [s for s in game.symbols if s not in (game.wild, game.scatter)] + [game.scatter]
        anticipation = glow_frame((cell[0], reels_rect.h), (255, 150, 40))
        self.reels = ReelView(reels_rect, cols, rows, self.art.symbols, filler, glow=self.art.cell_glow,
                              anticipation=anticipation)
        self.reels.on_land = self._reel_landed
        res = self.app.resources
        self.painter = WinPainter(self.reels, game.lines, amount_font=self.fonts["tag"],
                                  detail_font=theme.ui(res, 17, "heavy"), badge_font=theme.ui(res, 15, "heavy"))
        self.sparkles = twinkle_frames(self.art.sparkle)
        self.stars = twinkle_frames(self.art.star, (12, 18, 24, 18))
        self.particles = Particles(200)
        self.feature = FeatureLayer(
            self.reels, self.art, expanding_reel=game.expanding_reel, multipliers=game.expanding_multipliers,
            badge_font=theme.display(res, 60), badge_y=int(layout.prop("reels", "badge_y", 430)),
            panel_rect=layout.rect("free_spins"), title_font=theme.display(res, 34),
            big_font=theme.ui(res, 30, "heavy"), small_font=theme.ui(res, 17), particles=self.particles,
            sparkles=self.sparkles,
        )
        self.celebration = BigWinCelebration(
            self.size, title_font=theme.display(res, 110),
            amount=GlyphText(theme.ui(res, 76, "heavy"), (255, 232, 140), INK, outline_px=4),
            coin_frames=spin_frames(self.art.coin), sparkle_frames=self.sparkles, glow=self.art.glow,
            sound=self.sound,
        )
        self.presenter = Presenter(self)
        self.presenter.warm_up()
        self.badges = {
            "replay": self._badge("REPLAY", (230, 70, 150)),
            "free": self._badge("FREE GAMES", (220, 120, 30)),
        }
        self.last_win_font = theme.ui(res, 24, "heavy")
        self.idle_marks: list[WinMark] = []
        self._idle_index = 0
        self._idle_left = 0.0
        self.time = 0.0

    def _badge(self, text: str, color: tuple[int, int, int]) -> pygame.Surface:
        rect = self.layout.rect("replay")
        light = tuple(min(255, c + 60) for c in color)
        badge = rounded_panel(rect.size, light, color, edge=(255, 240, 210), radius=rect.h // 2, alpha=250)  # type: ignore[arg-type]
        label = render_text(theme.ui(self.app.resources, 19, "heavy"), text, (255, 250, 240), INK, 2)
        badge.blit(label, label.get_rect(center=(rect.w // 2, rect.h // 2 + 1)))
        return badge

    def paint_background(self, surface: pygame.Surface) -> None:
        art = self.art
        surface.blit(art.background, (0, 0))
        surface.blit(art.reels_bg, self.reels.rect)
        surface.blit(art.frame, self.frame_rect)
        res = self.app.resources
        logo = self.layout.rect("logo")
        top = render_text(theme.display(res, 50), "Halloween", MARIGOLD, INK, 3, shadow=True)
        bottom = render_text(theme.display(res, 44), "Vacation", GOLD, INK, 3, shadow=True)
        sub = render_text(theme.ui(res, 14), "5 REELS  \u00b7  50 LINES", (230, 215, 245), INK, 1)
        surface.blit(top, top.get_rect(midtop=(logo.centerx, logo.y)))
        surface.blit(bottom, bottom.get_rect(midtop=(logo.centerx + 14, logo.y + top.get_height() - 16)))
        surface.blit(sub, sub.get_rect(midbottom=(logo.centerx, logo.bottom)))
        last = self.layout.rect("last_win")
        surface.blit(rounded_panel(last.size, (52, 28, 76), (26, 12, 42), edge=(140, 100, 170), radius=12), last)
        label = render_text(self.fonts["label"], "LAST WIN", (205, 180, 230), INK, 1)
        surface.blit(label, label.get_rect(midtop=(last.centerx, last.y + 5)))

    # -- GameScreen hooks --------------------------------------------------------------------

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool) -> list[Step]:
        steps = self.presenter.steps(events, bet, start, resumed=resumed)
        had_free = any(e["type"] == "free_games_start" for e in events)
        last_spin = next((e for e in events if e["type"] == "spin"), None)
        self.idle_marks = win_marks(last_spin["wins"], bet) if last_spin and not had_free else []
        return steps

    def bet_text(self, bet: int) -> str:
        value, level = self.game.bet_breakdown(bet)
        return f"{format_cents(value)} x {level} x {self.game.bet_credits} = {format_cents(bet)}"

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols)

    def reel_spinning(self) -> bool:
        return self.reels.spinning

    def on_round_start(self) -> None:
        self.painter.clear()
        self._idle_left = 0.0
        self.celebration.active = False

    def on_idle(self) -> None:
        self._idle_index = 0
        self._idle_left = 0.0

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        if state.window is not None:
            self.reels.set_window(state.window)
        self.feature.set_state(in_free=state.in_free, spin=state.spin, total=state.total, sticky=state.sticky,
                               expanding=state.expanding)
        self.money.counter.set(won)

    def before_spin(self) -> None:
        self.painter.clear()

    def enter_free(self, total: int) -> None:
        self.feature.enter_free(total)

    def exit_free(self, base_window: list[list[str]] | None) -> None:
        """Back to the base game: the layer clears and the reels show the triggering spin."""
        self.feature.exit_free()
        if base_window is not None:
            self.reels.set_window(base_window)

    def celebrate_cells(self, cells: Sequence[tuple[int, int]]) -> None:
        self.sound("scatter_land")
        for col, row in cells:
            x, y = self.reels.cell_center(col, row)
            self.particles.burst(x, y, self.stars, count=16, speed=300, life=0.9, gravity=200)

    def _reel_landed(self, col: int) -> None:
        self.sound("reel_stop")
        column = self.reels.reels[col].target
        if self.game.scatter in column and not self.feature.in_free:
            row = column.index(self.game.scatter)
            x, y = self.reels.cell_center(col, row)
            self.particles.burst(x, y, self.sparkles, count=10, speed=180, life=0.6, gravity=0)
            self.sound("scatter_land")

    # -- frame -------------------------------------------------------------------------------

    def update_play(self, dt: float) -> None:
        self.time += dt
        self.reels.update(dt)
        self.feature.update(dt)
        self.painter.update(dt)
        self.particles.update(dt)
        if self.timeline is None and self.idle_marks and self.manager.top is self:
            self._idle_left -= dt
            if self._idle_left <= 0:
                self._idle_left = IDLE_EACH
                self.painter.show_one(self.idle_marks[self._idle_index % len(self.idle_marks)])
                self._idle_index += 1

    def draw_play(self, surface: pygame.Surface) -> None:
        self.reels.draw(surface)
        self.feature.draw(surface)
        self.painter.draw(surface)
        self.feature.draw_panel(surface)
        last = self.layout.rect("last_win")
        text = format_cents(self.last_win)
        image = render_text(self.last_win_font, text, (255, 246, 228), INK, 2)
        surface.blit(image, image.get_rect(center=(last.centerx, last.bottom - 20)))
        if self.replaying is not None:
            surface.blit(self.badges["replay"], self.layout.rect("replay"))
        elif self.feature.in_free:
            surface.blit(self.badges["free"], self.layout.rect("replay"))

    def draw_top(self, surface: pygame.Surface) -> None:
        self.particles.draw(surface)
