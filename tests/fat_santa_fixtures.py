"""Helpers for Fat Santa tests: a scripted RNG and a game on small hand-made strips.

Strips of 10 symbols. On base reel 1, ``santa`` stands at index 0: stop 0 shows him on row 0,
stop 9 on row 1, 8 on row 2, 7 on row 3, 6 on row 4; stops 1 to 5 hide him. Base reels 2-5 hold
one pie at index 0 (the same stops show it on those rows). Free reels hold five pies then five
tens: stop 0 shows five pies, stop 5 none, stop ``s`` in 1..4 pies on rows 0..4-s, stop ``s`` in
6..9 pies on the bottom ``s - 5`` rows.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game.engine.games.fat_santa.game import DATA_FILE, FatSanta

ROW_STOP = {0: 0, 1: 9, 2: 8, 3: 7, 4: 6}  # stop that shows index 0 of a strip on that row
HIDE = 3  # a stop that shows neither santa nor the pie (index 0)
BASE = ["santa ace ace ace ace king king king king king"]
BASE += ["pie jack jack jack jack queen queen queen queen queen"] * 4
FREE = ["pie pie pie pie pie ten ten ten ten ten"] * 5
NO_PIES = 5  # free stop showing five tens
NO_SLEIGH = 1  # sleigh draw (of 2) that leaves the sleigh at home
SLEIGH = 0  # sleigh draw that sends it


class ScriptedRng:
    """Stands in for a round's RNG: ``randrange`` (each bound of ``below_each``) and ``sample`` return the next
    planned value."""

    def __init__(self, plan: list[Any]) -> None:
        self.plan = list(plan)

    def randrange(self, n: int) -> int:
        value = self.plan.pop(0)
        assert isinstance(value, int) and 0 <= value < n, f"planned {value!r} is not a draw below {n}"
        return value

    def below_each(self, bounds: list[int]) -> list[int]:
        return [self.randrange(n) for n in bounds]

    def sample(self, population: Any, k: int) -> list[Any]:
        value = [tuple(cell) for cell in self.plan.pop(0)]
        assert len(value) == k, f"planned {value} is not a sample of {k}"
        assert all(cell in population for cell in value), f"planned {value} is not in the population"
        return value


def game_data(**changes: Any) -> dict[str, Any]:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    data["strips"] = {"base": BASE, "free": FREE}
    data["sleigh"] = {"chance": {"flies": 1, "of": 2}, "reels": [1, 2, 3, 4],
                      "pie_weights": {"1": 1, "2": 1, "3": 1}}  # count index k - 1 leaves k pies
    data.update(changes)
    return data


def scripted_game(tmp_path: Path, **changes: Any) -> FatSanta:
    path = tmp_path / "fat_santa_scripted.json"
    path.write_text(json.dumps(game_data(**changes)), encoding="utf-8")
    return FatSanta(path)


def base_stops(santa_row: int | None = None, pie_rows: tuple[int | None, ...] = (None, None, None, None)) -> list[int]:
    """Five base stops: Santa on ``santa_row`` (or hidden), reel 2-5 pies on ``pie_rows``."""
    rows = (santa_row, *pie_rows)
    return [HIDE if row is None else ROW_STOP[row] for row in rows]


def free_stops(pies_on_top: tuple[int, ...] = (0, 0, 0, 0, 0)) -> list[int]:
    """Five free stops showing ``n`` pies at the top of each reel (0 to 5)."""
    return [5 - n for n in pies_on_top]


def play_scripted(game: FatSanta, plan: list[Any], *, buy: bool = False, **kwargs: Any):
    """A round of ``game`` on a scripted RNG (through the public RoundPlay machinery)."""
    from game.engine.round import RoundPlay

    play = RoundPlay(game, game.default_bet, 1, buy=buy, rng=ScriptedRng(plan), **kwargs)  # type: ignore[arg-type]
    result = play.result
    assert not play.ctx.rng.plan, f"draws left unused: {play.ctx.rng.plan}"
    return result


# -- seeds of real rounds at bet 1.00 (searched on first use, once per test run; never at import) --

BET = 100


def _spins(result) -> int:
    return sum(1 for e in result.events if e["type"] == "free_spin")


def _seed(key: str, predicate, *, buy: bool = False) -> int:
    from tests import harness

    return harness.seed_where("fat_santa", key, predicate, buy=buy, bet=BET)


def buy_seed() -> int:
    """A short bought feature (at most 9 free spins) in which Santa grows at least once."""
    return _seed("short bought feature, santa grows", lambda r: r.features.get("size_2") and _spins(r) <= 9, buy=True)


def sleigh_seed() -> int:
    """A base spin with the sleigh and nothing else."""
    return _seed("sleigh, no free games", lambda r: r.features.get("sleigh") and not r.features.get("free_games"))


def trigger_seed() -> int:
    """A base spin that triggers the free games."""
    return _seed("triggers the free games", lambda r: r.features.get("free_games"))
