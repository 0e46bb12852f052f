"""Helpers for Santa's Wonderland tests: windows written as letters, a scripted RNG, data variants."""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from game.engine.games.santas_wonderland.game import DATA_FILE, SantasWonderland
from game.engine.games.santas_wonderland.play import WonderlandRound
from game.engine.round import RoundContext

LETTERS = {"B": "bear", "T": "train", "P": "plane", "S": "spade", "H": "heart", "C": "club", "D": "diamond",
           "W": "wild"}
QUIET = ("plane", "spade", "heart", "club")  # background symbols: QUIET[(col + 2 * row) % 4]


def quiet(col: int, row: int, symbols: tuple[str, ...] = QUIET) -> str:
    """A background cell: no two neighbouring background cells hold the same symbol."""
    return symbols[(col + 2 * row) % 4]


def window(*rows: str, background: tuple[str, ...] = QUIET) -> list[list[str]]:
    """window[col][row] from 8 rows of 8 letters (B T P S H C D W); '.' is a quiet background cell."""
    assert len(rows) == 8 and all(len(row.split()) == 8 for row in rows), "8 rows of 8 letters"
    grid = [row.split() for row in rows]
    return [[LETTERS[grid[r][c]] if grid[r][c] != "." else quiet(c, r, background) for r in range(8)]
            for c in range(8)]


def quiet_window(background: tuple[str, ...] = QUIET) -> list[list[str]]:
    return [[quiet(c, r, background) for r in range(8)] for c in range(8)]


def flat(game: SantasWonderland, win: list[list[str]]) -> list[int]:
    """A window as the engine's flat grid of symbol indexes (cell col * 8 + row)."""
    return [game.data.index[name] for column in win for name in column]


def drop_bytes(game: SantasWonderland, names: list[str], phase: str = "base") -> list[int]:
    """Random bytes that make the phase's drops come out as ``names``."""
    table = getattr(game.data, phase).drop_table
    return [table.index(game.data.index[name]) for name in names]


class ScriptedRng:
    """Stands in for a round's RNG: every draw is planned by the test, in order."""

    def __init__(self, drops: list[int] = (), ranges: list[int] = (), samples: list[list[Any]] = ()) -> None:
        self.drops = deque(drops)
        self.ranges = deque(ranges)
        self.samples = deque(samples)

    def randbytes(self, n: int) -> bytes:
        assert len(self.drops) >= n, f"{n} drops asked, {len(self.drops)} planned"
        return bytes(self.drops.popleft() for _ in range(n))

    def randrange(self, n: int) -> int:
        value = self.ranges.popleft()
        assert 0 <= value < n
        return value

    def sample(self, population, k: int) -> list[Any]:
        chosen = list(self.samples.popleft())
        assert len(chosen) == k and all(c in population for c in chosen)
        return chosen

    def planned_left(self) -> int:
        return len(self.drops) + len(self.ranges) + len(self.samples)


def scripted_round(game: SantasWonderland, rng: ScriptedRng, buy: bool = False) -> WonderlandRound:
    ctx = RoundContext(rng, 200, buy, None, game.cap)  # type: ignore[arg-type]
    return WonderlandRound(game.data, game.texts, ctx)


def variant(tmp_path: Path, change: Callable[[dict], None], name: str = "wonderland.json") -> SantasWonderland:
    """The game on a changed copy of data.json."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return SantasWonderland(path)


def reference_clusters(win: list[list[str]]) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """Clusters found the slow, obvious way (breadth-first search per symbol), for cross-checks."""
    symbols = ["bear", "train", "plane", "spade", "heart", "club", "diamond"]
    found = []
    for symbol in symbols:
        allowed = {(c, r) for c in range(8) for r in range(8) if win[c][r] in (symbol, "wild")}
        seen: set[tuple[int, int]] = set()
        for start in sorted(allowed):
            if start in seen:
                continue
            group = {start}
            todo = [start]
            while todo:
                c, r = todo.pop()
                for cell in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
                    if cell in allowed and cell not in group:
                        group.add(cell)
                        todo.append(cell)
            seen |= group
            if len(group) >= 5 and any(win[c][r] == symbol for c, r in group):
                found.append((symbol, tuple(sorted(group))))
    return found


# -- seeds of real rounds at the default bet (searched on first use, once per test run; never at import) --

BET = 200
SEARCH = 3_000  # seeds tried from 1


def kinds(result) -> list[str]:
    return [e["type"] for e in result.events]


def _seed(key: str, predicate, *, buy: bool = False, master: bool = False) -> int:
    from tests import harness

    return harness.seed_where("santas_wonderland", key, predicate, buy=buy, bet=BET, limit=SEARCH, master=master)


BASE_FEATURES = ("refresh", "wild_santa", "blocks", "supersize", "lucky_santa")


def tumble_seed() -> int:
    """A base round with three tumbles or more and a feature, but no Midnight Riches."""
    return _seed("three tumbles and a feature, no midnight",
                 lambda r: kinds(r).count("tumble") >= 3 and bool(r.features) and "midnight_riches" not in r.features)


def feature_seed() -> int:
    """A base round with three of the five features or more, but no Midnight Riches."""
    return _seed("three base features, no midnight",
                 lambda r: len([k for k in r.features if k in BASE_FEATURES]) >= 3
                 and "midnight_riches" not in r.features)


def buy_master() -> int:
    """A session master seed whose first round, bought, reaches Midnight Riches level 2."""
    return _seed("bought, level 2 (master seed)", lambda r: r.features.get("level_2"), buy=True, master=True)


def buy_seed() -> int:
    """The round seed of ``buy_master``'s first round."""
    from game.engine.rng import derive_seed

    return derive_seed(buy_master(), 0)


def _base_feature_then_level_2(result) -> bool:
    names = kinds(result)
    return bool(result.features.get("level_2")) and "feature" in names[:names.index("spin_end")]


def resume_seed() -> int:
    """A bought round with a feature before the first spin ends, then Midnight Riches level 2."""
    return _seed("bought, base feature then level 2", _base_feature_then_level_2, buy=True)


@cache
def frame_seed() -> int:
    """The shortest bought round of seeds 1-40 (every Midnight Riches level plays all five features)."""
    from game.engine import get_game

    game = get_game("santas_wonderland")
    return min(range(1, 41), key=lambda seed: (len(game.play(BET, seed, buy=True).events), seed))
