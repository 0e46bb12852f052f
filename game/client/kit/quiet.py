"""The round a screen shows when nothing is happening: one that pays nothing and triggers nothing.

A game opens on it, and a bought feature (which had no base spin of its own) ends on it. It is
found by the engine's own play, never hand-picked and never drawn at random: the first of the
seeds 1, 2, 3, ... whose round at the default bet fits the screen's ``quiet`` test (by default:
no win, no feature, no jackpot). Its windows are therefore windows the base game really lands.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from ...engine import RoundResult
from ...engine.errors import EngineError

log = logging.getLogger(__name__)

SEARCH = 5_000  # seeds tried before giving up (every game finds one in its first few dozen)

Quiet = Callable[[RoundResult], bool]

_found: dict[str, tuple[dict[str, Any], ...]] = {}


def nothing_happens(result: RoundResult) -> bool:
    """No win, no feature, no jackpot: the base game's plainest kind of round."""
    return result.win == 0 and result.jackpot == 0 and not any(result.features.values())


def quiet_events(game: Any, quiet: Quiet = nothing_happens) -> tuple[dict[str, Any], ...]:
    """The events of the game's first quiet round (searched once per game and kept); none when
    the engine cannot play (old data), so the screen shows its plain strips."""
    events = _found.get(game.id)
    if events is None:
        events = _found[game.id] = _search(game, quiet)
    return events


def _search(game: Any, quiet: Quiet) -> tuple[dict[str, Any], ...]:
    try:
        for seed in range(1, SEARCH + 1):
            result = game.play(game.default_bet, seed)
            if quiet(result):
                return tuple(result.events)
    except EngineError as exc:
        log.info("no quiet round for %s (%s)", game.id, exc)
        return ()
    log.warning("no quiet round for %s in its first %d seeds", game.id, SEARCH)
    return ()


def quiet_window(game: Any, quiet: Quiet = nothing_happens, event: str = "spin",
                 key: str = "window") -> Any:
    """The first ``event``'s ``key`` in the game's quiet round (a base window), or None."""
    return next((e[key] for e in quiet_events(game, quiet) if e["type"] == event), None)
