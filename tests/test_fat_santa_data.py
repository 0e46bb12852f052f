"""Fat Santa's data: checked on load with errors naming file and key, and rebuilt by the design tool."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.engine import DataError, get_game
from game.engine.games.fat_santa.game import DATA_FILE, FatSanta
from tests.test_client_keeps_no_math import assert_described

DATA = json.loads(DATA_FILE.read_text(encoding="utf-8"))
RTP_DIR = DATA_FILE.parent


def load_with(tmp_path: Path, change) -> FatSanta:
    data = json.loads(json.dumps(DATA))
    change(data)
    path = tmp_path / "fat_santa_bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return FatSanta(path)


def _set(path: list[Any], value: Any):
    def change(data: dict) -> None:
        node = data
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _drop(key: str):
    return lambda data: data.pop(key)


CASES = [
    (_set(["pays", "ten", "3"], "abc"), r"pays\.ten\.3: expected a pay figure"),
    (_set(["pays", "nine"], {"3": "1"}), r"pays\.nine \(symbol\): unknown symbol 'nine'"),
    (_set(["pays", "ten", "6"], "1"), r"pays\.ten\.6: count 6 is not between 1 and 5"),
    (_set(["lines", 3], [0, 0, 0, 0]), r"lines\[3\]: a line names one row per reel"),
    (_set(["lines", 3], [0, 0, 0, 0, 0]), r"lines: two lines have the same shape"),
    (_set(["lines", 7, 2], 5), r"lines\[7\]\[2\]: must be at most 4"),
    (_set(["bets", "default"], 101), r"bets\.default: 101 is not on the bet ladder"),
    (_set(["strips", "base", 2], "ten santa ace king queen jack"),
     r"strips\.base\[2\]: Fat Santa lands only on reel 1"),
    (_set(["strips", "base", 0], "santa ace santa king queen jack ten ten"), r"strips\.base\[0\]: two Fat Santas"),
    (_set(["strips", "free", 1], "ten santa ace king queen jack"), r"strips\.free\[1\]: Fat Santa is on the reels"),
    (_set(["strips", "free", 1], "ten ace nine king queen"), r"strips\.free\[1\]: unknown symbols \['nine'\]"),
    (_set(["sleigh", "chance", "flies"], 9), r"sleigh\.chance\.flies: must be at most 'of'"),
    (_set(["sleigh", "pie_weights"], {"21": 1}), r"sleigh\.pie_weights\.21: the sleigh leaves 1 to 20 pies"),
    (_set(["sleigh", "reels"], [1, 1]), r"sleigh\.reels: a non-empty list of distinct reel indexes"),
    (_set(["free_game", "meter"], [4, 5, 6]), r"free_game\.meter: one meter size per growth"),
    (_set(["free_game", "extra_spins"], [3, 2, 2]), r"free_game\.extra_spins: one award per meter fill"),
    (_set(["free_game", "eaten_pie"], "crumbs"), r"free_game\.eaten_pie: unknown symbol 'crumbs'"),
    (_set(["free_game", "buy_santa_row_weights"], [0, 0, 0, 0, 0]), r"buy_santa_row_weights: one weight per row"),
    (_drop("sleigh"), r"missing key 'sleigh'"),
    (_set(["rows"], 4), r"Fat Santa is 5 reels of 5 rows"),
]


@pytest.mark.parametrize("change, message", CASES)
def test_bad_data_is_refused_naming_file_and_key(tmp_path: Path, change, message: str) -> None:
    with pytest.raises(DataError, match=message) as caught:
        load_with(tmp_path, change)
    assert str(caught.value).startswith(str(tmp_path / "fat_santa_bad.json"))


def test_the_design_tool_rebuilds_data_json_exactly() -> None:
    from tools.design_fat_santa import _dump, design_data

    assert _dump(design_data()) == DATA_FILE.read_text(encoding="utf-8"), (
        "data.json differs from tools/design_fat_santa.py: run python -m tools.design_fat_santa --write"
    )


def test_the_strips_hold_the_documented_symbols() -> None:
    game = get_game("fat_santa")
    base, free = game.data.base_reels.strips, game.data.free_reels.strips
    assert [strip.count("santa") for strip in base] == [1, 0, 0, 0, 0]
    assert base[0].count("pie") == 0 and all(strip.count("pie") > 0 for strip in base[1:])
    assert all("santa" not in strip for strip in free)
    assert game.bets[0] >= 1 and game.default_bet in game.bets


@pytest.mark.parametrize("name, buy, target, bar", [("rtp.json", False, 0.9415, 0.003),
                                                    ("rtp_buy.json", True, 0.9420, 0.005)])
def test_published_rtp_is_for_the_current_data_and_meets_the_target(name: str, buy: bool, target: float,
                                                                     bar: float) -> None:
    report = json.loads((RTP_DIR / name).read_text(encoding="utf-8"))
    game = get_game("fat_santa")
    assert report["data_sha256"] == game.data_digest(), (
        f"data.json changed since {name} was measured: re-run the command it records"
    )
    assert report["game"] == "fat_santa" and report["buy"] is buy
    assert report["ci_low"] <= target <= report["ci_high"]
    assert report["half_width"] <= bar
    assert report["command"].startswith("python -m game.engine.simulate fat_santa")
    assert ("--buy" in report["command"]) is buy


def test_the_client_math_check_sees_this_games_figures() -> None:
    """tests/test_client_keeps_no_math.py finds these in the description: it would find a copy of them."""
    assert_described("fat_santa", {"meter_sizes", "extra_spins"}, {85, 1132276, 11322.76},
                     {"94.15", "94.20", "11,322.76"})
