"""Leaving a round: Esc or the Lobby button asks first (idle, or in a replay, it goes at once);
"Stay" goes on; closing the window mid-round leaves the round open, as "Leave" and a crash do: the
next launch opens that game and shows the round on from the step it had reached, to the end,
paying what staying would have paid. (Each game's own leave test is in its screen tests.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.client.kit.screen import LEAVE_TITLE
from game.client.overlays import ConfirmDialog
from game.client.scenes.lobby import LobbyScene
from game.engine import get_game
from game.engine.rng import derive_seed
from tests import harness

GAME_ID = "fat_santa"
SEED = 1  # the session's master seed: its first round plays derive_seed(SEED, 0)


def test_quit_mid_bought_feature_keeps_the_round_for_the_next_launch(tmp_path: Path) -> None:
    app = harness.launch(tmp_path, "--mute", "--game", GAME_ID, "--practice", "--seed", str(SEED))
    try:
        screen: Any = app.context.scenes.top
        h = harness.Harness(app.context, screen)
        start = app.context.wallet.balance
        h.press(pygame.K_b)  # the price first, then Enter buys
        h.press(pygame.K_RETURN)
        assert screen.busy
        h.until(lambda: screen.spins.spin >= 2, limit=300)
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        harness.run_frames(app, 1)
        assert app.context.quit_requested
    finally:
        app.shutdown()
    bet = get_game(GAME_ID).default_bet
    result = get_game(GAME_ID).play(bet, derive_seed(SEED, 0), buy=True)
    again = harness.launch(tmp_path, "--mute", "--practice")  # no --game: the open round's game opens by itself
    try:
        [left] = again.context.wallet.open_rounds()
        assert again.context.wallet.balance == start - result.cost and left.progress["step"] > 0
        screen = again.context.scenes.top
        assert screen.game.id == GAME_ID and screen.active.resumed and screen.active.step == left.progress["step"]
        h = harness.Harness(again.context, screen)
        h.run_until_idle()
        assert h.cards[-1] == "Free Games Complete"
        assert again.context.wallet.balance == start - result.cost + result.win
        assert not again.context.wallet.open_rounds()
    finally:
        again.shutdown()


def test_the_lobby_button_mid_round_asks_and_stay_goes_on(tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, "halloween_vacation", surface=display)
    assert h.spin(seed=7)
    h.click(h.screen.buttons["back"].rect.center)
    assert isinstance(h.top, ConfirmDialog) and h.top.title == LEAVE_TITLE
    assert [button.label for button in h.top.buttons] == ["Stay", "Leave"]
    h.top.draw(display)
    h.press(pygame.K_ESCAPE)  # Stay
    assert h.top is h.screen and h.screen.busy
    h.run_until_idle()
    assert not h.wallet.open_rounds()


def test_idle_or_in_a_replay_esc_goes_to_the_lobby_at_once(tmp_path: Path, display: Any) -> None:
    h = harness.open_game(tmp_path, "halloween_vacation", surface=display)
    assert h.spin(seed=7)
    h.run_until_idle()
    h.screen.replay(h.wallet.history("halloween_vacation", 1)[0])
    assert h.screen.busy
    h.press(pygame.K_ESCAPE)  # a replay costs nothing: no question
    h.until(lambda: isinstance(h.top, LobbyScene), limit=5, player=False)
