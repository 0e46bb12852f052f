"""RTP proofs that simulate only what is not exact: exact parts, strata of feature starts, a control variate.

A game that computes parts of a mode exactly says so through ``Game.exact_parts(buy)``
(:class:`ExactParts`): the mean win of a round without its main feature ``b``, the mean number
of times a round starts the feature ``r``, the exact law ``w(s)`` of the feature's start, and
controls: quantities ``C`` of a feature run (a vector) whose means ``c(s)`` given the start are
exact. Then, with ``F`` the win of one feature run and ``mu(s) = E[F | start s]``,

    RTP = (b + r * mu) / price,        mu = sum_s w(s) mu(s)

and only ``mu`` is simulated. Each start ``s`` is a stratum with ``m_s`` runs (proportional
allocation) played from a salted stream of its own; each run contributes

    Z = F - beta . (C - c(s))

whose mean given ``s`` is ``mu(s)`` for any fixed ``beta``. ``beta`` is fitted (least squares of
``F`` on ``C`` within the starts) on a pilot of runs from other salted streams, before the proof's
runs are played, so it is fixed given the pilot and the estimator is unbiased. With ``Zbar_s`` the mean of
``Z`` over stratum ``s``,

    mu^ = sum_s w(s) Zbar_s,           Var(mu^) = sum_s w(s)^2 Var(Z | s) / m_s

(``Var(Z | s)`` by the stratum's sample variance), and the 95% interval is
``(b + r * (mu^ +- 1.95996 * SE)) / price``. ``docs/MATH.md`` derives it;
``tests/test_proof.py`` checks it against a toy game whose answer is known exactly.

Seeds (master ``S``): run ``i`` of stratum ``h`` (the ``h``-th start in the game's order) plays from
``derive_seed(derive_seed(S ^ STRATUM_SALT, h), i)``; the pilot is allocated over the starts the
same way and plays from ``derive_seed(derive_seed(S ^ PILOT_SALT, h), i)``: every stratum and the
pilot draw from streams of their own. The distribution figures that
are not in the RTP (a base-game mode's hit rate, deviation and win distribution, the sleigh's
rate) come from ``--rounds`` base rounds with the feature deferred, round ``i`` from
``derive_seed(S, i)`` as in every simulation; their mean win is reported beside the exact base
part as a cross-check, it is not used. Runs are played in chunks merged in order, so the report
is the same whatever the number of workers; ``--checkpoint`` keeps the finished chunks on disk
(``game.engine.analysis.checkpoint``), so a proof of hours resumes, or is extended, where it stopped.

A game may name a proposal (``ExactParts.proposal``, ``Game.proposal``): the runs are then
drawn from it and each is weighted by its likelihood ratio ``L`` (importance sampling), ``L F``
and ``L C`` taking the place of ``F`` and ``C`` and ``L`` (mean 1) joining the controls.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from .. import get_game
from ..game import Game
from ..parts import ExactParts
from ..rng import derive_seed
from ..version import ENGINE_VERSION
from .backend import Backend
from .checkpoint import ChunkStore
from .plugins import game_module
from .report import BINS, FeatureReport, command_text, generator_name, histogram, progress_bar, using, win_bin
from .stratified import Z95, PartTally, play_base_batch

PILOT_SALT = 0x9110_7C0D_E5A1_7003
STRATUM_SALT = 0x57A7_0517_EA11_7004
METHOD = "exact_parts"
DEFAULT_PILOT = 20_000  # at least; a twentieth of the runs up to 100,000 (a rare control needs some runs to fit)


@dataclass
class RunTally:
    """Sums over the feature runs of one stratum (or the pilot); chunks merge by adding, in order."""

    runs: int = 0
    f: float = 0.0  # sum of L x F (L: the run's likelihood ratio, 1 without a proposal)
    f2: float = 0.0  # sum of (L x F)^2
    lf2: float = 0.0  # sum of L x F^2: F's second moment under the game's own law
    z: float = 0.0
    z2: float = 0.0
    c: list[float] = field(default_factory=list)  # sum of each control
    cc: list[list[float]] = field(default_factory=list)  # sum of products of controls (pilot: for beta)
    fc: list[float] = field(default_factory=list)  # sum of F x each control
    # the counts below are sums of L: estimates of the runs the game's own law would give
    hits: float = 0.0
    max_x: float = 0.0
    max_seed: int | None = None
    capped: float = 0.0
    bins: list[float] = field(default_factory=lambda: [0.0] * BINS)
    bin_won_x: list[float] = field(default_factory=lambda: [0.0] * BINS)
    feature_rounds: dict[str, float] = field(default_factory=dict)
    feature_totals: dict[str, float] = field(default_factory=dict)
    feature_won_x: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0

    def add(self, other: RunTally) -> None:
        for name in ("runs", "f", "f2", "lf2", "z", "z2", "hits", "capped", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        k = len(other.c)
        if not self.c:
            self.c, self.fc = [0.0] * k, [0.0] * k
            self.cc = [[0.0] * k for _ in range(k)]
        self.c = [a + b for a, b in zip(self.c, other.c)]
        self.fc = [a + b for a, b in zip(self.fc, other.fc)]
        self.cc = [[a + b for a, b in zip(row, more)] for row, more in zip(self.cc, other.cc)]
        if other.max_x > self.max_x:
            self.max_x, self.max_seed = other.max_x, other.max_seed
        self.bins = [a + b for a, b in zip(self.bins, other.bins)]
        self.bin_won_x = [a + b for a, b in zip(self.bin_won_x, other.bin_won_x)]
        for counts, more in ((self.feature_rounds, other.feature_rounds), (self.feature_totals, other.feature_totals)):
            for key, amount in more.items():
                counts[key] = counts.get(key, 0) + amount
        for key, won in other.feature_won_x.items():
            self.feature_won_x[key] = self.feature_won_x.get(key, 0.0) + won

    @property
    def mean_z(self) -> float:
        return self.z / self.runs

    def var_z(self) -> float:
        """The sample variance of Z (divisor runs - 1)."""
        return max(0.0, (self.z2 - self.z * self.z / self.runs) / (self.runs - 1))

    def var_f(self) -> float:
        """The variance of one run's win under the game's own law (divisor runs - 1)."""
        return max(0.0, (self.lf2 - self.f * self.f / self.runs) / (self.runs - 1))

    def var_lf(self) -> float:
        """The sample variance of L x F: the plain (uncontrolled) estimator's, per run."""
        return max(0.0, (self.f2 - self.f * self.f / self.runs) / (self.runs - 1))

    def count(self, x: float, weight: float, seed: int, capped: bool, features: dict[str, int]) -> None:
        """Count one run's win of ``x`` x bet, ``weight`` (its likelihood ratio) times."""
        slot = win_bin(x)
        self.bins[slot] += weight
        self.bin_won_x[slot] += weight * x
        if x > 0:
            self.hits += weight
        if x > self.max_x:
            self.max_x, self.max_seed = x, seed
        if capped:
            self.capped += weight
        for name, amount in features.items():
            if amount:
                self.feature_rounds[name] = self.feature_rounds.get(name, 0.0) + weight
                self.feature_totals[name] = self.feature_totals.get(name, 0.0) + weight * amount
                self.feature_won_x[name] = self.feature_won_x.get(name, 0.0) + weight * x


# One chunk of runs: (game, buy, bet, seed of the stream, first index, count, start, control means, beta,
# drawn from the game's proposal)
Task = tuple[str, bool, int, int, int, int, dict[str, Any], tuple[float, ...], tuple[float, ...], bool]


def play_runs(task: Task) -> RunTally:
    """Feature runs ``first .. first + count`` of one stream, all from ``start`` (runs in a worker).

    With ``proposed`` the runs are drawn from ``game.proposal()`` and each is weighted by its
    likelihood ratio ``L`` (the game's law over the proposal's, of the run's draws): ``L x F`` has
    the game's mean, and so has ``L x C`` for each control; ``L`` itself is the last control (mean 1).
    """
    game_id, buy, bet, stream, first, count, start, means, beta, proposed = task
    game = get_game(game_id)
    drawn = game.proposal() if proposed else game
    if drawn is None:
        raise ValueError(f"{game_id} has no proposal to draw its runs from")
    k = len(means)
    tally = RunTally(c=[0.0] * k, fc=[0.0] * k, cc=[[0.0] * k for _ in range(k)])
    began = time.perf_counter()
    c_sum, fc_sum, cc_sum = tally.c, tally.fc, tally.cc
    for index in range(first, first + count):
        seed = derive_seed(stream, index)
        result = drawn.play(bet, seed, buy=buy, feature_start=start)
        x = result.win_x.numerator / result.win_x.denominator
        weight = game.likelihood_ratio(result) if proposed else 1.0
        controls = (*game.feature_controls(result), 1.0) if proposed else game.feature_controls(result)
        lx = weight * x
        z = lx
        for j in range(k):
            cj = weight * controls[j]
            z -= beta[j] * (cj - means[j])
            c_sum[j] += cj
            fc_sum[j] += lx * cj
            row = cc_sum[j]
            for i in range(k):
                row[i] += cj * weight * controls[i]
        tally.f += lx
        tally.f2 += lx * lx
        tally.lf2 += lx * x
        tally.z += z
        tally.z2 += z * z
        tally.count(x, weight, seed, result.capped, result.features)
    tally.runs = count
    tally.seconds = time.perf_counter() - began
    return tally


def fit_beta(pilot: Sequence[RunTally], weights: Sequence[float]) -> tuple[float, ...]:
    """The control's fixed coefficients: least squares of F on the controls within the pilot's strata.

    ``beta`` solves ``sum_s w(s) Cov_s(C, C) beta = sum_s w(s) Cov_s(C, F)``, the covariances within
    each start's pilot runs: it minimises ``sum_s w(s) Var(Z | s)``, the variance of the estimator
    under proportional allocation (a pooled fit would also chase the spread between the starts'
    means, which the strata remove anyway). A control that did not vary in the pilot gets 0.
    """
    k = len(pilot[0].c)
    cov = [[0.0] * k for _ in range(k)]
    cov_f = [0.0] * k
    for tally, w in zip(pilot, weights):
        n = tally.runs
        mean_c = [s / n for s in tally.c]
        for i in range(k):
            cov_f[i] += w * (tally.fc[i] / n - tally.f / n * mean_c[i])
            for j in range(k):
                cov[i][j] += w * (tally.cc[i][j] / n - mean_c[i] * mean_c[j])
    live = [i for i in range(k) if cov[i][i] > 1e-12]
    matrix = [[cov[i][j] for j in live] + [cov_f[i]] for i in live]
    size = len(live)
    for col in range(size):  # Gauss-Jordan with partial pivoting on a covariance matrix
        pivot = max(range(col, size), key=lambda r: abs(matrix[r][col]))
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        if abs(matrix[col][col]) < 1e-12:
            raise ValueError("the pilot's controls are collinear: give more pilot runs")
        for r in range(size):
            if r != col:
                factor = matrix[r][col] / matrix[col][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col])]
    beta = [0.0] * k
    for row, i in enumerate(live):
        beta[i] = matrix[row][size] / matrix[row][row]
    return tuple(beta)


def allocate(total: int, weights: Sequence[Fraction]) -> list[int]:
    """Runs per stratum, proportional to its probability (largest remainders; every stratum at least 2)."""
    if total < 2 * len(weights):
        raise ValueError(f"at least {2 * len(weights)} feature runs: two per start")
    shares = [w * total for w in weights]
    counts = [max(2, math.floor(s)) for s in shares]
    order = sorted(range(len(weights)), key=lambda h: (-(shares[h] - counts[h]), h))
    i = 0
    while sum(counts) < total:
        counts[order[i % len(order)]] += 1
        i += 1
    while sum(counts) > total:  # only when the floor of 2 pushed it over
        h = max((j for j in range(len(counts)) if counts[j] > 2), key=lambda j: (counts[j] - shares[j], -j))
        counts[h] -= 1
    return counts


@dataclass(kw_only=True)
class ProofReport(FeatureReport):
    """The report of a proof by exact parts (``method`` "exact_parts"), in the simulation reports' schema.

    ``rounds`` are the base rounds played for the distribution figures (a bought mode: the feature
    runs, each a round); ``feature_runs`` the proof's (the pilot's are not in it).
    """

    pilot_runs: int
    feature_se_x: float  # the standard error of ``feature_average_x``, the proof's estimate of the feature's mean
    parts: list[dict[str, Any]]  # each part of the RTP: exact or simulated
    strata: list[dict[str, Any]]  # per feature start: its exact probability, runs, mean and deviation
    control_variate: dict[str, Any]
    checks: list[dict[str, Any]]  # simulated figures set beside their exact values (not used in the RTP)

    def lines(self) -> list[str]:
        cv = self.control_variate
        out = [
            f"{self.game}{self.mode_text()}: exact parts + {self.feature_runs:,} {self.feature} runs in"
            f" {len(self.strata)} strata (pilot {self.pilot_runs:,})"
            + (f" + {self.rounds:,} base rounds for the distribution" if not self.buy else "") + self.run_text(),
            self.rtp_line(),
        ]
        for part in self.parts:
            detail = f" +- {part['half_width'] * 100:.3f} pp" if part["how"] == "simulated" else ""
            figure = f"{part['rtp'] * 100:.4f}% of the stake" if "rtp" in part else f"{part['value']:.6g}"
            out.append(f"  {part['name']:<40} {figure}{detail}  ({part['how']})")
        out += [
            f"{self.feature:<16} 1 in {self.feature_one_in:,.4f} rounds (exact), mean {self.feature_average_x:.4f} x"
            f" bet +- {Z95 * self.feature_se_x:.4f} (sd of a run {self.feature_sd_x:.2f})",
            f"control variate  {', '.join(cv['names'])}: variance reduced {cv['variance_reduction']:.1f} times",
            f"hit rate         {self.hit_rate * 100:.2f}%   std deviation {self.sd:.3f} x bet per round",
        ]
        for check in self.checks:
            out.append(f"check            {check['name']}: simulated {check['simulated']:.6g} against exact"
                       f" {check['exact']:.6g} ({check['z']:+.2f} standard errors)")
        out.append(f"speed            {self.feature_runs_per_second_per_worker:,.0f} feature runs/s per worker"
                   f" ({self.seconds:.1f} s)")
        return out


def no_parts_message(game: Game) -> str:
    """Why a game offers no proof by exact parts, and what to run instead."""
    if game_module(game, "exact") is not None:
        return (f"{game.id} offers no proof by exact parts (Game.exact_parts): its exact figures come from"
                f" python -m game.engine.analysis.exact {game.id}; to simulate it, use --stratified or plain rounds")
    return f"{game.id} computes no part of its RTP exactly (use --stratified)"


def _fraction_text(value: Fraction) -> str:
    return str(value)


def _run_chunks(tasks: list[Task], runner: Backend, bar: Any, store: ChunkStore | None = None) -> list[RunTally]:
    """The chunks' tallies in task order; with a ``store``, the chunks it holds are read, not played."""
    keys = [json.dumps(task[1:], sort_keys=True) for task in tasks]
    kept = {key: RunTally(**found) for key in keys if store is not None and (found := store.get(key)) is not None}
    missing = [task for task, key in zip(tasks, keys) if key not in kept]
    bar.update(sum(tally.runs for tally in kept.values()))
    for task, part in zip(missing, runner.map(play_runs, missing)):  # in order: the same sums whatever runs them
        key = json.dumps(task[1:], sort_keys=True)
        kept[key] = part
        if store is not None:
            store.save(key, asdict(part))
        bar.update(part.runs)
    return [kept[key] for key in keys]


def _run_base(game: str, bet: int, seed: int, rounds: int, runner: Backend, batch: int, bar: Any) -> PartTally:
    tasks = [(game, False, bet, seed, s, min(batch, rounds - s), False) for s in range(0, rounds, batch)]
    total = PartTally()
    for part in runner.map(play_base_batch, tasks):
        total.add(part)
        bar.update(part.rounds)
    return total


def chunks(game: str, buy: bool, bet: int, stream: int, count: int, start: dict[str, Any],
           means: tuple[float, ...], beta: tuple[float, ...], size: int, proposed: bool = False) -> list[Task]:
    return [(game, buy, bet, stream, first, min(size, count - first), start, means, beta, proposed)
            for first in range(0, count, size)]


def run(game: str, feature_runs: int, workers: int, seed: int, bet: int | None = None, buy: bool = False,
        rounds: int = 0, pilot_runs: int | None = None, progress: bool = True, chunk: int = 2_000,
        batch: int = 20_000, parts: ExactParts | None = None, backend: Backend | None = None,
        checkpoint: Path | None = None) -> ProofReport:
    """Prove ``game``'s RTP (``buy``: the bought mode) from its exact parts and ``feature_runs`` feature runs.

    ``backend`` runs the chunks (default: ``workers`` local processes); the report is the same whatever runs them.
    ``checkpoint`` keeps each finished chunk in that file (``game.engine.analysis.checkpoint``): the same run started
    again plays only the chunks it does not hold, and reports the same figures.
    """
    engine_game = get_game(game)
    bet = engine_game.default_bet if bet is None else engine_game.check_bet(bet)
    price = Fraction(engine_game.cost(bet, buy), bet)
    began = time.perf_counter()
    exact = engine_game.exact_parts(buy) if parts is None else parts
    if exact is None:
        raise ValueError(no_parts_message(engine_game))
    proposed = bool(exact.proposal)
    if proposed:  # the likelihood ratio is a control too: its mean is 1 under the proposal
        exact = replace(exact, control_names=(*exact.control_names, "likelihood ratio"),
                        control_means=tuple((*means, Fraction(1)) for means in exact.control_means))
    if buy and rounds:
        raise ValueError("a bought mode has no base rounds to play: leave --rounds out")
    if not buy and rounds <= 0:
        raise ValueError("give --rounds: base rounds for the distribution figures (they are not in the RTP)")
    starts = exact.starts
    weights = [p for _, p in starts]
    counts = allocate(feature_runs, weights)
    pilot_n = max(DEFAULT_PILOT, min(100_000, feature_runs // 20)) if pilot_runs is None else pilot_runs
    if pilot_n < 10 * (len(exact.control_names) + 1):
        raise ValueError("too few pilot runs to fit the control variate")
    # the header names what every chunk depends on; not the runs: a chunk is the same in a longer run
    # (its key is its stream, indexes and coefficients), so a proof extended with more runs reuses them
    store = None if checkpoint is None else ChunkStore(checkpoint, {
        "game": engine_game.id, "buy": buy, "bet": bet, "seed": seed, "pilot_runs": pilot_n, "chunk": chunk,
        "data_sha256": engine_game.data_digest(), "engine": ENGINE_VERSION})
    bar = progress_bar(pilot_n + feature_runs + rounds, progress)
    with using(backend, workers) as runner:
        # the pilot: fits beta (its runs are not in the estimate)
        zero = tuple(0.0 for _ in exact.control_names)
        pilot_strata = _strata(game, buy, bet, seed ^ PILOT_SALT, starts, allocate(pilot_n, weights),
                               [zero] * len(starts), zero, chunk, runner, bar, proposed, store)
        beta = fit_beta(pilot_strata, [float(w) for w in weights])
        pilot = RunTally()
        for tally in pilot_strata:
            pilot.add(tally)
        means = [tuple(float(c) for c in row) for row in exact.control_means]
        strata_tallies = _strata(game, buy, bet, seed ^ STRATUM_SALT, starts, counts, means, beta, chunk, runner,
                                 bar, proposed, store)
        base = _run_base(game, bet, seed, rounds, runner, batch, bar) if rounds else None
    bar.close()
    return summarise(engine_game.id, buy, bet, seed, runner.workers, price, exact, pilot, beta, strata_tallies, base,
                     time.perf_counter() - began, engine_game)


def _strata(game: str, buy: bool, bet: int, salted: int, starts: Sequence[tuple[dict[str, Any], Fraction]],
            counts: Sequence[int], means: Sequence[tuple[float, ...]], beta: tuple[float, ...], size: int,
            runner: Backend, bar: Any, proposed: bool = False, store: ChunkStore | None = None) -> list[RunTally]:
    """Each start's runs from its own stream ``derive_seed(salted, h)``, in chunks merged in order."""
    tasks: list[Task] = []
    spans: list[tuple[int, int]] = []
    for h, ((start, _), count) in enumerate(zip(starts, counts)):
        mine = chunks(game, buy, bet, derive_seed(salted, h), count, start, means[h], beta, size, proposed)
        spans.append((len(tasks), len(tasks) + len(mine)))
        tasks += mine
    done = _run_chunks(tasks, runner, bar, store)
    tallies = []
    for low, high in spans:
        tally = RunTally()
        for part in done[low:high]:
            tally.add(part)
        tallies.append(tally)
    return tallies


def summarise(game: str, buy: bool, bet: int, seed: int, workers: int, price: Fraction, exact: ExactParts,
              pilot: RunTally, beta: tuple[float, ...], strata: list[RunTally], base: PartTally | None, wall: float,
              engine_game: Any) -> ProofReport:
    weights = [float(p) for _, p in exact.starts]
    mu = sum(w * t.mean_z for w, t in zip(weights, strata))
    var_mu = sum(w * w * t.var_z() / t.runs for w, t in zip(weights, strata))
    se = math.sqrt(var_mu)
    rate, base_x, price_f = float(exact.rate), float(exact.base_x), float(price)
    rtp = (base_x + rate * mu) / price_f
    half = Z95 * rate * se / price_f
    m = sum(t.runs for t in strata)
    total = RunTally()
    for t in strata:
        total.add(t)
    plain_mean = sum(w * t.f / t.runs for w, t in zip(weights, strata))
    var_plain = sum(w * w * t.var_lf() / t.runs for w, t in zip(weights, strata))
    # a run's deviation under the start law: within-stratum variances plus the spread of the strata's means
    mean_f = [t.f / t.runs for t in strata]
    var_f = sum(w * (t.var_f() + (mf - plain_mean) ** 2) for w, t, mf in zip(weights, strata, mean_f))
    feature_name = engine_game.stratified_feature or "feature"
    run_features = {
        name: {"runs": round(count), "share_of_runs": count / m,
               "one_in": 1 / (rate * count / m) if rate else math.inf,
               "per_round": total.feature_totals[name] / count, "average_win_x": total.feature_won_x[name] / count}
        for name, count in total.feature_rounds.items() if name != feature_name
    }
    parts: list[dict[str, Any]] = []
    if not buy:
        parts.append({"name": "base game", "how": "exact", "rtp": base_x / price_f,
                      "fraction": _fraction_text(exact.base_x / price), "source": exact.source})
        parts.append({"name": f"{feature_name} rate (per round)", "how": "exact", "value": float(exact.rate),
                      "fraction": _fraction_text(exact.rate), "source": exact.source})
    method = "strata of the feature's start (exact probabilities) with a control variate"
    if exact.proposal:
        method += f"; importance sampling: {exact.proposal}, each run weighted by its likelihood ratio"
    parts.append({"name": feature_name if not buy else f"{feature_name} (bought)", "how": "simulated",
                  "rtp": rate * mu / price_f, "half_width": half, "runs": m, "method": method})
    for name, value, note in exact.exact:
        parts.append({"name": name, "how": "exact", "value": float(value), "fraction": _fraction_text(value),
                      "source": note})
    strata_rows = []
    for (start, p), t, means in zip(exact.starts, strata, exact.control_means):
        strata_rows.append({
            "start": start, "probability": _fraction_text(p), "runs": t.runs, "mean_x": t.mean_z,
            "plain_mean_x": t.f / t.runs, "sd_x": math.sqrt(t.var_f()), "controlled_sd_x": math.sqrt(t.var_z()),
            "control_means": [_fraction_text(c) for c in means],
        })
    var_z_pooled = sum(w * t.var_z() for w, t in zip(weights, strata))
    within_f = sum(w * t.var_f() for w, t in zip(weights, strata))
    control = {
        "names": list(exact.control_names), "beta": list(beta), "pilot_runs": pilot.runs,
        "exact_means": [_fraction_text(c) for c in exact.control_means[0]] if len(set(exact.control_means)) == 1
        else None,
        "variance_reduction": within_f / var_z_pooled if var_z_pooled else math.inf,
        "plain_estimate_x": plain_mean, "plain_se_x": math.sqrt(var_plain),
        **({"proposal": exact.proposal} if exact.proposal else {}),
    }
    checks: list[dict[str, Any]] = []
    # a bought round is the feature, once: its rounds are the runs (a base mode's come from its base rounds)
    features: dict[str, dict[str, float]] = {feature_name: {
        "rounds": m, "one_in": 1.0, "per_round": 1.0, "average_win_x": total.f / m}} if buy else {}
    sd = math.sqrt(var_f) if buy else 0.0
    hit_rate = total.hits / m
    base_hist: list[dict[str, Any]] = []
    n = m if buy else 0
    base_max, base_seed, base_seconds, capped_base = 0.0, None, 0.0, 0.0
    if base is not None:
        n = base.rounds
        mean_b = base.won_x / n
        se_b = math.sqrt(max(0.0, base.won_x2 / n - mean_b**2) / n)
        checks.append({"name": "base part, x bet", "simulated": mean_b, "exact": base_x, "se": se_b,
                       "z": (mean_b - base_x) / se_b if se_b else 0.0, "rounds": n})
        p_seen = base.triggers / n
        se_p = math.sqrt(rate * (1 - rate) / n)
        checks.append({"name": f"{feature_name} per round", "simulated": p_seen, "exact": rate, "se": se_p,
                       "z": (p_seen - rate) / se_p if se_p else 0.0, "rounds": n})
        mu_by_start = {json.dumps(start, sort_keys=True): t.mean_z for (start, _), t in zip(exact.starts, strata)}
        var_by_start = {json.dumps(start, sort_keys=True): t.var_f() for (start, _), t in zip(exact.starts, strata)}
        unknown = set(base.starts) - set(mu_by_start)
        if unknown:
            raise ValueError(f"base rounds started the feature from {sorted(unknown)}, outside the exact start law")
        sd = math.sqrt(_round_variance(base, mu_by_start, var_by_start))
        hit_rate = base.hits / n
        features = {
            name: {"rounds": count, "one_in": n / count, "per_round": base.feature_totals[name] / count,
                   "average_win_x": base.feature_won_x[name] / count}
            for name, count in base.feature_rounds.items()
        }
        base_hist = histogram(base.bins, base.bin_won_x, n)
        base_max, base_seed, base_seconds, capped_base = base.max_x, base.max_seed, base.seconds, base.capped
    cap_rate = (capped_base / n if n and not buy else 0.0) + rate * total.capped / m
    return ProofReport(
        game=game, buy=buy, bet=bet, seed=seed, method=METHOD, rounds=n, feature_runs=m, pilot_runs=pilot.runs,
        workers=workers, rtp=rtp, ci_low=rtp - half, ci_high=rtp + half, half_width=half,
        base_part_rtp=base_x / price_f, feature_part_rtp=rate * mu / price_f, feature=feature_name,
        feature_one_in=1 / rate if rate else math.inf, feature_average_x=mu, feature_se_x=se,
        feature_sd_x=math.sqrt(var_f), hit_rate=hit_rate, base_max_x=base_max, base_max_seed=base_seed,
        feature_max_x=total.max_x, feature_max_seed=total.max_seed, max_win_x=max(base_max, total.max_x),
        capped_rounds=round(capped_base + total.capped), cap_one_in=1 / cap_rate if cap_rate else None,
        features=features, feature_run_features=run_features, data_sha256=engine_game.data_digest(),
        command=command_text(), seconds=wall,
        rounds_per_second_per_worker=n / base_seconds if base_seconds else 0.0,
        feature_runs_per_second_per_worker=m / total.seconds if total.seconds else 0.0,
        sd=sd, generator=generator_name(), parts=parts, strata=strata_rows, control_variate=control, checks=checks,
        base_histogram=base_hist, feature_histogram=histogram(total.bins, total.bin_won_x, m),
    )


def _round_variance(base: PartTally, mu: dict[str, float], within: dict[str, float]) -> float:
    """Var(W) = Var(Y) + E[sum over a round's starts of Var(F | s)], Y = B + sum over its starts of mu(s)."""
    n = base.rounds
    mean_y = (base.won_x + sum(count * mu[key] for key, count in base.starts.items())) / n
    second = base.won_x2 + 2 * sum(mu[key] * won for key, won in base.start_won_x.items())
    second += sum(mu[a] * mu[b] * count for (a, b), count in base.start_pairs.items())
    var_y = max(0.0, second / n - mean_y * mean_y)
    return var_y + sum(count / n * within[key] for key, count in base.starts.items())

