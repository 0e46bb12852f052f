"""Which screen class shows which game, built on demand so the lobby starts fast."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..catalogue import entry, load_class
from ..engine import EngineError, get_game
from .layout import LayoutError
from .loading import SceneBuild

if TYPE_CHECKING:
    from ..session import ActiveRound, PlaySession, SessionStats
    from ..store import Wallet
    from .autoplay import AutoplayConfig
    from .context import AppContext
    from .scene import Scene

log = logging.getLogger(__name__)

class ScreenUnavailable(Exception):
    """No screen exists (yet) for a game, or its module failed to import."""


def screen_target(game_id: str) -> str:
    """Where the catalogue says ``game_id``'s screen class is (nothing imported yet)."""
    try:
        target = entry(game_id).screen
    except KeyError as exc:
        raise ScreenUnavailable(exc.args[0]) from None
    if target is None:
        raise ScreenUnavailable(f"{game_id} has no game screen yet")
    return target


def screen_class(game_id: str) -> type:
    """The screen class the catalogue names for ``game_id``, called as Class(app, session, resume=...)."""
    target = screen_target(game_id)
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
    from ..session import SessionStats

    table: dict[int, SessionStats] = app.flags.setdefault("session_stats", {})
    stats = table.get(id(wallet))
    if stats is None:
        stats = table[id(wallet)] = SessionStats()
    return stats


class GameScreenBuild(SceneBuild):
    """The screen of one game, built while the screen is dark (:mod:`game.client.loading`).

    Made on the main thread, it checks what is quick to check (the game has a screen, its data
    loads), so a game that cannot open says so (ScreenUnavailable) before anything is left. At the
    fade's darkest point the session is opened on the wallet (``begin``); the screen's module is
    imported, its map read and its pictures built on a worker thread (``build``); the screen then
    reads the wallet (``finish``). A map that fails there brings the lobby back with the reason.
    ``on_open`` hears of the screen once it is made; ``fallback`` makes the scene shown instead
    (the lobby) when the build fails (without one, the failure goes on up).
    """

    def __init__(self, app: AppContext, game_id: str, *, wallet: Wallet | None = None,
                 autoplay: AutoplayConfig | None = None, on_open: Callable[[Any], None] | None = None,
                 fallback: Callable[[AppContext], Scene] | None = None) -> None:
        self.app = app
        self.game_id = game_id
        screen_target(game_id)  # the class itself is imported on the worker
        self.wallet = wallet or app.wallet
        self.autoplay = autoplay
        self.on_open = on_open
        self.fallback = fallback
        try:
            self.game = get_game(game_id)
        except EngineError as exc:  # its data does not load: this game is unavailable, the app goes on
            raise ScreenUnavailable(f"{entry(game_id).title} is unavailable ({exc})") from exc
        self.session: PlaySession | None = None
        self.resume: ActiveRound | None = None

    def begin(self) -> None:
        from ..session import PlaySession  # the round machinery, first needed here (not at start)

        budget = self.wallet.setting("budget", None)
        self.session = PlaySession(self.wallet, self.game, seed=self.app.options.seed,
                                   budget=budget if isinstance(budget, int) else None)
        self.session.stats = session_stats(self.app, self.wallet)
        self.resume = self.session.resume_open_round()

    def build(self) -> Any:
        cls = screen_class(self.game_id)  # the first time, its modules are imported: tens of ms
        try:
            layout = cls.load_layout(self.game)  # type: ignore[attr-defined]
            return cls(self.app, self.session, self.resume, layout=layout, attach=False)
        except LayoutError as exc:  # a broken map keeps its game shut, not the app (the message names the map)
            raise ScreenUnavailable(str(exc)) from exc

    def finish(self, built: Any) -> Scene:
        built.attach()
        if self.autoplay is not None:
            built.start_autoplay(self.autoplay)
        if self.on_open is not None:
            self.on_open(built)
        screen: Scene = built
        return screen

    def failed(self, error: Exception) -> Scene:
        if not isinstance(error, ScreenUnavailable) or self.fallback is None:
            raise error
        log.warning("%s; showing the lobby", error)
        self.app.notices.append(f"{error}.")
        return self.fallback(self.app)

    def discard(self, built: Any) -> None:
        built.dispose()


def open_game_screen(
    app: AppContext, game_id: str, *, wallet: Wallet | None = None, autoplay: AutoplayConfig | None = None,
) -> Scene:
    """The screen of ``game_id`` on ``wallet`` (default: the player's), resuming an open round,
    built at once on this thread.

    Raises ScreenUnavailable when the game has no screen or its data or map does not load; the
    caller decides how to tell.
    """
    job = GameScreenBuild(app, game_id, wallet=wallet, autoplay=autoplay)
    job.begin()
    return job.finish(job.build())
