"""Stratified RTP estimation: base rounds with the main feature deferred, plus feature runs.

A round's win is ``B + sum of F_j``: ``B`` the base part (the spin with everything but the main
feature), one ``F_j`` for each time the main feature was triggered, from its start ``s_j`` (for
Fat Santa the row Santa landed on). Brute Monte Carlo spends almost all its rounds on ``B``
while the variance lives in ``F``. Here the first stratum plays ``n`` rounds with
``defer_features`` (cheap: the feature's start is recorded, not played) and the second plays
``m`` features alone, each from a start drawn from the ``N`` starts recorded in the first
stratum, so ``F`` is sampled from the right conditional law:

    RTP  = (mean(B) + p * mean(F)) / price,        p = N / n
    SE^2 = (Var(Y) / n + p^2 * Var(F) / m) / price^2,
    Y    = B + sum over the round's starts s of mu(s)

``mu(s)`` is the mean of the feature runs that started from ``s`` (the mean of all runs when
none did), ``Var(F)`` the variance of all feature runs. ``docs/MATH.md`` derives the formula;
``tests/test_stratified.py`` checks it against a toy game whose answer is known exactly. With
``m`` of the order of ``n * p`` or more this needs far fewer rounds than plain simulation for
the same interval. The cap applies to each part on its own; a feature run cannot know the base
win it would have followed, so a round whose base part plus feature cross the cap while neither
alone does is counted uncapped (a bias far below the interval: both parts would have to be near
the cap at once).

Seeds: base round ``i`` uses ``derive_seed(S, i)``. Feature run ``j`` takes its start from
``derive_seed(S ^ START_SALT, j)`` and plays from ``derive_seed(S ^ FEATURE_SALT, j)``: two
streams of their own, so a run's start and the feature's own draws are independent, as they
are in a real round (drawing both from one generator made, for Fat Santa, Santa's row and the
first free spin's reel-1 stop come out of the same first random number). A run is reproducible
from ``S``.

With ``proposal`` (``--proposal``) both strata play on the game's proposal (``Game.proposal``)
and weigh each round by its likelihood ratio ``L`` (importance sampling): every sum above takes
``L B``, ``L T`` and ``L F`` in place of ``B``, ``T`` and ``F``, and the sums of squares behind
``Var(Y)`` and ``Var(F)`` are those of the weighted values, so the interval is the weighted
estimator's. The counts a report gives (hit rate, features, win distribution) are sums of ``L``,
estimates of the game's own law; a run's deviation is the game's (from sums of ``L x^2``). The
feature runs draw their starts from the weighted law of the recorded starts, each weight kept to
``START_WEIGHT_UNIT``.

``checkpoint`` keeps each finished chunk on disk (``game.engine.analysis.checkpoint``): a run of hours stopped
midway resumes with the same command, and one with more feature runs (same rounds) extends it.
"""

from __future__ import annotations

import hashlib
import json
import math
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import get_game
from ..game import Game
from ..rng import derive_seed
from ..version import ENGINE_VERSION
from .backend import Backend
from .checkpoint import ChunkStore
from .report import BINS, Z95, FeatureReport, command_text, generator_name, histogram, progress_bar, using, win_bin

FEATURE_SALT = 0x5747_A71F_1ED0_0001
START_SALT = 0x57A2_75EE_D5A1_7002
_SEED_SPAN = 1 << 64
START_WEIGHT_UNIT = 1 << 20  # with a proposal, a start's weight is drawn to 2**-20 of one round's


@dataclass
class PartTally:
    """Sums over rounds of one stratum; batches merge by adding.

    Counts are whole numbers without a proposal; with one they are sums of likelihood ratios."""

    rounds: int = 0
    won_x: float = 0.0
    won_x2: float = 0.0
    triggers: float = 0  # base stratum: sum of T
    hits: float = 0  # rounds with B > 0 or T > 0 (base stratum) / F > 0 (feature stratum)
    max_x: float = 0.0
    max_seed: int | None = None
    capped: float = 0
    starts: dict[str, float] = field(default_factory=dict)  # deferred feature starts (JSON) -> count
    # base stratum: sum of B over each start (a round with two starts adds B twice), and
    # sum over rounds of c(s) * c(s') for the starts s, s' of a round, for Var(Y)
    start_won_x: dict[str, float] = field(default_factory=dict)
    start_pairs: dict[tuple[str, str], float] = field(default_factory=dict)
    # feature stratum: runs, sum of F and sum of F^2 by the start they were played from
    start_runs: dict[str, int] = field(default_factory=dict)
    start_feature_x: dict[str, float] = field(default_factory=dict)
    start_feature_x2: dict[str, float] = field(default_factory=dict)
    bins: list[float] = field(default_factory=lambda: [0] * BINS)  # rounds per win bin of this stratum's part
    bin_won_x: list[float] = field(default_factory=lambda: [0.0] * BINS)
    feature_rounds: dict[str, float] = field(default_factory=dict)
    feature_totals: dict[str, float] = field(default_factory=dict)
    feature_won_x: dict[str, float] = field(default_factory=dict)
    seconds: float = 0.0
    # with a proposal: the game's own second moments (sums of L x^2, L x T, L T^2), for the deviation
    law_x2: float = 0.0
    law_x_triggers: float = 0.0
    law_triggers2: float = 0.0

    def add(self, other: PartTally) -> None:
        for name in ("rounds", "won_x", "won_x2", "triggers", "hits", "capped",
                     "seconds", "law_x2", "law_x_triggers", "law_triggers2"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.max_x > self.max_x:
            self.max_x, self.max_seed = other.max_x, other.max_seed
        for mine, theirs in ((self.starts, other.starts), (self.feature_rounds, other.feature_rounds),
                             (self.feature_totals, other.feature_totals), (self.start_runs, other.start_runs)):
            _merge(mine, theirs)
        for sums, more in ((self.feature_won_x, other.feature_won_x), (self.start_won_x, other.start_won_x),
                           (self.start_feature_x, other.start_feature_x),
                           (self.start_feature_x2, other.start_feature_x2)):
            _merge(sums, more)
        _merge(self.start_pairs, other.start_pairs)
        self.bins = [a + b for a, b in zip(self.bins, other.bins)]
        self.bin_won_x = [a + b for a, b in zip(self.bin_won_x, other.bin_won_x)]

    def record(self, x: float, seed: int, capped: bool, features: dict[str, int], weight: float = 1) -> None:
        """Count one round (or run) of ``x`` x bet, ``weight`` (its likelihood ratio; 1: none) times."""
        lx = weight * x
        self.won_x += lx
        self.won_x2 += lx * lx
        self.law_x2 += lx * x
        slot = win_bin(x)
        self.bins[slot] += weight
        self.bin_won_x[slot] += lx
        if x > self.max_x:
            self.max_x, self.max_seed = x, seed
        if capped:
            self.capped += weight
        for name, amount in features.items():
            if amount:
                self.feature_rounds[name] = self.feature_rounds.get(name, 0) + weight
                self.feature_totals[name] = self.feature_totals.get(name, 0) + weight * amount
                self.feature_won_x[name] = self.feature_won_x.get(name, 0.0) + lx

    def to_json(self) -> dict[str, Any]:
        """The tally as JSON values (floats kept exactly by ``repr``), for a checkpoint."""
        data = asdict(self)
        data["start_pairs"] = [[a, b, count] for (a, b), count in self.start_pairs.items()]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PartTally:
        pairs = {(a, b): count for a, b, count in data["start_pairs"]}
        return cls(**{**data, "start_pairs": pairs})


def _merge(mine: dict, theirs: dict) -> None:
    for key, value in theirs.items():
        mine[key] = mine.get(key, 0) + value


def _x(value: Any) -> float:
    return value.numerator / value.denominator


def drawn_game(game: Game, proposal: bool) -> Game:
    """The game whose rounds a stratum plays: the game's proposal (importance sampling) or the game."""
    drawn = game.proposal() if proposal else game
    if drawn is None:
        raise ValueError(f"{game.id} has no proposal to draw its rounds from (leave --proposal out)")
    return drawn


def play_base_batch(task: tuple[str, bool, int, int, int, int, bool]) -> PartTally:
    """Base-stratum rounds ``start .. start + count`` (runs in a worker process)."""
    game_id, buy, bet, master, start, count, proposal = task
    game = get_game(game_id)
    drawn = drawn_game(game, proposal)
    tally = PartTally()
    began = time.perf_counter()
    for index in range(start, start + count):
        seed = derive_seed(master, index)
        result = drawn.play(bet, seed, buy=buy, defer_features=True)
        weight: float = game.likelihood_ratio(result) if proposal else 1
        x = _x(result.win_x)
        triggers = len(result.deferred)
        tally.record(x, seed, result.capped, result.features, weight)
        tally.triggers += weight * triggers
        tally.law_x_triggers += weight * x * triggers
        tally.law_triggers2 += weight * triggers * triggers
        if x > 0 or triggers:
            tally.hits += weight
        keys = [json.dumps(start_state, sort_keys=True) for start_state in result.deferred]
        for key in keys:
            tally.starts[key] = tally.starts.get(key, 0) + weight
            tally.start_won_x[key] = tally.start_won_x.get(key, 0.0) + weight * weight * x
            for other in keys:
                pair = (key, other)
                tally.start_pairs[pair] = tally.start_pairs.get(pair, 0) + weight * weight
    tally.rounds = count
    tally.seconds = time.perf_counter() - began
    return tally


def draw_start(master: int, index: int, cumulative: list[int]) -> int:
    """The start of feature run ``index``: a position in ``cumulative`` (running weight totals).

    Drawn exactly (no modulo bias) from the 64-bit values ``derive_seed(master ^ START_SALT, index
    + k * 2**32)``, k = 0, 1, ...: a stream of its own, apart from the feature's generator.
    """
    total = cumulative[-1]
    limit = _SEED_SPAN - _SEED_SPAN % total
    salted = master ^ START_SALT
    attempt = 0
    while True:
        value = derive_seed(salted, index + (attempt << 32))
        if value < limit:
            break
        attempt += 1  # happens with chance total / 2**64: never in practice
    pick = value % total
    low, high = 0, len(cumulative) - 1
    while low < high:  # the first position whose running total exceeds the pick
        middle = (low + high) // 2
        if cumulative[middle] > pick:
            high = middle
        else:
            low = middle + 1
    return low


def play_feature_batch(task: tuple[str, bool, int, int, int, int, tuple[tuple[str, int], ...], bool]) -> PartTally:
    """Feature runs ``start .. start + count``: each start from its own salted stream (``draw_start``)."""
    game_id, buy, bet, master, start, count, starts, proposal = task
    game = get_game(game_id)
    drawn = drawn_game(game, proposal)
    keys = [key for key, _ in starts]
    states = [json.loads(key) for key in keys]
    cumulative: list[int] = []
    running = 0
    for _, share in starts:
        running += share
        cumulative.append(running)
    tally = PartTally()
    began = time.perf_counter()
    for index in range(start, start + count):
        chosen = draw_start(master, index, cumulative)
        seed = derive_seed(master ^ FEATURE_SALT, index)
        result = drawn.play(bet, seed, buy=buy, feature_start=states[chosen])
        weight = game.likelihood_ratio(result) if proposal else 1
        x = _x(result.win_x)
        tally.record(x, seed, result.capped, result.features, weight)
        if x > 0:
            tally.hits += weight
        key = keys[chosen]
        lx = weight * x
        tally.start_runs[key] = tally.start_runs.get(key, 0) + 1
        tally.start_feature_x[key] = tally.start_feature_x.get(key, 0.0) + lx
        tally.start_feature_x2[key] = tally.start_feature_x2.get(key, 0.0) + lx * lx
    tally.rounds = count
    tally.seconds = time.perf_counter() - began
    return tally


@dataclass(kw_only=True)
class StratifiedReport(FeatureReport):
    """A stratified report (``method`` "stratified"): base rounds with the feature deferred, plus feature runs."""

    proposal: str = ""  # importance sampling: what the proposal's draws favour ("": the game's own draws)

    def lines(self) -> list[str]:
        out = [
            f"{self.game}{self.mode_text()}: stratified, {self.rounds:,} base rounds + {self.feature_runs:,}"
            f" {self.feature} runs{self.run_text()}",
            *([f"importance sampling: {self.proposal}"] if self.proposal else []),
            self.rtp_line(),
            f"  base part      {self.base_part_rtp * 100:.3f}%   {self.feature} part"
            f" {self.feature_part_rtp * 100:.3f}%",
            f"hit rate         {self.hit_rate * 100:.2f}%"
            + (f"  (1 in {1 / self.hit_rate:.2f})" if self.hit_rate else ""),
            f"std deviation    {self.sd:.3f} x bet per round (from the strata)",
            f"{self.feature:<16} 1 in {self.feature_one_in:,.1f} rounds, average {self.feature_average_x:.2f} x bet"
            f" (sd {self.feature_sd_x:.2f})",
            f"highest win      base part {self.base_max_x:,.2f} x (seed {self.base_max_seed}),"
            f" {self.feature} {self.feature_max_x:,.2f} x (feature seed {self.feature_max_seed})",
        ]
        if self.cap_one_in:
            seen = "a weighted estimate" if self.proposal else f"{self.capped_rounds} times seen"
            out.append(f"cap reached      1 in {self.cap_one_in:,.0f} rounds ({seen})")
        for name, info in sorted({**self.features, **self.feature_run_features}.items()):
            out.append(f"{name:<16} 1 in {info['one_in']:,.1f} rounds, {info['per_round']:.3f} per round with it")
        out.append(
            f"speed            {self.rounds_per_second_per_worker:,.0f} base rounds/s and"
            f" {self.feature_runs_per_second_per_worker:,.1f} feature runs/s per worker ({self.seconds:.1f} s)"
        )
        return out


def _variance(total: float, total2: float, n: int) -> float:
    mean = total / n
    return max(0.0, total2 / n - mean * mean)


def start_means(feature: PartTally) -> dict[str, float]:
    """mu(s): the mean feature win of the runs played from each start (a start with no run is left out)."""
    return {key: feature.start_feature_x[key] / runs for key, runs in feature.start_runs.items() if runs}


def _y_variance(base: PartTally, feature: PartTally, mean_f: float) -> float:
    """Var(Y), Y = B + sum over the round's starts of mu(s): the base stratum's share of the variance.

    E[Y^2] = E[B^2] + 2 sum_s mu(s) E[B c(s)] + sum_{s,s'} mu(s) mu(s') E[c(s) c(s')], c(s) the
    number of times a round deferred start s; every sum is tallied by the base stratum.
    """
    n = base.rounds
    mu = start_means(feature)

    def mean_of(key: str) -> float:
        return mu.get(key, mean_f)

    mean_y = (base.won_x + sum(count * mean_of(key) for key, count in base.starts.items())) / n
    second = base.won_x2 + 2 * sum(mean_of(key) * won for key, won in base.start_won_x.items())
    second += sum(mean_of(a) * mean_of(b) * count for (a, b), count in base.start_pairs.items())
    return max(0.0, second / n - mean_y * mean_y)


def _round_variance(base: PartTally, feature: PartTally, var_y: float, var_f: float) -> float:
    """Var(W) = Var(Y) + E[sum over a round's starts of Var(F | s)]: a whole round's variance."""
    n = base.rounds
    within = 0.0
    for key, count in base.starts.items():
        runs = feature.start_runs.get(key, 0)
        if runs > 1:
            mean = feature.start_feature_x[key] / runs
            spread = max(0.0, feature.start_feature_x2[key] / runs - mean * mean)
        else:
            spread = var_f
        within += count / n * spread
    return var_y + within


def _law_round_variance(base: PartTally, feature: PartTally, mean_f: float, law_var_f: float) -> float:
    """With a proposal, a whole round's variance under the game's own law, from the sums of ``L x^2``
    (every start taken alike: Var(W) = Var(B + T mu) + E[T] Var(F))."""
    n = base.rounds
    p = base.triggers / n
    mean_w = base.won_x / n + p * mean_f
    second = (base.law_x2 + 2 * mean_f * base.law_x_triggers + mean_f * mean_f * base.law_triggers2) / n
    return max(0.0, second - mean_w * mean_w) + p * law_var_f


def summarise(base: PartTally, feature: PartTally, *, game: str, buy: bool, bet: int, seed: int, workers: int,
              wall: float, proposal: str = "") -> StratifiedReport:
    engine_game = get_game(game)
    n, m = base.rounds, feature.rounds
    price = engine_game.cost(bet, buy) / bet
    p = base.triggers / n
    mean_b = base.won_x / n
    mean_f = feature.won_x / m if m else 0.0
    var_y = _y_variance(base, feature, mean_f)
    var_f = _variance(feature.won_x, feature.won_x2, m) if m else 0.0  # of L F: the estimator's
    law_var_f = max(0.0, feature.law_x2 / m - mean_f * mean_f) if m and proposal else var_f  # of F, the game's
    se = math.sqrt(var_y / n + (p * p * var_f / m if m else 0.0))
    rtp = (mean_b + p * mean_f) / price
    half = Z95 * se / price
    # A triggered round always wins something in practice; count it a hit when its feature runs
    # mostly pay (the base stratum counts B > 0 or T > 0).
    hit_rate = base.hits / n
    features = {
        name: {"rounds": round(count), "one_in": n / count, "per_round": base.feature_totals[name] / count,
               "average_win_x": base.feature_won_x[name] / count}
        for name, count in base.feature_rounds.items()
    }
    feature_name = engine_game.stratified_feature or "feature"
    run_features = {
        name: {"runs": round(count), "share_of_runs": count / m, "one_in": 1 / (p * count / m) if p else math.inf,
               "per_round": feature.feature_totals[name] / count, "average_win_x": feature.feature_won_x[name] / count}
        for name, count in feature.feature_rounds.items() if name != feature_name
    } if m else {}
    cap_rate = base.capped / n + (p * feature.capped / m if m else 0.0)
    return StratifiedReport(
        game=game, buy=buy, bet=bet, seed=seed, method="stratified", rounds=n, feature_runs=m, workers=workers,
        rtp=rtp, ci_low=rtp - half, ci_high=rtp + half, half_width=half, base_part_rtp=mean_b / price,
        feature_part_rtp=p * mean_f / price, feature=feature_name, feature_one_in=1 / p if p else math.inf,
        feature_average_x=mean_f, feature_sd_x=math.sqrt(law_var_f), hit_rate=hit_rate,
        base_max_x=base.max_x, base_max_seed=base.max_seed, feature_max_x=feature.max_x,
        feature_max_seed=feature.max_seed, max_win_x=max(base.max_x, feature.max_x),
        capped_rounds=round(base.capped + feature.capped), cap_one_in=1 / cap_rate if cap_rate else None,
        features=features, feature_run_features=run_features, data_sha256=engine_game.data_digest(),
        command=command_text(), seconds=wall,
        rounds_per_second_per_worker=n / base.seconds if base.seconds else 0.0,
        feature_runs_per_second_per_worker=m / feature.seconds if feature.seconds else 0.0,
        sd=math.sqrt(_law_round_variance(base, feature, mean_f, law_var_f) if proposal
                     else _round_variance(base, feature, var_y, var_f)),
        generator=generator_name(), base_histogram=histogram(base.bins, base.bin_won_x, n),
        feature_histogram=histogram(feature.bins, feature.bin_won_x, m) if m else [], proposal=proposal,
    )


def _chunk_key(task: tuple) -> str:
    """A chunk's place in its run: kind, first index and count (a feature chunk: and the starts' digest)."""
    kind = "feature" if len(task) == 8 else "base"
    place: list[Any] = [kind, task[4], task[5]]
    if kind == "feature":
        place.append(hashlib.sha256(json.dumps(task[6]).encode("utf-8")).hexdigest()[:16])
    return json.dumps(place)


def _run_tasks(worker, tasks: list, runner: Backend, bar, store: ChunkStore | None = None) -> PartTally:
    """The chunks' tallies merged in chunk order (the same sums whatever runs them); with a ``store``,
    the chunks it holds are read back, not played, and each chunk played is kept there."""
    keys = [_chunk_key(task) for task in tasks]
    kept = {key: PartTally.from_json(found) for key in keys
            if store is not None and (found := store.get(key)) is not None}
    bar.update(sum(tally.rounds for tally in kept.values()))
    missing = [task for task, key in zip(tasks, keys) if key not in kept]
    for task, part in zip(missing, runner.map(worker, missing)):
        key = _chunk_key(task)
        kept[key] = part
        if store is not None:
            store.save(key, part.to_json())
        bar.update(part.rounds)
    total = PartTally()
    for key in keys:
        total.add(kept[key])
    return total


def start_weights(starts: dict[str, float], proposal: bool) -> tuple[tuple[str, int], ...]:
    """The recorded starts and their whole-number weights, the law the feature runs draw their starts
    from: the counts themselves, or with a proposal the sums of ``L`` in units of ``START_WEIGHT_UNIT``."""
    if not proposal:
        return tuple(sorted(starts.items()))  # type: ignore[arg-type]  # whole counts without a proposal
    return tuple((key, max(1, round(weight * START_WEIGHT_UNIT))) for key, weight in sorted(starts.items()))


def run(game: str, rounds: int, feature_runs: int, workers: int, seed: int, bet: int | None = None,
        buy: bool = False, progress: bool = True, batch: int = 20_000, feature_batch: int = 500,
        backend: Backend | None = None, proposal: bool = False, checkpoint: Path | None = None) -> StratifiedReport:
    """``checkpoint`` keeps each finished chunk in that file (``game.engine.analysis.checkpoint``): the same command
    started again reads them back and plays only the rest, with the same report bit for bit."""
    engine_game = get_game(game)
    if engine_game.stratified_feature is None:
        raise ValueError(f"{game} does not support stratified simulation (plain simulation works)")
    bet = engine_game.default_bet if bet is None else engine_game.check_bet(bet)
    engine_game.cost(bet, buy)
    began = time.perf_counter()
    bar = progress_bar(rounds + feature_runs, progress)
    drawn_game(engine_game, proposal)  # a game without a proposal is refused before any round is played
    base_tasks = [(game, buy, bet, seed, s, min(batch, rounds - s), proposal) for s in range(0, rounds, batch)]
    store = None if checkpoint is None else ChunkStore(checkpoint, {
        "method": "stratified", "game": game, "buy": buy, "bet": bet, "seed": seed, "proposal": proposal,
        "batch": batch, "feature_batch": feature_batch, "data_sha256": engine_game.data_digest(),
        "engine_version": ENGINE_VERSION})
    with using(backend, workers) as runner:
        base = _run_tasks(play_base_batch, base_tasks, runner, bar, store)
        if not base.starts:
            raise ValueError(f"no {engine_game.stratified_feature} was triggered in {rounds:,} base rounds; play more")
        starts = start_weights(base.starts, proposal)
        feature_tasks = [(game, buy, bet, seed, s, min(feature_batch, feature_runs - s), starts, proposal)
                         for s in range(0, feature_runs, feature_batch)]
        feature = _run_tasks(play_feature_batch, feature_tasks, runner, bar, store)
    bar.close()
    return summarise(base, feature, game=game, buy=buy, bet=bet, seed=seed, workers=runner.workers,
                     wall=time.perf_counter() - began,
                     proposal=engine_game.proposal_summary() if proposal else "")
