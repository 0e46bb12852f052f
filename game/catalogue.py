"""The games of the product: one entry per game, the only list of games there is.

Everything else finds a game here: the engine (``game.engine.get_game``), the lobby's tiles,
the client's screens, the Tiled map, the demo's seeds, the art tools. An entry names its
engine and screen classes as ``"module:Class"`` strings, imported on first use, so listing the
games costs nothing and the engine never imports the client. Adding a game is adding its two
folders (``game/engine/games/<id>/`` and ``game/client/games/<id>/``), its map
(``levels/<id>.tmx``) and one entry below: see ``docs/ADDING_A_GAME.md``.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class GameEntry:
    """One game as the product knows it.

    ``engine`` and ``screen`` are ``"package.module:Class"``; ``None`` while the game is coming
    soon (its tile shows, it cannot be opened). ``demo_seeds`` are round seeds whose rounds at
    the default bet play the game's main feature (the demo mixes them in; the math is never
    altered): ``python -m game.client.demo --find-seeds`` prints fresh ones after a math change.
    ``demo_shows`` names the round's tallies (``RoundResult.features``) each of those seeds must
    also show, so the demo plays the parts of the feature worth seeing (every kind of award).
    ``demo_extra_spins``: extra spins each of the demo's rounds buys at its price (the engine's
    ``buying`` strategy; Slingo), so the demo shows an offer taken; the seeds are found playing so.
    """

    id: str
    title: str
    tagline: str
    engine: str | None = None
    screen: str | None = None
    demo_seeds: tuple[int, ...] = field(default=(), repr=False)
    demo_shows: tuple[str, ...] = ()
    demo_extra_spins: int = 0
    map: str = ""  # the screen's Tiled map: a name in levels/ (default: the id) or a .tmx path

    @property
    def available(self) -> bool:
        return self.engine is not None and self.screen is not None

    @property
    def level(self) -> str:
        """The Tiled map of the game's screen: ``levels/<id>.tmx`` unless ``map`` says otherwise."""
        return self.map or self.id


def load_class(target: str) -> Any:
    """Import ``"package.module:Class"`` and return the class (ImportError / AttributeError)."""
    module_name, _, class_name = target.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


CATALOGUE: tuple[GameEntry, ...] = (
    GameEntry(
        "santas_wonderland", "Santa's Wonderland", "8x8 cluster pays, tumbles, Midnight Riches",
        engine="game.engine.games.santas_wonderland:SantasWonderland",
        screen="game.client.games.santas_wonderland.screen:SantasWonderlandScreen",
        demo_seeds=(384, 541, 2538, 2648, 3207, 4508, 5802, 8131, 8597, 12224, 12394, 12643),
    ),
    GameEntry(
        "halloween_vacation", "Halloween Vacation", "50 lines, sticky and x8 expanding wilds",
        engine="game.engine.games.halloween_vacation:HalloweenVacation",
        screen="game.client.games.halloween_vacation.screen:HalloweenVacationScreen",
        demo_seeds=(75, 147, 337, 457, 592, 1006, 1105, 1124, 1265, 1322, 1365, 1411),
    ),
    GameEntry(
        "naughty_or_nice", "Naughty or Nice?", "50 lines, Bonus Substitute, progressive jackpot",
        engine="game.engine.games.naughty_or_nice:NaughtyOrNice",
        screen="game.client.games.naughty_or_nice.screen:NaughtyOrNiceScreen",
        demo_seeds=(563, 670, 1392, 1565, 2162, 2385, 2417, 2744, 3091, 3186, 3247, 4338),
        demo_shows=("free_games", "extra_free_games", "instant_prizes", "held_reels"),
    ),
    GameEntry(
        "slingo_santa_king", "Slingo Santa King", "Slingo grid, Reel King trail, Superspin Wheel",
        engine="game.engine.games.slingo_santa_king:SlingoSantaKing",
        screen="game.client.games.slingo_santa_king.screen:SlingoSantaKingScreen",
        demo_seeds=(258, 471, 598, 835, 886, 1133, 1423, 1545, 1657, 1794, 2091, 2396),
        demo_shows=("picks", "bonus_5", "full_house_chance", "extra_spins"),
        demo_extra_spins=1,
    ),
    GameEntry(
        "fat_santa", "Fat Santa", "Santa's Sleigh, growing Santa, up to 11,322x",
        engine="game.engine.games.fat_santa:FatSanta",
        screen="game.client.games.fat_santa.screen:FatSantaScreen",
        demo_seeds=(389, 403, 1080, 1088, 1202, 1212, 2303, 2307, 2482, 2894, 3605, 3988),
    ),
)


# Games plugged in at run time (a game built outside the product's list, e.g. from the template in
# a test); the lobby, the demo and the tools list only CATALOGUE.
_plugged: dict[str, GameEntry] = {}


def entry(game_id: str) -> GameEntry:
    """The entry of ``game_id``; KeyError naming the known ids when there is none."""
    for item in CATALOGUE:
        if item.id == game_id:
            return item
    if game_id in _plugged:
        return _plugged[game_id]
    raise KeyError(f"no game {game_id!r}; games: {', '.join(item.id for item in CATALOGUE)}")


@contextmanager
def plugged(item: GameEntry) -> Iterator[GameEntry]:
    """Make ``item`` known to ``entry`` (and so to ``get_game`` and the screens) while inside."""
    if any(known.id == item.id for known in CATALOGUE) or item.id in _plugged:
        raise ValueError(f"a game {item.id!r} is known already")
    _plugged[item.id] = item
    try:
        yield item
    finally:
        del _plugged[item.id]
