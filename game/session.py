"""A player's session at one game: the engine and the wallet together, with no pygame.

The screen asks this for rounds and tells it how far it has shown them; this makes sure the
debit and the round's inputs are committed before anything is drawn, that progress is
recorded as the presentation moves on, and that the credit lands exactly once at settlement.
An unsettled round found at launch is rebuilt from its seed and decisions and resumed at the
step it had reached. A priced decision (buy another spin) is paid in the transaction that records
it, and the settlement's credit and carried game state are written in one transaction.

A game with a progressive jackpot (``Game.jackpot``) keeps its pool in the wallet: the wager's
contribution (and the pool's seed, at its first round) is recorded with the debit, the jackpot
paid and the reseed with the credit, and a stake returned takes its contribution back out
(``pool_settlement``; ``pool_problems`` checks the recorded movements against the game's rules).

Free games: a grant of free games in the wallet (``Wallet.grant_free_games``) for this game, at a
stake on its bet ladder, is ``free_game`` (the oldest that fits; ``free_games_left`` counts them
all). While there is one, ``bet`` is its stake and ``step_bet`` leaves it there (the bet the
player chose is kept, and comes back when the free games are over); ``spin(free=True)`` plays the
next free game, paid by the wallet from the bonus balance. A win is split between cash and bonus
in the blend of the round's stake (``game.store.bonus_share``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from .engine import Decision, DecisionError, Game, RoundPlay, RoundResult
from .engine.jackpot import UNITS_PER_CENT
from .engine.rng import RoundRng, derive_seed, derived_entropy, new_seed
from .engine.round import Strategy
from .engine.version import ENGINE_VERSION
from .replays import ReplayMismatch, purchase_check, rebuild, settle_mismatch
from .store import FreeGames, InsufficientFunds, RoundRecord, StoreError, Wallet

log = logging.getLogger(__name__)


@dataclass
class ActiveRound:
    """A round that has been paid for and is being shown."""

    round_id: int
    play: RoundPlay
    step: int = 0  # index of the first event not yet fully shown
    resumed: bool = False
    # A free game: (n, N), this round is free game n of its grant's N; None for a round paid by the player.
    free_game: tuple[int, int] | None = None
    # A round of a reproducible series (its seed given or derived from the session's ``--seed``):
    # its answers take the entropy their seed derives. False: the player's own round, whose answers
    # take fresh entropy (``PlaySession.answer_entropy``).
    reproducible: bool = False

    @property
    def result(self) -> RoundResult:
        return self.play.result

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.play.events

    @property
    def pending(self) -> Decision | None:
        """The decision the round waits on, or None."""
        return self.play.pending


@dataclass
class SessionStats:
    """Money and time in this sitting, for the budget and the reality check."""

    started: float = field(default_factory=time.monotonic)
    rounds: int = 0
    staked: int = 0
    won: int = 0

    @property
    def net(self) -> int:
        return self.won - self.staked

    @property
    def minutes(self) -> float:
        return (time.monotonic() - self.started) / 60


class BudgetReached(Exception):
    """The session budget set by the player has been lost: play stops until they change it."""


class NoFreeGame(StoreError):
    """``spin(free=True)`` with no free game for this game in the wallet; nothing was written."""


class PlaySession:
    def __init__(self, wallet: Wallet, game: Game, *, seed: int | None = None, budget: int | None = None) -> None:
        self.wallet = wallet
        self.game = game
        self.stats = SessionStats()
        self._master_seed = seed
        self._round_index = 0
        self.budget = budget  # cents the player is willing to lose this session; None: no limit
        saved = wallet.setting(f"{game.id}.bet")
        self.bet = saved if saved in game.bets else game.default_bet  # what the next spin plays at
        self.chosen_bet = self.bet  # the player's bet, kept while free games are played at their stake
        self._free_stake: int | None = None  # the free games' stake ``bet`` was set to, if it was
        self.follow_free_games()
        self.data_digest = game.data_digest() or None  # recorded with each round
        self.mismatches: list[ReplayMismatch] = []  # resumed rounds settled as bought (their replay differed)
        # Where the fresh entropy of the player's answers comes from: the operating system. A tool
        # may give a seeded source to repeat a measurement (``tools/answer_attack``), never the app.
        self.entropy_source: Callable[[], int] = new_seed

    # -- bet ---------------------------------------------------------------------------------

    @property
    def balance(self) -> int:
        """The cash balance."""
        return self.wallet.balance

    @property
    def bonus_balance(self) -> int:
        return self.wallet.bonus_balance

    @property
    def free_game(self) -> FreeGames | None:
        """The grant whose free game this game plays next (the oldest with games left for this game,
        at a stake on its bet ladder), or None. Its free games are played at its stake: "FREE GAME
        ``playing`` of ``games``"."""
        grants = self.wallet.free_games(self.game.id, self.game.bets)
        return grants[0] if grants else None

    @property
    def free_games_left(self) -> int:
        """The free games this game may play, over every grant that fits it."""
        return sum(grant.games_left for grant in self.wallet.free_games(self.game.id, self.game.bets))

    def follow_free_games(self) -> FreeGames | None:
        """Set ``bet`` to the next free game's stake while there is one, and back to the player's bet
        when they are over; returns the free game (see ``free_game``). Called where free games may
        begin or end: at the start, after a free game's wager, after a settlement while they last."""
        grant = self.free_game
        if grant is not None:
            if self._free_stake is None:
                self.chosen_bet = self.bet
            self.bet = self._free_stake = grant.stake
        elif self._free_stake is not None:
            self.bet, self._free_stake = self.chosen_bet, None
        return grant

    def step_bet(self, direction: int) -> int:
        """One step up or down the ladder; the bet stays at a free game's stake while there is one."""
        if self.follow_free_games() is not None:
            return self.bet
        bets = self.game.bets
        index = bets.index(self.bet) + direction
        self.bet = bets[max(0, min(len(bets) - 1, index))]
        self.wallet.set_setting(f"{self.game.id}.bet", self.bet)
        return self.bet

    def cost(self, buy: bool = False) -> int:
        return self.game.cost(self.bet, buy)

    def can_afford(self, buy: bool = False) -> bool:
        """Whether the balance (and the bonus beyond the free games' money) covers a round paid by the player."""
        return self.wallet.available >= self.cost(buy)

    # -- rounds ------------------------------------------------------------------------------

    def next_seed(self) -> int:
        if self._master_seed is None:
            return new_seed()
        seed = derive_seed(self._master_seed, self._round_index)
        self._round_index += 1
        return seed

    def spin(self, *, buy: bool = False, seed: int | None = None, free: bool = False,
             reproducible: bool | None = None) -> ActiveRound:
        """Pay for and compute one round; nothing is shown before this returns.

        A round from a given ``seed`` or the session's ``--seed`` is ``reproducible``: its answers
        take the entropy their seed derives. Otherwise (and with ``reproducible=False``) each answer
        takes fresh entropy when it is recorded (``answer_entropy``).

        With ``free`` the round is the next free game (``free_game``): played at its grant's stake
        (what ``bet`` is while free games are left), paid from the bonus balance, never a bought
        feature; NoFreeGame when there is none. Otherwise it is paid cash first, then from the bonus beyond
        the free games' money. The session's figures (budget, reality check) count cash only.
        """
        grant = None
        if free:
            if buy:
                raise ValueError("a free game buys no feature")
            grant = self.free_game
            if grant is None:
                raise NoFreeGame(f"There is no free game of {self.game.title} in the wallet.")
        bet = self.bet if grant is None else grant.stake
        cost = self.game.cost(bet, buy)
        if grant is None:
            if not self.within_budget(cost):
                raise BudgetReached(self.budget or 0)
            if (available := self.wallet.available) < cost:
                raise InsufficientFunds(available, cost)
        if reproducible is None:
            reproducible = seed is not None or self._master_seed is not None
        seed = self.next_seed() if seed is None else seed
        state = self.wallet.game_state(self.game.id) or None
        play = self.game.start(bet, seed, buy=buy, state=state)
        pool_seed, contribution = wager_moves(self.game, state, cost)
        cash_before = self.wallet.balance
        round_id = self.wallet.begin_round(
            self.game.id, bet, cost, seed, buy=buy, state_in=state, summary=_summary(play),
            engine_version=ENGINE_VERSION, data_digest=self.data_digest, replay_check=purchase_check(play),
            game_state=self.game.wagered_state(state, cost), pool_seed=pool_seed, pool_contribution=contribution,
            free_game=None if grant is None else grant.id,
        )
        self.stats.rounds += 1
        self.stats.staked += 0 if grant is not None else min(cash_before, cost)  # the payment order: cash first
        number = None if grant is None else (grant.playing, grant.games)
        if grant is not None:
            self.follow_free_games()
        return ActiveRound(round_id, play, free_game=number, reproducible=reproducible)

    def resume_open_round(self) -> ActiveRound | None:
        """The unsettled round of this game left by an earlier run, rebuilt where it stood.

        A round interrupted at a question waits at that question again. A round whose replay is
        not the round that was bought (see ``game.replays``) is settled as bought instead, and
        listed in ``mismatches``; the next open round, if any, is tried.
        """
        for record in self.wallet.open_rounds(self.game.id):
            play, reason = rebuild(self.game, record)
            if play is None or reason is not None:
                self.mismatches.append(settle_mismatch(self.wallet, record, reason or "no replay", self.game))
                continue
            if (record.engine_version, record.data_digest) != (ENGINE_VERSION, self.data_digest):
                log.info("round %d was bought on engine %s, data %s; its replay matches", record.id,
                         record.engine_version, (record.data_digest or "?")[:12])
            step = int(record.progress.get("step", 0)) if record.progress else 0
            log.info("resuming %s round %d at step %d", self.game.id, record.id, step)
            return ActiveRound(record.id, play, step=min(step, len(play.events)), resumed=True,
                               free_game=self._free_number(record), reproducible=self._master_seed is not None)
        return None

    def _free_number(self, record: RoundRecord) -> tuple[int, int] | None:
        """(n, N) of a resumed free game: its grant's games begun so far, of its games."""
        if record.free_game is None:
            return None
        for grant in self.wallet.free_games(used=True):
            if grant.id == record.free_game:
                return grant.games - grant.games_left, grant.games
        return None

    def rebuild(self, record: RoundRecord) -> RoundPlay:
        """Replay a recorded round from its inputs: the same events, byte for byte."""
        return self.game.start(
            record.bet, record.seed, buy=record.buy, state=record.state_in, decisions=record.decisions,
            entropy=record.entropy,
        )

    def within_budget(self, price: int) -> bool:
        """Whether paying ``price`` in cash now keeps this session's losses within its budget (always,
        with no budget): what a purchase and a priced decision are held to, and autoplay before it buys."""
        return self.budget is None or -self.stats.net + min(price, self.wallet.balance) <= self.budget

    def price_of(self, active: ActiveRound, choice: Any) -> int:
        """What ``choice`` at the pending decision costs (0 when free); DecisionError if invalid."""
        return active.play.price_of(choice)

    def can_afford_choice(self, active: ActiveRound, choice: Any) -> bool:
        """Whether the balance (and the bonus beyond the free games' money) covers ``choice`` at the
        pending decision (free ones always)."""
        price = self.price_of(active, choice)
        return price == 0 or self.wallet.available >= price

    def decide(self, active: ActiveRound, choice: Any) -> None:
        """Pay for and record a player's decision, then let the round continue.

        The price (if any) is debited in the transaction that records the decision. Raises
        InsufficientFunds, or BudgetReached when a price would take this session's losses past
        the budget; either way nothing is recorded and the round still waits on the decision.
        """
        price = self.price_of(active, choice)
        if price:
            if not self.within_budget(price):
                raise BudgetReached(self.budget or 0)
            if (available := self.wallet.available) < price:
                raise InsufficientFunds(available, price)
        cash_before = self.wallet.balance
        entropy = self.answer_entropy(active)
        self.wallet.record_decision(active.round_id, choice, price=price, entropy=entropy)
        self.stats.staked += min(cash_before, price)  # the payment order: cash first
        active.play.decide(choice, entropy)

    def answer_entropy(self, active: ActiveRound) -> int:
        """The entropy the next answer is taken with: fresh from the operating system for the
        player's own rounds, so nothing stored before the answer tells what follows it; derived
        from the seed in a reproducible series (``--seed`` in practice, the demo's seeds, tests)."""
        if not active.reproducible:
            return self.entropy_source()
        return derived_entropy(active.play.seed, len(active.play.decisions))

    def mark_progress(self, active: ActiveRound, step: int) -> None:
        if step > active.step:
            active.step = step
            self.wallet.set_progress(active.round_id, {"step": step})

    def settle(self, active: ActiveRound) -> int:
        """Credit the win (once) and return the new balance.

        The credit, the round's end (state_out, summary, status) and the carried game state are
        one transaction: a kill leaves the round either open or settled with its new state. It
        is refused (StoreError, nothing written) if the wallet did not take the whole stake.
        """
        result = active.result
        cash_before = self.wallet.balance
        balance = self.wallet.settle_round(
            active.round_id, result.win, state_out=result.state_out, summary=result.summary(),
            game_state=result.state_out, expected_cost=result.cost, jackpots=pool_settlement(self.game, result),
        )
        self.stats.won += balance - cash_before  # the win's cash part; its bonus share goes to the bonus balance
        if active.free_game is not None or self._free_stake is not None:
            self.follow_free_games()
        return balance

    def history(self, limit: int = 10) -> list[RoundRecord]:
        """This game's last rounds for the player's recall, newest first, open ones included."""
        return self.wallet.recall(self.game.id, limit)

    def jackpot_pool(self) -> int | None:
        """The game's jackpot pool now (hundredths of a cent; the seed before its first round), for
        a counter shown live: one indexed read. None for a game without a jackpot."""
        rules = self.game.jackpot
        if rules is None:
            return None
        pool = self.wallet.jackpot_pool(self.game.id)
        return rules.seed_units if pool is None else pool


def wager_moves(game: Game, state: dict[str, Any] | None, cost: int) -> tuple[int, int]:
    """What a wager of ``cost`` moves in ``game``'s jackpot pool (units): the pool's seed when this
    wager starts it (0 after), and the wager's contribution. (0, 0) for a game without a jackpot."""
    rules = game.jackpot
    if rules is None:
        return 0, 0
    seed = rules.seed_units if not state or "pool" not in state else 0
    return seed, rules.contribution(cost)


def pool_settlement(game: Game, result: RoundResult) -> list[tuple[int, int]]:
    """The jackpots ``result`` paid from the pool, in order: (cents paid, units reseeded after it).

    A jackpot pays the pool's whole cents and reseeds it (``Pool.pay``), so the round's jackpot
    total, from the pool its wager left (state_in plus the contribution), tells how many it won
    and what each paid. A round whose pool does not follow that (not a game built on ``Pool``) is
    one payout, reseeded by whatever explains its state_out. Empty when nothing was paid.
    """
    rules = game.jackpot
    if rules is None or not result.jackpot:
        return []
    wagered = rules.wagered(result.state_in, result.purchase_price)["pool"]
    after = None if result.state_out is None else rules.pool_of(result.state_out)
    pool, left, paid = wagered, result.jackpot, []
    while 0 < pool // UNITS_PER_CENT <= left:
        paid.append((pool // UNITS_PER_CENT, rules.seed_units))
        left -= pool // UNITS_PER_CENT
        pool = rules.seed_units + pool % UNITS_PER_CENT
    if left == 0 and after in (None, pool):
        return paid
    rest = wagered - result.jackpot * UNITS_PER_CENT
    return [(result.jackpot, (rest if after is None else after) - rest)]


def pool_problems(wallet: Wallet, game: Game) -> list[str]:
    """The wallet's movements of ``game``'s jackpot pool against the game's rules (empty: all agree).

    What ``Wallet.audit`` cannot know: the pool starts at the rules' seed, each wager contributes
    the rules' share of its purchase price, and each jackpot is followed by a reseed of the seed.
    """
    rules = game.jackpot
    if rules is None:
        return []
    problems: list[str] = []
    for r in wallet.pool_rounds(game.id):
        if r.seed not in (0, rules.seed_units):
            problems.append(f"round {r.round_id}: the pool started at {r.seed} units, not the seed {rules.seed_units}")
        share = rules.contribution(r.purchase_price)
        if r.contribution != share:
            problems.append(f"round {r.round_id}: its wager of {r.purchase_price} contributed {r.contribution} units, "
                            f"not the rules' {share}")
        if r.reseed != r.payouts * rules.seed_units:
            problems.append(f"round {r.round_id}: reseeded with {r.reseed} units after {r.payouts} jackpot(s), "
                            f"not a seed of {rules.seed_units} after each")
    return problems


def _summary(play: RoundPlay) -> dict[str, Any] | None:
    return play.result.summary() if play.finished else None


# How long a round left unfinished waits for its player when its game says nothing else (a game's
# own limit is ``Game.pending_limit``; a round whose game cannot be loaded waits this long).
STALE_AFTER = timedelta(hours=48)


class NoFreeOption(DecisionError):
    """Every option of a decision costs money: a strategy may not choose for the player."""


def free_choices(strategy: Strategy) -> Strategy:
    """``strategy`` restricted to the free options of each decision.

    For finishing a round without its player: a strategy must never spend the player's money
    unseen. A decision whose options all cost money raises NoFreeOption.
    """

    def choose(decision: Decision, rng: RoundRng) -> Any:
        if not decision.costs:
            return strategy(decision, rng)
        free = decision.free_options
        if not free:
            raise NoFreeOption(f"every option of {decision.kind} costs money")
        return strategy(Decision(decision.kind, free, decision.prompt, decision.info), rng)

    return choose


@dataclass(frozen=True)
class ResolvedRound:
    """An unfinished round settled at launch without being shown."""

    round_id: int
    game_id: str
    win: int
    started: datetime
    refunded: bool  # True when the round could not be rebuilt (or finished for free): its stake was returned
    limit: timedelta = STALE_AFTER  # how long it could wait: its game's pending limit

    @property
    def hours(self) -> str:
        """The limit as the player is told it: "48 hours", "3 hours"."""
        return hours_text(self.limit)


def hours_text(limit: timedelta) -> str:
    hours = limit / timedelta(hours=1)
    number = f"{hours:g}"
    return f"{number} hour" if number == "1" else f"{number} hours"


def pending_limit(game_id: str) -> timedelta:
    """How long an unfinished round of ``game_id`` waits: its game's own limit, or ``STALE_AFTER``
    when the game cannot be loaded."""
    from .engine import EngineError, get_game

    try:
        return get_game(game_id).pending_limit
    except EngineError:
        return STALE_AFTER


def resolve_stale_rounds(wallet: Wallet, now: datetime | None = None,
                         older_than: timedelta | None = None) -> list[ResolvedRound]:
    """Settle every open round begun longer ago than its game's pending limit (``Game.pending_limit``:
    48 hours unless the game's data says otherwise; ``older_than``, when given, for every game).

    The round is rebuilt from its seed and recorded decisions; any decision still open is taken
    by the game's own strategy (``Game.strategy``), and the win is credited (split between cash
    and bonus in the blend of the stake, as any win is). The strategy never spends the player's
    money unseen: it only chooses among the free options of a decision (see ``free_choices``). Its
    answers are recorded as the round's decisions with the settlement, so the round's record
    replays from its seed and decisions alone, and recall lists them. A
    round that cannot be rebuilt (its game gone or its data changed beyond use, its recorded prices
    no longer the game's) or that cannot be finished without buying something has its whole stake
    (purchase and priced decisions) returned instead, to the balances it came from.
    """
    from .engine import EngineError, get_game

    now = now or datetime.now(UTC)
    resolved: list[ResolvedRound] = []
    for record in wallet.open_rounds():
        started = datetime.fromisoformat(record.created_at)
        limit = older_than if older_than is not None else pending_limit(record.game_id)
        if now - started <= limit:
            continue
        waited = hours_text(limit)
        try:
            game = get_game(record.game_id)
            result = game.play(
                record.bet, record.seed, buy=record.buy, state=record.state_in, decisions=record.decisions,
                strategy=free_choices(game.strategy), entropy=record.entropy, fresh_entropy=new_seed,
            )
            paid_for = list(result.decision_costs[: len(record.decisions)])
            if result.cost != record.cost or paid_for != record.decision_costs:
                raise DecisionError(f"it now costs {result.cost} (decisions {paid_for}), "
                                    f"but {record.cost} (decisions {record.decision_costs}) was paid")
        except EngineError as exc:
            log.warning("round %d of %s cannot be rebuilt (%s): returning its stake", record.id, record.game_id, exc)
            wallet.settle_round(record.id, record.cost, note=f"resolved after {waited}: stake returned ({exc})",
                                return_contribution=True)
            resolved.append(ResolvedRound(record.id, record.game_id, record.cost, started, refunded=True,
                                          limit=limit))
            continue
        wallet.settle_round(record.id, result.win, state_out=result.state_out, summary=result.summary(),
                            note=f"resolved automatically after {waited}", game_state=result.state_out,
                            expected_cost=result.cost, jackpots=pool_settlement(game, result),
                            decisions=result.decisions[len(record.decisions):],
                            entropy=result.entropy[len(record.decisions):])
        log.info("resolved round %d of %s after %s: win %d", record.id, record.game_id, waited, result.win)
        resolved.append(ResolvedRound(record.id, record.game_id, result.win, started, refunded=False, limit=limit))
    return resolved
