"""Broken Santa's Wonderland data stops with a message naming the file and the key."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from game.engine import DataError
from game.engine.games.santas_wonderland.game import DATA_FILE, SantasWonderland
from tests.test_client_keeps_no_math import assert_described


def broken(tmp_path: Path, change) -> Path:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _set(path: str, value):
    def change(data: dict) -> None:
        *parents, last = path.split(".")
        node = data
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return change


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("pays"), "missing key 'pays'"),
        (_set("pays.bear.9-11", "lots"), "pays.bear.9-11: expected a pay figure"),
        (lambda d: d["pays"]["bear"].pop("8"), "pays.bear: no pay for cluster size 8"),
        (lambda d: d["pays"]["bear"].update({"8-9": "1"}), "pays.bear: size 8 is paid twice"),
        (lambda d: d["pays"]["bear"].update({"4": "1"}), "pays.bear: size '4' is outside 5-64"),
        (lambda d: d["pays"].update({"elf": {"5": "1"}}), "pays.elf: unknown paying symbol 'elf'"),
        (_set("base.drop_weights.bear", 23), "base.drop_weights: drop weights are out of 256"),
        (_set("midnight.drop_weights.ghost", 1), "midnight.drop_weights: unknown paying symbol 'ghost'"),
        (_set("base.supersize.size_weights", {"6": 1}), "base.supersize.size_weights: 6 is outside 3-5"),
        (_set("midnight.lucky_santa.count_weights", {"4": 1}), "midnight.lucky_santa.count_weights: 4 is outside"),
        (_set("base.blocks.count_weights", {"2": 0}), "base.blocks.count_weights: at least one weight"),
        (_set("base.wild_santa.symbol_weights", {"bear": -1}),
         "base.wild_santa.symbol_weights.bear: must be at least 0"),
        (_set("bets.default", 77), "bets.default: 77 is not on the bet ladder"),
        (_set("bets.ladder", [40, 20]), "bets.ladder: the bet ladder must rise"),
        (_set("markers.order", ["blocks", "refresh", "wild_santa", "supersize", "lucky_santa"]),
         "markers.order: the printed order is"),
        (_set("markers.cell_weights", [[1] * 8] * 7), "markers.cell_weights: expected 8 columns"),
        (_set("midnight_levels.0.target", 5), "midnight_levels[0].target: level 1 has no target"),
        (_set("midnight_levels.2.level", 4), "midnight_levels[2].level: expected level 3"),
        (_set("meter_trigger", 0), "meter_trigger: must be at least 1"),
    ],
)
def test_broken_data_names_the_place(tmp_path: Path, change, message: str) -> None:
    path = broken(tmp_path, change)
    with pytest.raises(DataError) as info:
        SantasWonderland(path)
    assert str(path) in str(info.value)
    assert message in str(info.value)


def test_unreadable_and_invalid_json(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read game data"):
        SantasWonderland(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{ not json", encoding="utf-8")
    with pytest.raises(DataError, match="not valid JSON at line 1"):
        SantasWonderland(bad)


def test_the_shipped_data_holds_the_printed_figures() -> None:
    game = SantasWonderland()
    data = game.data
    assert data.trigger_points == 140
    assert [(lv.multiplier, lv.target) for lv in data.levels] == [(3, None), (6, 116), (9, 120), (12, 124), (15, 132)]
    assert game.pay("bear", 25) == 500 and game.pay("diamond", 5) == Fraction("0.05") and game.pay("heart", 4) == 0
    for phase in (data.base, data.midnight):
        assert sum(phase.drop_weights) == 256 and len(phase.drop_table) == 256
        assert set(phase.supersize_size.values) <= {3, 4, 5}
        assert set(phase.lucky_count.values) <= set(range(5, 16))


def test_the_client_math_check_sees_this_games_figures() -> None:
    """tests/test_client_keeps_no_math.py finds these in the description: it would find a copy of them."""
    assert_described("santas_wonderland", {"levels", "levels[:, 1]", "levels[:, 2] (set)", "marker_features"},
                     {100, 7500, 140, 116, 124, 132}, {"96.2", "96.4", "7,500"})
