"""Rounding loss, proven zero by design: every pay figure is a whole number of cents at every bet.

A round's win is a multiple of the total bet (a Fraction) and is rounded down to the cent once,
at the end (``money.cents_of``). Every game makes that win a sum of pay figures, each possibly
times a whole-number multiplier, or the cap when the cap stops the round; the game says which
(``Game.pay_figures``: by default a line game's line pays; a game with more kinds of pay writes its
own in its folder's ``rounding.py``).

So if each pay figure times the bet is a whole number of cents, so is every sum of them, so is
every whole-number multiple, and the rounding takes nothing away; the same for the cap and the
buy price. :func:`check` proves it bet by bet from the game's own loaded figures, and
``tests/test_rounding.py`` walks every ladder (and plays rounds to see the engine agree). Where a
bet fails, :func:`loss_bound` bounds what rounding can take there.

    python -m game.engine.rounding         # every game's ladder, bet by bet
    python -m game.engine.rounding GAME    # one game's
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from fractions import Fraction

from .. import GAME_IDS, get_game
from ..commands import run_command
from ..game import Game
from ..parts import PayFigures


@dataclass(frozen=True)
class BetCheck:
    bet: int
    inexact: tuple[str, ...]  # the figures that are not whole cents at this bet

    @property
    def exact(self) -> bool:
        return not self.inexact


def pay_figures(game: Game) -> PayFigures:
    """What the game's round wins are made of (``Game.pay_figures``)."""
    return game.pay_figures()


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.rounding", description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"game ids (default: every game): {', '.join(GAME_IDS)}")
    args = parser.parse_args(argv)
    unknown = [name for name in args.games if name not in GAME_IDS]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; games: {', '.join(GAME_IDS)}")
    for game_id in args.games or GAME_IDS:
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
    run_command(main)
