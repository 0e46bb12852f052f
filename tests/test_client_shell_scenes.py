"""The lobby and the overlays in-process: posted input reaches them and does what it says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.client import overlays
from game.client.app import App, FrameStats
from game.client.autoplay import AutoplayConfig
from game.client.responsible import RealityCheck, step_budget
from game.client.scenes.lobby import LobbyScene
from game.engine import get_game
from game.session import PlaySession
from game.store import Wallet
from tests import harness
from tests.harness import post_key as key
from tests.harness import run_frames as frames


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = harness.launch(tmp_path / "data", "--mute")
    yield application
    if pygame.get_init():
        application.shutdown()


def settle(app: App) -> None:
    frames(app, 40)  # past the start-up fade (the loop's phases without the clock: fast, deterministic)


def test_keys_reach_the_lobby(app: App) -> None:
    settle(app)
    lobby = app.context.scenes.top
    assert isinstance(lobby, LobbyScene)
    assert lobby.tiles[lobby.selected].info.id == "santas_wonderland"
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)
    frames(app)
    assert lobby.selected == 2
    key(pygame.K_RIGHT)
    frames(app)
    assert lobby.selected == 3  # every tile is a game that opens: none to pass over
    key(pygame.K_LEFT)
    frames(app)
    assert lobby.selected == 2
    assert app.context.scenes.top is lobby
    key(pygame.K_s)
    frames(app)
    assert isinstance(app.context.scenes.top, overlays.SettingsOverlay)
    key(pygame.K_ESCAPE)
    frames(app)
    assert app.context.scenes.top is lobby
    key(pygame.K_ESCAPE)  # Esc in the lobby asks first
    frames(app)
    assert isinstance(app.context.scenes.top, overlays.ConfirmDialog) and not app.context.quit_requested
    key(pygame.K_ESCAPE)  # "Stay"
    frames(app)
    assert app.context.scenes.top is lobby and not app.context.quit_requested
    key(pygame.K_ESCAPE)
    frames(app)
    key(pygame.K_RETURN)  # "Quit"
    frames(app)
    assert app.context.quit_requested


def test_mouse_hover_selects_a_tile(app: App) -> None:
    settle(app)
    lobby = app.context.scenes.top
    assert isinstance(lobby, LobbyScene)
    target = lobby.tiles[4].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert lobby.selected == 4
    slingo = lobby.tiles[3].rect.center  # Slingo Santa King, the last tile to open: it takes the focus too
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=slingo, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)
    assert lobby.selected == 3


def test_top_up_offered_only_when_broke(tmp_path: Path) -> None:
    data = tmp_path / "data"
    Wallet.open(data, starting_balance=5).wallet.close()  # 0.05 cannot cover the smallest bet (0.10)
    application = harness.launch(data, "--mute")
    try:
        settle(application)
        lobby = application.context.scenes.top
        assert isinstance(lobby, LobbyScene) and lobby.needs_top_up
        key(pygame.K_t)
        frames(application)
        assert isinstance(application.context.scenes.top, overlays.ConfirmDialog)
        key(pygame.K_RETURN)
        frames(application)
        assert application.context.scenes.top is lobby
        assert application.context.wallet.balance == 5 + 100_000
        assert not lobby.needs_top_up
        kinds = [entry.kind for entry in application.context.wallet.ledger()]
        assert "top_up" in kinds
    finally:
        application.shutdown()


def test_dialogs_confirm_and_cancel(app: App) -> None:
    settle(app)
    scenes = app.context.scenes
    seen: list[str] = []
    scenes.push(overlays.ConfirmDialog(app.context, "Buy", ["Sure?"], lambda: seen.append("yes"),
                                       on_cancel=lambda: seen.append("no")))
    frames(app)
    key(pygame.K_RETURN)
    frames(app)
    scenes.push(overlays.ConfirmDialog(app.context, "Buy", ["Sure?"], lambda: seen.append("yes"),
                                       on_cancel=lambda: seen.append("no")))
    key(pygame.K_ESCAPE)
    frames(app)
    scenes.push(overlays.MessageDialog(app.context, "Note", ["Hello"], on_close=lambda: seen.append("closed")))
    frames(app)
    key(pygame.K_RETURN)
    frames(app)
    assert seen == ["yes", "no", "closed"]
    assert isinstance(scenes.top, LobbyScene)


def test_overlay_uses_a_snapshot_so_below_is_not_redrawn(app: App) -> None:
    settle(app)
    scenes = app.context.scenes
    dialog = overlays.MessageDialog(app.context, "Note", ["Hello"])
    scenes.push(dialog)
    frames(app, 2)
    assert dialog.opaque
    assert scenes._visible_scenes() == [dialog]


def test_autoplay_menu_builds_a_config(app: App) -> None:
    settle(app)
    chosen: list[AutoplayConfig] = []
    app.context.scenes.push(overlays.AutoplayMenu(app.context, chosen.append, bet=100))
    frames(app)
    key(pygame.K_RIGHT)  # rounds 10 -> 25
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # single win over 5x bet
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)
    key(pygame.K_RIGHT)  # loss over 10x bet
    key(pygame.K_RETURN)
    frames(app)
    assert chosen == [AutoplayConfig(rounds=25, stop_on_feature=True, stop_single_win_over=500,
                                     stop_loss_over=1_000)]


def test_history_replays_the_chosen_round(app: App) -> None:
    settle(app)
    session = PlaySession(app.context.wallet, get_game("halloween_vacation"), seed=3)
    for _ in range(3):
        session.settle(session.spin())
    records = session.history(10)
    replayed: list[int] = []
    app.context.scenes.push(overlays.HistoryOverlay(app.context, records, lambda r: replayed.append(r.id)))
    frames(app)
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    frames(app)
    assert replayed == [records[1].id]
    assert isinstance(app.context.scenes.top, LobbyScene)


def test_history_lists_each_grant_of_free_games_with_when_and_why_among_the_rounds(app: App) -> None:
    settle(app)
    wallet = app.context.wallet
    session = PlaySession(wallet, get_game("halloween_vacation"), seed=3)
    session.settle(session.spin())
    grant = wallet.grant_free_games(5, 100, "halloween_vacation", reason="welcome back")
    session.settle(session.spin(free=True))
    overlay = overlays.HistoryOverlay(app.context, session.history(10), lambda r: replayed.append(r.id),
                                      grants=wallet.free_games("halloween_vacation", used=True))
    replayed: list[int] = []
    kinds = [type(entry).__name__ for entry in overlay.entries]
    assert kinds == ["RoundRecord", "FreeGames", "RoundRecord"]  # newest first: the free game, its grant, the round
    cells = overlays.history.grant_cells(overlay.entries[1])
    assert [text for text, _ in cells][1:] == ["5 x 1.00", "-", "-", "+5.00 bonus",
                                               "5 free games granted · welcome back"]
    assert overlay.entries[1].id == grant.id and overlay.records == [overlay.entries[0], overlay.entries[2]]
    app.context.scenes.push(overlay)
    frames(app)
    key(pygame.K_DOWN)  # the grant: nothing to replay
    key(pygame.K_RETURN)
    frames(app)
    assert replayed == [] and app.context.scenes.top is overlay
    key(pygame.K_DOWN)
    key(pygame.K_RETURN)
    frames(app)
    assert replayed == [overlay.entries[2].id]


def test_help_pages_turn_and_close(app: App) -> None:
    settle(app)

    class Page:
        def __init__(self, title: str) -> None:
            self.title = title
            self.draws = 0

        def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
            self.draws += 1
            pygame.draw.rect(surface, (200, 100, 50), rect.inflate(-20, -20), 4)

    pages = [Page("Pays"), Page("Rules"), Page("Lines")]
    help_overlay = overlays.HelpOverlay(app.context, "Help", pages)
    app.context.scenes.push(help_overlay)
    frames(app, 5)
    key(pygame.K_RIGHT)
    frames(app, 5)
    key(pygame.K_PAGEDOWN)
    frames(app, 5)
    key(pygame.K_PAGEDOWN)
    frames(app)
    assert help_overlay.page == 0
    assert [p.draws for p in pages] == [1, 1, 1]  # each page drawn once, then cached
    key(pygame.K_F1)
    frames(app)
    assert isinstance(app.context.scenes.top, LobbyScene)


def test_settings_persist(app: App) -> None:
    settle(app)
    session = PlaySession(app.context.wallet, get_game("halloween_vacation"))
    settings = overlays.SettingsOverlay(app.context, session)
    app.context.scenes.push(settings)
    frames(app)
    audio = app.context.audio
    music_before, effects_before = audio.music_volume, audio.effects_volume
    key(pygame.K_DOWN)
    key(pygame.K_LEFT)  # music off
    key(pygame.K_DOWN)
    key(pygame.K_LEFT)  # music volume down a step
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_LEFT)  # effects volume down a step
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # turbo on
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # reduced motion on
    key(pygame.K_DOWN)
    key(pygame.K_RIGHT)  # budget: first step
    key(pygame.K_RETURN)
    frames(app)
    wallet = app.context.wallet
    assert (audio.music_on, audio.effects_on) == (False, True)
    assert audio.music_volume == music_before - 10 == wallet.setting("music_volume")
    assert audio.effects_volume == effects_before - 10 == wallet.setting("effects_volume")
    assert wallet.setting("music_on") is False
    assert wallet.setting("turbo") is True
    assert wallet.setting("reduced_motion") is True and app.context.flags["reduced_motion"] is True
    assert wallet.setting("budget") == step_budget(None, +1) == session.budget


def test_reality_check_appears_when_due(app: App) -> None:
    settle(app)
    app.reality = RealityCheck(interval=0.05)
    frames(app, 6)
    top = app.context.scenes.top
    assert isinstance(top, overlays.MessageDialog) and top.title == "Reality check"


def test_frame_stats_percentiles() -> None:
    stats = FrameStats()
    for ms in range(1, 101):
        stats.add(ms / 1000)
    assert stats.frames == 100
    assert stats.percentile(50) == pytest.approx(50.01, abs=0.02)
    assert stats.percentile(99) == pytest.approx(99.01, abs=0.02)
    assert stats.max_ms == pytest.approx(100)
    assert stats.line(100 / 60).startswith("bench: frames=100 p50=")
    assert stats.over(16.7) == 84 and stats.over(33.3) == 67  # the frames of 17..100 ms and of 34..100 ms
    assert stats.line(100 / 60).endswith("over16.7ms=84 over33ms=67 after_1s: max=100.00ms over33ms=67")


def test_frame_stats_count_the_first_second_apart() -> None:
    stats = FrameStats()
    stats.add(0.050, since_start=0.2)  # the first screen's loading
    stats.add(0.040, since_start=0.9)
    for n in range(60):
        stats.add(0.005, since_start=1.0 + n / 60)
    stats.add(0.034, since_start=2.5)
    assert stats.max_ms == pytest.approx(50) and stats.over(33.3) == 3
    assert stats.settled_max_ms == pytest.approx(34) and stats.settled_over_33 == 1
    assert stats.line(2.0).endswith("after_1s: max=34.00ms over33ms=1")


def test_any_key_ends_the_demo_on_the_players_lobby(tmp_path: Path) -> None:
    data = tmp_path / "data"
    player = Wallet.open(data).wallet
    balance = player.balance
    player.close()
    application = harness.launch(data, "--demo", "--mute")
    try:
        frames(application, 120)
        assert application.demo is not None
        assert application.demo.wallet.history("halloween_vacation", 10) or application.demo.wallet.open_rounds()
        key(pygame.K_x)
        frames(application, 60)
        assert application.demo is None
        assert isinstance(application.context.scenes.top, LobbyScene)
        assert application.context.wallet.balance == balance
    finally:
        application.shutdown()


def test_unsettled_round_opens_its_game_with_a_notice(tmp_path: Path) -> None:
    data = tmp_path / "data"
    wallet = Wallet.open(data).wallet
    session = PlaySession(wallet, get_game("halloween_vacation"), seed=11)
    active = session.spin()  # paid, never shown: as if the app had been killed
    wallet.close()
    application = harness.launch(data, "--mute")
    try:
        scenes = application.context.scenes
        assert not isinstance(scenes.top, LobbyScene)
        assert type(scenes.top).__name__ == "HalloweenVacationScreen"
        assert any("is not finished: it goes on" in text for text in application.context.notices)
        frames(application, 600)
        assert application.context.wallet.open_rounds() == []
        assert application.context.wallet.history("halloween_vacation", 1)[0].id == active.round_id
    finally:
        application.shutdown()
