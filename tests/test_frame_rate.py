"""The frame-rate setting (60 / 120 / match the display), kept between launches, and vsync asked for
where the driver offers it, dropped cleanly where it does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client import frame_rate
from game.client.app import App
from game.client.overlays import SettingsOverlay
from tests import harness


def test_the_choice_gives_the_cap() -> None:
    assert frame_rate.frames_per_second(60, 144) == 60
    assert frame_rate.frames_per_second(120, 60) == 120
    assert frame_rate.frames_per_second(frame_rate.DISPLAY, 144) == 144
    assert frame_rate.frames_per_second(frame_rate.DISPLAY, 0) == frame_rate.DEFAULT  # Xvfb, dummy: unknown
    assert frame_rate.frames_per_second(frame_rate.DISPLAY, 500) == frame_rate.HIGHEST


@pytest.mark.parametrize("stored", [None, 0, 75, "fast", True, [60]])
def test_a_missing_or_unknown_stored_choice_is_the_default(stored: object) -> None:
    assert frame_rate.load_choice(stored) == frame_rate.DEFAULT


def _settle(app: App, kind: type) -> Any:
    for _ in range(240):
        harness.run_frames(app, 1)
        if isinstance(app.context.scenes.top, kind) and not app.context.scenes.transitioning:
            return app.context.scenes.top
    raise AssertionError(f"no {kind.__name__} on top")


def test_settings_change_the_rate_at_once_and_the_next_launch_keeps_it(tmp_path: Path) -> None:
    from game.client.scenes.lobby import LobbyScene

    app = harness.launch(tmp_path, "--mute")
    try:
        _settle(app, LobbyScene)
        assert app.frame_cap() == 60
        harness.post_key(pygame.K_s)
        settings = _settle(app, SettingsOverlay)
        harness.post_key(pygame.K_UP)  # from the first row up to the last: the frame rate
        harness.post_key(pygame.K_RIGHT)
        harness.run_frames(app, 1)
        row = settings.rows[settings.selected]
        assert row.label == "Frame rate" and row.fmt(row.value) == "120 fps"
        assert app.frame_cap() == 120  # the loop's next tick already asks for it
    finally:
        app.shutdown()
    app = harness.launch(tmp_path, "--mute")
    try:
        assert app.frame_cap() == 120
        harness.post_key(pygame.K_s)
        settings = _settle(app, SettingsOverlay)
        assert settings.rows[-1].value == 120
        harness.post_key(pygame.K_UP)
        harness.post_key(pygame.K_RIGHT)  # match the display: the dummy driver reports 60 Hz
        harness.run_frames(app, 1)
        assert app.context.flags[frame_rate.SETTING] == frame_rate.DISPLAY
        assert app.frame_cap() == frame_rate.frames_per_second(frame_rate.DISPLAY, app.display_hz)
    finally:
        app.shutdown()


def _recording_set_mode(monkeypatch: pytest.MonkeyPatch, refuse_vsync: bool) -> list[int]:
    asked: list[int] = []
    real = pygame.display.set_mode

    def set_mode(size: Any = (0, 0), flags: int = 0, depth: int = 0, display: int = 0, vsync: int = 0) -> Any:
        asked.append(vsync)
        if vsync and refuse_vsync:
            raise pygame.error("vsync not available")  # as a driver without it answers
        return real(size, flags, depth, display, vsync)

    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    return asked


def test_vsync_is_asked_for_and_a_refusal_still_opens_the_scaled_window(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _recording_set_mode(monkeypatch, refuse_vsync=True)
    app = harness.launch(tmp_path, "--mute")
    try:
        assert asked == [1, 0]
        assert pygame.display.get_surface() is app.window
        assert pygame.Window.from_display_module().resizable  # still the scaled, resizable window
    finally:
        app.shutdown()


def test_a_benchmark_times_work_so_it_never_waits_on_vsync(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    asked = _recording_set_mode(monkeypatch, refuse_vsync=False)
    app = harness.launch(tmp_path, "--mute", "--bench")
    app.shutdown()
    assert asked == [0]
