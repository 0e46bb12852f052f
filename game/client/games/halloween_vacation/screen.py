"""The Halloween Vacation game screen: 5x4 reels, 50 lines, sticky and expanding wilds.

``HalloweenVacationScreen(app, session, resume=None)``. The reels, win lines, effects, badges and
the round's life come from the kit (``ReelScreen``); this adds the free-game layer (sticky frames,
the Expanding Wild and its multiplier, the free-spins panel), the logo and the methods the
presenter's steps call. Layout regions come from ``levels/halloween_vacation.tmx``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.money import format_cents
from ... import theme
from ...kit.reel_screen import ReelScreen
from ...widgets.text import render_text
from .art import HalloweenArt, load_art
from .feature import FeatureLayer
from .help import help_pages
from .presenter import Presenter, RoundState

if TYPE_CHECKING:
    from ....engine.games.halloween_vacation import HalloweenVacation

INK = (20, 8, 30)
GOLD = (255, 204, 92)
MARIGOLD = (255, 160, 50)


class HalloweenVacationScreen(ReelScreen):
    game: HalloweenVacation
    art: HalloweenArt
    presenter: Presenter

    # -- kit hooks ---------------------------------------------------------------------------

    def load_art(self, cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int]) -> HalloweenArt:
        return load_art(self.app.resources, self.game.symbols, cell, reels, frame_size, self.size)

    def filler(self) -> list[str]:
        game = self.game
        return [s for s in game.symbols if s not in (game.wild, game.scatter)] + [game.scatter]

    def build_features(self) -> None:
        self.dress_cards((120, 40, 140), (40, 12, 60))
        game, res = self.game, self.app.resources
        d = game.description
        sticky = " & ".join(str(reel + 1) for reel in d.sticky_reels)
        intro = (f"{d.scatter_trigger} or more scatters award", f"{d.free_spins} FREE SPINS",
                 f"Sticky wilds on reels {sticky}",
                 "Expanding Wild " + " \u00b7 ".join(f"x{m}" for m in d.expanding_multipliers))
        self.feature = FeatureLayer(
            self.reels, self.art, expanding_reel=d.expanding_reel, multipliers=d.expanding_multipliers, intro=intro,
            badge_font=theme.display(res, 60), badge_font_large=theme.display(res, 120),
            badge_y=int(self.layout.prop("reels", "badge_y", 430)),
            panel_rect=self.layout.rect("free_spins"), title_font=theme.display(res, 34),
            big_font=theme.ui(res, 30, "heavy"), small_font=theme.ui(res, 17), particles=self.particles,
            sparkles=self.sparkles,
        )

    def make_presenter(self) -> Presenter:
        return Presenter(self)

    def paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        res = self.app.resources
        top = render_text(theme.display(res, 50), "Halloween", MARIGOLD, INK, 3, shadow=True)
        bottom = render_text(theme.display(res, 44), "Vacation", GOLD, INK, 3, shadow=True)
        sub = render_text(theme.ui(res, 16), self.window_caption(), (230, 215, 245), INK, 1)
        surface.blit(top, top.get_rect(midtop=(rect.centerx, rect.y)))
        surface.blit(bottom, bottom.get_rect(midtop=(rect.centerx + 14, rect.y + top.get_height() - 16)))
        surface.blit(sub, sub.get_rect(midbottom=(rect.centerx, rect.bottom)))

    def in_feature(self) -> bool:
        return self.feature.in_free

    def update_features(self, dt: float) -> None:
        self.feature.update(dt)

    def draw_under_lines(self, surface: pygame.Surface) -> None:
        self.feature.draw(surface)

    def draw_over_lines(self, surface: pygame.Surface) -> None:
        self.feature.draw_panel(surface)

    def bet_detail(self, bet: int) -> str:
        value, level = self.game.bet_breakdown(bet)
        return f"{format_cents(value)} x {level} x {self.game.bet_credits}"

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """The scatter that starts the free games on their cards; the wild on the Expanding Wild's."""
        symbols = getattr(getattr(self, "art", None), "symbols", {})
        return symbols.get("wild" if "Wild" in title else self.game.scatter)

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols)

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        if state.window is not None:
            self.reels.set_window(state.window)
        self.feature.set_state(in_free=state.in_free, spin=state.spin, total=state.total, sticky=state.sticky,
                               expanding=state.expanding)
        self.money.counter.set(won)

    def enter_free(self, total: int) -> None:
        self.feature.enter_free(total)

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None:
        """Back to the base game: the layer clears and the reels show the triggering spin."""
        self.feature.exit_free()
        if base_window is not None:
            self.reels.set_window(base_window)

    def reel_landed(self, col: int) -> None:
        super().reel_landed(col)
        column = self.reels.reels[col].target
        if self.game.scatter in column and not self.feature.in_free:
            self.sparkle_cell(col, column.index(self.game.scatter))
            self.scatter_landed()
