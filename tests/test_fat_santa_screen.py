"""The Fat Santa screen driven like a player would: keys, fixed time steps, a real wallet."""

from __future__ import annotations

import shutil
from fractions import Fraction

import pygame
import pytest

from game.client import layout as layout_module
from game.client.games.fat_santa.help import RtpPage
from game.client.games.fat_santa.presenter import state_before
from game.client.games.fat_santa.santa import approach, block_of
from game.client.layout import LayoutError
from game.client.resources import Resources
from game.engine import get_game
from game.paths import level_path
from tests import harness
from tests.fat_santa_fixtures import BET, buy_seed, sleigh_seed, trigger_seed

GAME_ID = "fat_santa"
GAME = get_game(GAME_ID)
BALANCE = 1_000_000  # the wallet every test here starts on
LIMIT = 600.0  # seconds of screen time a round here may take

pytestmark = pytest.mark.usefixtures("display")


def open_game(data_dir, surface=None, **options) -> harness.Harness:
    """The screen at bet 1.00 on a fresh wallet of 10,000.00."""
    return harness.open_game(data_dir, GAME_ID, surface=surface, bet=BET, starting_balance=BALANCE, **options)


def grown_or_middle_free_spin(events) -> int:
    """The step just after the first free spin where Santa is grown (or else the middle one)."""
    free_spins = [i for i, e in enumerate(events) if e["type"] == "free_spin"]
    grown = [i for i in free_spins if events[i]["santa"]["size"] >= 2]
    return (grown[0] if grown else free_spins[len(free_spins) // 2]) + 1


def test_bonus_buy_with_b_then_enter_plays_the_feature_and_settles_once(tmp_path, display):
    from game.client.overlays import ConfirmDialog

    h = open_game(tmp_path, display, turbo=True)
    app, screen = h.app, h.screen
    bought = buy_seed()
    start = app.wallet.balance
    h.press(pygame.K_b)
    dialog = app.scenes.top
    assert isinstance(dialog, ConfirmDialog)
    assert any("85.00" in line and "85x" in line for line in dialog.lines)  # the feature cost is shown
    assert app.wallet.balance == start
    # Enter buys: the seed is fixed through the session so the round is known
    original = screen.session.spin
    screen.session.spin = lambda seed=None, buy=False: original(seed=bought, buy=buy)  # type: ignore[method-assign]
    h.press(pygame.K_RETURN)
    h.pump(0.5)
    assert screen.busy and app.wallet.balance == start - 85 * BET
    sizes: set[int] = set()
    h.until(screen.is_idle, LIMIT, each=lambda: sizes.add(screen.santa.block[2]) if screen.santa.block else None)
    result = GAME.play(BET, bought, buy=True)
    end = next(e for e in result.events if e["type"] == "free_games_end")
    assert app.wallet.balance == start - 85 * BET + result.win
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"]
    assert records[0].win == result.win
    credits = [e for e in app.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if result.win else 0)
    assert not app.wallet.open_rounds()
    assert screen.money.counter.shown == result.win
    # Santa grew as the round said, and leaves the reels when the feature is over
    assert end["size"] >= 2 and max(sizes) == end["size"] and 1 in sizes
    assert screen.santa.block is None


def test_base_spin_with_the_sleigh_locks_pies_before_the_reels_stop(tmp_path, display):
    h = open_game(tmp_path, display)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seed = sleigh_seed()
    result = GAME.play(BET, seed)
    spin = result.events[0]
    pies = {tuple(cell) for cell in spin["sleigh"]["pies"]}
    assert h.spin(seed)
    seen_flying = False
    locked_when_landed = None

    def watch() -> None:
        nonlocal seen_flying, locked_when_landed
        seen_flying = seen_flying or screen.sleigh.flying
        if screen.reels.reels[0].phase not in ("spin", "wind") and locked_when_landed is None:
            locked_when_landed = set(screen.sleigh.held)

    h.until(lambda: not screen.reels.spinning, LIMIT, each=watch, draw_every=1)  # every frame drawn
    assert seen_flying
    assert locked_when_landed == pies  # every pie locked before reel 1 began to land
    # what landed beneath a pie shows, then the pie replaces it
    assert screen.reels.window == spin["landed"]
    h.until(lambda: screen.reels.window == spin["window"], limit=5)
    h.until(screen.is_idle, LIMIT)
    assert app.wallet.balance == start - BET + result.win
    assert not app.wallet.open_rounds()


def test_a_triggered_feature_brings_santa_on_from_reel_one(tmp_path, display):
    h = open_game(tmp_path, display, turbo=True)
    app, screen = h.app, h.screen
    seed = trigger_seed()
    result = GAME.play(BET, seed)
    begin = next(e for e in result.events if e["type"] == "free_games_start")
    h.spin(seed)
    h.until(lambda: screen.santa.visible, LIMIT)
    assert screen.santa.block == block_of(begin["santa"]) and block_of(begin["santa"])[0] == 0
    assert screen.meter.in_free and screen.spins.in_free and screen.spins.total == begin["spins"]
    h.until(screen.is_idle, LIMIT)
    assert app.wallet.balance == 1_000_000 - BET + result.win


def test_autoplay_settles_every_round(tmp_path, display):
    from game.client.autoplay import AutoplayConfig

    h = open_game(tmp_path, display, turbo=True)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seeds = [sleigh_seed(), trigger_seed(), 7]
    screen.start_autoplay(AutoplayConfig(rounds=3, seeds=seeds))
    h.until(lambda: not screen.autoplaying and screen.is_idle(), LIMIT)
    wins = [GAME.play(BET, seed).win for seed in seeds]
    records = screen.session.history(10)
    assert [r.status for r in records] == ["settled"] * 3
    assert app.wallet.balance == start - 3 * BET + sum(wins)
    assert not app.wallet.open_rounds()


def test_esc_mid_bought_feature_asks_and_leaving_keeps_the_round_for_the_next_visit(tmp_path):
    h = open_game(tmp_path)
    app, screen = h.app, h.screen
    start = app.wallet.balance
    seed = buy_seed()
    h.spin(seed, buy=True)
    h.until(lambda: screen.spins.spin >= 2, LIMIT)
    h.press(pygame.K_ESCAPE)  # asks first; Esc again is "Stay": the feature goes on
    h.press(pygame.K_ESCAPE)
    assert h.top is screen and screen.busy
    harness.leave_by_esc(h)
    [left] = app.wallet.open_rounds(GAME_ID)  # not finished unseen: open, at the step it had reached
    step = left.progress["step"]
    assert app.wallet.balance == start - 85 * BET and 0 < step < len(GAME.play(BET, seed, buy=True).events)
    app.wallet.close()
    back = harness.reopen(tmp_path, GAME_ID, starting_balance=BALANCE)  # the game opened again
    assert back.resumed is not None and back.resumed.step == step and back.screen.busy
    back.run_until_idle(LIMIT)  # the rest of the feature on screen, its cards waiting for Space
    assert back.cards[-1] == "Free Games Complete"
    assert not back.wallet.open_rounds()
    assert back.wallet.balance == start - 85 * BET + GAME.play(BET, seed, buy=True).win  # as if it had stayed


def test_resume_mid_free_game_shows_santa_meter_and_spins_then_settles_once(tmp_path, display):
    seed = buy_seed()
    active = harness.leave_open(tmp_path, GAME_ID, seed, grown_or_middle_free_spin, buy=True, bet=BET,
                                starting_balance=BALANCE)
    step = active.step
    # a new run finds the open round and resumes it where it stopped
    h = harness.reopen(tmp_path, GAME_ID, surface=display, starting_balance=BALANCE)
    assert h.resumed is not None and h.resumed.step == step
    app2, screen = h.app, h.screen
    h.pump(harness.DT, draw_every=0)
    app2.scenes.draw(display)
    shown = active.events[step - 1]
    total = max(e["spins"] for e in active.events[:step] if e["type"] in ("free_spin", "extra_spins"))
    assert screen.santa.block == block_of(shown["santa"])
    assert (screen.meter.pies, screen.meter.needed, screen.meter.fills) == (
        shown["meter"]["pies"], shown["meter"]["needed"], shown["meter"]["fills"])
    assert screen.meter.in_free and (screen.spins.spin, screen.spins.total) == (shown["spin"], total)
    assert screen.banner.visible  # "Resuming your unfinished round"
    h.until(screen.is_idle, LIMIT)
    win = GAME.play(BET, seed, buy=True).win
    assert app2.wallet.balance == BALANCE - 85 * BET + win
    assert not app2.wallet.open_rounds()
    credits = [e for e in app2.wallet.ledger() if e.kind == "credit"]
    assert len(credits) == (1 if win else 0)
    assert screen.money.counter.shown == win


def test_state_before_follows_santa_and_the_meter():
    events = GAME.play(BET, buy_seed(), buy=True).events
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
    h = open_game(tmp_path, display)
    app, screen = h.app, h.screen
    events = GAME.play(BET, buy_seed(), buy=True).events
    cut = next(i for i, e in enumerate(events) if e["type"] == "free_spin")
    capped = [*events[:cut + 1],
              {"type": "cap_reached", "x": "11322.76"},
              {"type": "round_end", "x": "11322.76", "win": 1_132_276, "capped": True}]
    h.show(capped, BET)
    h.until(lambda: screen.spins.capped, LIMIT)
    assert screen.banner.visible
    app.scenes.draw(display)
    card = screen.director.timeline.current
    h.pump(12.0)  # the "Maximum Win!" card waits for the player in hand play
    assert screen.director.timeline.current is card and card.waiting and card.args[0] == "Maximum Win!"
    h.press(pygame.K_SPACE)
    h.until(lambda: screen.director is None or screen.director.done, LIMIT)
    assert screen.money.counter.target == 1_132_276


@pytest.mark.parametrize("bet_index", [0, 7, -1])
def test_help_pages_draw_at_several_bets(tmp_path, bet_index):
    screen = open_game(tmp_path).screen
    screen.session.bet = GAME.bets[bet_index]
    pages = screen.help_pages()
    assert [p.title for p in pages] == ["Paytable", "Wilds & Sleigh", "Free Games", "50 Lines", "RTP & max win"]
    for page in pages:
        surface = pygame.Surface((1100, 468), pygame.SRCALPHA)
        page.draw(surface, surface.get_rect())
        assert surface.get_bounding_rect().w > 500


def test_rtp_page_reads_the_measured_figures_or_the_printed_ones(tmp_path):
    """No report on the current data: the printed RTPs; the published reports: their figures, in plain words."""
    missing = RtpPage(Resources(), GAME, GAME.rtp_reports(tmp_path))
    assert missing.rtp == "94.15%" and missing.bought == ("the free games", "94.20%")
    facts = dict(missing.facts())
    assert facts["Max win"].startswith("11,322.76x") and "Wins" not in facts  # no report: no hit rate said
    published = RtpPage(Resources(), GAME)
    base, buy = GAME.rtp_reports()["base"], GAME.rtp_reports()["buy"]
    assert published.rtp == f"{base.rtp:.2%}" and published.bought == ("the free games", f"{buy.rtp:.2%}")
    facts = dict(published.facts())
    assert facts["Free games"] == f"about 1 in {base.feature_one_in:,.0f} rounds"
    assert facts["Wins"].startswith("about 1 in ") and facts["Wins"].endswith(" wins something")


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
    app = harness.make_app(tmp_path / "wallet", BALANCE)
    with pytest.raises(LayoutError) as caught:
        harness.open_screen(app, GAME_ID, bet=BET)
    assert str(copy) in str(caught.value) and "'meter'" in str(caught.value)
