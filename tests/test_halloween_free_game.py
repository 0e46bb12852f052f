"""Sticky wilds, the Expanding Wild and its extra spins, with scripted reel stops."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from game.engine.round import RoundContext

from .halloween_fixtures import HIDE, ROW0, ROW1, TRIGGER, ScriptedRng, quiet_spin, scripted_game


def play_scripted(tmp_path: Path, free_spins: list[list[int]]):
    game = scripted_game(tmp_path)
    stops = TRIGGER + [stop for spin in free_spins for stop in spin]
    rng = ScriptedRng(stops)
    ctx = RoundContext(rng, 100, False, None, None)  # type: ignore[arg-type]
    for _ in game.round_steps(ctx):
        pass
    assert rng.stops == [], "the round drew fewer stops than planned"
    spins = [e for e in ctx.events if e["type"] == "free_spin"]
    return game, ctx, spins


def test_three_scatters_award_eight_free_spins(tmp_path: Path) -> None:
    _, ctx, spins = play_scripted(tmp_path, [quiet_spin()] * 8)
    assert ctx.events[0]["wins"][-1]["kind"] == "scatter"
    assert ctx.events[1] == {"type": "free_games_start", "spins": 8}
    assert [e["spin"] for e in spins] == list(range(1, 9))
    assert ctx.events[-1]["type"] == "free_games_end" and ctx.events[-1]["spins"] == 8
    assert ctx.features["free_games"] == 1
    for spin in spins:  # no scatters in free games
        assert all(symbol != "scatter" for column in spin["window"] for symbol in column)


def test_wild_on_reel_2_is_held_until_the_end(tmp_path: Path) -> None:
    plan = [quiet_spin()] * 2 + [quiet_spin(sticky_row0_reel2=True)] + [quiet_spin()] * 5
    _, _, spins = play_scripted(tmp_path, plan)
    assert [s["sticky"] for s in spins[:2]] == [[], []]
    assert spins[2]["new_sticky"] == [[1, 0]]
    for spin in spins[2:]:
        assert spin["sticky"] == [[1, 0]]
        assert spin["window"][1][0] == "wild"
    assert spins[3]["landed"][1][0] != "wild"  # what landed beneath is covered by the held wild


def test_wild_on_reel_4_is_sticky_too_and_stickies_accumulate(tmp_path: Path) -> None:
    plan = [[HIDE, HIDE, HIDE, ROW1, HIDE], [HIDE, ROW0, HIDE, HIDE, HIDE]] + [quiet_spin()] * 6
    _, _, spins = play_scripted(tmp_path, plan)
    assert spins[0]["sticky"] == [[3, 1]]
    assert spins[1]["sticky"] == [[1, 0], [3, 1]]
    assert spins[-1]["sticky"] == [[1, 0], [3, 1]]


def expanding_plan(land_on: int, total: int = 8) -> list[list[int]]:
    plan = [quiet_spin() for _ in range(total)]
    plan[land_on - 1] = [HIDE, HIDE, ROW0, HIDE, HIDE]
    return plan


def test_expanding_wild_x2_x4_x8_then_gone(tmp_path: Path) -> None:
    _, ctx, spins = play_scripted(tmp_path, expanding_plan(2))
    shown = [s["expanding"] for s in spins]
    assert shown[0] is None
    assert shown[1:4] == [{"x": 2, "new": True}, {"x": 4, "new": False}, {"x": 8, "new": False}]
    assert shown[4:] == [None] * 4
    for spin in spins[1:4]:
        assert spin["window"][2] == ["wild"] * 4
    assert ctx.features["expanding_wilds"] == 1
    assert "extra_spins" not in ctx.features


def test_no_wild_lands_on_reel_3_while_the_expanding_wild_stands(tmp_path: Path) -> None:
    # the strip used while it stands has no wild: a planned stop of 0 shows 'bread', not 'wild'
    plan = expanding_plan(1)
    plan[1] = [HIDE, HIDE, ROW0, HIDE, HIDE]
    _, _, spins = play_scripted(tmp_path, plan)
    assert spins[1]["landed"][2][0] == "bread"
    assert spins[1]["expanding"] == {"x": 4, "new": False}


def test_expanding_wild_on_the_last_spin_adds_two_extra_spins(tmp_path: Path) -> None:
    _, ctx, spins = play_scripted(tmp_path, expanding_plan(8) + [quiet_spin(), quiet_spin()])
    assert [s["spins"] for s in spins] == [8] * 7 + [10, 10, 10]
    assert [s["expanding"]["x"] for s in spins[7:]] == [2, 4, 8]
    extra = [e for e in ctx.events if e["type"] == "extra_spins"]
    assert extra == [{"type": "extra_spins", "count": 2, "spins": 10}]
    assert ctx.features["extra_spins"] == 2
    assert ctx.events[-1] == {"type": "free_games_end", "x": ctx.events[-1]["x"], "spins": 10}


def test_expanding_wild_on_the_second_last_spin_adds_one(tmp_path: Path) -> None:
    _, ctx, spins = play_scripted(tmp_path, expanding_plan(7) + [quiet_spin()])
    assert len(spins) == 9
    assert [s["expanding"]["x"] for s in spins[6:]] == [2, 4, 8]
    assert [e["count"] for e in ctx.events if e["type"] == "extra_spins"] == [1]


def test_expanding_wild_on_the_third_last_spin_needs_no_extra(tmp_path: Path) -> None:
    _, ctx, spins = play_scripted(tmp_path, expanding_plan(6))
    assert len(spins) == 8 and "extra_spins" not in ctx.features
    assert spins[-1]["expanding"] == {"x": 8, "new": False}


def test_a_new_expanding_wild_can_land_after_the_old_one_is_gone(tmp_path: Path) -> None:
    plan = expanding_plan(1)
    plan[3] = [HIDE, HIDE, ROW1, HIDE, HIDE]
    _, ctx, spins = play_scripted(tmp_path, plan)
    assert [s["expanding"] and s["expanding"]["x"] for s in spins[:7]] == [2, 4, 8, 2, 4, 8, None]
    assert ctx.features["expanding_wilds"] == 2


def test_line_wins_through_the_expanding_wild_are_multiplied(tmp_path: Path) -> None:
    # spin 1: the Expanding Wild (x2) with reels 1-2 showing a k q j / k q j ten (stop 1)
    plan = expanding_plan(1)
    plan[0] = [1, 1, ROW0, HIDE, HIDE]
    game, _, spins = play_scripted(tmp_path, plan)
    first = spins[0]
    assert first["expanding"]["x"] == 2
    plain = game.evaluate(first["window"])
    assert plain.total > 0
    assert Fraction(first["x"]) == 2 * plain.total
    assert all(w["factor"] == 2 for w in first["wins"])


@pytest.mark.parametrize("land_on", [7, 8])
def test_extra_spin_round_replays_identically(tmp_path: Path, land_on: int) -> None:
    plan = expanding_plan(land_on) + [quiet_spin()] * (land_on - 6)  # the extra spins
    _, a, _ = play_scripted(tmp_path, plan)
    _, b, _ = play_scripted(tmp_path, plan)
    assert a.events == b.events


def test_highest_possible_win_bound_by_hand() -> None:
    from game.engine import get_game

    game = get_game("halloween_vacation")
    # spins 1-7: x2 x4 x8 x2 x4 x8 x1, then a new Expanding Wild on spin 8 plays x2 x4 x8 on 8-10
    assert game.max_multiplier_total() == 14 + 14 + 1 + 14
    # 50 lines x 4.00 (five ladies) on the base spin and on every free spin, plus 12.50 scatters
    assert game.max_win_bound_x == 200 + Fraction("12.5") + 200 * 43
