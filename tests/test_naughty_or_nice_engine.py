"""Naughty or Nice?'s rules through the engine: line pays, substitutes, the jackpot line, the Bonus
Substitute's doubling and awards, no retrigger, the pool's arithmetic, determinism, whole cents."""

from __future__ import annotations

import json
from fractions import Fraction
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import DataError, get_game
from game.engine.games.naughty_or_nice.exact import WILD, base_exact, line_pay
from game.engine.games.naughty_or_nice.game import DATA_FILE, NaughtyOrNice
from game.engine.jackpot import UNITS_PER_CENT
from game.engine.money import cents_of
from tests.test_client_keeps_no_math import assert_described

GAME: NaughtyOrNice = get_game("naughty_or_nice")  # type: ignore[assignment]
SEED_UNITS = GAME.jackpot.seed_units


def variant(tmp_path: Path, **changes: Any) -> NaughtyOrNice:
    """The game on a copy of its data with ``changes`` (``base=``/``free=`` strips, ``awards=``...)."""
    data = json.loads(DATA_FILE.read_text(encoding="utf-8"))
    if "base" in changes:
        data["strips"]["base"] = changes.pop("base")
    if "free" in changes:
        data["strips"]["free"] = changes.pop("free")
    if "awards" in changes:
        awards = changes.pop("awards")
        for name in data["free_game"]["bonus"]:
            data["free_game"]["bonus"][name]["awards"] = awards
    assert not changes, changes
    path = tmp_path / "data.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return NaughtyOrNice(path)


def filler_window(middle: list[str]) -> list[list[str]]:
    """A window whose middle row is ``middle`` and whose other rows break every line they start."""
    top = ["mistletoe", "candy_cane", "mistletoe", "candy_cane", "mistletoe"]
    bottom = ["stocking", "present", "stocking", "present", "stocking"]
    return [[top[c], middle[c], bottom[c]] for c in range(5)]


def line_win(evaluation: Any, line: int) -> Any:
    wins = [win for win in evaluation.wins if win.line == line]
    return wins[0] if wins else None


# -- line pays (line 0 is the middle row) -------------------------------------------------------


def test_a_line_of_substitutes_pays_as_santa() -> None:
    window = filler_window(["nice_girl", "naughty_girl", "naughty_girl", "nice_girl", "naughty_girl"])
    win = line_win(GAME.evaluate(window), 0)
    assert (win.symbol, win.count, win.multiplier) == ("santa", 5, Fraction(10000, 50))


def test_a_longer_symbol_line_beats_the_substitutes_run() -> None:
    # two substitutes alone would pay as two Santas (5); with three reindeer behind them, five reindeer (1000)
    window = filler_window(["naughty_girl", "nice_girl", "reindeer", "reindeer", "reindeer"])
    win = line_win(GAME.evaluate(window), 0)
    assert (win.symbol, win.count, win.multiplier) == ("reindeer", 5, Fraction(1000, 50))


def test_the_substitutes_run_beats_a_shorter_symbol_line() -> None:
    # four substitutes (as Santa: 500) before one candy cane (five candy canes would pay 150)
    window = filler_window(["nice_girl", "nice_girl", "naughty_girl", "nice_girl", "candy_cane"])
    win = line_win(GAME.evaluate(window), 0)
    assert (win.symbol, win.count, win.multiplier) == ("santa", 4, Fraction(500, 50))


@pytest.mark.parametrize(("symbol", "pay"), [("santa", 5), ("mrs_claus", 5), ("reindeer", 5)])
def test_the_top_three_symbols_pay_two_of_a_kind(symbol: str, pay: int) -> None:
    window = filler_window([symbol, symbol, "scatter", "present", "candy_cane"])
    win = line_win(GAME.evaluate(window), 0)
    assert (win.symbol, win.count, win.multiplier) == (symbol, 2, Fraction(pay, 50))


def test_two_presents_pay_nothing() -> None:
    window = filler_window(["present", "present", "scatter", "santa", "candy_cane"])
    assert line_win(GAME.evaluate(window), 0) is None


def test_scatters_pay_times_the_total_bet_anywhere() -> None:
    window = [["scatter", "candy_cane", "present"], ["mistletoe", "scatter", "present"],
              ["scatter", "candy_cane", "stocking"], ["present", "mistletoe", "scatter"],
              ["candy_cane", "scatter", "stocking"]]
    scatter = [win for win in GAME.evaluate(window).wins if win.kind == "scatter"]
    assert [(w.count, w.multiplier) for w in scatter] == [(5, Fraction(200))]
    window[4][1] = "stocking"
    scatter = [win for win in GAME.evaluate(window).wins if win.kind == "scatter"]
    assert [(w.count, w.multiplier) for w in scatter] == [(4, Fraction(20))]
    window[3][2] = "stocking"
    assert not [win for win in GAME.evaluate(window).wins if win.kind == "scatter"]  # 3: the feature, no pay


def test_five_nice_girls_pay_no_santa_prize_in_the_base_evaluation() -> None:
    window = filler_window(["nice_girl"] * 5)
    assert line_win(GAME.evaluate(window), 0) is None  # the jackpot, which is not a multiple of the bet
    window = filler_window(["naughty_girl"] * 5)
    assert line_win(GAME.evaluate(window), 0).multiplier == Fraction(10000, 50)  # five Naughty Girls: five Santas


SYMBOLS = list(GAME.symbols)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(st.sampled_from(SYMBOLS), min_size=3, max_size=3), min_size=5, max_size=5))
def test_every_line_pays_what_the_rules_say(window: list[list[str]]) -> None:
    """The engine's evaluator against ``line_pay``, written apart from it from the rules."""
    evaluation = GAME.evaluate(window)
    classes = {name: (WILD if name in GAME.substitutes else name if name in GAME.line_pays else "-")
               for name in GAME.symbols}
    for index, line in enumerate(GAME.lines):
        cells = [window[c][r] for c, r in enumerate(line)]
        expected = line_pay([classes[name] for name in cells], GAME.line_pays, GAME.pays_as)
        if all(name == GAME.jackpot_symbol for name in cells):
            expected = None  # the jackpot line
        win = line_win(evaluation, index)
        got = None if win is None else (win.symbol, win.count, int(win.multiplier * 50))
        assert got == expected, (index, cells)


# -- rounds: the jackpot ------------------------------------------------------------------------


def test_the_jackpot_is_paid_instead_of_five_santas_and_added_to_other_wins(tmp_path: Path) -> None:
    # reels 1-4 all Nice Girls, reel 5 one Nice Girl and two Santas: the lines through her on reel 5
    # win the jackpot, every other line five Santas
    game = variant(tmp_path, base=["nice_girl nice_girl nice_girl"] * 4 + ["nice_girl santa santa"])
    state = {"pool": 123_456_789}
    result = game.play(100, 7, state=state)
    spin = result.events[0]
    jackpot_lines = [win for win in spin["wins"] if win["kind"] == "jackpot"]
    santa_lines = [win for win in spin["wins"] if win["kind"] == "line"]
    nice_row = spin["window"][4].index("nice_girl")
    assert {win["line"] for win in jackpot_lines} == {i for i, line in enumerate(game.lines) if line[4] == nice_row}
    assert all((w["symbol"], w["count"], w["x"]) == ("santa", 5, "200") for w in santa_lines)
    assert len(jackpot_lines) + len(santa_lines) == 50
    pool = state["pool"] + game.jackpot.contribution(100)
    first = pool // UNITS_PER_CENT  # the pool as it stands, whole cents; then reseeded
    assert jackpot_lines[0]["amount"] == first
    assert [w["amount"] for w in jackpot_lines[1:]] == [game.jackpot.seed] * (len(jackpot_lines) - 1)
    assert result.jackpot == first + game.jackpot.seed * (len(jackpot_lines) - 1)
    assert result.win == cents_of(result.win_x, 100) + result.jackpot
    # 31 lines of five Santas (6,200x) pass the cap of 1,000x: the cap holds, and the jackpot is paid aside
    assert 200 * len(santa_lines) > 1000 and result.capped and result.win_x == GAME.cap
    assert result.state_out == {"pool": game.jackpot.seed_units + pool % UNITS_PER_CENT}
    assert result.features["jackpots"] == len(jackpot_lines)


def test_the_pool_takes_its_share_of_every_wager() -> None:
    result = GAME.play(500, 1, state={"pool": 1_000_000})
    if not result.jackpot:
        assert result.state_out == {"pool": 1_000_000 + GAME.jackpot.contribution(500)}
    assert GAME.wagered_state({"pool": 1_000_000}, 500) == {"pool": 1_000_000 + 500 * UNITS_PER_CENT // 100}
    assert GAME.wagered_state(None, 50) == {"pool": SEED_UNITS + GAME.jackpot.contribution(50)}


def test_a_broken_pool_in_the_carried_state_is_refused() -> None:
    with pytest.raises(DataError):
        GAME.play(100, 1, state={"pool": -5})


# -- the free games -----------------------------------------------------------------------------

TRIGGER = ["scatter scatter scatter"] * 3 + ["candy_cane mistletoe stocking"] * 2


def free_round(game: NaughtyOrNice, choice: str, seed: int = 3) -> Any:
    play = game.start(100, seed)
    assert play.pending is not None and play.pending.kind == "bonus_substitute"
    assert play.pending.options == ("nice_girl", "naughty_girl")
    play.decide(choice)
    return play.result


def free_spins(result: Any) -> list[dict[str, Any]]:
    return [event for event in result.events if event["type"] == "free_spin"]


@pytest.mark.parametrize(("choice", "factor"), [("nice_girl", 2), ("naughty_girl", 1)])
def test_wins_with_the_bonus_substitute_are_doubled(tmp_path: Path, choice: str, factor: int) -> None:
    # every free game: candy cane, candy cane, Nice Girl, then breakers: three candy canes on every line
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 1, "hold": 0},
                   free=["candy_cane candy_cane candy_cane"] * 2 + ["nice_girl nice_girl nice_girl"]
                   + ["present santa reindeer"] * 2)
    spins = free_spins(free_round(game, choice))
    assert len(spins) == 10
    for spin in spins:
        lines = [win for win in spin["wins"] if win["kind"] == "line"]
        assert len(lines) == 50
        assert all((w["symbol"], w["count"], w["factor"], Fraction(w["x"])) == ("candy_cane", 3, factor,
                                                                                Fraction(5 * factor, 50))
                   for w in lines)


def test_each_bonus_substitute_awards_an_instant_prize(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 1, "hold": 0},
                   free=["candy_cane mistletoe stocking"] * 2 + ["nice_girl present present present present"]
                   + ["stocking candy_cane mistletoe"] * 2)
    result = free_round(game, "nice_girl")
    prizes = Fraction(0)
    for spin in free_spins(result):
        nice = [[c, r] for c, column in enumerate(spin["window"]) for r, name in enumerate(column)
                if name == "nice_girl"]
        assert [award["cell"] for award in spin["awards"]] == nice
        assert all(award["award"] == "prize" and 1 <= Fraction(award["x"]) <= 20 for award in spin["awards"])
        prizes += sum((Fraction(award["x"]) for award in spin["awards"]), Fraction(0))
        assert spin["spins"] == 10
    assert result.features.get("instant_prizes", 0) == sum(len(s["awards"]) for s in free_spins(result))
    line_and_scatter = sum((Fraction(win["x"]) for s in free_spins(result) for win in s["wins"]), Fraction(0))
    free_end = next(e for e in result.events if e["type"] == "free_games_end")
    assert Fraction(free_end["x"]) == prizes + line_and_scatter


def test_each_bonus_substitute_can_award_one_more_free_game(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 1, "prize": 0, "hold": 0},
                   free=["candy_cane mistletoe stocking"] * 2
                   + ["nice_girl present present present present present present present"]
                   + ["stocking candy_cane mistletoe"] * 2)
    result = free_round(game, "nice_girl")
    spins = free_spins(result)
    extra = sum(len(spin["awards"]) for spin in spins)
    assert extra > 0
    assert len(spins) == 10 + extra == spins[-1]["spins"]
    assert result.features["extra_free_games"] == extra


def test_a_held_reel_stands_still_for_the_next_free_game(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 0, "hold": 1},
                   free=["candy_cane mistletoe stocking"] * 2
                   + ["nice_girl present reindeer santa mrs_claus present"]
                   + ["stocking candy_cane mistletoe"] * 2)
    spins = free_spins(free_round(game, "nice_girl"))
    held_seen = 0
    for before, spin in pairwise(spins):
        assert spin["held"] == before["next_held"]
        if 2 in spin["held"]:
            held_seen += 1
            assert spin["window"][2] == before["window"][2]  # the reel as it stood
            assert spin["awards"] == []  # a held Nice Girl awarded when she landed
    assert held_seen > 0
    last = spins[-1]
    assert last["next_held"] == []  # no free game follows the last to hold a reel for
    assert all(award["award"] != "hold" for award in last["awards"])


def test_a_game_won_on_the_last_free_game_gives_the_next_awards_one_to_hold_for(tmp_path: Path) -> None:
    # Nice Girls on reels 2 and 4 of many free games; each award is +1 game or a held reel. Whether a game
    # follows is asked at each award, in the order they are drawn: after a +1 on the last free game, a
    # later Nice Girl on the same spin may hold her reel (the rule: held "for the next free game").
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 1, "prize": 0, "hold": 1},
                   free=["candy_cane mistletoe stocking"] * 2 + ["nice_girl present reindeer santa mrs_claus present"]
                   + ["stocking candy_cane mistletoe"] + ["nice_girl present reindeer santa mrs_claus present"])
    held_after_a_won_game = 0
    for seed in range(1, 60):
        result = free_round(game, "nice_girl", seed)
        spins = free_spins(result)
        games = next(e for e in result.events if e["type"] == "free_games_start")["spins"]
        for spin in spins:
            was_last = spin["spin"] == games
            for award in spin["awards"]:
                if award["award"] == "hold":
                    assert spin["spin"] < games, (seed, spin["spin"])  # only ever for a game that follows
                    held_after_a_won_game += was_last
                elif award["award"] == "spin":
                    games += 1
            assert games == spin["spins"]
        assert spins[-1]["next_held"] == [] and len(spins) == games
    assert held_after_a_won_game > 0


def test_the_free_games_are_not_retriggered(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 1, "hold": 0},
                   free=["scatter candy_cane mistletoe"] * 4 + ["present santa reindeer"])
    result = free_round(game, "naughty_girl")
    spins = free_spins(result)
    assert len(spins) == 10  # four scatters on every free game, and no more free games
    assert all([(w["count"], w["x"]) for w in spin["wins"] if w["kind"] == "scatter"] == [(4, "20")] for spin in spins)
    assert [e["type"] for e in result.events].count("free_games_start") == 1


def test_five_bonus_substitutes_win_the_jackpot_in_the_free_games(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 1, "hold": 0},
                   free=["naughty_girl naughty_girl naughty_girl"] * 5)
    result = free_round(game, "naughty_girl")
    first = free_spins(result)[0]
    assert {w["kind"] for w in first["wins"]} == {"jackpot"} and len(first["wins"]) == 50
    nice = free_round(game, "nice_girl")  # Naughty Girls are not her: five Santas, no jackpot
    assert not nice.jackpot and {w["kind"] for w in free_spins(nice)[0]["wins"]} == {"line"}


def test_the_cap_ends_the_round_at_fifty_thousand_line_bets(tmp_path: Path) -> None:
    game = variant(tmp_path, base=TRIGGER, awards={"spin": 0, "prize": 1, "hold": 0},
                   free=["santa santa santa"] * 5)
    result = free_round(game, "nice_girl")
    assert result.capped and result.win_x == Fraction(50_000, 50)
    assert result.win == 50_000 * game.line_bet(100)


# -- the real data: choice, determinism, money ---------------------------------------------------


def triggering_seed() -> int:
    return next(seed for seed in range(10_000) if GAME.start(100, seed).pending is not None)


def test_the_round_waits_for_the_choice_and_replays_it() -> None:
    seed = triggering_seed()
    for choice in GAME.substitutes:
        play = GAME.start(100, seed)
        assert play.pending is not None and not play.finished
        play.decide(choice)
        replay = GAME.start(100, seed, decisions=[choice])
        assert replay.result.events == play.result.events
        assert next(e for e in play.result.events if e["type"] == "free_games_start")["substitute"] == choice
    assert GAME.play(100, seed).events == GAME.play(100, seed).events  # the strategy chooses the same way


def test_the_strategy_chooses_both_substitutes() -> None:
    seeds = [seed for seed in range(20_000) if GAME.start(100, seed).pending is not None][:40]
    chosen = {next(e for e in GAME.play(100, s).events if e["type"] == "free_games_start")["substitute"]
              for s in seeds}
    assert chosen == set(GAME.substitutes)


def test_every_win_is_whole_cents_at_every_bet_on_the_ladder() -> None:
    """Pays are whole line bets and whole total bets; every ladder bet is 50 whole-cent line bets."""
    for bet in GAME.bets:
        assert bet % len(GAME.lines) == 0
        assert GAME.line_bet(bet) * len(GAME.lines) == bet
        assert Fraction(1, GAME.unit_den) * bet == GAME.line_bet(bet)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), bet=st.sampled_from(GAME.bets),
       pool=st.integers(SEED_UNITS, 50 * SEED_UNITS))
def test_rounds_conserve_the_pool_and_round_nothing(seed: int, bet: int, pool: int) -> None:
    result = GAME.play(bet, seed, state={"pool": pool})
    assert (result.win_x * bet).denominator == 1  # nothing rounded away
    assert result.win == result.win_x * bet + result.jackpot
    assert result.win_x <= GAME.cap
    jackpots = result.features.get("jackpots", 0)
    # the pool's money: what it held, the wager's share and a reseed per jackpot went to the player or stay in it
    assert (pool + GAME.jackpot.contribution(bet) + jackpots * SEED_UNITS
            == result.jackpot * UNITS_PER_CENT + result.state_out["pool"])
    if not jackpots:
        assert result.state_out == {"pool": pool + GAME.jackpot.contribution(bet)}
    assert GAME.play(bet, seed, state={"pool": pool}).events == result.events


# -- the exact base game ----------------------------------------------------------------------


def test_the_exact_base_game_agrees_with_spins() -> None:
    exact = base_exact(GAME)
    assert sum(exact.contributions.values()) == exact.line_rtp
    assert sum(exact.scatter_law) == 1
    rounds = 20_000
    total = Fraction(0)
    for seed in range(rounds):
        result = GAME.play(100, seed, defer_features=True)
        total += result.win_x
    mean = float(total) / rounds
    assert abs(mean - float(exact.base_x)) < 0.06  # about 4 standard errors (sd 2.9x a round)


def test_the_client_math_check_sees_this_games_figures() -> None:
    """tests/test_client_keeps_no_math.py finds these in the description: it would find a copy of them."""
    assert_described("naughty_or_nice", {"substitutes", "line_pays[santa]", "scatter_pays",
                                         "bonus[nice_girl].prizes (keys)", "bonus[naughty_girl].awards"},
                     {100000, 50000, 1000}, {"95.0", "1,000"})
