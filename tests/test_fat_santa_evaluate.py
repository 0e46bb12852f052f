"""Fat Santa's line pays, computed by hand from the designed paytable (data.json, x line bet).

A window whose every column holds one symbol shows the same five symbols on all 50 lines, so its
total is 50 x (line pay / 50) = the line pay figure itself, as a multiple of the total bet.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.engine import get_game

GAME = get_game("fat_santa")
PAYS = {name: {int(k): Fraction(v) for k, v in row.items()}
        for name, row in json.loads(GAME.data_file.read_text(encoding="utf-8"))["pays"].items()}
BACKGROUND = ["ace", "king", "queen", "jack", "ten"]  # one per column: no two neighbours match


def columns(*symbols: str) -> list[list[str]]:
    return [[symbol] * 5 for symbol in symbols]


def only_win(window: list[list[str]]) -> tuple[str, int, Fraction]:
    evaluation = GAME.evaluate(window)
    kinds = {(w.symbol, w.count) for w in evaluation.wins}
    assert len(evaluation.wins) == 50 and len(kinds) == 1, kinds
    (symbol, count), = kinds
    return symbol, count, evaluation.total


def test_the_designed_paytable_is_read_as_x_line_bet() -> None:
    assert GAME.pay("rudolph", 5) == PAYS["rudolph"][5] / 50
    assert GAME.pay("ten", 2) == 0
    assert len(GAME.lines) == 50 and len(set(GAME.lines)) == 50


def test_a_plain_line_of_three_pays_its_figure() -> None:
    assert only_win(columns("elf", "elf", "elf", "ace", "king")) == ("elf", 3, PAYS["elf"][3])


def test_fat_santa_substitutes_for_every_paying_symbol() -> None:
    assert only_win(columns("santa", "rudolph", "rudolph", "rudolph", "ten")) == ("rudolph", 4, PAYS["rudolph"][4])


def test_santa_then_pie_then_a_symbol_pays_the_symbol_when_that_is_higher() -> None:
    # santa, pie, elf, elf, king: elf x4 against pies x2 (which pay nothing)
    assert 2 not in PAYS["pie"]
    assert only_win(columns("santa", "pie", "elf", "elf", "king")) == ("elf", 4, PAYS["elf"][4])


def test_a_line_of_wilds_with_a_pie_pays_as_pies_when_that_is_higher() -> None:
    # santa, pie, pie, ten, king: pies x3 against tens x4
    assert PAYS["pie"][3] > PAYS["ten"][4]
    assert only_win(columns("santa", "pie", "pie", "ten", "king")) == ("pie", 3, PAYS["pie"][3])


def test_a_pie_does_not_substitute_for_fat_santa() -> None:
    # Were the pies Santas this would be Santa x5; Santa stands in for the pies instead: pies x5.
    assert PAYS["santa"][5] > PAYS["pie"][5]
    assert only_win(columns("santa", "santa", "santa", "pie", "pie")) == ("pie", 5, PAYS["pie"][5])
    # Both wilds stand in for a paying symbol after them: rudolph x5 beats pies x4 and santa x3
    assert PAYS["rudolph"][5] > max(PAYS["pie"][4], PAYS["santa"][3])
    assert only_win(columns("santa", "santa", "santa", "pie", "rudolph")) == ("rudolph", 5, PAYS["rudolph"][5])


def test_a_line_of_only_santas_pays_as_santa() -> None:
    assert only_win(columns("santa", "santa", "santa", "santa", "santa")) == ("santa", 5, PAYS["santa"][5])
    assert PAYS["santa"][3] > PAYS["ace"][4]
    assert only_win(columns("santa", "santa", "santa", "ace", "king")) == ("santa", 3, PAYS["santa"][3])
    assert PAYS["santa"][3] < PAYS["ace"][5]
    assert only_win(columns("santa", "santa", "santa", "ace", "ace")) == ("ace", 5, PAYS["ace"][5])


def test_a_window_with_one_winning_line_shape() -> None:
    window = [[BACKGROUND[col]] * 5 for col in range(5)]
    for col in range(3):
        window[col][0] = "rudolph"  # top row, reels 1-3
    expected_lines = [i for i, line in enumerate(GAME.lines) if line[:3] == (0, 0, 0)]
    evaluation = GAME.evaluate(window)
    assert sorted(w.line for w in evaluation.wins) == expected_lines
    assert all((w.symbol, w.count) == ("rudolph", 3) for w in evaluation.wins)
    assert evaluation.total == len(expected_lines) * PAYS["rudolph"][3] / 50
    assert evaluation.wins[0].cells == ((0, 0), (1, 0), (2, 0))


def test_no_win_without_three_from_reel_one() -> None:
    window = [[BACKGROUND[col]] * 5 for col in range(5)]
    window[1] = ["rudolph"] * 5
    window[2] = ["rudolph"] * 5
    assert GAME.evaluate(window).total == 0


def test_evaluate_rejects_bad_windows() -> None:
    with pytest.raises(ValueError, match="5 columns of 5"):
        GAME.evaluate([["ten"] * 4] * 5)
    with pytest.raises(ValueError, match="unknown symbol"):
        GAME.evaluate(columns("ten", "ten", "ten", "ten", "nine"))


def test_the_prefix_tree_pays_exactly_as_line_by_line() -> None:
    import random

    from game.engine.games.fat_santa.paylines import FatLines

    lines = GAME.paylines
    plain = FatLines(lines.lines, lines.units, lines.unit_den, lines.santa, lines.pie)
    plain._trie = ()
    rng = random.Random(5)
    few = ["santa", "pie", "rudolph", "ten"]  # few symbols: many long lines and wild readings
    for _ in range(3000):
        pool = few if rng.random() < 0.5 else list(GAME.symbols)
        window = [[rng.choice(pool) for _ in range(5)] for _ in range(5)]
        assert lines.hits(window) == plain.hits(window)
