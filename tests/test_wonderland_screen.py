"""The Santa's Wonderland screen driven like a player would: keys, fixed time steps, a real wallet."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pygame
import pytest

from game.client import layout as layout_module
from game.client.autoplay import AutoplayConfig
from game.client.games.santas_wonderland import help as help_module
from game.client.games.santas_wonderland.presenter import state_before
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.client.widgets.banner import Banner
from game.engine import get_game
from game.engine.money import cents_of
from game.paths import level_path
from tests import harness
from tests.wonderland_fixtures import BET, buy_master, buy_seed, feature_seed, resume_seed, tumble_seed

GAME_ID = "santas_wonderland"
GAME = get_game(GAME_ID)
PRICE = GAME.cost(BET, buy=True)
BALANCE = 1_000_000  # the wallet every test here starts on
LIMIT = 900.0  # seconds of screen time a round here may take
DRAW_EVERY = 15  # frames between draws while running on a surface

pytestmark = pytest.mark.usefixtures("display")


def open_game(data_dir, surface=None, **options) -> harness.Harness:
    """The screen at the default bet on a fresh wallet of 10,000.00 (unless told otherwise)."""
    options.setdefault("starting_balance", BALANCE)
    return harness.open_game(data_dir, GAME_ID, surface=surface, bet=BET, **options)


def last_grid(events, upto: int | None = None):
    grids = [e["grid"] for e in events[:upto] if "grid" in e]
    return grids[-1]


def record_banners(monkeypatch) -> list[tuple[str, str, tuple[str, ...]]]:
    shown: list[tuple[str, str, tuple[str, ...]]] = []
    real = Banner.show

    def spy(self, title, big="", lines=(), hint="", accent=(255, 190, 70), **kwargs):
        shown.append((title, big, tuple(lines)))
        return real(self, title, big, lines, hint, accent, **kwargs)

    monkeypatch.setattr(Banner, "show", spy)
    return shown


def test_bought_midnight_riches_round_pays_once(tmp_path, display, monkeypatch):
    """B, then Enter on the price dialog: 100x the bet is taken, Midnight Riches plays its levels."""
    from game.client.overlays import ConfirmDialog

    banners = record_banners(monkeypatch)
    h = open_game(tmp_path, display, turbo=True, seed=buy_master())
    app, screen = h.app, h.screen
    bought = buy_seed()
    start = app.wallet.balance
    h.press(pygame.K_b)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert any(f"{PRICE // 100:,}.{PRICE % 100:02d}" in line for line in dialog.lines)
    app.scenes.draw(display)
    h.press(pygame.K_RETURN)
    h.until(lambda: screen.busy, limit=3, draw_every=0)
    assert app.wallet.balance == start - PRICE == start - 100 * BET
    assert screen.active.play.buy and screen.active.play.seed == bought
    levels_seen: list[int] = []
    midnight_seen = []

    def watch() -> bool:
        if screen.levels_panel.level and screen.levels_panel.level not in levels_seen:
            levels_seen.append(screen.levels_panel.level)
        midnight_seen.append(screen.in_midnight)
        return screen.is_idle()

    h.until(watch, LIMIT, draw_every=DRAW_EVERY)
    result = GAME.play(BET, bought, buy=True)
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
    h = open_game(tmp_path, display)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    h.press(pygame.K_SPACE)
    assert screen.busy and app.wallet.balance == start - BET
    seed = screen.active.play.seed
    seen_falling = False

    def watch() -> bool:
        nonlocal seen_falling
        seen_falling = seen_falling or bool(screen.grid.moving and screen.grid.bursting == {})
        return screen.is_idle()

    h.until(screen.is_idle, LIMIT, draw_every=0, before=lambda: h.press(pygame.K_SPACE))  # skipped through
    balance = app.wallet.balance
    assert balance == start - BET + GAME.play(BET, seed).win
    tumbling = tumble_seed()
    h.spin(tumbling)
    h.until(watch, LIMIT, draw_every=DRAW_EVERY)
    result = GAME.play(BET, tumbling)
    assert seen_falling
    assert screen.grid.grid == last_grid(result.events)
    assert screen.money.counter.shown == result.win
    assert app.wallet.balance == balance - BET + result.win


def _play(tmp_path, seed: int, *, buy: bool, skip: bool, turbo: bool):
    h = open_game(tmp_path, turbo=turbo)
    t = h.play_round(seed, buy=buy, skip=skip, limit=LIMIT)
    return h.wallet.balance, h.screen.grid.grid, h.screen.money.counter.shown, t


@pytest.mark.parametrize("skip,turbo", [(True, False), (False, True)])
def test_skipping_and_turbo_change_nothing_but_time(tmp_path, skip, turbo):
    seed = feature_seed()
    plain = _play(tmp_path / "plain", seed, buy=False, skip=False, turbo=False)
    hurried = _play(tmp_path / "hurried", seed, buy=False, skip=skip, turbo=turbo)
    assert hurried[:3] == plain[:3]
    assert hurried[3] < plain[3] / 2
    assert plain[2] == GAME.play(BET, seed).win


def test_skipping_a_bought_round_lands_on_the_same_result(tmp_path):
    plain = _play(tmp_path / "plain", buy_seed(), buy=True, skip=False, turbo=True)
    hurried = _play(tmp_path / "hurried", buy_seed(), buy=True, skip=True, turbo=True)
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
    seed = resume_seed()
    active = harness.leave_open(tmp_path, GAME_ID, seed, lambda events: _resume_points(events)[where], buy=True,
                                bet=BET, starting_balance=BALANCE)
    step = active.step
    # a new run finds the open round and resumes it at the step it reached
    h = harness.reopen(tmp_path, GAME_ID, surface=display, starting_balance=BALANCE)
    assert h.resumed is not None and h.resumed.step == step
    app2, screen = h.app, h.screen
    h.frame(draw=True)
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
    h.until(screen.is_idle, LIMIT, draw_every=DRAW_EVERY)
    win = GAME.play(BET, seed, buy=True).win
    assert app2.wallet.balance == BALANCE - PRICE + win
    assert not app2.wallet.open_rounds()
    credits = [e for e in app2.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_autoplay_settles_every_round(tmp_path, display):
    h = open_game(tmp_path, display, turbo=True)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seeds = [tumble_seed(), feature_seed(), 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    h.until(lambda: not screen.autoplaying and screen.is_idle(), LIMIT, draw_every=DRAW_EVERY)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert screen.money.counter.shown == wins[-1]


def test_buying_needs_the_balance_and_respects_the_budget(tmp_path):
    from game.client.overlays import ConfirmDialog, MessageDialog

    poor = open_game(tmp_path, starting_balance=PRICE - 1)
    poor.press(pygame.K_b)
    assert isinstance(poor.top, MessageDialog) and not poor.screen.busy
    h = open_game(tmp_path / "budget", budget=PRICE // 2)
    h.press(pygame.K_b)
    assert isinstance(h.top, ConfirmDialog)
    h.press(pygame.K_RETURN)
    h.pump(0.5)
    assert not h.screen.busy and h.wallet.balance == 1_000_000
    assert isinstance(h.top, MessageDialog)


def test_the_cap_is_announced_and_the_rest_forfeited(tmp_path, display, monkeypatch):
    """A capped round (made by hand in the shape of the event contract) says so clearly."""
    banners = record_banners(monkeypatch)
    h = open_game(tmp_path, display)
    screen = h.screen
    base = GAME.play(BET, buy_seed(), buy=True).events
    cut = next(i for i, e in enumerate(base) if e["type"] == "level_start")
    events = [*base[:cut + 1], {"type": "cap_reached", "x": "7500"},
              {"type": "round_end", "x": "7500", "win": cents_of(Fraction(7500), BET), "capped": True}]
    h.show(events, BET)
    h.until(lambda: bool(banners) and banners[-1][0] == "Max win reached!", LIMIT, draw_every=DRAW_EVERY)
    card = screen.director.timeline.current
    h.pump(12.0)  # the card waits for the player in hand play
    assert screen.director.timeline.current is card and card.waiting
    h.until(lambda: screen.director is None or screen.director.done, LIMIT, draw_every=DRAW_EVERY)
    lines = [line for _, _, lines in banners for line in lines]
    assert "Max win 7,500x reached \u2014 remaining features forfeited" in lines
    assert ("Max win reached!", "7,500x") in [(t, b) for t, b, _ in banners]
    assert screen.money.counter.shown == 7500 * BET
    assert not screen.in_midnight


@pytest.mark.parametrize("bet", [GAME.bets[0], BET, GAME.bets[-1]])
def test_help_pages_draw_at_several_bets(tmp_path, bet):
    screen = open_game(tmp_path).screen
    screen.session.bet = bet
    pages = screen.help_pages()
    assert [p.title for p in pages] == ["Paytable", "Rules", "Features", "Midnight Riches", "RTP & max win"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())
        assert surface.get_bounding_rect().w > 500
    money = {p.title: p for p in pages}
    assert money["Paytable"].bet == bet


def test_rtp_page_reads_the_measured_figures_or_the_design_targets(tmp_path):
    missing = help_module.RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    assert missing.rtp == "96.2%" and missing.bought == ("Midnight Riches", "96.4%")  # the targets: none measured
    assert "Wins" not in dict(missing.facts())
    published = help_module.RtpPage(Resources(), GAME)
    base, buy = GAME.rtp_reports()["base"], GAME.rtp_reports()["buy"]
    assert published.rtp == f"{base.rtp:.2%}" and published.bought == ("Midnight Riches", f"{buy.rtp:.2%}")
    facts = dict(published.facts())
    midnight = base.feature("midnight_riches")
    assert facts["Midnight Riches"] == f"about 1 in {midnight.one_in:,.0f} rounds"
    assert facts["Max win"] == "7,500x the total bet in one round"


def test_a_missing_region_names_the_file_and_object(tmp_path, monkeypatch):
    source = level_path("santas_wonderland.tmx")
    copy = tmp_path / "santas_wonderland.tmx"
    shutil.copy(source, copy)
    lines = [line for line in copy.read_text().splitlines() if 'name="meter"' not in line]
    copy.write_text("\n".join(lines))
    monkeypatch.setattr(layout_module, "level_path", lambda name: tmp_path / name)
    app = harness.make_app(tmp_path / "wallet", BALANCE)
    with pytest.raises(LayoutError) as caught:
        harness.open_screen(app, GAME_ID, bet=BET)
    assert str(copy) in str(caught.value) and "'meter'" in str(caught.value)


def test_leaving_mid_midnight_keeps_the_round_and_the_next_visit_shows_it_to_the_end(tmp_path):
    h = open_game(tmp_path, turbo=True)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seed = buy_seed()
    h.spin(seed, buy=True)
    h.until(lambda: screen.in_midnight and screen.levels_panel.level >= 1, LIMIT)
    harness.leave_by_esc(h)
    [left] = app.wallet.open_rounds(GAME_ID)
    assert app.wallet.balance == start - PRICE
    app.wallet.close()
    back = harness.reopen(tmp_path, GAME_ID, starting_balance=BALANCE, turbo=True)
    assert back.resumed is not None and back.resumed.step == left.progress["step"]
    back.run_until_idle(LIMIT)
    assert back.wallet.balance == start - PRICE + GAME.play(BET, seed, buy=True).win
    assert not back.wallet.open_rounds()


def test_keys_open_the_overlays_and_change_the_bet(tmp_path, display):
    from game.client.overlays import AutoplayMenu, HelpOverlay, HistoryOverlay

    h = open_game(tmp_path)
    app, screen = h.app, h.screen
    bets = GAME.bets
    for key, step in ((pygame.K_RIGHT, 1), (pygame.K_LEFT, -1), (pygame.K_PLUS, 1), (pygame.K_MINUS, -1)):
        before = screen.session.bet
        h.press(key)
        assert screen.session.bet == bets[bets.index(before) + step]
    turbo = screen.turbo
    h.press(pygame.K_t)
    assert screen.turbo is not turbo
    for key, overlay in ((pygame.K_i, HelpOverlay), (pygame.K_h, HistoryOverlay), (pygame.K_a, AutoplayMenu)):
        h.press(key)
        assert isinstance(app.scenes.top, overlay)
        app.scenes.draw(display)
        if overlay is HelpOverlay:
            for _ in range(4):  # every page draws inside the overlay
                h.press(pygame.K_RIGHT)
                app.scenes.draw(display)
        h.press(pygame.K_ESCAPE)
        h.pump(0.8)
        assert app.scenes.top is screen


def test_replay_from_history_does_not_touch_the_wallet(tmp_path):
    h = open_game(tmp_path, turbo=True)
    app, screen = h.app, h.screen
    h.spin(buy_seed(), buy=True)
    h.until(screen.is_idle, LIMIT)
    balance, ledger = app.wallet.balance, len(app.wallet.ledger())
    record = screen.session.history(1)[0]
    screen.replay(record)
    assert screen.replaying is record
    h.until(screen.is_idle, LIMIT)
    assert app.wallet.balance == balance and len(app.wallet.ledger()) == ledger
    assert screen.money.counter.shown == record.win
    assert not screen.in_midnight
