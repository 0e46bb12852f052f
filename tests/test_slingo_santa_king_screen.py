"""Slingo Santa King on its screen, driven like a player: wild picks on the card (arrow keys and
Space, and the mouse), the Reel King bonus, extra spins bought through the session at their price,
the Superspin Wheel, each play control ending a game by itself, the controls dialog, a game left
at a pick reopening there, the help pages, the demo's seeds and the lobby's tile.

Every expectation is read off the engine's own events and decisions for the same seed.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalogue import entry
from game.client.autoplay import AutoplayConfig
from game.client.demo import demo_play
from game.client.games.slingo_santa_king.controls import (
    ControlsDialog,
    Offer,
    PlayControls,
    money_steps,
    passed_limit,
    setting_key,
)
from game.client.games.slingo_santa_king.grid import line_cells, near_cells
from game.client.games.slingo_santa_king.help import RtpPage
from game.client.games.slingo_santa_king.offer import OfferOverlay
from game.client.games.slingo_santa_king.pick import PickOverlay, step_towards
from game.client.games.slingo_santa_king.presenter import Presenter, state_before
from game.client.games.slingo_santa_king.wheel import landing_angle
from game.engine import get_game
from game.engine.games.slingo_santa_king.grid import LINES
from tests import harness

GAME = "slingo_santa_king"
TOP = 2000  # the top stake: extra spins cost more than the Superspin Wheel's price here


def game():
    return get_game(GAME)


def decisions_of(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "decision"]


@cache
def seed_for(key: str, predicate: Callable[[list[dict[str, Any]]], bool], bet: int | None = None,
             limit: int = 5000) -> int:
    """The first seed whose round (by the strategy) fits ``predicate``."""
    g = game()
    for seed in range(1, limit):
        if predicate(list(g.play(bet or g.default_bet, seed).events)):
            return seed
    raise AssertionError(f"no seed in [1, {limit}): {key}")


def first_pick(kind: str) -> Callable[[list[dict[str, Any]]], bool]:
    def fits(events: list[dict[str, Any]]) -> bool:
        picks = [d for d in decisions_of(events) if d["kind"] in ("wild", "super_wild")]
        return bool(picks) and picks[0]["kind"] == kind
    return fits


def no_win_before_the_offer(events: list[dict[str, Any]]) -> bool:
    end = next(e for e in events if e["type"] == "game_end")
    return not any(e["type"] == "bonus" for e in events) and end["slingos"] == 0


def answer_picks(h: harness.Harness) -> None:
    """Before each frame: a pick on the card is answered with its first valid cell."""
    if isinstance(h.top, PickOverlay):
        h.answer(h.screen.director.pending.options[0])


def until_offer(h: harness.Harness) -> OfferOverlay:
    h.until(lambda: isinstance(h.top, OfferOverlay), before=lambda: answer_picks(h))
    return h.top


def finish(h: harness.Harness, choice: str = "collect") -> None:
    def answer() -> None:
        answer_picks(h)
        if isinstance(h.top, OfferOverlay):
            h.answer(choice)
    h.until(h.screen.is_idle, before=answer)


def open_game(tmp_path: Path, display, *, bet: int | None = None, controls: PlayControls | None = None,
              turbo: bool = True) -> harness.Harness:
    app = harness.make_app(tmp_path)
    if controls is not None:
        app.wallet.set_setting(setting_key(GAME), controls.to_setting())
    if turbo:
        app.flags["turbo"] = True
    return harness.Harness(app, harness.open_screen(app, GAME, bet=bet), display)


# -- the card: picks by keyboard and by mouse ---------------------------------------------------


def test_a_super_wild_is_picked_with_the_arrow_keys_and_space(tmp_path: Path, display) -> None:
    seed = seed_for("a super wild first", first_pick("super_wild"))
    h = open_game(tmp_path, display)
    assert h.spin(seed)
    h.until(lambda: isinstance(h.top, PickOverlay))
    pick = h.top
    assert pick.kind == "super_wild"
    decision = h.screen.director.pending
    valid = [tuple(option) for option in decision.options]
    assert sorted(pick.cells) == sorted(valid)
    assert h.screen.grid.highlight == set(valid)  # the valid cells are ringed on the card
    start = pick.focused_cell
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_DOWN)
    moved = step_towards(valid, step_towards(valid, start, (1, 0)), (0, 1))
    assert pick.focused_cell == moved and h.screen.grid.focus == moved
    balance = h.wallet.balance
    h.press(pygame.K_SPACE)
    assert h.top is not pick and h.wallet.balance == balance  # a pick is free
    assert h.screen.grid.highlight == set()
    marked = h.screen.director.play.events
    assert decisions_of(list(marked))[0]["choice"] == list(moved)
    finish(h)
    record = h.wallet.history(GAME, 1)[0]
    assert record.decisions[0] == list(moved) and record.status == "settled"
    assert h.wallet.audit() == []


def test_a_wild_is_picked_by_a_click_on_its_column(tmp_path: Path, display) -> None:
    seed = seed_for("a wild first", first_pick("wild"))
    h = open_game(tmp_path, display)
    assert h.spin(seed)
    h.until(lambda: isinstance(h.top, PickOverlay))
    pick = h.top
    decision = h.screen.director.pending
    column = decision.info["reel"]
    assert pick.kind == "wild" and all(col == column for col, _ in pick.cells)
    grid = h.screen.grid
    marked = next(((c, r) for c in range(5) for r in range(5) if (c, r) not in pick.cells), None)
    if marked is not None:  # a click outside the valid cells answers nothing
        h.click(grid.cell_center(*marked))
        assert h.top is pick
    target = pick.cells[-1]
    h.app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=grid.cell_center(*target), rel=(0, 0),
                                                 buttons=(0, 0, 0)))
    assert pick.focused_cell == target  # pointing moves the dauber
    h.click(grid.cell_center(*target))
    assert h.top is not pick
    assert decisions_of(list(h.screen.director.play.events))[0]["choice"] == list(target)
    h.until(lambda: grid.marks.get(target) == "wild", before=lambda: answer_picks(h))
    finish(h)
    assert h.wallet.audit() == []


def test_the_arrows_go_to_the_nearest_valid_cell_that_way() -> None:
    cells = [(0, 0), (2, 0), (2, 3), (4, 4)]
    assert step_towards(cells, (0, 0), (1, 0)) == (2, 0)
    assert step_towards(cells, (2, 0), (0, 1)) == (2, 3)
    assert step_towards(cells, (2, 3), (1, 0)) == (4, 4)
    assert step_towards(cells, (4, 4), (1, 0)) == (4, 4)  # nothing further: it stays


# -- a whole game: daubs, Slingos, the ladder, the bonus ----------------------------------------


def test_a_game_daubs_its_marks_lights_its_slingos_and_plays_the_bonus(tmp_path: Path, display) -> None:
    seed = seed_for("a bonus and a Slingo", lambda ev: any(e["type"] == "bonus" for e in ev)
                    and next(e for e in ev if e["type"] == "game_end")["slingos"] >= 1)
    h = open_game(tmp_path, display)
    assert h.spin(seed)
    finish(h)
    record = h.wallet.history(GAME, 1)[0]
    result = game().play(h.screen.session.bet, seed, decisions=record.decisions)  # the player's picks
    assert "bonus" in h.steps and "spin" in h.steps
    final = state_before(list(result.events), len(result.events))
    assert h.screen.grid.marks == final.marks
    assert sorted(h.screen.grid.lines) == sorted(final.lines)
    assert h.screen.ladder.reached == final.slingos
    assert h.screen.money.counter.target == result.win and record.win == result.win
    assert h.wallet.audit() == []


def test_the_bonus_pays_each_kings_spins_by_the_engines_rule(tmp_path: Path, display) -> None:
    seed = seed_for("a bonus", lambda ev: any(e["type"] == "bonus" for e in ev))
    h = open_game(tmp_path, display, turbo=False)
    g = game()
    result = g.play(g.default_bet, seed)
    bonus = next(e for e in result.events if e["type"] == "bonus")
    stage = g.description.trail.stage(bonus["stage"])
    for character in bonus["characters"]:  # every spin but the last pays; the last shows a blank
        pays = [stage.spin_pay(spin) for spin in character["spins"]]
        assert pays[-1] is None and all(pay is not None for pay in pays[:-1])
    assert h.spin(seed)
    seen = set()

    def watch() -> None:
        answer_picks(h)
        if isinstance(h.top, OfferOverlay):
            h.answer("collect")
        step = h.screen.director.timeline.current if h.screen.director else None
        if getattr(step, "name", "") == "bonus":
            seen.add(step.phase)
            assert h.screen.bonus_show.active and h.screen.trail.playing == bonus["stage"]

    h.until(h.screen.is_idle, before=watch)
    assert {"intro", "spin", "result", "outro"} <= seen
    assert h.screen.trail.playing is None and h.screen.trail.trail == 0  # the trail starts again
    assert h.wallet.audit() == []


def test_space_skips_the_bonus_to_its_total(tmp_path: Path, display) -> None:
    seed = seed_for("a bonus", lambda ev: any(e["type"] == "bonus" for e in ev))
    h = open_game(tmp_path, display, turbo=False)
    assert h.spin(seed)
    h.until(lambda: getattr(h.screen.director.timeline.current, "name", "") == "bonus",
            before=lambda: answer_picks(h))
    step = h.screen.director.timeline.current
    h.pump(0.8)
    h.press(pygame.K_SPACE)
    assert step.phase == "outro" and all(c.done for c in step.characters)
    finish(h)
    assert h.wallet.audit() == []


# -- extra spins and the Superspin Wheel ---------------------------------------------------------


def test_an_extra_spin_is_bought_through_the_session_at_its_price(tmp_path: Path, display) -> None:
    h = open_game(tmp_path, display)
    seed = seed_for("any", lambda ev: True)
    assert h.spin(seed)
    offer = until_offer(h)
    decision = h.screen.director.pending
    price = decision.costs[0]
    info = decision.info
    assert not info["wheel"] and offer.text.spin_label.endswith(f"{price / 100:.2f}")
    assert offer.text.heading == f"EXTRA SPIN 1 OF {game().description.extra_spins}"
    before = h.wallet.balance
    h.pump(0.5)  # the offer arms itself: a Space meant for the last spin buys nothing
    h.press(pygame.K_SPACE)  # Space takes the focused button: the spin
    assert h.wallet.balance == before - price  # committed before the continuation is shown
    debit = h.wallet.ledger(1)[0]
    assert debit.kind == "debit" and debit.amount == price and debit.decision_seq is not None
    finish(h)
    record = h.wallet.history(GAME, 1)[0]
    expected = game().play(h.screen.session.bet, seed, decisions=record.decisions)
    assert record.cost == h.screen.session.bet + price == expected.cost and record.win == expected.win
    assert [e["extra"] for e in expected.events if e["type"] == "spin"][-1] is True
    assert h.wallet.audit() == []


def test_a_spin_the_balance_cannot_cover_is_refused_and_the_game_waits(tmp_path: Path, display) -> None:
    g = game()
    app = harness.make_app(tmp_path, starting_balance=g.default_bet)
    app.flags["turbo"] = True
    h = harness.Harness(app, harness.open_screen(app, GAME), display)
    assert h.spin(seed_for("any", lambda ev: True))
    offer = until_offer(h)
    assert h.answer("spin") is False
    assert "costs" in offer.reason and h.top is offer and h.wallet.balance == 0
    assert h.answer("collect") is True
    h.run_until_idle()
    assert h.wallet.audit() == []


def test_above_the_wheel_price_the_superspin_wheel_sells_the_spin(tmp_path: Path, display) -> None:
    h = open_game(tmp_path, display, bet=TOP)
    d = game().description
    assert h.spin(seed_for("any", lambda ev: True))
    wheel = None
    while wheel is None:
        offer = until_offer(h)
        decision = h.screen.director.pending
        if decision.info["wheel"]:
            wheel = decision
            break
        h.answer("spin")
    assert offer.wheel and offer.text.spin_label == f"SUPERSPIN {d.wheel_price / 100:.2f}"
    assert wheel.costs[0] == d.wheel_price
    before = h.wallet.balance
    assert h.answer("spin")
    assert h.wallet.balance == before - d.wheel_price
    event = next(e for e in h.screen.director.play.events[::-1] if e["type"] == "wheel")
    h.until(lambda: getattr(h.screen.director.timeline.current, "name", "") == "wheel")
    step = h.screen.director.timeline.current
    assert not step.skippable  # a priced spin's outcome is seen whole
    h.press(pygame.K_SPACE)
    assert h.screen.director.timeline.current is step
    h.until(lambda: step.landed)
    assert step.won == event["won"] and h.screen.wheel_show.result is not None
    finish(h)
    assert h.wallet.audit() == []


@pytest.mark.parametrize("index", range(8))
def test_the_arrow_stops_in_the_green_exactly_when_the_wheel_is_won(index: int) -> None:
    import math

    for chance in (0.05, 0.4, 0.93):
        green = math.tau * chance
        assert 0 < landing_angle(True, chance, index) < green
        assert green < landing_angle(False, chance, index) < math.tau


# -- the play controls -------------------------------------------------------------------------


LIMITS: dict[str, tuple[Callable[[int, int], PlayControls], str, int | None]] = {
    # limit -> (controls for the bet and the first offer's cost, what the end says, stake)
    "extra_spins": (lambda bet, cost: PlayControls(extra_spins=0), "no extra spins", None),
    "max_price": (lambda bet, cost: PlayControls(max_price=cost - 1), "above your limit of", None),
    "max_stake": (lambda bet, cost: PlayControls(max_stake=bet), "stake to", None),
    "max_loss": (lambda bet, cost: PlayControls(max_loss=bet), "loss to", None),
}


@pytest.mark.parametrize("limit", sorted(LIMITS))
def test_each_play_control_collects_and_says_which_limit_ended_the_game(limit: str, tmp_path: Path,
                                                                         display) -> None:
    make, says, bet = LIMITS[limit]
    g = game()
    stake = bet or g.default_bet
    seed = seed_for("no win before the offer", no_win_before_the_offer, bet=stake)
    play = g.start(stake, seed)
    while play.pending is not None and play.pending.kind != "extra_spin":
        play.decide(g.choose(play))
    cost = play.pending.price_of("spin")
    controls = make(stake, cost)
    assert passed_limit(controls, Offer(extra=1, cost=cost, stake=stake, won=0)) == limit
    h = open_game(tmp_path, display, bet=bet, controls=controls)
    assert h.screen.controls == controls  # read back from the settings
    assert h.spin(seed)
    asked: list[Any] = []

    def watch() -> None:
        answer_picks(h)
        if isinstance(h.top, OfferOverlay):
            asked.append(h.top)

    h.until(lambda: h.screen.ended_by != "", before=watch)
    assert not asked  # the game collected by itself: no offer was shown
    assert says in h.screen.ended_by
    h.until(lambda: getattr(h.screen.director.timeline.current, "name", "") == "banner", player=False)
    card = h.screen.director.timeline.current
    title, _, lines, _, _ = card.args
    assert title == "Collected by your play controls" and lines[0] == h.screen.ended_by
    h.pump(1.0)
    assert card.waiting  # the player reads why before the game ends
    h.until(h.screen.is_idle)
    record = h.wallet.history(GAME, 1)[0]
    assert record.decisions[-1] == "collect" and record.cost == stake
    assert h.wallet.audit() == []


def test_a_limit_of_one_extra_spin_buys_one_then_collects(tmp_path: Path, display) -> None:
    h = open_game(tmp_path, display, controls=PlayControls(extra_spins=1))
    assert h.spin(seed_for("any", lambda ev: True))
    until_offer(h)
    price = h.screen.director.pending.costs[0]
    assert h.answer("spin")
    h.until(lambda: h.screen.ended_by != "", before=lambda: answer_picks(h))
    assert h.screen.ended_by == "Your limit of 1 extra spin a game is reached"
    h.run_until_idle()
    record = h.wallet.history(GAME, 1)[0]
    assert record.decisions[-2:] == ["spin", "collect"] and record.cost == h.screen.session.bet + price
    assert h.wallet.audit() == []


def test_limits_that_are_not_reached_let_the_offer_show(tmp_path: Path, display) -> None:
    g = game()
    generous = PlayControls(extra_spins=3, max_price=100_000, max_stake=100_000, max_loss=100_000)
    h = open_game(tmp_path, display, controls=generous)
    assert h.spin(seed_for("any", lambda ev: True))
    until_offer(h)
    assert h.screen.ended_by == ""
    finish(h)
    assert h.wallet.history(GAME, 1)[0].cost == g.default_bet


def test_the_controls_dialog_keeps_each_change_with_the_settings(tmp_path: Path, display) -> None:
    h = open_game(tmp_path, display)
    h.press(pygame.K_c)
    dialog = h.top
    assert isinstance(dialog, ControlsDialog)
    h.press(pygame.K_LEFT)  # extra spins: from All down to the highest count below it
    h.press(pygame.K_DOWN)
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_RIGHT)  # the highest price: the second amount
    h.press(pygame.K_ESCAPE)
    assert h.top is h.screen
    extra = game().description.extra_spins
    stored = h.wallet.setting(setting_key(GAME))
    assert stored == {"extra_spins": extra - 1, "max_price": money_steps()[1], "max_stake": None, "max_loss": None}
    assert h.screen.controls == PlayControls(extra_spins=extra - 1, max_price=money_steps()[1])
    reopened = harness.Harness(h.app, harness.open_screen(h.app, GAME), display)
    assert reopened.screen.controls == h.screen.controls  # stored: the next visit reads them back
    assert "controls" in h.screen.buttons  # the map's PLAY CONTROLS button opens the same dialog


def test_controls_read_back_what_they_can_and_drop_the_rest() -> None:
    assert PlayControls.from_setting(None) == PlayControls()
    assert PlayControls.from_setting({"extra_spins": 2, "max_price": "lots", "max_loss": -5, "max_stake": True}) \
        == PlayControls(extra_spins=2)
    steps = money_steps()
    assert steps[:4] == [10, 20, 50, 100] and steps == sorted(steps)


# -- the round's life: resume, replay, autoplay ---------------------------------------------------


def test_a_game_left_at_a_pick_reopens_there(tmp_path: Path, display) -> None:
    seed = seed_for("a wild first", first_pick("wild"))
    first = open_game(tmp_path, display)
    assert first.spin(seed)
    first.until(lambda: isinstance(first.top, PickOverlay))
    marks = dict(first.screen.grid.marks)
    first.wallet.close()
    again = harness.reopen(tmp_path, GAME, surface=display, turbo=True)
    assert again.resumed is not None and again.resumed.pending.kind == "wild"
    again.until(lambda: isinstance(again.top, PickOverlay))
    assert again.screen.grid.marks == marks  # the card as it stood
    finish(again)
    assert again.wallet.open_rounds() == [] and again.wallet.audit() == []


def test_a_game_left_at_its_offer_reopens_there_at_the_same_price(tmp_path: Path, display) -> None:
    first = open_game(tmp_path, display)
    assert first.spin(seed_for("any", lambda ev: True))
    offer = until_offer(first)
    price, label = first.screen.director.pending.costs[0], offer.text.spin_label
    first.wallet.close()
    again = harness.reopen(tmp_path, GAME, surface=display, turbo=True)
    assert again.resumed is not None and again.resumed.pending.kind == "extra_spin"
    reopened = until_offer(again)
    assert again.screen.director.pending.costs[0] == price and reopened.text.spin_label == label
    before = again.wallet.balance
    assert again.answer("spin") and again.wallet.balance == before - price
    finish(again)
    assert again.wallet.open_rounds() == [] and again.wallet.audit() == []


def test_autoplay_picks_by_the_strategy_and_buys_nothing(tmp_path: Path, display) -> None:
    h = open_game(tmp_path, display)
    seeds = [seed_for("a wild first", first_pick("wild")), seed_for("a super wild first", first_pick("super_wild"))]
    h.screen.start_autoplay(AutoplayConfig(rounds=len(seeds), seeds=seeds))
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=300, player=False)
    records = h.wallet.history(GAME, 5)
    assert len(records) == 2 and all(r.decisions[-1] == "collect" for r in records)
    assert all(r.cost == h.screen.session.bet for r in records)
    assert "spin" in h.steps and h.wallet.audit() == []


def test_a_replay_shows_the_wheel_and_the_extra_spins_without_touching_the_wallet(tmp_path: Path,
                                                                                 display) -> None:
    h = open_game(tmp_path, display, bet=TOP)
    assert h.spin(seed_for("any", lambda ev: True))
    while True:
        until_offer(h)
        if h.screen.director.pending.info["wheel"]:
            break
        h.answer("spin")
    h.answer("spin")
    finish(h)
    record = h.wallet.history(GAME, 1)[0]
    balance = h.wallet.balance
    h.steps.clear()
    h.screen.replay(record)
    h.run_until_idle()
    assert "wheel" in h.steps and h.wallet.balance == balance


# -- what the screen knows of the game ------------------------------------------------------------


def test_every_event_type_has_a_step_extra_spins_and_the_wheel_included(tmp_path: Path, display) -> None:
    g = game()
    h = open_game(tmp_path, display)
    play = g.start(TOP, seed_for("any", lambda ev: True))
    bought = 0
    while play.pending is not None:
        decision = play.pending
        if decision.kind == "extra_spin":
            play.decide("spin" if bought < 8 else "collect")
            bought += 1
        else:
            play.decide(g.choose(play))
    events = list(play.events)
    seen = {e["type"] for e in events}
    assert {"grid", "spin", "pick", "spin_end", "game_end", "decision", "wheel"} <= seen
    h.screen.steps_for(events, TOP, 0, resumed=False)
    assert seen <= Presenter.shown_types()
    assert {"grid", "spin", "pick", "spin_end", "bonus", "wheel", "game_end", "decision",
            "round_end"} <= Presenter.shown_types()


def test_one_away_cells_are_the_lines_missing_one() -> None:
    marks = {cell: "number" for cell in line_cells(0)[:4]}  # row 1 with its last cell open
    assert near_cells(marks) == {line_cells(0)[4]}
    assert [len(line_cells(i)) for i in range(len(LINES))] == [5] * len(LINES)
    assert line_cells(10) == [(i, i) for i in range(5)]


def test_the_rtp_page_reads_the_stated_rtp_until_a_report_is_in(tmp_path: Path, display) -> None:
    page = RtpPage(harness.make_app(tmp_path).resources, game(), reports={})
    assert page.rtp == game().description.rtp.base  # no report: the design figure, nothing measured
    published = RtpPage(harness.make_app(tmp_path / "b").resources, game())
    assert published.rtp == f"{game().rtp_reports()['base'].rtp:.2%}"
    assert dict(published.facts())["Extra spins"].startswith("each pays back ")


def test_the_demo_seeds_show_picks_a_full_house_chance_the_bonus_and_an_extra_spin() -> None:
    item = entry(GAME)
    assert len(item.demo_seeds) >= 4 and item.demo_extra_spins == 1
    assert set(item.demo_shows) == {"picks", "bonus_5", "full_house_chance", "extra_spins"}
    for seed in item.demo_seeds:
        result = demo_play(GAME, seed)
        features = result.features
        assert features.get("picks") and any(name.startswith("bonus_") for name in features)
        assert features["extra_spins"] == 1 and features["full_house_chance"] == 1
        spins = [e for e in result.events if e["type"] == "spin"]
        assert spins[-1]["extra"] and not spins[-2]["extra"]  # one extra spin bought, after the game's own
        assert result.decisions.count("spin") == 1 and result.cost > 50  # the stake and the spin's price


def test_autoplay_buys_nothing_unless_its_settings_buy_extra_spins(tmp_path: Path) -> None:
    g: Any = game()
    seed = entry(GAME).demo_seeds[0]
    plain = g.play(g.default_bet, seed)
    assert "extra_spins" not in plain.features  # the published strategy collects
    bought = g.play(g.default_bet, seed, strategy=g.buying(1))
    assert bought.features["extra_spins"] == 1 and bought.win_x >= 0
    assert AutoplayConfig(rounds=3, extra_spins=1).describe() == "3 rounds, buying up to 1 extra spin a game"
    with pytest.raises(ValueError, match="extra_spins"):
        AutoplayConfig(rounds=3, extra_spins=-1)


def test_the_lobby_tile_opens_the_game(tmp_path: Path) -> None:
    assert harness.game_opened_from_lobby(tmp_path, GAME) == GAME
