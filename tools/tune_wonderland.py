"""Tune Santa's Wonderland's Supersize weights on one pilot, by reweighting (see DESIGN.md, "Tuning").

    python -m tools.tune_wonderland --rounds 10000000 --runs 600000 --seed 20261201 \
        --base-sizes 909:81:10 --midnight-sizes 1017:700:283

The pilot plays base spins (Midnight Riches deferred) and Midnight Riches runs on the RTP proof's
proposal (``SantasWonderland.proposal``), and keeps each part's sums per tuple of Supersize draws
(size, symbol) a round made. Every other draw is alike for any Supersize weights, so the pilot is
a weighted sample of the game under *any* Supersize weights ``p'``: a round counts ``p'/q`` of its
draws. One pilot thus prices every candidate, and the candidates differ by paired, not independent,
noise. The figures it prints are a tuning step's, not a proof: the proof is a fresh run of
``python -m game.engine.simulate santas_wonderland --stratified --proposal`` on other seeds.

Base spin ``i`` plays from ``derive_seed(S, i)``, Midnight Riches run ``j`` from
``derive_seed(S + 1, j)``.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from fractions import Fraction

from game.engine import get_game
from game.engine.games.santas_wonderland.game import SantasWonderland
from game.engine.rng import derive_seed

SIZES = (3, 4, 5)
Z95 = 1.959963984540054
Draws = tuple[tuple[int, str], ...]  # a round's Supersizes: (size, symbol) each


@dataclass
class Sums:
    """Per tuple of Supersize draws: rounds, sum x, sum x^2, sum T, sum x T, sum T^2 (T: triggers)."""

    by_draws: dict[Draws, list[float]] = field(default_factory=dict)

    def add(self, draws: Draws, x: float, triggers: int) -> None:
        row = self.by_draws.setdefault(draws, [0, 0.0, 0.0, 0, 0.0, 0])
        for index, value in enumerate((1, x, x * x, triggers, x * triggers, triggers * triggers)):
            row[index] += value

    def merge(self, other: Sums) -> None:
        for draws, more in other.by_draws.items():
            row = self.by_draws.setdefault(draws, [0] * 6)
            for index, value in enumerate(more):
                row[index] += value


def supersizes(events: Iterable[dict]) -> Draws:
    return tuple((event["blocks"][0][2], event["symbol"]) for event in events
                 if event["type"] == "feature" and event["feature"] == "supersize")


def play(task: tuple[str, int, int, int]) -> Sums:
    """Pilot rounds ``first .. first + count`` of one part ("base" or "midnight") on the proposal."""
    part, seed, first, count = task
    game = get_game("santas_wonderland")
    assert isinstance(game, SantasWonderland)
    drawn = game.proposal()
    sums = Sums()
    for index in range(first, first + count):
        round_seed = derive_seed(seed, index)
        if part == "base":
            result = drawn.play(game.default_bet, round_seed, defer_features=True)
        else:
            result = drawn.play(game.default_bet, round_seed, feature_start={"trigger": "buy"})
        sums.add(supersizes(result.events), result.win_x.numerator / result.win_x.denominator, len(result.deferred))
    return sums


def chances(game: SantasWonderland, phase_name: str, sizes: tuple[int, ...] | None) -> dict[tuple[int, str], float]:
    """Each (size, symbol)'s chance in a phase: the game's own, or with its size weights replaced by ``sizes``."""
    phase = getattr(game.data, phase_name)
    size_law = ([Fraction(w, sum(sizes)) for w in sizes] if sizes
                else [phase.supersize_size.probability(k) for k in SIZES])
    return {(k, name): float(size_law[i] * phase.supersize_symbol.probability(j))
            for i, k in enumerate(SIZES) for j, name in enumerate(game.data.symbols)}


@dataclass(frozen=True)
class Estimate:
    mean_x: float  # of the part's win (base part B, or a Midnight Riches run F)
    trigger: float  # base: Midnight Riches per spin
    var_y: float  # of the weighted Y = L (B + mu_f T), or of L F
    rounds: int


def estimate(sums: Sums, target: dict[tuple[int, str], float], proposal: dict[tuple[int, str], float],
             mu_f: float = 0.0) -> Estimate:
    """The part's figures under the ``target`` Supersize law, from a pilot drawn under ``proposal``."""
    n = total_b = total_t = second = 0.0
    for draws, (rounds, x, x2, t, xt, t2) in sums.by_draws.items():
        weight = 1.0
        for draw in draws:
            weight *= target[draw] / proposal[draw]
        n += rounds
        total_b += weight * x
        total_t += weight * t
        second += weight * weight * (x2 + 2 * mu_f * xt + mu_f * mu_f * t2)
    mean_y = (total_b + mu_f * total_t) / n
    return Estimate(total_b / n, total_t / n, max(0.0, second / n - mean_y * mean_y), int(n))


def run(part: str, seed: int, count: int, workers: int, chunk: int) -> Sums:
    tasks = [(part, seed, first, min(chunk, count - first)) for first in range(0, count, chunk)]
    total = Sums()
    with ProcessPoolExecutor(workers) as pool:
        for sums in pool.map(play, tasks):  # in order: the same sums whatever the workers
            total.merge(sums)
    return total


def _sizes(text: str) -> tuple[int, ...]:
    parts = tuple(int(p) for p in text.split(":"))
    if len(parts) != 3 or min(parts) < 0 or not sum(parts):
        raise argparse.ArgumentTypeError(f"sizes are three weights a:b:c for 3x3, 4x4, 5x5, not {text!r}")
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, required=True, help="pilot base spins")
    parser.add_argument("--runs", type=int, required=True, help="pilot Midnight Riches runs")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--base-sizes", type=_sizes, action="append", default=[], metavar="A:B:C",
                        help="candidate base-game Supersize size weights (3x3:4x4:5x5), any number of times")
    parser.add_argument("--midnight-sizes", type=_sizes, action="append", default=[], metavar="A:B:C",
                        help="candidate Midnight Riches Supersize size weights")
    args = parser.parse_args(argv)
    game = get_game("santas_wonderland")
    assert isinstance(game, SantasWonderland)
    proposal = game.proposal()
    base = run("base", args.seed, args.rounds, args.workers, 50_000)
    midnight = run("midnight", args.seed + 1, args.runs, args.workers, 5_000)
    q_base, q_mid = chances(proposal, "base", None), chances(proposal, "midnight", None)
    print(f"pilot: {args.rounds:,} base spins (seed {args.seed}), {args.runs:,} Midnight Riches runs"
          f" (seed {args.seed + 1}), on the proof's proposal")
    for mid_sizes in [None, *args.midnight_sizes]:
        feature = estimate(midnight, chances(game, "midnight", mid_sizes), q_mid)
        se_f = math.sqrt(feature.var_y / feature.rounds)
        for base_sizes in [None, *args.base_sizes]:
            spin = estimate(base, chances(game, "base", base_sizes), q_base, feature.mean_x)
            se = math.sqrt(spin.var_y / spin.rounds + (spin.trigger * se_f) ** 2)
            buy = (spin.mean_x + feature.mean_x) / float(game.buy_price_x)
            print(f"base sizes {_label(base_sizes)}, midnight sizes {_label(mid_sizes)}:"
                  f" base RTP {100 * (spin.mean_x + spin.trigger * feature.mean_x):.3f}% +- {100 * Z95 * se:.3f}"
                  f" (Midnight Riches 1 in {1 / spin.trigger:,.1f}, {feature.mean_x:.3f}x);"
                  f" buy {100 * buy:.3f}% +- {Z95 * se_f:.3f}")
    return 0


def _label(sizes: tuple[int, ...] | None) -> str:
    return "as in data.json" if sizes is None else ":".join(map(str, sizes))


if __name__ == "__main__":
    raise SystemExit(main())
