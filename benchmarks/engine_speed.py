"""Engine speed: rounds per second on one core through the public ``play()``.

    python -m benchmarks.engine_speed halloween_vacation --rounds 50000 --repeats 5

Each repeat plays the same seeded series in this one process; the median of the repeats is the
figure to quote (the machine has other work; the median ignores a disturbed run).
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time

from game.engine import GAME_IDS, get_game
from game.engine.rng import derive_seed

log = logging.getLogger("bench")


def rounds_per_second(game_id: str, rounds: int, buy: bool = False, master: int = 1) -> float:
    game = get_game(game_id)
    bet = game.default_bet
    seeds = [derive_seed(master, i) for i in range(rounds)]
    began = time.perf_counter()
    for seed in seeds:
        game.play(bet, seed, buy=buy)
    return rounds / (time.perf_counter() - began)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAME_IDS)
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--buy", action="store_true")
    args = parser.parse_args()
    get_game(args.game)  # load data outside the timing
    runs = [rounds_per_second(args.game, args.rounds, args.buy) for _ in range(args.repeats)]
    log.info("runs: %s", ", ".join(f"{r:,.0f}" for r in runs))
    print(f"{args.game}: median {statistics.median(runs):,.0f} rounds/s on one core "
          f"({args.repeats} runs of {args.rounds:,} rounds)")


if __name__ == "__main__":
    main()
