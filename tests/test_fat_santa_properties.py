"""Invariants of every Fat Santa round (hypothesis): base and bought rounds alike."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import get_game
from game.engine.money import cents_of

GAME = get_game("fat_santa")
SYMBOLS = set(GAME.symbols)
EXTRA = (3, 2, 2, 1)
seeds = st.integers(min_value=0, max_value=2**64 - 1)


def inside(block: dict) -> bool:
    size = block["size"]
    return 1 <= size <= 5 and 0 <= block["col"] <= 5 - size and 0 <= block["row"] <= 5 - size


def check_grid(grid: list[list[str]]) -> None:
    assert len(grid) == 5 and all(len(column) == 5 for column in grid)
    assert all(symbol in SYMBOLS for column in grid for symbol in column)


def check_round(result) -> None:
    events = result.events
    assert events[-1]["type"] == "round_end" and events[-1]["win"] == result.win
    assert result.win == cents_of(result.win_x, result.bet) and 0 <= result.win_x <= GAME.cap
    spins = [e for e in events if e["type"] in ("spin", "free_spin")]
    paid = sum((Fraction(s["x"]) for s in spins), Fraction(0))
    if result.capped:
        assert events[-2]["type"] == "cap_reached" and result.win_x == GAME.cap <= paid
    else:
        assert paid == result.win_x
    for spin in spins:
        check_grid(spin["window"])
        check_grid(spin["landed"])
        assert Fraction(spin["x"]) == sum((Fraction(w["x"]) for w in spin["wins"]), Fraction(0))
        assert Fraction(spin["x"]) == GAME.evaluate(spin["window"]).total
    base = [s for s in spins if s["type"] == "spin"]
    for spin in base:
        assert all(column.count("santa") == 0 for column in spin["window"][1:])
        assert sum(column.count("santa") for column in spin["window"]) <= 1
    starts = [e for e in events if e["type"] == "free_games_start"]
    free = [s for s in spins if s["type"] == "free_spin"]
    if not starts:
        assert not free
        return
    start = starts[0]
    assert start["spins"] == 5 and start["santa"]["col"] == 0 and start["santa"]["size"] == 1
    block, spins_total, fills = start["santa"], 5, 0
    for number, spin in enumerate(free, start=1):
        assert spin["spin"] == number and spin["santa_before"] == block
        assert len(spin["path"]) == len(spin["pies"])
        assert all(inside(b) for b in [spin["santa"], *spin["path"]])
        assert spin["santa"] == (spin["path"][-1] if spin["path"] else block)
        for grew in spin["grew"]:
            fills += 1
            assert grew == {"size": fills + 1, "extra_spins": EXTRA[fills - 1]}
            spins_total += grew["extra_spins"]
        assert spin["spins"] == spins_total and spin["meter"]["fills"] == fills
        assert spin["santa"]["size"] == fills + 1
        block = spin["santa"]
        for c in range(block["col"], block["col"] + block["size"]):
            assert spin["window"][c][block["row"] : block["row"] + block["size"]] == ["santa"] * block["size"]
    if not result.capped:
        assert len(free) == spins_total
        end = events[-2]
        assert end["type"] == "free_games_end" and end["spins"] == spins_total and end["size"] == block["size"]
    assert result.features.get("pies", 0) == sum(len(s["pies"]) for s in free)
    for size in range(2, 6):
        assert result.features.get(f"size_{size}", 0) == (1 if fills >= size - 1 else 0)


@settings(max_examples=150, deadline=None, derandomize=True)
@given(seed=seeds, bet=st.sampled_from(GAME.bets))
def test_every_base_round_is_well_formed_and_replays(seed: int, bet: int) -> None:
    result = GAME.play(bet, seed)
    check_round(result)
    assert GAME.play(bet, seed).events == result.events


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=seeds)
def test_every_bought_round_is_well_formed_and_replays(seed: int) -> None:
    result = GAME.play(GAME.default_bet, seed, buy=True)
    assert result.cost == 85 * GAME.default_bet
    check_round(result)
    assert GAME.play(GAME.default_bet, seed, buy=True).events == result.events


@settings(max_examples=40, deadline=None, derandomize=True)
@given(seed=seeds, row=st.integers(0, 4))
def test_every_feature_start_is_well_formed(seed: int, row: int) -> None:
    result = GAME.play(GAME.default_bet, seed, feature_start={"trigger": "spin", "santa_row": row})
    assert result.events[0]["santa"] == {"col": 0, "row": row, "size": 1}
    check_round(result)
