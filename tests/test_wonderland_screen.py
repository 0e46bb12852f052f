"""The Santa's Wonderland screen driven like a player would: keys, fixed time steps, a real wallet."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
import shutil
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.client import layout as layout_module
from game.client.audio import Audio
from game.client.autoplay import AutoplayConfig
from game.client.context import AppContext
from game.client.games.santas_wonderland import help as help_module
from game.client.games.santas_wonderland.presenter import state_before
from game.client.games.santas_wonderland.screen import SantasWonderlandScreen
from game.client.kit.director import RoundDirector
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.client.scene import SceneManager
from game.client.widgets.banner import Banner
from game.engine import get_game
from game.engine.money import cents_of
from game.engine.rng import derive_seed
from game.paths import level_path
from game.session import PlaySession
from game.store import Wallet

DT = 1 / 60
GAME = get_game("santas_wonderland")
BET = GAME.default_bet
PRICE = GAME.cost(BET, buy=True)


def _seed_with(predicate, *, buy: bool = False, start: int = 1, master: bool = False) -> int:
    """The first seed (or master seed, whose first round seed is used) whose round fits."""
    for seed in range(start, start + 3000):
        round_seed = derive_seed(seed, 0) if master else seed
        if predicate(GAME.play(BET, round_seed, buy=buy)):
            return seed
    raise AssertionError("no seed found")


def _kinds(result) -> list[str]:
    return [e["type"] for e in result.events]


TUMBLE_SEED = _seed_with(lambda r: _kinds(r).count("tumble") >= 3 and bool(r.features)
                         and "midnight_riches" not in r.features)
FEATURE_SEED = _seed_with(lambda r: len([k for k in r.features if k in ("refresh", "wild_santa", "blocks",
                                                                         "supersize", "lucky_santa")]) >= 3
                          and "midnight_riches" not in r.features)
BUY_MASTER = _seed_with(lambda r: r.features.get("level_2"), buy=True, master=True)
BUY_SEED = derive_seed(BUY_MASTER, 0)


def _base_feature_then_level_2(result) -> bool:
    kinds = _kinds(result)
    return bool(result.features.get("level_2")) and "feature" in kinds[:kinds.index("spin_end")]


RESUME_SEED = _seed_with(_base_feature_then_level_2, buy=True)


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    surface = pygame.display.set_mode((1280, 720))
    yield surface
    pygame.quit()


def make_app(data_dir: Path, starting_balance: int = 1_000_000) -> AppContext:
    wallet = Wallet.open(data_dir, starting_balance=starting_balance).wallet
    return AppContext(scenes=SceneManager(), resources=Resources(), audio=Audio(wallet), wallet=wallet,
                      options=SimpleNamespace(seed=None, autoplay=None, demo=False))


def open_screen(app: AppContext, resume=None, budget=None, seed=None) -> SantasWonderlandScreen:
    session = PlaySession(app.wallet, GAME, budget=budget, seed=seed)
    session.bet = BET
    screen = SantasWonderlandScreen(app, session, resume=resume)
    app.scenes.push(screen)
    return screen


def press(app: AppContext, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        app.scenes.handle_event(event)


def pump(app: AppContext, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.scenes.update(DT)


def until(app: AppContext, condition, limit: float = 900.0, surface=None) -> float:
    t = 0.0
    frame = 0
    while not condition():
        app.scenes.update(DT)
        if surface is not None and frame % 15 == 0:
            app.scenes.draw(surface)
        t += DT
        frame += 1
        assert t < limit, "timed out"
    return t


def last_grid(events, upto: int | None = None):
    grids = [e["grid"] for e in events[:upto] if "grid" in e]
    return grids[-1]


def record_banners(monkeypatch) -> list[tuple[str, str, tuple[str, ...]]]:
    shown: list[tuple[str, str, tuple[str, ...]]] = []
    real = Banner.show

    def spy(self, title, big="", lines=(), hint="", accent=(255, 190, 70)):
        shown.append((title, big, tuple(lines)))
        return real(self, title, big, lines, hint, accent)

    monkeypatch.setattr(Banner, "show", spy)
    return shown


def test_bought_midnight_riches_round_pays_once(tmp_path, display, monkeypatch):
    """B, then Enter on the price dialog: 100x the bet is taken, Midnight Riches plays its levels."""
    from game.client.overlays import ConfirmDialog

    banners = record_banners(monkeypatch)
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app, seed=BUY_MASTER)
    start = app.wallet.balance
    press(app, pygame.K_b)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert any(f"{PRICE // 100:,}.{PRICE % 100:02d}" in line for line in dialog.lines)
    app.scenes.draw(display)
    press(app, pygame.K_RETURN)
    until(app, lambda: screen.busy, limit=3)
    assert app.wallet.balance == start - PRICE == start - 100 * BET
    assert screen.active.play.buy and screen.active.play.seed == BUY_SEED
    levels_seen: list[int] = []
    midnight_seen = []

    def watch() -> bool:
        if screen.levels_panel.level and screen.levels_panel.level not in levels_seen:
            levels_seen.append(screen.levels_panel.level)
        midnight_seen.append(screen.in_midnight)
        return screen.is_idle()

    until(app, watch, surface=display)
    result = GAME.play(BET, BUY_SEED, buy=True)
    assert app.wallet.balance == start - PRICE + result.win
    credits = [e for e in app.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if result.win else 0)
    assert not app.wallet.open_rounds()
    assert screen.money.counter.shown == result.win
    titles = [b[0] for b in banners]
    assert "Midnight Riches bought" in titles and "Midnight Riches" in titles
    assert "Level 2" in titles and "Level 1 complete!" in titles and "Midnight Riches complete" in titles
    assert levels_seen[:2] == [1, 2]
    assert any(midnight_seen) and not screen.in_midnight  # back to the day grid at the end
    assert screen.grid.grid == last_grid(result.events)


def test_a_spin_with_tumbles_ends_on_the_engine_grid_and_win(tmp_path, display):
    app = make_app(tmp_path)
    screen = open_screen(app)
    start = app.wallet.balance
    press(app, pygame.K_SPACE)
    assert screen.busy and app.wallet.balance == start - BET
    seed = screen.active.play.seed
    seen_falling = False

    def watch() -> bool:
        nonlocal seen_falling
        seen_falling = seen_falling or bool(screen.grid.moving and screen.grid.bursting == {})
        return screen.is_idle()

    screen.finish_now()  # (a new spin is started below with a known seed)
    until(app, screen.is_idle, limit=5)
    balance = app.wallet.balance
    assert balance == start - BET + GAME.play(BET, seed).win
    screen.spin(seed=TUMBLE_SEED)
    until(app, watch, surface=display)
    result = GAME.play(BET, TUMBLE_SEED)
    assert seen_falling
    assert screen.grid.grid == last_grid(result.events)
    assert screen.money.counter.shown == result.win
    assert app.wallet.balance == balance - BET + result.win


def _play(tmp_path, seed: int, *, buy: bool, skip: bool, turbo: bool):
    app = make_app(tmp_path)
    app.flags["turbo"] = turbo
    screen = open_screen(app)
    screen.spin(seed=seed, buy=buy)
    t = 0.0
    while not screen.is_idle():
        if skip:
            press(app, pygame.K_SPACE)
        app.scenes.update(DT)
        t += DT
        assert t < 900
    return app.wallet.balance, screen.grid.grid, screen.money.counter.shown, t


@pytest.mark.parametrize("skip,turbo", [(True, False), (False, True)])
def test_skipping_and_turbo_change_nothing_but_time(tmp_path, skip, turbo):
    plain = _play(tmp_path / "plain", FEATURE_SEED, buy=False, skip=False, turbo=False)
    hurried = _play(tmp_path / "hurried", FEATURE_SEED, buy=False, skip=skip, turbo=turbo)
    assert hurried[:3] == plain[:3]
    assert hurried[3] < plain[3] / 2
    assert plain[2] == GAME.play(BET, FEATURE_SEED).win


def test_skipping_a_bought_round_lands_on_the_same_result(tmp_path):
    plain = _play(tmp_path / "plain", BUY_SEED, buy=True, skip=False, turbo=True)
    hurried = _play(tmp_path / "hurried", BUY_SEED, buy=True, skip=True, turbo=True)
    assert hurried[:3] == plain[:3]
    assert hurried[3] < plain[3] / 2


def _resume_points(events) -> dict[str, int]:
    kinds = [e["type"] for e in events]
    midnight_start = kinds.index("midnight_start")
    base_tumble = next(i for i, e in enumerate(events) if e["type"] == "tumble" and i < midnight_start)
    feature = next(i for i, e in enumerate(events) if e["type"] == "feature")
    level2 = next(i for i, e in enumerate(events) if e["type"] == "level_start" and e["level"] == 2)
    mid_feature = next(i for i, e in enumerate(events) if i > level2 and e["type"] == "feature"
                       and e["feature"] == "blocks")
    return {"mid-tumble": base_tumble, "mid-feature": feature + 1, "mid-midnight": mid_feature + 1}


@pytest.mark.parametrize("where", ["mid-tumble", "mid-feature", "mid-midnight"])
def test_resume_shows_the_state_reached_and_settles_once(tmp_path, display, where):
    app = make_app(tmp_path)
    session = PlaySession(app.wallet, GAME)
    session.bet = BET
    start = app.wallet.balance
    active = session.spin(seed=RESUME_SEED, buy=True)
    step = _resume_points(active.events)[where]
    session.mark_progress(active, step)
    # a new run finds the open round and resumes it at the step it reached
    app2 = make_app(tmp_path)
    session2 = PlaySession(app2.wallet, GAME)
    resume = session2.resume_open_round()
    assert resume is not None and resume.step == step
    screen = SantasWonderlandScreen(app2, session2, resume=resume)
    app2.scenes.push(screen)
    app2.scenes.update(DT)
    app2.scenes.draw(display)
    events = active.events
    state = state_before(events, step)
    assert screen.grid.grid == last_grid(events, step)
    assert screen.money.counter.shown == cents_of(state.won, BET)
    assert screen.banner.visible  # "Resuming your round"
    if where == "mid-midnight":
        assert screen.in_midnight and screen.levels_panel.level == 2 and screen.meter.level == 2
        assert screen.meter.shown == state.collected
        assert screen.features_panel.state["blocks"] == "done"
        assert screen.features_panel.state["lucky_santa"] == "idle"
    else:
        assert not screen.in_midnight
        assert sorted(screen.markers.cells) == sorted(state.markers)
        if where == "mid-feature":
            played = events[step - 1]["feature"]
            assert screen.features_panel.state[played] == "done"
    until(app2, screen.is_idle, surface=display)
    win = GAME.play(BET, RESUME_SEED, buy=True).win
    assert app2.wallet.balance == start - PRICE + win
    assert not app2.wallet.open_rounds()
    credits = [e for e in app2.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_autoplay_settles_every_round(tmp_path, display):
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    start = app.wallet.balance
    seeds = [TUMBLE_SEED, FEATURE_SEED, 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    until(app, lambda: not screen.autoplaying and screen.is_idle(), surface=display)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert screen.money.counter.shown == wins[-1]


def test_buying_needs_the_balance_and_respects_the_budget(tmp_path):
    from game.client.overlays import ConfirmDialog, MessageDialog

    app = make_app(tmp_path, starting_balance=PRICE - 1)
    screen = open_screen(app)
    press(app, pygame.K_b)
    assert isinstance(app.scenes.top, MessageDialog) and not screen.busy
    app2 = make_app(tmp_path / "budget")
    screen2 = open_screen(app2, budget=PRICE // 2)
    press(app2, pygame.K_b)
    assert isinstance(app2.scenes.top, ConfirmDialog)
    press(app2, pygame.K_RETURN)
    pump(app2, 0.5)
    assert not screen2.busy and app2.wallet.balance == 1_000_000
    assert isinstance(app2.scenes.top, MessageDialog)


def test_the_cap_is_announced_and_the_rest_forfeited(tmp_path, display, monkeypatch):
    """A capped round (made by hand in the shape of the event contract) says so clearly."""
    banners = record_banners(monkeypatch)
    app = make_app(tmp_path)
    screen = open_screen(app)
    base = GAME.play(BET, BUY_SEED, buy=True).events
    cut = next(i for i, e in enumerate(base) if e["type"] == "level_start")
    events = [*base[:cut + 1], {"type": "cap_reached", "x": "7500"},
              {"type": "round_end", "x": "7500", "win": cents_of(Fraction(7500), BET), "capped": True}]
    screen.on_round_start()
    screen.director = RoundDirector.for_replay(screen, SimpleNamespace(events=events, bet=BET, pending=None))
    until(app, lambda: screen.director is None or screen.director.done, surface=display)
    lines = [line for _, _, lines in banners for line in lines]
    assert "Max win 7,500x reached \u2014 remaining features forfeited" in lines
    assert ("Max win reached!", "7,500x") in [(t, b) for t, b, _ in banners]
    assert screen.money.counter.shown == 7500 * BET
    assert not screen.in_midnight


@pytest.mark.parametrize("bet", [GAME.bets[0], BET, GAME.bets[-1]])
def test_help_pages_draw_at_several_bets(tmp_path, bet):
    app = make_app(tmp_path)
    screen = open_screen(app)
    screen.session.bet = bet
    pages = screen.help_pages()
    assert [p.title for p in pages] == ["Paytable", "Rules", "Features", "Midnight Riches", "RTP & max win"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())
        assert surface.get_bounding_rect().w > 500
    money = {p.title: p for p in pages}
    assert money["Paytable"].bet == bet


def test_rtp_page_reads_the_measured_figures_or_says_not_yet(tmp_path):
    missing = help_module.RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    facts = missing.facts()
    assert ("Return to player", "not measured yet") in facts
    assert ("With Midnight Riches bought", "not measured yet") in facts
    base = {"rtp": 0.9612, "ci_low": 0.955, "ci_high": 0.967, "rounds": 1000000, "hit_rate": 0.31,
            "features": {"midnight_riches": {"one_in": 412.5}}, "max_win_x": 1234.5}
    (tmp_path / "rtp.json").write_text(json.dumps(base))
    (tmp_path / "rtp_buy.json").write_text(json.dumps({**base, "rtp": 0.9655, "buy": True}))
    page = help_module.RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    facts = dict(page.facts())
    assert facts["Return to player"].startswith("96.12%")
    assert facts["With Midnight Riches bought"].startswith("96.55%")
    assert facts["Midnight Riches"] == "about 1 in 412 rounds"


def test_a_missing_region_names_the_file_and_object(tmp_path, monkeypatch):
    source = level_path("santas_wonderland.tmx")
    copy = tmp_path / "santas_wonderland.tmx"
    shutil.copy(source, copy)
    lines = [line for line in copy.read_text().splitlines() if 'name="meter"' not in line]
    copy.write_text("\n".join(lines))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = make_app(tmp_path / "wallet")
    with pytest.raises(LayoutError) as caught:
        open_screen(app)
    assert str(copy) in str(caught.value) and "'meter'" in str(caught.value)


def test_leaving_mid_midnight_settles_the_round(tmp_path):
    from game.client.scenes.lobby import LobbyScene

    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    start = app.wallet.balance
    screen.spin(seed=BUY_SEED, buy=True)
    until(app, lambda: screen.in_midnight and screen.levels_panel.level >= 1)
    press(app, pygame.K_ESCAPE)
    assert app.wallet.balance == start - PRICE + GAME.play(BET, BUY_SEED, buy=True).win
    assert not app.wallet.open_rounds()
    pump(app, 1.0)
    assert isinstance(app.scenes.top, LobbyScene)


def test_keys_open_the_overlays_and_change_the_bet(tmp_path, display):
    from game.client.overlays import AutoplayMenu, HelpOverlay, HistoryOverlay

    app = make_app(tmp_path)
    screen = open_screen(app)
    bets = GAME.bets
    for key, step in ((pygame.K_RIGHT, 1), (pygame.K_LEFT, -1), (pygame.K_PLUS, 1), (pygame.K_MINUS, -1)):
        before = screen.session.bet
        press(app, key)
        assert screen.session.bet == bets[bets.index(before) + step]
    turbo = screen.turbo
    press(app, pygame.K_t)
    assert screen.turbo is not turbo
    for key, overlay in ((pygame.K_i, HelpOverlay), (pygame.K_h, HistoryOverlay), (pygame.K_a, AutoplayMenu)):
        press(app, key)
        assert isinstance(app.scenes.top, overlay)
        app.scenes.draw(display)
        if overlay is HelpOverlay:
            for _ in range(4):  # every page draws inside the overlay
                press(app, pygame.K_RIGHT)
                app.scenes.draw(display)
        press(app, pygame.K_ESCAPE)
        pump(app, 0.8)
        assert app.scenes.top is screen


def test_replay_from_history_does_not_touch_the_wallet(tmp_path):
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    screen.spin(seed=BUY_SEED, buy=True)
    until(app, screen.is_idle)
    balance, ledger = app.wallet.balance, len(app.wallet.ledger())
    record = screen.session.history(1)[0]
    screen.replay(record)
    assert screen.replaying is record
    until(app, screen.is_idle)
    assert app.wallet.balance == balance and len(app.wallet.ledger()) == ledger
    assert screen.money.counter.shown == record.win
    assert not screen.in_midnight
