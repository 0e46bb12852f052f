"""The autoplay menu: how many rounds and when to stop; Enter starts, Esc cancels.

The last choices are remembered for this run of the app (``app.flags['autoplay_menu']``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ...engine.money import format_cents
from ..autoplay import AutoplayConfig
from .base import OptionRow, OptionsOverlay

if TYPE_CHECKING:
    from ..context import AppContext

SIZE = (800, 560)
ROUNDS: list[int | None] = [10, 25, 50, 100, None]
# Money thresholds when the bet is unknown (cents); with a bet: multiples of it.
AMOUNTS = [1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000]
MULTIPLES = [5, 10, 25, 50, 100, 250, 500]


def _rounds_label(value: int | None) -> str:
    return "Until stopped" if value is None else f"{value} rounds"


def _money_label(value: int | None) -> str:
    return "Off" if value is None else format_cents(int(value))


class AutoplayMenu(OptionsOverlay):
    def __init__(
        self, app: AppContext, on_start: Callable[[AutoplayConfig], None], *, bet: int | None = None,
    ) -> None:
        super().__init__(app, SIZE, "Autoplay")
        self.on_start = on_start
        amounts: list[int | None] = [None, *(bet * m for m in MULTIPLES)] if bet else [None, *AMOUNTS]
        last = app.flags.get("autoplay_menu", {})
        self._rounds = OptionRow("Rounds", list(ROUNDS), _index(ROUNDS, last.get("rounds", 10)), _rounds_label)
        self._feature = OptionRow("Stop on any feature", [False, True], 1 if last.get("feature", True) else 0,
                                  lambda v: "Yes" if v else "No")
        self._win = OptionRow("Stop on a single win over", list(amounts), _index(amounts, last.get("win")),
                              _money_label)
        self._loss = OptionRow("Stop on a loss over", list(amounts), _index(amounts, last.get("loss")), _money_label)
        self.place_rows([self._rounds, self._feature, self._win, self._loss], margin=40)
        self.button_row([("Cancel", self.close), ("Start", self.start)])
        self.focus = 1

    def config(self) -> AutoplayConfig:
        return AutoplayConfig(
            rounds=self._rounds.value,
            stop_on_feature=bool(self._feature.value),
            stop_single_win_over=self._win.value,
            stop_loss_over=self._loss.value,
        )

    def start(self) -> None:
        if self._closed:
            return
        config = self.config()
        self.app.flags["autoplay_menu"] = {
            "rounds": config.rounds, "feature": config.stop_on_feature,
            "win": config.stop_single_win_over, "loss": config.stop_loss_over,
        }
        self.close()
        self.on_start(config)

    def confirm(self) -> None:
        self.start() if self.focus == 1 else self.close()

    def handle_extra_key(self, key: int) -> None:
        if key == pygame.K_a:
            self.close()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, "Any key stops autoplay (T, M and F1 work on while it runs).",
                       "Up/Down: choose   ·   Left/Right: change   ·   Enter: start   ·   Esc: cancel")


def _index(choices: list, value: object) -> int:
    return choices.index(value) if value in choices else 0
