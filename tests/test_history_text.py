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


def test_the_stake_column_shows_each_purchase() -> None:
    from dataclasses import replace

    from game.client.overlays.history import stake_text
    from game.store.records import RoundRecord

    plain = RoundRecord(id=1, game_id="g", bet=100, cost=100, seed=1, buy=False, state_in=None, decisions=[],
                        decision_costs=[], progress={}, status="settled", win=0, state_out=None, summary=None,
                        created_at="2026-12-01T08:00:00.000Z", settled_at=None, note=None)
    assert stake_text(plain) == "1.00"
    assert stake_text(replace(plain, cost=8500, buy=True)) == "85.00 (buy)"
    bought = replace(plain, cost=780, decisions=["red", "buy", "buy", "collect"], decision_costs=[0, 340, 340, 0])
    assert stake_text(bought) == "7.80 (2 bought)"
