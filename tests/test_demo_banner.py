"""The demo's DEMO banner sits clear of every game's reel frame and buttons (issue 37, item 6).

It launches the real App (its own window and shutdown), so it runs without the ``display`` fixture.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from tests import harness


def test_the_demo_banner_stays_off_the_reel_frame(tmp_path: Path) -> None:
    from game.client.kit.screen import GameScreen

    application = harness.launch(tmp_path, "--demo", "--mute")
    try:
        demo = application.demo
        assert demo is not None
        seen = set()
        for _ in range(5):
            harness.run_frames(application, 90)
            screen = demo.screen
            if not isinstance(screen, GameScreen) or screen.game.id in seen:
                demo.next_game()
                continue
            seen.add(screen.game.id)
            frame = getattr(screen, "frame_rect", None) or screen.field.rect
            grid_frame = getattr(getattr(screen, "grid", None), "frame_rect", None)
            banner = demo.banner_rect(application.context.surface if hasattr(application.context, "surface")
                                      else pygame.display.get_surface())
            assert not banner.colliderect(frame) and not (grid_frame and banner.colliderect(grid_frame)), screen.game.id
            assert not any(banner.colliderect(b.rect) for b in screen.buttons.values()), screen.game.id
            demo.next_game()
        assert len(seen) >= 2
    finally:
        application.shutdown()
