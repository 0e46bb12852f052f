"""Naughty or Nice? on its screen, driven like a player: the choice of the Bonus Substitute, the free
games (every award popping up where she landed, held reels locked and still, doubled wins marked
x2), the live jackpot counter and the jackpot's celebration, the help pages and the demo's seeds.

Every expectation is read off the engine's own events for the same seed and choice.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import pygame

from game.catalogue import entry
from game.client.games.naughty_or_nice.choice import (
    BonusChoiceOverlay,
    ShowChoice,
    card_texts,
    leanings,
    start_means,
    worth_more,
)
from game.client.games.naughty_or_nice.help import SubstitutesPage
from game.client.games.naughty_or_nice.jackpot import CelebrateJackpot
from game.client.games.naughty_or_nice.presenter import Presenter
from game.client.kit.screen import LEAVE_TITLE
from game.client.overlays import ConfirmDialog
from game.client.widgets.reels import IDLE
from game.engine import get_game
from game.engine.describe import RtpReport, StartMean
from game.engine.jackpot import UNITS_PER_CENT
from game.engine.money import cents_of, format_cents
from tests import harness
from tests.naughty_or_nice_fixtures import GAME_ID as JACKPOT_GAME
from tests.naughty_or_nice_fixtures import jackpot_game

GAME = "naughty_or_nice"
ROOT = Path(__file__).resolve().parent.parent


def game():
    return get_game(GAME)


@cache
def seed_for(choice: str, key: str, predicate: Callable[[list[dict[str, Any]]], bool], limit: int = 20_000) -> int:
    """The first seed whose round, answered with ``choice``, plays events that fit ``predicate``."""
    g = game()
    for seed in range(1, limit):
        play = g.start(g.default_bet, seed)
        if play.pending is None:
            continue
        play.decide(choice)
        if predicate(list(play.events)):
            return seed
    raise AssertionError(f"no seed in [1, {limit}) with {choice}: {key}")


def free_spins(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "free_spin"]


def awards_of(events: list[dict[str, Any]]) -> set[str]:
    return {a["award"] for e in free_spins(events) for a in e["awards"]}


def shows_everything(events: list[dict[str, Any]]) -> bool:
    """Every award, a held reel played, and a win she doubled."""
    spins = free_spins(events)
    return (awards_of(events) == {"spin", "prize", "hold"} and any(e["held"] for e in spins)
            and any(w["factor"] > 1 for e in spins for w in e["wins"]))


def engine_round(seed: int, choice: str) -> tuple[list[dict[str, Any]], int]:
    g = game()
    play = g.start(g.default_bet, seed)
    play.decide(choice)
    return list(play.events), play.result.win


class Watch:
    """What the screen showed, recorded as its widgets were driven."""

    def __init__(self, h: harness.Harness) -> None:
        self.pops: list[tuple[tuple[int, int], str, str]] = []
        self.spins: list[tuple[list[int], list[int], list[str]]] = []  # (held, locked then, phases of held)
        self.doubled: list[list[tuple[int, int]]] = []
        self.flashed: list[list[str]] = []
        feature, reels, painter = h.screen.feature, h.screen.reels, h.screen.painter
        pop, spin, show_doubled, show_all = feature.pop, reels.spin, feature.show_doubled, painter.show_all

        def pop_(cell, award, text):
            self.pops.append((tuple(cell), award, text))
            pop(cell, award, text)

        def spin_(window, *, held=(), extra=None):
            spin(window, held=held, extra=extra)
            self.spins.append((list(held), feature.held_reels, [reels.reels[c].phase for c in held]))

        def doubled_(cells):
            self.doubled.append([tuple(c) for c in cells])
            show_doubled(cells)

        def flashed_(marks):
            self.flashed.append([m.amount for m in marks])
            show_all(marks)

        feature.pop, reels.spin, feature.show_doubled, painter.show_all = pop_, spin_, doubled_, flashed_


def expected_pops(events: list[dict[str, Any]], bet: int) -> list[tuple[tuple[int, int], str, str]]:
    words = {"spin": "+1 FREE GAME", "hold": "REEL HELD"}
    out = []
    for event in free_spins(events):
        for award in event["awards"]:
            text = words.get(award["award"]) or f"+{format_cents(cents_of(Fraction(award['x']), bet))}"
            out.append(((award["cell"][0], award["cell"][1]), award["award"], text))
    return out


def play_through(h: harness.Harness, seed: int, choice: str) -> Watch:
    watch = Watch(h)
    start = h.wallet.balance
    assert h.spin(seed)
    overlay = h.run_until_asked()
    assert isinstance(overlay, BonusChoiceOverlay)
    assert h.screen.director.pending.kind == "bonus_substitute"
    assert h.answer(choice)
    h.run_until_idle()
    events, win = engine_round(seed, choice)
    bet = h.screen.session.bet
    assert h.wallet.balance == start - bet + win
    assert h.wallet.audit() == []
    record = h.wallet.history(GAME, 1)[0]
    assert record.win == win and list(record.decisions) == [choice]
    assert h.screen.money.counter.shown == win
    # every award popped up at her cell, with its words (the prize's amount at the bet)
    assert watch.pops == expected_pops(events, bet)
    # each held reel is locked and does not spin while the others do
    free = free_spins(events)
    spun = watch.spins[1:]  # the first is the base spin
    assert [held for held, _, _ in spun] == [e["held"] for e in free]
    for (_, locked, phases), event in zip(spun, free, strict=True):
        assert locked == sorted(event["held"])
        assert all(phase == IDLE for phase in phases)
    # the doubled wins are marked x2 on her cells, and their amounts are the events'
    doubled = [[(c, r) for w in e["wins"] if w["factor"] > 1 for c, r in w["cells"] if e["window"][c][r] == choice]
               for e in free]
    assert [cells for cells in watch.doubled] == [list(dict.fromkeys(cells)) for cells in doubled if cells]
    amounts = [[format_cents(cents_of(Fraction(w["x"]), bet)) for w in e["wins"]] for e in events
               if e["type"] in ("spin", "free_spin") and e["wins"]]
    assert watch.flashed[-len(amounts):] == amounts
    return watch


def test_nice_girl_free_games_show_every_award_held_reels_and_doubled_wins(tmp_path: Path, display) -> None:
    seed = seed_for("nice_girl", "every award, a hold, a doubled win", shows_everything)
    h = harness.open_game(tmp_path, GAME, surface=display, turbo=True)
    watch = play_through(h, seed, "nice_girl")
    assert {award for _, award, _ in watch.pops} == {"spin", "prize", "hold"}
    assert "choice" in h.steps and "jackpot" not in h.steps
    assert not h.screen.feature.in_free and not h.screen.feature.held  # back to the base game, locks gone


def test_naughty_girl_free_games_hold_her_reels(tmp_path: Path, display) -> None:
    seed = seed_for("naughty_girl", "every award, a hold, a doubled win", shows_everything)
    h = harness.open_game(tmp_path, GAME, surface=display, turbo=True)
    watch = play_through(h, seed, "naughty_girl")
    assert any(held for held, _, _ in watch.spins[1:])
    panel = h.screen.feature.free_panels
    assert set(panel) == set(game().description.substitutes)


def trigger_seed() -> int:
    return seed_for("nice_girl", "the free games", lambda events: True)


def test_the_choice_by_keyboard_left_right_and_enter(tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME, surface=display, turbo=True)
    seed = trigger_seed()
    h.spin(seed)
    overlay = h.run_until_asked()
    options = game().description.substitutes
    assert overlay.looked_at == options[0]
    h.press(pygame.K_RIGHT)
    assert overlay.looked_at == options[1]
    h.press(pygame.K_RIGHT)  # no wrap past the last card
    assert overlay.looked_at == options[1]
    h.press(pygame.K_LEFT)
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_ESCAPE)  # the round waits: Esc asks whether to leave, never dismisses the question
    assert isinstance(h.top, ConfirmDialog) and h.top.title == LEAVE_TITLE
    h.press(pygame.K_ESCAPE)  # "Stay"
    assert h.top is overlay
    h.pump(0.5)
    h.press(pygame.K_RETURN)
    assert h.top is not overlay
    h.run_until_idle()
    assert h.wallet.history(GAME, 1)[0].decisions == [options[1]]


def test_the_choice_by_mouse_hover_then_click(tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME, surface=display, turbo=True)
    h.spin(trigger_seed())
    overlay = h.run_until_asked()
    options = game().description.substitutes
    card = overlay.buttons[1].rect.center
    h.app.scenes.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=card, rel=(0, 0), buttons=(0, 0, 0)))
    assert overlay.looked_at == options[1]
    h.click(card)
    assert h.top is not overlay
    h.run_until_idle()
    assert h.wallet.history(GAME, 1)[0].decisions == [options[1]]


def test_autoplay_shows_the_choice_it_made_without_asking(tmp_path: Path, display) -> None:
    from game.client.autoplay import AutoplayConfig

    h = harness.open_game(tmp_path, GAME, surface=display, turbo=False)
    seed = trigger_seed()
    shown: list[ShowChoice] = []
    build = h.screen.presenter.steps

    def spy(*args, **kwargs):
        steps = build(*args, **kwargs)
        shown.extend(step for step in steps if isinstance(step, ShowChoice))
        return steps

    h.screen.presenter.steps = spy
    h.screen.start_autoplay(AutoplayConfig(rounds=1, seeds=[seed]))
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=400, player=False)
    assert len(shown) == 1 and not shown[0].asked and shown[0].hops  # the light passes between the cards
    choice = game().play(game().default_bet, seed).decisions[0]
    assert shown[0].chosen == h.screen.cards.index_of(choice)
    assert h.wallet.history(GAME, 1)[0].win == game().play(game().default_bet, seed).win


def test_a_round_left_at_the_question_asks_again_after_a_restart(tmp_path: Path, display) -> None:
    seed = trigger_seed()
    harness.leave_open(tmp_path, GAME, seed, step=1)
    h = harness.reopen(tmp_path, GAME, surface=display, turbo=True)
    assert h.resumed is not None
    overlay = h.run_until_asked()
    assert isinstance(overlay, BonusChoiceOverlay)
    assert h.answer("naughty_girl")
    h.run_until_idle()
    record = h.wallet.history(GAME, 1)[0]
    assert record.decisions == ["naughty_girl"]  # the player's answer, taken with fresh entropy
    assert record.win == game().play(game().default_bet, seed, decisions=record.decisions, entropy=record.entropy).win


def test_a_round_resumed_inside_the_free_games_shows_its_held_reels(tmp_path: Path, display) -> None:
    seed = seed_for("naughty_girl", "a hold before the last spin",
                    lambda events: any(e["next_held"] for e in free_spins(events)[:-1]))
    g = game()
    wallet_dir = tmp_path
    from game.session import PlaySession
    from game.store import Wallet

    wallet = Wallet.open(wallet_dir, starting_balance=1_000_000).wallet
    session = PlaySession(wallet, g)
    active = session.spin(seed=seed)
    session.decide(active, "naughty_girl")
    events = list(active.play.events)
    index = next(i for i, e in enumerate(events) if e["type"] == "free_spin" and e["next_held"])
    session.mark_progress(active, index + 1)
    wallet.close()
    h = harness.reopen(tmp_path, GAME, surface=display, turbo=True)
    h.frame()
    assert h.screen.feature.in_free and h.screen.feature.held_reels == events[index]["next_held"]
    h.run_until_idle()
    assert h.wallet.audit() == []


def test_every_event_the_engine_documents_has_a_step() -> None:
    table = json.loads((ROOT / "game" / "engine" / "games" / GAME / "events.json").read_text(encoding="utf-8"))
    documented = set(table["events"]) | set(table["common_events"])
    assert documented <= Presenter.shown_types()


# -- the jackpot --------------------------------------------------------------------------------


def jackpot_seed(g, *, free: bool, choice: str = "nice_girl") -> int:
    for seed in range(1, 5_000):
        play = g.start(g.default_bet, seed)
        if play.pending is not None:
            play.decide(choice)
        result = play.result
        kinds = [(e["type"], w["kind"]) for e in result.events if e["type"] in ("spin", "free_spin")
                 for w in e["wins"]]
        won = [kind for kind in kinds if kind[1] == "jackpot"]
        if (len(won) == 1 and (won[0][0] == "free_spin") == free and bool(result.features.get("free_games")) == free
                and not result.capped):
            return seed
    raise AssertionError("no jackpot round")


def test_a_base_jackpot_is_celebrated_whole_and_paid(tmp_path: Path, display) -> None:
    with jackpot_game(tmp_path) as g:
        h = harness.open_game(tmp_path / "wallet", JACKPOT_GAME, surface=display, turbo=False)
        seed = jackpot_seed(g, free=False)
        result = g.play(g.default_bet, seed)
        pool_before = g.jackpot.pool_of(h.wallet.game_state(JACKPOT_GAME) or None)
        paid = next(w["amount"] for w in result.events[0]["wins"] if w["kind"] == "jackpot")
        assert paid == (pool_before + g.jackpot.contribution(g.default_bet)) // UNITS_PER_CENT
        start = h.wallet.balance
        assert h.screen._jackpot_show is None  # its 15 MiB of art is made for a round that wins it
        h.spin(seed)
        h.until(lambda: isinstance(h.screen.director.timeline.current, CelebrateJackpot), limit=60)
        step = h.screen.director.timeline.current
        assert step.skippable is False
        assert h.screen.jackpot_meter.won == paid  # the plaque holds the amount won
        seconds = 0.0
        while h.screen.director is not None and h.screen.director.timeline.current is step:
            h.press(pygame.K_SPACE)  # Space does not hurry it
            h.frame(draw=True)
            seconds += harness.DT
        celebration = h.screen.jackpot_show
        assert seconds >= celebration.COUNT + celebration.HOLD - 0.05
        assert h.screen.money.counter.shown >= paid
        h.run_until_idle()
        assert h.wallet.balance == start - g.default_bet + result.win
        assert result.win == paid + cents_of(result.win_x, g.default_bet) and result.jackpot == paid
        assert h.wallet.audit() == []
        h.pump(1.0)
        assert h.screen.jackpot_meter.won is None
        assert h.screen.jackpot_meter.shown == g.jackpot.seed  # reseeded (the fraction of a cent stays in it)


def test_a_jackpot_in_the_free_games_has_its_celebration_then_the_feature_ends(tmp_path: Path, display) -> None:
    with jackpot_game(tmp_path, "free") as g:
        h = harness.open_game(tmp_path / "wallet", JACKPOT_GAME, surface=display, turbo=True)
        seed = jackpot_seed(g, free=True)
        h.spin(seed)
        h.run_until_asked()
        h.answer("nice_girl")
        h.run_until_idle()
        play = g.start(g.default_bet, seed)
        play.decide("nice_girl")
        result = play.result
        assert h.steps.count("jackpot") == 1 and "celebrate" not in h.steps  # its own moment, not a BIG WIN
        assert h.wallet.history(JACKPOT_GAME, 1)[0].win == result.win
        h.pump(0.5)
        assert h.screen.money.counter.shown == result.win


def test_the_jackpot_counter_reads_the_pool_a_few_times_a_second_and_follows_it(tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME, surface=display, turbo=True)
    meter = h.screen.jackpot_meter
    g = game()
    assert meter.shown == g.jackpot.seed
    reads = meter.reads
    h.pump(3.0)
    assert meter.reads - reads <= 3.0 / meter.POLL + 1  # a few reads a second, never one a frame
    seed = harness.seed_where(GAME, "a plain losing round", lambda r: not r.features and r.win == 0)
    for _ in range(3):
        h.play_round(seed)
    h.pump(2.0)
    units = g.jackpot.pool_of(h.wallet.game_state(GAME) or None)
    assert units == g.jackpot.seed_units + 3 * g.jackpot.contribution(g.default_bet)
    assert meter.shown == units // UNITS_PER_CENT


# -- the cards and the help ------------------------------------------------------------------------


def test_the_cards_say_what_each_girls_bonus_is_like_from_the_description() -> None:
    d = game().description
    texts = card_texts(d)
    assert [t.name for t in texts] == list(d.substitutes)
    for text in texts:
        table = d.bonus[text.name]
        assert dict(text.awards) == {award: table.probability(award) for award in table.awards}
        assert text.worth == ""  # no proof by substitute: the card claims nothing
    lean = leanings(d)
    more_holds = max(d.substitutes, key=lambda name: d.bonus[name].probability("hold"))
    assert "held reels" in lean[more_holds].lower()


def fake_report(means: dict[str, float]) -> RtpReport:
    starts = tuple(StartMean({"substitute": name}, Fraction(1, 2), mean, 1000) for name, mean in means.items())
    return RtpReport(mode="base", rtp=0.95, starts=starts, method="exact_parts")


def test_which_girl_is_worth_more_comes_from_the_proof_or_is_not_said(tmp_path: Path, display) -> None:
    d = game().description
    a, b = d.substitutes
    assert start_means({}, d.substitutes) == {}
    means = start_means({"base": fake_report({a: 30.0, b: 33.5})}, d.substitutes)
    assert means == {a: 30.0, b: 33.5} and worth_more(means) == b
    assert worth_more({a: 31.0, b: 31.0}) is None
    h = harness.open_game(tmp_path, GAME, surface=display)
    res, art = h.app.resources, h.screen.art
    captured: list[str] = []
    from game.client.games.naughty_or_nice import help as help_module

    real = help_module.render_text

    def spy(font, text, *args, **kwargs):
        captured.append(text)
        return real(font, text, *args, **kwargs)

    help_module.render_text = spy
    try:
        canvas = pygame.Surface((1100, 470), pygame.SRCALPHA)
        SubstitutesPage(res, game(), game().default_bet, art.portraits, art.awards, {}).draw(canvas, canvas.get_rect())
        assert any("not measured yet" in text for text in captured)
        captured.clear()
        SubstitutesPage(res, game(), game().default_bet, art.portraits, art.awards, means).draw(canvas,
                                                                                                 canvas.get_rect())
        assert any(text.startswith("Worth more: " + b.replace("_", " ").title()) for text in captured)
    finally:
        help_module.render_text = real


def test_the_help_shows_the_pool_the_cap_and_the_stated_rtp(tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME, surface=display)
    g = game()
    pages = h.screen.help_pages()
    titles = [page.title for page in pages]
    assert titles == ["Paytable", "Rules", "Bonus Substitutes", "Jackpot", "50 Lines", "RTP & max win"]
    rtp = pages[-1]
    facts = dict(rtp.facts())
    measured = g.rtp_reports().get("base")
    assert rtp.rtp == (f"{measured.rtp:.2%}" if measured is not None else g.description.rtp.base)
    assert f"{g.description.cap_line_bets:,}x the bet per line" in facts["Max win"]
    assert "jackpot" in rtp.note and "does not count it" in rtp.note
    jackpot = pages[3]
    assert jackpot.pool_units == h.screen.jackpot_units() == g.jackpot.seed_units


def test_the_hud_shows_the_total_bet_and_the_bet_per_line(tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME, surface=display)
    g = game()
    assert h.screen.money.bet_text == format_cents(g.default_bet)
    lines = len(g.lines)
    assert h.screen.money.bet_detail == f"{format_cents(g.default_bet // lines)} PER LINE x {lines}"
    h.press(pygame.K_RIGHT)
    bet = h.screen.session.bet
    assert bet > g.default_bet and h.screen.money.bet_detail.startswith(format_cents(bet // lines))


# -- the demo ------------------------------------------------------------------------------------------


def test_the_demo_seeds_show_the_choice_every_award_and_a_held_reel() -> None:
    g = game()
    seeds = entry(GAME).demo_seeds
    assert len(seeds) >= 4
    awards: set[str] = set()
    held = False
    for seed in seeds:
        result = g.play(g.default_bet, seed)  # as the demo plays them: the game's strategy chooses
        assert any(e["type"] == "decision" and e["kind"] == "bonus_substitute" for e in result.events), seed
        awards |= awards_of(list(result.events))
        held = held or any(e["held"] for e in free_spins(list(result.events)))
    assert awards == {"spin", "prize", "hold"} and held
    chosen = {g.play(g.default_bet, seed).decisions[0] for seed in seeds}
    assert chosen == set(g.description.substitutes)  # both girls are seen


def test_the_lobby_tile_opens_the_game(tmp_path: Path) -> None:
    assert harness.game_opened_from_lobby(tmp_path, GAME) == GAME


def test_the_maximum_win_card_waits_in_hand_play_then_ends_the_round(tmp_path: Path) -> None:
    """A capped round (made by hand in the shape of the event contract) holds its card until Space."""
    g = game()
    pygame.init()  # its own window: an app launched by a test above may have shut pygame down
    h = harness.open_game(tmp_path, GAME, surface=pygame.display.set_mode((1280, 720)), turbo=False)
    screen = h.screen
    events = g.play(g.default_bet, 1).events
    cut = next(i for i, e in enumerate(events) if e["type"] == "spin")
    x = str(Fraction(g.description.cap_line_bets, len(g.lines)))  # the cap in total bets: the line bet is 1/50
    capped = [*events[:cut + 1], {"type": "cap_reached", "x": x},
              {"type": "round_end", "x": x, "win": cents_of(Fraction(x), g.default_bet), "capped": True}]
    h.show(capped, g.default_bet)

    def on_card() -> bool:
        step = screen.director.timeline.current if screen.director is not None else None
        return getattr(step, "args", ("",))[0] == "Maximum Win!" and screen.banner.shown

    h.until(on_card, limit=60, player=False)
    card = screen.director.timeline.current
    h.pump(12.0)
    assert screen.director.timeline.current is card and card.waiting
    h.press(pygame.K_SPACE)
    h.until(lambda: screen.director is None or screen.director.done, limit=60)
    assert screen.money.counter.target == cents_of(Fraction(x), g.default_bet)
