"""Slingo Santa King's presenter: one step builder per event the engine emits (docs/EVENTS.md).

A round is one whole Slingo game: the card (``grid``), each spin of the reels (``spin``: numbers
daubed as their reels land, dings lighting the trail, free spins added), each wild's mark (the
player's ``decision``, then its ``pick``), the Slingos a spin completed and the ladder's climb
(``spin_end``), the Reel King bonus (``bonus``), the extra spins bought and the Superspin Wheel
(``decision``, ``wheel``), the end (``game_end``). The kit shows ``round_end``'s counter. The
win field shows what the game has secured so far: its bonuses and the ladder's prize for the
Slingos on the card. Nothing here decides anything: every amount is the event's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

from ....engine.money import cents_of, format_cents
from ...kit.presenter import shows
from ...kit.reel_presenter import MOMENT_COUNTDOWN, StagePresenter
from ...kit.reel_presenter import Stage as KitStage
from ...widgets.slot_steps import ShowBanner
from ...widgets.timeline import Call, Step, Wait
from .bonus import BonusShow, BonusStep
from .wheel import WheelShow, WheelStep

if TYPE_CHECKING:
    from ....engine.games.slingo_santa_king import SlingoSantaKing
    from .reels import SlingoReels

Event = dict[str, Any]
Cell = tuple[int, int]
GOLD = (255, 204, 84)
HOLLY = (110, 220, 140)
ROSE = (255, 120, 160)


@dataclass
class RoundState:
    """What the screen shows after the events before some index (for resuming there)."""

    numbers: list[list[int]] | None = None
    marks: dict[Cell, str] = field(default_factory=dict)  # cell -> number, wild or super_wild
    lines: list[int] = field(default_factory=list)
    slingos: int = 0
    prize: Fraction = Fraction(0)  # the ladder's prize for the Slingos now, x stake
    bonus: Fraction = Fraction(0)  # the bonuses won, x stake
    trail: int = 0
    spin: int = 0  # spins played (extra spins counted on)
    spins: int = 0  # the game's spins, free spins included
    extra: int = 0  # extra spins played
    reels: list[str] | None = None  # what the reels showed last
    over: bool = False

    @property
    def won(self) -> Fraction:
        return self.bonus + self.prize


def reel_names(reels: Sequence[Any]) -> list[str]:
    return [str(symbol) for symbol in reels]


def state_before(events: Sequence[Event], start: int) -> RoundState:
    state = RoundState()
    for event in events[:start]:
        kind = event["type"]
        if kind == "grid":
            state.numbers = [list(column) for column in event["numbers"]]
        elif kind == "spin":
            state.spin, state.spins, state.trail = int(event["spin"]), int(event["spins"]), int(event["trail"])
            state.reels = reel_names(event["reels"])
            if event["extra"]:
                state.extra += 1
            for col, row in event["marked"]:
                state.marks[(col, row)] = "number"
        elif kind == "pick" and event["cell"] is not None:
            col, row = event["cell"]
            state.marks[(col, row)] = event["kind"]
        elif kind == "spin_end":
            state.slingos, state.lines = int(event["slingos"]), list(event["lines"])
            state.prize = Fraction(event["prize"])
        elif kind == "bonus":
            state.bonus += Fraction(event["x"])
            state.trail = 0
        elif kind == "game_end":
            state.over = True
            state.prize = Fraction(event["prize"])
    return state


class Stage(KitStage, Protocol):
    """What the presenter's steps drive on the Slingo screen."""

    game: SlingoSantaKing
    reels: SlingoReels
    bonus_show: BonusShow
    wheel_show: WheelShow
    ended_by: str

    def new_card(self, numbers: Sequence[Sequence[int]]) -> None: ...

    def begin_spin(self, event: Event, plan: list[tuple[str, Cell | None, bool]], left: int,
                   extra: tuple[int, int] | None, trail_before: int) -> None: ...

    def spin_landed(self, left: int, extra: tuple[int, int] | None) -> None: ...

    def show_pick(self, cell: Cell, kind: str, options: Sequence[Cell]) -> None: ...

    def daub(self, cell: Cell, kind: str) -> None: ...

    def slingo(self, new_lines: Sequence[int], slingos: int, counter_to: int) -> None: ...

    def begin_bonus(self, level: int) -> None: ...

    def end_bonus(self) -> None: ...

    def wheel_landed(self, won: bool) -> None: ...

    def player_chose(self) -> bool:
        """The continuation being built follows a choice the player made on screen."""
        ...

    def answers_itself(self) -> bool: ...


class SpinStep(Step):
    """The reels spin and land one after another; each lands its daub, its ding, its free spin."""

    name = "spin"

    def __init__(self, s: Stage, event: Event, plan: list[tuple[str, Cell | None, bool]], left: int,
                 extra: tuple[int, int] | None, trail_before: int, after: int, progress: int | None = None) -> None:
        self.s = s
        self.event = event
        self.plan = plan
        self.left = left
        self.extra = extra
        self.trail_before = trail_before
        self.after = after  # spins left once this spin's free spins are in
        self.progress = progress

    def start(self) -> None:
        self.s.begin_spin(self.event, self.plan, self.left, self.extra, self.trail_before)

    def update(self, dt: float) -> bool:
        if self.s.reels.spinning:
            return False
        self.s.spin_landed(self.after, self.extra)
        return True

    def skip(self) -> None:
        self.s.reels.quick_stop()


class Presenter(StagePresenter):
    """Builds the steps; follows the card and the win while building."""

    ACCENT = GOLD
    FEATURE_START = "bonus"
    s: Stage

    def __init__(self, screen: Stage) -> None:
        super().__init__(screen)
        d = screen.game.description
        self.extra_of = d.extra_spins
        self.trail_rules = d.trail
        self.wheel_failures = d.wheel_failures
        self.wheel_price = d.wheel_price
        self.state = RoundState()

    def state_before(self, events: Sequence[Event], start: int) -> RoundState:
        return state_before(events, start)

    def prelude(self, events: Sequence[Event], bet: int, start: int, *, resumed: bool) -> list[Step]:
        self.state = state_before(events, start)
        return super().prelude(events, bet, start, resumed=resumed)

    def counter_cents(self) -> int:
        """The win field: the bonuses and the ladder's prize for the Slingos now."""
        return cents_of(self.state.bonus + self.state.prize, self.bet)

    # -- one builder per event type --------------------------------------------------------

    @shows("grid")
    def _grid(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        numbers = [list(column) for column in event["numbers"]]
        self.state = RoundState(numbers=numbers, spins=s.game.description.spins)
        wait = Wait(0.75)
        wait.progress = index + 1
        return [Call(lambda: s.new_card(numbers)), wait]

    @shows("spin")
    def _spin(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        state = self.state
        numbers = state.numbers or []
        spin = int(event["spin"])
        total_before = state.spins if state.spins else int(event["spins"])
        marked = {(col, row) for col, row in event["marked"]}
        plan: list[tuple[str, Cell | None, bool]] = []
        for col, symbol in enumerate(event["reels"]):
            cell: Cell | None = None
            if isinstance(symbol, int) and col < len(numbers):
                for row, n in enumerate(numbers[col]):
                    if n == symbol and (col, row) in marked:
                        cell = (col, row)
            plan.append((str(symbol), cell, bool(event["dings"][col])))
        extra = (state.extra + 1, self.extra_of) if event["extra"] else None
        left = max(0, total_before - spin)
        after = max(0, int(event["spins"]) - spin)
        trail_before = state.trail
        state.spin, state.spins, state.trail = spin, int(event["spins"]), int(event["trail"])
        state.reels = reel_names(event["reels"])
        if event["extra"]:
            state.extra += 1
        for cell in marked:
            state.marks[cell] = "number"
        return [SpinStep(self.s, event, plan, left, extra, trail_before, after, progress=index + 1)]

    @shows("decision")
    def _decision(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        kind = event["kind"]
        if kind in ("wild", "super_wild"):
            if s.player_chose():  # marked on the card already: the pick event daubs it
                return [Call(lambda: None, progress=index + 1)]
            col, row = event["choice"]
            options = self._options(kind, events, index)
            wait = Wait(0.55)
            wait.progress = index + 1
            return [Call(partial(s.show_pick, (col, row), kind, options)), wait]
        if kind == "extra_spin":
            price = int(event.get("price", 0))
            if event["choice"] != "spin" or not price:
                return [Call(lambda: None, progress=index + 1)]
            wheel = any(e["type"] == "wheel" for e in events[index + 1:index + 2])
            text = (f"Superspin Wheel spin: {format_cents(price)}" if wheel
                    else f"Extra spin bought: {format_cents(price)}")
            return [Call(lambda: s.toast.show(text, 2.0), progress=index + 1)]
        return super()._decision(event, index, events)

    def _options(self, kind: str, events: Sequence[Event], index: int) -> list[Cell]:
        """The cells the wild could have marked (shown briefly when the game marked for the player)."""
        reel = next((e["reel"] for e in events[index + 1:index + 2] if e["type"] == "pick"), 0)
        marked = self.state.marks
        cols = [reel] if kind == "wild" else range(5)
        return [(col, row) for col in cols for row in range(5) if (col, row) not in marked]

    @shows("pick")
    def _pick(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        if event["cell"] is None:
            text = "The wild's column is full: it marks nothing"
            return [Call(lambda: s.toast.show(text, 2.0)), Wait(0.4), Call(lambda: None, progress=index + 1)]
        col, row = event["cell"]
        kind = event["kind"]
        self.state.marks[(col, row)] = kind
        wait = Wait(0.32)
        wait.progress = index + 1
        return [Call(partial(s.daub, (col, row), kind)), wait]

    @shows("spin_end")
    def _spin_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        state = self.state
        old = set(state.lines)
        state.lines, state.slingos = list(event["lines"]), int(event["slingos"])
        state.prize = Fraction(event["prize"])
        new = [line for line in state.lines if line not in old]
        if not new:
            wait = Wait(0.18)
            wait.progress = index + 1
            return [wait]
        counter = self.counter_cents()
        slingos = state.slingos
        wait = Wait(1.0 if len(new) == 1 else 1.3)
        wait.progress = index + 1
        return [Call(partial(s.slingo, new, slingos, counter)), wait]

    @shows("bonus")
    def _bonus(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        self.had_feature = True
        stage = self.trail_rules.stage(int(event["stage"]))
        assert stage is not None, f"no trail stage {event['stage']}"
        before = self.state.bonus + self.state.prize
        self.state.bonus += Fraction(event["x"])
        self.state.trail = 0
        level = int(event["stage"])
        money = s.money

        def win(cents: int) -> None:
            money.counter.roll_to(cents, 0.5)

        return [BonusStep(s.bonus_show, event, stage, self.bet, counter_from=before,
                          on_start=partial(s.begin_bonus, level), on_end=s.end_bonus, on_win=win, sound=s.sound,
                          progress=index + 1)]

    @shows("wheel")
    def _wheel(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        return [WheelStep(s.wheel_show, event, index, price=format_cents(int(event["price"])),
                          wheel_price=format_cents(self.wheel_price), limit=self.wheel_failures, sound=s.sound,
                          on_land=s.wheel_landed, progress=index + 1)]

    @shows("game_end")
    def _game_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        s = self.s
        state = self.state
        state.over = True
        state.prize = Fraction(event["prize"])
        slingos = int(event["slingos"])
        full = bool(event["full_house"])
        if full:
            self.had_feature = True
        total = cents_of(state.bonus + state.prize, self.bet)
        lines = []
        if slingos:
            lines.append(f"{slingos} Slingo{'s' if slingos != 1 else ''}: {self.money(state.prize)}")
        else:
            lines.append("No Slingo this game")
        if state.bonus:
            lines.append(f"Reel King bonuses: {self.money(state.bonus)}")
        extras = int(event["extra_spins"])
        if extras:
            lines.append(f"{extras} extra spin{'s' if extras != 1 else ''} played")
        why = s.ended_by
        title = "Full House!" if full else "Game Over"
        accent = GOLD if total else (200, 170, 200)
        big = format_cents(total) if total else "No win"
        counter: list[Step] = [Call(lambda: s.money.counter.roll_to(total, 0.6))]
        if why:  # the player's own limit ended it: the card waits for them, turbo or not
            return [*counter, ShowBanner(s.banner, "Collected by your play controls", big, [why, *lines],
                                         hold=MOMENT_COUNTDOWN, hint="Press SPACE to continue", accent=ROSE,
                                         sound=s.sound, sound_name="feature_end", progress=index + 1,
                                         waits=lambda: not s.answers_itself())]
        return [*counter, self.moment(title, big, lines, accent=accent,
                                      sound_name="full_house" if full else ("feature_end" if total else ""),
                                      progress=index + 1)]

    @shows("round_end")
    def _round_end(self, event: Event, index: int, events: Sequence[Event]) -> list[Step]:
        """The counter lands on the round's win; a win of ten stakes or more celebrates."""
        s = self.s
        win = event["win"]
        steps: list[Step] = [Call(lambda: s.money.counter.roll_to(win, 0.4))]
        if self.big_win(win):
            steps.append(self.celebrate(win))
        return steps
