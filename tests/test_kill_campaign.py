"""A short kill campaign: the real app killed 20 times at random moments, relaunched, checked.

``python -m tools.kill_campaign --kills 200`` is the long run the README reports.
"""

from __future__ import annotations

from pathlib import Path

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
