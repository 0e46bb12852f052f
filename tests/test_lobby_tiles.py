"""The lobby holds any number of games: its tiles laid out in the map's ``tiles`` area, the
subtitle and key hints from the count, keys 1-9 (and the keypad's) opening the first nine; each
number stands clear of the tile's art, and the welcome notice clear of the lights and the tiles."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.catalogue import CATALOGUE
from game.client.scenes import lobby as lobby_module
from game.client.scenes.lobby import LobbyScene, games_line, keys_hint
from game.client.scenes.tile_grid import CARD_SIZE, lay_out
from tests import harness

FIXED_REGIONS = ("title", "subtitle", "balance", "topup", "settings", "toast", "hint")


@pytest.fixture(autouse=True)
def _window(request: pytest.FixtureRequest) -> None:
    if "launch" not in request.node.name:
        request.getfixturevalue("display")


def lobby_of(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, count: int) -> LobbyScene:
    """The lobby over a catalogue of ``count`` games (the real ones, repeated as needed)."""
    games = tuple(CATALOGUE[i % len(CATALOGUE)] for i in range(count))
    monkeypatch.setattr(lobby_module, "CATALOGUE", games)
    app = harness.make_app(tmp_path)
    lobby = LobbyScene(app)
    app.scenes.push(lobby)
    return lobby


@pytest.mark.parametrize("count", [1, 5, 6, 9])
def test_every_tile_is_inside_the_window_and_clear_of_the_rest(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               count: int) -> None:
    lobby = lobby_of(tmp_path, monkeypatch, count)
    window = pygame.Rect((0, 0), lobby.layout.size)
    assert len(lobby.tiles) == count
    shapes = []
    for tile in lobby.tiles:
        assert tile.tab_rect is not None
        shapes += [tile.rect, tile.tab_rect]
        assert window.contains(tile.rect) and window.contains(tile.tab_rect)
        assert lobby.layout.rect("tiles").contains(tile.rect.union(tile.tab_rect))
        assert tile.rect.contains(tile.art_rect)
        assert abs(tile.rect.w / tile.rect.h - CARD_SIZE[0] / CARD_SIZE[1]) < 0.01  # the card's shape kept
    for index, shape in enumerate(shapes):
        others = shapes[:index] + shapes[index + 1:]
        if index % 2:  # a tab touches its own card's top edge, no other shape
            others.remove(shapes[index - 1])
        assert shape.collidelist(others) == -1, f"{shape} overlaps another tile"
    for name in FIXED_REGIONS:
        assert lobby.layout.rect(name).collidelist(shapes) == -1, f"a tile overlaps the lobby's {name}"


def test_the_number_stands_clear_of_every_tiles_art(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "3" no longer covers the "Naughty" written on Naughty or Nice?'s art."""
    lobby = lobby_of(tmp_path, monkeypatch, len(CATALOGUE))
    arts = [tile.art_rect for tile in lobby.tiles]
    for tile in lobby.tiles:
        assert tile.tab_rect is not None and tile.tab_rect.collidelist(arts) == -1


@pytest.mark.parametrize("count", [1, 5, 6, 9])
def test_each_tile_opens_by_its_number_key_and_the_keypads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                            count: int) -> None:
    lobby = lobby_of(tmp_path, monkeypatch, count)
    opened: list[str] = []

    def switch(job: Any, fade: bool = True) -> None:
        opened.append(job.game_id)

    monkeypatch.setattr(lobby.app.scenes, "switch", switch)
    for first in (pygame.K_1, pygame.K_KP1):
        for number in range(1, 10):
            used = lobby.handle_event(pygame.event.Event(pygame.KEYDOWN, key=first + number - 1, mod=0, unicode=""))
            assert used == (number <= count)
    expected = [tile.info.id for tile in lobby.tiles]
    assert opened == expected * 2


def test_a_tenth_game_has_no_number_and_is_reached_by_the_arrows(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = lobby_of(tmp_path, monkeypatch, 10)
    window = pygame.Rect((0, 0), lobby.layout.size)
    assert all(window.contains(tile.rect) for tile in lobby.tiles)
    assert lobby.tiles[8].tab_rect is not None and lobby.tiles[9].tab_rect is None
    lobby.selected = 8
    lobby.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert lobby.selected == 9


def test_the_subtitle_and_hints_count_the_games() -> None:
    assert games_line(1).startswith("One festive game ")
    assert games_line(5).startswith("Five festive games ")
    assert games_line(6).startswith("Six festive games ")
    assert games_line(40).startswith("40 festive games ")
    assert keys_hint(1).startswith("1 or Left/Right")
    assert keys_hint(5).startswith("1-5 or ") and keys_hint(9).startswith("1-9 or ")
    assert keys_hint(12).startswith("1-9 or ")


def test_the_layout_uses_one_row_while_cards_are_larger_so() -> None:
    area = pygame.Rect(34, 238, 1212, 386)
    assert lay_out(area, 5).rows == 1 and lay_out(area, 5).scale > 0.9
    many = lay_out(area, 30)
    assert many.rows > 1 and len(many.cards) == 30 and all(area.contains(card) for card in many.cards)
    with pytest.raises(ValueError, match="at least one game"):
        lay_out(area, 0)


def test_a_lobby_message_waits_its_turn_with_the_notices(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lobby's own messages go where the notices go, one at a time, never twice in the queue."""
    lobby = lobby_of(tmp_path, monkeypatch, 5)
    lobby.show_toast("Fat Santa is coming soon")
    lobby.show_toast("Fat Santa is coming soon")
    assert lobby.app.notices == ["Fat Santa is coming soon"]
    assert lobby.notice_place() == lobby.layout.rect("toast").midtop


def test_the_welcome_notice_is_clear_of_the_lights_and_the_tiles_at_launch(tmp_path: Path) -> None:
    """Last in this file: the real app's shutdown closes pygame."""
    app = harness.launch(tmp_path, "--mute")
    try:
        harness.run_frames(app, 3)
        lobby = app.context.scenes.top
        assert isinstance(lobby, LobbyScene)
        notice = app.notices.rect(app.screen, app.notice_place())
        assert notice is not None, "a fresh wallet's welcome notice is showing"
        assert pygame.Rect((0, 0), lobby.layout.size).contains(notice)
        assert not notice.colliderect(lobby.layout.rect("lights"))
        assert not notice.colliderect(lobby.layout.rect("hint"))
        shapes = [tile.rect for tile in lobby.tiles] + [tile.tab_rect for tile in lobby.tiles if tile.tab_rect]
        assert notice.collidelist(shapes) == -1
    finally:
        app.shutdown()
