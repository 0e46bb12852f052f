"""Each game says how long its unfinished rounds wait (``Game.pending_limit``, its data's
``"pending_hours"``; 48 hours by default): one left longer is completed at launch by the game's own
strategy restricted to free options, buying nothing, credited, and the player is told.

A game from the template whose data says 3 hours is plugged into the catalogue (as
``test_template_game`` does); the product's games keep their 48 hours.
"""

from __future__ import annotations

import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pygame
import pytest

import game.engine.games as engine_games
from game.catalogue import CATALOGUE, GameEntry, plugged
from game.client import overlays
from game.client.app import App
from game.client.options import parse_args
from game.engine import DataError, get_game
from game.engine.data import Reader, read_pending_limit
from game.engine.game import Game
from game.engine.round import random_strategy
from game.session import STALE_AFTER, PlaySession, free_choices, pending_limit, resolve_stale_rounds
from game.store import Wallet
from tests.gift_shop import PatientShop
from tools import new_game

GAME_ID = "three_hour_globe"
NOW = datetime(2026, 12, 10, 12, 0, tzinfo=UTC)


@pytest.fixture(scope="module")
def three_hour_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameEntry]:
    """A game made from the template, its data saying ``"pending_hours": 3``."""
    root = tmp_path_factory.mktemp("three_hour_game")
    made = new_game.create(GAME_ID, "Three Hour Globe", root)
    engine_dir = root / "game" / "engine" / "games"
    data_file = engine_dir / GAME_ID / "data.json"
    data = json.loads(data_file.read_text(encoding="utf-8"))
    assert data["pending_hours"] == 48  # the template's own example: the default, said out loud
    data["pending_hours"] = 3
    data_file.write_text(json.dumps(data, indent=2), encoding="utf-8")
    engine_games.__path__.append(str(engine_dir))
    item = GameEntry(GAME_ID, made.title, "a game from the template that waits 3 hours",
                     engine=f"game.engine.games.{GAME_ID}:{made.class_name}")
    get_game.cache_clear()
    try:
        with plugged(item):
            yield item
    finally:
        engine_games.__path__.remove(str(engine_dir))
        for name in [n for n in sys.modules if f".{GAME_ID}" in n]:
            del sys.modules[name]
        get_game.cache_clear()


@pytest.fixture
def patient_shop() -> Iterator[GameEntry]:
    item = GameEntry(PatientShop.id, PatientShop.title, "a test game with its own strategy",
                     engine="tests.gift_shop:PatientShop")
    get_game.cache_clear()
    try:
        with plugged(item):
            yield item
    finally:
        get_game.cache_clear()


def wallet_at(data_dir: Path, moments: dict[str, datetime], **kwargs: int) -> tuple[Wallet, dict[str, datetime]]:
    """A wallet whose clock reads ``moments["t"]`` (tests move it)."""
    moments.setdefault("t", NOW)
    return Wallet.open(data_dir, clock=lambda: moments["t"], **kwargs).wallet, moments


def begin_at(wallet: Wallet, moments: dict[str, datetime], game_id: str, hours_ago: float, seed: int) -> int:
    """An open round of ``game_id`` begun ``hours_ago`` before NOW (paid through the session, shown to nowhere)."""
    moments["t"] = NOW - timedelta(hours=hours_ago)
    session = PlaySession(wallet, get_game(game_id))
    active = session.spin(seed=seed)
    moments["t"] = NOW
    return active.round_id


# --------------------------------------------------------------------------- the data


def test_the_data_says_the_limit_in_whole_hours() -> None:
    default = timedelta(hours=48)
    assert read_pending_limit(Reader("d.json", {}), default) == default
    assert read_pending_limit(Reader("d.json", {"pending_hours": 3}), default) == timedelta(hours=3)
    for bad in (0, -1, "3", 2.5, True, 24 * 367):
        with pytest.raises(DataError, match="pending_hours"):
            read_pending_limit(Reader("d.json", {"pending_hours": bad}), default)


def test_every_product_game_keeps_48_hours_but_slingo_3() -> None:
    assert Game.pending_limit == STALE_AFTER == timedelta(hours=48)
    for item in CATALOGUE:
        if item.engine is not None:
            hours = 3 if item.id == "slingo_santa_king" else 48  # its rule text: "auto-completed after 3 hours"
            assert get_game(item.id).pending_limit == timedelta(hours=hours), item.id
            assert pending_limit(item.id) == timedelta(hours=hours)
    assert pending_limit("no_such_game") == STALE_AFTER  # not loadable


def test_a_game_whose_data_says_3_hours_waits_3_hours(three_hour_game: GameEntry) -> None:
    assert get_game(GAME_ID).pending_limit == timedelta(hours=3) == pending_limit(GAME_ID)


# --------------------------------------------------------------------------- the resolver


def test_each_round_waits_its_own_games_limit(three_hour_game: GameEntry, tmp_path: Path) -> None:
    wallet, moments = wallet_at(tmp_path, {}, starting_balance=100_000)
    late = begin_at(wallet, moments, GAME_ID, 4, seed=5)
    waiting = begin_at(wallet, moments, GAME_ID, 2, seed=6)
    halloween = begin_at(wallet, moments, "halloween_vacation", 4, seed=7)
    fat_santa = begin_at(wallet, moments, "fat_santa", 47, seed=8)
    old_halloween = begin_at(wallet, moments, "halloween_vacation", 49, seed=9)
    before = wallet.balance
    resolved = resolve_stale_rounds(wallet, now=NOW)
    assert [(r.round_id, r.refunded, r.hours) for r in resolved] == [
        (late, False, "3 hours"), (old_halloween, False, "48 hours")]
    assert [r.id for r in wallet.open_rounds()] == [waiting, halloween, fat_santa]
    game = get_game(GAME_ID)
    expected = game.play(game.default_bet, 5, strategy=free_choices(game.strategy))
    assert wallet.get_round(late).win == expected.win and wallet.get_round(late).note == (
        "resolved automatically after 3 hours")
    assert "48 hours" in (wallet.get_round(old_halloween).note or "")
    assert wallet.balance == before + sum(r.win for r in resolved)
    assert wallet.audit() == [] and resolve_stale_rounds(wallet, now=NOW) == []
    later = resolve_stale_rounds(wallet, now=NOW + timedelta(hours=1, seconds=1))
    assert [r.round_id for r in later] == [waiting, fat_santa]
    wallet.close()


def test_the_games_own_strategy_decides_and_never_buys(patient_shop: GameEntry, tmp_path: Path) -> None:
    """Patient Shop's strategy takes the green box (a random one would not, every time) and then the
    first option, "buy"; restricted to free options it collects: nothing is bought unseen."""
    wallet, moments = wallet_at(tmp_path, {}, starting_balance=10_000)
    seeds = range(1, 9)
    rounds = [begin_at(wallet, moments, PatientShop.id, 3.5, seed) for seed in seeds]
    resolved = resolve_stale_rounds(wallet, now=NOW)
    assert [r.round_id for r in resolved] == rounds and not any(r.refunded for r in resolved)
    game = get_game(PatientShop.id)
    randomly = []
    for rid, seed in zip(rounds, seeds):
        record = wallet.get_round(rid)
        expected = game.play(100, seed, decisions=["green", "collect"])
        assert (record.win, record.state_out, record.cost) == (expected.win, expected.state_out, 100)
        assert record.state_out == {"rounds": 1, "boxes_sold": 0}  # no box bought
        randomly.append(game.play(100, seed, strategy=free_choices(random_strategy)).win)
    assert randomly != [wallet.get_round(rid).win for rid in rounds]  # the random one would have chosen red
    assert wallet.balance == 10_000 - 800 + sum(r.win for r in resolved) and wallet.audit() == []
    wallet.close()


def test_a_free_game_left_unfinished_is_completed_and_credited_in_its_blend(patient_shop: GameEntry,
                                                                           tmp_path: Path) -> None:
    wallet, moments = wallet_at(tmp_path, {}, starting_balance=10_000)
    wallet.grant_free_games(2, 100, PatientShop.id)
    moments["t"] = NOW - timedelta(hours=4)
    session = PlaySession(wallet, get_game(PatientShop.id))
    active = session.spin(seed=3, free=True)
    moments["t"] = NOW
    (done,) = resolve_stale_rounds(wallet, now=NOW)
    record = wallet.get_round(active.round_id)
    assert done.round_id == active.round_id and record.free_game is not None
    assert (record.bonus_cost, record.bonus_win) == (100, record.win)  # paid from the bonus: won into it
    assert wallet.balance == 10_000 and wallet.bonus_balance == 100 + record.win
    assert wallet.audit() == []
    wallet.close()


def test_launch_tells_the_player_each_games_limit(three_hour_game: GameEntry, tmp_path: Path) -> None:
    data_dir = tmp_path / "data"
    wallet = Wallet.open(data_dir).wallet
    now = datetime.now(UTC)
    moments = {"t": now - timedelta(hours=3, minutes=5)}
    wallet.close()
    wallet, moments = wallet_at(data_dir, moments)
    PlaySession(wallet, get_game(GAME_ID)).spin(seed=5)
    moments["t"] = now - timedelta(hours=49)
    PlaySession(wallet, get_game("halloween_vacation")).spin(seed=9)
    wallet.close()
    app = App(parse_args(["--data-dir", str(data_dir), "--mute"]))
    try:
        app.start()
        top = app.context.scenes.top
        assert isinstance(top, overlays.MessageDialog)
        text = " ".join(top.lines)
        assert "Three Hour Globe" in text and "more than 3 hours" in text
        assert "Halloween Vacation" in text and "more than 48 hours" in text
        assert "buying nothing" in text and app.context.wallet.open_rounds() == []
    finally:
        if pygame.get_init():
            app.shutdown()
