"""A screen faded to is built on a worker thread while the window, dark, keeps its frames.

The app is real (its own input path and frames); the builds here run in the background, as in a
player's app, unlike the rest of the suite (tests/conftest.py builds them inline).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalogue import CATALOGUE
from game.client import loading
from game.client.app import App
from game.client.kit.screen import GameScreen
from game.client.layout import LayoutError
from game.client.scene import Scene, SceneManager
from game.client.scenes.lobby import LobbyScene
from game.client.screens import GameScreenBuild
from tests import harness
from tests.harness import post_key as key
from tests.harness import run_frames as frames


@pytest.fixture(autouse=True)
def _builds_in_background(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loading, "IN_BACKGROUND", True)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = harness.launch(tmp_path / "data", "--mute")
    frames(application, 40)  # past the start-up fade, on the lobby
    yield application
    if pygame.get_init():
        application.shutdown()


def frames_until(app: App, done: Callable[[], bool], seconds: float = 20.0) -> None:
    """Frames until ``done`` (the loop's phases run far faster than a build: they wait for it a little)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "not done in time"
        frames(app, 1)
        time.sleep(0.002)


def _darkness(app: App) -> int:
    """How dark the middle of the last frame drawn is (0 black .. 255 the scene's own light)."""
    return max(app.screen.get_at((640, 360))[:3])


class HeldBuild(loading.SceneBuild):
    """A scene whose build waits for the test to let it go, noting the thread it ran on."""

    def __init__(self, app: App | None) -> None:
        self.context = app.context if app is not None else None
        self.release = threading.Event()
        self.built_on: int | None = None
        self.began_on: int | None = None
        self.discarded: list[Any] = []

    def begin(self) -> None:
        self.began_on = threading.get_ident()

    def build(self) -> Scene:
        self.built_on = threading.get_ident()
        assert self.release.wait(10)
        return Scene(self.context)  # type: ignore[arg-type]

    def finish(self, built: Any) -> Scene:
        scene: Scene = built
        return scene

    def discard(self, built: Any) -> None:
        self.discarded.append(built)


def test_the_fade_holds_dark_until_the_build_is_done_and_frames_go_on_meanwhile(app: App) -> None:
    scenes = app.context.scenes
    job = HeldBuild(app)
    scenes.switch(job)
    frames(app, 60)  # a second: the fade out is long over, the build still held
    assert scenes.transitioning and not scenes.stack  # the lobby is gone, nothing new yet
    assert _darkness(app) == 0
    assert job.began_on == threading.main_thread().ident
    assert job.built_on is not None and job.built_on != threading.main_thread().ident
    job.release.set()
    frames_until(app, lambda: not scenes.transitioning)
    assert type(scenes.top) is Scene


def test_a_game_opened_from_the_lobby_is_built_off_the_main_thread_and_reads_the_wallet_on_it(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: dict[str, int] = {}
    build, attach = GameScreenBuild.build, GameScreen.attach

    def noting_build(self: GameScreenBuild) -> Any:
        threads["build"] = threading.get_ident()
        return build(self)

    def noting_attach(self: GameScreen) -> None:
        threads["attach"] = threading.get_ident()
        attach(self)

    monkeypatch.setattr(GameScreenBuild, "build", noting_build)
    monkeypatch.setattr(GameScreen, "attach", noting_attach)
    key(pygame.K_1)  # the first tile: Santa's Wonderland
    scenes = app.context.scenes
    frames(app, 1)
    assert scenes.transitioning
    frames_until(app, lambda: isinstance(scenes.top, GameScreen) and not scenes.transitioning)
    screen = scenes.top
    assert isinstance(screen, GameScreen) and screen.game.id == "santas_wonderland"
    assert threads["build"] != threading.main_thread().ident  # the pictures: on the worker
    assert threads["attach"] == threading.main_thread().ident  # the wallet (sqlite's own thread)
    assert screen.money.balance is not None and screen.background is not None


def test_a_map_the_screen_cannot_use_brings_the_lobby_back_with_the_reason(
        app: App, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(cls: type, game: Any) -> Any:
        raise LayoutError("levels/fat_santa.tmx: object 'spin' has class 'label', but the screen makes it a button")

    monkeypatch.setattr(GameScreen, "load_layout", classmethod(broken))
    scenes = app.context.scenes
    key(pygame.K_5)  # Fat Santa's tile
    frames(app, 1)
    assert scenes.transitioning  # the map is read on the worker, after the lobby has faded out
    frames_until(app, lambda: isinstance(scenes.top, LobbyScene) and not scenes.transitioning)
    assert "levels/fat_santa.tmx: object 'spin' has class 'label'" in caplog.text
    assert "showing the lobby" in caplog.text


def test_any_other_error_in_a_build_is_not_hidden(app: App) -> None:
    class Bug(HeldBuild):
        def build(self) -> Scene:
            raise RuntimeError("a bug in a screen's build")

    app.context.scenes.switch(Bug(app))
    with pytest.raises(RuntimeError, match="a bug in a screen's build"):
        frames_until(app, lambda: False)


def test_a_switch_while_a_build_runs_drops_what_it_made(app: App) -> None:
    scenes = app.context.scenes
    first = HeldBuild(app)
    scenes.switch(first)
    frames(app, 30)
    assert first.built_on is not None
    threading.Timer(0.05, first.release.set).start()
    scenes.switch(LobbyScene(app.context))  # waits for the first build, throws it away
    assert len(first.discarded) == 1
    frames_until(app, lambda: isinstance(scenes.top, LobbyScene) and not scenes.transitioning)


def test_quitting_while_a_build_runs_waits_for_it_before_the_display_goes(app: App) -> None:
    job = HeldBuild(app)
    app.context.scenes.switch(job)
    frames(app, 30)
    threading.Timer(0.05, job.release.set).start()
    app.shutdown()
    assert job.discarded and not pygame.get_init()


def test_without_a_fade_a_build_is_made_at_once_on_this_thread() -> None:
    manager = SceneManager()
    job = HeldBuild(None)
    job.release.set()
    manager.switch(job)
    assert isinstance(manager.top, Scene) and job.built_on == threading.get_ident()


def test_the_demo_builds_each_game_in_the_background_and_keeps_its_screen(tmp_path: Path) -> None:
    app = harness.launch(tmp_path / "data", "--demo", "--mute")
    try:
        demo, scenes = app.demo, app.context.scenes
        assert demo is not None
        first = demo.screen
        assert isinstance(first, GameScreen) and scenes.top is first  # the first is built at once: no fade
        demo.next_game()
        frames_until(app, lambda: demo.screen is not None and scenes.top is demo.screen and not scenes.transitioning)
        second = demo.screen
        assert isinstance(second, GameScreen) and scenes.top is second
        assert second.game.id != getattr(first, "game", None) and getattr(first, "disposed", False)
        assert second._autoplay is not None  # the visit's autoplay came with it
    finally:
        app.shutdown()


@pytest.mark.parametrize("game_id", [item.id for item in CATALOGUE if item.available])
def test_every_game_screen_builds_on_a_worker_thread(app: App, game_id: str) -> None:
    """A build that read the wallet would fail here: its SQLite connection refuses other threads."""
    scenes = app.context.scenes
    scenes.switch(GameScreenBuild(app.context, game_id))
    frames_until(app, lambda: isinstance(scenes.top, GameScreen) and not scenes.transitioning)
    screen = scenes.top
    assert isinstance(screen, GameScreen) and screen.game.id == game_id
    assert screen.money.balance == app.context.wallet.balance
