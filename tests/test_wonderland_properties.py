"""Invariants of every Santa's Wonderland round (hypothesis), base and bought."""

from __future__ import annotations

import json
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import get_game
from game.engine.money import cents_of

GAME = get_game("santas_wonderland")
SYMBOLS = set(GAME.symbols)
PAYING = SYMBOLS - {"wild"}
FEATURES = ["refresh", "wild_santa", "blocks", "supersize", "lucky_santa"]
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def check_grid(grid) -> None:
    assert len(grid) == 8 and all(len(column) == 8 for column in grid)
    assert all(symbol in SYMBOLS for column in grid for symbol in column)


def check_round(result, buy: bool) -> None:
    events = result.events
    kinds = [e["type"] for e in events]
    assert kinds[-1] == "round_end" and kinds.count("round_end") == 1
    assert result.win == cents_of(result.win_x, result.bet) and 0 <= result.win_x <= GAME.cap
    assert events[-1]["capped"] == result.capped == ("cap_reached" in kinds)
    for e in events:
        for key in ("grid",):
            if key in e:
                check_grid(e[key])
    # the round's win is the sum of its clusters' pays (or the cap)
    paid = sum((F(e["x"]) for e in events if e["type"] == "clusters"), F(0))
    assert result.win_x == (min(paid, GAME.cap) if result.capped else paid)
    for e in events:
        if e["type"] == "clusters":
            assert F(e["x"]) == sum((F(w["x"]) for w in e["wins"]), F(0))
            for w in e["wins"]:
                assert w["kind"] == "cluster" and w["symbol"] in PAYING and w["line"] is None
                assert w["count"] == len(w["cells"]) >= 5
                assert F(w["x"]) == GAME.pay(w["symbol"], w["count"]) * w["factor"]
    # tumbles: the removed cells are exactly the union of the clusters before them
    for i, e in enumerate(events):
        if e["type"] == "tumble":
            clusters = events[i - 1]
            union = {tuple(c) for w in clusters["wins"] for c in w["cells"]}
            assert {tuple(c) for c in e["removed"]} == union
            assert sum(e["dropped"]) == len(union)
            assert all(e["grid"][c][r] != "wild" for c in range(8) for r in range(e["dropped"][c]))  # no wild drops
    # the base spin: markers, meter and trigger
    assert kinds[0] == "spin" and events[0]["mode"] == ("buy" if buy else "base")
    check_grid(events[0]["grid"])
    markers = events[0]["markers"]
    assert list(markers) == FEATURES and len({tuple(c) for c in markers.values()}) == 5
    if "spin_end" not in kinds:
        assert result.capped
        return
    end_at = kinds.index("spin_end")
    base = events[:end_at]
    won = [m for e in base if e["type"] == "clusters" for m in e["markers_won"]]
    played = [e["feature"] for e in base if e["type"] == "feature"]
    assert len(won) == len(set(won)) and sorted(played, key=FEATURES.index) == sorted(won, key=FEATURES.index)
    assert sorted(played) == sorted(set(played))  # each marker at most once
    meter = sum(len(e["removed"]) for e in base if e["type"] == "tumble")
    assert events[end_at]["meter"] == meter
    assert events[end_at]["trigger"] == (buy or meter >= 140)
    assert {f: result.features.get(f, 0) for f in FEATURES} == {f: int(f in played) for f in FEATURES}
    midnight = events[end_at + 1:]
    if events[end_at]["trigger"]:
        assert midnight[0]["type"] == "midnight_start" and midnight[0]["trigger"] == ("buy" if buy else "meter")
        assert result.features["midnight_riches"] == 1
        ends = [e for e in midnight if e["type"] == "level_end"]
        for e in ends:
            assert e["advance"] == (e["needed"] is not None and e["collected"] >= e["needed"])
        for earlier in ends[:-1]:
            assert earlier["advance"]
        starts = [e for e in midnight if e["type"] == "level_start"]
        assert [e["level"] for e in starts] == list(range(1, len(starts) + 1))
        assert [e["multiplier"] for e in starts] == [3, 6, 9, 12, 15][:len(starts)]
        assert [e["needed"] for e in starts] == [116, 120, 124, 132, None][:len(starts)]
    else:
        assert [e["type"] for e in midnight] == ["round_end"]
        assert "midnight_riches" not in result.features


@settings(max_examples=200, deadline=None, derandomize=True)
@given(seed=seeds, bet=st.sampled_from(GAME.bets))
def test_every_base_round_is_well_formed(seed: int, bet: int) -> None:
    result = GAME.play(bet, seed)
    check_round(result, buy=False)
    replay = GAME.play(bet, seed)
    assert json.dumps(replay.events) == json.dumps(result.events)


@settings(max_examples=25, deadline=None, derandomize=True)
@given(seed=seeds)
def test_every_bought_round_is_well_formed(seed: int) -> None:
    result = GAME.play(200, seed, buy=True)
    check_round(result, buy=True)
    assert result.cost == 20000


@settings(max_examples=100, deadline=None, derandomize=True)
@given(seed=seeds)
def test_a_deferred_round_is_the_base_spin_of_the_whole_round(seed: int) -> None:
    whole = GAME.play(200, seed)
    deferred = GAME.play(200, seed, defer_features=True)
    kinds = [e["type"] for e in whole.events]
    if "spin_end" in kinds:
        cut = kinds.index("spin_end") + 1
        assert deferred.events[:cut] == whole.events[:cut]
        assert bool(deferred.deferred) == whole.events[cut - 1]["trigger"]
