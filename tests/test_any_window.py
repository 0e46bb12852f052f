"""Any window: every screen at 960x540, 1280x800 (16:10), 1920x1080 and 2560x1440 shows every control
inside the window and inside the letterboxed 16:9 area, and a click where a button is on screen presses it.

The window is resized as a player's drag resizes it; where a control lands on screen and where a
click lands in the canvas are SDL's own sums (its renderer's ``coordinates_to_window`` and
``coordinates_from_window``, the transform its event watch applies to real mouse events).
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pygame
import pygame._sdl2.video as sdl_video
import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.catalogue import CATALOGUE
from game.client import gfx
from game.client.app import App
from game.client.overlays import HelpOverlay, MessageDialog, SettingsOverlay
from game.client.overlays.base import OptionRow
from game.client.resolution import (
    LAYOUT,
    MIN_WINDOW,
    density_for_window,
    design_to_window,
    kept_window,
    letterbox,
    window_to_design,
)
from game.client.widgets.button import Button
from tests import harness

SIZES = [(960, 540), (1280, 800), (1920, 1080), (2560, 1440)]
PLAYABLE = [info.id for info in CATALOGUE if info.available]


# -- the letterbox's sums ----------------------------------------------------------------------

def test_letterbox_fills_16_9_and_centres_16_10_between_bars() -> None:
    assert letterbox((960, 540)) == (0.75, (0, 0, 960, 540))
    assert letterbox((1280, 800)) == (1.0, (0, 40, 1280, 720))  # the Steam Deck: bars above and below
    assert letterbox((2560, 1440)) == (2.0, (0, 0, 2560, 1440))
    assert letterbox((2000, 1080)) == (1.5, (40, 0, 1920, 1080))  # wider: bars at the sides
    assert window_to_design((640, 20), (1280, 800)) is None  # on the top bar
    assert window_to_design((640, 440), (1280, 800)) == (640, 400)


@given(st.integers(MIN_WINDOW[0], 3840), st.integers(MIN_WINDOW[1], 2160),
       st.integers(0, LAYOUT[0] - 1), st.integers(0, LAYOUT[1] - 1))
def test_a_design_point_shown_anywhere_maps_back_to_itself(width: int, height: int, x: int, y: int) -> None:
    window = (width, height)
    back = window_to_design(design_to_window((x + 0.5, y + 0.5), window), window)
    assert back is not None and abs(back[0] - x) <= 1 and abs(back[1] - y) <= 1


# -- the real window -----------------------------------------------------------------------------

@pytest.fixture
def launched(tmp_path: Path) -> Iterator[Any]:
    apps: list[App] = []

    def launch(*flags: str) -> App:
        app = harness.launch(tmp_path / str(len(apps)), "--mute", *flags)
        apps.append(app)
        return app

    yield launch
    for app in apps:
        app.shutdown()


def _renderer() -> sdl_video.Renderer:
    with warnings.catch_warnings():  # from_window on the display module's window is deprecated, not gone
        warnings.simplefilter("ignore", DeprecationWarning)
        return sdl_video.Renderer.from_window(sdl_video.Window.from_display_module())


def resize(app: App, size: tuple[int, int]) -> sdl_video.Renderer:
    """The window dragged to ``size``; one frame drawn and shown at it."""
    pygame.Window.from_display_module().size = size
    harness.run_frames(app, 1)
    app._present()
    assert pygame.display.get_window_size() == size
    return _renderer()


def controls(scene: object) -> list[tuple[str, pygame.Rect, Button | None]]:
    """The scene's buttons, option arrows, help tabs, lobby cards and an overlay's panel:
    (name, rect in layout units, the button)."""
    found: list[tuple[str, pygame.Rect, Button | None]] = []

    def visit(name: str, value: object, depth: int) -> None:
        if isinstance(value, Button):
            found.append((name, value.rect, value))
        elif isinstance(value, OptionRow):
            found.extend([(f"{name}.left", value.left, None), (f"{name}.right", value.right, None)])
        elif isinstance(value, dict):
            for key, item in value.items():
                visit(f"{name}[{key}]", item, depth)
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                visit(f"{name}[{index}]", item, depth)
        elif isinstance(value, pygame.Rect) and name.startswith("tabs["):
            found.append((name, value, None))  # a help page's tab
        elif depth == 0 and hasattr(value, "tab_rect") and isinstance(card := getattr(value, "rect", None),
                                                                       pygame.Rect):
            found.append((name, card, None))  # a lobby card

    for key, value in vars(scene).items():
        visit(key, value, 0)
    if getattr(scene, "overlay", False):
        found.append(("panel", scene.rect, None))  # type: ignore[attr-defined]
    assert found, f"{type(scene).__name__} shows no control"
    return found


def on_screen(renderer: sdl_video.Renderer, rect: pygame.Rect) -> pygame.Rect:
    """Where a layout-unit rect is in window pixels (through the canvas's density, then SDL's scale)."""
    pixels = gfx.pixel_rect(rect, gfx.scale())
    left, top = renderer.coordinates_to_window(pixels.topleft)
    right, bottom = renderer.coordinates_to_window(pixels.bottomright)
    return pygame.Rect(round(left), round(top), round(right - left), round(bottom - top))


def click_window(app: App, renderer: sdl_video.Renderer, point: tuple[int, int]) -> None:
    """A left click at a window pixel, reported in canvas pixels as SDL reports a real one."""
    x, y = renderer.coordinates_from_window(point)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(int(x), int(y)), button=1))
    harness.run_frames(app, 1)


def check_every_size(app: App, scene: object) -> None:
    """At each size: the letterbox is SDL's, every control is inside it, a click on each button presses it."""
    for size in SIZES:
        renderer = resize(app, size)
        _, area = letterbox(size)
        viewport = renderer.get_viewport()
        sx, sy = renderer.scale
        sdl_area = pygame.Rect(round(viewport.x * sx), round(viewport.y * sy),
                               round(viewport.w * sx), round(viewport.h * sy))
        assert sdl_area == pygame.Rect(area), f"{size}: SDL letterboxes at {sdl_area}, not {area}"
        window = pygame.Rect((0, 0), size)
        assert window.contains(sdl_area)
        for name, rect, button in controls(scene):
            shown = on_screen(renderer, rect)
            assert sdl_area.inflate(2, 2).contains(shown), f"{type(scene).__name__}.{name} at {size}: {shown}"
            if button is None or not button.enabled:
                continue
            pressed: list[str] = []
            action = button.on_click
            button.on_click = partial(pressed.append, name)
            try:
                click_window(app, renderer, shown.center)
            finally:
                button.on_click = action
            assert pressed == [name], f"{type(scene).__name__}.{name}: a click at {shown.center} in {size} missed"


def settle(app: App, kind: type) -> Any:
    for _ in range(240):
        harness.run_frames(app, 1)
        top = app.context.scenes.top
        if isinstance(top, kind) and not app.context.scenes.transitioning:
            return top
    raise AssertionError(f"no {kind.__name__} on top (it is {type(app.context.scenes.top).__name__})")


def test_the_lobby_its_settings_and_a_dialog_at_every_size(launched: Any) -> None:
    from game.client.scenes.lobby import LobbyScene

    app = launched()
    lobby = settle(app, LobbyScene)
    assert pygame.Window.from_display_module().minimum_size == MIN_WINDOW  # a drag may go down to it
    check_every_size(app, lobby)
    harness.post_key(pygame.K_s)
    check_every_size(app, settle(app, SettingsOverlay))
    harness.post_key(pygame.K_ESCAPE)
    settle(app, LobbyScene)
    app.context.scenes.push(MessageDialog(app.context, "Reality check", ["You have played for an hour."]))
    check_every_size(app, settle(app, MessageDialog))


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_every_game_and_its_help_at_every_size(launched: Any, game_id: str) -> None:
    from game.client.kit.screen import GameScreen

    app = launched("--game", game_id)
    screen = settle(app, GameScreen)
    check_every_size(app, screen)
    harness.post_key(pygame.K_i)
    help_pages = settle(app, HelpOverlay)
    check_every_size(app, help_pages)
    renderer = resize(app, (1280, 800))
    for index, tab in reversed(list(enumerate(help_pages.tabs))):
        click_window(app, renderer, on_screen(renderer, tab).center)
        assert help_pages.page == index, f"a click on tab {index} at 1280x800 shows page {help_pages.page}"


def test_a_click_on_a_bar_reaches_no_scene(launched: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """A press on a bar is outside the game: no scene sees it (a "click anywhere" skip would take it)."""
    from game.client.scenes.lobby import LobbyScene

    app = launched()
    lobby = settle(app, LobbyScene)
    renderer = resize(app, (1280, 800))  # bars of 40 pixels above and below
    seen: list[tuple[int, int]] = []
    handle = app.context.scenes.handle_event

    def recording(event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN:
            seen.append(event.pos)
        return handle(event)

    monkeypatch.setattr(app.context.scenes, "handle_event", recording)
    shown = on_screen(renderer, lobby.settings_button.rect)
    click_window(app, renderer, (shown.centerx, 10))  # on the top bar
    click_window(app, renderer, (shown.centerx, 795))  # on the bottom bar
    assert seen == []
    click_window(app, renderer, shown.center)
    assert len(seen) == 1 and lobby.settings_button.rect.collidepoint(seen[0])
    assert isinstance(settle(app, SettingsOverlay), SettingsOverlay)


# -- the size the player left the window at --------------------------------------------------------

def test_the_density_is_the_least_that_does_not_enlarge_else_the_densest() -> None:
    assert density_for_window((960, 540)) == 1.0
    assert density_for_window((1280, 800)) == 1.0  # 16:10: the 16:9 area is 1280x720
    assert density_for_window((1600, 900)) == 1.5
    assert density_for_window((3840, 2160)) == 1.5  # no denser images: SDL enlarges the 1.5x frame


@pytest.mark.parametrize("stored", [None, [800, 600], [5000, 3000], [1600], ["1600", "900"], [True, 900],
                                    [2000, 1200]])
def test_an_unusable_stored_window_size_is_ignored(stored: object) -> None:
    assert kept_window(stored, (1920, 1080)) is None  # the last: larger than the desktop


def test_a_resized_window_reopens_at_that_size_drawn_at_its_density(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(2560, 1440)])
    app = harness.launch(tmp_path, "--mute")
    try:
        assert gfx.scale() == 1.5  # this desktop has room for a full-HD window
        resize(app, (1280, 800))
    finally:
        app.shutdown()
    app = harness.launch(tmp_path, "--mute")
    try:
        assert pygame.display.get_window_size() == (1280, 800)
        assert gfx.scale() == 1.0  # its 16:9 area is 1280x720: drawn at 1x, nothing scaled down
        resize(app, (1600, 900))
    finally:
        app.shutdown()
    app = harness.launch(tmp_path, "--mute", "--resolution", "1280x720")  # an asked-for density wins
    try:
        assert gfx.scale() == 1.0 and pygame.display.get_window_size() == (1280, 720)
    finally:
        app.shutdown()
    app = harness.launch(tmp_path, "--mute")
    try:
        assert pygame.display.get_window_size() == (1600, 900) and gfx.scale() == 1.5
    finally:
        app.shutdown()
