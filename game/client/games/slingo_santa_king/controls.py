"""Play controls: the limits a player sets on a game's extra spins, and the dialog that sets them.

The player chooses how many extra spins a game may buy, the most one extra spin may cost, the most
a game may cost in all (its stake: the bet and every extra spin) and the most a game may lose (its
stake less what it has won so far). When buying the next extra spin would pass one of them, the
screen answers the offer with "collect" itself and the game's end says which limit ended it. The
limits are stored with the settings (``wallet.set_setting("<game id>.controls", {...})``) and hold
for every game until changed. They only ever decline a purchase: nothing here changes a price.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.money import format_cents
from ...overlays.base import OptionRow, OptionsOverlay

if TYPE_CHECKING:
    from ....store import Wallet
    from ...context import AppContext

SIZE = (820, 600)
LIMITS = ("extra_spins", "max_price", "max_stake", "max_loss")


def setting_key(game_id: str) -> str:
    return f"{game_id}.controls"


def money_steps(low: int = 10, high: int = 100_000) -> list[int]:
    """Amounts in cents on the 1-2-5 scale from ``low`` to ``high``: 0.10, 0.20, 0.50, 1.00, ..."""
    out: list[int] = []
    unit = 1
    while unit <= high:
        for m in (1, 2, 5):
            if low <= m * unit <= high:
                out.append(m * unit)
        unit *= 10
    return out


@dataclass(frozen=True)
class PlayControls:
    """``None`` is no limit."""

    extra_spins: int | None = None  # extra spins a game may buy
    max_price: int | None = None  # cents: the most one extra spin (or one Superspin Wheel spin) may cost
    max_stake: int | None = None  # cents: the most a game may cost, the bet and its extra spins
    max_loss: int | None = None  # cents: the most a game may lose: its stake less its wins so far

    @classmethod
    def from_setting(cls, value: Any) -> PlayControls:
        """Read back from the settings (anything unreadable is no limit)."""
        if not isinstance(value, dict):
            return cls()
        fields: dict[str, int | None] = {}
        for name in LIMITS:
            item = value.get(name)
            fields[name] = item if isinstance(item, int) and not isinstance(item, bool) and item >= 0 else None
        return cls(**fields)

    def to_setting(self) -> dict[str, int | None]:
        return asdict(self)

    @property
    def any(self) -> bool:
        return any(value is not None for value in asdict(self).values())


def load_controls(wallet: Wallet, game_id: str) -> PlayControls:
    return PlayControls.from_setting(wallet.setting(setting_key(game_id)))


def save_controls(wallet: Wallet, game_id: str, controls: PlayControls) -> None:
    wallet.set_setting(setting_key(game_id), controls.to_setting())


@dataclass(frozen=True)
class Offer:
    """What an extra-spin offer would take the game to, in the terms of the limits."""

    extra: int  # which extra spin this is (1 for the first)
    cost: int  # cents the "spin" answer costs (the spin's price, or the Superspin Wheel's)
    stake: int  # cents paid for the game so far
    won: int  # cents won so far (the bonuses, and the ladder's prize for the Slingos now)


def passed_limit(controls: PlayControls, offer: Offer) -> str | None:
    """The first limit buying this spin would pass (its name in ``LIMITS``), or None."""
    if controls.extra_spins is not None and offer.extra > controls.extra_spins:
        return "extra_spins"
    if controls.max_price is not None and offer.cost > controls.max_price:
        return "max_price"
    if controls.max_stake is not None and offer.stake + offer.cost > controls.max_stake:
        return "max_stake"
    if controls.max_loss is not None and offer.stake + offer.cost - offer.won > controls.max_loss:
        return "max_loss"
    return None


def why_collected(limit: str, controls: PlayControls, offer: Offer) -> str:
    """The line the game's end shows: which limit ended the game, and by how much."""
    if limit == "extra_spins":
        count = controls.extra_spins or 0
        if count == 0:
            return "Your play controls buy no extra spins"
        return f"Your limit of {count} extra spin{'s' if count != 1 else ''} a game is reached"
    if limit == "max_price":
        return (f"The next extra spin costs {format_cents(offer.cost)}, above your limit of "
                f"{format_cents(controls.max_price or 0)} a spin")
    if limit == "max_stake":
        return (f"It would take the game's stake to {format_cents(offer.stake + offer.cost)}, above your limit "
                f"of {format_cents(controls.max_stake or 0)}")
    return (f"It could take the game's loss to {format_cents(offer.stake + offer.cost - offer.won)}, above your "
            f"limit of {format_cents(controls.max_loss or 0)}")


LIMIT_NAMES = {"extra_spins": "extra spins", "max_price": "highest extra-spin price",
               "max_stake": "highest stake a game", "max_loss": "highest loss a game"}


def _money(value: int | None) -> str:
    return "No limit" if value is None else format_cents(value)


class ControlsDialog(OptionsOverlay):
    """The four limits, each a row (Up/Down chooses, Left/Right changes); each change is saved at once."""

    def __init__(self, app: AppContext, wallet: Wallet, game_id: str, extra_spins: int,
                 on_change: Callable[[PlayControls], None] | None = None) -> None:
        super().__init__(app, SIZE, "Play controls")
        self.wallet = wallet
        self.game_id = game_id
        self.on_change = on_change
        self.controls = load_controls(wallet, game_id)
        counts: list[int | None] = [*range(extra_spins), None]
        amounts: list[int | None] = [None, *money_steps()]

        def count_label(value: int | None) -> str:
            if value is None:
                return f"All {extra_spins}"
            return "None" if value == 0 else str(value)

        c = self.controls
        self._extra = OptionRow("Extra spins a game", counts, _at(counts, c.extra_spins), count_label, self._changed)
        self._price = OptionRow("Highest extra-spin price", list(amounts), _at(amounts, c.max_price), _money,
                                self._changed)
        self._stake = OptionRow("Highest stake a game", list(amounts), _at(amounts, c.max_stake), _money,
                                self._changed)
        self._loss = OptionRow("Highest loss a game", list(amounts), _at(amounts, c.max_loss), _money, self._changed)
        self.place_rows([self._extra, self._price, self._stake, self._loss], margin=40)
        self.button_row([("Done", self.close)])

    def _changed(self, _: object) -> None:
        self.controls = PlayControls(self._extra.value, self._price.value, self._stake.value, self._loss.value)
        save_controls(self.wallet, self.game_id, self.controls)
        if self.on_change is not None:
            self.on_change(self.controls)

    def handle_extra_key(self, key: int) -> None:
        if key == pygame.K_c:
            self.close()

    def draw_content(self, surface: pygame.Surface) -> None:
        self.draw_rows(surface, "When the next extra spin would pass a limit, the game collects and says which.",
                       "Up/Down: choose   \u00b7   Left/Right: change   \u00b7   Enter or Esc: done")


def _at(choices: list[int | None], value: int | None) -> int:
    return choices.index(value) if value in choices else (len(choices) - 1 if value is not None else 0)
