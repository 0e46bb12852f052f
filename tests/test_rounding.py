"""Rounding loses nothing at any ladder bet of any game: every pay figure is whole cents there, by design."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.engine import GAME_IDS, get_game
from game.engine.analysis.rounding import check, loss_bound, pay_figures
from game.engine.money import cents_of
from game.engine.rng import derive_seed


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_pay_figure_is_whole_cents_at_every_ladder_bet(game_id: str) -> None:
    game = get_game(game_id)
    checks = check(game)
    assert [c.bet for c in checks] == list(game.bets)
    assert [c for c in checks if not c.exact] == []
    figures = pay_figures(game)
    assert figures.pays and all(bet % figures.bet_step == 0 for bet in game.bets)
    assert all(isinstance(m, int) and m >= 1 for m in figures.multipliers)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_engine_never_rounds_a_win_at_any_ladder_bet(game_id: str) -> None:
    game = get_game(game_id)
    rng = random.Random(game_id)
    modes = (False, True) if game.buy_price_x is not None else (False,)
    for index in range(240 if game_id != "santas_wonderland" else 60):
        bet, buy = rng.choice(game.bets), rng.choice(modes)
        result = game.play(bet, derive_seed(20261214, index), buy=buy)
        assert result.win == result.win_x * bet, (bet, buy, index)  # no fraction of a cent to drop
        assert game.cost(bet, buy) == (game.buy_price_x if buy else 1) * bet


def test_the_old_ladders_lost_to_rounding_and_the_bound_says_how_much() -> None:
    fat, halloween = get_game("fat_santa"), get_game("halloween_vacation")
    assert pay_figures(fat).bet_step == 50 and pay_figures(halloween).bet_step == 20
    old_fat = check(fat, (10, 20, 30, 40, 60, 80))
    assert all("ten x3 (6 x line bet)" in c.inexact and "the cap" in c.inexact for c in old_fat)
    assert not any(c.exact for c in check(halloween, (50, 150, 250, 350, 450, 750, 1250, 1750, 2250)))
    # ten x3 pays 6 x line bet: 1.2 cents at a bet of 0.10, paid as 1 cent
    assert cents_of(Fraction(6, 50), 10) == 1
    assert loss_bound(fat, 10, 0.35) == pytest.approx(0.35 * 0.8 / 10)
    assert loss_bound(fat, 100, 0.35) == 0.0
