"""Stratified simulation: the deferred base part plus feature runs add up to the whole game."""

from __future__ import annotations

import json
import math
from collections.abc import Generator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from game.engine import Decision, Evaluation, Game, get_game
from game.engine.analysis import simulate, stratified
from game.engine.analysis.cli import main
from game.engine.analysis.stratified import run
from game.engine.rng import derive_seed
from game.engine.round import RoundContext

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
    assert (one.rtp, one.half_width, one.sd) == (two.rtp, two.half_width, two.sd)  # chunks merged in order
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


# -- a toy game whose answer is known exactly -------------------------------------------------


class Toy(Game):
    """One draw in four triggers a bonus from a row 0-3; the base win and the bonus both grow with the row.

    Base part B: no trigger (3/4): 1x or nothing, even chances; trigger (1/4): ``row`` x, row uniform.
    Bonus F from row r: 10 r + 4 x (its first draw is odd), first draw uniform 0-3, so mu(r) = 10 r + 2.
    RTP = E[B] + 1/4 E[mu(row)] = 3/4 + 17/4 = 5 (500%). Y = B + T mu(row) takes 0 and 1 (3/8 each) and
    2, 13, 24, 35 (1/16 each): Var(Y) = 98.75; Var(F) = 100 Var(row) + 4 = 129.
    The bonus tallies ``row_r_first_d`` so a test can see whether its start and first draw are independent.
    """

    id = "stratified_toy"
    title = "Stratified toy"
    bets = (100,)
    default_bet = 100
    symbols = ()
    reel_count = 1
    rows = 1
    stratified_feature = "bonus"

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation()

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        if ctx.feature_start is not None:
            self.bonus(ctx, ctx.feature_start["row"])
        elif self.triggers(ctx):
            row = ctx.rng.randrange(4)
            ctx.award(Fraction(row))
            ctx.count("bonus")
            if ctx.defer_features:
                ctx.deferred.append({"row": row})
            else:
                self.bonus(ctx, row)
        elif ctx.rng.randrange(2):
            ctx.award(Fraction(1))
        yield from ()

    def triggers(self, ctx: RoundContext) -> bool:
        return ctx.rng.randrange(4) == 0

    def first_draw(self, ctx: RoundContext) -> int:
        return ctx.rng.randrange(4)

    def bonus(self, ctx: RoundContext, row: int) -> None:
        first = self.first_draw(ctx)
        ctx.count(f"row_{row}_first_{first}")
        ctx.award(Fraction(10 * row + 4 * (first % 2)))


Z95, Z999 = 1.959963984540054, 3.290526731491926
TOY = Toy()
TOY_RTP = 5.0
TOY_VAR_Y, TOY_VAR_F, TOY_P = 98.75, 129.0, 0.25


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Toy:
    def lookup(game_id: str) -> Game:
        return TOY if game_id == TOY.id else get_game(game_id)

    monkeypatch.setattr(stratified, "get_game", lookup)
    monkeypatch.setattr(simulate, "get_game", lookup)
    return TOY


def test_a_feature_run_draws_its_start_apart_from_the_features_own_draws(toy: Toy) -> None:
    report = run(toy.id, 4_000, 4_000, 1, seed=17, progress=False, batch=4_000, feature_batch=4_000)
    table = [[report.feature_run_features.get(f"row_{r}_first_{d}", {}).get("runs", 0) for d in range(4)]
             for r in range(4)]
    total = sum(map(sum, table))
    rows = [sum(row) for row in table]
    cols = [sum(col) for col in zip(*table)]
    chi2 = sum((table[r][d] - rows[r] * cols[d] / total) ** 2 / (rows[r] * cols[d] / total)
               for r in range(4) for d in range(4))
    assert total == 4_000
    assert chi2 < 27.9  # 9 degrees of freedom: p = 0.001 (one stream made row == first draw: chi2 ~ 12,000)


def test_the_stratified_interval_covers_the_exact_answer_and_its_width_is_right(toy: Toy) -> None:
    n, m, trials = 500, 1_000, 100
    z2 = []
    for trial in range(trials):
        report = run(toy.id, n, m, 1, seed=1_000 + trial, progress=False, batch=n, feature_batch=m)
        z2.append(((report.rtp - TOY_RTP) / (report.half_width / Z95)) ** 2)
    covered = sum(z < Z95**2 for z in z2) / trials
    assert 0.85 <= covered <= 1.0  # 95% expected; any sound generator stays well clear of 85%
    # E[z^2] = 1 when the standard error is right (one mean for every start made it about 1.45)
    assert 0.6 < sum(z2) / trials < 1.4
    n, m = 20_000, 20_000
    report = run(toy.id, n, m, 1, seed=99, progress=False, batch=n, feature_batch=m)
    exact_se = math.sqrt(TOY_VAR_Y / n + TOY_P**2 * TOY_VAR_F / m)
    assert report.half_width / Z95 == pytest.approx(exact_se, rel=0.06)  # one mean: 20% narrower
    assert report.sd == pytest.approx(math.sqrt(TOY_VAR_Y + TOY_P * 4), rel=0.05)  # a whole round's deviation
    assert report.generator


def test_plain_simulation_of_the_toy_agrees_with_its_exact_answer(toy: Toy) -> None:
    report = simulate.run(toy.id, 40_000, 1, seed=3, progress=False, batch=40_000)
    assert abs(report.rtp - TOY_RTP) <= Z999 / Z95 * report.half_width  # inside the 99.9% interval
    assert report.sd**2 == pytest.approx(TOY_VAR_Y + TOY_P * 4, rel=0.1)  # Var(W) = Var(Y) + E[T Var(F | row)]


# -- importance sampling: the toy played on a proposal, each round weighted by its likelihood ratio ---------


class ProposedToy(Toy):
    """The toy's proposal: a trigger one draw in two (not four), a bonus's first draw odd three times in four
    (not one in two). Rows are drawn alike. A round's likelihood ratio follows from what it counted."""

    id = "stratified_toy_proposal"

    def triggers(self, ctx: RoundContext) -> bool:
        return ctx.rng.randrange(2) == 0

    def first_draw(self, ctx: RoundContext) -> int:
        return (0, 1, 1, 1, 2, 3, 3, 3)[ctx.rng.randrange(8)]  # 1 : 3 : 1 : 3 for the first draws 0, 1, 2, 3


class WeightedToy(Toy):
    id = "stratified_toy_weighted"
    PROPOSED = ProposedToy()

    def proposal(self) -> Game:
        return self.PROPOSED

    def proposal_summary(self) -> str:
        return "triggers 1 in 2, odd first draws 3 in 4"

    def likelihood_ratio(self, result: Any) -> float:
        names = [name for name, count in result.features.items() if count]
        firsts = [int(name.rsplit("_", 1)[1]) for name in names if name.startswith("row_")]
        if firsts:  # a feature run: the first draw's chance, 1/4 over 1/8 or 3/8
            return 0.25 / (0.375 if firsts[0] % 2 else 0.125)
        return 0.25 / 0.5 if "bonus" in names else 0.75 / 0.5


@pytest.fixture
def weighted_toy(monkeypatch: pytest.MonkeyPatch) -> WeightedToy:
    game = WeightedToy()

    def lookup(game_id: str) -> Game:
        return game if game_id == game.id else get_game(game_id)

    monkeypatch.setattr(stratified, "get_game", lookup)
    return game


def test_weighted_strata_cover_the_exact_answer_and_count_the_games_own_law(weighted_toy: WeightedToy) -> None:
    n, m, trials = 500, 1_000, 100
    z2 = []
    for trial in range(trials):
        report = run(weighted_toy.id, n, m, 1, seed=2_000 + trial, progress=False, batch=n, feature_batch=m,
                     proposal=True)
        z2.append(((report.rtp - TOY_RTP) / (report.half_width / Z95)) ** 2)
    assert 0.85 <= sum(z < Z95**2 for z in z2) / trials <= 1.0
    assert 0.6 < sum(z2) / trials < 1.4  # the weighted estimator's standard error is right
    report = run(weighted_toy.id, 20_000, 20_000, 1, seed=98, progress=False, batch=20_000, feature_batch=20_000,
                 proposal=True)
    assert report.proposal == "triggers 1 in 2, odd first draws 3 in 4"
    assert report.feature_one_in == pytest.approx(4, rel=0.05)  # the game's 1 in 4, not the proposal's 1 in 2
    assert report.sd == pytest.approx(math.sqrt(TOY_VAR_Y + TOY_P * 4), rel=0.05)  # the game's deviation
    assert report.feature_sd_x == pytest.approx(math.sqrt(TOY_VAR_F), rel=0.05)
    odd = sum(info["share_of_runs"] for name, info in report.feature_run_features.items() if int(name[-1]) % 2)
    assert odd == pytest.approx(0.5, abs=0.02)  # weighted counts: odd first draws half the time, as in the game
    assert abs(report.rtp - TOY_RTP) <= Z999 / Z95 * report.half_width


def test_a_game_without_a_proposal_is_refused_before_any_round(toy: Toy) -> None:
    with pytest.raises(ValueError, match="has no proposal"):
        run(toy.id, 100, 100, 1, seed=1, progress=False, proposal=True)


def test_a_stopped_run_resumes_from_its_checkpoint_with_the_same_report(weighted_toy: WeightedToy,
                                                                        tmp_path: Path) -> None:
    path = tmp_path / "strata.jsonl"
    straight = run(weighted_toy.id, 2_000, 1_000, 1, seed=31, progress=False, batch=500, feature_batch=250,
                   proposal=True)
    run(weighted_toy.id, 2_000, 500, 1, seed=31, progress=False, batch=500, feature_batch=250, proposal=True,
        checkpoint=path)  # a shorter run: its chunks are the first ones of the longer run
    lines = path.read_text(encoding="utf-8").splitlines()
    path.write_text("\n".join(lines[:-1]) + "\n" + lines[-1][:20], encoding="utf-8")  # killed mid-line
    resumed = run(weighted_toy.id, 2_000, 1_000, 1, seed=31, progress=False, batch=500, feature_batch=250,
                  proposal=True, checkpoint=path)
    assert (resumed.rtp, resumed.half_width, resumed.sd, resumed.hit_rate) == (
        straight.rtp, straight.half_width, straight.sd, straight.hit_rate)
    played = [json.loads(line)["key"] for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    assert len(played) == len(set(played)) == 4 + 4  # every chunk once: 4 base, 4 feature
    with pytest.raises(ValueError, match="checkpoint of another run"):
        run(weighted_toy.id, 2_000, 1_000, 1, seed=32, progress=False, batch=500, feature_batch=250,
            proposal=True, checkpoint=path)


def test_proposal_goes_with_stratified_and_needs_a_game_that_names_one(caplog: pytest.LogCaptureFixture) -> None:
    assert main(["halloween_vacation", "--rounds", "100", "--proposal", "--quiet"]) == 2
    assert "--proposal goes with --stratified" in caplog.text
    assert main(["halloween_vacation", "--rounds", "100", "--stratified", "--feature-runs", "10", "--proposal",
                 "--workers", "1", "--quiet"]) == 1  # Halloween Vacation names no proposal: a one-line error
    assert "has no proposal" in caplog.text
