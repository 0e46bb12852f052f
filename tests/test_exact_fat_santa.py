"""Fat Santa's exact base game: the design tool's figures, the window shortcut, and simulation agreeing."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from game.engine import get_game
from game.engine.exact import BLANK, PrefixHits, line_pays, weighted
from game.engine.games.fat_santa.exact import FatSantaExact, _Lines, compute, free_game_growth, santa_row_law
from game.engine.rng import derive_seed

GAME = get_game("fat_santa")
Z999 = 3.290526731491926


@pytest.fixture(scope="module")
def exact() -> FatSantaExact:
    return compute(GAME)


def test_the_figures_are_the_design_tools(exact: FatSantaExact) -> None:
    from tools.design_fat_santa import line_expectation, sleigh_line_expectation, trigger_probability

    lines = len(GAME.lines)
    assert exact.plain_rtp == lines * line_expectation(GAME)
    assert exact.sleigh_rtp == lines * sleigh_line_expectation(GAME)
    assert exact.trigger == trigger_probability(GAME)
    assert f"{float(exact.base_rtp):.5f}" == "0.64967" and f"{float(1 / exact.trigger):.1f}" == "274.3"
    table = exact.contributions()
    assert sum(rtp for _, rtp in table.values()) == exact.base_rtp
    assert ("santa", 3) not in table  # Santa stands on reel 1 only: his run pays only in the free games


def test_the_pruned_enumeration_pays_exactly_what_the_full_one_does() -> None:
    laws = [weighted(strip) for strip in GAME.data.base_reels.strips]
    pay = _Lines(GAME)
    assert line_pays(laws, pay) == line_pays(laws, pay, blank=BLANK)


def test_the_window_shortcut_agrees_with_the_evaluator_on_sampled_windows_and_sleighs() -> None:
    data = GAME.data
    reels = data.base_reels
    pay = _Lines(GAME)
    symbols = sorted(set().union(*map(set, reels.strips[:3])) | {GAME.pie})
    hits = PrefixHits(GAME.lines, symbols, GAME.rows, lambda a, b, c: pay((a, b, c, BLANK, BLANK)) is not None)
    rng = random.Random(5)
    for trial in range(2_000):
        window = reels.window_at([rng.randrange(len(strip)) for strip in reels.strips])
        if trial % 2:  # a sleigh's pies
            for col, row in rng.sample(data.sleigh_cells, rng.randint(1, 5)):
                window[col][row] = GAME.pie
        need = hits.need(hits.first_two(window[0]), window[1])
        predicted = any(need >> (hits.SLOT * r + hits.index[s]) & 1 for r, s in enumerate(window[2]))
        assert predicted == bool(GAME.evaluate(window).wins), window


def test_a_short_simulation_agrees_with_every_exact_figure(exact: FatSantaExact) -> None:
    n = 30_000
    won = won2 = 0.0
    hits = triggers = 0
    for index in range(n):
        result = GAME.play(100, derive_seed(20261213, index), defer_features=True)
        x = float(result.win_x)
        won, won2 = won + x, won2 + x * x
        hits += x > 0
        triggers += len(result.deferred)
    mean = won / n
    assert abs(mean - float(exact.base_rtp)) <= Z999 * math.sqrt(won2 / n - mean**2) / math.sqrt(n)
    for seen, p in ((hits, exact.base_hit_rate), (triggers, exact.trigger)):
        q = float(p)
        assert abs(seen / n - q) <= Z999 * math.sqrt(q * (1 - q) / n), (seen, p)
    assert exact.sleigh_chance == Fraction(1, 8)


def test_the_meter_chain_agrees_with_the_free_games_played() -> None:
    """Spins at each Santa size and his final size (exact, by the meter's chain) against 20,000 free games."""
    growth = free_game_growth(GAME)
    assert sum(p for _, p in growth.pies_law) == 1
    mean_pies = sum(k * p for k, p in growth.pies_law)
    strips = GAME.data.free_reels.strips
    assert mean_pies == sum(Fraction(GAME.rows * strip.count(GAME.pie), len(strip)) for strip in strips)
    assert sum(growth.final_size) == 1
    n = 20_000
    spins = [[0] * n for _ in growth.spins_at_size]
    final = [0] * len(growth.final_size)
    for index in range(n):
        result = GAME.play(100, derive_seed(20261214, index), feature_start={"trigger": "buy", "santa_row": index % 5})
        for event in result.events:
            if event["type"] == "free_spin":
                spins[event["santa"]["size"] - 1][index] += 1
        final[result.events[-2]["size"] - 1] += 1
    for size, (seen, exact_mean) in enumerate(zip(spins, growth.spins_at_size)):
        mean = sum(seen) / n
        sd = math.sqrt(sum(s * s for s in seen) / n - mean**2)
        assert abs(mean - float(exact_mean)) <= Z999 * sd / math.sqrt(n) + 1e-9, (size + 1, mean, exact_mean)
    for size, (count, p) in enumerate(zip(final, growth.final_size)):
        q = float(p)
        assert abs(count / n - q) <= Z999 * math.sqrt(q * (1 - q) / n) + 1 / n, (size + 1, count, p)


def test_santa_stands_on_each_row_alike_when_the_free_games_trigger() -> None:
    assert santa_row_law(GAME) == (Fraction(1, 5),) * 5
