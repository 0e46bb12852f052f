"""A small progressive-jackpot game for the wallet's pool tests, until Naughty or Nice? is in main.

Draw a number 0-5: 0 and 1 win the jackpot (the pool's whole cents, then it is reseeded); 0 and
5 end the round there (complete at purchase). Otherwise pick a side (free; "nice" adds 0.5x),
then collect or buy another chance at the bet's price (a priced decision: it adds to the stake but
not to the pool, which takes its share of the purchase price only), which may win a second
jackpot from the reseeded pool. The pool's share (3/200) leaves fractions of a cent in it.

The kill tests import it in child processes, hence a module of its own; ``plugged_game`` makes it
known to ``get_game`` (the resolver and the replay checks find games there).
"""

from __future__ import annotations

from collections.abc import Generator, Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path
from typing import Any

from game.catalogue import GameEntry, plugged
from game.engine import Decision, get_game
from game.engine.game import Game
from game.engine.jackpot import JackpotRules, Pool
from game.engine.round import RoundContext
from game.engine.wins import Evaluation
from game.session import ActiveRound, PlaySession
from game.store import Wallet

GAME_ID = "tiny_jackpot"
ENTRY = GameEntry(GAME_ID, "Tiny Jackpot", "a test game with a progressive jackpot",
                  engine="tests.jackpot_game:TinyJackpot")


class TinyJackpot(Game):
    id = GAME_ID
    title = "Tiny Jackpot"
    bets = (10, 20, 100)
    default_bet = 100
    buy_price_x = Fraction(20)  # a bought round pays its draw 8 times over
    jackpot = JackpotRules(seed=500, share=Fraction(3, 200))

    def evaluate(self, window: list[list[str]]) -> Evaluation:
        return Evaluation()

    def wagered_state(self, state: dict[str, Any] | None, cost: int) -> dict[str, Any] | None:
        return self.jackpot.wagered(state, cost)

    def round_steps(self, ctx: RoundContext) -> Generator[Decision, Any, None]:
        pool = Pool(self.jackpot, ctx.state, self.cost(ctx.bet, ctx.buy))
        ctx.state_out = pool.state()
        n = ctx.rng.randrange(6)
        ctx.emit({"type": "draw", "n": n, "pool": pool.units})
        if n < 2:
            self._pay(ctx, pool)
        ctx.award(Fraction(n, 4) * (8 if ctx.buy else 1))
        if n in (0, 5):
            return
        side = yield Decision("side", ("naughty", "nice"), "Naughty or nice?")
        if side == "nice":
            ctx.award(Fraction(1, 2))
        again = yield Decision("again", ("collect", "again"), "Another chance?", costs=(0, ctx.bet))
        if again == "again":
            m = ctx.rng.randrange(3)
            ctx.emit({"type": "chance", "m": m})
            if m == 0:
                self._pay(ctx, pool)
            ctx.award(Fraction(m, 2))

    @staticmethod
    def _pay(ctx: RoundContext, pool: Pool) -> None:
        cents = pool.pay()
        ctx.award_jackpot(cents)
        ctx.state_out = pool.state()
        ctx.emit({"type": "jackpot", "cents": cents})


@contextmanager
def plugged_game() -> Iterator[GameEntry]:
    """The game known to ``get_game`` while inside (and not after: its cache is emptied both ways)."""
    get_game.cache_clear()
    try:
        with plugged(ENTRY) as item:
            yield item
    finally:
        get_game.cache_clear()


def seed_where(condition: Any, *, bet: int = 100, buy: bool = False, state: dict[str, Any] | None = None,
               decisions: tuple[str, ...] = ("nice", "again"), limit: int = 5_000) -> int:
    """The first seed from 1 whose round (those decisions, as far as it asks) meets ``condition``."""
    game = TinyJackpot()
    for seed in range(1, limit):
        play = game.start(bet, seed, buy=buy, state=state)
        for choice in decisions:
            if play.pending is None:
                break
            play.decide(choice)
        if play.pending is None and condition(play.result):
            return seed
    raise AssertionError("no such seed")


# --------------------------------------------------------------------------- kill-test scenarios
# A short session as steps; the same steps run in the test process (to count the SQL statements
# of one of them) and in the child processes killed after each of those statements.

START = 100_000


def jackpot_first(result: Any) -> bool:
    """A first round that asks both questions and wins the jackpot at its draw."""
    return result.jackpot > 0 and len(result.decisions) == 2


def second_jackpot(result: Any) -> bool:
    """A round whose bought chance wins a second jackpot (the reseeded pool pays again)."""
    return sum(e["type"] == "jackpot" for e in result.events) == 2


NAUGHTY_OR_NICE = "naughty_or_nice"


def make_game(spec: str = GAME_ID) -> Game:
    """The game a kill test plays: this module's, Naughty or Nice?, or Naughty or Nice? on the data
    file at the path ``spec`` (a variant whose every spin wins jackpots)."""
    if spec == GAME_ID:
        return TinyJackpot()
    if spec == NAUGHTY_OR_NICE:
        return get_game(NAUGHTY_OR_NICE)
    from game.engine.games.naughty_or_nice.game import NaughtyOrNice

    return NaughtyOrNice(Path(spec))


def plan(spec: str = GAME_ID) -> list[tuple[Any, ...]]:
    """The session's steps.

    This module's game: a first round that starts the pool, asks both questions and wins the
    jackpot; a second that wins two jackpots, one with the chance it buys. Naughty or Nice?: a
    first round that asks for the Bonus Substitute. Its jackpot variant: two rounds, each winning
    the jackpot on several lines (each line pays the pool and reseeds it).
    """
    if spec == NAUGHTY_OR_NICE:
        game = make_game(spec)
        trigger = next(seed for seed in range(1, 10_000) if game.start(game.default_bet, seed).pending is not None)
        return [("spin", trigger), ("decide", "nice_girl"), ("settle",)]
    if spec != GAME_ID:
        return [("spin", 1), ("settle",), ("spin", 2), ("settle",)]
    first = seed_where(jackpot_first)
    after_first = TinyJackpot().play(100, first, decisions=["nice", "again"]).state_out
    second = seed_where(second_jackpot, state=after_first)
    return [("spin", first), ("decide", "nice"), ("decide", "again"), ("settle",),
            ("spin", second), ("decide", "naughty"), ("decide", "again"), ("settle",)]


def open_session(data_dir: Path, spec: str = GAME_ID) -> PlaySession:
    return PlaySession(Wallet.open(data_dir, starting_balance=START).wallet, make_game(spec))


class Player:
    """Plays the plan's steps on a session, from any point (the round open, if any, resumed)."""

    def __init__(self, session: PlaySession) -> None:
        self.session = session
        self.active: ActiveRound | None = session.resume_open_round()

    def step(self, step: tuple[Any, ...]) -> None:
        kind = step[0]
        if kind == "spin":
            self.active = self.session.spin(seed=step[1])
        elif kind == "decide":
            assert self.active is not None
            self.session.decide(self.active, step[1])
        else:
            assert self.active is not None
            self.session.settle(self.active)
            self.active = None

