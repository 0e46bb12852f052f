"""``--designer``: the screen on show follows its map file as a designer edits it in Tiled.

Twice a second the watcher looks at the shown screen's map (its modification time and size). When
the file has changed and the screen is idle (no round playing, no dialog over it), the map is read
again the way the screen read it; if it loads, the screen is built anew on it (a game screen
resumes an open round from the wallet, as after a restart), otherwise the screen stays as it is
and the one-line reason is logged and shown. Nothing is watched without the flag.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .layout import Layout, LayoutError
from .scenes.lobby import LobbyBuild, LobbyScene
from .screens import GameScreenBuild

if TYPE_CHECKING:
    from .context import AppContext
    from .loading import SceneBuild
    from .scene import Scene

log = logging.getLogger(__name__)

POLL_SECONDS = 0.5


def _stamp(path: Path) -> tuple[int, int] | None:
    """What tells a saved file from the one read before: its modification time and size."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_mtime_ns, info.st_size


class MapWatcher:
    """Rebuilds the shown screen when its map file changes (``update`` once a frame)."""

    def __init__(self, app: AppContext) -> None:
        self.app = app
        self._wait = 0.0
        self._scene: Scene | None = None  # the screen whose map is watched
        self._path: Path | None = None
        self._seen: tuple[int, int] | None = None  # the map file as the screen read it
        self.reloads = 0
        self.refused: str | None = None  # why the last saved map was not taken, if it was not

    def update(self, dt: float) -> None:
        self._wait -= dt
        if self._wait > 0:
            return
        self._wait = POLL_SECONDS
        scenes = self.app.scenes
        if scenes.building or scenes.transitioning or not scenes.stack:
            return
        screen = scenes.stack[0]
        layout = getattr(screen, "layout", None)
        if not isinstance(layout, Layout):
            self._scene = None
            return
        if screen is not self._scene or layout.path != self._path:  # a new screen: start from its map
            self._scene, self._path, self._seen = screen, layout.path, _stamp(layout.path)
            return
        stamp = _stamp(layout.path)
        if stamp is None or stamp == self._seen or not self._idle(screen):
            return
        self._seen = stamp
        self._reload(screen, layout)

    def _idle(self, screen: Scene) -> bool:
        if self.app.scenes.top is not screen:  # a dialog is open over it
            return False
        is_idle = getattr(screen, "is_idle", None)
        return not callable(is_idle) or bool(is_idle())

    def _reload(self, screen: Scene, layout: Layout) -> None:
        try:
            Layout.load(str(layout.path), layout.required, optional=layout.optional, game=layout.game)
        except LayoutError as exc:  # the designer's half-made edit: say why, keep the screen
            log.error("designer: %s (the screen keeps the map it had)", exc)
            reason = str(exc).removeprefix(f"{layout.path}: ").split(";")[0]
            self.refused = f"{layout.path.name} not reloaded: {reason}"
            self.app.notices.append(self.refused)
            return
        self.refused = None
        build = self._build_for(screen)
        if build is None:
            return
        log.info("designer: %s changed, rebuilding the screen", layout.path)
        self.reloads += 1
        self._scene = None  # the new screen is watched from its first look
        self.app.scenes.switch(build, fade=False)
        self.app.notices.append(f"Reloaded {layout.path.name}")

    def _build_for(self, screen: Any) -> SceneBuild | None:
        session = getattr(screen, "session", None)
        if session is not None:
            return GameScreenBuild(self.app, session.game.id, wallet=getattr(session, "wallet", None))
        if isinstance(screen, LobbyScene):
            return LobbyBuild(self.app)
        return None
