"""A game screen with free games in the wallet (headless, tests/harness.py): the balance panel shows
the bonus balance and the free games left beside the cash, the spin button's tag says "FREE GAME n
of N", the bet stays at the free games' stake, and each spin is a free game paid from the bonus."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.client import gfx
from game.client.overlays.history import stake_text
from game.client.widgets.hud import MoneyBar
from tests import harness

GAME = "halloween_vacation"


def free_tag(screen) -> str:
    return screen._free_tag[0] if screen._free_tag is not None else ""


def toast_text(screen) -> str:
    toast = screen.toast
    return next((key[0] for key, shown in toast._cache.items() if shown is toast.surface), "")


def balance_panel(surface: pygame.Surface, screen) -> bytes:
    """The pixels of the balance panel's right half, where the bonus is drawn."""
    rect = screen.money.balance_rect
    right = pygame.Rect(rect.centerx, rect.y, rect.w // 2, rect.h)
    return pygame.image.tobytes(surface.subsurface(right), "RGB")


@pytest.fixture
def surface() -> pygame.Surface:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1280, 720))
    return gfx.Surface((1280, 720))


def test_the_money_bar_shows_the_bonus_and_the_free_games_only_when_there_are_any() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 16)
    bar = MoneyBar(balance=pygame.Rect(0, 0, 330, 52), bet=pygame.Rect(0, 60, 330, 52),
                   win=pygame.Rect(0, 120, 330, 52), label_font=font, value_font=font,
                   win_glyphs=None)  # type: ignore[arg-type]  # not drawn here
    assert bar.bonus_lines() == []
    bar.bonus = 1234
    assert bar.bonus_lines() == ["BONUS 12.34"]
    bar.free_games = 1
    assert bar.bonus_lines() == ["BONUS 12.34", "1 FREE GAME"]
    bar.bonus, bar.free_games = 0, 10  # the free games' money is spent as they are played: still shown
    assert bar.bonus_lines() == ["BONUS 0.00", "10 FREE GAMES"]


def test_a_screen_with_free_games_plays_them_and_shows_the_bonus(tmp_path: Path, surface: pygame.Surface) -> None:
    plain = harness.open_game(tmp_path / "plain", GAME, surface=surface)
    plain.frame(draw=True)
    without = balance_panel(surface, plain.screen)
    assert plain.screen.money.bonus_lines() == [] and free_tag(plain.screen) == ""
    plain.wallet.close()

    app = harness.make_app(tmp_path / "data")
    app.wallet.set_setting(f"{GAME}.bet", 500)
    app.wallet.grant_free_games(3, 100, GAME)
    h = harness.Harness(app, harness.open_screen(app, GAME), surface)
    screen = h.screen
    assert screen.money.bonus == 300 and screen.money.free_games == 3
    assert screen.money.bonus_lines() == ["BONUS 3.00", "3 FREE GAMES"]
    assert free_tag(screen) == "FREE GAME 1 of 3" and screen.money.bet_text == "1.00"  # the stake, not 5.00
    h.frame(draw=True)
    assert balance_panel(surface, screen) != without  # the bonus is drawn in the balance panel
    h.press(pygame.K_RIGHT)
    assert "Free games are played at 1.00" in toast_text(screen) and screen.session.bet == 100
    assert h.spin(seed=harness.seed_where(GAME, "a win", lambda r: r.win > 0, bet=100))
    assert free_tag(screen) == "FREE GAME 1 of 3"  # the round shown is the first
    h.run_until_idle()
    record = h.wallet.history(GAME, 1)[0]
    assert record.free_game is not None and record.bonus_cost == 100 and record.cash_cost == 0
    assert stake_text(record) == "1.00 (free game)"
    assert h.wallet.balance == 1_000_000 and screen.money.balance == 1_000_000
    assert record.win > 0 and screen.money.bonus == 200 + record.win == h.wallet.bonus_balance
    assert screen.money.free_games == 2 and free_tag(screen) == "FREE GAME 2 of 3"
    for seed in (8, 9):
        assert h.spin(seed=seed)
        h.run_until_idle()
    assert screen.money.free_games == 0 and free_tag(screen) == ""
    assert screen.session.bet == 500 and screen.money.bet_text == "5.00"  # the player's bet is back
    assert screen.money.bonus == h.wallet.bonus_balance > 0  # what the free games won, the player's to stake
    assert h.wallet.audit() == []
    h.wallet.close()


def test_the_bonus_and_the_tag_are_drawn_at_pixel_density_at_full_hd(tmp_path: Path) -> None:
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1920, 1080))
    with gfx.scaled(1.5):
        gfx.reset_stats()
        app = harness.make_app(tmp_path)
        app.wallet.grant_free_games(2, 100, GAME)
        h = harness.Harness(app, harness.open_screen(app, GAME), gfx.Surface((1280, 720)))
        h.frame(draw=True)
        assert free_tag(h.screen) == "FREE GAME 1 of 2" and h.screen.money.bonus_lines()
        assert gfx.stats().enlarged_blits == 0
        h.wallet.close()


def test_the_history_names_a_free_game() -> None:
    from game.store.records import RoundRecord

    record = RoundRecord(id=1, game_id="g", bet=100, cost=100, seed=1, buy=False, state_in=None, decisions=[],
                         decision_costs=[], progress={}, status="settled", win=0, state_out=None, summary=None,
                         created_at="2026-12-01T08:00:00.000Z", settled_at=None, note=None)
    assert stake_text(replace(record, free_game=1)) == "1.00 (free game)"
    assert stake_text(replace(record, free_game=1, decision_costs=[0, 340], cost=440)) == "4.40 (free game, 1 bought)"
