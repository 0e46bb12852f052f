"""The __GAME_TITLE__ screen: the kit's reels, win lines and round director, and this game's logo.

Everything a reel game shares comes from ``ReelScreen``: the reels in the map's ``reels`` object,
the win lines, the money bar, the buttons, the choice overlay for decisions, autoplay, history.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.client import theme
from game.client.kit.reel_screen import ReelScreen
from game.client.widgets.text import render_text

from .art import GameArt, load_art
from .help import help_pages
from .presenter import Presenter, RoundState

LABELS = {"respin": "RESPIN", "collect": "COLLECT", "left": "LEFT", "middle": "MIDDLE", "right": "RIGHT"}


class __GameClass__Screen(ReelScreen):
    art: GameArt
    presenter: Presenter

    def load_art(self, cell: tuple[int, int], reels: pygame.Rect, frame_size: tuple[int, int]) -> GameArt:
        return load_art(self.app.resources, self.game.symbols, cell, reels, frame_size, self.size)

    def make_presenter(self) -> Presenter:
        return Presenter(self)

    def paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        title = render_text(theme.display(self.app.resources, 40), self.game.title, theme.GOLD, theme.INK, 3)
        surface.blit(title, title.get_rect(center=rect.center))

    def option_label(self, kind: str, option: Any) -> str:
        return LABELS.get(option, super().option_label(kind, option))

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art.symbols)

    def apply_state(self, state: RoundState, won: int) -> None:
        if state.window is not None:
            self.reels.set_window(state.window)
        self.money.counter.set(won)
