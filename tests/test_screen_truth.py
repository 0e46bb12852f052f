"""The screen always tells the truth (issue 37, items 4-6 and 9): idle screens that pay and trigger
nothing, the base reels after a feature a window the base game can land, Slingo's finished card dimmed
as the last game, counters that move one at a time, labels that do not overlap, BONUS BUY dark while
it cannot be bought, one outro card, the stamp off the nameplate, the demo banner off the frame, a
dialog's focus that shows, and a click on the play area that spins."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from game.client.kit.quiet import nothing_happens, quiet_events
from game.engine import get_game
from tests import harness
from tests.fat_santa_fixtures import BET, buy_seed

pytestmark = pytest.mark.usefixtures("display")

REEL_GAMES = ("halloween_vacation", "naughty_or_nice", "fat_santa")


def scatters(window: list[list[str]], scatter: str) -> int:
    return sum(column.count(scatter) for column in window)


@pytest.mark.parametrize("game_id", REEL_GAMES)
def test_a_reel_game_opens_on_a_window_that_pays_and_triggers_nothing(tmp_path: Path, game_id: str) -> None:
    h = harness.open_game(tmp_path, game_id)
    game = h.screen.game
    window = [list(column) for column in h.screen.reels.window]
    assert game.evaluate(window).total == 0
    scatter = getattr(game, "scatter", None) or getattr(game.description, "scatter", None)
    if scatter is not None and game_id != "fat_santa":
        trigger = getattr(game, "scatter_trigger", None) or getattr(game.description, "scatter_trigger", 3)
        assert scatters(window, scatter) < trigger
    # the window is the first of a round the engine played that won nothing and started nothing
    events = quiet_events(game)
    assert window == next(e["window"] for e in events if e["type"] == "spin")


def test_the_opening_round_is_the_engines_first_quiet_one_and_is_not_hand_picked() -> None:
    for game_id in REEL_GAMES + ("santas_wonderland",):
        game = get_game(game_id)
        events = quiet_events(game)
        seed = next(s for s in range(1, 5000) if nothing_happens(game.play(game.default_bet, s)))
        assert list(events) == list(game.play(game.default_bet, seed).events)


def test_santas_wonderland_opens_on_a_grid_with_no_cluster(tmp_path: Path) -> None:
    h = harness.open_game(tmp_path, "santas_wonderland")
    names = [list(column) for column in h.screen.grid.names]
    game = h.screen.game
    first = next(e for e in quiet_events(game) if e["type"] == "spin")
    assert names == [list(column) for column in first["grid"]]
    assert game.evaluate(names).total == 0


def test_slingo_opens_on_a_fresh_card_and_dims_a_finished_game_as_the_last(tmp_path: Path, display) -> None:
    from tests.test_slingo_santa_king_screen import finish

    h = harness.open_game(tmp_path, "slingo_santa_king", surface=display, turbo=True)
    s = h.screen
    d = s.game.description
    assert not s.grid.marks and not s.grid.lines and s.ladder.reached == 0 and not s.last_game
    numbers = {n for column in s.grid.numbers for n in column}
    assert not numbers & {int(name) for (name,) in s.reels.window}  # the reels shown match no number

    def card_brightness() -> float:
        s.draw(display)
        return pygame.transform.average_color(display, s.grid.rect)[0]

    lit = card_brightness()
    seed = harness.seed_where("slingo_santa_king", "an extra spin offered",
                              lambda r: any(e["type"] == "decision" and e["kind"] == "extra_spin" for e in r.events))
    assert h.spin(seed)
    finish(h)
    assert s.grid.marks and s.last_game  # the finished card stays, as the last game ...
    assert card_brightness() < 0.8 * lit  # ... clearly dimmed
    assert s.spins_panel.left == d.spins and s.spins_panel.extra is None  # no stale "EXTRA SPIN n/8"
    assert h.spin(seed + 1)
    h.pump(0.2)
    assert not s.last_game


def test_fat_santa_after_a_bought_feature_shows_a_base_window(tmp_path: Path) -> None:
    h = harness.open_game(tmp_path, "fat_santa", bet=BET, turbo=True)
    game = h.screen.game
    santa = game.description.santa
    h.play_round(buy_seed(), buy=True)
    window = [list(column) for column in h.screen.reels.window]
    assert all(santa not in column for column in window[1:])  # the base game lands Santa on reel 1 only
    assert window == h.screen.quiet_window()
    assert h.screen.santa.block is None


def test_fat_santa_after_a_triggered_feature_shows_its_triggering_spin(tmp_path: Path) -> None:
    from tests.fat_santa_fixtures import trigger_seed

    h = harness.open_game(tmp_path, "fat_santa", bet=BET, turbo=True)
    seed = trigger_seed()
    h.play_round(seed)
    result = h.screen.game.play(BET, seed)
    trigger = next(e["window"] for e in result.events if e["type"] == "spin")
    assert [list(c) for c in h.screen.reels.window] == [list(c) for c in trigger]


@pytest.mark.parametrize("game_id", ["halloween_vacation", "slingo_santa_king", "santas_wonderland"])
def test_a_click_on_the_play_area_spins_and_a_click_beside_it_does_not(tmp_path: Path, game_id: str) -> None:
    h = harness.open_game(tmp_path, game_id)
    start = h.wallet.balance
    h.click((4, 360))  # the left edge of the screen: no button, no play area
    assert h.screen.director is None and h.wallet.balance == start
    h.click(h.screen.field.rect.center)
    h.pump(0.1)
    assert h.screen.director is not None and h.wallet.balance == start - h.screen.session.bet


def test_bonus_buy_is_dark_during_a_round_and_its_free_games_and_lit_after(tmp_path: Path) -> None:
    h = harness.open_game(tmp_path, "fat_santa", bet=BET, turbo=True)
    buy = h.screen.buttons["buy"]
    h.frame()
    assert buy.enabled
    h.spin(buy_seed(), buy=True)
    in_free = []
    h.until(h.screen.is_idle, each=lambda: in_free.append(buy.enabled) if h.screen.in_feature() else None)
    assert in_free and not any(in_free)
    h.frame()
    assert buy.enabled


def test_a_dialogs_focused_button_has_a_ring_the_other_has_not(tmp_path: Path, display) -> None:
    from game.client.overlays import ConfirmDialog
    from game.client.widgets.button import FOCUS_RING

    h = harness.open_game(tmp_path, "fat_santa", surface=display)
    dialog = ConfirmDialog(h.app, "Buy the feature?", ["85.00"], lambda: None)
    h.app.scenes.push(dialog)

    def ringed() -> list[bool]:
        h.app.scenes.draw(display)
        return [tuple(display.get_at((b.rect.centerx, b.rect.y - 3)))[:3] == FOCUS_RING for b in dialog.buttons]

    first = dialog.focus
    assert ringed() == [i == first for i in range(2)]
    h.press(pygame.K_RIGHT)
    assert dialog.focus != first and ringed() == [i == dialog.focus for i in range(2)]


def test_santas_wonderland_cluster_tags_never_overlap(tmp_path: Path) -> None:
    from game.client.games.santas_wonderland.clusters import cluster_marks

    h = harness.open_game(tmp_path, "santas_wonderland")
    painter = h.screen.painter
    game = h.screen.game

    def crowded(result) -> bool:
        return any(e["type"] == "clusters" and len(e["wins"]) >= 3 for e in result.events)

    seed = harness.seed_where("santas_wonderland", "three clusters at once", crowded, buy=True, limit=2000)
    events = game.play(game.default_bet, seed, buy=True).events
    shown = 0
    for event in events:
        if event["type"] != "clusters" or len(event["wins"]) < 2:
            continue
        painter.show(cluster_marks(event["wins"], game.default_bet))
        rects = [tag.get_rect(center=at) for tag, at in painter._tag_at]
        assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]), event["wins"]
        shown += 1
    assert shown


def test_santas_wonderland_ends_midnight_riches_on_one_outro_card(tmp_path: Path) -> None:
    from game.client.widgets.slot_steps import ShowBanner

    h = harness.open_game(tmp_path, "santas_wonderland")
    game = h.screen.game
    for seed in (1, 2, 3):
        result = game.play(game.default_bet, seed, buy=True)
        steps = h.screen.steps_for(list(result.events), result.bet, 0, resumed=False)
        titles = [step.args[0] for step in steps if isinstance(step, ShowBanner)]
        assert titles[-1] == "Midnight Riches complete"
        assert not any(t in ("Midnight Riches ends", "Final level complete") for t in titles)
        last = next(e for e in reversed(result.events) if e["type"] == "level_end")
        outro = next(step for step in steps if isinstance(step, ShowBanner) and step.args[0] == titles[-1])
        news = f"{last['collected']} collected" if last.get("needed") is None else \
            f"{last['needed'] - last['collected']} symbols short of level {last['level'] + 1}"
        assert news in outro.args[2]  # what the last level's own card said is on the one outro


def test_shes_yours_lands_under_the_portrait_and_nameplate(tmp_path: Path) -> None:
    from game.client.games.naughty_or_nice.choice import LIFT

    cards = harness.open_game(tmp_path, "naughty_or_nice").screen.cards
    for index, rect in enumerate(cards.rects):
        portrait = pygame.Rect(rect.x, rect.y - LIFT, rect.w, cards.below_portrait[index])
        stamp = cards.stamp_rect(index)
        assert cards.below_portrait[index] > 200  # a portrait with her nameplate is there
        assert not stamp.colliderect(portrait) and rect.move(0, -LIFT).contains(stamp)


def test_slingos_spins_left_counts_down_one_spin_at_a_time_from_the_first_press(tmp_path: Path) -> None:
    """From the idle 11, the counter moves by one at a time (a spin begun, a free spin won), never two."""
    from tests.test_slingo_santa_king_screen import OfferOverlay, answer_picks

    def answer() -> None:
        answer_picks(h)
        if isinstance(h.top, OfferOverlay):
            h.answer("collect")

    h = harness.open_game(tmp_path, "slingo_santa_king")
    panel = h.screen.spins_panel
    assert panel.left == h.screen.game.description.spins
    for seed in (7, 8, 9):
        shown = [panel.left]

        def follow(shown: list[int] = shown) -> None:
            if h.screen.director is not None and panel.extra is None and panel.left != shown[-1]:
                shown.append(panel.left)

        h.spin(seed)
        h.until(h.screen.is_idle, before=answer, each=follow)
        assert all(abs(a - b) == 1 for a, b in pairwise(shown)), " ".join(map(str, shown))
        assert shown[1] == shown[0] - 1
