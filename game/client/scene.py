"""Scenes and the scene manager: a stack of rooms, the top one gets input.

A scene owns its ``update(dt)`` and ``draw(surface)`` and nothing global. Overlays (paytable,
dialogs, menus) are scenes pushed on top with ``overlay = True``: the scenes below keep being
drawn (and, unless ``pauses_below``, updated) while the overlay takes the input.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from . import gfx
from .loading import Loader, SceneBuild
from .memory import collect_and_set_aside, return_freed_pages, set_aside
from .sound.music import MusicCue

if TYPE_CHECKING:
    from .context import AppContext

log = logging.getLogger(__name__)


class Scene:
    """One screen or overlay. Subclasses override what they need."""

    overlay: bool = False  # drawn over the scene below instead of replacing it
    pauses_below: bool = True  # an overlay stops the scenes below from updating
    opaque: bool = False  # covers the whole screen itself (e.g. with a snapshot): skip those below

    def __init__(self, app: AppContext) -> None:
        self.app = app

    @property
    def manager(self) -> SceneManager:
        return self.app.scenes

    def on_enter(self) -> None:
        """Became the top scene (pushed, or uncovered by a pop)."""

    def on_exit(self) -> None:
        """Stopped being the top scene (popped, or covered by a push)."""

    def handle_event(self, event: pygame.event.Event) -> bool:
        """React to one input event; return True if it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance time by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene. Must not change game state."""

    def notice_place(self) -> tuple[int, int] | None:
        """Where the app's notices go over this scene (the midtop of their pill, in layout units),
        when it has a place for them clear of its art; None: the top centre."""
        return None

    def wants_autoplay_input(self) -> bool:
        """True while an automated driver (--autoplay, demo) may press Space here."""
        return False

    def music_cue(self) -> MusicCue | None:
        """The music this scene wants now, asked each frame of the scene at the stack's bottom
        (None: whatever plays goes on)."""
        return None

    def dispose(self) -> None:
        """The scene is gone for good (the stack was replaced): let go of everything it holds.

        Widgets call back into their scene (buttons, reel landings, presenter steps), so a left
        scene sits in reference cycles with its large pre-rendered surfaces. Emptying it breaks
        every cycle through it, and reference counting frees the lot at once, without waiting for
        a collector pass (the one at the switch then finds next to nothing).
        """
        vars(self).clear()
        self.disposed = True


@dataclass
class _Transition:
    duration: float
    apply: Callable[[], None]
    elapsed: float = 0.0
    applied: bool = False


class SceneManager:
    """Owns the stack, routes input to the top scene, fades between screens."""

    FADE_SECONDS = 0.25

    def __init__(self) -> None:
        self.stack: list[Scene] = []
        self.held_keys: set[int] = set()  # keys down now: a KEYDOWN for one of them is its repeat
        self._transition: _Transition | None = None
        self._loader: Loader | None = None  # the next scene being built, the fade held dark meanwhile

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def music_cue(self) -> MusicCue | None:
        """The music of the screen under any overlays (None while a screen is being built)."""
        return self.stack[0].music_cue() if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top is not None:
            self.top.on_exit()
        self.stack.append(scene)
        scene.on_enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.top is not None:
            self.top.on_enter()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` off the stack wherever it is (an overlay closing itself)."""
        if scene is self.top:
            self.pop()
        elif scene in self.stack:
            self.stack.remove(scene)

    def replace(self, scene: Scene) -> None:
        """Swap the whole stack for ``scene`` (switching screens); the scenes left are disposed."""
        self.replace_with(lambda: scene)

    def switch(self, scene: Scene | Callable[[], Scene] | SceneBuild, fade: bool = True) -> None:
        """Replace the stack with a fade out and in; input is ignored while fading.

        ``scene`` may be a function that makes it: it is then called at the darkest point of the
        fade, after the scenes it replaces are gone, so two game screens are never held at once.
        A :class:`~game.client.loading.SceneBuild` is built there too, on a worker thread, the
        screen held dark until it is done; without a fade it is built at once.
        """
        if self._loader is not None:  # a switch while the last one builds: that scene is not wanted
            self._loader.cancel()
            self._loader = None
        if isinstance(scene, SceneBuild):
            job = scene
            if not fade or not self.stack:
                self.replace_with(job.now)
                return
            self._transition = _Transition(self.FADE_SECONDS * 2, lambda: self._start_loading(job))
            return
        make: Callable[[], Scene] = scene if callable(scene) else (lambda: scene)
        if not fade or not self.stack:
            self.replace_with(make)
            return
        self._transition = _Transition(self.FADE_SECONDS * 2, lambda: self.replace_with(make))

    def replace_with(self, make: Callable[[], Scene]) -> None:
        """Dispose of the whole stack, then push the scene ``make`` returns."""
        self._dispose_all()
        self.push(make())

    def _dispose_all(self) -> None:
        """Dispose of every scene; between two screens, the collector's one pass and the heap's trim."""
        if not self.stack:  # the first screen: set aside what start-up made, not worth a pass
            set_aside()
            return
        while self.stack:
            left = self.pop()
            if left is not None:
                left.dispose()
            del left
        found = collect_and_set_aside()
        log.debug("between screens: %d unreachable objects collected", found)
        return_freed_pages()

    def _start_loading(self, job: SceneBuild) -> None:
        self._dispose_all()
        self._loader = Loader(job)

    def close(self) -> None:
        """Before the display goes: a build still running is waited for and dropped."""
        if self._loader is not None:
            self._loader.cancel()
            self._loader = None

    @property
    def building(self) -> bool:
        """A scene is being built (on a worker thread) while the fade waits."""
        return self._loader is not None

    @property
    def transitioning(self) -> bool:
        return self._transition is not None

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_keys(event)
        if self._transition is not None or self.top is None:
            return False
        return self.top.handle_event(event)

    def _track_keys(self, event: pygame.event.Event) -> None:
        """Mark each KEYDOWN ``repeat`` when its key was already down (a held key's repeat, or a press
        that began before a scene appeared): a price is taken only by a fresh press (see ``is_fresh``)."""
        if event.type == pygame.KEYDOWN:
            event.repeat = bool(getattr(event, "repeat", False)) or event.key in self.held_keys
            self.held_keys.add(event.key)
        elif event.type == pygame.KEYUP:
            self.held_keys.discard(event.key)
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.held_keys.clear()

    def update(self, dt: float) -> None:
        t = self._transition
        if t is not None:
            if self._loader is None:
                t.elapsed += dt
                if not t.applied and t.elapsed >= t.duration / 2:
                    t.applied = True
                    t.apply()  # may start a build: the fade then waits at its darkest
                    if self._loader is not None:
                        t.elapsed = t.duration / 2
            if self._loader is not None and self._loader.done:
                loader, self._loader = self._loader, None
                self.push(loader.scene())
            if self._loader is None and t.elapsed >= t.duration:
                self._transition = None
        for scene in self._updating_scenes():
            scene.update(dt)

    def _updating_scenes(self) -> list[Scene]:
        scenes: list[Scene] = []
        for scene in reversed(self.stack):
            scenes.append(scene)
            if not scene.overlay or scene.pauses_below:
                break
        return list(reversed(scenes))

    def _visible_scenes(self) -> list[Scene]:
        start = 0
        for index in range(len(self.stack) - 1, -1, -1):
            scene = self.stack[index]
            if not scene.overlay or scene.opaque:
                start = index
                break
        return self.stack[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self._visible_scenes():
            scene.draw(surface)
        if self._transition is not None:
            t = self._transition
            half = t.duration / 2
            alpha = t.elapsed / half if t.elapsed < half else (t.duration - t.elapsed) / half
            gfx.veil(surface, (0, 0, 0), round(255 * max(0.0, min(1.0, alpha))))


def is_fresh(event: pygame.event.Event) -> bool:
    """A key pressed now, not a held key's repeat (the scene manager marks repeats)."""
    return event.type == pygame.KEYDOWN and not getattr(event, "repeat", False)
