"""The PAR sheets' test-lab tables: each agrees with a brute force over every stop combination of
tiny strips, the CSV export holds the Markdown's tables, and the figures the issue names are there."""

from __future__ import annotations

import csv
import itertools
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import GAME_IDS, get_game
from game.engine.analysis import par
from game.engine.exact import (
    BLANK,
    evaluator_line_pay,
    largest_window_win,
    line_pays,
    prefix_decides,
    scatter_count_distribution,
    weighted,
    window_hit_rate,
)
from game.engine.games.halloween_vacation.par import largest_of
from game.engine.games.naughty_or_nice.exact import base_exact, base_line_cycle, jackpot_line_ways
from game.engine.reels import ReelSet

SHEETS = [(game_id, buy) for game_id in GAME_IDS for buy in par.modes(game_id)]
LINE_GAME = get_game("halloween_vacation")  # a line game with wilds and a scatter, its engine evaluator
LINE_PAY = evaluator_line_pay(LINE_GAME.evaluator)  # type: ignore[attr-defined]
SCATTER: str = LINE_GAME.scatter  # type: ignore[attr-defined]
SYMBOLS = sorted(LINE_GAME.symbols)
ROWS: int = LINE_GAME.base_reels.rows  # type: ignore[attr-defined]


def tiny_strips(max_length: int) -> st.SearchStrategy[list[list[str]]]:
    """Five strips of 1 to ``max_length`` stops, mostly a few symbols so that lines pay."""
    few = st.sampled_from(SYMBOLS[:4] + [SCATTER] + SYMBOLS)
    return st.lists(st.lists(few, min_size=1, max_size=max_length), min_size=5, max_size=5)


def window(strips: list[list[str]], stops: tuple[int, ...]) -> list[list[str]]:
    """The window at ``stops``: each reel shows its stop and the next symbols down, wrapping round its strip."""
    return [[strip[(stop + row) % len(strip)] for row in range(ROWS)] for strip, stop in zip(strips, stops)]


def markdown_tables(text: str) -> list[list[list[str]]]:
    """Every table of a Markdown text as rows of cells (header first, the rule line left out)."""
    tables: list[list[list[str]]] = []
    current: list[list[str]] | None = None
    for line in text.splitlines():
        if line.startswith("|"):
            if current is None:
                current = []
                tables.append(current)
            if not line.startswith("|---"):
                current.append([cell.strip() for cell in line.strip()[1:-1].split(" | ")])
        else:
            current = None
    return tables


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_strips(4))
def test_the_hit_counts_table_is_a_count_over_every_stop_combination(strips: list[list[str]]) -> None:
    brute: Counter[Any] = Counter()
    for cells in itertools.product(*strips):
        won = LINE_PAY(cells)
        if won is not None:
            brute[won[0]] += 1
    # the games skip a line's tail where its first three cells are proven to decide it: the same counts
    proven = prefix_decides(LINE_PAY, [set(strip) for strip in strips])
    for blank in (None, BLANK) if proven else (None,):
        law = line_pays([weighted(strip) for strip in strips], LINE_PAY, blank=blank)
        assert dict(law.ways) == dict(brute)
    sheet = par.Sheet()
    par.hit_counts_table(sheet, par.LineCycle("tiny", strips, law, 50))
    rows = sheet.tables[-1].rows
    table_counts = {row[0]: int(row[2].replace(",", "")) for row in rows[:-1]}
    assert table_counts == {" x".join(map(str, key)): n for key, n in brute.items()}
    assert rows[-1][2] == f"**{sum(brute.values()):,}**"


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_strips(3))
def test_the_exact_hit_rate_is_the_share_of_stop_combinations_whose_window_pays(strips: list[list[str]]) -> None:
    reels = ReelSet(strips, ROWS)
    scatter_hits = set(LINE_GAME.scatter_pays)  # type: ignore[attr-defined]
    paying = 0
    for stops in itertools.product(*(range(len(strip)) for strip in strips)):
        shown = window(strips, stops)
        line_paid = any(LINE_PAY(tuple(shown[reel][row] for reel, row in enumerate(line))) is not None
                        for line in LINE_GAME.lines)
        scatters = sum(column.count(SCATTER) for column in shown)
        paying += line_paid or scatters in scatter_hits
    if not prefix_decides(LINE_PAY, [set(strip) for strip in strips]):  # (wilds on reel 1: not this game's)
        with pytest.raises(ValueError, match="first three cells"):
            window_hit_rate(LINE_GAME.lines, reels, LINE_PAY, SCATTER, scatter_hits)
        return
    cycle = par.cycle_of(strips)
    assert window_hit_rate(LINE_GAME.lines, reels, LINE_PAY, SCATTER, scatter_hits) == Fraction(paying, cycle)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tiny_strips(3))
def test_the_largest_spin_win_is_the_largest_over_every_stop_combination(strips: list[list[str]]) -> None:
    scatter_pays = {n: Fraction(v) for n, v in LINE_GAME.scatter_pays.items()}  # type: ignore[attr-defined]
    largest = Fraction(0)
    for stops in itertools.product(*(range(len(strip)) for strip in strips)):
        shown = window(strips, stops)
        won = sum((paid[1] for line in LINE_GAME.lines
                   if (paid := LINE_PAY(tuple(shown[reel][row] for reel, row in enumerate(line)))) is not None),
                  Fraction(0))
        largest = max(largest, won + scatter_pays.get(sum(column.count(SCATTER) for column in shown), Fraction(0)))
    value, best = largest_window_win(LINE_GAME.lines, ReelSet(strips, ROWS), LINE_PAY, SCATTER, scatter_pays)
    assert value == largest
    assert [list(column) for column in best] in [window(strips, stops) for stops in
                                                 itertools.product(*(range(len(strip)) for strip in strips))]


def test_the_largest_window_pays_that_much_by_the_engine() -> None:
    value, best = largest_of(LINE_GAME)
    wins = LINE_GAME.evaluator.evaluate([list(column) for column in best])  # type: ignore[attr-defined]
    scatters = sum(column.count(SCATTER) for column in best)
    paid = sum((win.multiplier for win in wins), Fraction(0))
    assert paid + Fraction(LINE_GAME.scatter_pays.get(scatters, 0)) == value  # type: ignore[attr-defined]
    assert value > 4 * 10  # more than ten lines' top pay: many lines at once


@settings(max_examples=25, deadline=None)
@given(tiny_strips(4))
def test_the_scatter_table_counts_every_stop_combination(strips: list[list[str]]) -> None:
    reels = ReelSet(strips, ROWS)
    brute = Counter(sum(column.count(SCATTER) for column in window(strips, stops))
                    for stops in itertools.product(*(range(len(strip)) for strip in strips)))
    sheet = par.Sheet()
    par.scatter_counts_table(sheet, par.ScatterCycle("tiny", strips, scatter_count_distribution(reels, SCATTER), {}))
    assert {int(row[0]): int(row[2].replace(",", "")) for row in sheet.tables[-1].rows} == dict(brute)


@given(st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=1, max_size=6), min_size=1, max_size=5))
def test_the_stops_table_reads_back_as_the_strips(strips: list[list[str]]) -> None:
    sheet = par.Sheet()
    par.stops_table(sheet, "tiny", strips)
    rows = sheet.tables[-1].rows
    assert [row[0] for row in rows] == [str(k) for k in range(len(rows))]
    assert [[row[reel + 1] for row in rows if row[reel + 1]] for reel in range(len(strips))] == strips


@pytest.mark.parametrize(("game_id", "buy"), SHEETS)
def test_csv_holds_every_table_of_the_sheet(game_id: str, buy: bool, tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert par.main([game_id, *(["--buy"] if buy else []), "--csv", str(tmp_path)]) == 0
    text = capsys.readouterr().out
    stem = par.sheet_path(game_id, buy).stem
    files = sorted(tmp_path.glob(f"{stem}_[0-9][0-9]_*.csv"))
    tables = markdown_tables(text)
    assert len(files) == len(tables) > 0
    for path, rows in zip(files, tables):
        with path.open(encoding="utf-8", newline="") as handle:
            assert list(csv.reader(handle)) == [[par.csv_cell(cell) for cell in row] for row in rows], path.name
    assert "## 13. For the test lab" in text


def _lab_rows(text: str) -> dict[str, list[str]]:
    lab = text.split("## 13. For the test lab")[1]
    return {row[0]: row for table in markdown_tables(lab) for row in table[1:]}


def test_the_line_sheets_give_strips_stop_by_stop_and_counts_over_the_cycle() -> None:
    for game_id in GAME_IDS:
        game: Any = get_game(game_id)
        if not game.lines or not hasattr(game, "base_reels"):
            continue
        text = par.build(game_id)
        assert "Base game, stop by stop" in text
        assert f"full cycle of {par.cycle_of(game.base_reels.strips):,} stop combinations" in text
        assert "a base spin pays" in " ".join(_lab_rows(text))


def test_naughty_or_nice_worst_single_choice_is_nice_girl_and_the_jackpot_rtp_adds_its_return() -> None:
    game: Any = get_game("naughty_or_nice")
    report = par.Measured(game, "base")
    x = base_exact(game)
    by_choice = {s["start"]["substitute"]: float(x.base_x) + float(x.trigger) * s["mean_x"] for s in report["strata"]}
    worst = min(by_choice, key=lambda name: by_choice[name])
    assert worst == game.jackpot_symbol
    rows = _lab_rows(par.build("naughty_or_nice"))
    assert rows[f"worst single-choice RTP: always {worst}"][1].startswith(f"**{by_choice[worst] * 100:.3f}%**")
    assert f"{by_choice[worst] * 100:.3f}" == "94.952"  # 94.954 before the last game's holds
    q = float(x.jackpot_any) + float(x.trigger) * (
        report["feature_run_features"].get("jackpots", {"runs": 0})["runs"] / report["feature_runs"])
    bet = game.default_bet
    with_jackpot = report["rtp"] + float(game.jackpot.share) + game.jackpot.seed * q / bet
    label = next(name for name in rows if name.startswith("RTP with the jackpot") and "(default bet)" in name)
    assert rows[label][1] == f"{with_jackpot * 100:.3f}%"


def test_naughty_or_nice_cycle_counts_give_the_exact_line_rtp() -> None:
    game: Any = get_game("naughty_or_nice")
    law = base_line_cycle(game)
    five = (game.pays_as, game.reel_count)
    jackpot_lines = Fraction(jackpot_line_ways(game), law.total) * Fraction(game.line_pays[five[0]][five[1]], 50)
    assert len(game.lines) * (law.expectation() - jackpot_lines) == base_exact(game).line_rtp
