"""The published RTPs against the acceptance rule of docs/MATH.md: which figures meet it, which do not yet.

The rule: an RTP counts as proven when it is exact, or simulated with a 95% interval of half-width
at most 0.1 point; the game's stated RTP (printed by its rule text, or its design target) must then
lie inside that interval, or agree with the exact figure at its stated precision. Figures that do
not meet it yet are known gaps, marked ``xfail(strict=True)`` with what it takes: when one is
closed the mark must go (strict).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.analysis.par import agrees as _agrees
from game.engine.games.halloween_vacation.exact import compute

GAMES = Path(__file__).resolve().parent.parent / "game" / "engine" / "games"
RTP_FILE = GAMES / "halloween_vacation" / "rtp.json"
HALF_WIDTH_RULE = 0.001  # 0.1 point


def _report(game_id: str, name: str) -> dict:
    return json.loads((GAMES / game_id / name).read_text(encoding="utf-8"))


# -- Halloween Vacation ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def halloween_exact():
    return compute(get_game("halloween_vacation"))


def test_published_figures_are_for_the_current_data_and_meet_the_target() -> None:
    """The published measurement (what README and the help page show today) and the old standard it met."""
    report = json.loads(RTP_FILE.read_text(encoding="utf-8"))
    game = get_game("halloween_vacation")
    assert report["data_sha256"] == game.data_digest(), (
        "data.json changed since the RTP was measured: re-run the command in rtp.json"
    )
    assert report["ci_low"] <= 0.967 <= report["ci_high"]
    assert report["half_width"] <= 0.005
    assert report["rounds"] >= 10_000_000
    assert report["max_win_x"] <= game.max_win_bound_x
    assert report["command"].startswith("python -m game.engine.simulate halloween_vacation")


def test_halloween_vacation_rtp_is_proven_exactly(halloween_exact) -> None:
    """Meets the rule: exact (base game by linearity, free game by its Markov chain)."""
    assert f"{float(halloween_exact.rtp):.4%}" == "96.6996%"


def test_halloween_vacation_rtp_agrees_with_the_exact_one(halloween_exact) -> None:
    """The 96.7% design target is the exact 96.6996% at its stated precision (the strips were retuned for it)."""
    assert _agrees(get_game("halloween_vacation").description.rtp.base, halloween_exact.rtp)


def test_halloween_vacation_published_interval_holds_the_exact_rtp(halloween_exact) -> None:
    """The plain simulation, re-measured on the retuned strips, cross-checks the exact figure."""
    report = json.loads(RTP_FILE.read_text(encoding="utf-8"))
    assert report["ci_low"] <= halloween_exact.rtp <= report["ci_high"]


# -- every published simulation against the 0.1-point half-width --------------------------------

NEEDS = {
    ("halloween_vacation", "rtp.json"): "the exact 96.6996% meets the rule instead (this run cross-checks it); a"
                                        " plain run would need ~413 M rounds (about 1.9 hours on one core at 62,600"
                                        " rounds/s)",
}


@pytest.mark.parametrize(("game_id", "name"), [
    pytest.param(game_id, name, marks=pytest.mark.xfail(strict=True, reason=f"known gap: half-width above 0.1 point;"
                                                                             f" {needs}"))
    for (game_id, name), needs in NEEDS.items()
] + [("fat_santa", "rtp.json"), ("fat_santa", "rtp_buy.json"),  # proven by exact parts (docs/MATH.md)
      ("naughty_or_nice", "rtp.json"),
      ("slingo_santa_king", "rtp.json"),  # 34 M ladder runs drawn from its proposal (importance sampling)
      ("santas_wonderland", "rtp.json"),  # 80 M base spins drawn from its proposal, stratified
      ("santas_wonderland", "rtp_buy.json")])  # 7.6 M Midnight Riches runs drawn from its proposal
def test_published_simulation_has_a_half_width_of_at_most_a_tenth_of_a_point(game_id: str, name: str) -> None:
    assert _report(game_id, name)["half_width"] <= HALF_WIDTH_RULE


@pytest.mark.parametrize(("game_id", "name", "target"), [
    ("fat_santa", "rtp.json", 0.9415), ("fat_santa", "rtp_buy.json", 0.9420),
    ("santas_wonderland", "rtp.json", 0.962), ("santas_wonderland", "rtp_buy.json", 0.964),
    ("halloween_vacation", "rtp.json", 0.967), ("naughty_or_nice", "rtp.json", 0.950),
    ("slingo_santa_king", "rtp.json", 0.950),
])
def test_every_rtp_lies_inside_its_published_interval(game_id: str, name: str, target: float) -> None:
    """The weaker standard every published figure meets today (a 95% interval, of any width, holds the target)."""
    report = _report(game_id, name)
    assert report["data_sha256"] == get_game(game_id).data_digest()
    assert report["ci_low"] <= target <= report["ci_high"]


# -- Fat Santa: proven by exact parts -------------------------------------------------------------


@pytest.mark.parametrize(("name", "target"), [("rtp.json", 0.9415), ("rtp_buy.json", 0.9420)])
def test_fat_santa_is_proven_by_exact_parts_to_a_tenth_of_a_point(name: str, target: float) -> None:
    """Meets the rule: the base game and trigger exact, the free games' mean simulated; target inside."""
    report = _report("fat_santa", name)
    game = get_game("fat_santa")
    assert report["method"] == "exact_parts" and report["data_sha256"] == game.data_digest()
    assert report["half_width"] <= HALF_WIDTH_RULE and report["ci_low"] <= target <= report["ci_high"]
    assert [part["how"] for part in report["parts"] if "rtp" in part] == (
        ["simulated"] if report["buy"] else ["exact", "simulated"])
    assert report["command"].startswith("python -m game.engine.simulate fat_santa --exact-parts")
    exact = game.exact_parts(report["buy"])
    price = 85 if report["buy"] else 1
    assert report["base_part_rtp"] == float(exact.base_x) / price and report["feature_one_in"] == 1 / float(exact.rate)
    assert report["rtp"] == pytest.approx(report["base_part_rtp"] + report["feature_part_rtp"], rel=1e-12)


# -- Naughty or Nice?: proven by exact parts, one stratum per Bonus Substitute ---------------------


def test_naughty_or_nice_is_proven_by_exact_parts_to_a_tenth_of_a_point() -> None:
    """The base game and trigger exact, the free games simulated per Bonus Substitute; 95.0% inside (jackpot aside)."""
    report = _report("naughty_or_nice", "rtp.json")
    game = get_game("naughty_or_nice")
    assert report["method"] == "exact_parts" and report["data_sha256"] == game.data_digest()
    assert report["half_width"] <= HALF_WIDTH_RULE and report["ci_low"] <= 0.950 <= report["ci_high"]
    assert report["command"].startswith("python -m game.engine.simulate naughty_or_nice --exact-parts")
    exact = game.exact_parts()
    assert exact is not None
    assert report["base_part_rtp"] == float(exact.base_x) and report["feature_one_in"] == 1 / float(exact.rate)
    assert sorted(stratum["start"]["substitute"] for stratum in report["strata"]) == sorted(game.substitutes)
    assert game.description.rtp.base == "95.0%"


# -- the rules pages quote what is proven ---------------------------------------------------------

DOCS = Path(__file__).resolve().parent.parent / "docs"
PROVEN_REPORTS = sorted((path.parent.name, path.name) for path in GAMES.glob("*/rtp*.json")
                        if json.loads(path.read_text(encoding="utf-8"))["half_width"] <= HALF_WIDTH_RULE)


def test_the_proven_reports_are_the_ones_expected() -> None:
    """Guards the parametrisation below: it must not pass by finding no report."""
    assert len(PROVEN_REPORTS) >= 5 and ("fat_santa", "rtp_buy.json") in PROVEN_REPORTS


@pytest.mark.parametrize(("game_id", "name"), PROVEN_REPORTS)
def test_the_rules_page_quotes_each_proven_figure_with_its_interval(game_id: str, name: str) -> None:
    """A rules page's "Return to player" gives today's proof, not an older run's figure."""
    report = _report(game_id, name)
    page = (DOCS / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    section = page.split("## Return to player", 1)[1].split("\n## ", 1)[0]
    for value in (report["rtp"], report["ci_low"], report["ci_high"]):
        assert f"{value:.3%}" in section, f"docs/rules/{game_id}.md does not quote {value:.3%} from {name}"
