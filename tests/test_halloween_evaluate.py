"""Hand-computed windows against the printed Halloween Vacation paytable (x total bet)."""

from __future__ import annotations

from fractions import Fraction as F

from game.engine import get_game
from tests.test_client_keeps_no_math import assert_described

GAME = get_game("halloween_vacation")


def window(*rows: str) -> list[list[str]]:
    """Build window[col][row] from four rows written left to right."""
    grid = [row.split() for row in rows]
    return [[grid[r][c] for r in range(4)] for c in range(5)]


# Column-wise no symbol repeats between neighbouring reels off the top row, so only the lines
# named in each test can win.
QUIET = (
    "a    j    a    j    a",
    "k    ten  k    ten  k",
    "q    nine q    nine q",
)


def line_wins(ev):
    return sorted((w.line, w.symbol, w.count, w.multiplier) for w in ev.wins if w.kind == "line")


def test_nothing_pays_nothing() -> None:
    ev = GAME.evaluate(window("guitar marigold guitar marigold guitar", *QUIET))
    assert ev.total == 0 and ev.wins == ()


def test_five_ladies_on_the_top_line() -> None:
    ev = GAME.evaluate(window("lady lady lady lady lady", *QUIET))
    top = [w for w in ev.wins if w.line == 0]
    assert [(w.symbol, w.count, w.multiplier) for w in top] == [("lady", 5, F(4))]
    assert top[0].cells == ((0, 0), (1, 0), (2, 0), (3, 0), (4, 0))
    # every other winning line leaves the top row after reel 3 or 4: 4 ladies pay 2.00, 3 pay 0.50
    expected = F(0)
    for shape in GAME.lines:
        run = next((i for i, row in enumerate(shape) if row != 0), 5)
        expected += {5: F(4), 4: F(2), 3: F("0.5")}.get(run, 0)
    assert ev.total == expected


def test_wild_substitutes_and_the_line_pays_its_symbol() -> None:
    ev = GAME.evaluate(window("guitar guitar wild wild guitar", *QUIET))
    top = next(w for w in ev.wins if w.line == 0)
    assert (top.symbol, top.count, top.multiplier) == ("guitar", 5, F("2.5"))


def test_highest_win_per_line_only() -> None:
    # lady lady wild wild guitar: 4 ladies (2.00) is the line's win, not a mix
    ev = GAME.evaluate(window("lady lady wild wild guitar", *QUIET))
    top = [w for w in ev.wins if w.line == 0]
    assert [(w.symbol, w.count, w.multiplier) for w in top] == [("lady", 4, F(2))]


def test_three_of_a_kind_card_ranks() -> None:
    for symbol, pay in (("a", "0.05"), ("q", "0.05"), ("ten", "0.05"), ("bread", "0.10"), ("marigold", "0.15")):
        ev = GAME.evaluate(window(f"{symbol} {symbol} {symbol} guitar marigold", *QUIET))
        top = [w for w in ev.wins if w.line == 0]
        assert (top[0].symbol, top[0].count, top[0].multiplier) == (symbol, 3, F(pay))


def test_scatters_pay_anywhere_times_total_bet_and_add_to_lines() -> None:
    ev = GAME.evaluate(window(
        "scatter guitar scatter marigold scatter",
        "a       j      a       j        a",
        "k       ten    k       ten      k",
        "q       nine   q       nine     q",
    ))
    scatter = [w for w in ev.wins if w.kind == "scatter"]
    assert [(w.count, w.multiplier, w.line) for w in scatter] == [(3, F("2.5"), None)]
    assert scatter[0].cells == ((0, 0), (2, 0), (4, 0))
    for count, pay in ((4, F(5)), (5, F("12.5"))):
        top = " ".join(["scatter"] * count + ["guitar"] * (5 - count))
        ev = GAME.evaluate(window(top, *QUIET))
        assert [w.multiplier for w in ev.wins if w.kind == "scatter"] == [pay]


def test_two_scatters_pay_nothing_and_wild_does_not_replace_a_scatter() -> None:
    ev = GAME.evaluate(window("scatter scatter wild guitar marigold", *QUIET))
    assert ev.total == 0


def test_wins_on_several_lines_add() -> None:
    rows = ("lady lady lady guitar marigold", "lady lady lady ten k", "q nine q nine q", "k j k j k")
    ev = GAME.evaluate(window(*rows))
    # lines whose first three rows stay within rows 0-1 each pay 3 ladies = 0.50
    count = sum(1 for shape in GAME.lines if all(row <= 1 for row in shape[:3]))
    assert ev.total == count * F("0.5")
    assert all(w.symbol == "lady" and w.count == 3 for w in ev.wins)


def test_the_client_math_check_sees_this_games_figures() -> None:
    """tests/test_client_keeps_no_math.py finds these in the description: it would find a copy of them."""
    assert_described("halloween_vacation", {"expanding_multipliers", "sticky_reels"}, set(), {"96.7"})
