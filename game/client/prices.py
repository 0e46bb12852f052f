"""When a price inside a round asks a second time: the player's confirmation threshold.

A priced answer (an extra spin, a Superspin Wheel spin, any option of a question with a price) is
taken only by a deliberate act: a fresh press once the price has been on its button for
``ARMED_AFTER`` seconds, never a held key's repeat (``scene.is_fresh``). A price above the
player's threshold then asks once more, in a dialog that names it. The threshold is a setting of
the wallet (``SETTING``, saved at once like the others): ``None`` (the default) is the round's
stake, ``0`` every price, else an amount in cents.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine.money import format_cents

if TYPE_CHECKING:
    from ..store import Wallet

SETTING = "confirm_prices_above"
CONFIRM_TITLE = "Confirm the price"  # the second confirmation's title
ARMED_AFTER = 0.35  # seconds a price is on screen before a press can take it
# The thresholds Settings offers: the stake (None), every price (0), then amounts in cents.
CONFIRM_STEPS: tuple[int | None, ...] = (None, 0, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000)


def threshold_label(value: int | None) -> str:
    """How Settings shows a threshold."""
    if value is None:
        return "Above the stake"
    if value == 0:
        return "Every price"
    return f"Above {format_cents(value)}"


def load_threshold(wallet: Wallet) -> int | None:
    """The player's threshold (anything unreadable is the default: the stake)."""
    value = wallet.setting(SETTING, None)
    return value if value in CONFIRM_STEPS and not isinstance(value, bool) else None


def needs_confirmation(price: int, stake: int, threshold: int | None) -> bool:
    """Whether paying ``price`` in a round of ``stake`` asks a second time."""
    return price > 0 and price > (stake if threshold is None else threshold)


def confirmation_lines(what: str, price: int, stake: int, threshold: int | None, balance: int) -> list[str]:
    """What the second confirmation says: the price, why it asks, the balance."""
    why = (f"It is more than this round's stake of {format_cents(stake)}." if threshold is None
           else "You asked to confirm every price." if threshold == 0
           else f"It is more than your limit of {format_cents(threshold)} (Settings).")
    return [f"{what} costs {format_cents(price)}.", why, f"Your balance: {format_cents(balance)}",
            "Enter or a click on Pay buys it; Esc goes back."]
