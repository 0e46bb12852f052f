"""The line evaluator's prefix-tree walk against the plain reading of each line, one by one.

``LineEvaluator`` shares the comparisons of lines with the same first cells; the reference here
reads every line left to right on its own (the rule as written in its docstring). They must agree
on every window, for any paytable (pays from one of a kind up, wild pays or none, scatters not
substituted), and Halloween Vacation's events must be exactly ``Win.to_event`` of those wins.
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from game.engine import get_game
from game.engine.lines import LineEvaluator
from game.engine.wins import Win


def reference(lines, pays, wild, not_substituted, window) -> list[Win]:
    """Each line on its own: the run from reel 1, a wild start paying the better reading."""
    reels = len(lines[0])

    def pay(symbol, count):
        return pays.get(symbol, {}).get(count)

    wins = []
    for index, line in enumerate(lines):
        cells = [window[col][row] for col, row in enumerate(line)]
        readings = []
        wild_run = 0
        while wild_run < reels and cells[wild_run] == wild:
            wild_run += 1
        if wild_run:
            readings.append((wild, wild_run))
        if wild_run < reels and (not wild_run or cells[wild_run] not in not_substituted):
            symbol = cells[wild_run]
            count = wild_run + 1
            while count < reels and cells[count] in (symbol, wild):
                count += 1
            readings.append((symbol, count))
        best = None
        for symbol, count in readings:
            value = pay(symbol, count)
            if value is not None and (best is None or value > best[2]):
                best = (symbol, count, value)
        if best is not None:
            symbol, count, value = best
            wins.append(Win(symbol, count, tuple(zip(range(count), line)), index, value))
    return wins


@pytest.mark.parametrize("trial", range(60))
def test_random_paytables_and_lines_agree_with_the_line_by_line_reading(trial: int) -> None:
    rnd = random.Random(trial)
    reels, rows = rnd.randint(1, 6), rnd.randint(1, 4)
    lines = sorted({tuple(rnd.randrange(rows) for _ in range(reels)) for _ in range(rnd.randint(1, 30))})
    symbols = ["a", "b", "c", "W", "S"]
    pays = {
        symbol: {count: Fraction(rnd.randint(1, 50), rnd.choice([1, 4, 100]))
                 for count in range(1, reels + 1) if rnd.random() < 0.6}
        for symbol in rnd.sample(symbols, rnd.randint(1, 5))
    }
    wild = rnd.choice(["W", None])
    not_substituted = frozenset({"S"}) if rnd.random() < 0.7 else frozenset()
    evaluator = LineEvaluator(lines, pays, wild, not_substituted)
    for _ in range(200):
        window = [[rnd.choice(symbols) for _ in range(rows)] for _ in range(reels)]
        assert evaluator.evaluate(window) == reference(lines, pays, wild, not_substituted, window)


def test_halloween_windows_agree_with_the_line_by_line_reading() -> None:
    game = get_game("halloween_vacation")
    rnd = random.Random(15)
    mixes = (list(game.symbols), ["lady", "wild", "wild", "scatter", "a"], ["wild", "k", "k"])
    for symbols in mixes:
        for _ in range(2000):
            window = [[rnd.choice(symbols) for _ in range(game.rows)] for _ in range(game.reel_count)]
            assert game.evaluator.evaluate(window) == reference(
                game.lines, game.pays, game.wild, frozenset({game.scatter}), window)


def test_halloween_round_events_are_the_wins_events() -> None:
    """The round builds its win events from the hits: the same dicts as Win.to_event, Expanding Wild included."""
    game = get_game("halloween_vacation")
    rnd = random.Random(16)
    for _ in range(3000):
        window = [[rnd.choice(["lady", "a", "wild", "wild", "k"]) for _ in range(game.rows)]
                  for _ in range(game.reel_count)]
        wins = game.evaluator.evaluate(window)
        for factor in (1, *game.expanding_multipliers):
            events, units = game._line_events(game.evaluator.hits(window), factor)
            multiplied = [game.multiplied(win, factor) for win in wins]
            assert events == [win.to_event() for win in multiplied]
            assert Fraction(units, game.unit_den) == sum((win.multiplier for win in multiplied), Fraction(0))
