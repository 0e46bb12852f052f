"""Which games can be played now: a game whose data does not load is disabled, the others play on.

One game's broken ``data.json`` must not stop the app: the lobby shows that game's tile as
unavailable with the reason, the log says why (once), and every other game opens as usual.
"""

from __future__ import annotations

import logging
from pathlib import Path

from .catalogue import entry
from .engine import EngineError, get_game

log = logging.getLogger(__name__)

_reported: dict[str, str] = {}


def problem(game_id: str) -> str | None:
    """Why ``game_id`` cannot be played now (its data does not load), or None when it can.

    A game not yet in the product (coming soon) has no problem here: that is ``available``'s.
    """
    if not entry(game_id).available:
        return None
    try:
        get_game(game_id)  # cached once it loads
    except EngineError as exc:
        text = str(exc)
        if _reported.get(game_id) != text:
            _reported[game_id] = text
            log.error("%s is unavailable: %s", game_id, text)
        return text
    return None


def playable(game_id: str) -> bool:
    return entry(game_id).available and problem(game_id) is None


def short_problem(game_id: str) -> str | None:
    """``problem`` for a small space: the data file named by its name, not its whole path."""
    text = problem(game_id)
    if text is None:
        return None
    head, sep, tail = text.partition(": ")
    if sep and ("/" in head or "\\" in head):
        return f"{Path(head).name}: {tail}"
    return text
