"""Proofs by exact parts (game.engine.analysis.proof): strata of the feature's start and a control variate.

The estimator and its variance are checked against a toy game whose answer is known exactly, and
against brute force on the same toy; Fat Santa's exact parts are checked against his rounds.
"""

from __future__ import annotations

import json
import math
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import Game, RoundResult, get_game
from game.engine.analysis import proof, simulate, stratified
from game.engine.analysis.cli import main
from game.engine.analysis.proof import allocate, fit_beta, run
from game.engine.parts import ExactParts
from game.engine.round import RoundContext
from tests.test_report_schema import SCHEMA, problems
from tests.test_stratified import Toy

Z95, Z999 = 1.959963984540054, 3.290526731491926


class ControlToy(Toy):
    """The stratified toy's rounds (one draw in four triggers a bonus from a row 0-3), with a bonus of
    two draws and an exact control.

    Base part B: no trigger (3/4): 1x or nothing, even chances; trigger (1/4): ``row`` x, row uniform,
    so E[B] = 3/8 + 3/8 = 3/4. Bonus from row r: two draws d1, d2 uniform 0-3, F = 10 r + 4 (d1 odd) + d2,
    mu(r) = 10 r + 3.5, mu = 18.5. RTP = 3/4 + 18.5 / 4 = 5.375 (537.5%).
    The control is "d1 is odd" (mean 1/2, exact). Within a row Var(F) = 16 / 4 + 1.25 = 5.25; with the
    control at its best coefficient (4) only d2 is left: Var(Z) = 1.25. With m runs allocated
    equally over the four rows, Var(mu^) = sum (1/4)^2 1.25 / (m/4) = 1.25 / m.
    """

    id = "proof_toy"
    title = "Proof toy"

    def bonus(self, ctx: RoundContext, row: int) -> None:
        first, second = ctx.rng.randrange(4), ctx.rng.randrange(4)
        ctx.emit({"type": "bonus", "odd": first % 2})
        ctx.award(Fraction(10 * row + 4 * (first % 2) + second))

    def exact_parts(self, buy: bool = False) -> ExactParts:
        return ExactParts(base_x=Fraction(3, 4), rate=Fraction(1, 4),
                          starts=tuple(({"row": r}, Fraction(1, 4)) for r in range(4)),
                          control_names=("first draw odd",), control_means=((Fraction(1, 2),),) * 4,
                          source="tests/test_proof.py")

    def feature_controls(self, result: RoundResult) -> tuple[float, ...]:
        return tuple(float(event["odd"]) for event in result.events if event["type"] == "bonus")


TOY = ControlToy()
TOY_RTP = 5.375
TOY_VAR_Z, TOY_VAR_F = 1.25, 5.25  # within a row, with and without the control


class ProposalToy(ControlToy):
    """The control toy with importance sampling: its proposal draws the bonus's second draw 3 five
    times as often as each other value (weights 1, 1, 1, 5), so each run weighs 2 (d2 < 3) or 2/5."""

    id = "proof_toy_proposal"

    def __init__(self, tilted: bool = False) -> None:
        super().__init__()
        self.tilted = tilted

    def bonus(self, ctx: RoundContext, row: int) -> None:
        first = ctx.rng.randrange(4)
        second = min(3, ctx.rng.randrange(8)) if self.tilted else ctx.rng.randrange(4)
        ctx.emit({"type": "bonus", "odd": first % 2, "second": second})
        ctx.award(Fraction(10 * row + 4 * (first % 2) + second))

    def exact_parts(self, buy: bool = False) -> ExactParts:
        return replace(super().exact_parts(buy), proposal="the second draw 3 five times as likely")

    def proposal(self) -> Game:
        return ProposalToy(tilted=True)

    def likelihood_ratio(self, result: RoundResult) -> float:
        second = next(event["second"] for event in result.events if event["type"] == "bonus")
        return 0.4 if second == 3 else 2.0


PROPOSAL_TOY = ProposalToy()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> ControlToy:
    def lookup(game_id: str) -> Game:
        return {TOY.id: TOY, PROPOSAL_TOY.id: PROPOSAL_TOY}.get(game_id) or get_game(game_id)

    for module in (proof, stratified, simulate):
        monkeypatch.setattr(module, "get_game", lookup)
    return TOY


def test_the_interval_covers_the_exact_answer_at_its_rate_and_its_width_is_the_exact_one(toy: ControlToy) -> None:
    m, trials = 400, 100
    z2 = []
    for trial in range(trials):
        report = run(toy.id, m, 1, seed=2_000 + trial, rounds=200, pilot_runs=200, progress=False)
        z2.append(((report.rtp - TOY_RTP) / (report.half_width / Z95)) ** 2)
    assert 0.85 <= sum(z < Z95**2 for z in z2) / trials <= 1.0  # 95% expected
    assert 0.6 < sum(z2) / trials < 1.4  # E[z^2] = 1 when the standard error is right
    m = 40_000
    report = run(toy.id, m, 1, seed=7, rounds=20_000, pilot_runs=2_000, progress=False)
    exact_se = 0.25 * math.sqrt(TOY_VAR_Z / m)  # rate x sqrt(Var(mu^))
    assert report.half_width / Z95 == pytest.approx(exact_se, rel=0.05)
    assert abs(report.rtp - TOY_RTP) <= Z999 * exact_se
    assert report.control_variate["beta"][0] == pytest.approx(4.0, abs=0.2)
    assert report.control_variate["variance_reduction"] == pytest.approx(TOY_VAR_F / TOY_VAR_Z, rel=0.1)
    assert [s["runs"] for s in report.strata] == [10_000] * 4
    assert [s["mean_x"] for s in report.strata] == pytest.approx([3.5, 13.5, 23.5, 33.5], abs=0.05)
    assert report.base_part_rtp == 0.75 and report.feature_one_in == 4.0  # the exact parts, as given
    base_check, rate_check = report.checks
    assert abs(base_check["z"]) < Z999 and abs(rate_check["z"]) < Z999
    # Var(W) = Var(Y) + E[T Var(F | row)]: Y = B + T mu(row) has Var 0.1875 + 3/16 + ... ; check by brute force below
    assert report.sd == pytest.approx(_toy_round_sd(), rel=0.05)


def _toy_round_sd() -> float:
    """A whole round's deviation, exactly: W = B or B + F, enumerated over the draws."""
    outcomes: list[tuple[Fraction, float]] = [(Fraction(3, 8), 0.0), (Fraction(3, 8), 1.0)]
    for row in range(4):
        for first in range(4):
            for second in range(4):
                outcomes.append((Fraction(1, 4 * 4 * 16), row + 10 * row + 4 * (first % 2) + second))
    mean = sum(float(p) * w for p, w in outcomes)
    assert mean == pytest.approx(TOY_RTP)
    return math.sqrt(sum(float(p) * (w - mean) ** 2 for p, w in outcomes))


def test_runs_drawn_from_a_proposal_and_weighted_keep_the_answer_and_its_interval(toy: ControlToy) -> None:
    """Importance sampling: the weighted runs' interval covers the exact answer at its rate, the
    counts are the game's own law (not the proposal's), and the likelihood ratio is a control of mean 1."""
    z2 = []
    for trial in range(100):
        report = run(PROPOSAL_TOY.id, 400, 1, seed=5_000 + trial, rounds=200, pilot_runs=200, progress=False)
        z2.append(((report.rtp - TOY_RTP) / (report.half_width / Z95)) ** 2)
    assert 0.85 <= sum(z < Z95**2 for z in z2) / len(z2) <= 1.0
    assert 0.6 < sum(z2) / len(z2) < 1.4
    report = run(PROPOSAL_TOY.id, 40_000, 1, seed=8, rounds=20_000, pilot_runs=2_000, progress=False)
    assert report.control_variate["names"] == ["first draw odd", "likelihood ratio"]
    assert "proposal" in report.control_variate
    assert abs(report.rtp - TOY_RTP) <= Z999 * report.half_width / Z95
    # the counts are the game's law: no win (row 0, d1 even, d2 = 0) is 1/32 of the runs there, 1/64 on the proposal
    no_win = report.feature_histogram[0]
    assert no_win["to_x"] == 0 and no_win["share"] == pytest.approx(1 / 32, abs=0.005)
    assert report.feature_sd_x == pytest.approx(_toy_feature_sd(), rel=0.05)
    assert sum(s["runs"] for s in report.strata) == 40_000


def _toy_feature_sd() -> float:
    """A bonus run's deviation under the game's law, the start drawn from the four rows."""
    wins = [10 * row + 4 * odd + second for row in range(4) for odd in (0, 1) for second in range(4)]
    mean = sum(wins) / len(wins)
    return math.sqrt(sum((w - mean) ** 2 for w in wins) / len(wins))


def test_brute_force_on_the_toy_agrees_with_its_exact_answer(toy: ControlToy) -> None:
    report = simulate.run(toy.id, 60_000, 1, seed=4, progress=False, batch=60_000)
    assert abs(report.rtp - TOY_RTP) <= Z999 / Z95 * report.half_width
    assert report.sd == pytest.approx(_toy_round_sd(), rel=0.05)


def test_any_fixed_coefficient_keeps_the_estimate_unbiased(toy: ControlToy) -> None:
    """A bad control (its coefficient fitted on a pilot that is noise) widens the interval; it never shifts it."""
    estimates = []
    for trial in range(40):
        report = run(toy.id, 400, 1, seed=9_000 + trial, rounds=100, pilot_runs=20, progress=False)
        estimates.append(report.rtp)
    mean = sum(estimates) / len(estimates)
    spread = math.sqrt(sum((e - mean) ** 2 for e in estimates) / (len(estimates) - 1))
    assert abs(mean - TOY_RTP) <= Z999 * spread / math.sqrt(len(estimates))


def test_a_bought_mode_takes_no_base_rounds_and_a_base_mode_needs_them(toy: ControlToy) -> None:
    with pytest.raises(ValueError, match="rounds"):
        run(toy.id, 400, 1, seed=1, progress=False)
    with pytest.raises(ValueError, match="two per start"):
        run(toy.id, 7, 1, seed=1, rounds=10, progress=False)


def test_allocation_is_proportional_and_gives_every_stratum_two_runs() -> None:
    assert allocate(10, [Fraction(1, 5)] * 5) == [2] * 5
    assert allocate(11, [Fraction(1, 2), Fraction(1, 3), Fraction(1, 6)]) == [5, 4, 2]  # 5.5, 3.67, 1.83: remainders
    assert allocate(100, [Fraction(99, 100), Fraction(1, 100)]) == [98, 2]
    assert sum(allocate(1_000_003, [Fraction(1, 7)] * 7)) == 1_000_003


def test_a_control_that_never_varied_in_the_pilot_gets_no_coefficient() -> None:
    tally = proof.RunTally(runs=4, f=10.0, c=[2.0, 4.0], fc=[8.0, 10.0], cc=[[2.0, 2.0], [2.0, 4.0]])
    beta = fit_beta([tally], [1.0])  # control 2 is 1 in every run; F = 1, 1, 4, 4 with control 1 = 0, 0, 1, 1
    assert beta == pytest.approx((3.0, 0.0))
    # within the strata: two starts whose means differ by 100 do not pull the coefficient
    other = proof.RunTally(runs=4, f=410.0, c=[2.0, 4.0], fc=[208.0, 410.0], cc=[[2.0, 2.0], [2.0, 4.0]])
    assert fit_beta([tally, other], [0.5, 0.5]) == pytest.approx((3.0, 0.0))


# -- Fat Santa ------------------------------------------------------------------------------------

FAT_SANTA = get_game("fat_santa")


def test_fat_santa_exact_parts_name_his_rows_and_the_controls_read_his_sizes() -> None:
    base, buy = FAT_SANTA.exact_parts(False), FAT_SANTA.exact_parts(True)
    assert [start for start, _ in base.starts] == [{"trigger": "spin", "santa_row": r} for r in range(5)]
    assert [start for start, _ in buy.starts] == [{"trigger": "buy", "santa_row": r} for r in range(5)]
    assert all(p == Fraction(1, 5) for _, p in base.starts + buy.starts)
    assert (buy.base_x, buy.rate) == (0, 1)
    assert f"{float(base.base_x):.5f}" == "0.64967" and f"{float(1 / base.rate):.1f}" == "274.3"
    result = FAT_SANTA.play(100, 12, feature_start={"trigger": "buy", "santa_row": 2})
    controls = FAT_SANTA.feature_controls(result)
    sizes = [event["santa"]["size"] for event in result.events if event["type"] == "free_spin"]
    assert sum(controls) == len(sizes) == result.events[-2]["spins"]
    assert controls == tuple(float(sizes.count(size)) for size in range(1, 6))


def test_a_small_fat_santa_proof_follows_the_schema_and_is_the_same_on_two_workers(tmp_path: Path) -> None:
    reports = []
    for workers in (1, 2):
        out = tmp_path / f"proof{workers}.json"
        assert main(["fat_santa", "--exact-parts", "--buy", "--feature-runs", "1000", "--pilot-runs", "500",
                     "--workers", str(workers), "--seed", "3", "--quiet", "--json", str(out)]) == 0
        reports.append(json.loads(out.read_text(encoding="utf-8")))
    one, two = reports
    assert problems(one, SCHEMA) == []
    assert one["method"] == "exact_parts" and one["rounds"] == one["feature_runs"] == 1000
    assert one["parts"][0]["how"] == "simulated"
    assert one["rtp"] == two["rtp"] and one["half_width"] == two["half_width"]  # bit for bit
    assert one["rtp"] == pytest.approx(one["feature_average_x"] / 85, rel=1e-12)
    assert one["features"]["free_games"]["rounds"] == 1000 and one["features"]["free_games"]["one_in"] == 1
    base = tmp_path / "base.json"
    assert main(["fat_santa", "--exact-parts", "--feature-runs", "500", "--pilot-runs", "500", "--rounds", "2000",
                 "--workers", "1", "--seed", "4", "--quiet", "--json", str(base)]) == 0
    report = json.loads(base.read_text(encoding="utf-8"))
    assert problems(report, SCHEMA) == []
    assert [(part["name"], part["how"]) for part in report["parts"][:3]] == [
        ("base game", "exact"), ("free_games rate (per round)", "exact"), ("free_games", "simulated")]
    assert report["rtp"] == pytest.approx(report["base_part_rtp"] + report["feature_part_rtp"], rel=1e-12)


@pytest.mark.parametrize("args", [
    ["--exact-parts", "--stratified", "--feature-runs", "10", "--rounds", "10"],
    ["--exact-parts", "--rounds", "10"],
    ["--exact-parts", "--buy", "--rounds", "10", "--feature-runs", "10"],
    ["--exact-parts", "--feature-runs", "10"],
    ["--pilot-runs", "10", "--rounds", "10"],
])
def test_the_command_line_refuses_flags_that_do_not_go_together(args: list[str]) -> None:
    assert main(["fat_santa", "--quiet", *args]) == 2


def test_a_game_without_exact_parts_is_refused_with_a_message() -> None:
    assert main(["santas_wonderland", "--exact-parts", "--feature-runs", "10", "--rounds", "10", "--quiet"]) == 1


@pytest.mark.slow  # about a minute: whole rounds through the public API, plain Monte Carlo
@pytest.mark.parametrize(("name", "buy", "rounds"), [("rtp.json", False, 1_000_000), ("rtp_buy.json", True, 100_000)])
def test_whole_rounds_agree_with_the_published_proof(name: str, buy: bool, rounds: int) -> None:
    """Brute force on whole rounds (a bought round draws Santa's row itself) against the proof by exact parts."""
    published = json.loads((FAT_SANTA.data_file.parent / name).read_text(encoding="utf-8"))
    plain = simulate.run("fat_santa", rounds, 1, seed=20261227, buy=buy, progress=False)
    se = math.hypot(plain.half_width, published["half_width"]) / Z95
    assert abs(plain.rtp - published["rtp"]) <= Z999 * se, (plain.rtp, published["rtp"], se)


def test_a_checkpointed_run_stopped_midway_resumes_to_the_same_report(toy: ControlToy, tmp_path: Path) -> None:
    """Each finished chunk is kept; a run started again plays only the rest and reports the same figures
    (a line cut short by the stop is dropped and its chunk played again)."""
    straight = run(PROPOSAL_TOY.id, 4_000, 1, seed=21, rounds=400, pilot_runs=400, chunk=500, progress=False)
    path = tmp_path / "proof.jsonl"
    whole = run(PROPOSAL_TOY.id, 4_000, 1, seed=21, rounds=400, pilot_runs=400, chunk=500, progress=False,
                checkpoint=path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert len(lines) == 1 + 4 + 8  # the header, the pilot's chunks (one a row), the runs' chunks
    path.write_text("".join(lines[:7]) + lines[7][: len(lines[7]) // 2], encoding="utf-8")  # stopped mid-write
    resumed = run(PROPOSAL_TOY.id, 4_000, 1, seed=21, rounds=400, pilot_runs=400, chunk=500, progress=False,
                  checkpoint=path)
    for report in (whole, resumed):
        assert (report.rtp, report.half_width, report.control_variate["beta"], report.feature_histogram) == (
            straight.rtp, straight.half_width, straight.control_variate["beta"], straight.feature_histogram)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 13
    # extended with more runs: the chunks held are reused, only the new ones are played
    longer = run(PROPOSAL_TOY.id, 6_000, 1, seed=21, rounds=400, pilot_runs=400, chunk=500, progress=False)
    extended = run(PROPOSAL_TOY.id, 6_000, 1, seed=21, rounds=400, pilot_runs=400, chunk=500, progress=False,
                   checkpoint=path)
    assert (extended.rtp, extended.half_width) == (longer.rtp, longer.half_width)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 13 + 4


def test_a_checkpoint_of_another_run_is_refused_and_kept(toy: ControlToy, tmp_path: Path) -> None:
    path = tmp_path / "proof.jsonl"
    run(PROPOSAL_TOY.id, 400, 1, seed=1, rounds=100, pilot_runs=100, progress=False, checkpoint=path)
    before = path.read_bytes()
    with pytest.raises(ValueError, match=r"another run.*seed"):
        run(PROPOSAL_TOY.id, 400, 1, seed=2, rounds=100, pilot_runs=100, progress=False, checkpoint=path)
    assert path.read_bytes() == before
    assert main(["fat_santa", "--rounds", "10", "--checkpoint", str(path)]) == 2  # only with --exact-parts
