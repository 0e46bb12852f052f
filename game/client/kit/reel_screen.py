"""A reel game's screen: the reels from the map, win lines, the idle win cycle, last win, badges.

A game subclasses :class:`ReelScreen`, loads its art (``load_art``), builds its own feature
widgets (``build_features``), names its presenter (``make_presenter``) and paints its logo; the
reels, the win painter, the effects, the idle cycle and the frame are built and drawn here.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pygame

from .. import theme
from ..widgets.art import glow_frame
from ..widgets.reels import ReelView
from ..widgets.timeline import Step
from ..widgets.winlines import WinPainter
from .field import IdleWinCycle
from .quiet import quiet_window
from .reel_presenter import ReelPresenter
from .screen import Color, GameScreen

log = logging.getLogger(__name__)

CREAM = (255, 246, 228)


class ReelScreen(GameScreen):
    """Reels in the map's ``reels`` object (its ``cols`` and ``rows`` must match the engine's)."""

    EXTRA_REGIONS: tuple[str, ...] = ("reels", "logo", "free_spins")
    FEATURE_BADGE: tuple[str, Color] = ("FREE GAMES", (220, 120, 30))
    REPLAY_COLOR: Color = (230, 70, 150)
    ANTICIPATION: Color = (255, 150, 40)  # the glow round a reel that holds on for a feature
    PARTICLES = 200

    art: Any
    presenter: ReelPresenter

    # -- hooks for a reel game ----------------------------------------------------------------

    def load_art(self, cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int]) -> Any:
        """The game's art (with ``symbols``, ``background``, ``reels_bg``, ``frame``, ``cell_glow``
        and the effect pictures of ``kit.field.EffectArt``)."""
        raise NotImplementedError

    def filler(self) -> list[str]:
        """Symbols the blurred strips show while spinning (decoration only)."""
        return list(self.game.symbols)

    def build_features(self) -> None:
        """The game's own widgets (feature layers, meters, panels)."""

    def make_presenter(self) -> ReelPresenter:
        raise NotImplementedError

    def paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The game's name in the map's ``logo`` region."""

    def window_caption(self, *, rows: bool = False) -> str:
        """The logo's line under the name, counted by the engine: "5 REELS  ·  50 LINES"."""
        counts = [f"{self.game.reel_count} REELS", *([f"{self.game.rows} ROWS"] if rows else []),
                  f"{len(self.game.lines)} LINES"]
        return "  \u00b7  ".join(counts)

    def in_feature(self) -> bool:
        """The feature is on the reels (its badge shows)."""
        return False

    def clear_features(self) -> None:
        """A new round or replay begins: feature widgets go back to the base game."""

    def update_features(self, dt: float) -> None: ...

    def draw_under_lines(self, surface: pygame.Surface) -> None:
        """Drawn over the reels, under the win lines (sticky wilds, Santa, pies)."""

    def draw_over_lines(self, surface: pygame.Surface) -> None:
        """Drawn over the win lines (panels, the sleigh, prices)."""

    # -- construction ------------------------------------------------------------------------

    def build(self) -> None:
        game = self.game
        layout = self.layout
        res = self.app.resources
        reels_rect = layout.rect("reels")
        cols, rows = game.reel_count, game.rows  # the map's reels object was checked against these at load
        margin = int(layout.prop("reels", "frame_margin", 20))
        cell = (reels_rect.w // cols, reels_rect.h // rows)
        self.frame_rect = reels_rect.inflate(2 * margin, 2 * margin)
        self.art = self.load_art(cell, reels_rect, self.frame_rect.size)
        self.reels = ReelView(reels_rect, cols, rows, self.art.symbols, self.filler(), glow=self.art.cell_glow,
                              anticipation=glow_frame((cell[0], reels_rect.h), self.ANTICIPATION))
        self.reels.on_land = self.reel_landed
        self.field = self.reels
        self.painter = WinPainter(self.reels, game.lines, amount_font=self.fonts["tag"],
                                  detail_font=theme.ui(res, 17, "heavy"), badge_font=theme.ui(res, 16, "heavy"))
        self.make_effects(self.art, particles=self.PARTICLES)
        self.idle = IdleWinCycle(self.painter)
        self.time = 0.0
        self.build_features()
        self.presenter = self.make_presenter()
        self.presenter.warm_up()
        self.make_badges(self.FEATURE_BADGE, self.REPLAY_COLOR)

    def paint_background(self, surface: pygame.Surface) -> None:
        art = self.art
        surface.blit(art.background(), (0, 0))
        surface.blit(art.reels_bg, self.reels.rect)
        surface.blit(art.frame, self.frame_rect)
        self.paint_logo(surface, self.layout.rect("logo"))

    # -- GameScreen hooks --------------------------------------------------------------------

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool,
                  continuing: bool = False) -> list[Step]:
        steps = self.presenter.steps(events, bet, start, resumed=resumed, continuing=continuing)
        self.idle.marks = self.presenter.idle_marks
        return steps

    def show_opening(self, events: Sequence[dict[str, Any]]) -> None:
        window = next((e["window"] for e in events if e["type"] == "spin"), None)
        if window is not None:
            self.reels.set_window(window)

    def reel_spinning(self) -> bool:
        return self.reels.spinning

    def quiet_window(self) -> list[list[str]] | None:
        """A base window that pays and triggers nothing (``kit.quiet``): where a bought feature ends."""
        window = quiet_window(self.game, self.quiet)
        return [list(column) for column in window] if window is not None else None

    def on_round_start(self) -> None:
        self.painter.clear()
        self.idle.restart()
        self.celebration.active = False
        self.clear_features()

    def on_idle(self) -> None:
        self.idle.restart()

    def before_spin(self) -> None:
        self.painter.clear()
        self._scatters_landed = 0

    def reel_landed(self, col: int) -> None:
        """A reel touched down: its stop sound (games add their scatter sparkle); when the reels
        after it hold on for a feature that can still land, the build-up."""
        self.sound("reel_stop")
        reels = self.reels.reels
        if col + 1 < len(reels) and reels[col + 1].anticipate and not reels[col].anticipate:
            self.sound("anticipation")

    def feature_music(self) -> bool:
        return self.in_feature()

    def sparkle_cell(self, col: int, row: int, count: int = 10) -> None:
        x, y = self.reels.cell_center(col, row)
        self.particles.burst(x, y, self.sparkles, count=count, speed=190, life=0.65, gravity=0)

    # -- frame -------------------------------------------------------------------------------

    def update_play(self, dt: float) -> None:
        self.time += dt
        self.reels.update(dt)
        self.update_features(dt)
        self.painter.update(dt)
        self.particles.update(dt)
        self.idle.update(dt, idle=self.director is None and self.manager.top is self)

    def draw_play(self, surface: pygame.Surface) -> None:
        self.reels.draw(surface)
        self.draw_under_lines(surface)
        self.painter.draw(surface)
        self.draw_over_lines(surface)
        self.draw_badge(surface, self.in_feature())

    def draw_top(self, surface: pygame.Surface) -> None:
        self.particles.draw(surface)
