"""The Halloween Vacation screen driven like a player would: keys, fixed time steps, a real wallet."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import shutil
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.client import layout as layout_module
from game.client.audio import Audio
from game.client.autoplay import AutoplayConfig
from game.client.context import AppContext
from game.client.games.halloween_vacation.screen import HalloweenVacationScreen
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.client.scene import SceneManager
from game.engine import get_game
from game.paths import level_path
from game.session import PlaySession
from game.store import Wallet

DT = 1 / 60
BET = 100
GAME = get_game("halloween_vacation")


def _seed_with(predicate, start: int = 1) -> int:
    for seed in range(start, 100_000):
        if predicate(GAME.play(BET, seed)):
            return seed
    raise AssertionError("no seed found")


FREE_SEED = _seed_with(lambda r: r.features.get("free_games") and r.features.get("expanding_wilds"))
LINES_SEED = _seed_with(lambda r: not r.features and len(r.events[0]["wins"]) >= 2)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


def make_app(data_dir: Path, starting_balance: int = 100_000) -> AppContext:
    wallet = Wallet.open(data_dir, starting_balance=starting_balance).wallet
    return AppContext(scenes=SceneManager(), resources=Resources(), audio=Audio(wallet), wallet=wallet,
                      options=SimpleNamespace(seed=None, autoplay=None, demo=False))


def open_screen(app: AppContext, resume=None, budget=None) -> HalloweenVacationScreen:
    session = PlaySession(app.wallet, GAME, budget=budget)
    session.bet = BET
    screen = HalloweenVacationScreen(app, session, resume=resume)
    app.scenes.push(screen)
    return screen


def press(app: AppContext, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        app.scenes.handle_event(event)


def pump(app: AppContext, seconds: float, surface: pygame.Surface | None = None) -> None:
    for frame in range(round(seconds / DT)):
        app.scenes.update(DT)
        if surface is not None and frame % 10 == 0:
            app.scenes.draw(surface)


def until(app: AppContext, condition, limit: float = 400.0, surface=None) -> float:
    t = 0.0
    while not condition():
        app.scenes.update(DT)
        if surface is not None and int(t / DT) % 15 == 0:
            app.scenes.draw(surface)
        t += DT
        assert t < limit, "timed out"
    return t


def test_autoplay_through_a_free_game_settles_every_round(tmp_path, display):
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    start = app.wallet.balance
    seeds = [FREE_SEED, LINES_SEED, 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    until(app, lambda: not screen.autoplaying and screen.is_idle(), surface=display)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert sorted(r.win for r in records) == sorted(wins)
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert screen.money.balance == app.wallet.balance
    assert screen.money.counter.shown == wins[-1]
    assert not app.wallet.open_rounds()


def test_quick_stop_lands_every_reel_at_once(tmp_path):
    app = make_app(tmp_path)
    screen = open_screen(app)
    press(app, pygame.K_SPACE)
    pump(app, 0.2)
    assert screen.reels.spinning
    press(app, pygame.K_SPACE)
    pump(app, 0.32)
    assert not screen.reels.spinning
    assert screen.reels.window == screen.active.events[0]["window"]


def test_every_key_does_its_job(tmp_path):
    from game.client.overlays import AutoplayMenu, HelpOverlay, HistoryOverlay
    from game.client.scenes.lobby import LobbyScene

    app = make_app(tmp_path)
    screen = open_screen(app)
    bets = GAME.bets
    for key, step in ((pygame.K_RIGHT, 1), (pygame.K_LEFT, -1), (pygame.K_PLUS, 1), (pygame.K_MINUS, -1),
                      (pygame.K_EQUALS, 1), (pygame.K_KP_MINUS, -1)):
        before = screen.session.bet
        press(app, key)
        assert screen.session.bet == bets[bets.index(before) + step]
        assert screen.money.bet_text.endswith(f"= {screen.session.bet // 100}.{screen.session.bet % 100:02d}")
    turbo = screen.turbo
    press(app, pygame.K_t)
    assert screen.turbo is not turbo
    muted = app.audio.muted
    press(app, pygame.K_m)
    assert app.audio.muted is not muted
    for key, overlay in ((pygame.K_i, HelpOverlay), (pygame.K_F1, HelpOverlay), (pygame.K_h, HistoryOverlay),
                         (pygame.K_a, AutoplayMenu)):
        press(app, key)
        assert isinstance(app.scenes.top, overlay)
        app.scenes.draw(pygame.display.get_surface())
        press(app, pygame.K_ESCAPE)
        pump(app, 0.5)
        assert app.scenes.top is screen
    balance = app.wallet.balance
    press(app, pygame.K_RETURN)
    assert screen.busy and app.wallet.balance == balance - screen.session.bet
    press(app, pygame.K_SPACE)  # quick stop
    until(app, lambda: not screen.reels.spinning, limit=2)
    press(app, pygame.K_ESCAPE)  # finishes and settles the round, then back to the lobby
    assert not app.wallet.open_rounds()
    pump(app, 1.0)
    assert isinstance(app.scenes.top, LobbyScene)


def test_any_key_stops_autoplay(tmp_path):
    app = make_app(tmp_path)
    screen = open_screen(app)
    screen.start_autoplay(AutoplayConfig(rounds=None))
    pump(app, 0.6)
    assert screen.autoplaying and screen.busy
    press(app, pygame.K_q)
    assert not screen.autoplaying


def test_resume_mid_free_game_settles_once(tmp_path, display):
    app = make_app(tmp_path)
    session = PlaySession(app.wallet, GAME)
    session.bet = BET
    start = app.wallet.balance
    active = session.spin(seed=FREE_SEED)
    free_spins = [i for i, e in enumerate(active.events) if e["type"] == "free_spin"]
    step = free_spins[len(free_spins) // 2] + 1
    session.mark_progress(active, step)
    # a new run finds the open round and resumes it at the step it reached
    app2 = make_app(tmp_path)
    session2 = PlaySession(app2.wallet, GAME)
    resume = session2.resume_open_round()
    assert resume is not None and resume.step == step
    screen = HalloweenVacationScreen(app2, session2, resume=resume)
    app2.scenes.push(screen)
    pump(app2, DT)
    shown = active.events[step - 1]
    assert screen.feature.in_free
    assert sorted(screen.feature.sticky) == sorted(tuple(c) for c in shown["sticky"])
    assert screen.feature.exp_x == (shown["expanding"]["x"] if shown["expanding"] else None)
    assert screen.banner.visible  # "Resuming your unfinished round"
    until(app2, screen.is_idle, surface=display)
    win = GAME.play(BET, FREE_SEED).win
    assert app2.wallet.balance == start - BET + win
    assert not app2.wallet.open_rounds()
    credits = [e for e in app2.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_replay_from_history_does_not_touch_the_wallet(tmp_path):
    app = make_app(tmp_path)
    screen = open_screen(app)
    screen.spin(seed=LINES_SEED)
    until(app, screen.is_idle)
    balance, ledger = app.wallet.balance, len(app.wallet.ledger())
    record = screen.session.history(1)[0]
    screen.replay(record)
    assert screen.replaying is record
    until(app, screen.is_idle)
    assert app.wallet.balance == balance and len(app.wallet.ledger()) == ledger
    assert screen.money.counter.shown == record.win


def test_insufficient_balance_offers_a_top_up(tmp_path):
    from game.client.overlays import ConfirmDialog

    app = make_app(tmp_path, starting_balance=30)
    screen = open_screen(app)
    press(app, pygame.K_SPACE)
    assert not screen.busy
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    dialog._confirm()
    assert app.wallet.balance > 30
    assert screen.money.balance == app.wallet.balance


def test_budget_reached_stops_autoplay_with_a_message(tmp_path):
    from game.client.overlays import MessageDialog

    app = make_app(tmp_path)
    screen = open_screen(app, budget=50)
    screen.start_autoplay(AutoplayConfig(rounds=5))
    pump(app, 0.1)
    assert not screen.autoplaying
    assert isinstance(app.scenes.top, MessageDialog)
    assert app.wallet.balance == 100_000


def test_help_pages_draw(tmp_path):
    app = make_app(tmp_path)
    screen = open_screen(app)
    pages = screen.help_pages()
    assert [p.title for p in pages][:3] == ["Paytable", "Rules", "50 Lines"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())


def test_a_missing_region_names_the_file_and_object(tmp_path, monkeypatch):
    source = level_path("halloween_vacation.tmx")
    copy = tmp_path / "halloween_vacation.tmx"
    shutil.copy(source, copy)
    text = copy.read_text()
    lines = [line for line in text.splitlines() if 'name="spin"' not in line]
    copy.write_text("\n".join(lines))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = make_app(tmp_path / "wallet")
    with pytest.raises(LayoutError) as caught:
        open_screen(app)
    assert str(copy) in str(caught.value) and "'spin'" in str(caught.value)


def test_leaving_mid_free_game_settles_the_round(tmp_path):
    from game.client.scenes.lobby import LobbyScene

    app = make_app(tmp_path)
    screen = open_screen(app)
    start = app.wallet.balance
    screen.spin(seed=FREE_SEED)
    until(app, lambda: screen.feature.in_free and screen.feature.spin >= 2)
    press(app, pygame.K_ESCAPE)
    assert app.wallet.balance == start - BET + GAME.play(BET, FREE_SEED).win
    assert not app.wallet.open_rounds()
    pump(app, 1.0)
    assert isinstance(app.scenes.top, LobbyScene)


def test_every_moment_of_a_free_game_round_has_its_sound(tmp_path, display, monkeypatch):
    """Spin, stops, scatters, the feature, sticky and expanding wilds, wins and the end all sound."""
    played: list[str] = []
    monkeypatch.setattr(Audio, "play", lambda self, name, *a, **k: played.append(name))
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    seed = _seed_with(lambda r: r.features.get("sticky_wilds") and r.features.get("expanding_wilds"))
    screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[seed]))
    until(app, lambda: not screen.autoplaying and screen.is_idle(), surface=display)
    heard = set(played)
    for name in ("spin_start", "reel_stop", "scatter_land", "feature_start", "sticky_lock", "expand",
                 "feature_end"):
        assert name in heard, f"no {name} sound in {sorted(heard)}"
    assert heard & {"win_small", "win_line", "win_big"}
    # every reel that spins lands with a sound (a scatter's chime replaces its thunk); while the
    # Expanding Wild stands, reel 3 does not spin
    assert played.count("reel_stop") + played.count("scatter_land") >= 5 + 8 * 4
