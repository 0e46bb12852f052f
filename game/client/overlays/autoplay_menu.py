"""The autoplay menu: how many rounds, when to stop and, for a game whose engine offers priced extras
inside a round (``description.priced_extras``: Slingo's extra spins), whether autoplay buys them: off
(the default), or up to N a game at a price up to K times the bet. Enter starts, Esc cancels.

The last choices are remembered for this run of the app (``app.flags['autoplay_menu']``).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import pygame

from ...engine.money import format_cents
from ..autoplay import AutoplayConfig, price_x_text
from .base import OptionRow, OptionsOverlay

if TYPE_CHECKING:
    from ..context import AppContext

SIZE = (800, 560)
SIZE_WITH_EXTRAS = (800, 640)  # two rows more: buying extras and their highest price
ROUNDS: list[int | None] = [10, 25, 50, 100, None]
# Money thresholds when the bet is unknown (cents); with a bet: multiples of it.
AMOUNTS = [1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000]
MULTIPLES = [5, 10, 25, 50, 100, 250, 500]
PRICE_MULTIPLES: list[int | None] = [1, 2, 5, 10, 25, None]  # an extra's highest price, x the bet (None: any)
DEFAULT_PRICE_X = 1  # at most the stake, as Confirm prices asks above by default


def _rounds_label(value: int | None) -> str:
    return "Until stopped" if value is None else f"{value} rounds"


def _money_label(value: int | None) -> str:
    return "Off" if value is None else format_cents(int(value))


class AutoplayMenu(OptionsOverlay):
    def __init__(
        self, app: AppContext, on_start: Callable[[AutoplayConfig], None], *, bet: int | None = None,
        extras: int = 0,
    ) -> None:
        """``extras``: the most priced extras a round of the game offers (0: no rows for them)."""
        super().__init__(app, SIZE_WITH_EXTRAS if extras else SIZE, "Autoplay")
        self.on_start = on_start
        amounts: list[int | None] = [None, *(bet * m for m in MULTIPLES)] if bet else [None, *AMOUNTS]
        last = app.flags.get("autoplay_menu", {})
        self._rounds = OptionRow("Rounds", list(ROUNDS), _index(ROUNDS, last.get("rounds", 10)), _rounds_label)
        self._feature = OptionRow("Stop on any feature", [False, True], 1 if last.get("feature", True) else 0,
                                  lambda v: "Yes" if v else "No")
        self._win = OptionRow("Stop on a single win over", list(amounts), _index(amounts, last.get("win")),
                              _money_label)
        self._loss = OptionRow("Stop on a loss over", list(amounts), _index(amounts, last.get("loss")), _money_label)
        rows: list[OptionRow[Any]] = [self._rounds, self._feature, self._win, self._loss]
        counts = list(range(extras + 1))
        self._extras = OptionRow("Buy extra spins", counts, _index(counts, last.get("extras", 0)),
                                 lambda n: "Off" if not n else f"Up to {n} a game")
        self._price = OptionRow("Extra spin price at most", list(PRICE_MULTIPLES),
                                _index(PRICE_MULTIPLES, last.get("price", DEFAULT_PRICE_X)),
                                lambda k: _price_label(k, bet))
        if extras:
            self.ROW_H = 54
            rows += [self._extras, self._price]
        self.place_rows(rows, margin=40)
        self.button_row([("Cancel", self.close), ("Start", self.start)])
        self.focus = 1

    def config(self) -> AutoplayConfig:
        price = self._price.value if self._extras.value else None  # off: no price to hold to
        return AutoplayConfig(
            rounds=self._rounds.value,
            stop_on_feature=bool(self._feature.value),
            stop_single_win_over=self._win.value,
            stop_loss_over=self._loss.value,
            extra_spins=self._extras.value,
            extra_spin_max_x=None if price is None else Fraction(price),
        )

    def start(self) -> None:
        if self._closed:
            return
        config = self.config()
        self.app.flags["autoplay_menu"] = {
            "rounds": config.rounds, "feature": config.stop_on_feature,
            "win": config.stop_single_win_over, "loss": config.stop_loss_over,
            "extras": self._extras.value, "price": self._price.value,
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


def _price_label(multiple: int | None, bet: int | None) -> str:
    if multiple is None:
        return "Any price"
    if not bet:
        return price_x_text(Fraction(multiple))
    return f"{multiple}x bet ({format_cents(bet * multiple)})"


def _index(choices: list, value: object) -> int:
    return choices.index(value) if value in choices else 0
