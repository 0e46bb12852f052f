"""Engine speed: rounds per second on one core through the public ``play()``.

    python -m benchmarks.engine_speed halloween_vacation --rounds 50000 --repeats 5
    python -m benchmarks.engine_speed fat_santa --against c2344f0   # this tree and that commit, in turns

Each repeat plays the same seeded series in this one process; the median of the repeats is the
figure to quote (the machine has other work; the median ignores a disturbed run). With
``--against REV`` the same measurement runs in a checkout of REV (a temporary git worktree) and
here, alternating repeat by repeat so both see the same load, and the ratio of the medians is
printed.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


ROOT = Path(__file__).resolve().parent.parent


def one_run(tree: Path, game_id: str, rounds: int, buy: bool) -> float:
    """Rounds per second of one repeat in a fresh interpreter inside ``tree``."""
    code = ("import sys; from benchmarks.engine_speed import rounds_per_second as r; from game.engine import get_game;"
            f"get_game({game_id!r}); print(r({game_id!r}, {rounds}, {buy}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True)
    return float(done.stdout.strip().splitlines()[-1])


def against(rev: str, game_id: str, rounds: int, repeats: int, buy: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(["git", "worktree", "add", "--detach", str(other), rev], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            (other / "benchmarks" / "engine_speed.py").write_text(Path(__file__).read_text())  # the same stopwatch
            here, there = [], []
            for _ in range(repeats):
                there.append(one_run(other, game_id, rounds, buy))
                here.append(one_run(ROOT, game_id, rounds, buy))
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, capture_output=True)
    mine, theirs = statistics.median(here), statistics.median(there)
    log.info("%s runs: %s", rev, ", ".join(f"{r:,.0f}" for r in there))
    log.info("this tree runs: %s", ", ".join(f"{r:,.0f}" for r in here))
    print(f"{game_id}{' (buy)' if buy else ''}: {rev} {theirs:,.0f} rounds/s, this tree {mine:,.0f} rounds/s, "
          f"ratio {mine / theirs:.2f} (medians of {repeats} alternating runs of {rounds:,} rounds, one core)")


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAME_IDS)
    parser.add_argument("--rounds", type=int, default=50_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--buy", action="store_true")
    parser.add_argument("--against", metavar="REV", help="also time that commit and print the ratio")
    args = parser.parse_args()
    if args.against:
        against(args.against, args.game, args.rounds, args.repeats, args.buy)
        return
    get_game(args.game)  # load data outside the timing
    runs = [rounds_per_second(args.game, args.rounds, args.buy) for _ in range(args.repeats)]
    log.info("runs: %s", ", ".join(f"{r:,.0f}" for r in runs))
    print(f"{args.game}: median {statistics.median(runs):,.0f} rounds/s on one core "
          f"({args.repeats} runs of {args.rounds:,} rounds)")


if __name__ == "__main__":
    main()
