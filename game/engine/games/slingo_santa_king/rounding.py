"""What a round's win is made of, for the rounding proof (``Game.pay_figures``, ``python -m game.engine.rounding``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...parts import PayFigures

if TYPE_CHECKING:
    from .game import SlingoSantaKing


def pay_figures(game: SlingoSantaKing) -> PayFigures:
    """Every pay figure of the loaded data, and how a round's win is a sum of them."""
    d = game.description
    pays = [(f"{count} Slingos" if count < 12 else "Full House", prize) for count, prize in d.ladder.items()]
    pays += [(f"character {name}", pay) for name, pay in d.trail.stages[0].pays.items()]
    return PayFigures(game.id, tuple(pays), (), game.cap, game.buy_price_x,
                      "the ladder's prize at the end plus each character's mini-slot pays (x stake)")
