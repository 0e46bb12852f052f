"""The Fat Santa screen driven like a player would: keys, fixed time steps, a real wallet."""

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
from game.client.context import AppContext
from game.client.games.fat_santa.help import RtpPage
from game.client.games.fat_santa.presenter import state_before
from game.client.games.fat_santa.santa import approach, block_of
from game.client.games.fat_santa.screen import FatSantaScreen
from game.client.kit.director import RoundDirector
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.client.scene import SceneManager
from game.engine import get_game
from game.paths import level_path
from game.session import PlaySession
from game.store import Wallet

DT = 1 / 60
BET = 100
GAME = get_game("fat_santa")


def _seed_with(predicate, *, buy: bool = False, start: int = 1, limit: int = 20_000) -> int:
    for seed in range(start, start + limit):
        if predicate(GAME.play(BET, seed, buy=buy)):
            return seed
    raise AssertionError("no seed found")


def _spins(result) -> int:
    return sum(1 for e in result.events if e["type"] == "free_spin")


# a short bought feature in which Santa grows at least once
BUY_SEED = _seed_with(lambda r: r.features.get("size_2") and _spins(r) <= 9, buy=True)
# a base spin with the sleigh and nothing else
SLEIGH_SEED = _seed_with(lambda r: r.features.get("sleigh") and not r.features.get("free_games"))
# a base spin that triggers the free games
TRIGGER_SEED = _seed_with(lambda r: r.features.get("free_games"))


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


def open_screen(app: AppContext, resume=None) -> FatSantaScreen:
    session = PlaySession(app.wallet, GAME)
    session.bet = BET
    screen = FatSantaScreen(app, session, resume=resume)
    app.scenes.push(screen)
    return screen


def press(app: AppContext, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for event in pygame.event.get():
        app.scenes.handle_event(event)


def pump(app: AppContext, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.scenes.update(DT)


def until(app: AppContext, condition, limit: float = 600.0, surface=None, each=None) -> float:
    t = 0.0
    while not condition():
        app.scenes.update(DT)
        if each is not None:
            each()
        if surface is not None and int(t / DT) % 20 == 0:
            app.scenes.draw(surface)
        t += DT
        assert t < limit, "timed out"
    return t


def test_bonus_buy_with_b_then_enter_plays_the_feature_and_settles_once(tmp_path, display):
    from game.client.overlays import ConfirmDialog

    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    start = app.wallet.balance
    press(app, pygame.K_b)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert any("85.00" in line and "85x" in line for line in dialog.lines)  # the feature cost is shown
    assert app.wallet.balance == start
    # Enter buys: the seed is fixed through the session so the round is known
    original = screen.session.spin
    screen.session.spin = lambda seed=None, buy=False: original(seed=BUY_SEED, buy=buy)  # type: ignore[method-assign]
    press(app, pygame.K_RETURN)
    pump(app, 0.5)
    assert screen.busy and app.wallet.balance == start - 85 * BET
    sizes: set[int] = set()
    until(app, screen.is_idle, surface=display,
          each=lambda: sizes.add(screen.santa.block[2]) if screen.santa.block else None)
    result = GAME.play(BET, BUY_SEED, buy=True)
    end = next(e for e in result.events if e["type"] == "free_games_end")
    assert app.wallet.balance == start - 85 * BET + result.win
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"]
    assert records[0].win == result.win
    credits = [e for e in app.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if result.win else 0)
    assert not app.wallet.open_rounds()
    assert screen.money.counter.shown == result.win
    # Santa grew as the round said, and stays on the reels at his final size until the next spin
    assert end["size"] >= 2 and max(sizes) == end["size"] and 1 in sizes
    assert screen.santa.block is not None and screen.santa.block[2] == end["size"]


def test_base_spin_with_the_sleigh_locks_pies_before_the_reels_stop(tmp_path, display):
    app = make_app(tmp_path)
    screen = open_screen(app)
    start = app.wallet.balance
    result = GAME.play(BET, SLEIGH_SEED)
    spin = result.events[0]
    pies = {tuple(cell) for cell in spin["sleigh"]["pies"]}
    assert screen.spin(seed=SLEIGH_SEED)
    seen_flying = False
    locked_when_landed = None
    while screen.reels.spinning:
        app.scenes.update(DT)
        app.scenes.draw(display)
        seen_flying = seen_flying or screen.sleigh.flying
        if screen.reels.reels[0].phase not in ("spin", "wind") and locked_when_landed is None:
            locked_when_landed = set(screen.sleigh.held)
    assert seen_flying
    assert locked_when_landed == pies  # every pie locked before reel 1 began to land
    # what landed beneath a pie shows, then the pie replaces it
    assert screen.reels.window == spin["landed"]
    until(app, lambda: screen.reels.window == spin["window"], limit=5)
    until(app, screen.is_idle)
    assert app.wallet.balance == start - BET + result.win
    assert not app.wallet.open_rounds()


def test_a_triggered_feature_brings_santa_on_from_reel_one(tmp_path, display):
    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    result = GAME.play(BET, TRIGGER_SEED)
    begin = next(e for e in result.events if e["type"] == "free_games_start")
    screen.spin(seed=TRIGGER_SEED)
    until(app, lambda: screen.santa.visible, surface=display)
    assert screen.santa.block == block_of(begin["santa"]) and block_of(begin["santa"])[0] == 0
    assert screen.meter.in_free and screen.spins.in_free and screen.spins.total == begin["spins"]
    until(app, screen.is_idle, surface=display)
    assert app.wallet.balance == 1_000_000 - BET + result.win


def test_autoplay_settles_every_round(tmp_path, display):
    from game.client.autoplay import AutoplayConfig

    app = make_app(tmp_path)
    app.flags["turbo"] = True
    screen = open_screen(app)
    start = app.wallet.balance
    seeds = [SLEIGH_SEED, TRIGGER_SEED, 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    until(app, lambda: not screen.autoplaying and screen.is_idle(), surface=display)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert not app.wallet.open_rounds()


def test_leaving_mid_free_game_settles_the_round(tmp_path):
    from game.client.scenes.lobby import LobbyScene

    app = make_app(tmp_path)
    screen = open_screen(app)
    start = app.wallet.balance
    screen.spin(seed=BUY_SEED, buy=True)
    until(app, lambda: screen.spins.spin >= 2)
    press(app, pygame.K_ESCAPE)
    assert app.wallet.balance == start - 85 * BET + GAME.play(BET, BUY_SEED, buy=True).win
    assert not app.wallet.open_rounds()
    pump(app, 1.0)
    assert isinstance(app.scenes.top, LobbyScene)


def test_resume_mid_free_game_shows_santa_meter_and_spins_then_settles_once(tmp_path, display):
    app = make_app(tmp_path)
    session = PlaySession(app.wallet, GAME)
    session.bet = BET
    start = app.wallet.balance
    active = session.spin(seed=BUY_SEED, buy=True)
    free_spins = [i for i, e in enumerate(active.events) if e["type"] == "free_spin"]
    grown = [i for i in free_spins if active.events[i]["santa"]["size"] >= 2]
    step = (grown[0] if grown else free_spins[len(free_spins) // 2]) + 1
    session.mark_progress(active, step)
    # a new run finds the open round and resumes it where it stopped
    app2 = make_app(tmp_path)
    session2 = PlaySession(app2.wallet, GAME)
    resume = session2.resume_open_round()
    assert resume is not None and resume.step == step
    screen = FatSantaScreen(app2, session2, resume=resume)
    app2.scenes.push(screen)
    pump(app2, DT)
    app2.scenes.draw(display)
    shown = active.events[step - 1]
    total = max(e["spins"] for e in active.events[:step] if e["type"] in ("free_spin", "extra_spins"))
    assert screen.santa.block == block_of(shown["santa"])
    assert (screen.meter.pies, screen.meter.needed, screen.meter.fills) == (
        shown["meter"]["pies"], shown["meter"]["needed"], shown["meter"]["fills"])
    assert screen.meter.in_free and (screen.spins.spin, screen.spins.total) == (shown["spin"], total)
    assert screen.banner.visible  # "Resuming your unfinished round"
    until(app2, screen.is_idle, surface=display)
    win = GAME.play(BET, BUY_SEED, buy=True).win
    assert app2.wallet.balance == start - 85 * BET + win
    assert not app2.wallet.open_rounds()
    credits = [e for e in app2.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_state_before_follows_santa_and_the_meter():
    events = GAME.play(BET, BUY_SEED, buy=True).events
    assert state_before(events, 0).santa is None
    begin = events[0]
    state = state_before(events, 1)
    assert state.in_free and state.santa == block_of(begin["santa"]) and state.total == begin["spins"]
    for index, event in enumerate(events):
        if event["type"] == "free_spin":
            state = state_before(events, index + 1)
            assert state.santa == block_of(event["santa"]) and state.spin == event["spin"]
            assert state.meter["pies"] == event["meter"]["pies"]


def test_santa_eats_a_pie_from_inside_the_block_he_grows_into():
    # 1x1 at (3, 4) eats the pie at (4, 3) and grows into the 2x2 at (3, 3)
    assert approach((3, 4, 1), (4, 3), (3, 3, 2)) == (4, 3, 1)
    # already standing on the pie inside the new block: no walk
    assert approach((2, 2, 2), (3, 3), (2, 2, 3)) == (2, 2, 2)
    for current, pie, after in (((0, 0, 1), (4, 4), (3, 3, 2)), ((1, 1, 2), (0, 4), (0, 2, 3)),
                                ((0, 0, 3), (4, 1), (1, 0, 4))):
        c, r, s = approach(current, pie, after)
        assert s == current[2]
        assert c <= pie[0] < c + s and r <= pie[1] < r + s
        assert after[0] <= c and c + s <= after[0] + after[2] and after[1] <= r and r + s <= after[1] + after[2]


def test_the_cap_is_announced(tmp_path, display):
    app = make_app(tmp_path)
    screen = open_screen(app)
    events = GAME.play(BET, BUY_SEED, buy=True).events
    cut = next(i for i, e in enumerate(events) if e["type"] == "free_spin")
    capped = [*events[:cut + 1],
              {"type": "cap_reached", "x": "11322.76"},
              {"type": "round_end", "x": "11322.76", "win": 1_132_276, "capped": True}]
    screen.director = RoundDirector.for_replay(screen, SimpleNamespace(events=capped, bet=BET, pending=None))
    until(app, lambda: screen.spins.capped, surface=display)
    assert screen.banner.visible
    app.scenes.draw(display)
    until(app, lambda: screen.director is None or screen.director.done, surface=display)
    assert screen.money.counter.target == 1_132_276


@pytest.mark.parametrize("bet_index", [0, 7, -1])
def test_help_pages_draw_at_several_bets(tmp_path, bet_index):
    app = make_app(tmp_path)
    screen = open_screen(app)
    screen.session.bet = GAME.bets[bet_index]
    pages = screen.help_pages()
    assert [p.title for p in pages] == ["Paytable", "Wilds & Sleigh", "Free Games", "50 Lines", "RTP & max win"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())
        assert surface.get_bounding_rect().w > 500


def test_rtp_page_reads_measured_figures_or_says_not_measured(tmp_path):
    missing = RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    facts = {label: value for label, value, _ in missing.facts()}
    assert facts["Return to player (printed)"] == "94.15%"
    assert facts["Bonus Buy RTP (printed)"] == "94.20%"
    assert facts["Measured by simulation"] == "not measured yet"
    assert facts["Bonus Buy measured"] == "not measured yet"
    assert facts["Maximum win"].startswith("11,322.76x")
    (tmp_path / "rtp.json").write_text(json.dumps({"rtp": 0.9413, "ci_low": 0.938, "ci_high": 0.9446,
                                                   "rounds": 1000000}))
    (tmp_path / "rtp_buy.json").write_text(json.dumps({"rtp": 0.9425, "rounds": 200000}))
    measured = RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    facts = {label: (value, detail) for label, value, detail in measured.facts()}
    assert facts["Measured by simulation"][0] == "94.13%" and "1,000,000 rounds" in facts["Measured by simulation"][1]
    assert facts["Bonus Buy measured"][0] == "94.25%"


def test_paytable_shows_money_at_the_line_bet(tmp_path):
    from game.client.games.fat_santa.help import line_bet_text, pays_of

    lines = len(GAME.description.lines)
    assert line_bet_text(100, lines) == "0.02" and line_bet_text(10, lines) == "0.002"
    assert line_bet_text(250, lines) == "0.05"
    pays = pays_of(GAME)
    assert set(pays) == set(GAME.symbols)
    assert all(isinstance(v, Fraction) for row in pays.values() for v in row.values())


def test_a_missing_region_names_the_file_and_object(tmp_path, monkeypatch):
    copy = tmp_path / "fat_santa.tmx"
    shutil.copy(level_path("fat_santa.tmx"), copy)
    lines = [line for line in copy.read_text().splitlines() if 'name="meter"' not in line]
    copy.write_text("\n".join(lines))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = make_app(tmp_path / "wallet")
    with pytest.raises(LayoutError) as caught:
        open_screen(app)
    assert str(copy) in str(caught.value) and "'meter'" in str(caught.value)
