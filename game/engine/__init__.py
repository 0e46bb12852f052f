"""The headless game engine: every game's math, with no pygame anywhere below this package.

Public API (stable; tests, tools and outside auditors call it)::

    from game.engine import GAME_IDS, get_game
    game = get_game(GAME_IDS[0])          # any id of the catalogue
    game.bets, game.lines, game.evaluate(window), game.play(bet, seed)
    game.description      # typed figures a screen or help page shows (game.engine.describe)
    game.rtp_reports()    # the measured RTPs, {"base": RtpReport, "buy": RtpReport}
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING, Any

from ..catalogue import CATALOGUE, GameEntry, entry, load_class
from .errors import DataError, DecisionError, EngineError, InvalidBet, UnknownGame

if TYPE_CHECKING:
    from .game import Game
    from .round import Decision, RoundPlay, RoundResult
    from .wins import Evaluation, Win

# The round machinery is imported when first named: importing a light module of the package
# (``game.engine.money`` for the wallet's figures) runs this file first, and the app's first frame
# needs no round (loading it there took a sixth of the start).
_LAZY = {"Game": ".game", "Decision": ".round", "RoundPlay": ".round", "RoundResult": ".round",
         "Evaluation": ".wins", "Win": ".wins"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


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
