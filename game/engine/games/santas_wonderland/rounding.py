"""What a round's win is made of, for the rounding proof (``Game.pay_figures``, ``python -m game.engine.rounding``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parts import PayFigures

if TYPE_CHECKING:
    from .game import SantasWonderland


def pay_figures(game: SantasWonderland) -> PayFigures:
    """Every pay figure of the loaded data, and how a round's win is a sum of them."""
    data = game.data
    pays = sorted({(f"{symbol} {size}", pay) for symbol, table in zip(data.symbols, data.pays)
                   for size, pay in enumerate(table) if pay}, key=lambda item: item[1])
    return PayFigures(game.id, tuple(pays), tuple(level.multiplier for level in data.levels), game.cap,
                      game.buy_price_x, "the sum of the cluster pays of every tumble, in Midnight Riches times"
                      " the level's multiplier, or the cap")
