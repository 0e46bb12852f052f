"""The base of every game screen: money bar, bet +/-, keys, autoplay, overlays, settlement.

A subclass builds its own widgets (``build``), paints its static art (``paint_background``),
turns a round's events into presentation steps (``steps_for``) and draws its play area. This
class owns the round's life: pay (``session.spin``), present it through a
:class:`~game.client.kit.director.RoundDirector` (segment by segment, asking the player at each
decision), mark progress, settle once.

The screen presents; the engine decided everything when the round was bought. Turbo and
skipping only change the time the steps take. Nothing is finished unseen: leaving mid-round (Esc,
the Lobby button) asks first and keeps the round open, as a closed window or a crash does, for the
game's next screen to show on from its step. A priced answer is taken by a deliberate press, and
above the player's threshold only once confirmed (``take_priced``, :mod:`game.client.prices`).

Free games (a grant in the wallet for this game, ``session.free_game``) are played first: each
spin is one, at the grant's stake (the bet panel shows it and the bet does not change until they
are over; a feature is not bought meanwhile), a tag on the spin button says "FREE GAME n of N",
and the money bar shows the bonus balance and the free games left.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ...catalogue import entry
from ...engine.money import format_cents
from ...session import ActiveRound, BudgetReached, PlaySession
from ...store import DEFAULT_STARTING_BALANCE, InsufficientFunds
from .. import gfx, theme
from ..layout import Layout, LayoutError
from ..prices import ARMED_AFTER, CONFIRM_TITLE, confirmation_lines, load_threshold, needs_confirmation
from ..scene import Scene
from ..sound.music import MusicCue
from ..widgets.art import image_or_standin, rounded_panel
from ..widgets.banner import Banner, Toast
from ..widgets.button import Button
from ..widgets.celebration import BigWinCelebration
from ..widgets.glyphs import GlyphText
from ..widgets.hints import HintStrip
from ..widgets.hud import MoneyBar
from ..widgets.particles import Particles, spin_frames, twinkle_frames
from ..widgets.text import render_text
from ..widgets.timeline import Step
from .director import Answer, RoundDirector
from .quiet import nothing_happens, quiet_events

if TYPE_CHECKING:
    from ...engine import Decision, RoundResult
    from ...engine.round import Strategy
    from ...store import RoundRecord
    from ..autoplay import AutoplayConfig, AutoplayRun
    from ..context import AppContext
    from .field import EffectArt, SymbolField

log = logging.getLogger(__name__)

Color = tuple[int, int, int]
INK = (20, 8, 30)
BASE_REGIONS = (
    "balance", "bet", "bet_minus", "bet_plus", "win", "spin", "autoplay", "turbo", "info", "history",
    "settings", "back", "message", "toast", "hints", "replay",
)
SCATTER_CUES = ("scatter_land", "scatter_land_2", "scatter_land_3")  # rising: the feature draws near
SPACE_KEYS = (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
BET_DOWN_KEYS = (pygame.K_LEFT, pygame.K_MINUS, pygame.K_KP_MINUS)
BET_UP_KEYS = (pygame.K_RIGHT, pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
HINT_KEYS = (pygame.K_F1, pygame.K_QUESTION, pygame.K_SLASH)
LEAVE_TITLE = "Leave now?"
LEAVE_LINES = ("The round goes on when you come back:",
               "it is paid for and kept, and shown from the step it reached.")
KEY_HINTS = (
    ("SPACE", "spin / stop / skip"), ("- / +", "bet"), ("A", "autoplay"), ("T", "turbo"),
    ("I", "paytable"), ("H", "history"), ("M", "mute"), ("F11", "full screen"), ("ESC", "lobby"),
)


class GameScreen(Scene):
    """A slot screen. Subclasses set ``EXTRA_REGIONS`` (the map's objects they need) and fill in
    the hooks; the map is the game's catalogue entry's (``LAYOUT`` overrides it).

    A game with a buy feature (``game.buy_price_x``) gets a buy button when its map has a
    ``buy`` object, and the B key; both ask for confirmation with the price first.
    """

    LAYOUT = ""
    EXTRA_REGIONS: tuple[str, ...] = ()
    BUY_NAME = "the feature"  # what the buy button buys, as the confirmation names it
    BUY_LABEL = "BUY FEATURE"
    TURBO_SPEED = 2.6
    AUTOPLAY_PAUSE = 0.45

    def __init__(self, app: AppContext, session: PlaySession, resume: ActiveRound | None = None, *,
                 layout: Layout | None = None, attach: bool = True) -> None:
        """Build the screen's pictures and widgets, then (``attach``) read the wallet and show the
        opening round. Built with ``attach=False`` (on a worker thread, :mod:`game.client.loading`),
        the screen reads nothing from the wallet and draws nothing on the window until :meth:`attach`."""
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.layout = layout if layout is not None else self.load_layout(self.game)
        self.size = self.layout.size
        res = app.resources
        self.fonts = {
            "label": theme.ui(res, 16),
            "value": theme.ui(res, 26, "heavy"),
            "button": theme.ui(res, 20, "heavy"),
            "small": theme.ui(res, 16),
            "body": theme.ui(res, 22),
            "title": theme.display(res, 58),
            "big": theme.display(res, 72),
            "display": theme.display(res, 40),
            "tag": theme.ui(res, 34, "heavy"),
        }
        glow = image_or_standin(res, "ui/glow.png")
        self.banner = Banner(self.layout.rect("message"), title_font=self.fonts["display"],
                             big_font=self.fonts["big"], body_font=self.fonts["body"],
                             hint_font=self.fonts["small"], glow=glow)
        self.banner.emblem_for = self.card_emblem  # each game's feature symbol on its cards
        self.toast = Toast(self.layout.rect("toast"), self.fonts["body"])
        self.money = MoneyBar(
            balance=self.layout.rect("balance"), bet=self.layout.rect("bet"), win=self.layout.rect("win"),
            label_font=self.fonts["label"], value_font=self.fonts["value"],
            win_glyphs=GlyphText(theme.ui(res, 28, "heavy"), (255, 214, 96), (20, 8, 28)),
            tick=lambda: self.sound("coin_tick"),
        )
        self.buttons: dict[str, Button] = {}
        self._make_buttons()
        self.director: RoundDirector | None = None
        self._choice: Any = None  # the choice overlay on screen, if any
        self.active: ActiveRound | None = None
        self.replaying: RoundRecord | None = None
        self._settled = True
        self._autoplay: AutoplayRun | None = None
        self._autoplay_wait = 0.0
        self._looping = False
        self._scatters_landed = 0  # this spin's, for the rising scatter cues
        options = getattr(app, "options", None)
        self._automated = bool(getattr(options, "autoplay", None) or getattr(options, "demo", False))
        self._free_tag: tuple[str, pygame.Surface] | None = None  # "FREE GAME n of N" on the spin button
        self._shown_bet: int | None = None  # the bet the money bar shows
        self.build()
        self.background = self._compose_background()
        self.hints = HintStrip(self.layout.rect("hints"), self.key_hints(), theme.ui(res, 18, "heavy"),
                               theme.ui(res, 18))
        self._resume = resume
        self._opening = self.opening_events() if resume is None else []  # played by the engine: off the main thread
        if attach:
            self.attach()

    @classmethod
    def load_layout(cls, game: Any) -> Layout:
        """The screen's map, checked to hold every region the screen needs (LayoutError if not)."""
        return Layout.load(cls.LAYOUT or entry(game.id).level, required=BASE_REGIONS + cls.EXTRA_REGIONS, game=game)

    def attach(self) -> None:
        """The second half of building, on the main thread: the money from the wallet, and the
        round the screen opens on (an interrupted one resumed, else a quiet window: ``kit.quiet``)."""
        resume, self._resume = self._resume, None
        prepare = getattr(getattr(self.app, "audio", None), "prepare", None)
        if prepare is not None:
            prepare(self.game.id)  # this game's sounds load on a thread while the screen fades in
        self._show_turbo()
        self.show_money()
        if resume is not None:
            self.present(resume)
        else:
            self.show_opening(self._opening)

    # -- hooks for a game -------------------------------------------------------------------

    def build(self) -> None:
        """Create the game's own widgets (reels, meters...)."""

    def paint_background(self, surface: pygame.Surface) -> None:
        """Paint the static art (background, frame, panels) once."""

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool,
                  continuing: bool = False) -> list[Step]:
        """The presentation of ``events[start:]``.

        A first segment (``continuing`` False) first shows at once the state the events before
        ``start`` describe; a continuation after a decision goes straight on from the screen as it is.
        """
        return []

    def option_label(self, kind: str, option: Any) -> str:
        """How an option of a ``kind`` of decision reads on its button (games name their own)."""
        return str(option).replace("_", " ").upper()

    def update_play(self, dt: float) -> None:
        """Advance the game's widgets (dt already scaled by turbo)."""

    def draw_play(self, surface: pygame.Surface) -> None:
        """Draw the play area (reels, features, win lines)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """Draw above the money bar, below banners (particles, badges)."""

    def help_pages(self) -> list[Any]:
        return []

    def game_buttons(self) -> dict[str, tuple[str, Callable[[], None]]]:
        """The game's own buttons, by the name of their ``button`` object in the map: (label, action).

        Built with the screen's buttons (before ``build``), in the shared button art.
        """
        return {}

    def bet_text(self, bet: int) -> str:
        """The bet as every game shows it: one money amount."""
        return format_cents(bet)

    def bet_detail(self, bet: int) -> str:
        """The bet's breakdown in small type beside it (value x level x credits, line bet x lines)."""
        return ""

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """The art a feature card with ``title`` shows beside it (the feature's symbol); None: none."""
        return None

    def dress_cards(self, top: Color, bottom: Color, edge: Color = theme.GOLD) -> None:
        """Feature cards in the game's own colours (a panel in its palette, a gold edge)."""
        size = self.layout.rect("message").size
        self.banner.panel_art = rounded_panel(size, top, bottom, edge=edge, radius=26, alpha=250, edge_px=4)

    def show_opening(self, events: Sequence[dict[str, Any]]) -> None:
        """Put the opening round's first window on the field (no animation)."""

    def opening_events(self) -> list[dict[str, Any]]:
        """The round the screen opens on: the game's first quiet round (no win, no trigger; see
        ``kit.quiet``), computed by the engine, so the idle screen never shows a win or a feature
        that is not happening."""
        return list(quiet_events(self.game, self.quiet))

    def quiet(self, result: RoundResult) -> bool:
        """Whether ``result`` may stand for "nothing happening" (a game with more to rule out narrows it)."""
        return nothing_happens(result)

    def on_idle(self) -> None:
        """The round is over and settled (or the replay ended): start idle animations."""

    def on_round_start(self) -> None:
        """A new round (or replay) is about to be presented: clear leftovers."""

    def reel_spinning(self) -> bool:
        return False

    # -- what every game screen has: effects, the big win, badges -----------------------------

    field: SymbolField  # the reels or the grid, set by ``build``
    particles: Particles
    celebration: BigWinCelebration

    def make_effects(self, art: EffectArt, *, particles: int) -> None:
        """Sparkles, stars, the particle pool and the big win celebration, from the game's art."""
        res = self.app.resources
        self.sparkles = twinkle_frames(art.sparkle)
        self.stars = twinkle_frames(art.star, (12, 18, 24, 18))
        self.particles = Particles(particles)
        self.celebration = BigWinCelebration(
            self.size, title_font=lambda size: theme.display(res, size), title_size=110,
            amount=GlyphText(theme.ui(res, 76, "heavy"), (255, 232, 140), INK, outline_px=4),
            coin_frames=spin_frames(art.coin), sparkle_frames=self.sparkles, glow=art.glow, sound=self.sound,
        )

    def make_badges(self, feature: tuple[str, Color], replay: Color) -> None:
        """The pill over the play area: REPLAY during a replay, the feature's name during the feature."""
        self.badges = {"replay": self._badge("REPLAY", replay), "feature": self._badge(*feature)}

    def _badge(self, text: str, color: Color) -> pygame.Surface:
        rect = self.layout.rect("replay")
        light = (min(255, color[0] + 60), min(255, color[1] + 60), min(255, color[2] + 60))
        badge = rounded_panel(rect.size, light, color, edge=(255, 240, 220), radius=rect.h // 2, alpha=250)
        label = render_text(theme.ui(self.app.resources, 19, "heavy"), text, (255, 250, 240), INK, 2)
        badge.blit(label, label.get_rect(center=(rect.w // 2, rect.h // 2 + 1)))
        return badge

    def buy_price_text(self) -> str:
        """Under the buy button: the price at the current bet and what it is in bets."""
        price_x = self.game.description.buy_price_x
        return f"{format_cents(self.session.cost(buy=True))}  ({price_x}x bet)" if price_x is not None else ""

    def draw_buy_price(self, surface: pygame.Surface) -> None:
        if "buy" in self.buttons and "buy_price" in self.layout:
            text = render_text(self.fonts["small"], self.buy_price_text(), (235, 225, 255), INK, 1)
            surface.blit(text, text.get_rect(center=self.layout.rect("buy_price").center))

    def draw_badge(self, surface: pygame.Surface, in_feature: bool) -> None:
        if self.replaying is not None:
            surface.blit(self.badges["replay"], self.layout.rect("replay"))
        elif in_feature:
            surface.blit(self.badges["feature"], self.layout.rect("replay"))

    def celebrate_cells(self, cells: Sequence[tuple[int, int]]) -> None:
        """Stars burst from cells that just triggered something."""
        self.sound("scatter_land")
        for col, row in cells:
            x, y = self.field.cell_center(col, row)
            self.particles.burst(x, y, self.stars, count=16, speed=300, life=0.9, gravity=200)

    # -- construction ------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        res = self.app.resources

        ButtonArt = tuple[pygame.Surface, pygame.Surface, pygame.Surface]

        def three(names: tuple[str, str, str]) -> Callable[[tuple[int, int]], ButtonArt]:
            """The looks of a button, loaded at the button's size (from a file with the pixels for it)."""
            def at(size: tuple[int, int]) -> ButtonArt:
                normal, hover, pressed = (image_or_standin(res, f"ui/{name}.png", size) for name in names)
                return normal, hover, pressed
            return at

        images = three(("button", "button_hover", "button_pressed"))
        spin = three(("spin", "spin_hover", "spin_pressed"))
        font = self.fonts["button"]
        specs = {
            "back": ("LOBBY", self.leave, images), "info": ("PAYTABLE", self.open_help, images),
            "history": ("HISTORY", self.open_history, images),
            "settings": ("SETTINGS", self.open_settings, images),
            "autoplay": ("AUTO", self.toggle_autoplay, images), "turbo": ("TURBO", self.toggle_turbo, images),
            "bet_minus": ("-", lambda: self.change_bet(-1), images),
            "bet_plus": ("+", lambda: self.change_bet(+1), images),
            "spin": ("", self.press_spin, spin),
        }
        if self.has_buy:
            specs["buy"] = (self.BUY_LABEL, self.press_buy, images)
        for name, (label, action) in self.game_buttons().items():
            specs[name] = (label, action, images)
        for region in self.layout.of_class("button"):  # the map's buttons, each named for its action
            if region.name not in specs:
                log.warning("%s: button %r has no action on this screen", self.layout.path, region.name)
                continue
            label, action, art = specs[region.name]
            self.buttons[region.name] = Button(region.rect.copy(), label, action, font=font,
                                               images=art(region.rect.size))
        for name in specs:
            if name not in self.buttons and name in self.layout:
                raise LayoutError(f"{self.layout.path}: object {name!r} has class {self.layout.region(name).kind!r}, "
                                  "but the screen makes it a button: give it the class 'button'")

    def key_hints(self) -> tuple[tuple[str, str], ...]:
        if self.has_buy:
            return (*KEY_HINTS[:2], ("B", "buy"), *KEY_HINTS[2:])
        return KEY_HINTS

    def _compose_background(self) -> pygame.Surface:
        surface = gfx.Surface(self.size)
        surface.fill((20, 10, 34))
        self.paint_background(surface)
        self.money.bake(surface)
        return surface.convert() if pygame.display.get_surface() else surface

    # -- state -------------------------------------------------------------------------------

    @property
    def turbo(self) -> bool:
        if "turbo" in self.app.flags:
            return bool(self.app.flags["turbo"])
        return bool(self.session.wallet.setting("turbo", False))

    @property
    def reduced_motion(self) -> bool:
        """The player's reduced-motion setting: no screen shake, shorter celebrations."""
        if "reduced_motion" in self.app.flags:
            return bool(self.app.flags["reduced_motion"])
        return bool(self.session.wallet.setting("reduced_motion", False))

    def apply_motion(self) -> None:
        """Follow the reduced-motion setting (games with shaking or flying effects calm them here)."""

    @property
    def speed(self) -> float:
        """Time scale of the presentation: turbo, or automated autoplay (--autoplay, demo)."""
        if self.turbo or (self._autoplay is not None and self._automated):
            return self.TURBO_SPEED
        return 1.0

    @property
    def busy(self) -> bool:
        """A round or replay is being shown (or waits on the player's choice)."""
        return self.director is not None

    @property
    def autoplaying(self) -> bool:
        return self._autoplay is not None

    def is_idle(self) -> bool:
        return self.director is None and self.manager.top is self and not self.manager.transitioning

    def wants_autoplay_input(self) -> bool:
        return False

    def sound(self, name: str) -> None:
        audio = getattr(self.app, "audio", None)
        if audio is not None:
            audio.play(name)

    def scatter_landed(self) -> None:
        """A scatter or bonus symbol touched down: the 2nd and 3rd of a spin ring higher."""
        self._scatters_landed += 1
        self.sound(SCATTER_CUES[min(self._scatters_landed, len(SCATTER_CUES)) - 1])

    def feature_music(self) -> bool:
        """The feature is on (its music plays): a game with one says when."""
        return False

    def music_cue(self) -> MusicCue:
        """The base track; the feature's while it plays, the big win's under its count-up; the
        music ducked while a feature card is up."""
        celebration = getattr(self, "celebration", None)
        track = ("big_win" if celebration is not None and celebration.active
                 else "feature" if self.feature_music() else "base")
        return MusicCue(self.game.id, track, duck=self.banner.visible)

    # -- rounds ------------------------------------------------------------------------------

    def press_spin(self) -> None:
        """Space / Enter / the spin button: spin, or quick stop, or skip the current beat."""
        self.buttons["spin"].flash()
        if self.director is not None:
            self.director.skip()
            return
        self.spin()

    @property
    def has_buy(self) -> bool:
        return self.game.buy_price_x is not None

    def press_buy(self) -> None:
        """B / the buy button: confirm the price, then buy the feature."""
        if not self.has_buy:
            return
        if self.director is not None or self._autoplay is not None:
            self.toast.show("The feature can be bought when the round is over")
            return
        if self.session.free_game is not None:
            self.toast.show("The feature can be bought when the free games are over")
            return
        if "buy" in self.buttons:
            self.buttons["buy"].flash()
        self.sound("click")
        price = self.session.cost(buy=True)
        if self.session.balance < price:
            self.sound("error")
            self._message("Not enough balance", [
                f"Buying {self.BUY_NAME} costs {format_cents(price)} "
                f"({self.game.buy_price_x}x the bet of {format_cents(self.session.bet)}).",
                f"Your balance is {format_cents(self.session.balance)}. Lower the bet with - or Left.",
            ])
            return
        self._overlay("ConfirmDialog", f"Buy {self.BUY_NAME}?", [
            f"Price: {format_cents(price)}  ({self.game.buy_price_x}x your bet of {format_cents(self.session.bet)})",
            f"Your balance: {format_cents(self.session.balance)}",
            "The price is taken now; the round starts at once.",
        ], lambda: self.spin(buy=True), confirm_label=f"Buy {format_cents(price)}", cancel_label="Cancel")

    def spin(self, seed: int | None = None, *, buy: bool = False) -> bool:
        """Pay for a round (or the bought feature) and start presenting it; False if it could not be bought.

        While the game has free games left, the round is the next of them (a buy asked for plays it instead).
        """
        if self.director is not None:
            return False
        free = self.session.free_game is not None
        buy = buy and not free
        try:
            if not free and not self.session.can_afford(buy):
                raise InsufficientFunds(self.session.balance, self.session.cost(buy))
            active = self.session.spin(seed=seed, free=True) if free else self.session.spin(seed=seed, buy=buy)
        except InsufficientFunds:
            self.sound("error")
            self.stop_autoplay("Autoplay stopped: not enough balance")
            self.offer_top_up()
            return False
        except BudgetReached:
            self.sound("error")
            self.stop_autoplay("Autoplay stopped: session budget reached")
            self._message("Session budget reached", [
                f"Your losses this session have reached your budget of {format_cents(self.session.budget or 0)}.",
                "Play has stopped. You can change the budget in Settings.",
            ])
            return False
        self.sound("spin_start")
        self._scatters_landed = 0
        self.show_money(active)
        self.present(active)
        return True

    def present(self, active: ActiveRound) -> None:
        """Show a paid round (new, or resumed from ``active.step``)."""
        self.active = active
        self.replaying = None
        self._settled = False
        self.money.win_label = "WIN"
        self.on_round_start()
        self.director = RoundDirector.for_round(self, self.session, active)

    def replay(self, record: RoundRecord) -> None:
        """Show a recorded round again on the reels ("REPLAY"); the wallet is not touched."""
        if self.director is not None:
            self.toast.show("A replay can start when the round is over")
            return
        play = self.session.rebuild(record)
        self.active = None
        self.replaying = record
        self.money.win_label = "REPLAY WIN"
        self.money.counter.set(0)
        self.on_round_start()
        self.director = RoundDirector.for_replay(self, play)

    # -- decisions (the director asks, the screen shows the question) ---------------------------

    def round_stake(self) -> int:
        """Cents paid for the round on screen: its bet, a buy's price, every priced decision so far."""
        if self.active is not None:
            return self.active.play.cost
        if self.replaying is not None:
            return self.replaying.cost
        return self.session.bet

    def plays_itself(self) -> bool:
        """Nobody is at the controls to dismiss a feature card: autoplay, the demo, turbo."""
        return self.answers_itself() or self.turbo

    def answers_itself(self) -> bool:
        """Autoplay, the demo and --autoplay answer by the game's strategy; a player is asked."""
        return self._autoplay is not None or self._automated

    def autoplay_strategy(self) -> Strategy | None:
        """The strategy that answers for autoplay (None: the game's own); a game whose autoplay may buy
        what a round offers (its engine's ``description.priced_extras``) says so here, asking
        :meth:`autoplay_declines` before each purchase."""
        return None

    def won_so_far(self) -> int:
        """Cents the round on screen has secured so far (a game that knows before its end says so)."""
        return 0

    def autoplay_declines(self, extra: int, price: int) -> str | None:
        """Why autoplay does not buy priced extra number ``extra`` of the round on screen at ``price``
        (None: it buys): its own limits (a game's count, the price as a multiple of the bet, its loss
        limit), the session budget (``PlaySession.within_budget``, as the purchase itself is held to)
        and the balance. The reason is worded for autoplay's line ("Autoplay collects: <reason>")."""
        run = self._autoplay
        if run is None:
            return "autoplay is off"
        bet = self.active.play.bet if self.active is not None else self.session.bet
        reason = run.declines(extra, price, bet, self.round_stake(), self.won_so_far())
        if reason is not None:
            return reason
        if not self.session.within_budget(price):
            return f"extra spin {extra} at {format_cents(price)} would take the losses past the session budget"
        if self.session.wallet.available < price:
            return f"extra spin {extra} costs {format_cents(price)}, more than the balance"
        return None

    def autoplay_says(self, line: str) -> None:
        """Autoplay's line on screen: what it just did inside the round (bought at a price, or why not)."""
        log.info("%s", line)
        self.toast.show(line, 2.2)

    def ask(self, decision: Decision, answer: Answer) -> None:
        """The choice overlay: the question, one button per option with its price."""
        from ..overlays import ChoiceOption, ChoiceOverlay

        options = []
        for option in decision.options:
            price = decision.price_of(option)
            options.append(ChoiceOption(self.option_label(decision.kind, option),
                                        f"costs {format_cents(price)}" if price else ""))
        lines = [decision.prompt] if decision.prompt else []
        lines.append(f"Balance {format_cents(self.session.balance)}")
        title = decision.info.get("title", "Your choice") if isinstance(decision.info, dict) else "Your choice"

        def take(option: Any) -> bool:
            taken = answer(option)
            if taken:
                self._choice = None
                self.show_money(self.active)
            return taken

        def chosen(index: int) -> bool:
            option = decision.options[index]
            return self.take_priced(decision, option, self.option_label(decision.kind, option).capitalize(),
                                    partial(take, option))

        self._choice = ChoiceOverlay(self.app, str(title), lines, options, chosen, on_escape=self.leave,
                                     priced=any(decision.costs))
        self.app.scenes.push(self._choice)

    def take_priced(self, decision: Decision, option: Any, what: str, take: Callable[[], bool]) -> bool:
        """Answer the question with ``option`` by ``take()`` (True when taken). A price above the
        player's confirmation threshold asks a second time first: False meanwhile, the question
        stays, and it closes once the price is confirmed and taken."""
        price = decision.price_of(option)
        stake = self.active.play.bet if self.active is not None else self.session.bet
        threshold = load_threshold(self.session.wallet)
        if not needs_confirmation(price, stake, threshold):
            return take()
        question = self._choice

        def confirmed() -> None:
            if take() and question is not None:
                question.close()

        self.sound("click")
        self._overlay("ConfirmDialog", CONFIRM_TITLE,
                      confirmation_lines(what, price, stake, threshold, self.session.balance), confirmed,
                      confirm_label=f"Pay {format_cents(price)}", cancel_label="Back", armed_after=ARMED_AFTER)
        return False

    def refuse(self, decision: Decision, choice: Any, reason: str) -> None:
        self.sound("error")
        if self._choice is not None:
            self._choice.refuse(reason)
        else:
            self.toast.show(reason, 3.0)

    def _round_over(self) -> None:
        """The presentation ended (or was skipped through): settle once, then autoplay on."""
        self.director = None
        if self.replaying is not None:
            self.on_idle()
            return
        active = self.active
        if active is None or self._settled:
            return
        self._settled = True
        self.session.settle(active)
        self.show_money()
        if self.money.counter.target != active.result.win:
            self.money.counter.roll_to(active.result.win, 0.3)
        self.money.win_label = "LAST WIN"  # one win field: this round's win, until the next begins
        self.on_idle()
        if self._autoplay is not None:
            reason = self._autoplay.after_round(active.result, active.result.cost)
            if reason is not None or self._autoplay.finished:
                self.stop_autoplay(reason or "Autoplay finished")
            self._autoplay_wait = self.AUTOPLAY_PAUSE

    def offer_top_up(self) -> None:
        wallet = self.session.wallet
        amount = getattr(wallet, "starting_balance", DEFAULT_STARTING_BALANCE)
        if self.session.balance >= min(self.game.bets):
            self._message("Not enough balance", [
                f"This bet costs {format_cents(self.session.cost())} and your balance is "
                f"{format_cents(self.session.balance)}.", "Lower the bet with the - button or Left.",
            ])
            return
        self.toast.show("Not enough balance for this bet")

        def top_up() -> None:
            wallet.top_up(amount)
            self.show_money()
            self.toast.show(f"Topped up {format_cents(amount)} play money", color=(110, 220, 150))

        self._overlay("ConfirmDialog", "Not enough balance", [
            f"Your balance of {format_cents(self.session.balance)} cannot cover the smallest bet.",
            f"Top up {format_cents(amount)} of play money? (It has no cash value.)",
        ], top_up, confirm_label="Top up", cancel_label="Not now")

    # -- autoplay ------------------------------------------------------------------------------

    def start_autoplay(self, config: AutoplayConfig) -> None:
        from ..autoplay import AutoplayRun

        self._autoplay = AutoplayRun(config)
        self._autoplay_wait = 0.0 if self.director is None else self.AUTOPLAY_PAUSE
        self.buttons["autoplay"].active = True
        self.toast.show(f"Autoplay: {config.describe()}  -  any key stops")

    def stop_autoplay(self, reason: str | None = None) -> None:
        if self._autoplay is None:
            return
        self._autoplay = None
        self.buttons["autoplay"].active = False
        self.buttons["autoplay"].label = "AUTO"
        self.toast.show(reason or "Autoplay stopped")

    def toggle_autoplay(self) -> None:
        if self._autoplay is not None:
            self.stop_autoplay()
        else:
            self.open_autoplay()

    def _autoplay_tick(self, dt: float) -> None:
        run = self._autoplay
        if run is None or self.director is not None or self.manager.top is not self:
            return
        self._autoplay_wait -= dt
        if self._autoplay_wait > 0:
            return
        remaining = run.remaining
        self.buttons["autoplay"].label = "STOP" if remaining is None else f"STOP {remaining}"
        if not self.spin(seed=run.next_seed(), buy=run.config.buy and self.has_buy):
            self.stop_autoplay()

    # -- controls ------------------------------------------------------------------------------

    def change_bet(self, direction: int) -> None:
        if self.director is not None:
            self.toast.show("The bet can change when the round is over")
            return
        grant = self.session.free_game
        if grant is not None:
            self.toast.show(f"Free games are played at {format_cents(grant.stake)}: "
                            "the bet can change when they are over")
            return
        before = self.session.bet
        after = self.session.step_bet(direction)
        if after == before:
            self.toast.show("That is the highest bet" if direction > 0 else "That is the lowest bet")
            return
        self.sound("click")
        self.buttons["bet_plus" if direction > 0 else "bet_minus"].flash()
        self.money.bet_text = self.bet_text(after)
        self._shown_bet = after
        self.on_bet_changed()

    def on_bet_changed(self) -> None:
        """The bet changed: refresh anything priced in money."""
        self.money.bet_detail = self.bet_detail(self.session.bet)

    def toggle_turbo(self) -> None:
        on = not self.turbo
        self.app.flags["turbo"] = on
        self.session.wallet.set_setting("turbo", on)
        self._show_turbo()
        self.buttons["turbo"].flash()
        self.sound("click")
        self.toast.show("Turbo on" if on else "Turbo off", 1.4)

    def _show_turbo(self) -> None:
        """Turbo's state reads at a glance: the button lit and labelled ON."""
        button = self.buttons["turbo"]
        button.active = button.lit = self.turbo
        button.label = "TURBO ON" if self.turbo else "TURBO"

    def toggle_hints(self) -> None:
        self.hints.toggle()

    def toggle_mute(self) -> None:
        audio = self.app.audio
        muted = audio.toggle_mute() if hasattr(audio, "toggle_mute") else False
        self.toast.show("Sound off" if muted else "Sound on", 1.4)

    @property
    def round_open(self) -> bool:
        """A paid round is on screen and not yet settled (a replay is not one)."""
        return self.active is not None and not self._settled and self.replaying is None

    def leave(self) -> None:
        """Esc / the Lobby button: back to the lobby. A paid round being shown asks first; leaving
        keeps it open in the wallet, as a closed window or a crash does, and it goes on, shown from
        the step it had reached, when this game is opened again (or at the next launch)."""
        self.stop_autoplay()
        if self.director is not None and self.director.done:
            self._round_over()  # nothing of it is left to show: settled as staying would
        if not self.round_open:
            self.leave_now()
            return
        self.sound("click")
        self._overlay("ConfirmDialog", LEAVE_TITLE, LEAVE_LINES, self.leave_now, confirm_label="Leave",
                      cancel_label="Stay")

    def leave_now(self) -> None:
        """To the lobby at once; a round still open stays open (its progress is in the wallet)."""
        self.stop_autoplay()
        self._stop_loops()
        from ..scenes.lobby import go_to_lobby

        go_to_lobby(self.app)  # built while the screen is dark, off the main thread

    def _overlay(self, name: str, *args: Any, **kwargs: Any) -> bool:
        try:
            from .. import overlays
        except ImportError as exc:
            log.warning("overlays unavailable (%s)", exc)
            self.toast.show("Not available yet")
            return False
        cls = getattr(overlays, name)
        self.app.scenes.push(cls(self.app, *args, **kwargs))
        return True

    def _message(self, title: str, lines: list[str]) -> None:
        if not self._overlay("MessageDialog", title, lines):
            self.toast.show(lines[0], 4.0)

    def open_help(self) -> None:
        self.sound("click")
        self._overlay("HelpOverlay", f"{self.game.title}: paytable and rules", self.help_pages())

    def open_history(self) -> None:
        self.sound("click")
        self._overlay("HistoryOverlay", self.session.history(10), self._replay_later,
                      title=f"{self.game.title}: last rounds",
                      grants=self.session.wallet.free_games(self.game.id, used=True))

    def _replay_later(self, record: RoundRecord) -> None:
        self.replay(record)

    def open_settings(self) -> None:
        self.sound("click")
        self._overlay("SettingsOverlay", self.session)

    def open_autoplay(self) -> None:
        if self.director is not None:
            self.toast.show("Autoplay can start when the round is over")
            return
        self.sound("click")
        self._overlay("AutoplayMenu", self.start_autoplay, bet=self.session.bet,
                      extras=self.game.description.priced_extras)

    # -- scene ---------------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.apply_motion()
        self.buttons["turbo"].active = self.turbo
        self.show_money(self.active if self.director is not None else None)

    def show_money(self, active: ActiveRound | None = None) -> None:
        """The money bar and the spin button's free-game tag as the wallet has them now (read at each
        change, never per frame). ``active``: the round being shown (its own free game's number)."""
        session = self.session
        grant = session.free_game
        self.money.balance = session.balance
        self.money.bonus = session.bonus_balance
        self.money.free_games = session.free_games_left
        shown = active.play.bet if active is not None else session.bet
        if shown != self._shown_bet:
            changed = self._shown_bet is not None
            self._shown_bet = shown
            self.money.bet_text = self.bet_text(shown)
            self.money.bet_detail = self.bet_detail(shown)
            if changed and active is None:
                self.on_bet_changed()  # free games began or ended: the bet is theirs, or the player's again
        number = active.free_game if active is not None else (grant.playing, grant.games) if grant else None
        text = f"FREE GAME {number[0]} of {number[1]}" if number is not None else ""
        if not text:
            self._free_tag = None
        elif self._free_tag is None or self._free_tag[0] != text:
            label = render_text(self.fonts["small"], text, (255, 250, 240), INK, 2)
            tag = rounded_panel((label.get_width() + 24, label.get_height() + 8), (255, 190, 70), (190, 90, 20),
                                edge=(255, 240, 220), radius=(label.get_height() + 8) // 2, alpha=250)
            tag.blit(label, label.get_rect(center=tag.get_rect().center))
            self._free_tag = (text, tag)

    def draw_free_tag(self, surface: pygame.Surface) -> None:
        """ "FREE GAME n of N" over the foot of the spin button, while free games are played."""
        if self._free_tag is not None and self.replaying is None:
            tag = self._free_tag[1]
            surface.blit(tag, tag.get_rect(center=self.buttons["spin"].rect.midbottom))

    def on_exit(self) -> None:
        self._stop_loops()

    def _stop_loops(self) -> None:
        if self._looping:
            self._looping = False
            audio = getattr(self.app, "audio", None)
            if audio is not None:
                audio.stop("reel_spin_loop")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self._autoplay is not None and event.key not in (pygame.K_t, pygame.K_m, *HINT_KEYS):
                self.stop_autoplay()  # any key stops autoplay, but turbo, mute and the hints work on
                return True
            return self.handle_key(event.key)
        if any(button.handle_event(event) for button in self.buttons.values()):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            if self.director is not None:
                self.director.skip()  # a click during a round: like Space (continue a card, hurry a beat)
                return True
            if self._autoplay is None and self.field.rect.collidepoint(event.pos):
                self.press_spin()  # a click on the play area at rest spins, as Space does
                return True
        return False

    def handle_key(self, key: int) -> bool:
        if key in SPACE_KEYS:
            self.press_spin()
        elif key in BET_DOWN_KEYS:
            self.change_bet(-1)
        elif key in BET_UP_KEYS:
            self.change_bet(+1)
        elif key == pygame.K_a:
            self.open_autoplay()
        elif key == pygame.K_b and self.has_buy:
            self.press_buy()
        elif key == pygame.K_t:
            self.toggle_turbo()
        elif key == pygame.K_i:
            self.open_help()
        elif key in HINT_KEYS:
            self.toggle_hints()
        elif key == pygame.K_h:
            self.open_history()
        elif key == pygame.K_m:
            self.toggle_mute()
        elif key == pygame.K_ESCAPE:
            self.leave()
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        sdt = dt * self.speed
        self.buttons["spin"].active = self.director is not None
        if "buy" in self.buttons:  # dark while a round (its free games too), autoplay or free games run
            self.buttons["buy"].enabled = (self.director is None and self._autoplay is None
                                           and self._free_tag is None)
        for button in self.buttons.values():
            button.update(dt)
        self.update_play(sdt)
        self.money.update(sdt)
        self.banner.update(sdt)
        self.toast.update(dt)
        self.hints.update(dt)
        if self.director is not None:
            self.director.update(sdt)
            if self.director.done:
                self._round_over()
        else:
            self._autoplay_tick(dt)
        self._sync_loop()

    def _sync_loop(self) -> None:
        spinning = self.reel_spinning()
        if spinning != self._looping:
            self._looping = spinning
            audio = getattr(self.app, "audio", None)
            if audio is not None:
                (audio.loop if spinning else audio.stop)("reel_spin_loop")

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background, (0, 0))
        self.draw_play(surface)
        self.money.draw(surface)
        for button in self.buttons.values():
            button.draw(surface)
        self.draw_free_tag(surface)
        self.draw_buy_price(surface)
        self.draw_top(surface)
        self.banner.draw(surface)
        if self.director is not None:
            self.director.draw(surface)
        self.hints.draw(surface)
        self.toast.draw(surface)
