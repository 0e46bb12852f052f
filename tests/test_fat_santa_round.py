"""Fat Santa rounds on scripted reels: the sleigh, the trigger, the free games, the meter, the cap."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.engine import DataError, get_game
from game.engine.money import cents_of
from game.engine.rng import derive_seed

from .fat_santa_fixtures import NO_SLEIGH, SLEIGH, base_stops, free_stops, play_scripted, scripted_game

QUIET_FREE_GAMES = free_stops() * 5  # five free spins that land no pie


def types(result) -> list[str]:
    return [event["type"] for event in result.events]


def test_sleigh_pies_lock_and_replace_what_lands_beneath(tmp_path) -> None:
    game = scripted_game(tmp_path)
    result = play_scripted(game, base_stops() + [SLEIGH, 1, [(1, 2), (3, 4)]])
    spin = result.events[0]
    assert spin["sleigh"] == {"pies": [[1, 2], [3, 4]]}
    assert spin["landed"][1][2] == spin["landed"][3][4] == "queen"
    assert spin["window"][1][2] == "pie" and spin["window"][3][4] == "pie"
    changed = {(c, r) for c in range(5) for r in range(5) if spin["landed"][c][r] != spin["window"][c][r]}
    assert changed == {(1, 2), (3, 4)}
    assert result.features == {"sleigh": 1}
    assert types(result) == ["spin", "round_end"]


def test_no_sleigh_leaves_the_window_as_landed(tmp_path) -> None:
    result = play_scripted(scripted_game(tmp_path), base_stops() + [NO_SLEIGH])
    spin = result.events[0]
    assert spin["sleigh"] is None and spin["window"] == spin["landed"]
    assert "sleigh" not in result.features


def test_santa_with_a_landed_pie_triggers_five_free_spins_from_his_row(tmp_path) -> None:
    game = scripted_game(tmp_path)
    result = play_scripted(game, base_stops(2, (None, 4, None, None)) + [NO_SLEIGH] + QUIET_FREE_GAMES)
    start = result.events[1]
    assert start == {"type": "free_games_start", "trigger": "spin", "spins": 5,
                     "santa": {"col": 0, "row": 2, "size": 1},
                     "meter": {"pies": 0, "needed": 4, "fills": 0, "sizes": [4, 5, 6, 7]}}
    assert types(result) == ["spin", "free_games_start"] + ["free_spin"] * 5 + ["free_games_end", "round_end"]
    assert result.features["free_games"] == 1
    for event in result.events[2:7]:
        assert event["santa"] == {"col": 0, "row": 2, "size": 1} and event["pies"] == []
        assert event["landed"][0][2] == "santa" and event["window"][0][2] == "santa"
    assert result.events[-2] == {"type": "free_games_end", "x": result.events[-2]["x"], "spins": 5, "size": 1}


def test_santa_with_a_sleigh_pie_triggers(tmp_path) -> None:
    result = play_scripted(scripted_game(tmp_path), base_stops(4) + [SLEIGH, 0, [(4, 0)]] + QUIET_FREE_GAMES)
    assert result.events[1]["type"] == "free_games_start" and result.events[1]["santa"]["row"] == 4
    assert result.features["sleigh"] == 1 and result.features["free_games"] == 1


@pytest.mark.parametrize("santa_row, pies", [(0, (None, None, None, None)), (None, (0, 1, 2, 3))])
def test_santa_alone_or_pies_alone_do_not_trigger(tmp_path, santa_row, pies) -> None:
    result = play_scripted(scripted_game(tmp_path), base_stops(santa_row, pies) + [NO_SLEIGH])
    assert types(result) == ["spin", "round_end"]


def test_a_bought_round_starts_the_free_games_with_santa_placed_on_reel_one(tmp_path) -> None:
    game = scripted_game(tmp_path)
    result = play_scripted(game, [3] + QUIET_FREE_GAMES, buy=True)
    assert result.events[0]["type"] == "free_games_start"
    assert result.events[0]["trigger"] == "buy" and result.events[0]["santa"] == {"col": 0, "row": 3, "size": 1}
    assert result.cost == 85 * game.default_bet


def test_the_meter_grows_santa_at_4_5_6_7_pies_with_3_2_2_1_extra_spins(tmp_path) -> None:
    game = scripted_game(tmp_path)
    plan = [0]  # bought, Santa on row 0
    plan += free_stops((0, 4, 0, 0, 0))  # 4 pies: size 2, +3
    plan += free_stops((5, 0, 0, 0, 0))  # 5 pies: size 3, +2
    plan += free_stops((5, 1, 0, 0, 0))  # 6 pies: size 4, +2
    plan += free_stops((5, 2, 0, 0, 0))  # 7 pies: size 5, +1
    plan += free_stops() * 9  # 5 + 3 + 2 + 2 + 1 = 13 spins in all
    result = play_scripted(game, plan, buy=True)
    spins = [e for e in result.events if e["type"] == "free_spin"]
    assert [s["spins"] for s in spins[:4]] == [8, 10, 12, 13] and len(spins) == 13
    growth = ((2, 3), (3, 2), (4, 2), (5, 1))
    assert [s["grew"] for s in spins[:4]] == [[{"size": n, "extra_spins": k}] for n, k in growth]
    assert [s["meter"] for s in spins[:4]] == [
        {"pies": 0, "needed": 5, "fills": 1}, {"pies": 0, "needed": 6, "fills": 2},
        {"pies": 0, "needed": 7, "fills": 3}, {"pies": 7, "needed": 7, "fills": 4},
    ]
    extra = [e for e in result.events if e["type"] == "extra_spins"]
    assert [(e["count"], e["spins"]) for e in extra] == [(3, 8), (2, 10), (2, 12), (1, 13)]
    first = spins[0]
    assert first["pies"] == [[1, 0], [1, 1], [1, 2], [1, 3]]
    assert first["path"][-1] == first["santa"] == {"col": 1, "row": 3, "size": 2}
    for spin in spins:
        block = spin["santa"]
        assert 0 <= block["col"] <= 5 - block["size"] and 0 <= block["row"] <= 5 - block["size"]
        assert len(spin["path"]) == len(spin["pies"])
        for c in range(block["col"], block["col"] + block["size"]):
            for r in range(block["row"], block["row"] + block["size"]):
                assert spin["window"][c][r] == "santa"
    for spin in spins[4:]:  # Santa fills the grid: every line is five Santas
        assert spin["window"] == [["santa"] * 5] * 5
        assert Fraction(spin["x"]) == game.pay("santa", 5) * 50
    assert result.features == {"free_games": 1, "pies": 22, "size_2": 1, "size_3": 1, "size_4": 1, "size_5": 1}
    assert result.events[-2]["size"] == 5 and result.events[-2]["spins"] == 13


def test_pies_beyond_a_fill_count_towards_the_next(tmp_path) -> None:
    game = scripted_game(tmp_path)
    result = play_scripted(game, [0] + free_stops((0, 3, 3, 0, 0)) + free_stops() * 7, buy=True)
    spin = next(e for e in result.events if e["type"] == "free_spin")
    assert spin["meter"] == {"pies": 2, "needed": 5, "fills": 1} and spin["spins"] == 8


def test_the_evaluated_window_keeps_eaten_pies_wild_and_shows_santa_where_he_stands(tmp_path) -> None:
    game = scripted_game(tmp_path)
    result = play_scripted(game, [2] + free_stops((0, 0, 0, 1, 0)) + QUIET_FREE_GAMES[5:], buy=True)
    spin = result.events[1]
    assert spin["pies"] == [[3, 0]] and spin["santa"] == {"col": 3, "row": 0, "size": 1}
    assert spin["landed"][0][2] == "santa" and spin["landed"][3][0] == "pie"
    assert spin["window"][0][2] == "ten"  # where Santa stood, the reel shows what landed
    assert spin["window"][3][0] == "santa"
    assert Fraction(spin["x"]) == game.evaluate(spin["window"]).total


def test_the_cap_ends_the_round_at_once_and_forfeits_the_free_games(tmp_path) -> None:
    game = scripted_game(tmp_path, pays={"jack": {"3": "100000000"}})
    result = play_scripted(game, base_stops(0, (0, None, None, None)) + [NO_SLEIGH])
    assert types(result) == ["spin", "cap_reached", "round_end"]
    assert result.capped and result.win_x == game.cap == Fraction(1132276, 100)
    assert result.win == cents_of(game.cap, game.default_bet) == 1132276
    assert result.events[1] == {"type": "cap_reached", "x": "11322.76"}
    assert result.events[-1]["capped"] is True


def test_the_cap_ends_the_free_games_at_once(tmp_path) -> None:
    game = scripted_game(tmp_path, pays={"ten": {"5": "8000"}})
    result = play_scripted(game, [0] + free_stops() * 2, buy=True)  # 8,000x per spin: capped on spin 2
    assert types(result) == ["free_games_start", "free_spin", "free_spin", "cap_reached", "round_end"]
    assert result.win_x == game.cap


def test_rounds_replay_identically_and_are_json(tmp_path) -> None:
    game = get_game("fat_santa")
    for index in range(200):
        seed = derive_seed(99, index)
        first, again = game.play(100, seed), game.play(100, seed)
        assert first.events == again.events and first.win == again.win
        assert json.loads(json.dumps(first.events)) == list(first.events)
    bought = game.play(100, 5, buy=True)
    assert bought.events == game.play(100, 5, buy=True).events


def _trigger_seed() -> int:
    game = get_game("fat_santa")
    for index in range(20_000):
        seed = derive_seed(4, index)
        if game.play(100, seed, defer_features=True).deferred:
            return seed
    raise AssertionError("no free games in 20,000 rounds")


def test_a_deferred_round_is_the_round_without_its_free_games() -> None:
    game = get_game("fat_santa")
    seed = _trigger_seed()
    whole, deferred = game.play(100, seed), game.play(100, seed, defer_features=True)
    row = whole.events[1]["santa"]["row"]
    assert deferred.deferred == ({"trigger": "spin", "santa_row": row},)
    assert types(deferred) == ["spin", "round_end"] and deferred.events[0] == whole.events[0]
    assert deferred.features.get("free_games") == 1
    assert game.play(100, seed).deferred == ()
    bought = game.play(100, seed, buy=True, defer_features=True)
    assert bought.deferred[0]["trigger"] == "buy" and types(bought) == ["round_end"]


def test_a_feature_start_plays_only_the_free_games() -> None:
    game = get_game("fat_santa")
    result = game.play(100, 8, feature_start={"trigger": "spin", "santa_row": 4})
    assert result.events[0]["type"] == "free_games_start" and result.events[0]["santa"]["row"] == 4
    assert sum(Fraction(e["x"]) for e in result.events if e["type"] == "free_spin") == result.win_x
    with pytest.raises(DataError, match="free-games start"):
        game.play(100, 8, feature_start={"trigger": "spin", "santa_row": 5})
