"""The headless harness every screen test uses: make a screen for a game id, press keys, run time
forward in fixed frames, run until idle, answer a decision, capture the steps a round became.

    h = harness.open_game(tmp_path, "halloween_vacation")
    h.spin(seed=99)            # pay and present one round with a known seed
    h.run_until_idle()         # frames of 1/60 s until the round is shown and settled
    h.answer("nice")           # the choice overlay picks that option (as Enter or a click would)

Seeds a test needs are found on first use (``seed_where``), never at import or collection time.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame

from game.client.audio import Audio
from game.client.context import AppContext
from game.client.kit.director import RoundDirector
from game.client.kit.presenter import EventPresenter
from game.client.kit.screen import GameScreen
from game.client.resources import Resources
from game.client.scene import SceneManager
from game.client.screens import screen_class
from game.engine import RoundResult, get_game
from game.session import ActiveRound, PlaySession
from game.store import Wallet

DT = 1 / 60

# Strict presenters in every test: an event type a screen cannot show is an error.
EventPresenter.strict = True


def make_app(data_dir: Path, starting_balance: int = 1_000_000, **options: Any) -> AppContext:
    """An app context on a fresh wallet in ``data_dir`` (no window loop: tests drive the frames)."""
    wallet = Wallet.open(data_dir, starting_balance=starting_balance).wallet
    flags = {"seed": None, "autoplay": None, "demo": False, **options}
    return AppContext(scenes=SceneManager(), resources=Resources(), audio=Audio(wallet), wallet=wallet,
                      options=SimpleNamespace(**flags))  # type: ignore[arg-type]


def open_screen(app: AppContext, game_id: str, *, bet: int | None = None, resume: ActiveRound | None = None,
                budget: int | None = None, seed: int | None = None) -> GameScreen:
    """The game's screen (from the catalogue) on the app's wallet, pushed on the scene stack."""
    session = PlaySession(app.wallet, get_game(game_id), budget=budget, seed=seed)
    if bet is not None:
        session.bet = bet
    screen: GameScreen = screen_class(game_id)(app, session, resume=resume)
    app.scenes.push(screen)
    return screen


@dataclass
class Harness:
    app: AppContext
    screen: Any  # the game's own screen class: tests reach its widgets
    surface: pygame.Surface | None = None
    steps: list[str] = field(default_factory=list)  # names of every step built, in order

    def __post_init__(self) -> None:
        build = self.screen.steps_for

        def capturing(*args: Any, **kwargs: Any) -> list[Any]:
            built = build(*args, **kwargs)
            self.steps.extend(step.name for step in built)
            return built

        self.screen.steps_for = capturing

    @property
    def wallet(self) -> Wallet:
        return self.app.wallet

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    # -- input -------------------------------------------------------------------------------

    def press(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        for event in pygame.event.get():
            self.app.scenes.handle_event(event)

    def click(self, pos: tuple[int, int]) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.app.scenes.handle_event(pygame.event.Event(kind, pos=pos, button=1))

    # -- time --------------------------------------------------------------------------------

    def frame(self, draw: bool = False) -> None:
        self.app.scenes.update(DT)
        if draw and self.surface is not None:
            self.app.scenes.draw(self.surface)

    def pump(self, seconds: float, draw_every: int = 10) -> None:
        for n in range(round(seconds / DT)):
            self.frame(draw=draw_every > 0 and n % draw_every == 0)

    def until(self, condition: Callable[[], bool], limit: float = 600.0, each: Callable[[], None] | None = None,
              draw_every: int = 20) -> float:
        """Frames until ``condition()``; the seconds it took (fails after ``limit`` seconds)."""
        t = 0.0
        n = 0
        while not condition():
            self.frame(draw=draw_every > 0 and n % draw_every == 0)
            if each is not None:
                each()
            t += DT
            n += 1
            assert t < limit, f"timed out after {limit} s"
        return t

    def run_until_idle(self, limit: float = 600.0) -> float:
        """Until the round (or replay) is shown and settled and no overlay is open."""
        return self.until(self.screen.is_idle, limit)

    def run_until_asked(self, limit: float = 600.0) -> Any:
        """Until the round waits on the player: the choice overlay on top."""
        from game.client.overlays import ChoiceOverlay

        self.until(lambda: isinstance(self.app.scenes.top, ChoiceOverlay), limit)
        return self.app.scenes.top

    # -- rounds ------------------------------------------------------------------------------

    def spin(self, seed: int, *, buy: bool = False) -> bool:
        return bool(self.screen.spin(seed=seed, buy=buy))

    def answer(self, choice: Any) -> bool:
        """Pick ``choice`` on the open choice overlay; False when it was refused (it stays open)."""
        from game.client.overlays import ChoiceOverlay

        overlay = self.app.scenes.top
        assert isinstance(overlay, ChoiceOverlay), f"no question is open (top: {overlay!r})"
        decision = self.screen.director.pending
        index = decision.options.index(choice)
        overlay.choose(index)
        return self.app.scenes.top is not overlay

    def show(self, events: Sequence[dict[str, Any]], bet: int) -> None:
        """Present a made-up event list (as a replay would: nothing is paid or settled)."""
        play = SimpleNamespace(events=list(events), bet=bet, pending=None)
        self.screen.replaying = SimpleNamespace(bet=bet)
        self.screen.on_round_start()
        self.screen.director = RoundDirector.for_replay(self.screen, play)  # type: ignore[arg-type]


def open_game(data_dir: Path, game_id: str, *, surface: pygame.Surface | None = None, starting_balance: int = 1_000_000,
         turbo: bool | None = None, **screen_options: Any) -> Harness:
    """A harness around a fresh screen of ``game_id`` on a fresh wallet in ``data_dir``."""
    app = make_app(data_dir, starting_balance)
    if turbo is not None:
        app.flags["turbo"] = turbo
    return Harness(app, open_screen(app, game_id, **screen_options), surface)


@cache
def _found(game_id: str, key: str, buy: bool, bet: int, start: int, limit: int,
           predicate: Callable[[RoundResult], bool]) -> int:
    game = get_game(game_id)
    for seed in range(start, start + limit):
        if predicate(game.play(bet, seed, buy=buy)):
            return seed
    raise AssertionError(f"no {game_id} seed in [{start}, {start + limit}) is {key}")


_PREDICATES: dict[tuple[str, str], Callable[[RoundResult], bool]] = {}


def seed_where(game_id: str, key: str, predicate: Callable[[RoundResult], bool], *, buy: bool = False,
               bet: int | None = None, start: int = 1, limit: int = 20_000) -> int:
    """The first seed from ``start`` whose round fits ``predicate`` (searched once per test run)."""
    stored = _PREDICATES.setdefault((game_id, key), predicate)
    game_bet = get_game(game_id).default_bet if bet is None else bet
    return _found(game_id, key, buy, game_bet, start, limit, stored)
