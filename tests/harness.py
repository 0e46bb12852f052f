"""The headless harness every screen test uses: make a screen for a game id, press keys, run time
forward in fixed frames, run until idle, answer a decision, capture the steps a round became.

    h = harness.open_game(tmp_path, "halloween_vacation")
    h.press(pygame.K_SPACE)    # a key pressed and let go (h.key_down / h.key_up: held, repeated)
    h.spin(seed=99)            # pay and present one round with a known seed
    h.run_until_idle()         # frames of 1/60 s until the round is shown and settled
    h.answer("nice")           # the choice overlay picks that option (as Enter or a click would)

    harness.leave_open(tmp_path, "fat_santa", seed, step=9, buy=True)  # a killed app's open round
    h = harness.reopen(tmp_path, "fat_santa")                         # the next launch resumes it

    app = harness.launch(tmp_path, "--mute")   # the real App (its own input path), for shell tests
    harness.post_key(pygame.K_RIGHT); harness.run_frames(app, 3)

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
from typing import TYPE_CHECKING, Any

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
from game.engine.rng import derive_seed
from game.session import ActiveRound, PlaySession
from game.store import Wallet

if TYPE_CHECKING:
    from game.client.app import App
    from game.client.attention import AttentionScreen

DT = 1 / 60

# Strict presenters in every test: an event type a screen cannot show is an error.
EventPresenter.strict = True


def make_app(data_dir: Path, starting_balance: int = 1_000_000, **options: Any) -> AppContext:
    """An app context on a fresh wallet in ``data_dir`` (no window loop: tests drive the frames)."""
    wallet = Wallet.open(data_dir, starting_balance=starting_balance).wallet
    flags = {"seed": None, "practice": False, "autoplay": None, "demo": False, **options}
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
    resumed: ActiveRound | None = None  # the open round a reopened screen resumed (``reopen``)
    cards: list[str] = field(default_factory=list)  # the title of every card the banner showed, in order

    def __post_init__(self) -> None:
        build = self.screen.steps_for

        def capturing(*args: Any, **kwargs: Any) -> list[Any]:
            built = build(*args, **kwargs)
            self.steps.extend(step.name for step in built)
            return built

        self.screen.steps_for = capturing
        banner = self.screen.banner
        show = banner.show

        def showing(title: str, *args: Any, **kwargs: Any) -> None:
            self.cards.append(title)
            show(title, *args, **kwargs)

        banner.show = showing

    @property
    def wallet(self) -> Wallet:
        return self.app.wallet

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    # -- input -------------------------------------------------------------------------------

    def press(self, key: int) -> None:
        """A key pressed and let go (a fresh press)."""
        self.key_down(key)
        self.key_up(key)

    def key_down(self, key: int) -> None:
        """A key pressed and held; pressed again while held, it is the key's repeat."""
        self._send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))

    def key_up(self, key: int) -> None:
        self._send(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))

    def _send(self, event: pygame.event.Event) -> None:
        pygame.event.post(event)
        for queued in pygame.event.get():
            self.app.scenes.handle_event(queued)

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
              draw_every: int = 20, before: Callable[[], None] | None = None, player: bool = True) -> float:
        """Frames until ``condition()``; the seconds it took (fails after ``limit`` seconds).

        ``before`` runs ahead of every frame (only while the condition is still false), ``each``
        after it. With ``player`` (the default) a feature card that waits for the player is
        dismissed with Space once it is fully in, as a player would; ``player=False`` leaves it.
        """
        t = 0.0
        n = 0
        while not condition():
            if before is not None:
                before()
            self.frame(draw=draw_every > 0 and n % draw_every == 0)
            if player:
                self.dismiss_card()
            if each is not None:
                each()
            t += DT
            n += 1
            assert t < limit, f"timed out after {limit} s"
        return t

    def dismiss_card(self) -> None:
        """What a player does at a feature card that waits: press Space (once it has been seen)."""
        director = self.screen.director
        step = director.timeline.current if director is not None else None
        if getattr(step, "waiting", False) and self.screen.banner.shown:
            self.press(pygame.K_SPACE)

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

    def play_round(self, seed: int, *, buy: bool = False, skip: bool = False, limit: float = 600.0,
                   draw_every: int = 0) -> float:
        """Pay for and present one round until idle; the seconds it took on screen.

        With ``skip`` the player presses Space before every frame (quick stop, skip every beat).
        """
        assert self.spin(seed, buy=buy), "the round could not be bought"
        before = (lambda: self.press(pygame.K_SPACE)) if skip else None
        return self.until(self.screen.is_idle, limit, draw_every=draw_every, before=before)

    def answer(self, choice: Any, *, confirm: bool = True) -> bool:
        """Pick ``choice`` on the open choice overlay; False when it was refused (it stays open).

        A price above the player's threshold asks a second time: with ``confirm`` the player
        confirms it (a fresh Enter once the dialog is armed); without, the dialog is left open.
        """
        from game.client.overlays import ChoiceOverlay

        overlay = self.app.scenes.top
        assert isinstance(overlay, ChoiceOverlay), f"no question is open (top: {overlay!r})"
        decision = self.screen.director.pending
        index = decision.options.index(choice)
        overlay.choose(index)
        if confirm and self.confirming_price():
            self.confirm_price()
        return overlay not in self.app.scenes.stack

    def confirming_price(self) -> bool:
        """The second confirmation of a price is on top."""
        from game.client.overlays import ConfirmDialog
        from game.client.prices import CONFIRM_TITLE

        return isinstance(self.top, ConfirmDialog) and self.top.title == CONFIRM_TITLE

    def confirm_price(self) -> None:
        """Confirm the price asked: wait until the dialog takes a press, then a fresh Enter."""
        from game.client.prices import ARMED_AFTER

        assert self.confirming_price(), f"no price to confirm (top: {self.top!r})"
        self.pump(ARMED_AFTER + DT, draw_every=0)
        self.press(pygame.K_RETURN)

    def show(self, events: Sequence[dict[str, Any]], bet: int) -> None:
        """Present a made-up event list (as a replay would: nothing is paid or settled)."""
        play = SimpleNamespace(events=list(events), bet=bet, pending=None)
        self.screen.replaying = SimpleNamespace(bet=bet, cost=bet)
        self.screen.on_round_start()
        self.screen.director = RoundDirector.for_replay(self.screen, play)  # type: ignore[arg-type]


def open_game(data_dir: Path, game_id: str, *, surface: pygame.Surface | None = None, starting_balance: int = 1_000_000,
         turbo: bool | None = None, **screen_options: Any) -> Harness:
    """A harness around a fresh screen of ``game_id`` on a fresh wallet in ``data_dir``."""
    app = make_app(data_dir, starting_balance)
    if turbo is not None:
        app.flags["turbo"] = turbo
    return Harness(app, open_screen(app, game_id, **screen_options), surface)


def leave_open(data_dir: Path, game_id: str, seed: int, step: int | Callable[[list[dict[str, Any]]], int], *,
               buy: bool = False, bet: int | None = None, starting_balance: int = 1_000_000) -> ActiveRound:
    """A round paid for and journaled as shown up to ``step``, then abandoned as a killed app would.

    ``step`` is the index of the first event not yet shown, or a function of the round's events
    that gives it. The wallet is closed again; the round stays open in it for ``reopen``.
    """
    wallet = Wallet.open(data_dir, starting_balance=starting_balance).wallet
    try:
        session = PlaySession(wallet, get_game(game_id))
        if bet is not None:
            session.bet = bet
        active = session.spin(seed=seed, buy=buy)
        session.mark_progress(active, step(active.events) if callable(step) else step)
        return active
    finally:
        wallet.close()


def leave_by_esc(h: Harness) -> None:
    """Esc mid-round, the dialog that asks first, "Leave" (Enter); frames until the lobby is up.

    The screen left is disposed: use the wallet (``h.wallet``), not ``h.screen``, afterwards.
    """
    from game.client.kit.screen import LEAVE_TITLE
    from game.client.overlays import ConfirmDialog
    from game.client.scenes.lobby import LobbyScene

    h.press(pygame.K_ESCAPE)
    assert isinstance(h.top, ConfirmDialog) and h.top.title == LEAVE_TITLE, f"no leave dialog (top: {h.top!r})"
    h.press(pygame.K_RETURN)
    h.until(lambda: isinstance(h.top, LobbyScene), limit=5, player=False)


def reopen(data_dir: Path, game_id: str, *, surface: pygame.Surface | None = None,
           starting_balance: int = 1_000_000, turbo: bool | None = None) -> Harness:
    """The next launch: a fresh app on the wallet in ``data_dir`` and the game's screen built on
    the round its session finds open (``h.resumed``; None when there was none), as the app does.

    The resumed round's first segment is built inside the screen's constructor, before the harness
    can watch: ``h.steps`` holds only the steps built after it.
    """
    app = make_app(data_dir, starting_balance)
    if turbo is not None:
        app.flags["turbo"] = turbo
    session = PlaySession(app.wallet, get_game(game_id))
    resumed = session.resume_open_round()
    screen: GameScreen = screen_class(game_id)(app, session, resume=resumed)
    app.scenes.push(screen)
    h = Harness(app, screen, surface)
    h.resumed = resumed
    return h


# -- the real App, for shell tests (its own input, update and draw phases, without the clock) -----


def launch(data_dir: Path, *flags: str) -> App:
    """``main.py --data-dir data_dir *flags`` as an App in this process, started (window opened)."""
    from game.client.app import App
    from game.client.options import parse_args

    if pygame.display.get_init():
        # A real launch starts with no window. Opening the App's scaled window over one a
        # module's ``display`` fixture left open corrupts SDL's heap in pygame-ce 2.5.8 (the old
        # window surface is freed twice), so that window is closed first.
        pygame.quit()
    app = App(parse_args(["--data-dir", str(data_dir), *flags]))
    app.start()
    return app


def attention(data_dir: Path) -> AttentionScreen:
    """The screen a launch shows instead of the lobby when the wallet in ``data_dir`` does not verify
    (the App raises WalletAttention; ``run_app`` shows this in its own window)."""
    from game.client.app import App
    from game.client.attention import SIZE, AttentionScreen
    from game.client.options import parse_args
    from game.store import WalletAttention

    try:
        App(parse_args(["--data-dir", str(data_dir), "--mute"])).shutdown()
    except WalletAttention as exc:
        pygame.init()  # the App stopped before its window; the screen needs pygame and, as run_attention, a window
        pygame.display.set_mode(SIZE)
        return AttentionScreen(Resources(), exc, data_dir)
    raise AssertionError(f"the wallet in {data_dir} verifies: no attention screen")


def post_key(key: int, mod: int = 0) -> None:
    """A key pressed and let go, on SDL's queue: the App's next input phase takes it."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))


def run_frames(app: App, count: int = 3) -> None:
    """The App's loop phases ``count`` times at 1/60 s, without the clock (fast, deterministic)."""
    for _ in range(count):
        app._input()
        app._update(DT)
        app._draw()


@cache
def _found(game_id: str, key: str, buy: bool, bet: int, start: int, limit: int,
           predicate: Callable[[RoundResult], bool], master: bool = False) -> int:
    game = get_game(game_id)
    for seed in range(start, start + limit):
        if predicate(game.play(bet, derive_seed(seed, 0) if master else seed, buy=buy)):
            return seed
    raise AssertionError(f"no {game_id} seed in [{start}, {start + limit}) is {key}")


_PREDICATES: dict[tuple[str, str], Callable[[RoundResult], bool]] = {}


def seed_where(game_id: str, key: str, predicate: Callable[[RoundResult], bool], *, buy: bool = False,
               bet: int | None = None, start: int = 1, limit: int = 20_000, master: bool = False) -> int:
    """The first seed from ``start`` whose round fits ``predicate`` (searched once per test run).

    With ``master`` the seed found is a session's master seed (``PlaySession(seed=...)``): it is
    its first round, played with ``derive_seed(seed, 0)``, that fits.
    """
    stored = _PREDICATES.setdefault((game_id, key), predicate)
    game_bet = get_game(game_id).default_bet if bet is None else bet
    return _found(game_id, key, buy, game_bet, start, limit, stored, master)


def game_opened_from_lobby(data_dir: Path, game_id: str) -> str | None:
    """Launch the app, press the number key of ``game_id``'s lobby tile; the id of the game then shown.

    Fails (AssertionError) when the lobby is not the first scene or the tile is not available.
    """
    from game.client.scenes.lobby import LobbyScene

    app = launch(data_dir, "--mute")
    try:
        run_frames(app, 40)
        lobby = app.context.scenes.top
        assert isinstance(lobby, LobbyScene)
        index = next(i for i, tile in enumerate(lobby.tiles) if tile.info.id == game_id)
        assert lobby.tiles[index].info.available
        post_key(pygame.K_1 + index)
        run_frames(app, 90)
        return getattr(getattr(app.context.scenes.top, "game", None), "id", None)
    finally:
        app.shutdown()
