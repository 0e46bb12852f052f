"""--designer: a map saved while its screen shows is read again and the screen rebuilt on it, with no
restart; a map saved half-made leaves the screen as it was and says why; without the flag nothing
is watched."""

from __future__ import annotations

import logging
import os
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from game.client import layout as layout_module
from game.client.designer import POLL_SECONDS
from game.paths import level_path
from tests import harness
from tests.tiled_xml import resave

FRAMES_PER_POLL = int(POLL_SECONDS * 60) + 2


@pytest.fixture
def levels(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the maps the screens read, as a designer's working folder."""
    folder = tmp_path / "levels"
    shutil.copytree(level_path(""), folder)
    monkeypatch.setattr(layout_module, "level_path", lambda name: folder / name)
    return folder


def _save(path: Path, edit) -> None:
    """Edit the map as Tiled would save it; its time moves on by a second (a coarse clock is no excuse)."""
    root = ET.parse(path).getroot()
    edit(root)
    before = os.stat(path).st_mtime_ns
    path.write_text(resave(ET.tostring(root, encoding="unicode")), encoding="utf-8")
    os.utime(path, ns=(before + 1_000_000_000, before + 1_000_000_000))


def _move(name: str, dx: int):
    def edit(root: ET.Element) -> None:
        obj = next(o for o in root.iter("object") if o.get("name") == name)
        obj.set("x", str(int(float(obj.get("x"))) + dx))
    return edit


def _screen(app):
    return app.context.scenes.stack[0]


def test_a_saved_map_rebuilds_its_screen_without_a_restart(levels: Path, tmp_path: Path) -> None:
    app = harness.launch(tmp_path / "data", "--game", "halloween_vacation", "--mute", "--designer")
    try:
        harness.run_frames(app, FRAMES_PER_POLL)
        first = _screen(app)
        spin = first.layout.rect("spin")
        _save(levels / "halloween_vacation.tmx", _move("spin", -40))
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        second = _screen(app)
        assert second is not first and app.map_watcher.reloads == 1
        assert second.layout.rect("spin") == spin.move(-40, 0)
        assert second.buttons["spin"].rect.topleft == (spin.x - 40, spin.y)  # the button follows the map
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert _screen(app) is second and app.map_watcher.reloads == 1  # unchanged since: no more builds
    finally:
        app.shutdown()


def test_a_half_made_map_keeps_the_screen_and_says_why(levels: Path, tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    app = harness.launch(tmp_path / "data", "--game", "halloween_vacation", "--mute", "--designer")
    try:
        harness.run_frames(app, FRAMES_PER_POLL)
        first = _screen(app)

        def six_reels(root: ET.Element) -> None:
            reels = next(o for o in root.iter("object") if o.get("name") == "reels")
            next(p for p in reels.iter("property") if p.get("name") == "cols").set("value", "6")

        with caplog.at_level(logging.ERROR, logger="game.client.designer"):
            _save(levels / "halloween_vacation.tmx", six_reels)
            harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert _screen(app) is first and app.map_watcher.reloads == 0
        (line,) = [r.getMessage() for r in caplog.records if r.name == "game.client.designer"]
        assert str(levels / "halloween_vacation.tmx") in line and "cols=6" in line
        assert app.map_watcher.refused == ("halloween_vacation.tmx not reloaded: object 'reels' has cols=6, "
                                           "but the engine of Halloween Vacation has cols=5")

        def mended(root: ET.Element) -> None:
            reels = next(o for o in root.iter("object") if o.get("name") == "reels")
            next(p for p in reels.iter("property") if p.get("name") == "cols").set("value", "5")
            _move("spin", 10)(root)

        _save(levels / "halloween_vacation.tmx", mended)  # mended (and moved): the screen follows
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert _screen(app) is not first and app.map_watcher.reloads == 1
    finally:
        app.shutdown()


def test_the_lobby_follows_its_map_too(levels: Path, tmp_path: Path) -> None:
    app = harness.launch(tmp_path / "data", "--mute", "--designer")
    try:
        harness.run_frames(app, FRAMES_PER_POLL)
        first = _screen(app)
        settings = first.layout.rect("settings")
        _save(levels / "lobby.tmx", _move("settings", -30))
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert _screen(app) is not first and _screen(app).layout.rect("settings") == settings.move(-30, 0)
    finally:
        app.shutdown()


def test_without_the_flag_nothing_is_watched(levels: Path, tmp_path: Path) -> None:
    app = harness.launch(tmp_path / "data", "--game", "halloween_vacation", "--mute")
    try:
        harness.run_frames(app, FRAMES_PER_POLL)
        first = _screen(app)
        _save(levels / "halloween_vacation.tmx", _move("spin", -40))
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert app.map_watcher is None and _screen(app) is first
    finally:
        app.shutdown()


def test_a_map_saved_mid_round_waits_for_the_round_to_end(levels: Path, tmp_path: Path) -> None:
    import pygame

    app = harness.launch(tmp_path / "data", "--game", "halloween_vacation", "--mute", "--designer", "--practice",
                         "--seed", "7")
    try:
        harness.run_frames(app, FRAMES_PER_POLL)
        first = _screen(app)
        spin_x = first.layout.rect("spin").x
        harness.post_key(pygame.K_SPACE)
        harness.run_frames(app, 2)
        assert not first.is_idle()  # the reels are turning
        _save(levels / "halloween_vacation.tmx", _move("spin", -40))
        harness.run_frames(app, FRAMES_PER_POLL * 2)
        assert not first.is_idle()  # still playing a second later: the map waits
        assert _screen(app) is first and app.map_watcher.reloads == 0
        for frame in range(60 * 60):
            if _screen(app) is not first:
                break
            if frame % 30 == 0 and not first.is_idle():
                harness.post_key(pygame.K_SPACE)  # quick stop, skip the win show, continue a card
            harness.run_frames(app, 1)
        assert _screen(app) is not first and app.map_watcher.reloads == 1
        assert _screen(app).layout.rect("spin").x == spin_x - 40
    finally:
        app.shutdown()
