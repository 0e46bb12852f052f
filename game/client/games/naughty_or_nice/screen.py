"""The Naughty or Nice? game screen: 5x3 reels, 50 lines, the Bonus Substitute and a progressive jackpot.

``NaughtyOrNiceScreen(app, session, resume=None)``. The reels, win lines, effects, badges and the
round's life come from the kit (``ReelScreen``); this adds the live jackpot plaque, the choice of
the Bonus Substitute (a full-screen pick of two cards, asked when the round pauses on its
``bonus_substitute`` decision), the free-game layer (award pop-ups, held reels, x2 marks, the free
games panel), the jackpot celebration, the logo and the methods the presenter's steps call.
Layout regions come from ``levels/naughty_or_nice.tmx``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from ... import theme
from ...kit.director import Answer
from ...kit.reel_screen import ReelScreen
from ...widgets.art import has_image, image_or_standin, rounded_panel
from ...widgets.glyphs import GlyphText
from ...widgets.particles import Particles, spin_frames
from ...widgets.text import render_text
from .art import GAME, NaughtyArt, load_art
from .choice import BonusChoiceOverlay, SubstituteCards, card_texts, start_means
from .feature import FeatureLayer
from .help import help_pages, line_bet_text
from .jackpot import JackpotCelebration, JackpotMeter
from .presenter import Presenter, RoundState

if TYPE_CHECKING:
    from ....engine import Decision
    from ....engine.games.naughty_or_nice import NaughtyOrNice

INK = (20, 8, 20)
GOLD = (255, 210, 100)
CREAM = (255, 246, 228)
RED = (220, 40, 56)


class NaughtyOrNiceScreen(ReelScreen):
    game: NaughtyOrNice
    art: NaughtyArt
    presenter: Presenter
    EXTRA_REGIONS = (*ReelScreen.EXTRA_REGIONS, "jackpot")
    FEATURE_BADGE = ("FREE GAMES", (200, 40, 56))
    REPLAY_COLOR = (40, 120, 90)
    ANTICIPATION = (255, 214, 110)
    PARTICLES = 240

    # -- kit hooks ---------------------------------------------------------------------------

    def load_art(self, cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int]) -> NaughtyArt:
        d = self.game.description
        awards = tuple(d.bonus[d.substitutes[0]].awards)
        return load_art(self.app.resources, self.game.symbols, d.substitutes, awards, cell, reels, frame_size,
                        self.size, plaque=self.layout.rect("jackpot").size)

    def filler(self) -> list[str]:
        d = self.game.description
        return [s for s in self.game.symbols if s not in d.substitutes and s != d.scatter] + [d.scatter]

    def build_features(self) -> None:
        self.dress_cards((24, 110, 60), (120, 14, 30))
        game, res = self.game, self.app.resources
        d = game.description
        fonts = {
            "title": theme.display(res, 34), "big": theme.ui(res, 30, "heavy"), "big_pop": theme.ui(res, 40, "heavy"),
            "small": theme.ui(res, 16), "small_heavy": theme.ui(res, 16, "heavy"), "badge": theme.ui(res, 22, "heavy"),
            "badge_pop": theme.ui(res, 33, "heavy"),
            "award": theme.ui(res, 24, "heavy"),
        }
        self.feature = FeatureLayer(
            self.reels, self.art, panel_rect=self.layout.rect("free_spins"), substitutes=d.substitutes,
            spins=d.free_spins, trigger=d.scatter_trigger, double=d.double, fonts=fonts, particles=self.particles,
            sparkles=self.sparkles, stars=self.stars)
        self.means = start_means(game.rtp_reports(), d.substitutes)
        self.cards = SubstituteCards(res, self.art.portraits, self.art.awards, card_texts(d, self.means),
                                     spins=d.free_spins, double=d.double, stars=self.stars)
        self.choice_particles = Particles(120)
        self.jackpot_meter = JackpotMeter(
            self.layout.rect("jackpot"), self.art.jackpot,
            GlyphText(theme.ui(res, 36, "heavy"), (255, 236, 160), (60, 8, 14), outline_px=3),
            self.jackpot_units, theme.ui(res, 34, "heavy"))
        self._jackpot_show: JackpotCelebration | None = None
        self._player_choosing = False
        # the feature cards in the living room's colours: red velvet in gold
        message = self.layout.rect("message")
        self.banner.panel_art = rounded_panel(message.size, (128, 20, 36), (44, 6, 14), edge=GOLD, radius=26,
                                              alpha=250, edge_px=4)

    @property
    def jackpot_show(self) -> JackpotCelebration:
        """The jackpot's celebration, made when a round first wins it: the pool is won about once
        in 5.6 million rounds, and its rays, titles and coins are 15 MiB that the other rounds
        need not hold."""
        if self._jackpot_show is None:
            res = self.app.resources
            self._jackpot_show = JackpotCelebration(
                self.size, plaque=self.art.jackpot, title_font=theme.display(res, 150),
                line_font=theme.ui(res, 28, "heavy"),
                amount=GlyphText(theme.ui(res, 96, "heavy"), (255, 232, 140), (70, 6, 12), outline_px=5),
                coin_frames=spin_frames(self.art.coin), sparkle_frames=self.sparkles, star_frames=self.stars,
                sound=self.sound)
        return self._jackpot_show

    def attach(self) -> None:
        self.jackpot_meter.start()
        super().attach()

    def make_presenter(self) -> Presenter:
        return Presenter(self)

    def paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        res = self.app.resources
        logo = f"symbols/{GAME}/logo.png"
        if has_image(res, logo):
            surface.blit(image_or_standin(res, logo, rect.size), rect)
            return
        top = render_text(theme.display(res, 46), "Naughty", RED, (255, 240, 220), 3, shadow=True)
        bottom = render_text(theme.display(res, 40), "or Nice?", GOLD, INK, 3, shadow=True)
        sub = render_text(theme.ui(res, 15), f"{self.window_caption()}  \u00b7  JACKPOT", CREAM, INK, 1)
        surface.blit(top, top.get_rect(midtop=(rect.centerx - 10, rect.y)))
        surface.blit(bottom, bottom.get_rect(midtop=(rect.centerx + 16, rect.y + top.get_height() - 14)))
        surface.blit(sub, sub.get_rect(midbottom=(rect.centerx, rect.bottom)))

    def in_feature(self) -> bool:
        return self.feature.in_free

    def clear_features(self) -> None:
        self.feature.exit_free()
        self.jackpot_meter.refresh()

    def update_features(self, dt: float) -> None:
        self.feature.update(dt)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.jackpot_meter.update(dt)  # in real time: turbo does not read the wallet more often

    def draw_under_lines(self, surface: pygame.Surface) -> None:
        self.feature.draw(surface)

    def draw_over_lines(self, surface: pygame.Surface) -> None:
        self.feature.draw_marks(surface)
        self.feature.draw_panel(surface)
        self.jackpot_meter.draw(surface)

    def on_idle(self) -> None:
        super().on_idle()
        self.jackpot_meter.release()
        self.jackpot_meter.refresh()

    def bet_detail(self, bet: int) -> str:
        lines = len(self.game.lines)
        return f"{line_bet_text(bet, lines)} PER LINE x {lines}"

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols, self.art.portraits,
                          self.art.awards, self.jackpot_units(), self.means)

    # -- the jackpot pool --------------------------------------------------------------------

    def jackpot_units(self) -> int:
        """The live pool in hundredths of a cent, as the wallet holds it (the seed before any round)."""
        wallet = self.session.wallet
        read = getattr(wallet, "jackpot_pool", None)  # one indexed read, where the wallet has it
        units = read(self.game.id) if callable(read) else None
        if units is None:
            return int(self.game.jackpot.pool_of(wallet.game_state(self.game.id) or None))
        return int(units)

    # -- the question: the Bonus Substitute ---------------------------------------------------

    def ask(self, decision: Decision, answer: Answer) -> None:
        if decision.kind != "bonus_substitute":
            super().ask(decision, answer)
            return

        def chosen(index: int) -> bool:
            self._player_choosing = True
            try:
                taken = answer(decision.options[index])
            finally:
                self._player_choosing = False
            if taken:
                self._choice = None
                self.money.balance = self.session.balance
            return taken

        self.sound("feature_start")
        self._choice = BonusChoiceOverlay(self.app, self.cards, decision.options, chosen)
        self._choice.on_escape = self.leave  # Esc asks whether to leave; the round waits at this question
        self.app.scenes.push(self._choice)

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """The scatter that starts the free games, on their cards."""
        symbols = getattr(getattr(self, "art", None), "symbols", {})
        return symbols.get(self.game.description.scatter)

    def player_chose(self) -> bool:
        return self._player_choosing

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        if state.window is not None:
            self.reels.set_window(state.window)
        self.feature.set_state(in_free=state.in_free, substitute=state.substitute, spin=state.spin,
                               total=state.total, held=state.held, awarded=state.awarded)
        self.money.counter.set(won + state.jackpot)

    def enter_free(self, total: int, substitute: str) -> None:
        self.feature.enter_free(total, substitute)

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None:
        """Back to the base game: the layer clears and the reels show the triggering spin."""
        self.feature.exit_free()
        if base_window is not None:
            self.reels.set_window(base_window)

    def reel_landed(self, col: int) -> None:
        super().reel_landed(col)
        column = self.reels.reels[col].target
        scatter = self.game.description.scatter
        if scatter in column and not self.feature.in_free:
            self.sparkle_cell(col, column.index(scatter))
            self.scatter_landed()
