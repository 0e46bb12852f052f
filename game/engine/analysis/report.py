"""What every simulation report is made of: the win distribution, the generator's name, the progress
bar, the backend to run chunks on, and the base of the reports that split a round into a base part
and its main feature (``StratifiedReport``, ``ProofReport``).

It sits under the tools that make reports (``simulate``, ``stratified``, ``proof``) and imports
none of them, so they share it without importing each other.
"""

from __future__ import annotations

import contextlib
import csv
import io
import sys
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from .. import rng as _rng
from .backend import Backend, LocalBackend

Z95 = 1.959963984540054
# The win distribution's bins, x bet: 0, then (0, 1), [1, 2), [2, 5), ... [10000, no limit).
WIN_EDGES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)
BINS = len(WIN_EDGES) + 2


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



def using(backend: Backend | None, workers: int) -> contextlib.AbstractContextManager[Backend]:
    """The backend to run chunks on: the one given (its owner closes it), else ``workers`` local processes."""
    return contextlib.nullcontext(backend) if backend is not None else LocalBackend(workers)


class _NoBar:
    """The progress bar when tqdm is not installed: the figures are the same, only the bar is gone."""

    def update(self, n: int) -> None:
        pass

    def close(self) -> None:
        pass


def progress_bar(total: int, enabled: bool) -> Any:
    try:
        from tqdm import tqdm  # optional, the tool's only dependency beyond the engine
    except ImportError:
        if enabled:
            print("simulate: no progress bar (tqdm is not installed: pip install -r requirements-tools.txt)",
                  file=sys.stderr)
        return _NoBar()
    return tqdm(total=total, unit="rounds", unit_scale=True, disable=not enabled, file=sys.stderr,
                smoothing=0.1, dynamic_ncols=True)



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


@dataclass(kw_only=True)
class FeatureReport:
    """A report of a round split into its base part and its main feature (``--stratified``,
    ``--exact-parts``): the figures both methods give, in the simulation reports' schema."""

    game: str
    buy: bool
    bet: int
    seed: int
    method: str
    rounds: int  # base rounds (a bought proof: none, or the feature runs)
    feature_runs: int
    workers: int
    rtp: float
    ci_low: float
    ci_high: float
    half_width: float
    base_part_rtp: float
    feature_part_rtp: float
    feature: str
    feature_one_in: float
    feature_average_x: float
    feature_sd_x: float  # the plain standard deviation of one run's win
    hit_rate: float
    base_max_x: float
    base_max_seed: int | None
    feature_max_x: float
    feature_max_seed: int | None
    max_win_x: float
    capped_rounds: int
    cap_one_in: float | None
    features: dict[str, dict[str, float]]
    feature_run_features: dict[str, dict[str, float]]
    data_sha256: str
    command: str
    seconds: float
    rounds_per_second_per_worker: float
    feature_runs_per_second_per_worker: float
    sd: float = 0.0  # a whole round's standard deviation, x bet
    generator: str = ""  # the generator the rounds drew from (generator_name())
    base_histogram: list[dict[str, Any]] = field(default_factory=list)  # the base part's distribution
    feature_histogram: list[dict[str, Any]] = field(default_factory=list)  # one feature run's win, per run

    def histograms(self) -> dict[str, list[dict[str, Any]]]:
        out = {"base": self.base_histogram} if self.base_histogram else {}
        return {**out, self.feature: self.feature_histogram}

    def rtp_line(self) -> str:
        return (f"RTP              {self.rtp * 100:.3f}%  (95% CI {self.ci_low * 100:.3f}%"
                f" .. {self.ci_high * 100:.3f}%, half-width {self.half_width * 100:.3f} pp)")

    def run_text(self) -> str:
        """The end of the report's first line: the bet, the seed and what ran it."""
        return f" at bet {self.bet} cents, seed {self.seed}, {workers_text(self.workers)}"

    def mode_text(self) -> str:
        return " (bought feature)" if self.buy else ""


def workers_text(workers: int) -> str:
    return f"{workers} worker{'' if workers == 1 else 's'}"


def command_text() -> str:
    """The command line a report records (every report is made by ``python -m game.engine.simulate``)."""
    return " ".join(["python -m game.engine.simulate", *sys.argv[1:]])
