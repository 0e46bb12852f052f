"""A price inside a round is taken only by a deliberate act (Slingo Santa King's extra spins, the kind
of question any game may ask): never a held key's repeat, never a press that began before the offer;
a fresh press buys at the price on the button; a price above the player's threshold (Settings,
kept with the other settings; the stake by default) asks a second time; autoplay buys only what the
play controls allow; the session budget counts the prices. Esc at the offer asks before leaving,
and the game left there reopens at the same offer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.autoplay import AutoplayConfig
from game.client.games.slingo_santa_king.controls import PlayControls, setting_key
from game.client.games.slingo_santa_king.offer import OfferOverlay
from game.client.games.slingo_santa_king.pick import PickOverlay
from game.client.kit.screen import LEAVE_TITLE
from game.client.overlays import ConfirmDialog, SettingsOverlay
from game.client.prices import ARMED_AFTER, CONFIRM_STEPS, SETTING, load_threshold, needs_confirmation
from game.engine import get_game
from game.engine.money import format_cents
from game.store import Wallet
from tests import harness

GAME = "slingo_santa_king"
STAKE = 50  # the welcome free games' stake, and the game's default bet
REPEAT = 4  # frames between a held key's repeats (60 ms at 60 frames a second, as the app sets it)


@cache
def first_offer(seed: int) -> tuple[int, int]:
    """(price of the first extra spin, its position) when every pick takes its first cell, as the
    tests below answer them."""
    g = get_game(GAME)
    play = g.start(STAKE, seed)
    while play.pending is not None and play.pending.kind != "extra_spin":
        play.decide(play.pending.options[0])
    assert play.pending is not None
    return play.pending.price_of("spin"), int(play.pending.info["extra"])


@cache
def seed_priced(above_stake: bool) -> int:
    for seed in range(1, 200):
        if (first_offer(seed)[0] > STAKE) == above_stake:
            return seed
    raise AssertionError("no seed found")


def answer_picks(h: harness.Harness) -> None:
    if isinstance(h.top, PickOverlay):
        h.answer(h.screen.director.pending.options[0])


def open_game(tmp_path: Path, display: Any, *, threshold: int | None = None, free_games: int = 0,
              controls: PlayControls | None = None) -> harness.Harness:
    app = harness.make_app(tmp_path)
    app.flags["turbo"] = True
    if threshold is not None:
        app.wallet.set_setting(SETTING, threshold)
    if free_games:
        app.wallet.grant_free_games(free_games, STAKE, GAME)
    if controls is not None:
        app.wallet.set_setting(setting_key(GAME), controls.to_setting())
    return harness.Harness(app, harness.open_screen(app, GAME, bet=STAKE), display)


def until_offer(h: harness.Harness, *, holding: int | None = None) -> OfferOverlay:
    """Frames until the offer is up, the picks answered; ``holding``: that key is held all along."""
    def before() -> None:
        answer_picks(h)
        if holding is not None:
            h.key_down(holding)

    h.until(lambda: isinstance(h.top, OfferOverlay), before=before)
    offer: OfferOverlay = h.top
    return offer


def test_space_held_through_a_free_game_buys_nothing(tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display, threshold=CONFIRM_STEPS[-1], free_games=1)
    cash = h.wallet.balance
    frames = 0

    def hold_space() -> None:  # pressed once, then the key's repeats, and never let go
        nonlocal frames
        if frames % REPEAT == 0:
            h.key_down(pygame.K_SPACE)
        frames += 1
        answer_picks(h)

    h.key_down(pygame.K_SPACE)  # the press that starts the free game
    assert h.screen.busy and h.screen.active.free_game == (1, 1)
    h.until(lambda: isinstance(h.top, OfferOverlay), before=hold_space)
    offer = h.top
    h.until(lambda: offer.on_screen > 3 * ARMED_AFTER + 1.0, before=hold_space)  # a second of repeats more
    assert h.top is offer and h.wallet.balance == cash  # still offered; nothing bought
    assert h.screen.director.pending.kind == "extra_spin"
    h.key_up(pygame.K_SPACE)
    h.press(pygame.K_c)  # collect: free, by a fresh press
    h.run_until_idle()
    record = h.wallet.history(GAME, 1)[0]
    assert record.decisions[-1] == "collect" and record.decision_costs[-1] == 0 and h.wallet.balance >= cash


def test_a_press_that_began_before_the_offer_buys_nothing_a_fresh_one_buys_at_the_shown_price(
        tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display, threshold=CONFIRM_STEPS[-1])
    assert h.spin(seed_priced(True))
    offer = until_offer(h, holding=pygame.K_RETURN)  # Enter held down since the game began
    h.pump(ARMED_AFTER + 0.2)
    before = h.wallet.balance
    h.key_down(pygame.K_RETURN)  # the same press, still down: its repeat
    assert h.top is offer and h.wallet.balance == before
    h.key_up(pygame.K_RETURN)
    price = h.screen.director.pending.price_of("spin")
    assert offer.buttons[offer.focus].label == f"SPIN {format_cents(price)}"  # the price on the button pressed
    h.press(pygame.K_RETURN)  # a fresh press
    assert h.top is not offer and h.wallet.balance == before - price


def test_a_press_before_the_offer_is_armed_takes_nothing(tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display, threshold=CONFIRM_STEPS[-1])
    assert h.spin(seed_priced(True))
    offer = until_offer(h)
    assert offer.on_screen < ARMED_AFTER
    before = h.wallet.balance
    h.press(pygame.K_SPACE)
    h.click(offer.buttons[0].rect.center)  # a click before the price is drawn on its button
    assert h.top is offer and h.wallet.balance == before


def test_a_price_above_the_stake_asks_again_by_default(tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display)
    assert load_threshold(h.wallet) is None  # the default: the stake
    assert h.spin(seed_priced(True))
    offer = until_offer(h)
    price = h.screen.director.pending.price_of("spin")
    assert price > STAKE
    h.pump(ARMED_AFTER)
    before = h.wallet.balance
    h.press(pygame.K_SPACE)
    dialog = h.top
    assert isinstance(dialog, ConfirmDialog) and h.confirming_price() and h.wallet.balance == before
    assert dialog.buttons[1].label == f"Pay {format_cents(price)}"
    assert any(format_cents(price) in line for line in dialog.lines)
    h.key_down(pygame.K_RETURN)  # too soon after the dialog appeared: nothing; then held
    h.pump(ARMED_AFTER)
    h.key_down(pygame.K_RETURN)  # its repeat, the dialog armed: nothing either
    h.key_up(pygame.K_RETURN)
    assert h.top is dialog and h.wallet.balance == before
    h.press(pygame.K_ESCAPE)  # "Back": the offer again, nothing bought
    assert h.top is offer and h.wallet.balance == before
    h.press(pygame.K_SPACE)
    h.confirm_price()
    assert h.top is not offer and h.wallet.balance == before - price


def test_a_price_at_or_under_the_stake_is_taken_by_the_fresh_press(tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display)
    assert h.spin(seed_priced(False))
    offer = until_offer(h)
    price = h.screen.director.pending.price_of("spin")
    h.pump(ARMED_AFTER)
    before = h.wallet.balance
    h.press(pygame.K_SPACE)
    assert not h.confirming_price() and h.top is not offer and h.wallet.balance == before - price


def test_every_price_asks_when_the_player_says_so() -> None:
    assert needs_confirmation(1, STAKE, 0) and not needs_confirmation(0, STAKE, 0)
    assert needs_confirmation(STAKE + 1, STAKE, None) and not needs_confirmation(STAKE, STAKE, None)
    assert needs_confirmation(501, STAKE, 500) and not needs_confirmation(500, STAKE, 500)


def test_the_threshold_is_set_in_settings_and_kept_between_launches(tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display)
    h.press(pygame.K_s)  # no S in a game: the button opens Settings
    h.screen.open_settings()
    settings = h.top
    assert isinstance(settings, SettingsOverlay)
    row = next(index for index, r in enumerate(settings.rows) if r.label == "Confirm prices")
    for _ in range(row):
        h.press(pygame.K_DOWN)
    assert settings.rows[settings.selected].fmt(settings.rows[settings.selected].value) == "Above the stake"
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_RIGHT)
    assert settings.rows[row].fmt(settings.rows[row].value) == "Above 2.00"
    settings.app.scenes.draw(display)
    h.press(pygame.K_ESCAPE)
    h.wallet.close()
    again = Wallet.open(tmp_path).wallet  # the next launch
    try:
        assert load_threshold(again) == 200
        again.set_setting(SETTING, "lots")
        assert load_threshold(again) is None  # unreadable: the default
    finally:
        again.close()


@pytest.mark.parametrize("allowed", [0, 1])
def test_autoplay_buys_only_what_the_play_controls_allow(allowed: int, tmp_path: Path, display: Any) -> None:
    h = open_game(tmp_path, display, controls=PlayControls(extra_spins=allowed))
    h.screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[seed_priced(True)], extra_spins=2))  # would buy 2
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=300, player=False)
    record = h.wallet.history(GAME, 1)[0]
    assert sum(1 for price in record.decision_costs if price) == allowed
    assert record.cost == STAKE + sum(record.decision_costs) and h.wallet.audit() == []


def test_the_session_budget_counts_the_prices(tmp_path: Path, display: Any) -> None:
    seed = seed_priced(True)
    price = first_offer(seed)[0]
    app = harness.make_app(tmp_path)
    app.flags["turbo"] = True
    app.wallet.set_setting(SETTING, CONFIRM_STEPS[-1])
    h = harness.Harness(app, harness.open_screen(app, GAME, bet=STAKE, budget=STAKE + price - 1), display)
    assert h.spin(seed)
    offer = until_offer(h)
    before = h.wallet.balance
    assert h.answer("spin") is False  # the price would take the session past its budget
    assert "budget" in offer.reason and h.wallet.balance == before
    h.screen.session.budget = STAKE + price
    assert h.answer("spin") is True and h.screen.session.stats.staked == STAKE + price


def test_esc_at_the_offer_asks_and_the_game_left_there_reopens_at_the_same_offer(tmp_path: Path,
                                                                                  display: Any) -> None:
    h = open_game(tmp_path, display)
    assert h.spin(seed_priced(True))
    until_offer(h)
    price = h.screen.director.pending.price_of("spin")
    h.press(pygame.K_ESCAPE)
    assert isinstance(h.top, ConfirmDialog) and h.top.title == LEAVE_TITLE
    h.press(pygame.K_ESCAPE)  # "Stay": the offer waits
    assert isinstance(h.top, OfferOverlay)
    harness.leave_by_esc(h)
    assert len(h.wallet.open_rounds(GAME)) == 1
    h.wallet.close()
    again = harness.reopen(tmp_path, GAME, surface=display, turbo=True)
    assert again.resumed is not None and again.resumed.pending.kind == "extra_spin"
    until_offer(again)
    assert again.screen.director.pending.price_of("spin") == price


def test_a_buy_shows_its_price_on_the_button_and_a_held_enter_buys_nothing(tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, "fat_santa", surface=display)
    price = h.screen.session.cost(buy=True)
    h.press(pygame.K_i)  # the paytable, closed by Enter, pressed and held...
    h.key_down(pygame.K_RETURN)
    h.pump(0.5)
    assert h.top is h.screen
    h.press(pygame.K_b)  # ...still held when the buy asks
    dialog = h.top
    assert isinstance(dialog, ConfirmDialog) and dialog.buttons[1].label == f"Buy {format_cents(price)}"
    before = h.wallet.balance
    h.key_down(pygame.K_RETURN)  # its repeat
    assert h.top is dialog and h.wallet.balance == before and not h.screen.busy
    h.key_up(pygame.K_RETURN)
    h.press(pygame.K_RETURN)  # a fresh press buys
    assert h.screen.busy and h.wallet.balance == before - price
