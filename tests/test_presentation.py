"""What a player meets first: feature cards that wait, big wins measured on the stake, one win field.

Each test fails on the behaviour the presentation had before: cards that closed by themselves in
manual play, an EPIC WIN for a bought feature that returned less than its price, a win field that
read 0.00 while a second one counted up.
"""

from __future__ import annotations

from fractions import Fraction

import pygame

from game.client.autoplay import AutoplayConfig
from game.client.widgets.slot_steps import ShowBanner
from game.engine import get_game
from tests import harness

HV = "halloween_vacation"


def free_game_seed() -> int:
    return harness.seed_where(HV, "free games", lambda r: bool(r.features.get("free_games")))


def current_step(h: harness.Harness):
    return h.screen.director.timeline.current if h.screen.director is not None else None


def test_a_feature_card_waits_for_the_player_in_manual_play(tmp_path, display) -> None:
    h = harness.open_game(tmp_path, HV, surface=display, turbo=False)
    h.spin(free_game_seed())
    h.until(lambda: isinstance(current_step(h), ShowBanner) and current_step(h).waits is not None,
            limit=60, player=False)
    card = current_step(h)
    h.pump(20.0)  # the old cards closed themselves within two seconds
    assert current_step(h) is card and h.screen.banner.visible and card.waiting
    assert h.screen.banner.dim  # a full-screen moment: the screen dims behind it
    h.press(pygame.K_SPACE)
    h.pump(1.0)
    assert current_step(h) is not card


def test_in_autoplay_a_feature_card_counts_down_and_goes_on(tmp_path, display) -> None:
    h = harness.open_game(tmp_path, HV, surface=display, turbo=False)
    hints: list[str] = []
    real = h.screen.banner.set_hint
    h.screen.banner.set_hint = lambda text: (hints.append(text), real(text))[1]
    seed = free_game_seed()
    h.screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[seed]))
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=300, player=False)
    assert any(text.startswith("Continuing in") for text in hints)  # visible, then on by itself
    assert h.wallet.history(HV, 1)[0].win == get_game(HV).play(h.screen.session.bet, seed).win


def test_a_bought_feature_that_returns_less_than_its_price_is_not_a_big_win(tmp_path, display) -> None:
    game = get_game("fat_santa")
    bet = game.default_bet
    price = game.cost(bet, buy=True)
    seed = harness.seed_where("fat_santa", "a buy that loses", lambda r: 10 * bet <= r.win < price, buy=True)
    h = harness.open_game(tmp_path, "fat_santa", surface=display, turbo=True)
    h.spin(seed, buy=True)
    h.run_until_idle()
    assert "celebrate" not in h.steps  # 10x the bet, but less than the 85x paid: a plain total
    win = h.wallet.history("fat_santa", 1)[0].win
    assert Fraction(win, bet) >= 10 and win < price


def test_a_base_win_of_ten_times_the_stake_celebrates(tmp_path, display) -> None:
    game = get_game(HV)
    bet = game.default_bet
    seed = harness.seed_where(HV, "big base win", lambda r: not r.features and r.win >= 10 * bet, limit=200_000)
    h = harness.open_game(tmp_path, HV, surface=display, turbo=True)
    h.spin(seed)
    h.run_until_idle()
    assert "celebrate" in h.steps


def test_one_win_field_reads_win_during_a_round_and_last_win_after(tmp_path, display) -> None:
    game = get_game(HV)
    seed = harness.seed_where(HV, "a line win", lambda r: not r.features and r.win > 0)
    h = harness.open_game(tmp_path, HV, surface=display, turbo=True)
    h.spin(seed)
    assert h.screen.money.win_label == "WIN"
    h.run_until_idle()
    assert h.screen.money.win_label == "LAST WIN"
    assert h.screen.money.counter.shown == game.play(h.screen.session.bet, seed).win
    assert "last_win" not in h.screen.layout and "keys" not in h.screen.layout  # no second win, no cheat sheet


def test_after_fat_santas_free_games_santa_leaves_the_base_reels(tmp_path, display) -> None:
    seed = harness.seed_where("fat_santa", "triggered free games", lambda r: bool(r.features.get("free_games")))
    h = harness.open_game(tmp_path, "fat_santa", surface=display, turbo=True)
    h.spin(seed)
    h.run_until_idle()
    result = get_game("fat_santa").play(h.screen.session.bet, seed)
    assert not h.screen.santa.visible  # the old screen left the grown Santa standing on the base game
    assert h.screen.reels.window == result.events[0]["window"]


def test_the_expanding_wild_shows_its_new_multiplier_while_the_reels_turn(tmp_path, display) -> None:
    def raises(result) -> bool:
        return any(e["type"] == "free_spin" and e["expanding"] and not e["expanding"]["new"] for e in result.events)

    seed = harness.seed_where(HV, "a standing expanding wild", raises)
    events = get_game(HV).play(get_game(HV).default_bet, seed).events
    spin = next(e for e in events if e["type"] == "free_spin" and e["expanding"] and not e["expanding"]["new"])
    h = harness.open_game(tmp_path, HV, surface=display, turbo=True)
    h.spin(seed)
    h.until(lambda: h.screen.feature.spin == spin["spin"] and h.screen.reels.spinning, limit=300)
    assert h.screen.feature.exp_x == spin["expanding"]["x"]  # not the previous spin's x2 until they land
    h.run_until_idle()


def test_reduced_motion_stops_the_shake_and_shortens_celebrations(tmp_path, display) -> None:
    from game.client.widgets.slot_steps import Celebrate

    h = harness.open_game(tmp_path, "santas_wonderland", surface=display)
    h.app.flags["reduced_motion"] = True
    h.screen.on_enter()
    h.screen.grid.shake = 16.0
    assert h.screen.grid.offset() == (0, 0)  # a Supersize slam no longer shakes the grid
    game = get_game(HV)
    seed = harness.seed_where(HV, "big base win", lambda r: not r.features and r.win >= 10 * game.default_bet,
                              limit=200_000)
    result = game.play(game.default_bet, seed)
    lengths = {}
    for calm in (False, True):
        hv = harness.open_game(tmp_path / f"hv{calm}", HV, surface=display)
        hv.app.flags["reduced_motion"] = calm
        steps = hv.screen.steps_for(list(result.events), result.bet, 0, resumed=False)
        lengths[calm] = next(step.args[2] for step in steps if isinstance(step, Celebrate))
    assert lengths[True] < 0.5 * lengths[False]
