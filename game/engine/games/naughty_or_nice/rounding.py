"""What a round's win is made of, for the rounding proof (``Game.pay_figures``, ``python -m game.engine.rounding``)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

from ...parts import PayFigures

if TYPE_CHECKING:
    from .game import NaughtyOrNice


def pay_figures(game: NaughtyOrNice) -> PayFigures:
    """Every pay figure of the loaded data, and how a round's win is a sum of them."""
    lines = len(game.lines)
    pays = [(f"{symbol} x{count} ({pay} x line bet)", Fraction(pay, lines))
            for symbol, row in game.line_pays.items() for count, pay in row.items()]
    pays += [(f"{count} scatters", Fraction(pay)) for count, pay in game.scatter_pays.items()]
    prizes = {prize for table in game.bonus.values() for prize in table.prizes}
    pays += [(f"instant prize {prize}x", Fraction(prize)) for prize in sorted(prizes)]
    return PayFigures(game.id, tuple(pays), (game.double,), game.cap, game.buy_price_x,
                      f"the sum of the line pays (x line bet = total bet / {lines}, doubled with the Bonus"
                      " Substitute), scatter pays and instant prizes of every spin, or the cap; a jackpot is"
                      " whole cents of its pool")
