"""The tracks: ``lobby`` and one module per game id (``game/catalogue.py``), each with ``TRACKS``.

A game's module maps ``base``, ``feature`` and ``big_win`` to a function building that track's
score; the file is ``assets/music/<game id>/<track>.ogg`` (the lobby's ``assets/music/lobby.ogg``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from game.catalogue import CATALOGUE
from tools.music.score import Score

GAME_TRACKS = ("base", "feature", "big_win")


def all_tracks() -> dict[str, Callable[[], Score]]:
    """Every track by its name under ``assets/music/`` without ``.ogg`` (``fat_santa/base``)."""
    tracks: dict[str, Callable[[], Score]] = {}
    lobby = importlib.import_module("tools.music.scores.lobby")
    tracks["lobby"] = lobby.TRACKS["lobby"]
    for entry in CATALOGUE:
        module = importlib.import_module(f"tools.music.scores.{entry.id}")
        for track in GAME_TRACKS:
            tracks[f"{entry.id}/{track}"] = module.TRACKS[track]
    return tracks
