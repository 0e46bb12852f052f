"""What a game tells the player about its math: a typed description, and its measured RTPs.

Screens and help pages read every figure they show here (``game.description`` and
``game.rtp_reports()``) and keep no copy of their own, so the engine is the one place a number
is written down. Each game extends ``GameDescription`` with its feature tables.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from .data import BetBreakdown, BetLadder, RtpSource, StatedRtp
from .errors import DataError, InvalidBet
from .money import cents_of

log = logging.getLogger(__name__)

# The measured reports beside a game's data file, by mode: what ``python -m
# game.engine.simulate <game> [--buy] --json ...`` writes.
RTP_FILES: Mapping[str, str] = {"base": "rtp.json", "buy": "rtp_buy.json"}

__all__ = [
    "RTP_FILES", "BetBreakdown", "BetLadder", "FeatureRate", "GameDescription", "RtpReport", "RtpSource",
    "StartMean", "StatedRtp", "read_rtp_report", "read_rtp_reports",
]


@dataclass(frozen=True, kw_only=True)
class GameDescription:
    """The figures every game shows: bets, lines, buy price, cap and the stated RTPs (printed or design targets)."""

    id: str
    title: str
    bets: BetLadder
    lines: tuple[tuple[int, ...], ...] = field(default=(), repr=False)  # row per reel; () for clusters
    buy_price_x: Fraction | None = None  # the buy feature's price, a multiple of the bet
    cap: Fraction | None = None  # the most a round can win, a multiple of the bet
    rtp: StatedRtp

    def __post_init__(self) -> None:
        if (self.rtp.buy is not None) != (self.buy_price_x is not None):
            raise DataError(f"{self.id}: a buy RTP goes with a buy feature, and only with one")

    @property
    def has_buy(self) -> bool:
        return self.buy_price_x is not None

    def buy_price(self, bet: int) -> int:
        """The buy feature's price in cents at ``bet`` (a bet on the ladder)."""
        if self.buy_price_x is None:
            raise InvalidBet(f"{self.id} has no buy feature")
        if bet not in self.bets:
            raise InvalidBet(f"{self.id}: {bet} cents is not on the bet ladder")
        return cents_of(self.buy_price_x, bet)

    def cap_win(self, bet: int) -> int | None:
        """The cap in cents at ``bet``; None for a game without a cap."""
        return None if self.cap is None else cents_of(self.cap, bet)

    @property
    def priced_extras(self) -> int:
        """The most extras a round offers at a price inside it (Slingo's extra spins): autoplay's menu
        offers buying them when there are any. 0: the game asks no priced question."""
        return 0


@dataclass(frozen=True)
class FeatureRate:
    """How often a feature (a tallied event of a round) came up in a measurement, and what it won."""

    name: str
    rounds: int | None = None  # rounds in which it happened
    one_in: float | None = None  # it happened once in this many rounds
    per_round: float | None = None  # times per round it happened in
    average_win_x: float | None = None  # the average win of those rounds, x bet


@dataclass(frozen=True)
class StartMean:
    """What the main feature won on average from one of its starts (a stratum of an exact-parts proof)."""

    start: dict[str, Any]  # the start, as the game's ``exact_parts`` names it ({"substitute": "nice_girl"})
    probability: Fraction | None  # the start's exact share of the feature's starts
    mean_x: float  # the feature's mean win from this start, x bet (control-variate corrected)
    runs: int | None = None  # feature runs played from it


@dataclass(frozen=True)
class RtpReport:
    """One measured RTP of a game, as the simulation tool recorded it.

    ``rtp`` and the interval are fractions of the amount staked (0.9413 is 94.13%).
    ``data_current`` says whether the data file it was measured on (``data_sha256``) is today's.
    """

    mode: str  # "base" or "buy"
    rtp: float
    interval: tuple[float, float] | None = None  # the 95% confidence interval
    half_width: float | None = None
    rounds: int | None = None
    feature_runs: int | None = None  # stratified, exact parts: feature runs played besides the rounds
    feature_one_in: float | None = None  # rounds per main feature (exact in the exact-parts method)
    seed: int | None = None
    bet: int | None = None
    command: str | None = None  # the command that measured it (and measures it again)
    method: str = "plain"  # "plain" (whole rounds), "stratified" or "exact_parts" (only the feature simulated)
    hit_rate: float | None = None
    max_win_x: float | None = None
    capped_rounds: int | None = None
    features: tuple[FeatureRate, ...] = ()
    starts: tuple[StartMean, ...] = ()  # an exact-parts proof's mean by start of the feature
    data_sha256: str | None = None
    data_current: bool = False
    data_note: str | None = None  # why the recorded digest was carried over, when it was

    def feature(self, name: str) -> FeatureRate | None:
        return next((rate for rate in self.features if rate.name == name), None)

    def start_mean(self, **start: Any) -> StartMean | None:
        """The feature's mean from the start with exactly these fields, if the report measured it."""
        return next((row for row in self.starts if row.start == start), None)


def _number(data: Mapping[str, Any], key: str, source: str, kind: type = float) -> Any:
    value = data.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or (kind is int and not isinstance(value, int)):
        raise DataError(f"{source}: {key}: expected {'a whole number' if kind is int else 'a number'}, "
                        f"found {value!r}")
    return kind(value)


def _text(data: Mapping[str, Any], key: str, source: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise DataError(f"{source}: {key}: expected a string, found {value!r}")
    return value


def read_rtp_report(path: Path, mode: str, digest: str) -> RtpReport:
    """The report in ``path`` (FileNotFoundError when absent, DataError when unreadable).

    ``digest`` is the SHA-256 of the game's current data file; the report is current when it
    records the same.
    """
    source = str(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise DataError(f"{source}: cannot read ({exc.strerror or exc})") from exc
    except ValueError as exc:
        raise DataError(f"{source}: not valid JSON ({exc})") from exc
    if not isinstance(data, dict):
        raise DataError(f"{source}: the top level must be an object")
    rtp = _number(data, "rtp", source)
    if rtp is None:
        raise DataError(f"{source}: no 'rtp' recorded")
    low, high = _number(data, "ci_low", source), _number(data, "ci_high", source)
    features = data.get("features", {})
    if not isinstance(features, dict) or not all(isinstance(v, dict) for v in features.values()):
        raise DataError(f"{source}: features: expected an object of objects")
    recorded = _text(data, "data_sha256", source)
    return RtpReport(
        mode=mode, rtp=rtp,
        interval=(low, high) if low is not None and high is not None else None,
        half_width=_number(data, "half_width", source),
        rounds=_number(data, "rounds", source, int),
        feature_runs=_number(data, "feature_runs", source, int),
        feature_one_in=_number(data, "feature_one_in", source),
        seed=_number(data, "seed", source, int),
        bet=_number(data, "bet", source, int),
        command=_text(data, "command", source),
        method=_text(data, "method", source) or "plain",
        hit_rate=_number(data, "hit_rate", source),
        max_win_x=_number(data, "max_win_x", source),
        capped_rounds=_number(data, "capped_rounds", source, int),
        features=tuple(
            FeatureRate(name, _number(row, "rounds", f"{source}: features.{name}", int),
                        _number(row, "one_in", f"{source}: features.{name}"),
                        _number(row, "per_round", f"{source}: features.{name}"),
                        _number(row, "average_win_x", f"{source}: features.{name}"))
            for name, row in features.items()
        ),
        starts=_starts(data, source),
        data_sha256=recorded,
        data_current=recorded is not None and recorded == digest,
        data_note=_text(data, "data_note", source),
    )


def _starts(data: Mapping[str, Any], source: str) -> tuple[StartMean, ...]:
    """The ``strata`` rows of an exact-parts report: each start, its probability and its mean."""
    rows = data.get("strata", [])
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise DataError(f"{source}: strata: expected a list of objects")
    out = []
    for index, row in enumerate(rows):
        where = f"{source}: strata[{index}]"
        start, mean = row.get("start"), _number(row, "mean_x", where)
        if not isinstance(start, dict) or mean is None:
            raise DataError(f"{where}: expected a 'start' object and a 'mean_x'")
        text = _text(row, "probability", where)
        try:
            probability = Fraction(text) if text is not None else None
        except (ValueError, ZeroDivisionError) as exc:
            raise DataError(f"{where}: probability {text!r} is not a fraction") from exc
        out.append(StartMean(start, probability, mean, _number(row, "runs", where, int)))
    return tuple(out)


def read_rtp_reports(directory: Path, modes: tuple[str, ...], digest: str) -> dict[str, RtpReport]:
    """The reports of ``modes`` found in ``directory``; a mode not measured (or unreadable) is left out."""
    reports: dict[str, RtpReport] = {}
    for mode in modes:
        path = directory / RTP_FILES[mode]
        try:
            reports[mode] = read_rtp_report(path, mode, digest)
        except FileNotFoundError:
            continue
        except DataError as exc:
            log.warning("measured RTP left out: %s", exc)
    return reports
