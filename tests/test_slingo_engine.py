"""Slingo Santa King's rules through the engine: the grid, marking and specials, the lines, the
strategy, the trail and its characters, extra spins priced exactly, the Superspin Wheel."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import DataError
from game.engine.games.slingo_santa_king.exact import bonus_exact
from game.engine.games.slingo_santa_king.game import DATA_FILE, PROPOSAL_WEIGHTS, SlingoSantaKing
from game.engine.games.slingo_santa_king.grid import (
    COLUMN_MASKS,
    FULL,
    LINES,
    best_cells,
    bit,
    cell_of,
    completed_lines,
    rank,
    slingos,
)
from game.engine.games.slingo_santa_king.pricing import last_pick
from game.engine.money import cents_of
from game.engine.rng import RoundRng
from tests.test_client_keeps_no_math import assert_described

GAME = SlingoSantaKing()


def variant(tmp_path: Path, **changes: Any) -> SlingoSantaKing:
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    for key, value in changes.items():
        if isinstance(value, dict) and isinstance(data.get(key), dict):
            data[key].update(value)
        else:
            data[key] = value
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return SlingoSantaKing(path)


def mask_of(cells: list[tuple[int, int]]) -> int:
    mask = 0
    for col, row in cells:
        mask |= bit(col, row)
    return mask


def events(result: Any, kind: str) -> list[dict[str, Any]]:
    return [event for event in result.events if event["type"] == kind]


# -- the grid and its lines ---------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(20))
def test_each_column_holds_five_distinct_numbers_of_its_range(seed: int) -> None:
    grid = GAME.play(50, seed).events[0]
    assert grid["type"] == "grid"
    for col, column in enumerate(grid["numbers"]):
        assert len(set(column)) == 5 and all(15 * col + 1 <= n <= 15 * col + 15 for n in column)


def test_there_are_twelve_lines_and_a_full_house_completes_them_all() -> None:
    assert len(LINES) == 12 and len(set(LINES)) == 12
    assert slingos(FULL) == 12
    assert slingos(mask_of([(c, 2) for c in range(5)])) == 1  # the middle row
    assert slingos(mask_of([(3, r) for r in range(5)])) == 1  # a column
    assert slingos(mask_of([(i, i) for i in range(5)])) == 1  # a diagonal
    assert slingos(mask_of([(i, 4 - i) for i in range(5)] + [(i, i) for i in range(5)])) == 2
    almost = FULL & ~bit(2, 2)  # every cell but the centre: the centre's 4 lines are open
    assert slingos(almost) == 8 and completed_lines(FULL) == list(range(12))


# -- the strategy ---------------------------------------------------------------------------------


def test_on_an_empty_grid_the_strategy_takes_the_centre() -> None:
    everything = list(range(25))
    assert [cell_of(i) for i in best_cells(0, everything)] == [(2, 2)]  # in 4 lines, every other cell 2 or 3


def test_completing_a_slingo_comes_before_lines_through_the_cell() -> None:
    mask = mask_of([(0, 0), (1, 0), (2, 0), (3, 0)])  # row 1 wants (4, 0)
    candidates = [bit_index(4, 0), bit_index(2, 2)]
    assert best_cells(mask, candidates) == [bit_index(4, 0)]
    assert rank(mask, bit_index(4, 0))[0] == 1


@settings(max_examples=300, deadline=None)
@given(mask=st.integers(0, FULL), within=st.sampled_from([FULL, *COLUMN_MASKS]))
def test_the_strategy_picks_the_cells_that_rank_first(mask: int, within: int) -> None:
    # best_cells reads the ranks from a table; it must pick exactly the cells rank() puts first
    candidates = [i for i in range(25) if within >> i & 1 and not mask >> i & 1]
    if not candidates:
        return
    top = max(rank(mask, i) for i in candidates)
    assert best_cells(mask, candidates) == [i for i in candidates if rank(mask, i) == top]


@settings(max_examples=400, deadline=None)
@given(mask=st.integers(0, FULL), within=st.sampled_from([FULL, *COLUMN_MASKS]),
       lines=st.lists(st.sampled_from(LINES), max_size=4))
def test_the_last_wild_reaches_the_slingos_of_every_cell_the_strategy_may_pick(mask: int, within: int,
                                                                              lines: list[int]) -> None:
    # the pricing places a spin's last wild without ranking the ties: every best cell must give as many Slingos
    for line in lines:  # nearly complete lines, so some cells complete one or more
        mask |= line & ~(line & -line)
    mask &= FULL
    candidates = [i for i in range(25) if within >> i & 1 and not mask >> i & 1]
    pick = last_pick(mask, within)
    if not candidates:
        assert pick == 0
        return
    assert pick == 0 or (pick & within & ~mask) == pick
    for index in best_cells(mask, candidates):
        assert slingos(mask | 1 << index) == slingos(mask | pick)


def test_nearness_breaks_a_tie_of_completed_lines() -> None:
    # column 1 has 3 marked: (0, 3) brings it to 4; (4, 3) only brings row 4 to 1
    mask = mask_of([(0, 0), (0, 1), (0, 2)])
    assert best_cells(mask, [bit_index(0, 3), bit_index(4, 3)]) == [bit_index(0, 3)]


def test_a_true_tie_is_decided_at_random_by_the_strategy() -> None:
    # two corners of an empty grid rank the same: both come up over many seeds
    decision_cells = [[0, 0], [4, 4]]
    from game.engine.round import Decision
    decision = Decision("super_wild", tuple(decision_cells), info={"reel": 0, "marked": 0})
    seen = {tuple(GAME.strategy(decision, RoundRng(seed))) for seed in range(40)}
    assert seen == {(0, 0), (4, 4)}


def bit_index(col: int, row: int) -> int:
    return col * 5 + row


# -- spins, marks and specials ----------------------------------------------------------------


def test_numbers_mark_themselves_and_wilds_ask_for_their_column() -> None:
    found = {"wild": False, "super_wild": False}
    for seed in range(400):
        play = GAME.start(50, seed)
        while play.pending is not None and play.pending.kind in ("wild", "super_wild"):
            decision = play.pending
            marked = decision.info["marked"]
            unmarked = [[c, r] for c in range(5) for r in range(5) if not marked & bit(c, r)]
            if decision.kind == "wild":
                assert list(decision.options) == [cell for cell in unmarked if cell[0] == decision.info["reel"]]
            else:
                assert list(decision.options) == unmarked
            found[decision.kind] = True
            play.decide(decision.options[-1])
        if all(found.values()):
            break
    assert all(found.values())


def test_every_spin_marks_what_matches_and_the_picks_what_was_chosen() -> None:
    for seed in range(60):
        result = GAME.play(50, seed)
        numbers = result.events[0]["numbers"]
        mask = 0
        for event in result.events[1:]:
            if event["type"] == "spin":
                for col, symbol in enumerate(event["reels"]):
                    if isinstance(symbol, int) and symbol in numbers[col]:
                        mask |= bit(col, numbers[col].index(symbol))
                assert all(mask & bit(*cell) for cell in event["marked"])
            elif event["type"] == "pick" and event["cell"] is not None:
                assert not mask & bit(*event["cell"])
                mask |= bit(*event["cell"])
            elif event["type"] == "spin_end":
                assert event["slingos"] == slingos(mask)
        assert events(result, "game_end")[0]["slingos"] == slingos(mask)


def test_free_spin_symbols_add_spins_and_never_land_on_extra_spins(tmp_path: Path) -> None:
    game = variant(tmp_path, reel_weights={"free_spin": 60})  # a spin adds 5 x 60/545 spins on average
    result = game.play(50, 11)
    spins = events(result, "spin")
    added = sum(spin["reels"].count("free_spin") for spin in spins if not spin["extra"])
    assert added > 0 and len([s for s in spins if not s["extra"]]) == game.spins + added
    assert all("free_spin" not in bag for bag in game._bags[True])


# -- the trail and the characters ------------------------------------------------------------------


def test_free_spins_that_would_never_let_a_game_end_are_refused(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="fewer than one spin on average"):
        variant(tmp_path, reel_weights={"free_spin": 200})  # 5 x 200/685 spins added a spin


def test_the_stages_and_their_characters() -> None:
    trail = GAME.trail
    assert trail.stage(4) is None
    assert [(trail.stage(n).name, trail.stage(n).characters) for n in range(5, 10)] == [  # type: ignore[union-attr]
        ("Reel King", (1, 3)), ("Great King", (2, 4)), ("Super King", (3, 5)), ("Mega King", (4, 6)),
        ("Ultra King", (7, 9))]
    assert trail.stage(12) is trail.stage(9)


def test_a_spin_ending_at_five_or_more_plays_the_bonus_and_resets_the_trail() -> None:
    seen = 0
    for seed in range(300):
        result = GAME.play(50, seed)
        trail = 0
        for event in result.events:
            if event["type"] == "spin":
                if not event["held"] and trail:
                    pass  # reset at the start of the spin
                start = trail if event["held"] else 0
                assert event["trail"] == start + sum(event["dings"])
                trail = event["trail"]
            elif event["type"] == "bonus":
                assert event["stage"] == min(trail, 9) and trail >= 5
                low, high = GAME.trail.stage(event["stage"]).characters  # type: ignore[union-attr]
                assert low <= len(event["characters"]) <= high
                for character in event["characters"]:
                    *wins, loss = character["spins"]
                    assert "blank" in loss and all("blank" not in spin for spin in wins)
                trail = 0
                seen += 1
    assert seen > 20


def test_a_mini_spin_pays_by_its_colours() -> None:
    stage = GAME.trail.stage(5)
    assert stage is not None
    assert stage.spin_pay(["red"] * 3) == 5 and stage.spin_pay(["yellow"] * 3) == 2
    assert stage.spin_pay(["blue"] * 3) == 1 and stage.spin_pay(["red", "blue", "red"]) == Fraction(2, 5)
    assert stage.spin_pay(["red", "blank", "red"]) is None


def test_a_character_s_exact_mean_agrees_with_its_spins() -> None:
    stage = GAME.trail.stage(7)
    assert stage is not None
    rng = RoundRng(5)
    runs = 20_000
    total = sum(stage.play(rng)[1] for _ in range(runs))
    assert abs(float(total) / runs - float(stage.mean())) < 0.12  # about 4 standard errors


def test_the_exact_bonus_agrees_with_played_games() -> None:
    exact = bonus_exact(GAME)
    runs = 6000
    bonus = Fraction(0)
    for seed in range(runs):
        bonus += sum((Fraction(e["x"]) for e in events(GAME.play(50, seed), "bonus")), Fraction(0))
    assert abs(float(bonus) / runs - float(exact.bonus_x)) < 0.05  # about 4 standard errors
    assert exact.left_out < Fraction(1, 10**20)


# -- extra spins: the exact price -------------------------------------------------------------------


def brute_force_value(game: SlingoSantaKing, mask: int, numbers: list[list[int]]) -> Fraction:
    """Every combination of every reel's symbols (extra-spin reels), the wilds placed by the strategy
    with ties averaged, from the rules; the bonus from the trail's law."""
    bags = game._bags[True]
    where = {n: bit(col, row) for col, column in enumerate(numbers) for row, n in enumerate(column)}
    total = Fraction(0)

    def place(marked: int, todo: list[tuple[int, str]]) -> Fraction:
        if not todo:
            return game.prize_of(marked)
        (col, kind), rest = todo[0], todo[1:]
        cells = [c * 5 + r for c in range(5) for r in range(5) if not marked >> (c * 5 + r) & 1
                 and (kind == "super_wild" or c == col)]
        if not cells:
            return place(marked, rest)
        best = best_cells(marked, cells)
        return sum((place(marked | 1 << i, rest) for i in best), Fraction(0)) / len(best)

    for combo in itertools.product(*bags):
        marked = mask
        for symbol in combo:
            if isinstance(symbol, int) and symbol in where:
                marked |= where[symbol]
        todo = [(c, s) for c, s in enumerate(combo) if s == "wild"] + \
               [(c, s) for c, s in enumerate(combo) if s == "super_wild"]
        total += place(marked, todo)
    count = 1
    for bag in bags:
        count *= len(bag)
    return total / count - game.prize_of(mask)


@pytest.mark.parametrize("marked", [
    [(c, r) for c in range(5) for r in range(5) if (c + r) % 2 == 0],
    [(c, r) for c in range(5) for r in range(5) if r != 2 and (c, r) != (0, 0)],
    [(c, r) for c in range(5) for r in range(4)],
    [],  # sparse grids: most states are settled early (no line can be completed any more)
    [(2, 2), (0, 4)],
])
def test_the_price_is_the_brute_force_expectation_over_the_rtp_rounded_up(tmp_path: Path, marked) -> None:
    # a small game: 5 numbers a column, every weight 1, so that every reel combination can be played
    game = variant(tmp_path, numbers_per_column=5,
                   reel_weights={"number": 1, "wild": 1, "super_wild": 1, "diamond": 1, "free_spin": 1})
    numbers = [[5 * c + r + 1 for r in range(5)] for c in range(5)]
    mask = mask_of(marked)
    value = game.next_spin_value(mask, numbers, trail=0)
    assert value.prize == brute_force_value(game, mask, numbers)
    assert value.bonus == game.trail.spin_law(0)[1]
    for stake in game.bets:
        price = game.price(value, stake)
        exact = value.total * stake / game.extra_rtp
        assert price >= exact > price - 1  # never under EV / 0.95, and at most a cent over


def test_the_offer_is_priced_only_when_it_is_needed() -> None:
    seed = next(s for s in range(100) if GAME.start(50, s).pending is not None)
    play = GAME.start(50, seed)
    while play.pending is not None and play.pending.kind != "extra_spin":
        play.decide(GAME.choose(play))
    offer = play.pending
    assert offer is not None and not offer.priced  # type: ignore[attr-defined]
    play.decide("collect")
    assert not offer.priced  # type: ignore[attr-defined]
    assert play.result.cost == 50


def buy_everything(decision: Any, rng: RoundRng) -> Any:
    if decision.kind == "extra_spin":
        return "spin"
    return GAME.strategy(decision, rng)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), stake=st.sampled_from(GAME.bets))
def test_a_round_that_buys_every_spin_pays_each_price_and_stops_at_eight(seed: int, stake: int) -> None:
    result = GAME.play(stake, seed, strategy=buy_everything)
    extra = [spin for spin in events(result, "spin") if spin["extra"]]
    assert len(extra) <= GAME.extra_spins
    assert result.cost == stake + sum(result.decision_costs)
    wheel = events(result, "wheel")
    assert len(extra) == sum(1 for d in result.decision_costs if d) - sum(1 for w in wheel if not w["won"])
    assert result.win == cents_of(result.win_x, stake) and (result.win_x * stake).denominator == 1
    assert GAME.play(stake, seed, strategy=buy_everything).events == result.events


def test_above_the_wheel_price_the_wheel_wins_with_its_chance_and_stops_after_ten_failures(tmp_path: Path) -> None:
    game = variant(tmp_path, wheel={"price": 1, "failures": 10})  # every price is above 1 cent: always the wheel
    wins = tries = 0
    expected = 0.0
    for seed in range(200):
        result = game.play(100, seed, strategy=buy_everything)
        run = 0
        for event in events(result, "wheel"):
            tries += 1
            expected += float(Fraction(event["chance"]))
            assert Fraction(event["chance"]) == Fraction(1, event["price"])
            if event["won"]:
                wins += 1
                run = 0
            else:
                run += 1
                assert run <= 10
        assert all(cost in (0, 1) for cost in result.decision_costs)
        if run == 10:
            assert events(result, "game_end")  # the wheel is offered no more
    assert tries > 500
    assert abs(wins - expected) < 4 * expected ** 0.5


def test_the_resolver_s_strategy_buys_nothing() -> None:
    for seed in range(30):
        result = GAME.play(50, seed)
        assert result.cost == 50 and not events(result, "wheel")
        assert not [s for s in events(result, "spin") if s["extra"]]


# -- the RTP proof's importance sampling -------------------------------------------------------------


def test_the_proofs_proposal_changes_only_the_reel_weights_and_weighs_a_run_by_its_reels_chances() -> None:
    proposal = GAME.proposal()
    assert proposal.reel_weights == {**GAME.reel_weights, **PROPOSAL_WEIGHTS}
    assert sum(proposal.reel_weights.values()) == sum(GAME.reel_weights.values())
    assert (proposal.ladder, proposal.trail, proposal.spins) == (GAME.ladder, GAME.trail, GAME.spins)

    def chance(game: SlingoSantaKing, symbol: Any) -> Fraction:
        weights = game.reel_weights
        total = 15 * weights["number"] + sum(weights[name] for name in ("wild", "super_wild", "diamond", "free_spin"))
        return Fraction(weights["number" if isinstance(symbol, int) else symbol], total)

    for seed in range(20):
        result = proposal.play(50, seed, feature_start={"ladder": True})
        expected = Fraction(1)
        for event in events(result, "spin"):
            for symbol in event["reels"]:
                expected *= chance(GAME, symbol) / chance(proposal, symbol)
        assert GAME.likelihood_ratio(result) == pytest.approx(float(expected), rel=1e-12)


def test_the_client_math_check_sees_this_games_figures() -> None:
    """tests/test_client_keeps_no_math.py finds these in the description: it would find a copy of them."""
    assert_described("slingo_santa_king", {"ladder", "ladder (keys)", "reel_weights", "trail.ding"}, {500, 95},
                     {"95.0"})
