"""The headless game engine: every game's math, with no pygame anywhere below this package.

Public API (stable; tests, tools and outside auditors call it)::

    from game.engine import GAME_IDS, get_game
    game = get_game("halloween_vacation")
    game.bets, game.lines, game.evaluate(window), game.play(bet, seed)
"""

from __future__ import annotations

import importlib
from functools import cache

from .catalogue import CATALOGUE, GameInfo, game_info
from .errors import DataError, DecisionError, EngineError, InvalidBet, UnknownGame
from .game import Game
from .round import Decision, RoundPlay, RoundResult
from .wins import Evaluation, Win

GAME_IDS: tuple[str, ...] = tuple(info.id for info in CATALOGUE if info.available)

# game id -> "module:Class" (relative to this package); imported on first use.
_GAME_CLASSES: dict[str, str] = {
    "santas_wonderland": ".games.santas_wonderland:SantasWonderland",
    "halloween_vacation": ".games.halloween_vacation:HalloweenVacation",
    "fat_santa": ".games.fat_santa:FatSanta",
}


@cache
def get_game(game_id: str) -> Game:
    """The game with that id, its data loaded and validated (once per process)."""
    if game_id in GAME_IDS:
        module_name, class_name = _GAME_CLASSES[game_id].split(":")
        return getattr(importlib.import_module(module_name, __name__), class_name)()
    known = ", ".join(info.id for info in CATALOGUE)
    if any(info.id == game_id for info in CATALOGUE):
        raise UnknownGame(f"{game_id} is not playable yet (coming soon)")
    raise UnknownGame(f"no game {game_id!r}; games: {known}")


__all__ = [
    "CATALOGUE", "GAME_IDS", "DataError", "Decision", "DecisionError", "EngineError", "Evaluation",
    "Game", "GameInfo", "InvalidBet", "RoundPlay", "RoundResult", "UnknownGame", "Win", "game_info",
    "get_game",
]
