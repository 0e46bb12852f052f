"""A throwaway game built from the template plays through the engine, the session and a real screen.

``python -m tools.new_game`` writes the game into a temporary tree; the test plugs that tree's
packages into ``game.engine.games`` and ``game.client.games`` and the game into the catalogue,
then plays it like a player: a spin that offers a priced respin (bought through the choice
overlay, refused when the balance is short), a gift pick, autoplay answering by the game's
strategy, and a round killed at its question that reopens there.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.client.games as client_games
import game.engine.games as engine_games
from game.catalogue import CATALOGUE, GameEntry, plugged
from game.client.autoplay import AutoplayConfig
from game.client.overlays import ChoiceOverlay
from game.engine import get_game
from game.session import PlaySession
from game.store import Wallet
from tests import harness
from tools import new_game

GAME_ID = "zz_template_probe"  # not the docs' example id, which a newcomer's game may well take
assert all(entry.id != GAME_ID for entry in CATALOGUE)


@pytest.fixture(scope="module")
def template_game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameEntry]:
    root = tmp_path_factory.mktemp("sixth_game")
    made = new_game.create(GAME_ID, "Template Probe", root)
    engine_dir, client_dir = root / "game" / "engine" / "games", root / "game" / "client" / "games"
    engine_games.__path__.append(str(engine_dir))
    client_games.__path__.append(str(client_dir))
    item = GameEntry(GAME_ID, made.title, "a game from the template",
                     engine=f"game.engine.games.{GAME_ID}:{made.class_name}",
                     screen=f"game.client.games.{GAME_ID}.screen:{made.class_name}Screen",
                     map=str(root / "levels" / f"{GAME_ID}.tmx"))
    try:
        with plugged(item):
            yield item
    finally:
        engine_games.__path__.remove(str(engine_dir))
        client_games.__path__.remove(str(client_dir))
        for name in [n for n in sys.modules if f".{GAME_ID}" in n]:
            del sys.modules[name]
        get_game.cache_clear()


def gifts(result) -> int:
    return len(result.events[0]["gifts"])


def offers_respin(result) -> bool:
    return gifts(result) == 2


def respin_then_pick(result) -> bool:
    return "respin" in result.decisions and any(e["type"] == "gift_opened" for e in result.events)


def test_new_game_refuses_bad_ids_and_never_overwrites(tmp_path: Path) -> None:
    with pytest.raises(new_game.NewGameError, match="not a game id"):
        new_game.create("Bad Id", "Bad", tmp_path)
    new_game.create("kept_game", "Kept", tmp_path)
    before = (tmp_path / "levels" / "kept_game.tmx").read_bytes()
    with pytest.raises(new_game.NewGameError, match="exists already"):
        new_game.create("kept_game", "Kept Again", tmp_path)
    assert (tmp_path / "levels" / "kept_game.tmx").read_bytes() == before
    assert "class KeptGame(Game)" in (tmp_path / "game" / "engine" / "games" / "kept_game" / "game.py").read_text()
    assert new_game.main(["Bad Id", "x", "--root", str(tmp_path)]) == 2


def test_the_template_has_the_file_set_of_every_game(template_game: GameEntry) -> None:
    """Same file names as the product's games: screen, presenter, art, help; game.py and data.json."""
    root = Path(str(template_game.map)).parents[1]
    made = {p.name for p in (root / "game" / "client" / "games" / GAME_ID).iterdir()}
    assert {"__init__.py", "screen.py", "presenter.py", "art.py", "help.py"} <= made
    for item in CATALOGUE:
        if item.available:
            assert {"__init__.py", "screen.py", "presenter.py", "art.py", "help.py"} <= {
                p.name for p in (Path(client_games.__file__).parent / item.id).iterdir()}, item.id
    engine_set = {"__init__.py", "game.py", "data.json", "DESIGN.md", "events.json", "EVENTS.md"}
    assert engine_set <= {p.name for p in (root / "game" / "engine" / "games" / GAME_ID).iterdir()}
    for item in CATALOGUE:
        if item.available:
            folder = Path(engine_games.__file__).parent / item.id
            names = {p.name for p in folder.iterdir()}
            assert engine_set <= names, item.id


def test_engine_prices_the_respin_and_replays_it(template_game: GameEntry) -> None:
    game = get_game(GAME_ID)
    seed = harness.seed_where(GAME_ID, "respin then pick", respin_then_pick)
    result = game.play(game.default_bet, seed, strategy=lambda d, rng: d.options[0])
    price = game.respin_price(game.default_bet)
    assert result.decisions[0] == "respin" and result.decision_costs[0] == price
    assert result.cost == game.default_bet + price
    bought = [e for e in result.events if e["type"] == "decision"]
    assert bought[0] == {"type": "decision", "kind": "respin", "choice": "respin", "price": price}
    again = game.play(game.default_bet, seed, decisions=list(result.decisions))
    assert again.events == result.events and again.cost == result.cost


def test_session_debits_the_respin_with_the_choice(template_game: GameEntry, tmp_path: Path) -> None:
    game = get_game(GAME_ID)
    wallet = Wallet.open(tmp_path, starting_balance=10_000).wallet
    session = PlaySession(wallet, game)
    seed = harness.seed_where(GAME_ID, "offers a respin", offers_respin)
    active = session.spin(seed=seed)
    assert active.pending is not None and active.pending.kind == "respin"
    assert wallet.balance == 10_000 - session.bet
    session.decide(active, "respin")
    price = game.respin_price(session.bet)
    assert wallet.balance == 10_000 - session.bet - price
    while active.pending is not None:
        session.decide(active, active.pending.options[0])
    session.settle(active)
    record = wallet.history(GAME_ID, 1)[0]
    assert record.cost == session.bet + price and record.decision_costs[0] == price
    assert wallet.balance == 10_000 - record.cost + record.win
    assert wallet.audit() == []


def test_screen_asks_sells_the_respin_and_settles_once(template_game: GameEntry, tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME_ID, surface=display, starting_balance=10_000, turbo=True)
    game = get_game(GAME_ID)
    seed = harness.seed_where(GAME_ID, "respin then pick", respin_then_pick)
    bet = h.screen.session.bet
    price = game.respin_price(bet)
    assert h.spin(seed)
    question = h.run_until_asked()
    assert isinstance(question, ChoiceOverlay)
    assert [o.label for o in question.options] == ["RESPIN", "COLLECT"]
    assert question.options[0].detail == f"costs {price / 100:.2f}"
    assert h.wallet.balance == 10_000 - bet  # nothing is taken before the choice
    h.pump(0.5)  # a priced question takes a press once it has been on screen a moment
    h.press(pygame.K_RETURN)  # Enter takes the focused option: the respin
    assert h.wallet.balance == 10_000 - bet - price  # committed before the continuation is shown
    pick = h.run_until_asked()
    assert pick.options[1].label == "MIDDLE"
    h.press(pygame.K_RIGHT)
    h.press(pygame.K_RETURN)
    h.run_until_idle()
    record = h.wallet.history(GAME_ID, 1)[0]
    expected = game.play(bet, seed, decisions=["respin", "middle"])
    assert record.decisions == ["respin", "middle"] and record.win == expected.win
    assert h.wallet.balance == 10_000 - bet - price + expected.win
    assert h.wallet.audit() == []
    assert "spin" in h.steps and "banner" in h.steps  # the respin spun, the gift card showed


def test_a_respin_the_balance_cannot_cover_is_refused(template_game: GameEntry, tmp_path: Path, display) -> None:
    game = get_game(GAME_ID)
    bet = game.default_bet
    h = harness.open_game(tmp_path, GAME_ID, surface=display, starting_balance=bet, turbo=True)
    seed = harness.seed_where(GAME_ID, "offers a respin", offers_respin)
    assert h.spin(seed)
    question = h.run_until_asked()
    assert h.answer("respin") is False
    assert "costs" in question.reason and h.app.scenes.top is question
    assert h.wallet.balance == 0 and h.wallet.open_rounds()[0].decisions == []
    assert h.answer("collect") is True
    h.run_until_idle()
    assert h.wallet.audit() == []


def test_autoplay_answers_by_the_games_strategy(template_game: GameEntry, tmp_path: Path, display) -> None:
    h = harness.open_game(tmp_path, GAME_ID, surface=display, starting_balance=100_000, turbo=True)
    seeds = [harness.seed_where(GAME_ID, "offers a respin", offers_respin), 1, 2, 3]
    h.screen.start_autoplay(AutoplayConfig(rounds=len(seeds), seeds=seeds))
    h.until(lambda: not h.screen.autoplaying and h.screen.is_idle(), limit=300)
    records = h.wallet.history(GAME_ID, 10)
    assert len(records) == len(seeds) and all(r.status == "settled" for r in records)
    offered = records[-1]
    assert offered.decisions and offered.decisions[0] in ("respin", "collect")
    assert h.wallet.audit() == []


def test_a_round_left_at_its_question_reopens_there(template_game: GameEntry, tmp_path: Path, display) -> None:
    seed = harness.seed_where(GAME_ID, "offers a respin", offers_respin)
    first = harness.open_game(tmp_path, GAME_ID, surface=display, starting_balance=10_000, turbo=True)
    first.spin(seed)
    first.run_until_asked()
    first.wallet.close()  # the app is gone with the question open
    app = harness.make_app(tmp_path)
    session = PlaySession(app.wallet, get_game(GAME_ID))
    active = session.resume_open_round()
    assert active is not None and active.pending is not None and active.pending.kind == "respin"
    again = harness.Harness(app, harness.open_screen(app, GAME_ID, resume=active), display)
    again.run_until_asked()
    assert again.answer("collect")
    again.run_until_idle()
    assert app.wallet.open_rounds() == [] and app.wallet.audit() == []
