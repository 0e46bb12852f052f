"""The engine's public API as docs/ARCHITECTURE.md fixes it."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from game.catalogue import CATALOGUE, GameEntry, plugged
from game.engine import GAME_IDS, InvalidBet, UnknownGame, get_game


def test_game_ids_and_titles() -> None:
    """The engine's games are the catalogue's, in its order, each with the catalogue's title."""
    assert tuple(info.id for info in CATALOGUE if info.engine is not None) == GAME_IDS
    assert len(set(GAME_IDS)) == len(GAME_IDS)
    for info in CATALOGUE:
        if info.engine is not None:
            game = get_game(info.id)
            assert (game.id, game.title) == (info.id, info.title)


def test_unknown_and_unavailable_games_say_why() -> None:
    with pytest.raises(UnknownGame, match="no game 'nope'"):
        get_game("nope")
    with plugged(GameEntry("zz_coming_soon", "Coming Soon", "coming soon")), \
            pytest.raises(UnknownGame, match="coming soon"):  # a tile without an engine
        get_game("zz_coming_soon")


def test_bet_ladder_is_value_times_level_times_50() -> None:
    game = get_game("halloween_vacation")
    assert game.bets[0] == 100  # 0.02 x 1 x 50 = 1.00: every pay is whole cents (tests/test_rounding.py)
    assert list(game.bets) == sorted(set(game.bets))
    for bet in game.bets:
        value, level = game.bet_breakdown(bet)
        assert value * level * 50 == bet
    assert game.default_bet in game.bets
    with pytest.raises(InvalidBet):
        game.play(51, 1)


def test_fifty_distinct_lines_one_row_per_reel() -> None:
    game = get_game("halloween_vacation")
    assert len(game.lines) == 50
    assert len(set(game.lines)) == 50
    assert all(len(line) == 5 and all(0 <= row < 4 for row in line) for line in game.lines)
    assert game.lines[:4] == ((0,) * 5, (1,) * 5, (2,) * 5, (3,) * 5)


def test_play_returns_cents_events_and_replay_inputs() -> None:
    game = get_game("halloween_vacation")
    result = game.play(100, 42)
    assert isinstance(result.win, int) and result.win >= 0
    assert isinstance(result.win_x, Fraction)
    assert result.win == result.win_x.numerator * 100 // result.win_x.denominator
    assert (result.seed, result.bet, result.cost, result.buy) == (42, 100, 100, False)
    json.dumps(result.events)  # JSON-serialisable
    assert result.events[0]["type"] == "spin"
    assert result.events[-1] == {"type": "round_end", "x": result.summary()["x"], "win": result.win, "capped": False}


def test_same_seed_same_events_byte_for_byte() -> None:
    game = get_game("halloween_vacation")
    for seed in (0, 1, 2**64 - 1, 123456789):
        a = json.dumps(game.play(300, seed).events)
        b = json.dumps(game.play(300, seed).events)
        assert a == b


def test_seed_out_of_range_is_refused() -> None:
    game = get_game("halloween_vacation")
    with pytest.raises(ValueError, match="2\\*\\*64"):
        game.play(100, 2**64)


def test_stepwise_start_finishes_at_once_without_decisions() -> None:
    game = get_game("halloween_vacation")
    play = game.start(100, 7)
    assert play.finished and play.pending is None
    assert play.result.events == game.play(100, 7).events


def test_a_played_result_is_the_frozen_dataclass_built_from_its_fields() -> None:
    """RoundPlay makes its result without the dataclass __init__ (speed): it must be the same thing."""
    import dataclasses

    from game.engine.round import RoundResult

    assert not hasattr(RoundResult, "__post_init__") and "__slots__" not in vars(RoundResult)
    result = get_game("halloween_vacation").play(100, 12345)
    fields = {field.name: getattr(result, field.name) for field in dataclasses.fields(RoundResult)}
    assert set(vars(result)) == set(fields)
    assert result == RoundResult(**fields)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.win = 1  # type: ignore[misc]
