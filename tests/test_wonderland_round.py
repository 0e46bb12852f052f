"""Santa's Wonderland rounds: tumbles, snowflake markers, the meter, Midnight Riches, the cap."""

from __future__ import annotations

import json
import random
from fractions import Fraction as F
from pathlib import Path

import pytest

from game.engine import get_game
from game.engine.games.santas_wonderland.clusters import BITS
from game.engine.games.santas_wonderland.game import SantasWonderland
from game.engine.games.santas_wonderland.model import FEATURES, HalfColumnNames
from game.engine.games.santas_wonderland.play import _BLOCK_SLICES, _RUNS, BLOCK_POSITIONS, _paint
from game.engine.round import RoundPlay
from tests.wonderland_fixtures import (
    QUIET,
    ScriptedRng,
    drop_bytes,
    flat,
    quiet,
    quiet_window,
    scripted_round,
    variant,
    window,
)

GAME = get_game("santas_wonderland")


def types(events) -> list[str]:
    return [e["type"] for e in events]


def test_bets_buy_price_and_cap() -> None:
    assert GAME.bets[0] == 20 and GAME.bets[-1] == 48000
    assert GAME.default_bet in GAME.bets
    assert GAME.cost(200) == 200 and GAME.cost(200, buy=True) == 20000
    assert GAME.cap == 7500 and GAME.buy_price_x == 100
    assert GAME.stratified_feature == "midnight_riches"


def test_tumble_explodes_every_winning_cell_once_and_drops_straight_down() -> None:
    start = window(
        ". . . . . . . .",
        ". . . . . . . .",
        ". . B . . . . .",
        ". . B . . . . .",
        ". . B . . . . .",
        ". . B . T . . .",
        ". . B . T . . .",
        ". . . . T T T .",
    )
    # drops in column order: 5 on column 2, 3 on column 4, 1 each on columns 5 and 6
    planned = ["bear", "train", "bear", "train", "bear", "bear", "train", "bear", "bear", "train"]
    rng = ScriptedRng(drop_bytes(GAME, planned))
    play = scripted_round(GAME, rng)
    play.set_grid(flat(GAME, start))
    play.markers = [0, 0, BITS[2 * 8 + 4], 0, BITS[7 * 8 + 7]]  # blocks under the bears, lucky santa far away
    units, meter = play.tumbles(GAME.data.base, "base", 1, 0)
    assert rng.planned_left() == 0
    clusters, tumble = play.ctx.events
    assert [(w["symbol"], w["count"], w["x"], w["factor"]) for w in clusters["wins"]] == [
        ("bear", 5, "0.5", 1), ("train", 5, "0.25", 1)]
    assert clusters["x"] == "0.75" and clusters["meter"] == 10 and clusters["markers_won"] == ["blocks"]
    assert play.owed == [False, False, True, False, False]
    assert play.markers[2] == 0 and play.markers[4] == BITS[63]
    assert F(units, GAME.data.pay_den) == F("0.75") and meter == 10
    assert tumble["dropped"] == [0, 0, 5, 0, 3, 1, 1, 0]
    assert tumble["removed"] == [[2, 2], [2, 3], [2, 4], [2, 5], [2, 6], [4, 5], [4, 6], [4, 7], [5, 7], [6, 7]]
    after = tumble["grid"]
    assert after[2] == ["bear", "train", "bear", "train", "bear", quiet(2, 0), quiet(2, 1), quiet(2, 7)]
    assert after[4] == ["bear", "train", "bear", *[quiet(4, r) for r in range(5)]]
    assert after[5] == ["bear", *[quiet(5, r) for r in range(7)]]
    assert after[6] == ["train", *[quiet(6, r) for r in range(7)]]
    for col in (0, 1, 3, 7):
        assert after[col] == start[col]
    assert play.ctx.units == units and play.ctx.total == 0  # added up as whole units, no Fraction made
    assert play.ctx.won == F("0.75")


def _marker_game(tmp_path: Path):
    def change(data: dict) -> None:
        data["base"]["lucky_santa"]["count_weights"] = {"5": 1}
        data["markers"]["cell_weights"] = [[1] * 8 for _ in range(8)]
    return variant(tmp_path, change)


def test_markers_play_in_the_fixed_order_once_each_and_the_meter_counts_across_features(tmp_path: Path) -> None:
    game = _marker_game(tmp_path)
    bears = quiet_window()
    bears[0] = ["bear"] * 8  # column 0: one cluster of 8 bears
    refill = [quiet(0, r) for r in range(8)]
    marker_cells = [0 * 8 + 3, 6 * 8 + 6, 7 * 8 + 7, 5 * 8 + 1, 0 * 8 + 5]  # refresh and lucky santa under the bears
    wild_cells = [0, 3, 27, 51, 48]  # far apart: no new cluster
    rng = ScriptedRng(
        drops=drop_bytes(game, [n for c in bears for n in c])  # the spin
        + drop_bytes(game, refill)  # column 0 after the bears explode
        + drop_bytes(game, [n for c in bears for n in c])  # refresh: the same bears again
        + drop_bytes(game, refill),
        ranges=[0],  # lucky santa: the first count (5)
        samples=[marker_cells, wild_cells],
    )
    play = RoundPlay(game, 200, 1, rng=rng)  # type: ignore[arg-type]
    result = play.result
    assert rng.planned_left() == 0
    events = result.events
    assert types(events) == ["spin", "clusters", "tumble", "feature", "clusters", "tumble", "feature", "spin_end",
                             "round_end"]
    assert events[0]["markers"] == {"refresh": [0, 3], "wild_santa": [6, 6], "blocks": [7, 7],
                                    "supersize": [5, 1], "lucky_santa": [0, 5]}
    assert events[1]["markers_won"] == ["refresh", "lucky_santa"] and events[1]["meter"] == 8
    assert events[3]["feature"] == "refresh" and events[6]["feature"] == "lucky_santa"  # fixed order
    assert len(events[3]["cells"]) == 64 and events[3]["symbol"] is None
    assert events[4]["markers_won"] == [] and events[4]["meter"] == 16  # the refresh marker is gone: no replay
    assert events[6]["cells"] == [[0, 0], [0, 3], [3, 3], [6, 0], [6, 3]]
    assert all(events[6]["grid"][c][r] == "wild" for c, r in events[6]["cells"])
    assert events[7] == {"type": "spin_end", "x": "5", "meter": 16, "trigger": False}
    assert result.features == {"refresh": 1, "lucky_santa": 1}
    assert result.win_x == F(5)


def test_features_change_the_grid_as_the_event_says() -> None:
    game = GAME
    for index, name in enumerate(FEATURES):
        play = scripted_round(game, random.Random(12345 + index))  # type: ignore[arg-type]
        start = quiet_window()
        start[7][7] = "wild"
        play.set_grid(flat(game, start))
        before = [list(c) for c in start]
        play.feature(index, game.data.base, "base")
        (event,) = play.ctx.events
        assert event["feature"] == name and event["phase"] == "base"
        after = event["grid"]
        assert after[7][7] == "wild"  # wilds stay
        changed = {(c, r) for c in range(8) for r in range(8) if after[c][r] != before[c][r]}
        cells = {tuple(cell) for cell in event["cells"]}
        assert changed <= cells
        if name == "refresh":
            assert len(cells) == 63 and event["symbol"] is None
        elif name == "wild_santa":
            assert event["symbol"] in QUIET
            assert cells == {(c, r) for c in range(8) for r in range(8) if before[c][r] == event["symbol"]}
            assert all(after[c][r] == "wild" for c, r in cells)
        elif name in ("blocks", "supersize"):
            sizes = {b[2] for b in event["blocks"]}
            if name == "blocks":
                assert sizes == {2}
            else:
                assert len(event["blocks"]) == 1 and sizes <= {3, 4, 5}
            expected = {(c + i, r + j) for c, r, s in event["blocks"] for i in range(s) for j in range(s)}
            assert cells == expected and len(expected) == sum(s * s for *_, s in event["blocks"])  # no overlap
            assert all(after[c][r] in (event["symbol"], "wild") for c, r in cells)
        else:
            assert 5 <= len(cells) <= 15 and event["symbol"] is None and (7, 7) not in cells
            assert all(after[c][r] == "wild" for c, r in cells)


def test_wild_santa_turns_wild_only_a_symbol_on_the_grid() -> None:
    play = scripted_round(GAME, random.Random(3))  # type: ignore[arg-type]
    grid = [["diamond" if (c + r) % 2 else "club" for r in range(8)] for c in range(8)]
    play.set_grid(flat(GAME, grid))
    play.feature(1, GAME.data.base, "base")
    assert play.ctx.events[0]["symbol"] in ("diamond", "club")
    assert len(play.ctx.events[0]["cells"]) == 32


def _levels_game(tmp_path: Path, targets: list[int]):
    def change(data: dict) -> None:
        for level, target in zip(data["midnight_levels"][1:], targets):
            level["target"] = target
    return variant(tmp_path, change)


def midnight_levels(events) -> list[list[dict]]:
    """The events of each level, level_start .. level_end."""
    levels, current = [], None
    for e in events:
        if e["type"] == "level_start":
            current = [e]
        elif current is not None:
            current.append(e)
            if e["type"] == "level_end":
                levels.append(current)
                current = None
    return levels


def test_every_level_reached_plays_five_features_in_order_and_the_feature_ends_after_level_5(tmp_path: Path) -> None:
    game = _levels_game(tmp_path, [1, 1, 1, 1])
    result = game.play(200, 99, feature_start={"trigger": "buy"})
    events = result.events
    assert events[0]["type"] == "midnight_start" and events[0]["trigger"] == "buy"
    assert [lv["multiplier"] for lv in events[0]["levels"]] == [3, 6, 9, 12, 15]
    levels = midnight_levels(events)
    assert [lv[0]["level"] for lv in levels] == [1, 2, 3, 4, 5]
    for number, level in enumerate(levels, start=1):
        start, end = level[0], level[-1]
        assert start["multiplier"] == 3 * number and len(start["grid"]) == 8
        assert [e["feature"] for e in level if e["type"] == "feature"] == list(FEATURES)
        assert all(e["phase"] == "midnight" for e in level if e["type"] in ("feature", "clusters"))
        assert all(w["factor"] == 3 * number for e in level if e["type"] == "clusters" for w in e["wins"])
        collected = sum(len(e["removed"]) for e in level if e["type"] == "tumble")
        assert end["collected"] == collected
        assert end["advance"] == (number < 5)
        assert end["needed"] == (None if number == 5 else 1)
    assert events[-2]["type"] in ("midnight_end", "cap_reached")
    if not result.capped:
        assert events[-2] == {"type": "midnight_end", "level": 5, "x": events[-2]["x"]}
        assert F(events[-2]["x"]) == sum(F(lv[-1]["x"]) for lv in levels) == result.win_x
    assert {k: result.features.get(k) for k in ("midnight_riches", "level_2", "level_5")} == {
        "midnight_riches": 1, "level_2": 1, "level_5": 1}


def test_a_level_that_misses_its_target_ends_the_feature(tmp_path: Path) -> None:
    game = _levels_game(tmp_path, [1000, 1000, 1000, 1000])
    result = game.play(200, 5, feature_start={"trigger": "meter", "meter": 150})
    levels = midnight_levels(result.events)
    assert len(levels) == 1
    assert levels[0][-1]["advance"] is False and levels[0][-1]["needed"] == 1000
    assert result.events[0]["meter"] == 150
    assert result.events[-2] == {"type": "midnight_end", "level": 1, "x": levels[0][-1]["x"]}
    assert "level_2" not in result.features


def test_the_cap_ends_the_round_at_once_and_pays_7500x(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["base"]["drop_weights"] = {"bear": 256}
    game = variant(tmp_path, change)
    result = game.play(200, 7)  # 64 bears pay 500x per tumble
    events = result.events
    assert types(events) == ["spin"] + ["clusters", "tumble"] * 14 + ["clusters", "cap_reached", "round_end"]
    assert events[-2] == {"type": "cap_reached", "x": "7500"}
    assert events[-1] == {"type": "round_end", "x": "7500", "win": 1_500_000, "capped": True}
    assert result.capped and result.win_x == 7500 and result.win == 7500 * 200
    assert not result.features  # the markers won were forfeited


def test_a_cap_between_two_units_stops_the_round_at_the_win_that_reaches_it() -> None:
    game = SantasWonderland()
    game.cap = F(7, 3)  # not a whole number of pay units: the round must stop at the first sum >= 7/3
    capped = 0
    for seed in range(300):
        result = game.play(200, seed)
        sums = []
        for event in result.events:
            if event["type"] == "clusters":
                sums.append((sums[-1] if sums else F(0)) + F(event["x"]))
        kinds = types(result.events)
        if result.capped:
            capped += 1
            assert kinds[-3:] == ["clusters", "cap_reached", "round_end"]
            assert sums[-1] >= game.cap and (len(sums) == 1 or sums[-2] < game.cap)
            assert result.win_x == game.cap
        else:
            assert not sums or sums[-1] < game.cap
            assert result.win_x == (sums[-1] if sums else 0)
    assert capped >= 5


def test_the_meter_triggers_midnight_riches_after_the_spin(tmp_path: Path) -> None:
    def change(data: dict) -> None:
        data["meter_trigger"] = 5
    game = variant(tmp_path, change)
    seed = next(s for s in range(200) if game.play(200, s, defer_features=True).win)
    result = game.play(200, seed)
    kinds = types(result.events)
    end = result.events[kinds.index("spin_end")]
    assert end["trigger"] is True and end["meter"] >= 5
    start = result.events[kinds.index("spin_end") + 1]
    assert start["type"] == "midnight_start" and start["trigger"] == "meter" and start["meter"] == end["meter"]
    assert result.features["midnight_riches"] == 1
    deferred = game.play(200, seed, defer_features=True)
    assert deferred.deferred == ({"trigger": "meter"},)
    assert "midnight_start" not in types(deferred.events)
    assert deferred.features["midnight_riches"] == 1
    # the deferred round is the played round's base spin, event for event
    assert deferred.events[:-1] == result.events[:kinds.index("spin_end") + 1]


def test_a_bought_round_plays_one_base_spin_then_midnight_riches_once() -> None:
    result = GAME.play(200, 2024, buy=True)
    kinds = types(result.events)
    assert result.events[0]["type"] == "spin" and result.events[0]["mode"] == "buy"
    assert kinds.count("spin") == 1 and kinds.count("midnight_start") == 1 and kinds.count("midnight_end") <= 1
    end = result.events[kinds.index("spin_end")]
    assert end["trigger"] is True
    assert result.events[kinds.index("spin_end") + 1]["trigger"] == "buy"
    assert result.cost == 20000
    deferred = GAME.play(200, 2024, buy=True, defer_features=True)
    assert deferred.deferred == ({"trigger": "buy"},)
    assert "midnight_start" not in types(deferred.events)


def test_a_feature_start_plays_only_midnight_riches() -> None:
    result = GAME.play(200, 77, feature_start={"trigger": "buy"})
    kinds = types(result.events)
    assert "spin" not in kinds and "spin_end" not in kinds
    assert kinds[0] == "midnight_start" and kinds[-1] == "round_end"
    with pytest.raises(ValueError, match="names its trigger"):
        GAME.play(200, 77, feature_start={"trigger": "nope"})


@pytest.mark.parametrize("buy", [False, True])
def test_same_seed_same_events(buy: bool) -> None:
    for seed in (1, 2**63 + 5):
        first = GAME.play(200, seed, buy=buy)
        second = GAME.play(200, seed, buy=buy)
        assert json.dumps(first.events) == json.dumps(second.events)
        assert first.win == second.win


def test_half_column_names_name_every_half_as_its_four_symbols() -> None:
    names = GAME.data.names
    halves = GAME.data.half_columns
    assert len(halves) == len(names) ** 4  # made at load for up to 16 names
    rng = random.Random(11)
    for _ in range(200):
        half = bytes(rng.randrange(len(names)) for _ in range(4))
        assert halves[int.from_bytes(half, "little")] == [names[s] for s in half]


def test_half_column_names_of_many_symbols_are_made_as_they_turn_up() -> None:
    names = tuple(f"s{i}" for i in range(20))
    halves = HalfColumnNames(names)
    assert not halves  # 160,000 halves are not made in advance
    assert halves[int.from_bytes(bytes([19, 0, 7, 3]), "little")] == ["s19", "s0", "s7", "s3"]
    assert len(halves) == 1


def test_cutting_a_columns_runs_keeps_its_other_cells_in_order() -> None:
    for col in range(8):
        for rows in range(256):
            grid = bytearray(range(64))
            for run in _RUNS[col][rows]:
                del grid[run]
            kept = [col * 8 + row for row in range(8) if not rows >> row & 1]
            assert grid[col * 8:col * 8 + len(kept)] == bytes(kept)
            assert len(grid) == 64 - bin(rows).count("1")


def test_a_painted_block_covers_its_mask_and_keeps_the_wilds() -> None:
    rng = random.Random(9)
    table = bytes(7 if s == 7 else 2 for s in range(256))  # paint plane (2) over all but the wild (7)
    for size, positions in BLOCK_POSITIONS.items():
        for col, row, mask in positions:
            grid = bytearray(rng.randrange(8) for _ in range(64))
            painted = bytearray(grid)
            _paint(painted, _BLOCK_SLICES[size][col * 8 + row], table)
            assert painted == bytes(2 if mask >> i & 1 and grid[i] != 7 else grid[i] for i in range(64))
