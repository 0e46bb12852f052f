"""Autoplay: how many rounds to play by themselves, when to stop early, and what it may buy inside a round.

The screen asks ``next_seed()`` before each round (None: let the session choose) and reports
each settled round with ``after_round(result, cost)``; a returned string is the reason to stop,
worded for the player. At a priced extra (a game whose engine offers them: Slingo's extra spins)
the screen asks ``declines(...)``: autoplay buys only up to ``extra_spins`` a game, at a price up
to ``extra_spin_max_x`` times the bet, and never past its loss limit (the session budget is the
session's own check, ``PlaySession.within_budget``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

from ..engine.money import format_cents


class _Result(Protocol):
    """What autoplay reads of a settled round (a frozen RoundResult: read-only members)."""

    @property
    def win(self) -> int: ...

    @property
    def features(self) -> Mapping[str, Any]: ...


@dataclass(frozen=True)
class AutoplayConfig:
    rounds: int | None  # None: until stopped
    stop_on_feature: bool = False
    stop_single_win_over: int | None = None  # cents
    stop_loss_over: int | None = None  # cents of net loss since autoplay began
    seeds: list[int] | None = None  # played in order; afterwards the session chooses
    buy: bool = False  # each round buys the game's feature (--buy: benchmarks and soaks)
    extra_spins: int = 0  # priced extra spins a game may buy (0: none, collect; the menu's default)
    extra_spin_max_x: Fraction | None = None  # only at a price up to this multiple of the bet (None: any price)

    def __post_init__(self) -> None:
        if self.rounds is not None and self.rounds < 1:
            raise ValueError(f"autoplay rounds must be at least 1, not {self.rounds}")
        if self.extra_spins < 0:
            raise ValueError(f"extra_spins must not be negative, not {self.extra_spins}")
        if self.extra_spin_max_x is not None and self.extra_spin_max_x <= 0:
            raise ValueError(f"extra_spin_max_x must be above 0, not {self.extra_spin_max_x}")
        for name in ("stop_single_win_over", "stop_loss_over"):
            value = getattr(self, name)
            if value is not None and value < 0:
                raise ValueError(f"{name} must not be negative, not {value}")

    def describe(self) -> str:
        """One short line for the screen, e.g. '25 rounds, stop on feature'."""
        parts = ["until stopped" if self.rounds is None else f"{self.rounds} rounds"]
        if self.buy:
            parts.append("buying the feature")
        if self.extra_spins:
            price = "" if self.extra_spin_max_x is None else f" at up to {price_x_text(self.extra_spin_max_x)}"
            plural = "s" if self.extra_spins > 1 else ""
            parts.append(f"buying up to {self.extra_spins} extra spin{plural} a game{price}")
        if self.stop_on_feature:
            parts.append("stop on feature")
        if self.stop_single_win_over is not None:
            parts.append(f"win over {format_cents(self.stop_single_win_over)}")
        if self.stop_loss_over is not None:
            parts.append(f"loss over {format_cents(self.stop_loss_over)}")
        return ", ".join(parts)


class AutoplayRun:
    """One autoplay sequence in progress."""

    def __init__(self, config: AutoplayConfig) -> None:
        self.config = config
        self.played = 0
        self.net = 0  # won minus paid since autoplay began (cents)
        self._seed_index = 0
        self.stopped_reason: str | None = None

    @property
    def remaining(self) -> int | None:
        """Rounds still to play (None: until stopped)."""
        if self.config.rounds is None:
            return None
        return max(0, self.config.rounds - self.played)

    @property
    def finished(self) -> bool:
        return self.stopped_reason is not None or self.remaining == 0

    def next_seed(self) -> int | None:
        seeds = self.config.seeds
        if not seeds or self._seed_index >= len(seeds):
            return None
        seed = seeds[self._seed_index]
        self._seed_index += 1
        return seed

    def declines(self, extra: int, price: int, bet: int, stake: int, won: int) -> str | None:
        """Why autoplay does not buy extra spin number ``extra`` of a game at ``price`` cents (None: it
        buys), worded for its line on screen: ``stake`` is what the game has cost so far, ``won`` what
        it has secured; the loss limit counts the price as lost."""
        config = self.config
        if extra > config.extra_spins:
            if not config.extra_spins:
                return "autoplay buys no extra spins"
            return f"autoplay's limit of {config.extra_spins} extra spin{'s' if config.extra_spins != 1 else ''} " \
                   "a game is reached"
        limit = config.extra_spin_max_x
        if limit is not None and price > limit * bet:
            return (f"extra spin {extra} costs {format_cents(price)}, above autoplay's limit of "
                    f"{format_cents(int(limit * bet))} ({price_x_text(limit)})")
        loss = -self.net + stake + price - won
        if config.stop_loss_over is not None and loss > config.stop_loss_over:
            return (f"extra spin {extra} at {format_cents(price)} could take the loss to {format_cents(loss)}, "
                    f"past autoplay's limit of {format_cents(config.stop_loss_over)}")
        return None

    def after_round(self, result: _Result, cost: int) -> str | None:
        """Count a settled round; the reason to stop now, or None to go on."""
        self.played += 1
        self.net += result.win - cost
        reason = self._reason(result)
        if reason is not None:
            self.stopped_reason = reason
        return reason

    def _reason(self, result: _Result) -> str | None:
        config = self.config
        if config.stop_on_feature and result.features:
            names = ", ".join(name.replace("_", " ") for name in result.features)
            return f"Autoplay stopped: feature ({names})"
        if config.stop_single_win_over is not None and result.win > config.stop_single_win_over:
            return f"Autoplay stopped: a win of {format_cents(result.win)}"
        if config.stop_loss_over is not None and -self.net > config.stop_loss_over:
            return f"Autoplay stopped: loss of {format_cents(-self.net)} since it began"
        if self.remaining == 0:
            return "Autoplay finished"
        return None


def price_x_text(multiple: Fraction) -> str:
    """'2x the bet', '0.5x the bet'."""
    text = str(multiple.numerator) if multiple.denominator == 1 else f"{float(multiple):g}"
    return f"{text}x the bet"
