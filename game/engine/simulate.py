"""The RTP simulation tool: plays rounds through the public API in several processes.

    python -m game.engine.simulate halloween_vacation --rounds 2000000 --workers 2 --seed 1
    python -m game.engine.simulate santas_wonderland --stratified --rounds 4000000 --feature-runs 200000

``--stratified`` plays base rounds with the game's main feature deferred and the feature on its
own, and combines them (see ``game.engine.stratified``): the way to a tight interval for games
whose return lives in a rare, volatile feature. ``--exact-parts`` goes further for a game that
computes parts of its math exactly (``Game.exact_parts``; Fat Santa): the base game, the trigger
and the law of the feature's start are taken exact, and only the feature's mean is simulated, by
strata of its start with a control variate (see ``game.engine.proof``)::

    python -m game.engine.simulate fat_santa --exact-parts --feature-runs 1000000 --rounds 2000000 --workers 1
    python -m game.engine.simulate fat_santa --exact-parts --buy --feature-runs 2000000 --workers 1

Round ``i`` uses seed ``derive_seed(S, i)``, so a run is reproducible from its seed and any
single round of it can be replayed. The output (RTP with its 95% confidence interval, hit
rate, feature frequencies, standard deviation, highest win, speed) is what the help pages and
the README quote; ``--json`` writes it for them, in the layout ``game/engine/report.schema.json``
describes (one schema for plain and stratified reports). Every report carries the win
distribution (rounds per bin of win x bet, ``WIN_EDGES``; stratified: the base part's and one
feature run's); ``--histogram`` prints it and ``--csv PATH`` writes it as CSV, ``--plot PATH`` draws it
with the RTP convergence as a PNG (``game.engine.plot``, matplotlib from requirements-plot.txt).

Every mode runs its chunks on local processes (``--workers``) or on a Dask cluster
(``--scheduler tcp://HOST:PORT``, ``game.engine.backend``, dask.distributed from
requirements-cluster.txt). A chunk's draws depend only on the seed and its index, and chunks are
merged in order, so the report is the same bit for bit whatever ran it::

    python -m game.engine.simulate halloween_vacation --rounds 2000000 --seed 1 --scheduler tcp://HOST:8786
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import io
import json
import logging
import math
import os
import sys
import time
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from . import GAME_IDS, get_game
from . import rng as _rng
from .backend import Backend, ClusterError, DaskBackend, LocalBackend
from .rng import derive_seed, new_seed

if TYPE_CHECKING:
    from .proof import ProofReport  # both import this module: no cycle at run time
    from .stratified import StratifiedReport

log = logging.getLogger("simulate")

Z95 = 1.959963984540054
# The win distribution's bins, x bet: 0, then (0, 1), [1, 2), [2, 5), ... [10000, no limit).
WIN_EDGES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
BINS = len(WIN_EDGES) + 2


# The round counts a plain run records its running RTP at (``Report.convergence``): ten a decade
# from 100 rounds, plus the last round.
CHECKPOINTS = tuple(sorted({round(10 ** (k / 10)) for k in range(20, 101)}))


def win_bin(x: float) -> int:
    """The histogram bin of a win of ``x`` times the bet."""
    return 0 if x == 0 else 1 + bisect_right(WIN_EDGES, x)


def histogram(counts: Sequence[float], won: Sequence[float], rounds: int) -> list[dict[str, Any]]:
    """The win distribution as a report records it: per bin its rounds, share, one-in and ``mean_x``, what
    the bin adds to the mean win per round (x bet; for whole rounds at the bet, its share of the RTP).

    A proof's weighted runs (importance sampling) count fractions of runs: ``rounds`` is then the
    nearest whole number, ``share`` and ``one_in`` are exact."""
    lows = (0, 0, *WIN_EDGES)
    highs = (0, *WIN_EDGES, None)
    return [
        {"from_x": lows[i], "to_x": highs[i], "rounds": round(counts[i]), "share": counts[i] / rounds,
         "one_in": rounds / counts[i] if counts[i] else None, "mean_x": won[i] / rounds}
        for i in range(BINS)
    ]


def histogram_csv(parts: dict[str, list[dict[str, Any]]]) -> str:
    """The histograms as CSV: part, from_x, to_x (empty: no limit; 0 to 0: no win), rounds, share, one_in, mean_x."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["part", "from_x", "to_x", "rounds", "share", "one_in", "mean_x"])
    for part, rows in parts.items():
        for row in rows:
            writer.writerow([part, row["from_x"], "" if row["to_x"] is None else row["to_x"], row["rounds"],
                             f"{row['share']:.10g}", "" if row["one_in"] is None else f"{row['one_in']:.10g}",
                             f"{row['mean_x']:.10g}"])
    return out.getvalue()


def generator_name() -> str:
    """The random number generator rounds draw from, as a report records it (details: docs/RNG.md).

    ``game.engine.rng.GENERATOR`` when the module names it, else the class ``round_rng`` returns.
    """
    named = getattr(_rng, "GENERATOR", None)
    if isinstance(named, str) and named:
        return named
    made = type(_rng.round_rng(0))
    return f"{made.__module__}.{made.__qualname__} (game/engine/rng.py round_rng)"


class WinCounts(Protocol):
    """What every tally counts of each win (simulate.Tally, proof.RunTally)."""

    hits: int
    max_x: float
    max_seed: int | None
    capped: int
    bins: list[int]
    bin_won_x: list[float]
    feature_rounds: dict[str, int]
    feature_totals: dict[str, int]
    feature_won_x: dict[str, float]


def count_win(tally: WinCounts, x: float, seed: int, capped: bool, features: Mapping[str, int]) -> None:
    """Add one round's (or feature run's) win of ``x`` times the bet to ``tally``'s counts."""
    slot = win_bin(x)
    tally.bins[slot] += 1
    tally.bin_won_x[slot] += x
    if x > 0:
        tally.hits += 1
    if x > tally.max_x:
        tally.max_x, tally.max_seed = x, seed
    if capped:
        tally.capped += 1
    for name, amount in features.items():
        if amount:
            tally.feature_rounds[name] = tally.feature_rounds.get(name, 0) + 1
            tally.feature_totals[name] = tally.feature_totals.get(name, 0) + amount
            tally.feature_won_x[name] = tally.feature_won_x.get(name, 0.0) + x


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
            f" {self.workers} workers",
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
        command=" ".join(["python -m game.engine.simulate", *sys.argv[1:]]), seconds=wall,
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
    bar = _progress_bar(rounds, progress)
    with using(backend, workers) as runner:
        for part in runner.map(play_batch, tasks):
            total.add(part)
            bar.update(part.rounds)
    bar.close()
    return summarise(total, game, buy, bet, seed, runner.workers, time.perf_counter() - began)


def using(backend: Backend | None, workers: int) -> contextlib.AbstractContextManager[Backend]:
    """The backend to run chunks on: the one given (its owner closes it), else ``workers`` local processes."""
    return contextlib.nullcontext(backend) if backend is not None else LocalBackend(workers)


class _NoBar:
    """The progress bar when tqdm is not installed: the figures are the same, only the bar is gone."""

    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, enabled: bool):
    try:
        from tqdm import tqdm  # optional, the tool's only dependency beyond the engine
    except ImportError:
        if enabled:
            print("simulate: no progress bar (tqdm is not installed: pip install -r requirements-tools.txt)",
                  file=sys.stderr)
        return _NoBar()
    return tqdm(total=total, unit="rounds", unit_scale=True, disable=not enabled, file=sys.stderr,
                smoothing=0.1, dynamic_ncols=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m game.engine.simulate", description="RTP simulation tool")
    parser.add_argument("game", choices=GAME_IDS, help="game id")
    parser.add_argument("--rounds", type=_positive, default=None,
                        help="number of rounds (with --exact-parts: base rounds for the distribution figures, which"
                             " are not in the RTP; not with --buy)")
    parser.add_argument("--workers", type=_positive, default=None,
                        help="local worker processes (default: one per core)")
    parser.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                        help="run the chunks on the Dask cluster behind this scheduler instead of local processes"
                             " (the same report bit for bit; needs the optional cluster group:"
                             " pip install -r requirements-cluster.txt; its scheduler and workers import this"
                             " checkout: PYTHONPATH=. dask scheduler, PYTHONPATH=. dask worker tcp://HOST:PORT)")
    parser.add_argument("--seed", type=_seed, default=None, help="series seed (default: a fresh one)")
    parser.add_argument("--bet", type=_positive, default=None, help="bet in cents (default: the game's default)")
    parser.add_argument("--buy", action="store_true", help="play the bought feature")
    parser.add_argument("--stratified", action="store_true",
                        help="estimate by strata: base rounds with the main feature deferred, plus feature runs")
    parser.add_argument("--exact-parts", action="store_true",
                        help="prove the RTP from the parts the game computes exactly (base game, trigger, the law"
                             " of the feature's start, a control variate's means) and simulate only the feature's"
                             " mean, by strata of its start (game.engine.proof)")
    parser.add_argument("--feature-runs", type=_positive, default=None,
                        help="with --stratified or --exact-parts: how many times to play the main feature on its own")
    parser.add_argument("--proposal", action="store_true",
                        help="with --stratified: play the rounds on the game's proposal and weigh each by its"
                             " likelihood ratio (importance sampling, for games that name one)")
    parser.add_argument("--pilot-runs", type=_positive, default=None,
                        help="with --exact-parts: feature runs that fit the control variate's coefficients (not in"
                             " the estimate; default a twentieth of --feature-runs, from 20,000 to 100,000)")
    parser.add_argument("--checkpoint", type=Path, default=None, metavar="PATH",
                        help="--exact-parts or --stratified: keep each finished chunk in PATH; the same command"
                             " again resumes there")
    parser.add_argument("--json", type=Path, default=None, help="also write the report as JSON here")
    parser.add_argument("--csv", type=Path, default=None, help="also write the win distribution as CSV here")
    parser.add_argument("--histogram", action="store_true", help="also print the win distribution")
    parser.add_argument("--plot", type=Path, default=None, metavar="PATH",
                        help="also draw the win distribution and the RTP convergence into this PNG (needs matplotlib:"
                             " pip install -r requirements-plot.txt)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser.parse_args(argv)


def _positive(text: str) -> int:
    value = int(text.replace("_", "").replace(",", ""))
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive whole number, not {text}")
    return value


def _seed(text: str) -> int:
    value = int(text, 0)
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is a whole number from 0 to 2**64-1")
    return value


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    args = parse_args(argv)
    if args.stratified and args.exact_parts:
        log.error("simulate: --stratified or --exact-parts, not both")
        return 2
    if (args.stratified or args.exact_parts) != (args.feature_runs is not None):
        log.error("simulate: --feature-runs goes with --stratified or --exact-parts")
        return 2
    if args.proposal and not args.stratified:
        log.error("simulate: --proposal goes with --stratified (--exact-parts takes the game's own choice)")
        return 2
    if args.pilot_runs is not None and not args.exact_parts:
        log.error("simulate: --pilot-runs goes with --exact-parts")
        return 2
    if args.checkpoint is not None and not (args.exact_parts or args.stratified):
        log.error("simulate: --checkpoint goes with --exact-parts or --stratified")
        return 2
    if args.exact_parts and args.buy and args.rounds is not None:
        log.error("simulate: --exact-parts --buy plays no base rounds: leave --rounds out")
        return 2
    if args.rounds is None and not (args.exact_parts and args.buy):
        log.error("simulate: give --rounds")
        return 2
    if args.scheduler is not None and args.workers is not None:
        log.error("simulate: --workers or --scheduler, not both (a cluster brings its own workers)")
        return 2
    if args.plot is not None:
        from . import plot

        if not plot.available():
            log.error("simulate: --plot needs matplotlib, which is not installed: %s", plot.INSTALL_HINT)
            return 2
    workers = args.workers or os.cpu_count() or 1
    seed = new_seed() if args.seed is None else args.seed
    backend: Backend | None = None
    if args.scheduler is not None:
        try:
            backend = DaskBackend.connect(args.scheduler)
        except ClusterError as exc:
            log.error("simulate: %s", exc)
            return 2
    report: Report | StratifiedReport | ProofReport
    try:
        if args.exact_parts:
            from . import proof

            report = proof.run(args.game, args.feature_runs, workers, seed, args.bet, args.buy,
                               rounds=args.rounds or 0, pilot_runs=args.pilot_runs, progress=not args.quiet,
                               backend=backend, checkpoint=args.checkpoint)
        elif args.stratified:
            from . import stratified

            report = stratified.run(args.game, args.rounds, args.feature_runs, workers, seed, args.bet,
                                    args.buy, progress=not args.quiet, backend=backend, proposal=args.proposal,
                                    checkpoint=args.checkpoint)
        else:
            report = run(args.game, args.rounds, workers, seed, args.bet, args.buy, progress=not args.quiet,
                         backend=backend)
    except Exception as exc:  # an engine (or cluster) error is a one-line message, not a traceback
        log.error("simulate: %s", " ".join(str(exc).split()) or type(exc).__name__)
        return 1
    finally:
        if backend is not None:
            backend.close()
    for line in report.lines():
        print(line)
    if args.histogram:
        for line in histogram_lines(report.histograms()):
            print(line)
    if args.json is not None:
        args.json.write_text(json.dumps(asdict(report), indent=2) + "\n", encoding="utf-8")
    if args.csv is not None:
        args.csv.write_text(histogram_csv(report.histograms()), encoding="utf-8")
    if args.plot is not None:
        plot.write_plot(asdict(report), args.plot)
    return 0


def histogram_lines(parts: dict[str, list[dict[str, Any]]]) -> list[str]:
    out = []
    for part, rows in parts.items():
        out.append(f"win distribution ({part}):")
        out.append(f"  {'win, x bet':>22} {'rounds':>16} {'share':>12} {'1 in':>11} {'adds x bet':>10}")
        for row in rows:
            span = ("no win" if row["to_x"] == 0 else f"{row['from_x']:g} .. {row['to_x']:g}" if row["to_x"]
                    else f"{row['from_x']:g} and more")
            one_in = f"{row['one_in']:,.1f}" if row["one_in"] else "-"
            out.append(f"  {span:>22} {row['rounds']:>16,} {row['share']:>12.6%} {one_in:>11} {row['mean_x']:>10.4f}")
    return out


if __name__ == "__main__":
    sys.exit(main())
