"""A short kill campaign: the real app killed 20 times at random moments, relaunched, checked.

``python -m tools.kill_campaign --kills 200`` is the long run the README reports.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tools.kill_campaign import campaign, report


@pytest.mark.slow
def test_twenty_random_kills_leave_every_check_passing(tmp_path: Path) -> None:
    # Up to 9 s a launch: a relaunch first shows the resumed round to its end (its cards count
    # down 3 s in autoplay), so at 6 s a loaded machine settled only 1-2 rounds in 20 launches
    # (5 at load 3); at 9 s, 11 at load 1.4.
    figures = campaign(20, seed=20261202, data=tmp_path / "data", max_delay=9.0)
    assert figures.failures == [], report(figures)
    assert figures.kills == 20
    assert figures.killed_mid_round >= 5 and figures.resumes_at_the_recorded_step >= 5, report(figures)
    assert figures.rounds_settled >= 3 and figures.replays_checked == figures.rounds_settled
    assert figures.resumes_at_the_recorded_step + figures.resumes_not_reached == figures.resumes_expected


@pytest.mark.slow
def test_a_jackpot_game_killed_at_random_keeps_its_pool_and_the_money(tmp_path: Path) -> None:
    """The headless player of the test jackpot game (no screen needed) killed 12 times: after each
    relaunch the audit, the pool's rules, the replays' jackpots and the conservation of money hold."""
    figures = campaign(12, seed=20261224, data=tmp_path / "data", max_delay=1.5,
                       headless="tests.jackpot_game:TinyJackpot")
    assert figures.failures == [], report(figures)
    assert figures.kills == 12 and figures.pool_checks == figures.wallet_checks
    assert figures.killed_mid_round >= 4 and figures.resumes_at_the_recorded_step >= 4, report(figures)
    assert figures.jackpots_paid >= 5 and figures.replays_checked == figures.rounds_settled, report(figures)


@pytest.mark.slow
def test_naughty_or_nice_killed_at_random_keeps_its_pool_and_the_money(tmp_path: Path) -> None:
    """The real jackpot game played headless (its engine and wallet, no screen): 8 kills, every check passing."""
    figures = campaign(8, seed=20261225, data=tmp_path / "data", max_delay=2.0,
                       headless="game.engine.games.naughty_or_nice:NaughtyOrNice")
    assert figures.failures == [], report(figures)
    assert figures.kills == 8 and figures.pool_checks == figures.wallet_checks
    assert figures.killed_mid_round >= 3 and figures.rounds_settled >= 10, report(figures)


SLINGO = "slingo_santa_king"


def test_a_launch_of_a_game_with_priced_extras_has_autoplay_buy_them() -> None:
    import random

    from game.engine import get_game
    from tools.kill_campaign import choose_launch, extras_for

    offered = get_game(SLINGO).description.priced_extras
    rng = random.Random(5)
    launches = [choose_launch(rng, 0.4, 9.0, games=(SLINGO,)) for _ in range(40)]
    games = [launch for launch in launches if launch.game == SLINGO]
    assert games and all(1 <= launch.extra_spins <= offered for launch in games)
    for launch in games:
        args = launch.args(Path("data"))
        assert args[args.index("--extra-spins") + 1] == str(launch.extra_spins)
    assert extras_for("fat_santa", 7) == 0
    lobby = [launch for launch in launches if launch.game is None]
    assert all("--extra-spins" not in launch.args(Path("data")) for launch in lobby)


def test_the_priced_check_fails_a_price_debited_twice_or_not_at_all(tmp_path: Path) -> None:
    import random
    from types import SimpleNamespace

    from tools.kill_campaign import Campaign, Figures

    figures = Figures()
    check = Campaign(tmp_path, random.Random(0), figures)._check_priced
    record: Any = SimpleNamespace(id=7, decisions=[[0, 1], "spin", "spin", "collect"], decision_costs=[0, 12, 30, 0])
    check(record, {1: [12], 2: [20, 10]})  # the second paid part cash, part bonus: once
    assert figures.failures == []
    check(record, {1: [12, 12], 2: [30]})
    check(record, {2: [30]})
    check(record, {1: [12], 2: [30], 3: [5]})
    assert len(figures.failures) == 3, figures.failures


def test_the_frequent_jackpot_variant_is_the_game_with_its_own_id_and_a_frequent_jackpot() -> None:
    import json

    from game.catalogue import CATALOGUE
    from game.engine.games.naughty_or_nice.game import DATA_FILE
    from tools.kill_variants import VARIANTS, FrequentJackpot, frequent_jackpot_data

    assert VARIANTS["frequent-jackpot"] == "tools.kill_variants:FrequentJackpot"
    game = FrequentJackpot()
    assert game.id not in {item.id for item in CATALOGUE} and game.description.id == game.id
    real, variant = json.loads(DATA_FILE.read_text(encoding="utf-8")), frequent_jackpot_data()
    changed = {key for key in real if real[key] != variant[key]}
    assert changed == {"title", "strips"} and real["strips"]["free"] == variant["strips"]["free"]
    won = sum(game.play(game.default_bet, seed).jackpot > 0 for seed in range(1, 201))
    assert won >= 60  # about two rounds in five (one in thousands in the real game)


@pytest.mark.slow
def test_slingo_killed_at_random_around_the_extra_spins_autoplay_buys(tmp_path: Path) -> None:
    """The real app on Slingo alone, its autoplay buying extra spins (--extra-spins): kills land after
    a bought spin and at a priced offer; each price is recorded and paid once, each resume exact."""
    from game.store import Wallet
    from tools.kill_campaign import wallet_dir

    figures = campaign(8, seed=3, data=tmp_path / "data", max_delay=9.0, games=(SLINGO,))
    assert figures.failures == [], report(figures)
    assert figures.killed_after_priced + figures.killed_at_priced_question >= 1, report(figures)
    assert figures.resumes_at_the_recorded_step >= 3, report(figures)
    assert figures.resumes_at_the_recorded_step + figures.resumes_not_reached == figures.resumes_expected
    wallet = Wallet.open(wallet_dir(tmp_path / "data")).wallet
    try:
        bought = [price for r in wallet.recall(None, 1000) for price in r.decision_costs if price]
        assert len(bought) >= 1 and wallet.audit() == [], report(figures)
    finally:
        wallet.close()


@pytest.mark.slow
def test_the_frequent_jackpot_variant_killed_at_random_wins_the_jackpot_and_loses_nothing(tmp_path: Path) -> None:
    """12 kills of the headless player of the variant: jackpots won, kills between a jackpot won and
    its settlement, and every check (audit, pool rules, replays, conservation of money) passing."""
    from tools.kill_variants import VARIANTS

    figures = campaign(12, seed=11, data=tmp_path / "data", max_delay=1.5, headless=VARIANTS["frequent-jackpot"])
    assert figures.failures == [], report(figures)
    assert figures.jackpots_paid >= 1 and figures.killed_after_jackpot >= 1, report(figures)
    assert figures.kills == 12 and figures.pool_checks == figures.wallet_checks
    assert figures.replays_checked == figures.rounds_settled, report(figures)
