"""What a game tells the player about its math: a typed description of the figures it shows.

Screens and help pages read every figure they show here (``game.description``) and keep no copy
of their own, so the engine is the one place a number is written down. Each game extends
``GameDescription`` with its feature tables.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from .data import BetBreakdown, BetLadder, PrintedRtp
from .errors import DataError, InvalidBet
from .money import cents_of

__all__ = ["BetBreakdown", "BetLadder", "GameDescription", "PrintedRtp"]


@dataclass(frozen=True, kw_only=True)
class GameDescription:
    """The figures every game shows: bets, lines, buy price, cap and the printed RTPs."""

    id: str
    title: str
    bets: BetLadder
    lines: tuple[tuple[int, ...], ...] = field(default=(), repr=False)  # row per reel; () for clusters
    buy_price_x: Fraction | None = None  # the buy feature's price, a multiple of the bet
    cap: Fraction | None = None  # the most a round can win, a multiple of the bet
    printed_rtp: PrintedRtp

    def __post_init__(self) -> None:
        if (self.printed_rtp.buy is not None) != (self.buy_price_x is not None):
            raise DataError(f"{self.id}: a printed buy RTP goes with a buy feature, and only with one")

    @property
    def has_buy(self) -> bool:
        return self.buy_price_x is not None

    def buy_price(self, bet: int) -> int:
        """The buy feature's price in cents at ``bet`` (a bet on the ladder)."""
        if self.buy_price_x is None:
            raise InvalidBet(f"{self.id} has no buy feature")
        if bet not in self.bets:
            raise InvalidBet(f"{self.id}: {bet} cents is not on the bet ladder")
        return cents_of(self.buy_price_x, bet)

    def cap_win(self, bet: int) -> int | None:
        """The cap in cents at ``bet``; None for a game without a cap."""
        return None if self.cap is None else cents_of(self.cap, bet)
