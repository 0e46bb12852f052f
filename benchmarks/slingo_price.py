"""How long Slingo Santa King takes to price an extra spin (the exact enumeration), offer by offer.

    python -m benchmarks.slingo_price --games 150

Plays ``--games`` games that buy every extra spin (picks by the strategy) and times the pricing of
each offer, the first read of its ``info``; prints the percentiles and the 1-minute load. The
rules want each price within 50 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from game.engine import get_game
from game.engine.rng import derive_seed


def price_times(games: int, seed: int) -> list[tuple[float, int, int]]:
    """(milliseconds, marked cells, trail) of every offer's pricing, slowest last."""
    game: Any = get_game("slingo_santa_king")
    times: list[tuple[float, int, int]] = []

    def buy(decision: Any, rng: Any) -> Any:
        if decision.kind == "extra_spin":
            started = time.perf_counter()
            info = decision.info  # the first read prices the offer
            times.append(((time.perf_counter() - started) * 1000, info["marked"], info["trail"]))
            return "spin"
        return game.strategy(decision, rng)

    for index in range(games):
        game.play(game.default_bet, derive_seed(seed, index), strategy=buy)
    return sorted(times)


def retimed(offers: list[tuple[float, int, int]], repeats: int = 3) -> list[float]:
    """Each offer priced again from nothing ``repeats`` times, its fastest: what the computation
    costs, without the moments another process or the hypervisor held the core."""
    game: Any = get_game("slingo_santa_king")
    best = []
    for _, mask, trail in offers:
        runs = []
        for _ in range(repeats):
            started = time.perf_counter()
            game.next_spin_value(mask, [], trail)
            runs.append((time.perf_counter() - started) * 1000)
        best.append(min(runs))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.slingo_price", description=__doc__)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--retime", type=int, default=10, metavar="K",
                        help="price the K slowest offers again, best of 3 each (default 10)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    offers = price_times(args.games, args.seed)
    times = [t for t, _, _ in offers]
    n = len(times)
    with open("/proc/loadavg", encoding="ascii") as load:
        one_minute = load.read().split()[0]
    sys.stdout.write(f"{n:,} offers in {args.games} games: p50 {times[n // 2]:.1f} ms, p90 {times[int(n * 0.9)]:.1f},"
                     f" p99 {times[int(n * 0.99)]:.1f}, max {times[-1]:.1f}; over 50 ms:"
                     f" {sum(1 for t in times if t > 50)} (1-minute load {one_minute})\n")
    if args.retime > 0:
        slowest = offers[-args.retime:]
        again = retimed(slowest)
        sys.stdout.write(f"the {len(slowest)} slowest, priced again (best of 3): max {max(again):.1f} ms, over 50 ms:"
                         f" {sum(1 for t in again if t > 50)} ("
                         + ", ".join(f"{t:.0f}->{a:.0f}" for (t, _, _), a in zip(slowest, again, strict=True))
                         + ")\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
