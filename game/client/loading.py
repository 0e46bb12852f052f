"""Building a scene on a worker thread while the screen, dark between two scenes, keeps its frames.

A game screen takes 100 to 150 ms to build (its map, its art scaled and composed, its fonts and
banners): built in one frame, that frame stalls the window for as long. A :class:`SceneBuild`
splits the work in three: :meth:`~SceneBuild.begin` on the main thread (what reads the wallet,
whose connection belongs to that thread), :meth:`~SceneBuild.build` on a worker thread (pictures
and widgets only: no wallet, no display, no sound played), then :meth:`~SceneBuild.finish` on the
main thread with what the build made. The scene manager holds its fade at the darkest point until
the build is done (:class:`Loader`).

Python runs one thread at a time, but the worker hands the interpreter back every few
milliseconds and whenever it is in SDL's C code (decoding, scaling, blitting), so the main thread's
frames stay short while it works.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .scene import Scene

log = logging.getLogger(__name__)

IN_BACKGROUND = True  # tests turn it off: the build then runs inline, so frames are exact


class SceneBuild:
    """A scene made in three steps; subclasses override ``build`` and ``finish``."""

    def begin(self) -> None:
        """On the main thread, before the build (the scenes it replaces are gone by now)."""

    def build(self) -> Any:
        """On a worker thread: make the scene's pictures and widgets, and return them."""
        raise NotImplementedError

    def finish(self, built: Any) -> Scene:
        """On the main thread: the scene, from what :meth:`build` returned."""
        raise NotImplementedError

    def failed(self, error: Exception) -> Scene:
        """On the main thread: the scene to show when :meth:`build` raised ``error`` (by default
        nothing is hidden: the error goes on up, with its own traceback)."""
        raise error

    def discard(self, built: Any) -> None:
        """What a build made that will not be shown (a switch elsewhere came first)."""

    def now(self) -> Scene:
        """All three steps at once, on this thread."""
        self.begin()
        try:
            built = self.build()
        except Exception as exc:
            return self.failed(exc)
        return self.finish(built)


class Loader:
    """One build under way: started at once, on a worker thread unless :data:`IN_BACKGROUND` is off."""

    def __init__(self, job: SceneBuild) -> None:
        self.job = job
        self._built: Any = None
        self._error: Exception | None = None
        job.begin()
        self._thread: threading.Thread | None = None
        if IN_BACKGROUND:
            self._thread = threading.Thread(target=self._run, name="scene build", daemon=True)
            self._thread.start()
        else:
            self._run()

    def _run(self) -> None:
        try:
            self._built = self.job.build()
        except Exception as exc:  # handed to the main thread, which decides (SceneBuild.failed)
            self._error = exc

    @property
    def done(self) -> bool:
        return self._thread is None or not self._thread.is_alive()

    def wait(self) -> None:
        if self._thread is not None:
            self._thread.join()

    def scene(self) -> Scene:
        """The built scene (main thread; waits for the build if it is still running)."""
        self.wait()
        if self._error is not None:
            error, self._error = self._error, None
            return self.job.failed(error)
        built, self._built = self._built, None
        return self.job.finish(built)

    def cancel(self) -> None:
        """Wait for the build and throw away what it made (nothing of it was shown)."""
        self.wait()
        built, self._built, self._error = self._built, None, None
        if built is not None:
            self.job.discard(built)
        log.debug("a scene build was discarded")
