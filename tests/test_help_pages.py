"""Every help page of every game draws inside its page: no line runs off either side.

The overlay draws a page into its content area; here the same page is drawn into the middle of a
larger surface painted one marker colour, and nothing may change outside the page's rectangle
(the Halloween RTP page's footnote once ran off both sides).
"""

from __future__ import annotations

import pygame
import pytest

from game.catalogue import CATALOGUE
from game.client.overlays.help import SIZE, TAB_H
from tests import harness

MARKER = (255, 0, 255, 255)
PAGE = pygame.Rect(0, 0, SIZE[0] - 60, SIZE[1] - 90 - TAB_H - 12 - 46)  # the overlay's content area


@pytest.mark.parametrize("game_id", [item.id for item in CATALOGUE if item.available])
def test_every_page_stays_inside_its_rectangle(game_id: str, tmp_path, display) -> None:
    h = harness.open_game(tmp_path, game_id, surface=display)
    for bet in (h.screen.game.bets[0], h.screen.game.default_bet, h.screen.game.bets[-1]):
        h.screen.session.bet = bet
        for page in h.screen.help_pages():
            canvas = pygame.Surface((PAGE.w + 200, PAGE.h + 200), pygame.SRCALPHA)
            canvas.fill(MARKER)
            rect = PAGE.move(100, 100)
            page.draw(canvas, rect)
            untouched = pygame.mask.from_threshold(canvas, MARKER, (1, 1, 1, 1))
            untouched.invert()  # the pixels the page drew
            for drawn in untouched.get_bounding_rects():
                assert rect.contains(drawn), f"{game_id} '{page.title}' at {bet}: drew {drawn} outside {rect}"
