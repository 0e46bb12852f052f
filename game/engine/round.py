"""Rounds: one paid spin (with every feature it triggers), played in steps.

A game writes its round as a generator (``Game.round_steps``). It draws only from the round's
own RNG, appends JSON-serialisable events, awards wins through the context, and ``yield``s a
:class:`Decision` whenever the player must choose; the value sent back is the choice. This keeps
one code path for instant play (the default strategy answers), stepwise play (the client asks
the player), replay and recovery (recorded choices are fed back in order). A decision may put a
price on some options (buy another spin); the price is part of the round's stake.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field, fields
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .errors import DecisionError
from .money import cents_of, multiplier_text
from .rng import RoundRng, answer_key, derived_entropy

if TYPE_CHECKING:
    from .game import Game

Event = dict[str, Any]
_ZERO = Fraction(0)  # every round's running win starts here (a Fraction is immutable: one will do)


@dataclass(frozen=True)
class Decision:
    """A question the round waits on. ``options`` are the JSON values the answer may take.

    ``costs``, parallel to ``options``, is what each option costs in cents on top of the round's
    purchase (e.g. "buy one more spin for 3.40 or collect": ``costs=(340, 0)``); empty means
    every option is free. Options may be unhashable (lists), so prices are found by position.
    """

    kind: str
    options: tuple[Any, ...]
    prompt: str = ""
    info: dict[str, Any] = field(default_factory=dict)
    costs: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "costs", checked_costs(self.kind, self.options, self.costs))

    def price_of(self, choice: Any) -> int:
        """What taking ``choice`` costs in cents (0 when free); DecisionError if it is no option."""
        try:
            index = self.options.index(choice)
        except ValueError:
            raise DecisionError(
                f"{choice!r} is not an option for {self.kind} (options: {list(self.options)})"
            ) from None
        return self.costs[index] if self.costs else 0

    @property
    def free_options(self) -> tuple[Any, ...]:
        """The options that cost nothing (all of them when ``costs`` is empty)."""
        if not self.costs:
            return self.options
        return tuple(option for option, cost in zip(self.options, self.costs) if cost == 0)


def checked_costs(kind: str, options: tuple[Any, ...], costs: tuple[int, ...]) -> tuple[int, ...]:
    """A decision's costs as a tuple: one non-negative whole number of cents per option, or none."""
    costs = tuple(costs)
    if costs and len(costs) != len(options):
        raise DecisionError(f"{kind}: {len(costs)} costs for {len(options)} options (give one per option, or none)")
    for cost in costs:
        if isinstance(cost, bool) or not isinstance(cost, int) or cost < 0:
            raise DecisionError(f"{kind}: a cost is a non-negative int number of cents, not {cost!r}")
    return costs


class PricedLater(Decision):
    """A decision whose ``costs`` and ``info`` are worked out only when first read.

    For a price that is costly to compute (Slingo's extra spin, by enumeration): a round played
    by a strategy that answers without looking at the price (collect) never computes it; the
    screen, a priced answer and the resolver read it, and then it is computed once. ``make``
    returns ``(costs, info)``; it must depend only on the round so far, as any decision does.
    ``free`` are the options known to cost nothing: answering one needs no price.
    """

    _make: Callable[[], tuple[tuple[int, ...], dict[str, Any]]]
    _free: tuple[Any, ...]

    def __init__(self, kind: str, options: tuple[Any, ...], prompt: str,
                 make: Callable[[], tuple[tuple[int, ...], dict[str, Any]]], free: tuple[Any, ...] = ()) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "options", tuple(options))
        object.__setattr__(self, "prompt", prompt)
        object.__setattr__(self, "_make", make)
        object.__setattr__(self, "_free", tuple(free))
        if any(option not in self.options for option in free):
            raise DecisionError(f"{kind}: a free option is not an option")

    def price_of(self, choice: Any) -> int:
        if choice in self._free and not self.priced:
            return 0
        return super().price_of(choice)

    def plain(self) -> Decision:
        """The same decision, priced, as a plain :class:`Decision`."""
        return Decision(self.kind, self.options, self.prompt, self.info, self.costs)

    def _price(self) -> tuple[tuple[int, ...], dict[str, Any]]:
        """(costs, info), worked out on first use and kept (checked as a decision priced at once is)."""
        found: tuple[tuple[int, ...], dict[str, Any]] | None = self.__dict__.get("_priced")
        if found is None:
            costs, info = self._make()
            found = (checked_costs(self.kind, self.options, costs), info)
            object.__setattr__(self, "_priced", found)
        return found

    @property  # the dataclass field, read through the price worked out on first use
    def costs(self) -> tuple[int, ...]:
        return self._price()[0]

    @property  # likewise
    def info(self) -> dict[str, Any]:
        return self._price()[1]

    @property
    def priced(self) -> bool:
        """Whether the price has been worked out yet."""
        return "_priced" in self.__dict__


def _cap_units(cap: Fraction, den: int) -> int:
    """The fewest units of ``1/den`` of the bet that reach ``cap``."""
    return -(-cap.numerator * den // cap.denominator)


_UNIT_TOTALS: dict[tuple[int, int], tuple[Fraction, str]] = {}  # (units, den) -> (units / den, its text)
_UNIT_TOTALS_KEPT = 4096  # the cache starts afresh when it holds this many


def _unit_total(units: int, den: int) -> tuple[Fraction, str]:
    """A round's win of ``units / den`` as a Fraction and its text: the same few totals recur all the time,
    and a Fraction is immutable, so each is made once (a Fraction's constructor is Python code)."""
    key = (units, den)
    found = _UNIT_TOTALS.get(key)
    if found is None:
        if len(_UNIT_TOTALS) >= _UNIT_TOTALS_KEPT:
            _UNIT_TOTALS.clear()
        total = Fraction(units, den)
        found = _UNIT_TOTALS[key] = (total, multiplier_text(total))
    return found


class CapReached(Exception):
    """Raised inside a round when its win reaches the game's cap: the round ends at once."""


class RoundContext:
    """What a round's code works with: its RNG, its event list and its running win."""

    __slots__ = (
        "bet", "buy", "cap", "defer_features", "deferred", "events", "feature_start", "features", "jackpot", "rng",
        "state", "state_out", "total", "unit_den", "units",
    )

    def __init__(
        self,
        rng: RoundRng,
        bet: int,
        buy: bool,
        state: dict[str, Any] | None,
        cap: Fraction | None,
        defer_features: bool = False,
        feature_start: dict[str, Any] | None = None,
    ) -> None:
        self.rng = rng
        self.bet = bet
        self.buy = buy
        self.state = state
        self.events: list[Event] = []
        self.total = _ZERO
        # A game whose pays are whole numbers of 1/den of the bet adds them here as integers
        # (``award_units``): no Fraction is made until the round ends.
        self.units = 0
        self.unit_den = 1
        self.cap = cap
        self.features: dict[str, int] = {}
        self.state_out: dict[str, Any] | None = None
        self.jackpot = 0  # cents won from a progressive pool: outside the cap, not a multiple of the bet
        # Stratified simulation (see ``game.engine.analysis.stratified``): with ``defer_features`` a
        # round that triggers its main feature records the feature's start in ``deferred``
        # instead of playing it; with ``feature_start`` the round plays only that feature.
        self.defer_features = defer_features
        self.deferred: list[dict[str, Any]] = []
        self.feature_start = feature_start

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def award(self, multiplier: Fraction) -> None:
        """Add a win (a multiple of the total bet); stop the round if the cap is reached."""
        if not multiplier:
            return
        if self.units:  # wins awarded in units until now: on in Fractions
            self.total += Fraction(self.units, self.unit_den)
            self.units = 0
        if not self.total and type(multiplier) is Fraction:
            self.total = multiplier  # the first win of the round: 0 + x is x (a Fraction is immutable)
        else:
            self.total += multiplier
        if self.cap is not None and self.total >= self.cap:
            self.total = self.cap
            raise CapReached

    def award_units(self, units: int, den: int) -> None:
        """``award(Fraction(units, den))``, added as an integer: for a game whose pays are whole numbers of
        ``1/den`` of the total bet (the same ``den`` every time). Stop at the cap."""
        if not units:
            return
        if self.total is not _ZERO or (self.units and den != self.unit_den):  # on in Fractions
            self.award(Fraction(units, den))
            return
        self.unit_den = den
        won = self.units = self.units + units
        cap = self.cap
        if cap is not None and won >= _cap_units(cap, den):
            self.units = 0
            self.total = cap
            raise CapReached

    @property
    def won(self) -> Fraction:
        """The round's win so far, a multiple of the total bet."""
        if self.units:
            return self.total + Fraction(self.units, self.unit_den)
        return self.total

    def award_jackpot(self, cents: int) -> None:
        """Add a progressive jackpot's payout (cents): it is not a multiple of the bet and is outside the cap."""
        self.jackpot += cents

    def count(self, feature: str, amount: int = 1) -> None:
        """Tally a feature for statistics and stop conditions (zero amounts leave no trace)."""
        if amount:
            self.features[feature] = self.features.get(feature, 0) + amount


@dataclass(frozen=True)
class RoundResult:
    """A finished round: everything needed to show it, settle it and replay it.

    ``cost`` is the round's whole stake: the purchase price (``Game.cost``) plus the price of
    every priced decision taken; ``decision_costs`` is the price paid at each decision (0 when
    free), parallel to ``decisions``, and ``entropy`` the 64-bit value each answer was taken with
    (what follows an answer is drawn from a stream keyed by it: ``docs/RNG.md``). ``win`` is what
    the round credits: ``win_x`` at the bet, rounded down to the cent, plus ``jackpot``, the cents
    paid from a progressive pool (which is neither a multiple of the bet nor under the cap).
    """

    game_id: str
    bet: int
    cost: int
    seed: int
    buy: bool
    decisions: tuple[Any, ...]
    events: tuple[Event, ...]
    win_x: Fraction
    win: int
    capped: bool
    features: dict[str, int]
    state_in: dict[str, Any] | None
    state_out: dict[str, Any] | None
    deferred: tuple[dict[str, Any], ...] = ()  # feature starts deferred by a stratified run
    decision_costs: tuple[int, ...] = ()
    jackpot: int = 0
    entropy: tuple[int, ...] = ()  # the entropy each answer was taken with, parallel to ``decisions``

    @property
    def purchase_price(self) -> int:
        """What the round cost before any decision: the bet, or the buy price."""
        return self.cost - sum(self.decision_costs)

    def summary(self) -> dict[str, Any]:
        summary = {
            "win": self.win,
            "x": multiplier_text(self.win_x),
            "capped": self.capped,
            "features": dict(self.features),
        }
        if self.jackpot:
            summary["jackpot"] = self.jackpot
        return summary


Strategy = Callable[[Decision, RoundRng], Any]

# Every round's RoundResult is made as ``RoundResult(**fields)`` would make it, but without the frozen
# dataclass's per-field ``object.__setattr__``: its instance dictionary is set in one step (the round's
# filled-in copy of ``_RESULT_DEFAULTS`` becomes it). It is the same object: RoundResult has no
# ``__post_init__`` and no slots, and every field is given (``tests/test_engine_api.py`` checks both
# against the dataclass).
_new = object.__new__
_set = object.__setattr__
# Every field of a RoundResult in the dataclass's order, at the value of a round with no decision, nothing
# deferred and no jackpot (the others are set for each round).
_RESULT_DEFAULTS: dict[str, Any] = {each.name: None for each in fields(RoundResult)}
_RESULT_DEFAULTS.update(decisions=(), deferred=(), decision_costs=(), jackpot=0, entropy=())


class RoundPlay:
    """A round being played step by step.

    ``pending`` is the decision the round waits on (None when finished). ``decide(choice, entropy)``
    answers it, adds the choice's price to ``cost``, the stake so far, and restarts the round's
    stream under a key made of the seed, the answer's index and ``entropy``: what follows an answer
    is drawn from entropy taken with it, so nothing known before the answer (the seed included)
    tells what it leads to. Recorded ``decisions`` (with their ``entropy``) given at construction
    are replayed first, so a round can be rebuilt exactly at the step (and the stake) it had reached.
    """

    __slots__ = ("_result", "_steps", "bet", "buy", "capped", "cost", "ctx", "decision_costs", "decisions", "entropy",
                 "game", "pending", "seed", "state_in")

    def __init__(
        self,
        game: Game,
        bet: int,
        seed: int,
        rng: RoundRng,
        buy: bool = False,
        state: dict[str, Any] | None = None,
        decisions: tuple[Any, ...] | list[Any] = (),
        defer_features: bool = False,
        feature_start: dict[str, Any] | None = None,
        cost: int | None = None,
        entropy: tuple[int | None, ...] | list[int | None] = (),
    ) -> None:
        """``Game.start`` makes it (every argument by position: a class called with keywords builds a dict),
        with the purchase price it has worked out (``cost``; None: worked out here). ``entropy`` is
        parallel to ``decisions``; a missing or None entry is the derived one (``derived_entropy``)."""
        self.game = game
        self.bet = bet
        self.seed = seed
        self.buy = buy
        self.state_in = state
        self.decisions: list[Any] = []
        self.decision_costs: list[int] = []
        self.entropy: list[int] = []
        self.cost = game.cost(bet, buy) if cost is None else cost  # the purchase price; priced decisions add
        self.ctx = RoundContext(rng, bet, buy, state, game.cap, defer_features, feature_start)
        self._steps: Generator[Decision, Any, None] = game.round_steps(self.ctx)
        self.pending: Decision | None = None
        self.capped = False
        self._result: RoundResult | None = None
        self._advance(None, True)
        if len(entropy) > len(decisions):
            raise DecisionError(f"{len(entropy)} entropy values for {len(decisions)} decisions")
        for index, choice in enumerate(decisions):
            self.decide(choice, entropy[index] if index < len(entropy) else None)

    @property
    def finished(self) -> bool:
        return self._result is not None

    @property
    def events(self) -> list[Event]:
        return self.ctx.events

    def price_of(self, choice: Any) -> int:
        """What answering the pending decision with ``choice`` would cost (cents)."""
        if self.pending is None:
            raise DecisionError("this round is not waiting for a decision")
        return self.pending.price_of(choice)

    def decide(self, choice: Any, entropy: int | None = None) -> None:
        """Answer the pending decision; the round records it as a ``decision`` event and goes on,
        drawing from then on from a stream keyed by ``entropy`` (None: ``derived_entropy``, which
        follows from the seed: for reproducible rounds only; a player's answer brings fresh entropy)."""
        price = self.price_of(choice)  # refuses a choice that is not an option
        assert self.pending is not None  # price_of refused a round that waits on nothing
        index = len(self.decisions)
        if entropy is None:
            entropy = derived_entropy(self.seed, index)
        try:
            key = answer_key(self.seed, index, entropy)  # checks the entropy before anything is recorded
        except ValueError as exc:
            raise DecisionError(str(exc)) from None
        self.decisions.append(choice)
        self.decision_costs.append(price)
        self.entropy.append(entropy)
        self.cost += price
        self.ctx.emit({"type": "decision", "kind": self.pending.kind, "choice": choice, "price": price})
        self.ctx.rng.rekey(key)
        self._advance(choice)

    def _advance(self, choice: Any, first: bool = False) -> None:
        try:
            # next() with a default: a round that ends at its first step (most do) raises no StopIteration
            pending = next(self._steps, None) if first else self._steps.send(choice)
        except StopIteration:
            pending = None
        except CapReached:
            self.capped = True
            self._steps.close()
            self.ctx.emit({"type": "cap_reached", "x": multiplier_text(self.ctx.total)})
            pending = None
        self.pending = pending
        if pending is None:
            self._finish()

    def _finish(self) -> None:
        ctx = self.ctx
        total = ctx.total
        units = ctx.units
        if units:  # won in units (then ctx.total is zero): rounded down to the cent in integers
            den = ctx.unit_den
            total, text = _unit_total(units, den)
            win = units * self.bet // den + ctx.jackpot
        elif total is _ZERO:  # most rounds: no win (awards are never zero), nothing to round or to format
            win = ctx.jackpot
            text = "0"
        else:
            win = cents_of(total, self.bet) + ctx.jackpot
            text = multiplier_text(total)
        ctx.events.append({"type": "round_end", "x": text, "win": win, "capped": self.capped})
        # every field, in one step (see ``_new`` above): a copy of the defaults' dict, then the round's own
        record = _RESULT_DEFAULTS.copy()  # copied at its size: faster than a 16-key dict display
        record["game_id"] = self.game.id
        record["bet"] = self.bet
        record["cost"] = self.cost
        record["seed"] = self.seed
        record["buy"] = self.buy
        record["events"] = tuple(ctx.events)
        record["win_x"] = total
        record["win"] = win
        record["capped"] = self.capped
        record["features"] = ctx.features
        record["state_in"] = self.state_in
        record["state_out"] = ctx.state_out
        if self.decisions:
            record["decisions"] = tuple(self.decisions)
            record["decision_costs"] = tuple(self.decision_costs)
            record["entropy"] = tuple(self.entropy)
        if ctx.deferred:
            record["deferred"] = tuple(ctx.deferred)
        if ctx.jackpot:
            record["jackpot"] = ctx.jackpot
        self._result = result = _new(RoundResult)
        _set(result, "__dict__", record)

    @property
    def result(self) -> RoundResult:
        if self._result is None:
            raise DecisionError("the round is still waiting for a decision")
        return self._result


def random_strategy(decision: Decision, rng: RoundRng) -> Any:
    """The default strategy: a uniformly random option from a generator of its own."""
    return decision.options[rng.randrange(len(decision.options))]
