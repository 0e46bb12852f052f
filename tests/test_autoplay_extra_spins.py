"""Autoplay buys priced extra spins only within its play controls (issue 40, item 7).

Off by default, and then it never buys; on, it buys up to N a game, never above its price limit
(K x the bet), and stops buying where its loss limit or the session budget would be crossed: each
shown by what the wallet recorded (the decisions, their prices, one debit each), not by the screen.
The autoplay menu offers the option only for a game whose engine offers priced extras.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.client.autoplay import AutoplayConfig
from game.client.games.slingo_santa_king.presenter import state_before
from game.client.overlays import AutoplayMenu
from game.client.prices import CONFIRM_STEPS, SETTING
from game.engine import get_game
from game.engine.money import cents_of
from game.store import Wallet
from tests import harness

GAME = "slingo_santa_king"
STAKE = 50

pytestmark = pytest.mark.usefixtures("display")


@dataclasses.dataclass(frozen=True)
class Offer:
    extra: int
    price: int
    wheel: bool
    won: int  # cents secured when it is offered


@cache
def offers(seed: int, buying: int) -> tuple[Offer, ...]:
    """The extra-spin offers of the game of ``seed`` at the stake when autoplay's strategy buys the first
    ``buying`` (the engine alone: what the screen's autoplay should meet)."""
    game = get_game(GAME)
    strategy = game.buying(buying)
    play = game.start(STAKE, seed)
    found = []
    while play.pending is not None:
        decision = play.pending
        if decision.kind == "extra_spin":
            state = state_before(play.events, len(play.events))
            found.append(Offer(int(decision.info["extra"]), decision.price_of("spin"), bool(decision.info["wheel"]),
                               cents_of(state.bonus + state.prize, STAKE)))
        play.decide(game.choose(play, strategy))
    return tuple(found)


def seed_where(condition: Any, buying: int) -> int:
    for seed in range(1, 400):
        if condition(offers(seed, buying)):
            return seed
    raise AssertionError("no such seed")


def open_game(tmp_path: Path, *, budget: int | None = None) -> harness.Harness:
    app = harness.make_app(tmp_path)
    app.flags["turbo"] = True
    app.wallet.set_setting(SETTING, CONFIRM_STEPS[-1])  # a player's confirmations never stop autoplay anyway
    h = harness.Harness(app, harness.open_screen(app, GAME, bet=STAKE, budget=budget))
    lines: list[str] = []
    h.screen.autoplay_lines = lines
    says = h.screen.autoplay_says

    def saying(line: str) -> None:
        lines.append(line)
        says(line)

    h.screen.autoplay_says = saying
    return h


def autoplay(h: harness.Harness, config: AutoplayConfig) -> list[Any]:
    """Autoplay ``config`` to its end; the rounds it played, as the wallet recorded them (oldest first)."""
    h.screen.start_autoplay(config)
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=900, player=False)
    rounds = list(reversed(h.wallet.history(GAME, 100)))
    assert all(r.status == "settled" for r in rounds) and h.wallet.audit() == []
    return rounds


def priced(record: Any) -> list[int]:
    return [price for price in record.decision_costs if price]


def debits_per_decision(wallet: Wallet, record: Any) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for e in wallet.ledger():
        if e.round_id == record.id and e.decision_seq is not None:
            out.setdefault(e.decision_seq, []).append(e.amount)
    return out


def test_the_menu_offers_extra_spins_only_for_a_game_that_prices_them_and_off_by_default(tmp_path: Path) -> None:
    assert get_game(GAME).description.priced_extras == get_game(GAME).description.extra_spins > 0
    assert get_game("fat_santa").description.priced_extras == 0
    plain = harness.open_game(tmp_path / "fat", "fat_santa")
    plain.press(pygame.K_a)
    assert isinstance(plain.top, AutoplayMenu)
    assert [row.label for row in plain.top.rows] == ["Rounds", "Stop on any feature", "Stop on a single win over",
                                                     "Stop on a loss over"]
    assert plain.top.config().extra_spins == 0
    h = open_game(tmp_path / "slingo")
    h.press(pygame.K_a)
    menu = h.top
    assert isinstance(menu, AutoplayMenu)
    rows = {row.label: row for row in menu.rows}
    assert rows["Buy extra spins"].fmt(rows["Buy extra spins"].value) == "Off"
    assert rows["Buy extra spins"].choices == list(range(get_game(GAME).description.extra_spins + 1))
    assert rows["Extra spin price at most"].fmt(rows["Extra spin price at most"].value) == "1x bet (0.50)"
    assert menu.config().extra_spins == 0
    for _ in range(4):
        h.press(pygame.K_DOWN)
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_RIGHT)  # up to 2 a game
    h.press(pygame.K_DOWN)
    h.press(pygame.K_RIGHT)  # at most 2x the bet
    h.press(pygame.K_RETURN)  # Start
    run = h.screen._autoplay
    assert run is not None and (run.config.extra_spins, run.config.extra_spin_max_x) == (2, Fraction(2))
    assert "buying up to 2 extra spins a game at up to 2x the bet" in run.config.describe()
    h.screen.stop_autoplay()
    h.press(pygame.K_a)  # remembered for the next menu
    assert h.top.config().extra_spins == 2


def test_off_autoplay_never_buys(tmp_path: Path) -> None:
    seeds = [seed_where(lambda o: len(o) >= 1, 0), seed_where(lambda o: len(o) >= 1 and o[0].price <= STAKE, 0)]
    h = open_game(tmp_path)
    h.press(pygame.K_a)
    config = h.top.config()  # the menu as it opens: extra spins off
    h.press(pygame.K_ESCAPE)
    rounds = autoplay(h, dataclasses.replace(config, rounds=len(seeds), seeds=seeds, stop_on_feature=False))
    assert len(rounds) == 2 and all(r.decisions[-1] == "collect" for r in rounds)  # each was offered, and collected
    assert [priced(r) for r in rounds] == [[], []] and all(r.cost == STAKE for r in rounds)
    assert not any(debits_per_decision(h.wallet, r) for r in rounds)
    assert not any("buys" in line for line in h.screen.autoplay_lines)


def test_on_it_buys_up_to_n_a_game_each_price_taken_once(tmp_path: Path) -> None:
    seed = seed_where(lambda o: len(o) >= 3 and not (o[0].wheel or o[1].wheel), 2)  # a third offer was refused
    h = open_game(tmp_path)
    [record] = autoplay(h, AutoplayConfig(rounds=1, seeds=[seed], extra_spins=2))
    expected = [o.price for o in offers(seed, 2)[:2]]
    assert priced(record) == expected and record.decisions.count("spin") == 2 and record.decisions[-1] == "collect"
    assert record.cost == STAKE + sum(expected)
    debits = debits_per_decision(h.wallet, record)
    assert sorted(debits) == [i for i, price in enumerate(record.decision_costs) if price]
    assert all(debits[i] == [record.decision_costs[i]] for i in debits)  # one debit, of its price, each
    lines = h.screen.autoplay_lines
    assert [line for line in lines if "buys" in line] == [
        f"Autoplay buys extra spin {n} of {get_game(GAME).description.extra_spins} for {price // 100}.{price % 100:02d}"
        for n, price in enumerate(expected, 1)]
    assert "limit of 2 extra spins a game is reached" in lines[-1]


@pytest.mark.parametrize("over", [True, False])
def test_it_never_buys_above_its_price_limit(over: bool, tmp_path: Path) -> None:
    def fits(o: tuple[Offer, ...]) -> bool:
        return len(o) >= 1 and not o[0].wheel and (o[0].price > STAKE) == over

    seed = seed_where(fits, 8)
    h = open_game(tmp_path)
    [record] = autoplay(h, AutoplayConfig(rounds=1, seeds=[seed], extra_spins=8, extra_spin_max_x=Fraction(1)))
    assert all(price <= STAKE for price in priced(record))
    first = next(d for d in record.decisions if d in ("spin", "collect"))
    assert first == ("collect" if over else "spin")
    if over:
        assert priced(record) == [] and "above autoplay's limit of 0.50 (1x the bet)" in h.screen.autoplay_lines[-1]


@pytest.mark.parametrize("room", [0, 1])
def test_it_stops_buying_where_the_session_budget_would_be_crossed(room: int, tmp_path: Path) -> None:
    seed = seed_where(lambda o: len(o) >= 1 and not o[0].wheel, 1)
    price = offers(seed, 1)[0].price
    h = open_game(tmp_path, budget=STAKE + price - 1 + room)  # the budget counts the price
    [record] = autoplay(h, AutoplayConfig(rounds=1, seeds=[seed], extra_spins=1))
    assert priced(record) == ([price] if room else [])
    if not room:
        assert "past the session budget" in h.screen.autoplay_lines[-1]


@pytest.mark.parametrize("room", [0, 1])
def test_it_stops_buying_where_its_loss_limit_would_be_crossed(room: int, tmp_path: Path) -> None:
    seed = seed_where(lambda o: len(o) >= 1 and not o[0].wheel and o[0].won < o[0].price, 1)
    offer = offers(seed, 1)[0]
    limit = STAKE + offer.price - offer.won - 1 + room  # the loss if the spin it buys wins nothing
    h = open_game(tmp_path)
    [record] = autoplay(h, AutoplayConfig(rounds=1, seeds=[seed], extra_spins=1, stop_loss_over=limit))
    assert priced(record) == ([offer.price] if room else [])
    if not room:
        assert "past autoplay's limit of" in h.screen.autoplay_lines[-1]


def test_the_command_line_turns_it_on_for_unattended_runs() -> None:
    from game.client.options import parse_args

    options = parse_args(["--game", GAME, "--autoplay", "5", "--extra-spins", "2", "--extra-spin-max", "1.5"])
    assert (options.autoplay, options.extra_spins, options.extra_spin_max) == (5, 2, Fraction(3, 2))
    assert parse_args(["--game", GAME, "--autoplay", "5"]).extra_spins == 0  # off unless asked


def test_a_game_killed_after_a_bought_spin_resumes_there_and_pays_each_price_once(tmp_path: Path) -> None:
    """A launch bought extra spin 1 and was killed; the next one, autoplaying with extra spins on, shows
    the game on from the step it recorded and buys spin 2: spin 1's price is not taken again."""
    from game.session import PlaySession

    seed = seed_where(lambda o: len(o) >= 3 and not (o[0].wheel or o[1].wheel), 2)
    game = get_game(GAME)
    wallet = Wallet.open(tmp_path, starting_balance=1_000_000).wallet
    session = PlaySession(wallet, game)
    session.bet = STAKE
    active = session.spin(seed=seed)
    while active.pending is not None and active.pending.kind != "extra_spin":
        session.decide(active, game.choose(active.play))
    session.decide(active, "spin")  # extra spin 1, bought
    step = len(active.events) - 1
    session.mark_progress(active, step)  # killed before its last event was shown
    wallet.close()
    h = harness.reopen(tmp_path, GAME, turbo=True)
    assert h.resumed is not None and h.resumed.step == step
    h.screen.start_autoplay(AutoplayConfig(rounds=1, extra_spins=2))  # as --autoplay 1 --extra-spins 2 does
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=900, player=False)
    [record] = h.wallet.history(GAME, 10)
    expected = [o.price for o in offers(seed, 2)[:2]]
    assert record.status == "settled" and priced(record) == expected and record.cost == STAKE + sum(expected)
    debits = debits_per_decision(h.wallet, record)
    assert all(debits[i] == [record.decision_costs[i]] for i in debits) and len(debits) == 2
    assert h.wallet.audit() == []
