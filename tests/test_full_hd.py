"""Full HD: every screen drawn at 1920x1080 from art made for it, nothing enlarged, the mouse in layout units.

At ``--resolution 1920x1080`` the scenes draw on a 1.5x canvas (``game.client.gfx``). A surface
or image that was made at 1280x720 and enlarged to fit would be blurry: the canvas counts those,
and these tests hold every screen, overlay and feature to none.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.catalogue import CATALOGUE, entry
from game.client import gfx
from game.client.gfx import ScaledSurface
from game.client.resolution import render_scale, window_size
from game.engine import get_game
from tests import harness

PLAYABLE = [info.id for info in CATALOGUE if info.available]


@pytest.fixture
def hd_app(tmp_path: Path):
    apps = []

    def launch(*flags: str):
        app = harness.launch(tmp_path, "--resolution", "1920x1080", "--mute", *flags)
        apps.append(app)
        gfx.reset_stats()
        return app

    yield launch
    for app in apps:
        app.shutdown()
    assert gfx.scale() == 1.0  # shutting down leaves the next window at 1x


def nothing_enlarged() -> bool:
    stats = gfx.stats()
    return stats.enlarged_blits == 0 and stats.enlarged_images == 0 and stats.enlarged_resamples == 0


def biggest_win_seed(game_id: str, rounds: int = 2_000) -> int:
    """The seed of the biggest win among the first rounds at the default bet: a celebration when the game has one."""
    game = get_game(game_id)
    return max(range(1, rounds + 1), key=lambda seed: game.play(game.default_bet, seed).win)


def play_answering(h: harness.Harness, seed: int) -> None:
    """A round to the end, drawn every 5 frames; a question the round asks is answered with its
    first option once its screen has been drawn."""
    from game.client.overlays import ChoiceOverlay

    assert h.spin(seed)
    frames = 0

    def answer() -> None:
        nonlocal frames
        if isinstance(h.top, ChoiceOverlay):
            frames += 1
            if frames > 10:
                h.answer(h.screen.director.pending.options[0])
                frames = 0

    h.until(h.screen.is_idle, before=answer, draw_every=5)


@pytest.mark.parametrize("scale", [1.0, 1.5])
@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_feature_and_a_big_win_show_no_enlarged_copy(tmp_path: Path, game_id: str, scale: float) -> None:
    """Pops, slams and celebrations start from art drawn at their largest size, at 720p and full HD."""
    pygame.init()
    with gfx.scaled(scale):
        pygame.display.set_mode((round(1280 * scale), round(720 * scale)))
        surface = gfx.Surface((1280, 720)).convert()
        gfx.reset_stats()
        h = harness.open_game(tmp_path, game_id, surface=surface, turbo=True)
        # the main feature from the demo's seeds (a game without one records none), then a big win
        for seed in (*entry(game_id).demo_seeds[:1], biggest_win_seed(game_id)):
            play_answering(h, seed)
        assert nothing_enlarged(), gfx.stats()
    pygame.quit()


@pytest.mark.parametrize("game_id", PLAYABLE)
def test_a_game_and_its_overlays_are_drawn_at_full_hd_with_nothing_enlarged(hd_app, game_id: str) -> None:
    app = hd_app("--game", game_id)
    assert isinstance(app.screen, ScaledSurface) and app.screen.get_size() == (1280, 720)
    assert app.window.get_size() == (1920, 1080)
    harness.post_key(pygame.K_SPACE)
    harness.run_frames(app, 240)  # a round: reels, wins, counters
    for key in (pygame.K_i, pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_ESCAPE, pygame.K_h, pygame.K_ESCAPE,
                pygame.K_F1):
        harness.post_key(key)
        harness.run_frames(app, 20)
    assert nothing_enlarged(), gfx.stats()


def test_the_lobby_is_drawn_at_full_hd_and_a_click_lands_in_layout_units(hd_app) -> None:
    app = hd_app()
    harness.run_frames(app, 30)
    lobby = app.context.scenes.top
    assert nothing_enlarged(), gfx.stats()
    tile = next(card for card in lobby.tiles if card.info.available)
    x, y = tile.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        attrs = {"pos": (x * 1.5, y * 1.5)} | ({"button": 1} if kind != pygame.MOUSEMOTION else
                                               {"rel": (0, 0), "buttons": (0, 0, 0)})
        pygame.event.post(pygame.event.Event(kind, attrs))
    harness.run_frames(app, 90)
    top = app.context.scenes.top
    assert getattr(getattr(top, "game", None), "id", None) == tile.info.id  # the click opened that game


def test_a_screenshot_at_full_hd_has_its_pixels(tmp_path: Path, hd_app) -> None:
    app = hd_app("--game", PLAYABLE[0])
    harness.run_frames(app, 5)
    out = tmp_path / "shot.png"
    app._save_screenshot(out)
    assert pygame.image.load(str(out)).get_size() == (1920, 1080)


@pytest.mark.parametrize(("resolution", "fullscreen", "desktop", "scale"), [
    ("auto", False, (1920, 1080), 1.0),   # a full-HD window would not fit beside the panels
    ("auto", True, (1920, 1080), 1.5),    # full screen on a full-HD display
    ("auto", False, (2560, 1440), 1.5),   # room for a full-HD window
    ("auto", True, (1366, 768), 1.0),
    ("auto", False, (1024, 768), 1.0),    # smaller than the layout: 1x, the window system shrinks it
    ("1920x1080", False, (1280, 800), 1.5),  # asked for: done
    ("1280x720", True, (3840, 2160), 1.0),
])
def test_the_render_scale_follows_the_screen_unless_asked(resolution: str, fullscreen: bool,
                                                          desktop: tuple[int, int], scale: float) -> None:
    assert render_scale(resolution, fullscreen=fullscreen, desktops=[desktop]) == scale
    assert render_scale("auto", fullscreen=fullscreen, desktops=[]) == 1.0


def test_window_sizes() -> None:
    assert window_size(1.0) == (1280, 720) and window_size(1.5) == (1920, 1080)


def test_a_wrong_resolution_flag_is_refused_with_status_2(capsys) -> None:
    from game.client.options import parse_args

    with pytest.raises(SystemExit) as exc:
        parse_args(["--resolution", "800x600"])
    assert exc.value.code == 2
    assert "--resolution" in capsys.readouterr().err
