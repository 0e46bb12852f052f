"""History rows name the round's features briefly and always fit their column."""

from __future__ import annotations

import pygame

from game.client.overlays.history import features_text, fit_text


def test_features_read_free_games_first_with_counts() -> None:
    summary = {"features": {"expanding_wilds": 1, "free_games": 1, "sticky_wilds": 3}}
    assert features_text(summary) == "free games, expanding wilds, sticky wilds x3"
    assert features_text({"features": {}}) == "-"
    assert features_text(None) == "-"


def test_long_text_is_cut_at_a_word_with_an_ellipsis() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 24)
    text = "free games, expanding wilds, sticky wilds x3"
    width = font.size(text)[0] - 40
    cut = fit_text(font, text, width)
    assert cut.endswith("…") and font.size(cut)[0] <= width
    assert text.startswith(cut[:-2].rstrip(","))
    assert fit_text(font, "short", 500) == "short"
