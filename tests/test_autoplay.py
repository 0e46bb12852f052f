"""AutoplayConfig / AutoplayRun: counts, stop conditions and seed lists (no pygame needed)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest

from game.client.autoplay import AutoplayConfig, AutoplayRun


@dataclass
class Result:
    win: int = 0
    features: dict[str, int] = field(default_factory=dict)


def play(run: AutoplayRun, results: list[Result], cost: int = 100) -> list[str | None]:
    return [run.after_round(result, cost) for result in results]


def test_counts_down_and_finishes() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=3))
    assert run.remaining == 3
    reasons = play(run, [Result(), Result(), Result()])
    assert reasons[:2] == [None, None]
    assert reasons[2] == "Autoplay finished"
    assert run.remaining == 0 and run.finished and run.played == 3


def test_until_stopped_never_finishes_by_count() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=None))
    assert run.remaining is None
    assert all(reason is None for reason in play(run, [Result(win=50)] * 500))
    assert not run.finished and run.played == 500


def test_stop_on_feature_any_key() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=None, stop_on_feature=True))
    assert run.after_round(Result(win=10), 100) is None
    reason = run.after_round(Result(win=0, features={"sticky_wilds": 0, "free_games": 1}), 100)
    assert reason is not None and "feature" in reason and "free games" in reason
    assert run.finished


def test_features_ignored_unless_asked() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=5))
    assert run.after_round(Result(features={"free_games": 1}), 100) is None


def test_single_win_over_is_strict() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=None, stop_single_win_over=1_000))
    assert run.after_round(Result(win=1_000), 100) is None  # equal is not over
    reason = run.after_round(Result(win=1_001), 100)
    assert reason is not None and "10.01" in reason


def test_loss_over_counts_net_since_start() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=None, stop_loss_over=250))
    # Net after each round: -100, -150, -250 (not over 250), -350 (over: stop).
    reasons = play(run, [Result(), Result(win=50), Result(), Result()])
    assert reasons[:3] == [None, None, None]
    assert reasons[3] == "Autoplay stopped: loss of 3.50 since it began"
    assert run.net == -350


def test_wins_offset_losses() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=None, stop_loss_over=150))
    assert play(run, [Result(win=500), Result(), Result(), Result()]) == [None] * 4  # net +100
    assert run.net == 100


def test_seed_list_in_order_then_none() -> None:
    run = AutoplayRun(AutoplayConfig(rounds=5, seeds=[11, 22, 33]))
    assert [run.next_seed() for _ in range(5)] == [11, 22, 33, None, None]
    assert AutoplayRun(AutoplayConfig(rounds=2)).next_seed() is None


def test_config_validation_and_description() -> None:
    with pytest.raises(ValueError):
        AutoplayConfig(rounds=0)
    with pytest.raises(ValueError):
        AutoplayConfig(rounds=5, stop_loss_over=-1)
    text = AutoplayConfig(rounds=25, stop_on_feature=True, stop_single_win_over=5_000).describe()
    assert text == "25 rounds, stop on feature, win over 50.00"
    assert AutoplayConfig(rounds=None).describe() == "until stopped"
