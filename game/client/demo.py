"""Demo mode: an unattended showcase of the available games on a separate demo wallet.

Each visit plays a game by autoplay with a seed list that mixes ordinary rounds with recorded
seeds known to trigger the game's features (each catalogue entry's ``demo_seeds``; the math is
never altered),
then moves on to the next game. Any key or click hands control back to the player's lobby.
Nothing grows per round: each visit builds a fresh screen and drops the last one.

Find fresh seeds after a game's math changes (and paste them into ``game/catalogue.py``)::

    python -m game.client.demo --find-seeds
"""

from __future__ import annotations

import argparse
import logging
import math
import random
import time
from typing import TYPE_CHECKING, Any

import pygame

from ..availability import playable
from ..catalogue import CATALOGUE, entry
from ..engine import get_game
from ..store import ATTENTION_STATUS, DEFAULT_STARTING_BALANCE, DEMO_FOLDER, Wallet, WalletAttention
from . import theme
from .autoplay import AutoplayConfig
from .errors import StartupError
from .widgets.art import rounded_panel
from .widgets.text import render_text

if TYPE_CHECKING:
    from ..engine import RoundResult
    from .app import App
    from .scene import Scene

log = logging.getLogger(__name__)

ROUNDS_PER_VISIT = 10
FEATURE_SLOTS = (2, 7)  # positions in a visit's seed list that get a feature seed
VISIT_SECONDS = 75.0  # after this, move on at the next idle moment
MAX_VISIT_SECONDS = 240.0  # move on even if the screen never settles
IDLE_MOVE_ON = 3.0  # seconds of idleness that mean autoplay has ended early
LOW_BALANCE_BETS = 40  # top up when the demo balance covers fewer rounds than this
INPUT_EVENTS = (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN)
SEARCH_SECONDS = 0.6


def load_seeds() -> dict[str, list[int]]:
    """Each available game's recorded feature seeds, from the catalogue."""
    return {item.id: list(item.demo_seeds) for item in CATALOGUE if item.available}


def _shows_feature(game: Any, features: dict[str, int]) -> bool:
    """The round plays the game's main feature (any feature, for a game without one named)."""
    if game.stratified_feature:
        return bool(features.get(game.stratified_feature))
    return bool(features)


def demo_play(game_id: str, seed: int) -> RoundResult:
    """The round of ``seed`` at the default bet as the demo plays it (buying the entry's extra spins)."""
    game: Any = get_game(game_id)
    extra = entry(game_id).demo_extra_spins
    return game.play(game.default_bet, seed, strategy=game.buying(extra) if extra else None)


def triggers_feature(game_id: str, seed: int) -> bool:
    return _shows_feature(get_game(game_id), demo_play(game_id, seed).features)


def find_feature_seeds(game_id: str, count: int, *, start: int = 1, budget_s: float | None = None,
                       shows: tuple[str, ...] = ()) -> list[int]:
    """Seeds whose round at the default bet triggers a feature (bounded by ``budget_s``), and whose
    round also tallies each feature named in ``shows`` (an award, a held reel)."""
    game = get_game(game_id)
    found: list[int] = []
    deadline = None if budget_s is None else time.monotonic() + budget_s
    seed = start
    while len(found) < count and (deadline is None or time.monotonic() < deadline):
        features = demo_play(game_id, seed).features
        if _shows_feature(game, features) and all(features.get(name) for name in shows):
            found.append(seed)
        seed += 1
    return found


class DemoDirector:
    """Drives the showcase from the app loop (input first, then update, then its banner)."""

    def __init__(self, app: App) -> None:
        from .screens import screen_available

        self.app = app
        self.games = [info.id for info in CATALOGUE if playable(info.id) and screen_available(info.id)]
        if not self.games:
            raise StartupError("--demo: no game screen is available yet")
        try:
            opened = Wallet.open(app.data_dir / DEMO_FOLDER)
        except WalletAttention as exc:  # the demo runs unattended: one line and its exit status
            raise StartupError(f"--demo: the demo's {exc} (in {app.data_dir / DEMO_FOLDER}; run the game with "
                               "--restore-verified --data-dir on that folder to restore it)",
                               status=ATTENTION_STATUS) from exc
        self.wallet = opened.wallet
        self.feature_seeds = self._checked_seeds()
        self.index = -1
        self.visits = 0
        self.visit_time = 0.0
        self.idle_time = 0.0
        self.screen: Scene | None = None
        self.time = 0.0
        res = app.context.resources
        label = render_text(theme.ui(res, 16, "heavy"), "DEMO  ·  ANY KEY PLAYS", theme.TEXT, theme.INK, 2)
        self.banner = rounded_panel((max(216, label.get_width() + 24), max(38, label.get_height() + 8)),
                                    (150, 30, 46), (90, 16, 30), edge=theme.GOLD, radius=16, alpha=230)
        self.banner.blit(label, label.get_rect(center=self.banner.get_rect().center))

    def _checked_seeds(self) -> dict[str, list[int]]:
        recorded = load_seeds()
        checked: dict[str, list[int]] = {}
        for game_id in self.games:
            seeds = [s for s in recorded.get(game_id, []) if triggers_feature(game_id, s)]
            if len(seeds) < 2:
                log.warning("demo: few recorded feature seeds for %s still trigger; searching "
                            "(regenerate with python -m game.client.demo --find-seeds)", game_id)
                seeds += find_feature_seeds(game_id, 4, budget_s=SEARCH_SECONDS, shows=entry(game_id).demo_shows)
            checked[game_id] = seeds
        return checked

    # -- visits --------------------------------------------------------------------------------

    def start(self) -> None:
        self.next_game(fade=False)

    def visit_seeds(self, game_id: str) -> list[int]:
        rng = random.Random(self.visits)  # ordinary rounds between the showcase ones
        seeds = [rng.getrandbits(63) for _ in range(ROUNDS_PER_VISIT)]
        features = self.feature_seeds.get(game_id) or []
        for n, slot in enumerate(FEATURE_SLOTS):
            if features:
                seeds[slot] = features[(self.visits * len(FEATURE_SLOTS) + n) % len(features)]
        return seeds

    def next_game(self, fade: bool = True) -> None:
        from .scenes.lobby import lobby_scene
        from .screens import GameScreenBuild

        self.index = (self.index + 1) % len(self.games)
        game_id = self.games[self.index]
        game = get_game(game_id)
        self.wallet.set_setting(f"{game_id}.bet", game.default_bet)  # the seeds were recorded there
        self._top_up(game.default_bet)
        config = AutoplayConfig(rounds=ROUNDS_PER_VISIT, seeds=self.visit_seeds(game_id),
                                extra_spins=entry(game_id).demo_extra_spins)
        self.visits += 1
        self.visit_time = self.idle_time = 0.0
        self.screen = None

        def opened(screen: Any) -> None:
            self.screen = screen

        # built once the screen it replaces is gone: one game in memory at a time
        job = GameScreenBuild(self.app.context, game_id, wallet=self.wallet, autoplay=config, on_open=opened,
                              fallback=lobby_scene)
        self.app.context.scenes.switch(job, fade=fade)
        log.info("demo: visit %d, %s", self.visits, game_id)

    def _top_up(self, bet: int) -> None:
        balance = self.wallet.balance
        if balance < bet * LOW_BALANCE_BETS:
            self.wallet.top_up(DEFAULT_STARTING_BALANCE, "demo top-up")

    # -- loop hooks ----------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in INPUT_EVENTS:
            self.finish()
            return True
        return event.type in (pygame.KEYUP, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.TEXTINPUT)

    def update(self, dt: float) -> None:
        self.time += dt
        self.visit_time += dt
        scenes = self.app.context.scenes
        if scenes.transitioning or self.screen is None:
            return
        if self.screen not in scenes.stack:
            return
        top = scenes.top
        if top is not self.screen and top is not None and top.overlay:
            top_close = getattr(top, "close", None)  # a dialog the screen raised: nobody will answer
            if callable(top_close) and self.visit_time > 2.0:
                top_close()
            return
        idle = bool(getattr(self.screen, "is_idle", lambda: True)())
        self.idle_time = self.idle_time + dt if idle else 0.0
        if ((self.visit_time >= VISIT_SECONDS and idle) or self.idle_time >= IDLE_MOVE_ON
                or self.visit_time >= MAX_VISIT_SECONDS):
            self.next_game()

    def draw(self, surface: pygame.Surface) -> None:
        self.banner.set_alpha(190 + int(60 * math.sin(self.time * 2.5)))
        surface.blit(self.banner, self.banner_rect(surface))

    def banner_rect(self, surface: pygame.Surface) -> pygame.Rect:
        """Where the DEMO banner goes: on a game screen, the badge's place at the top right, clear of
        the reel frame (under the badge while the feature's badge shows); in the lobby, top centre."""
        rect = self.banner.get_rect(midtop=(surface.get_width() // 2, 2))
        layout = getattr(self.screen, "layout", None)
        if layout is not None and "replay" in layout:
            badge = layout.rect("replay")
            rect.center = badge.center
            showing = getattr(self.screen, "in_feature", None)
            if getattr(self.screen, "in_bonus", False) or (callable(showing) and showing()):
                rect.top = badge.bottom + 4
        return rect

    def finish(self) -> None:
        """Any key: stop the showcase and give the player their own lobby."""
        log.info("demo: ended by the player after %d visit(s)", self.visits)
        stop = getattr(self.screen, "stop_autoplay", None)
        if callable(stop):
            stop()
        self.screen = None
        self.app.demo = None
        self.app.retired_wallets.append(self.wallet)  # closed at exit: the old screen still fades out
        self.app.context.audio.stop_all()
        self.app.enter_player_mode()

    def close(self) -> None:
        self.wallet.close()


def fresh_seeds(count: int, games: tuple[str, ...] = ()) -> dict[str, list[int]]:
    """``count`` feature seeds per game with an engine (or each of ``games``), for its catalogue
    entry's ``demo_seeds`` (each showing what the entry's ``demo_shows`` names)."""
    return {item.id: find_feature_seeds(item.id, count, shows=item.demo_shows) for item in CATALOGUE
            if item.engine is not None and (not games or item.id in games)}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m game.client.demo")
    parser.add_argument("--find-seeds", action="store_true",
                        help="print fresh demo_seeds for each game's entry in game/catalogue.py")
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("--game", action="append", default=[], metavar="ID",
                        help="only this game (repeat for more); default: every game with an engine")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO)
    if args.find_seeds:
        for game_id, seeds in fresh_seeds(args.count, tuple(args.game)).items():
            log.info("%s: demo_seeds=(%s)", game_id, ", ".join(map(str, seeds)))
