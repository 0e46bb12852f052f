"""Design of Fat Santa's unprinted figures: paytable, line shapes, reel strips, sleigh, free games.

Nothing of Fat Santa's math is printed but the RTPs (94.15%, Bonus Buy 94.20%), the buy price
(85x), the cap (11,322.76x) and the extra spins (+3, +2, +2, +1). This script holds the
designer's choices (pays, symbol counts per reel, sleigh weights), lays out the strips
deterministically, writes ``data.json`` and reports the parts of the return:

* the base game's line return, exactly (linearity of expectation over the 50 lines), without and
  with the sleigh (its pies are placed uniformly, so every line sees the same law);
* the free-games trigger probability, exactly;
* the free games' average win, by simulation through the engine (they are the same whether
  triggered or bought: Santa starts on a uniformly random row of reel 1 either way).

    python -m tools.design_fat_santa                # report only (writes /tmp/fat_santa_design.json)
    python -m tools.design_fat_santa --write        # also rewrite data.json

The official RTPs come from ``python -m game.engine.simulate fat_santa --stratified ...``.
"""

from __future__ import annotations

import argparse
import json
import logging
import random
import re
import time
from collections import Counter
from fractions import Fraction
from itertools import pairwise, product
from math import comb
from pathlib import Path

from game.engine.games.fat_santa.game import DATA_FILE, FatSanta
from game.engine.round import RoundContext

log = logging.getLogger("design")

ROWS = 5
REELS = 5
TARGET_BASE = Fraction(9415, 10000)
TARGET_BUY = Fraction(9420, 10000)
BUY_PRICE = 85
STATED_RTP = {"source": "printed", "base": "94.15%", "buy": "94.20%"}  # the rule text prints them; TARGET_* aim at them

SYMBOLS = ("santa", "pie", "rudolph", "elf", "snowman", "gingerbread", "ace", "king", "queen", "jack", "ten")
PAYING = SYMBOLS[2:]

# The paytable, x line bet (line bet = total bet / 50). Santa pays only in the free games, where
# his block spans reels; a line of wilds with a pie in it pays as pies.
PAYS = {
    "santa": {3: "55", 4: "203", 5: "1000"},
    "pie": {3: "50", 4: "200", 5: "600"},
    "rudolph": {3: "40", 4: "150", 5: "500"},
    "elf": {3: "30", 4: "100", 5: "400"},
    "snowman": {3: "25", 4: "80", 5: "300"},
    "gingerbread": {3: "20", 4: "60", 5: "250"},
    "ace": {3: "15", 4: "40", 5: "150"},
    "king": {3: "12", 4: "30", 5: "125"},
    "queen": {3: "10", 4: "25", 5: "100"},
    "jack": {3: "8", 4: "20", 5: "80"},
    "ten": {3: "6", 4: "15", 5: "60"},
}

# Symbol counts per reel (PAYING order). Base reel 1 is long and carries one Fat Santa, which
# sets how often he shows (1 spin in 192); base reels 2-5 carry five pies each (wild).
BASE_PROFILE = (5, 6, 7, 8, 12, 13, 14, 15, 16)
BASE_REEL1_FACTOR = 10
BASE_PIES = 5
BASE_COUNTS = (
    {"santa": 1, **{name: n * BASE_REEL1_FACTOR for name, n in zip(PAYING, BASE_PROFILE)}},
    *({"pie": BASE_PIES, **dict(zip(PAYING, BASE_PROFILE))} for _ in range(REELS - 1)),
)
FREE_PROFILE = (6, 7, 8, 9, 11, 12, 13, 14, 15)
FREE_PIES = (4, 4, 4, 4, 3)
FREE_EXTRA_TENS = (0, 0, 0, 0, 1)  # fine tuning of the free games' average
FREE_COUNTS = tuple({"pie": p, **dict(zip(PAYING, FREE_PROFILE[:-1])), "ten": FREE_PROFILE[-1] + t}
                    for p, t in zip(FREE_PIES, FREE_EXTRA_TENS))
STACKS = {"rudolph": 2, "elf": 2, "snowman": 3, "gingerbread": 3, "ace": 3, "king": 3, "queen": 3, "jack": 3,
          "ten": 3}

SLEIGH = {
    "chance": {"flies": 1, "of": 8},
    "reels": [1, 2, 3, 4],
    "pie_weights": {"1": 40, "2": 30, "3": 18, "4": 9, "5": 3},
}
FREE_GAME = {
    "spins": 5,
    "meter": [4, 5, 6, 7],
    "extra_spins": [3, 2, 2, 1],
    "eaten_pie": "pie",
    "buy_santa_row_weights": [1, 1, 1, 1, 1],
}
# Multiples of 0.50 only: pays are x line bet = total bet / 50, and at these bets every pay
# (12 x line bet = 0.24 x bet needs a bet of 25 cents to be whole cents) and the cap are whole
# cents, so rounding a round's win down to the cent takes nothing (game/engine/analysis/rounding.py).
BETS = {  # the one bet layout of every game (game/engine/data.py read_bets)
    "ladder": [50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500,
               10000],
    "default": 100,
}


def line_shapes() -> list[list[int]]:
    """50 distinct shapes, steps of at most one row, every cell of the grid on exactly 10 lines.

    Starts from the simplest shapes (straights, then symmetric ones, then by turns) and swaps
    shapes in by a seeded local search until every (reel, row) cell is used 10 times; the five
    straights always stay.
    """
    shapes = [s for s in product(range(ROWS), repeat=REELS) if all(abs(a - b) <= 1 for a, b in pairwise(s))]

    def order(shape: tuple[int, ...]) -> tuple:
        straight = len(set(shape)) == 1
        symmetric = shape == shape[::-1]
        turns = sum(1 for a, b, c in zip(shape, shape[1:], shape[2:]) if (b - a) * (c - b) < 0)
        return (not straight, not symmetric, turns, shape)

    def cost(chosen: list[tuple[int, ...]]) -> int:
        used = Counter(cell for shape in chosen for cell in enumerate(shape))
        return sum((used[(c, r)] - 10) ** 2 for c in range(REELS) for r in range(ROWS))

    ordered = sorted(shapes, key=order)
    chosen, score = ordered[:50], cost(ordered[:50])
    rng = random.Random(1)
    while score:
        index, candidate = rng.randrange(5, 50), rng.choice(ordered)
        if candidate in chosen:
            continue
        trial = chosen[:index] + [candidate] + chosen[index + 1 :]
        trial_score = cost(trial)
        if trial_score <= score:
            chosen, score = trial, trial_score
    return [list(s) for s in sorted(chosen, key=order)]


def build_strip(counts: dict[str, int], seed: int, stacks: dict[str, int]) -> list[str]:
    """A shuffled strip of blocks of 1 to ``stacks[symbol]`` cells; blocks of one symbol never touch."""
    rng = random.Random(seed)
    blocks: list[list[str]] = []
    for name, n in counts.items():
        left = n
        while left > 0:
            size = min(left, rng.randint(1, stacks.get(name, 1)))
            blocks.append([name] * size)
            left -= size
    for _attempt in range(1_000):
        strip = _interleave(blocks, rng)
        if strip is not None:
            return strip
    raise SystemExit(f"cannot lay out a strip with counts {counts}")


def _interleave(blocks: list[list[str]], rng: random.Random) -> list[str] | None:
    """Blocks in a random order where no two neighbours (also across the wrap) share a symbol."""
    left = blocks[:]
    rng.shuffle(left)
    order: list[list[str]] = []
    while left:
        last = order[-1][0] if order else None
        by_symbol = Counter(block[0] for block in left)
        crowded = [name for name, n in by_symbol.items() if n * 2 > len(left) + (name != last)]
        choices = [i for i, block in enumerate(left)
                   if block[0] != last and (not crowded or block[0] in crowded)]
        if not choices:
            return None
        order.append(left.pop(choices[rng.randrange(len(choices))]))
    if len(order) > 1 and order[0][0] == order[-1][0]:
        return None
    return [s for block in order for s in block]


def design_data() -> dict:
    return {
        "title": "Fat Santa",
        "rtp": STATED_RTP,
        "reels": REELS,
        "rows": ROWS,
        "symbols": list(SYMBOLS),
        "santa": "santa",
        "pie": "pie",
        "pays": {name: {str(k): v for k, v in sorted(row.items(), reverse=True)} for name, row in PAYS.items()},
        "lines": line_shapes(),
        "bets": BETS,
        "sleigh": SLEIGH,
        "free_game": FREE_GAME,
        "strips": {
            "base": [" ".join(build_strip(c, 100 + i, STACKS)) for i, c in enumerate(BASE_COUNTS)],
            "free": [" ".join(build_strip(c, 200 + i, STACKS)) for i, c in enumerate(FREE_COUNTS)],
        },
    }


# -- exact parts ------------------------------------------------------------------------------


def _distributions(game: FatSanta) -> list[list[tuple[str, int]]]:
    return [sorted(Counter(strip).items()) for strip in game.data.base_reels.strips]


def line_expectation(game: FatSanta, forced: frozenset[int] = frozenset()) -> Fraction:
    """E[pay of one line] (x total bet) on the base strips, the reels in ``forced`` showing a pie."""
    lines = game.paylines
    one = type(lines)([(0,) * REELS], lines.units, lines.unit_den, lines.santa, lines.pie)
    dists = _distributions(game)
    dists = [[(game.pie, 1)] if reel in forced else dist for reel, dist in enumerate(dists)]
    den = 1
    for dist in dists:
        den *= sum(n for _, n in dist)
    total = 0
    for combo in product(*dists):
        hits = one.hits([[symbol] for symbol, _ in combo])
        if hits:
            ways = 1
            for _, n in combo:
                ways *= n
            total += ways * hits[0][3]
    return Fraction(total, den * lines.unit_den)


def sleigh_line_expectation(game: FatSanta) -> Fraction:
    """E[pay of one line | the sleigh flies]: its pies are uniform over the sleigh's cells."""
    data = game.data
    cells = len(data.sleigh_cells)
    sleigh_reels = sorted({col for col, _ in data.sleigh_cells})
    m = len(sleigh_reels)  # a line has one cell on each of them
    weight_total = sum(w for _, w in data.sleigh_weights)
    cache: dict[frozenset[int], Fraction] = {}
    total = Fraction(0)
    for k, weight in data.sleigh_weights:
        for j in range(min(m, k) + 1):
            for subset in _subsets(sleigh_reels, j):
                p = Fraction(comb(cells - m, k - j), comb(cells, k))
                if p:
                    if subset not in cache:
                        cache[subset] = line_expectation(game, subset)
                    total += Fraction(weight, weight_total) * p * cache[subset]
    return total


def _subsets(items: list[int], size: int) -> list[frozenset[int]]:
    from itertools import combinations

    return [frozenset(c) for c in combinations(items, size)]


def trigger_probability(game: FatSanta) -> Fraction:
    """P(a base spin shows Santa with at least one pie), landed or from the sleigh."""
    data = game.data
    strips = data.base_reels.strips
    p_santa = Fraction(sum(s == game.santa for s in strips[0]) * ROWS, len(strips[0]))
    if any(s == game.pie for s in strips[0]):
        raise SystemExit("the trigger formula assumes no pie on base reel 1")
    no_pie = Fraction(1)
    for strip in strips[1:]:
        n = len(strip)
        clear = sum(all(strip[(stop + r) % n] != game.pie for r in range(ROWS)) for stop in range(n))
        no_pie *= Fraction(clear, n)
    sleigh = Fraction(data.sleigh_flies, data.sleigh_of)
    return p_santa * (sleigh + (1 - sleigh) * (1 - no_pie))


def feature_average(game: FatSanta, runs: int, seed: int) -> tuple[float, float, Counter]:
    rng = random.Random(seed)
    total = total2 = 0.0
    sizes: Counter = Counter()
    for _ in range(runs):
        ctx = RoundContext(rng, game.default_bet, True, None, game.cap)
        try:
            game.free_games(ctx, "buy", rng.randrange(ROWS))
        except Exception as exc:  # CapReached
            if type(exc).__name__ != "CapReached":
                raise
        x = float(ctx.total)
        total += x
        total2 += x * x
        sizes.update(name for name in ctx.features if name.startswith("size_"))
    mean = total / runs
    sd = (total2 / runs - mean * mean) ** 0.5
    return mean, sd, sizes


def report(game: FatSanta, feature_runs: int, seed: int) -> None:
    lines = len(game.lines)
    plain = line_expectation(game) * lines
    sleigh_lines = sleigh_line_expectation(game) * lines
    ps = Fraction(game.data.sleigh_flies, game.data.sleigh_of)
    base = (1 - ps) * plain + ps * sleigh_lines
    trigger = trigger_probability(game)
    log.info("base lines, no sleigh   %.5f", float(plain))
    log.info("base lines, sleigh      %.5f  (sleigh 1 in %.1f)", float(sleigh_lines), 1 / float(ps))
    log.info("base lines in all       %.5f", float(base))
    log.info("free games trigger      1 in %.1f", 1 / float(trigger))
    needed = (TARGET_BASE - base) / trigger
    log.info("free games average for 94.15%% base: %.3f x; for 94.20%% buy: %.3f x",
             float(needed), float(TARGET_BUY * BUY_PRICE))
    if feature_runs:
        began = time.perf_counter()
        mean, sd, sizes = feature_average(game, feature_runs, seed)
        spent = time.perf_counter() - began
        half = 1.96 * sd / feature_runs**0.5
        log.info("free games average      %.3f x +- %.3f (sd %.1f, %d runs, %.0f runs/s)", mean, half, sd,
                 feature_runs, feature_runs / spent)
        log.info("sizes reached           %s", {k: f"1 in {feature_runs / v:.1f}" for k, v in sorted(sizes.items())})
        log.info("buy RTP                 %.4f", mean / BUY_PRICE)
        log.info("base RTP                %.4f", float(base) + float(trigger) * mean)


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite the game's data.json")
    parser.add_argument("--feature-runs", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    data = design_data()
    target = Path(DATA_FILE) if args.write else Path("/tmp/fat_santa_design.json")
    target.write_text(_dump(data), encoding="utf-8")
    report(FatSanta(target), args.feature_runs, args.seed)


def _dump(data: dict) -> str:
    """JSON with every list of plain values on one line, so diffs of a redesign stay readable."""
    text = json.dumps(data, indent=2)
    return re.sub(r"\[\s+([^\[\]{}]*?)\s+\]", lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text) + "\n"


if __name__ == "__main__":
    main()
