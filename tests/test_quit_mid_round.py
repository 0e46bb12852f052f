"""Closing the window mid-round leaves the round open, as Esc's "Leave" and a crash do: the next
launch opens that game and shows the round on from the step it had reached, to the end, paying
what staying would have paid.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame

from game.engine import get_game
from game.engine.rng import derive_seed
from tests import harness

GAME_ID = "fat_santa"
SEED = 1  # the session's master seed: its first round plays derive_seed(SEED, 0)


def test_quit_mid_bought_feature_keeps_the_round_for_the_next_launch(tmp_path: Path) -> None:
    app = harness.launch(tmp_path, "--mute", "--game", GAME_ID, "--seed", str(SEED))
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
    again = harness.launch(tmp_path, "--mute")  # no --game: the open round's game opens by itself
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
