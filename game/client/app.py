"""The application shell: window, main loop, start-up routing and the responsible-play clock.

The loop keeps the three phases apart and measures only real work:

    input  -> every pending event goes to the demo director, the global keys, then the scenes
    update -> scenes advance by a clamped dt (a stall never makes animations jump)
    draw   -> scenes draw bottom-up into the 1280x720-unit canvas, then one flip

The canvas is the window itself at 1280x720; at full HD it is a surface of 1.5x the pixels
(``gfx``), copied to the window before the flip, and mouse positions are mapped back to units.
SDL scales the window's frame to whatever size the window is dragged to (``resolution``).

Frame time (input + update + draw + flip, never the clock's sleep) is recorded every frame in a
constant-memory histogram, printed as one ``bench:`` line with ``--bench``.
"""

from __future__ import annotations

import logging
import math
import os
import time
import warnings
from array import array
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from ..catalogue import entry
from ..engine.money import format_cents
from ..paths import asset_path
from ..store import ATTENTION_STATUS, DiskFull, FreeGames, StoreError, Wallet, WalletAttention, default_data_dir
from ..verified_wallet import open_verified
from . import gfx, theme
from .audio import Audio
from .autoplay import AutoplayConfig
from .context import AppContext
from .errors import DISK_FULL_STATUS, StartupError
from .frame_rate import SETTING as FRAME_RATE_SETTING
from .frame_rate import frames_per_second, load_choice
from .host_steal import HostSteal
from .layout import LayoutError
from .memory import give_back_set_aside, keep_big_blocks_returnable
from .practice import PracticeBadge, practice_dir
from .resolution import (
    MIN_WINDOW,
    SMOOTH_FILTER,
    WHOLE_STEPS_OFF,
    density_for_window,
    kept_window,
    render_scale,
    window_size,
)
from .resources import Resources
from .responsible import RealityCheck
from .scene import SceneManager
from .slow_frames import SlowFrames
from .sound.quiet import stderr_to_log
from .widgets.art import rounded_panel
from .widgets.text import render_text

if TYPE_CHECKING:
    from .demo import DemoDirector
    from .designer import MapWatcher
    from .options import Options
    from .scene import Scene

log = logging.getLogger(__name__)

TITLE = "Festive Slots"
LOGICAL_SIZE = gfx.LAYOUT_SIZE
WINDOW_SETTING = "window_size"  # [width, height] the player left the window at
MAX_DT = 1 / 15  # a longer stall is played as this much time
NOTICE_SECONDS = 4.5


class FrameStats:
    """Frame times in 0.01 ms buckets (constant memory, exact max)."""

    BUCKET_MS = 0.01
    BUCKETS = 20_000  # 200 ms; slower frames count in the last bucket

    SETTLE_S = 1.0  # the first second (the first screen's art loading, the window mapping) is counted apart

    def __init__(self) -> None:
        self.counts = array("I", bytes(4 * self.BUCKETS))
        self.frames = 0
        self.max_ms = 0.0
        self.settled_max_ms = 0.0  # the slowest frame after the first second
        self.settled_over_33 = 0

    def add(self, seconds: float, since_start: float = SETTLE_S) -> None:
        """One frame's work of ``seconds``, begun ``since_start`` seconds into the run."""
        ms = seconds * 1000.0
        index = min(int(ms / self.BUCKET_MS), self.BUCKETS - 1)
        self.counts[index] += 1
        self.frames += 1
        self.max_ms = max(self.max_ms, ms)
        if since_start >= self.SETTLE_S:
            self.settled_max_ms = max(self.settled_max_ms, ms)
            self.settled_over_33 += ms > 33.3

    def percentile(self, p: float) -> float:
        if not self.frames:
            return 0.0
        rank = max(1, math.ceil(self.frames * p / 100.0))
        seen = 0
        for index, count in enumerate(self.counts):
            seen += count
            if seen >= rank:
                return min((index + 1) * self.BUCKET_MS, self.max_ms)
        return self.max_ms

    def over(self, ms: float) -> int:
        """Frames that took longer than ``ms`` (a 60 Hz frame is 16.7 ms; two of them 33.3)."""
        first = min(int(ms / self.BUCKET_MS) + 1, self.BUCKETS - 1)
        return sum(self.counts[first:])

    def line(self, wall_seconds: float) -> str:
        fps = self.frames / wall_seconds if wall_seconds > 0 else 0.0
        return (
            f"bench: frames={self.frames} p50={self.percentile(50):.2f}ms p95={self.percentile(95):.2f}ms "
            f"p99={self.percentile(99):.2f}ms max={self.max_ms:.2f}ms fps={fps:.1f} "
            f"over16.7ms={self.over(16.7)} over33ms={self.over(33.3)} "
            f"after_1s: max={self.settled_max_ms:.2f}ms over33ms={self.settled_over_33}"
        )


class _Notices:
    """Short messages for the player shown one after another (not modal): at the top, or where the
    scene shown says (:meth:`~game.client.scene.Scene.notice_place`)."""

    def __init__(self, resources: Resources, pending: list[str]) -> None:
        self.font = theme.ui(resources, 20)
        self.pending = pending  # AppContext.notices: anyone may append
        self.image: pygame.Surface | None = None
        self.time = 0.0

    def update(self, dt: float) -> None:
        if self.image is None and self.pending:
            text = self.pending.pop(0)
            label = render_text(self.font, text, theme.TEXT, theme.INK, 2)
            pill = rounded_panel((label.get_width() + 48, label.get_height() + 20), (80, 50, 110), (40, 24, 60),
                                 edge=theme.GOLD, radius=18, alpha=235)
            pill.blit(label, label.get_rect(center=pill.get_rect().center))
            self.image, self.time = pill, NOTICE_SECONDS
        elif self.image is not None:
            self.time -= dt
            if self.time <= 0:
                self.image = None

    def rect(self, surface: pygame.Surface, place: tuple[int, int] | None = None) -> pygame.Rect | None:
        """Where the notice showing is drawn on ``surface`` (``place``: its midtop); None when none is."""
        if self.image is None:
            return None
        return self.image.get_rect(midtop=place or (surface.get_width() // 2, 14))

    def draw(self, surface: pygame.Surface, place: tuple[int, int] | None = None) -> None:
        rect = self.rect(surface, place)
        if self.image is None or rect is None:
            return
        fade = min(1.0, self.time / 0.4, (NOTICE_SECONDS - self.time) / 0.25)
        self.image.set_alpha(int(255 * max(0.0, fade)))
        surface.blit(self.image, rect)


class App:
    """Owns pygame, the window, the wallet and the loop; scenes see only ``self.context``."""

    def __init__(self, options: Options) -> None:
        self.options = options
        self.data_dir = Path(options.data_dir) if options.data_dir else default_data_dir()
        self.stats = FrameStats()
        self.slow_frames = SlowFrames(steal=HostSteal() if options.bench else None)
        self.frames = 0
        self.first_frame_at = 0.0
        self.demo: DemoDirector | None = None
        self.retired_wallets: list[Wallet] = []  # the demo's, kept open until exit
        self.reality = RealityCheck()
        self._fullscreen = options.fullscreen
        self.display_hz = 0  # the display's refresh rate once the window is open (0: unknown)
        self._opened_at = (0, 0)  # the window's size as opened
        # the practice wallet, a folder of its own, stands in for the player's (the only one a --seed may play)
        self.wallet_dir = practice_dir(self.data_dir) if options.practice else self.data_dir
        try:  # the wallet (and its folder's lock) first: an unusable folder stops before any window
            opened = open_verified(self.wallet_dir)  # a wallet that does not verify: WalletAttention (run_app)
        except WalletAttention:
            raise
        except StoreError as exc:
            raise StartupError(str(exc), status=DISK_FULL_STATUS if isinstance(exc, DiskFull) else 2) from exc
        keep_big_blocks_returnable()
        try:
            with stderr_to_log("SDL start"):  # no sound card: ALSA's lines go to the log, not the terminal
                pygame.init()
            pygame.key.set_repeat(350, 60)
            self.window = self._open_window(vsync=not options.bench,  # a benchmark times work, not vblank waits
                                            kept=opened.wallet.setting(WINDOW_SETTING))
            self.screen = self._canvas_for(self.window)
        except BaseException:
            opened.wallet.close()
            raise
        self.wallet_notice = opened.notice
        self._stale_notice: Scene | None = None
        welcome = None if options.practice else self._grant_welcome(opened.wallet)
        # --game X --autoplay N while another game's round is open: that round is shown first,
        # then X opens with the autoplay asked for (game id, config, the resumed round's screen).
        self._then_autoplay: tuple[str, AutoplayConfig, Scene] | None = None
        wallet = opened.wallet
        self.context = AppContext(
            scenes=SceneManager(), resources=Resources(), audio=Audio(wallet, mute=options.mute),
            wallet=wallet, options=options,
        )
        self.context.flags["turbo"] = bool(wallet.setting("turbo", False))
        self.context.flags[FRAME_RATE_SETTING] = load_choice(wallet.setting(FRAME_RATE_SETTING))
        self.notices = _Notices(self.context.resources, self.context.notices)
        self.practice_badge = PracticeBadge(self.context.resources) if options.practice else None
        self.map_watcher: MapWatcher | None = None
        if options.designer:  # loaded only for it: the screens' modules wait for their first use
            from .designer import MapWatcher

            self.map_watcher = MapWatcher(self.context)
        if welcome is not None:
            from ..promotions import game_title

            self.context.notices.append(f"Welcome! {welcome.games} free games of {game_title(welcome.game_id)} "
                                        f"at {format_cents(welcome.stake)} are in your wallet.")

    @staticmethod
    def _grant_welcome(wallet: Wallet) -> FreeGames | None:
        """The player's wallet gets the welcome free games once (``game.promotions.WELCOME``); the
        demo's and the practice wallets never do. A wallet that cannot take them now is told at the next launch."""
        from ..promotions import grant_welcome

        try:
            return grant_welcome(wallet)
        except DiskFull as exc:  # the next write would fail too: stop at start-up, with the disk's own status
            raise StartupError(str(exc), status=DISK_FULL_STATUS) from exc
        except StoreError as exc:
            log.warning("welcome free games not granted (%s)", exc)
            return None

    # -- window --------------------------------------------------------------------------------

    def _open_window(self, *, vsync: bool, kept: object = None) -> pygame.Surface:
        """The scaled, resizable window; ``kept``: the size the player left it at (a stored setting)."""
        if pygame.display.get_driver() == "offscreen" and not os.environ.get("SDL_VIDEODRIVER"):
            # SDL falls back to an invisible window when there is no desktop: say so instead of sitting silent
            raise StartupError("no display to open a window on (DISPLAY and WAYLAND_DISPLAY are not set); "
                               "start it from a desktop session, or set SDL_VIDEODRIVER=dummy for a headless run",
                               status=2)
        pygame.display.set_caption(TITLE)
        icon = asset_path("icons", "festive-slots-256.png")  # made by tools/make_art.py
        if icon.is_file():
            try:
                pygame.display.set_icon(pygame.image.load(str(icon)))
            except pygame.error as exc:
                log.warning("window icon not set (%s)", exc)
        flags = pygame.SCALED | pygame.RESIZABLE
        if self._fullscreen:
            flags |= pygame.FULLSCREEN
        desktops = pygame.display.get_desktop_sizes()
        scale = render_scale(self.options.resolution, fullscreen=self._fullscreen, desktops=desktops)
        reopen = (None if self._fullscreen or self.options.resolution != "auto"
                  else kept_window(kept, desktops[0] if desktops else None))
        if reopen is not None:
            scale = density_for_window(reopen)
        gfx.set_scale(scale)
        size = window_size(scale)
        log.info("drawing at %dx%d (%.1fx)", *size, scale)
        for name, value in (WHOLE_STEPS_OFF, SMOOTH_FILTER):  # any window size, scaled smoothly
            os.environ.setdefault(name, value)
        with warnings.catch_warnings():  # "no fast renderer" under the dummy driver is expected
            warnings.simplefilter("ignore", RuntimeWarning)
            warnings.filterwarnings("ignore", message="no fast renderer")
            # vsync needs SCALED (pygame-ce 2.5.8 refuses it on a plain window): asked for first, then without
            for vsync_asked in ((1, 0) if vsync else (0,)):
                try:
                    window = pygame.display.set_mode(size, flags, vsync=vsync_asked)
                    break
                except pygame.error as exc:
                    log.info("window with vsync=%d unavailable (%s)", vsync_asked, exc)
            else:  # some drivers refuse SCALED: a plain window still works
                log.warning("scaled window unavailable; opening a plain one")
                window = pygame.display.set_mode(size)
        try:  # SCALED forbids a window smaller than the canvas; the letterbox lets it go down to MIN_WINDOW
            pygame.Window.from_display_module().minimum_size = MIN_WINDOW
        except pygame.error as exc:
            log.info("window minimum size left to SDL (%s)", exc)
        if reopen is not None and reopen != size:
            try:
                pygame.Window.from_display_module().size = reopen
                log.info("window reopened at %dx%d, as it was left", *reopen)
            except pygame.error as exc:
                log.info("window left at its default size (%s)", exc)
        self._opened_at = pygame.display.get_window_size()
        self.display_hz = pygame.display.get_current_refresh_rate()
        log.info("display refreshes at %d Hz (0: unknown)", self.display_hz)
        return window

    def frame_cap(self) -> int:
        """Frames a second the loop asks for now (the Settings choice, on this display)."""
        return frames_per_second(self.context.flags.get(FRAME_RATE_SETTING, 60), self.display_hz)

    @staticmethod
    def _canvas_for(window: pygame.Surface) -> pygame.Surface:
        """What the scenes draw on: the window at 1x, a surface of the window's pixels otherwise."""
        if gfx.scale() == 1.0:
            return window
        return gfx.Surface(LOGICAL_SIZE).convert()

    def _present(self) -> None:
        if self.screen is not self.window:
            pygame.Surface.blit(self.window, self.screen, (0, 0))
        pygame.display.flip()

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
            self._fullscreen = not self._fullscreen
        except pygame.error as exc:
            log.warning("full screen toggle failed (%s)", exc)

    # -- routing -------------------------------------------------------------------------------

    def start(self) -> None:
        """Choose the first screen: demo, an interrupted round, --game, or the lobby."""
        if self.options.demo:
            from .demo import DemoDirector

            self.demo = DemoDirector(self)
            self.demo.start()
        else:
            self.enter_player_mode(first=True)
        if self._stale_notice is not None:
            self.context.scenes.push(self._stale_notice)
        if self.wallet_notice:
            from .overlays import MessageDialog

            self.context.scenes.push(MessageDialog(self.context, "Wallet restored", [self.wallet_notice]))

    def enter_player_mode(self, *, first: bool = False) -> None:
        """The player's own screens on the player's wallet (after start-up or the demo)."""
        from .scenes.lobby import LobbyBuild
        from .screens import ScreenUnavailable, open_game_screen

        ctx = self.context
        options = self.options if first else None
        autoplay = (AutoplayConfig(rounds=options.autoplay, buy=options.buy, extra_spins=options.extra_spins,
                                   extra_spin_max_x=options.extra_spin_max)
                    if options and options.autoplay else None)
        game_id = options.game if options else None
        if first:
            self._resolve_stale_rounds()
        open_rounds = ctx.wallet.open_rounds()
        then: tuple[str, AutoplayConfig] | None = None
        if open_rounds:
            resumed = open_rounds[0].game_id
            if autoplay is not None and game_id is not None and resumed != game_id:
                then, autoplay = (game_id, autoplay), None  # the asked-for autoplay waits for that round
            game_id = resumed
            ctx.notices.append(f"Your round of {_title(game_id)} is not finished: it goes on from where it stopped.")
        if autoplay is not None and game_id is None:
            raise StartupError("--autoplay needs a game: add --game ID", status=2)
        scene: Scene | LobbyBuild
        if game_id is None:
            scene = LobbyBuild(ctx)
        else:
            try:
                scene = open_game_screen(ctx, game_id, autoplay=autoplay)
                if then is not None:
                    self._then_autoplay = (*then, scene)
            except ScreenUnavailable as exc:
                if first and options and (options.game or options.autoplay):
                    raise StartupError(str(exc), status=2) from exc
                log.warning("%s; showing the lobby", exc)
                ctx.notices.append(f"{exc}.")
                scene = LobbyBuild(ctx)
        ctx.scenes.switch(scene, fade=not first)

    def _resolve_stale_rounds(self) -> None:
        """Rounds left unfinished for longer than their game's limit (48 hours unless the game's data
        says otherwise) are completed now, and so are interrupted rounds whose replay is not the
        round that was bought; the player is told of both."""
        if not self.context.wallet.open_rounds():  # nothing to resolve: the round machinery waits
            return
        from ..replays import settle_mismatched_rounds
        from ..session import resolve_stale_rounds
        from .overlays import MessageDialog

        resolved = resolve_stale_rounds(self.context.wallet)
        mismatched = settle_mismatched_rounds(self.context.wallet)
        if not resolved and not mismatched:
            return
        lines = []
        for item in resolved:
            when = item.started.astimezone().strftime("%d %b %Y %H:%M")
            outcome = (f"its stake of {format_cents(item.win)} was returned" if item.refunded
                       else f"it won {format_cents(item.win)}, now credited" if item.win
                       else "it won nothing")
            lines.append(f"{_title(item.game_id)}, started {when}: {outcome} (unfinished for more than {item.hours}).")
        if resolved:
            lines.append("A round left unfinished longer than its game allows is completed automatically with "
                         "the game's own choices, buying nothing, and credited.")
        for mismatch in mismatched:
            paid = (f"its stake of {format_cents(mismatch.paid)} was returned" if mismatch.stake_returned
                    else f"the {format_cents(mismatch.paid)} it had won when bought was credited")
            lines.append(f"{_title(mismatch.game_id)}, interrupted round {mismatch.round_id}: {mismatch.reason}, "
                         f"so {paid}.")
        self._stale_notice = MessageDialog(self.context, "Unfinished rounds resolved", lines)

    # -- loop ----------------------------------------------------------------------------------

    def run(self) -> int:
        """Run until quit or ``--frames``; returns the exit status."""
        ctx = self.context
        clock = pygame.time.Clock()
        limit = self.options.frames
        wall_start = time.perf_counter()
        dt = 0.0
        try:
            while not ctx.quit_requested:
                self.slow_frames.begin()
                top = ctx.scenes.top
                work_start = time.perf_counter()
                self._input()
                if ctx.quit_requested:
                    break
                input_done = time.perf_counter()
                self._update(dt)
                update_done = time.perf_counter()
                self._draw()
                draw_done = time.perf_counter()
                self._present()
                work_end = time.perf_counter()
                since_start = work_start - wall_start
                self.stats.add(work_end - work_start, since_start)
                marks = (work_start, input_done, update_done, draw_done, work_end)
                self.slow_frames.add(self.frames, since_start, marks,
                                     type(top).__name__ if top is not None else "-", ctx.scenes.building)
                if not self.frames:
                    self.first_frame_at = time.time()  # wall clock: a benchmark compares it with its launch
                self.frames += 1
                dt = min(clock.tick(self.frame_cap()) / 1000.0, MAX_DT)
                if limit is not None and self.frames >= limit:
                    break
            wall = time.perf_counter() - wall_start
            if self.options.screenshot is not None:
                self._save_screenshot(self.options.screenshot)
            if self.options.bench:  # the one line for scripts to parse
                print(f"{self.stats.line(wall)} first_frame_at={self.first_frame_at:.3f}", flush=True)
                for frame in self.slow_frames.slowest():
                    print(frame.line(), flush=True)
                print(self.slow_frames.host_line(), flush=True)
            log.info("%s", self.stats.line(wall))
            if gfx.scale() != 1.0:
                log.info("drawn at %.1fx: %s", gfx.scale(), gfx.stats())
        finally:
            self.shutdown()
        if ctx.exit_reason:
            raise StartupError(ctx.exit_reason)
        return 0

    def _input(self) -> None:
        ctx = self.context
        for event in pygame.event.get():
            if _on_a_bar(event, self.window.get_size()):
                continue  # a press on the letterbox's bars is outside the game
            event = _in_layout_units(event)
            if event.type == pygame.QUIT:
                ctx.quit_requested = True
                return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.toggle_fullscreen()
                continue
            if self.demo is not None and self.demo.handle_event(event):
                continue
            used = ctx.scenes.handle_event(event)
            if not used and event.type == pygame.KEYDOWN and event.key == pygame.K_m:
                ctx.audio.toggle_mute()
                ctx.notices.append("Sound off" if ctx.audio.muted else "Sound on")

    def _update(self, dt: float) -> None:
        ctx = self.context
        ctx.scenes.update(dt)
        ctx.audio.update(dt, ctx.scenes.music_cue())
        if self.map_watcher is not None:
            self.map_watcher.update(dt)
        if self.demo is not None:
            self.demo.update(dt)
        else:
            self._reality_check(dt)
            self._start_asked_autoplay()
        self.notices.update(dt)

    def _start_asked_autoplay(self) -> None:
        """Once the interrupted round shown at start-up has settled, open --game with its --autoplay."""
        if self._then_autoplay is None:
            return
        game_id, autoplay, resumed = self._then_autoplay
        scenes = self.context.scenes
        if scenes.top is not resumed:
            if resumed not in scenes.stack:  # the player left that screen: the request lapses
                self._then_autoplay = None
            return
        is_idle = getattr(resumed, "is_idle", None)
        if not callable(is_idle) or not is_idle():
            return
        session = getattr(resumed, "session", None)
        if session is not None and self.context.wallet.open_rounds(session.game.id):
            return  # still open (waiting on a question): not yet
        self._then_autoplay = None
        from .scenes.lobby import lobby_scene
        from .screens import GameScreenBuild, ScreenUnavailable

        try:
            scenes.switch(GameScreenBuild(self.context, game_id, autoplay=autoplay, fallback=lobby_scene))
        except ScreenUnavailable as exc:
            log.warning("%s", exc)
            self.context.notices.append(f"{exc}.")

    def _draw(self) -> None:
        self.context.scenes.draw(self.screen)
        if self.demo is not None:
            self.demo.draw(self.screen)
        if self.practice_badge is not None:
            self.practice_badge.draw(self.screen)
        self.notices.draw(self.screen, self.notice_place())

    def notice_place(self) -> tuple[int, int] | None:
        """Where the screen shown (under any overlays) wants the notices."""
        for scene in reversed(self.context.scenes.stack):
            if not scene.overlay:
                return scene.notice_place()
        return None

    def _reality_check(self, dt: float) -> None:
        self.reality.tick(dt)
        if not self.reality.due:
            return
        scenes = self.context.scenes
        top = scenes.top
        if top is None or scenes.transitioning or top.overlay:
            return
        is_idle = getattr(top, "is_idle", None)
        if callable(is_idle) and not is_idle():
            return  # wait for the round being shown to finish
        from .overlays import MessageDialog

        self.reality.acknowledge()
        net = self._session_net()
        scenes.push(MessageDialog(self.context, "Reality check", self.reality.lines(net), button_label="Continue"))

    def _session_net(self) -> int:
        from .screens import session_stats

        return session_stats(self.context, self.context.wallet).net

    def _save_screenshot(self, path: Path) -> None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            pygame.image.save(self.screen, str(path))
            log.info("screenshot saved to %s", path)
        except (pygame.error, OSError) as exc:
            raise StartupError(f"--screenshot: could not save {path} ({exc})") from exc

    def _keep_window_size(self) -> None:
        """A window the player resized reopens at that size next time (the player's own wallet)."""
        if self._fullscreen or self.demo is not None or not pygame.display.get_init():
            return
        size = pygame.display.get_window_size()
        if size == self._opened_at:
            return
        try:
            self.context.wallet.set_setting(WINDOW_SETTING, list(size))
        except StoreError as exc:
            log.warning("window size not kept (%s)", exc)

    def shutdown(self) -> None:
        self._keep_window_size()
        self.slow_frames.close()
        self.context.scenes.close()
        if self.demo is not None:
            self.demo.close()
        for wallet in self.retired_wallets:
            wallet.close()
        try:
            self.context.audio.close()
            self.context.wallet.close()
        finally:
            pygame.quit()
            gfx.set_scale(1.0)
            give_back_set_aside()


_POINTER_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def _on_a_bar(event: pygame.event.Event, canvas: tuple[int, int]) -> bool:
    """A button press outside the canvas: SDL reports a press on a letterbox bar past its edges."""
    if event.type != pygame.MOUSEBUTTONDOWN:
        return False
    width, height = canvas
    return not (0 <= event.pos[0] < width and 0 <= event.pos[1] < height)


def _in_layout_units(event: pygame.event.Event) -> pygame.event.Event:
    """A pointer event with its position in layout units (the window has the canvas's pixels)."""
    k = gfx.scale()
    if k == 1.0 or event.type not in _POINTER_EVENTS:
        return event
    attrs = dict(event.dict)
    attrs["pos"] = (int(event.pos[0] / k), int(event.pos[1] / k))
    if "rel" in attrs:
        attrs["rel"] = (round(event.rel[0] / k), round(event.rel[1] / k))
    return pygame.event.Event(event.type, attrs)


def _title(game_id: str) -> str:
    try:
        return entry(game_id).title
    except KeyError:
        return game_id


def _wallet_dir(options: Options) -> Path:
    data_dir = Path(options.data_dir) if options.data_dir else default_data_dir()
    return practice_dir(data_dir) if options.practice else data_dir


def _unattended(options: Options) -> bool:
    return bool(options.autoplay or options.frames or options.bench or options.demo)


def restore_verified(options: Options) -> str:
    """``--restore-verified``: the wallet rebuilt from its last verified state; the line that says so."""
    wallet_dir = _wallet_dir(options)
    try:
        kept = Wallet.restore_verified(wallet_dir)
    except StoreError as exc:
        raise StartupError(str(exc), status=ATTENTION_STATUS) from exc
    return (f"The wallet in {wallet_dir} was restored to its last verified state; its files were kept as "
            f"{', '.join(p.name for p in kept)}.")


def _app_or_attention(options: Options) -> App:
    """The App; when its wallet needs attention, the attention screen first (unattended: exit status 4)."""
    try:
        return App(options)
    except WalletAttention as exc:
        from .attention import attention_line, run_attention

        wallet_dir = _wallet_dir(options)
        log.error("the wallet in %s needs attention: %s", wallet_dir, "; ".join(exc.findings),
                  extra={"console": False})
        if _unattended(options):
            raise StartupError(attention_line(exc, wallet_dir), status=ATTENTION_STATUS) from exc
        if not run_attention(exc, wallet_dir):
            raise StartupError(attention_line(exc, wallet_dir), status=ATTENTION_STATUS) from exc
    try:
        return App(options)
    except WalletAttention as again:
        from .attention import attention_line

        raise StartupError(attention_line(again, _wallet_dir(options)), status=ATTENTION_STATUS) from again


def run_app(options: Options) -> int:
    """Build the app, route to the first screen and run; StartupError carries the exit reason."""
    try:
        app = _app_or_attention(options)
    except LayoutError as exc:
        raise StartupError(str(exc)) from exc
    try:
        app.start()
    except (LayoutError, StartupError) as exc:
        app.shutdown()
        raise StartupError(str(exc), getattr(exc, "status", 1)) from exc
    except BaseException:
        app.shutdown()
        raise
    return app.run()
