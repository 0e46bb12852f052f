"""The store's limits, the checks on what its callers hand it, and its JSON and time formats."""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from game.store.errors import StoreError

# Upper bound for any amount and for the balance, far beyond play money, so that no sum
# can approach SQLite's 64-bit integer limit (where it would silently turn into a REAL).
MAX_CENTS = 10**15
MAX_UNITS = MAX_CENTS * 100  # a jackpot pool's movements, in hundredths of a cent
MAX_SEED = 2**64 - 1
MAX_FREE_GAMES = 10_000  # in one grant


def check_cents(name: str, value: object, *, positive: bool = False) -> int:
    """Money is an int number of cents; refuse floats, bools and out-of-range values."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int number of cents, not {type(value).__name__}")
    low = 1 if positive else 0
    if not low <= value <= MAX_CENTS:
        raise ValueError(f"{name} must be between {low} and {MAX_CENTS} cents, not {value}")
    return value


def check_units(name: str, value: object) -> int:
    """A jackpot pool's movement: an int number of hundredths of a cent, 0 or more."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{name} must be an int number of hundredths of a cent, not {type(value).__name__}")
    if not 0 <= value <= MAX_UNITS:
        raise ValueError(f"{name} must be between 0 and {MAX_UNITS} hundredths of a cent, not {value}")
    return value


def entropy_text_of(entropy: object) -> str | None:
    """An answer's entropy (a 64-bit whole number, or None) as stored: decimal text, as a seed is."""
    if entropy is None:
        return None
    if isinstance(entropy, bool) or not isinstance(entropy, int) or not 0 <= entropy <= MAX_SEED:
        raise ValueError(f"an answer's entropy is a whole number from 0 to {MAX_SEED}, not {entropy!r}")
    return str(entropy)


def check_id(round_id: object) -> int:
    if isinstance(round_id, bool) or not isinstance(round_id, int):
        raise TypeError(f"round_id must be an int, not {type(round_id).__name__}")
    return round_id


def check_game_id(game_id: object) -> str:
    if not isinstance(game_id, str) or not game_id:
        raise ValueError(f"game_id must be a non-empty string, not {game_id!r}")
    return game_id


def check_limit(limit: object, *, optional: bool = True) -> None:
    """A count of rows to read: a non-negative int (or None, when ``optional``: all of them)."""
    if limit is None and optional:
        return
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise ValueError(f"limit must be a non-negative int{' or None' if optional else ''}, not {limit!r}")


def pool_in(state: Mapping[str, Any] | None, what: str) -> int | None:
    """The jackpot pool (units) a carried state holds, or None when it holds none."""
    if not state or "pool" not in state:
        return None
    units = state["pool"]
    if isinstance(units, bool) or not isinstance(units, int) or units < 0:
        raise StoreError(f"{what} holds a jackpot pool of {units!r}, not a whole number of hundredths of a cent")
    return units


def dumps(value: object, what: str) -> str:
    """Strict JSON (no NaN/Infinity) so every stored value can be read back by anyone."""
    try:
        return json.dumps(value, separators=(",", ":"), sort_keys=True, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise TypeError(f"{what} is not JSON-serialisable: {exc}") from exc


def dumps_dict(value: object, what: str) -> str:
    if not isinstance(value, dict):
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")
    return dumps(value, what)


def dumps_opt_dict(value: object, what: str) -> str | None:
    return None if value is None else dumps_dict(value, what)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


def iso(moment: datetime) -> str:
    """ISO-8601 UTC with milliseconds, e.g. ``2026-11-30T17:01:02.123Z``."""
    return moment.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
