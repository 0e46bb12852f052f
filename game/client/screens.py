"""Which screen class shows which game, built on demand so the lobby starts fast."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ..catalogue import entry, load_class
from ..engine import EngineError, get_game
from ..session import PlaySession, SessionStats
from .layout import LayoutError

if TYPE_CHECKING:
    from ..store import Wallet
    from .autoplay import AutoplayConfig
    from .context import AppContext
    from .scene import Scene

log = logging.getLogger(__name__)

class ScreenUnavailable(Exception):
    """No screen exists (yet) for a game, or its module failed to import."""


def screen_class(game_id: str) -> type:
    """The screen class the catalogue names for ``game_id``, called as Class(app, session, resume=...)."""
    try:
        target = entry(game_id).screen
    except KeyError as exc:
        raise ScreenUnavailable(exc.args[0]) from None
    if target is None:
        raise ScreenUnavailable(f"{game_id} has no game screen yet")
    try:
        cls: type = load_class(target)
        return cls
    except (ImportError, AttributeError) as exc:
        raise ScreenUnavailable(f"the {game_id} screen could not be loaded ({exc})") from exc


def screen_available(game_id: str) -> bool:
    try:
        screen_class(game_id)
    except ScreenUnavailable:
        return False
    return True


def session_stats(app: AppContext, wallet: Wallet) -> SessionStats:
    """One SessionStats per wallet for the whole run: the budget counts the sitting, not a visit."""
    table: dict[int, SessionStats] = app.flags.setdefault("session_stats", {})
    stats = table.get(id(wallet))
    if stats is None:
        stats = table[id(wallet)] = SessionStats()
    return stats


def open_game_screen(
    app: AppContext, game_id: str, *, wallet: Wallet | None = None, autoplay: AutoplayConfig | None = None,
) -> Scene:
    """The screen of ``game_id`` on ``wallet`` (default: the player's), resuming an open round.

    Raises ScreenUnavailable when the game has no screen or its data does not load; the caller
    decides how to tell.
    """
    cls = screen_class(game_id)
    wallet = wallet or app.wallet
    budget = wallet.setting("budget", None)
    try:
        game = get_game(game_id)
    except EngineError as exc:  # its data does not load: this game is unavailable, the app goes on
        raise ScreenUnavailable(f"{entry(game_id).title} is unavailable ({exc})") from exc
    session = PlaySession(wallet, game, seed=app.options.seed,
                          budget=budget if isinstance(budget, int) else None)
    session.stats = session_stats(app, wallet)
    resume = session.resume_open_round()
    try:
        screen = cls(app, session, resume=resume)
    except LayoutError as exc:  # a broken map keeps its game shut, not the app (the message names the map)
        raise ScreenUnavailable(str(exc)) from exc
    if autoplay is not None:
        screen.start_autoplay(autoplay)
    return screen


def lobby_scene(app: AppContext) -> Scene:
    from .scenes.lobby import LobbyScene

    return LobbyScene(app)


def go_to_lobby(app: AppContext) -> None:
    """Fade to the lobby (Esc in a game screen)."""
    app.scenes.switch(lobby_scene(app))
