"""The headless game engine: every game's math, with no pygame anywhere below this package.

Public API (stable; tests, tools and outside auditors call it)::

    from game.engine import GAME_IDS, get_game
    game = get_game("halloween_vacation")
    game.bets, game.lines, game.evaluate(window), game.play(bet, seed)
    game.description      # typed figures a screen or help page shows (game.engine.describe)
    game.rtp_reports()    # the measured RTPs, {"base": RtpReport, "buy": RtpReport}
"""

from __future__ import annotations

from functools import cache

from ..catalogue import CATALOGUE, GameEntry, entry, load_class
from .errors import DataError, DecisionError, EngineError, InvalidBet, UnknownGame
from .game import Game
from .round import Decision, RoundPlay, RoundResult
from .wins import Evaluation, Win

# The games whose engine exists (the catalogue in ``game/catalogue.py`` is the only list).
GAME_IDS: tuple[str, ...] = tuple(item.id for item in CATALOGUE if item.engine is not None)


@cache
def get_game(game_id: str) -> Game:
    """The game with that id, its data loaded and validated (once per process)."""
    try:
        target = entry(game_id).engine
    except KeyError as exc:
        raise UnknownGame(exc.args[0]) from None
    if target is None:
        raise UnknownGame(f"{game_id} is not playable yet (coming soon)")
    game: Game = load_class(target)()
    return game


__all__ = [
    "CATALOGUE", "GAME_IDS", "DataError", "Decision", "DecisionError", "EngineError", "Evaluation",
    "Game", "GameEntry", "InvalidBet", "RoundPlay", "RoundResult", "UnknownGame", "Win", "get_game",
]
