"""Engine speed: rounds per second on one core through the public ``play()``.

    python -m benchmarks.engine_speed halloween_vacation --rounds 50000 --repeats 5
    python -m benchmarks.engine_speed fat_santa --against c2344f0   # this tree and that commit, in turns
    python -m benchmarks.engine_speed fat_santa --instructions --against c2344f0   # needs valgrind

Each repeat plays the same seeded series in this one process; the median of the repeats is the
figure to quote (the machine has other work; the median ignores a disturbed run). With
``--against REV`` the same measurement runs in a checkout of REV (a temporary git worktree) and
here, alternating repeat by repeat so both see the same load, and the ratio of the medians is
printed.

This machine's speed per core changes from one sitting to the next by as much as a half, and
within a sitting from run to run; ``--instructions`` counts instead the processor instructions a
round takes (valgrind's callgrind, one run of ``--rounds`` rounds less one of none, both with the
same hash seed): the same count on every run whatever the load, so two trees compare exactly. An
instruction is not a fixed time (memory and branches differ), so quote rounds per second too.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
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


@contextlib.contextmanager
def checkout(rev: str) -> Iterator[Path]:
    """A temporary git worktree of ``rev`` holding this file's stopwatch."""
    with tempfile.TemporaryDirectory() as tmp:
        other = Path(tmp) / "other"
        subprocess.run(["git", "worktree", "add", "--detach", str(other), rev], cwd=ROOT, check=True,
                       capture_output=True)
        try:
            (other / "benchmarks" / "engine_speed.py").write_text(Path(__file__).read_text())  # the same stopwatch
            yield other
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(other)], cwd=ROOT, capture_output=True)


def against(rev: str, game_id: str, rounds: int, repeats: int, buy: bool) -> None:
    with checkout(rev) as other:
        here, there = [], []
        for _ in range(repeats):
            there.append(one_run(other, game_id, rounds, buy))
            here.append(one_run(ROOT, game_id, rounds, buy))
    mine, theirs = statistics.median(here), statistics.median(there)
    log.info("%s runs: %s", rev, ", ".join(f"{r:,.0f}" for r in there))
    log.info("this tree runs: %s", ", ".join(f"{r:,.0f}" for r in here))
    print(f"{game_id}{' (buy)' if buy else ''}: {rev} {theirs:,.0f} rounds/s, this tree {mine:,.0f} rounds/s, "
          f"ratio {mine / theirs:.2f} (medians of {repeats} alternating runs of {rounds:,} rounds, one core)")


def _counted(tree: Path, game_id: str, rounds: int, buy: bool) -> int:
    """Instructions a round: a fresh interpreter in ``tree`` loads the game, derives ``rounds`` seeds and
    plays them, less one that does all that but the playing."""
    code = "\n".join([
        "import sys",
        "from game.engine import get_game",
        "from game.engine.rng import derive_seed",
        f"game = get_game({game_id!r})",
        f"seeds = [derive_seed(1, i) for i in range({rounds})]",
        "if sys.argv[1] == 'play':",
        "    for seed in seeds:",  # each result dropped, as in the timed runs
        f"        game.play(game.default_bet, seed, buy={buy})",
    ])
    counts = []
    for mode in ("load", "play"):
        done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                               "-c", code, mode], cwd=tree, capture_output=True, text=True, check=True,
                              env={**os.environ, "PYTHONHASHSEED": "0"})
        found = re.search(r"Collected : (\d+)", done.stderr)
        if found is None:
            raise RuntimeError(f"valgrind printed no instruction count: {done.stderr[-500:]}")
        counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) // rounds


def instructions(rev: str | None, game_id: str, rounds: int, buy: bool) -> None:
    mine = _counted(ROOT, game_id, rounds, buy)
    label = f"{game_id}{' (buy)' if buy else ''}"
    if rev is None:
        print(f"{label}: {mine:,} instructions a round (callgrind, {rounds:,} rounds)")
        return
    with checkout(rev) as other:
        theirs = _counted(other, game_id, rounds, buy)
    print(f"{label}: {rev} {theirs:,} instructions a round, this tree {mine:,}, ratio {theirs / mine:.2f} "
          f"(callgrind, {rounds:,} rounds each)")


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"a count of 1 or more, not {text}")
    return value


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAME_IDS)
    parser.add_argument("--rounds", type=_positive, help="rounds a run (default 50,000; 5,000 with --instructions)")
    parser.add_argument("--repeats", type=_positive, default=5)
    parser.add_argument("--buy", action="store_true")
    parser.add_argument("--against", metavar="REV", help="also time that commit and print the ratio")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions a round with valgrind instead of timing (default 5,000 rounds)")
    args = parser.parse_args()
    if args.instructions:
        if shutil.which("valgrind") is None:
            parser.error("--instructions needs valgrind on the PATH (Debian: apt-get install valgrind)")
        instructions(args.against, args.game, args.rounds or 5_000, args.buy)
        return
    args.rounds = args.rounds or 50_000
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
