"""Naughty or Nice? with strips that make its progressive jackpot likely, for the screen's tests.

The real strips win the jackpot about once in a hundred million spins. ``jackpot_game(directory)``
writes a copy of the game's data in which a third of every base reel is Nice Girls, so five of them
on a line come every few spins; ``jackpot_game(directory, "free")`` one whose base reels show
scatters often and whose free reels are a fifth Nice Girls (and no Naughty Girl), so free games
with Nice Girl as Bonus Substitute win it. Either is plugged into the catalogue as its own game
(``naughty_jackpots``) drawn on Naughty or Nice?'s own screen and map. Only the strips change: the
pays, the jackpot's seed and share, the free games' rules are the game's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from game.catalogue import GameEntry, plugged
from game.engine import get_game
from game.engine.games.naughty_or_nice.game import DATA_FILE, NaughtyOrNice

GAME_ID = "naughty_jackpots"
STRIPS = {  # where the jackpots come: (base strip, free strip), the same on every reel
    "base": ("nice_girl santa present nice_girl mistletoe stocking nice_girl candy_cane reindeer nice_girl mrs_claus "
             "scatter",
             "nice_girl santa naughty_girl present mistletoe stocking candy_cane reindeer mrs_claus scatter"),
    "free": ("nice_girl santa present mistletoe stocking candy_cane reindeer scatter mrs_claus scatter mistletoe "
             "stocking",
             "nice_girl candy_cane mistletoe stocking candy_cane nice_girl mistletoe stocking candy_cane present"),
}


class JackpotNaughtyOrNice(NaughtyOrNice):
    """The game on the data ``jackpot_game`` wrote (``DATA``)."""

    id = GAME_ID
    DATA: Path | None = None

    def __init__(self) -> None:
        assert self.DATA is not None, "jackpot_game() sets the data file"
        super().__init__(self.DATA)


def write_jackpot_data(directory: Path, where: str = "base") -> Path:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    base, free = STRIPS[where]
    data["strips"]["base"] = [base] * data["reels"]
    data["strips"]["free"] = [free] * data["reels"]
    path = directory / "data.json"
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


@contextmanager
def jackpot_game(directory: Path, where: str = "base") -> Iterator[NaughtyOrNice]:
    """The plugged game (``get_game(GAME_ID)`` and its screen know it) while inside."""
    JackpotNaughtyOrNice.DATA = write_jackpot_data(directory, where)
    item = GameEntry(GAME_ID, "Naughty or Nice? (jackpots)", "a test game",
                     engine="tests.naughty_or_nice_fixtures:JackpotNaughtyOrNice",
                     screen="game.client.games.naughty_or_nice.screen:NaughtyOrNiceScreen", map="naughty_or_nice")
    try:
        with plugged(item):
            yield get_game(GAME_ID)  # type: ignore[misc]
    finally:
        get_game.cache_clear()
        JackpotNaughtyOrNice.DATA = None
