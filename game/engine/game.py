"""The common shape of every game: bets, costs, evaluation, and whole or stepwise rounds."""

from __future__ import annotations

import functools
import hashlib
import inspect
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator
from datetime import timedelta
from fractions import Fraction
from pathlib import Path
from typing import Any

from .describe import GameDescription, RtpReport, read_rtp_reports
from .errors import DecisionError, InvalidBet
from .jackpot import JackpotRules
from .lines import LineEvaluator
from .money import cents_of
from .parts import ExactParts, PayFigures
from .rng import RoundRng, derive_seed, new_seed, round_rng
from .round import Decision, RoundContext, RoundPlay, RoundResult, Strategy, random_strategy
from .wins import Evaluation

# The default strategy draws from its own generator, seeded from the round seed, so that
# strategy choices never shift the round's own random numbers.
_STRATEGY_SALT = 0x5EED_DEC1_5104_0000


RoundSteps = Callable[[Any, RoundContext], Generator[Decision, Any, None]]


def _as_generator(plain: Callable[[Any, RoundContext], Any]) -> RoundSteps:
    """A ``round_steps`` written as a plain function (a round without decisions), as the generator the
    round machinery drives; one that returns a generator is driven through it."""

    @functools.wraps(plain)
    def round_steps(self: Game, ctx: RoundContext) -> Generator[Decision, Any, None]:
        steps = plain(self, ctx)
        if inspect.isgenerator(steps):
            return (yield from steps)
        if steps is not None:
            raise TypeError(f"{self.id}: round_steps returned {type(steps).__name__}: write it as a generator that"
                            " yields each Decision, or as a plain function that returns nothing")
        return None

    return round_steps


class Game(ABC):
    """A slot game. Subclasses load their data and write ``round_steps``.

    The hooks the analysis tools call (``game.engine.analysis``), each with a default that serves a
    plain line game: ``pay_figures`` (what a round's win is made of: the rounding proof and the PAR
    sheet), ``exact_parts`` (what the game computes exactly, for a proof), ``feature_controls`` and
    ``proposal`` (for that proof). A game's folder may add ``par.py`` (its own PAR sheet) and
    ``exact.py`` (its exact math): see ``game.engine.analysis.plugins``.
    """

    id: str
    title: str
    bets: tuple[int, ...]
    default_bet: int
    symbols: tuple[str, ...]  # every symbol id the window can show
    reel_count: int  # columns of the window (reels, or the grid's columns)
    rows: int  # rows of the window
    lines: tuple[tuple[int, ...], ...] = ()
    buy_price_x: Fraction | None = None  # price of the buy feature, as a multiple of the bet
    cap: Fraction | None = None  # max win per round, as a multiple of the bet
    data_file: Path | None = None  # the data the math was loaded from
    # The main feature's name when the game supports stratified simulation: its round_steps
    # honours ctx.defer_features (record the feature's start in ctx.deferred, do not play it)
    # and ctx.feature_start (play only the feature from that start).
    stratified_feature: str | None = None
    # A progressive jackpot's rules (seed, share of every wager) when the game has one: its pool is
    # the carried state ``{"pool": units}`` (``wagered_state`` feeds it), kept by the wallet.
    jackpot: JackpotRules | None = None
    # What screens and help pages show of the game's math (each game sets its own subclass).
    description: GameDescription
    # How long a round left unfinished waits for its player: one begun longer ago is completed at
    # launch by the game's strategy (free options only) and credited (``game.session``). A game's
    # data may say its own (``"pending_hours"``, read by ``game.engine.data.read_pending_limit``).
    pending_limit: timedelta = timedelta(hours=48)

    def data_digest(self) -> str:
        """SHA-256 of the game's data file: measured figures name the data they were measured on."""
        if self.data_file is None:
            return ""
        return hashlib.sha256(self.data_file.read_bytes()).hexdigest()

    def rtp_reports(self, directory: Path | None = None) -> dict[str, RtpReport]:
        """The measured RTPs, ``"base"`` and (for a game with a buy) ``"buy"``; a mode not measured is missing.

        They are read from beside the data file (or from ``directory``) on every call, so a fresh
        measurement shows without a restart; each says whether it was measured on today's data.
        """
        if directory is None:
            if self.data_file is None:
                return {}
            directory = self.data_file.parent
        modes = ("base", "buy") if self.buy_price_x is not None else ("base",)
        return read_rtp_reports(directory, modes, self.data_digest())

    def check_bet(self, bet: int) -> int:
        if bet not in self.bets:
            raise InvalidBet(f"{self.id}: {bet} cents is not on the bet ladder {list(self.bets)}")
        return bet

    def cost(self, bet: int, buy: bool = False) -> int:
        """The round's purchase price: the bet, or the buy price at that bet.

        Priced decisions taken during the round add to its stake (``RoundResult.cost``).
        """
        if not buy:
            return bet
        if self.buy_price_x is None:
            raise InvalidBet(f"{self.id} has no buy feature")
        return cents_of(self.buy_price_x, bet)

    def wagered_state(self, state: dict[str, Any] | None, cost: int) -> dict[str, Any] | None:
        """The carried state once ``cost`` cents are wagered (a progressive pool fed by the stake).

        The wallet stores it in the transaction that takes the wager; the round itself starts from
        ``state`` and reaches the same value. None (the default): a wager changes no carried state.
        """
        return None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        steps = cls.__dict__.get("round_steps")
        if steps is not None and not inspect.isgeneratorfunction(steps):
            cls.round_steps = _as_generator(steps)  # type: ignore[method-assign,assignment]  # the same method, as a generator

    def pay_figures(self) -> PayFigures:
        """What a round's win is made of, for the rounding proof and the PAR sheet (``game.engine.rounding``).

        The default serves a line game whose ``evaluator`` is a ``LineEvaluator`` paying x total bet:
        its line pays, the cap and the buy price. A game with other pays (scatters, prizes, multipliers)
        says so in its own (by convention in its folder's ``rounding.py``).
        """
        evaluator = getattr(self, "evaluator", None)
        if not isinstance(evaluator, LineEvaluator):
            raise NotImplementedError(f"{self.id}: say what a round's win is made of: override Game.pay_figures"
                                      " (docs/ADDING_A_GAME.md)")
        pays = tuple((f"{symbol} x{count}", pay) for symbol, row in evaluator.pay_table().items()
                     for count, pay in row.items())
        return PayFigures(self.id, pays, (), self.cap, self.buy_price_x, "the sum of the spin's line pays, or the cap")

    def exact_parts(self, buy: bool = False) -> ExactParts | None:
        """What the game computes exactly about a mode (``game.engine.analysis.proof``): None when nothing is.

        A game that returns them lets ``python -m game.engine.simulate GAME --exact-parts`` simulate
        only its main feature's mean; ``feature_controls`` gives the controls they name.
        """
        return None

    def feature_controls(self, result: RoundResult) -> tuple[float, ...]:
        """The control variates of a feature run (``exact_parts``): quantities whose means are exact."""
        return ()

    def proposal(self) -> Game | None:
        """Importance sampling for a proof (``exact_parts`` names it): a variant of this game whose draws
        favour the rare big wins, the proof's feature runs played on it. None: the runs are this game's."""
        return None

    def proposal_summary(self) -> str:
        """What the proposal's draws favour, for a report ("" without a proposal)."""
        return ""

    def likelihood_ratio(self, result: RoundResult) -> float:
        """This game's probability of ``result``'s draws over the proposal's (``result`` played on the
        proposal): the weight that makes a proposal's run count as this game's."""
        raise NotImplementedError(f"{self.id} has no proposal")

    @abstractmethod
    def evaluate(self, window: list[list[str]]) -> Evaluation:
        """Base-game pays of one window, features off."""

    @abstractmethod
    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        """The round's rules: draw from ctx.rng, emit events, award wins, yield decisions."""

    def start(
        self,
        bet: int,
        seed: int | None = None,
        *,
        buy: bool = False,
        state: dict[str, Any] | None = None,
        decisions: tuple[Any, ...] | list[Any] = (),
        defer_features: bool = False,
        feature_start: dict[str, Any] | None = None,
        entropy: tuple[int | None, ...] | list[int | None] = (),
    ) -> RoundPlay:
        """Begin a round that may stop at decisions; recorded ``decisions`` (with the ``entropy`` each
        was taken with, ``RoundPlay.decide``) are replayed.

        ``defer_features`` and ``feature_start`` are for stratified simulation only (see
        ``stratified_feature``); a player's round never uses them.
        """
        return self._begin(bet, seed, buy, state, decisions, defer_features, feature_start, entropy)

    def _begin(self, bet: int, seed: int | None, buy: bool, state: dict[str, Any] | None,
               decisions: tuple[Any, ...] | list[Any], defer_features: bool,
               feature_start: dict[str, Any] | None,
               entropy: tuple[int | None, ...] | list[int | None] = ()) -> RoundPlay:
        """``start`` with every argument by position: ``play`` calls it once a round, and matching seven
        keywords there costs about 400 instructions of a round's 105,000 (callgrind, Fat Santa and
        Halloween Vacation: 0.4%), so the hot path keeps it."""
        if bet not in self.bets:
            self.check_bet(bet)  # raises InvalidBet
        cost = self.cost(bet, True) if buy else bet  # the purchase price: without a buy, the bet
        if seed is None:
            seed = new_seed()
        rng = round_rng(seed)  # refuses a seed that is not a 64-bit whole number
        return RoundPlay(self, bet, seed, rng, buy, state, decisions, defer_features, feature_start, cost, entropy)

    def play(
        self,
        bet: int,
        seed: int | None = None,
        *,
        buy: bool = False,
        state: dict[str, Any] | None = None,
        decisions: tuple[Any, ...] | list[Any] = (),
        strategy: Strategy | None = None,
        defer_features: bool = False,
        feature_start: dict[str, Any] | None = None,
        entropy: tuple[int | None, ...] | list[int | None] = (),
        fresh_entropy: Callable[[], int] | None = None,
    ) -> RoundResult:
        """One whole round; decisions not given are taken by ``strategy`` (default: the game's own),
        each with entropy from ``fresh_entropy`` (None: derived from the seed, a reproducible round)."""
        play = self._begin(bet, seed, buy, state, decisions, defer_features, feature_start, entropy)
        while play.pending is not None:
            play.decide(self.choose(play, strategy), None if fresh_entropy is None else fresh_entropy())
        return play._result  # type: ignore[return-value]  # set: the round has no decision pending

    def strategy(self, decision: Decision, rng: RoundRng) -> Any:
        """The game's own answer to a decision (autoplay, the demo, the resolver): random unless overridden."""
        return random_strategy(decision, rng)

    def choose(self, play: RoundPlay, strategy: Strategy | None = None) -> Any:
        """``strategy``'s (default: the game's) answer to ``play.pending``.

        It draws from a generator of its own, seeded by the round seed and the decision's index, so
        strategy choices never shift the round's random numbers and a round finished by ``play`` takes
        the same choices as one answered step by step.
        """
        if play.pending is None:
            raise DecisionError("this round is not waiting for a decision")
        chooser = RoundRng(derive_seed(play.seed ^ _STRATEGY_SALT, len(play.decisions)))
        return (strategy or self.strategy)(play.pending, chooser)
