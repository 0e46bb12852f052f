"""Slingo Santa King's extra spins: what they return, per stake, for a player who buys every one.

    python -m game.engine.games.slingo_santa_king.extra --games 400 [--seed S] [--write]

Plays ``--games`` games that buy every extra spin offered (picks by the strategy) and records each
offer's exact value (x stake). An offer is priced at its value over the extra-spin RTP (95%),
rounded up to the cent, so its return at stake ``s`` is ``value x s / price(s)``: 95% less what the
rounding up takes, which is most at the smallest stakes. For each stake on the ladder the sampled
offers' values are priced again at that stake (the value of a grid does not depend on the stake),
giving the return of every extra spin bought: sum of values over sum of prices. A wheel spin
returns the same: it costs the wheel price and wins the spin with chance wheel price / price.
``--write`` stores the figures in ``extra_spins.json`` beside the data, for the PAR sheet.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from fractions import Fraction
from typing import Any

from ... import get_game
from ...commands import run_command
from ...rng import derive_seed
from ...round import Decision

log = logging.getLogger(__name__)
DEFAULT_SEED = 20261214


def offer_values(game: Any, games: int, seed: int) -> tuple[list[Fraction], int]:
    """The exact value (x stake) of every extra spin offered in ``games`` games that buy them all."""
    values: list[Fraction] = []
    spins = 0

    def buy(decision: Decision, rng: Any) -> Any:
        if decision.kind == "extra_spin":
            values.append(Fraction(decision.info["value"]))
            return "spin"
        return game.strategy(decision, rng)

    for index in range(games):
        result = game.play(game.default_bet, derive_seed(seed, index), strategy=buy)
        spins += sum(1 for event in result.events if event["type"] == "spin" and event["extra"])
    return values, spins


def returns(game: Any, values: list[Fraction]) -> dict[int, dict[str, float]]:
    """Per stake: the return of the offered spins (sum of value / sum of price) and the mean price."""
    out = {}
    for stake in game.bets:
        prices = [game.price_cents(value, stake) for value in values]
        worth = sum(values, Fraction(0)) * stake
        out[stake] = {"return": float(worth / sum(prices)), "mean_price": sum(prices) / len(prices) / 100,
                      "wheel_share": sum(1 for p in prices if p > game.wheel_price) / len(prices)}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.engine.games.slingo_santa_king.extra", description=__doc__)
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    parser.add_argument("--write", action="store_true", help="write extra_spins.json beside the game's data")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    game = get_game("slingo_santa_king")
    started = time.perf_counter()
    values, spins = offer_values(game, args.games, args.seed)
    table = returns(game, values)
    out = sys.stdout
    out.write(f"{len(values):,} offers in {args.games:,} games ({spins:,} extra spins played),"
              f" seed {args.seed}, {time.perf_counter() - started:.0f} s\n")
    for stake, row in table.items():
        out.write(f"  stake {stake / 100:6.2f}: return {row['return']:.4%}  mean price {row['mean_price']:.2f}"
                  f"  through the wheel {row['wheel_share']:.1%}\n")
    if args.write:
        assert game.data_file is not None
        record = {"games": args.games, "seed": args.seed, "offers": len(values), "extra_spins": spins,
                  "data_sha256": game.data_digest(),
                  "command": f"python -m game.engine.games.slingo_santa_king.extra --games {args.games}"
                             f" --seed {args.seed} --write",
                  "by_stake": {str(stake): row for stake, row in table.items()},
                  "mean_value_x": float(sum(values, Fraction(0)) / len(values))}
        path = game.data_file.parent / "extra_spins.json"
        path.write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
        log.info("wrote %s", path)
    return 0


if __name__ == "__main__":
    run_command(main)
