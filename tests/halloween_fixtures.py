"""Helpers for Halloween Vacation tests: scripted reel stops and small hand-made strips."""

from __future__ import annotations

import json
from pathlib import Path

from game.engine.games.halloween_vacation.game import DATA_FILE, HalloweenVacation


class ScriptedRng:
    """Stands in for a round's RNG: each ``randrange(n)`` (and each bound of ``below_each``) returns the next
    planned stop."""

    def __init__(self, stops: list[int]) -> None:
        self.stops = list(stops)

    def randrange(self, n: int) -> int:
        value = self.stops.pop(0)
        assert 0 <= value < n, f"planned stop {value} is off a strip of {n}"
        return value

    def below_each(self, bounds: list[int]) -> list[int]:
        return [self.randrange(n) for n in bounds]


# Strips of 11 symbols: index 0 is the special symbol (scatter in base, wild in free).
# A stop of 0 shows index 0 on row 0; a stop of 10 shows it on row 1; a stop of 5 hides it.
LOWS = "a k q j ten nine lady guitar marigold candles"
BASE = [f"scatter {LOWS}"] * 5
FREE = ["bread " + LOWS, "wild " + LOWS, "wild " + LOWS, "wild " + LOWS, "bread " + LOWS]
FREE_NO_WILD = "bread " + LOWS
HIDE, ROW0, ROW1 = 5, 0, 10
TRIGGER = [ROW0, ROW0, ROW0, HIDE, HIDE]  # three scatters on reels 1-3


def scripted_game(tmp_path: Path) -> HalloweenVacation:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["strips"] = {"base": BASE, "free": FREE, "free_expanding_reel": FREE_NO_WILD}
    path = tmp_path / "halloween_scripted.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return HalloweenVacation(path)


def quiet_spin(sticky_row0_reel2: bool = False) -> list[int]:
    """Stops for a free spin that lands no wild (or a wild on reel 2, row 0)."""
    return [HIDE, ROW0 if sticky_row0_reel2 else HIDE, HIDE, HIDE, HIDE]


# -- seeds of real rounds at bet 1.00 (searched on first use, once per test run; never at import) --

BET = 100


def _seed(key: str, predicate, limit: int = 100_000) -> int:
    from tests import harness

    return harness.seed_where("halloween_vacation", key, predicate, bet=BET, limit=limit)


def free_seed() -> int:
    """A base spin that triggers the free games, with an Expanding Wild in them."""
    return _seed("free games with an expanding wild",
                 lambda r: r.features.get("free_games") and r.features.get("expanding_wilds"))


def lines_seed() -> int:
    """A base spin with no feature and at least two line wins."""
    return _seed("two line wins, no feature", lambda r: not r.features and len(r.events[0]["wins"]) >= 2)


def sticky_and_expanding_seed() -> int:
    """A round with sticky wilds and an Expanding Wild (every sound of a free game)."""
    return _seed("sticky and expanding wilds",
                 lambda r: r.features.get("sticky_wilds") and r.features.get("expanding_wilds"))
