"""One bet layout for every game: ``"bets": {"ladder", "default"[, "breakdown"]}``, read by ``read_bets``."""

from __future__ import annotations

import json

import pytest

from game.engine import DataError, get_game
from game.engine.data import BetBreakdown, BetLadder, Reader, read_bets

# The ladders: only bets at which every pay is whole cents (issue 11, tests/test_rounding.py). They
# were these less 0.50, 1.50, ... for Halloween Vacation and 0.10-0.40, 0.60, 0.80 for Fat Santa.
LADDERS = {
    "halloween_vacation": tuple(sorted({v * lv * 50 for v in (2, 10, 20) for lv in range(1, 11)})),
    "santas_wonderland": (20, 40, 60, 80, 100, 120, 160, 200, 300, 400, 500, 600, 800, 1000, 1600, 2000, 4000,
                          8000, 10000, 20000, 40000, 48000),
    "fat_santa": (50, 100, 150, 200, 250, 300, 400, 500, 600, 800, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 7500,
                  10000),
}
DEFAULTS = {"halloween_vacation": 100, "santas_wonderland": 200, "fat_santa": 100}


def bets_of(section: object) -> BetLadder:
    return read_bets(Reader("test.json", {"bets": section}))


@pytest.mark.parametrize("game_id", sorted(LADDERS))
def test_every_game_reads_the_same_bet_layout_and_keeps_its_ladder(game_id: str) -> None:
    game = get_game(game_id)
    data = json.loads(game.data_file.read_text(encoding="utf-8"))
    assert "bet" not in data and set(data["bets"]) <= {"ladder", "default", "breakdown"}
    assert game.bets == LADDERS[game_id] == game.description.bets.ladder
    assert game.default_bet == DEFAULTS[game_id] == game.description.bets.default


def test_a_ladder_reads_with_an_optional_breakdown() -> None:
    assert bets_of({"ladder": [10, 20, 50], "default": 20}) == BetLadder((10, 20, 50), 20)
    ladder = bets_of({"ladder": [50, 100, 150, 200, 300], "default": 100,
                      "breakdown": {"credits": 50, "values": [1, 2], "levels": [1, 2, 3]}})
    assert ladder.breakdown == BetBreakdown(50, (1, 2), (1, 2, 3))
    assert ladder.breakdown.split(300) == (2, 3) and ladder.breakdown.split(100) == (2, 1)
    assert ladder.breakdown.split(250) is None
    assert 150 in ladder and 151 not in ladder


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ({"ladder": [], "default": 1}, "bets.ladder: the bet ladder must rise strictly"),
        ({"ladder": [20, 10], "default": 10}, "bets.ladder: the bet ladder must rise strictly"),
        ({"ladder": [10, 10, 20], "default": 10}, "bets.ladder: the bet ladder must rise strictly"),
        ({"ladder": [0, 10], "default": 10}, "bets.ladder[0]: must be at least 1"),
        ({"ladder": [10, 2.5], "default": 10}, "bets.ladder[1]: expected an integer"),
        ({"ladder": [10, 20], "default": 15}, "bets.default: 15 is not on the bet ladder"),
        ({"ladder": [10, 20]}, "bets: missing key 'default'"),
        ({"ladder": [10], "default": 10, "levels": [1]}, "bets: unknown key 'levels'"),
        ({"ladder": [50, 100], "default": 50, "breakdown": {"credits": 50, "values": [1], "levels": [1, 2, 3]}},
         "bets.breakdown: Value x Level x 50 must make exactly the ladder (not on the ladder: [150]"),
        ({"ladder": [50, 100, 150], "default": 50, "breakdown": {"credits": 50, "values": [1], "levels": [1, 2]}},
         "not made: [150]"),
        ({"ladder": [50], "default": 50, "breakdown": {"credits": 0, "values": [1], "levels": [1]}},
         "bets.breakdown.credits: must be at least 1"),
        ({"ladder": [50], "default": 50, "breakdown": {"credits": 50, "values": [2, 1], "levels": [1]}},
         "bets.breakdown.values: the values must rise strictly"),
    ],
)
def test_a_bad_bet_section_names_file_and_key(section: dict, message: str) -> None:
    with pytest.raises(DataError) as info:
        bets_of(section)
    assert str(info.value).startswith("test.json: ")
    assert message in str(info.value)


def test_the_old_bet_layout_is_refused_with_the_new_one_named() -> None:
    with pytest.raises(DataError, match=r'test.json: bet: bets are read from "bets": \{"ladder"'):
        read_bets(Reader("test.json", {"bet": {"ladder": [10], "default": 10}}))
