"""The Santa's Wonderland game screen: an 8x8 cluster grid with tumbles, snowflake markers and
Midnight Riches.

``SantasWonderlandScreen(app, session, resume=None)``. The generic parts (money bar, keys,
autoplay, overlays, buying, settling) live in ``GameScreen``; this adds the grid, the markers,
the feature animations, the meter and level panels, and the presenter that turns a round's
events into steps. Layout regions come from ``levels/santas_wonderland.tmx``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ... import gfx, theme
from ...kit.screen import GameScreen
from ...widgets.anim import clamp01
from ...widgets.art import lighter, tinted
from ...widgets.timeline import Step
from .art import FEATURE_COLORS, load_art
from .clusters import COLORS, ClusterPainter
from .fx import FeatureFX
from .grid import GridView
from .help import help_pages
from .markers import MarkerLayer
from .panels import FeaturesPanel, LevelsPanel, MeterPanel
from .presenter import Presenter, RoundState

if TYPE_CHECKING:
    from ....engine.games.santas_wonderland import SantasWonderland

log = logging.getLogger(__name__)

INK = (12, 8, 30)
GOLD = (255, 210, 96)
FADE_TIME = 0.7


def idle_grid(symbols: Sequence[str], cols: int, rows: int) -> list[list[str]]:
    """A fixed, decorative grid shown before the first round (no random draw, no clusters)."""
    paying = [s for s in symbols if s != "wild"]
    return [[paying[(col * 3 + row * 2 + (row // 2)) % len(paying)] for row in range(rows)] for col in range(cols)]


class SantasWonderlandScreen(GameScreen):
    game: SantasWonderland
    EXTRA_REGIONS = ("grid", "logo", "meter", "features", "levels", "buy", "buy_price", "caption")
    BUY_NAME = "Midnight Riches"
    BUY_LABEL = "BUY MIDNIGHT RICHES"

    # -- construction ------------------------------------------------------------------------

    def build(self) -> None:
        game = self.game
        layout = self.layout
        res = self.app.resources
        grid_rect = layout.rect("grid")
        cols = int(layout.prop("grid", "cols", 8))
        rows = int(layout.prop("grid", "rows", 8))
        margin = int(layout.prop("grid", "frame_margin", 18))
        cell = (grid_rect.w // cols, grid_rect.h // rows)
        self.frame_rect = grid_rect.inflate(2 * margin, 2 * margin)
        symbols = tuple(game.symbols)
        if "wild" not in symbols:
            symbols = (*symbols, "wild")
        self.art = load_art(res, symbols, cell, grid_rect, self.frame_rect.size, self.size)
        self.dress_cards((64, 30, 140), (14, 10, 52))
        self.grid = GridView(grid_rect, cols, rows, self.art.symbols, self.art.pops, self.art.cell_glow)
        self.grid.on_land = self._column_landed
        self.grid.set_grid(idle_grid(symbols, cols, rows))
        self.field = self.grid
        self.painter = ClusterPainter(self.grid, amount_font=theme.ui(res, 24, "heavy"),
                                      detail_font=theme.ui(res, 16, "heavy"))
        self.make_effects(self.art, particles=320)
        self._colored: dict[tuple[int, int, int], list[pygame.Surface]] = {}
        for color in (*(c[0] for c in FEATURE_COLORS.values()), *COLORS.values(), (255, 250, 220)):
            self.colored_sparkles(color)
        self.markers = MarkerLayer(self.grid, self.art.markers, self.art.marker_badges, self.art.marker_icons,
                                   self.art.cell_rings, self.particles, self.sparkles)
        panel_fonts = {
            "title": theme.display(res, 30), "big": theme.display(res, 40), "small": theme.ui(res, 16),
            "value": theme.ui(res, 17, "heavy"), "head": theme.ui(res, 17, "heavy"), "row": theme.ui(res, 19, "heavy"),
        }
        self.trigger_points = game.description.trigger_points
        self.levels = game.description.levels
        self.meter = MeterPanel(layout.rect("meter"), trigger=self.trigger_points, fonts=panel_fonts)
        self.features_panel = FeaturesPanel(layout.rect("features"), self.art.marker_icons, fonts=panel_fonts)
        self.levels_panel = LevelsPanel(layout.rect("levels"), self.levels, fonts=panel_fonts)
        self.markers.target = self.features_panel.icon_center
        self.markers.on_arrive = self._marker_arrived
        self.fx = FeatureFX(grid_rect, title_font=theme.display(res, 44), small_font=theme.ui(res, 18, "heavy"),
                            glow=self.art.glow, trigger=self.trigger_points)
        self.presenter = Presenter(self)
        self.presenter.warm_up()
        self._warm: list[Callable[[], object]] = []
        self.make_badges(("MIDNIGHT RICHES", (120, 60, 220)), replay=(230, 70, 150))
        self.in_midnight = False
        self._night = True  # paint the midnight background first, keep it for the feature
        self.night_background = self._compose_background()
        self._night = False
        self.day_background: pygame.Surface | None = None
        self._fade: float | None = None  # seconds into a day/night cross-fade
        self._fade_from: pygame.Surface | None = None
        self.time = 0.0

    def paint_background(self, surface: pygame.Surface) -> None:
        art = self.art
        surface.blit(art.background_midnight() if self._night else art.background(), (0, 0))
        surface.blit(art.grid_bg, self.grid.rect)
        surface.blit(art.frame, self.frame_rect)
        logo = self.layout.rect("logo")
        surface.blit(art.logo, art.logo.get_rect(center=logo.center))

    def colored_sparkles(self, color: tuple[int, int, int] | None) -> list[pygame.Surface]:
        if color is None:
            return self.sparkles
        frames = self._colored.get(color)
        if frames is None:
            light = lighter(color, 40)
            frames = self._colored[color] = [tinted(f, light) for f in self.sparkles]
        return frames

    # -- GameScreen hooks --------------------------------------------------------------------

    def apply_motion(self) -> None:
        self.grid.calm = self.reduced_motion

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """Santa, the wild, on Midnight Riches' cards."""
        return getattr(getattr(self, "art", None), "symbols", {}).get("wild")

    def show_opening(self, events: Sequence[dict[str, Any]]) -> None:
        grid = next((e["grid"] for e in events if e["type"] == "spin"), None)
        if grid is not None:
            self.grid.set_grid(grid)

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool,
                  continuing: bool = False) -> list[Step]:
        steps = self.presenter.steps(events, bet, start, resumed=resumed, continuing=continuing)
        self._warm = list(self.presenter.warm)  # pictures the round uses, made ahead one per frame
        return steps

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.source, self.levels,
                          self.trigger_points)

    def on_round_start(self) -> None:
        self.painter.clear()
        self.fx.clear()
        self.celebration.active = False

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        if state.grid is not None:
            self.grid.set_grid(state.grid)
        self.markers.set(state.markers)
        self.in_midnight = state.in_midnight
        self.set_night(state.in_midnight, fade=False)
        if state.in_midnight:
            if state.levels:
                self.levels_panel.levels = list(state.levels)
            self.features_panel.reset(midnight=True)
            if state.level:
                self.meter.enter_level(state.level, state.multiplier, state.needed, state.collected)
                self.levels_panel.level = state.level
        else:
            self.features_panel.reset()
            self.meter.reset()
            self.meter.set_points(state.meter, animate=False)
            self.levels_panel.level = 0
        for name, value in state.features.items():
            if value != "idle":
                self.features_panel.set(name, value)
        self.money.counter.set(won)

    def start_spin(self) -> None:
        """A base spin begins: the old grid falls away, the meter starts from zero."""
        self.painter.clear()
        self.markers.clear()
        self.features_panel.reset()
        self.meter.reset()

    def show_markers(self, markers: dict[str, Sequence[int]]) -> None:
        self.markers.set(markers, animate=True)
        self.features_panel.set_all("marked")
        for cell in markers.values():
            x, y = self.grid.cell_center(cell[0], cell[1])
            self.particles.burst(x, y, self.sparkles, count=6, speed=140, life=0.5, gravity=0)
        self.sound("scatter_land")

    def set_meter(self, points: int) -> None:
        before = self.meter.full
        self.meter.set_points(points)
        if not before and not self.meter.midnight and points >= self.trigger_points:
            self.sound("multiplier_up")

    def meter_triggered(self, points: int) -> None:
        self.meter.set_points(points)
        self.fx.show_caption("midnight", 1.0)
        r = self.meter.rect
        self.particles.burst(r.centerx, r.bottom - 30, self.colored_sparkles((255, 220, 120)), count=30, speed=320,
                             life=0.9, gravity=100)
        self.sound("feature_start")

    def win_markers(self, names: Sequence[str]) -> None:
        self.markers.win(names)
        self.sound("scatter_land")

    def _marker_arrived(self, name: str) -> None:
        self.features_panel.set(name, "owed")
        self.sound("sticky_lock")

    def feature_music(self) -> bool:
        return self.in_midnight

    def begin_feature(self, name: str) -> None:
        self.features_panel.set(name, "playing")
        self.sound("marker_fire")

    def end_feature(self, name: str) -> None:
        self.features_panel.set(name, "done")

    def end_spin(self) -> None:
        """The base spin is over: unclaimed markers melt away."""
        self.markers.land_all()
        self.markers.clear(fade=True)
        for name, state in self.features_panel.state.items():
            if state == "marked":
                self.features_panel.set(name, "idle")

    def enter_midnight(self, levels: Sequence[tuple[int, int, int | None]]) -> None:
        self.in_midnight = True
        if levels:
            self.levels_panel.levels = list(levels)
        self.markers.clear()
        self.features_panel.reset(midnight=True)
        self.set_night(True)

    def begin_level(self, level: int, multiplier: int, needed: int | None) -> None:
        self.painter.clear()
        self.meter.enter_level(level, multiplier, needed)
        self.levels_panel.level = level
        self.features_panel.reset(midnight=True)
        self.in_midnight = True

    def level_done(self, level: int, advance: bool) -> None:
        if advance:
            r = self.levels_panel.rect
            self.particles.burst(r.centerx, r.centery, self.colored_sparkles((255, 220, 120)), count=24, speed=260,
                                 life=0.8, gravity=60)

    def leave_midnight(self) -> None:
        if not self.in_midnight and not self.meter.midnight:
            return
        self.in_midnight = False
        self.meter.leave_midnight()
        self.levels_panel.level = 0
        self.features_panel.reset()
        self.set_night(False)

    def cap_reached(self) -> None:
        self.painter.clear()
        self.fx.clear()
        self.grid.settle()
        cx, cy = self.grid.rect.center
        self.particles.burst(cx, cy, self.colored_sparkles((255, 220, 120)), count=60, speed=480, life=1.2,
                             gravity=200)

    def sparkle_at(self, x: float, y: float, color: tuple[int, int, int] | None = None, count: int = 10) -> None:
        self.particles.burst(x, y, self.colored_sparkles(color), count=count, speed=220, life=0.6, gravity=80)

    def burst_cells(self, cells: Sequence[Sequence[int]]) -> None:
        for col, row in cells:
            name = self.grid.names[col][row]
            x, y = self.grid.cell_center(col, row)
            self.particles.burst(x, y, self.colored_sparkles(COLORS.get(name or "")), count=4, speed=260, life=0.55,
                                 gravity=500)
        if cells:
            self.sound("tumble")

    def _column_landed(self, col: int) -> None:
        if col % 2 == 0:
            self.sound("reel_stop")

    def set_night(self, on: bool, *, fade: bool = True) -> None:
        if self.day_background is None:
            self.day_background = self.background
        target = self.night_background if on else self.day_background
        if target is self.background:
            return
        if fade:
            self._fade_from = self.background
            self._fade = 0.0
        self.background = target
        self.features_panel.midnight = on

    # -- frame -------------------------------------------------------------------------------

    def update_play(self, dt: float) -> None:
        self.time += dt
        if self._warm:
            self._warm.pop(0)()
        self.grid.update(dt)
        self.markers.update(dt)
        self.painter.update(dt)
        self.fx.update(dt)
        self.meter.update(dt)
        self.features_panel.update(dt)
        self.levels_panel.update(dt)
        self.particles.update(dt)
        if self._fade is not None:
            self._fade += dt
            if self._fade >= FADE_TIME:
                self._fade, self._fade_from = None, None

    def draw_play(self, surface: pygame.Surface) -> None:
        if self._fade is not None and self._fade_from is not None:
            gfx.blit_at_alpha(surface, self._fade_from, (0, 0), round(255 * (1 - clamp01(self._fade / FADE_TIME))))
        self.markers.draw_behind(surface)
        self.painter.draw_under(surface)
        self.grid.draw(surface)
        self.painter.draw(surface)
        self.markers.draw_front(surface)
        self.fx.draw(surface)
        self.meter.draw(surface)
        self.features_panel.draw(surface)
        self.levels_panel.draw(surface)
        self.draw_badge(surface, self.in_midnight)

    def draw_top(self, surface: pygame.Surface) -> None:
        self.particles.draw(surface)
