"""Stratified simulation: the deferred base part plus feature runs add up to the whole game."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.rng import derive_seed
from game.engine.simulate import main
from game.engine.stratified import run

GAME = get_game("halloween_vacation")
PUBLISHED = json.loads(
    (Path(__file__).parents[1] / "game/engine/games/halloween_vacation/rtp.json").read_text(encoding="utf-8")
)


def _trigger_seed() -> int:
    for index in range(10_000):
        seed = derive_seed(3, index)
        if GAME.play(100, seed).features.get("free_games"):
            return seed
    raise AssertionError("no free games in 10,000 rounds")


def test_a_deferred_round_is_the_whole_round_without_its_feature() -> None:
    seed = _trigger_seed()
    whole = GAME.play(100, seed)
    deferred = GAME.play(100, seed, defer_features=True)
    assert deferred.deferred == ({},)
    assert not any(event["type"] == "free_games_start" for event in deferred.events)
    assert deferred.events[0] == whole.events[0]  # the same base spin
    assert deferred.win_x == Fraction(whole.events[0]["x"])
    assert GAME.play(100, seed).deferred == ()  # a player's round never defers


def test_a_feature_run_plays_only_the_feature() -> None:
    result = GAME.play(100, 11, feature_start={})
    kinds = [event["type"] for event in result.events]
    assert kinds[0] == "free_games_start" and "spin" not in kinds and kinds[-1] == "round_end"
    assert result.features["free_games"] == 1
    assert result.win_x == Fraction(result.events[-2]["x"])  # free_games_end carries the feature's total


def test_stratified_estimate_agrees_with_the_published_brute_force_figure() -> None:
    report = run("halloween_vacation", 60_000, 3_000, 1, seed=21, progress=False, batch=10_000, feature_batch=500)
    assert report.feature_runs == 3_000 and report.rounds == 60_000
    assert report.rtp == pytest.approx(report.base_part_rtp + report.feature_part_rtp, rel=1e-12)
    gap = abs(report.rtp - PUBLISHED["rtp"])
    assert gap < 1.5 * (report.half_width + PUBLISHED["half_width"])  # the two intervals all but overlap
    assert 70 < report.feature_one_in < 92  # free games 1 in 80
    assert report.ci_low < report.rtp < report.ci_high


def test_the_same_seed_gives_the_same_report_whatever_the_workers() -> None:
    one = run("halloween_vacation", 8_000, 400, 1, seed=5, progress=False, batch=2_000, feature_batch=100)
    two = run("halloween_vacation", 8_000, 400, 2, seed=5, progress=False, batch=2_000, feature_batch=100)
    assert one.rtp == pytest.approx(two.rtp, rel=1e-12)
    assert (one.feature_max_x, one.feature_max_seed) == (two.feature_max_x, two.feature_max_seed)


def test_command_line_needs_both_flags(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["halloween_vacation", "--rounds", "1000", "--stratified", "--quiet"]) == 2
    out = tmp_path / "strata.json"
    assert main(["halloween_vacation", "--rounds", "4000", "--stratified", "--feature-runs", "200", "--workers", "1",
                 "--seed", "8", "--quiet", "--json", str(out)]) == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["method"] == "stratified" and data["feature_runs"] == 200 and data["rounds"] == 4000
    assert data["data_sha256"] == GAME.data_digest()
    assert "stratified" in capsys.readouterr().out
