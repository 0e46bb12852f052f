"""Design Naughty or Nice?'s reel strips: symbol counts per reel in, strips and the exact base game out.

Run from the repository root::

    python -m tools.design_naughty_or_nice            # print the exact base game of the counts below
    python -m tools.design_naughty_or_nice --write    # write the strips into the game's data.json
    python -m tools.design_naughty_or_nice --free 20000   # and estimate each Bonus Substitute's free games

The counts below are the design: each strip is laid out from them deterministically (the scatter
and the girls spread evenly round the strip, the other symbols in a seeded order that never puts
a high symbol twice in a row). The free games' value is then proven by
``python -m game.engine.simulate naughty_or_nice --exact-parts``; this tool only steers the design.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import statistics
import sys
from fractions import Fraction
from pathlib import Path

from game.engine.games.naughty_or_nice.exact import base_exact
from game.engine.games.naughty_or_nice.game import DATA_FILE, NaughtyOrNice
from game.engine.rng import derive_seed

log = logging.getLogger(__name__)

SPREAD = ("scatter", "nice_girl", "naughty_girl")  # placed evenly round the strip
STACKED = ("mistletoe", "stocking", "candy_cane")  # may stand twice or more in a row

# symbol -> count on reels 1..5. The three low symbols take turns to be common (48), uncommon (8) and
# rare (6), so that no low symbol is common on three reels running: the printed paytable's low
# five-of-a-kinds (150 to 250 line bets) stay rare while every reel stays busy with them.
BASE: dict[str, tuple[int, ...]] = {
    "santa":        (3, 3, 3, 3, 3),
    "mrs_claus":    (4, 4, 4, 4, 4),
    "reindeer":     (6, 6, 6, 6, 6),
    "present":      (8, 8, 8, 8, 8),
    "mistletoe":    (48, 8, 6, 48, 8),
    "stocking":     (8, 6, 48, 6, 48),
    "candy_cane":   (6, 48, 8, 8, 6),
    "nice_girl":    (1, 1, 1, 1, 1),
    "naughty_girl": (1, 1, 1, 1, 1),
    "scatter":      (3, 3, 3, 3, 3),
}
FREE: dict[str, tuple[int, ...]] = {
    "santa":        (3, 3, 3, 3, 3),
    "mrs_claus":    (4, 4, 4, 4, 4),
    "reindeer":     (6, 6, 6, 6, 6),
    "present":      (8, 8, 8, 8, 8),
    "mistletoe":    (48, 8, 6, 48, 8),
    "stocking":     (8, 6, 48, 6, 48),
    "candy_cane":   (6, 48, 8, 8, 6),
    "nice_girl":    (3, 2, 2, 2, 3),
    "naughty_girl": (3, 2, 2, 2, 3),
    "scatter":      (1, 1, 1, 1, 1),
}


def lay_out(counts: dict[str, tuple[int, ...]], reel: int, salt: int) -> list[str]:
    """One strip: the spread symbols at even spacing, the rest shuffled with no high symbol twice in a row."""
    length = sum(by_reel[reel] for by_reel in counts.values())
    strip: list[str | None] = [None] * length
    offset = 0
    for name in SPREAD:
        n = counts[name][reel]
        for i in range(n):
            spot = (offset + i * length // n) % length
            while strip[spot] is not None:
                spot = (spot + 1) % length
            strip[spot] = name
        offset += max(1, length // (3 * max(1, n)))
    rest = [name for name, by_reel in counts.items() if name not in SPREAD for _ in range(by_reel[reel])]
    rng = random.Random(derive_seed(salt, reel))
    for _ in range(1000):  # fill each gap with a symbol unlike its neighbours; start again on a dead end
        filled = list(strip)
        left = list(rest)
        rng.shuffle(left)
        for i, cell in enumerate(filled):
            if cell is not None:
                continue
            after = filled[(i + 1) % length]
            choice = next((k for k, name in enumerate(left)
                           if name in STACKED or (name != filled[i - 1] and name != after)), None)
            if choice is None:
                break
            filled[i] = left.pop(choice)
        else:
            if all(filled[i] != filled[i - 1] or filled[i] in STACKED for i in range(length)):
                return [name for name in filled if name is not None]
    raise SystemExit(f"no layout of reel {reel + 1} without a high symbol twice in a row: change the counts")


def strips(counts: dict[str, tuple[int, ...]], salt: int) -> list[str]:
    return [" ".join(lay_out(counts, reel, salt)) for reel in range(5)]


def free_estimate(game: NaughtyOrNice, runs: int) -> dict[str, tuple[float, float]]:
    """Each Bonus Substitute's mean free-game win (x bet) and its standard error, by simulation."""
    out = {}
    for name in game.substitutes:
        wins = [float(game.play(game.default_bet, derive_seed(0xDE5, i), feature_start={"substitute": name}).win_x)
                for i in range(runs)]
        out[name] = (statistics.fmean(wins), statistics.stdev(wins) / runs ** 0.5)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.design_naughty_or_nice", description=__doc__)
    parser.add_argument("--write", action="store_true", help="write the strips into data.json")
    parser.add_argument("--free", type=int, default=0, metavar="RUNS", help="simulate RUNS free games per substitute")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["strips"] = {"base": strips(BASE, 0xBA5E), "free": strips(FREE, 0xF9EE)}
    text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    target = DATA_FILE if args.write else Path("/tmp") / "naughty_or_nice_design.json"
    target.write_text(text, encoding="utf-8")
    game = NaughtyOrNice(target)
    exact = base_exact(game)
    out = sys.stdout
    out.write(f"line {float(exact.line_rtp):.4%}  scatter {float(exact.scatter_rtp):.4%}  "
              f"base {float(exact.base_x):.4%}  trigger 1 in {float(1 / exact.trigger):.1f}  "
              f"jackpot 1 in {float(1 / exact.jackpot_any):,.0f}\n")
    if args.free:
        needed = (Fraction(game.description.rtp.figures()[0]) / 100 - exact.base_x) / exact.trigger
        for name, (mean, se) in free_estimate(game, args.free).items():
            rtp = float(exact.base_x) + float(exact.trigger) * mean
            out.write(f"  {name:13} free mean {mean:8.3f}x +- {1.96 * se:.3f}  RTP if always chosen {rtp:.3%}\n")
        out.write(f"  free mean the target needs: {float(needed):.3f}x\n")
    if args.write:
        log.info("wrote %s", target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
