"""Loading game data files (JSON next to each game's code) with errors that name the place."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum
from itertools import pairwise
from pathlib import Path
from typing import Any

from .errors import DataError


def load_json(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read game data ({exc.strerror or exc})") from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{path}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
    if not isinstance(data, dict):
        raise DataError(f"{path}: the top level must be an object")
    return data


class Reader:
    """Walks a JSON document, naming the file and key path in every error."""

    def __init__(self, source: str, value: Any, where: str = "") -> None:
        self.source = source
        self.value = value
        self.where = where

    def fail(self, message: str) -> DataError:
        place = f"{self.source}: {self.where}" if self.where else self.source
        return DataError(f"{place}: {message}")

    def child(self, key: str | int) -> Reader:
        if isinstance(key, int):
            if not isinstance(self.value, list):
                raise self.fail("expected a list")
            if not 0 <= key < len(self.value):
                raise self.fail(f"has no item {key}")
            where = f"{self.where}[{key}]"
            value: Any = self.value[key]
        else:
            if not isinstance(self.value, dict):
                raise self.fail("expected an object")
            if key not in self.value:
                raise self.fail(f"missing key {key!r}")
            where = f"{self.where}.{key}" if self.where else key
            value = self.value[key]
        return Reader(self.source, value, where)

    def has(self, key: str) -> bool:
        return isinstance(self.value, dict) and key in self.value

    def fields(self) -> list[str]:
        if not isinstance(self.value, dict):
            raise self.fail("expected an object")
        return list(self.value)

    def items(self) -> Iterable[Reader]:
        if not isinstance(self.value, list):
            raise self.fail("expected a list")
        return [self.child(i) for i in range(len(self.value))]

    def text(self) -> str:
        if not isinstance(self.value, str) or not self.value:
            raise self.fail(f"expected a non-empty string, found {self.value!r}")
        return self.value

    def integer(self, minimum: int | None = None, maximum: int | None = None) -> int:
        if not isinstance(self.value, int) or isinstance(self.value, bool):
            raise self.fail(f"expected an integer, found {self.value!r}")
        if minimum is not None and self.value < minimum:
            raise self.fail(f"must be at least {minimum}, found {self.value}")
        if maximum is not None and self.value > maximum:
            raise self.fail(f"must be at most {maximum}, found {self.value}")
        return self.value

    def convert(self, parse: Callable[[Any], Any], what: str) -> Any:
        try:
            return parse(self.value)
        except (ValueError, ZeroDivisionError, TypeError) as exc:
            raise self.fail(f"expected {what}, found {self.value!r} ({exc})") from exc


def read_symbol(reader: Reader, symbols: Sequence[str]) -> str:
    """A symbol's name that must be one of the game's ``symbols`` (interned: the same object as
    every other use of that name, so that the hot loops' comparisons are cheap)."""
    name = reader.text()
    if name not in symbols:
        raise reader.fail(f"unknown symbol {name!r} (symbols: {', '.join(symbols)})")
    return sys.intern(name)


def read_lines(doc: Reader, reels: int, rows: int) -> tuple[tuple[int, ...], ...]:
    """A line game's line shapes: each names one row per reel; at least one, no two alike."""
    lines = []
    for item in doc.items():
        line = tuple(row.integer(0, rows - 1) for row in item.items())
        if len(line) != reels:
            raise item.fail(f"a line names one row per reel ({reels})")
        lines.append(line)
    if not lines:
        raise doc.fail("at least one line")
    if len(set(lines)) != len(lines):
        raise doc.fail("two lines have the same shape")
    return tuple(lines)


@dataclass(frozen=True)
class BetBreakdown:
    """How a bet is made up on a credits game: Value (cents) x Level x ``credits``."""

    credits: int
    values: tuple[int, ...]
    levels: tuple[int, ...]

    def bets(self) -> tuple[int, ...]:
        """Every total bet the breakdown makes, rising."""
        return tuple(sorted({value * level * self.credits for value in self.values for level in self.levels}))

    def split(self, bet: int) -> tuple[int, int] | None:
        """(value, level) making ``bet`` with the largest value, or None when none does."""
        for value in sorted(self.values, reverse=True):
            level, rest = divmod(bet, value * self.credits)
            if rest == 0 and level in self.levels:
                return value, level
        return None


@dataclass(frozen=True)
class BetLadder:
    """A game's bets in cents: the ladder the player steps through and the bet it starts on."""

    ladder: tuple[int, ...]
    default: int
    breakdown: BetBreakdown | None = None

    def __contains__(self, bet: object) -> bool:
        return bet in self.ladder


def _rising_cents(reader: Reader, what: str) -> tuple[int, ...]:
    values = tuple(item.integer(1) for item in reader.items())
    if not values or any(b <= a for a, b in pairwise(values)):
        raise reader.fail(f"{what} must rise strictly: positive whole numbers, each above the one before")
    return values


def read_bets(doc: Reader) -> BetLadder:
    """The ``"bets"`` section of a game's data, the one bet layout every game uses::

        "bets": {"ladder": [cents, ...], "default": cents,
                 "breakdown": {"credits": 50, "values": [cents, ...], "levels": [...]}}  # optional

    The ladder rises strictly; the default is on it; a breakdown multiplies out to exactly the
    ladder. ``doc`` is the whole document, so errors name ``bets.<key>``.
    """
    if doc.has("bet"):
        raise doc.child("bet").fail('bets are read from "bets": {"ladder": [...cents...], "default": cents}')
    bets = doc.child("bets")
    known = {"ladder", "default", "breakdown"}
    unknown = [key for key in bets.fields() if key not in known]
    if unknown:
        raise bets.fail(f"unknown key {unknown[0]!r} (keys: ladder, default, breakdown)")
    ladder = _rising_cents(bets.child("ladder"), "the bet ladder")
    default = bets.child("default").integer()
    if default not in ladder:
        raise bets.child("default").fail(f"{default} is not on the bet ladder")
    breakdown = None
    if bets.has("breakdown"):
        split_doc = bets.child("breakdown")
        breakdown = BetBreakdown(
            credits=split_doc.child("credits").integer(1),
            values=_rising_cents(split_doc.child("values"), "the values"),
            levels=_rising_cents(split_doc.child("levels"), "the levels"),
        )
        made = breakdown.bets()
        if made != ladder:
            extra = sorted(set(made) - set(ladder))
            missing = sorted(set(ladder) - set(made))
            raise split_doc.fail(
                f"Value x Level x {breakdown.credits} must make exactly the ladder"
                f" (not on the ladder: {extra[:5]}, not made: {missing[:5]})"
            )
    return BetLadder(ladder, default, breakdown)


MAX_PENDING_HOURS = 24 * 366


def read_pending_limit(doc: Reader, default: timedelta) -> timedelta:
    """``"pending_hours": 3``: how long a round left unfinished waits before it is completed at
    launch (whole hours, 1 or more); ``default`` (the base game's 48 hours) when the data has none."""
    if not doc.has("pending_hours"):
        return default
    return timedelta(hours=doc.child("pending_hours").integer(1, MAX_PENDING_HOURS))


_PERCENT = re.compile(r"\d{1,3}(\.\d+)?%")


class RtpSource(StrEnum):
    """Where a game's stated RTP comes from: the rule text prints it, or the project chose it as the
    design target because the rule text prints none. Every page that shows the figure names which."""

    PRINTED = "printed"
    DESIGN_TARGET = "design_target"

    @property
    def words(self) -> str:
        """The kind in a document's words: "printed" or "design target"."""
        return self.value.replace("_", " ")

    @property
    def phrase(self) -> str:
        """What the kind means, as a sheet or a rules page says it after the figure."""
        if self is RtpSource.PRINTED:
            return "printed by the rule text"
        return "the project's design target (the rule text prints none)"


@dataclass(frozen=True)
class StatedRtp:
    """The RTP a game states, exactly as written ("94.20%"): base game and buy, and its ``source``
    (printed by the rule text, or the project's design target)."""

    source: RtpSource
    base: str
    buy: str | None = None

    def figures(self) -> tuple[str, ...]:
        """The numbers without their per cent sign ("94.15", "94.20")."""
        return tuple(text.rstrip("%") for text in (self.base, self.buy) if text is not None)

    def of(self, buy: bool) -> str | None:
        """The figure of a mode (None for a buy the game does not have)."""
        return self.buy if buy else self.base


def read_percent(reader: Reader) -> str:
    """A percentage such as ``"94.20%"``, kept exactly as written."""
    text = reader.text()
    if not _PERCENT.fullmatch(text):
        raise reader.fail(f"expected a percentage like '96.20%', found {text!r}")
    return text


def read_stated_rtp(doc: Reader) -> StatedRtp:
    """``"rtp": {"source": "printed", "base": "96.20%", "buy": "96.40%"}`` (``buy`` only for a game with
    a buy; ``source`` is ``"printed"`` when the rule text prints the figures, else ``"design_target"``)."""
    rtp = doc.child("rtp")
    unknown = [key for key in rtp.fields() if key not in ("source", "base", "buy")]
    if unknown:
        raise rtp.fail(f"unknown key {unknown[0]!r} (keys: source, base, buy)")
    source = rtp.child("source")
    try:
        kind = RtpSource(source.value)
    except ValueError:
        raise source.fail(f"expected one of {', '.join(repr(k.value) for k in RtpSource)},"
                          f" found {source.value!r}") from None
    buy = read_percent(rtp.child("buy")) if rtp.has("buy") else None
    return StatedRtp(kind, read_percent(rtp.child("base")), buy)
