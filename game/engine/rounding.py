"""Rounding loss, proven zero by design: every pay figure is a whole number of cents at every bet.

A round's win is a multiple of the total bet (a Fraction) and is rounded down to the cent once,
at the end (``money.cents_of``). Every game here makes that win a sum of pay figures, each
possibly times a whole-number multiplier, or the cap when the cap stops the round:

* Halloween Vacation: line pays and scatter pays (x total bet); in the free game a line win may
  be times the Expanding Wild's x2 / x4 / x8.
* Fat Santa: line pays x line bet, line bet = total bet / lines, so each pay is ``pay / lines``
  of the total bet; the cap 11,322.76x.
* Santa's Wonderland: cluster pays (x total bet), times the Midnight Riches level multiplier;
  the cap 7,500x.
* Slingo Santa King: the ladder's prize for the Slingos at the end and the Reel King characters'
  mini-slot pays (x stake); extra spins' prices and the wheel's are whole cents by construction.
* Naughty or Nice?: line pays x line bet (total bet / 50), doubled where the Bonus Substitute is
  in them; scatter pays and instant prizes x total bet; the cap 50,000 line bets. The progressive
  jackpot is paid in whole cents from its pool, outside the round's multiple of the bet.

So if each pay figure times the bet is a whole number of cents, so is every sum of them, so is
every whole-number multiple, and the rounding takes nothing away; the same for the cap and the
buy price. :func:`check` proves it bet by bet from the game's own loaded figures, and
``tests/test_rounding.py`` walks every ladder (and plays rounds to see the engine agree). Where a
bet fails, :func:`loss_bound` bounds what rounding can take there.

    python -m game.engine.rounding         # every game's ladder, bet by bet
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

from .game import Game


@dataclass(frozen=True)
class PayFigures:
    """What a game's round wins are made of (x total bet)."""

    game: str
    pays: tuple[tuple[str, Fraction], ...]  # (name, figure): a round's win is a whole-number sum of these
    multipliers: tuple[int, ...]  # whole-number factors a pay can be multiplied by
    cap: Fraction | None
    buy_price: Fraction | None
    made_of: str  # how a round's win is made of them, in a sentence

    @property
    def bet_step(self) -> int:
        """The smallest bet in cents at which every pay figure is whole cents (they all are at its multiples)."""
        return lcm(*(figure.denominator for _, figure in self.pays))


@dataclass(frozen=True)
class BetCheck:
    bet: int
    inexact: tuple[str, ...]  # the figures that are not whole cents at this bet

    @property
    def exact(self) -> bool:
        return not self.inexact


def pay_figures(game: Game) -> PayFigures:
    """The pay figures of one of the project's games, from its loaded data."""
    if game.id == "halloween_vacation":
        pays = [(f"{symbol} x{count}", pay) for symbol, row in game.pays.items() for count, pay in row.items()]  # type: ignore[attr-defined]
        pays += [(f"{count} scatters", pay) for count, pay in game.scatter_pays.items()]  # type: ignore[attr-defined]
        return PayFigures(game.id, tuple(pays), tuple(game.expanding_multipliers), game.cap, game.buy_price_x,  # type: ignore[attr-defined]
                          "the sum of the spin's line and scatter pays, each free spin's line pays times the"
                          " Expanding Wild's multiplier where it reaches them")
    if game.id == "fat_santa":
        data = game.data  # type: ignore[attr-defined]
        pays = [(f"{symbol} x{count} ({data.pays[symbol][count]} x line bet)", Fraction(units, data.unit_den))
                for symbol, row in data.units.items() for count, units in enumerate(row) if units]
        return PayFigures(game.id, tuple(pays), (), game.cap, game.buy_price_x,
                          f"the sum of the line pays (x line bet = total bet / {len(game.lines)}) of every spin,"
                          " or the cap")
    if game.id == "santas_wonderland":
        data = game.data  # type: ignore[attr-defined]
        pays = sorted({(f"{symbol} {size}", pay) for symbol, table in zip(data.symbols, data.pays)
                       for size, pay in enumerate(table) if pay}, key=lambda item: item[1])
        return PayFigures(game.id, tuple(pays), tuple(level.multiplier for level in data.levels), game.cap,
                          game.buy_price_x, "the sum of the cluster pays of every tumble, in Midnight Riches times"
                          " the level's multiplier, or the cap")
    if game.id == "slingo_santa_king":
        d: Any = game.description
        pays = [(f"{count} Slingos" if count < 12 else "Full House", prize) for count, prize in d.ladder.items()]
        pays += [(f"character {name}", pay) for name, pay in d.trail.stages[0].pays.items()]
        return PayFigures(game.id, tuple(pays), (), game.cap, game.buy_price_x,
                          "the ladder's prize at the end plus each character's mini-slot pays (x stake)")
    if game.id == "naughty_or_nice":
        lines = len(game.lines)
        pays = [(f"{symbol} x{count} ({pay} x line bet)", Fraction(pay, lines))
                for symbol, row in game.line_pays.items() for count, pay in row.items()]  # type: ignore[attr-defined]
        pays += [(f"{count} scatters", Fraction(pay)) for count, pay in game.scatter_pays.items()]  # type: ignore[attr-defined]
        prizes = {prize for table in game.bonus.values() for prize in table.prizes}  # type: ignore[attr-defined]
        pays += [(f"instant prize {prize}x", Fraction(prize)) for prize in sorted(prizes)]
        return PayFigures(game.id, tuple(pays), (game.double,), game.cap, game.buy_price_x,  # type: ignore[attr-defined]
                          f"the sum of the line pays (x line bet = total bet / {lines}, doubled with the Bonus"
                          " Substitute), scatter pays and instant prizes of every spin, or the cap; a jackpot is"
                          " whole cents of its pool")
    raise ValueError(f"{game.id}: say what its round wins are made of in game/engine/rounding.py")


def whole_cents(figure: Fraction, bet: int) -> bool:
    return (figure * bet).denominator == 1


def check(game: Game, bets: tuple[int, ...] | None = None) -> list[BetCheck]:
    """Per bet (default: the ladder), the figures that are not whole cents there (none: no rounding loss)."""
    figures = pay_figures(game)
    if any(not isinstance(m, int) or m < 1 for m in figures.multipliers):
        raise ValueError(f"{game.id}: multipliers must be whole numbers for the proof")
    named = list(figures.pays)
    if figures.cap is not None:
        named.append(("the cap", figures.cap))
    if figures.buy_price is not None:
        named.append(("the buy price", figures.buy_price))
    return [BetCheck(bet, tuple(name for name, figure in named if not whole_cents(figure, bet)))
            for bet in (game.bets if bets is None else bets)]


def loss_bound(game: Game, bet: int, hit_rate: float) -> float:
    """An upper bound of the RTP rounding takes at ``bet`` (a fraction of the stake, 0.0081 = 0.81 points).

    Every win is a whole multiple of ``bet / bet_step`` cents, so its fraction of a cent is at
    most ``1 - 1 / d`` with ``d`` the denominator of ``bet / bet_step``; only rounds that win lose it.
    """
    d = Fraction(bet, pay_figures(game).bet_step).denominator
    return hit_rate * (1 - 1 / d) / bet


def main() -> int:
    from . import GAME_IDS, get_game

    for game_id in GAME_IDS:
        game = get_game(game_id)
        checks = check(game)
        bad = [c for c in checks if not c.exact]
        figures = pay_figures(game)
        print(f"{game_id}: {len(checks)} bets, every pay whole cents at multiples of {figures.bet_step} cents;"
              f" {'no rounding loss at any bet' if not bad else f'{len(bad)} bets lose to rounding'}")
        for c in bad:
            print(f"  {c.bet} cents: {', '.join(c.inexact[:4])}{' ...' if len(c.inexact) > 4 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
