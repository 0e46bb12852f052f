"""What a round's win is made of, for the rounding proof (``Game.pay_figures``, ``python -m game.engine.rounding``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parts import PayFigures

if TYPE_CHECKING:
    from .game import HalloweenVacation


def pay_figures(game: HalloweenVacation) -> PayFigures:
    """Every pay figure of the loaded data, and how a round's win is a sum of them."""
    pays = [(f"{symbol} x{count}", pay) for symbol, row in game.pays.items() for count, pay in row.items()]
    pays += [(f"{count} scatters", pay) for count, pay in game.scatter_pays.items()]
    return PayFigures(game.id, tuple(pays), tuple(game.expanding_multipliers), game.cap, game.buy_price_x,
                      "the sum of the spin's line and scatter pays, each free spin's line pays times the"
                      " Expanding Wild's multiplier where it reaches them")
