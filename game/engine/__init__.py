"""The headless game engine: every game's math, with no pygame anywhere below this package.

Public API (stable; tests, tools and outside auditors call it)::

    from game.engine import GAME_IDS, get_game
    game = get_game("halloween_vacation")
    game.bets, game.lines, game.evaluate(window), game.play(bet, seed)
"""

from __future__ import annotations

from functools import cache

from .catalogue import CATALOGUE, GameInfo, game_info
from .errors import DataError, DecisionError, EngineError, InvalidBet, UnknownGame
from .game import Game
from .round import Decision, RoundPlay, RoundResult
from .wins import Evaluation, Win

GAME_IDS: tuple[str, ...] = tuple(info.id for info in CATALOGUE if info.available)


@cache
def get_game(game_id: str) -> Game:
    """The game with that id, its data loaded and validated (once per process)."""
    if game_id == "halloween_vacation":
        from .games.halloween_vacation import HalloweenVacation

        return HalloweenVacation()
    known = ", ".join(info.id for info in CATALOGUE)
    if any(info.id == game_id for info in CATALOGUE):
        raise UnknownGame(f"{game_id} is not playable yet (coming soon)")
    raise UnknownGame(f"no game {game_id!r}; games: {known}")


__all__ = [
    "CATALOGUE", "GAME_IDS", "DataError", "Decision", "DecisionError", "EngineError", "Evaluation",
    "Game", "GameInfo", "InvalidBet", "RoundPlay", "RoundResult", "UnknownGame", "Win", "game_info",
    "get_game",
]
