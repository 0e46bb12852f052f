"""Fat Santa's presentation: a round's events (docs/EVENTS.md) turned into timeline steps.

Everything shown comes from the events: where the reels land, the sleigh's pies and what landed
beneath them, Santa's block before, along his path and after each free spin, the meter, the
sizes he grows to and the spins they award, each win's cells and amount
(``cents_of(Fraction(win["x"]), bet)``), the cap. A resumed round starts from the state the
events before ``start`` describe (``state_before``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Protocol

from ....engine.money import cents_of, format_cents
from ...kit.presenter import shows
from ...kit.reel_presenter import ReelPresenter, ReelStage
from ...widgets.slot_steps import Highlight, SpinReels
from ...widgets.timeline import Call, Step, Wait
from ...widgets.winlines import WinMark
from .art import BLANK
from .meter import PieMeter, SpinsPanel
from .santa import Block, SantaLayer, block_cells, block_of
from .sleigh import SleighLayer

if TYPE_CHECKING:
    from ....engine.games.fat_santa import FatSanta

Event = dict[str, Any]
Window = list[list[str]]

NAMES = {
    "santa": "FAT SANTA", "pie": "PIE", "rudolph": "RUDOLPH", "elf": "ELF", "snowman": "SNOWMAN",
    "gingerbread": "GINGERBREAD", "ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "10",
}
ICE = (120, 200, 255)
GOLD = (255, 200, 80)
GREEN = (90, 220, 130)
RED = (255, 96, 90)


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    window: Window | None = None
    in_free: bool = False
    spin: int = 0
    total: int = 0
    santa: Block | None = None
    meter: dict[str, int] = field(default_factory=dict)
    won: Fraction = Fraction(0)
    capped: bool = False


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        kind = event["type"]
        if kind == "spin":
            state.window = event["window"]
            state.won += Fraction(event["x"])
        elif kind == "free_games_start":
            state.in_free, state.total, state.spin = True, event["spins"], 0
            state.santa = block_of(event["santa"])
            meter = event["meter"]
            state.meter = {"pies": meter["pies"], "needed": meter["needed"], "fills": meter["fills"]}
        elif kind == "free_spin":
            state.window = event["window"]
            state.spin, state.total = event["spin"], event["spins"]
            state.santa = block_of(event["santa"])
            meter = event["meter"]
            state.meter = {"pies": meter["pies"], "needed": meter["needed"], "fills": meter["fills"]}
            state.won += Fraction(event["x"])
        elif kind == "extra_spins":
            state.total = event["spins"]
        elif kind == "free_games_end":
            state.in_free = False
        elif kind == "cap_reached":
            state.capped = True
    return state


def masked(window: Sequence[Sequence[str]], block: Block | None) -> Window:
    """``window`` with Santa's cells left empty (his block is drawn over them)."""
    cells = block_cells(block)
    return [[BLANK if (c, r) in cells else name for r, name in enumerate(column)] for c, column in enumerate(window)]


class Animate(Step):
    """Start an animation on a layer and wait while it runs; skipping completes it at once."""

    name = "animate"

    def __init__(self, start: Callable[[], None], busy: Callable[[], bool], finish: Callable[[], None],
                 progress: int | None = None) -> None:
        self._start, self._busy, self._finish = start, busy, finish
        self.progress = progress

    def start(self) -> None:
        self._start()

    def update(self, dt: float) -> bool:
        return not self._busy()

    def skip(self) -> None:
        self._finish()


class WalkView:
    """What the reels show while Santa walks: the evaluated window, uneaten pies still as pies."""

    def __init__(self, landed: Sequence[Sequence[str]], window: Sequence[Sequence[str]],
                 pies: Sequence[Sequence[int]]) -> None:
        self.landed = landed
        self.window = window
        self.uneaten = {(int(c), int(r)) for c, r in pies}

    def eat(self, cell: tuple[int, int]) -> None:
        self.uneaten.discard(cell)

    def show(self) -> Window:
        out: Window = []
        for c, column in enumerate(self.window):
            shown = []
            for r, name in enumerate(column):
                if (c, r) in self.uneaten:
                    shown.append("pie")
                elif name != "santa":
                    shown.append(name)
                else:
                    under = self.landed[c][r]
                    shown.append(under if under != "santa" else BLANK)
            out.append(shown)
        return out


class Stage(ReelStage, Protocol):
    """What the presenter's steps drive on the Fat Santa screen."""

    game: FatSanta
    sleigh: SleighLayer
    santa: SantaLayer
    meter: PieMeter
    spins: SpinsPanel
    extra_spins: tuple[int, ...]

    def spin_with_sleigh(self, landed: list[list[str]], pies: Sequence[tuple[int, int]]) -> None: ...

    def enter_free(self, total: int, meter: dict[str, int]) -> None: ...

    def exit_free(self, base_window: Sequence[Sequence[str]] | None) -> None: ...

    def quiet_window(self) -> Window | None: ...

    def cap_reached(self) -> None: ...


class Presenter(ReelPresenter):
    """Builds the steps; holds only what it needs to follow the round while building."""

    NAMES = NAMES
    ACCENT = ICE
    s: Stage

    def __init__(self, screen: Stage) -> None:
        super().__init__(screen)
        self.rows = screen.reels.rows
        self.grew: list[dict[str, Any]] = []

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def warm_up(self) -> None:
        """Render the banners every feature round uses, so their first frame is light."""
        s = self.s
        s.banner.render("Free Games", f"{s.game.description.free_spins} FREE SPINS", self._intro_lines(),
                        "Press SPACE to start")
        for size, count in zip(s.game.description.santa_sizes, s.extra_spins, strict=True):
            s.banner.render(*self._extra_args(size, count), accent=GREEN)

    @staticmethod
    def _intro_lines() -> list[str]:
        return ["Santa stays on the reels and walks to every pie", "Fill the pie meter: he grows and wins spins"]

    @staticmethod
    def _extra_args(size: int, count: int) -> tuple[str, str, list[str]]:
        word = "SPIN" if count == 1 else "SPINS"
        return ("Santa Grew!", f"+{count} EXTRA {word}", [f"Fat Santa is now {size}x{size}: a {size}x{size} wild"])

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        state = state_before(events, start)
        self.shown_total = state.total
        self.santa = state.santa
        self.grew = []
        return super().prelude(events, bet, start, resumed=resumed)

    # -- one builder per event type --------------------------------------------------------

    @shows("spin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        landed, window = event["landed"], event["window"]
        sleigh = event.get("sleigh")
        pies = [tuple(cell) for cell in sleigh["pies"]] if sleigh else []
        steps: list[Step] = []
        if pies:
            def land_now() -> None:
                s.sleigh.finish()
                s.reels.quick_stop()

            steps.append(Animate(lambda: s.spin_with_sleigh(landed, pies),
                                 lambda: s.reels.spinning or s.sleigh.flying, land_now))
            steps.append(Animate(lambda: s.sleigh.stamp(lambda: s.reels.set_window(window)),
                                 lambda: s.sleigh.busy, s.sleigh.finish))
        else:
            steps.append(SpinReels(s.reels, landed, before=s.before_spin))
            if landed != window:
                steps.append(Call(lambda: s.reels.set_window(window)))
        triggers = any(e["type"] == "free_games_start" for e in events[index + 1:])
        if triggers:
            cells = tuple((c, r) for c, column in enumerate(window) for r, name in enumerate(column)
                          if name in ("santa", "pie"))
            mark = WinMark(cells, None, "", "")
            steps.append(Highlight(s.painter, mark, 1.4, lambda: s.celebrate_cells(cells)))
        steps.extend(self.wins(event["wins"], Fraction(event["x"]), free=False, progress=index + 1,
                                big=not triggers))
        return steps

    @shows("free_games_start")
    def _free_games_start(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.had_feature = True
        self.shown_total = event["spins"]
        block = block_of(event["santa"])
        self.santa = block
        meter = event["meter"]
        hop = event.get("trigger") == "spin"

        def arrive() -> None:
            s.enter_free(event["spins"], meter)
            s.reels.set_window(masked(s.reels.window, block))
            s.santa.enter(block, hop=hop)

        return [
            Animate(arrive, lambda: s.santa.busy, s.santa.finish),
            self.moment("Free Games", f"{event['spins']} FREE SPINS", self._intro_lines(), hint="Press SPACE to start",
                        sound_name="feature_start", progress=index + 1),
        ]

    @shows("free_spin")
    def _free_spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        total_before = self.shown_total
        spin_no = event["spin"]
        before = block_of(event["santa_before"])
        final = block_of(event["santa"])
        landed, window = event["landed"], event["window"]
        pies = [(int(c), int(r)) for c, r in event["pies"]]
        path = [block_of(b) for b in event["path"]]
        meter = event["meter"]
        self.grew = list(event.get("grew", []))
        held = [c for c in range(before[0], before[0] + before[2])] if before[2] >= self.rows else []
        landing = masked(landed, before)

        def start_spin() -> None:
            s.before_spin()
            s.spins.set(in_free=True, spin=spin_no, total=total_before)
            if s.santa.block != before:
                s.santa.set_block(before)

        steps: list[Step] = [SpinReels(s.reels, landing, held=held, before=start_spin)]
        if len(held) == len(landed):
            steps.append(Wait(0.45))
        if pies:
            view = WalkView(landed, window, pies)
            mark = WinMark(tuple(pies), None, "", "")

            def show_pies() -> None:
                s.reels.set_window(view.show())
                s.sound("scatter_land")

            steps.append(Highlight(s.painter, mark, 0.6, show_pies))
            for pie, after in zip(pies, path, strict=True):
                def visit(pie: tuple[int, int] = pie, after: Block = after) -> None:
                    def eaten() -> None:
                        view.eat(pie)
                        s.reels.set_window(view.show())
                        s.meter.add_pie()

                    s.santa.visit(pie, after, on_eat=eaten, on_grow=lambda: None)

                steps.append(Animate(visit, lambda: s.santa.busy, s.santa.finish))

        def settle() -> None:
            s.santa.set_block(final)
            s.reels.set_window(masked(window, final))
            s.meter.set(in_free=True, pies=meter["pies"], needed=meter["needed"], fills=meter["fills"])

        steps.append(Call(settle))
        self.santa = final
        steps.extend(self.free_spin_wins(event, index, events, total_before))
        return steps

    @shows("extra_spins")
    def _extra_spins(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.shown_total = event["spins"]
        grew = self.grew.pop(0) if self.grew else {"size": (self.santa or (0, 0, 1))[2], "extra_spins": event["count"]}
        title, big, lines = self._extra_args(grew["size"], event["count"])
        return [self.moment(title, big, lines, accent=GREEN, sound_name="extra_spins",
                            on_start=lambda: s.spins.set(in_free=True, spin=s.spins.spin, total=event["spins"]),
                            progress=index + 1)]

    @shows("free_games_end")
    def _free_games_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        # The reels go back to the triggering spin; a bought feature had none: a quiet base window
        # (never a free spin's, whose Santa cells the base game cannot land).
        base_window = next((e["window"] for e in events if e["type"] == "spin"), None) or s.quiet_window()
        feature_win = cents_of(Fraction(event["x"]), self.bet)
        round_win = cents_of(self.round_x, self.bet)
        size = event.get("size", 1)
        lines = [f"in {event['spins']} free spins  \u00b7  Santa grew to {size}x{size}"]
        if round_win != feature_win:
            lines.append(f"Round total {format_cents(round_win)}")
        return [
            self.moment("Free Games Complete", format_cents(feature_win), lines, sound_name="feature_end",
                        progress=index + 1),
            Call(lambda: s.exit_free(base_window)),
        ]

    @shows("cap_reached")
    def _cap_reached(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        x = Fraction(event["x"])
        amount = format_cents(cents_of(x, self.bet))
        return [self.moment("Maximum Win!", f"{float(x):,.2f}x BET", [  # the cap ends the round: it waits to be read
            f"{amount} is the most a round can pay.", "The round ends here; the cap is paid in full."],
            accent=RED, sound_name="win_big", on_start=s.cap_reached, progress=index + 1)]
