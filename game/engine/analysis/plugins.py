"""A game's own analysis modules, found beside its rules through the catalogue.

The catalogue names each game's engine class (``game.engine.games.<id>:Class``); the shared tools
look in that class's package for the optional modules below, and use their defaults when a game
has none (docs/ADDING_A_GAME.md):

* ``par.py``: ``build(game, buy) -> Sheet``, the game's PAR sheet on the sections of
  ``game.engine.analysis.par`` (default: ``par.plain_sheet``, the measured RTP and the pay figures);
* ``exact.py``: the game's exact math, with ``main()`` for ``python -m game.engine.games.<id>.exact``;
  a game that proves its RTP by exact parts returns them from ``Game.exact_parts`` (default: None).

The rules themselves (``game.py`` and what it imports) never import ``game.engine.analysis``.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType

from ..game import Game


def game_package(game: Game) -> str:
    """The package the game's engine class lives in (``game.engine.games.<id>``)."""
    return type(game).__module__.rpartition(".")[0]


def game_module(game: Game, name: str) -> ModuleType | None:
    """The game's own module ``name`` (``game.engine.games.<id>.<name>``), or None when it has none."""
    target = f"{game_package(game)}.{name}"
    if importlib.util.find_spec(target) is None:
        return None
    return importlib.import_module(target)
