"""What a round's win is made of, for the rounding proof (``Game.pay_figures``, ``python -m game.engine.rounding``)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...parts import PayFigures

if TYPE_CHECKING:
    from .game import FatSanta


def pay_figures(game: FatSanta) -> PayFigures:
    """Every pay figure of the loaded data, and how a round's win is a sum of them."""
    data = game.data
    pays = [(f"{symbol} x{count} ({data.pays[symbol][count]} x line bet)", Fraction(units, data.unit_den))
            for symbol, row in data.units.items() for count, units in enumerate(row) if units]
    return PayFigures(game.id, tuple(pays), (), game.cap, game.buy_price_x,
                      f"the sum of the line pays (x line bet = total bet / {len(game.lines)}) of every spin,"
                      " or the cap")
