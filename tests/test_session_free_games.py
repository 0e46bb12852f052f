"""Free games through the session: the bet fixed at the grant's stake while they last, each paid
from the bonus balance, a priced decision inside one paid cash first, its win split in the blend,
a free game interrupted and resumed, and the player's own bet back when they are over."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.session import NoFreeGame, PlaySession
from game.store import Wallet, bonus_share
from tests.gift_shop import GiftShop

START = 1_000


@pytest.fixture
def session(tmp_path: Path) -> PlaySession:
    wallet = Wallet.open(tmp_path / "data", starting_balance=START).wallet
    wallet.set_setting("gift_shop.bet", 100)
    yield PlaySession(wallet, GiftShop())
    wallet.close()


def test_no_free_games_no_change(session: PlaySession) -> None:
    assert session.free_game is None and session.free_games_left == 0 and session.bonus_balance == 0
    with pytest.raises(NoFreeGame):
        session.spin(seed=1, free=True)
    assert session.wallet.open_rounds() == [] and session.step_bet(-1) == 20


def test_free_games_fix_the_bet_and_are_paid_from_the_bonus(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=START).wallet
    wallet.set_setting("gift_shop.bet", 100)
    wallet.grant_free_games(2, 20, "gift_shop")
    wallet.grant_free_games(5, 50, "another_game")  # not this game's
    wallet.grant_free_games(5, 30)  # a stake Gift Shop does not offer
    session = PlaySession(wallet, GiftShop())
    grant = session.free_game
    assert grant is not None and (grant.stake, grant.games_left) == (20, 2) and session.free_games_left == 2
    assert session.bet == 20 and session.chosen_bet == 100
    assert session.step_bet(+1) == 20 and wallet.setting("gift_shop.bet") == 100  # fixed while they last
    with pytest.raises(ValueError, match="buys no feature"):
        session.spin(seed=1, free=True, buy=True)
    active = session.spin(seed=11, free=True)
    assert active.free_game == (1, 2) and active.play.bet == 20
    assert (wallet.balance, wallet.bonus_balance) == (START, 2 * 20 + 250 + 150 - 20)
    assert session.stats.staked == 0  # the session's figures are cash
    session.decide(active, "red")
    session.decide(active, "buy")  # 0.68: paid cash first, like any priced decision
    assert wallet.balance == START - 68
    session.decide(active, "collect")
    session.settle(active)
    record = wallet.get_round(active.round_id)
    assert (record.cost, record.bonus_cost) == (88, 20) and record.win == active.result.win
    assert record.bonus_win == bonus_share(record.win, 88, 20) and record.cash_win == record.win - record.bonus_win
    assert session.stats.staked == 68 and session.stats.won == record.cash_win
    assert session.free_game is not None and session.free_game.playing == 2 and session.bet == 20
    last = session.spin(seed=12, free=True)
    assert last.free_game == (2, 2) and session.free_game is None
    assert session.bet == 100  # the player's bet is back once the last free game is begun
    session.decide(last, "green")
    session.decide(last, "collect")
    session.settle(last)
    assert session.step_bet(-1) == 20 and wallet.setting("gift_shop.bet") == 20
    assert wallet.audit() == [] and wallet.journal_problems() == []
    wallet.close()


def test_a_free_game_interrupted_is_resumed_as_a_free_game(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=START).wallet
    wallet.grant_free_games(3, 100, "gift_shop")
    session = PlaySession(wallet, GiftShop())
    session.spin(seed=11, free=True)
    wallet.close()  # killed at the first question
    wallet = Wallet.open(tmp_path).wallet
    again = PlaySession(wallet, GiftShop())
    resumed = again.resume_open_round()
    assert resumed is not None and resumed.free_game == (1, 3) and resumed.pending is not None
    assert again.free_game is not None and again.free_game.playing == 2
    for choice in ("green", "collect"):
        again.decide(resumed, choice)
    again.settle(resumed)
    record = wallet.get_round(resumed.round_id)
    assert record.bonus_win == record.win and wallet.balance == START  # paid from the bonus: won into it
    assert wallet.bonus_balance == 300 - 100 + record.win and wallet.audit() == []
    wallet.close()


def test_cash_short_the_bonus_won_pays_the_rest(tmp_path: Path) -> None:
    wallet = Wallet.open(tmp_path, starting_balance=50).wallet
    wallet.grant_free_games(1, 100, "gift_shop")
    session = PlaySession(wallet, GiftShop())
    free = session.spin(seed=11, free=True)
    for choice in ("red", "collect"):
        session.decide(free, choice)
    session.settle(free)
    won = wallet.bonus_balance
    assert won > 0 and session.free_game is None and session.bet == 100
    assert session.can_afford() and wallet.available == 50 + won
    paid = session.spin(seed=12)  # 0.50 cash and 0.50 bonus
    assert (wallet.balance, wallet.bonus_balance) == (0, won - 50)
    for choice in ("green", "collect"):
        session.decide(paid, choice)
    session.settle(paid)
    record = wallet.get_round(paid.round_id)
    assert record.bonus_cost == 50 and record.bonus_win == record.win // 2
    assert wallet.audit() == []
    wallet.close()
