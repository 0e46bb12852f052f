"""The Halloween Vacation screen driven like a player would: keys, fixed time steps, a real wallet."""

from __future__ import annotations

import json
import shutil

import pygame
import pytest

from game.client import layout as layout_module
from game.client.audio import Audio
from game.client.autoplay import AutoplayConfig
from game.client.games.halloween_vacation.help import RtpPage
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.engine import get_game
from game.paths import level_path
from tests import harness
from tests.halloween_fixtures import BET, free_seed, lines_seed, sticky_and_expanding_seed

GAME_ID = "halloween_vacation"
GAME = get_game(GAME_ID)
BALANCE = 100_000  # the wallet every test here starts on
LIMIT = 400.0  # seconds of screen time a round here may take
DRAW_EVERY = 15  # frames between draws while running on a surface

pytestmark = pytest.mark.usefixtures("display")


def open_game(data_dir, surface=None, **options) -> harness.Harness:
    """The screen at bet 1.00 on a fresh wallet of 1,000.00 (unless told otherwise)."""
    options.setdefault("starting_balance", BALANCE)
    return harness.open_game(data_dir, GAME_ID, surface=surface, bet=BET, **options)


def middle_free_spin(events) -> int:
    """The step just after the middle free spin."""
    free_spins = [i for i, e in enumerate(events) if e["type"] == "free_spin"]
    return free_spins[len(free_spins) // 2] + 1


def test_autoplay_through_a_free_game_settles_every_round(tmp_path, display):
    h = open_game(tmp_path, display, turbo=True)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seeds = [free_seed(), lines_seed(), 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    h.until(lambda: not screen.autoplaying and screen.is_idle(), LIMIT, draw_every=DRAW_EVERY)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert sorted(r.win for r in records) == sorted(wins)
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert screen.money.balance == app.wallet.balance
    assert screen.money.counter.shown == wins[-1]
    assert not app.wallet.open_rounds()


def test_quick_stop_lands_every_reel_at_once(tmp_path):
    h = open_game(tmp_path)
    screen = h.screen
    h.press(pygame.K_SPACE)
    h.pump(0.2)
    assert screen.reels.spinning
    h.press(pygame.K_SPACE)
    h.pump(0.32)
    assert not screen.reels.spinning
    assert screen.reels.window == screen.active.events[0]["window"]


def test_every_key_does_its_job(tmp_path, display):
    from game.client.overlays import AutoplayMenu, HelpOverlay, HistoryOverlay
    h = open_game(tmp_path)
    app, screen = h.app, h.screen
    bets = GAME.bets
    for key, step in ((pygame.K_RIGHT, 1), (pygame.K_LEFT, -1), (pygame.K_PLUS, 1), (pygame.K_MINUS, -1),
                      (pygame.K_EQUALS, 1), (pygame.K_KP_MINUS, -1)):
        before = screen.session.bet
        h.press(key)
        assert screen.session.bet == bets[bets.index(before) + step]
        bet = screen.session.bet
        assert screen.money.bet_text == f"{bet // 100}.{bet % 100:02d}"  # one amount; the breakdown beside it
        value, level = GAME.bet_breakdown(bet)
        assert screen.money.bet_detail == f"{value // 100}.{value % 100:02d} x {level} x 50"
    turbo = screen.turbo
    h.press(pygame.K_t)
    assert screen.turbo is not turbo
    assert screen.buttons["turbo"].lit is screen.turbo and screen.buttons["turbo"].label == (
        "TURBO ON" if screen.turbo else "TURBO")
    assert not screen.hints.visible
    h.press(pygame.K_F1)  # the key hints on demand, not a panel on every screen
    assert screen.hints.visible and app.scenes.top is screen
    h.press(pygame.K_F1)
    assert not screen.hints.visible
    muted = app.audio.muted
    h.press(pygame.K_m)
    assert app.audio.muted is not muted
    for key, overlay in ((pygame.K_i, HelpOverlay), (pygame.K_h, HistoryOverlay),
                         (pygame.K_a, AutoplayMenu)):
        h.press(key)
        assert isinstance(app.scenes.top, overlay)
        app.scenes.draw(display)
        h.press(pygame.K_ESCAPE)
        h.pump(0.5)
        assert app.scenes.top is screen
    balance = app.wallet.balance
    h.press(pygame.K_RETURN)
    assert screen.busy and app.wallet.balance == balance - screen.session.bet
    h.press(pygame.K_SPACE)  # quick stop
    h.until(lambda: not screen.reels.spinning, limit=2)
    h.until(lambda: not screen.busy, limit=300)  # that round shown to its end, whatever it won
    h.press(pygame.K_RETURN)  # Esc while a round's reels turn (whatever its seed) asks first
    assert screen.busy and screen.reels.spinning
    harness.leave_by_esc(h)  # the round stays open for the next visit
    assert len(app.wallet.open_rounds()) == 1


def test_any_key_stops_autoplay(tmp_path):
    h = open_game(tmp_path)
    screen = h.screen
    screen.start_autoplay(AutoplayConfig(rounds=None))
    h.pump(0.6)
    assert screen.autoplaying and screen.busy
    turbo = screen.turbo
    h.press(pygame.K_t)  # turbo, mute and the hints work during autoplay: they do not stop it
    assert screen.autoplaying and screen.turbo is not turbo
    h.press(pygame.K_q)
    assert not screen.autoplaying


def test_resume_mid_free_game_settles_once(tmp_path, display):
    seed = free_seed()
    active = harness.leave_open(tmp_path, GAME_ID, seed, middle_free_spin, bet=BET, starting_balance=BALANCE)
    step = active.step
    # a new run finds the open round and resumes it at the step it reached
    h = harness.reopen(tmp_path, GAME_ID, surface=display, starting_balance=BALANCE)
    assert h.resumed is not None and h.resumed.step == step
    screen = h.screen
    h.pump(harness.DT, draw_every=0)
    shown = active.events[step - 1]
    assert screen.feature.in_free
    assert sorted(screen.feature.sticky) == sorted(tuple(c) for c in shown["sticky"])
    assert screen.feature.exp_x == (shown["expanding"]["x"] if shown["expanding"] else None)
    assert screen.banner.visible  # "Resuming your unfinished round"
    h.until(screen.is_idle, LIMIT, draw_every=DRAW_EVERY)
    win = GAME.play(BET, seed).win
    assert h.wallet.balance == BALANCE - BET + win
    assert not h.wallet.open_rounds()
    credits = [e for e in h.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_replay_from_history_does_not_touch_the_wallet(tmp_path):
    h = open_game(tmp_path)
    app, screen = h.app, h.screen
    h.spin(lines_seed())
    h.until(screen.is_idle, LIMIT)
    balance, ledger = app.wallet.balance, len(app.wallet.ledger())
    record = screen.session.history(1)[0]
    screen.replay(record)
    assert screen.replaying is record
    h.until(screen.is_idle, LIMIT)
    assert app.wallet.balance == balance and len(app.wallet.ledger()) == ledger
    assert screen.money.counter.shown == record.win


def test_insufficient_balance_offers_a_top_up(tmp_path):
    from game.client.overlays import ConfirmDialog

    h = open_game(tmp_path, starting_balance=30)
    app, screen = h.app, h.screen
    h.press(pygame.K_SPACE)
    assert not screen.busy
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    dialog._confirm()
    assert app.wallet.balance > 30
    assert screen.money.balance == app.wallet.balance


def test_budget_reached_stops_autoplay_with_a_message(tmp_path):
    from game.client.overlays import MessageDialog

    h = open_game(tmp_path, budget=50)
    app, screen = h.app, h.screen
    screen.start_autoplay(AutoplayConfig(rounds=5))
    h.pump(0.1)
    assert not screen.autoplaying
    assert isinstance(app.scenes.top, MessageDialog)
    assert app.wallet.balance == 100_000


def test_help_pages_draw(tmp_path):
    screen = open_game(tmp_path).screen
    pages = screen.help_pages()
    assert [p.title for p in pages][:3] == ["Paytable", "Rules", "50 Lines"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())


def test_rtp_page_shows_the_engines_exact_rtp_in_plain_words(tmp_path):
    """The figure is the engine's exact one (``game.exact``), with or without a simulation report beside it."""
    missing = RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    assert missing.rtp == f"{float(GAME.exact.rtp):.2%}" == "96.70%"
    facts = dict(missing.facts())
    assert facts["Wins"] == "about 1 in 4.9 rounds wins something"
    assert facts["Free games"] == "about 1 in 80 rounds, paying 41x the bet on average"
    bound = float(GAME.description.max_win_bound_x)
    assert facts["Max win"] == f"no cap; a round can pay up to {bound:,.0f}x the total bet"
    report = {"rtp": 0.9671, "ci_low": 0.9629, "ci_high": 0.9713, "rounds": 24000000, "max_win_x": 1234.5}
    (tmp_path / "rtp.json").write_text(json.dumps(report))
    measured = RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    assert measured.rtp == missing.rtp and measured.texts() == missing.texts()  # exact: a report changes nothing


def test_a_missing_region_names_the_file_and_object(tmp_path, monkeypatch):
    source = level_path("halloween_vacation.tmx")
    copy = tmp_path / "halloween_vacation.tmx"
    shutil.copy(source, copy)
    text = copy.read_text()
    lines = [line for line in text.splitlines() if 'name="spin"' not in line]
    copy.write_text("\n".join(lines))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = harness.make_app(tmp_path / "wallet", BALANCE)
    with pytest.raises(LayoutError) as caught:
        harness.open_screen(app, GAME_ID, bet=BET)
    assert str(copy) in str(caught.value) and "'spin'" in str(caught.value)


def test_leaving_mid_free_game_keeps_the_round_and_the_next_visit_shows_it_to_the_end(tmp_path):
    h = open_game(tmp_path)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seed = free_seed()
    h.spin(seed)
    h.until(lambda: screen.feature.in_free and screen.feature.spin >= 2, LIMIT)
    harness.leave_by_esc(h)
    [left] = app.wallet.open_rounds(GAME_ID)
    assert app.wallet.balance == start - BET
    app.wallet.close()
    back = harness.reopen(tmp_path, GAME_ID, starting_balance=BALANCE)
    assert back.resumed is not None and back.resumed.step == left.progress["step"]
    back.run_until_idle(LIMIT)
    assert back.wallet.balance == start - BET + GAME.play(BET, seed).win and not back.wallet.open_rounds()


def test_every_moment_of_a_free_game_round_has_its_sound(tmp_path, display, monkeypatch):
    """Spin, stops, scatters, the feature, sticky and expanding wilds, wins and the end all sound."""
    played: list[str] = []
    monkeypatch.setattr(Audio, "play", lambda self, name, *a, **k: played.append(name))
    h = open_game(tmp_path, display, turbo=True)
    screen = h.screen
    screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[sticky_and_expanding_seed()]))
    h.until(lambda: not screen.autoplaying and screen.is_idle(), LIMIT, draw_every=DRAW_EVERY)
    heard = set(played)
    for name in ("spin_start", "reel_stop", "scatter_land", "feature_start", "sticky_lock", "expand",
                 "feature_end"):
        assert name in heard, f"no {name} sound in {sorted(heard)}"
    assert heard & {"win_small", "win_line", "win_big"}
    # every reel that spins lands with a sound (a scatter's chime replaces its thunk); while the
    # Expanding Wild stands, reel 3 does not spin
    assert played.count("reel_stop") + played.count("scatter_land") >= 5 + 8 * 4
