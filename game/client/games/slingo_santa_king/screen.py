"""The Slingo Santa King game screen: a 5x5 Slingo card over five reels, on a Santa King bingo hall.

``SlingoSantaKingScreen(app, session, resume=None)``. The round's life, the money bar, the keys,
autoplay and the overlays come from the kit (``GameScreen``); Slingo is not a reel window, so this
builds its own field: the card (:mod:`.grid`), the reel row under it (:mod:`.reels`), the prize
ladder, the Reel King trail and the spins left (:mod:`.panels`), the Reel King bonus
(:mod:`.bonus`) and the Superspin Wheel (:mod:`.wheel`). The round's questions are asked here:
a wild's pick on the card itself (:mod:`.pick`), the extra-spin offer where the spin button is
(:mod:`.offer`), the offer answered with "collect" by the play controls (:mod:`.controls`) when
buying would pass one of the player's limits. Layout regions come from ``levels/slingo_santa_king.tmx``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from ....engine.money import cents_of, format_cents
from ... import gfx, theme
from ...kit.director import Answer
from ...kit.screen import GameScreen
from ...widgets.anim import clamp01, ease_out_back
from ...widgets.art import rounded_panel, tinted
from ...widgets.text import render_text
from ...widgets.timeline import Step
from .art import CREAM, GOLD, INK, SlingoArt, glow_disc, load_art, paint_hall
from .bonus import BonusShow
from .controls import ControlsDialog, Offer, PlayControls, load_controls, passed_limit, why_collected
from .grid import GridField, near_cells
from .help import help_pages
from .offer import OfferOverlay, OfferText
from .panels import LadderPanel, SpinsPanel, StagePlaque, TopPrizePanel, TrailPanel
from .pick import PickOverlay
from .presenter import Presenter, RoundState, reel_names, state_before
from .reels import SlingoReels
from .wheel import WheelShow

if TYPE_CHECKING:
    from ....engine import Decision, RoundResult
    from ....engine.games.slingo_santa_king import SlingoSantaKing
    from ....engine.rng import RoundRng
    from ....engine.round import Strategy

Cell = tuple[int, int]
Plan = list[tuple[str, Cell | None, bool]]


class Flyer:
    """A little picture flying from one point to another (a ding to the trail), then a callback."""

    def __init__(self, image: pygame.Surface, start: tuple[int, int], end: tuple[int, int], seconds: float,
                 on_arrive: Callable[[], None]) -> None:
        self.image, self.start, self.end, self.seconds, self.on_arrive = image, start, end, seconds, on_arrive
        self.t = 0.0

    def update(self, dt: float) -> bool:
        self.t += dt
        if self.t >= self.seconds:
            self.on_arrive()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        k = clamp01(self.t / self.seconds)
        e = 1 - (1 - k) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e - 80 * (4 * k * (1 - k))
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


class SlingoSantaKingScreen(GameScreen):
    game: SlingoSantaKing
    EXTRA_REGIONS = ("grid", "reel_row", "logo", "ladder", "trail", "spins", "offer", "bonus", "controls",
                     "pick_hint", "top_prize")

    # -- construction ------------------------------------------------------------------------

    def game_buttons(self) -> dict[str, tuple[str, Callable[[], None]]]:
        return {"controls": ("PLAY CONTROLS", self.open_controls)}

    def build(self) -> None:
        game, layout, res = self.game, self.layout, self.app.resources
        d = game.description
        grid_rect = layout.rect("grid")
        margin = int(layout.prop("grid", "frame_margin", 18))
        cell = (grid_rect.w // game.reel_count, grid_rect.h // game.rows)
        reel_rect = layout.rect("reel_row")
        reel_cell = (reel_rect.w // game.reel_count, reel_rect.h)
        columns = [list(game.column_range(col)) for col in range(game.reel_count)]
        self.art: SlingoArt = load_art(res, columns, cell, reel_cell)
        specials = [s for s in game.symbols if not s.isdigit()]
        self.grid = GridField(grid_rect, self.art, grid_rect.inflate(2 * margin, 2 * margin))
        self.field = self.grid
        strips = [[*(str(n) for n in column[:6]), *specials, *(str(n) for n in column[6:12])] for column in columns]
        self.reels = SlingoReels(reel_rect, self.art.reel_symbols, strips, glow=self.art.cell_glow)
        self.reels.on_land = self.reel_landed
        sizes = {"title": 17, "count": 20, "pay": 19, "small": 14, "stage": 16, "lamp": 16, "held": 24, "label": 20,
                 "big": 46}
        fonts = {name: theme.ui(res, size, "heavy") for name, size in sizes.items()}
        self.ladder = LadderPanel(layout.rect("ladder"), d.ladder, max(d.ladder), fonts)
        self.ladder.set_bet(self.session.bet)
        stages = [StagePlaque(stage.level, stage.name, stage.characters) for stage in d.trail.stages]
        self.trail = TrailPanel(layout.rect("trail"), stages, self.art.santa_portrait, fonts)
        self.spins_panel = SpinsPanel(layout.rect("spins"), fonts)
        self.spins_panel.set(d.spins)
        self.top_prize = TopPrizePanel(layout.rect("top_prize"), d.ladder[max(d.ladder)],
                                       {**fonts, "prize": theme.ui(res, 34, "heavy")})
        self.top_prize.set_bet(self.session.bet)
        self.bonus_show = BonusShow(layout.rect("bonus"), self.art, {
            "title": theme.display(res, 50), "sub": theme.ui(res, 18, "heavy"), "pay": theme.ui(res, 18, "heavy"),
            "win": theme.ui(res, 26, "heavy"), "total": theme.ui(res, 36, "heavy"),
        })
        self.wheel_show = WheelShow((grid_rect.centerx, grid_rect.centery - 14), 156, {
            "wheel": theme.ui(res, 17, "heavy"), "small": theme.ui(res, 16, "heavy"),
            "title": theme.display(res, 44), "result": theme.ui(res, 40, "heavy"),
        })
        self.wheel_veil = gfx.Surface(self.grid.frame_rect.size, pygame.SRCALPHA)
        gfx.draw.rect(self.wheel_veil, (20, 0, 8, 200), self.wheel_veil.get_rect(), border_radius=28)
        self.make_effects(self.art, particles=260)
        self.colored: dict[tuple[int, int, int], list[pygame.Surface]] = {}
        self.bell = self._bell()
        self.slingo_word = render_text(theme.display(res, 80), "Slingo!", GOLD, INK, 4, shadow=True)
        self.slingo_pop = [gfx.transform.smoothscale(self.slingo_word, (round(self.slingo_word.get_width() * k),
                                                                        round(self.slingo_word.get_height() * k)))
                           for k in (0.55, 0.7, 0.85, 1.0)]
        self.slingo_age: float | None = None
        self.last_game = False  # the card on show is a finished game's: dimmed, labelled
        self._veils: dict[tuple[int, int], pygame.Surface] = {}
        label = render_text(theme.display(res, 44), "Last game", CREAM, INK, 3, shadow=True)
        plate = rounded_panel((label.get_width() + 48, label.get_height() + 16), (132, 12, 36), (46, 4, 14),
                              edge=GOLD, radius=20, alpha=235, edge_px=3)
        plate.blit(label, label.get_rect(center=(plate.get_width() // 2, plate.get_height() // 2)))
        self.last_game_label = plate
        self.slingo_count = ""
        self.count_font = theme.ui(res, 30, "heavy")
        self.flyers: list[Flyer] = []
        self.controls = PlayControls()  # the player's own, read from the wallet when the screen attaches
        self.ended_by = ""
        self._player_choosing = False
        self.in_bonus = False
        self.time = 0.0
        self._plan: Plan = []
        self._dinged = 0
        self._trail_start = 0
        self.presenter = Presenter(self)
        self.make_badges(("REEL KING BONUS", (170, 20, 40)), replay=(40, 120, 90))
        message = layout.rect("message")
        self.banner.panel_art = rounded_panel(message.size, (132, 12, 36), (46, 4, 14), edge=GOLD, radius=26,
                                              alpha=250, edge_px=4)

    def attach(self) -> None:
        self.controls = load_controls(self.session.wallet, self.game.id)  # before a resumed round is shown
        super().attach()

    def _bell(self) -> pygame.Surface:
        """A ding: a little gold bell with a star, drawn once."""
        out = gfx.Surface((40, 40), pygame.SRCALPHA)
        out.blit(glow_disc((40, 40), (255, 220, 120), 0.8), (0, 0))
        gfx.draw.polygon(out, (176, 110, 20), [(20, 7), (30, 26), (32, 30), (8, 30), (10, 26)])
        gfx.draw.polygon(out, GOLD, [(20, 8), (28, 26), (30, 29), (10, 29), (12, 26)])
        gfx.draw.circle(out, (255, 246, 200), (20, 7), 3)
        gfx.draw.circle(out, (176, 110, 20), (20, 32), 3)
        gfx.draw.line(out, (255, 250, 220), (16, 14), (13, 25), 2)
        return out

    def colored_sparkles(self, color: tuple[int, int, int]) -> list[pygame.Surface]:
        frames = self.colored.get(color)
        if frames is None:
            frames = self.colored[color] = [tinted(f, color) for f in self.sparkles]
        return frames

    def paint_background(self, surface: pygame.Surface) -> None:
        paint_hall(surface, stage=self.grid.frame_rect.union(self.reels.rect.inflate(24, 24)), size=self.size)
        self.grid.bake_frame(surface)
        self.reels.bake(surface)
        self.ladder.bake(surface)
        self.trail.bake(surface)
        self.spins_panel.bake(surface)
        self.top_prize.bake(surface)
        self._paint_logo(surface, self.layout.rect("logo"))

    def _paint_logo(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        res = self.app.resources
        glow = glow_disc((rect.w + 40, rect.h + 30), (255, 190, 90), 0.7)
        surface.blit(glow, glow.get_rect(center=rect.center))
        top = render_text(theme.display(res, 64), "Slingo", GOLD, (110, 10, 24), 4, shadow=True)
        surface.blit(top, top.get_rect(midtop=(rect.centerx, rect.y - 10)))
        label = render_text(theme.ui(res, 28, "heavy"), "SANTA KING", CREAM, INK, 2)
        w, h = label.get_width() + 44, label.get_height() + 10
        ribbon = rounded_panel((w, h), (226, 40, 56), (130, 8, 26), edge=GOLD, radius=h // 2, alpha=255, edge_px=3)
        ribbon.blit(label, label.get_rect(center=(w // 2, h // 2 + 1)))
        surface.blit(ribbon, ribbon.get_rect(midbottom=(rect.centerx, rect.bottom)))
        # a crown over the S
        cx, cy = top.get_rect(midtop=(rect.centerx, rect.y - 10)).x + 26, rect.y - 2
        points = [(cx - 16, cy + 12), (cx - 18, cy - 4), (cx - 8, cy + 4), (cx, cy - 10), (cx + 8, cy + 4),
                  (cx + 18, cy - 4), (cx + 16, cy + 12)]
        gfx.draw.polygon(surface, (150, 90, 10), [(x + 1, y + 2) for x, y in points])
        gfx.draw.polygon(surface, GOLD, points)
        for x, y in points[1:6:2]:
            gfx.draw.circle(surface, (255, 80, 90), (x, y), 3)

    # -- GameScreen hooks --------------------------------------------------------------------

    def steps_for(self, events: Sequence[dict[str, Any]], bet: int, start: int, *, resumed: bool,
                  continuing: bool = False) -> list[Step]:
        return self.presenter.steps(events, bet, start, resumed=resumed, continuing=continuing)

    def card_emblem(self, title: str) -> pygame.Surface | None:
        """Santa King on the game's cards."""
        art = getattr(self, "art", None)
        return art.santa_portrait if art is not None else None

    def quiet(self, result: RoundResult) -> bool:
        """A game whose first spin daubs nothing and lands no wild, free spin or King."""
        first = next((e for e in result.events if e["type"] == "spin"), None)
        return first is not None and not first["marked"] and all(isinstance(n, int) for n in first["reels"])

    def show_opening(self, events: Sequence[dict[str, Any]]) -> None:
        """A fresh card, nothing daubed, and a spin that matched none of it (a quiet game's first, from
        the engine); with no engine round, a card of fixed numbers (nothing is drawn at random)."""
        grid = next((e for e in events if e["type"] == "grid"), None)
        first = next((e for e in events if e["type"] == "spin"), None)
        if grid is None or first is None:
            game = self.game
            self.grid.set_numbers([[game.column_range(col)[(col * 2 + row * 3) % len(game.column_range(col))]
                                    for row in range(game.rows)] for col in range(game.reel_count)])
            return
        self.grid.set_numbers([list(column) for column in grid["numbers"]])
        self.reels.set_window([[name] for name in reel_names(first["reels"])])

    def on_idle(self) -> None:
        """A game is over (its summary seen): its card and prizes stay, dimmed under "LAST GAME", and
        the counters are the next game's, so nothing stale reads as live."""
        self.last_game = self.grid.numbers is not None
        self.grid.highlight = set()
        self.grid.focus = None
        self.trail.reset()
        self.trail.note = None
        self.spins_panel.set(self.game.description.spins)

    def _draw_last_game(self, surface: pygame.Surface) -> None:
        for rect in (self.grid.frame_rect, self.ladder.rect):
            veil = self._veils.get(rect.size)
            if veil is None:
                veil = self._veils[rect.size] = gfx.Surface(rect.size, pygame.SRCALPHA)
                gfx.draw.rect(veil, (16, 0, 6, 150), veil.get_rect(), border_radius=24)
            surface.blit(veil, rect)
        surface.blit(self.last_game_label, self.last_game_label.get_rect(center=self.grid.rect.center))

    def on_round_start(self) -> None:
        self.last_game = False
        self.celebration.active = False
        self.ended_by = ""
        self.grid.hot = set()
        self.flyers.clear()
        self.slingo_age = None

    def reel_spinning(self) -> bool:
        return self.reels.spinning

    def help_pages(self) -> list[Any]:
        return help_pages(self.app.resources, self.game, self.session.bet, self.art)

    def bet_detail(self, bet: int) -> str:
        return f"{self.game.description.spins} SPINS"

    def on_bet_changed(self) -> None:
        super().on_bet_changed()
        self.ladder.set_bet(self.session.bet)
        self.top_prize.set_bet(self.session.bet)

    def key_hints(self) -> tuple[tuple[str, str], ...]:
        hints = super().key_hints()
        return (*hints[:3], ("C", "play controls"), *hints[3:])

    def handle_key(self, key: int) -> bool:
        if key == pygame.K_c:
            self.open_controls()
            return True
        return super().handle_key(key)

    def open_controls(self) -> None:
        self.sound("click")
        if "controls" in self.buttons:
            self.buttons["controls"].flash()

        def changed(controls: PlayControls) -> None:
            self.controls = controls

        self.app.scenes.push(ControlsDialog(self.app, self.session.wallet, self.game.id,
                                            self.game.description.extra_spins, on_change=changed))

    # -- the round's questions ------------------------------------------------------------------

    def won_so_far(self) -> int:
        """Cents the game on screen has secured: its bonuses and the ladder's prize for its Slingos."""
        if self.active is None:
            return 0
        state = state_before(self.active.play.events, len(self.active.play.events))
        return cents_of(state.bonus + state.prize, self.active.play.bet)

    def autoplay_strategy(self) -> Strategy | None:
        """Autoplay buys nothing, unless its menu (or ``--extra-spins``, or the demo) buys extra spins;
        then it buys them at their price (never a Superspin Wheel spin) while its own limits, the
        session budget and the player's play controls all allow, and its line says each price."""
        run = self._autoplay
        if run is None or not run.config.extra_spins:
            return None
        count = run.config.extra_spins
        buying = self.game.buying(count)

        def within_controls(decision: Decision, rng: RoundRng) -> Any:
            choice = buying(decision, rng)
            if decision.kind != "extra_spin":
                return choice
            info = decision.info
            extra, of, price = int(info["extra"]), int(info["of"]), decision.price_of("spin")
            if info["wheel"] and extra <= count:
                self.autoplay_says(f"Autoplay collects: extra spin {extra} is a Superspin Wheel spin "
                                   f"({format_cents(price)}), which autoplay never buys")
                return "collect"
            offer = self._offer(decision)
            limit = passed_limit(self.controls, offer)
            reason = why_collected(limit, self.controls, offer) if limit is not None else \
                self.autoplay_declines(extra, price)
            if reason is not None:
                self.autoplay_says(f"Autoplay collects: {reason[0].lower()}{reason[1:]}")
                return "collect"
            if choice == "spin":
                self.autoplay_says(f"Autoplay buys extra spin {extra} of {of} for {format_cents(price)}")
            return choice

        return within_controls

    def _offer(self, decision: Decision) -> Offer:
        return Offer(extra=int(decision.info["extra"]), cost=decision.price_of("spin"), stake=self.round_stake(),
                     won=self.won_so_far())

    def ask(self, decision: Decision, answer: Answer) -> None:
        if decision.kind in ("wild", "super_wild"):
            self._ask_pick(decision, answer)
        elif decision.kind == "extra_spin":
            self._ask_offer(decision, answer)
        else:
            super().ask(decision, answer)

    def _chosen(self, decision: Decision, answer: Answer, what: str = "") -> Callable[[int], bool]:
        """The answer to a question by its option's index; a priced one above the player's threshold
        is confirmed first (``take_priced``)."""
        def take(option: Any) -> bool:
            self._player_choosing = True
            try:
                taken = answer(option)
            finally:
                self._player_choosing = False
            if taken:
                self._choice = None
                self.money.balance = self.session.balance
                self.reels.emphasis = set()
                self.grid.hot = set()
            return taken

        def chosen(index: int) -> bool:
            option = decision.options[index]
            return self.take_priced(decision, option, what, partial(take, option))

        return chosen

    def _ask_pick(self, decision: Decision, answer: Answer) -> None:
        reel = int(decision.info.get("reel", 0))
        self.reels.emphasis = {(reel, 0)}
        self.sound("expand")
        hint = self.layout.rect("pick_hint").center
        self._choice = PickOverlay(self.app, self.grid, decision.kind, reel, decision.options,
                                   self._chosen(decision, answer), hint_at=hint, on_focus=lambda: self.sound("click"))
        self._choice.on_escape = self.leave  # Esc asks whether to leave; the game waits at this pick
        self.app.scenes.push(self._choice)

    def _ask_offer(self, decision: Decision, answer: Answer) -> None:
        info = decision.info  # priced here, once (the offer's enumeration), and kept by the decision
        cost = decision.price_of("spin")
        offer = self._offer(decision)
        limit = passed_limit(self.controls, offer)
        if limit is not None:
            self.ended_by = why_collected(limit, self.controls, offer)
            if answer("collect"):
                return
            self.ended_by = ""
        bet = self.active.play.bet if self.active is not None else self.session.bet
        could = format_cents(cents_of(Fraction(info["could_win"]), bet))
        price = int(info["price"])
        if info["wheel"]:
            chance = float(Fraction(info["chance"]))
            spin_label = f"SUPERSPIN {format_cents(cost)}"
            detail = f"{chance:.0%} chance of a {format_cents(price)} spin"
        else:
            spin_label = f"SPIN {format_cents(cost)}"
            detail = "one more spin of the reels"
        failures = int(info.get("failures", 0))
        note = f"The wheel has missed {failures} in a row" if failures else ""
        text = OfferText(heading=f"EXTRA SPIN {info['extra']} OF {info['of']}", could_win=could,
                         spin_label=spin_label, spin_detail=detail, collect_label="COLLECT",
                         collect_detail=f"win so far {format_cents(self.won_so_far())}", note=note)
        self.grid.hot = near_cells(self.grid.marks)
        self.sound("feature_start" if info["wheel"] else "click")
        what = f"A Superspin Wheel spin (extra spin {info['extra']} of {info['of']})" if info["wheel"] else \
            f"Extra spin {info['extra']} of {info['of']}"
        self._choice = OfferOverlay(self.app, self.layout.rect("offer"), text, bool(info["wheel"]),
                                    self._chosen(decision, answer, what), on_escape=self.leave)
        self.app.scenes.push(self._choice)

    def player_chose(self) -> bool:
        return self._player_choosing

    # -- called by the presenter's steps -----------------------------------------------------

    def apply_state(self, state: RoundState, won: int) -> None:
        """Show the state a round had reached before its first step to present."""
        d = self.game.description
        if state.numbers is not None:
            self.grid.set_numbers(state.numbers)
            self.grid.set_marks(state.marks, state.lines)
        self.ladder.set(state.slingos)
        self.trail.set(state.trail, animate=False)
        self.trail.playing = None
        if state.reels:
            self.reels.set_window([[name] for name in state.reels])
        if state.extra:
            self.spins_panel.set(0, (state.extra, d.extra_spins))
        else:
            self.spins_panel.set(max(0, (state.spins or d.spins) - state.spin))
        self.money.counter.set(won)

    def new_card(self, numbers: Sequence[Sequence[int]]) -> None:
        d = self.game.description
        self.grid.set_numbers(numbers, flip=True)
        self.ladder.set(0)
        self.trail.reset()
        self.trail.note = None
        self.spins_panel.set(d.spins)
        self.money.counter.set(0)
        self.sound("feature_start")

    def begin_spin(self, event: dict[str, Any], plan: Plan, left: int, extra: tuple[int, int] | None,
                   trail_before: int) -> None:
        self._plan = plan
        self._dinged = 0
        self.spins_panel.set(left, extra, bump=True)
        if event["held"]:
            self.trail.set(trail_before, animate=False)
            if trail_before:
                self.trail.held()
        elif self.trail.trail:
            self.trail.reset()
        self._trail_start = trail_before if event["held"] else 0
        self.grid.chase = 1.0
        self.reels.emphasis = set()
        self.reels.spin([[name] for name, _, _ in plan])
        self.sound("spin_start")

    def reel_landed(self, col: int) -> None:
        self.sound("reel_stop")
        if col >= len(self._plan):
            return
        name, cell, ding = self._plan[col]
        center = self.reels.cell_center(col, 0)
        if cell is not None:
            self.daub(cell, "number")
        if name in ("wild", "super_wild"):
            self.particles.burst(*center, self.colored_sparkles((255, 220, 120)), count=12, speed=200, life=0.6,
                                 gravity=0)
            self.sound("expand")
        elif name == "free_spin":
            self.spins_panel.free_spin()
            self.particles.burst(*center, self.colored_sparkles((130, 255, 170)), count=12, speed=200, life=0.6,
                                 gravity=0)
            self.sound("extra_spins")
        if ding:
            self._dinged += 1
            step = self._trail_start + self._dinged

            def arrive(step: int = step) -> None:
                self.trail.set(max(self.trail.trail, step))
                self.sound("trail_step")

            self.flyers.append(Flyer(self.bell, (center[0], center[1] - 30), self.trail.target(step), 0.45, arrive))
            self.sound("win_line")

    def spin_landed(self, left: int, extra: tuple[int, int] | None) -> None:
        for flyer in self.flyers:
            flyer.t = flyer.seconds
        self._tick_flyers(0.0)
        self.spins_panel.set(left, extra)

    def show_pick(self, cell: Cell, kind: str, options: Sequence[Cell]) -> None:
        """The game marks for the player (autoplay, a replay): the valid cells light, the dauber lands."""
        self.grid.highlight = set(options)
        self.grid.focus = cell
        self.grid.focus_kind = kind
        self.sound("expand")

    def daub(self, cell: Cell, kind: str) -> None:
        self.grid.highlight = set()
        self.grid.focus = None
        self.grid.mark(cell, kind)
        x, y = self.grid.cell_center(*cell)
        color = {"number": (255, 140, 190), "wild": (255, 220, 110), "super_wild": (200, 160, 255)}[kind]
        self.particles.burst(x, y, self.colored_sparkles(color), count=8 if kind == "number" else 16, speed=170,
                             life=0.5, gravity=0)
        self.sound("slingo_daub")

    def slingo(self, new_lines: Sequence[int], slingos: int, counter_to: int) -> None:
        self.grid.light_lines(new_lines)
        self.ladder.set(slingos, animate=True)
        self.money.counter.roll_to(counter_to, 0.6)
        self.slingo_age = 0.0
        self.slingo_count = f"{slingos} SLINGO{'S' if slingos != 1 else ''}" if len(new_lines) == 1 else \
            f"+{len(new_lines)}  \u00b7  {slingos} SLINGOS"
        cx, cy = self.grid.rect.center
        self.particles.burst(cx, cy, self.stars, count=30, speed=360, life=1.0, gravity=240)
        self.sound("slingo_line")

    def feature_music(self) -> bool:
        return self.in_bonus

    def begin_bonus(self, level: int) -> None:
        self.in_bonus = True
        self.slingo_age = None  # the stage is the bonus's now
        self.trail.playing = level
        self.grid.chase = 2.0

    def end_bonus(self) -> None:
        self.in_bonus = False
        self.trail.playing = None
        self.trail.reset()
        self.trail.note = None

    def wheel_landed(self, won: bool) -> None:
        if won:
            cx, cy = self.grid.rect.center
            self.particles.burst(cx, cy, self.colored_sparkles((130, 255, 170)), count=40, speed=360, life=1.0,
                                 gravity=200)

    # -- frame -------------------------------------------------------------------------------

    def _tick_flyers(self, dt: float) -> None:
        if self.flyers:
            self.flyers = [flyer for flyer in self.flyers if not flyer.update(dt)]

    def update_play(self, dt: float) -> None:
        self.time += dt
        self.grid.update(dt)
        self.reels.update(dt)
        self.ladder.update(dt)
        self.trail.update(dt)
        self.spins_panel.update(dt)
        self.top_prize.update(dt)
        self.particles.update(dt)
        self._tick_flyers(dt)
        if self.slingo_age is not None:
            self.slingo_age += dt
            if self.slingo_age > 1.3:
                self.slingo_age = None

    def draw_play(self, surface: pygame.Surface) -> None:
        self.grid.draw(surface)
        self.reels.draw(surface)
        self.ladder.draw(surface)
        self.trail.draw(surface)
        self.spins_panel.draw(surface)
        self.top_prize.draw(surface)
        if self.last_game:
            self._draw_last_game(surface)
        if self.slingo_age is not None:
            self._draw_slingo(surface, self.slingo_age)
        if self.wheel_show.active:
            surface.blit(self.wheel_veil, self.grid.frame_rect)
            self.wheel_show.draw(surface)
        self.bonus_show.draw(surface)
        for flyer in self.flyers:
            flyer.draw(surface)
        self.draw_badge(surface, self.in_bonus)

    def _draw_slingo(self, surface: pygame.Surface, age: float) -> None:
        k = ease_out_back(clamp01(age / 0.3), 2.0)
        frames = self.slingo_pop
        image = frames[min(len(frames) - 1, int(clamp01(age / 0.3) * len(frames)))] if k < 1 else frames[-1]
        alpha = round(255 * (1 - clamp01((age - 1.0) / 0.3)))
        image.set_alpha(alpha)
        center = (self.grid.rect.centerx, self.grid.rect.centery - 20)
        surface.blit(image, image.get_rect(center=center))
        image.set_alpha(255)
        count = render_text(self.count_font, self.slingo_count, CREAM, INK, 3)
        count.set_alpha(alpha)
        surface.blit(count, count.get_rect(midtop=(center[0], center[1] + 44)))
        count.set_alpha(255)

    def draw_top(self, surface: pygame.Surface) -> None:
        self.particles.draw(surface)
