"""A plain simulation: rounds played through the public API in chunks, merged in chunk order.

Round ``i`` uses seed ``derive_seed(S, i)``, so a run is reproducible from its seed and any
single round of it can be replayed. The command line is ``python -m game.engine.simulate``
(``game.engine.analysis.cli``).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import Any

from .. import get_game
from ..rng import derive_seed
from .backend import Backend
from .report import (
    BINS,
    WIN_EDGES,
    Z95,
    command_text,
    count_win,
    generator_name,
    histogram,
    progress_bar,
    using,
    win_bin,
    workers_text,
)

__all__ = ["BINS", "CHECKPOINTS", "WIN_EDGES", "Z95", "Report", "Tally", "play_batch", "run", "win_bin"]

# The round counts a plain run records its running RTP at (``Report.convergence``): ten a decade
# from 100 rounds, plus the last round.
CHECKPOINTS = tuple(sorted({round(10 ** (k / 10)) for k in range(20, 101)}))


@dataclass
class Tally:
    """Sums over a batch of rounds; batches merge by adding."""

    rounds: int = 0
    staked_x: float = 0.0  # cost as a multiple of the bet (1, or the buy price)
    won_x: float = 0.0
    won_x2: float = 0.0  # sum of squared wins, for the standard deviation
    hits: int = 0
    max_x: float = 0.0
    max_seed: int | None = None
    capped: int = 0
    feature_rounds: dict[str, int] = field(default_factory=dict)  # rounds where the feature happened
    feature_totals: dict[str, int] = field(default_factory=dict)  # sum of its counts
    feature_won_x: dict[str, float] = field(default_factory=dict)  # win of rounds with it
    seconds: float = 0.0
    bins: list[int] = field(default_factory=lambda: [0] * BINS)  # rounds per win bin (win_bin)
    bin_won_x: list[float] = field(default_factory=lambda: [0.0] * BINS)  # their wins
    # (rounds, sum of wins, sum of squares) after each of CHECKPOINTS: a chunk records its own
    # partial sums, add() (chunks merged in order) makes them running totals of the series
    trail: list[tuple[int, float, float]] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.trail += [(self.rounds + n, self.won_x + won, self.won_x2 + won2) for n, won, won2 in other.trail]
        self.rounds += other.rounds
        self.bins = [a + b for a, b in zip(self.bins, other.bins)]
        self.bin_won_x = [a + b for a, b in zip(self.bin_won_x, other.bin_won_x)]
        self.staked_x += other.staked_x
        self.won_x += other.won_x
        self.won_x2 += other.won_x2
        self.hits += other.hits
        self.capped += other.capped
        if other.max_x > self.max_x:
            self.max_x, self.max_seed = other.max_x, other.max_seed
        for counts, more in ((self.feature_rounds, other.feature_rounds), (self.feature_totals, other.feature_totals)):
            for key, n in more.items():
                counts[key] = counts.get(key, 0) + n
        for key, x in other.feature_won_x.items():
            self.feature_won_x[key] = self.feature_won_x.get(key, 0.0) + x
        self.seconds += other.seconds


def play_batch(task: tuple[str, bool, int, int, int, int]) -> Tally:
    """Play rounds ``start .. start + count`` of a series (runs in a worker process)."""
    game_id, buy, bet, master, start, count = task
    game = get_game(game_id)
    price_x = game.cost(bet, buy) / bet
    tally = Tally()
    marks = [n for n in CHECKPOINTS if start < n <= start + count]
    mark = marks.pop(0) if marks else -1
    began = time.perf_counter()
    for index in range(start, start + count):
        if index == mark:  # the running sums after ``mark`` rounds of the series
            tally.trail.append((index - start, tally.won_x, tally.won_x2))
            mark = marks.pop(0) if marks else -1
        seed = derive_seed(master, index)
        result = game.play(bet, seed, buy=buy)
        x = result.win_x.numerator / result.win_x.denominator
        tally.won_x += x
        tally.won_x2 += x * x
        count_win(tally, x, seed, result.capped, result.features)
    if mark == start + count:
        tally.trail.append((count, tally.won_x, tally.won_x2))
    tally.rounds = count
    tally.staked_x = price_x * count
    tally.seconds = time.perf_counter() - began
    return tally


@dataclass
class Report:
    game: str
    buy: bool
    bet: int
    seed: int
    rounds: int
    workers: int
    rtp: float
    ci_low: float
    ci_high: float
    half_width: float
    sd: float
    hit_rate: float
    max_win_x: float
    max_win_seed: int | None
    capped_rounds: int
    features: dict[str, dict[str, float]]
    data_sha256: str
    command: str
    seconds: float
    rounds_per_second: float
    rounds_per_second_per_worker: float
    generator: str = ""  # the generator the rounds drew from (generator_name())
    method: str = "plain"
    histogram: list[dict[str, Any]] = field(default_factory=list)  # the win distribution (histogram())
    convergence: list[dict[str, Any]] = field(default_factory=list)  # the running RTP (convergence())

    def histograms(self) -> dict[str, list[dict[str, Any]]]:
        return {"round": self.histogram}

    def lines(self) -> list[str]:
        mode = " (bought feature)" if self.buy else ""
        out = [
            f"{self.game}{mode}: {self.rounds:,} rounds at bet {self.bet} cents, seed {self.seed},"
            f" {workers_text(self.workers)}",
            f"RTP              {self.rtp * 100:.3f}%  (95% CI {self.ci_low * 100:.3f}% .. {self.ci_high * 100:.3f}%,"
            f" half-width {self.half_width * 100:.3f} pp)",
            f"hit rate         {self.hit_rate * 100:.2f}%  (1 in {1 / self.hit_rate:.2f})" if self.hit_rate else
            "hit rate         0",
            f"std deviation    {self.sd:.3f} x bet per round",
            f"highest win      {self.max_win_x:,.2f} x bet (seed {self.max_win_seed})",
        ]
        if self.capped_rounds:
            out.append(f"capped rounds    {self.capped_rounds:,} (1 in {self.rounds / self.capped_rounds:,.0f})")
        for name, info in sorted(self.features.items()):
            out.append(
                f"{name:<16} 1 in {info['one_in']:,.1f} rounds, {info['per_round']:.3f} per round with it,"
                f" average win of those rounds {info['average_win_x']:.2f} x"
            )
        out.append(
            f"speed            {self.rounds_per_second:,.0f} rounds/s in all,"
            f" {self.rounds_per_second_per_worker:,.0f} per worker ({self.seconds:.1f} s)"
        )
        return out


def convergence(trail: list[tuple[int, float, float]], price: float) -> list[dict[str, Any]]:
    """The running RTP after each checkpoint's rounds, with the half-width of its 95% interval."""
    out = []
    for n, won, won2 in trail:
        mean = won / n
        sd = math.sqrt(max(0.0, won2 / n - mean * mean))
        out.append({"rounds": n, "rtp": mean / price, "half_width": Z95 * sd / math.sqrt(n) / price})
    return out


def summarise(tally: Tally, game: str, buy: bool, bet: int, seed: int, workers: int, wall: float) -> Report:
    n = tally.rounds
    mean = tally.won_x / n
    var = max(0.0, tally.won_x2 / n - mean * mean)
    sd = math.sqrt(var)
    price = tally.staked_x / n
    half = Z95 * sd / math.sqrt(n) / price
    rtp = mean / price
    features = {
        name: {
            "rounds": count,
            "one_in": n / count,
            "per_round": tally.feature_totals[name] / count,
            "average_win_x": tally.feature_won_x[name] / count,
        }
        for name, count in tally.feature_rounds.items()
    }
    return Report(
        game=game, buy=buy, bet=bet, seed=seed, rounds=n, workers=workers, rtp=rtp, ci_low=rtp - half,
        ci_high=rtp + half, half_width=half, sd=sd, hit_rate=tally.hits / n, max_win_x=tally.max_x,
        max_win_seed=tally.max_seed, capped_rounds=tally.capped, features=features,
        data_sha256=get_game(game).data_digest(),
        command=command_text(), seconds=wall,
        rounds_per_second=n / wall if wall else 0.0,
        rounds_per_second_per_worker=n / tally.seconds if tally.seconds else 0.0,
        generator=generator_name(), histogram=histogram(tally.bins, tally.bin_won_x, n),
        convergence=convergence([*tally.trail, (n, tally.won_x, tally.won_x2)] if not tally.trail
                                or tally.trail[-1][0] != n else tally.trail, price),
    )


def run(game: str, rounds: int, workers: int, seed: int, bet: int | None = None, buy: bool = False,
        progress: bool = True, batch: int = 20_000, backend: Backend | None = None) -> Report:
    """Play ``rounds`` rounds in chunks of ``batch`` (chunk ``k``: rounds ``k * batch ..``), merged in chunk order.

    ``backend`` runs the chunks (default: ``workers`` local processes); the report is the same bit for
    bit whatever runs them.
    """
    engine_game = get_game(game)
    bet = engine_game.default_bet if bet is None else engine_game.check_bet(bet)
    engine_game.cost(bet, buy)
    tasks = [(game, buy, bet, seed, start, min(batch, rounds - start)) for start in range(0, rounds, batch)]
    total = Tally()
    began = time.perf_counter()
    bar = progress_bar(rounds, progress)
    with using(backend, workers) as runner:
        for part in runner.map(play_batch, tasks):
            total.add(part)
            bar.update(part.rounds)
    bar.close()
    return summarise(total, game, buy, bet, seed, runner.workers, time.perf_counter() - began)


