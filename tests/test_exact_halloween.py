"""Halloween Vacation's exact return: pinned figures, the enumeration's shortcuts, and simulation agreeing."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from game.engine import get_game
from game.engine.analysis import simulate, stratified
from game.engine.exact import BLANK, PrefixHits, evaluator_line_pay, line_pays, weighted
from game.engine.games.halloween_vacation.exact import HalloweenExact, compute

GAME = get_game("halloween_vacation")
Z999 = 3.290526731491926  # the simulations are checked against their 99.9% intervals


@pytest.fixture(scope="module")
def exact() -> HalloweenExact:
    return compute(GAME)


def test_the_base_game_is_the_documented_one_and_the_rtp_is_96_700(exact: HalloweenExact) -> None:
    assert exact.lines_rtp == Fraction(7262867, 17010000)  # 42.698%, README and DESIGN.md
    assert exact.scatter_rtp == Fraction(5048, 151875)  # 3.324%
    assert exact.trigger == Fraction(12272, 984375)  # 1 in 80.213
    assert exact.rtp == exact.lines_rtp + exact.scatter_rtp + exact.trigger * exact.free.mean
    assert f"{float(exact.rtp):.5%}" == "96.69963%"
    assert f"{float(exact.hit_rate):.5%}" == "20.50436%"  # the retune to 96.7% left it as it was
    assert f"{float(exact.free.mean):.4f}" == "40.6506"
    assert sum(exact.free.contributions.values()) == exact.free.mean == sum(exact.free.by_multiplier.values())
    assert sum(exact.free.spins.values()) == 1 == sum(exact.free.expanding_wilds.values())
    assert set(exact.free.spins) == {8, 9, 10}  # an Expanding Wild on spin 7 adds one spin, on spin 8 two
    total = sum(p for p, _ in exact.line_law.table().values())
    assert total == exact.line_law.hit_probability


def test_exact_json_holds_what_the_data_gives(exact: HalloweenExact, tmp_path, monkeypatch) -> None:
    """The help page reads exact.json (no 2-second computation); it must be today's figures."""
    from game.engine.games.halloween_vacation import figures as game_module
    from game.engine.games.halloween_vacation.exact import headline

    assert game_module.read_exact_figures(GAME) == headline(exact), (
        "exact.json is stale: run python -m game.engine.analysis.exact halloween_vacation --write")
    stale = tmp_path / "exact.json"
    stale.write_text('{"data_sha256": "another data file", "rtp": "1/2"}', encoding="utf-8")
    monkeypatch.setattr(game_module, "exact_file", lambda game: stale)
    assert game_module.read_exact_figures(GAME) is None  # made from other data: not used
    stale.write_text("{not json", encoding="utf-8")
    assert game_module.read_exact_figures(GAME) is None


def test_the_pruned_enumeration_pays_exactly_what_the_full_one_does() -> None:
    laws = [weighted(strip) for strip in GAME.base_reels.strips]
    pay = evaluator_line_pay(GAME.evaluator)
    full, pruned = line_pays(laws, pay), line_pays(laws, pay, blank=BLANK)
    assert full == pruned


def test_the_window_shortcut_agrees_with_the_evaluator_on_sampled_windows() -> None:
    reels = GAME.base_reels
    pay = evaluator_line_pay(GAME.evaluator)
    symbols = sorted(set().union(*map(set, reels.strips[:3])))
    hits = PrefixHits(GAME.lines, symbols, reels.rows, lambda a, b, c: pay((a, b, c, BLANK, BLANK)) is not None)
    sets = hits.stop_sets(reels.strips[2])
    rng = random.Random(4)
    for _ in range(2_000):
        stops = [rng.randrange(len(strip)) for strip in reels.strips]
        window = reels.window_at(stops)
        need = hits.need(hits.first_two(window[0]), window[1])
        predicted = any(rows >> stops[2] & 1 for rows in hits.hit_stops(need, sets))
        assert predicted == bool(GAME.evaluator.evaluate(window)), stops


def _within(estimate: float, exact: Fraction | float, sd: float, n: int) -> bool:
    return abs(estimate - float(exact)) <= Z999 * sd / math.sqrt(n)


def test_a_short_simulation_agrees_with_every_exact_figure(exact: HalloweenExact) -> None:
    n, m = 30_000, 4_000
    base = stratified.play_base_batch((GAME.id, False, 100, 20261211, 0, n, False))
    mean_b = base.won_x / n
    assert _within(mean_b, exact.base_rtp, math.sqrt(base.won_x2 / n - mean_b**2), n)
    hit = float(exact.hit_rate)
    assert _within(base.hits / n, hit, math.sqrt(hit * (1 - hit)), n)
    p = float(exact.trigger)
    assert _within(base.triggers / n, p, math.sqrt(p * (1 - p)), n)

    feature = stratified.play_feature_batch((GAME.id, False, 100, 20261211, 0, m, (("{}", 1),), False))
    mean_f = feature.won_x / m
    assert _within(mean_f, exact.free.mean, math.sqrt(feature.won_x2 / m - mean_f**2), m)
    free = exact.free
    for name, law in (("extra_spins", free.extra_spins), ("expanding_wilds", free.expanding_wilds)):
        some = float(1 - law[0])
        assert _within(feature.feature_rounds.get(name, 0) / m, some, math.sqrt(some * (1 - some)), m), name
        mean = float(sum(k * q for k, q in law.items()))
        sd = math.sqrt(float(sum(k * k * q for k, q in law.items())) - mean**2)
        assert _within(feature.feature_totals.get(name, 0) / m, mean, sd, m), name
    # the wilds held at the end: at most 8, so a crude bound on their deviation does
    assert _within(feature.feature_totals["sticky_wilds"] / m, free.sticky_wilds_held, 4.0, m)


def test_whole_rounds_played_through_the_public_api_agree_with_the_exact_rtp(exact: HalloweenExact) -> None:
    report = simulate.run(GAME.id, 20_000, 1, seed=20261212, progress=False)
    assert abs(report.rtp - float(exact.rtp)) <= Z999 / simulate.Z95 * report.half_width
    assert _within(report.hit_rate, exact.hit_rate, math.sqrt(report.hit_rate * (1 - report.hit_rate)), 20_000)
